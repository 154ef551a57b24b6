#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fetch Debian's own ppc64el qemu-system-ppc64 (the L1 host's VMM) with the
# shared libraries it needs and busybox, into a cache directory.
# Usage: fetch-qemu.sh CACHE_DIR
# Prints the root tree (CACHE_DIR/l1root) on stdout: usr/bin/qemu-system-ppc64,
# its ELF NEEDED closure, lib64/ld64.so.2, bin/busybox and
# usr/share/qemu/{vof.bin,slof.bin}. Exit 77 with a reason when apt cannot
# resolve or download the packages.
set -eu

cache=${1:?usage: fetch-qemu.sh CACHE_DIR}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
root="$cache/l1root"

skip() {
	echo "ppc-nested-e2e: SKIP: $*" >&2
	exit 77
}

# A previous run's tree is reused; delete the cache to refresh it.
if [ -f "$root/.complete" ]; then
	echo "$root"
	exit 0
fi

for t in apt-cache apt-get dpkg-deb powerpc64le-linux-gnu-readelf; do
	command -v "$t" >/dev/null || skip "$t not found (run tests/ppc-e2e/setup.sh as root)"
done
dpkg --print-foreign-architectures | grep -qx ppc64el ||
	skip "the ppc64el architecture is not added: run tests/ppc-e2e/setup.sh"

# Runtime packages only: libraries, QEMU itself, busybox. Virtual packages
# (<...>) and the amd64 side of the closure are left out.
pkgs=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
	--no-replaces --no-enhances qemu-system-ppc:ppc64el busybox-static:ppc64el 2>/dev/null |
	grep -E '^(lib[^ ]*|qemu-system-ppc|qemu-system-common|busybox-static|gcc-12-base|zlib1g):ppc64el$' |
	sort -u)
[ -n "$pkgs" ] || skip "apt-cache cannot resolve qemu-system-ppc:ppc64el (run apt-get update)"

debs="$cache/debs"
mkdir -p "$debs"
cd "$debs"
# qemu-system-data is Architecture: all (vof.bin, slof.bin).
# shellcheck disable=SC2086
apt-get download $pkgs qemu-system-data >&2 2>/dev/null ||
	skip "apt-get download of the ppc64el QEMU packages failed (no network to the archive?)"

full="$cache/full.tmp"
rm -rf "$full" "$root"
mkdir -p "$full"
for d in ./*.deb; do
	dpkg-deb -x "$d" "$full"
done
[ -x "$full/usr/bin/qemu-system-ppc64" ] || skip "the packages hold no usr/bin/qemu-system-ppc64"

# The ELF NEEDED closure of qemu-system-ppc64, found in the unpacked tree.
mkdir -p "$root/usr/bin" "$root/usr/lib/powerpc64le-linux-gnu" "$root/lib64" "$root/bin" "$root/usr/share/qemu"
cp "$full/usr/bin/qemu-system-ppc64" "$root/usr/bin/"
find_lib() {
	for dir in lib/powerpc64le-linux-gnu usr/lib/powerpc64le-linux-gnu; do
		if [ -e "$full/$dir/$1" ]; then
			echo "$full/$dir/$1"
			return 0
		fi
	done
	return 1
}
todo="$root/usr/bin/qemu-system-ppc64"
seen=" "
while [ -n "$todo" ]; do
	next=""
	for f in $todo; do
		for n in $(powerpc64le-linux-gnu-readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			case "$seen" in *" $n "*) continue ;; esac
			seen="$seen$n "
			src=$(find_lib "$n") || { echo "ppc-nested-e2e: $n (needed by $f) is in no package" >&2; exit 1; }
			# cp -L: the packages ship soname symlinks; keep the file under its soname.
			cp -L "$src" "$root/usr/lib/powerpc64le-linux-gnu/$n"
			next="$next $root/usr/lib/powerpc64le-linux-gnu/$n"
		done
	done
	todo=$next
done
cp -L "$full/lib/powerpc64le-linux-gnu/ld64.so.2" "$root/lib64/ld64.so.2"
cp "$full/bin/busybox" "$root/bin/busybox"
cp "$full/usr/share/qemu/vof.bin" "$full/usr/share/qemu/slof.bin" "$root/usr/share/qemu/"
rm -rf "$full"
echo "$(echo "$seen" | wc -w) libraries" >"$root/.complete"
echo "$root"
