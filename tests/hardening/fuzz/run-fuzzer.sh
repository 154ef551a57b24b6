#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs one libFuzzer target: first every regression input and seed (each
# must pass), then fuzzing for $VCPUCHAR_FUZZ_SECONDS (default 30) from the
# seeds. Prints "NAME: N executions in S s"; a crash leaves its input in
# WORKDIR/artifacts: copy it to tests/hardening/fuzz/regress/NAME/ with the fix.
# Usage: run-fuzzer.sh FUZZER SEEDDIR REGRESSDIR WORKDIR [DICT]
set -eu
exe=$1 seeds=$2 regress=$3 work=$4 dict=${5:-}
secs=${VCPUCHAR_FUZZ_SECONDS:-30}
name=${exe##*/}
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"

inputs=$(find "$seeds" "$regress" -type f 2>/dev/null | sort)
# shellcheck disable=SC2086
"$exe" $inputs >"$work/replay.log" 2>&1 || {
	tail -40 "$work/replay.log"
	echo "$name: a seed or regression input fails"
	exit 1
}

set --
[ -f "$dict" ] && set -- -dict="$dict"
status=0
"$exe" "$@" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -close_fd_mask=3 \
	-artifact_prefix="$work/artifacts/" "$work/corpus" "$seeds" >"$work/fuzz.log" 2>&1 || status=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/fuzz.log" | tail -1)
echo "$name: ${execs:-?} executions in $secs s, $(echo "$inputs" | wc -w) seed and regression inputs replayed" |
	tee "$work/summary"
if [ $status != 0 ]; then
	grep -A30 -E 'ERROR|WARNING|deadly signal|Sanitizer' "$work/fuzz.log" | head -60
	ls "$work/artifacts"
	echo "$name: fuzzing failed (exit $status); inputs above in $work/artifacts"
	exit 1
fi
