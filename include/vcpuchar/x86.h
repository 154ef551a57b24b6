/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * libvcpuchar, x86: the SVM Idle HLT intercept and the HLT-exit policy,
 * what a VMM calls. In order:
 *   1. vcpuchar_x86_host_probe       the host's facts (KVM, CPUID, sysfs)
 *   2. vcpuchar_x86_decide           the policy for one VM, or
 *      vcpuchar_x86_apply            decide and enable the capabilities
 *   3. vcpuchar_x86_cpuid_patch      the guest CPUID the policy needs
 *   4. vcpuchar_x86_vcpu_stats_read  the vCPU's counters, before and after
 *   5. vcpuchar_x86_policy_verify    did KVM do what the policy says
 * The guest kernel's view (cpuidle driver, PV spinlocks) is in
 * <vcpuchar/x86-guest.h>, which this header includes at its end. Rules:
 * /usr/share/doc/libvcpuchar/x86.md; conventions: <vcpuchar/common.h>.
 */
#ifndef VCPUCHAR_PUBLIC_X86_H
#define VCPUCHAR_PUBLIC_X86_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- types ---- */

/*
 * Sources for this section: /usr/share/doc/libvcpuchar/x86.md (its #decision-table is
 * the contract), Linux arch/x86/kvm/x86.c, arch/x86/kvm/svm/svm.c,
 * arch/x86/kvm/cpuid.c, include/uapi/linux/kvm.h and
 * Documentation/virt/kvm/api.rst. CPUID bits are numbered from 0 = least
 * significant, as in the AMD APM and the Intel SDM.
 */

/* KVM_CAP_X86_DISABLE_EXITS flags (include/uapi/linux/kvm.h). Since: 1.0 */
#define VCPUCHAR_X86_DISABLE_EXITS_MWAIT      (1u << 0)
#define VCPUCHAR_X86_DISABLE_EXITS_HLT        (1u << 1)
#define VCPUCHAR_X86_DISABLE_EXITS_PAUSE      (1u << 2)
#define VCPUCHAR_X86_DISABLE_EXITS_CSTATE     (1u << 3)
#define VCPUCHAR_X86_DISABLE_EXITS_APERFMPERF (1u << 4) /* Linux 6.17 */
/* Every flag the library knows (the uAPI macro for this was removed): this
 * release's value, see vcpuchar_limit(). */
#define VCPUCHAR_X86_DISABLE_EXITS_KNOWN      0x1fu

/* CPUID bits the library reads or patches. Since: 1.0 */
#define VCPUCHAR_X86_CPUID_1_ECX_HYPERVISOR        (1u << 31) /* the host is itself a guest */
#define VCPUCHAR_X86_CPUID_80000001_ECX_SVM        (1u << 2)
#define VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT   (1u << 30) /* X86_FEATURE_IDLE_HLT, Linux feature 510 */
#define VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT         (1u << 7)  /* leaf 0x40000001 EAX */
#define VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL      (1u << 12) /* leaf 0x40000001 EAX */
#define VCPUCHAR_X86_KVM_HINTS_REALTIME            (1u << 0)  /* leaf 0x40000001 EDX */

/* CPU vendor from CPUID leaf 0. Since: 1.0 */
enum vcpuchar_x86_vendor {
	VCPUCHAR_X86_VENDOR_UNKNOWN = 0, /* not read */
	VCPUCHAR_X86_VENDOR_AMD = 1,     /* "AuthenticAMD" */
	VCPUCHAR_X86_VENDOR_INTEL = 2,   /* "GenuineIntel" */
	VCPUCHAR_X86_VENDOR_HYGON = 3,   /* "HygonGenuine" */
	VCPUCHAR_X86_VENDOR_OTHER = 4,   /* any other string */
};

/*
 * The facts of struct vcpuchar_x86_host. Each is bit (1u << n) of
 * vcpuchar_x86_host.have and index n of vcpuchar_x86_host.error.
 * Since: 1.0
 */
enum vcpuchar_x86_fact {
	VCPUCHAR_X86_FACT_CPUID_VENDOR = 0,       /* leaf 0: vendor, highest basic leaf */
	VCPUCHAR_X86_FACT_CPUID_HYPERVISOR = 1,   /* leaf 1 ECX[31] */
	VCPUCHAR_X86_FACT_CPUID_EXT = 2,          /* leaves 0x80000000 and 0x80000001 ECX */
	VCPUCHAR_X86_FACT_CPUID_SVM = 3,          /* leaf 0x8000000A, read only after the vendor gate */
	VCPUCHAR_X86_FACT_DISABLE_EXITS = 4,      /* KVM_CHECK_EXTENSION(KVM_CAP_X86_DISABLE_EXITS) */
	VCPUCHAR_X86_FACT_HALT_POLL_CAP = 5,      /* KVM_CHECK_EXTENSION(KVM_CAP_HALT_POLL) */
	VCPUCHAR_X86_FACT_BINARY_STATS_CAP = 6,   /* KVM_CHECK_EXTENSION(KVM_CAP_BINARY_STATS_FD) */
	VCPUCHAR_X86_FACT_SUPPORTED_CPUID = 7,    /* KVM_GET_SUPPORTED_CPUID */
	VCPUCHAR_X86_FACT_KERNEL_RELEASE = 8,     /* /proc/sys/kernel/osrelease (uname -r) */
	VCPUCHAR_X86_FACT_HALT_POLL_NS = 9,       /* /sys/module/kvm/parameters/halt_poll_ns */
	VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW = 10,
	VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START = 11,
	VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK = 12,
	VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB = 13,  /* /sys/module/kvm/parameters/mitigate_smt_rsb */
	VCPUCHAR_X86_FACT_KVM_AMD = 14,           /* /sys/module/kvm_amd exists */
	VCPUCHAR_X86_FACT_AVIC = 15,              /* /sys/module/kvm_amd/parameters/avic */
	VCPUCHAR_X86_FACT_NESTED = 16,            /* /sys/module/kvm_amd/parameters/nested */
	VCPUCHAR_X86_FACT_SEV = 17,               /* /sys/module/kvm_amd/parameters/sev */
	VCPUCHAR_X86_FACT_SEV_ES = 18,            /* .../sev_es */
	VCPUCHAR_X86_FACT_SEV_SNP = 19,           /* .../sev_snp */
	VCPUCHAR_X86_FACT_CLEARCPUID = 20,        /* clearcpuid= on /proc/cmdline */
	VCPUCHAR_X86_FACT_SMT_RSB_BUG = 21,       /* "smt_rsb" on the bugs line of /proc/cpuinfo */
	VCPUCHAR_X86_FACT_SMT_CONTROL = 22,       /* /sys/devices/system/cpu/smt/control */
	VCPUCHAR_X86_FACT_VENDOR_MODULE = 23,     /* KVM's vendor module, named from /sys/module */
	/* Since: 1.2 */
	VCPUCHAR_X86_FACT_CPUID_SIGNATURE = 24,   /* leaf 1 EAX: family, model, stepping */
	VCPUCHAR_X86_FACT_ENABLE_IPIV = 25,       /* /sys/module/kvm_amd/parameters/enable_ipiv */
	/* Since: 1.3 */
	VCPUCHAR_X86_FACT_TDX = 26,               /* /sys/module/kvm_intel/parameters/tdx */
};
/* Number of facts: this release's value; later releases may add facts, see
 * vcpuchar_limit(). Since: 1.0 (24 in 1.0 and 1.1, 26 in 1.2, 27 in 1.3) */
#define VCPUCHAR_X86_N_FACTS 27

/**
 * struct vcpuchar_x86_host - what an x86 host and its KVM offer
 * @size: sizeof(struct vcpuchar_x86_host)
 * @source: enum vcpuchar_source
 * @have: bit (1u << enum vcpuchar_x86_fact) for each fact that was read;
 *        fields of a fact without its bit are 0 and mean "unknown"
 * @error: per fact, 0 when read, else the negative errno saying why not:
 *         -ENOENT (file or directory absent: module not loaded, parameter
 *         missing in this kernel), -EACCES, -EINVAL (a value the library
 *         could not parse), -ENOTSUP (leaf 0x8000000A: the vendor gate of
 *         /usr/share/doc/libvcpuchar/x86.md#cpuid failed), -EBADF / -ENOTTY (the KVM fd was
 *         not usable), or the errno of ioctl(2); 32 slots so that later
 *         facts fit
 * @vendor: enum vcpuchar_x86_vendor
 * @cpuid_max_basic: CPUID.0:EAX
 * @cpuid_1_ecx: CPUID.1:ECX
 * @cpuid_max_ext: CPUID.80000000h:EAX
 * @cpuid_80000001_ecx: CPUID.80000001h:ECX (bit 2 SVM)
 * @cpuid_8000000a_eax: SVM revision
 * @cpuid_8000000a_ebx: number of ASIDs
 * @cpuid_8000000a_edx: SVM feature bits of the host CPU (raw instruction;
 *                      bit 30 IDLE_HLT); valid only with the CPUID_SVM fact
 * @hypervisor: 1 when CPUID.1:ECX[31] is set: the host is itself a guest
 * @disable_exits_allowed: VCPUCHAR_X86_DISABLE_EXITS_* mask KVM allows
 *                         (kvm_get_allowed_disable_exits()); 0 = none
 * @halt_poll_cap: KVM_CHECK_EXTENSION(KVM_CAP_HALT_POLL), 0 = absent
 * @binary_stats_cap: KVM_CHECK_EXTENSION(KVM_CAP_BINARY_STATS_FD)
 * @kvm_features: KVM_GET_SUPPORTED_CPUID leaf 0x40000001 EAX
 *                (VCPUCHAR_X86_KVM_FEATURE_*)
 * @kvm_hints: KVM_GET_SUPPORTED_CPUID leaf 0x40000001 EDX
 * @supported_8000000a_edx: KVM_GET_SUPPORTED_CPUID leaf 0x8000000A EDX
 *                          (what KVM can give an L1; never has bit 30)
 * @supported_nent: number of entries KVM_GET_SUPPORTED_CPUID returned
 * @halt_poll_ns: kvm.halt_poll_ns, nanoseconds
 * @halt_poll_ns_grow: kvm.halt_poll_ns_grow (factor)
 * @halt_poll_ns_grow_start: kvm.halt_poll_ns_grow_start, nanoseconds
 * @halt_poll_ns_shrink: kvm.halt_poll_ns_shrink (divisor, 0 = reset)
 * @mitigate_smt_rsb: kvm.mitigate_smt_rsb (1 = Y)
 * @kvm_amd: 1 when /sys/module/kvm_amd exists (the module is loaded)
 * @avic: kvm_amd.avic (1 = Y)
 * @nested: kvm_amd.nested (1 = SVM can be given to guests)
 * @sev: kvm_amd.sev
 * @sev_es: kvm_amd.sev_es
 * @sev_snp: kvm_amd.sev_snp
 * @clearcpuid_510: 1 when a clearcpuid= list on the host's command line
 *                  holds 510 (X86_FEATURE_IDLE_HLT): Idle HLT is off
 * @smt_rsb_bug: 1 when the host has X86_BUG_SMT_RSB
 * @smt_possible: 1 unless SMT control reads forceoff, notsupported or
 *                notimplemented (KVM's cpu_smt_possible()); 1 when unread
 * @vendor_module: KVM's vendor module, the one that runs the guests and
 *                 so decides how HLT is trapped: "kvm_amd" or "kvm_intel"
 *                 when /sys/module holds that directory (loaded or built
 *                 in), else the first other /sys/module entry named
 *                 "kvm_*" in byte order (e.g. "kvm_pvm", a software
 *                 vendor module without SVM/VMX); NUL-terminated, "" when
 *                 unknown. Fact VCPUCHAR_X86_FACT_VENDOR_MODULE: read
 *                 with "" when /sys/module has none (-ENOENT in @error
 *                 when /sys/module itself is missing)
 * @arch: `uname -m` of the host these facts describe, "" when unknown
 * @kernel_release: `uname -r` of the host, "" when unknown
 * @reserved0, @reserved1: zero (explicit padding, so that a later member
 *                         always grows the size)
 * @cpuid_1_eax: CPUID.1:EAX, the signature (since 1.2; fact
 *               VCPUCHAR_X86_FACT_CPUID_SIGNATURE, read with leaf 1)
 * @family: the CPU family from @cpuid_1_eax as the kernel's x86_family():
 *          base family, plus the extended family when the base is 0xf
 *          (0x17 = AMD Zen 1/2, 0x18 = Hygon Dhyana); since 1.2
 * @model: the CPU model as the kernel's x86_model(): base model, with the
 *         extended model as bits 7:4 when the family is 6 or above 0xe;
 *         since 1.2
 * @enable_ipiv: kvm_amd.enable_ipiv (1 = Y: AVIC IPI virtualization on).
 *               Fact VCPUCHAR_X86_FACT_ENABLE_IPIV, -ENOENT in @error where
 *               the parameter is missing: kernels before Linux 6.17
 *               (d921665e01ba), whose AVIC always virtualizes IPIs; since 1.2
 * @tdx: kvm_intel.tdx (1 = Y: KVM may create TDX guests, a TD). Fact
 *       VCPUCHAR_X86_FACT_TDX, -ENOENT in @error where the parameter is
 *       missing: kvm_intel not loaded, or a kernel before Linux 6.16, which
 *       has no TDX host support (/usr/share/doc/libvcpuchar/x86.md#tdx); since 1.3
 * @reserved2: zero (explicit padding; since 1.3, checked like @reserved0)
 *
 * Facts come from vcpuchar_x86_host_probe(), vcpuchar_profile_load(), or
 * the caller (set @source to VCPUCHAR_SOURCE_CALLER and @have). Every
 * function reading facts returns -EINVAL when an @error entry of a known
 * fact is outside 0 and -1 ... -4095 (the kernel's errno range) or when a
 * reserved byte is not zero (since 1.2). @arch and
 * @kernel_release need no terminating NUL when full: they are never read
 * past their size.
 *
 * Since: 1.0
 */
struct vcpuchar_x86_host {
	uint32_t size;
	uint32_t source;
	uint32_t have;
	int32_t error[32];
	uint32_t vendor;
	uint32_t cpuid_max_basic;
	uint32_t cpuid_1_ecx;
	uint32_t cpuid_max_ext;
	uint32_t cpuid_80000001_ecx;
	uint32_t cpuid_8000000a_eax;
	uint32_t cpuid_8000000a_ebx;
	uint32_t cpuid_8000000a_edx;
	uint32_t hypervisor;
	uint32_t disable_exits_allowed;
	uint32_t halt_poll_cap;
	uint32_t binary_stats_cap;
	uint32_t kvm_features;
	uint32_t kvm_hints;
	uint32_t supported_8000000a_edx;
	uint32_t supported_nent;
	uint32_t reserved0;
	uint64_t halt_poll_ns;
	uint32_t halt_poll_ns_grow;
	uint32_t halt_poll_ns_grow_start;
	uint32_t halt_poll_ns_shrink;
	uint32_t mitigate_smt_rsb;
	uint32_t kvm_amd;
	uint32_t avic;
	uint32_t nested;
	uint32_t sev;
	uint32_t sev_es;
	uint32_t sev_snp;
	uint32_t clearcpuid_510;
	uint32_t smt_rsb_bug;
	uint32_t smt_possible;
	char vendor_module[32];
	char arch[16];
	char kernel_release[65];
	uint8_t reserved1[3];
	/* Since: 1.2 */
	uint32_t cpuid_1_eax;
	uint32_t family;
	uint32_t model;
	uint32_t enable_ipiv;
	/* Since: 1.3 */
	uint32_t tdx;
	uint32_t reserved2;
};

/* Confidential VM type: AMD SEV family, Intel TDX. Since: 1.0 */
enum vcpuchar_x86_cvm {
	VCPUCHAR_X86_CVM_NONE = 0,
	VCPUCHAR_X86_CVM_SEV = 1,
	VCPUCHAR_X86_CVM_SEV_ES = 2,
	VCPUCHAR_X86_CVM_SEV_SNP = 3,
	/* An Intel TDX guest, a TD (/usr/share/doc/libvcpuchar/x86.md#tdx). Since: 1.3 */
	VCPUCHAR_X86_CVM_TDX = 4,
};

/* Override hlt_passthrough (/usr/share/doc/libvcpuchar/x86.md#overrides). Since: 1.0 */
enum vcpuchar_x86_hlt_passthrough {
	VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO = 0,
	VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER = 1,
	/* lifts the soft checks (latency, host is a guest, CVM, SMT_RSB bug
	 * without mitigation); never pinning, the KVM mask or
	 * kvm.mitigate_smt_rsb=1 */
	VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE = 2,
};

/* Override cpu_mode: the guest CPU model (libvirt's modes). Since: 1.0 */
enum vcpuchar_x86_cpu_mode {
	VCPUCHAR_X86_CPU_MODE_UNSPECIFIED = 0,
	VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH = 1,
	VCPUCHAR_X86_CPU_MODE_OTHER = 2, /* a named model; turned KVM_HINTS_REALTIME off until 1.2 */
};

/* Override idle_hlt_kvm: does this kernel's KVM use Idle HLT. Since: 1.0 */
enum vcpuchar_x86_idle_hlt_kvm {
	VCPUCHAR_X86_IDLE_HLT_KVM_AUTO = 0,    /* from the kernel release (>= 6.15) */
	VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT = 1, /* replaces only the kernel test (backports) */
	VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT = 2,  /* Idle HLT is not used */
};

/* VM profile flags. Since: 1.0 */
#define VCPUCHAR_X86_VM_PINNED         (1u << 0) /* every vCPU pinned 1:1 to a dedicated pCPU */
#define VCPUCHAR_X86_VM_LATENCY        (1u << 1) /* latency-sensitive */
#define VCPUCHAR_X86_VM_NESTED_GUEST   (1u << 2) /* the guest is given SVM (it is a hypervisor) */
#define VCPUCHAR_X86_VM_NO_IRQCHIP     (1u << 3) /* no in-kernel irqchip (userspace LAPIC) */
#define VCPUCHAR_X86_VM_WANT_MWAIT     (1u << 4) /* add MWAIT to HLT pass-through, masked */
#define VCPUCHAR_X86_VM_WANT_CSTATE    (1u << 5) /* add CSTATE to HLT pass-through, masked */
#define VCPUCHAR_X86_VM_HALT_POLL_NS   (1u << 6) /* @halt_poll_ns holds a per-VM value */

/**
 * struct vcpuchar_x86_vm - the VM a policy is decided for
 * @size: sizeof(struct vcpuchar_x86_vm)
 * @flags: VCPUCHAR_X86_VM_* flags
 * @cvm: enum vcpuchar_x86_cvm
 * @hlt_passthrough: enum vcpuchar_x86_hlt_passthrough
 * @cpu_mode: enum vcpuchar_x86_cpu_mode
 * @idle_hlt_kvm: enum vcpuchar_x86_idle_hlt_kvm
 * @halt_poll_ns: per-VM maximum halt-poll time in nanoseconds for
 *                KVM_CAP_HALT_POLL, read only with VCPUCHAR_X86_VM_HALT_POLL_NS
 * @guest_kernel: the guest's Linux version, VCPUCHAR_X86_KERNEL_VERSION()
 *                (vcpuchar_x86_kernel_parse() reads "6.1.192"); 0 when not
 *                known. Since: 1.3 (a caller built against 1.2 or older
 *                has a smaller @size and reads as 0, unknown)
 *
 * All zero (with @size set) is the default VM: shared pCPUs, in-kernel
 * irqchip, no CVM, no overrides, guest kernel unknown.
 *
 * Since: 1.0
 */
struct vcpuchar_x86_vm {
	uint32_t size;
	uint32_t flags;
	uint32_t cvm;
	uint32_t hlt_passthrough;
	uint32_t cpu_mode;
	uint32_t idle_hlt_kvm;
	uint32_t halt_poll_ns;
	uint32_t guest_kernel;
};

/*
 * A Linux version a.b.c as struct vcpuchar_x86_vm's @guest_kernel holds it
 * (c is the stable sublevel, up to 65535: 5.4.302 fits). Since: 1.3
 */
#define VCPUCHAR_X86_KERNEL_VERSION(a, b, c) (((uint32_t)(a) << 24) | ((uint32_t)(b) << 16) | (uint32_t)(c))

/*
 * Reason codes (/usr/share/doc/libvcpuchar/x86.md#reason-codes). Stable API: never renamed,
 * renumbered or reused. Numbered in the order of that table, which is
 * also the order they appear in a result. Since: 1.0
 */
enum vcpuchar_x86_reason_code {
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT = 1,
	VCPUCHAR_X86_REASON_LATENCY_NEEDS_PINNING = 2,
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED = 3,
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCED = 4,
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_PINNED_THROUGHPUT = 5,
	VCPUCHAR_X86_REASON_CALLER_FORBIDS_HLT_PASSTHROUGH = 6,
	VCPUCHAR_X86_REASON_HOST_IS_GUEST = 7,
	VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED = 8,
	VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH = 9,
	VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK = 10,
	VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED = 11,
	VCPUCHAR_X86_REASON_PV_UNHALT_OFF_HLT_PASSTHROUGH = 12,
	VCPUCHAR_X86_REASON_PV_UNHALT_WITH_HLT_EXITS = 13,
	VCPUCHAR_X86_REASON_PV_UNHALT_NEEDS_IRQCHIP = 14,
	VCPUCHAR_X86_REASON_REALTIME_HINT_DEDICATED = 15,
	VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_PINNING = 16,
	VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_HOST_PASSTHROUGH = 17, /* not emitted since 1.3 */
	VCPUCHAR_X86_REASON_POLL_CONTROL_WITH_REALTIME = 18,
	VCPUCHAR_X86_REASON_POLL_CONTROL_NEEDS_DEDICATED = 19,
	VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT = 20,
	VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE = 21,
	VCPUCHAR_X86_REASON_HALT_POLL_MOOT_HLT_PASSTHROUGH = 22,
	VCPUCHAR_X86_REASON_IDLE_HLT_NEVER_EXPOSED = 23,
	VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE = 24,
	VCPUCHAR_X86_REASON_IDLE_HLT_MOOT_HLT_PASSTHROUGH = 25,
	VCPUCHAR_X86_REASON_IDLE_HLT_NOT_AMD = 26,
	VCPUCHAR_X86_REASON_IDLE_HLT_CPU_LACKS = 27,
	VCPUCHAR_X86_REASON_IDLE_HLT_KVM_AMD_ABSENT = 28,
	VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE = 29,
	VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD = 30,
	VCPUCHAR_X86_REASON_IDLE_HLT_CLEARED_BY_CLEARCPUID = 31,
	VCPUCHAR_X86_REASON_SEV_AVIC_INHIBITED = 32,
	VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED = 33,
	VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE = 34,
	VCPUCHAR_X86_REASON_AVIC_GLOBAL_ON = 35,
	VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK = 36,
	VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT = 37,
	/*
	 * Class VERIFY: only from the verification step
	 * (vcpuchar_x86_policy_verify), which says whether KVM honoured a
	 * policy, from two vCPU statistics snapshots.
	 * Since: 1.0
	 */
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED = 38,
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED = 39,
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_HONOURED = 40,
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_NOT_HONOURED = 41,
	VCPUCHAR_X86_REASON_GUEST_HLTS_UNKNOWN = 42,
	VCPUCHAR_X86_REASON_GUEST_NEVER_HALTED = 43,
	VCPUCHAR_X86_REASON_HALT_EXITS_STAT_ABSENT = 44,
	VCPUCHAR_X86_REASON_HALT_EXITS_EXCEED_GUEST_HLTS = 45,
	VCPUCHAR_X86_REASON_IDLE_HLT_FEWER_HALT_EXITS = 46,
	VCPUCHAR_X86_REASON_HALT_POLL_ACTIVE = 47,
	VCPUCHAR_X86_REASON_HALT_POLL_INACTIVE = 48,
	VCPUCHAR_X86_REASON_HALT_POLL_NO_IRQCHIP = 49,
	VCPUCHAR_X86_REASON_HALT_POLL_NO_HALT_IN_KERNEL = 50,
	VCPUCHAR_X86_REASON_HALT_POLL_STATS_ABSENT = 51,
	/* Since: 1.0 */
	/* The kernel release is missing or does not parse as X.Y: whether KVM
	 * uses Idle HLT is unknown (not "too old"). */
	VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN = 52,
	/* hlt_passthrough=force lifted refusals; value: bit (1 << code) per
	 * refusal code it lifted, for codes below 64 (for any code, ask
	 * vcpuchar_x86_policy_lifted, since 1.2). */
	VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL = 53,
	/* Overrides that changed nothing for this VM; value:
	 * VCPUCHAR_X86_OVERRIDE_* bits. */
	VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT = 54,
	/* A CVM whose HLT exits without Idle HLT: the VMM cannot see the
	 * guest's pending interrupts at HLT and must re-check them before
	 * blocking the vCPU. */
	VCPUCHAR_X86_REASON_CVM_RECHECK_PENDING_IRQ = 55,
	/* Since: 1.2 */
	/* HLT exits kept with an in-kernel or split irqchip: KVM halts the
	 * vCPU itself, the VMM never sees KVM_EXIT_HLT. */
	VCPUCHAR_X86_REASON_HLT_HANDLED_IN_KERNEL = 56,
	/* HLT exits kept without an in-kernel irqchip: every HLT reaches the
	 * VMM as KVM_EXIT_HLT, and KVM's halt polling does not apply. */
	VCPUCHAR_X86_REASON_HLT_EXITS_REACH_VMM = 57,
	/* Pinned on a host that is itself a VM: no KVM_HINTS_REALTIME (its
	 * pCPUs are vCPUs its own host can preempt). */
	VCPUCHAR_X86_REASON_REALTIME_HINT_HOST_IS_GUEST = 58,
	/* HLT pass-through with neither KVM_HINTS_REALTIME nor PV_UNHALT: a
	 * Linux guest's spinlocks are virt_spin_lock()'s test-and-set lock. */
	VCPUCHAR_X86_REASON_GUEST_TAS_SPINLOCK = 59,
	/* KVM_GET_SUPPORTED_CPUID was read and leaf 0x40000001 EAX lacks
	 * KVM_FEATURE_PV_UNHALT: QEMU drops it, so the policy does not offer it. */
	VCPUCHAR_X86_REASON_PV_UNHALT_NOT_SUPPORTED = 60,
	/* The same for KVM_FEATURE_POLL_CONTROL (REALTIME does not depend on
	 * that leaf: QEMU always offers the hint). */
	VCPUCHAR_X86_REASON_POLL_CONTROL_NOT_SUPPORTED = 61,
	/* AVIC on an AMD Family 17h or Hygon Family 18h CPU (erratum #1235:
	 * the wakeup IPI of a blocking vCPU can be lost) whose KVM may still
	 * virtualize IPIs; value: 0 kvm_amd.enable_ipiv is Y, 1 the parameter
	 * is missing (a kernel before Linux 6.17), 2 it was not read. */
	VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235 = 62,
	/* hlt_passthrough=force on a VM that is not pinned: HLT exits are kept,
	 * since force never lifts the need for dedicated pCPUs. */
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCE_NEEDS_PINNING = 63,
	/* Since 1.3: kvm.halt_poll_ns (value, ns) above KVM's x86 default of
	 * 200000 (KVM_HALT_POLL_NS_DEFAULT) costs host CPU time while vCPUs
	 * idle; KVM_CAP_HALT_POLL is offered, so the remedy is a per-VM value. */
	VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT = 64,
	/* Since 1.3: the same without KVM_CAP_HALT_POLL: the remedy is
	 * host-wide (kvm.halt_poll_ns). */
	VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT_HOST_WIDE = 65,
	/* Since 1.3: MWAIT exits are kept, so the CPUID patch call
	 * clears MONITOR (CPUID.01H:ECX[3]): KVM emulates MWAIT as a no-op. */
	VCPUCHAR_X86_REASON_MONITOR_HIDDEN_MWAIT_EXITS = 66,
	/* Since 1.3: a TD (cvm tdx) asked for HLT pass-through: a TD's HLT
	 * always reaches KVM as TDG.VP.VMCALL<Instruction.HLT>, which
	 * KVM_X86_DISABLE_EXITS_HLT cannot change, so HLT exits are kept and no
	 * exit is disabled; hlt_passthrough=force does not lift it. */
	VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS = 67,
	/* Since 1.3: a TD's HLT is a TDG.VP.VMCALL that KVM halts itself; KVM
	 * reads the TD's pending interrupt from the TDX module
	 * (tdx_protected_apic_has_interrupt()), so the VMM has no re-check to
	 * make (cvm_recheck_pending_irq does not apply). */
	VCPUCHAR_X86_REASON_TDX_HLT_VIA_TDVMCALL = 68,
	/* Since 1.3: kvm_intel.tdx was not read as Y for a TD: whether this
	 * KVM creates TDs is unknown; value: 1 the parameter is missing
	 * (kvm_intel not loaded, or a kernel before Linux 6.16), 2 it was not
	 * read. */
	VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN = 69,
	/* Since 1.3: KVM_HINTS_REALTIME without KVM_FEATURE_PV_UNHALT and the
	 * guest kernel not given: its spinlock depends on whether it has the
	 * 2025 reorder of kvm_spinlock_init() (native qspinlock) or not
	 * (test-and-set lock). */
	VCPUCHAR_X86_REASON_GUEST_SPINLOCK_KERNEL_UNKNOWN = 70,
	/* Since 1.3: the same with a guest kernel from before the reorder
	 * (value: its VCPUCHAR_X86_KERNEL_VERSION()): the test-and-set lock;
	 * nopvspin does not change it. */
	VCPUCHAR_X86_REASON_GUEST_SPINLOCK_BEFORE_REORDER = 71,
};
/* Highest reason code: this release's value; later releases add codes, see
 * vcpuchar_limit(). Since: 1.0 (55 in 1.0 and 1.1, 63 in 1.2, 71 in 1.3) */
#define VCPUCHAR_X86_REASON_MAX 71

/* Values of VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT: which override. Since: 1.0 */
#define VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_FORCE (1u << 0)
#define VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_NEVER (1u << 1)
#define VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_PRESENT  (1u << 2)
#define VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_ABSENT   (1u << 3)
#define VCPUCHAR_X86_OVERRIDE_CPU_MODE_OTHER        (1u << 4) /* not set since 1.3 */
/* want_mwait / want_cstate on a VM that does not get HLT pass-through. Since: 1.1 */
#define VCPUCHAR_X86_OVERRIDE_WANT_MWAIT            (1u << 5)
#define VCPUCHAR_X86_OVERRIDE_WANT_CSTATE           (1u << 6)

/* Reason classes (/usr/share/doc/libvcpuchar/x86.md#reason-codes). Since: 1.0 */
enum vcpuchar_x86_reason_class {
	VCPUCHAR_X86_REASON_CLASS_DECISION = 0,   /* explains an output */
	VCPUCHAR_X86_REASON_CLASS_REFUSAL = 1,    /* the profile asked for something not given */
	VCPUCHAR_X86_REASON_CLASS_DIAGNOSTIC = 2, /* information */
	VCPUCHAR_X86_REASON_CLASS_APPLY = 3,      /* what KVM answers for the VM (known for sure at apply) */
	VCPUCHAR_X86_REASON_CLASS_VERIFY = 4,      /* from the verification step only */
};

/**
 * struct vcpuchar_x86_reason - one reason in a result
 * @code: enum vcpuchar_x86_reason_code
 * @has_value: 1 when @value fills the %-value of the code's text
 * @value: the value: a mask (hlt_not_in_allowed_mask, disable_exits_masked:
 *         the dropped flags), nanoseconds (halt_poll_*), an enum
 *         vcpuchar_x86_idle_hlt_kvm (idle_hlt_caller_override),
 *         major << 16 | minor (idle_hlt_kernel_too_old), bit (1 << code) per
 *         lifted refusal of a code below 64 (override_lifted_refusal; see
 *         vcpuchar_x86_policy_lifted()),
 *         VCPUCHAR_X86_OVERRIDE_* bits (override_no_effect), 0 to 2
 *         (avic_ipi_erratum_1235: what kvm_amd.enable_ipiv says), or a count
 *         (class VERIFY: guest HLTs for hlt_passthrough_honoured, the
 *         growth of halt_exits for the other hlt_* and halt_exits_* codes,
 *         of halt_attempted_poll for halt_poll_active)
 *
 * Since: 1.0
 */
struct vcpuchar_x86_reason {
	uint32_t code;
	uint32_t has_value;
	uint64_t value;
};

/* Room for every decide and apply code once (VERIFY codes never appear in
 * a policy): this release's value, see vcpuchar_limit(). A later release
 * that raises it grows struct vcpuchar_x86_policy at its end and still
 * fills only the entries a caller's @size covers: the lowest codes first,
 * @n_reasons and @n_refusals counting the entries written (the size rule
 * of include/vcpuchar/common.h). Since: 1.0 */
#define VCPUCHAR_X86_MAX_REASONS 64

/**
 * struct vcpuchar_x86_policy - the HLT-exit policy of one VM
 * @size: sizeof(struct vcpuchar_x86_policy), set by the caller
 * @disable_exits: VCPUCHAR_X86_DISABLE_EXITS_* for KVM_CAP_X86_DISABLE_EXITS;
 *                 always inside the host's allowed mask
 * @hints_realtime: set KVM_HINTS_REALTIME (leaf 0x40000001 EDX[0])
 * @pv_unhalt: offer KVM_FEATURE_PV_UNHALT (leaf 0x40000001 EAX[7]); 0
 *             whenever HLT exits are disabled
 * @poll_control: offer KVM_FEATURE_POLL_CONTROL (leaf 0x40000001 EAX[12])
 * @expose_idle_hlt: give CPUID 0x8000000A EDX[30] to the guest: always 0
 * @idle_hlt_active: 1 when KVM will use the Idle HLT intercept for the
 *                   VM's vCPUs (/usr/share/doc/libvcpuchar/x86.md#idle-hlt-inference)
 * @halt_poll_set: 1 when @halt_poll_ns is to be set with KVM_CAP_HALT_POLL;
 *                 0 = leave kvm.halt_poll_ns
 * @halt_poll_ns: per-VM halt-poll maximum, nanoseconds
 * @n_refusals: reasons of class REFUSAL in @reasons
 * @n_reasons: entries used in @reasons
 * @reserved: zero (explicit padding)
 * @reasons: the reasons, each code at most once, in code order; the entries
 *           after the first @n_reasons are not written (they keep what
 *           the caller had)
 *
 * Since: 1.0
 */
struct vcpuchar_x86_policy {
	uint32_t size;
	uint32_t disable_exits;
	uint32_t hints_realtime;
	uint32_t pv_unhalt;
	uint32_t poll_control;
	uint32_t expose_idle_hlt;
	uint32_t idle_hlt_active;
	uint32_t halt_poll_set;
	uint32_t halt_poll_ns;
	uint32_t n_refusals;
	uint32_t n_reasons;
	uint32_t reserved;
	struct vcpuchar_x86_reason reasons[VCPUCHAR_X86_MAX_REASONS];
};

/* Flags of the apply step (the @flags of the function below). Since: 1.0 */
#define VCPUCHAR_X86_APPLY_VCPUS_EXIST (1u << 0) /* the caller has created vCPUs already */

/**
 * struct vcpuchar_x86_cpuid_entry - one entry, laid out as struct
 * kvm_cpuid_entry2 (include/uapi/asm/kvm.h); a struct kvm_cpuid2's entries
 * can be passed as they are
 *
 * Since: 1.0
 */
struct vcpuchar_x86_cpuid_entry {
	uint32_t function;
	uint32_t index;
	uint32_t flags;
	uint32_t eax;
	uint32_t ebx;
	uint32_t ecx;
	uint32_t edx;
	uint32_t padding[3];
};

/* Per-vCPU statistics the library reads (kvm_vcpu_stats_desc). Since: 1.0 */
enum vcpuchar_x86_stat {
	VCPUCHAR_X86_STAT_HALT_EXITS = 0,           /* HLT and IDLE_HLT exits (x86) */
	VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL = 1, /* halts ended by polling (generic) */
	VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL = 2,  /* halts that polled (generic) */
	VCPUCHAR_X86_STAT_HALT_WAIT_NS = 3,         /* ns spent waiting after polling (generic) */
	VCPUCHAR_X86_STAT_EXITS = 4,                /* all VM exits (x86) */
};
/* Number of statistics: this release's value, see vcpuchar_limit(). Since: 1.0 */
#define VCPUCHAR_X86_N_STATS 5

/**
 * struct vcpuchar_x86_vcpu_stats - halt statistics of one vCPU
 * @size: sizeof(struct vcpuchar_x86_vcpu_stats)
 * @have: bit (1u << enum vcpuchar_x86_stat) for each value found
 * @values: cumulative counters indexed by enum vcpuchar_x86_stat (raw
 *          values; halt_wait_ns is in nanoseconds)
 *
 * Since: 1.0
 */
struct vcpuchar_x86_vcpu_stats {
	uint32_t size;
	uint32_t have;
	uint64_t values[VCPUCHAR_X86_N_STATS];
};

/* Did KVM honour the HLT part of a policy? Since: 1.0 */
enum vcpuchar_x86_hlt_verdict {
	VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL = 0,  /* no halt seen, no halt_exits, or Idle HLT and no exit */
	VCPUCHAR_X86_HLT_VERDICT_HONOURED = 1,     /* HLT exited, or not, as the policy said */
	VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED = 2, /* it did not */
};

/* Did KVM poll before blocking a halted vCPU? Since: 1.0 */
enum vcpuchar_x86_halt_poll_verdict {
	VCPUCHAR_X86_HALT_POLL_VERDICT_CANNOT_TELL = 0, /* no halt-poll statistics */
	VCPUCHAR_X86_HALT_POLL_VERDICT_ACTIVE = 1,      /* halt_attempted_poll grew */
	VCPUCHAR_X86_HALT_POLL_VERDICT_INACTIVE = 2,    /* it did not */
};

/* guest_hlts of the verification step when the caller does not know. Since: 1.0 */
#define VCPUCHAR_X86_GUEST_HLTS_UNKNOWN 0xffffffffffffffffu /* UINT64_MAX */

/* Room for every reason a verdict can hold (at most four today): this
 * release's value, see vcpuchar_limit(). Since: 1.0 */
#define VCPUCHAR_X86_VERDICT_MAX_REASONS 8

/**
 * struct vcpuchar_x86_verdict - whether KVM honoured a policy, and why
 * @size: sizeof(struct vcpuchar_x86_verdict), set by the caller
 * @hlt: enum vcpuchar_x86_hlt_verdict
 * @halt_poll: enum vcpuchar_x86_halt_poll_verdict
 * @have: bit (1u << enum vcpuchar_x86_stat) for each statistic present in
 *        both snapshots; the deltas below are 0 for the others
 * @guest_hlts: the caller's count, as passed (VCPUCHAR_X86_GUEST_HLTS_UNKNOWN
 *              when unknown)
 * @halt_exits: growth of halt_exits between the snapshots (a count)
 * @halt_attempted_poll: growth of halt_attempted_poll (halts that polled)
 * @halt_successful_poll: growth of halt_successful_poll (polls that ended
 *                        the halt without the vCPU being scheduled out)
 * @exits: growth of exits (every VM exit; information only)
 * @n_reasons: entries used in @reasons
 * @reserved: zero (explicit padding)
 * @reasons: class VERIFY reasons, each code at most once, in code order:
 *           first the one that explains @hlt, then at most one diagnostic
 *           about the counts, then the one that explains @halt_poll;
 *           the entries after the first @n_reasons are zero
 *
 * Since: 1.0
 */
struct vcpuchar_x86_verdict {
	uint32_t size;
	uint32_t hlt;
	uint32_t halt_poll;
	uint32_t have;
	uint64_t guest_hlts;
	uint64_t halt_exits;
	uint64_t halt_attempted_poll;
	uint64_t halt_successful_poll;
	uint64_t exits;
	uint32_t n_reasons;
	uint32_t reserved;
	struct vcpuchar_x86_reason reasons[VCPUCHAR_X86_VERDICT_MAX_REASONS];
};

/* Exit code spaces of the exit classification below. Since: 1.0 */
enum vcpuchar_x86_exit_kind {
	VCPUCHAR_X86_EXIT_KIND_SVM = 0, /* raw SVM exit code (VMCB EXITCODE) */
	VCPUCHAR_X86_EXIT_KIND_KVM = 1, /* struct kvm_run exit_reason */
};

/* What an exit means for the vCPU's run loop. Since: 1.0 */
enum vcpuchar_x86_exit_class {
	VCPUCHAR_X86_EXIT_CLASS_OTHER = 0,
	/* the vCPU halted: block until an event (interrupt, NMI, ...) is
	 * pending, never re-enter at once */
	VCPUCHAR_X86_EXIT_CLASS_HALT = 1,
};

#define VCPUCHAR_X86_SVM_EXIT_HLT      0x78u /* arch/x86/include/uapi/asm/svm.h */
#define VCPUCHAR_X86_SVM_EXIT_IDLE_HLT 0xa6u
#define VCPUCHAR_X86_KVM_EXIT_HLT      5u    /* KVM_EXIT_HLT */

/* ---- the VMM calls ---- */

/**
 * vcpuchar_x86_host_probe() - read the host's CPU, KVM and module facts
 * @kvm_fd: the /dev/kvm system fd, owned by the caller (a VM fd is refused)
 * @opts: probe options, or NULL; @opts->root replaces "/" for every /proc
 *        and /sys file read
 * @ret: facts (@ret->size set by the caller); written whenever the
 *       arguments are valid, even when @kvm_fd is bad: each fact says in
 *       @ret->have and @ret->error whether it was read and, if not, why
 *
 * What each fact is read from (CPUID leaves, KVM capabilities, files under
 * the root) and how: /usr/share/doc/libvcpuchar/x86.md#host-facts.
 *
 * Return: 0 when @kvm_fd answered as a KVM system fd (single facts may
 * still be missing: see @ret->error); -EINVAL for NULL @ret, a bad size,
 * bad @opts or a KVM VM or vCPU fd (@ret untouched); -EBADF for a closed fd
 * or -1; -ENOTTY for any other open file (O_PATH fds included); -ENOTSUP on
 * a build for a non-x86 CPU (only the files are read). With -EBADF and
 * -ENOTTY the KVM facts carry that errno in @ret->error.
 *
 * System calls (since 1.3), for a seccomp filter: ioctl(2) on @kvm_fd with
 * KVM_GET_SUPPORTED_CPUID and KVM_CHECK_EXTENSION only; uname(2); stat(2),
 * open(2) (openat), fstat(2), read(2), getdents64(2) and close(2) under
 * the root; calloc(3) only when KVM answers E2BIG; fcntl(2) and
 * readlink(2) for a refused fd. The CPUID instruction is no system call.
 *
 * Since: 1.0
 */
int vcpuchar_x86_host_probe(int kvm_fd, const struct vcpuchar_probe_opts *opts,
			    struct vcpuchar_x86_host *ret);

/**
 * vcpuchar_x86_decide() - the HLT-exit policy for a VM on a host
 * @host: host facts (a fact without its @have bit counts as 0)
 * @vm: the VM profile
 * @ret: receives the policy (@ret->size set by the caller)
 *
 * The row selection, decision table, global rules and Idle HLT inference of
 * /usr/share/doc/libvcpuchar/x86.md. Pure: no I/O, no allocation, no
 * global state.
 *
 * Return: 0, also when the result holds refusals (@ret->n_refusals);
 * -EINVAL for NULL arguments, bad sizes, unknown flags or enum values, an
 * @host->error outside the errno range, an SEV-family CVM on a host neither
 * AMD nor Hygon (or whose kvm_amd parameter for it reads off, since 1.3), a
 * TD (VCPUCHAR_X86_CVM_TDX) on a host not Intel, whose kvm_intel.tdx reads
 * off, or with VCPUCHAR_X86_VM_NO_IRQCHIP (since 1.3), or
 * hlt_passthrough=never with WANT_MWAIT or WANT_CSTATE;
 * -ENOTSUP when @host->arch names a machine that is not x86
 * (/usr/share/doc/libvcpuchar/x86.md#architecture).
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_decide(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
			struct vcpuchar_x86_policy *ret);

/**
 * vcpuchar_x86_apply() - decide, then apply the policy to a new VM
 * @vm_fd: KVM VM fd (from KVM_CREATE_VM), owned by the caller, with no
 *         vCPU yet
 * @host: host facts, as for vcpuchar_x86_decide()
 * @vm: the VM profile
 * @flags: VCPUCHAR_X86_APPLY_* flags; VCPUCHAR_X86_APPLY_VCPUS_EXIST once a
 *         vCPU was created (only the caller knows: no ioctl asks KVM)
 * @ret: receives the effective policy (@ret->size set by the caller)
 *
 * Reads KVM_CAP_X86_DISABLE_EXITS and KVM_CAP_HALT_POLL on @vm_fd (they
 * replace @host's), decides once, then KVM_ENABLE_CAP for each the policy
 * sets; a disable-exits EINVAL is decided again without those exits
 * (disable_exits_einval_fallback, return 0). Steps, limits and kernels:
 * /usr/share/doc/libvcpuchar/x86.md#apply.
 *
 * Return: 0; -EINVAL for bad arguments (as vcpuchar_x86_decide()), unknown
 * @flags, or a system or vCPU fd; -ENOTSUP for a host that is not x86;
 * -EBUSY when the caller says vCPUs exist and exits would be disabled;
 * -EBADF for an fd not open; -ENOTTY for a file not KVM's; other errnos of
 * KVM_ENABLE_CAP. Nothing is applied on failure but a done disable-exits step.
 *
 * System calls (for a seccomp filter, since 1.3): fcntl(2) F_GETFD and
 * fstat(2) (glibc: newfstatat) of @vm_fd; ioctl(2) on @vm_fd with
 * KVM_CHECK_EXTENSION and KVM_ENABLE_CAP (KVM_CAP_X86_DISABLE_EXITS,
 * KVM_CAP_HALT_POLL); a refused fd that is no VM fd may also cost a
 * readlink(2) of /proc/self/fd/N. No other ioctl, no allocation.
 *
 * Since: 1.0
 */
int vcpuchar_x86_apply(int vm_fd, const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
		       uint32_t flags, struct vcpuchar_x86_policy *ret);

/**
 * vcpuchar_x86_cpuid_patch() - put the policy into a guest CPUID table
 * @entries: the entries of the struct kvm_cpuid2 the VMM will give
 *           KVM_SET_CPUID2 (usually from KVM_GET_SUPPORTED_CPUID)
 * @nent: number of entries
 * @host: host facts, or NULL; with the SUPPORTED_CPUID fact, PV_UNHALT and
 *        POLL_CONTROL are set only when KVM lists them
 * @policy: the decided (or applied) policy
 *
 * Finds the KVM leaves by the "KVMKVMKVM\0\0\0" signature at 0x40000000
 * (or at a 0x100 step above it, as KVM allows); in base+1 sets or clears EAX
 * bit 7 (PV_UNHALT) and bit 12 (POLL_CONTROL) and EDX bit 0
 * (KVM_HINTS_REALTIME); in 0x8000000A clears EDX bit 30 (IDLE_HLT, rule G1
 * of /usr/share/doc/libvcpuchar/x86.md#global-rules); since 1.3 in leaf 1 clears ECX
 * bit 3 (MONITOR) unless the policy disables MWAIT exits
 * (/usr/share/doc/libvcpuchar/x86.md#monitor). Pure: writes only @entries.
 *
 * Return: 0; -ENOENT when no KVM signature leaf (or no base+1 leaf) is in
 * the table, with 0x8000000A and leaf 1 still patched; -EINVAL for NULL arguments or
 * bad sizes.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_cpuid_patch(struct vcpuchar_x86_cpuid_entry *entries, uint32_t nent,
			     const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_policy *policy);

/**
 * vcpuchar_x86_vcpu_stats_read() - read halt statistics through KVM_GET_STATS_FD
 * @vcpu_fd: a KVM vCPU fd, owned by the caller
 * @ret: receives the values (@ret->size set by the caller)
 *
 * Opens the binary stats fd (KVM_GET_STATS_FD, KVM_CAP_BINARY_STATS_FD,
 * Linux 5.14), finds the statistics by name in the descriptors and reads
 * their data, checking every offset and size against the file; closes the
 * stats fd. Statistics missing from the kernel leave their @have bit clear.
 *
 * Return: 0; -EINVAL for NULL @ret, a bad size, a malformed stats header
 * or descriptor, or the /dev/kvm system fd (KVM's own answer); -EBADF for
 * an fd that is not open (-1 included); -ENOTTY for any open file that is
 * not KVM's, whether its driver answers ENOTTY, EINVAL (/dev/urandom,
 * epoll) or EBADF (O_PATH); -ENOMEM; other negative errnos from ioctl(2)
 * or pread(2). @ret is untouched on failure. A VM fd succeeds with no
 * @have bits: the statistics are per vCPU.
 *
 * System calls (since 1.3): ioctl(2) KVM_GET_STATS_FD on @vcpu_fd, pread(2)
 * and close(2) of the stats fd, malloc(3) for its descriptors; a refused
 * fd may also cost fcntl(2), fstat(2) and a readlink(2) of
 * /proc/self/fd/N. No other ioctl.
 *
 * Since: 1.0
 */
int vcpuchar_x86_vcpu_stats_read(int vcpu_fd, struct vcpuchar_x86_vcpu_stats *ret);

/**
 * vcpuchar_x86_policy_verify() - did KVM honour the policy it accepted?
 * @policy: what vcpuchar_x86_apply() returned for the VM (its effective
 *          result: after an EINVAL fallback, HLT exits are kept)
 * @before: statistics of one vCPU (vcpuchar_x86_vcpu_stats_read()) before
 *          the VMM ran the guest
 * @after: statistics of the same vCPU after; cumulative counters, so no
 *         value may be below @before's
 * @guest_hlts: how many HLT instructions the guest executed between the
 *              snapshots, as the caller knows it (e.g. its own test code,
 *              or a guest agent), or VCPUCHAR_X86_GUEST_HLTS_UNKNOWN
 * @ret: receives the verdict (@ret->size set by the caller)
 *
 * Compares the growth of halt_exits and the halt-poll counters with the
 * policy and @guest_hlts (with HLT pass-through no KVM statistic counts a
 * halt, so only the guest's own count proves one). The rules, reason by
 * reason: /usr/share/doc/libvcpuchar/x86.md#verification. Pure: no I/O, no
 * allocation, no global state.
 *
 * Return: 0; -EINVAL for NULL pointers, a bad size, an unknown bit in
 * @policy->disable_exits or in a snapshot's @have, more reasons in
 * @policy than it holds, or a counter in @after below @before (snapshots
 * swapped or of different vCPUs). Nothing is written on failure.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_policy_verify(const struct vcpuchar_x86_policy *policy, const struct vcpuchar_x86_vcpu_stats *before,
			       const struct vcpuchar_x86_vcpu_stats *after, uint64_t guest_hlts,
			       struct vcpuchar_x86_verdict *ret);

/**
 * vcpuchar_x86_exit_class() - classify an exit code
 * @kind: enum vcpuchar_x86_exit_kind
 * @code: the exit code in that space
 *
 * SVM_EXIT_HLT (0x78) and SVM_EXIT_IDLE_HLT (0xA6) are both HALT, as KVM's
 * svm_invoke_exit_handler() treats them (/usr/share/doc/libvcpuchar/x86.md#exit-classification;
 * openvmm PR 2858 is the bug when they are not); so is KVM_EXIT_HLT (5).
 * A KVM VMM sees KVM_EXIT_HLT only for a VM without an in-kernel irqchip:
 * with an in-kernel or split irqchip the local APIC is in the kernel and
 * KVM halts the vCPU itself (arch/x86/kvm/x86.c __kvm_emulate_halt(),
 * lapic_in_kernel()), so an intercepted HLT never reaches the run loop
 * (the policy says which: reasons hlt_handled_in_kernel and
 * hlt_exits_reach_vmm). A run loop waiting for KVM_EXIT_HLT to idle a vCPU
 * of such a VM waits for nothing.
 *
 * Return: enum vcpuchar_x86_exit_class; -EINVAL for an unknown @kind.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_exit_class(uint32_t kind, uint64_t code);

/* ---- names and text ---- */

/**
 * vcpuchar_x86_policy_lifted() - did hlt_passthrough=force lift a refusal
 * @policy: a policy from vcpuchar_x86_decide() or vcpuchar_x86_apply()
 * @code: a reason code (enum vcpuchar_x86_reason_code) of class REFUSAL
 *
 * The refusals a policy's override_lifted_refusal reason names. Its value
 * has a bit (1 << code) per lifted refusal, so it can name codes 0 to 63
 * only; this function answers for every code of the loaded library,
 * including codes a later release adds past 63, and is the way to ask.
 *
 * Return: 1 when the refusal @code was lifted, 0 when not (also for a code
 * that is not a refusal); -ERANGE for a @code above the loaded library's
 * highest (vcpuchar_limit() of VCPUCHAR_LIMIT_X86_REASON_MAX), which no
 * policy of it can hold; -EINVAL for NULL @policy, a bad @policy->size or
 * @policy->n_reasons above VCPUCHAR_X86_MAX_REASONS.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.2
 */
int vcpuchar_x86_policy_lifted(const struct vcpuchar_x86_policy *policy, uint32_t code);

/**
 * vcpuchar_x86_fact_name() - short name of a fact, e.g. "disable_exits"
 * @fact: enum vcpuchar_x86_fact
 *
 * Return: a static string, or NULL for an unknown @fact.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_fact_name(uint32_t fact);

/**
 * vcpuchar_x86_host_describe() - one sentence per fact: read, or why not
 * @host: facts
 * @fact: enum vcpuchar_x86_fact
 * @buf: receives a NUL-terminated sentence, truncated to @size
 * @size: size of @buf in bytes
 *
 * E.g. "disable_exits_allowed: 0xe (KVM_CHECK_EXTENSION(KVM_CAP_X86_DISABLE_EXITS))"
 * or "avic: not read: No such file or directory
 * (/sys/module/kvm_amd/parameters/avic)".
 *
 * Return: length of the full sentence (as snprintf); -EINVAL for NULL
 * @host, a bad @host->size, an @host->error entry outside the errno range,
 * an unknown @fact, or NULL @buf with @size > 0.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_host_describe(const struct vcpuchar_x86_host *host, uint32_t fact, char *buf,
			       size_t size);

/**
 * vcpuchar_x86_reason_name() - the stable snake_case name of a code
 * @code: enum vcpuchar_x86_reason_code
 *
 * Return: e.g. "idle_hlt_active"; NULL for an unknown @code.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_reason_name(uint32_t code);

/**
 * vcpuchar_x86_reason_from_name() - the code of a snake_case name
 * @name: e.g. "host_is_guest"
 *
 * Return: the enum vcpuchar_x86_reason_code; -EINVAL for NULL or an
 * unknown name.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_reason_from_name(const char *name);

/**
 * vcpuchar_x86_reason_class() - the class of a code
 * @code: enum vcpuchar_x86_reason_code
 *
 * Return: enum vcpuchar_x86_reason_class; -EINVAL for an unknown @code.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_reason_class(uint32_t code);

/**
 * vcpuchar_x86_reason_text() - the sentence of a reason, values filled in
 * @reason: a reason from a result
 * @buf: receives a NUL-terminated sentence, truncated to @size; nothing is
 *       allocated
 * @size: size of @buf in bytes
 *
 * Return: length of the full sentence (as snprintf); -EINVAL for NULL
 * @reason, an unknown code, NULL @buf with @size > 0, @reason->has_value other
 * than 0 or 1, or a value its code cannot hold (a bit outside the mask or
 * a number outside the enum the code's comment names, a kernel release
 * above 32 bits): nothing is written then.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
int vcpuchar_x86_reason_text(const struct vcpuchar_x86_reason *reason, char *buf, size_t size);

/**
 * vcpuchar_x86_stat_name() - the KVM name of a statistic, e.g. "halt_exits"
 * @stat: enum vcpuchar_x86_stat
 *
 * Return: a static string; NULL for an unknown @stat.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_stat_name(uint32_t stat);

/**
 * vcpuchar_x86_hlt_verdict_name() - stable name of an HLT verdict
 * @verdict: enum vcpuchar_x86_hlt_verdict
 *
 * Return: "cannot_tell", "honoured" or "not_honoured" (static strings);
 * NULL for an unknown @verdict.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_hlt_verdict_name(uint32_t verdict);

/**
 * vcpuchar_x86_halt_poll_verdict_name() - stable name of a halt-poll verdict
 * @verdict: enum vcpuchar_x86_halt_poll_verdict
 *
 * Return: "cannot_tell", "active" or "inactive" (static strings); NULL for
 * an unknown @verdict.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_halt_poll_verdict_name(uint32_t verdict);

/* ======================================================================
 * Since 1.3: the rules the command line kept to itself (names, VM checks,
 * QEMU and libvirt spellings). One block, kept together at the end.
 * ====================================================================== */

/* CPUID.01H:ECX[3] MONITOR/MWAIT: the CPUID patch call clears it unless the policy
 * disables MWAIT exits (reason monitor_hidden_mwait_exits). Since: 1.3 */
#define VCPUCHAR_X86_CPUID_1_ECX_MONITOR (1u << 3)

/* The enumerations with names (the @set of the functions below). Since: 1.3 */
enum vcpuchar_x86_name_set {
	VCPUCHAR_X86_NAMES_CVM = 0,             /* vcpuchar_x86_vm.cvm: "none", "sev", "sev-es", "sev-snp", "tdx" (1.3) */
	VCPUCHAR_X86_NAMES_HLT_PASSTHROUGH = 1, /* "auto", "never", "force" */
	VCPUCHAR_X86_NAMES_CPU_MODE = 2,        /* 0 (unspecified) has no name; "host-passthrough", "other" */
	VCPUCHAR_X86_NAMES_IDLE_HLT_KVM = 3,    /* "auto", "present", "absent" */
	VCPUCHAR_X86_NAMES_DISABLE_EXIT = 4,    /* bit numbers of disable_exits: "MWAIT", "HLT", "PAUSE",
						 * "CSTATE", "APERFMPERF" (KVM_X86_DISABLE_EXITS_*) */
	VCPUCHAR_X86_N_NAME_SETS = 5,           /* the number of sets of this release */
};

/**
 * vcpuchar_x86_name() - the stable name of an enumeration value
 * @set: enum vcpuchar_x86_name_set
 * @value: the value (for VCPUCHAR_X86_NAMES_DISABLE_EXIT, a bit number)
 *
 * The names a profile, the vcpuchar(1) options and its JSON use; exact
 * lower case (upper case for the exit flags, as KVM names them).
 *
 * Return: a static string; NULL for an unknown @set or @value, and for a
 * value that has no name (cpu_mode 0).
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
const char *vcpuchar_x86_name(uint32_t set, uint32_t value);

/**
 * vcpuchar_x86_from_name() - the value of a name
 * @set: enum vcpuchar_x86_name_set
 * @name: the name, exactly as vcpuchar_x86_name() spells it
 *
 * Return: the value (>= 0); -ENOENT for a name @set does not have
 * (vcpuchar_x86_names() lists them); -EINVAL for an unknown @set or NULL
 * @name.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_from_name(uint32_t set, const char *name);

/**
 * vcpuchar_x86_names() - every name of a set, joined
 * @set: enum vcpuchar_x86_name_set
 * @sep: written between two names (e.g. "|" or ", ")
 * @buf: receives the NUL-terminated list; NULL with @size 0 to query
 * @size: size of @buf in bytes
 *
 * Return: the length of the list without the NUL; -ENOSPC when @size is
 * not larger than that (@buf unchanged); -EINVAL for an unknown @set, NULL
 * @sep, or NULL @buf with @size > 0.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_names(uint32_t set, const char *sep, char *buf, size_t size);

/*
 * The most vCPUs any x86 KVM gives one VM: KVM_MAX_VCPUS
 * (arch/x86/include/asm/kvm_host.h), a fixed 1024 (288 in older kernels)
 * until it became CONFIG_KVM_MAX_NR_VCPUS (arch/x86/kvm/Kconfig: range
 * 1024 to 4096, 4096 with MAXSMP). Since: 1.3
 */
#define VCPUCHAR_X86_MAX_VCPUS 4096u

/**
 * vcpuchar_x86_vm_check() - whether a VM can be decided for a host, and why not
 * @host: host facts, as for vcpuchar_x86_decide()
 * @vm: the VM profile
 * @n_vcpus: the VM's vCPUs, 1 to VCPUCHAR_X86_MAX_VCPUS
 * @host_max_vcpus: what KVM_CHECK_EXTENSION(KVM_CAP_MAX_VCPUS) answers on
 *                  the host's /dev/kvm (@n_vcpus at most this), or 0 when
 *                  not known
 * @err, @err_size: optional message buffer: on failure one sentence naming
 *                  the member (n_vcpus, cvm, ...) and the rule it breaks,
 *                  "" on success; cut to @err_size
 *
 * The checks vcpuchar_x86_decide() makes of @host and @vm (a confidential VM
 * on its host, contradictory overrides), with the reason its return value
 * has no room for, plus the vCPU count and whether a host profile holds any
 * x86 fact: /usr/share/doc/libvcpuchar/x86.md#vm-checks.
 *
 * Return: 0; -ERANGE for @n_vcpus out of range (checked first, also with
 * NULL @host or @vm); -ENODATA (since 1.3) for facts from a host profile
 * (@host->source VCPUCHAR_SOURCE_PROFILE) with no fact in @host->have: the
 * file has no [x86] group (@host->error[0] is -ENODATA) or its [x86] group
 * holds no key this library knows
 * (/usr/share/doc/libvcpuchar/x86.md#profile-without-x86-facts; probed or
 * caller facts are never refused for this); -ENOTSUP for facts of a host
 * that is not x86;
 * -EINVAL for everything vcpuchar_x86_decide() refuses with -EINVAL, and
 * NULL @err with @err_size > 0.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_vm_check(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
			  uint32_t n_vcpus, uint32_t host_max_vcpus, char *err, size_t err_size);

/**
 * vcpuchar_x86_policy_validate() - whether a policy read back from text can be verified
 * @policy: a policy a caller filled from a saved one (e.g. the JSON of
 *          `vcpuchar x86 policy --json`), @size set; @n_reasons may count
 *          more entries than @reasons has room for (a parser counting what
 *          it read): it is checked before any entry is read
 * @err, @err_size: optional message buffer: on failure one sentence naming
 *                  the member (reasons[3], disable_exits) and the rule it
 *                  breaks, "" on success; cut to @err_size
 *
 * The input checks of vcpuchar_x86_policy_verify() with a message
 * (/usr/share/doc/libvcpuchar/x86.md#policy-check): at most
 * VCPUCHAR_X86_MAX_REASONS reasons, only known codes, no code of class
 * VERIFY (a verdict is no policy), each code once, only known
 * VCPUCHAR_X86_DISABLE_EXITS_* bits. The members verification does not
 * read are not checked.
 *
 * Return: 0; -E2BIG for @policy->n_reasons above VCPUCHAR_X86_MAX_REASONS;
 * -EINVAL for NULL @policy, a bad @policy->size, an unknown bit of
 * @policy->disable_exits, an unknown, VERIFY-class or repeated code, or
 * NULL @err with @err_size > 0.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_policy_validate(const struct vcpuchar_x86_policy *policy, char *err, size_t err_size);

/**
 * struct vcpuchar_x86_vcpu_pin - one vCPU pinned to host CPUs
 * @vcpu: the vCPU, from 0 (libvirt's <vcpupin vcpu=>)
 * @cpu: the one host CPU it runs on (libvirt's cpuset= naming one CPU), or
 *       VCPUCHAR_X86_PIN_NOT_ONE_CPU when its CPU set is not one CPU (a
 *       range, a list, a value the caller could not read)
 *
 * Since: 1.3
 */
struct vcpuchar_x86_vcpu_pin {
	uint32_t vcpu;
	uint32_t cpu;
};
/* @cpu of a pin whose CPU set is not exactly one CPU. Since: 1.3 */
#define VCPUCHAR_X86_PIN_NOT_ONE_CPU 0xffffffffu

/**
 * vcpuchar_x86_pins_flags() - the VM flags a VM's vCPU pinning implies
 * @n_vcpus: the VM's vCPUs (libvirt's <vcpu>), 1 to VCPUCHAR_X86_MAX_VCPUS
 * @pins: the pins, in any order (libvirt's <cputune><vcpupin> elements)
 * @n_pins: entries of @pins
 * @ret_flags: receives VCPUCHAR_X86_VM_PINNED when every vCPU is pinned to
 *             one host CPU of its own, else 0
 *
 * Pinned means: one pin per vCPU 0 to @n_vcpus - 1 (a vCPU pinned twice or
 * one out of range is not), each to one CPU, no CPU shared by two vCPUs
 * (/usr/share/doc/libvcpuchar/x86.md#domain-rules). That the CPUs are
 * dedicated (no other VM or thread runs there) is the caller's to know.
 *
 * Return: 0; -ERANGE for @n_vcpus out of range (@ret_flags untouched);
 * -EINVAL for NULL @ret_flags or NULL @pins with @n_pins > 0.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_pins_flags(uint32_t n_vcpus, const struct vcpuchar_x86_vcpu_pin *pins, uint32_t n_pins,
			    uint32_t *ret_flags);

/**
 * vcpuchar_x86_qemu_args_exits() - the exits a QEMU command line asks KVM to disable
 * @args: QEMU arguments, one word each (e.g. a libvirt domain's
 *        <qemu:commandline><qemu:arg value=> in order)
 * @n_args: entries of @args
 * @ret_disable_exits: receives VCPUCHAR_X86_DISABLE_EXITS_* flags: MWAIT,
 *                     HLT, PAUSE and CSTATE when the arguments turn
 *                     `-overcommit cpu-pm` on (QEMU masks them with what
 *                     KVM allows), else 0 (also on failure)
 *
 * Reads each `-overcommit` (or `--overcommit`) word's next word as QEMU
 * does: comma-separated items, the last item naming cpu-pm wins;
 * `cpu-pm=on`, `=yes`, `=true`, `=y` and the short form `cpu-pm` turn it
 * on, `=off`, `=no`, `=false`, `=n` and `nocpu-pm` off. QEMU before 9.1
 * also turned cpu-pm off with every later `-overcommit` word that did not
 * name it; this answers as 9.1 and later do
 * (/usr/share/doc/libvcpuchar/x86.md#domain-rules).
 *
 * Return: 0; -EINVAL for NULL @ret_disable_exits, NULL @args with
 * @n_args > 0, a NULL entry, or a cpu-pm value QEMU refuses (it does not
 * start, e.g. `cpu-pm=1`).
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_qemu_args_exits(const char *const *args, uint32_t n_args, uint32_t *ret_disable_exits);

/**
 * vcpuchar_x86_hlt_mismatch() - does a VM pass HLT exits through where the policy keeps them
 * @policy: the policy decided for the VM (vcpuchar_x86_decide())
 * @disable_exits: the VCPUCHAR_X86_DISABLE_EXITS_* flags the VM's own
 *                 configuration asks for (vcpuchar_x86_qemu_args_exits())
 * @ret_mismatch: receives 1 when @disable_exits holds HLT and @policy keeps
 *                HLT exits, else 0
 * @codes: receives the codes of @policy's reasons that decided its HLT
 *         exits, in @policy's order; NULL with @max_codes 0 to count
 * @max_codes: room in @codes
 *
 * The reasons of the HLT decision are codes 1 to 11, 36, 63 and 67
 * (/usr/share/doc/libvcpuchar/x86.md#domain-rules); a libvirt hook names
 * them in its warning.
 *
 * Return: the number of such reasons in @policy (codes past @max_codes are
 * counted, not written); -EINVAL for NULL @policy or @ret_mismatch, a bad
 * @policy->size, @policy->n_reasons above VCPUCHAR_X86_MAX_REASONS, an
 * unknown bit of @disable_exits, or NULL @codes with @max_codes > 0.
 *
 * System calls: none (no I/O, nothing a seccomp filter must allow).
 *
 * Since: 1.3
 */
int vcpuchar_x86_hlt_mismatch(const struct vcpuchar_x86_policy *policy, uint32_t disable_exits,
			      uint32_t *ret_mismatch, uint32_t *codes, uint32_t max_codes);

#ifdef __cplusplus
}
#endif

/* The guest model: declared after the VMM core, which it uses. */
#include "x86-guest.h"

#endif /* VCPUCHAR_PUBLIC_X86_H */
