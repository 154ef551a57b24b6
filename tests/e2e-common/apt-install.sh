#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the Debian packages a tier needs. Idempotent: when everything is
# present it only checks and exits. Usage:
#   apt-install.sh [--arch ARCH] [--src PACKAGE] TIER PACKAGE...
#   --arch ARCH     also the foreign architecture ARCH (apt-get download of
#                   ppc64el packages needs it)
#   --src PACKAGE   'apt-get source PACKAGE' must work: where no deb-src
#                   stanza gives it, our own sources file adds bookworm's
#                   (the system's sources stay as they are)
# The tiers' setup.sh and tests/setup-debian.sh call it.
set -eu
arch="" src=""
while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=$2; shift 2 ;;
	--src) src=$2; shift 2 ;;
	*) break ;;
	esac
done
tier=$1
shift
missing=""
for p in "$@"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
need_arch=0
[ -z "$arch" ] || dpkg --print-foreign-architectures | grep -qx "$arch" || need_arch=1
need_src=0
[ -z "$src" ] || apt-cache showsrc "$src" 2>/dev/null | grep -q "^Package: $src\$" || need_src=1
if [ -z "$missing" ] && [ $need_arch = 0 ] && [ $need_src = 0 ]; then
	echo "$tier setup: all packages present"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	[ $need_arch = 0 ] || missing="$missing (and dpkg --add-architecture $arch)"
	[ $need_src = 0 ] || missing="$missing (and a deb-src stanza for bookworm)"
	echo "$tier setup: missing:$missing; run as root" >&2
	exit 1
fi
[ $need_arch = 0 ] || dpkg --add-architecture "$arch"
if [ $need_src = 1 ]; then
	cat >/etc/apt/sources.list.d/libvcpuchar-src.sources <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
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
# A foreign architecture's security index may fail to download (a mirror
# mid-sync); the main index is enough. apt-update.sh retries it and says what
# failed; the installation below then tells whether what it needs was there.
# shellcheck source=tests/e2e-common/apt-update.sh
. "$(dirname "$0")/apt-update.sh"
verdict=$(apt_update /tmp/libvcpuchar-apt-update.log env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120)
[ "$verdict" = ok ] || echo "$tier setup: apt-get update: $verdict (tolerated; see /tmp/libvcpuchar-apt-update.log)" >&2
if [ -n "$missing" ]; then
	# shellcheck disable=SC2086
	apt_get install -y -qq --no-install-recommends $missing >/dev/null
fi
echo "$tier setup: installed:${missing:- none} (architecture added: $need_arch, deb-src added: $need_src)"
