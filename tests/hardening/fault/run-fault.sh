#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Fault injection on every call the probes make (open, read and pread,
# ioctl, malloc): each scenario first runs clean with the shim counting its
# in-scope calls, then once per (call, n-th occurrence, errno) with that one
# call failed; reads are also cut short, emptied and filled with 0xff bytes.
# fault-driver checks the library's invariants (return value, facts, fds);
# the CLI must exit 0/1/2 with a message a person can act on. Then
# KVM_GET_SUPPORTED_CPUID fails with E2BIG forever (alone, and with each of
# the calls behind it failed in turn), and fault-cpuid feeds
# the x86 probe hostile CPUID. Under ASan (tests/hardening/asan.sh) any leak
# or memory error also fails a case.
# Usage: run-fault.sh BUILDDIR SRCDIR
# FAULT_ONLY="NAME..." runs only those scenarios (names as printed below, plus
# e2big-forever, cpuid and no-alloc for the checks after the scenarios), and
# FAULT_CALLS="open read ioctl malloc" only those calls: tests/x86-e2e runs
# the scenarios that need a real KVM fd inside its emulated AMD hosts.
set -u
build=$1 src=$2
shim=$build/tests/hardening/fault/libfault-shim.so
driver=$build/tests/hardening/fault/fault-driver
cli=$build/examples/vcpuchar
cpuid=$build/tests/hardening/fault/fault-cpuid
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A sanitizer finding must not look like the CLI's exit status 1.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:exitcode=86:verify_asan_link_order=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-}:exitcode=86"

points=0 cases=0 failures=0 last_rc=0

# The errnos each call really meets.
declare -A errnos=([open]="ENOENT EACCES EINTR EMFILE ENOMEM" [read]="EINTR EIO EFAULT EINVAL"
	[ioctl]="EINTR EINVAL ENOTTY EFAULT ENOMEM" [malloc]="ENOMEM")

# strerror(3) texts, as the library's descriptions and the CLI print them.
declare -A strerror=([ENOENT]="No such file or directory" [EACCES]="Permission denied"
	[EINTR]="Interrupted system call" [EMFILE]="Too many open files" [ENOMEM]="Cannot allocate memory"
	[EIO]="Input/output error" [EFAULT]="Bad address" [EINVAL]="Invalid argument"
	[ENOTTY]="Inappropriate ioctl for device")

fail() {
	failures=$((failures + 1))
	echo "FAIL [$1] $2"
	sed 's/^/    | /' "$tmp/out" "$tmp/err" | head -20
}

# run KIND NAME EXPECT -- command...: one run with the current FAULT_* environment.
# A CLI run that succeeds must print a line matching EXPECT.
run() {
	local kind=$1 name=$2 expect=$3
	shift 4
	LD_PRELOAD=$shim "$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	last_rc=$rc
	# The driver exits 77 on a host without /dev/kvm: nothing to inject into.
	[ "$kind" = driver ] && [ $rc = 77 ] && return 0
	cases=$((cases + 1))
	if grep -qE 'Sanitizer|runtime error:' "$tmp/err"; then
		fail "$name" "sanitizer finding"
	elif [ "$kind" = driver ]; then
		[ $rc = 0 ] || fail "$name" "driver exit $rc"
	elif [ $rc = 2 ]; then
		# Bad input or a failed step: one line naming it on stderr.
		grep -qE '^vcpuchar: .{15,}' "$tmp/err" || fail "$name" "exit 2 without a usable message"
	elif [ $rc = 0 ] || [ $rc = 1 ]; then
		grep -qE "$expect" "$tmp/out" || fail "$name" "exit $rc without a line matching '$expect'"
		# Where the command reports every fact, the injected error must be
		# named. (An fd that refuses KVM_GET_API_VERSION with EINVAL is "not
		# KVM's", ENOTTY, by the x86 probe's documented rule.)
		local named="${strerror[${FAULT_ERRNO:-EINTR}]}"
		[ "${FAULT_CALL:-}/${FAULT_ERRNO:-}" = ioctl/EINVAL ] && named="$named|${strerror[ENOTTY]}"
		if [ -n "${NAMES_ERRORS:-}" ] && [ -n "${FAULT_ERRNO:-}" ] && [ "${FAULT_ERRNO:-}" != EINTR ] &&
			! grep -qE -e "$FAULT_ERRNO|$named" "$tmp/out" "$tmp/err"; then
			fail "$name" "the injected $FAULT_ERRNO is not named in the output"
		fi
	else
		fail "$name" "CLI exit $rc"
	fi
	return 0
}

# wanted NAME: is NAME selected by FAULT_ONLY (all are when it is unset)?
wanted() {
	[ -z "${FAULT_ONLY:-}" ] && return 0
	case " $FAULT_ONLY " in *" $1 "*) return 0 ;; esac
	return 1
}

# scenario KIND NAME SCOPE EXPECT -- command...
scenario() {
	local kind=$1 name=$2 scope=$3 expect=$4
	shift 5
	wanted "$name" || return 0
	local cmd=("$@")
	export FAULT_SCOPE=$scope
	unset FAULT_CALL FAULT_NTH FAULT_ERRNO FAULT_TIMES FAULT_READ
	FAULT_COUNT_FILE=$tmp/counts run "$kind" "$name clean" "$expect" -- "${cmd[@]}"
	if [ $last_rc = 77 ] && [ "$kind" = driver ]; then
		echo "$name: skipped: $(head -1 "$tmp/out")"
		return
	fi
	cp "$tmp/out" "$tmp/base"
	while read -r call count; do
		[ "$count" -gt 0 ] || continue
		case " ${FAULT_CALLS:-$call} " in *" $call "*) ;; *) continue ;; esac
		local list=${errnos[$call]:-}
		# write and fstat faults have their own test (run-io.sh): not counted here.
		[ -n "$list" ] || continue
		points=$((points + count))
		for n in $(seq 1 "$count"); do
			for e in $list; do
				FAULT_CALL=$call FAULT_NTH=$n FAULT_ERRNO=$e run "$kind" "$name $call#$n $e" "$expect" -- "${cmd[@]}"
				# An interrupted read is retried: the answer must not change.
				if [ "$call/$e" = read/EINTR ] && ! cmp -s "$tmp/base" "$tmp/out"; then
					fail "$name $call#$n EINTR" "answer changed after a retried read"
				fi
			done
			if [ "$call" = read ]; then
				for mode in empty garbage; do
					FAULT_CALL=read FAULT_NTH=$n FAULT_READ=$mode \
						run "$kind" "$name read#$n $mode" "$expect" -- "${cmd[@]}"
				done
				FAULT_CALL=read FAULT_NTH=$n FAULT_READ=short FAULT_TIMES=forever \
					run "$kind" "$name read#$n short" "$expect" -- "${cmd[@]}"
				cmp -s "$tmp/base" "$tmp/out" || fail "$name read#$n short" "answer changed after short reads"
			fi
		done
	done <"$tmp/counts"
	echo "$name: $(tr '\n' ' ' <"$tmp/counts")"
}

profile=$src/examples/profiles/power9-dd2.3-opal.profile
x86_profile=$src/tests/hardening/fault/x86-amd.profile
root=$src/tests/hardening/fault/root-ppc

host='^host +.{20,}'
policy='^disable_exits +'
scenario driver ppc-probe libvcpuchar - -- "$driver" ppc-probe /
FAULT_FAKE_PPC=1 scenario driver ppc-probe-power9 libvcpuchar - -- "$driver" ppc-probe "$root"
scenario driver profile-load libvcpuchar - -- "$driver" profile-load "$profile"
scenario driver x86-profile-load libvcpuchar - -- "$driver" profile-load "$x86_profile"
scenario driver x86-probe libvcpuchar - -- "$driver" x86-probe /
# Behind an E2BIG that never ends: the doubling's allocations and ioctls.
FAULT_ALWAYS_IOCTL=0xc008ae05:E2BIG scenario driver x86-probe-e2big libvcpuchar - -- "$driver" x86-probe /
scenario driver x86-stats libvcpuchar - -- "$driver" x86-stats
if [ -x "$cli" ]; then
	NAMES_ERRORS=1 scenario cli cli-probe vcpuchar "$host" -- "$cli" probe
	FAULT_FAKE_PPC=1 scenario cli cli-ppc-hcall-kvm vcpuchar "$host" -- "$cli" ppc hcall
	scenario cli cli-ppc-hcall-profile vcpuchar "$host" -- "$cli" ppc hcall --host "$profile"
	scenario cli cli-x86-policy vcpuchar "$policy" -- "$cli" x86 policy
	scenario cli cli-x86-policy-profile vcpuchar "$policy" -- "$cli" x86 policy --host "$x86_profile"
fi

# KVM_GET_SUPPORTED_CPUID answers E2BIG forever: the doubling must stop and
# say so in the fact, not loop or allocate without bound.
export FAULT_SCOPE=libvcpuchar
last_rc=77
wanted e2big-forever &&
	FAULT_ALWAYS_IOCTL=0xc008ae05:E2BIG run driver "x86-probe E2BIG forever" - -- "$driver" x86-probe /
if [ $last_rc != 77 ] && ! grep -q '^supported_cpuid: not read: Argument list too long' "$tmp/out"; then
	fail "x86-probe E2BIG forever" "supported_cpuid does not say E2BIG"
fi

# Hostile CPUID through the x86 probe's private seam.
if [ -x "$cpuid" ] && wanted cpuid; then
	"$cpuid" >"$tmp/out" 2>"$tmp/err" || fail cpuid "a CPUID personality broke a check"
	n=$(sed -n 's/^cpuid: \([0-9]*\) personalities$/\1/p' "$tmp/out")
	cases=$((cases + ${n:-0}))
	points=$((points + 1))
	tail -1 "$tmp/out"
fi

# The decide functions allocate nothing (the shim counts every malloc).
if wanted no-alloc; then
	LD_PRELOAD=$shim "$driver" no-alloc >"$tmp/out" 2>"$tmp/err" || fail no-alloc "decide allocated"
	cat "$tmp/out"
fi

echo "fault: $points injection points, $cases cases, $failures failures"
[ -z "${FAULT_ONLY:-}" ] && [ -d "$build/meson-logs" ] && echo "$points $cases $failures" >"$build/meson-logs/fault-summary.txt"
[ $failures = 0 ]
