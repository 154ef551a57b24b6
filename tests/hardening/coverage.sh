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
if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
	LINE_FLOOR=98.7 BRANCH_FLOOR=93.4 kvm="with /dev/kvm"
else
	LINE_FLOOR=95.4 BRANCH_FLOOR=90.0 kvm="without /dev/kvm"
fi
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
result=OK
gcovr --root . --filter 'lib/' --exclude-unreachable-branches --print-summary \
	--fail-under-line $LINE_FLOOR --fail-under-branch $BRANCH_FLOOR \
	--output "$dir/meson-logs/coverage.txt" "$dir" >"$dir/meson-logs/coverage-summary.txt" || result=FAIL status=1
cat "$dir/meson-logs/coverage-summary.txt"
echo "coverage ($kvm): floors $LINE_FLOOR % of lines, $BRANCH_FLOOR % of branches of lib/: $result (report: $dir/meson-logs/coverage.txt)"
printf '{"name": "coverage-floor", "result": "%s"}\n' "$result" >"$dir/meson-logs/testlog-coverage.json"
exit $status
