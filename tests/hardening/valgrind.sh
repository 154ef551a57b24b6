#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Valgrind memcheck over the unit, real-KVM and threads suites of the main
# build (the `valgrind` test setup in tests/meson.build: --leak-check=full,
# --error-exitcode, CK_FORK=no). Log: build/meson-logs/testlog-valgrind.*
set -eu
cd "$(dirname "$0")/../.."
dir=${VCPUCHAR_BUILD_ROOT:-.}/build
[ -d "$dir" ] || meson setup "$dir" >/dev/null
meson compile -C "$dir"
exec meson test -C "$dir" --setup valgrind --print-errorlogs --num-processes 2 \
	--suite unit --suite kvm --suite threads
