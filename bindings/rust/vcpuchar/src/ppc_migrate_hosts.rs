// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// POWER: a guest decided on one host and migrated to another, QEMU started on
// both (include/vcpuchar/ppc-qemu.h; rules in lib/ppc.md#migration-between-hosts).
use crate::enums::*;
use crate::error::Result;
use crate::ppc::{decide_args, PpcCaps, PpcHost, PpcRequest, PpcResult};
use crate::util::{array_str, static_str, with_msg, Init};
use vcpuchar_sys as sys;

/// One finding of a host-to-host migration (C `struct vcpuchar_ppc_host_migration_entry`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PpcHostMigrationEntry {
    /// Which host's QEMU it arises on; `None` for a value this crate does not know.
    pub at: Option<PpcHostMigrationWhere>,
    /// ERROR (QEMU refuses to start or to migrate) or WARNING (it goes on).
    pub severity: Option<Severity>,
    /// A [`PpcCap`] value, or `sys::VCPUCHAR_PPC_CAP_GUEST_CPU` when the
    /// guest CPU cannot run on that host (see [`Self::spectre_cap`]).
    pub cap: u32,
    /// The level QEMU is started with (the source's decision).
    pub requested: u8,
    /// The level that host supports.
    pub host: u8,
    /// For a destination ERROR, what that host would have to change, else "".
    pub explanation: &'static str,
    /// QEMU's words, or the library's for the guest CPU.
    pub message: String,
}

impl PpcHostMigrationEntry {
    /// The cap, `None` for an entry about the guest CPU.
    pub fn spectre_cap(&self) -> Option<PpcCap> {
        PpcCap::from_raw(self.cap)
    }
}

/// A guest decided on one host and migrated to another (C `struct vcpuchar_ppc_host_migration`).
#[derive(Debug, Clone, Copy)]
pub struct PpcHostMigration(pub sys::vcpuchar_ppc_host_migration);

impl PpcHostMigration {
    /// QEMU starts the guest on both hosts and migrates it (no ERROR entry).
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
    /// The guest CPU: the given one, else the source host's family under KVM.
    pub fn cpu(&self) -> Option<PpcCpu> {
        PpcCpu::from_raw(self.0.cpu)
    }
    /// The caps QEMU runs with on both hosts: the source's decision as pasted.
    pub fn run_caps(&self) -> PpcCaps {
        self.0.run_caps
    }
    /// The levels the destination supports.
    pub fn dst_host_caps(&self) -> PpcCaps {
        self.0.dst_host_caps
    }
    /// R4 and R5 the guest was told at boot on the source, and keeps.
    pub fn hcall(&self) -> (u64, u64) {
        (self.0.r4, self.0.r5)
    }
    /// The findings: the source's, then the destination's.
    pub fn entries(&self) -> impl Iterator<Item = PpcHostMigrationEntry> + '_ {
        let n = (self.0.n_entries as usize).min(self.0.entries.len());
        self.0.entries[..n].iter().map(|e| PpcHostMigrationEntry {
            at: PpcHostMigrationWhere::from_raw(e.where_),
            severity: Severity::from_raw(e.severity),
            cap: e.cap,
            requested: e.requested,
            host: e.host,
            explanation: static_str(e.explanation).unwrap_or(""),
            message: array_str(&e.message),
        })
    }
}

/// Migrates a guest from host `src` to host `dst`: the guest CPU must run on
/// both under KVM, the caps are decided on `src` for `req` (host-max or caps
/// mode), and QEMU on `dst` runs them as pasted. Returns the verdict and the
/// source's decision (`None` when the guest CPU was refused: nothing decided).
///
/// Errors: EINVAL for host mode or hosts of two architectures (with the
/// library's message), bad fields; ENOENT for a machine type the target QEMU
/// lacks.
pub fn ppc_migrate_hosts(src: &PpcHost, dst: &PpcHost, req: &PpcRequest) -> Result<(PpcHostMigration, Option<PpcResult>)> {
    let (s, q) = decide_args(Some(src), req);
    let (s, d) = (s.unwrap_or_else(PpcHost::init), dst.sized());
    let mut r = sys::vcpuchar_ppc_result::init();
    let mut m = sys::vcpuchar_ppc_host_migration::init();
    // SAFETY: sized in-structs and out-structs; buffer of the given length.
    with_msg("vcpuchar_ppc_migrate_hosts", |e, n| unsafe { sys::vcpuchar_ppc_migrate_hosts(&s, &d, &q, &mut r, &mut m, e, n as _) })?;
    let m = PpcHostMigration(m);
    // The library writes the source's decision unless a guest CPU entry stopped it.
    let decided = m.entries().all(|e| e.cap != sys::VCPUCHAR_PPC_CAP_GUEST_CPU);
    Ok((m, if decided { Some(PpcResult(r)) } else { None }))
}

/// [`ppc_migrate_hosts`] through its 1.2 successor,
/// `vcpuchar_ppc_migrate_hosts_ext()` (the optional arguments in a size-led
/// `struct vcpuchar_ppc_migrate_opts`): the same answers and errors.
pub fn ppc_migrate_hosts_ext(src: &PpcHost, dst: &PpcHost, req: &PpcRequest) -> Result<(PpcHostMigration, Option<PpcResult>)> {
    let (s, q) = decide_args(Some(src), req);
    let (s, d) = (s.unwrap_or_else(PpcHost::init), dst.sized());
    let mut r = sys::vcpuchar_ppc_result::init();
    let mut m = sys::vcpuchar_ppc_host_migration::init();
    // SAFETY: sized in-structs and out-structs; the options point at a
    // result and a buffer alive for the call.
    with_msg("vcpuchar_ppc_migrate_hosts_ext", |e, n| unsafe {
        let mut o = sys::vcpuchar_ppc_migrate_opts::init();
        o.src_result = &mut r;
        o.err = e;
        o.err_size = n as _;
        sys::vcpuchar_ppc_migrate_hosts_ext(&s, &d, &q, &o, &mut m)
    })?;
    let m = PpcHostMigration(m);
    let decided = m.entries().all(|e| e.cap != sys::VCPUCHAR_PPC_CAP_GUEST_CPU);
    Ok((m, if decided { Some(PpcResult(r)) } else { None }))
}
