#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Install what the x86-idle-hlt suite needs (Debian 12): the x86-e2e tier's
# packages (its unpatched QEMU is one of the boots and lends the patched one
# its firmware, SeaBIOS and the PVH option ROM), what building QEMU 7.2's
# x86_64-softmmu needs (examples/qemu-idle-hlt/build.sh), and a deb-src
# stanza for bookworm. Idempotent; run as root; tests/setup-debian.sh --all
# calls it. The kernels and the source package are fetched by the tier
# itself (no root needed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sh "$here/../x86-e2e/setup.sh"
# gcc, ninja-build, pkg-config, python3: QEMU's configure and build (7.2
# brings its own meson if the system's is too old); dpkg-dev: dpkg-source;
# patch; glib, pixman, zlib, libfdt: what x86_64-softmmu links against.
PKGS="gcc ninja-build pkg-config python3 dpkg-dev patch libglib2.0-dev libpixman-1-dev zlib1g-dev libfdt-dev"
# shellcheck disable=SC2086
exec "$here/../e2e-common/apt-install.sh" --src qemu x86-idle-hlt $PKGS
