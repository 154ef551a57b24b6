#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# What the 'package' suite needs on Debian 12, as root: the packaging tools
# and the build dependencies of packaging/debian/control.
set -eu
pkgs="dpkg-dev debhelper fakeroot lintian util-linux binutils"
pkgs="$pkgs meson ninja-build pkgconf check libglib2.0-dev libjson-glib-dev python3 abigail-tools"
missing=
for p in $pkgs; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "package setup: missing packages:$missing (run as root, or apt-get install them)" >&2
	exit 1
fi
echo "package setup: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing >/dev/null
