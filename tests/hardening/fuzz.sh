#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# libFuzzer (clang, with ASan + UBSan) on every parser of outside input:
# cap lists, machine-type names, pasted texts, profiles, CLI arguments and the --chars hex
# quads. Each target replays its seeds and regression inputs, then fuzzes for
# $VCPUCHAR_FUZZ_SECONDS (default 30), two at a time. Build dir:
# $VCPUCHAR_BUILD_ROOT/build-fuzz.
set -eu
cd "$(dirname "$0")/../.."
dir=${VCPUCHAR_BUILD_ROOT:-.}/build-fuzz
[ -d "$dir" ] || CC=clang CXX=clang++ meson setup "$dir" -Dwerror=true -Dfuzzing=true -Dtests=disabled \
	-Db_sanitize=address,undefined -Db_lundef=false \
	-Dc_args='-fsanitize=fuzzer-no-link -fno-sanitize-recover=all' >/dev/null
meson compile -C "$dir"
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
status=0
meson test -C "$dir" --no-rebuild --print-errorlogs --num-processes 2 --suite fuzz || status=$?
cat "$dir"/tests/hardening/fuzz/*/summary 2>/dev/null || true
exit $status
