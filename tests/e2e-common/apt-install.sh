#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the Debian packages a tier needs. Idempotent: when every package
# is present it only checks and exits. Usage: apt-install.sh TIER PACKAGE...
# (the tiers' setup.sh call it; tests/setup-debian.sh --all calls those).
set -eu
tier=$1
shift
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
if [ -z "$missing" ]; then
	echo "$tier setup: all packages present"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "$tier setup: missing:$missing; run as root" >&2
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
echo "$tier setup: installed:$missing"
