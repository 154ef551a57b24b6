#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The default suites of a second build (tests/tarball, built with clang), less the
# three whose result does not depend on that build: lint (reads the sources),
# rust (Debian's rustc builds the crates) and musl (musl-gcc builds its own
# copy of the library); the main build runs them. Prints Meson's counts and,
# on a failure, what failed.
# Usage: default-suites.sh BUILDDIR TIER
set -eu
build=$1 tier=$2
rc=0
meson test -C "$build" --no-rebuild --num-processes 2 --print-errorlogs \
	--no-suite lint --no-suite rust --no-suite musl >"$build/default-suites.log" 2>&1 || rc=$?
sed -n '/^Ok:/,/^Timeout:/p' "$build/default-suites.log"
if [ $rc != 0 ]; then
	grep -E ' (FAIL|TIMEOUT|ERROR) ' "$build/default-suites.log" || tail -40 "$build/default-suites.log"
	echo "FAIL $tier: the default suites"
	exit 1
fi
