#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Cross-build Debian's QEMU (7.2 from bookworm, or 10.0 from trixie) for
# ppc64le with the patch series in this directory and libvcpuchar, into a
# runtime tree that runs inside a ppc64el Linux (or under
# qemu-ppc64le-static -L TREE).
#
# Usage: build-cross.sh [--smoke] [--qemu 7.2|10.0] [--patches DIR] CACHE_DIR
#   CACHE_DIR  keeps the source packages, the ppc64el sysroot and one result
#              per QEMU version; a result is keyed by a hash of the version,
#              the .dsc, the patches, the library sources and this script:
#              a hit costs nothing
#   --qemu     which QEMU (default 7.2): the series in 7.2/ or 10.0/
#   --patches  apply DIR's series instead (the ppc-qemu-patch suite checks
#              with it that a series that does not apply fails by name)
#   --smoke    then check the binary under qemu-user (version string, the
#              property, QEMU's error for an unknown mode, the fallback)
# The last line on stdout is the runtime tree (usr/bin/qemu-system-ppc64,
# its ELF closure with its own ld64.so.2, usr/share/qemu/{vof,slof}.bin).
# Exit 77 naming what is missing when a tool, the source package or a
# package cannot be had; exit 1 naming the patch and its hunks when a patch
# does not apply. 7.2's deb-src stanza comes from tests/ppc-e2e/setup.sh;
# 10.0's source comes through a private apt state for trixie inside
# CACHE_DIR (the machine's apt configuration is not touched).
set -euo pipefail

# All in one function: bash then reads the whole script before running it,
# so editing it during a 5-minute build cannot derail that build.
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
case $qemu in
7.2 | 10.0) ;;
*)
	echo "build-cross: --qemu $qemu: not one of 7.2, 10.0" >&2
	exit 2
	;;
esac
log() { echo "build-cross: $*" >&2; }
skip() {
	echo "build-cross: SKIP: $*"
	exit 77
}
fail() {
	echo "build-cross: FAIL: $*" >&2
	exit 1
}

mkdir -p "$1"
cache=$(cd "$1" && pwd)
# One build per cache at a time (the suite and the nested tier share one).
exec 9>"$cache/.lock"
flock 9
here=$(cd "$(dirname "$0")" && pwd)
srcroot=$(cd "$here/../.." && pwd)
[ -n "$patches" ] || patches=$here/$qemu
[ -e "$patches/series" ] || fail "no series in $patches"
triplet=powerpc64le-linux-gnu
jobs=${BUILD_JOBS:-2}

for tool in "$triplet-gcc" "$triplet-strip" "$triplet-readelf" qemu-ppc64le-static \
	meson ninja pkg-config python3 apt-get dpkg-source dpkg-deb patch sha256sum flock; do
	command -v "$tool" >/dev/null || skip "$tool not found (run tests/ppc-e2e/setup.sh as root)"
done
# The cross libc (libc6-dev-ppc64el-cross) is also the runtime tree's libc.
crosslib=/usr/$triplet/lib
[ -e "$crosslib/ld64.so.2" ] || skip "$crosslib/ld64.so.2 not found (libc6-dev-ppc64el-cross)"

# --- Private apt state for trixie (10.0 only), inside the cache -------------
# The machine's own apt configuration stays as it is; the lists (binary and
# source) are fetched once (tests/e2e-common/apt-private.sh).
trixie_opts=()
trixie_lists() {
	local opts
	opts=$("$srcroot/tests/e2e-common/apt-private.sh" --src --refresh once "$cache/apt-trixie" trixie) ||
		skip "trixie's package lists: $opts"
	read -r -a trixie_opts <<<"$opts"
}
apt_trixie() {
	apt-get "${trixie_opts[@]}" "$@"
}

# --- Source package (cached: fetched once) ---------------------------------
if [ "$qemu" = 7.2 ]; then
	srcdir=$cache/src
else
	srcdir=$cache/src-$qemu
fi
mkdir -p "$srcdir"
find_dsc() { find "$srcdir" -maxdepth 1 -name "qemu_${qemu}[.+]*.dsc" | sort -V | tail -n 1; }
dsc=$(find_dsc)
if [ -z "$dsc" ]; then
	log "fetching Debian's qemu $qemu source package"
	if [ "$qemu" = 7.2 ]; then
		(cd "$srcdir" && apt-get source --download-only qemu >"$srcdir/fetch.log" 2>&1) ||
			skip "the qemu source package (apt-get source qemu failed: no deb-src stanza? see $srcdir/fetch.log)"
	else
		trixie_lists
		(cd "$srcdir" && apt_trixie source --download-only qemu >"$srcdir/fetch.log" 2>&1) ||
			skip "trixie's qemu source package (apt-get source qemu failed, see $srcdir/fetch.log)"
	fi
	dsc=$(find_dsc)
	[ -n "$dsc" ] || skip "the qemu $qemu source package (the archive offers $(find "$srcdir" -maxdepth 1 -name '*.dsc' -printf '%f ' | grep . || echo nothing))"
fi

# --- ppc64el sysroot of -dev packages, extracted, not installed ------------
# These cannot all be co-installed with the amd64 ones; dpkg -x avoids that.
dev_pkgs=(libglib2.0-dev libglib2.0-0 libpcre2-dev libpcre2-8-0 libpcre2-16-0 libpcre2-32-0
	libpcre2-posix3 libpixman-1-dev libpixman-1-0 zlib1g-dev zlib1g libfdt-dev libfdt1 libffi-dev
	libffi8 libmount-dev libmount1 libblkid-dev libblkid1 libselinux1-dev libselinux1 libsepol-dev
	libsepol2)
# vof.bin and slof.bin come from qemu-system-data (architecture all).
debs=("${dev_pkgs[@]/%/:ppc64el}" qemu-system-data)
sysroot_key=$(echo "${debs[*]}" | sha256sum | cut -c1-12)
sysroot=$cache/sysroot-$sysroot_key
if [ ! -e "$sysroot/.done" ]; then
	log "downloading the ppc64el sysroot packages"
	rm -rf "$sysroot" "$cache/debs"
	mkdir -p "$cache/debs" "$sysroot"
	if ! (cd "$cache/debs" && apt-get download "${debs[@]}" >/dev/null 2>&1); then
		# One at a time, to name the package that cannot be had.
		for p in "${debs[@]}"; do
			(cd "$cache/debs" && apt-get download "$p" >/dev/null 2>&1) ||
				skip "package $p (apt-get download failed; is the ppc64el architecture added?)"
		done
	fi
	for deb in "$cache"/debs/*.deb; do
		dpkg-deb -x "$deb" "$sysroot"
	done
	# Absolute symlinks would point into the build machine's own /usr.
	find "$sysroot" -type l -lname '/*' | while read -r l; do
		t=$(readlink "$l")
		ln -sfn "$(realpath -m --relative-to="$(dirname "$l")" "$sysroot$t")" "$l"
	done
	rm -rf "$cache/debs"
	touch "$sysroot/.done"
fi

# --- 10.0: trixie's meson and firmware -------------------------------------
# QEMU 10.0 needs meson >= 1.5 (bookworm has 1.0; the +ds tarball carries no
# wheel); trixie's meson is architecture all and runs on bookworm's Python.
# The firmware (slof.bin, vof.bin) comes from the same QEMU release. The
# libraries stay bookworm's: trixie's ppc64el libc6, pcre2 and zlib were not
# served by the archive (404) when this was written, and the tree carries
# its own closure either way.
extra=""
if [ "$qemu" = 10.0 ]; then
	extra_debs=(meson qemu-system-data)
	extra=$cache/trixie-extra-$(echo "${extra_debs[*]}" | sha256sum | cut -c1-12)
	if [ ! -e "$extra/.done" ]; then
		trixie_lists
		log "downloading trixie's ${extra_debs[*]}"
		rm -rf "$extra" "$cache/debs"
		mkdir -p "$cache/debs" "$extra"
		for p in "${extra_debs[@]}"; do
			(cd "$cache/debs" && apt_trixie download "$p" >/dev/null 2>&1) ||
				skip "trixie's package $p (apt-get download failed)"
		done
		for deb in "$cache"/debs/*.deb; do
			dpkg-deb -x "$deb" "$extra"
		done
		rm -rf "$cache/debs"
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
			# The n-th "@@" of that file's section, and what it adds.
			awk -v f="b/$file" -v n="$n" '
				/^diff / || /^--- [ab]\// { show = 0; next }
				/^\+\+\+ / { infile = ($2 == f); h = 0; show = 0; next }
				infile && /^@@/ { h++; show = (h == n) ? 4 : 0; if (show) print "    " $0; next }
				show > 0 && /^[-+]/ { print "    " $0; show-- }' "$1"
			;;
		*"can't find file"* | *malformed* | *Reversed*) echo "  $line" ;;
		esac
	done
}

smoke_check() {
	local q=(qemu-ppc64le-static -L "$root" "$root/usr/bin/qemu-system-ppc64") o rc
	o=$("${q[@]}" --version) || fail "--version failed under qemu-user"
	grep -q "libvcpuchar-$key" <<<"$o" || fail "--version does not name the patched build: $o"
	log "ok: $(head -n 1 <<<"$o")"
	o=$("${q[@]}" -machine pseries,help) || fail "-machine pseries,help failed"
	grep -q 'cpu-char-mode=' <<<"$o" || fail "-machine pseries,help does not list cpu-char-mode"
	log "ok: -machine pseries,help lists cpu-char-mode"
	rc=0
	o=$("${q[@]}" -machine pseries,cpu-char-mode=bogus -nodefaults -display none 2>&1) || rc=$?
	[ "$rc" = 1 ] || fail "cpu-char-mode=bogus: exit $rc, expected 1: $o"
	grep -q 'Invalid cpu-char-mode "bogus": valid values are qemu, caps, host, host-max, seed' <<<"$o" ||
		fail "cpu-char-mode=bogus: unexpected error: $o"
	log "ok: unknown mode: $o"
	# No host information (TCG): host mode must say so and fall back to caps.
	o=$(echo '{"execute":"qmp_capabilities"} {"execute":"quit"}' |
		"${q[@]}" -machine pseries,cpu-char-mode=host,x-vof=on -nodefaults -display none -S \
			-qmp stdio 2>&1 >/dev/null) || fail "cpu-char-mode=host under TCG did not start: $o"
	grep -q 'cpu-char-mode=host: .*answering H_GET_CPU_CHARACTERISTICS from the caps instead' <<<"$o" ||
		fail "cpu-char-mode=host without host information: no fallback message: $o"
	log "ok: host mode without host information: $o"
}

if [ -e "$out/.done" ]; then
	log "cache hit: $out"
	[ "$smoke" = 1 ] && smoke_check
	echo "$root"
	exit 0
fi

# --- A miss: build everything in a fresh directory --------------------------
log "cache miss: building QEMU $qemu into $out (minutes: see examples/qemu/README.md)"
start=$(date +%s)
# A failed build of this key may have left a partial directory.
rm -rf "$out"
work=$out/work
mkdir -p "$work"
stage=$work/sysroot
# Source and patches first: a series that does not apply fails in seconds.
log "unpacking $(basename "$dsc")"
dpkg-source -x "$dsc" "$work/qemu" >"$work/unpack.log" 2>&1 ||
	fail "dpkg-source -x $(basename "$dsc") failed (see $work/unpack.log)"
while read -r p; do
	# Dry run first, so that a failure names the patch and hunk on an untouched tree.
	if ! o=$(patch -d "$work/qemu" -p1 --dry-run --batch --forward <"$patches/$p" 2>&1); then
		o=$(failed_hunks "$patches/$p" <<<"$o")
		# Nothing of this key is worth keeping (the unpacked source is large).
		rm -rf "$out"
		fail "patch $p does not apply to $(basename "$dsc"):
$o"
	fi
	patch -d "$work/qemu" -p1 --batch --forward --quiet <"$patches/$p"
done <"$patches/series"

cp -a "$sysroot" "$stage"

# libvcpuchar, shared, installed into the build's own copy of the sysroot.
cat >"$work/cross.ini" <<EOF
[binaries]
c = '$triplet-gcc'
ar = '$triplet-ar'
strip = '$triplet-strip'
pkgconfig = 'pkg-config'

[properties]
sys_root = '$stage'
pkg_config_libdir = ['$stage/usr/lib/$triplet/pkgconfig', '$stage/usr/share/pkgconfig']

[built-in options]
c_link_args = ['-Wl,-rpath-link,$stage/lib/$triplet:$stage/usr/lib/$triplet']

[host_machine]
system = 'linux'
cpu_family = 'ppc64'
cpu = 'ppc64le'
endian = 'little'
EOF
log "cross-building libvcpuchar"
meson setup --cross-file "$work/cross.ini" --prefix=/usr --libdir="lib/$triplet" \
	--buildtype=release -Ddefault_library=shared -Dtests=disabled -Dcli=disabled -Dexamples=disabled -Dbench=disabled \
	"$work/lib-build" "$srcroot" \
	>"$work/lib.log" 2>&1 || fail "libvcpuchar: meson setup failed (see $work/lib.log)"
meson compile -C "$work/lib-build" -j "$jobs" vcpuchar:shared_library >>"$work/lib.log" 2>&1 ||
	fail "libvcpuchar: build failed (see $work/lib.log)"
DESTDIR=$stage meson install -C "$work/lib-build" --no-rebuild --tags devel,runtime \
	>>"$work/lib.log" 2>&1 || fail "libvcpuchar: install failed (see $work/lib.log)"

# Only what the pseries machine needs (see the README for why each device).
cat >"$work/qemu/configs/devices/ppc64-softmmu/vcpuchar.mak" <<'EOF'
CONFIG_PSERIES=y
CONFIG_SPAPR_RNG=y
CONFIG_NVDIMM=y
CONFIG_USB_OHCI_PCI=y
CONFIG_USB_XHCI_NEC=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_BLK=y
CONFIG_VIRTIO_NET=y
CONFIG_VIRTIO_SERIAL=y
CONFIG_VIRTIO_RNG=y
EOF
log "configuring QEMU $qemu"
mkdir -p "$work/qemu/build"
libdirs="$stage/lib/$triplet:$stage/usr/lib/$triplet"
# 10.0: configure puts a meson into build/pyvenv from what Python can import;
# trixie's meson comes in through PYTHONPATH, for every later meson run too.
qemu_meson=meson
if [ -n "$extra" ]; then
	export PYTHONPATH=$extra/usr/lib/python3/dist-packages${PYTHONPATH:+:$PYTHONPATH}
	qemu_meson=$work/qemu/build/pyvenv/bin/meson
fi
(cd "$work/qemu/build" &&
	PKG_CONFIG=pkg-config PKG_CONFIG_SYSROOT_DIR=$stage \
	PKG_CONFIG_LIBDIR="$stage/usr/lib/$triplet/pkgconfig:$stage/usr/share/pkgconfig" \
	../configure --cross-prefix="$triplet-" --prefix=/usr --target-list=ppc64-softmmu \
		--without-default-features --without-default-devices \
		--with-devices-ppc64=vcpuchar \
		--enable-kvm --enable-tcg --enable-fdt=system --enable-vcpuchar \
		--disable-docs --disable-tools --disable-user --disable-werror --disable-install-blobs \
		--with-pkgversion="libvcpuchar-$key" \
		--extra-cflags="-isystem $stage/usr/include -isystem $stage/usr/include/$triplet" \
		--extra-ldflags="-L$stage/usr/lib/$triplet -L$stage/lib/$triplet -Wl,-rpath-link,$libdirs" \
		>"$work/configure.log" 2>&1) || fail "QEMU configure failed (see $work/configure.log)"
grep -q 'libvcpuchar support.*YES' "$work/configure.log" ||
	fail "QEMU configure did not find libvcpuchar (see $work/configure.log)"

log "building QEMU (ninja -j$jobs)"
ninja -C "$work/qemu/build" -j "$jobs" qemu-system-ppc64 trace/trace-events-all \
	>"$work/build.log" 2>&1 || fail "QEMU build failed (see $work/build.log)"
# meson install also drops the build-tree RPATH.
DESTDIR=$work/install "$qemu_meson" install -C "$work/qemu/build" --no-rebuild \
	>"$work/install.log" 2>&1 || fail "QEMU install failed (see $work/install.log)"

# --- Runtime tree: the binary, its ELF closure, firmware ---------------------
mkdir -p "$root/usr/bin" "$root/usr/share/qemu" "$root/lib/$triplet" "$root/lib64"
"$triplet-strip" -o "$root/usr/bin/qemu-system-ppc64" "$work/install/usr/bin/qemu-system-ppc64"
# The firmware of the same QEMU release: bookworm's for 7.2, trixie's for 10.0.
fw=${extra:-$stage}/usr/share/qemu
cp "$fw/vof.bin" "$fw/slof.bin" "$root/usr/share/qemu/"
cp -L "$crosslib/ld64.so.2" "$root/lib/$triplet/"
ln -sfn "../lib/$triplet/ld64.so.2" "$root/lib64/ld64.so.2"
find_lib() {
	local d
	for d in "$stage/usr/lib/$triplet" "$stage/lib/$triplet" "$crosslib"; do
		if [ -e "$d/$1" ]; then
			echo "$d/$1"
			return 0
		fi
	done
	return 1
}
todo=$root/usr/bin/qemu-system-ppc64
while [ -n "$todo" ]; do
	next=""
	for f in $todo; do
		for n in $("$triplet-readelf" -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
			[ -e "$root/lib/$triplet/$n" ] && continue
			l=$(find_lib "$n") || fail "runtime library $n not found"
			cp -L "$l" "$root/lib/$triplet/$n"
			next="$next $root/lib/$triplet/$n"
		done
	done
	todo=$next
done
"$triplet-strip" --strip-unneeded "$root"/lib/$triplet/*.so* 2>/dev/null || true
# KEEP_WORK=1 keeps the build tree for rebuilding by hand.
[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"
touch "$out/.done"
# Only the newest result of each QEMU version is kept (about 20 MB each);
# removed only once this one is complete, so a failed build leaves the
# previous one usable. qemu-KEY is the layout before there were versions.
find "$cache" -mindepth 1 -maxdepth 1 -type d ! -path "$out" \
	\( -name "qemu-$qemu-*" -o -regex '.*/qemu-[0-9a-f]*' \) -exec rm -rf {} +
log "built in $(($(date +%s) - start)) s: $(du -sh "$root" | cut -f1) tree, binary $(stat -c %s "$root/usr/bin/qemu-system-ppc64") bytes"
[ "$smoke" = 1 ] && smoke_check
echo "$root"
}

main "$@"; exit
