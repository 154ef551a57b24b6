#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fault injection on every call the probes make (open, read, ioctl, malloc):
# each scenario first runs clean with the shim counting its in-scope calls,
# then once per (call, n-th occurrence, errno) with that one call failed.
# fault-driver checks the library's invariants (return value, facts, fds);
# the CLI must exit 0/1/2 with a message a person can act on. Under ASan
# (tests/hardening/asan.sh) any leak or memory error also fails a case.
# Usage: run-fault.sh BUILDDIR SRCDIR
set -u
build=$1 src=$2
shim=$build/tests/fault/libfault-shim.so
driver=$build/tests/fault/fault-driver
cli=$build/examples/vcpuchar
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A sanitizer finding must not look like the CLI's exit status 1.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:exitcode=86:verify_asan_link_order=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-}:exitcode=86"

points=0 cases=0 failures=0

# The errnos each call really meets.
errnos_open="ENOENT EACCES EINTR EMFILE ENOMEM"
errnos_read="EINTR EIO EFAULT EINVAL"
errnos_ioctl="EINTR EINVAL ENOTTY EFAULT ENOMEM"
errnos_malloc="ENOMEM"

fail() {
	failures=$((failures + 1))
	echo "FAIL [$1] $2"
	sed 's/^/    | /' "$tmp/out" "$tmp/err" | head -20
}

# run KIND NAME -- command...: one run with the current FAULT_* environment.
run() {
	local kind=$1 name=$2
	shift 3
	LD_PRELOAD=$shim "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	cases=$((cases + 1))
	if grep -qE 'Sanitizer|runtime error:' "$tmp/err"; then
		fail "$name" "sanitizer finding"
	elif [ "$kind" = driver ]; then
		[ $rc = 0 ] || fail "$name" "driver exit $rc"
	elif [ $rc = 2 ]; then
		# Bad input or a failed step: one line naming it on stderr.
		grep -qE '^vcpuchar: .{15,}' "$tmp/err" || fail "$name" "exit 2 without a usable message"
	elif [ $rc = 0 ] || [ $rc = 1 ]; then
		grep -qE '^host +.{20,}' "$tmp/out" || fail "$name" "exit $rc without the host line"
	else
		fail "$name" "CLI exit $rc"
	fi
	return 0
}

# scenario KIND NAME SCOPE -- command...
scenario() {
	local kind=$1 name=$2 scope=$3
	shift 4
	local cmd=("$@")
	export FAULT_SCOPE=$scope
	unset FAULT_CALL FAULT_NTH FAULT_ERRNO FAULT_TIMES FAULT_READ FAULT_IOCTL_REQ
	FAULT_COUNT_FILE=$tmp/counts run "$kind" "$name clean" -- "${cmd[@]}"
	cp "$tmp/out" "$tmp/base"
	while read -r call count; do
		[ "$count" -gt 0 ] || continue
		points=$((points + count))
		local list=errnos_$call
		for n in $(seq 1 "$count"); do
			for e in ${!list}; do
				FAULT_CALL=$call FAULT_NTH=$n FAULT_ERRNO=$e run "$kind" "$name $call#$n $e" -- "${cmd[@]}"
				# An interrupted read is retried: the answer must not change.
				if [ "$call/$e" = read/EINTR ] && ! cmp -s "$tmp/base" "$tmp/out"; then
					fail "$name $call#$n EINTR" "answer changed after a retried read"
				fi
			done
			if [ "$call" = read ]; then
				FAULT_CALL=read FAULT_NTH=$n FAULT_READ=empty run "$kind" "$name read#$n empty" -- "${cmd[@]}"
				FAULT_CALL=read FAULT_NTH=$n FAULT_READ=short FAULT_TIMES=forever \
					run "$kind" "$name read#$n short" -- "${cmd[@]}"
				cmp -s "$tmp/base" "$tmp/out" || fail "$name read#$n short" "answer changed after short reads"
			fi
		done
	done <"$tmp/counts"
	echo "$name: $(tr '\n' ' ' <"$tmp/counts")"
}

profile=$src/examples/profiles/power9-dd2.3-opal.profile
root=$src/tests/fault/root-ppc

scenario driver ppc-probe libvcpuchar -- "$driver" ppc-probe /
FAULT_FAKE_PPC=1 scenario driver ppc-probe-power9 libvcpuchar -- "$driver" ppc-probe "$root"
scenario driver profile-load libvcpuchar -- "$driver" profile-load "$profile"
if [ -x "$cli" ]; then
	scenario cli cli-probe vcpuchar -- "$cli" probe
	FAULT_FAKE_PPC=1 scenario cli cli-ppc-hcall-kvm vcpuchar -- "$cli" ppc hcall
	scenario cli cli-ppc-hcall-profile vcpuchar -- "$cli" ppc hcall --host "$profile"
fi

# The decide functions allocate nothing (the shim counts every malloc).
LD_PRELOAD=$shim "$driver" no-alloc >"$tmp/out" 2>"$tmp/err" || fail no-alloc "decide allocated"
cat "$tmp/out"

echo "fault: $points injection points, $cases cases, $failures failures"
[ -d "$build/meson-logs" ] && echo "$points $cases $failures" >"$build/meson-logs/fault-summary.txt"
[ $failures = 0 ]
