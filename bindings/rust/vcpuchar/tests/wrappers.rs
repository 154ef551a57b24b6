// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The wrappers the other tests reach only through a method or not at all
// (tests/coverage.rs names them), each called with real values: the tables of
// tests/unit (test-ppc-caps.c names and machine_defaults, test-x86-policy.c
// exit_classes), the bundled profiles of examples/profiles and the vector
// files of tests/data.
mod common;
use common::*;
use vcpuchar::*;

fn root() -> String {
    format!("{}/../../..", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn ppc_bit_names() {
    // Linux arch/powerpc/include/asm/hvcall.h, by IBM bit number (test-ppc-caps.c names).
    let want = [
        (PpcReg::R4, 0, "H_CPU_CHAR_SPEC_BAR_ORI31"),
        (PpcReg::R4, 4, "H_CPU_CHAR_L1D_THREAD_PRIV"),
        (PpcReg::R4, 9, "H_CPU_CHAR_BCCTR_FLUSH_ASSIST"),
        (PpcReg::R4, 11, "H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST"),
        (PpcReg::R5, 0, "H_CPU_BEHAV_FAVOUR_SECURITY"),
        (PpcReg::R5, 1, "H_CPU_BEHAV_L1D_FLUSH_PR"),
        (PpcReg::R5, 9, "H_CPU_BEHAV_NO_STF_BARRIER"),
    ];
    for (reg, bit, name) in want {
        assert_eq!(ppc_bit_name(reg, bit), Some(name), "{:?} bit {}", reg, bit);
    }
    // The named bits are exactly the ones the library defines (R4 0xff50..., R5 0xf7c0...).
    for (reg, all) in [(PpcReg::R4, 0xff50000000000000u64), (PpcReg::R5, 0xf7c0000000000000u64)] {
        let named = (0..64).filter(|&b| ppc_bit_name(reg, b).is_some()).fold(0u64, |m, b| m | 1 << (63 - b));
        assert_eq!(named, all, "{:?}", reg);
    }
    assert_eq!(ppc_bit_name(PpcReg::R4, 64), None);
    assert_eq!(ppc_bit_name(PpcReg::R4, 8), None);
}

#[test]
fn ppc_machine_defaults_and_mode_names() {
    // lib/ppc.md#machine-defaults (QEMU hw/ppc/spapr.c): cfpc, sbbc, ibs, ccf-assist.
    let want = [
        (PpcMachine::Pseries, ["workaround", "workaround", "workaround", "on"]),
        (PpcMachine::Pseries4, ["workaround", "workaround", "workaround", "off"]),
        (PpcMachine::Pseries31, ["broken", "broken", "broken", "off"]),
        (PpcMachine::Pseries212Sxxm, ["workaround", "workaround", "fixed-ccd", "off"]),
    ];
    for (m, levels) in want {
        let c = ppc_machine_defaults(m, PpcCpu::Default).unwrap();
        assert_eq!(common::levels(&c), common::levels(&caps4(levels)), "{:?}", m);
        assert_eq!(common::levels(&ppc_machine_defaults(m, PpcCpu::Power10).unwrap()), common::levels(&c), "{:?} POWER10", m);
        // POWER7 lacks ISA 2.07: cfpc drops to broken, nothing else.
        let p7 = ppc_machine_defaults(m, PpcCpu::Power7).unwrap();
        assert_eq!((p7.cfpc, p7.sbbc, p7.ibs, p7.ccf_assist), (0, c.sbbc, c.ibs, c.ccf_assist), "{:?} POWER7", m);
    }
    let e = ppc_machine_defaults(PpcMachine::DefaultsUnknown, PpcCpu::Default).unwrap_err();
    assert_eq!((e.errno(), e.function()), (22, "vcpuchar_ppc_machine_defaults"));
    // The CLI's --mode words.
    assert_eq!(ppc_mode_name(PpcMode::HostMax), "host-max");
    assert_eq!(ppc_mode_name(PpcMode::Caps), "caps");
    assert_eq!(ppc_mode_name(PpcMode::Host), "host");
}

#[test]
fn ppc_host_descriptions() {
    // Caller-given words, as the vector files' hosts (common::host_words).
    let h = host_words(&caps4(["fixed", "fixed", "fixed-ccd", "on"]));
    assert_eq!(
        ppc_host_describe(&h).unwrap(),
        format!(
            "from the caller: character 0x{:016x} (mask 0xff40000000000000), behaviour 0x{:016x} (mask 0xe400000000000000)",
            h.character, h.behaviour
        )
    );
    // The bundled POWER9 profile: its own words, from "a host profile".
    let p = ppc_profile_load(format!("{}/examples/profiles/power9-dd2.3-opal.profile", root())).unwrap();
    let d = ppc_host_describe(&p).unwrap();
    assert!(d.starts_with("from a host profile: character 0x") && d.contains(&format!("0x{:016x}", p.character)), "{}", d);
    // The profile without information says why.
    let none = profile_load(format!("{}/examples/profiles/no-information.profile", root())).unwrap();
    let d = ppc_host_describe(&none.ppc).unwrap();
    assert!(d.starts_with("no information"), "{}", d);
}

#[test]
fn x86_fact_names_are_the_profile_keys() {
    // Every fact the bundled AMD profile sets is named by its key in the file.
    let path = format!("{}/examples/profiles/amd-zen5-idle-hlt-6.15.profile", root());
    let text = std::fs::read_to_string(&path).unwrap();
    let keys: Vec<&str> = text.lines().filter_map(|l| l.split_once('=').map(|(k, _)| k.trim())).collect();
    let p = profile_load(&path).unwrap();
    let mut seen = 0;
    for f in X86Fact::ALL.iter().copied() {
        let name = x86_fact_name(f);
        assert!(!name.is_empty(), "{:?} has no name", f);
        assert_eq!(X86Fact::ALL.iter().filter(|g| x86_fact_name(**g) == name).count(), 1, "{} twice", name);
        if p.x86.has(f) {
            assert!(keys.contains(&name), "{:?} is set but {} is no key of {}", f, name, path);
            seen += 1;
        }
    }
    assert!(seen >= 20, "only {} facts set by {}", seen, path);
    assert_eq!(x86_fact_name(X86Fact::DisableExits), "disable_exits_allowed");
    assert_eq!(x86_fact_name(X86Fact::KvmAmd), "kvm_amd");
}

#[test]
fn x86_exit_classes() {
    // Linux arch/x86/include/uapi/asm/svm.h: SVM_EXIT_HLT 0x078, SVM_EXIT_IDLE_HLT 0x0a6,
    // SVM_EXIT_PAUSE 0x077, SVM_EXIT_IOIO 0x07b; include/uapi/linux/kvm.h: KVM_EXIT_HLT 5, KVM_EXIT_IO 2.
    for (kind, code, class) in [
        (X86ExitKind::Svm, 0x78, X86ExitClass::Halt),
        (X86ExitKind::Svm, 0xa6, X86ExitClass::Halt),
        (X86ExitKind::Svm, 0x77, X86ExitClass::Other),
        (X86ExitKind::Svm, 0x7b, X86ExitClass::Other),
        (X86ExitKind::Svm, 0x78 | 1 << 32, X86ExitClass::Other),
        (X86ExitKind::Kvm, 5, X86ExitClass::Halt),
        (X86ExitKind::Kvm, 2, X86ExitClass::Other),
        (X86ExitKind::Kvm, 0x78, X86ExitClass::Other),
    ] {
        assert_eq!(x86_exit_class(kind, code).unwrap(), class, "{:?} 0x{:x}", kind, code);
    }
}

// The KVM leaves as KVM_GET_SUPPORTED_CPUID gives them ("KVMKVMKVM\0\0\0",
// PV_UNHALT and POLL_CONTROL offered) and 0x8000000A with IDLE_HLT set, as
// a careless VMM might leave it.
fn kvm_table() -> Vec<X86CpuidEntry> {
    let e = |function, eax, ebx, ecx, edx| X86CpuidEntry { function, index: 0, flags: 0, eax, ebx, ecx, edx, padding: [0; 3] };
    vec![
        e(0x40000000, 0x40000001, 0x4b4d564b, 0x564b4d56, 0x4d),
        e(0x40000001, sys::VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT | sys::VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL, 0, 0, 0),
        e(0x8000000A, 1, 0x8000, 0, sys::VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT | 0x1),
    ]
}

#[test]
fn x86_cpuid_patch_matches_the_guest_view() {
    // x86-guest-view.tsv's host and VMs (as tests/x86_verdicts.rs guest_view): the
    // patched leaf 0x40000001 carries the features and hints the vector expects.
    let mut h = x86_host();
    h.source = Source::Caller.raw();
    h.have = [X86Fact::CpuidVendor, X86Fact::DisableExits, X86Fact::KvmAmd].iter().fold(0, |m, f| m | 1 << f.raw());
    h.vendor = X86Vendor::Amd.raw();
    h.disable_exits_allowed = 0xf;
    h.kvm_amd = 1;
    h.set_kernel_release("6.12.0").unwrap();
    let mut rows = 0;
    for r in &tsv("x86-guest-view.tsv") {
        let id = &r["id"];
        if r["vm"].contains("supported=") {
            continue; // KVM's own offer: x86_verdicts.rs guest_view
        }
        let mut vm = x86_vm();
        for w in r["vm"].split(',') {
            vm = match w {
                "pinned" => vm.pinned(),
                "latency" => vm.latency(),
                "no_irqchip" => vm.no_irqchip(),
                "cpu_mode_other" => vm.cpu_mode(X86CpuMode::Other),
                "never" => vm.hlt_passthrough(X86HltPassthrough::Never),
                _ => vm,
            };
        }
        let p = x86_decide(&h, &vm).unwrap();
        let mut t = kvm_table();
        x86_cpuid_patch(&mut t, Some(&h), &p).unwrap();
        let mask = sys::VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT | sys::VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL;
        assert_eq!((t[1].eax & mask) as u64, num(&r["expect_kvm_features"]), "{}: 0x40000001 EAX", id);
        assert_eq!((t[1].edx & sys::VCPUCHAR_X86_KVM_HINTS_REALTIME) as u64, num(&r["expect_kvm_hints"]), "{}: EDX", id);
        // Rule G1: IDLE_HLT never reaches the guest; the other bits stay.
        assert_eq!(t[2].edx, 0x1, "{}: 0x8000000A EDX", id);
        assert_eq!((t[0].ebx, t[0].ecx, t[0].edx), (0x4b4d564b, 0x564b4d56, 0x4d), "{}: signature", id);
        rows += 1;
    }
    assert!(rows >= 3, "only {} rows of x86-guest-view.tsv", rows);
    // Without the KVM signature leaf: ENOENT, 0x8000000A still cleared.
    let p = x86_decide(&h, &x86_vm()).unwrap();
    let mut t = kvm_table();
    t[0].function = 0x3fffffff;
    let e = x86_cpuid_patch(&mut t, Some(&h), &p).unwrap_err();
    assert_eq!((e.errno(), e.function()), (2, "vcpuchar_x86_cpuid_patch"));
    assert_eq!(t[2].edx, 0x1);
}

#[test]
fn x86_reason_texts_and_lifted() {
    // lib/x86/x86-reasons.c's sentences, through the function and the method.
    let r = X86Reason { code: X86ReasonCode::HostIsGuest.raw(), value: None };
    let text = x86_reason_text(&r).unwrap();
    assert_eq!(
        text,
        "The host is itself a VM (CPUID.1:ECX[31]); disabling HLT exits there has caused KVM entry failures, so HLT exits are kept."
    );
    assert_eq!(r.text().unwrap(), text);
    let r = X86Reason { code: X86ReasonCode::HltNotInAllowedMask.raw(), value: Some(0xc) };
    assert_eq!(x86_reason_text(&r).unwrap(), "KVM does not allow disabling HLT exits on this host (allowed mask 0xc).");
    let e = x86_reason_text(&X86Reason { code: 0, value: None }).unwrap_err();
    assert_eq!(e.errno(), 22);
    // test-x86-policy.c lifted_by_code: a pinned VM forcing pass-through on an AMD host
    // that is itself a VM: only host_is_guest is lifted.
    let mut h = x86_host();
    h.source = Source::Caller.raw();
    h.have = [X86Fact::CpuidVendor, X86Fact::CpuidHypervisor, X86Fact::DisableExits, X86Fact::KvmAmd]
        .iter()
        .fold(0, |m, f| m | 1 << f.raw());
    h.vendor = X86Vendor::Amd.raw();
    h.hypervisor = 1;
    h.disable_exits_allowed = 0xf;
    h.kvm_amd = 1;
    h.set_kernel_release("6.12.0").unwrap();
    let p = x86_decide(&h, &x86_vm().pinned().hlt_passthrough(X86HltPassthrough::Force)).unwrap();
    assert!(p.hlt_passthrough());
    assert!(x86_policy_lifted(&p, X86ReasonCode::HostIsGuest.raw()).unwrap());
    for c in [X86ReasonCode::CvmHltPassthroughUnverified, X86ReasonCode::SmtRsbForbidsHltPassthrough] {
        assert!(!x86_policy_lifted(&p, c.raw()).unwrap(), "{:?}", c);
    }
    assert!(!x86_policy_lifted(&p, 0).unwrap());
    let e = x86_policy_lifted(&p, sys::VCPUCHAR_X86_REASON_MAX + 1).unwrap_err();
    assert_eq!(e.errno(), 34);
}
