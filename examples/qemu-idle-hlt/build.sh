#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Build Debian's QEMU 7.2 (bookworm's source package) natively with the
# patches in this directory: qemu-system-x86_64, TCG only, whose SVM
# emulation offers and honours the Idle HLT intercept (README.md here).
#
# Usage: build.sh [--smoke] CACHE_DIR
#   CACHE_DIR  keeps the source package and the result; the result is keyed
#              by a hash of the .dsc, the series, the patches and this script:
#              a hit costs nothing
#   --smoke    then check the binary: -cpu max has idle-hlt, EPYC does not
#              unless asked (+idle-hlt)
# The last line on stdout is the binary. Exit 77 naming what is missing when
# a tool or the source package cannot be had; 1 naming the patch and hunk
# when a patch no longer applies.
set -euo pipefail

# All in one function: bash reads it whole before running it, so editing
# the script during a build cannot derail that build.
main() {

smoke=0
if [ "${1:-}" = --smoke ]; then
	smoke=1
	shift
fi
if [ $# -ne 1 ]; then
	echo "usage: $0 [--smoke] CACHE_DIR" >&2
	exit 2
fi
mkdir -p "$1"
cache=$(cd "$1" && pwd)
# One build per cache at a time.
exec 9>"$cache/.lock"
flock 9
here=$(cd "$(dirname "$0")" && pwd)
jobs=${BUILD_JOBS:-2}

log() { echo "qemu-idle-hlt: $*" >&2; }
skip() {
	echo "qemu-idle-hlt: SKIP: $*"
	exit 77
}
fail() {
	echo "qemu-idle-hlt: FAIL: $*" >&2
	exit 1
}

for tool in gcc ninja pkg-config python3 apt-get dpkg-source patch sha256sum flock; do
	command -v "$tool" >/dev/null || skip "$tool not found (run tests/x86-idle-hlt/setup.sh as root)"
done
for pc in glib-2.0 pixman-1 zlib; do
	pkg-config --exists "$pc" || skip "pkg-config $pc not found (run tests/x86-idle-hlt/setup.sh as root)"
done
# x86_64-softmmu requires libfdt; Debian's libfdt-dev has no .pc file.
[ -e /usr/include/libfdt.h ] || skip "libfdt.h not found (libfdt-dev; run tests/x86-idle-hlt/setup.sh as root)"

# --- Source package (cached: fetched once) ---------------------------------
mkdir -p "$cache/src"
dsc=$(find "$cache/src" -maxdepth 1 -name 'qemu_7.2*.dsc' | sort | tail -n 1)
if [ -z "$dsc" ]; then
	log "fetching Debian's qemu source package"
	if ! (cd "$cache/src" && apt-get source --download-only qemu >"$cache/src/fetch.log" 2>&1); then
		skip "source package qemu (apt-get source qemu failed: no deb-src stanza for bookworm? see $cache/src/fetch.log)"
	fi
	dsc=$(find "$cache/src" -maxdepth 1 -name 'qemu_7.2*.dsc' | sort | tail -n 1)
	[ -n "$dsc" ] || skip "source package qemu 7.2 (the archive serves $(find "$cache/src" -maxdepth 1 -name '*.dsc' -printf '%f\n' | head -n 1 | grep . || echo nothing))"
fi

key=$( {
	cat "$dsc" "$here/series"
	while read -r p; do cat "$here/$p"; done <"$here/series"
	cat "$0"
} | sha256sum | cut -c1-16)
out=$cache/qemu-$key
bin=$out/qemu-system-x86_64

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
				/^\+\+\+ / { infile = ($2 == f); h = 0; next }
				infile && /^@@/ { h++; if (h == n) { show = 4; print "    " $0; next } }
				show > 0 && /^[-+]/ { print "    " $0; show-- }' "$1"
			;;
		*"can't find file"* | *malformed* | *Reversed*) echo "  $line" ;;
		esac
	done
}

smoke_check() {
	local o
	o=$("$bin" --version) || fail "--version failed"
	grep -q "idle-hlt-$key" <<<"$o" || fail "--version does not name the patched build: $o"
	o=$("$bin" -cpu help) || fail "-cpu help failed"
	grep -qw 'idle-hlt' <<<"$o" || fail "-cpu help does not list the idle-hlt flag"
	log "ok: $(head -n 1 <<<"$("$bin" --version)"), -cpu help lists idle-hlt"
}

if [ -e "$out/.done" ]; then
	log "cache hit: $out"
	[ "$smoke" = 1 ] && smoke_check
	echo "$bin"
	exit 0
fi

log "cache miss: building into $out (minutes on 2 cores)"
start=$(date +%s)
rm -rf "$out"
work=$out/work
mkdir -p "$work"
log "unpacking $(basename "$dsc")"
dpkg-source -x "$dsc" "$work/qemu" >"$work/unpack.log" 2>&1 ||
	fail "dpkg-source -x $(basename "$dsc") failed (see $work/unpack.log)"
while read -r p; do
	# Dry run first, so that a failure names the patch and hunk on an untouched tree.
	if ! o=$(patch -d "$work/qemu" -p1 --dry-run --batch --forward <"$here/$p" 2>&1); then
		fail "patch $p does not apply to $(basename "$dsc"):
$(failed_hunks "$here/$p" <<<"$o")"
	fi
	patch -d "$work/qemu" -p1 --batch --forward --quiet <"$here/$p"
done <"$here/series"

# The i440fx PC machine and what it selects (ISA serial, PIC, PIT, IOAPIC,
# fw_cfg): what the harness's L0 boots a PVH vmlinux with.
cat >"$work/qemu/configs/devices/x86_64-softmmu/vcpuchar.mak" <<'EOF'
CONFIG_I440FX=y
EOF
log "configuring QEMU"
mkdir -p "$work/qemu/build"
(cd "$work/qemu/build" &&
	../configure --prefix=/usr --target-list=x86_64-softmmu \
		--without-default-features --without-default-devices \
		--with-devices-x86_64=vcpuchar \
		--enable-tcg --disable-kvm --enable-fdt=system --disable-docs --disable-tools --disable-user \
		--disable-guest-agent --disable-werror --disable-install-blobs \
		--with-pkgversion="idle-hlt-$key" \
		>"$work/configure.log" 2>&1) || fail "QEMU configure failed (see $work/configure.log)"

log "building QEMU (ninja -j$jobs)"
nice ninja -C "$work/qemu/build" -j "$jobs" qemu-system-x86_64 \
	>"$work/build.log" 2>&1 || fail "QEMU build failed (see $work/build.log)"
strip -o "$bin" "$work/qemu/build/qemu-system-x86_64"
# KEEP_WORK=1 keeps the build tree for rebuilding by hand.
[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"
touch "$out/.done"
# Only the newest result is kept, and only once it is complete.
find "$cache" -mindepth 1 -maxdepth 1 -name 'qemu-*' -type d ! -path "$out" -exec rm -rf {} +
log "built in $(($(date +%s) - start)) s (load: $(cut -d' ' -f1-3 /proc/loadavg)): binary $(stat -c %s "$bin") bytes"
[ "$smoke" = 1 ] && smoke_check
echo "$bin"
}

main "$@"; exit
