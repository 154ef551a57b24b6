#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The release tarball (README.md here): `meson dist` makes it from the git
# checkout into BUILDDIR/meson-dist; it must hold exactly the files git tracks
# at HEAD (less EXCLUDED below, empty today); unpacked in a fresh folder it is
# configured, built with clang -Werror and its default suites run (less lint, rust and musl:
# tests/e2e-common/default-suites.sh), with no network when root (unshare -n).
# Usage: run.sh SRCDIR BUILDDIR WORKDIR
# Exits 77 without git metadata (a tree from a tarball makes none).
set -eu
src=$(cd "$1" && pwd) build=$2 work=$3
# Files git tracks that the tarball may leave out (none: a distribution
# builds and tests from the tarball alone).
EXCLUDED=
if ! command -v git >/dev/null || ! git -C "$src" rev-parse --verify -q HEAD >/dev/null 2>&1; then
	echo "SKIP tarball: $src is not a git checkout (meson dist makes the tarball from git)"
	exit 77
fi
rm -rf "$work"
mkdir -p "$work"
dirty=
if ! git -C "$src" diff-index --quiet HEAD; then
	dirty=--allow-dirty
	echo "note: the tree has uncommitted changes; the tarball holds HEAD ($(git -C "$src" rev-parse --short HEAD))"
fi
# shellcheck disable=SC2086 # $dirty is empty or one word
meson dist -C "$build" --no-tests --formats xztar $dirty >"$work/dist.log" 2>&1 ||
	{ cat "$work/dist.log"; echo "FAIL meson dist"; exit 1; }
tarball=$(sed -n 's/^Created \(.*\.tar\.xz\)$/\1/p' "$work/dist.log" | tail -n 1)
[ -f "$tarball" ] || { cat "$work/dist.log"; echo "FAIL meson dist named no tarball"; exit 1; }
echo "tarball: $tarball ($(du -k "$tarball" | cut -f1) KiB)"

# Its files against git's at HEAD.
top=$(basename "$tarball" .tar.xz)
tar -tJf "$tarball" | sed -n "s|^$top/||p" | grep -v '/$' | grep -v '^$' | sort >"$work/tar.list"
git -C "$src" ls-tree -r --name-only HEAD | sort >"$work/git.list"
for f in $EXCLUDED; do echo "$f"; done | sort >"$work/excluded.list"
comm -23 "$work/git.list" "$work/tar.list" | comm -23 - "$work/excluded.list" >"$work/missing.list"
comm -13 "$work/git.list" "$work/tar.list" >"$work/extra.list"
if [ -s "$work/missing.list" ] || [ -s "$work/extra.list" ]; then
	sed 's/^/missing from the tarball: /' "$work/missing.list" | head -20
	sed 's/^/in the tarball, not in git: /' "$work/extra.list" | head -20
	echo "FAIL the tarball's files are not git's"
	exit 1
fi
echo "the tarball holds the $(wc -l <"$work/git.list") files git tracks at HEAD"

# Unpacked in a fresh folder, away from the checkout and its build.
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
tar -xJf "$tarball" -C "$fresh"
[ ! -e "$fresh/$top/.git" ] || { echo "FAIL the tarball holds .git"; exit 1; }
offline=
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null && unshare -n true 2>/dev/null; then
	offline="unshare -n"
	echo "offline: setup, build and tests run in a network namespace with no interface up"
else
	echo "note: not root, so the tarball's build is not cut off from the network (unshare -n needs root)"
fi
# The inner shell's $1 and $2.
# shellcheck disable=SC2016
# The other compiler: the tarball is built with clang -Werror (and
# -gdwarf-4: Debian 12's valgrind 3.19 cannot read clang 14's DWARF 5), so
# one second build proves both the tarball and the clang build; gcc builds
# the git tree, whose files the tarball holds exactly (above).
if ! command -v clang >/dev/null; then
	echo "SKIP tarball: no clang (Debian package clang; tests/setup-debian.sh --all)"
	exit 77
fi
cxx=c++
command -v clang++ >/dev/null && cxx=clang++
# shellcheck disable=SC2016 # the script is sh -c's, expanded there
$offline env CC=clang CXX=$cxx sh -eu -c '
tree=$1 src=$2
meson setup "$tree/build" "$tree" -Dwerror=true -Dc_args=-gdwarf-4 -Dcpp_args=-gdwarf-4 >"$tree/setup.log" 2>&1 ||
	{ cat "$tree/setup.log"; echo "FAIL meson setup of the tarball"; exit 1; }
grep -q "^C compiler for the host machine: clang" "$tree/setup.log" || { echo "FAIL the C compiler is not clang"; exit 1; }
sed -n "/^  Also built/,/^\$/p" "$tree/setup.log"
meson compile -C "$tree/build" >"$tree/compile.log" 2>&1 ||
	{ grep -B2 -A8 -E "error|warning" "$tree/compile.log" | head -60; echo "FAIL build of the tarball with clang -Werror"; exit 1; }
echo "built with clang -Werror: $(grep -c "Compiling C" "$tree/compile.log") C files"
"$src/tests/e2e-common/default-suites.sh" "$tree/build" tarball
' tarball "$fresh/$top" "$src"
echo "ok tarball (clang -Werror)"
