/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar_x86_policy_verify() on the rows of tests/data/x86-verify.tsv:
 * each row names its source (counts measured on this project's kvm_pvm
 * machine, the real kvm_amd counts of x86-e2e.md, or a synthetic case and
 * the rule it exercises), a policy built by vcpuchar_x86_decide() for one
 * of five VMs, two statistics snapshots and the expected verdict with its
 * exact reason codes, in order.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <vcpuchar.h>

#include "test-common.h"

/* The host of every row: AMD with SVM, mask 0xe; kernel 6.12, or 6.15 with Idle HLT. */
static void host(bool idle_hlt, struct vcpuchar_x86_host *h)
{
	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	h->source = VCPUCHAR_SOURCE_CALLER;
	h->have = 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR | 1u << VCPUCHAR_X86_FACT_CPUID_EXT |
		  1u << VCPUCHAR_X86_FACT_CPUID_SVM | 1u << VCPUCHAR_X86_FACT_DISABLE_EXITS |
		  1u << VCPUCHAR_X86_FACT_KVM_AMD | 1u << VCPUCHAR_X86_FACT_NESTED |
		  1u << VCPUCHAR_X86_FACT_KERNEL_RELEASE | 1u << VCPUCHAR_X86_FACT_HALT_POLL_CAP;
	h->vendor = VCPUCHAR_X86_VENDOR_AMD;
	h->cpuid_max_ext = 0x80000021;
	h->cpuid_80000001_ecx = VCPUCHAR_X86_CPUID_80000001_ECX_SVM;
	h->cpuid_8000000a_edx = idle_hlt ? VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT : 0;
	h->disable_exits_allowed = 0xe;
	h->kvm_amd = 1;
	h->nested = 1;
	h->halt_poll_cap = 1;
	strcpy(h->kernel_release, idle_hlt ? "6.15.0" : "6.12.0");
}

/* The policy vcpuchar_x86_decide() gives the row's VM (hlt-vmm's two VMs among them). */
static void policy(const char *kind, struct vcpuchar_x86_policy *p)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	bool pt = g_str_has_prefix(kind, "passthrough");

	host(!strcmp(kind, "kept_idle_hlt"), &h);
	if (g_str_has_suffix(kind, "_no_irqchip"))
		vm.flags |= VCPUCHAR_X86_VM_NO_IRQCHIP;
	if (pt) {
		vm.flags |= VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY;
		vm.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE;
	}
	memset(p, 0, sizeof(*p));
	p->size = sizeof(*p);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, p), 0);
	ck_assert_uint_eq(!!(p->disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT), pt);
	ck_assert_uint_eq(p->idle_hlt_active, !strcmp(kind, "kept_idle_hlt"));
}

/* "name=value,..." by KVM statistic name; "-" for none. */
static void stats(const char *cell, struct vcpuchar_x86_vcpu_stats *st)
{
	g_auto(GStrv) items = g_strsplit(cell, ",", -1);

	memset(st, 0, sizeof(*st));
	st->size = sizeof(*st);
	for (int i = 0; strcmp(cell, "-") && items[i]; i++) {
		char *eq = strchr(items[i], '=');
		uint32_t s;

		ck_assert_msg(eq, "bad stats cell '%s'", cell);
		*eq = '\0';
		for (s = 0; s < VCPUCHAR_X86_N_STATS; s++)
			if (!strcmp(vcpuchar_x86_stat_name(s), items[i]))
				break;
		ck_assert_msg(s < VCPUCHAR_X86_N_STATS, "unknown statistic '%s'", items[i]);
		st->values[s] = g_ascii_strtoull(eq + 1, NULL, 10);
		st->have |= 1u << s;
	}
}

START_TEST(vectors)
{
	struct tsv *t = tsv_open("x86-verify.tsv");
	bool seen[VCPUCHAR_X86_REASON_MAX + 1] = { false };

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *g = tsv_get(t, i, "guest_hlts");
		struct vcpuchar_x86_policy p;
		struct vcpuchar_x86_vcpu_stats before, after;
		struct vcpuchar_x86_verdict v = TEST_OUT(struct vcpuchar_x86_verdict); /* garbage past @size */
		g_autoptr(GString) codes = g_string_new(NULL);
		uint64_t guest = strcmp(g, "unknown") ? tsv_u64(t, i, "guest_hlts", NULL) : VCPUCHAR_X86_GUEST_HLTS_UNKNOWN;
		char text[512];

		ck_assert_msg(strlen(tsv_get(t, i, "source")) > 10, "%s: no source", id);
		policy(tsv_get(t, i, "policy"), &p);
		stats(tsv_get(t, i, "before"), &before);
		stats(tsv_get(t, i, "after"), &after);
		ck_assert_int_eq(vcpuchar_x86_policy_verify(&p, &before, &after, guest, &v), 0);

		ck_assert_msg(!strcmp(vcpuchar_x86_hlt_verdict_name(v.hlt), tsv_get(t, i, "expect_hlt")), "%s: hlt %s",
			      id, vcpuchar_x86_hlt_verdict_name(v.hlt));
		ck_assert_msg(!strcmp(vcpuchar_x86_halt_poll_verdict_name(v.halt_poll), tsv_get(t, i, "expect_halt_poll")),
			      "%s: halt_poll %s", id, vcpuchar_x86_halt_poll_verdict_name(v.halt_poll));
		ck_assert_msg(v.halt_exits == tsv_u64(t, i, "expect_halt_exits", NULL), "%s: halt_exits %" PRIu64, id,
			      v.halt_exits);
		ck_assert_uint_eq(v.guest_hlts, guest);
		ck_assert_uint_eq(v.have, before.have & after.have);
		ck_assert_uint_eq(v.size, sizeof(v));
		for (uint32_t r = 0; r < v.n_reasons; r++) {
			const struct vcpuchar_x86_reason *x = &v.reasons[r];

			g_string_append_printf(codes, "%s%s", r ? "," : "", vcpuchar_x86_reason_name(x->code));
			ck_assert_int_eq(vcpuchar_x86_reason_class(x->code), VCPUCHAR_X86_REASON_CLASS_VERIFY);
			ck_assert_int_gt(vcpuchar_x86_reason_text(x, text, sizeof(text)), 0);
			ck_assert_msg(!strchr(text, '%'), "%s: unfilled format: %s", id, text);
			/* The count in each sentence is the one the verdict reports. */
			if (x->code == VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED)
				ck_assert_uint_eq(x->value, guest);
			else if (x->code == VCPUCHAR_X86_REASON_HALT_POLL_ACTIVE)
				ck_assert_uint_eq(x->value, v.halt_attempted_poll);
			else if (x->has_value)
				ck_assert_uint_eq(x->value, v.halt_exits);
			if (r)
				ck_assert_uint_gt(x->code, v.reasons[r - 1].code);
			seen[x->code] = true;
		}
		ck_assert_msg(!strcmp(codes->str, tsv_get(t, i, "expect_reasons")), "%s: reasons %s", id, codes->str);
		/* The entries after n_reasons are zero, whatever the caller had (since 1.2). */
		for (uint32_t r = v.n_reasons; r < VCPUCHAR_X86_VERDICT_MAX_REASONS; r++) {
			ck_assert_uint_eq(v.reasons[r].code, 0);
			ck_assert_uint_eq(v.reasons[r].has_value, 0);
			ck_assert_uint_eq(v.reasons[r].value, 0);
		}
		ck_assert_uint_eq(v.reserved, 0);
	}
	tsv_close(t);
	/* Every VERIFY code is reached by some row. */
	for (uint32_t c = 1; c <= VCPUCHAR_X86_REASON_MAX; c++)
		if (vcpuchar_x86_reason_class(c) == VCPUCHAR_X86_REASON_CLASS_VERIFY)
			ck_assert_msg(seen[c], "no row shows %s", vcpuchar_x86_reason_name(c));
}
END_TEST

START_TEST(sentences)
{
	struct vcpuchar_x86_reason r = { .code = VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED, .has_value = 1,
					 .value = 5 };
	static const char *const hlt_verdicts[] = {
		[VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL] = "cannot_tell",
		[VCPUCHAR_X86_HLT_VERDICT_HONOURED] = "honoured",
		[VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED] = "not_honoured",
	};
	static const char *const poll_verdicts[] = {
		[VCPUCHAR_X86_HALT_POLL_VERDICT_CANNOT_TELL] = "cannot_tell",
		[VCPUCHAR_X86_HALT_POLL_VERDICT_ACTIVE] = "active",
		[VCPUCHAR_X86_HALT_POLL_VERDICT_INACTIVE] = "inactive",
	};
	char buf[512];

	vcpuchar_x86_reason_text(&r, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "yet halt_exits grew by 5:"));
	ck_assert_ptr_nonnull(strstr(buf, "kvm_pvm"));
	r.code = VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED;
	vcpuchar_x86_reason_text(&r, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "the guest executed 5 HLT and halt_exits did not grow"));
	ck_assert_int_eq(vcpuchar_x86_reason_from_name("hlt_passthrough_not_honoured"),
			 VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED);
	ck_assert_names(vcpuchar_x86_hlt_verdict_name, hlt_verdicts, G_N_ELEMENTS(hlt_verdicts));
	ck_assert_names(vcpuchar_x86_halt_poll_verdict_name, poll_verdicts, G_N_ELEMENTS(poll_verdicts));
}
END_TEST

/* Every error is -EINVAL and leaves the result untouched. */
START_TEST(bad_input)
{
	struct vcpuchar_x86_policy p;
	struct vcpuchar_x86_vcpu_stats a, b;
	struct vcpuchar_x86_verdict v, ref;
	const struct vcpuchar_x86_verdict *vp = &v;

	policy("kept", &p);
	stats("halt_exits=5,halt_attempted_poll=1", &a);
	stats("halt_exits=7,halt_attempted_poll=2", &b);
	memset(&v, 0x5a, sizeof(v));
	v.size = sizeof(v);
	ref = v;
#define BAD(pol, bef, aft) \
	do { \
		ck_assert_int_eq(vcpuchar_x86_policy_verify(pol, bef, aft, 2, &v), -EINVAL); \
		ck_assert_int_eq(memcmp(vp, &ref, sizeof(v)), 0); \
	} while (0)
	BAD(NULL, &a, &b);
	BAD(&p, NULL, &b);
	BAD(&p, &a, NULL);
	ck_assert_int_eq(vcpuchar_x86_policy_verify(&p, &a, &b, 2, NULL), -EINVAL);
	/* Snapshots swapped: a cumulative counter went back. */
	BAD(&p, &b, &a);
	/* Sizes. */
	p.size = 8;
	BAD(&p, &a, &b);
	p.size = sizeof(p);
	a.size = 4;
	BAD(&p, &a, &b);
	a.size = sizeof(a);
	b.size = 4;
	BAD(&p, &a, &b);
	b.size = sizeof(b);
	v.size = 4;
	ref.size = 4;
	BAD(&p, &a, &b);
	v.size = ref.size = sizeof(v);
	/* Unknown statistic bits, unknown disable-exits flags, an overlong reason list. */
	b.have |= 1u << VCPUCHAR_X86_N_STATS;
	BAD(&p, &a, &b);
	b.have &= ~(1u << VCPUCHAR_X86_N_STATS);
	a.have |= 1u << VCPUCHAR_X86_N_STATS;
	BAD(&p, &a, &b);
	a.have &= ~(1u << VCPUCHAR_X86_N_STATS);
	p.disable_exits = 0x20;
	BAD(&p, &a, &b);
	p.disable_exits = 0;
	p.n_reasons = VCPUCHAR_X86_MAX_REASONS + 1;
	BAD(&p, &a, &b);
	policy("kept", &p);
	/* The same inputs are fine. */
	ck_assert_int_eq(vcpuchar_x86_policy_verify(&p, &a, &b, 2, &v), 0);
	ck_assert_uint_eq(v.hlt, VCPUCHAR_X86_HLT_VERDICT_HONOURED);
	ck_assert_uint_eq(v.halt_poll, VCPUCHAR_X86_HALT_POLL_VERDICT_ACTIVE);
	ck_assert_uint_eq(v.halt_exits, 2);
	ck_assert_uint_eq(v.halt_attempted_poll, 1);
#undef BAD
}
END_TEST

/* A newer caller's larger struct, zero past what the library knows, is accepted and kept. */
START_TEST(larger_size)
{
	struct {
		struct vcpuchar_x86_verdict v;
		uint64_t later[2];
	} big;
	struct vcpuchar_x86_policy p;
	struct vcpuchar_x86_vcpu_stats a, b;

	policy("passthrough_no_irqchip", &p);
	stats("halt_exits=0,halt_attempted_poll=0", &a);
	stats("halt_exits=5,halt_attempted_poll=0", &b);
	memset(&big, 0, sizeof(big));
	big.v.size = sizeof(big);
	ck_assert_int_eq(vcpuchar_x86_policy_verify(&p, &a, &b, 5, &big.v), 0);
	ck_assert_uint_eq(big.v.size, sizeof(big));
	ck_assert_uint_eq(big.v.hlt, VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED);
	ck_assert_uint_eq(big.later[0] | big.later[1], 0);
	big.later[1] = 1;
	ck_assert_int_eq(vcpuchar_x86_policy_verify(&p, &a, &b, 5, &big.v), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-verify");
	TCase *tc = tcase_create("x86-verify");

	tcase_add_test(tc, vectors);
	tcase_add_test(tc, sentences);
	tcase_add_test(tc, bad_input);
	tcase_add_test(tc, larger_size);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
