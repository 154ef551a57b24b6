// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// The vector files of tests/data read as the C suites read them
// (tests/unit/tsv.c): a header row, then one row per vector; '#' lines and
// empty lines skipped.
#![allow(dead_code)]
use std::collections::HashMap;
use vcpuchar::*;

pub type Row = HashMap<String, String>;

pub fn data_dir() -> String {
    format!("{}/../../../tests/data", env!("CARGO_MANIFEST_DIR"))
}

pub fn tsv(name: &str) -> Vec<Row> {
    let path = format!("{}/{}", data_dir(), name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path, e));
    let mut lines = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
    let head: Vec<String> = lines.next().unwrap().split('\t').map(String::from).collect();
    let rows: Vec<Row> = lines
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            assert_eq!(cells.len(), head.len(), "{}: row with {} cells: {}", name, cells.len(), l);
            head.iter().cloned().zip(cells.into_iter().map(String::from)).collect()
        })
        .collect();
    assert!(!rows.is_empty(), "{}: no rows", name);
    rows
}

pub fn num(s: &str) -> u64 {
    match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).unwrap_or_else(|_| panic!("bad number {:?}", s)),
        None => s.parse().unwrap_or_else(|_| panic!("bad number {:?}", s)),
    }
}

/// Caps from four level names (cfpc, sbbc, ibs, ccf-assist), through the crate's parser.
pub fn caps4(levels: [&str; 4]) -> PpcCaps {
    let list = format!("cap-cfpc={},cap-sbbc={},cap-ibs={},cap-ccf-assist={}", levels[0], levels[1], levels[2], levels[3]);
    let mut caps = PpcCaps::init();
    assert_eq!(ppc_caps_parse(&list, &mut caps).unwrap_or_else(|e| panic!("{}: {}", list, e)), 0xf);
    caps
}

/// Caps from the columns PREFIXcfpc, PREFIXsbbc, PREFIXibs, PREFIXccf_assist.
pub fn caps_cols(r: &Row, prefix: &str) -> PpcCaps {
    let c = |n: &str| r[&format!("{}{}", prefix, n)].clone();
    caps4([&c("cfpc"), &c("sbbc"), &c("ibs"), &c("ccf_assist")])
}

/// Caps from "cfpc,sbbc,ibs,ccf-assist" level names.
pub fn caps_list(s: &str) -> PpcCaps {
    let v: Vec<&str> = s.split(',').collect();
    caps4([v[0], v[1], v[2], v[3]])
}

pub fn levels(c: &PpcCaps) -> [u8; 4] {
    [c.cfpc, c.sbbc, c.ibs, c.ccf_assist]
}

/// Host words whose levels are `l` (tests/unit/ppc-host-words.h, the same rules).
pub fn host_words(l: &PpcCaps) -> PpcHost {
    let mut c = 0u64;
    let mut b = sys::VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY as u64;
    let mut cm = 0xff40000000000000u64;
    if l.cfpc != PpcLevel::Fixed as u8 {
        b |= sys::VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR;
    }
    if l.cfpc == PpcLevel::Workaround as u8 {
        c |= sys::VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_ORI30 | sys::VCPUCHAR_H_CPU_CHAR_L1D_THREAD_PRIV;
    }
    if l.sbbc != PpcLevel::Fixed as u8 {
        b |= sys::VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR;
    }
    if l.sbbc == PpcLevel::Workaround as u8 {
        c |= sys::VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31 as u64;
    }
    match l.ibs {
        0 => cm &= !sys::VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED,
        1 => b |= sys::VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE,
        2 => c |= sys::VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED,
        3 => c |= sys::VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED,
        _ => {}
    }
    if l.ccf_assist != 0 {
        c |= sys::VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST;
    }
    PpcHost::from_words(c, b, cm, 0xe400000000000000)
}

pub fn isa_cpu(s: &str) -> PpcCpu {
    match s {
        "p7" => PpcCpu::Power7,
        "p8" => PpcCpu::Power8,
        "p9" => PpcCpu::Power9,
        "p10" => PpcCpu::Power10,
        _ => panic!("unknown guest_isa {:?}", s),
    }
}
