/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Applying the x86 policy to a VM fd and to a guest CPUID table (lib/x86.md#apply). */
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "vcpuchar-private.h"

_Static_assert(sizeof(struct vcpuchar_x86_cpuid_entry) == 40, "struct kvm_cpuid_entry2 layout");

/* /dev/kvm is the misc device 10:232 (Linux include/linux/miscdevice.h KVM_MINOR). */
#define MISC_MAJOR 10
#define KVM_MINOR 232

/*
 * 0 for a VM fd; -EINVAL for the system fd or a vCPU fd; -EBADF, -ENOTTY for
 * others. No ioctl but the KVM_CHECK_EXTENSION that apply makes anyway
 * (lib/x86.md#apply, "System calls"): fstat(2) tells /dev/kvm (a character
 * device) and every file that is no anonymous inode from VM fds; only a
 * refused fd costs a readlink(2) of /proc/self/fd/N, to name a vCPU fd.
 */
static int check_vm_fd(int fd, int *allowed)
{
	struct stat st;

	if (fd < 0 || fcntl(fd, F_GETFD) < 0)
		return -EBADF;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (S_ISCHR(st.st_mode))
		return major(st.st_rdev) == MISC_MAJOR && minor(st.st_rdev) == KVM_MINOR ? -EINVAL : -ENOTTY;
	/* KVM's fds are anonymous inodes: no type bits, or S_IFREG on newer kernels. */
	if ((st.st_mode & S_IFMT) && !S_ISREG(st.st_mode))
		return -ENOTTY;
	/* VM fds answer KVM_CHECK_EXTENSION; vCPU fds and other files do not. */
	*allowed = ioctl(fd, KVM_CHECK_EXTENSION, KVM_CAP_X86_DISABLE_EXITS);
	if (*allowed >= 0)
		return 0;
	return vcpuchar_fd_is_kvm_anon(fd, "kvm-vcpu") ? -EINVAL : -ENOTTY;
}

VCPUCHAR_EXPORT int vcpuchar_x86_apply(int vm_fd, const struct vcpuchar_x86_host *host,
				       const struct vcpuchar_x86_vm *vm, uint32_t flags,
				       struct vcpuchar_x86_policy *ret)
{
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };
	struct vcpuchar_x86_live live = { 0 };
	struct vcpuchar_x86_host hbuf;
	struct vcpuchar_x86_vm vbuf;
	int r, allowed = 0;

	return_val_if_fail(ret && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	return_val_if_fail(!(flags & ~VCPUCHAR_X86_APPLY_VCPUS_EXIST), -EINVAL);
	/* Argument errors first, before any ioctl. */
	r = vcpuchar_x86_policy_check(host, vm);
	if (r)
		return r;
	host = VCPUCHAR_IN(host, &hbuf);
	vm = VCPUCHAR_IN(vm, &vbuf);
	r = check_vm_fd(vm_fd, &allowed);
	if (r)
		return r;

	/*
	 * The live facts (lib/x86.md#global-rules G3): what this kernel allows for this VM now. Facts
	 * from a profile or another host may say more, and a policy built on
	 * them would report a state that is never applied.
	 */
	live.disable_exits_allowed = allowed > 0 ? (uint32_t)allowed : 0;
	live.halt_poll_cap = ioctl(vm_fd, KVM_CHECK_EXTENSION, KVM_CAP_HALT_POLL) > 0;
	r = vcpuchar_x86_policy_decide(host, vm, &live, &p);
	if (r)
		return r;

	if (p.disable_exits) {
		struct kvm_enable_cap c = { .cap = KVM_CAP_X86_DISABLE_EXITS, .args = { p.disable_exits } };

		/*
		 * Only the caller knows whether vCPUs exist (lib/x86.md#apply step 3): KVM
		 * has no query for it, and Linux 6.14+ answers EINVAL to a late call (step 4).
		 */
		if (flags & VCPUCHAR_X86_APPLY_VCPUS_EXIST)
			return -EBUSY;
		if (ioctl(vm_fd, KVM_ENABLE_CAP, &c) < 0) {
			if (errno != EINVAL)
				return -errno;
			/* lib/x86.md#apply step 4: no retry; decide again knowing what KVM refused. */
			live.exits_refused = p.disable_exits;
			r = vcpuchar_x86_policy_decide(host, vm, &live, &p);
			if (r)
				return r;
		}
	}

	if (p.halt_poll_set) {
		struct kvm_enable_cap c = { .cap = KVM_CAP_HALT_POLL, .args = { p.halt_poll_ns } };

		if (ioctl(vm_fd, KVM_ENABLE_CAP, &c) < 0)
			return -errno;
	}
	vcpuchar_x86_policy_out(ret, &p);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_x86_cpuid_patch(struct vcpuchar_x86_cpuid_entry *entries, uint32_t nent,
					     const struct vcpuchar_x86_host *host,
					     const struct vcpuchar_x86_policy *policy)
{
	static const char sig[12] = "KVMKVMKVM\0\0\0";
	struct vcpuchar_x86_host hbuf;
	struct vcpuchar_x86_policy pbuf;
	uint32_t base = 0, features = UINT32_MAX;
	bool found = false;

	return_val_if_fail(entries && policy, -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(policy), -EINVAL);
	return_val_if_fail(!host || VCPUCHAR_SIZE_OK(host), -EINVAL);
	host = VCPUCHAR_IN(host, &hbuf);
	policy = VCPUCHAR_IN(policy, &pbuf);
	if (host && (host->have & (1u << VCPUCHAR_X86_FACT_SUPPORTED_CPUID)))
		features = host->kvm_features;

	/* lib/x86.md#global-rules G1: the guest never sees IDLE_HLT. */
	for (uint32_t i = 0; i < nent; i++)
		if (entries[i].function == 0x8000000A)
			entries[i].edx &= ~VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT;
	/* lib/x86.md#monitor (since 1.3): MONITOR/MWAIT only when MWAIT exits are disabled. */
	if (!(policy->disable_exits & VCPUCHAR_X86_DISABLE_EXITS_MWAIT))
		for (uint32_t i = 0; i < nent; i++)
			if (entries[i].function == 1)
				entries[i].ecx &= ~VCPUCHAR_X86_CPUID_1_ECX_MONITOR;

	/* KVM's leaves may sit at 0x40000000 + k * 0x100 (behind Hyper-V's, for one). */
	for (uint32_t i = 0; i < nent && !base; i++) {
		const struct vcpuchar_x86_cpuid_entry *e = &entries[i];
		char s[12];

		if (e->function < 0x40000000 || e->function > 0x4000ff00 || (e->function & 0xff))
			continue;
		memcpy(s, &e->ebx, 4);
		memcpy(s + 4, &e->ecx, 4);
		memcpy(s + 8, &e->edx, 4);
		if (!memcmp(s, sig, sizeof(sig)))
			base = e->function;
	}
	if (!base)
		return -ENOENT;
	for (uint32_t i = 0; i < nent; i++) {
		struct vcpuchar_x86_cpuid_entry *e = &entries[i];

		if (e->function != base + 1)
			continue;
		found = true;
		e->eax &= ~(VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT | VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL);
		if (policy->pv_unhalt && (features & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT))
			e->eax |= VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT;
		if (policy->poll_control && (features & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL))
			e->eax |= VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL;
		/* KVM never sets REALTIME itself; userspace may (as QEMU does). */
		if (policy->hints_realtime)
			e->edx |= VCPUCHAR_X86_KVM_HINTS_REALTIME;
		else
			e->edx &= ~VCPUCHAR_X86_KVM_HINTS_REALTIME;
	}
	return found ? 0 : -ENOENT;
}
