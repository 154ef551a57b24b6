#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# What the libvirt-hook tier needs on Debian 12, as root: libvirtd with its
# QEMU driver, virsh and the POWER system emulator (no libvirt-daemon-system:
# the tier starts the daemons itself, without systemd).
set -eu
exec "$(dirname "$0")/../e2e-common/apt-install.sh" libvirt-hook libvirt-daemon libvirt-daemon-driver-qemu \
	libvirt-clients qemu-system-ppc bc
