#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fetch Debian's own ppc64el qemu-system-ppc64 (the L1 host's VMM) with the
# shared libraries it needs and busybox, into a cache directory.
# Usage: fetch-qemu.sh [--suite SUITE [--fallback SUITE2]] CACHE_DIR
#   --suite  the Debian suite (default: the machine's own apt, bookworm); any
#            other suite is read through a private apt state in CACHE_DIR/apt
#            (tests/e2e-common/apt-private.sh). The whole closure, libc and
#            ld64.so.2 included, comes from that one suite: a trixie QEMU
#            needs trixie's libc (not bookworm's older one).
#   --fallback where the mirror no longer serves a library of SUITE in any
#            version, take that library package from SUITE2 (a newer suite:
#            the same package name is the same soname, and a newer glibc runs
#            older binaries); listed in the tree's .fallback
# Prints the root tree (CACHE_DIR/l1root, or l1root-SUITE) on stdout:
# usr/bin/qemu-system-ppc64, its ELF NEEDED closure, lib64/ld64.so.2,
# bin/busybox, usr/share/qemu/vof.bin (and slof.bin where the suite has it)
# and .version (the qemu-system-ppc package version). Exit 77 with a reason
# naming the package when apt cannot resolve or download the packages.
set -eu

suite=""
fallback=""
while [ $# -gt 1 ]; do
	case "$1" in
	--suite) suite=$2; shift 2 ;;
	--fallback) fallback=$2; shift 2 ;;
	*) break ;;
	esac
done
[ "$suite" = bookworm ] && suite=""
cache=${1:?usage: fetch-qemu.sh [--suite SUITE] CACHE_DIR}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root="$cache/l1root${suite:+-$suite}"
where="the machine's suites"
[ -z "$suite" ] || where=$suite

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
A=""
# apt_private SUITE: the options of a private apt state for SUITE (ppc64el).
apt_private() { "$here/../e2e-common/apt-private.sh" --arch ppc64el --updates "$cache/apt/$1" "$1"; }
if [ -n "$suite" ]; then
	A=$(apt_private "$suite") || skip "$A"
else
	dpkg --print-foreign-architectures | grep -qx ppc64el ||
		skip "the ppc64el architecture is not added: run tests/ppc-e2e/setup.sh"
fi

# Runtime packages only: libraries, QEMU itself, busybox. Virtual packages
# (<...>) and the amd64 side of the closure are left out.
# shellcheck disable=SC2086
# shellcheck disable=SC2086
pkgs=$(apt-cache $A depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
	--no-replaces --no-enhances qemu-system-ppc:ppc64el busybox-static:ppc64el 2>/dev/null |
	grep -E '^(lib[^ ]*|qemu-system-ppc|qemu-system-common|busybox-static|gcc-[0-9]+-base|zlib1g):ppc64el$' |
	sort -u)
[ -n "$pkgs" ] || skip "apt-cache cannot resolve qemu-system-ppc:ppc64el in $where (run apt-get update)"
# shellcheck disable=SC2086
version=$(apt-cache $A show --no-all-versions qemu-system-ppc:ppc64el | sed -n 's/^Version: //p' | head -n 1)

debs="$cache/debs${suite:+-$suite}"
rm -rf "$debs"
mkdir -p "$debs"
cd "$debs"
# qemu-system-data is Architecture: all (vof.bin, slof.bin).
# shellcheck disable=SC2086
if ! apt-get $A download $pkgs qemu-system-data >&2 2>/dev/null; then
	# One at a time, to name the package the archive no longer serves. A
	# library whose version the mirror lost may come in another version of
	# the same suite (its -security or -updates), else, with --fallback, the
	# same package (the same soname) from the fallback suite: noted in
	# .fallback. QEMU and busybox themselves never fall back.
	for p in $pkgs qemu-system-data; do
		ls "${p%:*}"_*.deb >/dev/null 2>&1 && continue
		# shellcheck disable=SC2086
		apt-get $A download "$p" >&2 2>/dev/null && continue
		# shellcheck disable=SC2086
		for v in $(apt-cache $A madison "$p" | awk -F'|' '{gsub(/ /, "", $2); print $2}' | sort -u); do
			apt-get $A download "$p=$v" >&2 2>/dev/null && break
		done
		ls "${p%:*}"_*.deb >/dev/null 2>&1 && continue
		case "$p" in lib* | zlib1g:* | gcc-*-base:*) ;; *) fallback="" ;; esac
		[ -n "$fallback" ] ||
			skip "package $p ($where): the archive no longer serves it (apt-get download failed)"
		F=$(apt_private "$fallback") || skip "$F"
		# shellcheck disable=SC2086
		apt-get $F download "$p" >&2 2>/dev/null ||
			skip "package $p ($where, nor $fallback): the archive no longer serves it (apt-get download failed)"
		echo "$(ls "${p%:*}"_*.deb) from $fallback" >>fallback.txt
	done
fi

full="$cache/full${suite:+-$suite}.tmp"
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
# The loader of the same suite (merged /usr keeps it under usr/lib).
ld=$(find_lib ld64.so.2) || skip "no ld64.so.2 in the libc6 package of $where"
cp -L "$ld" "$root/lib64/ld64.so.2"
for b in bin/busybox usr/bin/busybox; do
	[ -f "$full/$b" ] && cp "$full/$b" "$root/bin/busybox"
done
[ -f "$root/bin/busybox" ] || skip "busybox-static ($where) holds no busybox"
# VOF is what the tier boots with (x-vof=on); SLOF is kept where it is there.
cp "$full/usr/share/qemu/vof.bin" "$root/usr/share/qemu/"
[ ! -f "$full/usr/share/qemu/slof.bin" ] || cp "$full/usr/share/qemu/slof.bin" "$root/usr/share/qemu/"
echo "$version" >"$root/.version"
if [ -f fallback.txt ]; then cp fallback.txt "$root/.fallback"; else rm -f "$root/.fallback"; fi
rm -rf "$full"
echo "$(echo "$seen" | wc -w) libraries" >"$root/.complete"
echo "$root"
