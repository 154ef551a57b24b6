/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The pure-path rows: a timing loop per side, and the check that both
 * sides give the same answer for every input (run before anything is
 * timed, and by the bench-check test).
 */
#include <string.h>

#include "baseline-x86.h"
#include "baseline.h"
#include "bench.h"
#include "inputs.h"
#include "rows.h"

/* Results land here so that no call is dead. */
static volatile uint64_t sink;
static struct vcpuchar_ppc_guest_view view_out = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
static struct vcpuchar_ppc_result res_out = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
static struct bl_answer ans_out;
static struct vcpuchar_x86_policy pol_out = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
static struct bl_x86_policy bl_pol_out;

#define LOOP(name, body) \
	static __attribute__((noinline)) void name(size_t iters) \
	{ \
		for (size_t i = 0; i < iters; i++) { \
			size_t k = i & (N_IN - 1); \
			(void)k; \
			uint64_t r4 = 0, r5 = 0; \
			body; \
			sink = r4 ^ r5; \
		} \
	}

LOOP(lib_call, r4 = (uintptr_t)vcpuchar_version())
LOOP(bl_call, r4 = (uintptr_t)bl_version())
LOOP(lib_caps, vcpuchar_ppc_caps_to_hcall(&caps_in[k], &r4, &r5))
LOOP(bl_caps, bl_caps_to_hcall(&caps_in[k], &r4, &r5))
LOOP(lib_host, r4 = (uint64_t)vcpuchar_ppc_host_to_hcall(&host_in[k], &r4, &r5))
LOOP(bl_host, r4 = (uint64_t)bl_host_to_hcall(&host_in[k], &r4, &r5))
LOOP(lib_hostmax, struct vcpuchar_ppc_caps c; vcpuchar_ppc_host_levels(&host_in[k], &c);
     vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5))
LOOP(bl_hostmax, struct vcpuchar_ppc_caps c; bl_host_levels(&host_in[k], &c); bl_caps_to_hcall(&c, &r4, &r5))
LOOP(lib_levels, struct vcpuchar_ppc_caps c; vcpuchar_ppc_host_levels(&host_in[k], &c); memcpy(&r4, &c, 4))
LOOP(bl_levels, struct vcpuchar_ppc_caps c; bl_host_levels(&host_in[k], &c); memcpy(&r4, &c, 4))
LOOP(lib_view, vcpuchar_ppc_guest_view(view_in[k].r4, view_in[k].r5, view_in[k].cpu, view_in[k].flags, &view_out);
     r4 = (uint8_t)view_out.spectre_v2[12])
LOOP(bl_view, bl_guest_view(view_in[k].r4, view_in[k].r5, view_in[k].cpu, view_in[k].flags, &view_out);
     r4 = (uint8_t)view_out.spectre_v2[12])
LOOP(lib_decide, vcpuchar_ppc_decide(decide_in[k].host, &decide_in[k].req, &res_out); r4 = res_out.r4;
     r5 = res_out.n_conflicts)
LOOP(bl_decide_loop, bl_decide(decide_in[k].host, &decide_in[k].req, &ans_out); r4 = ans_out.r4;
     r5 = ans_out.n_conflicts)

LOOP(lib_x86, vcpuchar_x86_decide(&x86_in[k].host, &x86_in[k].vm, &pol_out); r4 = pol_out.disable_exits;
     r5 = pol_out.n_reasons)
LOOP(bl_x86, bl_x86_decide(&x86_in[k].host, &x86_in[k].vm, &bl_pol_out); r4 = bl_pol_out.disable_exits;
     r5 = bl_pol_out.n_reasons)

/* The answer checks, one per row: NULL when both sides agree on every input, else what differs. */
static const char *check_call(void)
{
	if (strcmp(vcpuchar_version(), bl_version()))
		return disagree("library %s, baseline %s", vcpuchar_version(), bl_version());
	return NULL;
}

static const char *check_caps(void)
{
	for (size_t k = 0; k < N_IN; k++) {
		uint64_t l4 = 1, l5 = 1, b4 = 2, b5 = 2;
		int lr = vcpuchar_ppc_caps_to_hcall(&caps_in[k], &l4, &l5);

		bl_caps_to_hcall(&caps_in[k], &b4, &b5);
		if (lr || l4 != b4 || l5 != b5)
			return disagree("input %zu: library %d %#llx/%#llx, baseline %#llx/%#llx", k, lr,
					(unsigned long long)l4, (unsigned long long)l5, (unsigned long long)b4,
					(unsigned long long)b5);
	}
	return NULL;
}

static const char *check_host(void)
{
	for (size_t k = 0; k < N_IN; k++) {
		uint64_t l4 = 0, l5 = 0, b4 = 0, b5 = 0;
		int lr = vcpuchar_ppc_host_to_hcall(&host_in[k], &l4, &l5);
		int br = bl_host_to_hcall(&host_in[k], &b4, &b5);

		if (lr != br || l4 != b4 || l5 != b5)
			return disagree("input %zu: library %d %#llx/%#llx, baseline %d %#llx/%#llx", k, lr,
					(unsigned long long)l4, (unsigned long long)l5, br, (unsigned long long)b4,
					(unsigned long long)b5);
	}
	return NULL;
}

static const char *check_levels(void)
{
	for (size_t k = 0; k < N_IN; k++) {
		struct vcpuchar_ppc_caps lc, bc;
		int lr = vcpuchar_ppc_host_levels(&host_in[k], &lc);

		bl_host_levels(&host_in[k], &bc);
		if (lr < 0 || memcmp(&lc, &bc, sizeof(lc)))
			return disagree("input %zu: library and baseline caps differ (library %d)", k, lr);
	}
	return NULL;
}

/* host-max mode is host levels, then caps mode. */
static const char *check_hostmax(void)
{
	for (size_t k = 0; k < N_IN; k++) {
		struct vcpuchar_ppc_caps lc, bc;
		uint64_t l4 = 1, l5 = 1, b4 = 2, b5 = 2;

		vcpuchar_ppc_host_levels(&host_in[k], &lc);
		vcpuchar_ppc_caps_to_hcall(&lc, &l4, &l5);
		bl_host_levels(&host_in[k], &bc);
		bl_caps_to_hcall(&bc, &b4, &b5);
		if (l4 != b4 || l5 != b5)
			return disagree("input %zu: library %#llx/%#llx, baseline %#llx/%#llx", k,
					(unsigned long long)l4, (unsigned long long)l5, (unsigned long long)b4,
					(unsigned long long)b5);
	}
	return NULL;
}

static const char *differ_view(const struct vcpuchar_ppc_guest_view *a, const struct vcpuchar_ppc_guest_view *b,
			       size_t k)
{
	if (strcmp(a->meltdown, b->meltdown) || strcmp(a->l1tf, b->l1tf) || strcmp(a->spectre_v1, b->spectre_v1) ||
	    strcmp(a->spectre_v2, b->spectre_v2) || strcmp(a->spec_store_bypass, b->spec_store_bypass))
		return disagree("input %zu: guest view: library '%s|%s|%s|%s' baseline '%s|%s|%s|%s'", k, a->meltdown,
				a->spectre_v1, a->spectre_v2, a->spec_store_bypass, b->meltdown, b->spectre_v1,
				b->spectre_v2, b->spec_store_bypass);
	return NULL;
}

static const char *check_view(void)
{
	for (size_t k = 0; k < N_IN; k++) {
		struct vcpuchar_ppc_guest_view lv = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
		struct vcpuchar_ppc_guest_view bv = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
		const struct view_in *v = &view_in[k];
		const char *why;

		if (vcpuchar_ppc_guest_view(v->r4, v->r5, v->cpu, v->flags, &lv))
			return disagree("input %zu: the library refused it", k);
		bl_guest_view(v->r4, v->r5, v->cpu, v->flags, &bv);
		if ((why = differ_view(&lv, &bv, k)))
			return why;
	}
	return NULL;
}

static const char *check_decide(void)
{
	for (size_t k = 0; k < N_IN; k++) {
		const struct decide_in *d = &decide_in[k];
		struct vcpuchar_ppc_result r = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		struct bl_answer a;
		int lr = vcpuchar_ppc_decide(d->host, &d->req, &r), br = bl_decide(d->host, &d->req, &a);

		if (lr != br)
			return disagree("input %zu: library %d, baseline %d", k, lr, br);
		if (lr)
			continue;
		if (memcmp(&r.host_caps, &a.host_caps, sizeof(a.host_caps)) ||
		    memcmp(&r.effective_caps, &a.effective_caps, sizeof(a.effective_caps)))
			return disagree("input %zu: library and baseline caps differ", k);
		if (r.r4 != a.r4 || r.r5 != a.r5 || r.flags != a.flags || r.n_errors != a.n_errors ||
		    r.n_conflicts != a.n_conflicts || r.unexpressed_r4 != a.unexpressed_r4 ||
		    r.unexpressed_r5 != a.unexpressed_r5)
			return disagree("input %zu: library and baseline answers differ", k);
		for (uint32_t i = 0; i < r.n_conflicts; i++) {
			const struct vcpuchar_ppc_conflict *l = &r.conflicts[i];
			const struct bl_conflict *b = &a.conflicts[i];

			if (l->cap != b->cap || l->severity != b->severity || l->code != b->code ||
			    l->flags != b->flags || l->requested != b->requested || l->host != b->host ||
			    strcmp(l->hint, b->hint) ||
			    (l->code != VCPUCHAR_PPC_CONFLICT_CODE_BELOW_HOST && strcmp(l->message, b->message)))
				return disagree("input %zu: conflict %u differs", k, i);
		}
		if (differ_view(&r.guest_view, &a.guest_view, k))
			return disagree("input %zu: guest views differ", k);
	}
	return NULL;
}

static const char *check_x86(void)
{
	for (size_t k = 0; k < N_IN; k++) {
		struct vcpuchar_x86_policy l = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
		struct bl_x86_policy b;
		int r = vcpuchar_x86_decide(&x86_in[k].host, &x86_in[k].vm, &l);

		bl_x86_decide(&x86_in[k].host, &x86_in[k].vm, &b);
		for (uint32_t i = 0; !r && i < l.n_reasons && i < b.n_reasons; i++)
			if (l.reasons[i].code != b.reasons[i].code ||
			    l.reasons[i].has_value != b.reasons[i].has_value ||
			    l.reasons[i].value != b.reasons[i].value)
				return disagree("input %zu: reason %u is %s in the library, %s in the baseline", k, i,
						vcpuchar_x86_reason_name(l.reasons[i].code),
						vcpuchar_x86_reason_name(b.reasons[i].code));
		if (r || l.disable_exits != b.disable_exits || l.hints_realtime != b.hints_realtime ||
		    l.pv_unhalt != b.pv_unhalt || l.poll_control != b.poll_control || l.expose_idle_hlt ||
		    l.idle_hlt_active != b.idle_hlt_active || l.halt_poll_set != b.halt_poll_set ||
		    l.halt_poll_ns != b.halt_poll_ns || l.n_refusals != b.n_refusals || l.n_reasons != b.n_reasons)
			return disagree("input %zu: library (%d, %u reasons) and baseline (%u reasons) differ", k, r,
					l.n_reasons, b.n_reasons);
	}
	return NULL;
}

const struct row pure_rows[] = {
	/* What any call into a shared library costs here, for reading the small rows. */
	{ "call", "call into the library (floor)", "vcpuchar_version", lib_call, bl_call, check_call },
	{ "hcall-caps", "R4/R5, caps mode", "vcpuchar_ppc_caps_to_hcall", lib_caps, bl_caps, check_caps },
	{ "hcall-host", "R4/R5, host mode", "vcpuchar_ppc_host_to_hcall", lib_host, bl_host, check_host },
	{ "hcall-host-max", "R4/R5, host-max mode", "host_levels + caps_to_hcall", lib_hostmax, bl_hostmax,
	  check_hostmax },
	{ "host-levels", "host-level derivation", "vcpuchar_ppc_host_levels", lib_levels, bl_levels, check_levels },
	{ "guest-view", "guest-view prediction", "vcpuchar_ppc_guest_view", lib_view, bl_view, check_view },
	{ "decide", "cap validation, full answer", "vcpuchar_ppc_decide", lib_decide, bl_decide_loop, check_decide },
	{ "x86-policy", "HLT policy decision", "vcpuchar_x86_decide", lib_x86, bl_x86, check_x86 },
	{ NULL },
};

void pure_setup(void)
{
	inputs_load();
	inputs_x86_load();
}
