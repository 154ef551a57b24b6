#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# ThreadSanitizer: test-threads (decide functions, probes and the profile
# loader from several threads at once) built with -fsanitize=thread; any
# data race fails it. Build dir: $VCPUCHAR_BUILD_ROOT/build-tsan.
set -eu
cd "$(dirname "$0")/../.."
dir=${VCPUCHAR_BUILD_ROOT:-.}/build-tsan
[ -d "$dir" ] || meson setup "$dir" -Dwerror=true -Db_sanitize=thread -Db_lundef=false -Dcli=disabled >/dev/null
meson compile -C "$dir" tests/unit/test-threads
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
# GLib 2.74's slice allocator hands memory between threads in code TSan
# cannot see (a false race report); plain malloc it can.
export CK_FORK=no G_SLICE=always-malloc
exec meson test -C "$dir" --no-rebuild --print-errorlogs --suite threads
