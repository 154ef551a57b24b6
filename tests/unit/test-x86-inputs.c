/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The x86 rules the CLI kept until 1.3, now the library's:
 * - a host profile without x86 facts (vcpuchar_x86_vm_check(), -ENODATA;
 *   lib/x86.md#profile-without-x86-facts), as `x86 policy --host` refused it;
 * - the input checks of a policy read back from JSON
 *   (vcpuchar_x86_policy_validate(); lib/x86.md#policy-check), as
 *   `x86 verify --policy` made them;
 * - the libvirt hook's domain rules (lib/x86.md#domain-rules): pinned from
 *   <vcpupin>, the exits of `-overcommit cpu-pm=on`, and the warning when a
 *   domain passes HLT exits through where the policy keeps them.
 */
#include <vcpuchar.h>

#include "test-common.h"

#define ALL_FOUR                                                                                                  \
	(VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE |  \
	 VCPUCHAR_X86_DISABLE_EXITS_CSTATE)

static int load(const char *text, struct vcpuchar_x86_host *h)
{
	char err[256];

	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	return vcpuchar_profile_load_data(text, strlen(text), NULL, h, err, sizeof(err));
}

/* An AMD host whose KVM allows HLT, PAUSE and CSTATE (0xe), as tests/data/x86-policy.tsv's hosts. */
static void amd_host(struct vcpuchar_x86_host *h)
{
	ck_assert_int_eq(load("[host]\narch=x86_64\nkernel_release=6.12.0\n[x86]\nvendor=amd\n"
			      "disable_exits_allowed=0xe\n",
			      h),
			 0);
}

START_TEST(profile_without_x86_facts)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	char err[256];

	/* No [x86] group: every fact says -ENODATA (lib/x86/x86-profile.c). */
	ck_assert_int_eq(load("[host]\narch=x86_64\n", &h), 0);
	ck_assert_uint_eq(h.have, 0);
	ck_assert_int_eq(h.error[0], -ENODATA);
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, err, sizeof(err)), -ENODATA);
	ck_assert_str_eq(err, "the profile has no [x86] group: there is no x86 information in that file");
	/* The vCPU count is checked first, as before. */
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 0, 0, err, sizeof(err)), -ERANGE);
	/* decide itself answers (all facts unknown): only the check refuses. */
	{
		struct vcpuchar_x86_policy p = { .size = sizeof(p) };

		ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	}

	/* An [x86] group with a key of a later version only. */
	ck_assert_int_eq(load("[x86]\nfuture_key=1\n", &h), 0);
	ck_assert_uint_eq(h.have, 0);
	ck_assert_int_eq(h.error[0], 0);
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, err, sizeof(err)), -ENODATA);
	ck_assert_str_eq(err, "the [x86] group holds no key this version knows (vendor, disable_exits_allowed, "
			      "...): there is no x86 fact to decide from");
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, NULL, 0), -ENODATA);

	/* One known key is enough. */
	ck_assert_int_eq(load("[x86]\nvendor=amd\n", &h), 0);
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");

	/* A caller's or a probe's empty facts are an answer (nothing known), never refused for this. */
	memset(&h, 0, sizeof(h));
	h.size = sizeof(h);
	h.source = VCPUCHAR_SOURCE_CALLER;
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, err, sizeof(err)), 0);
	h.source = VCPUCHAR_SOURCE_KVM;
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, err, sizeof(err)), 0);
}
END_TEST

/* The policy `x86 policy --pinned --latency` decides on amd_host: HLT and PAUSE disabled. */
static void pinned_policy(struct vcpuchar_x86_policy *p)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY };

	amd_host(&h);
	memset(p, 0, sizeof(*p));
	p->size = sizeof(*p);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, p), 0);
	ck_assert_uint_eq(p->disable_exits, VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE);
}

START_TEST(policy_validate)
{
	struct vcpuchar_x86_policy p;
	char err[256], want[256];
	uint32_t n;

	pinned_policy(&p);
	n = p.n_reasons;
	ck_assert_uint_ge(n, 2);
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");

	/* A code twice: x86 policy prints each once. */
	p.reasons[n] = p.reasons[0];
	p.n_reasons = n + 1;
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "reasons[%u]: code '%s' given twice", n,
					      vcpuchar_x86_reason_name(p.reasons[0].code));
	ck_assert_str_eq(err, want);

	/* A verification's own code (38 hlt_passthrough_honoured, class VERIFY). */
	p.reasons[n].code = VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED;
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "reasons[%u]: 'hlt_passthrough_honoured' is a reason of the "
					      "verification (x86 verify), never of a policy", n);
	ck_assert_str_eq(err, want);

	/* A code this library does not have. */
	p.reasons[n].code = VCPUCHAR_X86_REASON_MAX + 1;
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "reasons[%u]: unknown code %u", n, VCPUCHAR_X86_REASON_MAX + 1);
	ck_assert_str_eq(err, want);
	p.n_reasons = n;

	/* More entries than the struct has: checked before any entry is read. */
	p.n_reasons = VCPUCHAR_X86_MAX_REASONS + 1;
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, err, sizeof(err)), -E2BIG);
	ck_assert_str_eq(err, "reasons: 65 entries, more than a policy has (64)");
	p.n_reasons = n;

	/* Bit 5 is no KVM_X86_DISABLE_EXITS_* flag (0x1f are). */
	p.disable_exits |= 1u << 5;
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "disable_exits: 0x26 holds bits"));
	p.disable_exits = 0x6;

	/* Bad arguments. */
	ck_assert_int_eq(vcpuchar_x86_policy_validate(NULL, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, NULL, 1), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, NULL, 0), 0);
	p.size = 3;
	ck_assert_int_eq(vcpuchar_x86_policy_validate(&p, err, sizeof(err)), -EINVAL);
}
END_TEST

START_TEST(pins_flags)
{
	/* libvirt's <cputune><vcpupin vcpu='N' cpuset='C'/>, one per vCPU. */
	const struct vcpuchar_x86_vcpu_pin four[] = { { 0, 2 }, { 1, 3 }, { 2, 4 }, { 3, 5 } };
	const struct vcpuchar_x86_vcpu_pin reversed[] = { { 3, 5 }, { 2, 4 }, { 1, 3 }, { 0, 2 } };
	const struct vcpuchar_x86_vcpu_pin shared[] = { { 0, 2 }, { 1, 3 }, { 2, 3 }, { 3, 5 } };
	const struct vcpuchar_x86_vcpu_pin twice[] = { { 0, 2 }, { 1, 3 }, { 1, 4 }, { 3, 5 } };
	const struct vcpuchar_x86_vcpu_pin beyond[] = { { 0, 2 }, { 1, 3 }, { 2, 4 }, { 4, 5 } };
	const struct vcpuchar_x86_vcpu_pin range[] = { { 0, 2 }, { 1, 3 }, { 2, VCPUCHAR_X86_PIN_NOT_ONE_CPU }, { 3, 5 } };
	uint32_t f = 0xdead;

	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, four, 4, &f), 0);
	ck_assert_uint_eq(f, VCPUCHAR_X86_VM_PINNED);
	f = 0xdead;
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, reversed, 4, &f), 0);
	ck_assert_uint_eq(f, VCPUCHAR_X86_VM_PINNED);
	/* Not pinned: a vCPU without a pin, two on one CPU, one pinned twice, one past <vcpu>, a CPU set. */
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, four, 3, &f), 0);
	ck_assert_uint_eq(f, 0);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(5, four, 4, &f), 0);
	ck_assert_uint_eq(f, 0);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, shared, 4, &f), 0);
	ck_assert_uint_eq(f, 0);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, twice, 4, &f), 0);
	ck_assert_uint_eq(f, 0);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, beyond, 4, &f), 0);
	ck_assert_uint_eq(f, 0);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, range, 4, &f), 0);
	ck_assert_uint_eq(f, 0);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(1, NULL, 0, &f), 0);
	ck_assert_uint_eq(f, 0);
	/* lib/x86.md#vcpu-count: 1 to 4096. */
	f = 0xdead;
	ck_assert_int_eq(vcpuchar_x86_pins_flags(0, NULL, 0, &f), -ERANGE);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4097, four, 4, &f), -ERANGE);
	ck_assert_uint_eq(f, 0xdead);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, four, 4, NULL), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_pins_flags(4, NULL, 4, &f), -EINVAL);
}
END_TEST

/* The exits of @n words. */
static uint32_t exits_of(const char *const *args, uint32_t n)
{
	uint32_t e = 0xdead;

	ck_assert_int_eq(vcpuchar_x86_qemu_args_exits(args, n, &e), 0);
	return e;
}

START_TEST(qemu_args_exits)
{
	/* What lib/x86/x86-format.c writes into <qemu:commandline>, and the note's mem-lock form. */
	const char *const plain[] = { "-overcommit", "cpu-pm=on" };
	const char *const both[] = { "-machine", "q35", "-overcommit", "mem-lock=on,cpu-pm=on" };
	const char *const dashes[] = { "--overcommit", "cpu-pm=on" };
	const char *const off[] = { "-overcommit", "cpu-pm=off" };
	const char *const alone[] = { "cpu-pm=on" };
	const char *const last[] = { "-cpu", "host", "-overcommit" };
	const char *const longer[] = { "-overcommit", "cpu-pm=onx" };
	const char *const with_null[] = { "-overcommit", NULL };
	/* QEMU's other spellings: measured on Debian 12's QEMU 7.2 as on (lib/x86.md#domain-rules). */
	const char *const yes[] = { "-overcommit", "cpu-pm=yes" };
	const char *const truth[] = { "-overcommit", "mem-lock=off,cpu-pm=true" };
	const char *const y[] = { "-overcommit", "cpu-pm=y" };
	const char *const bare[] = { "-overcommit", "cpu-pm" };
	const char *const no[] = { "-overcommit", "cpu-pm=on,nocpu-pm" };
	/* The last item wins, in a word and across words (QEMU 9.1 and later). */
	const char *const on_off[] = { "-overcommit", "cpu-pm=on,cpu-pm=off" };
	const char *const off_on[] = { "-overcommit", "cpu-pm=off", "-overcommit", "cpu-pm=on" };
	const char *const kept[] = { "-overcommit", "cpu-pm=on", "-overcommit", "mem-lock=on" };
	const char *const bad[] = { "-overcommit", "cpu-pm=1" };
	const char *const prefix[] = { "-overcommit", "cpu-pmx=on" };
	uint32_t e;

	ck_assert_uint_eq(exits_of(plain, 2), ALL_FOUR);
	ck_assert_uint_eq(ALL_FOUR, 0xf);
	ck_assert_uint_eq(exits_of(both, 4), ALL_FOUR);
	ck_assert_uint_eq(exits_of(dashes, 2), ALL_FOUR);
	ck_assert_uint_eq(exits_of(off, 2), 0);
	ck_assert_uint_eq(exits_of(alone, 1), 0);
	ck_assert_uint_eq(exits_of(last, 3), 0);
	ck_assert_int_eq(vcpuchar_x86_qemu_args_exits(longer, 2, &e), -EINVAL);
	ck_assert_uint_eq(exits_of(NULL, 0), 0);
	ck_assert_uint_eq(exits_of(yes, 2), ALL_FOUR);
	ck_assert_uint_eq(exits_of(truth, 2), ALL_FOUR);
	ck_assert_uint_eq(exits_of(y, 2), ALL_FOUR);
	ck_assert_uint_eq(exits_of(bare, 2), ALL_FOUR);
	ck_assert_uint_eq(exits_of(no, 2), 0);
	ck_assert_uint_eq(exits_of(on_off, 2), 0);
	ck_assert_uint_eq(exits_of(off_on, 4), ALL_FOUR);
	ck_assert_uint_eq(exits_of(kept, 4), ALL_FOUR);
	ck_assert_uint_eq(exits_of(prefix, 2), 0);
	e = 0xdead;
	ck_assert_int_eq(vcpuchar_x86_qemu_args_exits(bad, 2, &e), -EINVAL);
	ck_assert_uint_eq(e, 0);
	ck_assert_int_eq(vcpuchar_x86_qemu_args_exits(with_null, 2, &e), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_qemu_args_exits(NULL, 1, &e), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_qemu_args_exits(plain, 2, NULL), -EINVAL);
}
END_TEST

START_TEST(hlt_mismatch)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };
	uint32_t codes[4] = { 0 }, m = 0xdead;

	/* A shared VM: HLT exits kept, for reason 1 hlt_exits_kept_overcommit alone. */
	amd_host(&h);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, ALL_FOUR, &m, codes, 4), 1);
	ck_assert_uint_eq(m, 1);
	ck_assert_uint_eq(codes[0], VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT);
	/* Counting only; a domain that asks for no HLT pass-through is no mismatch. */
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, ALL_FOUR, &m, NULL, 0), 1);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, VCPUCHAR_X86_DISABLE_EXITS_PAUSE, &m, NULL, 0), 1);
	ck_assert_uint_eq(m, 0);

	/* Pinned but not latency-sensitive: kept for throughput (reason 5). */
	vm.flags = VCPUCHAR_X86_VM_PINNED;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, ALL_FOUR, &m, codes, 4), 1);
	ck_assert_uint_eq(m, 1);
	ck_assert_uint_eq(codes[0], VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_PINNED_THROUGHPUT);

	/* force on a shared VM: kept, force_needs_pinning (63) is an HLT reason too. */
	vm.flags = 0;
	vm.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, ALL_FOUR, &m, codes, 4), 2);
	ck_assert_uint_eq(m, 1);
	ck_assert_uint_eq(codes[0], VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT);
	ck_assert_uint_eq(codes[1], VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCE_NEEDS_PINNING);

	/* Pinned and latency-sensitive: the policy disables HLT exits too. */
	pinned_policy(&p);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, ALL_FOUR, &m, codes, 4), 1);
	ck_assert_uint_eq(m, 0);
	ck_assert_uint_eq(codes[0], VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED);

	/* Bad arguments. */
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, 1u << 5, &m, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(NULL, 0, &m, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, 0, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, 0, &m, NULL, 1), -EINVAL);
	p.n_reasons = VCPUCHAR_X86_MAX_REASONS + 1;
	ck_assert_int_eq(vcpuchar_x86_hlt_mismatch(&p, 0, &m, NULL, 0), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-inputs");
	TCase *tc = tcase_create("x86-inputs");

	tcase_add_test(tc, profile_without_x86_facts);
	tcase_add_test(tc, policy_validate);
	tcase_add_test(tc, pins_flags);
	tcase_add_test(tc, qemu_args_exits);
	tcase_add_test(tc, hlt_mismatch);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
