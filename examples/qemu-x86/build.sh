#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Build Debian's QEMU 7.2 (bookworm) or 10.0.13 (trixie) natively for x86_64
# with the series in this directory (README.md here): qemu-system-x86_64,
# KVM only, linked against libvcpuchar built from this tree.
#
# Usage: build.sh [--smoke] [--qemu 7.2|10.0] [--patches DIR] CACHE_DIR
#   CACHE_DIR  keeps the source packages and the results; a result is keyed
#              by the version, the .dsc, the series, the patches, this
#              script and the library's sources: a hit costs nothing
#   --smoke    then check the binary without KVM: --version names the build,
#              hlt-policy=bogus gets QEMU's enum error (the property exists),
#              -accel tcg,hlt-policy=pinned is refused
#   --patches  apply DIR's series instead of the version's own
# The last line on stdout is a tree: usr/bin/qemu-system-x86_64 (its RUNPATH
# $ORIGIN/../lib) and usr/lib/libvcpuchar.so.1. Exit 77 naming what is
# missing when a tool or a package cannot be had; 1 naming the patch and
# hunk when a patch no longer applies.
set -euo pipefail

# All in one function: bash reads it whole before running it, so editing
# the script during a build cannot derail that build.
main() {

usage() {
	echo "usage: $0 [--smoke] [--qemu 7.2|10.0] [--patches DIR] CACHE_DIR" >&2
	exit 2
}
smoke=0 qemu=7.2 patches=""
while [ $# -gt 1 ]; do
	case $1 in
	--smoke) smoke=1 ;;
	--qemu) [ $# -gt 2 ] || usage; qemu=$2; shift ;;
	--patches) [ $# -gt 2 ] || usage; patches=$(cd "$2" && pwd) || usage; shift ;;
	*) usage ;;
	esac
	shift
done
[ $# -eq 1 ] || usage
case $qemu in 7.2 | 10.0) ;; *) usage ;; esac
log() { echo "qemu-x86: $*" >&2; }
skip() {
	echo "qemu-x86: SKIP: $*"
	exit 77
}
fail() {
	echo "qemu-x86: FAIL: $*" >&2
	exit 1
}

mkdir -p "$1"
cache=$(cd "$1" && pwd)
# One build per cache at a time.
exec 9>"$cache/.lock"
flock 9
here=$(cd "$(dirname "$0")" && pwd)
srcroot=$(cd "$here/../.." && pwd)
[ -n "$patches" ] || patches=$here/$qemu
[ -e "$patches/series" ] || fail "no series in $patches"
jobs=${BUILD_JOBS:-2}

for tool in gcc meson ninja pkg-config python3 apt-get dpkg-source dpkg-deb patch sha256sum flock readelf; do
	command -v "$tool" >/dev/null || skip "$tool not found (run tests/x86-guest-e2e/setup.sh as root)"
done
for pc in glib-2.0 zlib; do
	pkg-config --exists "$pc" || skip "pkg-config $pc not found (run tests/x86-guest-e2e/setup.sh as root)"
done
# x86_64-softmmu requires libfdt; Debian's libfdt-dev has no .pc file.
[ -e /usr/include/libfdt.h ] || skip "libfdt.h not found (libfdt-dev; run tests/x86-guest-e2e/setup.sh as root)"

trixie_opts=()
trixie_lists() {
	local opts
	opts=$("$srcroot/tests/e2e-common/apt-private.sh" --src --refresh once "$cache/apt-trixie" trixie) ||
		skip "trixie's package lists: $opts"
	read -r -a trixie_opts <<<"$opts"
}

# --- Source package (cached: fetched once) ---------------------------------
srcdir=$cache/src-$qemu
mkdir -p "$srcdir"
find_dsc() { find "$srcdir" -maxdepth 1 -name "qemu_${qemu}[.+]*.dsc" | sort -V | tail -n 1; }
dsc=$(find_dsc)
if [ -z "$dsc" ]; then
	log "fetching Debian's qemu $qemu source package"
	if [ "$qemu" = 7.2 ]; then
		(cd "$srcdir" && apt-get source --download-only qemu >"$srcdir/fetch.log" 2>&1) ||
			skip "the qemu source package (apt-get source qemu failed: no deb-src stanza for bookworm? see $srcdir/fetch.log)"
	else
		trixie_lists
		(cd "$srcdir" && apt-get "${trixie_opts[@]}" source --download-only qemu >"$srcdir/fetch.log" 2>&1) ||
			skip "trixie's qemu source package (apt-get source qemu failed, see $srcdir/fetch.log)"
	fi
	dsc=$(find_dsc)
	[ -n "$dsc" ] || skip "the qemu $qemu source package (the archive offers $(find "$srcdir" -maxdepth 1 -name '*.dsc' -printf '%f ' | grep . || echo nothing))"
fi

# --- 10.0: trixie's meson ---------------------------------------------------
# QEMU 10.0 needs meson >= 1.5 (bookworm has 1.0; the +ds tarball carries no
# wheel); trixie's meson is architecture all and runs on bookworm's Python.
extra=""
if [ "$qemu" = 10.0 ]; then
	extra=$cache/trixie-meson
	if [ ! -e "$extra/.done" ]; then
		trixie_lists
		log "downloading trixie's meson"
		rm -rf "$extra"
		mkdir -p "$extra/debs"
		(cd "$extra/debs" && apt-get "${trixie_opts[@]}" download meson >/dev/null 2>&1) ||
			skip "trixie's package meson (apt-get download failed)"
		dpkg-deb -x "$extra"/debs/meson_*.deb "$extra"
		rm -rf "$extra/debs"
		touch "$extra/.done"
	fi
fi

# --- Cache key: everything the result depends on ---------------------------
key=$( {
	echo "qemu $qemu"
	cat "$dsc" "$patches/series"
	while read -r p; do cat "$patches/$p"; done <"$patches/series"
	cat "$0"
	(cd "$srcroot" && cat meson.build meson_options.txt libvcpuchar.pc.in include/meson.build \
		include/*.h include/*/*.h include/*.in lib/meson.build lib/*.c lib/*.h lib/*/*.c lib/*/*.h lib/*.sym 2>/dev/null)
} | sha256sum | cut -c1-16)
out=$cache/qemu-$qemu-$key
root=$out/root
bin=$root/usr/bin/qemu-system-x86_64

# patch's dry-run output on stdin -> each failed hunk with its first lines.
failed_hunks() {
	local file="" line n
	while IFS= read -r line; do
		case $line in
		"checking file "*) file=${line#checking file } ;;
		*"Hunk #"*" FAILED"*)
			n=${line#*Hunk #}
			n=${n%% *}
			echo "  $file: $line"
			awk -v f="b/$file" -v n="$n" '
				/^diff / || /^--- / { show = 0; next }
				/^\+\+\+ / { infile = ($2 == f); h = 0; show = 0; next }
				infile && /^@@/ { h++; show = (h == n) ? 4 : 0; if (show) print "    " $0; next }
				show > 0 && /^[-+]/ { print "    " $0; show-- }' "$1"
			;;
		*"can't find file"* | *malformed* | *Reversed*) echo "  $line" ;;
		esac
	done
}

smoke_check() {
	local o rc
	o=$("$bin" --version) || fail "--version failed"
	grep -q "vcpuchar-$key" <<<"$o" || fail "--version does not name the patched build: $o"
	log "ok: $(head -n 1 <<<"$o")"
	# The property is set before KVM is opened: this needs no /dev/kvm, and
	# an unpatched QEMU would say "Property 'kvm-accel.hlt-policy' not found".
	rc=0
	o=$("$bin" -accel kvm,hlt-policy=bogus -nodefaults -display none 2>&1) || rc=$?
	if [ "$rc" != 1 ] || ! grep -q "'hlt-policy' does not accept value 'bogus'" <<<"$o"; then
		fail "hlt-policy=bogus: exit $rc, expected 1 with QEMU's enum error: $o"
	fi
	log "ok: bad value: $o"
	rc=0
	o=$("$bin" -accel tcg,hlt-policy=pinned -nodefaults -display none 2>&1) || rc=$?
	[ "$rc" = 1 ] || fail "-accel tcg,hlt-policy=pinned: exit $rc, expected 1: $o"
	log "ok: TCG: $o"
}

if [ -e "$out/.done" ]; then
	log "cache hit: $out"
	[ "$smoke" = 1 ] && smoke_check
	echo "$root"
	exit 0
fi

log "cache miss: building QEMU $qemu into $out (minutes on 2 cores: README.md here)"
start=$(date +%s)
rm -rf "$out"
work=$out/work
mkdir -p "$work"
log "unpacking $(basename "$dsc")"
dpkg-source -x "$dsc" "$work/qemu" >"$work/unpack.log" 2>&1 ||
	fail "dpkg-source -x $(basename "$dsc") failed (see $work/unpack.log)"
while read -r p; do
	# Dry run first, so that a failure names the patch and hunk on an untouched tree.
	if ! o=$(patch -d "$work/qemu" -p1 --dry-run --batch --forward <"$patches/$p" 2>&1); then
		o=$(failed_hunks "$patches/$p" <<<"$o")
		rm -rf "$out"
		fail "patch $p does not apply to $(basename "$dsc"):
$o"
	fi
	patch -d "$work/qemu" -p1 --batch --forward --quiet <"$patches/$p"
done <"$patches/series"

# libvcpuchar from this tree, shared, installed under the work directory;
# QEMU finds it there through pkg-config.
lib=$work/libvcpuchar
log "building libvcpuchar"
meson setup --prefix="$lib" --libdir=lib --buildtype=release -Ddefault_library=shared -Dtests=disabled -Dcli=disabled \
	-Dexamples=disabled -Dbench=disabled "$work/lib-build" "$srcroot" >"$work/lib.log" 2>&1 ||
	fail "libvcpuchar: meson setup failed (see $work/lib.log)"
meson compile -C "$work/lib-build" -j "$jobs" vcpuchar:shared_library >>"$work/lib.log" 2>&1 ||
	fail "libvcpuchar: build failed (see $work/lib.log)"
meson install -C "$work/lib-build" --no-rebuild --tags devel,runtime >>"$work/lib.log" 2>&1 ||
	fail "libvcpuchar: install failed (see $work/lib.log)"

# The i440fx PC machine and what it selects (ISA serial, PIC, PIT, IOAPIC,
# fw_cfg): enough for x86-guest-e2e's L2 (-kernel, -serial stdio).
cat >"$work/qemu/configs/devices/x86_64-softmmu/vcpuchar.mak" <<'MAK'
CONFIG_I440FX=y
MAK
log "configuring QEMU $qemu"
mkdir -p "$work/qemu/build"
if [ -n "$extra" ]; then
	# configure puts a meson into build/pyvenv from what Python can import.
	export PYTHONPATH=$extra/usr/lib/python3/dist-packages${PYTHONPATH:+:$PYTHONPATH}
fi
# $ORIGIN/../lib: the tree carries its libvcpuchar; LD_LIBRARY_PATH still
# comes first (RUNPATH), which is how an older library is tried.
(cd "$work/qemu/build" &&
	PKG_CONFIG_PATH=$lib/lib/pkgconfig ../configure --prefix=/usr --target-list=x86_64-softmmu \
		--without-default-features --without-default-devices \
		--with-devices-x86_64=vcpuchar \
		--enable-kvm --disable-tcg --enable-fdt=system --enable-vcpuchar \
		--disable-docs --disable-tools --disable-user --disable-guest-agent \
		--disable-werror --disable-install-blobs \
		--with-pkgversion="vcpuchar-$key" \
		--extra-ldflags="-Wl,-rpath,\$ORIGIN/../lib" \
		>"$work/configure.log" 2>&1) || fail "QEMU configure failed (see $work/configure.log)"
grep -q 'libvcpuchar support.*YES' "$work/configure.log" ||
	fail "QEMU configure did not find libvcpuchar (see $work/configure.log)"

log "building QEMU (ninja -j$jobs)"
nice ninja -C "$work/qemu/build" -j "$jobs" qemu-system-x86_64 \
	>"$work/build.log" 2>&1 || fail "QEMU build failed (see $work/build.log)"
mkdir -p "$root/usr/bin" "$root/usr/lib"
strip -o "$bin" "$work/qemu/build/qemu-system-x86_64"
# shellcheck disable=SC2016 # a literal $ORIGIN
readelf -d "$bin" | grep -q 'R.*PATH.*\$ORIGIN/../lib' ||
	fail "the binary has no RUNPATH \$ORIGIN/../lib: $(readelf -d "$bin" | grep PATH || echo none)"
cp -a "$lib"/lib/libvcpuchar.so.* "$root/usr/lib/"
[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"
touch "$out/.done"
# Only the newest result of each version is kept.
find "$cache" -mindepth 1 -maxdepth 1 -type d ! -path "$out" -name "qemu-$qemu-*" -exec rm -rf {} +
log "built in $(($(date +%s) - start)) s: binary $(stat -c %s "$bin") bytes"
[ "$smoke" = 1 ] && smoke_check
echo "$root"
}

main "$@"; exit
