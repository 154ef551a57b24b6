/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * Verification of an applied x86 policy from two vCPU statistics snapshots
 * (lib/x86.md#verification): pure, no allocation, no I/O.
 * Reasons are collected in a bitmap and emitted in code order, as the
 * decide path does, so each code appears at most once.
 */
#include <stddef.h>
#include <stdint.h>

#include "vcpuchar-private.h"

#define STAT_BIT(s) (1u << (s))
#define KNOWN_STATS ((1u << VCPUCHAR_X86_N_STATS) - 1)

VCPUCHAR_EXPORT const char *vcpuchar_x86_hlt_verdict_name(uint32_t verdict)
{
	static const char *const names[] = {
		[VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL] = "cannot_tell",
		[VCPUCHAR_X86_HLT_VERDICT_HONOURED] = "honoured",
		[VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED] = "not_honoured",
	};

	return verdict < sizeof(names) / sizeof(names[0]) ? names[verdict] : NULL;
}

VCPUCHAR_EXPORT const char *vcpuchar_x86_halt_poll_verdict_name(uint32_t verdict)
{
	static const char *const names[] = {
		[VCPUCHAR_X86_HALT_POLL_VERDICT_CANNOT_TELL] = "cannot_tell",
		[VCPUCHAR_X86_HALT_POLL_VERDICT_ACTIVE] = "active",
		[VCPUCHAR_X86_HALT_POLL_VERDICT_INACTIVE] = "inactive",
	};

	return verdict < sizeof(names) / sizeof(names[0]) ? names[verdict] : NULL;
}

static bool policy_has(const struct vcpuchar_x86_policy *p, uint32_t code)
{
	for (uint32_t i = 0; i < p->n_reasons; i++)
		if (p->reasons[i].code == code)
			return true;
	return false;
}

/* The HLT half: dh is the growth of halt_exits, g the caller's HLT count. */
static uint32_t hlt_verdict(const struct vcpuchar_x86_policy *p, uint64_t dh, uint64_t g,
			    struct vcpuchar_x86_reason_set *a)
{
	bool known = g != VCPUCHAR_X86_GUEST_HLTS_UNKNOWN;

	/* More halt exits than HLTs: KVM counts other halts (AP reset hold), or the count is off. */
	if (known && dh > g)
		vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_HALT_EXITS_EXCEED_GUEST_HLTS, dh);
	if (p->disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT) {
		/* Any halt KVM handled means HLT still traps: accepted, not honoured. */
		if (dh > 0) {
			vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED, dh);
			return VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED;
		}
		if (known && g > 0) {
			vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED, g);
			return VCPUCHAR_X86_HLT_VERDICT_HONOURED;
		}
	} else if (dh > 0 || (known && g > 0)) {
		if (!known || dh >= g) {
			vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_HONOURED, dh);
			return VCPUCHAR_X86_HLT_VERDICT_HONOURED;
		}
		/*
		 * Idle HLT lets an HLT with a virtual interrupt pending complete
		 * without an exit. With no exit at all, every HLT may have done so,
		 * which is also what exits disabled behind the policy would show.
		 */
		if (p->idle_hlt_active && dh == 0) {
			vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_IDLE_HLT_FEWER_HALT_EXITS, dh);
			return VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL;
		}
		if (p->idle_hlt_active) {
			vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_HONOURED, dh);
			vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_IDLE_HLT_FEWER_HALT_EXITS, dh);
			return VCPUCHAR_X86_HLT_VERDICT_HONOURED;
		}
		vcpuchar_x86_reason_add_value(a, VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_NOT_HONOURED, dh);
		return VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED;
	}
	/* No halt exit and no known HLT: nothing in the statistics shows a guest halt. */
	vcpuchar_x86_reason_add(a, known ? VCPUCHAR_X86_REASON_GUEST_NEVER_HALTED : VCPUCHAR_X86_REASON_GUEST_HLTS_UNKNOWN);
	return VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL;
}

VCPUCHAR_EXPORT int vcpuchar_x86_policy_verify(const struct vcpuchar_x86_policy *policy,
					       const struct vcpuchar_x86_vcpu_stats *before,
					       const struct vcpuchar_x86_vcpu_stats *after, uint64_t guest_hlts,
					       struct vcpuchar_x86_verdict *out)
{
	struct vcpuchar_x86_verdict buf, *ret;
	struct vcpuchar_x86_policy pbuf;
	struct vcpuchar_x86_vcpu_stats bbuf, abuf;
	struct vcpuchar_x86_reason_set a;
	uint64_t delta[VCPUCHAR_X86_N_STATS] = { 0 };
	uint32_t have, hlt, poll;

	return_val_if_fail(policy && VCPUCHAR_SIZE_OK(policy), -EINVAL);
	return_val_if_fail(before && VCPUCHAR_SIZE_OK(before), -EINVAL);
	return_val_if_fail(after && VCPUCHAR_SIZE_OK(after), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(out), -EINVAL);
	return_val_if_fail(!(policy->disable_exits & ~VCPUCHAR_X86_DISABLE_EXITS_KNOWN), -EINVAL);
	/* No more reasons than the caller's policy holds. */
	return_val_if_fail(policy->n_reasons <= VCPUCHAR_ENTRIES(policy, reasons, VCPUCHAR_X86_MAX_REASONS), -EINVAL);
	return_val_if_fail(!(before->have & ~KNOWN_STATS) && !(after->have & ~KNOWN_STATS), -EINVAL);
	policy = VCPUCHAR_IN(policy, &pbuf);
	before = VCPUCHAR_IN(before, &bbuf);
	after = VCPUCHAR_IN(after, &abuf);

	have = before->have & after->have;
	for (uint32_t s = 0; s < VCPUCHAR_X86_N_STATS; s++) {
		if (!(have & STAT_BIT(s)))
			continue;
		/* Cumulative counters never go back: swapped snapshots, or two vCPUs. */
		return_val_if_fail(after->values[s] >= before->values[s], -EINVAL);
		delta[s] = after->values[s] - before->values[s];
	}

	memset(a.set, 0, sizeof(a.set));
	memset(a.has_value, 0, sizeof(a.has_value));
	if (have & STAT_BIT(VCPUCHAR_X86_STAT_HALT_EXITS)) {
		hlt = hlt_verdict(policy, delta[VCPUCHAR_X86_STAT_HALT_EXITS], guest_hlts, &a);
	} else {
		vcpuchar_x86_reason_add(&a, VCPUCHAR_X86_REASON_HALT_EXITS_STAT_ABSENT);
		hlt = VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL;
	}

	if (!(have & STAT_BIT(VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL))) {
		vcpuchar_x86_reason_add(&a, VCPUCHAR_X86_REASON_HALT_POLL_STATS_ABSENT);
		poll = VCPUCHAR_X86_HALT_POLL_VERDICT_CANNOT_TELL;
	} else if (delta[VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL] > 0) {
		vcpuchar_x86_reason_add_value(&a, VCPUCHAR_X86_REASON_HALT_POLL_ACTIVE, delta[VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL]);
		poll = VCPUCHAR_X86_HALT_POLL_VERDICT_ACTIVE;
	} else {
		/* Why KVM did not poll: halts went to userspace, none reached KVM, or the window was 0. */
		if (policy_has(policy, VCPUCHAR_X86_REASON_PV_UNHALT_NEEDS_IRQCHIP))
			vcpuchar_x86_reason_add(&a, VCPUCHAR_X86_REASON_HALT_POLL_NO_IRQCHIP);
		else if ((have & STAT_BIT(VCPUCHAR_X86_STAT_HALT_EXITS)) && !delta[VCPUCHAR_X86_STAT_HALT_EXITS])
			vcpuchar_x86_reason_add(&a, VCPUCHAR_X86_REASON_HALT_POLL_NO_HALT_IN_KERNEL);
		else
			vcpuchar_x86_reason_add(&a, VCPUCHAR_X86_REASON_HALT_POLL_INACTIVE);
		poll = VCPUCHAR_X86_HALT_POLL_VERDICT_INACTIVE;
	}

	/* An older caller's smaller struct: the verdict is made whole in @buf, then the part it has. */
	ret = out;
	/* GCOVR_EXCL_START: reached once this struct has grown past its first release (test-growth tests the mechanism). */
	if (__builtin_expect(vcpuchar_size_of(out) < sizeof(*out), 0)) {
		memset(&buf, 0, sizeof(buf));
		ret = &buf;
	}
	/* GCOVR_EXCL_STOP */
	/* Everything but @size, which stays as the caller set it. */
	memset((char *)ret + sizeof(ret->size), 0, sizeof(*ret) - sizeof(ret->size));
	ret->hlt = hlt;
	ret->halt_poll = poll;
	ret->have = have;
	ret->guest_hlts = guest_hlts;
	ret->halt_exits = delta[VCPUCHAR_X86_STAT_HALT_EXITS];
	ret->halt_attempted_poll = delta[VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL];
	ret->halt_successful_poll = delta[VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL];
	ret->exits = delta[VCPUCHAR_X86_STAT_EXITS];
	ret->n_reasons = vcpuchar_x86_reason_emit(&a, ret->reasons, NULL);
	/* GCOVR_EXCL_START: reached once this struct has grown past its first release (test-growth tests the mechanism). */
	if (ret != out) {
		ret->n_reasons = VCPUCHAR_ENTRIES(out, reasons, ret->n_reasons);
		VCPUCHAR_OUT_END(out, ret);
	}
	/* GCOVR_EXCL_STOP */
	return 0;
}
