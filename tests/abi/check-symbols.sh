#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Keeps four lists in step: the functions the header declares, the
# VCPUCHAR_EXPORT definitions in lib/, the .sym version script, and what the
# built .so exports (each in node VCPUCHAR_1.0 or VCPUCHAR_1.1, nothing else;
# a function's doc comment names the release of its node as Since:). With the
# static archive of the library's objects, also checks that every global
# symbol in it carries the vcpuchar_ prefix, so a static link never clashes.
# Usage: check-symbols.sh SRCDIR LIBRARY.so [ARCHIVE.a]
set -eu
src=$1 so=$2 archive=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Function names declared in the public header.
grep -oE '^[a-z][a-z0-9_ *]*[ *](vcpuchar_[a-z0-9_]+)\(' "$src/include/vcpuchar.h" |
	sed -E 's/.*(vcpuchar_[a-z0-9_]+)\($/\1/' | sort -u > "$tmp/header"
# Definitions marked for export (the marker may stand on the line above).
for f in "$src"/lib/*.c; do
	awk '/VCPUCHAR_EXPORT/ { line = $0; if (line !~ /\(/) { getline nxt; line = line " " nxt }
	       if (match(line, /vcpuchar_[a-z0-9_]+\(/)) print substr(line, RSTART, RLENGTH - 1) }' "$f"
done | sort -u > "$tmp/sources"
# Global names in the version script.
sed -n '/global:/,/local:/p' "$src/lib/libvcpuchar.sym" | grep -oE 'vcpuchar_[a-z0-9_]+' | sort -u > "$tmp/sym"
# Dynamic exports of the library, with their version node.
nm -D --defined-only "$so" | awk '$2 ~ /^[TtDdBbRr]$/ { print $3 }' > "$tmp/exports-raw"
grep -vE '@@VCPUCHAR_1\.[01]$' "$tmp/exports-raw" > "$tmp/stray" || true
sed -E 's/@@VCPUCHAR_1\.[01]$//' "$tmp/exports-raw" | sort -u > "$tmp/exports"
# The release of each function: the node it is exported in.
sed -nE 's/^(vcpuchar_[a-z0-9_]+)@@VCPUCHAR_(1\.[01])$/\1 \2/p' "$tmp/exports-raw" > "$tmp/nodes"

status=0
if [ -s "$tmp/stray" ]; then
	echo "exported outside nodes VCPUCHAR_1.0 and VCPUCHAR_1.1:"; cat "$tmp/stray"; status=1
fi
for other in sources sym exports; do
	if ! diff -u "$tmp/header" "$tmp/$other" > "$tmp/diff"; then
		echo "header declarations (-) differ from $other (+):"; cat "$tmp/diff"; status=1
	fi
done
n=$(wc -l < "$tmp/header")
[ "$n" -gt 0 ] || { echo "no declarations found in the header"; exit 1; }
# Docs coverage: every declared function has a kernel-doc block with Since:.
for fn in $(cat "$tmp/header"); do
	since=$(awk -v fn="$fn" '$1 == fn { print $2 }' "$tmp/nodes")
	since=${since:-1.0}
	if ! awk -v fn="$fn" -v since="Since: $since" '
		/\/\*\*/ { doc = ""; indoc = 1 }
		indoc { doc = doc $0 "\n" }
		/\*\// { indoc = 0; last = doc }
		$0 ~ fn "\\(" && !indoc { if (last ~ fn && index(last, since)) ok = 1; exit }
		END { exit ok ? 0 : 1 }' "$src/include/vcpuchar.h"; then
		echo "$fn: no doc comment naming it with 'Since: $since' (its node) right above its declaration"; status=1
	fi
done
# Every global defined in the objects, exported or hidden, is prefixed.
if [ -n "$archive" ]; then
	nm -g --defined-only "$archive" | awk 'NF == 3 { print $3 }' | grep -v '^vcpuchar_' | sort -u > "$tmp/unprefixed" || true
	if [ -s "$tmp/unprefixed" ]; then
		echo "global symbols without the vcpuchar_ prefix in $archive:"; cat "$tmp/unprefixed"; status=1
	fi
fi
[ $status -eq 0 ] && echo "ok: $n functions in header, sources, .sym and .so exports, all documented"
exit $status
