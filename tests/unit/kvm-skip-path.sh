#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Every real-KVM suite on a machine without /dev/kvm (tests/without-kvm.sh)
# must skip: exit 77, say why, and leave nothing allocated. Each runs plain,
# and under valgrind memcheck when valgrind is there (in an ASan build,
# LeakSanitizer checks the plain run). Usage: kvm-skip-path.sh TEST-EXE...
set -u
# valgrind.supp and without-kvm.sh are in tests/.
tests=$(cd "$(dirname "$0")/.." && pwd)
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
	echo "SKIP: hiding /dev/kvm needs root and unshare(1)" >&2
	exit 77
fi
vg=
if [ -z "${ASAN_OPTIONS:-}" ] && command -v valgrind >/dev/null; then
	vg="valgrind --quiet --leak-check=full --show-leak-kinds=definite,possible"
	vg="$vg --errors-for-leak-kinds=definite,possible --error-exitcode=99"
	vg="$vg --suppressions=$tests/valgrind.supp"
fi
fail=0
check() { # NAME CMD...
	name=$1
	shift
	out=$("$tests/without-kvm.sh" "$@" 2>&1)
	rc=$?
	why=$(printf '%s\n' "$out" | grep -x 'SKIP: cannot open /dev/kvm: No such file or directory')
	if [ $rc -eq 77 ] && [ -n "$why" ]; then
		echo "ok: $name: exit 77, $why"
	else
		echo "FAIL: $name without /dev/kvm: exit $rc (expected 77 and the reason)"
		printf '%s\n' "$out" | sed -n '1,40s/^/  | /p'
		fail=1
	fi
}
for exe in "$@"; do
	check "$(basename "$exe")" "$exe"
	# shellcheck disable=SC2086
	[ -z "$vg" ] || check "$(basename "$exe") under valgrind" $vg "$exe"
done
exit $fail
