/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Reason codes of the x86 policy: stable names, classes and sentences (lib/x86.md#reason-codes). */
#include <inttypes.h>
#include <stdio.h>

#include "vcpuchar-private.h"

#define D VCPUCHAR_X86_REASON_CLASS_DECISION
#define R VCPUCHAR_X86_REASON_CLASS_REFUSAL
#define G VCPUCHAR_X86_REASON_CLASS_DIAGNOSTIC
#define A VCPUCHAR_X86_REASON_CLASS_APPLY
#define V VCPUCHAR_X86_REASON_CLASS_VERIFY

const struct vcpuchar_x86_reason_info vcpuchar_x86_reasons[VCPUCHAR_X86_REASON_MAX + 1] = {
	[VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT] = { "hlt_exits_kept_overcommit", D,
		"HLT exits kept: vCPUs share pCPUs, so an idle vCPU must release its pCPU." },
	[VCPUCHAR_X86_REASON_LATENCY_NEEDS_PINNING] = { "latency_needs_pinning", R,
		"Latency tuning needs every vCPU pinned to a dedicated pCPU; the VM is not pinned." },
	[VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED] = { "hlt_passthrough_dedicated", D,
		"HLT and PAUSE exits disabled: vCPUs own dedicated pCPUs." },
	[VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCED] = { "hlt_passthrough_forced", D,
		"HLT pass-through forced by the caller (hlt_passthrough=force)." },
	[VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_PINNED_THROUGHPUT] = { "hlt_exits_kept_pinned_throughput", D,
		"HLT exits kept on a pinned, not latency-sensitive VM: host CPU accounting and power states stay honest." },
	[VCPUCHAR_X86_REASON_CALLER_FORBIDS_HLT_PASSTHROUGH] = { "caller_forbids_hlt_passthrough", D,
		"HLT pass-through disabled by the caller (hlt_passthrough=never)." },
	[VCPUCHAR_X86_REASON_HOST_IS_GUEST] = { "host_is_guest", R,
		"The host is itself a VM (CPUID.1:ECX[31]); disabling HLT exits there has caused KVM entry failures, so HLT exits are kept." },
	[VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED] = { "cvm_hlt_passthrough_unverified", R,
		"HLT pass-through is not validated for this confidential VM type, so HLT exits are kept." },
	[VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH] = { "smt_rsb_forbids_hlt_passthrough", R,
		"Cross-thread return address predictions (SMT_RSB): KVM withholds or warns about HLT pass-through, so HLT exits are kept." },
	[VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK] = { "hlt_not_in_allowed_mask", R,
		"KVM does not allow disabling HLT exits on this host (allowed mask 0x%" PRIx64 ")." },
	[VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED] = { "disable_exits_masked", R,
		"Flags %s are not allowed by KVM on this host and were dropped." },
	[VCPUCHAR_X86_REASON_PV_UNHALT_OFF_HLT_PASSTHROUGH] = { "pv_unhalt_off_hlt_passthrough", D,
		"KVM_FEATURE_PV_UNHALT off: HLT exits are disabled." },
	[VCPUCHAR_X86_REASON_PV_UNHALT_WITH_HLT_EXITS] = { "pv_unhalt_with_hlt_exits", D,
		"KVM_FEATURE_PV_UNHALT offered: HLT exits are kept." },
	[VCPUCHAR_X86_REASON_PV_UNHALT_NEEDS_IRQCHIP] = { "pv_unhalt_needs_irqchip", D,
		"KVM_FEATURE_PV_UNHALT off: the VM has no in-kernel irqchip." },
	[VCPUCHAR_X86_REASON_REALTIME_HINT_DEDICATED] = { "realtime_hint_dedicated", D,
		"KVM_HINTS_REALTIME set: vCPUs are never preempted (QEMU's kvm-hint-dedicated, libvirt's "
		"<hint-dedicated state='on'/>, taken with any CPU mode by libvirt 9.0 and 11.3)." },
	[VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_PINNING] = { "realtime_hint_needs_pinning", D,
		"KVM_HINTS_REALTIME not set: vCPUs are not on dedicated pCPUs." },
	[VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_HOST_PASSTHROUGH] = { "realtime_hint_needs_host_passthrough", R,
		"KVM_HINTS_REALTIME not set: hint-dedicated needs CPU mode host-passthrough (libvirt 6.x rule; "
		"not emitted since 1.3: libvirt 9.0 and 11.3 take the hint with any CPU mode)." },
	[VCPUCHAR_X86_REASON_POLL_CONTROL_WITH_REALTIME] = { "poll_control_with_realtime", D,
		"KVM_FEATURE_POLL_CONTROL offered with KVM_HINTS_REALTIME: the guest's haltpoll driver asks KVM to "
		"stop host halt polling for its vCPUs (KVM polls only on HLT exits it handles: kept HLT exits with "
		"an in-kernel irqchip)." },
	[VCPUCHAR_X86_REASON_POLL_CONTROL_NEEDS_DEDICATED] = { "poll_control_needs_dedicated", D,
		"KVM_FEATURE_POLL_CONTROL not offered: it comes only with KVM_HINTS_REALTIME, i.e. with dedicated CPUs." },
	[VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT] = { "halt_poll_leave_default", D,
		"Host halt polling left at the kvm.halt_poll_ns default (%" PRIu64 " ns)." },
	[VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE] = { "halt_poll_caller_value", D,
		"Host halt polling set to %" PRIu64 " ns for this VM (KVM_CAP_HALT_POLL)." },
	[VCPUCHAR_X86_REASON_HALT_POLL_MOOT_HLT_PASSTHROUGH] = { "halt_poll_moot_hlt_passthrough", D,
		"Host halt polling does not apply: HLT does not exit, so KVM_CAP_HALT_POLL is not used." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_NEVER_EXPOSED] = { "idle_hlt_never_exposed", D,
		"IDLE_HLT (CPUID 0x8000000A EDX[30]) is never given to the guest: KVM does not emulate it for L1." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE] = { "idle_hlt_active", G,
		"KVM uses the Idle HLT intercept for this VM: HLT exits only when no virtual interrupt is pending; only clearcpuid=510 on the host (host-wide, reboot) turns it off." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_MOOT_HLT_PASSTHROUGH] = { "idle_hlt_moot_hlt_passthrough", G,
		"The host supports Idle HLT, but this VM does not intercept HLT at all." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_NOT_AMD] = { "idle_hlt_not_amd", G,
		"Idle HLT is an AMD SVM feature; this host CPU is not AMD or Hygon." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_CPU_LACKS] = { "idle_hlt_cpu_lacks", G,
		"The CPU does not report Idle HLT (CPUID 0x8000000A EDX[30], with SVM)." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_KVM_AMD_ABSENT] = { "idle_hlt_kvm_amd_absent", G,
		"kvm_amd is not loaded, so KVM cannot use Idle HLT." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE] = { "idle_hlt_caller_override", G,
		"Idle HLT kernel support set by the caller (idle_hlt_kvm=%s)." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD] = { "idle_hlt_kernel_too_old", G,
		"KVM uses Idle HLT from Linux 6.15; this kernel is %s." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_CLEARED_BY_CLEARCPUID] = { "idle_hlt_cleared_by_clearcpuid", G,
		"Idle HLT is switched off by clearcpuid=510 on the host." },
	[VCPUCHAR_X86_REASON_SEV_AVIC_INHIBITED] = { "sev_avic_inhibited", G,
		"AVIC is inhibited for SEV guests; Idle HLT, if active, uses the V_IRQ path." },
	[VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED] = { "nested_idle_hlt_not_emulated", G,
		"KVM does not emulate Idle HLT for L1; the guest hypervisor will use plain HLT intercepts." },
	[VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE] = { "nested_svm_unavailable", R,
		"SVM cannot be given to the guest: kvm_amd.nested=0." },
	[VCPUCHAR_X86_REASON_AVIC_GLOBAL_ON] = { "avic_global_on", G,
		"AVIC is on (kvm_amd.avic=Y); with Idle HLT, a pending vAPIC IRR suppresses the HLT exit." },
	[VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK] = { "disable_exits_einval_fallback", A,
		"KVM refused to disable exits (EINVAL); all exits stay enabled." },
	[VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT] = { "halt_poll_cap_absent", A,
		"This kernel has no per-VM halt-poll control (KVM_CAP_HALT_POLL); kvm.halt_poll_ns applies." },
	/* Verification (vcpuchar_x86_policy_verify): what two vCPU statistics snapshots show. */
	[VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED] = { "hlt_passthrough_honoured", V,
		"HLT pass-through honoured: the guest executed %" PRIu64 " HLT and halt_exits did not grow." },
	[VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED] = { "hlt_passthrough_not_honoured", V,
		"HLT pass-through not honoured: KVM accepted KVM_X86_DISABLE_EXITS_HLT, yet halt_exits grew by %" PRIu64
		": HLT still traps into KVM (a vendor module without hardware HLT pass-through, such as kvm_pvm, or KVM emulating the guest's code)." },
	[VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_HONOURED] = { "hlt_exits_kept_honoured", V,
		"HLT exits kept, as decided: halt_exits grew by %" PRIu64 "." },
	[VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_NOT_HONOURED] = { "hlt_exits_kept_not_honoured", V,
		"HLT exits were to be kept, yet halt_exits grew by only %" PRIu64
		", fewer than the guest's HLTs, and Idle HLT is not in use: some HLTs did not exit." },
	[VCPUCHAR_X86_REASON_GUEST_HLTS_UNKNOWN] = { "guest_hlts_unknown", V,
		"Cannot tell: halt_exits did not grow and the caller does not know whether the guest halted; no KVM statistic counts an HLT that does not exit." },
	[VCPUCHAR_X86_REASON_GUEST_NEVER_HALTED] = { "guest_never_halted", V,
		"Cannot tell: the guest did not halt between the two snapshots." },
	[VCPUCHAR_X86_REASON_HALT_EXITS_STAT_ABSENT] = { "halt_exits_stat_absent", V,
		"Cannot tell: a snapshot has no halt_exits statistic." },
	[VCPUCHAR_X86_REASON_HALT_EXITS_EXCEED_GUEST_HLTS] = { "halt_exits_exceed_guest_hlts", V,
		"halt_exits grew by %" PRIu64 ", more than the guest's HLTs: KVM counts other halts there too (e.g. an SEV-ES AP reset hold), or the count is off." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_FEWER_HALT_EXITS] = { "idle_hlt_fewer_halt_exits", V,
		"halt_exits grew by %" PRIu64 ", fewer than the guest's HLTs: with Idle HLT, an HLT with a virtual interrupt pending does not exit." },
	[VCPUCHAR_X86_REASON_HALT_POLL_ACTIVE] = { "halt_poll_active", V,
		"Host halt polling active: KVM polled on %" PRIu64 " halts before blocking the vCPU (halt_attempted_poll)." },
	[VCPUCHAR_X86_REASON_HALT_POLL_INACTIVE] = { "halt_poll_inactive", V,
		"Host halt polling inactive: halt_attempted_poll did not grow: the halts went to userspace (no in-kernel irqchip), the poll time is 0 (kvm.halt_poll_ns, KVM_CAP_HALT_POLL), the guest switched polling off (MSR_KVM_POLL_CONTROL), or the vCPU's poll window had not grown yet (it starts at 0 and grows after a short halt)." },
	[VCPUCHAR_X86_REASON_HALT_POLL_NO_IRQCHIP] = { "halt_poll_no_irqchip", V,
		"Host halt polling inactive: without an in-kernel irqchip KVM hands every halt to userspace (KVM_EXIT_HLT) and never polls." },
	[VCPUCHAR_X86_REASON_HALT_POLL_NO_HALT_IN_KERNEL] = { "halt_poll_no_halt_in_kernel", V,
		"Host halt polling inactive: KVM handled no halt, so it had nothing to poll for." },
	[VCPUCHAR_X86_REASON_HALT_POLL_STATS_ABSENT] = { "halt_poll_stats_absent", V,
		"Cannot tell whether KVM polled: a snapshot has no halt_attempted_poll statistic." },
	[VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN] = { "idle_hlt_kernel_unknown", G,
		"KVM uses Idle HLT from Linux 6.15, and this host's kernel release is missing or does not read "
		"as X.Y, so whether KVM uses it is not known (counted as not active, not as too old): give the "
		"release, or set idle_hlt_kvm=present or absent." },
	[VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL] = { "override_lifted_refusal", D,
		"hlt_passthrough=force overrode the refusal%s %s: HLT exits are disabled although %s." },
	[VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT] = { "override_no_effect", G,
		"Override without effect on this VM: %s." },
	[VCPUCHAR_X86_REASON_CVM_RECHECK_PENDING_IRQ] = { "cvm_recheck_pending_irq", G,
		"Confidential guest without Idle HLT: every guest HLT exits, and the VMM cannot see the guest's "
		"pending interrupts at HLT (its state is not readable to the host), so before blocking the vCPU it "
		"must re-check the interrupts it has injected or posted for it; a paravisor once parked an SEV-SNP "
		"vCPU that had one pending." },
	[VCPUCHAR_X86_REASON_HLT_HANDLED_IN_KERNEL] = { "hlt_handled_in_kernel", G,
		"HLT exits are kept and handled inside KVM: with an in-kernel or split irqchip the local APIC is in "
		"the kernel, so KVM halts the vCPU itself (polling first, per kvm.halt_poll_ns) and the VMM never "
		"sees KVM_EXIT_HLT; the halt_exits statistic counts these halts." },
	[VCPUCHAR_X86_REASON_HLT_EXITS_REACH_VMM] = { "hlt_exits_reach_vmm", G,
		"Without an in-kernel irqchip every guest HLT reaches the VMM as KVM_EXIT_HLT: the VMM must block "
		"the vCPU until an interrupt is pending for it; KVM's halt polling (kvm.halt_poll_ns, "
		"KVM_CAP_HALT_POLL, halt_poll_ns) does not apply." },
	[VCPUCHAR_X86_REASON_REALTIME_HINT_HOST_IS_GUEST] = { "realtime_hint_host_is_guest", R,
		"KVM_HINTS_REALTIME not set: the host is itself a VM (CPUID.1:ECX[31]), so its pCPUs are vCPUs of "
		"its own host, which can preempt them; the hint would tell the guest it is never preempted." },
	[VCPUCHAR_X86_REASON_GUEST_TAS_SPINLOCK] = { "guest_tas_spinlock", G,
		"Neither KVM_HINTS_REALTIME nor KVM_FEATURE_PV_UNHALT (HLT pass-through, no in-kernel irqchip or "
		"a KVM without PV_UNHALT): a Linux guest with more than one vCPU has kvm_spinlock_init() leave "
		"virt_spin_lock_key on, so its spinlocks are virt_spin_lock()'s "
		"unfair test-and-set lock. Remedies: KVM_HINTS_REALTIME (dedicated pCPUs on a host that is "
		"not a VM; guest kernels with upstream's 2025 change "
		"\"prefer native qspinlock for dedicated vCPUs irrespective of PV_UNHALT\" then use the native "
		"qspinlock, older ones still this lock), or HLT exits kept (hlt_passthrough=never) with an "
		"in-kernel irqchip on a KVM that lists PV_UNHALT, so that PV_UNHALT gives PV spinlocks." },
	[VCPUCHAR_X86_REASON_PV_UNHALT_NOT_SUPPORTED] = { "pv_unhalt_not_supported", G,
		"KVM_FEATURE_PV_UNHALT off: KVM_GET_SUPPORTED_CPUID does not list it (leaf 0x40000001 EAX[7]), so "
		"QEMU drops it and the guest never sees it." },
	[VCPUCHAR_X86_REASON_POLL_CONTROL_NOT_SUPPORTED] = { "poll_control_not_supported", G,
		"KVM_FEATURE_POLL_CONTROL off: KVM_GET_SUPPORTED_CPUID does not list it (leaf 0x40000001 EAX[12]), "
		"so QEMU drops it; KVM_HINTS_REALTIME, and with it the guest's haltpoll driver, does not depend on "
		"that leaf." },
	[VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235] = { "avic_ipi_erratum_1235", G,
		"AVIC is on and this CPU (AMD Family 17h or Hygon Family 18h) has erratum #1235: with AVIC IPI "
		"virtualization the IPI that should wake a halted, blocking vCPU can be lost. Kernels with "
		"upstream's fix turn IPI virtualization off there and keep AVIC (AMD: Linux 6.17, 8de4a1c8164e "
		"with the enable_ipiv parameter of d921665e01ba; Hygon: Linux 7.1, 9a12fa5213cf, also in 6.18 "
		"stable); here %s. Remedy: kvm_amd.enable_ipiv=0 where the parameter exists, else kvm_amd.avic=0." },
	[VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCE_NEEDS_PINNING] = { "hlt_passthrough_force_needs_pinning", G,
		"hlt_passthrough=force refused: the VM is not pinned, and force never lifts the need for every vCPU "
		"on a dedicated pCPU, so HLT exits are kept; declare the VM pinned once each vCPU has a pCPU of "
		"its own." },
	[VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT] = { "halt_poll_above_default", G,
		"Host halt polling: kvm.halt_poll_ns is %" PRIu64 " ns, above KVM's x86 default of 200000 "
		"(KVM_HALT_POLL_NS_DEFAULT): each idle vCPU's host CPU polls that long before it sleeps (at 400000 "
		"a mostly idle vCPU kept its host CPU about 90 per cent busy, Launchpad #1724614). Remedy: set this VM's "
		"value with KVM_CAP_HALT_POLL (the VM profile's halt_poll_ns, e.g. 200000 or 0)." },
	[VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT_HOST_WIDE] = { "halt_poll_above_default_host_wide", G,
		"Host halt polling: kvm.halt_poll_ns is %" PRIu64 " ns, above KVM's x86 default of 200000 "
		"(KVM_HALT_POLL_NS_DEFAULT): each idle vCPU's host CPU polls that long before it sleeps (at 400000 "
		"a mostly idle vCPU kept its host CPU about 90 per cent busy, Launchpad #1724614). This KVM offers no "
		"KVM_CAP_HALT_POLL, so the remedy is host-wide: kvm.halt_poll_ns=200000 (or lower)." },
	[VCPUCHAR_X86_REASON_MONITOR_HIDDEN_MWAIT_EXITS] = { "monitor_hidden_mwait_exits", D,
		"MONITOR/MWAIT hidden from the guest (CPUID.01H:ECX[3] cleared by the CPUID patch): MWAIT exits are "
		"kept, and KVM then runs the guest's MWAIT as a no-op (kvm_emulate_monitor_mwait()), so a guest "
		"idling with MWAIT would spin on its host CPU; QEMU likewise offers MONITOR only with cpu-pm=on." },
	[VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS] = { "tdx_hlt_always_exits", R,
		"HLT pass-through refused for a TDX guest: a TD's HLT always leaves the TD as "
		"TDG.VP.VMCALL<Instruction.HLT> and KVM halts the vCPU (Linux 6.16 arch/x86/kvm/vmx/tdx.c), which "
		"KVM_X86_DISABLE_EXITS_HLT cannot change, so HLT exits are kept and no exit is disabled; "
		"hlt_passthrough=force does not lift this." },
	[VCPUCHAR_X86_REASON_TDX_HLT_VIA_TDVMCALL] = { "tdx_hlt_via_tdvmcall", G,
		"TDX guest: every HLT reaches KVM as TDG.VP.VMCALL<Instruction.HLT>, KVM halts the vCPU itself "
		"(with host halt polling), and it reads the TD's pending interrupt from the TDX module "
		"(tdx_protected_apic_has_interrupt()), so unlike an SEV guest the VMM has no re-check to make; a "
		"TD needs a split irqchip (KVM_CAP_SPLIT_IRQCHIP)." },
	[VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN] = { "tdx_host_unknown", G,
		"Whether KVM can create a TDX guest on this host is not known: %s. KVM has TDX host support "
		"from Linux 6.16, switched on by kvm_intel.tdx=Y." },
	[VCPUCHAR_X86_REASON_GUEST_SPINLOCK_KERNEL_UNKNOWN] = { "guest_spinlock_kernel_unknown", G,
		"KVM_HINTS_REALTIME without KVM_FEATURE_PV_UNHALT: a Linux guest kernel with the 2025 reorder of "
		"kvm_spinlock_init() (upstream 960550503965; mainline 6.18, stable 6.12.58 and 6.1.159) uses native "
		"queued spinlocks, one before it returns at the PV_UNHALT check and uses the unfair test-and-set lock. "
		"The guest kernel was not given (VM profile guest_kernel, --guest-kernel), or its stable series' "
		"backport release is not known here." },
	[VCPUCHAR_X86_REASON_GUEST_SPINLOCK_BEFORE_REORDER] = { "guest_spinlock_before_reorder", G,
		"KVM_HINTS_REALTIME without KVM_FEATURE_PV_UNHALT and guest kernel %s, from before the 2025 reorder "
		"of kvm_spinlock_init() (upstream 960550503965): it returns at the PV_UNHALT check, so its spinlocks "
		"are the unfair test-and-set lock despite dedicated pCPUs; nopvspin does not help (checked after "
		"that return). Remedies: a guest kernel with the reorder (6.18 or later, 6.12.58 or later, 6.1.159 or "
		"later), or HLT exits kept so that PV_UNHALT is offered." },
};

static const struct vcpuchar_x86_reason_info *info(uint32_t code)
{
	/* Reserved codes have no entry: unknown, like codes past the end. */
	if (code == 0 || code > VCPUCHAR_X86_REASON_MAX || !vcpuchar_x86_reasons[code].name)
		return NULL;
	return &vcpuchar_x86_reasons[code];
}

VCPUCHAR_EXPORT const char *vcpuchar_x86_reason_name(uint32_t code)
{
	const struct vcpuchar_x86_reason_info *r = info(code);

	return r ? r->name : NULL;
}

VCPUCHAR_EXPORT int vcpuchar_x86_reason_from_name(const char *name)
{
	return_val_if_fail(name, -EINVAL);
	for (uint32_t c = 1; c <= VCPUCHAR_X86_REASON_MAX; c++)
		if (vcpuchar_x86_reasons[c].name && strcmp(vcpuchar_x86_reasons[c].name, name) == 0)
			return (int)c;
	return -EINVAL;
}

VCPUCHAR_EXPORT int vcpuchar_x86_reason_class(uint32_t code)
{
	const struct vcpuchar_x86_reason_info *r = info(code);

	return r ? (int)r->class : -EINVAL;
}

/* Flag names in bit order, joined by '|', into a small stack buffer. */
static void flags_text(uint64_t mask, char *buf, size_t size)
{
	static const char *const names[] = { "MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF" };
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned i = 0; i < 5; i++) {
		if (!(mask & (1u << i)))
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? "|" : "", names[i]);
		if (len >= size)
			return;
	}
	if (!len)
		snprintf(buf, size, "(none)");
}

/*
 * Whether @r's value is one its code can hold (enum vcpuchar_x86_reason_code):
 * a value outside the enum or mask would print as another one ("auto" for
 * any idle_hlt_kvm) or lose bits silently.
 */
static bool value_ok(const struct vcpuchar_x86_reason *r)
{
	const uint64_t overrides = ((uint64_t)VCPUCHAR_X86_OVERRIDE_WANT_CSTATE << 1) - 1;

	if (r->has_value > 1)
		return false;
	switch (r->code) {
	case VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED:
		return !(r->value & ~(uint64_t)VCPUCHAR_X86_DISABLE_EXITS_KNOWN);
	case VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE:
		return r->value <= VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT;
	case VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD:
		return r->value <= UINT32_MAX; /* major << 16 | minor */
	case VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL:
		/* A bit for each lifted code: only refusals can be lifted. */
		for (uint32_t c = 0; c < 64; c++)
			if ((r->value >> c & 1) && (c > VCPUCHAR_X86_REASON_MAX ||
						    vcpuchar_x86_reason_class(c) != VCPUCHAR_X86_REASON_CLASS_REFUSAL))
				return false;
		return true;
	case VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT:
		return !(r->value & ~overrides);
	case VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235:
		return r->value <= 2;
	case VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN:
		return !r->has_value || (r->value >= 1 && r->value <= 2);
	case VCPUCHAR_X86_REASON_GUEST_SPINLOCK_BEFORE_REORDER:
		return r->value <= UINT32_MAX;
	default:
		return true;
	}
}

VCPUCHAR_EXPORT int vcpuchar_x86_reason_text(const struct vcpuchar_x86_reason *reason, char *buf, size_t size)
{
	const struct vcpuchar_x86_reason_info *r;
	char tmp[48];
	int n;

	return_val_if_fail(reason, -EINVAL);
	return_val_if_fail(buf || size == 0, -EINVAL);
	r = info(reason->code);
	return_val_if_fail(r && value_ok(reason), -EINVAL);

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	switch (reason->code) {
	case VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK:
		if (reason->has_value)
			n = snprintf(buf, size, r->text, reason->value);
		else
			n = snprintf(buf, size, "KVM's allowed mask of exits to disable was not read "
					   "(KVM_CAP_X86_DISABLE_EXITS), so HLT exits are kept.");
		break;
	case VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE:
	case VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED:
	case VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED:
	case VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_HONOURED:
	case VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_NOT_HONOURED:
	case VCPUCHAR_X86_REASON_HALT_EXITS_EXCEED_GUEST_HLTS:
	case VCPUCHAR_X86_REASON_IDLE_HLT_FEWER_HALT_EXITS:
	case VCPUCHAR_X86_REASON_HALT_POLL_ACTIVE:
	case VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT:
	case VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT_HOST_WIDE:
		n = snprintf(buf, size, r->text, reason->value);
		break;
	case VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT:
		if (reason->has_value)
			n = snprintf(buf, size, r->text, reason->value);
		else
			n = snprintf(buf, size, "Host halt polling left at the kvm.halt_poll_ns default (value not read).");
		break;
	case VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED:
		flags_text(reason->value, tmp, sizeof(tmp));
		n = snprintf(buf, size, r->text, tmp);
		break;
	case VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE:
		n = snprintf(buf, size, r->text,
			     reason->value == VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT ? "present" :
			     reason->value == VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT ? "absent" : "auto");
		break;
	case VCPUCHAR_X86_REASON_GUEST_SPINLOCK_BEFORE_REORDER:
		if (reason->has_value && reason->value)
			snprintf(tmp, sizeof(tmp), "%u.%u.%u", (unsigned)(reason->value >> 24),
				 (unsigned)(reason->value >> 16 & 0xff), (unsigned)(reason->value & 0xffff));
		else
			snprintf(tmp, sizeof(tmp), "(version not given)");
		n = snprintf(buf, size, r->text, tmp);
		break;
	case VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD:
		if (reason->has_value)
			snprintf(tmp, sizeof(tmp), "%u.%u", (unsigned)(reason->value >> 16),
				 (unsigned)(reason->value & 0xffff));
		else
			snprintf(tmp, sizeof(tmp), "unknown");
		n = snprintf(buf, size, r->text, tmp);
		break;
	case VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL: {
		char names[160] = "", why[224] = "";
		size_t ln = 0, lw = 0;
		unsigned count = 0;

		/* The refusals by name, each with the check it stood for. */
		for (uint32_t c = 1; c < 64 && c <= VCPUCHAR_X86_REASON_MAX; c++) {
			static const char *const what[] = {
				[VCPUCHAR_X86_REASON_HOST_IS_GUEST] = "the host is itself a VM",
				[VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED] =
					"HLT pass-through is not validated for this confidential VM type",
				[VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH] =
					"the CPU has the SMT_RSB bug",
			};

			if (!(reason->value & (UINT64_C(1) << c)) || !info(c))
				continue;
			ln += (size_t)snprintf(names + ln, ln < sizeof(names) ? sizeof(names) - ln : 0, "%s%s",
					       count ? ", " : "", info(c)->name);
			if (c < sizeof(what) / sizeof(what[0]) && what[c])
				lw += (size_t)snprintf(why + lw, lw < sizeof(why) ? sizeof(why) - lw : 0, "%s%s",
						       lw ? " and " : "", what[c]);
			count++;
		}
		n = snprintf(buf, size, r->text, count == 1 ? "" : "s", count ? names : "(none)",
			     lw ? why : "a check refused it");
		break;
	}
	case VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT: {
		static const char *const what[] = {
			"hlt_passthrough=force (pass-through still needs every vCPU pinned to a dedicated pCPU, HLT in "
			"KVM's allowed mask and kvm.mitigate_smt_rsb=0; force lifts only the soft checks)",
			"hlt_passthrough=never (HLT exits were kept anyway)",
			"idle_hlt_kvm=present (the answer did not depend on the kernel-release test)",
			"idle_hlt_kvm=absent (the answer did not depend on the kernel-release test)",
			"cpu_mode=other (not reported since 1.3: the CPU mode changes only the spelling)",
			"want_mwait (MWAIT exits are disabled only together with HLT pass-through, which this VM "
			"does not get)",
			"want_cstate (CSTATE exits are disabled only together with HLT pass-through, which this VM "
			"does not get)",
		};
		char list[1024] = "";
		size_t l = 0;

		for (unsigned b = 0; b < sizeof(what) / sizeof(what[0]); b++)
			if (reason->value & (1u << b))
				l += (size_t)snprintf(list + l, l < sizeof(list) ? sizeof(list) - l : 0, "%s%s",
						      l ? "; " : "", what[b]);
		n = snprintf(buf, size, r->text, l ? list : "(none)");
		break;
	}
	case VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235: {
		static const char *const ipiv[] = {
			"kvm_amd.enable_ipiv is Y, so IPI virtualization is on",
			"kvm_amd has no enable_ipiv parameter (a kernel before 6.17), so IPI virtualization is on",
			"kvm_amd.enable_ipiv was not read, so whether IPI virtualization is on is not known",
		};

		n = snprintf(buf, size, r->text, ipiv[reason->has_value ? reason->value : 2]);
		break;
	}
	case VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN:
		n = snprintf(buf, size, r->text,
			     reason->has_value && reason->value == 1
				     ? "kvm_intel has no tdx parameter (kvm_intel not loaded, or a kernel before 6.16)"
				     : "kvm_intel.tdx was not read");
		break;
	default:
		n = snprintf(buf, size, "%s", r->text);
		break;
	}
#pragma GCC diagnostic pop
	return n;
}
