// SPDX-License-Identifier: LGPL-2.1-or-later
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
        // 2.1-2.12, sxxm, 3.0-3.1, 4.0-10.2 (21), 11.0 (lib/ppc.md#machine-defaults).
        assert_eq!(n_upstream, 12 + 1 + 2 + 21 + 1, "{}", id);
    }
}
