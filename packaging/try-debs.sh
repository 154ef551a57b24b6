#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs the autopkgtest (debian/tests/build-consumer) against built .debs
# without autopkgtest's VM and without touching the machine: the .debs are
# unpacked with `dpkg -x` into a scratch root that pkg-config's sysroot and
# LD_LIBRARY_PATH point into; the root is removed afterwards.
#   packaging/try-debs.sh TREE DEB...     (TREE: the laid-out source tree)
set -eu
tree=$1
shift
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
for deb; do
	dpkg -x "$deb" "$root"
done
pc=$(find "$root/usr/lib" -name libvcpuchar.pc | head -n 1)
[ -n "$pc" ] || { echo "try-debs: no libvcpuchar.pc in the .debs" >&2; exit 1; }
libdir=$(dirname "$(dirname "$pc")")
mkdir "$root/tmp"
cd "$tree"
# The .pc names /usr; the sysroot maps it into the scratch root.
PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$root LD_LIBRARY_PATH=$libdir \
	AUTOPKGTEST_TMP=$root/tmp debian/tests/build-consumer
