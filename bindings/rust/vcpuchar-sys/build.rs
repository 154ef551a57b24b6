// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
// Links libvcpuchar: from VCPUCHAR_LIB_DIR (a build tree's lib/) when set,
// else from the system's library path (libvcpuchar-dev).
fn main() {
    println!("cargo:rerun-if-env-changed=VCPUCHAR_LIB_DIR");
    if let Ok(dir) = std::env::var("VCPUCHAR_LIB_DIR") {
        println!("cargo:rustc-link-search=native={}", dir);
    }
    println!("cargo:rustc-link-lib=dylib=vcpuchar");
}
