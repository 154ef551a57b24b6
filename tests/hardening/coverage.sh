#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Coverage of lib/ by the default suites (no e2e): the tree built with
# -Db_coverage=true, every default suite run, then gcovr's line and branch
# figures of lib/ against the floors below (the measured values rounded
# down: raise them when tests cover more, never lower them). A suite that
# fails or a figure under its floor fails the tier. Build dir:
# $VCPUCHAR_BUILD_ROOT/build-coverage; in its meson-logs/: the report
# (coverage.txt), its summary (coverage-summary.txt) and the floor check as
# one test result (testlog-coverage.json) for tests/all-tests.sh's count.
set -eu
cd "$(dirname "$0")/../.."
# Measured 2026-12-03 with /dev/kvm: 2611 of 2644 lines (98.8 %), 2229 of 2386
# branches (93.4 %); with the library's own profile reader (lib/keyfile.c), 2975
# of 3014 lines (98.7 %: the rest are mostly out-of-memory and failed-syscall
# paths), 2605 of 2776 branches (93.8 %). Without it the real-KVM suites skip and the probes' and
# apply's KVM paths go unrun: measured under tests/without-kvm.sh, 2520 of
# 2642 lines (95.4 %), 2147 of 2386 branches (90.0 %).
# Measured 2026-12-06 after the 1.3 merges (QEMU profiles, pasted caps, TDX,
# the guest kernel): with /dev/kvm 4954 of 5024 lines (98.6 %), 4436 of 4835
# branches (91.7 %); without it 4868 of 5022 lines (96.9 %), 4356 of 4835
# branches (90.0 %). The new code's branches are less tested than the old: the
# floors with /dev/kvm were lowered to these values this once (NEWS).
# Measured 2026-12-06 after unit cases for that code (the QEMU profile reader,
# the start verdict's given levels, the profile's I/O paths, the guest
# kernel's series): with /dev/kvm 4980 of 5024 lines (99.12 %), 4529 of 4835
# branches (93.67 %); without it 4894 of 5022 lines (97.45 %), 4449 of 4835
# branches (92.01 %). The floors with /dev/kvm are back at 98.7 / 93.5, those
# without it raised to the measured values rounded down.
# Two pairs of floors: the run uses the one of the machine it is on, and says which.
KVM_FLOORS="98.7 93.5" NOKVM_FLOORS="97.4 92.0"
if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
	floors=$KVM_FLOORS kvm="with /dev/kvm"
else
	floors=$NOKVM_FLOORS kvm="without /dev/kvm"
fi
LINE_FLOOR=${floors% *} BRANCH_FLOOR=${floors#* }
dir=${VCPUCHAR_BUILD_ROOT:-.}/build-coverage
command -v gcovr >/dev/null || { echo "coverage: gcovr not found (Debian package gcovr; tests/setup-debian.sh --all)" >&2; exit 1; }
# Atomic counters: test-threads runs the library from several threads, and
# plain counters lose updates (gcov then reads negative branch counts).
[ -d "$dir" ] || meson setup "$dir" -Dwerror=true -Db_coverage=true -Dc_args=-fprofile-update=atomic >/dev/null
meson compile -C "$dir"
# Counts from an earlier run would add up.
find "$dir" -name '*.gcda' -delete
rm -f "$dir/meson-logs/testlog-coverage.json"
status=0
meson test -C "$dir" --print-errorlogs --num-processes 2 || status=1
# The floors are checked here on gcovr's counts, not by its --fail-under-*:
# gcovr compares its percentage rounded to one decimal (93.35 % passes a
# 93.4 % floor) and prints that rounding, so what it showed was not what it
# enforced. Here the exact figure is printed, to two decimals, next to the
# floor it is held to: covered * 100 >= floor * total, in integers.
gcovr --root . --filter 'lib/' --exclude-unreachable-branches --print-summary \
	--output "$dir/meson-logs/coverage.txt" "$dir" >"$dir/meson-logs/gcovr-summary.txt" || status=1
result=OK
: >"$dir/meson-logs/coverage-summary.txt"
for what in lines:$LINE_FLOOR branches:$BRANCH_FLOOR; do
	name=${what%%:*} floor=${what#*:}
	# gcovr 5.2: "lines: 98.8% (2611 out of 2644)"
	line=$(grep "^$name: " "$dir/meson-logs/gcovr-summary.txt" || true)
	covered=$(echo "$line" | sed -n 's/.*(\([0-9]*\) out of \([0-9]*\)).*/\1/p')
	total=$(echo "$line" | sed -n 's/.*(\([0-9]*\) out of \([0-9]*\)).*/\2/p')
	if [ -z "$covered" ] || [ -z "$total" ] || [ "$total" = 0 ]; then
		echo "$name: no figure from gcovr (see $dir/meson-logs/gcovr-summary.txt)" >>"$dir/meson-logs/coverage-summary.txt"
		result=FAIL
		continue
	fi
	# The figure truncated (never rounded up) to two decimals: it is at
	# least the floor exactly when covered / total is.
	verdict=$(awk -v c="$covered" -v t="$total" -v f="$floor" 'BEGIN {
		split(f, p, "."); tenths = p[1] * 10 + (p[2] == "" ? 0 : substr(p[2], 1, 1))
		h = int(c * 10000 / t)
		printf "%d.%02d %s", int(h / 100), h % 100, (c * 1000 >= tenths * t) ? "OK" : "FAIL" }')
	echo "$name: ${verdict% *} % ($covered of $total), floor $floor % ($kvm): ${verdict#* }" >>"$dir/meson-logs/coverage-summary.txt"
	[ "${verdict#* }" = OK ] || result=FAIL
done
[ $result = OK ] || status=1
cat "$dir/meson-logs/coverage-summary.txt"
echo "coverage ($kvm): held to $LINE_FLOOR % of lines and $BRANCH_FLOOR % of branches of lib/ (floors with /dev/kvm ${KVM_FLOORS% *} % / ${KVM_FLOORS#* } %, without ${NOKVM_FLOORS% *} % / ${NOKVM_FLOORS#* } %): $result (report: $dir/meson-logs/coverage.txt)"
printf '{"name": "coverage-floor", "result": "%s"}\n' "$result" >"$dir/meson-logs/testlog-coverage.json"
exit $status
