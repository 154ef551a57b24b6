#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fetch Debian's ppc64el kernel package into a cache directory and unpack it.
# Usage: fetch-kernel.sh CACHE_DIR
# Prints the unpacked package directory (CACHE_DIR/kpkg-<ABI>) on stdout.
# Exit 77 with a reason when apt cannot resolve or download it.
set -eu

cache=${1:?usage: fetch-kernel.sh CACHE_DIR}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

skip() {
	echo "ppc e2e: SKIP: $*" >&2
	exit 77
}

# A previous run's unpacked kernel is reused; delete the cache to refresh it.
for d in "$cache"/kpkg-*; do
	if [ -f "$d/.complete" ]; then
		echo "$d"
		exit 0
	fi
done

command -v apt-cache >/dev/null || skip "apt-cache not found (not a Debian system)"
dpkg --print-foreign-architectures | grep -qx ppc64el ||
	skip "the ppc64el architecture is not added: run tests/ppc-e2e/setup.sh"

# The meta package names the current ABI, e.g. linux-image-6.1.0-50-powerpc64le.
resolve() {
	apt-cache show --no-all-versions linux-image-powerpc64le:ppc64el 2>/dev/null |
		sed -n 's/^Depends:.*\(linux-image-[0-9][^ ,]*-powerpc64le\).*/\1/p' | head -n 1
}

cd "$cache"
pkg=$(resolve)
if [ -z "$pkg" ] || ! apt-get download "$pkg:ppc64el" >&2 2>/dev/null; then
	# A stale index may name a package the archive no longer has: refresh once.
	if [ "$(id -u)" = 0 ]; then
		apt-get update >/dev/null 2>&1 || true
	fi
	pkg=$(resolve)
	[ -n "$pkg" ] || skip "apt-cache cannot resolve linux-image-powerpc64le:ppc64el (run apt-get update)"
	apt-get download "$pkg:ppc64el" >&2 2>/dev/null ||
		skip "apt-get download $pkg:ppc64el failed (no network to the archive?)"
fi
deb=$(ls "$pkg"_*_ppc64el.deb)
dir="$cache/kpkg-${pkg#linux-image-}"
rm -rf "$dir" "$dir.tmp"
dpkg-deb -x "$deb" "$dir.tmp"
ls "$dir.tmp"/boot/vmlinux-* >/dev/null 2>&1 || skip "$deb holds no boot/vmlinux-*"
# Keep what the boots use (about 45 MB of 300): the kernel, its config and
# the KVM modules, in the package's own layout.
kvm=$(cd "$dir.tmp" && ls -d lib/modules/*/kernel/arch/powerpc/kvm)
mkdir -p "$dir/$kvm"
mv "$dir.tmp/boot" "$dir/boot"
mv "$dir.tmp/$kvm"/*.ko "$dir/$kvm/"
rm -rf "$dir.tmp" "$deb"
echo "$deb" >"$dir/.complete"
echo "$dir"
