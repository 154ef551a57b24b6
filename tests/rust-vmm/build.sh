#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Builds examples/rust-vmm offline and prints the binary's path on stdout.
# The rust-vmm crates (kvm-ioctls 0.19, kvm-bindings 0.10, vmm-sys-util and
# their dependencies) come from Debian 13's librust-*-dev packages, and a
# Rust >= 1.77 (kvm-ioctls 0.19 uses C-string literals) from Debian 12's
# rustc-web/cargo-web; both are downloaded through private apt states
# (tests/e2e-common/apt-private.sh) and unpacked under CACHE, never
# installed: rustc-web conflicts with Debian's rustc 1.63, which the 'rust'
# suite builds with. Exit 77 naming what is missing when a package cannot be
# had. Usage: build.sh SRCDIR BUILDDIR CACHE
set -eu
src=$1 build=$2 cache=$3
common=$src/tests/e2e-common
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
root=$cache/root

# Download the packages matching KEEP (an awk regex) of PKG's closure from
# SUITE and unpack them under $root, once per cache and list (root/.SUITE.PKGS). STATUS is
# the dpkg status the closure is computed against: the machine's (only what
# it lacks) or an empty one (everything, whatever the machine has).
fetch() {
	suite=$1 keep=$2 status=$3
	shift 3
	# One mark per suite and package list: a list that grows fetches again.
	mark=$root/.$suite.$(echo "$*" | tr ' ' '+')
	[ -f "$mark" ] && return 0
	# A stable suite with its -security suite (bookworm's rustc-web is updated there).
	case $suite in
	trixie) opts=$(sh "$common/apt-private.sh" "$cache/apt-$suite" "$suite") ;;
	*) opts=$(sh "$common/apt-private.sh" --updates "$cache/apt-$suite" "$suite") ;;
	esac || { echo "SKIP: $opts" >&2; exit 77; }
	# shellcheck disable=SC2086
	list=$(apt-get $opts -o Dir::State::status="$status" -s install --no-install-recommends "$@" 2>&1) || {
		echo "SKIP: $suite does not serve $* ($(echo "$list" | grep -m1 '^E:'))" >&2
		exit 77
	}
	debs=$(echo "$list" | awk -v k="$keep" '/^Inst / && $2 ~ k {print $2}')
	mkdir -p "$cache/debs-$suite"
	# shellcheck disable=SC2086
	(cd "$cache/debs-$suite" && apt-get $opts download $debs >download.log 2>&1) || {
		echo "SKIP: downloading $debs from $suite failed (see $cache/debs-$suite/download.log)" >&2
		exit 77
	}
	for f in "$cache/debs-$suite"/*.deb; do dpkg-deb -x "$f" "$root"; done
	rm -f "$cache/debs-$suite"/*.deb # unpacked: only the tree is kept
	touch "$mark"
}

# Every crate of the closure, whatever this machine has installed; the
# compiler with what this machine lacks of its libraries (libLLVM, its std).
: >"$cache/empty-status"
# pkg-config: the build dependency of vcpuchar-sys.
fetch trixie '^librust-' "$cache/empty-status" librust-kvm-ioctls-dev librust-pkg-config-dev
fetch bookworm . /var/lib/dpkg/status rustc-web cargo-web
for c in kvm-ioctls kvm-bindings vmm-sys-util libc pkg-config; do
	ls -d "$root"/usr/share/cargo/registry/$c-* >/dev/null 2>&1 ||
		{ echo "SKIP: crate $c missing from the unpacked Debian packages in $root" >&2; exit 77; }
done

export LD_LIBRARY_PATH="$root/usr/lib/x86_64-linux-gnu"
cargo=$root/usr/bin/cargo
"$root/usr/bin/rustc" --version >&2 || { echo "SKIP: the unpacked rustc-web does not run (see above)" >&2; exit 77; }
out=$build/tests/rust-vmm
mkdir -p "$out/cargo-home"
# The unpacked crates as crates.io, offline (lockfiles from it fit nothing else).
cat >"$out/cargo-home/config.toml" <<TOML
[source.crates-io]
replace-with = "debian-packages"
[source.debian-packages]
directory = "$root/usr/share/cargo/registry"
[net]
offline = true
TOML
# A copy of the project, so that its Cargo.lock stays out of the source tree.
mkdir -p "$out/project"
cp -R "$src/examples/rust-vmm/src" "$out/project/"
sed "s,\"\.\./\.\./bindings/,\"$src/bindings/," "$src/examples/rust-vmm/Cargo.toml" >"$out/project/Cargo.toml"
cd "$out/project"
# Without a warning (as -Dwerror=true for the C code); the build tree's library by
# RPATH, as meson links hlt-vmm (also inside the emulated hosts).
CARGO_HOME=$out/cargo-home CARGO_TARGET_DIR=$out/target RUSTC=$root/usr/bin/rustc \
	RUSTFLAGS="-D warnings -C link-arg=-Wl,-rpath,$build/lib" VCPUCHAR_LIB_DIR=$build/lib "$cargo" build --offline --release >"$out/cargo.log" 2>&1 ||
	{ cat "$out/cargo.log" >&2; exit 1; }
echo "$out/target/release/rust-hlt-vmm"
