// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// POWER: the library's table of QEMU releases (machine types, deprecations,
// facts per release) and QEMU's deprecation warning for a machine type
// (include/vcpuchar/ppc.h; sources in lib/ppc.md#qemu-versions).
use crate::error::Result;
use crate::util::{check, cstring, unknown_value, with_msg, Init};
use vcpuchar_sys as sys;

/// What one QEMU release has (C `struct vcpuchar_ppc_qemu_release`), from
/// [`ppc_qemu_release_get`]. Members that may be unknown are read through
/// [`PpcQemuReleaseExt`].
pub type PpcQemuRelease = sys::vcpuchar_ppc_qemu_release;

/// A release fact as an `Option`: `None` for `VCPUCHAR_PPC_QEMU_FACT_UNKNOWN`
/// (no source was found for it).
fn fact(v: u32) -> Option<u32> {
    if v == sys::VCPUCHAR_PPC_QEMU_FACT_UNKNOWN {
        None
    } else {
        Some(v)
    }
}

/// The members of [`PpcQemuRelease`] that may be unknown.
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
        fact(self.deprecated_upto)
    }
    fn fixed_na_aborts_known(&self) -> Option<bool> {
        fact(self.fixed_na_aborts).map(|v| v == 1)
    }
}

/// The release table's row for a QEMU version
/// (`VCPUCHAR_PPC_QEMU_VERSION(major, minor, micro)`, see
/// [`ppc_qemu_version`](crate::ppc_qemu_version); 0 = the oldest, 7.2): its
/// own row for 7.2 to 11.1 (any micro), the nearest release before a version
/// that is no release (8.3), the newest row for a newer one; `answered` names
/// the row.
///
/// Errors: EINVAL for a non-zero version below 70200 or above 999999.
pub fn ppc_qemu_release_get(qemu_version: u32) -> Result<PpcQemuRelease> {
    let mut r = PpcQemuRelease::init();
    // SAFETY: sized out-struct.
    check("vcpuchar_ppc_qemu_release_get", unsafe { sys::vcpuchar_ppc_qemu_release_get(qemu_version, &mut r) })?;
    Ok(r)
}

/// Whether a QEMU release warns that a machine type is deprecated (see
/// [`ppc_machine_deprecated`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PpcDeprecation {
    /// The release does not mark the type deprecated.
    No,
    /// QEMU prints its warning at start and starts: the warning and what to
    /// do ("QEMU 10.0 warns: Machine type 'pseries-6.0' is deprecated ...;
    /// pin pseries-7.1 or newer").
    Warns(String),
    /// No source was found for the release's deprecations: the sentence says so.
    Unknown(String),
}

/// Whether QEMU `qemu_version` (0 = 7.2) warns that machine type `name` is
/// deprecated (include/hw/boards.h: types older than 3 years).
///
/// Errors: as [`ppc_machine_parse_qemu`](crate::ppc_machine_parse_qemu), with
/// its message: EINVAL for a name or version the library does not accept,
/// ENOENT for a type the target QEMU does not have.
pub fn ppc_machine_deprecated(name: &str, qemu_version: u32) -> Result<PpcDeprecation> {
    const F: &str = "vcpuchar_ppc_machine_deprecated";
    let c = cstring(F, "the machine type", name)?;
    // SAFETY: valid C string; buffer of the given length.
    let (r, note) = with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_machine_deprecated(c.as_ptr(), qemu_version, e, n as _) })?;
    match r {
        0 => Ok(PpcDeprecation::No),
        1 => Ok(PpcDeprecation::Warns(note)),
        2 => Ok(PpcDeprecation::Unknown(note)),
        _ => Err(unknown_value(F, r)),
    }
}
