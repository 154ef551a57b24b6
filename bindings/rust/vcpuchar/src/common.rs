// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The part both domains share: version, limits, probe options.
use crate::enums::Limit;
use crate::error::Result;
use crate::util::{check, cpath, static_str};
use std::ffi::CString;
use vcpuchar_sys as sys;

/// "MAJOR.MINOR.MICRO" of the loaded library (`vcpuchar_version()`); compare
/// with [`header_version`], the headers the bindings were generated from.
pub fn version() -> &'static str {
    // SAFETY: no arguments; returns a static string.
    static_str(unsafe { sys::vcpuchar_version() }).unwrap_or("")
}

/// "MAJOR.MINOR.MICRO" of the headers `vcpuchar-sys` was generated from
/// (`VCPUCHAR_VERSION_STRING`).
pub fn header_version() -> &'static str {
    let v = sys::VCPUCHAR_VERSION_STRING;
    std::str::from_utf8(&v[..v.len() - 1]).unwrap_or("")
}

/// The loaded library's value of a count or mask (`vcpuchar_limit()`): a
/// count, a highest code or a bit mask, which a newer library may raise.
///
/// Errors: EINVAL for a limit the loaded library does not know.
pub fn limit(limit: Limit) -> Result<u64> {
    let mut v = 0u64;
    // SAFETY: `v` is a valid out-pointer for the call.
    check("vcpuchar_limit", unsafe { sys::vcpuchar_limit(limit.raw(), &mut v) })?;
    Ok(v)
}

/// Options of the probe functions (C `struct vcpuchar_probe_opts`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProbeOpts {
    /// Directory that stands for "/" when reading /proc and /sys (tests point
    /// it at a fixture tree); `None` is "/". Any Linux path, UTF-8 or not.
    pub root: Option<std::path::PathBuf>,
}

/// The C struct and the string it points to, alive together for one call.
pub(crate) struct CProbeOpts {
    pub(crate) opts: sys::vcpuchar_probe_opts,
    _root: Option<CString>,
}

impl ProbeOpts {
    pub(crate) fn to_c(&self, func: &'static str) -> Result<CProbeOpts> {
        let root = match &self.root {
            Some(r) => Some(cpath(func, "root", r)?),
            None => None,
        };
        let opts = sys::vcpuchar_probe_opts {
            size: std::mem::size_of::<sys::vcpuchar_probe_opts>() as u32,
            flags: 0,
            root: root.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
        };
        Ok(CProbeOpts { opts, _root: root })
    }
}
