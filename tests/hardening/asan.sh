#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# ASan + UBSan: the library, the CLI and every test built with
# -fsanitize=address,undefined (no recovery), then the unit, real-KVM,
# threads, examples and fault-injection suites and the real-KVM suites' skip
# path (no /dev/kvm), halting on the first error.
# LeakSanitizer runs at every exit. Build dir: $VCPUCHAR_BUILD_ROOT/build-asan.
set -eu
cd "$(dirname "$0")/../.."
dir=${VCPUCHAR_BUILD_ROOT:-.}/build-asan
[ -d "$dir" ] || meson setup "$dir" -Dwerror=true -Db_sanitize=address,undefined -Db_lundef=false \
	-Dc_args=-fno-sanitize-recover=all -Dcpp_args=-fno-sanitize-recover=all >/dev/null
meson compile -C "$dir"
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
# Check's fork mode adds nothing here and hides the child's report.
export CK_FORK=no VCPUCHAR_BOUND_SCALE=4
exec meson test -C "$dir" --print-errorlogs --num-processes 2 \
	--suite unit --suite kvm --suite skip-path --suite threads --suite examples --suite fault
