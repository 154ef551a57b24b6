// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// QEMU profiles read by the library (include/vcpuchar/ppc-qemu.h; rules in
// lib/ppc.md#qemu-profiles): a safe owner of the opaque handle, and the
// decisions that read it. The request's qemu_profile and qemu_machine
// pointers are set only for the length of one call, on a copy, so that no
// request outlives the profile it points at.
use crate::enums::PpcMachine;
use crate::error::{Error, Result};
use crate::ppc::{decide_args, decided, known, PpcHost, PpcRequest, PpcResult};
use crate::ppc_start::{PpcMachineCaps, PpcStart};
use crate::util::{cstring, with_msg, Init};
use std::ptr::NonNull;
use vcpuchar_sys as sys;

/// A QEMU profile (C `struct vcpuchar_ppc_qemu_profile`), freed on drop.
#[derive(Debug)]
pub struct QemuProfile(NonNull<sys::vcpuchar_ppc_qemu_profile>);

impl Drop for QemuProfile {
    fn drop(&mut self) {
        // SAFETY: owned handle from vcpuchar_ppc_qemu_profile_parse(), freed once.
        unsafe { sys::vcpuchar_ppc_qemu_profile_free(self.0.as_ptr()) }
    }
}

impl QemuProfile {
    /// Reads a QEMU profile's text (`vcpuchar qemu probe --save`).
    ///
    /// Errors: EINVAL naming the line and the cause; ENOMEM.
    pub fn parse(data: &[u8]) -> Result<QemuProfile> {
        const F: &str = "vcpuchar_ppc_qemu_profile_parse";
        let mut p: *mut sys::vcpuchar_ppc_qemu_profile = std::ptr::null_mut();
        // SAFETY: the bytes and their length; out-pointer; buffer of the given length.
        with_msg(F, |e, n| unsafe {
            sys::vcpuchar_ppc_qemu_profile_parse(data.as_ptr() as *const _, data.len() as _, &mut p, e, n as _)
        })?;
        NonNull::new(p).map(QemuProfile).ok_or_else(|| Error::new(F, -12, None))
    }

    /// The profiled QEMU's version, major * 10000 + minor * 100 + micro.
    pub fn version(&self) -> u32 {
        // SAFETY: a live handle.
        unsafe { sys::vcpuchar_ppc_qemu_profile_version(self.0.as_ptr()) }
    }

    /// The class of a machine type the binary has, and its name as the
    /// profile holds it ("pseries" resolved to the default type).
    ///
    /// Errors: ENOENT naming the binary's types.
    pub fn machine(&self, name: &str) -> Result<(PpcMachine, String)> {
        const F: &str = "vcpuchar_ppc_qemu_profile_machine";
        let (m, stored) = self.machine_raw(name)?;
        // SAFETY: the profile's own NUL-terminated copy, alive with self.
        let s = unsafe { std::ffi::CStr::from_ptr(stored) }.to_string_lossy().into_owned();
        Ok((known(F, m, PpcMachine::from_raw)?, s))
    }

    /// Whether the binary marks the type `name` deprecated, from its own
    /// flag: 1 (the note names the binary and a newer type to pin), 0 (the
    /// note is empty) or 2 unknown (the profile does not say).
    ///
    /// Errors: ENOENT naming the binary's types.
    pub fn deprecated(&self, name: &str) -> Result<(i32, String)> {
        const F: &str = "vcpuchar_ppc_qemu_profile_deprecated";
        let c = cstring(F, "the machine type", name)?;
        // SAFETY: a live handle, a valid C string; buffer of the given length.
        with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_qemu_profile_deprecated(self.0.as_ptr(), c.as_ptr(), e, n as _) })
    }

    fn machine_raw(&self, name: &str) -> Result<(u32, *const std::os::raw::c_char)> {
        let m = self.machine_info(name)?;
        Ok((m.machine, m.name))
    }

    /// The type `name` as the profile holds it: class, default CPU family
    /// (0: none of POWER7 to POWER11), deprecated (1, 0, 2 unknown).
    ///
    /// Errors: ENOENT naming the binary's types.
    pub fn machine_info(&self, name: &str) -> Result<sys::vcpuchar_ppc_qemu_machine> {
        const F: &str = "vcpuchar_ppc_qemu_profile_machine";
        let c = cstring(F, "the machine type", name)?;
        let mut m = sys::vcpuchar_ppc_qemu_machine::init();
        // SAFETY: live handle, valid C string, sized out-struct; buffer of the given length.
        with_msg(F, |e, n| unsafe { sys::vcpuchar_ppc_qemu_profile_machine(self.0.as_ptr(), c.as_ptr(), &mut m, e, n as _) })?;
        Ok(m)
    }

    /// `req` with this profile, and the exact type `machine` (its class set
    /// too) when given; valid while `self` lives.
    fn request(&self, req: &PpcRequest, machine: Option<&str>) -> Result<PpcRequest> {
        let mut q = req.sized();
        q.qemu_profile = self.0.as_ptr();
        q.qemu_machine = std::ptr::null();
        if let Some(name) = machine {
            let (m, stored) = self.machine_raw(name)?;
            q.machine = m;
            q.qemu_machine = stored;
        }
        Ok(q)
    }

    /// [`crate::ppc_decide`] with this QEMU's facts in place of the release table.
    ///
    /// Errors: as [`crate::ppc_decide`]; ENOENT for a type or CPU family the binary lacks.
    pub fn decide(&self, host: Option<&PpcHost>, req: &PpcRequest, machine: Option<&str>) -> Result<PpcResult> {
        let q = self.request(req, machine)?;
        let (h, _) = decide_args(host, req);
        let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
        let mut r = sys::vcpuchar_ppc_result::init();
        // SAFETY: NULL or sized structs whose profile pointers live with self; sized out-struct.
        decided("vcpuchar_ppc_decide", unsafe { sys::vcpuchar_ppc_decide(p, &q, &mut r) }, &q)?;
        Ok(PpcResult(r))
    }

    /// [`crate::ppc_start_check`] with this QEMU's facts.
    ///
    /// Errors: as [`QemuProfile::decide`].
    pub fn start_check(&self, host: Option<&PpcHost>, req: &PpcRequest, machine: Option<&str>) -> Result<PpcStart> {
        let q = self.request(req, machine)?;
        let (h, _) = decide_args(host, req);
        let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
        let mut s = sys::vcpuchar_ppc_start::init();
        // SAFETY: as in decide().
        decided("vcpuchar_ppc_start_check", unsafe { sys::vcpuchar_ppc_start_check(p, &q, &mut s) }, &q)?;
        Ok(PpcStart(s))
    }

    /// [`crate::ppc_machine_caps_check`] with this QEMU's facts: every cap the
    /// profile lists for the type `machine` (None: its default type), as probed.
    ///
    /// Errors: as [`QemuProfile::decide`].
    pub fn machine_caps(&self, host: Option<&PpcHost>, req: &PpcRequest, machine: Option<&str>) -> Result<PpcMachineCaps> {
        const F: &str = "vcpuchar_ppc_machine_caps_check";
        let q = self.request(req, machine)?;
        let m = machine.map(|m| cstring(F, "the machine value", m)).transpose()?;
        let (h, _) = decide_args(host, req);
        let p = h.as_ref().map_or(std::ptr::null(), |h| h as *const _);
        let mp = m.as_ref().map_or(std::ptr::null(), |m| m.as_ptr());
        let mut s = sys::vcpuchar_ppc_machine_caps::init();
        // SAFETY: as in decide(); NULL or a valid C string.
        decided(F, unsafe { sys::vcpuchar_ppc_machine_caps_check(p, &q, mp, &mut s) }, &q)?;
        Ok(PpcMachineCaps(s))
    }
}
