// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// x86-guest-view.tsv and x86-verify.tsv through the crate, with the hosts, VMs
// and checks of tests/unit/test-x86-guest.c and test-x86-verify.c.
mod common;
use common::*;
use vcpuchar::*;

fn facts(list: &[X86Fact]) -> u32 {
    list.iter().fold(0, |m, f| m | 1 << f.raw())
}

#[test]
fn guest_view() {
    // Bare-metal AMD, kernel 6.12, KVM allows MWAIT|HLT|PAUSE|CSTATE.
    let mut h = x86_host();
    h.source = Source::Caller.raw();
    h.have = facts(&[X86Fact::CpuidVendor, X86Fact::DisableExits, X86Fact::KvmAmd]);
    h.vendor = X86Vendor::Amd.raw();
    h.disable_exits_allowed = 0xf;
    h.kvm_amd = 1;
    h.set_kernel_release("6.12.0").unwrap();
    h.arch[..6].copy_from_slice(&b"x86_64".map(|b| b as _));
    assert_eq!(h.arch(), "x86_64");
    for r in &tsv("x86-guest-view.tsv") {
        let id = &r["id"];
        let (mut vm, mut h) = (x86_vm(), h);
        for w in r["vm"].split(',') {
            // "supported=N": KVM_GET_SUPPORTED_CPUID read, leaf 0x40000001 EAX = N (hex).
            if let Some(n) = w.strip_prefix("supported=") {
                h.have |= 1 << X86Fact::SupportedCpuid.raw();
                h.kvm_features = u32::from_str_radix(n.trim_start_matches("0x"), 16).unwrap_or_else(|_| panic!("{}: {:?}", id, w));
                continue;
            }
            vm = match w {
                "pinned" => vm.pinned(),
                "latency" => vm.latency(),
                "no_irqchip" => vm.no_irqchip(),
                "cpu_mode_other" => vm.cpu_mode(X86CpuMode::Other),
                "never" => vm.hlt_passthrough(X86HltPassthrough::Never),
                "-" => vm,
                _ => panic!("{}: unknown vm word {:?}", id, w),
            };
        }
        let k = if r["guest_kernel"] == "-" { 0 } else { x86_kernel_parse(&r["guest_kernel"]).unwrap() };
        let p = x86_decide(&h, &vm.guest_kernel(k)).unwrap();
        let g = x86_guest_view_for(&p, num(&r["vcpus"]) as u32, k).unwrap();
        assert_eq!(g.guest_kernel, k, "{}: guest_kernel", id);
        assert_eq!(g.kvm_features as u64, num(&r["expect_kvm_features"]), "{}: kvm_features", id);
        assert_eq!(g.kvm_hints as u64, num(&r["expect_kvm_hints"]), "{}: kvm_hints", id);
        assert_eq!(x86_cpuidle_name(X86Cpuidle::from_raw(g.cpuidle).unwrap()), r["expect_cpuidle"], "{}", id);
        assert_eq!(x86_pv_spinlocks_name(X86PvSpinlocks::from_raw(g.pv_spinlocks).unwrap()), r["expect_pv_spinlocks"], "{}", id);
        assert_eq!(g.halt_exits_grow as u64, num(&r["expect_halt_exits_grow"]), "{}", id);
    }
}

// AMD with SVM, mask 0xe; kernel 6.12, or 6.15 with Idle HLT.
fn verify_host(idle_hlt: bool) -> X86Host {
    use X86Fact::*;
    let mut h = x86_host();
    h.source = Source::Caller.raw();
    h.have = facts(&[CpuidVendor, CpuidExt, CpuidSvm, DisableExits, KvmAmd, Nested, HaltPollCap]);
    h.vendor = X86Vendor::Amd.raw();
    h.cpuid_max_ext = 0x80000021;
    h.cpuid_80000001_ecx = sys::VCPUCHAR_X86_CPUID_80000001_ECX_SVM;
    h.cpuid_8000000a_edx = if idle_hlt { sys::VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT } else { 0 };
    h.disable_exits_allowed = 0xe;
    h.kvm_amd = 1;
    h.nested = 1;
    h.halt_poll_cap = 1;
    h.set_kernel_release(if idle_hlt { "6.15.0" } else { "6.12.0" }).unwrap();
    h
}

fn verify_policy(kind: &str) -> X86Policy {
    let pt = kind.starts_with("passthrough");
    let mut vm = x86_vm();
    if kind.ends_with("_no_irqchip") {
        vm = vm.no_irqchip();
    }
    if pt {
        vm = vm.pinned().latency().hlt_passthrough(X86HltPassthrough::Force);
    }
    let p = x86_decide(&verify_host(kind == "kept_idle_hlt"), &vm).unwrap();
    assert_eq!(p.hlt_passthrough(), pt, "{}", kind);
    assert_eq!(p.idle_hlt_active(), kind == "kept_idle_hlt", "{}", kind);
    p
}

// "name=value,..." by KVM statistic name; "-" for none.
fn stats(cell: &str) -> X86VcpuStats {
    let mut st = X86VcpuStats::init();
    for item in cell.split(',').filter(|_| cell != "-") {
        let (name, v) = item.split_once('=').unwrap();
        let s = X86Stat::ALL.iter().find(|s| x86_stat_name(**s) == name).unwrap_or_else(|| panic!("statistic {:?}", name));
        st.values[s.raw() as usize] = v.parse().unwrap();
        st.have |= 1 << s.raw();
    }
    st
}

#[test]
fn verify() {
    let mut seen = std::collections::BTreeSet::new();
    for r in &tsv("x86-verify.tsv") {
        let id = &r["id"];
        let p = verify_policy(&r["policy"]);
        let (before, after) = (stats(&r["before"]), stats(&r["after"]));
        let guest = match r["guest_hlts"].as_str() {
            "unknown" => None,
            g => Some(num(g)),
        };
        let v = x86_policy_verify(&p, &before, &after, guest).unwrap();
        assert_eq!(x86_hlt_verdict_name(v.hlt().unwrap()), r["expect_hlt"], "{}: hlt", id);
        assert_eq!(x86_halt_poll_verdict_name(v.halt_poll().unwrap()), r["expect_halt_poll"], "{}: halt_poll", id);
        assert_eq!(v.halt_exits(), num(&r["expect_halt_exits"]), "{}: halt_exits", id);
        assert_eq!(v.0.guest_hlts, guest.unwrap_or(u64::MAX), "{}", id);
        assert_eq!(v.0.have, before.have & after.have, "{}", id);
        let reasons: Vec<X86Reason> = v.iter().collect();
        for x in &reasons {
            assert_eq!(x.class().unwrap(), X86ReasonClass::Verify, "{}", id);
            let text = x.text().unwrap();
            assert!(!text.is_empty() && !text.contains('%'), "{}: {:?}", id, text);
            // The count in each sentence is the one the verdict reports.
            match x.kind() {
                Some(X86ReasonCode::HltPassthroughHonoured) => assert_eq!(x.value, guest, "{}", id),
                Some(X86ReasonCode::HaltPollActive) => assert_eq!(x.value, Some(v.0.halt_attempted_poll), "{}", id),
                _ => assert!(x.value.map_or(true, |n| n == v.halt_exits()), "{}", id),
            }
            seen.insert(x.code);
        }
        assert!(reasons.windows(2).all(|w| w[0].code < w[1].code), "{}: order", id);
        let names: Vec<&str> = reasons.iter().map(|x| x.name().unwrap()).collect();
        assert_eq!(names.join(","), r["expect_reasons"], "{}: reasons", id);
    }
    // Every VERIFY code is reached by some row.
    for c in X86ReasonCode::ALL {
        if x86_reason_class(c.raw()).unwrap() == X86ReasonClass::Verify {
            assert!(seen.contains(&c.raw()), "no row shows {}", x86_reason_name(c.raw()).unwrap());
        }
    }
}

// Since 1.3: names, the VM checks and the formatting call (lib/x86.md#names, #vm-checks).
#[test]
fn names_checks_and_format() {
    use vcpuchar::*;
    assert_eq!(x86_name(X86NameSet::NamesCvm, 3), Some("sev-snp"));
    assert_eq!(x86_name(X86NameSet::NamesCpuMode, 0), None);
    assert_eq!(x86_from_name(X86NameSet::NamesHltPassthrough, "force").unwrap(), 2);
    assert_eq!(x86_from_name(X86NameSet::NamesCvm, "SEV").unwrap_err().errno(), 2);
    assert_eq!(x86_names(X86NameSet::NamesDisableExit, "|").unwrap(), "MWAIT|HLT|PAUSE|CSTATE|APERFMPERF");
    let mut host = x86_host();
    host.have = 1 << X86Fact::CpuidVendor.raw() | 1 << X86Fact::Sev.raw();
    host.vendor = 1; // AMD
    host.sev = 0;
    let mut vm = x86_vm();
    vm.cvm = 1; // sev
    let e = x86_vm_check(&host, &vm, 2, 0).unwrap_err();
    assert_eq!(e.errno(), 22);
    assert!(e.to_string().contains("kvm_amd.sev is off"), "{}", e);
    assert_eq!(x86_vm_check(&host, &x86_vm(), 4097, 0).unwrap_err().errno(), 34);
    assert_eq!(x86_kernel_parse("6.1.192").unwrap(), 6 << 24 | 1 << 16 | 192);
    assert_eq!(x86_kernel_parse("6.1.0-57-amd64").unwrap(), 0);
    assert_eq!(x86_kernel_parse("v6").unwrap_err().errno(), 22);
    let p = x86_decide(&host, &x86_vm()).unwrap();
    let q = x86_policy_format(&p, &host, &x86_vm(), X86Format::QemuShell).unwrap();
    assert!(q.starts_with("-overcommit cpu-pm=off -cpu host,kvm-pv-unhalt=on"), "{}", q);
}

// Since 1.3: the CLI's last x86 rules (lib/x86.md#policy-check, #domain-rules).
#[test]
fn domain_rules_and_policy_validate() {
    use vcpuchar::*;
    let mut host = x86_host();
    host.have = 1 << X86Fact::CpuidVendor.raw() | 1 << X86Fact::DisableExits.raw();
    host.vendor = 1; // AMD
    host.disable_exits_allowed = 0xe;
    // A shared VM keeps HLT exits for reason 1 (hlt_exits_kept_overcommit).
    let p = x86_decide(&host, &x86_vm()).unwrap();
    x86_policy_validate(&p).unwrap();
    let asked = x86_qemu_args_exits(&["-overcommit", "mem-lock=on,cpu-pm=on"]).unwrap();
    assert_eq!(asked, 0xf);
    assert_eq!(x86_qemu_args_exits(&["-overcommit", "cpu-pm=off"]).unwrap(), 0);
    assert_eq!(x86_hlt_mismatch(&p, asked).unwrap(), (true, vec![1]));
    assert_eq!(x86_hlt_mismatch(&p, 0).unwrap(), (false, vec![1]));
    assert_eq!(x86_pins_flags(2, &[(1, 5), (0, 4)]).unwrap(), 1);
    assert_eq!(x86_pins_flags(2, &[(0, 4), (1, 4)]).unwrap(), 0);
    assert_eq!(x86_pins_flags(0, &[]).unwrap_err().errno(), 34);
}
