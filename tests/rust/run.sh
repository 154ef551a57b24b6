#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The 'rust' suite: bindings/rust built offline with Debian's rustc and cargo
# (apt: rustc cargo librust-pkg-config-dev; not a rustup toolchain), then its
# tests against this build's library, found through pkg-config as a VMM finds
# it: the vector files of tests/data through the safe crate, error cases, and
# the check that every exported function has a safe wrapper a test calls.
# Usage: run.sh SRCDIR BUILDDIR [static]
#   static: the POWER and x86 vector tests linked with libvcpuchar.a (vcpuchar-sys's
#           static feature); skips 77 naming the archive when the build has none.
set -eu
src=$1 build=$2 mode=${3:-shared}
# Debian's own toolchain, by path: a rustup one earlier on PATH is not what CI has.
for tool in cargo rustc; do
	[ -x /usr/bin/$tool ] || { echo "SKIP: /usr/bin/$tool not found (Debian package $tool; tests/setup-debian.sh --all installs it)" >&2; exit 77; }
done
ls -d /usr/share/cargo/registry/pkg-config-0.3.* >/dev/null 2>&1 ||
	{ echo "SKIP: the pkg-config crate is not in /usr/share/cargo/registry (Debian package librust-pkg-config-dev; tests/rust/setup.sh installs it)" >&2; exit 77; }
out=$build/tests/rust
mkdir -p "$out/pkgconfig"
if [ "$mode" = static ] && [ ! -f "$build/lib/libvcpuchar.a" ]; then
	echo "SKIP: $build/lib/libvcpuchar.a not found: this build makes no static archive for the static feature to link" >&2
	exit 77
fi
# The enums are written from the headers by bindings/rust/enums.py: stale is a failure.
python3 "$src/bindings/rust/enums.py" "$out/enums.rs"
cmp -s "$out/enums.rs" "$src/bindings/rust/vcpuchar/src/enums.rs" || {
	echo "FAIL: bindings/rust/vcpuchar/src/enums.rs differs from the headers: run bindings/rust/enums.py" >&2
	diff -u "$src/bindings/rust/vcpuchar/src/enums.rs" "$out/enums.rs" >&2 || true
	exit 1
}
# This build's libvcpuchar.pc: the installed template with this tree's paths.
version=$(sed -n 's/^#define VCPUCHAR_VERSION_STRING "\(.*\)"/\1/p' "$build/include/vcpuchar-version.h")
sed -e "s|@prefix@|$build|; s|@libdir@|$build/lib|; s|@includedir@|$src/include|; s|@VERSION@|$version|" \
	-e 's|@[A-Za-z_]*@||g' "$src/libvcpuchar.pc.in" >"$out/pkgconfig/libvcpuchar.pc"
cd "$src/bindings/rust"
# bindings/rust/.cargo/config.toml: offline, crates only from /usr/share/cargo/registry.
export CARGO_HOME="$out/cargo-home" RUSTC=/usr/bin/rustc RUSTDOC=/usr/bin/rustdoc PKG_CONFIG_PATH="$out/pkgconfig"
unset VCPUCHAR_LIB_DIR
if [ "$mode" = static ]; then
	# A coverage build's archive holds gcov-instrumented objects: the program that links them
	# also links gcov's runtime, as meson's own b_coverage links do (--coverage).
	if grep -q '"name": "b_coverage", "value": true' "$build/meson-info/intro-buildoptions.json" 2>/dev/null; then
		export RUSTFLAGS="${RUSTFLAGS:-} -C link-arg=--coverage"
	fi
	# No LD_LIBRARY_PATH: a test binary that still needed libvcpuchar.so would fail to start.
	# The two vector sets, not every test: the link is what differs (each test costs a build).
	CARGO_TARGET_DIR="$out/target-static" /usr/bin/cargo test --offline --locked --features static \
		--test ppc_vectors --test x86_vectors 2>&1
	for t in "$out"/target-static/debug/deps/*_vectors-*; do
		[ -x "$t" ] || continue
		if ldd "$t" | grep -q libvcpuchar; then echo "FAIL: $t links libvcpuchar.so" >&2; exit 1; fi
	done
	exit 0
fi
CARGO_TARGET_DIR="$out/target" LD_LIBRARY_PATH="$build/lib" /usr/bin/cargo test --offline --locked 2>&1
