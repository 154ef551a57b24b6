#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Keeps four lists in step: the functions the header declares, the
# VCPUCHAR_EXPORT definitions in lib/ (and its domain folders), the .sym
# version script, and what the built .so exports, each symbol in the node the
# .sym gives it (VCPUCHAR_1.0, VCPUCHAR_1.1, ...) and its doc comment saying
# `Since:` that node's version. With the
# static archive of the library's objects, also checks that every global
# symbol in it carries the vcpuchar_ prefix, so a static link never clashes.
# Usage: check-symbols.sh SRCDIR LIBRARY.so [ARCHIVE.a]
set -eu
src=$1 so=$2 archive=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

headers="$src/include/vcpuchar.h $(ls "$src"/include/vcpuchar/*.h 2>/dev/null || true)"
# Function names declared in the public headers.
# shellcheck disable=SC2086
cat $headers | grep -oE '^[a-z][a-z0-9_ *]*[ *](vcpuchar_[a-z0-9_]+)\(' |
	sed -E 's/.*(vcpuchar_[a-z0-9_]+)\($/\1/' | sort -u > "$tmp/header"
# Definitions marked for export (the marker may stand on the line above).
for f in $(find "$src/lib" -name '*.c' | sort); do
	awk '/VCPUCHAR_EXPORT/ { line = $0; if (line !~ /\(/) { getline nxt; line = line " " nxt }
	       if (match(line, /vcpuchar_[a-z0-9_]+\(/)) print substr(line, RSTART, RLENGTH - 1) }' "$f"
done | sort -u > "$tmp/sources"
# Global names in the version script, each with its node ("name@@NODE").
sed 's,/\*.*\*/,,' "$src/lib/libvcpuchar.sym" | awk '
	/^VCPUCHAR_[0-9.]+ *\{/ { node = $1; sub(/\{.*/, "", node) }
	/local:/ { node = "" }
	node != "" { while (match($0, /vcpuchar_[a-z0-9_]+/)) { print substr($0, RSTART, RLENGTH) "@@" node; $0 = substr($0, RSTART + RLENGTH) } }' |
	sort -u > "$tmp/sym-nodes"
sed 's/@@.*//' "$tmp/sym-nodes" | sort -u > "$tmp/sym"
# Dynamic exports of the library, with their version node.
nm -D --defined-only "$so" | awk '$2 ~ /^[TtDdBbRr]$/ { print $3 }' | sort -u > "$tmp/exports-raw"
grep -vE '^vcpuchar_[a-z0-9_]+@@VCPUCHAR_[0-9]+\.[0-9]+$' "$tmp/exports-raw" > "$tmp/stray" || true
sed 's/@@.*//' "$tmp/exports-raw" | sort -u > "$tmp/exports"

status=0
if [ -s "$tmp/stray" ]; then
	echo "exported outside a VCPUCHAR_X.Y node:"; cat "$tmp/stray"; status=1
fi
grep -E '@@VCPUCHAR_' "$tmp/exports-raw" > "$tmp/exports-nodes" || true
if ! diff -u "$tmp/sym-nodes" "$tmp/exports-nodes" > "$tmp/diff"; then
	echo "version nodes in the .sym (-) differ from the .so's (+):"; cat "$tmp/diff"; status=1
fi
for other in sources sym exports; do
	if ! diff -u "$tmp/header" "$tmp/$other" > "$tmp/diff"; then
		echo "header declarations (-) differ from $other (+):"; cat "$tmp/diff"; status=1
	fi
done
n=$(wc -l < "$tmp/header")
[ "$n" -gt 0 ] || { echo "no declarations found in the header"; exit 1; }
# Docs coverage: every declared function has a kernel-doc block with Since:
# the version of its node.
while read -r fn; do
	since=$(sed -n "s/^$fn@@VCPUCHAR_//p" "$tmp/sym-nodes")
	[ -n "$since" ] || since=1.0
	since_re=$(printf '%s' "$since" | sed 's/\./\\\\./g')
	# shellcheck disable=SC2086
	if ! cat $headers | awk -v fn="$fn" -v since="Since: $since_re" '
		/\/\*\*/ { doc = ""; indoc = 1 }
		indoc { doc = doc $0 "\n" }
		/\*\// { indoc = 0; last = doc }
		# A comment line naming the function is not its declaration.
		$0 ~ fn "\\(" && !indoc && $0 !~ /^[ \t]*(\/\*|\*)/ { if (last ~ fn && last ~ since) ok = 1; exit }
		END { exit ok ? 0 : 1 }'; then
		echo "$fn: no doc comment naming it with 'Since: $since' right above its declaration"; status=1
	fi
done <"$tmp/header"
# Every global defined in the objects, exported or hidden, is prefixed.
if [ -n "$archive" ]; then
	nm -g --defined-only "$archive" | awk 'NF == 3 { print $3 }' | grep -v '^vcpuchar_' | sort -u > "$tmp/unprefixed" || true
	if [ -s "$tmp/unprefixed" ]; then
		echo "global symbols without the vcpuchar_ prefix in $archive:"; cat "$tmp/unprefixed"; status=1
	fi
fi
[ $status -eq 0 ] && echo "ok: $n functions in header, sources, .sym and .so exports, all documented"
exit $status
