#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Install what the x86-guest-e2e suite needs (Debian 12). Idempotent: when
# every package is present it only checks and exits. Run as root;
# tests/setup-debian.sh --all (so .ci/run) calls it. The kernel is fetched
# by run-guest-e2e.py (apt-get download, no root needed).
set -eu

# qemu-system-x86: L0 and, copied into L1, L1's own QEMU; libvirt-clients
# (virsh), libvirt-daemon and libvirt-daemon-driver-qemu: libvirt's QEMU
# driver, run embedded in virsh inside L1 (no daemon, no service: the
# -daemon-system package is not needed); busybox-static, cpio: the L1 image;
# libc6-dev: L2's static /init; gcc, meson, ninja-build, pkg-config,
# dpkg-dev, patch, libglib2.0-dev, zlib1g-dev, libfdt-dev and bookworm's
# qemu source package: the patched QEMU (examples/qemu-x86/build.sh).
PKGS="qemu-system-x86 cpio busybox-static xz-utils zstd libc6-dev python3 libvirt-clients libvirt-daemon libvirt-daemon-driver-qemu
gcc meson ninja-build pkg-config dpkg-dev patch libglib2.0-dev zlib1g-dev libfdt-dev"

# shellcheck disable=SC2086
exec "$(dirname "$0")/../e2e-common/apt-install.sh" --src qemu x86-guest-e2e $PKGS
