#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs the build into a scratch root, then builds and runs a consumer
# using nothing but `pkg-config --cflags --libs libvcpuchar`, as a VMM would,
# and a statically linked one through `pkg-config --static` and libvcpuchar.a,
# as a static (musl or Rust) VMM would. The installed library needs libc only:
# no GLib in its flags, its NEEDED entries or ldd's list.
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
static_flags=$(pkg-config --static --cflags --libs libvcpuchar)
echo "pkg-config --static: $static_flags"
case "$flags $static_flags" in
*glib*) echo "FAIL pkg-config names GLib: $flags / $static_flags"; exit 1 ;;
esac
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

# libc only: one NEEDED entry, and ldd lists nothing else but the vDSO and the loader.
needed=$(readelf -d "$libdir/libvcpuchar.so.1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
[ "$needed" = "libc.so.6 " ] || { echo "FAIL libvcpuchar.so.1 needs more than libc: $needed"; exit 1; }
others=$(ldd "$libdir/libvcpuchar.so.1" | grep -v -e linux-vdso -e 'libc\.so\.6' -e 'ld-linux' || true)
[ -z "$others" ] || { echo "FAIL ldd lists more than libc: $others"; exit 1; }
echo "libvcpuchar.so.1 needs: $needed"

# The static archive through pkg-config --static: a program with no dynamic section that gives the same answer.
[ -f "$libdir/libvcpuchar.a" ] || { echo "FAIL libvcpuchar.a was not installed"; exit 1; }
if [ ! -f "$(cc -print-file-name=libc.a)" ]; then
	echo "SKIP the static consumer: no libc.a (libc6-dev)"
else
	# A coverage build's archive needs gcov's runtime, which the shared library carries itself.
	extra=
	if nm "$libdir/libvcpuchar.a" 2>/dev/null | grep -q __gcov; then
		extra=--coverage
	fi
	# shellcheck disable=SC2086 # lists of words
	cc -std=c99 -Wall -Werror -static -o "$dest/consumer-static" "$src/examples/spapr-hcall.c" $static_flags $extra
	readelf -d "$dest/consumer-static" | grep -q NEEDED && { echo "FAIL the static consumer needs shared libraries"; exit 1; }
	sout=$("$dest/consumer-static" "$profile")
	[ "$sout" = "$out" ] || { echo "FAIL static consumer: $sout"; exit 1; }
	echo "static consumer: same answer"
fi
echo "ok"
