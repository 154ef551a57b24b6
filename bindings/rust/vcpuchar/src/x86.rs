// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// x86: the SVM Idle HLT intercept and the HLT-exit policy: facts, probe,
// decision, apply, guest CPUID, vCPU statistics, verdict, guest view
// (include/vcpuchar/x86.h; rules in lib/x86.md).
use crate::common::ProbeOpts;
use crate::enums::*;
use crate::error::{Error, Result};
use crate::util::{array_str, check, cstring, size_led, snprintf_string, static_str, Init};
use std::os::unix::io::AsRawFd;
use vcpuchar_sys as sys;

/// What an x86 host and its KVM offer (C `struct vcpuchar_x86_host`): per fact
/// a `have` bit (1 << [`X86Fact`]) and an `error` slot.
pub type X86Host = sys::vcpuchar_x86_host;
/// The VM a policy is decided for (C `struct vcpuchar_x86_vm`); all zero with
/// `size` set is the default VM. Build it with [`X86VmExt`].
pub type X86Vm = sys::vcpuchar_x86_vm;
/// Halt statistics of one vCPU (C `struct vcpuchar_x86_vcpu_stats`): `values`
/// indexed by [`X86Stat`], `have` bit per value found.
pub type X86VcpuStats = sys::vcpuchar_x86_vcpu_stats;
/// What a Linux guest finds under a policy (C `struct vcpuchar_x86_guest_view`).
pub type X86GuestView = sys::vcpuchar_x86_guest_view;
/// One guest CPUID entry, laid out as `struct kvm_cpuid_entry2`.
pub type X86CpuidEntry = sys::vcpuchar_x86_cpuid_entry;

size_led!(
    sys::vcpuchar_x86_host,
    sys::vcpuchar_x86_vm,
    sys::vcpuchar_x86_policy,
    sys::vcpuchar_x86_vcpu_stats,
    sys::vcpuchar_x86_verdict,
    sys::vcpuchar_x86_guest_view
);

/// x86 host facts, zero with `size` set (C's `VCPUCHAR_INIT`).
pub fn x86_host() -> X86Host {
    X86Host::init()
}

/// The default VM profile, zero with `size` set (C's `VCPUCHAR_INIT`).
pub fn x86_vm() -> X86Vm {
    X86Vm::init()
}

/// Accessors of [`X86Host`].
pub trait X86HostExt {
    /// Whether a fact was read (its `have` bit).
    fn has(&self, fact: X86Fact) -> bool;
    /// Why a fact was not read: its negative errno, 0 when read.
    fn fact_error(&self, fact: X86Fact) -> i32;
    /// The CPU vendor; `None` for a value this crate does not know.
    fn vendor_kind(&self) -> Option<X86Vendor>;
    /// Where the facts came from; `None` for a value this crate does not know.
    fn source_kind(&self) -> Option<Source>;
    /// KVM's vendor module ("kvm_amd", "kvm_intel", ...), "" when unknown.
    fn vendor_module(&self) -> String;
    /// `uname -m`, "" when unknown.
    fn arch(&self) -> String;
    /// `uname -r`, "" when unknown.
    fn kernel_release(&self) -> String;
    /// Sets `kernel_release` and the KERNEL_RELEASE fact; `None` when it does not fit (64 bytes).
    fn set_kernel_release(&mut self, release: &str) -> Option<()>;
}

impl X86HostExt for X86Host {
    fn has(&self, fact: X86Fact) -> bool {
        self.have & (1 << fact.raw()) != 0
    }
    fn fact_error(&self, fact: X86Fact) -> i32 {
        self.error[fact.raw() as usize]
    }
    fn vendor_kind(&self) -> Option<X86Vendor> {
        X86Vendor::from_raw(self.vendor)
    }
    fn source_kind(&self) -> Option<Source> {
        Source::from_raw(self.source)
    }
    fn vendor_module(&self) -> String {
        array_str(&self.vendor_module)
    }
    fn arch(&self) -> String {
        array_str(&self.arch)
    }
    fn kernel_release(&self) -> String {
        array_str(&self.kernel_release)
    }
    fn set_kernel_release(&mut self, release: &str) -> Option<()> {
        crate::util::set_array_str(&mut self.kernel_release, release)?;
        self.have |= 1 << X86Fact::KernelRelease.raw();
        Some(())
    }
}

/// Builder-style setters of [`X86Vm`]; start from [`x86_vm`].
pub trait X86VmExt: Sized {
    /// Adds `VCPUCHAR_X86_VM_*` flags.
    fn flags(self, flags: u32) -> Self;
    /// Every vCPU pinned 1:1 to a dedicated pCPU (`VCPUCHAR_X86_VM_PINNED`).
    fn pinned(self) -> Self;
    /// Latency-sensitive (`VCPUCHAR_X86_VM_LATENCY`).
    fn latency(self) -> Self;
    /// No in-kernel irqchip (`VCPUCHAR_X86_VM_NO_IRQCHIP`).
    fn no_irqchip(self) -> Self;
    /// The confidential VM type.
    fn cvm(self, cvm: X86Cvm) -> Self;
    /// The hlt_passthrough override.
    fn hlt_passthrough(self, v: X86HltPassthrough) -> Self;
    /// The guest CPU model (libvirt's modes).
    fn cpu_mode(self, v: X86CpuMode) -> Self;
    /// Whether this kernel's KVM uses Idle HLT.
    fn idle_hlt_kvm(self, v: X86IdleHltKvm) -> Self;
    /// A per-VM halt-poll maximum in nanoseconds (sets `VCPUCHAR_X86_VM_HALT_POLL_NS`).
    fn halt_poll_ns(self, ns: u32) -> Self;
    /// The guest's Linux version ([`x86_kernel_parse`]; 0 unknown). Since 1.3.
    fn guest_kernel(self, version: u32) -> Self;
}

impl X86VmExt for X86Vm {
    fn flags(mut self, flags: u32) -> Self {
        self.flags |= flags;
        self
    }
    fn pinned(self) -> Self {
        self.flags(sys::VCPUCHAR_X86_VM_PINNED)
    }
    fn latency(self) -> Self {
        self.flags(sys::VCPUCHAR_X86_VM_LATENCY)
    }
    fn no_irqchip(self) -> Self {
        self.flags(sys::VCPUCHAR_X86_VM_NO_IRQCHIP)
    }
    fn cvm(mut self, cvm: X86Cvm) -> Self {
        self.cvm = cvm.raw();
        self
    }
    fn hlt_passthrough(mut self, v: X86HltPassthrough) -> Self {
        self.hlt_passthrough = v.raw();
        self
    }
    fn cpu_mode(mut self, v: X86CpuMode) -> Self {
        self.cpu_mode = v.raw();
        self
    }
    fn idle_hlt_kvm(mut self, v: X86IdleHltKvm) -> Self {
        self.idle_hlt_kvm = v.raw();
        self
    }
    fn halt_poll_ns(mut self, ns: u32) -> Self {
        self.halt_poll_ns = ns;
        self.flags(sys::VCPUCHAR_X86_VM_HALT_POLL_NS)
    }
    fn guest_kernel(mut self, version: u32) -> Self {
        self.guest_kernel = version;
        self
    }
}

/// The short name of a fact (its host profile key), e.g. "disable_exits_allowed".
pub fn x86_fact_name(fact: X86Fact) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_x86_fact_name(fact.raw()) }).unwrap_or("")
}

/// Reads the host's CPU, KVM and module facts through the /dev/kvm system fd.
/// The facts are returned also on failure (each says in `have`/`error` whether
/// it was read): `(facts, Err(..))` with EBADF, ENOTTY (not KVM's fd), EINVAL
/// (a VM or vCPU fd) or ENOTSUP (a build for a non-x86 CPU).
pub fn x86_host_probe(kvm_fd: &impl AsRawFd, opts: Option<&ProbeOpts>) -> (X86Host, Result<()>) {
    const F: &str = "vcpuchar_x86_host_probe";
    let c = match opts.map(|o| o.to_c(F)).transpose() {
        Ok(c) => c,
        Err(e) => return (X86Host::init(), Err(e)),
    };
    let mut h = X86Host::init();
    let o = c.as_ref().map_or(std::ptr::null(), |c| &c.opts as *const _);
    // SAFETY: `o` is NULL or options whose root lives in `c`; sized out-struct;
    // the fd is only passed to ioctl(2).
    let r = unsafe { sys::vcpuchar_x86_host_probe(kvm_fd.as_raw_fd(), o, &mut h) };
    (h, check(F, r).map(|_| ()))
}

/// One sentence on a fact: its value and source, or why it was not read.
///
/// Errors: EINVAL for an error entry outside the errno range.
pub fn x86_host_describe(host: &X86Host, fact: X86Fact) -> Result<String> {
    let h = host.sized();
    // SAFETY: sized struct; buffer of the given length.
    snprintf_string("vcpuchar_x86_host_describe", |b, n| unsafe { sys::vcpuchar_x86_host_describe(&h, fact.raw(), b, n as _) })
}

/// The stable snake_case name of a reason code ("hlt_exits_kept_overcommit");
/// `None` when the loaded library does not know it.
pub fn x86_reason_name(code: u32) -> Option<&'static str> {
    // SAFETY: integer in, static string or NULL out.
    static_str(unsafe { sys::vcpuchar_x86_reason_name(code) })
}

/// The code of a snake_case name (a code of the loaded library, which may be
/// newer than [`X86ReasonCode`]).
///
/// Errors: EINVAL for an unknown name.
pub fn x86_reason_from_name(name: &str) -> Result<u32> {
    const F: &str = "vcpuchar_x86_reason_from_name";
    let c = cstring(F, "the reason name", name)?;
    // SAFETY: valid C string.
    let r = unsafe { sys::vcpuchar_x86_reason_from_name(c.as_ptr()) };
    check(F, r).map(|v| v as u32).map_err(|_| Error::new(F, r, Some(format!("unknown reason name {:?}", name))))
}

/// The class of a reason code.
///
/// Errors: EINVAL for a code the library does not know; ERANGE for a class
/// this crate does not know.
pub fn x86_reason_class(code: u32) -> Result<X86ReasonClass> {
    const F: &str = "vcpuchar_x86_reason_class";
    // SAFETY: integer in, integer out.
    let c = check(F, unsafe { sys::vcpuchar_x86_reason_class(code) })? as u32;
    X86ReasonClass::from_raw(c).ok_or_else(|| Error::new(F, -34, Some(format!("class {} is unknown to this crate", c))))
}

/// One reason of a policy or verdict (C `struct vcpuchar_x86_reason`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct X86Reason {
    /// The C code (a later library may add codes: see [`X86Reason::kind`]).
    pub code: u32,
    /// The value that fills the code's text, when it has one (a mask,
    /// nanoseconds, a count ...: see the C docs of the code).
    pub value: Option<u64>,
}

impl From<&sys::vcpuchar_x86_reason> for X86Reason {
    fn from(r: &sys::vcpuchar_x86_reason) -> X86Reason {
        X86Reason::from_c(r)
    }
}

impl X86Reason {
    /// The code as an enum; `None` for one this crate does not know.
    pub fn kind(&self) -> Option<X86ReasonCode> {
        X86ReasonCode::from_raw(self.code)
    }
    /// The stable name, e.g. "idle_hlt_active".
    pub fn name(&self) -> Option<&'static str> {
        x86_reason_name(self.code)
    }
    /// The class.
    pub fn class(&self) -> Result<X86ReasonClass> {
        x86_reason_class(self.code)
    }
    /// The sentence with the value filled in.
    pub fn text(&self) -> Result<String> {
        x86_reason_text(self)
    }
    fn from_c(r: &sys::vcpuchar_x86_reason) -> X86Reason {
        X86Reason { code: r.code, value: if r.has_value != 0 { Some(r.value) } else { None } }
    }
}

/// The sentence of a reason, its value filled in.
///
/// Errors: EINVAL for an unknown code or a value the code cannot hold.
pub fn x86_reason_text(reason: &X86Reason) -> Result<String> {
    let r = sys::vcpuchar_x86_reason { code: reason.code, has_value: reason.value.is_some() as u32, value: reason.value.unwrap_or(0) };
    // SAFETY: valid struct; buffer of the given length.
    snprintf_string("vcpuchar_x86_reason_text", |b, n| unsafe { sys::vcpuchar_x86_reason_text(&r, b, n as _) })
}

/// The HLT-exit policy of one VM (C `struct vcpuchar_x86_policy`), from
/// [`x86_decide`] or [`x86_apply`].
#[derive(Debug, Clone, Copy)]
pub struct X86Policy(pub sys::vcpuchar_x86_policy);

impl X86Policy {
    /// `VCPUCHAR_X86_DISABLE_EXITS_*` for KVM_CAP_X86_DISABLE_EXITS.
    pub fn disable_exits(&self) -> u32 {
        self.0.disable_exits
    }
    /// HLT pass-through: HLT exits are disabled.
    pub fn hlt_passthrough(&self) -> bool {
        self.0.disable_exits & sys::VCPUCHAR_X86_DISABLE_EXITS_HLT != 0
    }
    /// Whether KVM will use the Idle HLT intercept for the VM's vCPUs.
    pub fn idle_hlt_active(&self) -> bool {
        self.0.idle_hlt_active != 0
    }
    /// The per-VM halt-poll maximum in nanoseconds, when the policy sets one.
    pub fn halt_poll_ns(&self) -> Option<u32> {
        if self.0.halt_poll_set != 0 {
            Some(self.0.halt_poll_ns)
        } else {
            None
        }
    }
    /// Reasons of class REFUSAL.
    pub fn n_refusals(&self) -> u32 {
        self.0.n_refusals
    }
    /// The reasons as the C struct holds them, in code order.
    pub fn reasons(&self) -> &[sys::vcpuchar_x86_reason] {
        &self.0.reasons[..(self.0.n_reasons as usize).min(self.0.reasons.len())]
    }
    /// The reasons, in code order, each with its name, class and sentence.
    pub fn iter(&self) -> impl Iterator<Item = X86Reason> + '_ {
        self.reasons().iter().map(X86Reason::from_c)
    }
    /// Whether hlt_passthrough=force lifted the refusal `code` ([`x86_policy_lifted`]).
    pub fn lifted(&self, code: u32) -> Result<bool> {
        x86_policy_lifted(self, code)
    }
}

/// The HLT-exit policy for a VM on a host (pure: no I/O).
///
/// Errors: EINVAL for unknown flags or values, a CVM on a host that is not AMD
/// or Hygon, or a contradictory profile; ENOTSUP for facts of a non-x86 host.
pub fn x86_decide(host: &X86Host, vm: &X86Vm) -> Result<X86Policy> {
    let (h, v) = (host.sized(), vm.sized());
    let mut p = sys::vcpuchar_x86_policy::init();
    // SAFETY: sized structs in and out.
    check("vcpuchar_x86_decide", unsafe { sys::vcpuchar_x86_decide(&h, &v, &mut p) })?;
    Ok(X86Policy(p))
}

/// Whether hlt_passthrough=force lifted a refusal code in this policy.
///
/// Errors: ERANGE for a code above the loaded library's highest; EINVAL for a
/// policy with more reasons than it holds.
pub fn x86_policy_lifted(policy: &X86Policy, code: u32) -> Result<bool> {
    let p = policy.0.sized();
    // SAFETY: sized struct.
    check("vcpuchar_x86_policy_lifted", unsafe { sys::vcpuchar_x86_policy_lifted(&p, code) }).map(|r| r == 1)
}

/// Decides, then applies the policy to a new VM (`vm_fd` from KVM_CREATE_VM,
/// before any vCPU exists): KVM_ENABLE_CAP of KVM_CAP_X86_DISABLE_EXITS and
/// KVM_CAP_HALT_POLL. `flags`: `VCPUCHAR_X86_APPLY_*`.
///
/// Only the caller knows whether vCPUs exist: pass
/// `VCPUCHAR_X86_APPLY_VCPUS_EXIST` then (nothing probes for them since 1.3;
/// the system calls made are listed in vcpuchar_x86_apply(3)).
///
/// Errors: EBUSY when that flag is given and exits would be disabled (nothing
/// applied); EBADF, ENOTTY (not KVM's fd), EINVAL (bad values, or the system
/// or a vCPU fd); ENOTSUP for non-x86 facts; other errnos of KVM_ENABLE_CAP.
pub fn x86_apply(vm_fd: &impl AsRawFd, host: &X86Host, vm: &X86Vm, flags: u32) -> Result<X86Policy> {
    let (h, v) = (host.sized(), vm.sized());
    let mut p = sys::vcpuchar_x86_policy::init();
    // SAFETY: sized structs in and out; the fd is only passed to ioctl(2).
    check("vcpuchar_x86_apply", unsafe { sys::vcpuchar_x86_apply(vm_fd.as_raw_fd(), &h, &v, flags, &mut p) })?;
    Ok(X86Policy(p))
}

/// Puts the policy into a guest CPUID table (the entries for KVM_SET_CPUID2):
/// PV_UNHALT, POLL_CONTROL and KVM_HINTS_REALTIME in the KVM leaves, IDLE_HLT
/// cleared in 0x8000000A. `host` (optional): with the SUPPORTED_CPUID fact,
/// features are set only when KVM lists them.
///
/// Errors: ENOENT when the table has no KVM signature leaf (0x8000000A still
/// cleared); EINVAL for more than 2^32 entries.
pub fn x86_cpuid_patch(entries: &mut [X86CpuidEntry], host: Option<&X86Host>, policy: &X86Policy) -> Result<()> {
    const F: &str = "vcpuchar_x86_cpuid_patch";
    let n = u32::try_from(entries.len()).map_err(|_| Error::new(F, -22, None))?;
    let h = host.map(|h| h.sized());
    let hp = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let p = policy.0.sized();
    // SAFETY: `entries` holds n entries; NULL or sized structs.
    check(F, unsafe { sys::vcpuchar_x86_cpuid_patch(entries.as_mut_ptr(), n, hp, &p) }).map(|_| ())
}

/// KVM's name of a statistic, e.g. "halt_exits".
pub fn x86_stat_name(stat: X86Stat) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_x86_stat_name(stat.raw()) }).unwrap_or("")
}

/// Accessors of [`X86VcpuStats`].
pub trait X86VcpuStatsExt {
    /// The value of a statistic, `None` when the kernel lacks it.
    fn get(&self, stat: X86Stat) -> Option<u64>;
}

impl X86VcpuStatsExt for X86VcpuStats {
    fn get(&self, stat: X86Stat) -> Option<u64> {
        let i = stat.raw();
        if self.have & (1 << i) != 0 {
            self.values.get(i as usize).copied()
        } else {
            None
        }
    }
}

/// Reads the halt statistics of a vCPU through its binary stats fd
/// (KVM_GET_STATS_FD, Linux 5.14).
///
/// Errors: EINVAL (malformed stats, or the system fd); EBADF; ENOTTY (not
/// KVM's fd); ENOMEM; errnos of ioctl(2) or pread(2).
pub fn x86_vcpu_stats_read(vcpu_fd: &impl AsRawFd) -> Result<X86VcpuStats> {
    let mut s = X86VcpuStats::init();
    // SAFETY: sized out-struct; the fd is only passed to ioctl(2).
    check("vcpuchar_x86_vcpu_stats_read", unsafe { sys::vcpuchar_x86_vcpu_stats_read(vcpu_fd.as_raw_fd(), &mut s) })?;
    Ok(s)
}

/// "cannot_tell", "honoured" or "not_honoured".
pub fn x86_hlt_verdict_name(v: X86HltVerdict) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_x86_hlt_verdict_name(v.raw()) }).unwrap_or("")
}

/// "cannot_tell", "active" or "inactive".
pub fn x86_halt_poll_verdict_name(v: X86HaltPollVerdict) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_x86_halt_poll_verdict_name(v.raw()) }).unwrap_or("")
}

/// Whether KVM honoured a policy (C `struct vcpuchar_x86_verdict`), from [`x86_policy_verify`].
#[derive(Debug, Clone, Copy)]
pub struct X86Verdict(pub sys::vcpuchar_x86_verdict);

impl X86Verdict {
    /// The HLT verdict.
    pub fn hlt(&self) -> Option<X86HltVerdict> {
        X86HltVerdict::from_raw(self.0.hlt)
    }
    /// The halt-poll verdict.
    pub fn halt_poll(&self) -> Option<X86HaltPollVerdict> {
        X86HaltPollVerdict::from_raw(self.0.halt_poll)
    }
    /// Growth of halt_exits between the snapshots (a count).
    pub fn halt_exits(&self) -> u64 {
        self.0.halt_exits
    }
    /// The reasons (class VERIFY) as the C struct holds them, in code order.
    pub fn reasons(&self) -> &[sys::vcpuchar_x86_reason] {
        &self.0.reasons[..(self.0.n_reasons as usize).min(self.0.reasons.len())]
    }
    /// The reasons, in code order, each with its name, class and sentence.
    pub fn iter(&self) -> impl Iterator<Item = X86Reason> + '_ {
        self.reasons().iter().map(X86Reason::from_c)
    }
}

/// Did KVM honour the policy it accepted? From two statistics snapshots of one
/// vCPU and the guest's HLT count (`None`: unknown). Pure.
///
/// Errors: EINVAL for a counter in `after` below `before`, or unknown bits.
pub fn x86_policy_verify(policy: &X86Policy, before: &X86VcpuStats, after: &X86VcpuStats, guest_hlts: Option<u64>) -> Result<X86Verdict> {
    let (p, b, a) = (policy.0.sized(), before.sized(), after.sized());
    let mut v = sys::vcpuchar_x86_verdict::init();
    let g = guest_hlts.unwrap_or(u64::MAX);
    // SAFETY: sized structs in and out.
    check("vcpuchar_x86_policy_verify", unsafe { sys::vcpuchar_x86_policy_verify(&p, &b, &a, g, &mut v) })?;
    Ok(X86Verdict(v))
}

/// Classifies an exit code: SVM_EXIT_HLT, SVM_EXIT_IDLE_HLT and KVM_EXIT_HLT are HALT.
///
/// Errors: ERANGE for a class this crate does not know.
pub fn x86_exit_class(kind: X86ExitKind, code: u64) -> Result<X86ExitClass> {
    const F: &str = "vcpuchar_x86_exit_class";
    // SAFETY: integers in, integer out.
    let c = check(F, unsafe { sys::vcpuchar_x86_exit_class(kind.raw(), code) })? as u32;
    X86ExitClass::from_raw(c).ok_or_else(|| Error::new(F, -34, Some(format!("class {} is unknown to this crate", c))))
}

/// What a Linux guest with `n_vcpus` vCPUs will find under a policy (pure),
/// its kernel unknown: since 1.3 `pv_spinlocks` is then
/// [`X86PvSpinlocks::Unknown`] where the kernel's version decides.
///
/// Errors: EINVAL for `n_vcpus` 0 or a policy with values out of range.
pub fn x86_guest_view(policy: &X86Policy, n_vcpus: u32) -> Result<X86GuestView> {
    x86_guest_view_for(policy, n_vcpus, 0)
}

/// The same for a guest kernel ([`x86_kernel_parse`]; 0 unknown): the order
/// of its `kvm_spinlock_init()` checks (since 1.3).
///
/// Errors: as [`x86_guest_view`].
pub fn x86_guest_view_for(policy: &X86Policy, n_vcpus: u32, guest_kernel: u32) -> Result<X86GuestView> {
    let p = policy.0.sized();
    let mut v = X86GuestView::init();
    v.guest_kernel = guest_kernel;
    // SAFETY: sized structs in and out.
    check("vcpuchar_x86_guest_view", unsafe { sys::vcpuchar_x86_guest_view(&p, n_vcpus, &mut v) })?;
    Ok(v)
}

/// A Linux version ("6.1.192", "6.12.58+deb13-amd64") as the guest-kernel
/// fact ([`X86VmExt::guest_kernel`]); Debian's ABI name "6.1.0-57-amd64" is 0
/// (unknown).
///
/// Errors: EINVAL for text that is no such version.
pub fn x86_kernel_parse(version: &str) -> Result<u32> {
    const F: &str = "vcpuchar_x86_kernel_parse";
    let c = crate::util::cstring(F, "version", version)?;
    let mut v = 0u32;
    // SAFETY: a NUL-terminated string in, one integer out.
    check(F, unsafe { sys::vcpuchar_x86_kernel_parse(c.as_ptr(), &mut v) })?;
    Ok(v)
}

/// "not_haltpoll" or "haltpoll".
pub fn x86_cpuidle_name(v: X86Cpuidle) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_x86_cpuidle_name(v.raw()) }).unwrap_or("")
}

/// "used", "off_realtime", "off_single_cpu" or "off_no_pv_unhalt".
pub fn x86_pv_spinlocks_name(v: X86PvSpinlocks) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_x86_pv_spinlocks_name(v.raw()) }).unwrap_or("")
}

// Since 1.3: the rules the CLI kept to itself (lib/x86.md#names, #vm-checks,
// #qemu-and-libvirt).

/// The stable name of a value of a name set ([`X86NameSet`]:
/// CVM, HLT_PASSTHROUGH, CPU_MODE, IDLE_HLT_KVM, DISABLE_EXIT bit numbers);
/// `None` for an unknown set or value, or a value without a name (cpu_mode 0).
pub fn x86_name(set: X86NameSet, value: u32) -> Option<&'static str> {
    // SAFETY: integers in, static string or NULL out.
    static_str(unsafe { sys::vcpuchar_x86_name(set.raw(), value) })
}

/// The value of a name in a name set.
///
/// Errors: ENOENT for a name the set does not have; EINVAL for an unknown set.
pub fn x86_from_name(set: X86NameSet, name: &str) -> Result<u32> {
    const F: &str = "vcpuchar_x86_from_name";
    let c = cstring(F, "the name", name)?;
    // SAFETY: valid C string.
    check(F, unsafe { sys::vcpuchar_x86_from_name(set.raw(), c.as_ptr()) }).map(|v| v as u32)
}

/// Every name of a set, joined with `sep` (e.g. "none|sev|sev-es|sev-snp|tdx").
///
/// Errors: EINVAL for an unknown set.
pub fn x86_names(set: X86NameSet, sep: &str) -> Result<String> {
    const F: &str = "vcpuchar_x86_names";
    let s = cstring(F, "the separator", sep)?;
    // SAFETY: valid C string; buffer of the given length (the function says -ENOSPC, never cuts).
    let n = check(F, unsafe { sys::vcpuchar_x86_names(set.raw(), s.as_ptr(), std::ptr::null_mut(), 0) })? as usize;
    let mut buf = vec![0 as std::os::raw::c_char; n + 1];
    // SAFETY: as above, with room for the whole list.
    check(F, unsafe { sys::vcpuchar_x86_names(set.raw(), s.as_ptr(), buf.as_mut_ptr(), buf.len() as _) })?;
    Ok(array_str(&buf))
}

/// Whether a VM can be decided for a host: the checks [`x86_decide`] makes,
/// with the reason as the error's message, and the vCPU count (1 to 4096, at
/// most `host_max_vcpus` when not 0: KVM_CAP_MAX_VCPUS).
///
/// Errors: ERANGE for the vCPU count; ENODATA (since 1.3) for facts from a
/// host profile that holds no x86 fact; ENOTSUP for facts of a non-x86 host;
/// EINVAL for what [`x86_decide`] refuses.
pub fn x86_vm_check(host: &X86Host, vm: &X86Vm, n_vcpus: u32, host_max_vcpus: u32) -> Result<()> {
    let (h, v) = (host.sized(), vm.sized());
    // SAFETY: sized structs in; message buffer of the given length.
    crate::util::with_msg("vcpuchar_x86_vm_check", |e, n| unsafe {
        sys::vcpuchar_x86_vm_check(&h, &v, n_vcpus, host_max_vcpus, e, n as _)
    })
    .map(|_| ())
}

/// A policy in QEMU's or libvirt's words ([`X86Format`]: QEMU
/// words one a line, the same as a shell line, libvirt XML, what neither can
/// say one sentence a line).
///
/// Errors: EINVAL for an unknown format or bad values.
pub fn x86_policy_format(policy: &X86Policy, host: &X86Host, vm: &X86Vm, format: X86Format) -> Result<String> {
    const F: &str = "vcpuchar_x86_policy_format";
    let (p, h, v) = (policy.0.sized(), host.sized(), vm.sized());
    // SAFETY: sized structs in; the query writes nothing.
    let n = check(F, unsafe { sys::vcpuchar_x86_policy_format(&p, &h, &v, format.raw(), std::ptr::null_mut(), 0) })? as usize;
    let mut buf = vec![0 as std::os::raw::c_char; n + 1];
    // SAFETY: as above, with room for the whole text.
    check(F, unsafe { sys::vcpuchar_x86_policy_format(&p, &h, &v, format.raw(), buf.as_mut_ptr(), buf.len() as _) })?;
    Ok(array_str(&buf))
}

/// Whether a policy read back from text can be verified: at most 64 reasons,
/// known codes, none of a verification, none twice, known exit flags; the
/// broken rule as the error's message (lib/x86.md#policy-check).
///
/// Errors: E2BIG for too many reasons; EINVAL for the rest.
pub fn x86_policy_validate(policy: &X86Policy) -> Result<()> {
    let p = policy.0.sized();
    // SAFETY: sized struct in; message buffer of the given length.
    crate::util::with_msg("vcpuchar_x86_policy_validate", |e, n| unsafe {
        sys::vcpuchar_x86_policy_validate(&p, e, n as _)
    })
    .map(|_| ())
}

/// The VM flags a VM's vCPU pinning implies: `VCPUCHAR_X86_VM_PINNED` when
/// each vCPU 0 to `n_vcpus` - 1 has one pin `(vcpu, cpu)` to a host CPU of
/// its own, else 0 (lib/x86.md#domain-rules). A pin whose CPU set is not one
/// CPU has `cpu` `VCPUCHAR_X86_PIN_NOT_ONE_CPU`.
///
/// Errors: ERANGE for `n_vcpus` outside 1 to 4096; EINVAL for more than
/// `u32::MAX` pins.
pub fn x86_pins_flags(n_vcpus: u32, pins: &[(u32, u32)]) -> Result<u32> {
    const F: &str = "vcpuchar_x86_pins_flags";
    let v: Vec<sys::vcpuchar_x86_vcpu_pin> =
        pins.iter().map(|&(vcpu, cpu)| sys::vcpuchar_x86_vcpu_pin { vcpu, cpu }).collect();
    let n = u32::try_from(v.len()).map_err(|_| Error::new(F, -22, Some("more than 4294967295 pins".into())))?;
    let mut flags = 0u32;
    // SAFETY: `n` entries in; one u32 out.
    check(F, unsafe { sys::vcpuchar_x86_pins_flags(n_vcpus, v.as_ptr(), n, &mut flags) })?;
    Ok(flags)
}

/// The `VCPUCHAR_X86_DISABLE_EXITS_*` flags a QEMU command line asks KVM to
/// disable: MWAIT, HLT, PAUSE and CSTATE for `-overcommit cpu-pm=on`, else 0
/// (lib/x86.md#domain-rules).
///
/// Errors: EINVAL for a word with a NUL byte or more than `u32::MAX` words.
pub fn x86_qemu_args_exits(args: &[&str]) -> Result<u32> {
    const F: &str = "vcpuchar_x86_qemu_args_exits";
    let words = args.iter().map(|a| cstring(F, "a QEMU argument", a)).collect::<Result<Vec<_>>>()?;
    let ptrs: Vec<*const std::os::raw::c_char> = words.iter().map(|w| w.as_ptr()).collect();
    let n = u32::try_from(ptrs.len()).map_err(|_| Error::new(F, -22, Some("more than 4294967295 words".into())))?;
    let mut exits = 0u32;
    // SAFETY: `n` valid C strings, alive while `words` is; one u32 out.
    check(F, unsafe { sys::vcpuchar_x86_qemu_args_exits(ptrs.as_ptr(), n, &mut exits) })?;
    Ok(exits)
}

/// Whether a VM asking for `disable_exits` passes HLT exits through where
/// `policy` keeps them, and the codes of the policy's reasons that decided
/// its HLT exits, in order (lib/x86.md#domain-rules).
///
/// Errors: EINVAL for an unknown flag in `disable_exits` or a bad policy.
pub fn x86_hlt_mismatch(policy: &X86Policy, disable_exits: u32) -> Result<(bool, Vec<u32>)> {
    const F: &str = "vcpuchar_x86_hlt_mismatch";
    let p = policy.0.sized();
    let mut m = 0u32;
    let mut codes = [0u32; sys::VCPUCHAR_X86_MAX_REASONS as usize];
    // SAFETY: sized struct in; room for `codes.len()` codes and one u32 out.
    let n = check(F, unsafe {
        sys::vcpuchar_x86_hlt_mismatch(&p, disable_exits, &mut m, codes.as_mut_ptr(), codes.len() as u32)
    })? as usize;
    Ok((m != 0, codes[..n.min(codes.len())].to_vec()))
}
