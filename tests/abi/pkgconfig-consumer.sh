#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the build into a scratch root, then builds and runs a consumer
# using nothing but `pkg-config --cflags --libs libvcpuchar`, as a VMM would.
# Usage: pkgconfig-consumer.sh BUILDDIR SRCDIR
set -eu
build=$1 src=$2
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT

meson install -C "$build" --no-rebuild --destdir "$dest" --quiet >/dev/null
pc=$(find "$dest" -name libvcpuchar.pc -path '*pkgconfig*' | head -n 1)
[ -n "$pc" ] || { echo "libvcpuchar.pc was not installed"; exit 1; }
# The .pc names the real prefix; the sysroot maps it into the scratch root.
PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
flags=$(pkg-config --cflags --libs libvcpuchar)
echo "pkg-config: $flags"
# The flags are separate words.
# shellcheck disable=SC2086
cc -std=c99 -Wall -Werror -o "$dest/consumer" "$src/examples/spapr-hcall.c" $flags
# README.md's C example compiles the same way (it is a function, so -c).
# shellcheck disable=SC2016 # the backquotes are the Markdown fence, not a command
sed -n '/^```c$/,/^```$/{/^```/d;p}' "$src/README.md" > "$dest/readme-example.c"
[ -s "$dest/readme-example.c" ] || { echo "README.md has no C example"; exit 1; }
# One fence each: a doubled opening fence renders the example as text.
[ "$(grep -c '^```c$' "$src/README.md")" = 1 ] || { echo "README.md: not exactly one \`\`\`c fence"; exit 1; }
# shellcheck disable=SC2086 # $flags is a list of words
cc -std=c99 -Wall -Wextra -Werror -c -o "$dest/readme-example.o" "$dest/readme-example.c" $flags
libdir=$(dirname "$(dirname "$pc")")
profile=$(find "$dest" -name power9-dd2.3-opal.profile | head -n 1)
[ -n "$profile" ] || { echo "bundled profiles were not installed"; exit 1; }
out=$(LD_LIBRARY_PATH=$libdir "$dest/consumer" "$profile")
echo "$out"
# POWER9 DD2.3 supports workaround/workaround/workaround/on, so host-max gives
# QEMU's R4/R5 for those caps (vector hc-pseries-5.0-plus-defaults of tests/data/ppc-hcall.tsv).
echo "$out" | grep -q 'R4=0xbc40000000000000 R5=0xe400000000000000' || { echo "unexpected R4/R5"; exit 1; }
# And the installed library is the one it ran against.
LD_LIBRARY_PATH=$libdir ldd "$dest/consumer" | grep -q "$libdir/libvcpuchar.so.1" || { echo "not linked to the installed copy"; exit 1; }
echo "ok"
