// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
//! The C enums of include/vcpuchar/*.h as Rust enums with the same explicit values,
//! each variant documented with its C name. Written by bindings/rust/enums.py from
//! the headers (rerun it after a header change: tests/rust/run.sh fails when this
//! file differs from what the headers give).
use crate::c_enum;

c_enum! {
    /// C `enum vcpuchar_limit`: Counts and masks that a later release may change. Each has a macro with this release's value (for array sizes at compile time) and an entry here, so that a program can ask the library it runs with. since 1.0
    Limit {
        /// `VCPUCHAR_LIMIT_PPC_N_CAPS` = 0: VCPUCHAR_PPC_N_CAPS
        PpcNCaps = 0,
        /// `VCPUCHAR_LIMIT_H_CPU_CHAR_ALL` = 1: VCPUCHAR_H_CPU_CHAR_ALL
        HCpuCharAll = 1,
        /// `VCPUCHAR_LIMIT_H_CPU_BEHAV_ALL` = 2: VCPUCHAR_H_CPU_BEHAV_ALL
        HCpuBehavAll = 2,
        /// `VCPUCHAR_LIMIT_X86_DISABLE_EXITS_KNOWN` = 3: VCPUCHAR_X86_DISABLE_EXITS_KNOWN
        X86DisableExitsKnown = 3,
        /// `VCPUCHAR_LIMIT_X86_N_FACTS` = 4: VCPUCHAR_X86_N_FACTS
        X86NFacts = 4,
        /// `VCPUCHAR_LIMIT_X86_REASON_MAX` = 5: VCPUCHAR_X86_REASON_MAX
        X86ReasonMax = 5,
        /// `VCPUCHAR_LIMIT_X86_MAX_REASONS` = 6: VCPUCHAR_X86_MAX_REASONS
        X86MaxReasons = 6,
        /// `VCPUCHAR_LIMIT_X86_N_STATS` = 7: VCPUCHAR_X86_N_STATS
        X86NStats = 7,
        /// `VCPUCHAR_LIMIT_X86_VERDICT_MAX_REASONS` = 8: VCPUCHAR_X86_VERDICT_MAX_REASONS
        X86VerdictMaxReasons = 8,
        /// `VCPUCHAR_LIMIT_PPC_WARNING_MAX` = 9: VCPUCHAR_PPC_WARNING_MAX
        PpcWarningMax = 9,
        /// `VCPUCHAR_LIMIT_PPC_VIEW_LEN` = 10: VCPUCHAR_PPC_VIEW_LEN
        PpcViewLen = 10,
        /// `VCPUCHAR_LIMIT_PPC_FORMAT_LEN` = 11: VCPUCHAR_PPC_FORMAT_LEN
        PpcFormatLen = 11,
        /// `VCPUCHAR_LIMIT_PPC_WARNING_TEXT_LEN` = 12: VCPUCHAR_PPC_WARNING_TEXT_LEN
        PpcWarningTextLen = 12,
        /// `VCPUCHAR_LIMIT_PPC_GUEST_FILES` = 13: VCPUCHAR_PPC_GUEST_FILES
        PpcGuestFiles = 13,
    }
}

c_enum! {
    /// C `enum vcpuchar_source`: Where a set of facts came from. since 1.0
    Source {
        /// `VCPUCHAR_SOURCE_NONE` = 0: nothing was read
        None = 0,
        /// `VCPUCHAR_SOURCE_KVM` = 1: a probe on this host (KVM ioctls, CPUID, sysfs)
        Kvm = 1,
        /// `VCPUCHAR_SOURCE_PROFILE` = 2: a host profile file
        Profile = 2,
        /// `VCPUCHAR_SOURCE_CALLER` = 3: filled in by the caller
        Caller = 3,
    }
}

c_enum! {
    /// C `enum vcpuchar_severity`: Severity of a conflict or migration finding. since 1.0
    Severity {
        /// `VCPUCHAR_SEVERITY_INFO` = 0: no action needed; explains a cost
        Info = 0,
        /// `VCPUCHAR_SEVERITY_WARNING` = 1: QEMU warns and goes on
        Warning = 1,
        /// `VCPUCHAR_SEVERITY_ERROR` = 2: QEMU refuses (to start, or to migrate)
        Error = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_reg`: The hcall return registers that carry the characteristics, numbered as PAPR numbers them. since 1.0
    PpcReg {
        /// `VCPUCHAR_PPC_REG_R4` = 4: character
        R4 = 4,
        /// `VCPUCHAR_PPC_REG_R5` = 5: behaviour
        R5 = 5,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_cap`: spapr capabilities (QEMU hw/ppc/spapr_caps.c). One numbering everywhere, QEMU's own except fixed-na, which is 4 (QEMU stores 4 from the command line and 0x10 from the host parse; 0x10 never appears here). These numbers are the ones migration messages print. since 1.0
    PpcCap {
        /// `VCPUCHAR_PPC_CAP_CFPC` = 0: cap-cfpc: cache flush on privilege change
        Cfpc = 0,
        /// `VCPUCHAR_PPC_CAP_SBBC` = 1: cap-sbbc: speculation barrier bounds checking
        Sbbc = 1,
        /// `VCPUCHAR_PPC_CAP_IBS` = 2: cap-ibs: indirect branch speculation
        Ibs = 2,
        /// `VCPUCHAR_PPC_CAP_CCF_ASSIST` = 3: cap-ccf-assist: count cache flush assist
        CcfAssist = 3,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_level`: Levels (QEMU SPAPR_CAP_*). since 1.0
    PpcLevel {
        /// `VCPUCHAR_PPC_LEVEL_BROKEN` = 0: cfpc, sbbc, ibs
        Broken = 0,
        /// `VCPUCHAR_PPC_LEVEL_WORKAROUND` = 1: cfpc, sbbc, ibs
        Workaround = 1,
        /// `VCPUCHAR_PPC_LEVEL_FIXED` = 2: cfpc, sbbc
        Fixed = 2,
        /// `VCPUCHAR_PPC_LEVEL_FIXED_CCD` = 3: ibs: count cache disabled
        FixedCcd = 3,
        /// `VCPUCHAR_PPC_LEVEL_FIXED_NA` = 4: ibs: fixed in hardware, not applicable
        FixedNa = 4,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_machine`: Machine types whose cap defaults differ (QEMU hw/ppc/spapr.c). since 1.0
    PpcMachine {
        /// `VCPUCHAR_PPC_MACHINE_PSERIES` = 0: pseries-5.0 and later, and the "pseries" alias
        Pseries = 0,
        /// `VCPUCHAR_PPC_MACHINE_PSERIES_4` = 1: pseries-4.0, 4.1, 4.2
        Pseries4 = 1,
        /// `VCPUCHAR_PPC_MACHINE_PSERIES_3_1` = 2: pseries-3.1 and older
        Pseries31 = 2,
        /// `VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM` = 3: pseries-2.12-sxxm
        Pseries212Sxxm = 3,
        /// `VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN` = 4: (since 1.2) a pseries type whose cap defaults this library does not know: a distribution's (pseries-rhel9.2.0) or, for a target QEMU newer than the release table, a pseries-X.Y newer than pseries-11.1. Only the -machine line parser (vcpuchar_ppc_machine_line_parse) gives it. A request with it is answered only with all four caps in @caps_set (no default is read), gets no defaults_* warning, and its start verdict says UNKNOWN where the type's own default could refuse (/usr/share/doc/libvcpuchar/ppc.md#unknown-types).
        DefaultsUnknown = 4,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_cpu`: Guest CPU model: its ISA level decides cap defaults and the STF barrier type. since 1.0
    PpcCpu {
        /// `VCPUCHAR_PPC_CPU_DEFAULT` = 0: POWER9
        Default = 0,
        /// `VCPUCHAR_PPC_CPU_POWER7` = 7: ISA 2.06
        Power7 = 7,
        /// `VCPUCHAR_PPC_CPU_POWER8` = 8: ISA 2.07S
        Power8 = 8,
        /// `VCPUCHAR_PPC_CPU_POWER9` = 9: ISA 3.0
        Power9 = 9,
        /// `VCPUCHAR_PPC_CPU_POWER10` = 10: ISA 3.1
        Power10 = 10,
        /// `VCPUCHAR_PPC_CPU_POWER11` = 11: ISA 3.1
        Power11 = 11,
    }
}

c_enum! {
    /// C `enum vcpuchar_accel`: Accelerator the VM runs under. since 1.0
    Accel {
        /// `VCPUCHAR_ACCEL_KVM` = 0
        Kvm = 0,
        /// `VCPUCHAR_ACCEL_TCG` = 1
        Tcg = 1,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_mode`: How R4/R5 are built (/usr/share/doc/libvcpuchar/ppc.md#modes). since 1.0
    PpcMode {
        /// `VCPUCHAR_PPC_MODE_HOST_MAX` = 0: Recommended default: caps the caller did not set take the host's levels, then R4/R5 come from the caps. Fixes the guest/host mismatch and keeps QEMU's migration checks.
        HostMax = 0,
        /// `VCPUCHAR_PPC_MODE_CAPS` = 1: Classic QEMU: R4/R5 from the effective caps, bit for bit.
        Caps = 1,
        /// `VCPUCHAR_PPC_MODE_HOST` = 2: Masked host words passed through: the host's own view. Not migration-safe; needs host information.
        Host = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_conflict_code`: Why a conflict entry exists. since 1.0
    PpcConflictCode {
        /// `VCPUCHAR_PPC_CONFLICT_CODE_ABOVE_HOST` = 1: KVM: requested above host: QEMU refuses to start
        AboveHost = 1,
        /// `VCPUCHAR_PPC_CONFLICT_CODE_TCG_UNSUPPORTED` = 2: TCG: QEMU warns and goes on
        TcgUnsupported = 2,
        /// `VCPUCHAR_PPC_CONFLICT_CODE_BELOW_HOST` = 3: KVM: requested below host: the guest runs mitigations the host says it does not need
        BelowHost = 3,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_start_cap`: Caps of the start verdict besides enum vcpuchar_ppc_cap, numbered after them. since 1.2
    PpcStartCap {
        /// `VCPUCHAR_PPC_START_HTM` = 4: cap-htm
        Htm = 4,
        /// `VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE` = 5: cap-hpt-max-page-size
        HptMaxPageSize = 5,
        /// `VCPUCHAR_PPC_START_NESTED_HV` = 6: cap-nested-hv
        NestedHv = 6,
        /// `VCPUCHAR_PPC_START_LARGE_DECR` = 7: cap-large-decr
        LargeDecr = 7,
        /// `VCPUCHAR_PPC_START_FWNMI` = 8: cap-fwnmi
        Fwnmi = 8,
        /// `VCPUCHAR_PPC_START_AIL_MODE_3` = 9: cap-ail-mode-3, QEMU 8.1 and later (since 1.3)
        AilMode3 = 9,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_verdict`: What QEMU does with one cap at start. since 1.2
    PpcVerdict {
        /// `VCPUCHAR_PPC_VERDICT_STARTS` = 0: QEMU accepts the level
        Starts = 0,
        /// `VCPUCHAR_PPC_VERDICT_REFUSED` = 1: QEMU refuses to start: @fix lifts it
        Refused = 1,
        /// `VCPUCHAR_PPC_VERDICT_UNKNOWN` = 2: a fact it needs is unknown: @reason names it
        Unknown = 2,
        /// `VCPUCHAR_PPC_VERDICT_NOT_JUDGED` = 3: Only in struct vcpuchar_ppc_machine_cap: a cap this library does not judge at start; @reason says why. since 1.3
        NotJudged = 3,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_machine_caps_source`: Where the list of a type's caps comes from. since 1.3
    PpcMachineCapsSource {
        /// `VCPUCHAR_PPC_MACHINE_CAPS_TABLE` = 0: the caps of the release (the table)
        Table = 0,
        /// `VCPUCHAR_PPC_MACHINE_CAPS_PROFILE` = 1: every cap-* the QEMU profile lists for the type
        Profile = 1,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_host_migration_where`: Where a finding of a host-to-host migration arises. since 1.2
    PpcHostMigrationWhere {
        /// `VCPUCHAR_PPC_AT_SOURCE` = 0: QEMU on the source host
        AtSource = 0,
        /// `VCPUCHAR_PPC_AT_DESTINATION` = 1: QEMU on the destination, started with the source's caps
        AtDestination = 1,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_format`: Output formats of vcpuchar_ppc_caps_format. since 1.0
    PpcFormat {
        /// `VCPUCHAR_PPC_FORMAT_QEMU` = 0: "cap-cfpc=V,cap-sbbc=V,cap-ibs=V,cap-ccf-assist=V", to append to "-machine pseries," (QEMU hw/ppc/spapr_caps.c names and values)
        Qemu = 0,
        /// `VCPUCHAR_PPC_FORMAT_LIBVIRT` = 1: "<features><cfpc value='V'/><sbbc value='V'/><ibs value='V'/> <ccf-assist state='on|off'/></features>" (one line, no spaces between elements), the libvirt domain XML elements of the same caps
        Libvirt = 1,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_warning`: Warning codes of the caps spellings and of the warnings check. Stable: never renamed, renumbered or reused; the name function gives the snake_case name the CLI's JSON prints. A set of codes is a word with bit (1u << code) per code. since 1.0
    PpcWarning {
        /// `VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT` = 1: The caps hold cap-ibs=fixed-na, on which QEMU 7.2 (Debian 12) and 10.0 (Debian 13) abort at the guest's first H_GET_CPU_CHARACTERISTICS; the spellings give cap-ibs=broken, which gives the guest identical R4/R5. The text names the request's qemu_version (since 1.1), and says so where that release's abort is unknown (since 1.2).
        QemuFixedNaAbort = 1,
        /// `VCPUCHAR_PPC_WARNING_HOST_BITS_OUTSIDE_MASKS` = 2: The host set bits that its masks do not vouch for (Linux < the 2025 mask change: NO_L1D_FLUSH_ENTRY/UACCESS, NO_STF_BARRIER, ...).
        HostBitsOutsideMasks = 2,
        /// `VCPUCHAR_PPC_WARNING_MASKS_WITHOUT_KNOWN_BITS` = 3: The masks are non-zero but hold no bit the library knows.
        MasksWithoutKnownBits = 3,
        /// `VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED` = 4: host-max or host mode: QEMU with the machine type's defaults would refuse to start on this host.
        DefaultsRefused = 4,
        /// `VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST` = 5: host-max or host mode: the defaults pass the Spectre caps' check, but the guest would run mitigations the host does not need (since 1.2 the text adds the other caps QEMU refuses or may refuse at start, vcpuchar_ppc_start_check()).
        DefaultsBelowHost = 5,
    }
}

c_enum! {
    /// C `enum vcpuchar_ppc_cpu_basis`: How vcpuchar_ppc_host_cpu_ext() came to its guest CPU. since 1.2
    PpcCpuBasis {
        /// `VCPUCHAR_PPC_CPU_BASIS_CHECKED` = 0: the caller's CPU checked against the host's family, or the family
        Checked = 0,
        /// `VCPUCHAR_PPC_CPU_BASIS_ASSUMED` = 1: no CPU given and no family known: POWER9 assumed
        Assumed = 1,
        /// `VCPUCHAR_PPC_CPU_BASIS_UNCHECKED` = 2: the caller's CPU; the host names no family to check it against
        Unchecked = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_vendor`: leaf 0x40000001 EDX CPU vendor from CPUID leaf 0. since 1.0
    X86Vendor {
        /// `VCPUCHAR_X86_VENDOR_UNKNOWN` = 0: not read
        Unknown = 0,
        /// `VCPUCHAR_X86_VENDOR_AMD` = 1: "AuthenticAMD"
        Amd = 1,
        /// `VCPUCHAR_X86_VENDOR_INTEL` = 2: "GenuineIntel"
        Intel = 2,
        /// `VCPUCHAR_X86_VENDOR_HYGON` = 3: "HygonGenuine"
        Hygon = 3,
        /// `VCPUCHAR_X86_VENDOR_OTHER` = 4: any other string
        Other = 4,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_fact`: The facts of struct vcpuchar_x86_host. Each is bit (1u << n) of vcpuchar_x86_host.have and index n of vcpuchar_x86_host.error. since 1.0
    X86Fact {
        /// `VCPUCHAR_X86_FACT_CPUID_VENDOR` = 0: leaf 0: vendor, highest basic leaf
        CpuidVendor = 0,
        /// `VCPUCHAR_X86_FACT_CPUID_HYPERVISOR` = 1: leaf 1 ECX\[31\]
        CpuidHypervisor = 1,
        /// `VCPUCHAR_X86_FACT_CPUID_EXT` = 2: leaves 0x80000000 and 0x80000001 ECX
        CpuidExt = 2,
        /// `VCPUCHAR_X86_FACT_CPUID_SVM` = 3: leaf 0x8000000A, read only after the vendor gate
        CpuidSvm = 3,
        /// `VCPUCHAR_X86_FACT_DISABLE_EXITS` = 4: KVM_CHECK_EXTENSION(KVM_CAP_X86_DISABLE_EXITS)
        DisableExits = 4,
        /// `VCPUCHAR_X86_FACT_HALT_POLL_CAP` = 5: KVM_CHECK_EXTENSION(KVM_CAP_HALT_POLL)
        HaltPollCap = 5,
        /// `VCPUCHAR_X86_FACT_BINARY_STATS_CAP` = 6: KVM_CHECK_EXTENSION(KVM_CAP_BINARY_STATS_FD)
        BinaryStatsCap = 6,
        /// `VCPUCHAR_X86_FACT_SUPPORTED_CPUID` = 7: KVM_GET_SUPPORTED_CPUID
        SupportedCpuid = 7,
        /// `VCPUCHAR_X86_FACT_KERNEL_RELEASE` = 8: /proc/sys/kernel/osrelease (uname -r)
        KernelRelease = 8,
        /// `VCPUCHAR_X86_FACT_HALT_POLL_NS` = 9: /sys/module/kvm/parameters/halt_poll_ns
        HaltPollNs = 9,
        /// `VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW` = 10
        HaltPollNsGrow = 10,
        /// `VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START` = 11
        HaltPollNsGrowStart = 11,
        /// `VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK` = 12
        HaltPollNsShrink = 12,
        /// `VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB` = 13: /sys/module/kvm/parameters/mitigate_smt_rsb
        MitigateSmtRsb = 13,
        /// `VCPUCHAR_X86_FACT_KVM_AMD` = 14: /sys/module/kvm_amd exists
        KvmAmd = 14,
        /// `VCPUCHAR_X86_FACT_AVIC` = 15: /sys/module/kvm_amd/parameters/avic
        Avic = 15,
        /// `VCPUCHAR_X86_FACT_NESTED` = 16: /sys/module/kvm_amd/parameters/nested
        Nested = 16,
        /// `VCPUCHAR_X86_FACT_SEV` = 17: /sys/module/kvm_amd/parameters/sev
        Sev = 17,
        /// `VCPUCHAR_X86_FACT_SEV_ES` = 18: .../sev_es
        SevEs = 18,
        /// `VCPUCHAR_X86_FACT_SEV_SNP` = 19: .../sev_snp
        SevSnp = 19,
        /// `VCPUCHAR_X86_FACT_CLEARCPUID` = 20: clearcpuid= on /proc/cmdline
        Clearcpuid = 20,
        /// `VCPUCHAR_X86_FACT_SMT_RSB_BUG` = 21: "smt_rsb" on the bugs line of /proc/cpuinfo
        SmtRsbBug = 21,
        /// `VCPUCHAR_X86_FACT_SMT_CONTROL` = 22: /sys/devices/system/cpu/smt/control
        SmtControl = 22,
        /// `VCPUCHAR_X86_FACT_VENDOR_MODULE` = 23: KVM's vendor module, named from /sys/module
        VendorModule = 23,
        /// `VCPUCHAR_X86_FACT_CPUID_SIGNATURE` = 24: leaf 1 EAX: family, model, stepping
        CpuidSignature = 24,
        /// `VCPUCHAR_X86_FACT_ENABLE_IPIV` = 25: /sys/module/kvm_amd/parameters/enable_ipiv
        EnableIpiv = 25,
        /// `VCPUCHAR_X86_FACT_TDX` = 26: /sys/module/kvm_intel/parameters/tdx
        Tdx = 26,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_cvm`: Confidential VM type: AMD SEV family, Intel TDX. since 1.0
    X86Cvm {
        /// `VCPUCHAR_X86_CVM_NONE` = 0
        None = 0,
        /// `VCPUCHAR_X86_CVM_SEV` = 1
        Sev = 1,
        /// `VCPUCHAR_X86_CVM_SEV_ES` = 2
        SevEs = 2,
        /// `VCPUCHAR_X86_CVM_SEV_SNP` = 3
        SevSnp = 3,
        /// `VCPUCHAR_X86_CVM_TDX` = 4: An Intel TDX guest, a TD (/usr/share/doc/libvcpuchar/x86.md#tdx). since 1.3
        Tdx = 4,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_hlt_passthrough`: Override hlt_passthrough (/usr/share/doc/libvcpuchar/x86.md#overrides). since 1.0
    X86HltPassthrough {
        /// `VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO` = 0
        Auto = 0,
        /// `VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER` = 1
        Never = 1,
        /// `VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE` = 2: lifts the soft checks (latency, host is a guest, CVM, SMT_RSB bug without mitigation); never pinning, the KVM mask or kvm.mitigate_smt_rsb=1
        Force = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_cpu_mode`: Override cpu_mode: the guest CPU model (libvirt's modes). since 1.0
    X86CpuMode {
        /// `VCPUCHAR_X86_CPU_MODE_UNSPECIFIED` = 0
        Unspecified = 0,
        /// `VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH` = 1
        HostPassthrough = 1,
        /// `VCPUCHAR_X86_CPU_MODE_OTHER` = 2: a named model; turned KVM_HINTS_REALTIME off until 1.2
        Other = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_idle_hlt_kvm`: Override idle_hlt_kvm: does this kernel's KVM use Idle HLT. since 1.0
    X86IdleHltKvm {
        /// `VCPUCHAR_X86_IDLE_HLT_KVM_AUTO` = 0: from the kernel release (>= 6.15)
        Auto = 0,
        /// `VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT` = 1: replaces only the kernel test (backports)
        Present = 1,
        /// `VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT` = 2: Idle HLT is not used
        Absent = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_reason_code`: Reason codes (/usr/share/doc/libvcpuchar/x86.md#reason-codes). Stable API: never renamed, renumbered or reused. Numbered in the order of that table, which is also the order they appear in a result. since 1.0
    X86ReasonCode {
        /// `VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT` = 1
        HltExitsKeptOvercommit = 1,
        /// `VCPUCHAR_X86_REASON_LATENCY_NEEDS_PINNING` = 2
        LatencyNeedsPinning = 2,
        /// `VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED` = 3
        HltPassthroughDedicated = 3,
        /// `VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCED` = 4
        HltPassthroughForced = 4,
        /// `VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_PINNED_THROUGHPUT` = 5
        HltExitsKeptPinnedThroughput = 5,
        /// `VCPUCHAR_X86_REASON_CALLER_FORBIDS_HLT_PASSTHROUGH` = 6
        CallerForbidsHltPassthrough = 6,
        /// `VCPUCHAR_X86_REASON_HOST_IS_GUEST` = 7
        HostIsGuest = 7,
        /// `VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED` = 8
        CvmHltPassthroughUnverified = 8,
        /// `VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH` = 9
        SmtRsbForbidsHltPassthrough = 9,
        /// `VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK` = 10
        HltNotInAllowedMask = 10,
        /// `VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED` = 11
        DisableExitsMasked = 11,
        /// `VCPUCHAR_X86_REASON_PV_UNHALT_OFF_HLT_PASSTHROUGH` = 12
        PvUnhaltOffHltPassthrough = 12,
        /// `VCPUCHAR_X86_REASON_PV_UNHALT_WITH_HLT_EXITS` = 13
        PvUnhaltWithHltExits = 13,
        /// `VCPUCHAR_X86_REASON_PV_UNHALT_NEEDS_IRQCHIP` = 14
        PvUnhaltNeedsIrqchip = 14,
        /// `VCPUCHAR_X86_REASON_REALTIME_HINT_DEDICATED` = 15
        RealtimeHintDedicated = 15,
        /// `VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_PINNING` = 16
        RealtimeHintNeedsPinning = 16,
        /// `VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_HOST_PASSTHROUGH` = 17: not emitted since 1.3
        RealtimeHintNeedsHostPassthrough = 17,
        /// `VCPUCHAR_X86_REASON_POLL_CONTROL_WITH_REALTIME` = 18
        PollControlWithRealtime = 18,
        /// `VCPUCHAR_X86_REASON_POLL_CONTROL_NEEDS_DEDICATED` = 19
        PollControlNeedsDedicated = 19,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT` = 20
        HaltPollLeaveDefault = 20,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE` = 21
        HaltPollCallerValue = 21,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_MOOT_HLT_PASSTHROUGH` = 22
        HaltPollMootHltPassthrough = 22,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_NEVER_EXPOSED` = 23
        IdleHltNeverExposed = 23,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE` = 24
        IdleHltActive = 24,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_MOOT_HLT_PASSTHROUGH` = 25
        IdleHltMootHltPassthrough = 25,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_NOT_AMD` = 26
        IdleHltNotAmd = 26,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_CPU_LACKS` = 27
        IdleHltCpuLacks = 27,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_KVM_AMD_ABSENT` = 28
        IdleHltKvmAmdAbsent = 28,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE` = 29
        IdleHltCallerOverride = 29,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD` = 30
        IdleHltKernelTooOld = 30,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_CLEARED_BY_CLEARCPUID` = 31
        IdleHltClearedByClearcpuid = 31,
        /// `VCPUCHAR_X86_REASON_SEV_AVIC_INHIBITED` = 32
        SevAvicInhibited = 32,
        /// `VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED` = 33
        NestedIdleHltNotEmulated = 33,
        /// `VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE` = 34
        NestedSvmUnavailable = 34,
        /// `VCPUCHAR_X86_REASON_AVIC_GLOBAL_ON` = 35
        AvicGlobalOn = 35,
        /// `VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK` = 36
        DisableExitsEinvalFallback = 36,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT` = 37
        HaltPollCapAbsent = 37,
        /// `VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED` = 38: Class VERIFY: only from the verification step (vcpuchar_x86_policy_verify), which says whether KVM honoured a policy, from two vCPU statistics snapshots. since 1.0
        HltPassthroughHonoured = 38,
        /// `VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED` = 39
        HltPassthroughNotHonoured = 39,
        /// `VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_HONOURED` = 40
        HltExitsKeptHonoured = 40,
        /// `VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_NOT_HONOURED` = 41
        HltExitsKeptNotHonoured = 41,
        /// `VCPUCHAR_X86_REASON_GUEST_HLTS_UNKNOWN` = 42
        GuestHltsUnknown = 42,
        /// `VCPUCHAR_X86_REASON_GUEST_NEVER_HALTED` = 43
        GuestNeverHalted = 43,
        /// `VCPUCHAR_X86_REASON_HALT_EXITS_STAT_ABSENT` = 44
        HaltExitsStatAbsent = 44,
        /// `VCPUCHAR_X86_REASON_HALT_EXITS_EXCEED_GUEST_HLTS` = 45
        HaltExitsExceedGuestHlts = 45,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_FEWER_HALT_EXITS` = 46
        IdleHltFewerHaltExits = 46,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_ACTIVE` = 47
        HaltPollActive = 47,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_INACTIVE` = 48
        HaltPollInactive = 48,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_NO_IRQCHIP` = 49
        HaltPollNoIrqchip = 49,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_NO_HALT_IN_KERNEL` = 50
        HaltPollNoHaltInKernel = 50,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_STATS_ABSENT` = 51
        HaltPollStatsAbsent = 51,
        /// `VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN` = 52: since 1.0 The kernel release is missing or does not parse as X.Y: whether KVM uses Idle HLT is unknown (not "too old").
        IdleHltKernelUnknown = 52,
        /// `VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL` = 53: hlt_passthrough=force lifted refusals; value: bit (1 << code) per refusal code it lifted, for codes below 64 (for any code, ask vcpuchar_x86_policy_lifted, since 1.2).
        OverrideLiftedRefusal = 53,
        /// `VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT` = 54: Overrides that changed nothing for this VM; value: VCPUCHAR_X86_OVERRIDE_* bits.
        OverrideNoEffect = 54,
        /// `VCPUCHAR_X86_REASON_CVM_RECHECK_PENDING_IRQ` = 55: A CVM whose HLT exits without Idle HLT: the VMM cannot see the guest's pending interrupts at HLT and must re-check them before blocking the vCPU.
        CvmRecheckPendingIrq = 55,
        /// `VCPUCHAR_X86_REASON_HLT_HANDLED_IN_KERNEL` = 56: since 1.2 HLT exits kept with an in-kernel or split irqchip: KVM halts the vCPU itself, the VMM never sees KVM_EXIT_HLT.
        HltHandledInKernel = 56,
        /// `VCPUCHAR_X86_REASON_HLT_EXITS_REACH_VMM` = 57: HLT exits kept without an in-kernel irqchip: every HLT reaches the VMM as KVM_EXIT_HLT, and KVM's halt polling does not apply.
        HltExitsReachVmm = 57,
        /// `VCPUCHAR_X86_REASON_REALTIME_HINT_HOST_IS_GUEST` = 58: Pinned on a host that is itself a VM: no KVM_HINTS_REALTIME (its pCPUs are vCPUs its own host can preempt).
        RealtimeHintHostIsGuest = 58,
        /// `VCPUCHAR_X86_REASON_GUEST_TAS_SPINLOCK` = 59: HLT pass-through with neither KVM_HINTS_REALTIME nor PV_UNHALT: a Linux guest's spinlocks are virt_spin_lock()'s test-and-set lock.
        GuestTasSpinlock = 59,
        /// `VCPUCHAR_X86_REASON_PV_UNHALT_NOT_SUPPORTED` = 60: KVM_GET_SUPPORTED_CPUID was read and leaf 0x40000001 EAX lacks KVM_FEATURE_PV_UNHALT: QEMU drops it, so the policy does not offer it.
        PvUnhaltNotSupported = 60,
        /// `VCPUCHAR_X86_REASON_POLL_CONTROL_NOT_SUPPORTED` = 61: The same for KVM_FEATURE_POLL_CONTROL (REALTIME does not depend on that leaf: QEMU always offers the hint).
        PollControlNotSupported = 61,
        /// `VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235` = 62: AVIC on an AMD Family 17h or Hygon Family 18h CPU (erratum #1235: the wakeup IPI of a blocking vCPU can be lost) whose KVM may still virtualize IPIs; value: 0 kvm_amd.enable_ipiv is Y, 1 the parameter is missing (a kernel before Linux 6.17), 2 it was not read.
        AvicIpiErratum1235 = 62,
        /// `VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCE_NEEDS_PINNING` = 63: hlt_passthrough=force on a VM that is not pinned: HLT exits are kept, since force never lifts the need for dedicated pCPUs.
        HltPassthroughForceNeedsPinning = 63,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT` = 64: Since 1.3: kvm.halt_poll_ns (value, ns) above KVM's x86 default of 200000 (KVM_HALT_POLL_NS_DEFAULT) costs host CPU time while vCPUs idle; KVM_CAP_HALT_POLL is offered, so the remedy is a per-VM value.
        HaltPollAboveDefault = 64,
        /// `VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT_HOST_WIDE` = 65: Since 1.3: the same without KVM_CAP_HALT_POLL: the remedy is host-wide (kvm.halt_poll_ns).
        HaltPollAboveDefaultHostWide = 65,
        /// `VCPUCHAR_X86_REASON_MONITOR_HIDDEN_MWAIT_EXITS` = 66: Since 1.3: MWAIT exits are kept, so the CPUID patch call clears MONITOR (CPUID.01H:ECX\[3\]): KVM emulates MWAIT as a no-op.
        MonitorHiddenMwaitExits = 66,
        /// `VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS` = 67: Since 1.3: a TD (cvm tdx) asked for HLT pass-through: a TD's HLT always reaches KVM as TDG.VP.VMCALL<Instruction.HLT>, which KVM_X86_DISABLE_EXITS_HLT cannot change, so HLT exits are kept and no exit is disabled; hlt_passthrough=force does not lift it.
        TdxHltAlwaysExits = 67,
        /// `VCPUCHAR_X86_REASON_TDX_HLT_VIA_TDVMCALL` = 68: Since 1.3: a TD's HLT is a TDG.VP.VMCALL that KVM halts itself; KVM reads the TD's pending interrupt from the TDX module (tdx_protected_apic_has_interrupt()), so the VMM has no re-check to make (cvm_recheck_pending_irq does not apply).
        TdxHltViaTdvmcall = 68,
        /// `VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN` = 69: Since 1.3: kvm_intel.tdx was not read as Y for a TD: whether this KVM creates TDs is unknown; value: 1 the parameter is missing (kvm_intel not loaded, or a kernel before Linux 6.16), 2 it was not read.
        TdxHostUnknown = 69,
        /// `VCPUCHAR_X86_REASON_GUEST_SPINLOCK_KERNEL_UNKNOWN` = 70: Since 1.3: KVM_HINTS_REALTIME without KVM_FEATURE_PV_UNHALT and the guest kernel not given: its spinlock depends on whether it has the 2025 reorder of kvm_spinlock_init() (native qspinlock) or not (test-and-set lock).
        GuestSpinlockKernelUnknown = 70,
        /// `VCPUCHAR_X86_REASON_GUEST_SPINLOCK_BEFORE_REORDER` = 71: Since 1.3: the same with a guest kernel from before the reorder (value: its VCPUCHAR_X86_KERNEL_VERSION()): the test-and-set lock; nopvspin does not change it.
        GuestSpinlockBeforeReorder = 71,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_reason_class`: Reason classes (/usr/share/doc/libvcpuchar/x86.md#reason-codes). since 1.0
    X86ReasonClass {
        /// `VCPUCHAR_X86_REASON_CLASS_DECISION` = 0: explains an output
        Decision = 0,
        /// `VCPUCHAR_X86_REASON_CLASS_REFUSAL` = 1: the profile asked for something not given
        Refusal = 1,
        /// `VCPUCHAR_X86_REASON_CLASS_DIAGNOSTIC` = 2: information
        Diagnostic = 2,
        /// `VCPUCHAR_X86_REASON_CLASS_APPLY` = 3: what KVM answers for the VM (known for sure at apply)
        Apply = 3,
        /// `VCPUCHAR_X86_REASON_CLASS_VERIFY` = 4: from the verification step only
        Verify = 4,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_stat`: Per-vCPU statistics the library reads (kvm_vcpu_stats_desc). since 1.0
    X86Stat {
        /// `VCPUCHAR_X86_STAT_HALT_EXITS` = 0: HLT and IDLE_HLT exits (x86)
        HaltExits = 0,
        /// `VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL` = 1: halts ended by polling (generic)
        HaltSuccessfulPoll = 1,
        /// `VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL` = 2: halts that polled (generic)
        HaltAttemptedPoll = 2,
        /// `VCPUCHAR_X86_STAT_HALT_WAIT_NS` = 3: ns spent waiting after polling (generic)
        HaltWaitNs = 3,
        /// `VCPUCHAR_X86_STAT_EXITS` = 4: all VM exits (x86)
        Exits = 4,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_hlt_verdict`: Did KVM honour the HLT part of a policy? since 1.0
    X86HltVerdict {
        /// `VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL` = 0: no halt seen, no halt_exits, or Idle HLT and no exit
        CannotTell = 0,
        /// `VCPUCHAR_X86_HLT_VERDICT_HONOURED` = 1: HLT exited, or not, as the policy said
        Honoured = 1,
        /// `VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED` = 2: it did not
        NotHonoured = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_halt_poll_verdict`: Did KVM poll before blocking a halted vCPU? since 1.0
    X86HaltPollVerdict {
        /// `VCPUCHAR_X86_HALT_POLL_VERDICT_CANNOT_TELL` = 0: no halt-poll statistics
        CannotTell = 0,
        /// `VCPUCHAR_X86_HALT_POLL_VERDICT_ACTIVE` = 1: halt_attempted_poll grew
        Active = 1,
        /// `VCPUCHAR_X86_HALT_POLL_VERDICT_INACTIVE` = 2: it did not
        Inactive = 2,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_exit_kind`: Exit code spaces of the exit classification below. since 1.0
    X86ExitKind {
        /// `VCPUCHAR_X86_EXIT_KIND_SVM` = 0: raw SVM exit code (VMCB EXITCODE)
        Svm = 0,
        /// `VCPUCHAR_X86_EXIT_KIND_KVM` = 1: struct kvm_run exit_reason
        Kvm = 1,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_exit_class`: What an exit means for the vCPU's run loop. since 1.0
    X86ExitClass {
        /// `VCPUCHAR_X86_EXIT_CLASS_OTHER` = 0
        Other = 0,
        /// `VCPUCHAR_X86_EXIT_CLASS_HALT` = 1: the vCPU halted: block until an event (interrupt, NMI, ...) is pending, never re-enter at once
        Halt = 1,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_name_set`: The enumerations with names (the @set of the functions below). since 1.3
    X86NameSet {
        /// `VCPUCHAR_X86_NAMES_CVM` = 0: vcpuchar_x86_vm.cvm: "none", "sev", "sev-es", "sev-snp", "tdx" (1.3)
        NamesCvm = 0,
        /// `VCPUCHAR_X86_NAMES_HLT_PASSTHROUGH` = 1: "auto", "never", "force"
        NamesHltPassthrough = 1,
        /// `VCPUCHAR_X86_NAMES_CPU_MODE` = 2: 0 (unspecified) has no name; "host-passthrough", "other"
        NamesCpuMode = 2,
        /// `VCPUCHAR_X86_NAMES_IDLE_HLT_KVM` = 3: "auto", "present", "absent"
        NamesIdleHltKvm = 3,
        /// `VCPUCHAR_X86_NAMES_DISABLE_EXIT` = 4
        NamesDisableExit = 4,
        /// `VCPUCHAR_X86_N_NAME_SETS` = 5: the number of sets of this release
        NNameSets = 5,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_cpuidle`: The cpuidle driver a Linux guest ends up with (/usr/share/doc/libvcpuchar/x86.md#guest-view). since 1.1
    X86Cpuidle {
        /// `VCPUCHAR_X86_CPUIDLE_NOT_HALTPOLL` = 0: another driver, or none: idle is plain HLT
        NotHaltpoll = 0,
        /// `VCPUCHAR_X86_CPUIDLE_HALTPOLL` = 1: cpuidle-haltpoll: the guest polls before HLT
        Haltpoll = 1,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_pv_spinlocks`: Whether a Linux guest uses PV spinlocks, and the first rule that decides it (/usr/share/doc/libvcpuchar/x86.md#guest-view, the order of Linux 6.12's kvm_spinlock_init()). since 1.1
    X86PvSpinlocks {
        /// `VCPUCHAR_X86_PV_SPINLOCKS_USED` = 0: "PV spinlocks enabled"
        Used = 0,
        /// `VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME` = 1: KVM_HINTS_REALTIME set
        OffRealtime = 1,
        /// `VCPUCHAR_X86_PV_SPINLOCKS_OFF_SINGLE_CPU` = 2: one vCPU
        OffSingleCpu = 2,
        /// `VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT` = 3: KVM_FEATURE_PV_UNHALT clear
        OffNoPvUnhalt = 3,
        /// `VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN` = 4: Since 1.3, only to a caller whose @size has @guest_kernel: PV_UNHALT clear with REALTIME set or one vCPU, and @guest_kernel unknown (or of a stable series whose backport release is not known): off either way, but the lock is native qspinlock with the 2025 reorder of kvm_spinlock_init() and the test-and-set lock before it.
        Unknown = 4,
    }
}

c_enum! {
    /// C `enum vcpuchar_x86_format`: The texts the formatting call below writes (its @format). since 1.3
    X86Format {
        /// `VCPUCHAR_X86_FORMAT_QEMU` = 0: QEMU's command-line words, one a line
        Qemu = 0,
        /// `VCPUCHAR_X86_FORMAT_QEMU_SHELL` = 1: the same as one line a POSIX shell reads back
        QemuShell = 1,
        /// `VCPUCHAR_X86_FORMAT_LIBVIRT` = 2: a libvirt domain XML fragment
        Libvirt = 2,
        /// `VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE` = 3
        NotExpressible = 3,
    }
}
