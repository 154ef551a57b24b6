/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * What a Linux guest finds under a policy (lib/x86.md#guest-view): pure, no
 * allocation, no I/O.
 */
#include <stddef.h>
#include <stdint.h>

#include "vcpuchar-private.h"

VCPUCHAR_EXPORT int vcpuchar_x86_guest_view(const struct vcpuchar_x86_policy *policy, uint32_t n_vcpus,
					    struct vcpuchar_x86_guest_view *ret)
{
	struct vcpuchar_x86_guest_view v;
	struct vcpuchar_x86_policy pbuf;
	bool realtime, pv_unhalt, hlt_exits;

	return_val_if_fail(policy && ret && VCPUCHAR_SIZE_OK(policy), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(ret) && n_vcpus >= 1, -EINVAL);
	return_val_if_fail(!(policy->disable_exits & ~VCPUCHAR_X86_DISABLE_EXITS_KNOWN), -EINVAL);
	policy = VCPUCHAR_IN(policy, &pbuf);
	/* Booleans: a 2 is no policy the library gives, and would be read as true. */
	return_val_if_fail(policy->hints_realtime <= 1 && policy->pv_unhalt <= 1 && policy->poll_control <= 1, -EINVAL);

	realtime = policy->hints_realtime;
	pv_unhalt = policy->pv_unhalt;
	hlt_exits = !(policy->disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT);

	memset(&v, 0, sizeof(v));
	/* Rule 1: the leaf holds what the VMM put there from the policy. */
	v.kvm_features = (pv_unhalt ? VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT : 0) |
			 (policy->poll_control ? VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL : 0);
	v.kvm_hints = realtime ? VCPUCHAR_X86_KVM_HINTS_REALTIME : 0;
	/* Rule 2: cpuidle-haltpoll registers only with REALTIME. */
	v.cpuidle = realtime ? VCPUCHAR_X86_CPUIDLE_HALTPOLL : VCPUCHAR_X86_CPUIDLE_NOT_HALTPOLL;
	/* Rule 3: kvm_spinlock_init()'s order (Linux 6.12). */
	if (realtime)
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME;
	else if (n_vcpus == 1)
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_OFF_SINGLE_CPU;
	else if (!pv_unhalt)
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT;
	else
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_USED;
	/* Rule 4: an idle guest halts (HLT on AMD, also after haltpoll's poll). */
	v.halt_exits_grow = hlt_exits;

	VCPUCHAR_OUT_END(ret, &v);
	return 0;
}

VCPUCHAR_EXPORT const char *vcpuchar_x86_cpuidle_name(uint32_t cpuidle)
{
	static const char *const names[] = { "not_haltpoll", "haltpoll" };

	return cpuidle < 2 ? names[cpuidle] : NULL;
}

VCPUCHAR_EXPORT const char *vcpuchar_x86_pv_spinlocks_name(uint32_t value)
{
	static const char *const names[] = { "used", "off_realtime", "off_single_cpu", "off_no_pv_unhalt" };

	return value < 4 ? names[value] : NULL;
}
