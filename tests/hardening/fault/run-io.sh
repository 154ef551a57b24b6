#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# I/O faults that must reach the caller as errors, never as success: the
# profile loader's fstat, the profile save's writes, and every CLI command
# whose standard output or saved file cannot be written (/dev/full, and a
# write failed by tests/hardening/fault/fault-shim.c).
# Usage: run-io.sh BUILDDIR SRCDIR
set -u
build=$1 src=$2
shim=$build/tests/hardening/fault/libfault-shim.so
io=$build/tests/hardening/fault/fault-io
cli=$build/examples/vcpuchar
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:exitcode=86:verify_asan_link_order=0"
failures=0 cases=0

fail() {
	failures=$((failures + 1))
	echo "FAIL $1"
	[ -f "$tmp/out" ] && sed 's/^/    | /' "$tmp/out" | head -20
	[ -f "$tmp/err" ] && sed 's/^/    | /' "$tmp/err" | head -20
}

# check NAME -- command...: the command must exit 0.
check() {
	local name=$1
	shift 2
	cases=$((cases + 1))
	"$@" >"$tmp/out" 2>"$tmp/err" || fail "$name"
}

declare -A errno=([EIO]=5 [ENOSPC]=28)
mkdir "$tmp/save"

# -- vcpuchar_profile_load: a failed fstat is its errno, not "not a regular file".
cp "$src/examples/profiles/power9-dd2.3-opal.profile" "$tmp/p9.profile"
check "load: fstat EIO" -- env LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=fstat FAULT_NTH=1 \
	FAULT_ERRNO=EIO "$io" load "$tmp/p9.profile" "${errno[EIO]}"
# valgrind cannot run an ASan build (tests/hardening/asan.sh runs this script too).
if command -v valgrind >/dev/null && ! ldd "$io" | grep -q libasan; then
	check "load: fstat EIO under valgrind" -- env LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=fstat \
		FAULT_NTH=1 FAULT_ERRNO=EIO valgrind -q --error-exitcode=99 "$io" load "$tmp/p9.profile" "${errno[EIO]}"
fi

# -- A read or a write interrupted by a signal (EINTR) is made again: the load
# and the save succeed, and the saved file holds the facts.
check "load: read EINTR" -- env LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=read FAULT_NTH=1 \
	FAULT_ERRNO=EINTR "$io" load "$tmp/p9.profile" 0
check "save: write EINTR" -- env LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=write FAULT_NTH=1 \
	FAULT_ERRNO=EINTR "$io" save "$tmp/eintr.profile" 0
cases=$((cases + 1))
grep -q '^halt_poll_ns=200000$' "$tmp/eintr.profile" || fail "save: write EINTR lost data"

# -- vcpuchar_profile_save through a symbolic link whose target's directory
# refuses the temporary file: the message names that directory, not the link's.
mkdir "$tmp/target"
printf '# the target\n' >"$tmp/target/t.profile"
ln -s "$tmp/target/t.profile" "$tmp/link.profile"
check "save: open EACCES through a link" -- env LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=open \
	FAULT_NTH=1 FAULT_ERRNO=EACCES "$io" save "$tmp/link.profile" 13
cases=$((cases + 1))
grep -q "cannot create a temporary file in $tmp/target, the link target's directory: Permission denied" "$tmp/out" ||
	fail "save: open EACCES through a link did not name the target's directory"
cases=$((cases + 1))
{ [ "$(cat "$tmp/target/t.profile")" = "# the target" ] && [ "$(ls -A "$tmp/target")" = t.profile ]; } ||
	fail "save: open EACCES through a link changed the target's directory"

# -- vcpuchar_profile_save: a failed or short write. The old file stays as
# it was, and no temporary file is left in the directory.
printf '# the old profile\n' >"$tmp/save/old.profile"
for e in ENOSPC EIO; do
	check "save: write $e" -- env LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=write FAULT_NTH=1 \
		FAULT_ERRNO=$e "$io" save "$tmp/save/old.profile" "${errno[$e]}"
	cases=$((cases + 1))
	[ "$(cat "$tmp/save/old.profile")" = "# the old profile" ] || fail "save: write $e changed the file"
	cases=$((cases + 1))
	[ "$(ls -A "$tmp/save")" = old.profile ] || fail "save: write $e left $(find "$tmp/save" -mindepth 1 -printf '%f ')"
done
check "save: short writes" -- env LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=write FAULT_NTH=1 \
	FAULT_TIMES=forever FAULT_READ=short "$io" save "$tmp/save/old.profile" 0
cases=$((cases + 1))
grep -q '^halt_poll_ns=200000$' "$tmp/save/old.profile" || fail "save: short writes lost data"

# -- The CLI: every command whose stdout cannot be written exits 3 with a
# message, never 0 with a truncated answer (stdio reports it only at
# fflush/fclose or through ferror).
if [ -x "$cli" ]; then
	commands=("probe" "probe --json" "--version" "help"
		"ppc hcall --chars 0,0,0,0" "ppc hcall --chars 0,0,0,0 --json"
		"ppc migrate --src cap-ibs=broken --dst cap-ibs=broken"
		"ppc migrate --src cap-ibs=broken --dst cap-ibs=broken --json"
		"x86 policy" "x86 policy --json")
	for c in "${commands[@]}"; do
		cases=$((cases + 1))
		# shellcheck disable=SC2086
		"$cli" $c >/dev/full 2>"$tmp/err"
		rc=$?
		if [ $rc != 3 ] || ! grep -q "cannot write standard output: No space left on device" "$tmp/err"; then
			fail "vcpuchar $c >/dev/full: exit $rc"
		fi
	done
	# A write that fails mid-way (the first 4 KiB went out): strace injects it.
	if command -v strace >/dev/null; then
		# probe --json is the one answer longer than stdio's 4 KiB buffer.
		cases=$((cases + 1))
		# LeakSanitizer cannot run under ptrace.
		ASAN_OPTIONS="$ASAN_OPTIONS:detect_leaks=0" \
			strace -o /dev/null -e trace=write -e inject=write:error=ENOSPC:when=2 "$cli" probe --json \
			>"$tmp/out" 2>"$tmp/err"
		rc=$?
		# What reached stdout is the first write (one stdio buffer), a part of the whole answer.
		out=$(wc -c <"$tmp/out")
		whole=$("$cli" probe --json | wc -c)
		{ [ $rc = 3 ] && [ "$out" -gt 0 ] && [ "$out" -lt "$whole" ] &&
			grep -q "No space left on device" "$tmp/err"; } ||
			fail "vcpuchar probe --json, 2nd write ENOSPC: exit $rc"
	fi
	# --save: the library's write fails; no file appears, no temporary is left, exit 3 (the
	# saved file not written), as documented; over an existing profile, it is unchanged.
	for e in ENOSPC EIO EDQUOT; do
		cases=$((cases + 1))
		LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=write FAULT_NTH=1 FAULT_ERRNO=$e \
			"$cli" probe --save "$tmp/save/new.profile" >"$tmp/out" 2>"$tmp/err"
		rc=$?
		{ [ $rc = 3 ] && grep -q "(the file is unchanged)" "$tmp/err" && [ ! -e "$tmp/save/new.profile" ] &&
			[ "$(ls -A "$tmp/save")" = old.profile ]; } || fail "vcpuchar probe --save, write $e: exit $rc"
	done
	cases=$((cases + 1))
	cp "$tmp/save/old.profile" "$tmp/old.copy"
	LD_PRELOAD="$shim" FAULT_SCOPE=libvcpuchar FAULT_CALL=write FAULT_NTH=1 FAULT_ERRNO=ENOSPC \
		"$cli" probe --save "$tmp/save/old.profile" --force >"$tmp/out" 2>"$tmp/err"
	rc=$?
	{ [ $rc = 3 ] && grep -q "No space left on device" "$tmp/err" && cmp -s "$tmp/old.copy" "$tmp/save/old.profile"; } ||
		fail "vcpuchar probe --save over a profile, write ENOSPC: exit $rc"
fi

echo "run-io: $cases cases, $failures failures"
[ $failures = 0 ]
