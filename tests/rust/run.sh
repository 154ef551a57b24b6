#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The 'rust' suite: bindings/rust built offline with Debian's rustc and cargo
# (apt: rustc cargo; not a rustup toolchain), then its tests, which drive the
# shared vectors of tests/data through Rust against this build's library.
# Usage: run.sh SRCDIR BUILDDIR
set -eu
src=$1 build=$2
# Debian's own toolchain, by path: a rustup one earlier on PATH is not what CI has.
for tool in cargo rustc; do
	[ -x /usr/bin/$tool ] || { echo "SKIP: /usr/bin/$tool not found (Debian package $tool; tests/setup-debian.sh --all installs it)" >&2; exit 77; }
done
out=$build/tests/rust
mkdir -p "$out"
cd "$src/bindings/rust"
# bindings/rust/.cargo/config.toml: offline, crates only from /usr/share/cargo/registry.
CARGO_HOME=$out/cargo-home CARGO_TARGET_DIR=$out/target RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc \
	VCPUCHAR_LIB_DIR=$build/lib LD_LIBRARY_PATH=$build/lib \
	/usr/bin/cargo test --offline --locked 2>&1
