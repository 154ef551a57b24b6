// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// POWER: the start verdict, whether QEMU starts a pseries VM on a host, cap
// by cap (include/vcpuchar/ppc-qemu.h; rules in lib/ppc.md#start).
use crate::enums::*;
use crate::error::Result;
use crate::ppc::{decided, PpcHost, PpcRequest};
use crate::util::{array_str, Init};
use vcpuchar_sys as sys;

/// What QEMU does with one cap at start (C `struct vcpuchar_ppc_start_entry`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpcStartEntry {
    /// The cap: a [`PpcCap`] value (0-3) or a [`PpcStartCap`] value (4 on).
    pub cap: u32,
    /// The verdict; `None` for one this crate does not know (see `raw_verdict`).
    pub verdict: Option<PpcVerdict>,
    /// The C verdict.
    pub raw_verdict: u32,
    /// The level QEMU starts with: a [`PpcLevel`] for the Spectre caps, 0
    /// (off) or 1 (on) for on/off caps, the page shift for
    /// hpt-max-page-size (16: 64 KiB; 0 when QEMU takes the host's).
    pub level: u32,
    /// QEMU's cap name without "cap-", e.g. "fwnmi".
    pub name: String,
    /// For REFUSED and UNKNOWN the -machine property that lets QEMU start,
    /// e.g. "cap-fwnmi=off"; "" when there is none.
    pub fix: String,
    /// One sentence naming the fact and its source, e.g. QEMU's message.
    pub reason: String,
}

impl PpcStartEntry {
    /// The cap as a [`PpcCap`], `None` when it is one of [`PpcStartCap`].
    pub fn spectre_cap(&self) -> Option<PpcCap> {
        PpcCap::from_raw(self.cap)
    }
    /// The cap as a [`PpcStartCap`], `None` when it is one of [`PpcCap`] (or
    /// one a newer library added).
    pub fn start_cap(&self) -> Option<PpcStartCap> {
        PpcStartCap::from_raw(self.cap)
    }
}

/// Will QEMU start, cap by cap (C `struct vcpuchar_ppc_start`), from [`ppc_start_check`].
#[derive(Debug, Clone, Copy)]
pub struct PpcStart(pub sys::vcpuchar_ppc_start);

impl PpcStart {
    /// Entries whose verdict is REFUSED.
    pub fn n_refused(&self) -> u32 {
        self.0.n_refused
    }
    /// Entries whose verdict is UNKNOWN.
    pub fn n_unknown(&self) -> u32 {
        self.0.n_unknown
    }
    /// The `fix` of every REFUSED entry, comma-separated, to append to the
    /// decision's caps on "-machine pseries,"; "" when none is needed (an
    /// UNKNOWN entry's fix is not in it).
    pub fn paste(&self) -> String {
        array_str(&self.0.paste)
    }
    /// One entry per cap the library judges, in cap order.
    pub fn entries(&self) -> impl Iterator<Item = PpcStartEntry> + '_ {
        let n = (self.0.n_entries as usize).min(self.0.entries.len());
        self.0.entries[..n].iter().map(|e| PpcStartEntry {
            cap: e.cap,
            verdict: PpcVerdict::from_raw(e.verdict),
            raw_verdict: e.verdict,
            level: e.level,
            name: array_str(&e.name),
            fix: array_str(&e.fix),
            reason: array_str(&e.reason),
        })
    }
}

/// Will QEMU start this VM on this host (`host` `None`: no information): the
/// Spectre caps at the levels of [`ppc_decide`](crate::ppc_decide) (REFUSED for
/// its ERROR conflicts), and htm, hpt-max-page-size, nested-hv, large-decr and
/// fwnmi at the levels the machine type and guest CPU give them, judged under
/// KVM from the host's start facts (`facts_read`, `facts`, `page_size`,
/// `dec_bits`; each unknown fact an UNKNOWN entry naming it). Under TCG only
/// htm=on and nested-hv=on are refused.
///
/// Errors: as [`ppc_decide`](crate::ppc_decide).
pub fn ppc_start_check(host: Option<&PpcHost>, req: &PpcRequest) -> Result<PpcStart> {
    let h = host.map(|h| h.sized());
    let q = req.sized();
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut s = sys::vcpuchar_ppc_start::init();
    // SAFETY: NULL or sized structs; sized out-struct.
    decided("vcpuchar_ppc_start_check", unsafe { sys::vcpuchar_ppc_start_check(p, &q, &mut s) }, &q)?;
    Ok(PpcStart(s))
}

/// [`ppc_start_check`] for the exact -machine type `machine` of the request's
/// class (`vcpuchar_ppc_start_check_type()`, since 1.3): pseries-3.0 and 3.1
/// take 64 KiB pages, 2.12 and older the host's, 2.11 and older htm on.
///
/// Errors: as [`ppc_start_check`]; EINVAL for a type the target lacks or of another class.
pub fn ppc_start_check_type(host: Option<&PpcHost>, req: &PpcRequest, machine: &str) -> Result<PpcStart> {
    const F: &str = "vcpuchar_ppc_start_check_type";
    let m = crate::util::cstring(F, "the machine type", machine)?;
    let h = host.map(|h| h.sized());
    let q = req.sized();
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut s = sys::vcpuchar_ppc_start::init();
    // SAFETY: NULL or sized structs; valid C string; sized out-struct.
    decided(F, unsafe { sys::vcpuchar_ppc_start_check_type(p, &q, m.as_ptr(), &mut s) }, &q)?;
    Ok(PpcStart(s))
}

/// One cap of the target machine type (C `struct vcpuchar_ppc_machine_cap`, since 1.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpcMachineCap {
    /// QEMU's cap name without "cap-", e.g. "hpt-max-page-size".
    pub name: String,
    /// The type's default in QEMU's spelling ("broken", "on", "65536"), or "unknown".
    pub default: String,
    /// The value QEMU starts with, in the same spelling.
    pub effective: String,
    /// The verdict; `None` for one this crate does not know (see `raw_verdict`).
    pub verdict: Option<PpcVerdict>,
    /// The C verdict.
    pub raw_verdict: u32,
    /// The `cap` of its start entry, `None` for a cap without one.
    pub start_cap: Option<u32>,
    /// For REFUSED and UNKNOWN the -machine property that lets QEMU start; else "".
    pub fix: String,
    /// QEMU's message (REFUSED), why not judged (UNKNOWN, NOT_JUDGED), or why it starts.
    pub reason: String,
}

/// Every cap of the target machine type (C `struct vcpuchar_ppc_machine_caps`),
/// from [`ppc_machine_caps_check`].
#[derive(Debug, Clone, Copy)]
pub struct PpcMachineCaps(pub sys::vcpuchar_ppc_machine_caps);

impl PpcMachineCaps {
    /// True when the list is every cap-* the QEMU profile gives the type, false for the table's.
    pub fn from_profile(&self) -> bool {
        self.0.source == sys::vcpuchar_ppc_machine_caps_source_VCPUCHAR_PPC_MACHINE_CAPS_PROFILE
    }
    /// Entries whose verdict is REFUSED, UNKNOWN and NOT_JUDGED.
    pub fn counts(&self) -> (u32, u32, u32) {
        (self.0.n_refused, self.0.n_unknown, self.0.n_not_judged)
    }
    /// One entry per cap, in QEMU's (alphabetical) order of the names.
    pub fn caps(&self) -> impl Iterator<Item = PpcMachineCap> + '_ {
        let n = (self.0.n_caps as usize).min(self.0.caps.len());
        self.0.caps[..n].iter().map(|c| PpcMachineCap {
            name: array_str(&c.name),
            default: array_str(&c.default_value),
            effective: array_str(&c.effective),
            verdict: PpcVerdict::from_raw(c.verdict),
            raw_verdict: c.verdict,
            start_cap: if c.start_cap == sys::VCPUCHAR_PPC_MACHINE_CAP_NO_ENTRY { None } else { Some(c.start_cap) },
            fix: array_str(&c.fix),
            reason: array_str(&c.reason),
        })
    }
}

/// Every cap of the target machine type with its default, effective value and
/// start verdict (`vcpuchar_ppc_machine_caps_check()`, since 1.3): `machine` is
/// the -machine type or a whole pasted -machine value, `None` for the
/// request's class.
///
/// Errors: as [`ppc_start_check_type`]; EINVAL for a pasted item without `=`.
pub fn ppc_machine_caps_check(host: Option<&PpcHost>, req: &PpcRequest, machine: Option<&str>) -> Result<PpcMachineCaps> {
    const F: &str = "vcpuchar_ppc_machine_caps_check";
    let m = machine.map(|m| crate::util::cstring(F, "the machine value", m)).transpose()?;
    let h = host.map(|h| h.sized());
    let q = req.sized();
    let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let mut s = sys::vcpuchar_ppc_machine_caps::init();
    let mp = m.as_ref().map_or(std::ptr::null(), |m| m.as_ptr());
    // SAFETY: NULL or sized structs; NULL or a valid C string; sized out-struct.
    decided(F, unsafe { sys::vcpuchar_ppc_machine_caps_check(p, &q, mp, &mut s) }, &q)?;
    Ok(PpcMachineCaps(s))
}
