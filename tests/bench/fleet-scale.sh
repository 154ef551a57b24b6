#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# `vcpuchar ppc baseline` over fleets of 1,000, 10,000 and 100,000 host
# profiles: the time per profile must stay flat (linear
# growth); the ratios are printed. Not a test: timings under emulation or on
# a shared machine vary, so nothing here asserts a time.
# Usage: fleet-scale.sh VCPUCHAR [N...]   (default N: 1000 10000 100000)
set -eu
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Four kinds of host, words of examples/profiles: POWER9 OPAL, a nested host
# (fixed-ccd), a POWER10 nested host (fixed-na), and one without information.
kinds=(
	'character=0x9840000000000000\nbehaviour=0xe400000000000000\ncharacter_mask=0xf940000000000000\nbehaviour_mask=0xe400000000000000'
	'character=0xbd00000000000000\nbehaviour=0x4000000000000000\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0xe400000000000000'
	'character=0x3c00000000000000\nbehaviour=0xc000000000000000\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0xe400000000000000'
	'character=0x0\nbehaviour=0x0\ncharacter_mask=0x0\nbehaviour_mask=0x0'
)
max=0
for n in "${sizes[@]}"; do [ "$n" -gt "$max" ] && max=$n; done
mkdir "$tmp/fleet"
# One process writes them all (a shell loop of 100,000 printf takes minutes).
python3 - "$tmp/fleet" "$max" "${kinds[@]}" <<'PY'
import os, sys
d, n, kinds = sys.argv[1], int(sys.argv[2]), [k.replace("\\n", "\n") for k in sys.argv[3:]]
for i in range(n):
    with open(os.path.join(d, str(i)), "w") as f:
        f.write("[host]\narch=ppc64le\n[ppc]\n" + kinds[i % len(kinds)] + "\n")
PY

# Wall time depends on what else the machine runs; CPU time (user + system) is the cost.
printf '%-6s %-8s %9s %9s %12s %10s\n' output hosts wall_s cpu_s cpu_us/host cpu_ratio
cd "$tmp/fleet"
for fmt in text json; do
	prev_n=0 prev_c=0
	for n in "${sizes[@]}"; do
		# Short names: 100,000 paths must fit in one exec's argument space.
		mapfile -t names < <(seq 0 $((n - 1)))
		args=(ppc baseline)
		[ "$fmt" = json ] && args+=(--json)
		TIMEFORMAT='%R %U %S'
		{ time "$cli" "${args[@]}" "${names[@]}" >"$tmp/out" 2>"$tmp/err"; } 2>"$tmp/time"
		read -r wall user sys <"$tmp/time"
		cpu=$(echo "$user + $sys" | bc -l)
		if [ "$fmt" = json ]; then
			python3 -c 'import json, sys; j = json.load(open(sys.argv[1])); assert len(j["hosts"]) == int(sys.argv[2])' \
				"$tmp/out" "$n"
		else
			[ "$(grep -c '^host ' "$tmp/out")" = "$n" ] || { echo "text: not $n hosts" >&2; exit 1; }
		fi
		ratio=-
		[ "$prev_n" -gt 0 ] && ratio=$(printf '%.2f' "$(echo "($cpu / $prev_c) / ($n / $prev_n)" | bc -l)")
		printf '%-6s %-8s %9.2f %9.2f %12.1f %10s\n' "$fmt" "$n" "$wall" "$cpu" \
			"$(echo "$cpu * 1000000 / $n" | bc -l)" "$ratio"
		prev_n=$n prev_c=$cpu
	done
done
echo "cpu_ratio: (CPU time / previous CPU time) / (hosts / previous hosts); 1.0 is linear growth"
