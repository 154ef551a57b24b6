// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// Host facts through the crate: the number rule of profiles and --chars
// (numbers.tsv, as tests/unit/test-profile.c reads it), the explanations of
// conflicts (ppc-explain.tsv, as tests/unit/test-ppc-decide.c), the x86 probe
// of the fixture trees' files (tests/data/x86-hosts/*: the probe options reach
// the library; CPUID is this machine's, which the public probe cannot fake,
// so x86-hosts/*/cpuid.tsv stays with the C suite's private seam), and a
// profile written and read back.
mod common;
use common::*;
use std::fs::File;
use vcpuchar::*;

#[test]
fn number_rule() {
    for r in &tsv("numbers.tsv") {
        let (id, where_, v) = (&r["id"], r["where"].as_str(), r["value"].as_str());
        let refused = r["expect"] == "refused";
        if where_ == "chars" {
            match ppc_host_parse(&format!("{},0x0,0xff40000000000000,0x0", v)) {
                Err(e) if refused => assert!(e.errno() == 22 && e.message().unwrap().contains(v), "{}: {}", id, e),
                Ok(h) if !refused => assert_eq!((h.character, h.valid), (num(&r["expect"]), 1), "{}", id),
                got => panic!("{}: {:?}", id, got.map(|h| h.character)),
            }
            continue;
        }
        let text = match where_ {
            "profile-word" => format!("[ppc]\ncharacter={}\nbehaviour=0x0\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0x0\n", v),
            "profile-bool" => format!("[ppc]\ncharacter=0x0\nbehaviour=0x0\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0x0\npower8={}\n[x86]\nvendor=amd\navic={}\n", v, v),
            "profile-count" => format!("[x86]\nvendor=amd\nhalt_poll_ns={}\n", v),
            _ => format!("[x86]\nvendor=amd\ndisable_exits_allowed={}\n", v),
        };
        match profile_load_data(text.as_bytes()) {
            Err(e) if refused => assert!(e.errno() == 22 && e.message().unwrap().contains(v), "{}: {}", id, e),
            Ok(p) if !refused => {
                let got = match where_ {
                    "profile-word" => p.ppc.character,
                    "profile-bool" => {
                        assert_eq!(p.x86.avic, p.ppc.power8, "{}: [x86] and [ppc] booleans differ", id);
                        p.ppc.power8 as u64
                    }
                    "profile-count" => p.x86.halt_poll_ns,
                    _ => p.x86.disable_exits_allowed as u64,
                };
                assert_eq!(got, num(&r["expect"]), "{}", id);
            }
            got => panic!("{}: {:?}", id, got.map(|_| ()).map_err(|e| e.to_string())),
        }
    }
}

#[test]
fn explanations() {
    for r in &tsv("ppc-explain.tsv") {
        let id = &r["id"];
        let w: Vec<u64> = r["chars"].split(',').map(|x| u64::from_str_radix(x.trim_start_matches("0x"), 16).unwrap()).collect();
        let mut h = PpcHost::from_words(w[0], w[1], w[2], w[3]);
        h.valid = 1;
        let mut q = PpcRequest::init().mode(PpcMode::Caps).machine(ppc_machine_parse(&r["machine"]).unwrap());
        if r["caps"] != "-" {
            let mut caps = PpcCaps::init();
            let set = ppc_caps_parse(&r["caps"], &mut caps).unwrap();
            q = q.caps(caps, set);
        }
        let res = ppc_decide(Some(&h), &q).unwrap();
        let c = res
            .conflicts()
            .filter(|c| ppc_cap_name(PpcCap::from_raw(c.cap).unwrap()) == r["expect_cap"] && c.severity == Some(Severity::Error))
            .last()
            .unwrap_or_else(|| panic!("{}: no error for {}", id, r["expect_cap"]));
        assert!(c.explanation.contains(&r["expect_words"]) && c.explanation.contains("host"), "{}: {:?}", id, c.explanation);
    }
}

fn fixture_u64(root: &str, file: &str) -> Option<u64> {
    std::fs::read_to_string(format!("{}/{}", root, file)).ok().map(|s| s.trim().parse().unwrap())
}

#[test]
fn probe_reads_the_fixture_root() {
    let devnull = File::open("/dev/null").unwrap();
    let dir = format!("{}/x86-hosts", data_dir());
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let root = entry.unwrap().path().to_string_lossy().into_owned();
        let (h, r) = x86_host_probe(&devnull, Some(&ProbeOpts { root: Some(root.clone().into()) }));
        let e = r.unwrap_err();
        if e.errno() == 95 {
            return; // a build for a non-x86 CPU: nothing but files is read, and said so
        }
        assert_eq!(e.errno(), 25, "{}: {}", root, e);
        // The KVM facts carry the fd's errno; the file facts come from the root.
        assert_eq!(h.fact_error(X86Fact::DisableExits), -25, "{}", root);
        let osrelease = std::fs::read_to_string(format!("{}/proc/sys/kernel/osrelease", root)).unwrap();
        assert_eq!(h.kernel_release(), osrelease.trim(), "{}", root);
        assert_eq!(h.has(X86Fact::HaltPollNs), fixture_u64(&root, "sys/module/kvm/parameters/halt_poll_ns").is_some(), "{}", root);
        if let Some(ns) = fixture_u64(&root, "sys/module/kvm/parameters/halt_poll_ns") {
            assert_eq!(h.halt_poll_ns, ns, "{}", root);
        }
        let kvm_amd = std::path::Path::new(&format!("{}/sys/module/kvm_amd", root)).is_dir();
        assert_eq!(h.kvm_amd == 1, kvm_amd, "{}", root);
        assert!(x86_host_describe(&h, X86Fact::KernelRelease).unwrap().contains(osrelease.trim()), "{}", root);
        n += 1;
    }
    assert!(n >= 5, "{} fixture trees", n);
}

#[test]
fn profile_round_trip() {
    let dir = std::env::temp_dir().join(format!("vcpuchar-rust-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("host.profile").to_string_lossy().into_owned();
    let src = format!("{}/../../examples/profiles/amd-zen5-idle-hlt-6.15.profile", data_dir());
    let p = profile_load(&src).unwrap();
    assert_eq!(p.x86.source_kind(), Some(Source::Profile));
    profile_save(&path, None, Some(&p.x86)).unwrap();
    let back = profile_load(&path).unwrap();
    for f in X86Fact::ALL {
        assert_eq!(x86_host_describe(&back.x86, *f).unwrap(), x86_host_describe(&p.x86, *f).unwrap(), "{:?}", f);
    }
    assert_eq!(x86_decide(&back.x86, &x86_vm()).unwrap().iter().collect::<Vec<_>>(), x86_decide(&p.x86, &x86_vm()).unwrap().iter().collect::<Vec<_>>());
    let e = profile_save(dir.to_str().unwrap(), None, Some(&p.x86)).unwrap_err();
    assert_eq!(e.errno(), 21, "{}", e);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn profile_at_a_path_that_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    // Linux file names are bytes: 0xff is no UTF-8, and the C library and the CLI take it.
    let dir = std::env::temp_dir().join(format!("vcpuchar-rust-bytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(std::ffi::OsStr::from_bytes(b"host-\xff.profile"));
    let src = format!("{}/../../examples/profiles/power9-dd2.3-opal.profile", data_dir());
    let p = profile_load(&src).unwrap();
    profile_save(&path, Some(&p.ppc), None).unwrap();
    let back = profile_load(&path).unwrap();
    assert_eq!(ppc_host_to_hcall(&back.ppc).unwrap(), ppc_host_to_hcall(&p.ppc).unwrap());
    let e = profile_load(dir.join(std::ffi::OsStr::from_bytes(b"gone-\xfe"))).unwrap_err();
    assert_eq!(e.errno(), 2, "{}", e);
    std::fs::remove_dir_all(&dir).unwrap();
}
