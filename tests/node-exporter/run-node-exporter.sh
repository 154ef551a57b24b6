#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Debian's node_exporter serving `vcpuchar export --prometheus` files through its
# textfile collector on 127.0.0.1 (README.md here): every exported series is in the
# scrape, node_textfile_scrape_error is 0, and promtool check metrics finds nothing in
# the files or the scrape. Exits 77 when node_exporter, promtool or curl is missing.
# Usage: run-node-exporter.sh VCPUCHAR SRCDIR
set -u
cli=$1 src=$2
for tool in prometheus-node-exporter promtool curl python3; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "$tool not found (tests/node-exporter/setup.sh installs it)"
		exit 77
	}
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vcpuchar-node-exporter.XXXXXX")
pid=""
# shellcheck disable=SC2317 # run by the trap
cleanup() {
	[ -z "$pid" ] || kill "$pid" 2>/dev/null
	[ -z "$pid" ] || wait "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
start=$(date +%s)
fail=0
mkdir "$tmp/textfile"
# A POWER and an x86 host in one folder (their series differ), and this host's probe on its own.
if ! "$cli" export --host "$src/examples/profiles/power9-dd2.3-opal.profile" --prometheus "$tmp/textfile/power.prom" ||
	! "$cli" export --host "$src/examples/profiles/amd-zen5-idle-hlt-6.15.profile" \
		--prometheus "$tmp/textfile/x86.prom" ||
	! "$cli" export --prometheus "$tmp/probe.prom"; then
	echo "FAIL vcpuchar export"
	exit 1
fi
for f in "$tmp/textfile/power.prom" "$tmp/textfile/x86.prom" "$tmp/probe.prom"; do
	if out=$(promtool check metrics <"$f" 2>&1); then
		echo "ok   promtool check metrics < $(basename "$f")"
	else
		echo "FAIL promtool check metrics < $f: $out"
		fail=1
	fi
done
left=$(find "$tmp/textfile" -name '.*' -type f)
[ -z "$left" ] || {
	echo "FAIL a temporary file was left: $left"
	fail=1
}
# A free port on 127.0.0.1 (the kernel's choice, then released for the exporter).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# Only the textfile collector: the smallest exporter that serves the files.
prometheus-node-exporter --web.listen-address="127.0.0.1:$port" --collector.disable-defaults \
	--collector.textfile --collector.textfile.directory="$tmp/textfile" >"$tmp/exporter.log" 2>&1 &
pid=$!
tries=0
until curl -fsS "http://127.0.0.1:$port/metrics" -o "$tmp/scrape" 2>/dev/null; do
	tries=$((tries + 1))
	if [ $tries -gt 100 ] || ! kill -0 "$pid" 2>/dev/null; then
		echo "FAIL node_exporter did not answer on 127.0.0.1:$port"
		cat "$tmp/exporter.log"
		exit 1
	fi
	sleep 0.1
done
version=$(prometheus-node-exporter --version 2>&1 | head -n 1)
grep -qx 'node_textfile_scrape_error 0' "$tmp/scrape" || {
	echo "FAIL node_textfile_scrape_error is not 0:"
	grep textfile "$tmp/scrape"
	fail=1
}
if out=$(promtool check metrics <"$tmp/scrape" 2>&1); then
	echo "ok   promtool check metrics < the scrape"
else
	echo "FAIL promtool check metrics < the scrape: $out"
	fail=1
fi
# Every sample line of both files, as it is, in the scrape.
n=0
for f in "$tmp/textfile/power.prom" "$tmp/textfile/x86.prom"; do
	grep -v '^#' "$f" >"$tmp/want"
	while IFS= read -r line; do
		n=$((n + 1))
		grep -qxF "$line" "$tmp/scrape" || {
			echo "FAIL not in the scrape: $line"
			fail=1
		}
	done <"$tmp/want"
done
# The families the man page lists, each present.
for family in vcpuchar_export_info vcpuchar_ppc_host_information vcpuchar_ppc_host_cap_level \
	vcpuchar_ppc_fleet_cap_level vcpuchar_ppc_hcall_info vcpuchar_guest_vulnerability_info \
	vcpuchar_x86_idle_hlt vcpuchar_x86_hlt_exits_disable_allowed vcpuchar_x86_pinned_vm_hlt_exits_disabled; do
	grep -q "^${family}[{ ]" "$tmp/scrape" || {
		echo "FAIL no $family in the scrape"
		fail=1
	}
done
echo "node-exporter: $version on 127.0.0.1:$port, $n exported series checked in the scrape, $(($(date +%s) - start)) s"
[ $fail = 0 ] && echo "node-exporter: ok"
exit $fail
