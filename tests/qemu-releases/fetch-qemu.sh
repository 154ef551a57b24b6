#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fetch one Debian suite's x86_64 qemu-system-ppc64 with the libraries of
# that same suite (its own libc and loader), unpacked into CACHE/root-NAME,
# without installing anything on the machine (../../../shared recipe:
# a private apt state, an empty dpkg status, apt-get --download-only).
# Usage: fetch-qemu.sh CACHE NAME SUITE[,SUITE2] [TARGET_RELEASE]
#   NAME   the root's name (e.g. 10.0.2)
#   SUITE  one suite, or two joined by a comma (bookworm,bookworm-backports)
#   TARGET_RELEASE  apt-get -t (bookworm-backports)
# Prints the root on stdout. Exit 77 naming the suite when the archive does
# not answer at all (no network, so nothing can be fetched: apt-private.sh's
# "unreachable" verdict); exit 1 naming the package or suite when it answers
# but does not serve them (run-releases.py then fails, naming the binary).
set -eu
cache=$1 name=$2 suites=$3 target=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
root="$cache/root-$name"
if [ -f "$root/.complete" ]; then
	echo "$root"
	exit 0
fi
fail() {
	echo "QEMU $name ($suites): $*"
	exit 1
}
d="$cache/apt-$name"
A=""
for s in $(echo "$suites" | tr , ' '); do
	if ! o=$("$here/../e2e-common/apt-private.sh" --arch amd64 --updates "$d/$s" "$s"); then
		case $(cat "$d/$s/update.verdict" 2>/dev/null) in
		unreachable:*)
			echo "QEMU $name ($suites): $o"
			exit 77
			;;
		esac
		fail "$o"
	fi
	A="$A $o"
done
# One apt state whose sources list holds every suite: merge the lists.
mkdir -p "$d/all/state/lists/partial" "$d/all/cache/archives/partial"
: >"$d/all/sources.list"
for s in $(echo "$suites" | tr , ' '); do
	cat "$d/$s/sources.list" >>"$d/all/sources.list"
	cp "$d/$s"/state/lists/*_Packages* "$d/$s"/state/lists/*Release* "$d/all/state/lists/" 2>/dev/null || true
done
: >"$d/all/status"
: >"$d/all/empty"
A="-o Dir::State=$d/all/state -o Dir::State::status=$d/all/status -o Dir::Etc::SourceList=$d/all/sources.list"
A="$A -o Dir::Etc::SourceParts=/dev/null -o Dir::Etc::Preferences=$d/all/empty"
A="$A -o Dir::Etc::PreferencesParts=/dev/null -o Dir::Cache=$d/all/cache -o Debug::NoLocking=1"
A="$A -o APT::Architectures::=amd64"
# shellcheck disable=SC2086
apt-get $A ${target:+-t $target} install -y --download-only --no-install-recommends \
	qemu-system-ppc >"$d/download.log" 2>&1 ||
	fail "apt-get cannot download qemu-system-ppc and its libraries (see $d/download.log)"
rm -rf "$root.tmp"
mkdir -p "$root.tmp"
for f in "$d"/all/cache/archives/*.deb; do
	dpkg-deb -x "$f" "$root.tmp"
done
[ -x "$root.tmp/usr/bin/qemu-system-ppc64" ] || fail "the packages hold no usr/bin/qemu-system-ppc64"
for f in "$d"/all/cache/archives/qemu-system-ppc_*.deb; do
	dpkg-deb -f "$f" Version
done >"$root.tmp/.version"
rm -rf "$root"
mv "$root.tmp" "$root"
# The unpacked root is what runs: the packages need not stay.
rm -f "$d"/all/cache/archives/*.deb
touch "$root/.complete"
echo "$root"
