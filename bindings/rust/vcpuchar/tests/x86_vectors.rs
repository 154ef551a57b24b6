// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The x86 vector files of tests/data through the crate, with the C suite's
// fixed host assumptions (tests/unit/x86-vectors.c x86_row_host/x86_row_vm)
// and its checks (tests/unit/test-x86-policy.c run_row).
mod common;
use common::*;
use vcpuchar::*;

// "k=v,k=v" or "-": the value of key.
fn kv<'a>(list: &'a str, key: &str) -> Option<&'a str> {
    list.split(',').find_map(|p| p.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
}

fn row_host(r: &Row) -> X86Host {
    use X86Fact::*;
    let extra = r.get("host_extra").map(String::as_str).unwrap_or("-");
    let is = |k: &str, v: &str| kv(extra, k) == Some(v);
    let vendor = r["vendor"].as_str();
    let amd = vendor == "amd" || vendor == "hygon";
    let mut h = x86_host();
    h.source = Source::Caller.raw();
    let facts = [
        CpuidVendor, CpuidHypervisor, CpuidExt, CpuidSvm, DisableExits, HaltPollCap, SupportedCpuid, HaltPollNs,
        MitigateSmtRsb, KvmAmd, Clearcpuid, SmtRsbBug, SmtControl,
    ];
    h.have = facts.iter().fold(0, |m, f| m | 1 << f.raw());
    h.vendor = match vendor {
        "amd" => X86Vendor::Amd,
        "intel" => X86Vendor::Intel,
        "hygon" => X86Vendor::Hygon,
        _ => X86Vendor::Other,
    }
    .raw();
    h.cpuid_max_ext = 0x80000021;
    h.cpuid_80000001_ecx = if amd && !is("svm", "0") { sys::VCPUCHAR_X86_CPUID_80000001_ECX_SVM } else { 0 };
    if num(&r["idle_hlt_cpuid"]) != 0 {
        h.cpuid_8000000a_edx = sys::VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT;
    }
    h.hypervisor = num(&r["host_is_guest"]) as u32;
    h.disable_exits_allowed = num(&r["disable_exits_allowed"]) as u32;
    h.halt_poll_cap = 1;
    h.kvm_features = sys::VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT | sys::VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL;
    if let Some(v) = kv(extra, "kvm_features") {
        h.kvm_features = num(v) as u32;
    }
    h.halt_poll_ns = 200000;
    if let Some(v) = kv(extra, "halt_poll_ns") {
        h.halt_poll_ns = num(v);
    }
    if is("halt_poll_cap", "0") {
        h.halt_poll_cap = 0;
    }
    h.mitigate_smt_rsb = num(&r["mitigate_smt_rsb"]) as u32;
    h.kvm_amd = (amd && !is("kvm_amd", "0")) as u32;
    if amd {
        h.have |= 1 << Nested.raw() | 1 << Avic.raw();
        h.nested = !is("nested", "0") as u32;
        h.avic = is("avic", "1") as u32;
    }
    if is("no_ext", "1") {
        h.have &= !(1 << CpuidExt.raw());
        h.cpuid_80000001_ecx = 0;
    }
    // The CPU signature, as given (family and model spelled out by the row, not decoded here).
    if let Some(v) = kv(extra, "cpuid_1_eax") {
        h.have |= 1 << CpuidSignature.raw();
        h.cpuid_1_eax = num(v) as u32;
        h.family = kv(extra, "family").map_or(0, |v| num(v) as u32);
        h.model = kv(extra, "model").map_or(0, |v| num(v) as u32);
    }
    // kvm_amd.enable_ipiv: 0 or 1, "absent" (a kernel before 6.17), or not given (not read).
    match kv(extra, "enable_ipiv") {
        Some("absent") => h.error[EnableIpiv.raw() as usize] = -2,
        Some(v) => {
            h.have |= 1 << EnableIpiv.raw();
            h.enable_ipiv = (v == "1") as u32;
        }
        None => {}
    }
    // kvm_intel.tdx (since 1.3): 0 or 1, "absent" (no kvm_intel, or a kernel before 6.16), or not given.
    match kv(extra, "tdx") {
        Some("absent") => h.error[Tdx.raw() as usize] = -2,
        Some(v) => {
            h.have |= 1 << Tdx.raw();
            h.tdx = (v == "1") as u32;
        }
        None => {}
    }
    h.clearcpuid_510 = num(&r["clearcpuid_510"]) as u32;
    h.smt_rsb_bug = is("smt_rsb_bug", "1") as u32;
    h.smt_possible = !is("smt_possible", "0") as u32;
    if r["kernel"] != "-" {
        // The C reader copies the release without the fact bit; so does this.
        let mut k = h;
        k.set_kernel_release(&r["kernel"]).unwrap();
        h.kernel_release = k.kernel_release;
    }
    h
}

fn row_vm(r: &Row) -> X86Vm {
    let ov = r.get("overrides").map(String::as_str).unwrap_or("-");
    let is = |k: &str, v: &str| kv(ov, k) == Some(v);
    let mut vm = x86_vm();
    let flag = |col: &str, f: u32| if num(&r[col]) != 0 { f } else { 0 };
    vm = vm.flags(flag("pinned", sys::VCPUCHAR_X86_VM_PINNED) | flag("latency", sys::VCPUCHAR_X86_VM_LATENCY) | flag("nested_guest", sys::VCPUCHAR_X86_VM_NESTED_GUEST));
    if is("want_mwait", "1") {
        vm = vm.flags(sys::VCPUCHAR_X86_VM_WANT_MWAIT);
    }
    if is("want_cstate", "1") {
        vm = vm.flags(sys::VCPUCHAR_X86_VM_WANT_CSTATE);
    }
    if is("irqchip", "0") {
        vm = vm.no_irqchip();
    }
    vm = vm.cvm(match r["cvm"].as_str() {
        "sev" => X86Cvm::Sev,
        "sev-es" => X86Cvm::SevEs,
        "sev-snp" => X86Cvm::SevSnp,
        "tdx" => X86Cvm::Tdx,
        _ => X86Cvm::None,
    });
    if let Some(v) = kv(ov, "hlt_passthrough") {
        vm = vm.hlt_passthrough(match v {
            "force" => X86HltPassthrough::Force,
            "never" => X86HltPassthrough::Never,
            _ => X86HltPassthrough::Auto,
        });
    }
    if let Some(v) = kv(ov, "halt_poll_ns") {
        vm = vm.halt_poll_ns(num(v) as u32);
    }
    if let Some(v) = kv(ov, "cpu_mode") {
        vm = vm.cpu_mode(if v == "other" { X86CpuMode::Other } else { X86CpuMode::HostPassthrough });
    }
    if let Some(v) = kv(ov, "guest_kernel") {
        vm = vm.guest_kernel(x86_kernel_parse(v).unwrap());
    }
    if let Some(v) = kv(ov, "idle_hlt_kvm") {
        vm = vm.idle_hlt_kvm(if v == "present" { X86IdleHltKvm::Present } else { X86IdleHltKvm::Absent });
    }
    vm
}

fn flags_str(de: u32) -> String {
    let names = ["MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF"];
    let v: Vec<&str> = (0..5).filter(|b| de & (1 << b) != 0).map(|b| names[b]).collect();
    if v.is_empty() { "none".into() } else { v.join("|") }
}

fn run_file(name: &str, exact: bool) {
    for r in &tsv(name) {
        let id = &r["id"];
        let (h, vm) = (row_host(r), row_vm(r));
        let res = x86_decide(&h, &vm);
        if r.get("expect_error").map(String::as_str) == Some("EINVAL") {
            let e = res.unwrap_err();
            assert_eq!((e.errno(), e.function()), (22, "vcpuchar_x86_decide"), "{}", id);
            continue;
        }
        let p = res.unwrap_or_else(|e| panic!("{}: {}", id, e));
        assert_eq!(flags_str(p.disable_exits()), r["expect_disable_exits"], "{}: disable_exits", id);
        assert_eq!(p.disable_exits() & !h.disable_exits_allowed, 0, "{}: G3", id);
        assert_eq!(p.0.hints_realtime as u64, num(&r["expect_hints_realtime"]), "{}: hints_realtime", id);
        if r["expect_pv_unhalt"] != "any" {
            assert_eq!(p.0.pv_unhalt as u64, num(&r["expect_pv_unhalt"]), "{}: pv_unhalt", id);
        }
        if p.hlt_passthrough() {
            assert_eq!(p.0.pv_unhalt, 0, "{}: G2", id);
        }
        assert_eq!(p.0.expose_idle_hlt as u64, num(&r["expect_expose_idle_hlt"]), "{}", id);
        assert_eq!(p.idle_hlt_active() as u64, num(&r["expect_idle_hlt_active"]), "{}: idle_hlt_active", id);
        if let Some(pc) = r.get("expect_poll_control") {
            assert_eq!(p.0.poll_control as u64, num(pc), "{}: poll_control", id);
            match r["expect_halt_poll_ns"].as_str() {
                "null" => assert_eq!(p.halt_poll_ns(), None, "{}", id),
                v => assert_eq!(p.halt_poll_ns(), Some(num(v) as u32), "{}: halt_poll_ns", id),
            }
        } else {
            assert_eq!(p.0.poll_control, p.0.hints_realtime, "{}", id);
            assert_eq!(p.halt_poll_ns(), None, "{}", id);
        }
        // Reasons: named, in code order, refusals counted, each wanted code present.
        let got: Vec<X86Reason> = p.iter().collect();
        assert!(got.windows(2).all(|w| w[0].code < w[1].code), "{}: order", id);
        let refusals = got.iter().filter(|x| x.class().unwrap() == X86ReasonClass::Refusal).count();
        assert_eq!(refusals as u32, p.n_refusals(), "{}: refusals", id);
        let names: Vec<&str> = got.iter().map(|x| x.name().unwrap()).collect();
        if exact {
            assert_eq!(names.join(","), r["expect_reason_codes"], "{}: reasons", id);
        }
        for want in r["expect_reason_codes"].split(',') {
            let code = x86_reason_from_name(want).unwrap_or_else(|e| panic!("{}: {}", id, e));
            assert!(got.iter().any(|x| x.code == code), "{}: missing {} in {}", id, want, names.join(","));
            assert_eq!(X86ReasonCode::from_raw(code).map(|c| c.raw()), Some(code), "{}: {} unknown to the crate", id, want);
        }
        // policy_lifted agrees with override_lifted_refusal's value, code by code.
        let lifted = got.iter().find(|x| x.kind() == Some(X86ReasonCode::OverrideLiftedRefusal)).and_then(|x| x.value).unwrap_or(0);
        for c in 0..=sys::VCPUCHAR_X86_REASON_MAX {
            assert_eq!(p.lifted(c).unwrap(), c < 64 && lifted >> c & 1 == 1, "{}: lifted {}", id, c);
        }
        if let Some(texts) = r.get("expect_texts").filter(|t| t.as_str() != "-") {
            for item in texts.split(';') {
                let (name, words) = item.split_once(':').unwrap();
                let code = x86_reason_from_name(name).unwrap();
                let x = got.iter().find(|x| x.code == code).unwrap_or_else(|| panic!("{}: no {}", id, name));
                let text = x.text().unwrap();
                assert!(text.contains(words), "{}: {} says {:?}, without {:?}", id, name, text, words);
            }
        }
    }
}

#[test]
fn policy() {
    run_file("x86-policy.tsv", false);
}

#[test]
fn policy_extra() {
    run_file("x86-policy-extra.tsv", true);
}

#[test]
fn field_rules() {
    run_file("x86-field-rules.tsv", true);
}
