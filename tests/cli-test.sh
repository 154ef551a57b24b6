# shellcheck shell=bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Sourced by the CLI's shell tests (cli-save.sh, cli-messages.sh): a
# temporary directory removed at exit, the case counters, fail NAME (shows
# the command's output from $tmp/out and $tmp/err) and finish NAME (the
# summary line; the exit status says whether any case failed).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 cases=0

fail() {
	failures=$((failures + 1))
	echo "FAIL $1"
	cat "$tmp/out" "$tmp/err" 2>/dev/null | sed 's/^/    | /' | head -12
}

finish() {
	echo "$1: $cases cases, $failures failures"
	[ "$failures" = 0 ]
}
