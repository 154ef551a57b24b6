#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The clang build (README.md here): the whole tree configured with CC=clang
# (and CXX=clang++ for the C++ header checks) and -Dwerror=true, built, and
# the default suites run on it (less lint, rust and musl, which do not use
# this build: tests/e2e-common/default-suites.sh).
# Usage: run.sh SRCDIR WORKDIR
# Exits 77 without clang.
set -eu
src=$(cd "$1" && pwd) work=$2
if ! command -v clang >/dev/null; then
	echo "SKIP clang: no clang (Debian package clang; tests/setup-debian.sh --all)"
	exit 77
fi
rm -rf "$work"
mkdir -p "$work"
cxx=
command -v clang++ >/dev/null && cxx=clang++
# -gdwarf-4: Debian 12's valgrind (3.19, which kvm-skip-path and fault-io
# run) cannot read clang 14's default DWARF 5 ("unhandled dwarf2 abbrev form
# code 0x25", measured here), and gives up on the binary.
CC=clang CXX=${cxx:-c++} meson setup "$work/build" "$src" -Dwerror=true \
	-Dc_args=-gdwarf-4 -Dcpp_args=-gdwarf-4 >"$work/setup.log" 2>&1 ||
	{ cat "$work/setup.log"; echo "FAIL meson setup with clang"; exit 1; }
grep -E '^C compiler for the host machine|^C\+\+ compiler for the host machine' "$work/setup.log"
grep -q '^C compiler for the host machine: clang' "$work/setup.log" || { echo "FAIL the C compiler is not clang"; exit 1; }
meson compile -C "$work/build" >"$work/compile.log" 2>&1 || { grep -B2 -A8 -E 'error|warning' "$work/compile.log" | head -60; echo "FAIL build with clang -Werror"; exit 1; }
echo "built with clang -Werror: $(grep -c 'Compiling C' "$work/compile.log") C files"
"$src/tests/e2e-common/default-suites.sh" "$work/build" clang
echo "ok clang"
