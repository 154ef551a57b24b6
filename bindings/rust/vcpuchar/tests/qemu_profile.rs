// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// QEMU profiles through the crate, as tests/unit/test-ppc-qemu-profile.c
// checks them: the profile probed from Debian 12's QEMU 7.2.22
// (tests/data/qemu-7.2-debian12.profile); lib/ppc.md#qemu-profiles.
mod common;
use common::*;
use vcpuchar::*;

fn debian12() -> QemuProfile {
    let data = std::fs::read(format!("{}/qemu-7.2-debian12.profile", data_dir())).unwrap();
    QemuProfile::parse(&data).unwrap()
}

#[test]
fn parse_and_types() {
    let p = debian12();
    assert_eq!(p.version(), ppc_qemu_version(7, 2, 22));
    assert_eq!(p.machine("pseries").unwrap(), (PpcMachine::Pseries, "pseries-7.2".to_string()));
    assert_eq!(p.machine("pseries-4.1").unwrap().0, PpcMachine::Pseries4);
    // pseries-2.1 starts a power7_v2.3 by default; the profile says it is not deprecated.
    let m = p.machine_info("pseries-2.1").unwrap();
    assert_eq!((m.default_cpu, m.deprecated), (7, 0));
    let e = p.machine("pseries-8.0").unwrap_err();
    assert_eq!(e.errno(), 2);
    assert!(e.message().unwrap().contains("has no machine type 'pseries-8.0'"));
    // Debian's 7.2.22 marks no pseries type deprecated.
    assert_eq!(p.deprecated("pseries-2.1").unwrap(), (0, String::new()));
    assert_eq!(p.deprecated("pseries-8.0").unwrap_err().errno(), 2);
    let bad = QemuProfile::parse(b"[qemu]\nversion=7.2\n").unwrap_err();
    assert_eq!(bad.message(), Some("line 2: [qemu] version: '7.2' is not MAJOR.MINOR.MICRO (query-version)"));
}

#[test]
fn decide_and_start_from_the_profile() {
    let p = debian12();
    let req = PpcRequest::init().mode(PpcMode::Caps).accel(Accel::Tcg).cpu(PpcCpu::Power9);
    // [caps pseries-2.12-sxxm power9]: workaround, workaround, fixed-ccd, off.
    let r = p.decide(None, &req, Some("pseries-2.12-sxxm")).unwrap();
    let c = r.effective_caps();
    assert_eq!((c.cfpc, c.sbbc, c.ibs, c.ccf_assist), (1, 1, 3, 0));
    // pseries-2.11 holds cap-htm=on, which TCG refuses (the probe's own start).
    let s = p.start_check(None, &req, Some("pseries-2.11")).unwrap();
    assert_eq!(s.n_refused(), 1);
    assert_eq!(s.paste(), "cap-htm=off");
    // QEMU 7.2 has no power11 model.
    let e = p.decide(None, &req.cpu(PpcCpu::Power11), None).unwrap_err();
    assert_eq!(e.errno(), 2);
    assert!(e.message().unwrap().contains("has no power11 CPU model"));
    // The handle is freed once, on drop (vcpuchar_ppc_qemu_profile_free()).
    drop(p);
}

#[test]
fn safe_calls_ignore_pointers_written_by_safe_code() {
    // Safe code can write any address into the request's raw pointers; the
    // crate's functions pass C a copy without them (the release table), so
    // this cannot read freed or made-up memory.
    let req = PpcRequest::init().mode(PpcMode::Caps).accel(Accel::Tcg).cpu(PpcCpu::Power9);
    let mut bad = req;
    bad.qemu_profile = 0x10 as *const _;
    bad.qemu_machine = 0x20 as *const _;
    let a = ppc_decide(None, &req).unwrap().effective_caps();
    let b = ppc_decide(None, &bad).unwrap().effective_caps();
    assert_eq!((a.cfpc, a.sbbc, a.ibs, a.ccf_assist), (b.cfpc, b.sbbc, b.ibs, b.ccf_assist));
    assert_eq!(ppc_start_check(None, &bad).unwrap().paste(), ppc_start_check(None, &req).unwrap().paste());
    // A profile's own method still answers from the profile.
    let p = debian12();
    assert_eq!(p.start_check(None, &bad, Some("pseries-2.11")).unwrap().paste(), "cap-htm=off");
}

#[test]
fn machine_caps_from_the_profile_and_the_table() {
    let p = debian12();
    let req = PpcRequest::init().accel(Accel::Tcg).cpu(PpcCpu::Power9);
    // [caps pseries-2.11 power9]: QEMU 7.2.22's twelve caps, as probed (lib/ppc.md#machine-caps).
    let m = p.machine_caps(None, &req, Some("pseries-2.11")).unwrap();
    assert!(m.from_profile());
    let names: Vec<String> = m.caps().map(|c| c.name).collect();
    assert_eq!(names, ["ccf-assist", "cfpc", "dfp", "fwnmi", "hpt-max-page-size", "htm", "ibs", "large-decr",
                       "nested-hv", "rpt-invalidate", "sbbc", "vsx"]);
    let htm = m.caps().find(|c| c.name == "htm").unwrap();
    assert_eq!((htm.default.as_str(), htm.effective.as_str(), htm.verdict), ("on", "on", Some(PpcVerdict::Refused)));
    assert_eq!(htm.fix, "cap-htm=off");
    assert!(htm.reason.contains("No Transactional Memory support in TCG"), "{}", htm.reason);
    let hpt = m.caps().find(|c| c.name == "hpt-max-page-size").unwrap();
    assert_eq!(hpt.default, "17179869184");
    let vsx = m.caps().find(|c| c.name == "vsx").unwrap();
    assert_eq!((vsx.verdict, vsx.start_cap), (Some(PpcVerdict::NotJudged), None));
    assert_eq!(m.counts(), (1, 0, 3));
    // The table for QEMU 10.0: ail-mode-3 (8.1), nested-papr (9.0) and dawr1 (10.0) too; 64 KiB pages for
    // pseries-10.0.
    let t = ppc_machine_caps_check(None, &req.qemu_version(ppc_qemu_version(10, 0, 0)), Some("pseries-10.0,cap-vsx=off"))
        .unwrap();
    assert!(!t.from_profile());
    assert_eq!(t.caps().count(), 15);
    let v = |n: &str| t.caps().find(|c| c.name == n).unwrap();
    assert_eq!((v("hpt-max-page-size").default, v("ail-mode-3").effective), ("65536".to_string(), "on".to_string()));
    assert_eq!((v("vsx").default, v("vsx").effective), ("on".to_string(), "off".to_string()));
    // dawr1 is off below POWER10 (default_caps_with_cpu()), nested-papr off (lib/ppc.md#machine-caps).
    assert_eq!((v("dawr1").default, v("nested-papr").default), ("off".to_string(), "off".to_string()));
}
