#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# A private apt state for one Debian suite of the machine's own archive, in a
# directory of the build tree or a cache; the machine's apt configuration
# stays as it is. Prints the apt-get/apt-cache options that use it, on one
# line (the directory must not hold a space).
#
# Usage: apt-private.sh [--arch ARCH] [--src] [--updates] [--refresh daily|once|always] DIR SUITE
#   --arch ARCH   only ARCH's package lists (APT::Architectures)
#   --src         also the suite's deb-src lists (apt-get source)
#   --updates     a stable suite also with its -updates and -security suites
#   --refresh     fetch the lists once a day (default; delete DIR/updated-*
#                 to force it), once ever (DIR/.done), or on every call
# Exit 77 printing the reason on stdout when the archive does not answer or
# apt refuses its lists (the caller skips with it); index files that fail
# while the archive answers (a mirror mid-sync) are retried, then tolerated
# with a line on stderr naming them (apt-update.sh). Callers: tests/ppc-common/fetch-kernel.sh,
# tests/ppc-nested-e2e/fetch-qemu.sh, tests/x86-idle-hlt/newkernel.py and
# examples/qemu/build-cross.sh.
set -eu
arch="" src=0 updates=0 refresh=daily
while [ $# -gt 2 ]; do
	case $1 in
	--arch) arch=$2; shift 2 ;;
	--src) src=1; shift ;;
	--updates) updates=1; shift ;;
	--refresh) refresh=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# = 2 ] || { echo "usage: apt-private.sh [--arch ARCH] [--src] [--updates] [--refresh daily|once|always] DIR SUITE" >&2; exit 2; }
d=$1 suite=$2
case "$d" in
/*) ;;
*) d=$(pwd)/$d ;; # apt reads relative Dir:: paths from /
esac
case "$d" in *" "*)
	echo "the private apt state path has a space: $d"
	exit 77
	;;
esac

# The archive the machine already uses (its deb822 sources), else Debian's.
archive_uri() {
	for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		u=$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' "$f")
		if [ -n "$u" ]; then
			echo "$u"
			return
		fi
	done
	echo http://deb.debian.org/debian
}

opts="-o Dir::State=$d/state -o Dir::Etc::SourceList=$d/sources.list -o Dir::Etc::SourceParts=/dev/null"
opts="$opts -o Dir::Cache=$d/cache -o Debug::NoLocking=1"
[ -z "$arch" ] || opts="$opts -o APT::Architectures::=$arch"
case $refresh in
daily) stamp="$d/updated-$(date -u +%Y%m%d)" ;;
once) stamp="$d/.done" ;;
always) stamp="" ;;
*) echo "apt-private.sh: --refresh $refresh: not daily, once or always" >&2; exit 2 ;;
esac
if [ -n "$stamp" ] && [ -f "$stamp" ]; then
	echo "$opts"
	exit 0
fi

[ "$refresh" != once ] || rm -rf "$d"
mkdir -p "$d/state/lists/partial" "$d/cache/archives/partial"
uri=$(archive_uri)
k=/usr/share/keyrings/debian-archive-keyring.gpg
types=deb
[ $src = 0 ] || types="deb deb-src"
for t in $types; do
	echo "$t [signed-by=$k] $uri $suite main"
	case "$suite" in
	sid | unstable | experimental | *-backports) ;;
	*)
		# A stable release is also its -updates and -security suites.
		if [ $updates = 1 ]; then
			echo "$t [signed-by=$k] $uri $suite-updates main"
			echo "$t [signed-by=$k] $(echo "$uri" | sed 's,/debian/*$,/debian-security,') $suite-security main"
		fi
		;;
	esac
done >"$d/sources.list"
echo "apt-private: fetching $suite's package lists${arch:+ ($arch)} into $d" >&2
# Retried, and read by apt-update.sh: a mid-sync index is tolerated (the
# other lists, and apt's older copy of that one, are used), and only an
# archive that does not answer at all is "no network".
# shellcheck source=tests/e2e-common/apt-update.sh
. "$(dirname "$0")/apt-update.sh"
# shellcheck disable=SC2086
verdict=$(apt_update "$d/update.log" apt-get $opts)
# For a caller that cannot resolve a package to say why (a partial list).
echo "$verdict" >"$d/update.verdict"
case $verdict in
ok) ;;
partial:*)
	# Not stamped: the next caller fetches the lists again.
	echo "apt-private: $suite${arch:+ ($arch)} from $uri: some index files failed, tolerated (the rest is used): ${verdict#partial: }" >&2
	echo "$opts"
	exit 0
	;;
unreachable:*)
	echo "apt-get update of $suite${arch:+ ($arch)}: the archive $uri does not answer (no network to it): ${verdict#unreachable: } (see $d/update.log)"
	exit 77
	;;
*)
	echo "apt-get update of $suite${arch:+ ($arch)} from $uri failed: ${verdict#failed: } (see $d/update.log)"
	exit 77
	;;
esac
rm -f "$d"/updated-*
[ -z "$stamp" ] || touch "$stamp"
echo "$opts"
