#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The stored 1.0 ABI (abidw of libvcpuchar.so.1, public header types only)
# against the built library: any difference abidiff reports fails, so an
# accidental ABI change cannot pass CI.
#   baseline.sh SRCDIR LIBRARY.so            check (a meson test, suite abi)
#   baseline.sh --update SRCDIR LIBRARY.so   rewrite tests/abi/libvcpuchar-1.0.abi
# Update only on purpose: after adding an interface in a new version node,
# or when the review agrees a reported change is compatible; commit the new
# baseline with the change that needs it and say why.
set -eu
update=
if [ "${1:-}" = --update ]; then
	update=1
	shift
fi
src=$1 so=$2
base=$src/tests/abi/libvcpuchar-1.0.abi
if ! command -v abidiff >/dev/null; then
	echo "abidiff not found (Debian package abigail-tools): skipped"
	exit 77
fi
if [ -n "$update" ]; then
	abidw --headers-dir "$src/include" --no-corpus-path --no-comp-dir-path --short-locs --out-file "$base" "$so"
	echo "wrote $base"
	exit 0
fi
if abidiff --headers-dir2 "$src/include" "$base" "$so"; then
	echo "ABI of $so matches $base"
	exit 0
fi
echo "the ABI differs from the 1.0 baseline (above). If the change is intended, run"
echo "  tests/abi/baseline.sh --update . $so"
echo "and commit tests/abi/libvcpuchar-1.0.abi with the change."
exit 1
