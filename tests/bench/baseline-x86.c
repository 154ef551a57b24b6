/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The inline VMM code vcpuchar_x86_decide() is measured against (see baseline-x86.h). */
#include <errno.h>

#include "baseline-x86.h"

#define HAVE(f) (h->have & (1u << VCPUCHAR_X86_FACT_##f))
#define R_(n) VCPUCHAR_X86_REASON_##n
#define BIT(c) (UINT64_C(1) << (c))
#define HLT VCPUCHAR_X86_DISABLE_EXITS_HLT

/* Class refusal of lib/x86.md#reason-codes. */
static const uint64_t refusals = BIT(R_(LATENCY_NEEDS_PINNING)) | BIT(R_(HOST_IS_GUEST)) |
				 BIT(R_(CVM_HLT_PASSTHROUGH_UNVERIFIED)) | BIT(R_(SMT_RSB_FORBIDS_HLT_PASSTHROUGH)) |
				 BIT(R_(HLT_NOT_IN_ALLOWED_MASK)) | BIT(R_(DISABLE_EXITS_MASKED)) |
				 BIT(R_(REALTIME_HINT_NEEDS_HOST_PASSTHROUGH)) | BIT(R_(NESTED_SVM_UNAVAILABLE)) |
				 BIT(R_(REALTIME_HINT_HOST_IS_GUEST));

/* "6.15.0-foo" -> 6 << 16 | 15; UINT32_MAX when it does not start with two numbers (unknown). */
static uint32_t kernel_version(const char *s)
{
	uint32_t major = 0, minor = 0;

	if (*s < '0' || *s > '9')
		return UINT32_MAX;
	while (*s >= '0' && *s <= '9' && major <= 0xffff)
		major = major * 10 + (uint32_t)(*s++ - '0');
	if (*s++ != '.' || *s < '0' || *s > '9')
		return UINT32_MAX;
	while (*s >= '0' && *s <= '9' && minor <= 0xffff)
		minor = minor * 10 + (uint32_t)(*s++ - '0');
	return major > 0xffff || minor > 0xffff ? UINT32_MAX : major << 16 | minor;
}

/* lib/x86.md#guest-view rule 3: 1 the guest kernel has the 2025 reorder, 0 not, -1 unknown. */
static int kernel_reordered(uint32_t k)
{
	uint32_t ab = k >> 16, c = k & 0xffff;

	if (!k)
		return -1;
	if (ab >= (6u << 8 | 18))
		return 1;
	if (ab == (6u << 8 | 12) || ab == (6u << 8 | 1))
		return c >= (ab == (6u << 8 | 12) ? 58u : 159u);
	if (ab == (6u << 8 | 17))
		return c <= 5 ? 0 : -1;
	return ab == (5u << 8 | 4) || ab == (5u << 8 | 10) || ab == (5u << 8 | 15) || ab == (6u << 8 | 6) ? -1 : 0;
}

void bl_x86_decide(const struct vcpuchar_x86_host *h, const struct vcpuchar_x86_vm *vm, struct bl_x86_policy *ret)
{
	uint64_t set = 0, has_value = 0, value[VCPUCHAR_X86_REASON_MAX + 1], hi = 0, hi_value[16] = { 0 };
	int amd = HAVE(CPUID_VENDOR) && (h->vendor == VCPUCHAR_X86_VENDOR_AMD || h->vendor == VCPUCHAR_X86_VENDOR_HYGON);
	int pinned = !!(vm->flags & VCPUCHAR_X86_VM_PINNED), latency = !!(vm->flags & VCPUCHAR_X86_VM_LATENCY);
	int force = vm->hlt_passthrough == VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE;
	int irqchip = !(vm->flags & VCPUCHAR_X86_VM_NO_IRQCHIP), cvm = vm->cvm != VCPUCHAR_X86_CVM_NONE;
	uint32_t dx = HAVE(DISABLE_EXITS) ? h->disable_exits_allowed & VCPUCHAR_X86_DISABLE_EXITS_KNOWN : 0;
	int guest = HAVE(CPUID_HYPERVISOR) && h->hypervisor;
	int bug = HAVE(SMT_RSB_BUG) && h->smt_rsb_bug && (!HAVE(SMT_CONTROL) || h->smt_possible);
	int want = pinned && (latency || force), refused = 0, reordered;
	uint32_t de = 0, kver, no_effect = 0, ov_bit;
	uint64_t lifted = 0;

#define ADD(c) (set |= BIT(R_(c)))
#define ADDV(c, v) (set |= BIT(R_(c)), has_value |= BIT(R_(c)), value[R_(c)] = (v))

	ret->idle_hlt_active = ret->halt_poll_set = ret->halt_poll_ns = ret->n_reasons = 0;
	/* lib/x86.md#row-selection: rows and refusals. */
	if (want && vm->hlt_passthrough == VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER) {
		want = 0;
		ADD(CALLER_FORBIDS_HLT_PASSTHROUGH);
	} else if (vm->hlt_passthrough == VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER) {
		no_effect |= VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_NEVER;
	}
	if (want) {
		if (guest && !force)
			ADD(HOST_IS_GUEST);
		else if (guest)
			lifted |= BIT(R_(HOST_IS_GUEST));
		if (cvm && !force)
			ADD(CVM_HLT_PASSTHROUGH_UNVERIFIED);
		else if (cvm)
			lifted |= BIT(R_(CVM_HLT_PASSTHROUGH_UNVERIFIED));
		if ((HAVE(MITIGATE_SMT_RSB) && h->mitigate_smt_rsb) || (bug && !force))
			ADD(SMT_RSB_FORBIDS_HLT_PASSTHROUGH);
		else if (bug)
			lifted |= BIT(R_(SMT_RSB_FORBIDS_HLT_PASSTHROUGH));
		if (!(dx & HLT))
			ADDV(HLT_NOT_IN_ALLOWED_MASK, dx);
		refused = (set & refusals) != 0;
	}
	if (force && (!want || refused)) {
		no_effect |= VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_FORCE;
		lifted = 0;
	}
	if (!pinned) {
		ADD(HLT_EXITS_KEPT_OVERCOMMIT);
		if (force)
			ADD(HLT_PASSTHROUGH_FORCE_NEEDS_PINNING);
		if (latency)
			ADD(LATENCY_NEEDS_PINNING);
	} else if (want && !refused) {
		uint32_t req = HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE |
			       (vm->flags & VCPUCHAR_X86_VM_WANT_MWAIT ? VCPUCHAR_X86_DISABLE_EXITS_MWAIT : 0) |
			       (vm->flags & VCPUCHAR_X86_VM_WANT_CSTATE ? VCPUCHAR_X86_DISABLE_EXITS_CSTATE : 0);

		de = req & dx;
		if (req & ~dx)
			ADDV(DISABLE_EXITS_MASKED, req & ~dx);
		ADD(HLT_PASSTHROUGH_DEDICATED);
		if (force)
			ADD(HLT_PASSTHROUGH_FORCED);
		if (lifted)
			ADDV(OVERRIDE_LIFTED_REFUSAL, lifted);
	} else if (!latency) {
		ADD(HLT_EXITS_KEPT_PINNED_THROUGHPUT);
	}
	ret->disable_exits = de;

	/* REALTIME and POLL_CONTROL with dedicated CPUs only; lib/x86.md#global-rules G2 for PV_UNHALT. */
	ret->hints_realtime = pinned && !guest; /* any CPU mode since 1.3 */
	ret->poll_control = ret->hints_realtime && (!(h->have & (1u << VCPUCHAR_X86_FACT_SUPPORTED_CPUID)) ||
						    (h->kvm_features & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL));
	if (!pinned)
		ADD(REALTIME_HINT_NEEDS_PINNING);
	else if (ret->hints_realtime)
		ADD(REALTIME_HINT_DEDICATED);
	if (pinned && guest)
		ADD(REALTIME_HINT_HOST_IS_GUEST);
	if (ret->poll_control)
		ADD(POLL_CONTROL_WITH_REALTIME);
	else if (ret->hints_realtime)
		ADD(POLL_CONTROL_NOT_SUPPORTED);
	else
		ADD(POLL_CONTROL_NEEDS_DEDICATED);
	ret->pv_unhalt = !(de & HLT) && irqchip && (!(h->have & (1u << VCPUCHAR_X86_FACT_SUPPORTED_CPUID)) ||
						    (h->kvm_features & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT));
	if (de & HLT)
		ADD(PV_UNHALT_OFF_HLT_PASSTHROUGH);
	else if (!irqchip)
		ADD(PV_UNHALT_NEEDS_IRQCHIP);
	else if (ret->pv_unhalt)
		ADD(PV_UNHALT_WITH_HLT_EXITS);
	else
		ADD(PV_UNHALT_NOT_SUPPORTED);
	if (!ret->hints_realtime && !ret->pv_unhalt)
		ADD(GUEST_TAS_SPINLOCK);
	/* 1.3: the guest kernel's kvm_spinlock_init() order (codes 70-72, in hi). */
	reordered = kernel_reordered(vm->guest_kernel);
	if (ret->hints_realtime && !ret->pv_unhalt && reordered < 0)
		hi |= BIT(R_(GUEST_SPINLOCK_KERNEL_UNKNOWN) - 64);
	if (ret->hints_realtime && !ret->pv_unhalt && !reordered)
		hi |= BIT(R_(GUEST_SPINLOCK_BEFORE_REORDER) - 64),
			hi_value[R_(GUEST_SPINLOCK_BEFORE_REORDER) - 64] = vm->guest_kernel;

	/* Kept HLT exits stay in the kernel with an irqchip, else reach the VMM (no halt polling). */
	if (!(de & HLT) && irqchip)
		ADD(HLT_HANDLED_IN_KERNEL);
	if (de & HLT) {
		ADD(HALT_POLL_MOOT_HLT_PASSTHROUGH);
	} else if (!irqchip) {
		ADD(HLT_EXITS_REACH_VMM);
	} else if (vm->flags & VCPUCHAR_X86_VM_HALT_POLL_NS) {
		ret->halt_poll_set = 1;
		ret->halt_poll_ns = vm->halt_poll_ns;
		ADDV(HALT_POLL_CALLER_VALUE, vm->halt_poll_ns);
	} else if (HAVE(HALT_POLL_NS)) {
		ADDV(HALT_POLL_LEAVE_DEFAULT, h->halt_poll_ns);
		/* Codes 64 and up (1.3): a second word, hi. */
		if (h->halt_poll_ns > 200000)
			hi |= BIT((h->halt_poll_cap || !HAVE(HALT_POLL_CAP) ? R_(HALT_POLL_ABOVE_DEFAULT)
								 : R_(HALT_POLL_ABOVE_DEFAULT_HOST_WIDE)) - 64),
				hi_value[(h->halt_poll_cap || !HAVE(HALT_POLL_CAP) ? R_(HALT_POLL_ABOVE_DEFAULT)
									    : R_(HALT_POLL_ABOVE_DEFAULT_HOST_WIDE)) - 64] =
					h->halt_poll_ns;
	} else {
		ADD(HALT_POLL_LEAVE_DEFAULT);
	}
	ADD(IDLE_HLT_NEVER_EXPOSED);

	/* lib/x86.md#idle-hlt-inference: does KVM use Idle HLT for this VM; the first reason that says no. */
	if (vm->idle_hlt_kvm != VCPUCHAR_X86_IDLE_HLT_KVM_AUTO)
		ADDV(IDLE_HLT_CALLER_OVERRIDE, vm->idle_hlt_kvm);
	kver = h->kernel_release[0] ? kernel_version(h->kernel_release) : UINT32_MAX;
	ov_bit = vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT ? VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_PRESENT :
		 vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT  ? VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_ABSENT : 0;
	if ((ov_bit == VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_PRESENT && kver != UINT32_MAX && kver >= (6u << 16 | 15)) ||
	    (ov_bit == VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_ABSENT && kver < (6u << 16 | 15)))
		no_effect |= ov_bit;
	if (!amd) {
		no_effect |= ov_bit;
		ADD(IDLE_HLT_NOT_AMD);
	} else if ((HAVE(CPUID_EXT) && !(h->cpuid_80000001_ecx & VCPUCHAR_X86_CPUID_80000001_ECX_SVM)) ||
		   !HAVE(CPUID_SVM) || !(h->cpuid_8000000a_edx & VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT)) {
		no_effect |= ov_bit;
		ADD(IDLE_HLT_CPU_LACKS);
	} else if (!HAVE(KVM_AMD) || !h->kvm_amd) {
		no_effect |= ov_bit;
		ADD(IDLE_HLT_KVM_AMD_ABSENT);
	} else if (vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT)
		;
	else if (vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_AUTO && kver == UINT32_MAX)
		ADD(IDLE_HLT_KERNEL_UNKNOWN);
	else if (vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_AUTO && kver < (6u << 16 | 15))
		ADDV(IDLE_HLT_KERNEL_TOO_OLD, kver);
	else if (HAVE(CLEARCPUID) && h->clearcpuid_510)
		ADD(IDLE_HLT_CLEARED_BY_CLEARCPUID);
	else if (de & HLT)
		ADD(IDLE_HLT_MOOT_HLT_PASSTHROUGH);
	else
		ADD(IDLE_HLT_ACTIVE);
	ret->idle_hlt_active = (set & BIT(R_(IDLE_HLT_ACTIVE))) != 0;

	if (amd && vm->cvm == VCPUCHAR_X86_CVM_SEV)
		ADD(SEV_AVIC_INHIBITED);
	if (cvm && !ret->idle_hlt_active && !(de & HLT))
		ADD(CVM_RECHECK_PENDING_IRQ);
	if (amd && (vm->flags & VCPUCHAR_X86_VM_NESTED_GUEST)) {
		ADD(NESTED_IDLE_HLT_NOT_EMULATED);
		if (HAVE(NESTED) && !h->nested)
			ADD(NESTED_SVM_UNAVAILABLE);
	}
	if (amd && HAVE(AVIC) && h->avic && !(de & HLT) && !cvm && irqchip)
		ADD(AVIC_GLOBAL_ON);
	/* Erratum #1235: AMD Family 17h, Hygon 18h, unless enable_ipiv was read as N. */
	if (amd && HAVE(AVIC) && h->avic && !cvm && irqchip && HAVE(CPUID_SIGNATURE) &&
	    ((h->vendor == VCPUCHAR_X86_VENDOR_AMD && h->family == 0x17) ||
	     (h->vendor == VCPUCHAR_X86_VENDOR_HYGON && h->family == 0x18)) &&
	    !(HAVE(ENABLE_IPIV) && !h->enable_ipiv))
		ADDV(AVIC_IPI_ERRATUM_1235, HAVE(ENABLE_IPIV) ? 0 : h->error[VCPUCHAR_X86_FACT_ENABLE_IPIV] == -ENOENT ? 1 : 2);

	if (no_effect)
		ADDV(OVERRIDE_NO_EFFECT, no_effect);

	/* Code order, which is the order of lib/x86.md#reason-codes. */
	ret->n_refusals = (uint32_t)__builtin_popcountll(set & refusals);
	for (uint64_t s = set; s; s &= s - 1) {
		uint32_t c = (uint32_t)__builtin_ctzll(s);
		struct vcpuchar_x86_reason *r = &ret->reasons[ret->n_reasons++];

		r->code = c;
		r->has_value = !!(has_value & BIT(c));
		r->value = r->has_value ? value[c] : 0;
	}
	if (!(ret->disable_exits & VCPUCHAR_X86_DISABLE_EXITS_MWAIT))
		hi |= BIT(R_(MONITOR_HIDDEN_MWAIT_EXITS) - 64);
	for (uint64_t s = hi; s; s &= s - 1) {
		uint32_t c = (uint32_t)__builtin_ctzll(s) + 64;
		struct vcpuchar_x86_reason *r = &ret->reasons[ret->n_reasons++];

		r->code = c;
		r->has_value = c != R_(MONITOR_HIDDEN_MWAIT_EXITS) && c != R_(GUEST_SPINLOCK_KERNEL_UNKNOWN);
		r->value = r->has_value ? hi_value[c - 64] : 0;
	}
}
