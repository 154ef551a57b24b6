#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The stored ABIs (abidw of libvcpuchar.so.1, public header types only)
# against the built library, so an accidental ABI change cannot pass CI:
# - every released version's file (tests/abi/libvcpuchar-X.Y.abi before this
#   release) is a promise: abidiff may report added functions and variables
#   (exit 4, "N Added"), never a removed or changed one (exit bit 8, or a
#   non-zero "Removed"/"Changed" count in its summary). A struct with a
#   leading size grown at its end shows as a "Changed" function (an indirect
#   sub-type change): review it, then list that type in
#   tests/abi/libvcpuchar-X.Y.suppr (an abidiff suppression file, e.g.
#   [suppress_type] name = vcpuchar_foo, has_data_member_inserted_at = end).
# - this release's file must match exactly: any difference fails.
#   baseline.sh SRCDIR LIBRARY.so            check (a meson test, suite abi)
#   baseline.sh --update SRCDIR LIBRARY.so   rewrite this release's file only
# The release is the project version's X.Y, or X.(Y+1) for a snapshot X.Y.90+.
# Update only on purpose: after adding an interface in this release's node,
# or when the review agrees a reported change is compatible; commit the new
# baseline with the change that needs it and say why.
set -eu
update=
if [ "${1:-}" = --update ]; then
	update=1
	shift
fi
src=$1 so=$2
version=$(sed -n "s/^ *version: '\([0-9]*\.[0-9]*\.[0-9]*\)',$/\1/p" "$src/meson.build")
[ -n "$version" ] || { echo "cannot read the project version from $src/meson.build" >&2; exit 1; }
# X.Y.Z is release X.Y; X.Y.90 and up is a snapshot of the coming X.(Y+1)
# (doc/stability.md), whose file is the one that may still change.
release=$(echo "$version" | awk -F. '{ print $1 "." ($3 >= 90 ? $2 + 1 : $2) }')
current=$src/tests/abi/libvcpuchar-$release.abi
if ! command -v abidiff >/dev/null; then
	echo "abidiff not found (Debian package abigail-tools): skipped" >&2
	exit 77
fi
if [ -n "$update" ]; then
	abidw --headers-dir "$src/include" --no-corpus-path --no-comp-dir-path --short-locs --out-file "$current" "$so"
	echo "wrote $current"
	exit 0
fi
fail=0
for base in "$src"/tests/abi/libvcpuchar-*.abi; do
	[ "$base" != "$current" ] || continue
	supp=
	[ ! -e "${base%.abi}.suppr" ] || supp="--suppressions ${base%.abi}.suppr"
	rc=0
	# shellcheck disable=SC2086
	out=$(abidiff $supp --headers-dir2 "$src/include" "$base" "$so") || rc=$?
	printf '%s\n' "$out"
	if [ $((rc & 3)) != 0 ]; then
		echo "FAIL: abidiff could not compare $base (exit $rc)"
		fail=1
	elif [ $((rc & 8)) != 0 ] || printf '%s\n' "$out" | grep -Eq '(^|[^0-9])[1-9][0-9]* (Removed|Changed)'; then
		echo "FAIL: $so removes or changes what $(basename "$base") promised (above); only additions are allowed"
		fail=1
	else
		echo "ok: $(basename "$base"): nothing removed or changed (additions allowed)"
	fi
done
if [ ! -e "$current" ]; then
	echo "FAIL: no $current for this release: run tests/abi/baseline.sh --update . $so"
	exit 1
fi
if abidiff --headers-dir2 "$src/include" "$current" "$so"; then
	echo "ok: ABI of $so matches $(basename "$current")"
else
	echo "FAIL: the ABI differs from $(basename "$current") (above). If the change is intended, run"
	echo "  tests/abi/baseline.sh --update . $so"
	echo "and commit $current with the change."
	fail=1
fi
exit $fail
