#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Install what the cross and ppc-e2e suites need (Debian 12). Idempotent:
# when every package is present it only checks and exits.
# Run as root; tests/setup-debian.sh --all (so .ci/run) calls it.
set -eu

# python3-venv: QEMU 10.0's configure (ppc-qemu-patch-10.0) makes a venv.
PKGS="qemu-system-ppc qemu-user-static gcc-powerpc64le-linux-gnu libc6-dev-ppc64el-cross \
gcc-powerpc64-linux-gnu libc6-dev-ppc64-cross cpio dpkg-dev patch python3-venv"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done

# apt-get download of the ppc64el kernel package needs the foreign architecture.
need_arch=0
dpkg --print-foreign-architectures | grep -qx ppc64el || need_arch=1

# The ppc-qemu-patch suite builds QEMU from Debian's source package: it needs
# a deb-src stanza. Our own file, so the system's sources stay as they are.
need_src=0
apt-cache showsrc qemu 2>/dev/null | grep -q '^Package: qemu$' || need_src=1

if [ -z "$missing" ] && [ "$need_arch" = 0 ] && [ "$need_src" = 0 ]; then
	echo "ppc-e2e setup: all packages present"
	exit 0
fi

if [ "$(id -u)" != 0 ]; then
	[ "$need_arch" = 1 ] && missing="$missing (and dpkg --add-architecture ppc64el)"
	[ "$need_src" = 1 ] && missing="$missing (and a deb-src stanza for bookworm)"
	echo "ppc-e2e setup: missing:$missing; run as root" >&2
	exit 1
fi
if [ "$need_arch" = 1 ]; then
	dpkg --add-architecture ppc64el
fi
if [ "$need_src" = 1 ]; then
	cat >/etc/apt/sources.list.d/libvcpuchar-src.sources <<'EOF'
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
EOF
fi
# The ppc64el security index may fail to download; the main index is enough.
apt-get update || true
if [ -n "$missing" ]; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
fi
echo "ppc-e2e setup: installed:${missing:- none} (ppc64el architecture added: $need_arch, deb-src added: $need_src)"
