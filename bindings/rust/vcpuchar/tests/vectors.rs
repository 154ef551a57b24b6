// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The shared vectors of tests/data driven through Rust: the same R4/R5 as the C
// suite (ppc-hcall.tsv) and the same HLT decisions (x86-policy*.tsv, read as
// tests/unit/x86-vectors.c reads them: the same fixed host assumptions).
use std::collections::HashMap;
use vcpuchar::sys;

struct Tsv {
    rows: Vec<HashMap<String, String>>,
}

fn tsv(name: &str) -> Tsv {
    let path = format!("{}/../../../tests/data/{}", env!("CARGO_MANIFEST_DIR"), name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    let mut lines = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
    let head: Vec<String> = lines.next().unwrap().split('\t').map(String::from).collect();
    let rows = lines
        .map(|l| head.iter().cloned().zip(l.split('\t').map(String::from)).collect())
        .collect();
    Tsv { rows }
}

fn num(s: &str) -> u64 {
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).unwrap(),
        None => s.parse().unwrap(),
    }
}

#[test]
fn ppc_hcall_vectors() {
    let t = tsv("ppc-hcall.tsv");
    assert!(t.rows.len() >= 10);
    for r in &t.rows {
        let mut caps = sys::vcpuchar_ppc_caps { cfpc: 0, sbbc: 0, ibs: 0, ccf_assist: 0 };
        let list = format!("cap-cfpc={},cap-sbbc={},cap-ibs={},cap-ccf-assist={}", r["cfpc"], r["sbbc"], r["ibs"], r["ccf_assist"]);
        vcpuchar::ppc_caps_parse(&list, &mut caps).unwrap_or_else(|e| panic!("{}: {:?}", r["id"], e));
        let (r4, r5) = vcpuchar::ppc_caps_to_hcall(&caps).unwrap();
        assert_eq!(r4, num(&r["expect_r4"]), "{}: R4 {:#x}", r["id"], r4);
        assert_eq!(r5, num(&r["expect_r5"]), "{}: R5 {:#x}", r["id"], r5);
    }
}

// "k=v,k=v" or "-": the value of key.
fn kv<'a>(list: &'a str, key: &str) -> Option<&'a str> {
    list.split(',').find_map(|p| p.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
}

fn host(r: &HashMap<String, String>) -> sys::vcpuchar_x86_host {
    let fact = |f: sys::vcpuchar_x86_fact| 1u32 << f;
    let extra = r.get("host_extra").map(String::as_str).unwrap_or("-");
    let is = |k: &str, v: &str| kv(extra, k) == Some(v);
    let vendor = r["vendor"].as_str();
    let amd = vendor == "amd" || vendor == "hygon";
    let mut h = vcpuchar::x86_host();
    h.source = sys::vcpuchar_source_VCPUCHAR_SOURCE_CALLER;
    h.have = [
        sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_CPUID_VENDOR, sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_CPUID_HYPERVISOR,
        sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_CPUID_EXT, sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_CPUID_SVM,
        sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_DISABLE_EXITS, sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_HALT_POLL_CAP,
        sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_SUPPORTED_CPUID, sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_HALT_POLL_NS,
        sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB, sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_KVM_AMD,
        sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_CLEARCPUID, sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_SMT_RSB_BUG,
        sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_SMT_CONTROL,
    ]
    .iter()
    .fold(0, |m, &f| m | fact(f));
    h.vendor = match vendor {
        "amd" => sys::vcpuchar_x86_vendor_VCPUCHAR_X86_VENDOR_AMD,
        "intel" => sys::vcpuchar_x86_vendor_VCPUCHAR_X86_VENDOR_INTEL,
        "hygon" => sys::vcpuchar_x86_vendor_VCPUCHAR_X86_VENDOR_HYGON,
        _ => sys::vcpuchar_x86_vendor_VCPUCHAR_X86_VENDOR_OTHER,
    };
    h.cpuid_max_ext = 0x80000021;
    h.cpuid_80000001_ecx = if amd && !is("svm", "0") { sys::VCPUCHAR_X86_CPUID_80000001_ECX_SVM } else { 0 };
    if num(&r["idle_hlt_cpuid"]) != 0 {
        h.cpuid_8000000a_edx = sys::VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT;
    }
    h.hypervisor = num(&r["host_is_guest"]) as u32;
    h.disable_exits_allowed = num(&r["disable_exits_allowed"]) as u32;
    h.halt_poll_cap = 1;
    h.kvm_features = sys::VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT | sys::VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL;
    h.halt_poll_ns = 200000;
    h.mitigate_smt_rsb = num(&r["mitigate_smt_rsb"]) as u32;
    h.kvm_amd = (amd && !is("kvm_amd", "0")) as u32;
    if amd {
        h.have |= fact(sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_NESTED) | fact(sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_AVIC);
        h.nested = !is("nested", "0") as u32;
        h.avic = is("avic", "1") as u32;
    }
    if is("no_ext", "1") {
        h.have &= !fact(sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_CPUID_EXT);
        h.cpuid_80000001_ecx = 0;
    }
    h.clearcpuid_510 = num(&r["clearcpuid_510"]) as u32;
    h.smt_rsb_bug = is("smt_rsb_bug", "1") as u32;
    h.smt_possible = !is("smt_possible", "0") as u32;
    let k = r["kernel"].as_bytes();
    if k != b"-" {
        for (i, b) in k.iter().take(h.kernel_release.len() - 1).enumerate() {
            h.kernel_release[i] = *b as _;
        }
    }
    h
}

fn vm(r: &HashMap<String, String>) -> sys::vcpuchar_x86_vm {
    let ov = r.get("overrides").map(String::as_str).unwrap_or("-");
    let flag = |on: bool, f: u32| if on { f } else { 0 };
    let mut vm = vcpuchar::x86_vm();
    vm.flags = flag(num(&r["pinned"]) != 0, sys::VCPUCHAR_X86_VM_PINNED)
        | flag(num(&r["latency"]) != 0, sys::VCPUCHAR_X86_VM_LATENCY)
        | flag(num(&r["nested_guest"]) != 0, sys::VCPUCHAR_X86_VM_NESTED_GUEST)
        | flag(kv(ov, "want_mwait") == Some("1"), sys::VCPUCHAR_X86_VM_WANT_MWAIT)
        | flag(kv(ov, "want_cstate") == Some("1"), sys::VCPUCHAR_X86_VM_WANT_CSTATE)
        | flag(kv(ov, "irqchip") == Some("0"), sys::VCPUCHAR_X86_VM_NO_IRQCHIP);
    vm.cvm = match r["cvm"].as_str() {
        "sev" => sys::vcpuchar_x86_cvm_VCPUCHAR_X86_CVM_SEV,
        "sev-es" => sys::vcpuchar_x86_cvm_VCPUCHAR_X86_CVM_SEV_ES,
        "sev-snp" => sys::vcpuchar_x86_cvm_VCPUCHAR_X86_CVM_SEV_SNP,
        _ => sys::vcpuchar_x86_cvm_VCPUCHAR_X86_CVM_NONE,
    };
    if let Some(v) = kv(ov, "hlt_passthrough") {
        vm.hlt_passthrough = match v {
            "force" => sys::vcpuchar_x86_hlt_passthrough_VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE,
            "never" => sys::vcpuchar_x86_hlt_passthrough_VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER,
            _ => sys::vcpuchar_x86_hlt_passthrough_VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO,
        };
    }
    if let Some(v) = kv(ov, "halt_poll_ns") {
        vm.flags |= sys::VCPUCHAR_X86_VM_HALT_POLL_NS;
        vm.halt_poll_ns = num(v) as u32;
    }
    if let Some(v) = kv(ov, "cpu_mode") {
        vm.cpu_mode = if v == "other" {
            sys::vcpuchar_x86_cpu_mode_VCPUCHAR_X86_CPU_MODE_OTHER
        } else {
            sys::vcpuchar_x86_cpu_mode_VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH
        };
    }
    if let Some(v) = kv(ov, "idle_hlt_kvm") {
        vm.idle_hlt_kvm = if v == "present" {
            sys::vcpuchar_x86_idle_hlt_kvm_VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT
        } else {
            sys::vcpuchar_x86_idle_hlt_kvm_VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT
        };
    }
    vm
}

fn flags_str(de: u32) -> String {
    let names = ["MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF"];
    let s: Vec<&str> = (0..5).filter(|b| de & (1 << b) != 0).map(|b| names[b]).collect();
    if s.is_empty() { "none".into() } else { s.join("|") }
}

fn x86_file(name: &str, exact: bool) -> usize {
    let t = tsv(name);
    for r in &t.rows {
        let id = &r["id"];
        let res = vcpuchar::x86_decide(&host(r), &vm(r));
        if r.get("expect_error").map(String::as_str) == Some("EINVAL") {
            assert_eq!(res.err(), Some(vcpuchar::Errno(-22)), "{}: want -EINVAL", id);
            continue;
        }
        let p = res.unwrap_or_else(|e| panic!("{}: {:?}", id, e));
        assert_eq!(flags_str(p.0.disable_exits), r["expect_disable_exits"], "{}: disable_exits", id);
        assert_eq!(p.0.hints_realtime as u64, num(&r["expect_hints_realtime"]), "{}: hints_realtime", id);
        if r["expect_pv_unhalt"] != "any" {
            assert_eq!(p.0.pv_unhalt as u64, num(&r["expect_pv_unhalt"]), "{}: pv_unhalt", id);
        }
        assert_eq!(p.0.expose_idle_hlt as u64, num(&r["expect_expose_idle_hlt"]), "{}: expose_idle_hlt", id);
        assert_eq!(p.0.idle_hlt_active as u64, num(&r["expect_idle_hlt_active"]), "{}: idle_hlt_active", id);
        let got: Vec<&str> = p.reasons().iter().map(|x| vcpuchar::x86_reason_name(x.code).unwrap()).collect();
        let want: Vec<&str> = r["expect_reason_codes"].split(',').collect();
        if exact {
            assert_eq!(got, want, "{}: reasons", id);
        } else {
            for w in &want {
                assert!(got.contains(w), "{}: reason {} missing from {:?}", id, w, got);
            }
        }
    }
    t.rows.len()
}

#[test]
fn x86_policy_vectors() {
    // As tests/unit/test-x86-policy.c: the shared file by inclusion, our own rows exactly.
    assert!(x86_file("x86-policy.tsv", false) >= 29);
    assert!(x86_file("x86-policy-extra.tsv", true) > 0);
}

// The guest CPU rule as the C suite (tests/test-ppc-cpu.c) checks it.
#[test]
fn ppc_host_cpu_rule() {
    let mut h = vcpuchar::ppc_host();
    h.pvr = 0x004d0200;
    h.power8 = 1;
    assert_eq!(vcpuchar::ppc_host_cpu(Some(&h), 0), Ok((8, None)));
    let e = vcpuchar::ppc_host_cpu(Some(&h), 9).unwrap_err();
    assert_eq!(e.0, vcpuchar::Errno(-2));
    assert!(e.1.contains("a POWER9 guest CPU cannot run on this POWER8 host"), "{}", e.1);
    let (cpu, note) = vcpuchar::ppc_host_cpu(None, 0).unwrap();
    assert_eq!(cpu, 9);
    assert!(note.unwrap().contains("assumed POWER9"));
}
