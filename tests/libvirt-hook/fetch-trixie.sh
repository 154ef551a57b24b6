#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# A trixie userland with libvirt 11.3 and QEMU 10.0 for the libvirt-hook tier:
# the packages downloaded through a private apt state (tests/e2e-common/apt-private.sh;
# the machine's apt configuration and dpkg status are not used) and unpacked with
# dpkg-deb -x into DIR/root, which run.sh --trixie enters with chroot. Prints the
# root; exit 77 with the reason when the archive cannot be reached.
#   fetch-trixie.sh DIR
set -eu
d=$1
mkdir -p "$d"
d=$(cd "$d" && pwd)
if [ -f "$d/root/.done" ]; then
	echo "$d/root"
	exit 0
fi
opts=$("$(dirname "$0")/../e2e-common/apt-private.sh" --arch amd64 --refresh once "$d/apt" trixie) || {
	echo "$opts"
	exit 77
}
: >"$d/empty"
# Essential packages are not pulled in by dependencies: the tools run.sh and the
# hook script use are named (dash, coreutils, sed, grep, mount, unshare, getent, bc).
pkgs="libvirt-daemon libvirt-daemon-driver-qemu libvirt-clients qemu-system-ppc libjson-glib-1.0-0"
pkgs="$pkgs dash bash coreutils sed grep findutils mount util-linux libc-bin base-passwd bc"
# shellcheck disable=SC2086
if ! apt-get $opts -o Dir::State::status="$d/empty" -o Dir::Etc::Preferences="$d/empty" \
	-o Dir::Etc::PreferencesParts=/dev/null -y -q install --download-only --no-install-recommends $pkgs \
	>"$d/download.log" 2>&1; then
	echo "downloading trixie's libvirt failed (see $d/download.log)"
	exit 77
fi
rm -rf "$d/root"
mkdir -p "$d/root"
for f in "$d/apt/cache/archives/"*.deb; do
	dpkg-deb -x "$f" "$d/root"
done
# base-passwd's postinst writes these from its masters; dpkg-deb -x runs no script.
cp "$d/root/usr/share/base-passwd/passwd.master" "$d/root/etc/passwd"
cp "$d/root/usr/share/base-passwd/group.master" "$d/root/etc/group"
# base-files' postinst makes /var/run and /var/lock links to /run (virsh dials /var/run/libvirt).
rm -rf "$d/root/var/run" "$d/root/var/lock"
ln -s /run "$d/root/var/run"
ln -s /run/lock "$d/root/var/lock"
touch "$d/root/.done"
echo "$d/root"
