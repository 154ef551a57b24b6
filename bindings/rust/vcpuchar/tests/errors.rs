// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// Failing calls: the errno the C docs name, the function, the library's
// message where the function has a message buffer, and Display with both.
use std::fs::File;
use vcpuchar::*;

fn shown(e: &Error) -> String {
    let s = e.to_string();
    println!("{}", s);
    s
}

#[test]
fn caps_parse_unknown_cap() {
    let mut caps = PpcCaps::init();
    let e = ppc_caps_parse("cap-cfpc=workaround,cap-nope=on", &mut caps).unwrap_err();
    assert_eq!((e.errno(), e.errno_name().as_str(), e.function()), (22, "EINVAL", "vcpuchar_ppc_caps_parse"));
    let m = e.message().expect("a message").to_string();
    assert!(m.contains("nope"), "{}", m);
    assert_eq!(shown(&e), format!("{} (vcpuchar_ppc_caps_parse: EINVAL, Invalid argument)", m));
    // Nothing changed on failure.
    assert_eq!((caps.cfpc, caps.sbbc, caps.ibs, caps.ccf_assist), (0, 0, 0, 0));
}

#[test]
fn nul_in_a_string_is_einval() {
    let e = ppc_machine_parse("pseries\0-7.2").unwrap_err();
    assert_eq!(e.errno(), 22);
    assert!(e.message().unwrap().contains("NUL"), "{}", shown(&e));
}

#[test]
fn guest_cpu_newer_than_host() {
    let mut h = ppc_host();
    h.pvr = 0x004e1202; // POWER9 DD2.2 (version 0x004e)
    assert_eq!(ppc_host_cpu(Some(&h), PpcCpu::Default).unwrap(), (PpcCpu::Power9, None));
    let e = ppc_host_cpu(Some(&h), PpcCpu::Power10).unwrap_err();
    assert_eq!(e.errno(), 2);
    let m = shown(&e);
    assert!(m.contains("POWER10") && m.contains("POWER9") && m.contains("ENOENT"), "{}", m);
    // No facts: POWER9 assumed, with the note.
    let (cpu, note) = ppc_host_cpu(None, PpcCpu::Default).unwrap();
    assert_eq!(cpu, PpcCpu::Power9);
    let note = note.unwrap();
    assert!(note.contains("POWER9"));
    // The 1.2 successor: the same answers, the 1 as basis ASSUMED, the note a field.
    let (cpu2, basis, families, note2) = ppc_host_cpu_ext(None, PpcCpu::Default).unwrap();
    assert_eq!((cpu2, basis, note2), (cpu, 1, note));
    assert_eq!(families, ppc_host_cpus(None).unwrap().0);
    let (cpu2, basis, families, note2) = ppc_host_cpu_ext(Some(&h), PpcCpu::Default).unwrap();
    assert_eq!((cpu2, basis, note2.as_str()), (PpcCpu::Power9, 0, ""));
    assert_eq!(families, ppc_host_cpus(Some(&h)).unwrap().0);
    let e2 = ppc_host_cpu_ext(Some(&h), PpcCpu::Power10).unwrap_err();
    assert_eq!((e2.errno(), e2.message()), (e.errno(), e.message()));
    // The request's CPU (1.3): under KVM the same; under TCG the type's default,
    // pseries-3.1's POWER8 (tests/data/ppc-tcg-cpu.tsv).
    let kvm = PpcRequest::init();
    assert_eq!(ppc_request_cpu(Some(&h), &kvm).unwrap().0, PpcCpu::Power9);
    let e3 = ppc_request_cpu(Some(&h), &kvm.cpu(PpcCpu::Power10)).unwrap_err();
    assert_eq!((e3.errno(), e3.message()), (e.errno(), e.message()));
    let tcg = PpcRequest::init().accel(Accel::Tcg).machine(PpcMachine::Pseries31).qemu_version(70200);
    let (cpu3, basis3, families3, note3) = ppc_request_cpu(None, &tcg).unwrap();
    assert_eq!((cpu3, basis3, families3, note3.as_str()), (PpcCpu::Power8, 0, 0x780, ""));
    let e4 = ppc_request_cpu(None, &tcg.mode(PpcMode::Host)).unwrap_err();
    assert_eq!(e4.errno(), 22);
}

#[test]
fn host_without_information() {
    let h = PpcHost::from_words(0, 0, 0, 0);
    let e = ppc_host_to_hcall(&h).unwrap_err();
    assert_eq!((e.errno(), e.message()), (61, None));
    assert_eq!(shown(&e), "vcpuchar_ppc_host_to_hcall: ENODATA, No data available");
    let q = PpcRequest::init().mode(PpcMode::Host);
    assert_eq!(ppc_decide(Some(&h), &q).unwrap_err().errno(), 61);
}

#[test]
fn a_wrong_size_is_the_crates_business() {
    // The caller's size is replaced by the crate's: garbage here cannot make
    // the library read past the value.
    let mut h = PpcHost::from_words(0x0500000000000000, 0x8180000000000000, 0xff40000000000000, 0xe400000000000000);
    h.size = 0xffff_ffff;
    assert!(ppc_host_to_hcall(&h).is_ok());
}

#[test]
fn profile_errors() {
    let e = profile_load("/nonexistent/vcpuchar.profile").unwrap_err();
    assert_eq!(e.errno(), 2);
    assert!(e.message().unwrap().starts_with("/nonexistent/vcpuchar.profile: "), "{}", shown(&e));
    let e = profile_load_data(b"[x86]\nhalt_poll_ns=lots\n").unwrap_err();
    assert_eq!(e.errno(), 22);
    let m = e.message().unwrap();
    assert!(m.contains("halt_poll_ns") && m.contains("lots"), "{}", shown(&e));
    let e = profile_load("/").unwrap_err();
    assert_eq!(e.errno(), 21, "{}", shown(&e));
    // A POWER host profile for the pseries functions: an x86 one is refused with the CLI's words.
    let amd = format!("{}/../../../examples/profiles/amd-zen5-idle-hlt-6.15.profile", env!("CARGO_MANIFEST_DIR"));
    let e = ppc_profile_load(&amd).unwrap_err();
    assert_eq!(e.errno_name(), "EINVAL");
    assert!(e.message().unwrap().contains("describes an x86_64 host"), "{}", shown(&e));
    let p9 = format!("{}/../../../examples/profiles/power9-dd2.3-opal.profile", env!("CARGO_MANIFEST_DIR"));
    assert_eq!(ppc_profile_load(&p9).unwrap().character, profile_load(&p9).unwrap().ppc.character);
}

#[test]
fn not_a_kvm_fd() {
    let f = File::open("/dev/null").unwrap();
    let e = x86_vcpu_stats_read(&f).unwrap_err();
    assert_eq!((e.errno(), e.function()), (25, "vcpuchar_x86_vcpu_stats_read"), "{}", shown(&e));
    let e = x86_apply(&f, &x86_host(), &x86_vm(), 0).unwrap_err();
    assert_eq!(e.errno(), 25, "{}", shown(&e));
    let (facts, r) = ppc_host_probe(&f, None);
    let e = r.unwrap_err();
    assert!(e.errno() == 25 || e.errno() == 95, "{}", shown(&e));
    assert_eq!((facts.valid, facts.error), (0, -e.errno()));
}

#[test]
fn qemu_version_and_machine_messages() {
    let e = ppc_qemu_version_parse("7.1").unwrap_err();
    assert_eq!(e.errno(), 22);
    assert!(e.message().unwrap().contains("7.1"), "{}", shown(&e));
    assert_eq!(ppc_qemu_version_parse("10.0.13").unwrap(), ppc_qemu_version(10, 0, 13));
    let e = ppc_machine_parse_qemu("pseries-2.12-sxxm", ppc_qemu_version(10, 0, 0)).unwrap_err();
    assert_eq!(e.errno(), 2);
    assert!(e.message().unwrap().contains("10.0"), "{}", shown(&e));
}

#[test]
fn reason_codes() {
    let e = x86_reason_from_name("no_such_reason").unwrap_err();
    assert_eq!(e.errno(), 22);
    assert!(shown(&e).contains("no_such_reason"));
    let p = x86_decide(&x86_host(), &x86_vm()).unwrap();
    assert_eq!(p.lifted(1000).unwrap_err().errno(), 34);
    // A code past the crate's enum is None, never undefined behaviour.
    assert_eq!(X86ReasonCode::from_raw(1000), None);
    assert_eq!(X86ReasonCode::from_raw(59), Some(X86ReasonCode::GuestTasSpinlock));
    assert_eq!(x86_reason_name(1000), None);
    assert_eq!(x86_reason_class(1000).unwrap_err().errno(), 22);
}

#[test]
fn decide_refuses_a_contradiction() {
    let vm = x86_vm().hlt_passthrough(X86HltPassthrough::Never).flags(sys::VCPUCHAR_X86_VM_WANT_MWAIT);
    let e = x86_decide(&x86_host(), &vm).unwrap_err();
    assert_eq!(e.errno(), 22, "{}", shown(&e));
}

#[test]
fn versions_and_limits() {
    assert_eq!(version(), header_version());
    assert_eq!(limit(Limit::X86ReasonMax).unwrap(), sys::VCPUCHAR_X86_REASON_MAX as u64);
    assert_eq!(limit(Limit::PpcNCaps).unwrap(), PpcCap::ALL.len() as u64);
    assert_eq!(limit(Limit::X86NFacts).unwrap(), X86Fact::ALL.len() as u64);
}

#[test]
fn a_level_out_of_range_reaches_the_library() {
    let caps = sys::vcpuchar_ppc_caps { cfpc: 9, sbbc: 0, ibs: 0, ccf_assist: 0 };
    let q = PpcRequest::init().mode(PpcMode::Caps).caps(caps, 0xf);
    assert_eq!(ppc_decide(None, &q).unwrap_err().errno(), 22);
    let mut c = PpcCaps::init();
    assert_eq!(ppc_caps_set(&mut c, PpcCap::CcfAssist, PpcLevel::Fixed).unwrap_err().errno(), 22);
}

#[test]
fn the_first_wrappers_still_read_as_before() {
    // 1.1's crate: x86_decide(..).map_err(|e| e.0) gave the negative errno, and
    // X86Policy::reasons() the C entries.
    let vm = x86_vm().hlt_passthrough(X86HltPassthrough::Never).flags(sys::VCPUCHAR_X86_VM_WANT_MWAIT);
    let e = x86_decide(&x86_host(), &vm).unwrap_err();
    assert_eq!((e.0, *e), (-22, Errno(-22)));
    let p = x86_decide(&x86_host(), &x86_vm()).unwrap();
    let names: Vec<&str> = p.reasons().iter().map(|r| x86_reason_name(r.code).unwrap()).collect();
    assert_eq!(names, p.iter().map(|r| r.name().unwrap()).collect::<Vec<_>>());
    assert!(!names.is_empty());
}
