#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every test tier: install what is missing, build, run all suites, and print
# one closing line "tests: N passed, N failed, N skipped".
set -eu
cd "$(dirname "$0")/.."
tests/setup-debian.sh --all
[ -d build ] || meson setup build
meson compile -C build
status=0
meson test -C build --print-errorlogs --num-processes 2 || status=1
python3 - build/meson-logs/testlog.json <<'PY'
import json, sys
n = {"OK": 0, "FAIL": 0, "SKIP": 0}
for line in open(sys.argv[1]):
    r = json.loads(line)["result"]
    key = {"EXPECTEDFAIL": "OK", "UNEXPECTEDPASS": "FAIL", "TIMEOUT": "FAIL", "ERROR": "FAIL"}.get(r, r)
    n[key] = n.get(key, 0) + 1
print(f"tests: {n['OK']} passed, {n['FAIL']} failed, {n['SKIP']} skipped")
PY
exit $status
