#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The 'package' suite: the Debian packages built from this tree, end to end.
#  1. packaging/layout.sh lays the tree out with packaging/debian/ as debian/.
#  2. A missing build dependency stops dpkg-buildpackage with dpkg's own
#     "Unmet build dependencies" error, before anything is built.
#  3. dpkg-buildpackage -us -uc -b in a network namespace with no network
#     (only a down loopback), an empty environment and, when run as root,
#     as the user nobody: builds libvcpuchar1, libvcpuchar-dev and vcpuchar
#     and runs the offline tests (debian/rules).
#  4. The packages: a symbols file with version nodes, no RUNPATH, man page.
#  5. lintian: no error and no warning.
#  6. The autopkgtest (debian/tests/build-consumer) on the .debs unpacked
#     into a scratch root (packaging/try-debs.sh).
# Usage: run.sh SRCDIR WORKDIR
set -eu
src=$1 work=$2
need() { # COMMAND PACKAGE
	command -v "$1" >/dev/null || { echo "SKIP: $1 not found (Debian package $2; tests/setup-debian.sh --all installs it)" >&2; exit 77; }
}
need dpkg-buildpackage dpkg-dev
need dh debhelper
need lintian lintian
need unshare util-linux
need fakeroot fakeroot
step() { echo "== $(date -u +%T) $*"; }

# The package is built in a short folder (/tmp/XXX): the CLI echoes at most 64 bytes of a
# path, and the CLI tests that run during the build match the file names.
# $work (the build dir) becomes a link to it; it is kept after the run, for its logs and
# packages, until the next run removes it.
[ ! -L "$work" ] || rm -rf "$(readlink "$work")"
rm -rf "$work"
mkdir -p "$(dirname "$work")"
short=$(mktemp -d /tmp/XXX)
ln -s "$short" "$work"
work=$short
# Unprivileged and offline: as root, drop to nobody inside an unshared
# network namespace; otherwise a user namespace gives the network namespace.
if [ "$(id -u)" = 0 ]; then
	need setpriv util-linux
	jail="unshare --net -- setpriv --reuid=nobody --regid=nogroup --clear-groups --"
else
	jail="unshare --user --map-current-user --net --"
fi
# shellcheck disable=SC2086
if ! $jail true 2>"$work/unshare.err"; then
	echo "SKIP: cannot enter a network namespace: $(cat "$work/unshare.err")" >&2
	exit 77
fi
tmp=$work/tmp
mkdir "$tmp"
clean_env="env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/nonexistent LANG=C.UTF-8 TMPDIR=$tmp"

step "lay out"
tree=$("$src/packaging/layout.sh" "$work")
[ "$(id -u)" = 0 ] && chown -R nobody:nogroup "$work" "$tmp"

step "a missing build dependency"
cp "$tree/debian/control" "$work/control.orig"
sed -i 's/^Build-Depends: /Build-Depends: vcpuchar-no-such-build-dep, /' "$tree/debian/control"
# shellcheck disable=SC2086
if (cd "$tree" && $jail $clean_env dpkg-buildpackage -us -uc -b) >"$work/unmet.log" 2>&1; then
	echo "FAIL: dpkg-buildpackage built with an unmet build dependency" >&2
	exit 1
fi
grep 'Unmet build dependencies' "$work/unmet.log"
grep -q '^dpkg-checkbuilddeps: error: Unmet build dependencies: vcpuchar-no-such-build-dep$' "$work/unmet.log" || {
	echo "FAIL: not dpkg's unmet-dependency error:" >&2
	sed 's/^/  | /' "$work/unmet.log" >&2
	exit 1
}
cp "$work/control.orig" "$tree/debian/control"

step "dpkg-buildpackage -us -uc -b, no network"
# The namespace has a loopback, down, and no other interface.
# shellcheck disable=SC2086
ifaces=$($jail sh -c "sed -n 's/^ *\\([^:]*\\):.*/\\1/p' /proc/net/dev" | tr '\n' ' ')
ifaces=${ifaces% }
echo "network interfaces inside the build namespace: $ifaces"
[ "$ifaces" = lo ] || { echo "FAIL: the build namespace has interfaces: $ifaces" >&2; exit 1; }
# shellcheck disable=SC2086
if ! (cd "$tree" && $jail $clean_env dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
	tail -n 60 "$work/build.log" >&2
	echo "FAIL: dpkg-buildpackage (log: $work/build.log)" >&2
	exit 1
fi
# The offline tests ran during the build and none failed.
grep -E '^(Ok|Expected Fail|Fail|Unexpected Pass|Skipped|Timeout): ' "$work/build.log"
ok=$(awk '$1 == "Ok:" { print $2 }' "$work/build.log")
fail=$(awk '$1 == "Fail:" { print $2 }' "$work/build.log")
if [ "${ok:-0}" -le 0 ] || [ "${fail:-1}" != 0 ]; then
	echo "FAIL: meson test did not pass in the build" >&2
	exit 1
fi

step "the packages"
version=$(dpkg-parsechangelog -l "$tree/debian/changelog" -S Version)
arch=$(dpkg-architecture -q DEB_HOST_ARCH)
for p in libvcpuchar1 libvcpuchar-dev vcpuchar; do
	deb=$work/${p}_${version}_$arch.deb
	[ -f "$deb" ] || { echo "FAIL: $deb not built" >&2; exit 1; }
	echo "$(basename "$deb"): $(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $6 }' | tr '\n' ' ')"
done
# The symbols file names each symbol with its version node.
dpkg-deb --ctrl-tarfile "$work/libvcpuchar1_${version}_$arch.deb" | tar -xO ./symbols >"$work/symbols"
n=$(grep -c '^ vcpuchar_[a-z0-9_]*@VCPUCHAR_1\.[0-9]* ' "$work/symbols")
echo "symbols file: $n functions with their version node"
if [ "$n" -le 0 ] || grep '^ ' "$work/symbols" | grep -v '@VCPUCHAR_'; then
	echo "FAIL: symbols file:" >&2
	cat "$work/symbols" >&2
	exit 1
fi
dpkg-deb -x "$work/vcpuchar_${version}_$arch.deb" "$work/cli"
if readelf -d "$work/cli/usr/bin/vcpuchar" | grep -E 'RPATH|RUNPATH'; then
	echo "FAIL: the packaged vcpuchar has a RUNPATH" >&2
	exit 1
fi

step "lintian"
changes=$work/libvcpuchar_${version}_$arch.changes
# From the build folder: lintian, as nobody, goes back to its working directory, and the
# checkout's (the meson build dir) may be one nobody cannot enter (a 0700 home or mktemp -d).
# shellcheck disable=SC2086
if ! (cd "$work" && $jail $clean_env lintian --fail-on error,warning --display-level '>=warning' "$changes") \
	>"$work/lintian.log" 2>&1; then
	cat "$work/lintian.log" >&2
	echo "FAIL: lintian reports errors or warnings" >&2
	exit 1
fi
echo "lintian: $(wc -l <"$work/lintian.log") lines at warning level or above"
cat "$work/lintian.log"

step "autopkgtest build-consumer on the unpacked .debs"
"$src/packaging/try-debs.sh" "$tree" "$work/libvcpuchar1_${version}_$arch.deb" \
	"$work/libvcpuchar-dev_${version}_$arch.deb" "$work/vcpuchar_${version}_$arch.deb"
step "done"
