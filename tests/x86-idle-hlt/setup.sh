#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Install what the x86-idle-hlt suite needs (Debian 12): the x86-e2e tier's
# packages (its unpatched QEMU is one of the boots and lends the patched one
# its firmware, SeaBIOS and the PVH option ROM), what building QEMU 7.2's
# x86_64-softmmu needs (examples/qemu-idle-hlt/build.sh), and a deb-src
# stanza for bookworm in our own sources file (the same one
# tests/ppc-e2e/setup.sh writes). Idempotent; run as root;
# tests/setup-debian.sh --all calls it. The kernels and the source package
# are fetched by the tier itself (no root needed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sh "$here/../x86-e2e/setup.sh"

# gcc, ninja-build, pkg-config, python3: QEMU's configure and build (7.2
# brings its own meson if the system's is too old); dpkg-dev: dpkg-source;
# patch; glib, pixman, zlib, libfdt: what x86_64-softmmu links against.
PKGS="gcc ninja-build pkg-config python3 dpkg-dev patch libglib2.0-dev libpixman-1-dev zlib1g-dev libfdt-dev"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing="$missing $p"
done
need_src=0
apt-cache showsrc qemu 2>/dev/null | grep -q '^Package: qemu$' || need_src=1
if [ -z "$missing" ] && [ "$need_src" = 0 ]; then
	echo "x86-idle-hlt setup: all packages present"
	exit 0
fi
if [ "$(id -u)" != 0 ]; then
	echo "x86-idle-hlt setup: missing:$missing$([ "$need_src" = 1 ] && echo ' (and a deb-src stanza for bookworm)'); run as root" >&2
	exit 1
fi
if [ "$need_src" = 1 ]; then
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
apt_get() {
	n=0
	until DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 "$@"; do
		n=$((n + 1))
		[ $n -lt 3 ] || return 1
		sleep 10
	done
}
apt_get update -qq || true
if [ -n "$missing" ]; then
	# shellcheck disable=SC2086
	apt_get install -y -qq --no-install-recommends $missing >/dev/null
fi
echo "x86-idle-hlt setup: installed:${missing:- none} (deb-src added: $need_src)"
