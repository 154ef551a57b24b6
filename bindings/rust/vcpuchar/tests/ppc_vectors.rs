// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The POWER vector files of tests/data through the crate, checked as the C
// suites check them (tests/unit/test-ppc-*.c): the same R4/R5, levels, guest
// files, migration messages and conflicts.
mod common;
use common::*;
use vcpuchar::*;

#[test]
fn hcall() {
    for r in &tsv("ppc-hcall.tsv") {
        let caps = caps_cols(r, "");
        let (r4, r5) = ppc_caps_to_hcall(&caps).unwrap();
        assert_eq!(r4, num(&r["expect_r4"]), "{}: R4 {:#x}", r["id"], r4);
        assert_eq!(r5, num(&r["expect_r5"]), "{}: R5 {:#x}", r["id"], r5);
    }
}

fn guest_flags(s: &str) -> u32 {
    s.split(',')
        .map(|f| match f {
            "pre-5.14" => sys::VCPUCHAR_PPC_GUEST_LINUX_PRE_5_14,
            "mitigations-off" => sys::VCPUCHAR_PPC_GUEST_MITIGATIONS_OFF,
            "none" => 0,
            _ => panic!("unknown flag {:?}", f),
        })
        .fold(0, |a, b| a | b)
}

fn guest_view_file(name: &str) {
    for r in &tsv(name) {
        let flags = r.get("flags").map_or(0, |f| guest_flags(f));
        let v = ppc_guest_view(num(&r["r4"]), num(&r["r5"]), isa_cpu(&r["guest_isa"]), flags).unwrap();
        for (file, text) in v.files().iter() {
            assert_eq!(text, &r[&format!("expect_{}", file)], "{}: {}", r["id"], file);
        }
    }
}

#[test]
fn guest_view() {
    guest_view_file("ppc-guest-view.tsv");
}

#[test]
fn guest_view_flags() {
    guest_view_file("ppc-guest-view-flags.tsv");
}

#[test]
fn host_levels() {
    for r in &tsv("ppc-host-levels.tsv") {
        let mut h = PpcHost::from_words(num(&r["character"]), num(&r["behaviour"]), num(&r["character_mask"]), num(&r["behaviour_mask"]));
        h.power8 = num(&r["power8_host"]) as u32;
        let (got, info) = ppc_host_levels(Some(&h)).unwrap();
        assert_eq!(info, h.valid == 1, "{}: information", r["id"]);
        assert_eq!(levels(&got), levels(&caps_cols(r, "expect_")), "{}", r["id"]);
    }
}

#[test]
fn migrate() {
    for r in &tsv("ppc-migrate.tsv") {
        let (src, dst) = (caps_list(&r["src_caps"]), caps_list(&r["dst_caps"]));
        let m = ppc_migration_check(&src, &dst).unwrap();
        let joined = |sev: Severity| {
            let v: Vec<String> = m.entries().filter(|e| e.severity == Some(sev)).map(|e| e.message).collect();
            if v.is_empty() { "none".to_string() } else { v.join(";") }
        };
        assert_eq!(m.ok() as u64, num(&r["expect_ok"]), "{}: ok", r["id"]);
        assert_eq!(joined(Severity::Error), r["expect_errors"], "{}: errors", r["id"]);
        assert_eq!(joined(Severity::Warning), r["expect_warnings"], "{}: warnings", r["id"]);
        assert_eq!(m.entries().count() as u32, m.n_errors() + m.n_warnings(), "{}: counts", r["id"]);
        for e in m.entries() {
            let cap = PpcCap::from_raw(e.cap).unwrap();
            let (s, d) = (ppc_caps_get(&src, cap).unwrap(), ppc_caps_get(&dst, cap).unwrap());
            assert_eq!((e.src as u32, e.dst as u32), (s, d), "{}: levels", r["id"]);
            assert_eq!(e.severity, Some(if s > d { Severity::Error } else { Severity::Warning }), "{}", r["id"]);
        }
    }
}

/// Conflicts in the vector file's "cap:severity:field" form (tests/unit/test-ppc-decide.c conflicts_str).
fn conflicts_str(id: &str, res: &PpcResult) -> String {
    let mut out = Vec::new();
    let mut errors = 0;
    for c in res.conflicts() {
        let cap = PpcCap::from_raw(c.cap).unwrap();
        let name = ppc_cap_name(cap);
        let level = |l: u8| ppc_level_name(cap, PpcLevel::from_raw(l as u32).unwrap()).unwrap();
        match c.severity.unwrap() {
            Severity::Error => {
                errors += 1;
                let field = format!("cap-{}={}", name, level(c.host));
                assert_eq!(c.code, Some(PpcConflictCode::AboveHost), "{}", id);
                assert!(c.requested > c.host, "{}: error not above host", id);
                assert_eq!(c.hint, format!("Try appending -machine {}", field), "{}: hint", id);
                out.push(format!("{}:error:{}", name, field));
            }
            Severity::Warning => {
                assert_eq!(c.code, Some(PpcConflictCode::TcgUnsupported), "{}", id);
                assert_eq!(c.message, format!("TCG doesn't support requested feature, cap-{}={}", name, level(c.requested)), "{}", id);
                assert_eq!(c.hint, "", "{}", id);
                out.push(format!("{}:warning:-", name));
            }
            Severity::Info => {
                assert_eq!(c.code, Some(PpcConflictCode::BelowHost), "{}", id);
                assert!(c.requested < c.host, "{}: info not below host", id);
                assert_eq!(c.hint, format!("cap-{}={}", name, level(c.host)), "{}", id);
                assert!(!c.message.is_empty(), "{}", id);
                out.push(format!("{}:info:below-host", name));
            }
        }
    }
    assert_eq!(errors, res.n_errors(), "{}: n_errors", id);
    if out.is_empty() { "none".to_string() } else { out.join(";") }
}

#[test]
fn validate() {
    for r in &tsv("ppc-validate.tsv") {
        let id = &r["id"];
        let (hl, req) = (caps_cols(r, "host_"), caps_cols(r, "req_"));
        let h = host_words(&hl);
        let tcg = r["accel"] == "tcg";
        assert_eq!(levels(&ppc_host_levels(Some(&h)).unwrap().0), levels(&hl), "{}: host words", id);
        for mode in [PpcMode::Caps, PpcMode::HostMax] {
            let q = PpcRequest::init().mode(mode).accel(if tcg { Accel::Tcg } else { Accel::Kvm }).caps(req, 0xf);
            let res = ppc_decide(Some(&h), &q).unwrap();
            assert_eq!(conflicts_str(id, &res), r["expect"], "{} ({:?})", id, mode);
            assert_eq!(levels(&res.effective_caps()), levels(&req), "{}", id);
            if !tcg {
                assert_eq!(levels(&res.host_caps()), levels(&hl), "{}", id);
            }
            assert!(res.conflicts().all(|c| c.flags & sys::VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT == 0), "{}", id);
            // The same answer from decide_ext, whose levels cover every cap.
            let (res2, ext) = ppc_decide_ext(Some(&h), &q).unwrap();
            assert_eq!(res2.hcall(), res.hcall(), "{}", id);
            assert_eq!(ext.effective_levels(), &levels(&req)[..], "{}", id);
            let files: Vec<(String, String)> = ext.files().collect();
            let view: Vec<(String, String)> = res.guest_view().files().iter().map(|(n, t)| (n.to_string(), t.clone())).collect();
            assert_eq!(files, view, "{}: guest files", id);
        }
    }
}

// ppc-migrate-hosts.tsv as tests/unit/test-ppc-migrate-hosts.c checks it: the
// bundled profiles as the hosts, QEMU's start errors in order, the source's
// decision as ppc_decide() gives it there, the destination's levels as ppc_host_levels().
#[test]
fn migrate_hosts() {
    let dir = format!("{}/../../examples/profiles", data_dir());
    let host = |n: &str| profile_load(&format!("{}/{}.profile", dir, n)).unwrap_or_else(|e| panic!("{}: {}", n, e)).ppc;
    for r in &tsv("ppc-migrate-hosts.tsv") {
        let id = &r["id"];
        let (a, b) = (host(&r["src"]), host(&r["dst"]));
        let mut q = PpcRequest::init().mode(if r["mode"] == "caps" { PpcMode::Caps } else { PpcMode::HostMax });
        if r["caps"] != "-" {
            let mut caps = PpcCaps::init();
            let set = ppc_caps_parse(&r["caps"], &mut caps).unwrap();
            q = q.caps(caps, set);
        }
        let (m, ra) = ppc_migrate_hosts(&a, &b, &q).unwrap_or_else(|e| panic!("{}: {}", id, e));
        // The 1.2 successor (options struct) gives the same verdict and source decision.
        let (m2, ra2) = ppc_migrate_hosts_ext(&a, &b, &q).unwrap_or_else(|e| panic!("{}: {}", id, e));
        assert_eq!((m2.ok(), m2.n_errors(), m2.n_warnings(), m2.hcall()), (m.ok(), m.n_errors(), m.n_warnings(), m.hcall()), "{}: ext", id);
        assert_eq!(ra2.map(|x| x.hcall()), ra.as_ref().map(|x| x.hcall()), "{}: ext source", id);
        let want: Vec<&str> = if r["expect_errors"] == "none" { vec![] } else { r["expect_errors"].split(';').collect() };
        assert_eq!(m.ok() as u64, num(&r["expect_ok"]), "{}: ok", id);
        assert_eq!((m.n_errors() as usize, m.n_warnings() as u64), (want.len(), num(&r["expect_warnings"])), "{}", id);
        let errors: Vec<String> = m.entries().filter(|e| e.severity == Some(Severity::Error)).map(|e| e.message).collect();
        assert_eq!(errors.len(), want.len(), "{}", id);
        for (got, w) in errors.iter().zip(&want) {
            assert!(got.contains(w), "{}: {:?} lacks {:?}", id, got, w);
        }
        let alone = ppc_decide(Some(&a), &q).unwrap();
        let ra = ra.unwrap_or_else(|| panic!("{}: no source decision", id));
        assert_eq!((ra.hcall(), m.hcall()), (alone.hcall(), alone.hcall()), "{}: r4/r5", id);
        // The bundled profiles carry no pvr: the source's family reads as POWER9.
        assert_eq!(m.cpu(), Some(PpcCpu::Power9), "{}", id);
        assert_eq!(levels(&m.dst_host_caps()), levels(&ppc_host_levels(Some(&b)).unwrap().0), "{}: dst levels", id);
    }
    // Host mode depends on the boot host: refused with the library's message.
    let p9 = host("power9-dd2.3-opal");
    let e = ppc_migrate_hosts(&p9, &p9, &PpcRequest::init().mode(PpcMode::Host)).unwrap_err();
    assert_eq!((e.errno(), e.function()), (22, "vcpuchar_ppc_migrate_hosts"));
    let e2 = ppc_migrate_hosts_ext(&p9, &p9, &PpcRequest::init().mode(PpcMode::Host)).unwrap_err();
    assert_eq!((e2.errno(), e2.message()), (22, e.message()));
}

// The guest CPUs a host runs: POWER7 up to its family (lib/ppc.md#guest-cpu).
#[test]
fn host_cpus() {
    let mut h = PpcHost::from_words(0, 0, !0, !0);
    h.pvr = 0x004e1202; // POWER9 DD2.2 (Linux arch/powerpc/include/asm/reg.h PVR_POWER9 0x004e)
    let (bits, known) = ppc_host_cpus(Some(&h)).unwrap();
    let cpus: Vec<PpcCpu> = PpcCpu::ALL.iter().copied().filter(|c| bits & 1 << c.raw() != 0).collect();
    assert_eq!((cpus, known), (vec![PpcCpu::Power7, PpcCpu::Power8, PpcCpu::Power9], true));
    // Each is one ppc_host_cpu() accepts; the next is refused.
    assert_eq!(ppc_host_cpu(Some(&h), PpcCpu::Power8).unwrap().0, PpcCpu::Power8);
    assert_eq!(ppc_host_cpu(Some(&h), PpcCpu::Power10).unwrap_err().errno(), 2);
    let (all, known) = ppc_host_cpus(None).unwrap();
    assert!(!known && all & bits == bits && all != bits, "{:#x}", all);
}
