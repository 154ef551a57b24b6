#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Install what the cross and ppc-e2e suites need (Debian 12): cross compilers,
# qemu-user and qemu-system-ppc, the ppc64el architecture (apt-get download
# of the ppc64el kernel package) and a deb-src stanza (the ppc-qemu-patch
# suite builds QEMU from Debian's source package). Idempotent; run as root;
# tests/setup-debian.sh --all (so .ci/run) calls it.
set -eu
# python3-venv: QEMU 10.0's configure (ppc-qemu-patch-10.0) makes a venv.
PKGS="qemu-system-ppc qemu-user-static gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross \
gcc-powerpc64-linux-gnu libc6-dev-ppc64-cross cpio dpkg-dev patch python3-venv"
# shellcheck disable=SC2086
exec "$(dirname "$0")/../e2e-common/apt-install.sh" --arch ppc64el --src qemu ppc-e2e $PKGS
