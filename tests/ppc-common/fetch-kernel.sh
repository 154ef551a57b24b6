#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fetch one of Debian's ppc64el kernel packages into a cache directory and unpack it.
# Usage: fetch-kernel.sh [--suite SUITE] [--meta PACKAGE] CACHE_DIR
#   --suite  the Debian suite (default: the machine's own apt, bookworm); any
#            other suite is read through a private apt state in CACHE_DIR/apt
#            (tests/e2e-common/apt-private.sh), the machine's apt stays as it is
#   --meta   the meta package naming the kernel (default linux-image-powerpc64le;
#            e.g. linux-image-6.12-powerpc64le in bookworm)
# Prints the unpacked package directory (CACHE_DIR/kpkg-<ABI>) on stdout: boot/
# (vmlinux, config) and lib/modules/<release>/kernel/arch/powerpc/kvm/*.ko,
# uncompressed, whether the package keeps them under lib/ or usr/lib/ (merged
# /usr, Debian 13 on) and compressed or not.
# Exit 77 with a reason naming the package when apt cannot resolve or download it.
set -eu

suite=""
meta=linux-image-powerpc64le
while [ $# -gt 1 ]; do
	case "$1" in
	--suite) suite=$2; shift 2 ;;
	--meta) meta=$2; shift 2 ;;
	*) break ;;
	esac
done
cache=${1:?usage: fetch-kernel.sh [--suite SUITE] [--meta PACKAGE] CACHE_DIR}
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
here=$(cd "$(dirname "$0")" && pwd)

skip() {
	echo "ppc e2e: SKIP: $*" >&2
	exit 77
}

# A previous run's unpacked kernel for this suite and meta package is reused;
# delete the cache to refresh it.
key="$cache/${suite:-default}-$meta.dir"
if [ -f "$key" ] && [ -f "$(cat "$key")/.complete" ]; then
	cat "$key"
	exit 0
fi

command -v apt-cache >/dev/null || skip "apt-cache not found (not a Debian system)"
A=""
apt_private() { "$here/../e2e-common/apt-private.sh" --arch ppc64el --updates "$cache/apt/$suite" "$suite"; }
if [ -n "$suite" ] && [ "$suite" != bookworm ]; then
	A=$(apt_private) || skip "$A"
else
	dpkg --print-foreign-architectures | grep -qx ppc64el ||
		skip "the ppc64el architecture is not added: run tests/ppc-e2e/setup.sh"
fi
where="the machine's suites"
[ -z "$suite" ] || where=$suite

# The meta package names the current ABI, e.g. linux-image-6.1.0-50-powerpc64le.
resolve() {
	# shellcheck disable=SC2086
	apt-cache $A show --no-all-versions "$meta:ppc64el" 2>/dev/null |
		sed -n 's/^Depends:.*\(linux-image-[0-9][^ ,]*-powerpc64le[^ ,]*\).*/\1/p' | head -n 1
}

cd "$cache"
pkg=$(resolve)
# shellcheck disable=SC2086
if [ -z "$pkg" ] || ! apt-get $A download "$pkg:ppc64el" >&2 2>/dev/null; then
	# A stale index may name a package the archive no longer has: refresh once.
	if [ -n "$A" ]; then
		rm -f "$cache/apt/$suite"/updated-*
		A=$(apt_private) || skip "$A"
		note=$(cat "$cache/apt/$suite/update.verdict" 2>/dev/null || true)
	elif [ "$(id -u)" = 0 ]; then
		# shellcheck source=tests/e2e-common/apt-update.sh
		. "$here/../e2e-common/apt-update.sh"
		note=$(apt_update "$cache/apt-update.log" apt-get)
	fi
	pkg=$(resolve)
	# An index that failed to download (a mirror mid-sync) is named: it is why.
	case ${note:-ok} in
	ok) note="run apt-get update" ;;
	*) note="apt-get update: $note" ;;
	esac
	[ -n "$pkg" ] || skip "apt-cache cannot resolve $meta:ppc64el in $where ($note)"
	# shellcheck disable=SC2086
	apt-get $A download "$pkg:ppc64el" >&2 2>/dev/null ||
		skip "package $pkg:ppc64el ($where): the archive no longer serves it (apt-get download failed)"
fi
deb=$(ls "$pkg"_*_ppc64el.deb)
# Debian 14 (sid) splits the image package: linux-binary-<ABI> holds the
# kernel, linux-modules-<ABI> the modules, linux-base-<ABI> the config.
# shellcheck disable=SC2086
parts=$(apt-cache $A show --no-all-versions "$pkg:ppc64el" 2>/dev/null | sed -n 's/^Depends: //p' | tr ',' '\n' |
	sed -n "s/^ *\(linux-\(binary\|modules\|base\)-${pkg#linux-image-}\)\( .*\)*$/\1/p")
for p in $parts; do
	# shellcheck disable=SC2086
	apt-get $A download "$p:ppc64el" >&2 2>/dev/null ||
		skip "package $p:ppc64el ($where): the archive no longer serves it (apt-get download failed)"
done
dir="$cache/kpkg-${pkg#linux-image-}"
rm -rf "$dir" "$dir.tmp"
dpkg-deb -x "$deb" "$dir.tmp"
for p in $parts; do
	dpkg-deb -x "$(ls "$p"_*_ppc64el.deb)" "$dir.tmp"
	rm -f "$p"_*_ppc64el.deb
done
# Debian 14 keeps the kernel (an ELF, though named vmlinuz) and its config
# in usr/lib/modules/<release>/: moved to boot/ as the older packages have them.
for k in "$dir.tmp"/usr/lib/modules/*/vmlinuz "$dir.tmp"/usr/lib/modules/*/vmlinux; do
	[ -f "$k" ] || continue
	rel=$(basename "$(dirname "$k")")
	mkdir -p "$dir.tmp/boot"
	mv "$k" "$dir.tmp/boot/vmlinux-$rel"
	mv "$(dirname "$k")/config" "$dir.tmp/boot/config-$rel"
done
ls "$dir.tmp"/boot/vmlinux-* >/dev/null 2>&1 || skip "$deb${parts:+ and its parts $parts} hold no boot/vmlinux-*"
# Keep what the boots use (about 45 MB of 300): the kernel, its config and
# the KVM modules, uncompressed, under lib/modules in every case.
# shellcheck disable=SC2012
kvm=$(cd "$dir.tmp" && ls -d lib/modules/*/kernel/arch/powerpc/kvm usr/lib/modules/*/kernel/arch/powerpc/kvm 2>/dev/null | head -n 1)
[ -n "$kvm" ] || skip "$deb holds no kernel/arch/powerpc/kvm modules directory"
keep=lib/modules/${kvm#*modules/}
mkdir -p "$dir/$keep"
mv "$dir.tmp/boot" "$dir/boot"
for m in "$dir.tmp/$kvm"/*.ko*; do
	case "$m" in
	*.ko.xz) xz -dc "$m" >"$dir/$keep/$(basename "$m" .xz)" ;;
	*.ko.zst) zstd -qdc "$m" >"$dir/$keep/$(basename "$m" .zst)" ;;
	*.ko.gz) gzip -dc "$m" >"$dir/$keep/$(basename "$m" .gz)" ;;
	*.ko) mv "$m" "$dir/$keep/" ;;
	esac
done
rm -rf "$dir.tmp" "$deb"
echo "$deb" >"$dir/.complete"
echo "$dir" >"$key"
echo "$dir"
