#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# What the 'package' suite needs on Debian 12, as root: the packaging tools
# and the build dependencies of packaging/debian/control.
set -eu
pkgs="dpkg-dev debhelper fakeroot lintian util-linux binutils"
pkgs="$pkgs meson ninja-build pkgconf check libglib2.0-dev libjson-glib-dev python3 abigail-tools scdoc"
# shellcheck disable=SC2086
exec "$(dirname "$0")/../e2e-common/apt-install.sh" package $pkgs
