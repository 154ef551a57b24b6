// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
//! A small safe layer over libvcpuchar (vcpuchar-sys): the H_GET_CPU_CHARACTERISTICS
//! answer from SPAPR caps, and the x86 HLT-exit policy. Every call returns the C
//! function's negative errno as `Err(Errno)`; results are plain copies.
use std::ffi::CString;
use std::os::raw::c_char;

pub use vcpuchar_sys as sys;

/// A negative errno from the library (e.g. -22 for EINVAL).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Errno(pub i32);

fn check(r: i32) -> Result<i32, Errno> {
    if r < 0 { Err(Errno(r)) } else { Ok(r) }
}

/// The four SPAPR cap levels (cfpc, sbbc, ibs, ccf-assist).
pub type PpcCaps = sys::vcpuchar_ppc_caps;

/// Applies a QEMU -machine cap list ("cap-cfpc=workaround,...") to `caps`;
/// returns the bit (1 << cap) of each cap it named, or the library's message.
pub fn ppc_caps_parse(list: &str, caps: &mut PpcCaps) -> Result<u32, (Errno, String)> {
    let c = CString::new(list).map_err(|_| (Errno(-22), "NUL in the cap list".to_string()))?;
    let mut set = 0u32;
    let mut err = [0 as c_char; 256];
    let r = unsafe { sys::vcpuchar_ppc_caps_parse(c.as_ptr(), caps, &mut set, err.as_mut_ptr(), err.len() as _) };
    if r < 0 {
        let msg = unsafe { std::ffi::CStr::from_ptr(err.as_ptr()) }.to_string_lossy().into_owned();
        return Err((Errno(r), msg));
    }
    Ok(set)
}

/// R4 and R5 of H_GET_CPU_CHARACTERISTICS for these caps (lib/ppc.md, "R4 and R5 from caps").
pub fn ppc_caps_to_hcall(caps: &PpcCaps) -> Result<(u64, u64), Errno> {
    let (mut r4, mut r5) = (0u64, 0u64);
    check(unsafe { sys::vcpuchar_ppc_caps_to_hcall(caps, &mut r4, &mut r5) })?;
    Ok((r4, r5))
}

/// POWER host facts, zeroed with `size` set (C's VCPUCHAR_INIT).
pub fn ppc_host() -> sys::vcpuchar_ppc_host {
    let mut h: sys::vcpuchar_ppc_host = unsafe { std::mem::zeroed() };
    h.size = std::mem::size_of::<sys::vcpuchar_ppc_host>() as u32;
    h
}

/// The guest CPU `host` runs under KVM-HV for `cpu` (0 = none given: the host's
/// family), with the note when POWER9 is assumed (lib/ppc.md, "Guest CPU");
/// a CPU newer than the host is `Err` (-ENOENT) with the message naming both.
pub fn ppc_host_cpu(host: Option<&sys::vcpuchar_ppc_host>, cpu: u32) -> Result<(u32, Option<String>), (Errno, String)> {
    let mut ret = 0u32;
    let mut err = [0 as c_char; 512];
    let h = host.map_or(std::ptr::null(), |h| h as *const _);
    let r = unsafe { sys::vcpuchar_ppc_host_cpu(h, cpu, &mut ret, err.as_mut_ptr(), err.len() as _) };
    let msg = unsafe { std::ffi::CStr::from_ptr(err.as_ptr()) }.to_string_lossy().into_owned();
    if r < 0 {
        return Err((Errno(r), msg));
    }
    Ok((ret, if r == 1 { Some(msg) } else { None }))
}

/// Host facts and VM profile of the x86 policy, zeroed with `size` set (C's VCPUCHAR_INIT).
pub fn x86_host() -> sys::vcpuchar_x86_host {
    let mut h: sys::vcpuchar_x86_host = unsafe { std::mem::zeroed() };
    h.size = std::mem::size_of::<sys::vcpuchar_x86_host>() as u32;
    h
}

pub fn x86_vm() -> sys::vcpuchar_x86_vm {
    let mut vm: sys::vcpuchar_x86_vm = unsafe { std::mem::zeroed() };
    vm.size = std::mem::size_of::<sys::vcpuchar_x86_vm>() as u32;
    vm
}

/// The decided policy; `reasons()` are the codes in order.
pub struct X86Policy(pub sys::vcpuchar_x86_policy);

impl X86Policy {
    pub fn reasons(&self) -> &[sys::vcpuchar_x86_reason] {
        &self.0.reasons[..self.0.n_reasons as usize]
    }
}

/// The HLT-exit policy for a VM on a host (vcpuchar_x86_decide(): pure, no allocation).
pub fn x86_decide(host: &sys::vcpuchar_x86_host, vm: &sys::vcpuchar_x86_vm) -> Result<X86Policy, Errno> {
    let mut p: sys::vcpuchar_x86_policy = unsafe { std::mem::zeroed() };
    p.size = std::mem::size_of::<sys::vcpuchar_x86_policy>() as u32;
    check(unsafe { sys::vcpuchar_x86_decide(host, vm, &mut p) })?;
    Ok(X86Policy(p))
}

/// The stable name of a reason code ("hlt_exits_kept_overcommit"), None when unknown.
pub fn x86_reason_name(code: u32) -> Option<&'static str> {
    let p = unsafe { sys::vcpuchar_x86_reason_name(code) };
    if p.is_null() {
        return None;
    }
    unsafe { std::ffi::CStr::from_ptr(p) }.to_str().ok()
}
