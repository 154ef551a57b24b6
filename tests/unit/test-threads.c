/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The decide functions are pure and the probes keep no global state: several
 * threads run them at once on the same inputs and every answer must equal
 * the one computed alone beforehand, and, for the vector rows, the answer
 * the vector files give. Built plain in the threads suite, and under
 * ThreadSanitizer by tests/hardening/tsan.sh, which fails on any race.
 * Check's asserts are not thread-safe, so threads only count mismatches.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <pthread.h>
#include <stdio.h>
#include <stddef.h>
#include <stdbool.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "test-ppc-util.h"
#include "x86-vectors.h"

#define N_THREADS 4
#define N_CASES 2000

/* One case: inputs derived from its index alone, and every answer. */
struct answer {
	int decide_r, levels_r, hcall_r, migrate_r, view_r, parse_r, machine_r;
	struct vcpuchar_ppc_result res;
	struct vcpuchar_ppc_caps levels, parsed;
	uint32_t parsed_set, machine;
	uint64_t r4, r5;
	struct vcpuchar_ppc_migration mig;
	struct vcpuchar_ppc_guest_view view;
	char describe[256];
	int x86_r;
	struct vcpuchar_x86_policy policy;
	char x86_describe[256];
};

static struct answer baseline[N_CASES];

/* A small deterministic generator (xorshift64*), so each thread rebuilds the same inputs. */
static uint64_t next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * UINT64_C(2685821657736338717);
}

static const char *const cap_lists[] = {
	"", "cap-cfpc=workaround", "cap-ibs=fixed-ccd,cap-ccf-assist=on", "sbbc=fixed,cfpc=broken",
	"cap-cfpc=bogus", "cap-ibs=fixed-na,cap-ibs=broken", "cap-ccf-assist=yes,", "CAP-SBBC=WORKAROUND",
};
static const char *const machines[] = {
	"pseries", "pseries-9.2", "pseries-4.1", "pseries-2.12-sxxm", "pseries-3.1", "q35", "pseries-", "pseries-10.0.1",
};

static void compute_x86(uint64_t *s, struct answer *a)
{
	struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	uint64_t v = next(s);

	h.source = VCPUCHAR_SOURCE_CALLER;
	h.have = (uint32_t)next(s) & ((1u << VCPUCHAR_X86_N_FACTS) - 1);
	h.vendor = (uint32_t)(v % 5);
	h.cpuid_max_ext = 0x80000021;
	h.cpuid_80000001_ecx = (v >> 3) & 1 ? VCPUCHAR_X86_CPUID_80000001_ECX_SVM : 0;
	h.cpuid_8000000a_edx = (v >> 4) & 1 ? VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT : 0;
	h.hypervisor = (v >> 5) & 1;
	h.disable_exits_allowed = (uint32_t)(v >> 6) & VCPUCHAR_X86_DISABLE_EXITS_KNOWN;
	h.halt_poll_cap = (v >> 11) & 1;
	h.kvm_features = (uint32_t)next(s);
	h.mitigate_smt_rsb = (v >> 12) & 1;
	h.kvm_amd = (v >> 13) & 1;
	h.avic = (v >> 14) & 1;
	h.nested = (v >> 15) & 1;
	h.clearcpuid_510 = (v >> 16) & 1;
	h.smt_rsb_bug = (v >> 17) & 1;
	h.smt_possible = (v >> 18) & 1;
	snprintf(h.kernel_release, sizeof(h.kernel_release), "6.%u.0", (unsigned)((v >> 19) % 20));
	vm.flags = (uint32_t)(v >> 24) & 0x7f;
	vm.cvm = h.vendor == VCPUCHAR_X86_VENDOR_AMD ? (uint32_t)(v >> 31) & 3 : 0;
	vm.hlt_passthrough = (uint32_t)((v >> 33) % 3);
	vm.cpu_mode = (uint32_t)((v >> 35) % 3);
	vm.idle_hlt_kvm = (uint32_t)((v >> 37) % 3);
	vm.halt_poll_ns = (uint32_t)next(s);
	a->policy.size = sizeof(a->policy);
	a->x86_r = vcpuchar_x86_decide(&h, &vm, &a->policy);
	vcpuchar_x86_host_describe(&h, (uint32_t)((v >> 40) % VCPUCHAR_X86_N_FACTS), a->x86_describe,
				   sizeof(a->x86_describe));
}

static void compute(unsigned i, struct answer *a)
{
	static const uint32_t cpus[] = { 0, 7, 8, 9, 10, 11 };
	static const uint32_t level_max[VCPUCHAR_PPC_N_CAPS] = { 2, 2, 4, 1 };
	uint64_t s = 0x9e3779b97f4a7c15u ^ ((uint64_t)i * 0x100000001b3u), v;
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	char err[128];

	memset(a, TEST_GARBAGE_BYTE, sizeof(*a));
	v = next(&s);
	h.source = VCPUCHAR_SOURCE_CALLER;
	h.character = next(&s) & VCPUCHAR_H_CPU_CHAR_ALL;
	h.behaviour = next(&s) & VCPUCHAR_H_CPU_BEHAV_ALL;
	/* A quarter of the hosts carry no information. */
	h.character_mask = (v & 3) ? next(&s) & VCPUCHAR_H_CPU_CHAR_ALL : 0;
	h.behaviour_mask = (v & 3) ? next(&s) & VCPUCHAR_H_CPU_BEHAV_ALL : 0;
	h.valid = (h.character_mask || h.behaviour_mask) ? 1 : 0;
	h.power8 = (v >> 2) & 1;
	req.mode = (uint32_t)((v >> 3) % 3);
	req.accel = (uint32_t)((v >> 5) & 1);
	req.machine = (uint32_t)((v >> 6) & 3);
	req.cpu = cpus[(v >> 8) % 6];
	req.caps_set = (uint32_t)((v >> 11) & 0xf);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		vcpuchar_ppc_caps_set(&req.caps, cap, (uint32_t)((v >> (16 + 4 * cap)) % (level_max[cap] + 1)));

	a->res.size = sizeof(a->res);
	a->decide_r = vcpuchar_ppc_decide((v >> 40) & 1 ? &h : NULL, &req, &a->res);
	a->levels_r = vcpuchar_ppc_host_levels(&h, &a->levels);
	a->hcall_r = vcpuchar_ppc_host_to_hcall(&h, &a->r4, &a->r5);
	a->mig.size = sizeof(a->mig);
	a->migrate_r = vcpuchar_ppc_migration_check(&req.caps, &a->levels, &a->mig);
	a->view.size = sizeof(a->view);
	a->view_r = vcpuchar_ppc_guest_view(h.character, h.behaviour, req.cpu ? req.cpu : 9,
					    (uint32_t)((v >> 41) & 3), &a->view);
	vcpuchar_ppc_host_describe(&h, a->describe, sizeof(a->describe));
	a->parsed = req.caps;
	a->parse_r = vcpuchar_ppc_caps_parse(cap_lists[(v >> 43) & 7], &a->parsed, &a->parsed_set, err, sizeof(err));
	a->machine_r = vcpuchar_ppc_machine_parse(machines[(v >> 46) & 7], &a->machine, err, sizeof(err));
	compute_x86(&s, a);
}

static bool same_caps(const struct vcpuchar_ppc_caps *x, const struct vcpuchar_ppc_caps *y)
{
	return x->cfpc == y->cfpc && x->sbbc == y->sbbc && x->ibs == y->ibs && x->ccf_assist == y->ccf_assist;
}

static bool same_view(const struct vcpuchar_ppc_guest_view *x, const struct vcpuchar_ppc_guest_view *y)
{
	return !strcmp(x->meltdown, y->meltdown) && !strcmp(x->l1tf, y->l1tf) &&
	       !strcmp(x->spectre_v1, y->spectre_v1) && !strcmp(x->spectre_v2, y->spectre_v2) &&
	       !strcmp(x->spec_store_bypass, y->spec_store_bypass);
}

/* Field by field: padding bytes carry no meaning. */
static bool same(const struct answer *x, const struct answer *y)
{
	const struct vcpuchar_ppc_result *p = &x->res, *q = &y->res;

	if (x->decide_r != y->decide_r || x->levels_r != y->levels_r || x->hcall_r != y->hcall_r ||
	    x->migrate_r != y->migrate_r || x->view_r != y->view_r || x->parse_r != y->parse_r ||
	    x->machine_r != y->machine_r)
		return false;
	if (p->flags != q->flags || p->mode != q->mode || !same_caps(&p->host_caps, &q->host_caps) ||
	    !same_caps(&p->effective_caps, &q->effective_caps) || p->r4 != q->r4 || p->r5 != q->r5 ||
	    p->unexpressed_r4 != q->unexpressed_r4 || p->unexpressed_r5 != q->unexpressed_r5 ||
	    p->n_errors != q->n_errors || p->n_conflicts != q->n_conflicts || p->mode_reason != q->mode_reason ||
	    !same_view(&p->guest_view, &q->guest_view))
		return false;
	for (uint32_t c = 0; c < p->n_conflicts && c < VCPUCHAR_PPC_N_CAPS; c++) {
		const struct vcpuchar_ppc_conflict *a = &p->conflicts[c], *b = &q->conflicts[c];

		if (a->cap != b->cap || a->severity != b->severity || a->code != b->code || a->flags != b->flags ||
		    a->requested != b->requested || a->host != b->host || a->message != b->message ||
		    a->hint != b->hint || a->explanation != b->explanation)
			return false;
	}
	if (x->mig.ok != y->mig.ok || x->mig.n_entries != y->mig.n_entries || x->mig.note != y->mig.note)
		return false;
	for (uint32_t e = 0; e < x->mig.n_entries && e < VCPUCHAR_PPC_N_CAPS; e++)
		if (strcmp(x->mig.entries[e].message, y->mig.entries[e].message))
			return false;
	if (x->x86_r != y->x86_r || strcmp(x->x86_describe, y->x86_describe) ||
	    x->policy.disable_exits != y->policy.disable_exits || x->policy.hints_realtime != y->policy.hints_realtime ||
	    x->policy.pv_unhalt != y->policy.pv_unhalt || x->policy.poll_control != y->policy.poll_control ||
	    x->policy.idle_hlt_active != y->policy.idle_hlt_active || x->policy.halt_poll_set != y->policy.halt_poll_set ||
	    x->policy.halt_poll_ns != y->policy.halt_poll_ns || x->policy.n_refusals != y->policy.n_refusals ||
	    x->policy.n_reasons != y->policy.n_reasons)
		return false;
	for (uint32_t r = 0; r < x->policy.n_reasons && r < VCPUCHAR_X86_MAX_REASONS; r++)
		if (memcmp(&x->policy.reasons[r], &y->policy.reasons[r], sizeof(x->policy.reasons[r])))
			return false;
	return same_caps(&x->levels, &y->levels) && x->r4 == y->r4 && x->r5 == y->r5 && same_view(&x->view, &y->view) &&
	       !strcmp(x->describe, y->describe) && same_caps(&x->parsed, &y->parsed) &&
	       x->parsed_set == y->parsed_set && x->machine == y->machine;
}

/* The probes and the profile loader, run from every thread on one /dev/kvm and one VM fd. */
static int kvm_fd = -1, vm_fd = -1;
static struct vcpuchar_ppc_host probe_base, profile_base;
static struct vcpuchar_x86_host x86_base;
static int probe_base_r, profile_base_r, x86_base_r;

static const char profile_text[] =
	"[host]\narch=ppc64le\nkernel_release=6.1.0\n[ppc]\ncharacter=0x9840000000000000\n"
	"behaviour=0xe400000000000000\ncharacter_mask=0xf940000000000000\nbehaviour_mask=0xe400000000000000\n"
	"power8=false\npvr=0x004e1202\n";

static bool same_host(const struct vcpuchar_ppc_host *x, const struct vcpuchar_ppc_host *y)
{
	return x->source == y->source && x->valid == y->valid && x->error == y->error &&
	       x->character == y->character && x->behaviour == y->behaviour &&
	       x->character_mask == y->character_mask && x->behaviour_mask == y->behaviour_mask &&
	       x->power8 == y->power8 && x->pvr == y->pvr && !strcmp(x->arch, y->arch) &&
	       !strcmp(x->kernel_release, y->kernel_release);
}

/* Field runs without padding inside, compared as bytes. */
#define X86_RUN(x, y, from, to) \
	!memcmp(&(x)->from, &(y)->from, offsetof(struct vcpuchar_x86_host, to) + sizeof((x)->to) - \
						offsetof(struct vcpuchar_x86_host, from))

static bool same_x86_host(const struct vcpuchar_x86_host *x, const struct vcpuchar_x86_host *y)
{
	return X86_RUN(x, y, source, supported_nent) && x->halt_poll_ns == y->halt_poll_ns &&
	       X86_RUN(x, y, halt_poll_ns_grow, smt_possible) && !strcmp(x->kernel_release, y->kernel_release);
}

static int x86_probe(struct vcpuchar_x86_host *h)
{
	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	return vcpuchar_x86_host_probe(kvm_fd, NULL, h);
}

static int io_calls(struct vcpuchar_ppc_host *probed, struct vcpuchar_ppc_host *loaded, int *load_r)
{
	int r;

	memset(probed, 0, sizeof(*probed));
	probed->size = sizeof(*probed);
	r = vm_fd >= 0 ? vcpuchar_ppc_host_probe(vm_fd, NULL, probed) : 0;
	memset(loaded, 0, sizeof(*loaded));
	loaded->size = sizeof(*loaded);
	*load_r = vcpuchar_profile_load_data(profile_text, sizeof(profile_text) - 1, loaded, NULL, NULL, 0);
	return r;
}

static void *worker(void *arg)
{
	unsigned *mismatches = arg;
	struct answer a;

	for (unsigned i = 0; i < N_CASES; i++) {
		struct vcpuchar_ppc_host probed, loaded;
		struct vcpuchar_x86_host x86;
		int load_r;

		compute(i, &a);
		if (!same(&a, &baseline[i]))
			(*mismatches)++;
		if (i % 20 == 0 &&
		    (io_calls(&probed, &loaded, &load_r) != probe_base_r || !same_host(&probed, &probe_base) ||
		     load_r != profile_base_r || !same_host(&loaded, &profile_base) ||
		     x86_probe(&x86) != x86_base_r || !same_x86_host(&x86, &x86_base)))
			(*mismatches)++;
	}
	return NULL;
}

START_TEST(threads_agree_with_one_thread)
{
	pthread_t t[N_THREADS];
	unsigned mismatches[N_THREADS] = { 0 };
	unsigned errors = 0, conflicts = 0, refusals = 0;

	kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm_fd >= 0)
		vm_fd = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	for (unsigned i = 0; i < N_CASES; i++) {
		compute(i, &baseline[i]);
		errors += baseline[i].res.n_errors;
		conflicts += baseline[i].res.n_conflicts;
		refusals += baseline[i].policy.n_refusals;
	}
	/* The cases must reach the interesting paths, not only -EINVAL. */
	ck_assert_uint_gt(errors, 10);
	ck_assert_uint_gt(conflicts, errors);
	ck_assert_uint_gt(refusals, 10);
	x86_base_r = x86_probe(&x86_base);
	probe_base_r = io_calls(&probe_base, &profile_base, &profile_base_r);
	ck_assert_int_eq(profile_base_r, 0);
	ck_assert_uint_eq(profile_base.pvr, 0x004e1202);

	for (int i = 0; i < N_THREADS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, worker, &mismatches[i]), 0);
	for (int i = 0; i < N_THREADS; i++) {
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
		ck_assert_msg(mismatches[i] == 0, "thread %d: %u answers differ from the single-thread ones", i,
			      mismatches[i]);
	}
	if (vm_fd >= 0)
		close(vm_fd);
	if (kvm_fd >= 0)
		close(kvm_fd);
}
END_TEST

/* One vector row with the answer its file gives, read before the threads start. */
struct x86_row {
	struct vcpuchar_x86_host host;
	struct vcpuchar_x86_vm vm;
	uint32_t disable_exits, hints_realtime, idle_hlt_active;
	uint64_t codes; /* bit per reason code the row names */
};

struct ppc_row {
	struct vcpuchar_ppc_caps caps;
	uint64_t r4, r5;
};

#define MAX_ROWS 64
static struct x86_row x86_rows[MAX_ROWS];
static struct ppc_row ppc_rows[MAX_ROWS];
static unsigned n_x86_rows, n_ppc_rows;

static uint32_t flags_of(const char *names)
{
	static const char *const bits[] = { "MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF" };
	g_auto(GStrv) v = g_strsplit(names, "|", -1);
	uint32_t de = 0;

	for (int k = 0; v[k]; k++)
		for (uint32_t b = 0; b < G_N_ELEMENTS(bits); b++)
			if (!strcmp(v[k], bits[b]))
				de |= 1u << b;
	return de;
}

static void load_vectors(void)
{
	struct tsv *t = tsv_open("x86-policy.tsv");

	for (guint i = 0; i < t->n_rows && n_x86_rows < MAX_ROWS; i++) {
		struct x86_row *r = &x86_rows[n_x86_rows++];
		g_auto(GStrv) codes = g_strsplit(tsv_get(t, i, "expect_reason_codes"), ",", -1);

		x86_row_host(t, i, &r->host);
		x86_row_vm(t, i, &r->vm);
		r->disable_exits = flags_of(tsv_get(t, i, "expect_disable_exits"));
		r->hints_realtime = (uint32_t)tsv_u64(t, i, "expect_hints_realtime", NULL);
		r->idle_hlt_active = (uint32_t)tsv_u64(t, i, "expect_idle_hlt_active", NULL);
		r->codes = 0;
		for (int c = 0; codes[c]; c++) {
			int code = vcpuchar_x86_reason_from_name(codes[c]);

			ck_assert_msg(code > 0, "unknown reason %s", codes[c]);
			r->codes |= UINT64_C(1) << code;
		}
	}
	tsv_close(t);
	t = tsv_open("ppc-hcall.tsv");
	for (guint i = 0; i < t->n_rows && n_ppc_rows < MAX_ROWS; i++) {
		struct ppc_row *r = &ppc_rows[n_ppc_rows++];

		r->caps = test_caps(t, i, "");
		r->r4 = tsv_u64(t, i, "expect_r4", NULL);
		r->r5 = tsv_u64(t, i, "expect_r5", NULL);
	}
	tsv_close(t);
}

static bool x86_row_ok(const struct x86_row *r)
{
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	uint64_t got = 0;

	if (vcpuchar_x86_decide(&r->host, &r->vm, &p) != 0 || p.n_reasons > VCPUCHAR_X86_MAX_REASONS)
		return false;
	for (uint32_t k = 0; k < p.n_reasons; k++)
		got |= UINT64_C(1) << (p.reasons[k].code & 63);
	/* The shared vectors name the codes that must be there, not all of them. */
	return p.disable_exits == r->disable_exits && p.hints_realtime == r->hints_realtime &&
	       p.idle_hlt_active == r->idle_hlt_active && (got & r->codes) == r->codes;
}

static bool ppc_row_ok(const struct ppc_row *r)
{
	uint64_t r4 = 1, r5 = 1;

	return vcpuchar_ppc_caps_to_hcall(&r->caps, &r4, &r5) == 0 && r4 == r->r4 && r5 == r->r5;
}

static void *vector_worker(void *arg)
{
	unsigned *mismatches = arg;

	for (unsigned round = 0; round < 200; round++) {
		for (unsigned i = 0; i < n_x86_rows; i++)
			*mismatches += !x86_row_ok(&x86_rows[(i + round) % n_x86_rows]);
		for (unsigned i = 0; i < n_ppc_rows; i++)
			*mismatches += !ppc_row_ok(&ppc_rows[(i + round) % n_ppc_rows]);
	}
	return NULL;
}

/* Against the vector files, so that a wrong answer given the same way by every thread fails too. */
START_TEST(threads_agree_with_vectors)
{
	pthread_t t[N_THREADS];
	unsigned mismatches[N_THREADS] = { 0 };

	load_vectors();
	ck_assert_uint_ge(n_x86_rows, 29);
	ck_assert_uint_gt(n_ppc_rows, 0);
	for (int i = 0; i < N_THREADS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, vector_worker, &mismatches[i]), 0);
	for (int i = 0; i < N_THREADS; i++) {
		ck_assert_int_eq(pthread_join(t[i], NULL), 0);
		ck_assert_msg(mismatches[i] == 0, "thread %d: %u answers differ from the vector files", i,
			      mismatches[i]);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("threads");

	tcase_add_test(tc, threads_agree_with_one_thread);
	tcase_add_test(tc, threads_agree_with_vectors);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
