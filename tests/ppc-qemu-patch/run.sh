#!/bin/bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The ppc-qemu-patch suite: build the patched QEMU (examples/qemu/build-cross.sh
# --smoke --qemu VERSION: cached), then boot Debian's ppc64le kernel on it
# under qemu-user (TCG) twice, so that the guest's H_GET_CPU_CHARACTERISTICS
# really runs the patched code:
#   A  cap-ibs=fixed-na, default cpu-char-mode: QEMU's own answer, which
#      unpatched QEMU 7.2 and 10.0 abort on (patch 0003)
#   B  cpu-char-mode=host, cap-ibs=fixed-na: no host information under TCG,
#      so the library's caps answer, with the fallback said on stderr
# A and B must both reach the guest's vulnerabilities files and agree.
# For 10.0 also: the 7.2 series against the 10.0 source must fail naming
# the patch and its hunks (build-cross.sh --patches).
# Usage: run.sh SOURCE_ROOT BUILD_DIR KERNEL_CACHE [7.2|10.0] (default 7.2).
# Exit 77 naming what is missing.
set -euo pipefail

# All in one function: bash reads it whole, so an edit cannot derail a run.
main() {
src=$1 build=$2 kernel_cache=$3 qemu=${4:-7.2}
cache=$build/cache
work=$build/guest-$qemu
triplet=powerpc64le-linux-gnu

fail() {
	echo "ppc-qemu-patch: FAIL: $*"
	exit 1
}

rc=0
out=$("$src/examples/qemu/build-cross.sh" --smoke --qemu "$qemu" "$cache") || rc=$?
[ "$rc" = 0 ] || { echo "$out"; exit "$rc"; }
root=$(tail -n 1 <<<"$out")
echo "ppc-qemu-patch: QEMU $qemu: $(qemu-ppc64le-static -L "$root" "$root/usr/bin/qemu-system-ppc64" --version | head -n 1)"

if [ "$qemu" = 10.0 ]; then
	# Bad input: a series that does not apply (7.2's 0001 against 10.0's
	# meson.build) must fail with exit 1, naming the patch and the hunks.
	rc=0
	o=$("$src/examples/qemu/build-cross.sh" --qemu 10.0 --patches "$src/examples/qemu/7.2" "$cache" 2>&1) || rc=$?
	[ "$rc" = 1 ] || fail "the 7.2 series against 10.0: exit $rc, expected 1: $o"
	grep -q 'FAIL: patch 0001-build-optional-libvcpuchar.patch does not apply to qemu_10\.0' <<<"$o" ||
		fail "the 7.2 series against 10.0: the failure does not name patch 0001: $o"
	n=$(grep -c '^  meson\.build: Hunk #[0-9]* FAILED' <<<"$o") || true
	[ "$n" -ge 1 ] || fail "the 7.2 series against 10.0: no failed hunk named: $o"
	echo "ppc-qemu-patch: ok: the 7.2 series against 10.0 fails naming patch 0001 and $n hunk(s) of meson.build:"
	grep '^  meson\.build: Hunk' <<<"$o" | sed 's/^ */ppc-qemu-patch:   /'
fi

command -v cpio >/dev/null || { echo "ppc-qemu-patch: SKIP: cpio not found"; exit 77; }
rc=0
kpkg=$("$src/tests/ppc-common/fetch-kernel.sh" "$kernel_cache") || rc=$?
[ "$rc" = 0 ] || exit "$rc"
vmlinux=$(ls "$kpkg"/boot/vmlinux-*)

rm -rf "$work"
mkdir -p "$work/initramfs"
"$triplet-gcc" -static -O2 -std=gnu11 -Wall -Wextra -o "$work/initramfs/init" "$src/tests/ppc-qemu-patch/init.c"
(cd "$work/initramfs" && echo init | cpio -o -H newc --quiet >"$work/initrd.cpio")

boot() { # NAME MACHINE_OPTIONS
	timeout 900 qemu-ppc64le-static -L "$root" "$root/usr/bin/qemu-system-ppc64" \
		-machine "pseries,x-vof=on,$2" -cpu POWER9 -smp 1 -m 1G -nographic -nodefaults \
		-chardev stdio,id=con0,signal=off -device spapr-vty,chardev=con0 -no-reboot \
		-kernel "$vmlinux" -initrd "$work/initrd.cpio" \
		-append "console=hvc0 quiet loglevel=3 panic=-1" </dev/null >"$work/$1.log" 2>&1
}
start=$(date +%s)
# One core each; a boot under qemu-user takes one to two minutes.
boot A cap-ibs=fixed-na & a=$!
boot B cpu-char-mode=host,cap-ibs=fixed-na & b=$!
declare -A rcs=([A]=0 [B]=0)
wait "$a" || rcs[A]=$?
wait "$b" || rcs[B]=$?
echo "ppc-qemu-patch: two guest boots in $(($(date +%s) - start)) s"
for n in A B; do
	grep -q 'Assertion' "$work/$n.log" && fail "boot $n: QEMU asserted: $(grep Assertion "$work/$n.log")"
	grep -q '^VULN done' "$work/$n.log" || fail "boot $n (exit ${rcs[$n]}) did not reach the guest's /init; see $work/$n.log"
	# The console may glue the first line to the kernel's banner.
	grep -o 'VULN [a-z_0-9]*: .*' "$work/$n.log" | tr -d '\r' >"$work/$n.vuln"
	[ "$(cut -d: -f1 "$work/$n.vuln" | tr '\n' ' ')" = "VULN meltdown VULN l1tf VULN spectre_v1 VULN spectre_v2 VULN spec_store_bypass " ] ||
		fail "boot $n: not the five vulnerabilities files; see $work/$n.log"
	sed "s/^/ppc-qemu-patch: $n: /" "$work/$n.vuln"
done
grep -q 'cpu-char-mode=host: .*answering H_GET_CPU_CHARACTERISTICS from the caps instead' "$work/B.log" ||
	fail "boot B: no fallback message on stderr"
cmp -s "$work/A.vuln" "$work/B.vuln" ||
	fail "the library's caps answer differs from QEMU's: $(diff "$work/A.vuln" "$work/B.vuln" | tr '\n' ' ')"
echo "ppc-qemu-patch: PASS: QEMU $qemu: both boots reached the guest, the same five files, no assertion"
}

main "$@"; exit
