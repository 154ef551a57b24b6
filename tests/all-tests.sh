#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every test tier: install what is missing, build, run all suites, then the
# hardening tiers (tests/hardening/: valgrind; ASan+UBSan with fault
# injection; ThreadSanitizer; libFuzzer; coverage of lib/ by the default
# suites against its floors), and print one closing line
# "tests: N passed, N failed, N skipped" counting every test of every tier.
#   VCPUCHAR_HARDENING=0       skip the hardening tiers (a quick local run)
#   VCPUCHAR_FUZZ_SECONDS=N    time per fuzz target (default 30)
set -eu
cd "$(dirname "$0")/.."
tests/setup-debian.sh --all
# -De2e=true: also the tiers that need network, root or emulated hosts.
# -Dwerror=true: the library, the CLI, the examples and the tests build
# without a warning, and stay so.
if [ -d build ]; then
	meson configure build -De2e=true -Dwerror=true
else
	meson setup build -De2e=true -Dwerror=true
fi
meson compile -C build
status=0
# Old logs must not count for a tier that fails before it runs its tests.
rm -f build/meson-logs/testlog*.json build-asan/meson-logs/testlog.json build-tsan/meson-logs/testlog.json \
	build-fuzz/meson-logs/testlog.json build-coverage/meson-logs/testlog*.json
meson test -C build --print-errorlogs --num-processes 2 || status=1
logs=build/meson-logs/testlog.json
if [ "${VCPUCHAR_HARDENING:-1}" != 0 ]; then
	for tier in valgrind asan tsan fuzz coverage; do
		echo "== hardening tier: $tier"
		tests/hardening/$tier.sh || status=1
	done
	logs="$logs build/meson-logs/testlog-valgrind.json build-asan/meson-logs/testlog.json"
	logs="$logs build-tsan/meson-logs/testlog.json build-fuzz/meson-logs/testlog.json"
	logs="$logs build-coverage/meson-logs/testlog.json build-coverage/meson-logs/testlog-coverage.json"
fi
# shellcheck disable=SC2086
python3 - $logs <<'PY'
import json, os, sys
total = {"OK": 0, "FAIL": 0, "SKIP": 0}
failed, skipped = [], []
for path in sys.argv[1:]:
    n = {"OK": 0, "FAIL": 0, "SKIP": 0}
    if not os.path.exists(path):
        n["FAIL"] = 1  # the tier could not build or start
    else:
        for line in open(path):
            r = json.loads(line)["result"]
            key = {"EXPECTEDFAIL": "OK", "UNEXPECTEDPASS": "FAIL", "TIMEOUT": "FAIL", "ERROR": "FAIL"}.get(r, r)
            n[key] = n.get(key, 0) + 1
            if key == "FAIL":
                failed.append((path, json.loads(line)))
            elif key == "SKIP":
                skipped.append((path, json.loads(line)))
    print(f"  {path}: {n['OK']} passed, {n['FAIL']} failed, {n['SKIP']} skipped")
    for k in total:
        total[k] += n[k]
for path in ["build-asan/meson-logs/fault-summary.txt"]:
    if os.path.exists(path):
        points, cases, failures = open(path).read().split()
        print(f"  fault injection: {points} injection points, {cases} cases, {failures} failures")
if os.path.exists("build-coverage/meson-logs/coverage-summary.txt"):
    for line in open("build-coverage/meson-logs/coverage-summary.txt"):
        if line.startswith(("lines:", "branches:")):
            print("  coverage of lib/: " + line.strip())
for d in sorted(os.listdir("build-fuzz/tests/hardening/fuzz")) if os.path.isdir("build-fuzz/tests/hardening/fuzz") else []:
    p = os.path.join("build-fuzz/tests/hardening/fuzz", d, "summary")
    if os.path.exists(p):
        print("  " + open(p).read().strip())
# CI shows only the end of the output: name each failure there, with the
# end of what it printed.
for path, r in failed:
    print(f"  FAILED in {path}: {r['name']} ({r['result']}, {r['duration']:.0f} s)")
    for out in (r.get("stdout") or "").splitlines()[-25:]:
        print("    | " + out)
# And each skip, with its reason (the last lines the test printed), just
# above the count: a tier that could not test is named where CI shows it.
for path, r in skipped:
    out = [x for x in (r.get("stdout") or r.get("stderr") or "").splitlines() if x.strip()]
    print(f"  SKIPPED in {path}: {r['name']}: " + (out[-1].strip() if out else "(it printed no reason)"))
    for x in out[-3:-1]:
        print("    | " + x)
print(f"tests: {total['OK']} passed, {total['FAIL']} failed, {total['SKIP']} skipped")
PY
exit $status
