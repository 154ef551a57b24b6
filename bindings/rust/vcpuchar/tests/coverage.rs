// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// Every exported function has a safe wrapper that a test calls: the names of
// lib/libvcpuchar.sym and the prototypes of include/vcpuchar/*.h must be the
// same set; the crate's src/ is read into its functions (name, visibility,
// body) to find, for each exported NAME, the public safe functions whose
// body calls `sys::NAME(`, directly or through the crate's private helpers;
// and the tests' text (comments and string literals left out) must call at
// least one of them. Every public wrapper of an exported function must be
// called by a test as well. Fails naming each function that is missing.
//
// Public: `pub fn` (not `pub(crate)`) or a method of a trait impl
// (`impl Trait for Type`: the crate's extension traits). A call in a test:
// the wrapper's name as a word that is not a definition (`fn NAME`). Names
// are not resolved to types: a method is called when a test names a method
// of that name (the crate's wrapper names are mostly unique; a test of the
// parser below pins what is read).
use std::collections::{BTreeMap, BTreeSet};
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

fn rs_files(dir: &str) -> Vec<String> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(rs_files(p.to_str().unwrap()));
        } else if p.extension().map_or(false, |x| x == "rs") {
            out.push(fs::read_to_string(&p).unwrap());
        }
    }
    out
}

/// @text with comments and the contents of string and char literals blanked
/// (same length, so positions stay), braces inside them included.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in out.iter_mut().take(to).skip(from) {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let end = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |n| i + n);
            blank(&mut out, i, end);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(b.len(), |n| i + 2 + n + 2);
            blank(&mut out, i, end);
            i = end;
        } else if b[i] == b'r' && (b[i + 1..].starts_with(b"\"") || b[i + 1..].starts_with(b"#\"")) && (i == 0 || !b[i - 1].is_ascii_alphanumeric() && b[i - 1] != b'_') {
            // r"..." or r#"..."#
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let start = i + 2 + hashes;
            let end = text[start..].find(&close).map_or(b.len(), |n| start + n + close.len());
            blank(&mut out, start, end - close.len());
            i = end;
        } else if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            blank(&mut out, i + 1, j.min(b.len()));
            i = j + 1;
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let len = if b.get(i + 1) == Some(&b'\\') { b[i + 2..].iter().position(|&c| c == b'\'').map(|n| n + 3) } else if b.get(i + 2) == Some(&b'\'') { Some(3) } else { None };
            match len {
                Some(n) => {
                    blank(&mut out, i + 1, i + n - 1);
                    i += n;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// The end (index after the '}') of the block whose '{' is at @open.
fn block_end(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (k, c) in code[open..].bytes().enumerate() {
        match c {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return open + k + 1;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// Positions of @word as a whole word in @code.
fn words<'a>(code: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    code.match_indices(word).map(|(i, _)| i).filter(move |&i| {
        let b = code.as_bytes();
        (i == 0 || !is_ident(b[i - 1])) && b.get(i + word.len()).map_or(true, |&c| !is_ident(c))
    })
}

struct Func {
    name: String,
    public: bool,
    body: String,
}

/// The functions with a body in one source file.
fn functions(code: &str) -> Vec<Func> {
    // Trait impls: their methods are public through the (public) trait.
    let mut trait_impls = Vec::new();
    for i in words(code, "impl") {
        if let Some(open) = code[i..].find('{').map(|n| i + n) {
            let header = &code[i..open];
            if words(header, "for").next().is_some() && !header.contains(';') {
                trait_impls.push((open, block_end(code, open)));
            }
        }
    }
    let mut out = Vec::new();
    for i in words(code, "fn") {
        let rest = &code[i + 2..];
        let name: String = rest.trim_start().bytes().take_while(|&c| is_ident(c)).map(char::from).collect();
        if name.is_empty() {
            continue; // a fn pointer type
        }
        // The body's '{' before any ';' (a declaration in a trait has none).
        let (open, semi) = (code[i..].find('{').map(|n| i + n), code[i..].find(';').map(|n| i + n));
        let open = match (open, semi) {
            (Some(o), Some(s)) if s < o => continue,
            (Some(o), _) => o,
            _ => continue,
        };
        let line_start = code[..i].rfind('\n').map_or(0, |n| n + 1);
        let before = &code[line_start..i];
        let is_pub = words(before, "pub").next().is_some() && !before.contains("pub(");
        let in_trait_impl = trait_impls.iter().any(|&(o, e)| i > o && i < e);
        let unsafe_fn = words(before, "unsafe").next().is_some();
        out.push(Func { name, public: (is_pub || in_trait_impl) && !unsafe_fn, body: code[open..block_end(code, open)].to_string() });
    }
    out
}

struct Crate {
    funcs: Vec<Func>,
    // NAME -> the public functions reaching sys::NAME(
    wrappers: BTreeMap<String, BTreeSet<String>>,
}

fn read_crate(exported: &BTreeSet<String>) -> Crate {
    let dir = format!("{}/src", env!("CARGO_MANIFEST_DIR"));
    let funcs: Vec<Func> = rs_files(&dir).iter().flat_map(|t| functions(&code_only(t))).collect();
    // reach[f]: the exported functions f's body calls, directly or through
    // the crate's private functions (a fixpoint over the call graph).
    let private: BTreeSet<&str> = funcs.iter().filter(|f| !f.public).map(|f| f.name.as_str()).collect();
    let mut reach: Vec<BTreeSet<String>> = funcs
        .iter()
        .map(|f| exported.iter().filter(|n| f.body.contains(&format!("sys::{}(", n))).cloned().collect())
        .collect();
    loop {
        let mut changed = false;
        for (k, f) in funcs.iter().enumerate() {
            for (m, g) in funcs.iter().enumerate() {
                if m != k && private.contains(g.name.as_str()) && !g.public && words(&f.body, &g.name).next().is_some() {
                    let add: Vec<String> = reach[m].difference(&reach[k]).cloned().collect();
                    if !add.is_empty() {
                        reach[k].extend(add);
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mut wrappers: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (k, f) in funcs.iter().enumerate().filter(|(_, f)| f.public) {
        for n in &reach[k] {
            wrappers.entry(n.clone()).or_default().insert(f.name.clone());
        }
    }
    Crate { funcs, wrappers }
}

/// The tests' code (this directory, comments and strings left out).
fn test_code() -> String {
    rs_files(&format!("{}/tests", env!("CARGO_MANIFEST_DIR"))).iter().map(|t| code_only(t)).collect::<Vec<_>>().join("\n")
}

fn called(tests: &str, name: &str) -> bool {
    words(tests, name).any(|i| !tests[..i].trim_end().ends_with("fn"))
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
fn the_reader_finds_what_is_there() {
    // The parser itself, on a known shape: a public wrapper through a private
    // helper, a trait impl's method, a private function, strings and comments.
    let src = r#"
pub fn outer(x: u32) -> u32 { helper(x) + 1 } // sys::vcpuchar_not_this(
fn helper(x: u32) -> u32 { let s = "}{ sys::vcpuchar_nor_this("; let c = '{'; unsafe { sys::vcpuchar_a(x) } }
impl Ext for Thing { fn method(&self) -> u8 { unsafe { sys::vcpuchar_b() } } }
pub(crate) fn internal() { unsafe { sys::vcpuchar_c() } }
pub trait Ext { fn method(&self) -> u8; }
"#;
    let f = functions(&code_only(src));
    let names: Vec<(&str, bool)> = f.iter().map(|f| (f.name.as_str(), f.public)).collect();
    assert_eq!(names, vec![("outer", true), ("helper", false), ("method", true), ("internal", false)]);
    assert!(f[1].body.contains("sys::vcpuchar_a(") && !f[1].body.contains("nor_this") && !f[0].body.contains("not_this"));
    let t = code_only("fn outer_test() { assert_eq!(outer(1), 2, \"method\"); } // internal(");
    assert!(called(&t, "outer") && !called(&t, "method") && !called(&t, "internal") && !called(&t, "outer_test"));
}

#[test]
fn every_exported_function_has_a_wrapper_a_test_calls() {
    let exported: BTreeSet<String> = symbols().union(&prototypes()).cloned().collect();
    let c = read_crate(&exported);
    assert!(c.funcs.len() > 100, "only {} functions read from the crate's src/", c.funcs.len());
    let tests = test_code();
    let unwrapped: Vec<&String> = exported.iter().filter(|n| !c.wrappers.contains_key(*n)).collect();
    let untested: Vec<String> = c
        .wrappers
        .iter()
        .filter(|(_, w)| !w.iter().any(|f| called(&tests, f)))
        .map(|(n, w)| format!("{} (wrapped by {})", n, w.iter().cloned().collect::<Vec<_>>().join(", ")))
        .collect();
    assert!(unwrapped.is_empty(), "exported but called by no public safe function of the vcpuchar crate: {:?}", unwrapped);
    assert!(untested.is_empty(), "exported functions no test reaches through a wrapper: {}", untested.join("; "));
}

#[test]
fn every_wrapper_is_called_by_a_test() {
    let exported: BTreeSet<String> = symbols().union(&prototypes()).cloned().collect();
    let c = read_crate(&exported);
    let tests = test_code();
    let all: BTreeSet<&String> = c.wrappers.values().flatten().collect();
    let never: Vec<&&String> = all.iter().filter(|f| !called(&tests, f)).collect();
    assert!(never.is_empty(), "public wrappers of the library no test calls: {:?}", never);
}
