/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * libvcpuchar, x86: the model of a Linux guest under a policy (which cpuidle
 * driver it takes, whether it uses PV spinlocks) and the policy in QEMU's
 * and libvirt's words (for a VMM's or orchestrator's configuration), beside the VMM core of
 * <vcpuchar/x86.h> (which includes this header, so either include works).
 * Rules: /usr/share/doc/libvcpuchar/x86.md.
 */
#ifndef VCPUCHAR_PUBLIC_X86_GUEST_H
#define VCPUCHAR_PUBLIC_X86_GUEST_H

#include "x86.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The cpuidle driver a Linux guest ends up with (/usr/share/doc/libvcpuchar/x86.md#guest-view). Since: 1.1 */
enum vcpuchar_x86_cpuidle {
	VCPUCHAR_X86_CPUIDLE_NOT_HALTPOLL = 0, /* another driver, or none: idle is plain HLT */
	VCPUCHAR_X86_CPUIDLE_HALTPOLL = 1,     /* cpuidle-haltpoll: the guest polls before HLT */
};

/* Whether a Linux guest uses PV spinlocks, and the first rule that decides it
 * (/usr/share/doc/libvcpuchar/x86.md#guest-view, the order of Linux 6.12's kvm_spinlock_init()). Since: 1.1 */
enum vcpuchar_x86_pv_spinlocks {
	VCPUCHAR_X86_PV_SPINLOCKS_USED = 0,             /* "PV spinlocks enabled" */
	VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME = 1,     /* KVM_HINTS_REALTIME set */
	VCPUCHAR_X86_PV_SPINLOCKS_OFF_SINGLE_CPU = 2,   /* one vCPU */
	VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT = 3, /* KVM_FEATURE_PV_UNHALT clear */
	/* Since 1.3, only to a caller whose @size has @guest_kernel: PV_UNHALT
	 * clear with REALTIME set or one vCPU, and @guest_kernel unknown (or of
	 * a stable series whose backport release is not known): off either
	 * way, but the lock is native qspinlock with the 2025 reorder of
	 * kvm_spinlock_init() and the test-and-set lock before it. */
	VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN = 4,
};

/**
 * struct vcpuchar_x86_guest_view - what a Linux guest finds under a policy
 * @size: sizeof(struct vcpuchar_x86_guest_view), set by the caller
 * @kvm_features: CPUID 0x40000001 EAX as far as the policy decides it:
 *                VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT and
 *                VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL (other bits 0)
 * @kvm_hints: CPUID 0x40000001 EDX: VCPUCHAR_X86_KVM_HINTS_REALTIME or 0
 * @cpuidle: enum vcpuchar_x86_cpuidle
 * @pv_spinlocks: enum vcpuchar_x86_pv_spinlocks
 * @halt_exits_grow: 1 when the host's halt_exits statistic of the VM's
 *                   vCPUs grows while the guest idles (HLT exits kept),
 *                   0 when it stays (HLT pass-through)
 * @guest_kernel: input, set by the caller with @size: the guest's Linux
 *                version (VCPUCHAR_X86_KERNEL_VERSION(), as struct
 *                vcpuchar_x86_vm's), 0 unknown; left as given. Since: 1.3.
 *                A caller whose @size ends before it (built against 1.2 or
 *                older) gets the 1.2 answer: Linux 6.12's order, as if the
 *                kernel had the reorder.
 *
 * Since: 1.1
 */
struct vcpuchar_x86_guest_view {
	uint32_t size;
	uint32_t kvm_features;
	uint32_t kvm_hints;
	uint32_t cpuidle;
	uint32_t pv_spinlocks;
	uint32_t halt_exits_grow;
	uint32_t guest_kernel;
};

/* ---- the guest model ---- */

/**
 * vcpuchar_x86_guest_view() - what a Linux guest will find under a policy
 * @policy: a decided (or applied) policy: its pv_unhalt, poll_control,
 *          hints_realtime and disable_exits are read
 * @n_vcpus: the VM's number of vCPUs (possible CPUs of the guest), >= 1
 * @ret: receives the view (@ret->size set by the caller)
 *
 * The guest kernel's rules (arch/x86/kernel/kvm.c, cpuidle-haltpoll.c), for
 * Debian's configuration and no idle=, nopvspin or cpuidle_haltpoll.force:
 * /usr/share/doc/libvcpuchar/x86.md#guest-view. The order of the PV
 * spinlock checks is the one of @ret->guest_kernel (Since: 1.3). Pure: no
 * allocation.
 *
 * Return: 0; -EINVAL for NULL arguments, bad sizes, @n_vcpus 0, an
 * unknown bit in @policy->disable_exits, or @policy->hints_realtime,
 * pv_unhalt or poll_control other than 0 or 1. @ret is untouched on failure.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.1
 */
int vcpuchar_x86_guest_view(const struct vcpuchar_x86_policy *policy, uint32_t n_vcpus,
			    struct vcpuchar_x86_guest_view *ret);

/* ---- names ---- */

/**
 * vcpuchar_x86_cpuidle_name() - stable name of a cpuidle value
 * @cpuidle: enum vcpuchar_x86_cpuidle
 *
 * Return: "not_haltpoll" or "haltpoll" (static strings); NULL for an
 * unknown value.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.1
 */
const char *vcpuchar_x86_cpuidle_name(uint32_t cpuidle);

/**
 * vcpuchar_x86_pv_spinlocks_name() - stable name of a PV spinlock value
 * @value: enum vcpuchar_x86_pv_spinlocks
 *
 * Return: "used", "off_realtime", "off_single_cpu", "off_no_pv_unhalt" or
 * (since 1.3) "unknown" (static strings); NULL for an unknown value.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.1
 */
const char *vcpuchar_x86_pv_spinlocks_name(uint32_t value);

/**
 * vcpuchar_x86_kernel_parse() - a Linux version as the guest-kernel fact
 * @s: "a.b" or "a.b.c", optionally followed by '-', '+' or '~' and
 *     anything ("6.1.192-3", "6.12.58+deb13-amd64"); the upstream version,
 *     not a distribution's ABI name: Debian's "6.1.0-57-amd64" (uname -r)
 *     is read as unknown, its version is in /proc/version ("Debian
 *     6.1.192-3")
 * @ret: receives VCPUCHAR_X86_KERNEL_VERSION(a, b, c) (c 0 for "a.b");
 *       0 for Debian's "a.b.0-N-flavour" ABI names (unknown)
 *
 * Return: 0; -EINVAL for NULL arguments or text that is no such version
 * (a part above 255, or the sublevel above 65535). @ret is untouched on
 * failure.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_kernel_parse(const char *s, uint32_t *ret);

/* The texts the formatting call below writes (its @format). Since: 1.3 */
enum vcpuchar_x86_format {
	VCPUCHAR_X86_FORMAT_QEMU = 0,            /* QEMU's command-line words, one a line */
	VCPUCHAR_X86_FORMAT_QEMU_SHELL = 1,      /* the same as one line a POSIX shell reads back */
	VCPUCHAR_X86_FORMAT_LIBVIRT = 2,         /* a libvirt domain XML fragment */
	VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE = 3, /* what neither can say, one sentence a line, with the KVM
						  * call to make instead ("" when nothing) */
};

/**
 * vcpuchar_x86_policy_format() - a policy in QEMU's or libvirt's words
 * @policy: a policy from vcpuchar_x86_decide()
 * @host: the facts it was decided with (the DISABLE_EXITS mask tells
 *        whether -overcommit cpu-pm=on asks for exactly the policy's exits)
 * @vm: the VM profile it was decided for (cpu_mode: -cpu host and
 *      <cpu mode='host-passthrough'/>, or the domain's own model)
 * @format: enum vcpuchar_x86_format
 * @buf: receives the NUL-terminated text; may be NULL when @size is 0
 * @size: size of @buf in bytes
 *
 * The spellings and their sources are in
 * /usr/share/doc/libvcpuchar/x86.md#qemu-and-libvirt. Like
 * vcpuchar_ppc_caps_format(): a buffer that is too small is an error, not
 * a truncation, and a query is only @buf NULL with @size 0.
 *
 * Return: the length of the text without the NUL; -ENOSPC when @size is
 * not larger than that (@buf unchanged); -EINVAL for NULL arguments, bad
 * sizes, an unknown @format or cpu_mode, or NULL @buf with @size > 0.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_policy_format(const struct vcpuchar_x86_policy *policy, const struct vcpuchar_x86_host *host,
			       const struct vcpuchar_x86_vm *vm, uint32_t format, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* VCPUCHAR_PUBLIC_X86_GUEST_H */
