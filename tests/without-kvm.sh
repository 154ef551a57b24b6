#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Runs a command as on a machine without /dev/kvm: in a private mount
# namespace whose /dev holds only null, zero, full, random, urandom and tty.
# CI runs the kvm suites this way too, so their skip path (exit 77, nothing
# allocated) is tested on every machine, with or without /dev/kvm.
#   tests/without-kvm.sh meson test -C build --suite kvm
# Exits 77 when mount namespaces are not available (not root, no unshare).
set -eu
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
	echo "without-kvm: needs root and unshare(1) for a private /dev" >&2
	exit 77
fi
# The script's $d and $@ are the inner shell's.
# shellcheck disable=SC2016
exec unshare --mount --propagation private sh -eu -c '
d=$(mktemp -d)
mount -t tmpfs -o mode=0755 none "$d"
for n in null zero full random urandom tty; do
	touch "$d/$n"
	mount --bind "/dev/$n" "$d/$n"
done
ln -s /proc/self/fd "$d/fd"
mkdir "$d/shm" && mount -t tmpfs -o mode=1777 none "$d/shm"
mount --move "$d" /dev
exec "$@"' without-kvm "$@"
