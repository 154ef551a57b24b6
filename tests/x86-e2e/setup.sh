#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Install what the x86-e2e suite needs (Debian 12). Idempotent: when every
# package is present it only checks and exits. Run as root;
# tests/setup-debian.sh --all (so .ci/run) calls it. The kernels themselves
# are fetched by run-e2e.py (apt-get download, no root needed).
set -eu

# qemu-system-x86: TCG host; cpio: the initramfs; busybox-static: the tools
# run-fault.sh uses inside it; zstd: a kernel whose payload is zstd (xz is
# read by Python's lzma); libc6-dev: the static /init.
PKGS="qemu-system-x86 cpio busybox-static zstd xz-utils libc6-dev python3"

# shellcheck disable=SC2086
exec "$(dirname "$0")/../e2e-common/apt-install.sh" x86-e2e $PKGS
