// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// Finds libvcpuchar through pkg-config (libvcpuchar.pc of libvcpuchar-dev, or
// of a build tree through PKG_CONFIG_PATH). VCPUCHAR_LIB_DIR=DIR instead links
// from DIR without pkg-config (an uninstalled build's lib/). The `static`
// feature links libvcpuchar.a, and what `pkg-config --static` lists besides.
use std::path::{Path, PathBuf};

fn archive_in(dirs: &[PathBuf]) -> Option<PathBuf> {
    dirs.iter().find(|d| d.join("libvcpuchar.a").is_file()).cloned()
}

fn main() {
    println!("cargo:rerun-if-env-changed=VCPUCHAR_LIB_DIR");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    let statik = std::env::var_os("CARGO_FEATURE_STATIC").is_some();
    if let Ok(dir) = std::env::var("VCPUCHAR_LIB_DIR") {
        if statik && !Path::new(&dir).join("libvcpuchar.a").is_file() {
            panic!("VCPUCHAR_LIB_DIR={}: no libvcpuchar.a there (the static feature links the archive)", dir);
        }
        if statik {
            println!("cargo:rerun-if-changed={}/libvcpuchar.a", dir);
        }
        println!("cargo:rustc-link-search=native={}", dir);
        println!("cargo:rustc-link-lib={}=vcpuchar", if statik { "static" } else { "dylib" });
        return;
    }
    let lib = pkg_config::Config::new()
        .atleast_version("1.2")
        .statik(statik)
        // The static case is printed below: the crate links a system
        // directory's archive dynamically (pkg-config 0.3 is_static_available()).
        .cargo_metadata(!statik)
        .probe("libvcpuchar")
        .unwrap_or_else(|e| {
            panic!("libvcpuchar >= 1.2 not found by pkg-config (apt install libvcpuchar-dev, or set PKG_CONFIG_PATH to the directory of a libvcpuchar.pc, or VCPUCHAR_LIB_DIR to a build's lib/): {}", e)
        });
    if !statik {
        return;
    }
    let mut dirs = lib.link_paths.clone();
    if let Ok(d) = pkg_config::get_variable("libvcpuchar", "libdir") {
        dirs.push(PathBuf::from(d));
    }
    let dir = archive_in(&dirs).unwrap_or_else(|| {
        panic!("the static feature needs libvcpuchar.a, which is in none of {:?} (libvcpuchar.pc's libdir and -L)", dirs)
    });
    // The archive is linked into the program: a new one must relink it (cargo
    // watches only the package's own files otherwise).
    println!("cargo:rerun-if-changed={}", dir.join("libvcpuchar.a").display());
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=static=vcpuchar");
    for p in &lib.link_paths {
        println!("cargo:rustc-link-search=native={}", p.display());
    }
    for l in lib.libs.iter().filter(|l| l.as_str() != "vcpuchar") {
        println!("cargo:rustc-link-lib={}", l);
    }
}
