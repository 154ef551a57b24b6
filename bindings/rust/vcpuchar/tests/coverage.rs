// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// Every exported function has a safe wrapper: the names of lib/libvcpuchar.sym
// and the prototypes of include/vcpuchar/*.h must be the same set, and each
// must be called as `sys::NAME(` in the crate's src/. Fails naming each one
// that is missing.
use std::collections::BTreeSet;
use std::fs;

fn root() -> String {
    format!("{}/../../..", env!("CARGO_MANIFEST_DIR"))
}

fn symbols() -> BTreeSet<String> {
    let text = fs::read_to_string(format!("{}/lib/libvcpuchar.sym", root())).unwrap();
    text.lines()
        .map(str::trim)
        .filter_map(|l| l.strip_suffix(';'))
        .filter(|n| n.starts_with("vcpuchar_"))
        .map(String::from)
        .collect()
}

// Declarations start in column 0 with a type: "int vcpuchar_x(" or
// "const char *vcpuchar_y(".
fn prototypes() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for entry in fs::read_dir(format!("{}/include/vcpuchar", root())).unwrap() {
        let text = fs::read_to_string(entry.unwrap().path()).unwrap();
        for line in text.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase())) {
            if let Some(open) = line.find('(') {
                let name = line[..open].rsplit(|c: char| c == ' ' || c == '*').next().unwrap();
                if name.starts_with("vcpuchar_") && !line.starts_with("struct ") && !line.starts_with("enum ") {
                    out.insert(name.to_string());
                }
            }
        }
    }
    out
}

fn crate_source() -> String {
    let dir = format!("{}/src", env!("CARGO_MANIFEST_DIR"));
    fs::read_dir(dir).unwrap().map(|e| fs::read_to_string(e.unwrap().path()).unwrap()).collect()
}

#[test]
fn header_and_symbol_file_agree() {
    let (syms, protos) = (symbols(), prototypes());
    assert!(syms.len() >= 52, "only {} symbols read", syms.len());
    let only_sym: Vec<_> = syms.difference(&protos).collect();
    let only_header: Vec<_> = protos.difference(&syms).collect();
    assert!(only_sym.is_empty() && only_header.is_empty(), "in libvcpuchar.sym only: {:?}; in the headers only: {:?}", only_sym, only_header);
}

#[test]
fn every_exported_function_is_wrapped() {
    let src = crate_source();
    let missing: Vec<String> = symbols().union(&prototypes()).filter(|n| !src.contains(&format!("sys::{}(", n))).cloned().collect();
    assert!(missing.is_empty(), "exported but not wrapped by the vcpuchar crate: {}", missing.join(", "));
}
