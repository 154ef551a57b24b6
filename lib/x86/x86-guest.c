/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * What a Linux guest finds under a policy (lib/x86.md#guest-view): pure, no
 * allocation, no I/O.
 */
#include <stddef.h>
#include <stdint.h>

#include "vcpuchar-private.h"

/*
 * Whether a guest kernel has upstream commit 960550503965 "x86/kvm: Prefer
 * native qspinlock for dedicated vCPUs irrespective of PV_UNHALT", which
 * moved kvm_spinlock_init()'s PV_UNHALT check (arch/x86/kernel/kvm.c) after
 * the REALTIME, single-CPU and nopvspin checks (lib/x86.md#guest-view):
 * 1 yes, 0 no, -1 not known. Mainline: first in 6.18 (the 6.17 stable
 * review carries it as a backport on 6.17.5). Stable: the 6.12.58-rc1
 * review (patch 342/565, 2025-11-11) and the 6.1.159-rc1 review (patch
 * 217/568, 2025-12-03); measured in the x86-guest-e2e tier: Debian's
 * 6.1.192 and 6.12.118 print the REALTIME line with PV_UNHALT clear. 5.4,
 * 5.10, 5.15, 6.6 and 6.17 had it in review too, at releases not looked up
 * here: unknown. Every other series before 6.18 had ended (no backport).
 */
int vcpuchar_x86_guest_kernel_reordered(uint32_t k)
{
	uint32_t major = k >> 24, minor = (k >> 16) & 0xff, sub = k & 0xffff;

	if (!k)
		return -1;
	if (major > 6 || (major == 6 && minor >= 18))
		return 1;
	if (major == 6 && minor == 12)
		return sub >= 58;
	if (major == 6 && minor == 1)
		return sub >= 159;
	if (major == 6 && minor == 17 && sub <= 5)
		return 0;
	if ((major == 5 && (minor == 4 || minor == 10 || minor == 15)) || (major == 6 && (minor == 6 || minor == 17)))
		return -1;
	return 0;
}

static bool parse_part(const char **s, uint32_t max, uint32_t *ret)
{
	uint32_t v = 0;

	if (**s < '0' || **s > '9')
		return false;
	for (; **s >= '0' && **s <= '9'; (*s)++) {
		v = v * 10 + (uint32_t)(**s - '0');
		if (v > max)
			return false;
	}
	*ret = v;
	return true;
}

VCPUCHAR_EXPORT int vcpuchar_x86_kernel_parse(const char *s, uint32_t *ret)
{
	uint32_t a, b, c = 0;
	const char *p = s;
	bool debian_abi = false;

	return_val_if_fail(s && ret, -EINVAL);
	if (!parse_part(&p, 255, &a) || *p++ != '.' || !parse_part(&p, 255, &b))
		return -EINVAL;
	if (*p == '.' && (p++, !parse_part(&p, 65535, &c)))
		return -EINVAL;
	if (*p && *p != '-' && *p != '+' && *p != '~')
		return -EINVAL;
	/* Debian's ABI name "6.1.0-57-amd64": the .0 is no sublevel. */
	if (c == 0 && *p == '-' && p[1] >= '0' && p[1] <= '9') {
		const char *q = p + 1;

		while (*q >= '0' && *q <= '9')
			q++;
		debian_abi = *q == '-';
	}
	*ret = debian_abi ? 0 : VCPUCHAR_X86_KERNEL_VERSION(a, b, c);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_x86_guest_view(const struct vcpuchar_x86_policy *policy, uint32_t n_vcpus,
					    struct vcpuchar_x86_guest_view *ret)
{
	struct vcpuchar_x86_guest_view v;
	struct vcpuchar_x86_policy pbuf;
	bool realtime, pv_unhalt, hlt_exits, has_kernel;
	int reordered = 1;

	return_val_if_fail(policy && ret && VCPUCHAR_SIZE_OK(policy), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(ret) && n_vcpus >= 1, -EINVAL);
	return_val_if_fail(!(policy->disable_exits & ~VCPUCHAR_X86_DISABLE_EXITS_KNOWN), -EINVAL);
	/* A 1.3 caller says the guest kernel; an older one gets 6.12's order. */
	has_kernel = vcpuchar_size_of(ret) >= VCPUCHAR_OFFSETOFEND(struct vcpuchar_x86_guest_view, guest_kernel);
	if (has_kernel)
		reordered = vcpuchar_x86_guest_kernel_reordered(ret->guest_kernel);
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
	/*
	 * Rule 3: kvm_spinlock_init()'s order. Before the reorder PV_UNHALT
	 * came first; the two orders differ only without PV_UNHALT and with
	 * REALTIME or one vCPU.
	 */
	if (!pv_unhalt && (realtime || n_vcpus == 1) && reordered <= 0)
		v.pv_spinlocks = reordered ? VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN : VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT;
	else if (realtime)
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME;
	else if (n_vcpus == 1)
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_OFF_SINGLE_CPU;
	else if (!pv_unhalt)
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT;
	else
		v.pv_spinlocks = VCPUCHAR_X86_PV_SPINLOCKS_USED;
	/* Rule 4: an idle guest halts (HLT on AMD, also after haltpoll's poll). */
	v.halt_exits_grow = hlt_exits;
	if (has_kernel)
		v.guest_kernel = ret->guest_kernel;

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
	static const char *const names[] = { "used", "off_realtime", "off_single_cpu", "off_no_pv_unhalt", "unknown" };

	return value < 5 ? names[value] : NULL;
}
