// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The POWER spellings and QEMU versions of tests/data through the crate, checked
// as tests/unit/test-ppc-format.c, test-ppc-caps.c and test-ppc-qemu.c check them.
mod common;
use common::*;
use vcpuchar::*;

const CLASSES: [&str; 4] = ["pseries", "pseries-4", "pseries-3.1", "pseries-2.12-sxxm"];
const WARNINGS: [&str; 6] = ["", "qemu_fixed_na_abort", "host_bits_outside_masks", "masks_without_known_bits", "defaults_refused", "defaults_below_host"];

fn class(m: PpcMachine) -> &'static str {
    CLASSES[m.raw() as usize]
}

/// "a;b" of warning names as a set of codes (the tests' own list of names).
fn codes(list: &str) -> u32 {
    if list == "none" {
        return 0;
    }
    list.split(';').map(|n| 1 << WARNINGS.iter().position(|w| *w == n).unwrap_or_else(|| panic!("warning {:?}", n))).fold(0, |a, b| a | b)
}

#[test]
fn format() {
    for r in &tsv("ppc-format.tsv") {
        let id = &r["id"];
        let c = caps_cols(r, "");
        for (f, col) in [(PpcFormat::Qemu, "expect_qemu"), (PpcFormat::Libvirt, "expect_libvirt")] {
            let (text, w) = ppc_caps_format(&c, f).unwrap();
            assert_eq!(text, r[col], "{}: {:?}", id, f);
            assert_eq!(w, codes(&r["expect_warnings"]), "{}: warnings", id);
        }
        // What the user pastes gives the guest the same R4/R5 as the caps themselves.
        let mut back = PpcCaps::init();
        assert_eq!(ppc_caps_parse(&r["expect_qemu"], &mut back).unwrap(), 0xf, "{}", id);
        assert_eq!(ppc_caps_to_hcall(&back).unwrap(), ppc_caps_to_hcall(&c).unwrap(), "{}: pasted caps", id);
        assert_ne!(back.ibs, PpcLevel::FixedNa as u8, "{}: fixed-na written", id);
        // Both whole-text parsers read the format functions' output back to the same caps.
        let (mut req, mut xml) = (PpcRequest::init().machine(PpcMachine::Pseries4), PpcCaps::init());
        let p = ppc_machine_line_parse(&format!("pseries,{}", r["expect_qemu"]), &mut req).unwrap();
        assert_eq!((req.machine, p.set, req.caps_set, p.others.as_str()), (PpcMachine::Pseries as u32, 0xf, 0xf, ""), "{}", id);
        let line = req.caps;
        assert_eq!(ppc_libvirt_parse(&r["expect_libvirt"], &mut xml).unwrap(), PpcPasted { set: 0xf, others: String::new() }, "{}", id);
        let levels = |c: &PpcCaps| (c.cfpc, c.sbbc, c.ibs, c.ccf_assist);
        assert_eq!((levels(&line), levels(&xml)), (levels(&back), levels(&back)), "{}: whole-text parsers", id);
    }
}

#[test]
fn machine_types() {
    for r in &tsv("ppc-machine-types.tsv") {
        let id = &r["id"];
        match (ppc_machine_parse(&r["name"]), r["expect"].as_str()) {
            (Err(e), "refused") => {
                assert_eq!(e.errno(), 22, "{}", id);
                let m = e.message().unwrap();
                assert!(m.contains(&r["expect_message"]) && m.contains(&r["name"]), "{}: {:?}", id, m);
            }
            (Ok(m), want) => assert_eq!(class(m), want, "{}", id),
            (Err(e), want) => panic!("{}: {} (want {})", id, e, want),
        }
    }
}

fn version_cell(r: &Row) -> u32 {
    match r["qemu"].as_str() {
        "-" => 0,
        q => ppc_qemu_version_parse(q).unwrap_or_else(|e| panic!("{}: {}", r["id"], e)),
    }
}

#[test]
fn qemu_versions() {
    for r in &tsv("ppc-qemu-versions.tsv") {
        let (id, expect, text, machine) = (&r["id"], r["expect"].as_str(), r["expect_text"].as_str(), r["machine"].as_str());
        if machine == "-" {
            let e = ppc_qemu_version_parse(&r["qemu"]).unwrap_err();
            assert_eq!((expect, e.errno()), ("EINVAL", 22), "{}", id);
            assert!(e.message().unwrap().contains(text), "{}: {}", id, e);
            continue;
        }
        let v = version_cell(r);
        let check = ppc_qemu_version_check(v).unwrap();
        assert_eq!(check.status.to_string(), r["expect_check"], "{}: {}", id, check.note);
        assert_eq!(check.status != 0, !check.note.is_empty(), "{}: note {:?}", id, check.note);
        match (ppc_machine_parse_qemu(machine, v), expect.strip_prefix("ok:")) {
            (Ok(m), Some(want)) => {
                assert_eq!(class(m), want, "{}", id);
                if text != "-" {
                    assert!(check.note.contains(text), "{}: note {:?} lacks {:?}", id, check.note, text);
                }
            }
            (Err(e), None) => {
                assert_eq!(e.errno(), if expect == "ENOENT" { 2 } else { 22 }, "{}: {}", id, e);
                let m = e.message().unwrap();
                assert!(m.contains(machine), "{}: {:?} does not name the type", id, m);
                assert!(m.contains(text) || check.note.contains(text), "{}: {:?}", id, m);
                if e.errno() == 2 {
                    assert!(m.contains(if v != 0 { r["qemu"].as_str() } else { "7.2" }), "{}: {:?}", id, m);
                }
            }
            (got, _) => panic!("{}: {:?}, want {}", id, got.map(class), expect),
        }
    }
}

#[test]
fn qemu_machine_types_per_release() {
    for r in &tsv("ppc-qemu-machine-types.tsv") {
        let id = &r["id"];
        let listed: Vec<&str> = r["types"].split(' ').collect();
        let v = version_cell(r);
        assert_eq!(ppc_qemu_version_check(v).unwrap().status, 0, "{}", id);
        let (mut n_ok, mut n_upstream) = (0, 0);
        for major in 0..=12 {
            for minor in 0..=13 {
                for sx in ["", "-sxxm"] {
                    let name = format!("pseries-{}.{}{}", major, minor, sx);
                    let m0 = match ppc_machine_parse(&name) {
                        Ok(m) => m,
                        Err(_) => continue,
                    };
                    n_upstream += 1;
                    match ppc_machine_parse_qemu(&name, v) {
                        Ok(m) if listed.contains(&name.as_str()) => {
                            assert_eq!(m, m0, "{}: {}", id, name);
                            n_ok += 1;
                        }
                        Err(e) if !listed.contains(&name.as_str()) => {
                            assert_eq!(e.errno(), 2, "{}: {}", id, name);
                            let m = e.message().unwrap();
                            assert!(m.contains(&name) && m.contains(&r["qemu"]), "{}: {:?}", id, m);
                        }
                        got => panic!("{}: {}: {:?}", id, name, got),
                    }
                }
            }
        }
        assert_eq!(n_ok, listed.len(), "{}: listed types accepted", id);
        // 2.1-2.12, sxxm, 3.0-3.1, 4.0-10.2 (21), 11.0-11.1 (lib/ppc.md#machine-defaults).
        assert_eq!(n_upstream, 12 + 1 + 2 + 21 + 2, "{}", id);
    }
}

/// The release table's rows and QEMU's deprecation warning (lib/ppc.md#qemu-versions):
/// 11.1 registers pseries-5.2 on and deprecates up to 8.1 (qemu-system-ppc64 11.1.3);
/// 8.2's deprecations and fixed-na abort are unknown.
#[test]
fn qemu_release_rows() {
    let r = ppc_qemu_release_get(110103).unwrap();
    assert_eq!((r.answered, r.oldest_type, r.newest_type, r.deprecated_upto), (110100, 502, 1101, 801));
    assert_eq!(r.fixed_na_aborts, sys::VCPUCHAR_PPC_QEMU_FACT_UNKNOWN);
    let r = ppc_qemu_release_get(80200).unwrap();
    assert_eq!(r.deprecated_upto, sys::VCPUCHAR_PPC_QEMU_FACT_UNKNOWN);
    assert_eq!(ppc_qemu_release_get(1).unwrap_err().errno(), 22);
    let (k, note) = ppc_machine_deprecated("pseries-8.1", 110103).unwrap();
    assert_eq!(k, 1);
    assert!(note.contains("Machine type 'pseries-8.1' is deprecated") && note.contains("pin pseries-8.2"), "{}", note);
    assert_eq!(ppc_machine_deprecated("pseries-8.2", 110103).unwrap(), (0, String::new()));
    assert_eq!(ppc_machine_deprecated("pseries-8.2", 80200).unwrap().0, 2);
    assert_eq!(ppc_machine_deprecated("pseries-5.1", 110100).unwrap_err().errno(), 2);
}

fn mode(s: &str) -> PpcMode {
    match s {
        "host-max" => PpcMode::HostMax,
        "caps" => PpcMode::Caps,
        "host" => PpcMode::Host,
        _ => panic!("unknown mode {:?}", s),
    }
}

/// "cfpc,ibs" as cap bits; "-" is none.
fn cap_bits(list: &str) -> u32 {
    if list == "-" {
        return 0;
    }
    list.split(',').map(|n| 1 << PpcCap::ALL.iter().position(|c| ppc_cap_name(*c) == n).unwrap()).fold(0, |a, b| a | b)
}

#[test]
fn warnings() {
    for r in &tsv("ppc-warnings.tsv") {
        let id = &r["id"];
        let h = PpcHost::from_words(num(&r["character"]), num(&r["behaviour"]), num(&r["character_mask"]), num(&r["behaviour_mask"]));
        let mut q = PpcRequest::init().mode(mode(&r["mode"])).accel(if r["accel"] == "tcg" { Accel::Tcg } else { Accel::Kvm });
        if r["caps"] != "-" {
            let mut caps = PpcCaps::init();
            let set = ppc_caps_parse(&r["caps"], &mut caps).unwrap();
            q = q.caps(caps, set);
        }
        let w = ppc_warnings_check(Some(&h), &q).unwrap_or_else(|e| panic!("{}: {}", id, e));
        assert_eq!(w.codes(), codes(&r["expect_codes"]), "{}: codes", id);
        let (mut seen, mut dcaps) = (0u32, 0u32);
        let text = r["expect_text"].as_str();
        let mut text_found = text == "-";
        for e in w.iter() {
            let code = e.code.unwrap_or_else(|| panic!("{}: code {} unknown to the crate", id, e.raw_code));
            assert!(1 << e.raw_code > seen, "{}: order", id);
            seen |= 1 << e.raw_code;
            assert_eq!(ppc_warning_name(code), WARNINGS[e.raw_code as usize], "{}", id);
            assert!(e.text.len() > 40, "{}: short text", id);
            match code {
                PpcWarning::DefaultsRefused | PpcWarning::DefaultsBelowHost => dcaps = e.caps,
                PpcWarning::HostBitsOutsideMasks => assert_eq!((e.r4, e.r5), (h.character & !h.character_mask, h.behaviour & !h.behaviour_mask), "{}", id),
                PpcWarning::MasksWithoutKnownBits => assert_eq!((e.r4, e.r5), (h.character_mask, h.behaviour_mask), "{}", id),
                PpcWarning::QemuFixedNaAbort => assert_eq!(e.caps, 1 << PpcCap::Ibs.raw(), "{}", id),
            }
            text_found |= e.text.contains(text);
        }
        assert_eq!(dcaps, cap_bits(&r["expect_defaults_caps"]), "{}: defaults caps", id);
        assert!(text_found, "{}: no text holds {:?}", id, text);
    }
}

#[test]
fn baseline_of_the_bundled_profiles() {
    let dir = format!("{}/../../examples/profiles", data_dir());
    for r in &tsv("ppc-baseline.tsv") {
        let id = &r["id"];
        let names: Vec<&str> = r["profiles"].split(',').collect();
        let hosts: Vec<PpcHost> = names
            .iter()
            .map(|n| profile_load(&format!("{}/{}.profile", dir, n)).unwrap_or_else(|e| panic!("{}: {}", id, e)).ppc)
            .collect();
        let b = ppc_baseline(&hosts.iter().map(Some).collect::<Vec<_>>()).unwrap();
        assert_eq!(levels(&b.baseline.caps), levels(&caps_list(&r["expect_caps"])), "{}: caps", id);
        let no_info = hosts.iter().filter(|h| h.valid == 0).count() as u32;
        assert_eq!((b.baseline.n_hosts, b.baseline.n_no_info), (names.len() as u32, no_info), "{}", id);
        let mut held = Vec::new();
        for cap in PpcCap::ALL {
            for (k, n) in names.iter().enumerate() {
                if b.held_back[k] & (1 << cap.raw()) != 0 {
                    held.push(format!("{}:{}", ppc_cap_name(*cap), n));
                }
            }
        }
        assert_eq!(if held.is_empty() { "none".into() } else { held.join(";") }, r["expect_held"], "{}: held back", id);
        for (k, h) in hosts.iter().enumerate() {
            assert_eq!(levels(&b.levels[k]), levels(&ppc_host_levels(Some(h)).unwrap().0), "{}: own levels", id);
        }
        assert_eq!(b.baseline.held_back, b.held_back.iter().fold(0, |a, h| a | h), "{}", id);
        assert_eq!(ppc_caps_format(&b.baseline.caps, PpcFormat::Qemu).unwrap().0, r["expect_qemu"], "{}: qemu", id);
    }
}

#[test]
fn fleet_baseline_rules() {
    let p = format!("{}/../../examples/profiles/power9-dd2.3-opal.profile", data_dir());
    let host = |pvr: u32, arch: &str| {
        let mut h = profile_load(&p).unwrap().ppc;
        h.pvr = pvr;
        h.arch = [0; 16];
        for (d, s) in h.arch.iter_mut().zip(arch.bytes()) {
            *d = s as _;
        }
        h
    };
    // PVR versions of Linux arch/powerpc/include/asm/reg.h: POWER9, POWER8, POWER7.
    let (p9, p8, p7) = (host(0x004e_1202, "ppc64le"), host(0x004d_0200, "ppc64"), host(0x003f_0201, "ppc64le"));
    let plain = ppc_baseline(&[Some(&p9), Some(&p8), Some(&p7)]).unwrap();
    let (b, cpu) = ppc_fleet_baseline(&[&p9, &p8], PpcCpu::Default).unwrap();
    assert_eq!(cpu, PpcCpu::Power8, "the oldest host's family");
    assert_eq!(levels(&b.baseline.caps), levels(&plain.baseline.caps));
    let (b, cpu) = ppc_fleet_baseline(&[&p9, &p8, &p7], PpcCpu::Default).unwrap();
    assert_eq!(cpu, PpcCpu::Power7);
    assert_eq!(b.baseline.caps.cfpc, 0, "POWER7: cfpc broken");
    assert_eq!(b.baseline.caps.sbbc, plain.baseline.caps.sbbc);
    let e = ppc_fleet_baseline(&[&p9, &p8], PpcCpu::Power9).unwrap_err();
    assert_eq!(e.errno(), 2);
    assert!(e.message().unwrap().starts_with("host 1: "), "{}", e);
    let e = ppc_fleet_baseline(&[&p9, &host(0, "ppc")], PpcCpu::Default).unwrap_err();
    assert_eq!(e.errno(), 18);
    assert!(e.message().unwrap().starts_with("arch=ppc, but host 0 is arch=ppc64le"), "{}", e);
    // The 1.2 successor (options struct) gives the same answers and errors, fleet by fleet.
    let fleets: [(&[&PpcHost], PpcCpu); 4] = [
        (&[&p9, &p8], PpcCpu::Default),
        (&[&p9, &p8, &p7], PpcCpu::Default),
        (&[&p9, &p8], PpcCpu::Power9),
        (&[&p9, &p7], PpcCpu::Power7),
    ];
    for (i, (hosts, cpu)) in fleets.iter().enumerate() {
        match (ppc_fleet_baseline(hosts, *cpu), ppc_fleet_baseline_ext(hosts, *cpu)) {
            (Ok((b1, c1)), Ok((b2, c2))) => {
                assert_eq!(c1, c2, "fleet {}", i);
                assert_eq!(levels(&b1.baseline.caps), levels(&b2.baseline.caps), "fleet {}", i);
                assert_eq!(b1.held_back, b2.held_back, "fleet {}", i);
                assert_eq!(b1.levels.iter().map(levels).collect::<Vec<_>>(), b2.levels.iter().map(levels).collect::<Vec<_>>());
            }
            (Err(e1), Err(e2)) => {
                assert_eq!((e1.errno(), e1.message()), (e2.errno(), e2.message()), "fleet {}", i);
                assert_eq!(e2.function(), "vcpuchar_ppc_fleet_baseline_ext");
            }
            (a, b) => panic!("fleet {}: {:?} against {:?}", i, a.map(|x| x.1), b.map(|x| x.1)),
        }
    }
}

// The successors of the pasted-text parsers: the same caps and items, the
// items in their own field, and an error only as the error.
#[test]
fn pasted_text_successors() {
    let lines = [
        "pseries,x-vof=on,cap-htm=off,cap-ibs=workaround",
        "pseries-rhel9.2.0,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off",
        "pseries-7.2,cap-cfpc=broken",
        "pseries,cap-foo=on",
    ];
    for line in lines {
        let (mut q1, mut q2) = (PpcRequest::init(), PpcRequest::init());
        match (ppc_machine_line_parse(line, &mut q1), ppc_machine_line_parse_ext(line, &mut q2)) {
            (Ok(p1), Ok(p2)) => {
                assert_eq!(p1, p2, "{}", line);
                assert_eq!((q1.machine, q1.caps_set), (q2.machine, q2.caps_set), "{}", line);
            }
            (Err(e1), Err(e2)) => assert_eq!((e1.errno(), e1.message()), (e2.errno(), e2.message()), "{}", line),
            (a, b) => panic!("{}: {:?} against {:?}", line, a, b),
        }
    }
    let mut q = PpcRequest::init();
    let p = ppc_machine_line_parse_ext(lines[0], &mut q).unwrap();
    // cap-htm goes to the start verdict's levels (1.3); the rest is named, not judged.
    assert_eq!((p.set, p.others.as_str()), (1 << 2, "x-vof=on"));
    assert_eq!((q.start_set, q.start_levels[4]), (1 << 4, 0));
    ppc_machine_line_parse_ext(lines[1], &mut q).unwrap();
    assert_eq!(q.machine, PpcMachine::DefaultsUnknown as u32);
    let xmls = ["<features><acpi/><cfpc value='workaround'/><htm state='on'/></features>", "<cfpc value='Broken'/>"];
    for xml in xmls {
        let (mut c1, mut c2) = (PpcCaps::init(), PpcCaps::init());
        match (ppc_libvirt_parse(xml, &mut c1), ppc_libvirt_parse_ext(xml, &mut c2)) {
            (Ok(p1), Ok(p2)) => assert_eq!((p1, levels(&c1)), (p2, levels(&c2)), "{}", xml),
            (Err(e1), Err(e2)) => assert_eq!((e1.errno(), e1.message()), (e2.errno(), e2.message()), "{}", xml),
            (a, b) => panic!("{}: {:?} against {:?}", xml, a, b),
        }
    }
    let mut c = PpcCaps::init();
    assert_eq!(ppc_libvirt_parse_ext(xmls[0], &mut c).unwrap().others, "acpi, htm");
}

/// "pseries-X.Y" as X * 100 + Y, the release table's numbering.
fn type_number(name: &str) -> u32 {
    let (x, y) = name.trim_start_matches("pseries-").split_once('.').unwrap();
    x.parse::<u32>().unwrap() * 100 + y.parse::<u32>().unwrap()
}

// The release table agrees with the machine types each release registers
// (ppc-qemu-machine-types.tsv), and its deprecations with the per-type warning.
#[test]
fn release_rows_match_the_types_listed() {
    for r in &tsv("ppc-qemu-machine-types.tsv") {
        let id = &r["id"];
        let v = version_cell(r);
        let row = ppc_qemu_release_get(v).unwrap_or_else(|e| panic!("{}: {}", id, e));
        let listed: Vec<&str> = r["types"].split(' ').collect();
        let numbered: Vec<u32> = listed.iter().filter(|t| !t.ends_with("-sxxm")).map(|t| type_number(t)).collect();
        assert_eq!(row.answered, v / 100 * 100, "{}: answered", id);
        assert_eq!(row.oldest_type, *numbered.iter().min().unwrap(), "{}: oldest", id);
        assert_eq!(row.newest_type, *numbered.iter().max().unwrap(), "{}: newest", id);
        assert_eq!(row.has_sxxm == 1, listed.contains(&"pseries-2.12-sxxm"), "{}: sxxm", id);
        for t in &listed {
            let n = if t.ends_with("-sxxm") { 212 } else { type_number(t) };
            match (ppc_machine_deprecated(t, v).unwrap_or_else(|e| panic!("{}: {}: {}", id, t, e)), row.deprecated_upto_known()) {
                ((2, s), None) => assert!(s.contains(t), "{}: {:?}", id, s),
                ((1, s), Some(d)) if n <= d => assert!(s.contains(t) && s.contains("deprecated"), "{}: {:?}", id, s),
                ((0, s), Some(d)) if n > d => assert_eq!(s, "", "{}", id),
                got => panic!("{}: {}: {:?} with deprecated_upto {}", id, t, got, row.deprecated_upto),
            }
        }
    }
}

// Rows and warnings as tests/unit/test-ppc-qemu.c reads them (lib/ppc.md#qemu-versions):
// 9.2 removed the 2.x types and lowered sbbc (pull-ppc-for-9.2-1-20241104); QEMU warns
// for types older than 3 years (include/hw/boards.h MACHINE_VER_DEPRECATION).
#[test]
fn release_rows_and_deprecations() {
    let r = ppc_qemu_release_get(0).unwrap();
    assert_eq!((r.answered, r.oldest_type, r.newest_type, r.sbbc_broken_p8), (70200, 201, 702, 0));
    assert_eq!((r.deprecated_upto_known(), r.fixed_na_aborts_known()), (Some(0), Some(true)));
    let r = ppc_qemu_release_get(ppc_qemu_version(9, 2, 0)).unwrap();
    assert_eq!((r.oldest_type, r.has_sxxm, r.sbbc_broken_p8, r.deprecated_upto_known()), (300, 0, 1, Some(602)));
    assert_eq!(r.fixed_na_aborts_known(), None);
    let r = ppc_qemu_release_get(ppc_qemu_version(12, 0, 0)).unwrap();
    assert_eq!((r.answered, r.newest_type), (110100, 1101));
    let e = ppc_qemu_release_get(70199).unwrap_err();
    assert_eq!((e.errno(), e.function()), (22, "vcpuchar_ppc_qemu_release_get"));

    let v10 = ppc_qemu_version(10, 0, 13);
    let (k, s) = ppc_machine_deprecated("pseries-7.0", v10).unwrap();
    assert!(k == 1 && s.contains("QEMU 10.0.13 warns") && s.contains("pin pseries-7.1 or newer"), "{} {:?}", k, s);
    assert_eq!(ppc_machine_deprecated("pseries-7.1", v10).unwrap(), (0, String::new()));
    let e = ppc_machine_deprecated("pseries-rhel9.2.0", v10).unwrap_err();
    assert!(e.errno() == 22 && e.message().unwrap().contains("downstream"), "{}", e);
}

#[test]
fn pasted_refusals() {
    let mut c = PpcCaps::init();
    let mut req = PpcRequest::init();
    let e = ppc_machine_line_parse("pseries,CAP-CFPC=broken", &mut req).unwrap_err();
    assert_eq!(e.errno_name(), "EINVAL");
    assert!(e.to_string().contains("CAP-CFPC"), "{}", e);
    assert_eq!(ppc_machine_line_parse("pseries-11.0", &mut req).unwrap_err().errno_name(), "ENOENT");
    assert_eq!(ppc_machine_line_parse("pseries,accel=kvm:tcg", &mut req).unwrap_err().errno_name(), "EINVAL");
    let p = ppc_machine_line_parse("pseries,x-vof=on,accel=tcg", &mut req).unwrap();
    assert_eq!((p.others.as_str(), req.accel), ("x-vof=on", Accel::Tcg as u32));
    // The caps a request already held stay set; the line adds its own.
    req.caps_set = 1 << PpcCap::Ibs as u32;
    let p = ppc_machine_line_parse("pseries,cap-cfpc=fixed", &mut req).unwrap();
    assert_eq!((p.set, req.caps_set), (1 << PpcCap::Cfpc as u32, (1 << PpcCap::Cfpc as u32) | (1 << PpcCap::Ibs as u32)));
    assert_eq!(ppc_libvirt_parse("<cfpc value='fixed'/>", &mut c).unwrap().set, 1 << PpcCap::Cfpc as u32);
    assert_eq!(ppc_libvirt_parse("<features><cfpc value='Broken'/></features>", &mut c).unwrap_err().errno_name(), "EINVAL");
}

#[test]
fn pasted_unknown_type() {
    // A distribution's type: read, answered from all four caps only (ppc.md#unknown-types).
    let mut req = PpcRequest::init();
    ppc_machine_line_parse("pseries-rhel9.2.0,cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround", &mut req).unwrap();
    assert_eq!(req.machine, PpcMachine::DefaultsUnknown as u32);
    // The errno carries the library's reason, as ppc_request_check() gives it.
    let e = ppc_decide(None, &req).unwrap_err();
    assert_eq!(e.errno_name(), "EINVAL");
    assert!(e.message().unwrap().contains("all four caps are needed"), "{}", e);
    assert_eq!(ppc_request_check(&req).unwrap_err().message(), e.message());
    ppc_machine_line_parse("pseries-rhel9.2.0,cap-ccf-assist=on", &mut req).unwrap();
    ppc_request_check(&req).unwrap();
    let r = ppc_decide(None, &req).unwrap();
    assert_eq!(r.effective_caps().ccf_assist, 1, "cap-ccf-assist=on");
    // pseries-12.0 is unknown to the table for QEMU 12.0, and a type QEMU 11.1 never had.
    let mut req = PpcRequest::init();
    req.qemu_version = ppc_qemu_version(12, 0, 0);
    ppc_machine_line_parse("pseries-12.0", &mut req).unwrap();
    assert_eq!(req.machine, PpcMachine::DefaultsUnknown as u32);
    req.qemu_version = ppc_qemu_version(11, 1, 0);
    assert_eq!(ppc_machine_line_parse("pseries-12.0", &mut req).unwrap_err().errno_name(), "EINVAL");
}
