#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Lays the tree out as a Debian source tree: DEST/libvcpuchar-VERSION/ holds the
# project's files (git's tracked and untracked-but-not-ignored ones; without
# git, everything but build directories) and debian/ from packaging/debian/,
# with a debian/changelog for the project version. Prints that directory.
#   packaging/layout.sh DEST
#   cd "$(packaging/layout.sh /tmp/p)" && dpkg-buildpackage -us -uc -b
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
dest=$1
version=$(sed -n "s/^ *version: *'\([0-9.]*\)'.*/\1/p" "$src/meson.build" | head -n 1)
[ -n "$version" ] || { echo "layout: no version in $src/meson.build" >&2; exit 1; }
tree=$dest/libvcpuchar-$version
rm -rf "$tree"
mkdir -p "$tree"
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# Files deleted but not yet committed are skipped ($f is the inner sh's).
	# shellcheck disable=SC2016
	(cd "$src" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
		(cd "$src" && tar -c --null --no-recursion -T - -f -) | tar -x -C "$tree" -f -
	when=$(git -C "$src" log -1 --format=%ct 2>/dev/null || date +%s)
	what=$(git -C "$src" describe --always --dirty 2>/dev/null || echo unknown)
else
	(cd "$src" && find . -path './build*' -prune -o -path ./.git -prune -o -print0 |
		tar -c --null --no-recursion -T - -f -) | tar -x -C "$tree" -f -
	when=$(date +%s) what=tarball
fi
rm -rf "$tree/packaging"
cp -a "$src/packaging/debian" "$tree/debian"
# A native package: the version is the project's own (meson.build). The
# tree's git describe has a line of its own: lintian's 80 columns.
cat > "$tree/debian/changelog" <<CL
libvcpuchar ($version) unstable; urgency=medium

  * Built by packaging/layout.sh from the libvcpuchar tree at
    $what

 -- $(sed -n 's/^Maintainer: //p' "$src/packaging/debian/control")  $(LC_ALL=C date -u -R -d "@$when")
CL
echo "$tree"
