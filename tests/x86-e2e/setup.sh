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

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
if [ -z "$missing" ]; then
	echo "x86-e2e setup: all packages present"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "x86-e2e setup: missing:$missing; run as root" >&2
	exit 1
fi
# Another apt (an engineer, unattended-upgrades) may hold the lock: wait for it.
apt_get() {
	n=0
	until DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 "$@"; do
		n=$((n + 1))
		[ $n -lt 3 ] || return 1
		sleep 10
	done
}
apt_get update -qq || true
# shellcheck disable=SC2086
apt_get install -y -qq --no-install-recommends $missing >/dev/null
echo "x86-e2e setup: installed:$missing"
