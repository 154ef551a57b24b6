#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# A profile's file name may hold any byte but '/' and NUL: every line and
# JSON string that names one shows it escaped as cli_usage() does (control
# bytes as \n, \t, \xNN, bytes that are no UTF-8 as \xNN), so that a name
# cannot forge a text line ("migration ok") nor make --json invalid UTF-8.
# Usage: cli-paths.sh VCPUCHAR SRCDIR
set -u
cli=$1 src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"

bad=$tmp/$'q"\xfe\n.p'
forged=$tmp/$'x\nmigration ok\n'
cp "$P/power9-dd2.3-opal.profile" "$bad"
cp "$P/power9-nested-hv-qemu-fixed-ccd.profile" "$forged"
cp "$P/no-information.profile" "$tmp/n.profile"

# strict_json NAME FILE: FILE is UTF-8 (RFC 8259) and JSON, and names the file escaped.
strict_json() {
	cases=$((cases + 1))
	python3 -c 'import json, sys
data = open(sys.argv[1], "rb").read()
j = json.loads(data.decode("utf-8"))
assert "\\xfe" in data.decode("utf-8"), "the name is not shown escaped"' "$2" >"$tmp/py" 2>&1 ||
		{ cat "$tmp/py" >>"$tmp/err"; fail "$1"; }
}

expect "migrate --json, a non-UTF-8 source name" 1 - -- \
	"$cli" ppc migrate --src-host "$bad" --dst-host "$tmp/n.profile" --json
strict_json "migrate --json, a non-UTF-8 source name: valid JSON" "$tmp/out"
expect "baseline --json, a non-UTF-8 name" 0 - -- "$cli" ppc baseline "$bad" "$tmp/n.profile" --json
strict_json "baseline --json, a non-UTF-8 name: valid JSON" "$tmp/out"

# No line of the text answer is the forged one; the last says the real verdict.
expect "migrate, a name holding a newline" 1 - -- \
	"$cli" ppc migrate --src-host "$forged" --dst-host "$tmp/n.profile"
cases=$((cases + 1))
if grep -qx 'migration ok' "$tmp/out" || [ "$(tail -n 1 "$tmp/out")" != "migration refused" ]; then
	fail "migrate, a name holding a newline: a forged line"
fi
cases=$((cases + 1))
grep -q 'x\\nmigration ok\\n' "$tmp/out" || fail "migrate, a name holding a newline: not shown escaped"
expect "baseline, a name holding a newline" 0 - -- "$cli" ppc baseline "$forged" "$tmp/n.profile"
cases=$((cases + 1))
if grep -qx 'migration ok' "$tmp/out"; then
	fail "baseline, a name holding a newline: a forged line"
fi

finish cli-paths
