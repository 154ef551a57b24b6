// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The start verdict through the crate, as tests/unit/test-ppc-start.c checks
// it: QEMU 7.2's hw/ppc/spapr.c (each machine type's defaults) and
// hw/ppc/spapr_caps.c cap_*_apply() (what KVM refuses); lib/ppc.md#start.
mod common;
use common::*;
use vcpuchar::*;

/// A POWER9 KVM-HV host: every Spectre cap at workaround (ccf-assist on),
/// the start facts `facts` read out of every fact, `page_size`-byte pages.
fn p9_host(facts: u32, page_size: u32) -> PpcHost {
    let mut h = host_words(&caps4(["workaround", "workaround", "workaround", "on"]));
    h.pvr = 0x004e1202;
    h.facts_read = sys::VCPUCHAR_PPC_FACT_ALL;
    h.facts = facts;
    h.page_size = page_size;
    h.dec_bits = if facts & sys::VCPUCHAR_PPC_FACT_DEC_BITS != 0 { 56 } else { 0 };
    h
}

fn kvm(machine: PpcMachine) -> PpcRequest {
    PpcRequest::init().accel(Accel::Kvm).machine(machine)
}

fn entry(s: &PpcStart, cap: PpcStartCap) -> PpcStartEntry {
    s.entries().find(|e| e.start_cap() == Some(cap)).unwrap_or_else(|| panic!("no entry for {:?}", cap))
}

#[test]
fn every_cap_in_order_and_starting() {
    let s = ppc_start_check(Some(&p9_host(sys::VCPUCHAR_PPC_FACT_ALL, 65536)), &kvm(PpcMachine::Pseries)).unwrap();
    let names: Vec<String> = s.entries().map(|e| e.name).collect();
    assert_eq!(names, ["cfpc", "sbbc", "ibs", "ccf-assist", "htm", "hpt-max-page-size", "nested-hv", "large-decr", "fwnmi", "ail-mode-3"]);
    for (i, e) in s.entries().enumerate() {
        assert_eq!(e.cap, i as u32);
        assert_eq!(e.verdict, Some(PpcVerdict::Starts), "{}: {}", e.name, e.reason);
        assert_eq!(e.spectre_cap().is_some(), i < 4, "{}", e.name);
    }
    assert_eq!((s.n_refused(), s.n_unknown(), s.paste()), (0, 0, String::new()));
    // pseries-5.0 and later: fwnmi on, large-decr on (POWER9), 64 KiB pages, htm and nested-hv off.
    let lv = |c| entry(&s, c).level;
    assert_eq!([lv(PpcStartCap::Fwnmi), lv(PpcStartCap::LargeDecr), lv(PpcStartCap::HptMaxPageSize)], [1, 1, 16]);
    assert_eq!([lv(PpcStartCap::Htm), lv(PpcStartCap::NestedHv)], [0, 0]);
}

#[test]
fn refusals_and_their_paste() {
    // Debian's 4 KiB-page ppc64el kernel under KVM-HV refuses 64 KiB guest pages.
    let s = ppc_start_check(Some(&p9_host(sys::VCPUCHAR_PPC_FACT_ALL, 4096)), &kvm(PpcMachine::Pseries)).unwrap();
    let e = entry(&s, PpcStartCap::HptMaxPageSize);
    assert_eq!(e.verdict, Some(PpcVerdict::Refused));
    assert_eq!(e.fix, "cap-hpt-max-page-size=4k");
    assert!(e.reason.contains("Can't support 64 kiB guest pages with 4 kiB host pages"), "{}", e.reason);
    assert_eq!((s.n_refused(), s.paste()), (1, "cap-hpt-max-page-size=4k".to_string()));
    // And a kernel without KVM_CAP_PPC_FWNMI: both fixes, in cap order.
    let facts = sys::VCPUCHAR_PPC_FACT_ALL & !sys::VCPUCHAR_PPC_FACT_FWNMI;
    let s = ppc_start_check(Some(&p9_host(facts, 4096)), &kvm(PpcMachine::Pseries)).unwrap();
    assert!(entry(&s, PpcStartCap::Fwnmi).reason.contains("(FWNMI) not supported by KVM"));
    assert_eq!((s.n_refused(), s.paste()), (2, "cap-hpt-max-page-size=4k,cap-fwnmi=off".to_string()));
    // pseries-4.2 and older keep fwnmi off (spapr_machine_4_2_class_options()): nothing to refuse.
    let s = ppc_start_check(Some(&p9_host(facts, 65536)), &kvm(PpcMachine::Pseries4)).unwrap();
    assert_eq!((entry(&s, PpcStartCap::Fwnmi).level, s.n_refused()), (0, 0));
}

#[test]
fn unknown_facts_paste_nothing() {
    let mut h = p9_host(0, 0);
    h.facts_read = 0;
    let s = ppc_start_check(Some(&h), &kvm(PpcMachine::Pseries)).unwrap();
    let unknown: Vec<String> = s.entries().filter(|e| e.verdict == Some(PpcVerdict::Unknown)).map(|e| e.name).collect();
    assert_eq!(unknown, ["hpt-max-page-size", "large-decr", "fwnmi"]);
    assert_eq!(entry(&s, PpcStartCap::Fwnmi).fix, "cap-fwnmi=off");
    assert_eq!((s.n_unknown(), s.n_refused(), s.paste()), (3, 0, String::new()));
}

#[test]
fn spectre_refusal_is_the_decisions() {
    // The host has cfpc=workaround; fixed is above it: vcpuchar_ppc_decide()'s ERROR.
    let q = kvm(PpcMachine::Pseries).mode(PpcMode::Caps).cap(PpcCap::Cfpc, PpcLevel::Fixed);
    let h = p9_host(sys::VCPUCHAR_PPC_FACT_ALL, 65536);
    assert_eq!(ppc_decide(Some(&h), &q).unwrap().n_errors(), 1);
    let s = ppc_start_check(Some(&h), &q).unwrap();
    let e = s.entries().next().unwrap();
    assert_eq!((e.spectre_cap(), e.verdict, e.level), (Some(PpcCap::Cfpc), Some(PpcVerdict::Refused), PpcLevel::Fixed.raw()));
    assert!(e.reason.contains("safe cache capability"), "{}", e.reason);
    // The decision's caps are the fix, not an addition to paste.
    assert_eq!((s.n_refused(), s.paste()), (1, String::new()));
    // A request the decision refuses is the same error here.
    let bad = kvm(PpcMachine::Pseries).mode(PpcMode::Host);
    let (d, c) = (ppc_decide(None, &bad).unwrap_err(), ppc_start_check(None, &bad).unwrap_err());
    assert_eq!((c.errno(), c.function()), (d.errno(), "vcpuchar_ppc_start_check"));
}

#[test]
fn exact_type_and_library_rules_of_1_3() {
    // pseries-3.1 on a 4 KiB-page KVM-HV host under 7.2: refused for the type, unknown for the class.
    let h = p9_host(sys::VCPUCHAR_PPC_FACT_ALL, 4096);
    let r = kvm(PpcMachine::Pseries31);
    let s = ppc_start_check_type(Some(&h), &r, "pseries-3.1").unwrap();
    assert_eq!(entry(&s, PpcStartCap::HptMaxPageSize).verdict, Some(PpcVerdict::Refused));
    assert_eq!(s.paste(), "cap-hpt-max-page-size=4k");
    let s = ppc_start_check(Some(&h), &r).unwrap();
    assert_eq!(entry(&s, PpcStartCap::HptMaxPageSize).verdict, Some(PpcVerdict::Unknown));
    assert_eq!(ppc_start_check_type(Some(&h), &r, "pseries-5.0").unwrap_err().errno(), 22);

    // A cap in both texts of one request: EEXIST, nothing changed.
    let mut caps = caps4(["workaround", "workaround", "workaround", "on"]);
    let mut set = 1u32 << PpcCap::Sbbc as u32;
    let more = caps4(["broken", "broken", "fixed-ccd", "off"]);
    ppc_caps_merge(&mut caps, &mut set, &more, 1 << PpcCap::Ibs as u32).unwrap();
    assert_eq!((set, levels(&caps)), (0b110, [1, 1, 3, 1]));
    let e = ppc_caps_merge(&mut caps, &mut set, &more, 1 << PpcCap::Ibs as u32).unwrap_err();
    assert_eq!((e.errno(), e.message()), (17, Some("cap-ibs is given in both; give it once")));
    // The start caps' side: a fragment's <htm> and the line's cap-htm.
    let (mut sset, mut slevels, mut more_levels) = (0u32, [0u32; 16], [0u32; 16]);
    more_levels[PpcStartCap::Htm as usize] = 1;
    let htm = 1u32 << PpcStartCap::Htm as u32;
    ppc_start_merge(&mut sset, &mut slevels, htm, &more_levels).unwrap();
    assert_eq!((sset, slevels[PpcStartCap::Htm as usize]), (htm, 1));
    let e = ppc_start_merge(&mut sset, &mut slevels, htm, &more_levels).unwrap_err();
    assert_eq!((e.errno(), e.message()), (17, Some("cap-htm is given in both; give it once")));

    // A migrate LIST: 10.0's newest pseries defaults (sbbc broken) under what it names.
    let (c, others) = ppc_migrate_caps_parse("cap-ibs=fixed-ccd", ppc_qemu_version(10, 0, 0)).unwrap();
    assert_eq!((levels(&c), others.as_str()), ([1, 0, 3, 1], ""));
    let (c, _) = ppc_migrate_caps_parse("broken,fixed,fixed-ibs,off", 0).unwrap();
    assert_eq!(levels(&c), [0, 2, 2, 0]);
    assert_eq!(ppc_migrate_caps_parse("broken,fixed", 0).unwrap_err().errno(), 22);

    // A fleet's warnings: the caps' own first, then one per host.
    let a = host_words(&caps4(["workaround", "workaround", "workaround", "on"]));
    let b = host_words(&caps4(["broken", "broken", "broken", "off"]));
    let req = PpcRequest::init().machine(PpcMachine::Pseries);
    let base = caps4(["broken", "broken", "broken", "off"]);
    let w = ppc_fleet_warnings(&[&a, &b], &req, &base).unwrap();
    assert_eq!(w.len(), 3);
}
