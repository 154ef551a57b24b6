# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Sourced by the CLI's shell tests (cli-*.sh): a temporary directory removed
# at exit, the case counters, fail NAME (shows the command's output from
# $tmp/out and $tmp/err), expect, jcheck, has and hasnt (below) and finish
# NAME (the summary line; the exit status says whether any case failed).
# The caller sets src (the source tree) first: P is then examples/profiles,
# p9, p10na and amd the bundled profiles most cases load.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 cases=0
# shellcheck disable=SC2034 # used by the scripts that source this one
P=${src:?}/examples/profiles p9=$P/power9-dd2.3-opal.profile p10na=$P/power10-nested-hv-qemu-fixed-na.profile \
	amd=$P/amd-zen5-idle-hlt-6.15.profile

fail() {
	failures=$((failures + 1))
	echo "FAIL $1"
	cat "$tmp/out" "$tmp/err" 2>/dev/null | sed 's/^/    | /' | head -12
}

# expect NAME RC PATTERN -- command...: exit status RC, and stderr matching
# the extended regex PATTERN ("" = anything, "-" = nothing on stderr).
expect() {
	local name=$1 want=$2 pattern=$3
	shift 4
	cases=$((cases + 1))
	"$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	if [ $rc != "$want" ]; then
		fail "$name: exit $rc, want $want"
	elif [ "$pattern" = - ] && [ -s "$tmp/err" ]; then
		fail "$name: unexpected stderr"
	elif [ -n "$pattern" ] && [ "$pattern" != - ] && ! grep -qE -- "$pattern" "$tmp/err"; then
		fail "$name: stderr does not match '$pattern'"
	fi
}

# jcheck NAME FILE PYTHON: the JSON in FILE as j; PYTHON asserts on it.
jcheck() {
	cases=$((cases + 1))
	python3 -c "import json, sys
j = json.load(open(sys.argv[1]))
$3" "$2" >"$tmp/py" 2>&1 || { cat "$tmp/py" >>"$tmp/err"; fail "$1"; }
}

# has NAME PATTERN / hasnt NAME PATTERN: stdout (extended regex).
has() {
	cases=$((cases + 1))
	grep -qE -- "$2" "$tmp/out" || fail "$1: stdout lacks '$2'"
}
hasnt() {
	cases=$((cases + 1))
	! grep -qE -- "$2" "$tmp/out" || fail "$1: stdout has '$2'"
}

finish() {
	echo "$1: $cases cases, $failures failures"
	[ "$failures" = 0 ]
}
