// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// Host profile files: load and save the facts of both domains
// (include/vcpuchar/profile.h; format in examples/profiles/README.md).
use crate::error::Result;
use crate::ppc::PpcHost;
use crate::util::{cpath, with_msg, Init};
use crate::x86::X86Host;
use vcpuchar_sys as sys;

/// The facts of a profile: `[ppc]` and `[x86]` (an absent group reads as "no
/// information": `valid` 0 with error -ENODATA, or no have bit with every
/// error -ENODATA).
#[derive(Debug, Clone, Copy)]
pub struct Profile {
    /// The `[ppc]` facts (source PROFILE).
    pub ppc: PpcHost,
    /// The `[x86]` facts (source PROFILE).
    pub x86: X86Host,
}

/// Reads a profile file (at most 1 MiB, a regular file, opened without blocking).
///
/// Errors: the errno of open(2), fstat(2) or read(2) (ENOENT, EACCES ...);
/// EISDIR; EFBIG; EINVAL for a malformed file or value. The message is
/// "PATH: cause".
pub fn profile_load<P: AsRef<std::path::Path>>(path: P) -> Result<Profile> {
    const F: &str = "vcpuchar_profile_load";
    let c = cpath(F, "path", path.as_ref())?;
    let (mut ppc, mut x86) = (PpcHost::init(), X86Host::init());
    // SAFETY: valid C string; sized out-structs; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_profile_load(c.as_ptr(), &mut ppc, &mut x86, e, n as _) })?;
    Ok(Profile { ppc, x86 })
}

/// Reads a POWER host's facts from a profile file, for the pseries functions:
/// [`profile_load`], then a file with no POWER host in it is refused.
///
/// Errors: those of [`profile_load`]; EINVAL also for a `[host]` arch that is
/// not POWER; ENODATA for a file without a `[ppc]` group. The message is
/// "PATH: cause", the same in every front end.
pub fn ppc_profile_load<P: AsRef<std::path::Path>>(path: P) -> Result<PpcHost> {
    const F: &str = "vcpuchar_ppc_profile_load";
    let c = cpath(F, "path", path.as_ref())?;
    let mut ppc = PpcHost::init();
    // SAFETY: valid C string; sized out-struct; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_profile_load(c.as_ptr(), &mut ppc, e, n as _) })?;
    Ok(ppc)
}

/// [`profile_load`] from memory (a leading UTF-8 BOM is skipped).
///
/// Errors: EINVAL for a malformed file or value (the message names group,
/// key and value); EFBIG over 1 MiB.
pub fn profile_load_data(data: &[u8]) -> Result<Profile> {
    let (mut ppc, mut x86) = (PpcHost::init(), X86Host::init());
    // SAFETY: `data` is valid for its length; sized out-structs; buffer of the given length.
    with_msg("vcpuchar_profile_load_data", |e, n| unsafe {
        sys::vcpuchar_profile_load_data(data.as_ptr() as *const _, data.len() as _, &mut ppc, &mut x86, e, n as _)
    })?;
    Ok(Profile { ppc, x86 })
}

/// Writes facts to a profile file, replaced atomically (a temporary file in
/// the same directory, synced, renamed over it). `None` leaves a group out.
///
/// Errors: EINVAL for facts out of range or a path that is a device, FIFO or
/// socket; EISDIR; the errno of the file system call that failed.
pub fn profile_save<P: AsRef<std::path::Path>>(path: P, ppc: Option<&PpcHost>, x86: Option<&X86Host>) -> Result<()> {
    const F: &str = "vcpuchar_profile_save";
    let c = cpath(F, "path", path.as_ref())?;
    let (p, x) = (ppc.map(|h| h.sized()), x86.map(|h| h.sized()));
    let pp = p.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    let xp = x.as_ref().map_or(std::ptr::null(), |h| h as *const _);
    // SAFETY: valid C string; NULL or sized structs; buffer of the given length.
    with_msg(F, |e, n| unsafe { sys::vcpuchar_profile_save(c.as_ptr(), pp, xp, e, n as _) }).map(|_| ())
}
