// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// POWER (pseries): H_GET_CPU_CHARACTERISTICS bits, host facts and probe, spapr
// caps, validation, R4/R5, guest view, migration, fleet baseline, warnings
// (include/vcpuchar/ppc.h and ppc-qemu.h; rules in lib/ppc.md).
use crate::common::ProbeOpts;
use crate::enums::*;
use crate::error::{Error, Result};
use crate::util::{array_str, check, cstring, size_led, snprintf_string, static_str, unknown_value, with_msg, Init};
use std::os::raw::c_char;
use std::os::unix::io::AsRawFd;
use vcpuchar_sys as sys;

/// What the host says about its POWER CPU (C `struct vcpuchar_ppc_host`): the
/// four KVM_PPC_GET_CPU_CHAR words, masks, PVR, POWER8 flag, arch and kernel.
pub type PpcHost = sys::vcpuchar_ppc_host;
/// One level per cap (C `struct vcpuchar_ppc_caps`; values of [`PpcLevel`]).
pub type PpcCaps = sys::vcpuchar_ppc_caps;
/// What the VMM asks for (C `struct vcpuchar_ppc_request`); build it with [`PpcRequestExt`].
pub type PpcRequest = sys::vcpuchar_ppc_request;
/// The five vulnerability files a Linux pseries guest prints (C `struct vcpuchar_ppc_guest_view`).
pub type PpcGuestView = sys::vcpuchar_ppc_guest_view;

size_led!(
    sys::vcpuchar_ppc_host,
    sys::vcpuchar_ppc_guest_view,
    sys::vcpuchar_ppc_result,
    sys::vcpuchar_ppc_result_ext,
    sys::vcpuchar_ppc_migration,
    sys::vcpuchar_ppc_baseline,
    sys::vcpuchar_ppc_warnings,
    sys::vcpuchar_ppc_qemu_release,
    sys::vcpuchar_ppc_start,
    sys::vcpuchar_ppc_host_migration,
    sys::vcpuchar_ppc_fleet_opts,
    sys::vcpuchar_ppc_migrate_opts,
    sys::vcpuchar_ppc_parse_opts,
    sys::vcpuchar_ppc_guest_cpu,
    sys::vcpuchar_ppc_qemu_machine,
    sys::vcpuchar_ppc_machine_caps
);

impl Init for sys::vcpuchar_ppc_request {
    fn init() -> Self {
        // SAFETY: plain C data (integers, arrays, pointers that may be NULL):
        // all-zero bytes are a valid value.
        let mut v: Self = unsafe { std::mem::zeroed() };
        v.size = std::mem::size_of::<Self>() as u32;
        v
    }
    /// A copy with `size` set and the QEMU-profile pointers NULL: safe code
    /// can write any address into them, so only [`QemuProfile`]'s methods,
    /// which own the profile, set them on the copy they pass to C.
    fn sized(&self) -> Self {
        let mut v = *self;
        v.size = std::mem::size_of::<Self>() as u32;
        v.qemu_profile = std::ptr::null();
        v.qemu_machine = std::ptr::null();
        v
    }
}

impl Init for sys::vcpuchar_ppc_caps {
    /// Every cap at level 0 (broken/off).
    fn init() -> Self {
        sys::vcpuchar_ppc_caps { cfpc: 0, sbbc: 0, ibs: 0, ccf_assist: 0 }
    }
    fn sized(&self) -> Self {
        *self
    }
}

/// POWER host facts, zero with `size` set (C's `VCPUCHAR_INIT`).
pub fn ppc_host() -> PpcHost {
    PpcHost::init()
}

/// Accessors of [`PpcHost`].
pub trait PpcHostExt {
    /// Facts from the four words as the caller has them (source CALLER, `valid`
    /// by the masks, as the kernel decides "information").
    fn from_words(character: u64, behaviour: u64, character_mask: u64, behaviour_mask: u64) -> Self;
    /// `uname -m` of the host, "" when unknown.
    fn arch(&self) -> String;
    /// `uname -r` of the host, "" when unknown.
    fn kernel_release(&self) -> String;
    /// Where the facts came from; `None` for a value this crate does not know.
    fn source_kind(&self) -> Option<Source>;
}

impl PpcHostExt for PpcHost {
    fn from_words(character: u64, behaviour: u64, character_mask: u64, behaviour_mask: u64) -> Self {
        let mut h = PpcHost::init();
        h.source = Source::Caller.raw();
        h.valid = (character_mask != 0 || behaviour_mask != 0) as u32;
        h.character = character;
        h.behaviour = behaviour;
        h.character_mask = character_mask;
        h.behaviour_mask = behaviour_mask;
        h
    }
    fn arch(&self) -> String {
        array_str(&self.arch)
    }
    fn kernel_release(&self) -> String {
        array_str(&self.kernel_release)
    }
    fn source_kind(&self) -> Option<Source> {
        Source::from_raw(self.source)
    }
}

/// Builder-style setters of [`PpcRequest`]; start from `PpcRequest::init()`
/// (host-max mode, KVM, the newest pseries, the host's CPU, no caps set).
pub trait PpcRequestExt: Sized {
    /// How R4/R5 are built.
    fn mode(self, mode: PpcMode) -> Self;
    /// The accelerator.
    fn accel(self, accel: Accel) -> Self;
    /// The machine type's defaults.
    fn machine(self, machine: PpcMachine) -> Self;
    /// The guest CPU ([`PpcCpu::Default`]: the host's family under KVM).
    fn cpu(self, cpu: PpcCpu) -> Self;
    /// Sets one cap to a level and marks it in `caps_set`.
    fn cap(self, cap: PpcCap, level: PpcLevel) -> Self;
    /// Sets every cap `set` (bits 1 << [`PpcCap`]) names from `caps`, as
    /// [`ppc_caps_parse`] returns them.
    fn caps(self, caps: PpcCaps, set: u32) -> Self;
    /// The target QEMU, `VCPUCHAR_PPC_QEMU_VERSION(major, minor, micro)` (see
    /// [`ppc_qemu_version`]); 0 = the oldest supported (7.2).
    fn qemu_version(self, v: u32) -> Self;
}

impl PpcRequestExt for PpcRequest {
    fn mode(mut self, mode: PpcMode) -> Self {
        self.mode = mode.raw();
        self
    }
    fn accel(mut self, accel: Accel) -> Self {
        self.accel = accel.raw();
        self
    }
    fn machine(mut self, machine: PpcMachine) -> Self {
        self.machine = machine.raw();
        self
    }
    fn cpu(mut self, cpu: PpcCpu) -> Self {
        self.cpu = cpu.raw();
        self
    }
    fn cap(mut self, cap: PpcCap, level: PpcLevel) -> Self {
        let l = level.raw() as u8;
        match cap {
            PpcCap::Cfpc => self.caps.cfpc = l,
            PpcCap::Sbbc => self.caps.sbbc = l,
            PpcCap::Ibs => self.caps.ibs = l,
            PpcCap::CcfAssist => self.caps.ccf_assist = l,
        }
        self.caps_set |= 1 << cap.raw();
        self
    }
    fn caps(mut self, caps: PpcCaps, set: u32) -> Self {
        // Levels copied as they are: one out of range is the library's EINVAL, not dropped here.
        for (bit, (dst, src)) in [
            (&mut self.caps.cfpc, caps.cfpc),
            (&mut self.caps.sbbc, caps.sbbc),
            (&mut self.caps.ibs, caps.ibs),
            (&mut self.caps.ccf_assist, caps.ccf_assist),
        ]
        .into_iter()
        .enumerate()
        {
            if set & (1 << bit) != 0 {
                *dst = src;
            }
        }
        self.caps_set |= set & 0xf;
        self
    }
    fn qemu_version(mut self, v: u32) -> Self {
        self.qemu_version = v;
        self
    }
}

/// `VCPUCHAR_PPC_QEMU_VERSION(major, minor, micro)`: major * 10000 + minor * 100 + micro.
pub fn ppc_qemu_version(major: u32, minor: u32, micro: u32) -> u32 {
    major * 10000 + minor * 100 + micro
}

/// The Linux hvcall.h name of one R4 or R5 bit (IBM numbering, 0 = most
/// significant), e.g. "H_CPU_CHAR_L1D_THREAD_PRIV"; `None` for an undefined bit.
pub fn ppc_bit_name(reg: PpcReg, ibm_bit: u32) -> Option<&'static str> {
    // SAFETY: plain integers in, static string or NULL out.
    static_str(unsafe { sys::vcpuchar_ppc_bit_name(reg.raw(), ibm_bit) })
}

/// Reads the host's POWER characteristics through KVM on a VM fd (`vm_fd`,
/// from KVM_CREATE_VM). Like the C function, the facts are returned also on
/// failure ("no information", `error` set): `(facts, Ok(()))` when the ioctl
/// answered (check `valid`), `(facts, Err(..))` with ENOTSUP (no
/// KVM_CAP_PPC_GET_CPU_CHAR: any x86 host), EBADF, ENOTTY (not KVM's fd),
/// EINVAL (a KVM fd of another kind), ENOSYS (qemu-user) or an ioctl errno.
pub fn ppc_host_probe(vm_fd: &impl AsRawFd, opts: Option<&ProbeOpts>) -> (PpcHost, Result<()>) {
    const F: &str = "vcpuchar_ppc_host_probe";
    let c = match opts.map(|o| o.to_c(F)).transpose() {
        Ok(c) => c,
        Err(e) => return (PpcHost::init(), Err(e)),
    };
    let mut h = PpcHost::init();
    let o = c.as_ref().map_or(std::ptr::null(), |c| &c.opts as *const _);
    // SAFETY: `o` is NULL or points to options whose root string lives in `c`;
    // `h` is a sized out-struct. The fd is only passed to ioctl(2).
    let r = unsafe { sys::vcpuchar_ppc_host_probe(vm_fd.as_raw_fd(), o, &mut h) };
    (h, check(F, r).map(|_| ()))
}

/// Host facts from "C,B,CM,BM" (character, behaviour and the masks, each 0x
/// and 1-16 hex digits; the CLI's --chars).
///
/// Errors: EINVAL with the library's message naming the word that breaks the rule.
pub fn ppc_host_parse(words: &str) -> Result<PpcHost> {
    const F: &str = "vcpuchar_ppc_host_parse";
    let c = cstring(F, "words", words)?;
    let mut h = PpcHost::init();
    // SAFETY: valid C string, sized out-struct, buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_host_parse(c.as_ptr(), &mut h, e, n as _) })?;
    Ok(h)
}

/// One sentence on what the facts say, and why.
///
/// Errors: EINVAL for fields out of range.
pub fn ppc_host_describe(host: &PpcHost) -> Result<String> {
    let h = host.sized();
    // SAFETY: sized struct; buffer of the given length.
    snprintf_string("vcpuchar_ppc_host_describe", |b, n| unsafe { sys::vcpuchar_ppc_host_describe(&h, b, n as _) })
}

/// QEMU's name of a cap without "cap-": "cfpc", "sbbc", "ibs", "ccf-assist".
pub fn ppc_cap_name(cap: PpcCap) -> &'static str {
    // SAFETY: integer in, static string out (never NULL for a known cap).
    static_str(unsafe { sys::vcpuchar_ppc_cap_name(cap.raw()) }).unwrap_or("")
}

/// QEMU's value name of a level of a cap ("workaround", "fixed-ccd", "on"); `None`
/// when the level is out of range for that cap.
pub fn ppc_level_name(cap: PpcCap, level: PpcLevel) -> Option<&'static str> {
    // SAFETY: integers in, static string or NULL out.
    static_str(unsafe { sys::vcpuchar_ppc_level_name(cap.raw(), level.raw()) })
}

/// The level of one cap (a [`PpcLevel`] value, 0-4).
///
/// Errors: EINVAL for a cap the library does not know.
pub fn ppc_caps_get(caps: &PpcCaps, cap: PpcCap) -> Result<u32> {
    // SAFETY: valid pointer to a 4-byte struct.
    check("vcpuchar_ppc_caps_get", unsafe { sys::vcpuchar_ppc_caps_get(caps, cap.raw()) }).map(|v| v as u32)
}

/// Sets one cap.
///
/// Errors: EINVAL for a level out of range for the cap (`caps` unchanged).
pub fn ppc_caps_set(caps: &mut PpcCaps, cap: PpcCap, level: PpcLevel) -> Result<()> {
    // SAFETY: valid pointer to a 4-byte struct.
    check("vcpuchar_ppc_caps_set", unsafe { sys::vcpuchar_ppc_caps_set(caps, cap.raw(), level.raw()) }).map(|_| ())
}

/// Applies a QEMU -machine cap list ("cap-cfpc=workaround,cap-ibs=fixed-ccd")
/// to `caps`; returns the bit (1 << cap) of each cap it named.
///
/// Errors: EINVAL with the library's message (unknown cap or value, a repeat,
/// an empty item, a missing "="); `caps` unchanged.
pub fn ppc_caps_parse(list: &str, caps: &mut PpcCaps) -> Result<u32> {
    const F: &str = "vcpuchar_ppc_caps_parse";
    let c = cstring(F, "the cap list", list)?;
    let mut set = 0u32;
    // SAFETY: valid C string and out-pointers; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_caps_parse(c.as_ptr(), caps, &mut set, e, n as _) })?;
    Ok(set)
}

/// What a whole pasted text named: the bit (1 << cap) of each cap, and the
/// items it reported as not caps ("x-vof=on, cap-htm=off"; "" when none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpcPasted {
    /// Bit (1 << cap) of each cap the text named.
    pub set: u32,
    /// The items that are not one of the four caps nor the type, as the library lists them.
    pub others: String,
}

/// Reads a whole QEMU -machine value ("pseries-8.0,accel=tcg,cap-cfpc=broken,x-vof=on")
/// into `req`: its machine type (as [`ppc_machine_parse_qemu`] for
/// `req.qemu_version`), the caps it names (levels into `req.caps`, bits
/// into `req.caps_set`) and `accel=kvm|tcg`; the rest of `req` is kept.
/// Returns the caps the line named and the items it did not read.
/// A pseries type whose defaults the library does not know (a
/// distribution's, or one newer than its table for a newer target) sets
/// `req.machine` to [`PpcMachine::DefaultsUnknown`]: the request is then
/// answered only with all four caps.
///
/// Errors: EINVAL with the message naming the item (what QEMU refuses, white
/// space, an empty item, a repeat, another accelerator); ENOENT for a type
/// the target QEMU lacks; `req` unchanged.
pub fn ppc_machine_line_parse(line: &str, req: &mut PpcRequest) -> Result<PpcPasted> {
    const F: &str = "vcpuchar_ppc_machine_line_parse";
    let c = cstring(F, "the -machine line", line)?;
    // The line's own caps: parsed into a sized copy whose set starts empty.
    let mut q = req.sized();
    q.caps_set = 0;
    // SAFETY: valid C string and request; buffer of the given length.
    let (_, others) = with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_machine_line_parse(c.as_ptr(), &mut q, e, n as _) })?;
    known(F, q.machine, PpcMachine::from_raw)?;
    let set = q.caps_set;
    q.caps_set |= req.caps_set;
    *req = q;
    Ok(PpcPasted { set, others })
}

/// Applies a libvirt `<features>` fragment to `caps`; returns what it named.
///
/// Errors: EINVAL with the message naming the element or byte (what libvirt's
/// schema refuses, malformed XML); `caps` unchanged.
pub fn ppc_libvirt_parse(xml: &str, caps: &mut PpcCaps) -> Result<PpcPasted> {
    const F: &str = "vcpuchar_ppc_libvirt_parse";
    let c = cstring(F, "the libvirt fragment", xml)?;
    let mut set = 0u32;
    // SAFETY: valid C string and out-pointers; buffer of the given length.
    let (_, others) = with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_libvirt_parse(c.as_ptr(), caps, &mut set, e, n as _) })?;
    Ok(PpcPasted { set, others })
}

/// [`ppc_machine_line_parse`] through its 1.2 successor,
/// `vcpuchar_ppc_machine_line_parse_ext()`: the same answers, with the items
/// not read in their own buffer and the error buffer for errors only.
pub fn ppc_machine_line_parse_ext(line: &str, req: &mut PpcRequest) -> Result<PpcPasted> {
    const F: &str = "vcpuchar_ppc_machine_line_parse_ext";
    let c = cstring(F, "the -machine line", line)?;
    let mut q = req.sized();
    q.caps_set = 0;
    let mut others = [0 as std::os::raw::c_char; 256];
    // SAFETY: valid C string and request; both buffers of the given lengths, alive for the call.
    with_msg(F, |e, n| unsafe {
        let mut o = sys::vcpuchar_ppc_parse_opts::init();
        o.others = others.as_mut_ptr();
        o.others_size = others.len() as _;
        o.err = e;
        o.err_size = n as _;
        sys::vcpuchar_ppc_machine_line_parse_ext(c.as_ptr(), &mut q, &o)
    })?;
    known(F, q.machine, PpcMachine::from_raw)?;
    let set = q.caps_set;
    q.caps_set |= req.caps_set;
    *req = q;
    Ok(PpcPasted { set, others: array_str(&others) })
}

/// [`ppc_libvirt_parse`] through its 1.2 successor, `vcpuchar_ppc_libvirt_parse_ext()`.
pub fn ppc_libvirt_parse_ext(xml: &str, caps: &mut PpcCaps) -> Result<PpcPasted> {
    const F: &str = "vcpuchar_ppc_libvirt_parse_ext";
    let c = cstring(F, "the libvirt fragment", xml)?;
    let mut set = 0u32;
    let mut others = [0 as std::os::raw::c_char; 256];
    // SAFETY: valid C string and out-pointers; both buffers of the given lengths, alive for the call.
    with_msg(F, |e, n| unsafe {
        let mut o = sys::vcpuchar_ppc_parse_opts::init();
        o.others = others.as_mut_ptr();
        o.others_size = others.len() as _;
        o.err = e;
        o.err_size = n as _;
        sys::vcpuchar_ppc_libvirt_parse_ext(c.as_ptr(), caps, &mut set, &o)
    })?;
    Ok(PpcPasted { set, others: array_str(&others) })
}

/// The cap levels the host supports (QEMU's target/ppc/kvm.c rules) and whether
/// the host carried information (`false`: QEMU's broken/off fallback).
///
/// Errors: EINVAL for facts out of range.
pub fn ppc_host_levels(host: Option<&PpcHost>) -> Result<(PpcCaps, bool)> {
    let h = host.map(|h| h.sized());
    let mut caps = PpcCaps::init();
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    // SAFETY: NULL or a sized struct; valid out-pointer.
    let r = check("vcpuchar_ppc_host_levels", unsafe { sys::vcpuchar_ppc_host_levels(p, &mut caps) })?;
    Ok((caps, r == 1))
}

pub(crate) fn known<E>(func: &'static str, v: u32, from: fn(u32) -> Option<E>) -> Result<E> {
    from(v).ok_or_else(|| unknown_value(func, v))
}

/// The machine type of a QEMU name ("pseries", "pseries-X.Y", "pseries-2.12-sxxm").
///
/// Errors: EINVAL with the message naming the known range or the downstream type.
pub fn ppc_machine_parse(name: &str) -> Result<PpcMachine> {
    const F: &str = "vcpuchar_ppc_machine_parse";
    let c = cstring(F, "the machine type", name)?;
    let mut m = 0u32;
    // SAFETY: valid C string and out-pointer; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_machine_parse(c.as_ptr(), &mut m, e, n as _) })?;
    known(F, m, PpcMachine::from_raw)
}

/// A QEMU version from "MAJOR.MINOR[.MICRO]" as one number (70200 for 7.2).
///
/// Errors: EINVAL with the message naming the rule (malformed, or older than 7.2).
pub fn ppc_qemu_version_parse(s: &str) -> Result<u32> {
    const F: &str = "vcpuchar_ppc_qemu_version_parse";
    let c = cstring(F, "the QEMU version", s)?;
    let mut v = 0u32;
    // SAFETY: valid C string and out-pointer; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_qemu_version_parse(c.as_ptr(), &mut v, e, n as _) })?;
    Ok(v)
}

/// Whose facts answer for a QEMU version (see [`ppc_qemu_version_check`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QemuVersionCheck {
    /// 0: a measured release; 1: not given (the answer is for 7.2); 2: another
    /// measured release's facts stand in.
    pub status: i32,
    /// The measured version whose facts answer, e.g. 70200 or 100000.
    pub answered: u32,
    /// The sentence to show when `status` is not 0; "" when it is.
    pub note: String,
}

/// Whose facts answer for a QEMU version (0 = not given).
///
/// Errors: EINVAL for a value below 70200 or above 999999.
pub fn ppc_qemu_version_check(qemu_version: u32) -> Result<QemuVersionCheck> {
    let mut answered = 0u32;
    // SAFETY: valid out-pointers; buffer of the given length.
    let (status, note) = with_msg("vcpuchar_ppc_qemu_version_check", |e, n| unsafe {
        sys::vcpuchar_ppc_qemu_version_check(qemu_version, &mut answered, e, n as _)
    })?;
    Ok(QemuVersionCheck { status, answered, note })
}

/// The machine type, as a given QEMU (version number, 0 = 7.2) knows it.
///
/// Errors: EINVAL as [`ppc_machine_parse`]; ENOENT with the message naming the
/// range of the target QEMU for a type it lacks.
pub fn ppc_machine_parse_qemu(name: &str, qemu_version: u32) -> Result<PpcMachine> {
    const F: &str = "vcpuchar_ppc_machine_parse_qemu";
    let c = cstring(F, "the machine type", name)?;
    let mut m = 0u32;
    // SAFETY: valid C string and out-pointer; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_machine_parse_qemu(c.as_ptr(), qemu_version, &mut m, e, n as _) })?;
    known(F, m, PpcMachine::from_raw)
}

/// One row of the library's QEMU release table (C `struct vcpuchar_ppc_qemu_release`);
/// a member may be [`sys::VCPUCHAR_PPC_QEMU_FACT_UNKNOWN`] where no source was found.
pub type PpcQemuRelease = sys::vcpuchar_ppc_qemu_release;

/// A release fact as an `Option`: `None` for `VCPUCHAR_PPC_QEMU_FACT_UNKNOWN`.
fn release_fact(v: u32) -> Option<u32> {
    Some(v).filter(|&v| v != sys::VCPUCHAR_PPC_QEMU_FACT_UNKNOWN)
}

/// The members of [`PpcQemuRelease`] that may be unknown, as `Option`s.
pub trait PpcQemuReleaseExt {
    /// The newest machine type the release marks deprecated, X * 100 + Y
    /// (every type from `oldest_type` up to it warns); `Some(0)` for none,
    /// `None` when unknown.
    fn deprecated_upto_known(&self) -> Option<u32>;
    /// Whether cap-ibs=fixed-na aborts this QEMU at the guest's first
    /// H_GET_CPU_CHARACTERISTICS (measured); `None` when unknown.
    fn fixed_na_aborts_known(&self) -> Option<bool>;
}

impl PpcQemuReleaseExt for PpcQemuRelease {
    fn deprecated_upto_known(&self) -> Option<u32> {
        release_fact(self.deprecated_upto)
    }
    fn fixed_na_aborts_known(&self) -> Option<bool> {
        release_fact(self.fixed_na_aborts).map(|v| v == 1)
    }
}

/// The release table's row that answers for a QEMU version (0 = not given: 7.2).
///
/// Errors: EINVAL for a value below 70200 or above 999999.
pub fn ppc_qemu_release_get(qemu_version: u32) -> Result<PpcQemuRelease> {
    let mut r = PpcQemuRelease::init();
    // SAFETY: a sized struct the library writes within its size.
    check("vcpuchar_ppc_qemu_release_get", unsafe { sys::vcpuchar_ppc_qemu_release_get(qemu_version, &mut r) })?;
    Ok(r)
}

/// Whether a QEMU release marks a machine type deprecated: 0 no, 1 yes (the
/// note is QEMU's warning and the type to pin), 2 unknown (the note says why).
///
/// Errors: EINVAL or ENOENT as [`ppc_machine_parse_qemu`].
pub fn ppc_machine_deprecated(name: &str, qemu_version: u32) -> Result<(i32, String)> {
    const F: &str = "vcpuchar_ppc_machine_deprecated";
    let c = cstring(F, "the machine type", name)?;
    // SAFETY: valid C string; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_machine_deprecated(c.as_ptr(), qemu_version, e, n as _) })
}

/// The guest CPU a host runs under KVM-HV for `cpu` ([`PpcCpu::Default`]: the
/// host's family), with the note when the facts name no family and POWER9 is
/// assumed.
///
/// Errors: ENOENT with the message naming both CPUs when `cpu` is newer than
/// the host's family; EINVAL for bad facts.
pub fn ppc_host_cpu(host: Option<&PpcHost>, cpu: PpcCpu) -> Result<(PpcCpu, Option<String>)> {
    const F: &str = "vcpuchar_ppc_host_cpu";
    let h = host.map(|h| h.sized());
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut ret = 0u32;
    // SAFETY: NULL or a sized struct; valid out-pointer; buffer of the given length.
    let (r, msg) = with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_host_cpu(p, cpu.raw(), &mut ret, e, n as _) })?;
    Ok((known(F, ret, PpcCpu::from_raw)?, if r == 1 { Some(msg) } else { None }))
}

/// The guest CPU a host runs, through the 1.2 successor
/// `vcpuchar_ppc_host_cpu_ext()`: the CPU, how it was found
/// (`basis`: 0 checked, 1 assumed, 2 unchecked), the host's CPU bits
/// (as [`ppc_host_cpus`]) and the note, "" when checked.
///
/// Errors: as [`ppc_host_cpu`].
pub fn ppc_host_cpu_ext(host: Option<&PpcHost>, cpu: PpcCpu) -> Result<(PpcCpu, u32, u32, String)> {
    const F: &str = "vcpuchar_ppc_host_cpu_ext";
    let h = host.map(|h| h.sized());
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut g = sys::vcpuchar_ppc_guest_cpu::init();
    // SAFETY: NULL or a sized struct; sized out-struct; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_host_cpu_ext(p, cpu.raw(), &mut g, e, n as _) })?;
    Ok((known(F, g.cpu, PpcCpu::from_raw)?, g.basis, g.families, array_str(&g.note)))
}

/// The guest CPU the decisions take for `req` (1.3, `vcpuchar_ppc_request_cpu()`):
/// under KVM as [`ppc_host_cpu_ext`] for `host` and the request's CPU; under TCG
/// the CPU given, else the machine type's default CPU as QEMU's (the type of
/// the request's class: pseries-3.1 POWER8, the newest type of the target
/// release for [`PpcMachine::Pseries`]), POWER9 with basis 1 (assumed) and
/// the note where it is unknown. With the CPU: the basis, the CPU bits
/// (the host's under KVM, the target QEMU's under TCG) and the note.
///
/// Errors: as [`ppc_request_check`] for the request; ENOENT under KVM for a
/// CPU newer than the host's family.
pub fn ppc_request_cpu(host: Option<&PpcHost>, req: &PpcRequest) -> Result<(PpcCpu, u32, u32, String)> {
    const F: &str = "vcpuchar_ppc_request_cpu";
    let (h, q) = decide_args(host, req);
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut g = sys::vcpuchar_ppc_guest_cpu::init();
    // SAFETY: NULL or a sized struct; a sized request; sized out-struct; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_request_cpu(p, &q, &mut g, e, n as _) })?;
    Ok((known(F, g.cpu, PpcCpu::from_raw)?, g.basis, g.families, array_str(&g.note)))
}

/// Every guest CPU a host runs under KVM-HV, as bits (1 << [`PpcCpu`]): the
/// host's family and every older one down to POWER7; with `true` when the
/// facts name the family, `false` when they name none (every CPU this library
/// knows: QEMU and KVM decide at start). The CPUs:
/// `PpcCpu::ALL.iter().filter(|c| bits & 1 << c.raw() != 0)`.
///
/// Errors: EINVAL for bad facts.
pub fn ppc_host_cpus(host: Option<&PpcHost>) -> Result<(u32, bool)> {
    let h = host.map(|h| h.sized());
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut bits = 0u32;
    // SAFETY: NULL or a sized struct; valid out-pointer.
    let r = check("vcpuchar_ppc_host_cpus", unsafe { sys::vcpuchar_ppc_host_cpus(p, &mut bits) })?;
    Ok((bits, r == 0))
}

/// The default caps of a machine type for a guest CPU (QEMU 7.2's).
///
/// Errors: EINVAL for values the library does not know.
pub fn ppc_machine_defaults(machine: PpcMachine, cpu: PpcCpu) -> Result<PpcCaps> {
    let mut caps = PpcCaps::init();
    // SAFETY: valid out-pointer.
    check("vcpuchar_ppc_machine_defaults", unsafe { sys::vcpuchar_ppc_machine_defaults(machine.raw(), cpu.raw(), &mut caps) })?;
    Ok(caps)
}

/// The CLI's name of a mode: "host-max", "caps" or "host".
pub fn ppc_mode_name(mode: PpcMode) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_ppc_mode_name(mode.raw()) }).unwrap_or("")
}

/// Accessors of [`PpcGuestView`].
pub trait PpcGuestViewExt {
    /// The five files as (name under /sys/devices/system/cpu/vulnerabilities, text).
    fn files(&self) -> [(&'static str, String); 5];
}

impl PpcGuestViewExt for PpcGuestView {
    fn files(&self) -> [(&'static str, String); 5] {
        [
            ("meltdown", array_str(&self.meltdown)),
            ("l1tf", array_str(&self.l1tf)),
            ("spectre_v1", array_str(&self.spectre_v1)),
            ("spectre_v2", array_str(&self.spectre_v2)),
            ("spec_store_bypass", array_str(&self.spec_store_bypass)),
        ]
    }
}

/// What a Linux guest of `cpu` (POWER7 or later) prints for R4/R5, with
/// `VCPUCHAR_PPC_GUEST_*` flags (0: Linux >= 5.14, default command line).
///
/// Errors: EINVAL for an unknown CPU or flags.
pub fn ppc_guest_view(r4: u64, r5: u64, cpu: PpcCpu, flags: u32) -> Result<PpcGuestView> {
    let mut v = PpcGuestView::init();
    // SAFETY: sized out-struct.
    check("vcpuchar_ppc_guest_view", unsafe { sys::vcpuchar_ppc_guest_view(r4, r5, cpu.raw(), flags, &mut v) })?;
    Ok(v)
}

/// QEMU's R4 and R5 of H_GET_CPU_CHARACTERISTICS for these caps.
///
/// Errors: EINVAL for a level out of range.
pub fn ppc_caps_to_hcall(caps: &PpcCaps) -> Result<(u64, u64)> {
    let (mut r4, mut r5) = (0u64, 0u64);
    // SAFETY: valid pointers.
    check("vcpuchar_ppc_caps_to_hcall", unsafe { sys::vcpuchar_ppc_caps_to_hcall(caps, &mut r4, &mut r5) })?;
    Ok((r4, r5))
}

/// The masked host words, as host mode passes them: (R4, R5).
///
/// Errors: ENODATA for facts without information; EINVAL for bad facts.
pub fn ppc_host_to_hcall(host: &PpcHost) -> Result<(u64, u64)> {
    let h = host.sized();
    let (mut r4, mut r5) = (0u64, 0u64);
    // SAFETY: sized struct; valid out-pointers.
    check("vcpuchar_ppc_host_to_hcall", unsafe { sys::vcpuchar_ppc_host_to_hcall(&h, &mut r4, &mut r5) })?;
    Ok((r4, r5))
}

/// One finding of the cap validation (C `struct vcpuchar_ppc_conflict`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpcConflict {
    /// The cap (C value of [`PpcCap`]).
    pub cap: u32,
    /// ERROR for ABOVE_HOST, WARNING for TCG_UNSUPPORTED, INFO for BELOW_HOST.
    pub severity: Option<Severity>,
    /// Why the entry exists.
    pub code: Option<PpcConflictCode>,
    /// `VCPUCHAR_PPC_CONFLICT_FLAG_*`.
    pub flags: u32,
    /// The effective requested level.
    pub requested: u8,
    /// The host's level (broken/off without information).
    pub host: u8,
    /// QEMU's text, e.g. "Requested safe cache capability level not supported by KVM".
    pub message: &'static str,
    /// QEMU's hint, e.g. "Try appending -machine cap-cfpc=broken"; "" under TCG.
    pub hint: &'static str,
    /// The cause when it is not the host, else "".
    pub explanation: &'static str,
}

/// The full answer for one VM (C `struct vcpuchar_ppc_result`), from [`ppc_decide`].
#[derive(Debug, Clone, Copy)]
pub struct PpcResult(pub(crate) sys::vcpuchar_ppc_result);

impl PpcResult {
    /// The C struct (read only: its strings belong to the library).
    pub fn raw(&self) -> &sys::vcpuchar_ppc_result {
        &self.0
    }
    /// `VCPUCHAR_PPC_RESULT_*` flags.
    pub fn flags(&self) -> u32 {
        self.0.flags
    }
    /// The mode used.
    pub fn mode(&self) -> Option<PpcMode> {
        PpcMode::from_raw(self.0.mode)
    }
    /// The levels the host supports.
    pub fn host_caps(&self) -> PpcCaps {
        self.0.host_caps
    }
    /// The caps the VM runs with (and migrates).
    pub fn effective_caps(&self) -> PpcCaps {
        self.0.effective_caps
    }
    /// ERROR conflicts: QEMU would refuse to start.
    pub fn n_errors(&self) -> u32 {
        self.0.n_errors
    }
    /// R4 and R5 to return to the guest.
    pub fn hcall(&self) -> (u64, u64) {
        (self.0.r4, self.0.r5)
    }
    /// Known-set host bits the caps cannot pass on: (R4, R5).
    pub fn unexpressed(&self) -> (u64, u64) {
        (self.0.unexpressed_r4, self.0.unexpressed_r5)
    }
    /// A sentence on what the mode means for this VM.
    pub fn mode_reason(&self) -> &'static str {
        static_str(self.0.mode_reason).unwrap_or("")
    }
    /// What a Linux guest of the requested CPU prints.
    pub fn guest_view(&self) -> &PpcGuestView {
        &self.0.guest_view
    }
    /// The conflicts, in cap order.
    pub fn conflicts(&self) -> impl Iterator<Item = PpcConflict> + '_ {
        let n = (self.0.n_conflicts as usize).min(self.0.conflicts.len());
        self.0.conflicts[..n].iter().map(|c| PpcConflict {
            cap: c.cap,
            severity: Severity::from_raw(c.severity),
            code: PpcConflictCode::from_raw(c.code),
            flags: c.flags,
            requested: c.requested,
            host: c.host,
            message: static_str(c.message).unwrap_or(""),
            hint: static_str(c.hint).unwrap_or(""),
            explanation: static_str(c.explanation).unwrap_or(""),
        })
    }
}

/// The growable parts of a decision (C `struct vcpuchar_ppc_result_ext`).
#[derive(Debug, Clone, Copy)]
pub struct PpcResultExt(pub sys::vcpuchar_ppc_result_ext);

impl PpcResultExt {
    /// Per cap (index [`PpcCap`]) the host's level, for every cap the library decides.
    pub fn host_levels(&self) -> &[u8] {
        &self.0.host_levels[..(self.0.n_caps as usize).min(self.0.host_levels.len())]
    }
    /// Per cap the level the VM runs with.
    pub fn effective_levels(&self) -> &[u8] {
        &self.0.effective_levels[..(self.0.n_caps as usize).min(self.0.effective_levels.len())]
    }
    /// Every guest file: (name, text).
    pub fn files(&self) -> impl Iterator<Item = (String, String)> + '_ {
        let n = (self.0.n_files as usize).min(self.0.files.len());
        self.0.files[..n].iter().map(|f| (array_str(&f.name), array_str(&f.text)))
    }
}

pub(crate) fn decide_args(host: Option<&PpcHost>, req: &PpcRequest) -> (Option<PpcHost>, PpcRequest) {
    (host.map(|h| h.sized()), req.sized())
}

/// Whether the decision functions take `req`, and why not: the checks
/// [`ppc_decide`] makes of the request alone.
///
/// Errors: EINVAL for a member out of range, host mode under TCG, or
/// [`PpcMachine::DefaultsUnknown`] without all four caps; ENOENT for a
/// machine type the target QEMU lacks; the message names the member and the rule.
pub fn ppc_request_check(req: &PpcRequest) -> Result<()> {
    let q = req.sized();
    // SAFETY: sized struct; buffer of the given length.
    with_msg("vcpuchar_ppc_request_check", |e, n| unsafe { sys::vcpuchar_ppc_request_check(&q, e, n as _) }).map(|_| ())
}

/// A decision function's return value: its errno carries the library's
/// reason when the request alone explains it ([`ppc_request_check`]).
pub(crate) fn decided(func: &'static str, r: i32, req: &sys::vcpuchar_ppc_request) -> Result<i32> {
    if r >= 0 {
        return Ok(r);
    }
    // SAFETY: sized struct; buffer of the given length.
    let why = with_msg("vcpuchar_ppc_request_check", |e, n| unsafe { sys::vcpuchar_ppc_request_check(req, e, n as _) });
    match why {
        Err(e) if e.errno() == -r => Err(Error::new(func, r, e.message().map(String::from))),
        _ => check(func, r),
    }
}

/// Caps, conflicts, R4/R5 and guest view for one VM (`host` `None`: no information).
///
/// Errors: ENODATA in host mode without information; ENOENT for a guest CPU
/// newer than the host's family or a machine type the target QEMU lacks;
/// EINVAL for out-of-range request fields.
pub fn ppc_decide(host: Option<&PpcHost>, req: &PpcRequest) -> Result<PpcResult> {
    let (h, q) = decide_args(host, req);
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut r = sys::vcpuchar_ppc_result::init();
    // SAFETY: NULL or sized structs; sized out-struct.
    decided("vcpuchar_ppc_decide", unsafe { sys::vcpuchar_ppc_decide(p, &q, &mut r) }, &q)?;
    Ok(PpcResult(r))
}

/// [`ppc_decide`], and every cap's levels and every guest file.
///
/// Errors: as [`ppc_decide`].
pub fn ppc_decide_ext(host: Option<&PpcHost>, req: &PpcRequest) -> Result<(PpcResult, PpcResultExt)> {
    let (h, q) = decide_args(host, req);
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut r = sys::vcpuchar_ppc_result::init();
    let mut x = sys::vcpuchar_ppc_result_ext::init();
    // SAFETY: NULL or sized structs; sized out-structs.
    decided("vcpuchar_ppc_decide_ext", unsafe { sys::vcpuchar_ppc_decide_ext(p, &q, &mut r, &mut x) }, &q)?;
    Ok((PpcResult(r), PpcResultExt(x)))
}

/// One cap whose levels differ between source and destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpcMigrationEntry {
    /// The cap (C value of [`PpcCap`]).
    pub cap: u32,
    /// ERROR (source above destination) or WARNING (below).
    pub severity: Option<Severity>,
    /// Source level.
    pub src: u8,
    /// Destination level.
    pub dst: u8,
    /// QEMU's text, e.g. "cap-cfpc higher level (1) in incoming stream than on destination (0)".
    pub message: String,
}

/// Source caps against destination caps (C `struct vcpuchar_ppc_migration`).
#[derive(Debug, Clone, Copy)]
pub struct PpcMigration(sys::vcpuchar_ppc_migration);

impl PpcMigration {
    /// The C struct (read only: `note` belongs to the library).
    pub fn raw(&self) -> &sys::vcpuchar_ppc_migration {
        &self.0
    }
    /// The migration proceeds (no ERROR entry).
    pub fn ok(&self) -> bool {
        self.0.ok == 1
    }
    /// ERROR entries.
    pub fn n_errors(&self) -> u32 {
        self.0.n_errors
    }
    /// WARNING entries.
    pub fn n_warnings(&self) -> u32 {
        self.0.n_warnings
    }
    /// The entries, in cap order.
    pub fn entries(&self) -> impl Iterator<Item = PpcMigrationEntry> + '_ {
        let n = (self.0.n_entries as usize).min(self.0.entries.len());
        self.0.entries[..n].iter().map(|e| PpcMigrationEntry {
            cap: e.cap,
            severity: Severity::from_raw(e.severity),
            src: e.src,
            dst: e.dst,
            message: array_str(&e.message),
        })
    }
    /// Why a warning matters (the guest keeps its boot-time mitigations), else "".
    pub fn note(&self) -> &'static str {
        static_str(self.0.note).unwrap_or("")
    }
}

/// Checks a migration from `src` caps to `dst` caps (QEMU's post-migration check).
///
/// Errors: EINVAL for levels out of range.
pub fn ppc_migration_check(src: &PpcCaps, dst: &PpcCaps) -> Result<PpcMigration> {
    let mut m = sys::vcpuchar_ppc_migration::init();
    // SAFETY: valid pointers; sized out-struct.
    check("vcpuchar_ppc_migration_check", unsafe { sys::vcpuchar_ppc_migration_check(src, dst, &mut m) })?;
    Ok(PpcMigration(m))
}

/// The caps every host of a fleet accepts (see [`ppc_baseline`]).
#[derive(Debug, Clone)]
pub struct PpcBaseline {
    /// The C result: `caps`, `n_hosts`, `n_no_info`, `held_back`.
    pub baseline: sys::vcpuchar_ppc_baseline,
    /// Per host, its own levels.
    pub levels: Vec<PpcCaps>,
    /// Per host, the bits (1 << cap) of the caps it holds back.
    pub held_back: Vec<u32>,
}

/// The caps a guest can have on every host of a fleet (`None`: a host without information).
///
/// Errors: EINVAL for no hosts, or a host with out-of-range fields.
pub fn ppc_baseline(hosts: &[Option<&PpcHost>]) -> Result<PpcBaseline> {
    let copies: Vec<Option<PpcHost>> = hosts.iter().map(|h| h.map(|h| h.sized())).collect();
    let ptrs: Vec<*const PpcHost> = copies.iter().map(|h| h.as_ref().map_or(std::ptr::null(), |h| h as *const _)).collect();
    let mut levels = vec![PpcCaps::init(); hosts.len()];
    let mut held = vec![0u32; hosts.len()];
    let mut b = sys::vcpuchar_ppc_baseline::init();
    let n = u32::try_from(hosts.len()).map_err(|_| Error::new("vcpuchar_ppc_baseline", -22, None))?;
    // SAFETY: `ptrs` holds n NULL or sized host pointers alive in `copies`;
    // `levels` and `held` hold n entries each; sized out-struct.
    check("vcpuchar_ppc_baseline", unsafe {
        sys::vcpuchar_ppc_baseline(ptrs.as_ptr(), n, levels.as_mut_ptr(), held.as_mut_ptr(), &mut b)
    })?;
    Ok(PpcBaseline { baseline: b, levels, held_back: held })
}

/// A fleet's baseline with its guest CPU: [`ppc_baseline`] plus the fleet's
/// rules (lib/ppc.md#fleet-baseline): the hosts are of one architecture
/// (ppc64 and ppc64le one family), `cpu` runs on every host
/// ([`PpcCpu::Default`]: the oldest host's family), and a POWER7 guest's
/// cfpc is broken. Returns the baseline and the guest CPU.
///
/// Errors: EXDEV for hosts of two architectures (the message names the
/// first host's index); ENOENT when `cpu` is newer than a host's family (the
/// message starts "host N: "); EINVAL for no hosts or bad facts.
pub fn ppc_fleet_baseline(hosts: &[&PpcHost], cpu: PpcCpu) -> Result<(PpcBaseline, PpcCpu)> {
    const F: &str = "vcpuchar_ppc_fleet_baseline";
    let copies: Vec<PpcHost> = hosts.iter().map(|h| h.sized()).collect();
    let ptrs: Vec<*const PpcHost> = copies.iter().map(|h| h as *const _).collect();
    let mut levels = vec![PpcCaps::init(); hosts.len()];
    let mut held = vec![0u32; hosts.len()];
    let mut b = sys::vcpuchar_ppc_baseline::init();
    let (mut got, mut bad) = (0u32, [0u32; 2]);
    let n = u32::try_from(hosts.len()).map_err(|_| Error::new(F, -22, None))?;
    // SAFETY: `ptrs` holds n sized host pointers alive in `copies`; `levels`
    // and `held` hold n entries each; sized out-struct; `bad` holds 2.
    let r = with_msg(F, |e, len| unsafe {
        sys::vcpuchar_ppc_fleet_baseline(
            ptrs.as_ptr(),
            n,
            cpu.raw(),
            levels.as_mut_ptr(),
            held.as_mut_ptr(),
            &mut b,
            &mut got,
            bad.as_mut_ptr(),
            e,
            len as _,
        )
    });
    if let Err(e) = r {
        if e.errno() == 2 {
            return Err(Error::new(F, -2, Some(format!("host {}: {}", bad[0], e.message().unwrap_or_default()))));
        }
        return Err(e);
    }
    Ok((PpcBaseline { baseline: b, levels, held_back: held }, known(F, got, PpcCpu::from_raw)?))
}

/// [`ppc_fleet_baseline`] through its 1.2 successor,
/// `vcpuchar_ppc_fleet_baseline_ext()` (the optional arguments in a
/// size-led `struct vcpuchar_ppc_fleet_opts`): the same answers and errors.
pub fn ppc_fleet_baseline_ext(hosts: &[&PpcHost], cpu: PpcCpu) -> Result<(PpcBaseline, PpcCpu)> {
    const F: &str = "vcpuchar_ppc_fleet_baseline_ext";
    let copies: Vec<PpcHost> = hosts.iter().map(|h| h.sized()).collect();
    let ptrs: Vec<*const PpcHost> = copies.iter().map(|h| h as *const _).collect();
    let mut levels = vec![PpcCaps::init(); hosts.len()];
    let mut held = vec![0u32; hosts.len()];
    let mut b = sys::vcpuchar_ppc_baseline::init();
    let (mut got, mut bad) = (0u32, [0u32; 2]);
    let n = u32::try_from(hosts.len()).map_err(|_| Error::new(F, -22, None))?;
    // SAFETY: as ppc_fleet_baseline(); the options point at buffers alive for the call.
    let r = with_msg(F, |e, len| unsafe {
        let mut o = sys::vcpuchar_ppc_fleet_opts::init();
        o.cpu = cpu.raw();
        o.levels = levels.as_mut_ptr();
        o.held_back = held.as_mut_ptr();
        o.refused = bad.as_mut_ptr();
        o.err = e;
        o.err_size = len as _;
        sys::vcpuchar_ppc_fleet_baseline_ext(ptrs.as_ptr(), n, &o, &mut b, &mut got)
    });
    if let Err(e) = r {
        if e.errno() == 2 {
            return Err(Error::new(F, -2, Some(format!("host {}: {}", bad[0], e.message().unwrap_or_default()))));
        }
        return Err(e);
    }
    Ok((PpcBaseline { baseline: b, levels, held_back: held }, known(F, got, PpcCpu::from_raw)?))
}

/// The stable name of a warning code, e.g. "qemu_fixed_na_abort".
pub fn ppc_warning_name(code: PpcWarning) -> &'static str {
    // SAFETY: integer in, static string out.
    static_str(unsafe { sys::vcpuchar_ppc_warning_name(code.raw()) }).unwrap_or("")
}

/// Caps as QEMU's -machine string or libvirt XML, with the set of warning codes
/// (bit 1 << code: only QEMU_FIXED_NA_ABORT, when ibs is fixed-na).
///
/// Errors: EINVAL for a level out of range.
pub fn ppc_caps_format(caps: &PpcCaps, format: PpcFormat) -> Result<(String, u32)> {
    let mut buf = [0 as c_char; sys::VCPUCHAR_PPC_FORMAT_LEN as usize];
    let mut w = 0u32;
    // SAFETY: valid pointers; buffer of the given length.
    check("vcpuchar_ppc_caps_format", unsafe {
        sys::vcpuchar_ppc_caps_format(caps, format.raw(), buf.as_mut_ptr(), buf.len() as _, &mut w)
    })?;
    Ok((array_str(&buf), w))
}

/// One warning (C `struct vcpuchar_ppc_warning_entry`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpcWarningEntry {
    /// The code; `None` for one this crate does not know (see `raw_code`).
    pub code: Option<PpcWarning>,
    /// The C code.
    pub raw_code: u32,
    /// Bits (1 << cap) of the caps it names.
    pub caps: u32,
    /// Host bits it is about (see the C docs per code).
    pub r4: u64,
    /// The same for behaviour.
    pub r5: u64,
    /// What happens, what the guest loses, and what to do.
    pub text: String,
}

/// Every warning for one VM (C `struct vcpuchar_ppc_warnings`).
#[derive(Debug, Clone, Copy)]
pub struct PpcWarnings(pub sys::vcpuchar_ppc_warnings);

impl PpcWarnings {
    /// Bit (1 << code) per warning.
    pub fn codes(&self) -> u32 {
        self.0.codes
    }
    /// The warnings, in code order.
    pub fn iter(&self) -> impl Iterator<Item = PpcWarningEntry> + '_ {
        let n = (self.0.n_entries as usize).min(self.0.entries.len());
        self.0.entries[..n].iter().map(|e| PpcWarningEntry {
            code: PpcWarning::from_raw(e.code),
            raw_code: e.code,
            caps: e.caps,
            r4: e.r4,
            r5: e.r5,
            text: array_str(&e.text),
        })
    }
}

/// What a user of unmodified QEMU should know about a request.
///
/// Errors: as [`ppc_decide`].
pub fn ppc_warnings_check(host: Option<&PpcHost>, req: &PpcRequest) -> Result<PpcWarnings> {
    let (h, q) = decide_args(host, req);
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut w = sys::vcpuchar_ppc_warnings::init();
    // SAFETY: NULL or sized structs; sized out-struct.
    decided("vcpuchar_ppc_warnings_check", unsafe { sys::vcpuchar_ppc_warnings_check(p, &q, &mut w) }, &q)?;
    Ok(PpcWarnings(w))
}

/// Adds a second text's caps (`more`, naming `more_set`) to `caps` and
/// `set` (`vcpuchar_ppc_caps_merge()`, since 1.3): a pasted -machine line's
/// and a --caps list's.
///
/// Errors: EEXIST naming a cap both name; EINVAL for bits past the four caps
/// or a level past its cap's; `caps` and `set` unchanged.
pub fn ppc_caps_merge(caps: &mut PpcCaps, set: &mut u32, more: &PpcCaps, more_set: u32) -> Result<()> {
    const F: &str = "vcpuchar_ppc_caps_merge";
    // SAFETY: valid pointers; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_caps_merge(caps, set, more, more_set, e, n as _) })?;
    Ok(())
}

/// The start verdict's levels of a request, indexed by [`PpcStartCap`].
pub type PpcStartLevels = [u32; sys::VCPUCHAR_PPC_START_LEVELS as usize];

/// Adds a second text's start caps (`more_set`, `more_levels`, indexed by
/// [`PpcStartCap`]) to `set` and `levels` (`vcpuchar_ppc_start_merge()`,
/// since 1.3): a libvirt fragment's `<htm>` and a -machine line's caps.
///
/// Errors: EEXIST naming a cap both name; EINVAL for bits outside the start
/// caps or a level out of range; `set` and `levels` unchanged.
pub fn ppc_start_merge(set: &mut u32, levels: &mut PpcStartLevels, more_set: u32, more_levels: &PpcStartLevels) -> Result<()> {
    const F: &str = "vcpuchar_ppc_start_merge";
    // SAFETY: valid pointers to arrays of VCPUCHAR_PPC_START_LEVELS; buffer of the given length.
    with_msg(F, |e, n| unsafe {
        sys::vcpuchar_ppc_start_merge(set, levels.as_mut_ptr(), more_set, more_levels.as_ptr(), e, n as _)
    })?;
    Ok(())
}

/// One side of a caps-only migration check (`vcpuchar_ppc_migrate_caps_parse()`,
/// since 1.3): QEMU's cap list, a libvirt fragment or four values in cap
/// order, the caps it does not name from the newest pseries defaults of the
/// target QEMU `qemu_version` (0: 7.2). Returns the caps and a fragment's
/// other elements ("" when none).
///
/// Errors: EINVAL with the message naming the item or the count; an unsupported version.
pub fn ppc_migrate_caps_parse(list: &str, qemu_version: u32) -> Result<(PpcCaps, String)> {
    const F: &str = "vcpuchar_ppc_migrate_caps_parse";
    let c = cstring(F, "the cap list", list)?;
    let mut caps = PpcCaps::init();
    let mut others = [0 as c_char; 256];
    // SAFETY: valid C string and out-struct; both buffers of the given lengths, alive for the call.
    with_msg(F, |e, n| unsafe {
        let mut o = sys::vcpuchar_ppc_parse_opts::init();
        o.others = others.as_mut_ptr();
        o.others_size = others.len() as _;
        o.err = e;
        o.err_size = n as _;
        sys::vcpuchar_ppc_migrate_caps_parse(c.as_ptr(), qemu_version, &mut caps, &o)
    })?;
    Ok((caps, array_str(&others)))
}

/// The warnings of a fleet's guests with `caps` (`vcpuchar_ppc_fleet_warnings()`,
/// since 1.3): the first the caps' own (no host), then one per host, in order.
///
/// Errors: as [`ppc_warnings_check`].
pub fn ppc_fleet_warnings(hosts: &[&PpcHost], req: &PpcRequest, caps: &PpcCaps) -> Result<Vec<PpcWarnings>> {
    const F: &str = "vcpuchar_ppc_fleet_warnings";
    let copies: Vec<PpcHost> = hosts.iter().map(|h| h.sized()).collect();
    let ptrs: Vec<*const PpcHost> = copies.iter().map(|h| h as *const _).collect();
    let q = req.sized();
    let mut ws = vec![sys::vcpuchar_ppc_warnings::init(); hosts.len() + 1];
    let mut wp: Vec<*mut sys::vcpuchar_ppc_warnings> = ws.iter_mut().map(|w| w as *mut _).collect();
    let n = u32::try_from(hosts.len()).map_err(|_| Error::new(F, -22, None))?;
    // SAFETY: sized structs; n + 1 sized out-structs, alive for the call.
    decided(F, unsafe { sys::vcpuchar_ppc_fleet_warnings(ptrs.as_ptr(), n, &q, caps, wp.as_mut_ptr()) }, &q)?;
    Ok(ws.into_iter().map(PpcWarnings).collect())
}
