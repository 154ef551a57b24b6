#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# One 'cross' suite test: cross-build the POWER sources and the vector
# runner with tests/cross/ARCH.ini and run them under qemu-user.
# Usage: run-cross.sh ARCH SOURCE_ROOT BUILD_DIR VERSION MESON
# Exit 77 with a reason when the cross compiler or qemu-user is missing.
set -eu

arch=$1 src=$2 build=$3 version=$4 meson=$5
ini="$src/tests/cross/$arch.ini"
cc=$(sed -n "s/^c = '\(.*\)'/\1/p" "$ini")
wrapper=$(sed -n "s/^exe_wrapper = '\(.*\)'/\1/p" "$ini")

for tool in "$cc" "$wrapper"; do
	if ! command -v "$tool" >/dev/null; then
		echo "cross $arch: SKIP: $tool not found (run tests/ppc-e2e/setup.sh as root)"
		exit 77
	fi
done

if [ ! -f "$build/build.ninja" ]; then
	$meson setup --cross-file "$ini" -Dversion="$version" "$build" "$src/tests/cross/vectors"
fi
# meson test rebuilds what changed, then runs through the exe_wrapper.
$meson test -C "$build" --verbose
