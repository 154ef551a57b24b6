#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Builds and runs every libvcpuchar benchmark and prints one table:
# wall time per call against the baseline, instructions per call under
# callgrind, heap allocations per call, syscalls per probe call (strace -c -f),
# and program start-up with and without the library.
#   tests/bench/run.sh [--update-readme] [BUILD_DIR]   (default: build; also `ninja -C build bench`)
# --update-readme writes the table, stamped with `git describe --always --dirty`,
# between the markers of tests/bench/README.md.
# Needs valgrind and strace (tests/setup-debian.sh --all installs them).
set -eu
update=
if [ "${1:-}" = --update-readme ]; then
	update=1
	shift
fi
for tool in valgrind strace; do
	command -v $tool >/dev/null || { echo "run.sh: $tool is missing (tests/setup-debian.sh --all)" >&2; exit 1; }
done
src=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$src/build}
[ -d "$build" ] || meson setup "$build" "$src" >/dev/null
# Under `ninja bench` the run target has built everything already.
[ -n "${MESON_BUILD_ROOT:-}" ] || meson compile -C "$build" >/dev/null
b=$(cd "$build" && pwd)/tests/bench
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load0=$(cut -d' ' -f1 /proc/loadavg)
N=2000   # calls per side under valgrind
P=100    # probe calls under strace (an x86 probe takes most of a millisecond)

"$b/vcpuchar-bench" --tsv >"$tmp/time"

# Instructions per call: one callgrind dump per row and side.
valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$b/vcpuchar-bench" --count $N 2>/dev/null
for f in "$tmp"/cg.*; do
	awk -v n=$N '/^desc: Trigger: Client Request: / { id = $NF }
		/^(totals|summary):/ { ir = $2 } END { printf "%s\t%.0f\n", id, ir / n }' "$f"
done >"$tmp/ir"

# Heap allocations as valgrind counts them: N calls per side of every pure row, less a run of 0.
heap() {
	valgrind --tool=memcheck "$b/vcpuchar-bench" --count "$1" 2>&1 |
		awk '/total heap usage:/ { gsub(",", "", $5); print $5 }'
}
h0=$(heap 0)
hn=$(heap $N)
rows=$(grep -vc '^probe-' "$tmp/time")

# Syscalls per probe call: strace -c -f of P calls less a run of 0, by syscall name.
syscalls() { # row side count -> "name calls" lines
	strace -f -c -o "$tmp/st" "$b/vcpuchar-bench" --run "$1" "$2" "$3" >/dev/null
	awk '$NF != "total" && $NF != "syscall" && $4 ~ /^[0-9]+$/ { print $NF, $4 }' "$tmp/st"
}
per_call() { # row side -> "total<TAB>ioctl 1, openat 14, ..." (what the P calls added, per call)
	syscalls "$1" "$2" 0 >"$tmp/s0"
	syscalls "$1" "$2" $P >"$tmp/sn"
	awk -v p=$P 'NR == FNR { z[$1] = $2; next }
		{ d = ($2 - z[$1]) / p; if (d > 0.005) { list = list sep $1 " " d; sep = ", "; total += d } }
		END { printf "%g\t%s", total, list ? list : "none" }' "$tmp/s0" "$tmp/sn"
}
: >"$tmp/sys"
awk -F'\t' '/^probe-/ && $2 !~ /^skipped/ { print $1 }' "$tmp/time" >"$tmp/probe-rows"
while read -r row; do
	printf '%s\t%s\t%s\n' "$row" "$(per_call "$row" lib </dev/null)" "$(per_call "$row" base </dev/null)" >>"$tmp/sys"
done <"$tmp/probe-rows"

# Start-up: median wall time of exec to exit, and the syscalls each start makes.
"$b/vcpuchar-bench" --startup 300 >"$tmp/start"
start_sys() {
	strace -f -c -o "$tmp/st" "$b/$1"
	# Failed calls are mostly ld.so looking for libraries along RUNPATH.
	awk '$NF == "total" { print $4 ($5 ~ /^[0-9]+$/ ? " (" $5 " failed)" : "") }' "$tmp/st"
}

{
printf '%-30s %-28s %9s %9s %6s %7s %7s %6s %7s  %s\n' what "library call" lib base ratio "lib Ir" "base Ir" ratio \
	allocs "syscalls per call: lib | raw"
awk -F'\t' -v ir="$tmp/ir" -v sys="$tmp/sys" '
	BEGIN {
		while ((getline l < ir) > 0) { split(l, a, "\t"); irc[a[1]] = a[2] }
		while ((getline l < sys) > 0) { split(l, a, "\t"); sc[a[1]] = a[2] " | " a[4] }
	}
	function t(ns) { return ns < 1e4 ? sprintf("%.1f ns", ns) : sprintf("%.0f us", ns / 1e3) }
	$2 ~ /^skipped/ { printf "%-30s %s\n", $1, $2; next }
	{
		li = irc[$1 ".lib"]; bi = irc[$1 ".base"]
		printf "%-30s %-28s %9s %9s %5.2fx %7s %7s %6s %7g  %s\n", $2, $3, t($4), t($5), $6,
			li == "" ? "-" : li, bi == "" ? "-" : bi, li == "" ? "-" : sprintf("%.2fx", li / bi), $7,
			($1 in sc) ? sc[$1] : "-"
	}' "$tmp/time"
awk -F'\t' -v plain="$(start_sys start-plain)" -v lib="$(start_sys start-lib)" '
	{ t[$1] = $2 }
	END {
		printf "%-30s %-28s %6d us %6d us %5.2fx %7s %7s %6s %7s  %s | %s (whole program)\n", "program start", \
			"libvcpuchar (libc only)", t["start-lib"], t["start-plain"], t["start-lib"] / t["start-plain"], "-", "-", "-", "-", lib, plain
	}' "$tmp/start"
echo "heap allocations under valgrind memcheck, $N calls per side of each of $rows pure rows: $((hn - h0)) in total"
# The pure paths' promise (tests/bench/README.md): within 2x of the inline code in instructions.
awk -F'\t' 'NR == FNR { ir[$1] = $2; next }
	$1 !~ /^probe-/ { n++; r = ir[$1 ".lib"] / ir[$1 ".base"]; if (r > 2) over = over " " $1 sprintf(" (%.2fx)", r); else ok++ }
	END { printf "pure rows within 2x of the inline code in instructions: %d of %d%s\n", ok, n, over ? "; over:" over : "" }' \
	"$tmp/ir" "$tmp/time"
awk -F'\t' '{ printf "syscalls per %s call, library: %s\n                       raw:     %s\n", $1, $3, $5 }' "$tmp/sys"
} >"$tmp/table"
cat "$tmp/table"
[ -n "$update" ] || exit 0

# The README's table, from this run of this commit.
readme=$src/tests/bench/README.md
if ! grep -q '^<!-- bench-table start' "$readme" || ! grep -q '^<!-- bench-table end' "$readme"; then
	echo "run.sh: $readme lacks the bench-table markers" >&2
	exit 1
fi
{
	echo "From \`tests/bench/run.sh --update-readme\` at commit \`$(git -C "$src" describe --always --dirty)\`,"
	echo "$(date -u +%Y-%m-%d): $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) vCPUs,"
	echo "$(uname -sr), $(sed -n 's/^C compiler for the host machine: [^(]*(\([^ ]* [^ ]*\).*/\1/p' \
		"$build/meson-logs/meson-log.txt" | head -1) $(meson introspect --buildoptions "$build" |
		python3 -c 'import json, sys; o = {x["name"]: x["value"] for x in json.load(sys.stdin)}; print(o["buildtype"])'),"
	echo "load average $load0 at the start, $(cut -d' ' -f1 /proc/loadavg) at the end:"
	echo
	echo '```'
	cat "$tmp/table"
	echo '```'
} >"$tmp/block"
awk -v block="$tmp/block" '
	/^<!-- bench-table end/ { skip = 0 }
	!skip { print }
	/^<!-- bench-table start/ { skip = 1; while ((getline l < block) > 0) print l }' "$readme" >"$tmp/readme"
cat "$tmp/readme" >"$readme"
echo "run.sh: wrote the table into $readme"
