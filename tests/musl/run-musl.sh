#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The 'musl' suite: the library built with Debian's musl-gcc into a static
# archive, the symbols it needs checked against musl's libc.a (a glibc-only
# one fails naming it), then two statically linked runners put every vector
# file through it: the POWER vectors (tests/cross/vectors/vectors.c) and the
# x86 decision vectors with the bundled profiles (tests/musl/musl-vectors.c).
# Usage: run-musl.sh SOURCE_ROOT BUILD_ROOT OUT_DIR
# Exit 77 naming what is missing: musl-gcc (musl-tools) or the kernel's
# UAPI headers (linux-libc-dev).
set -eu

src=$1 build=$2 out=$3

if ! command -v musl-gcc >/dev/null; then
	echo "musl: SKIP: musl-gcc not found (apt-get install musl-tools; tests/setup-debian.sh installs it)"
	exit 77
fi
# musl ships no kernel headers: linux/, asm/ and asm-generic/ of linux-libc-dev,
# and nothing else of glibc's /usr/include, through a directory of their own.
multiarch=$(gcc -print-multiarch)
for d in /usr/include/linux /usr/include/asm-generic "/usr/include/$multiarch/asm"; do
	if [ ! -d "$d" ]; then
		echo "musl: SKIP: $d not found (apt-get install linux-libc-dev)"
		exit 77
	fi
done
rm -rf "$out"
mkdir -p "$out/kernel-include" "$out/obj"
ln -s /usr/include/linux /usr/include/asm-generic "/usr/include/$multiarch/asm" "$out/kernel-include/"

# The library's sources, as lib/meson.build lists them.
sources=$(sed -n "/^lib_sources = files(/,/^)/s/^ *'\([^']*\)'\( \/ '\([^']*\)'\)\?,$/\1\/\3/p" "$src/lib/meson.build" |
	sed 's#/$##')
[ -n "$sources" ] || { echo "FAIL no sources read from lib/meson.build"; exit 1; }
# What a glibc-only call would be: undeclared (an error here), or a GNU
# prototype used against musl's (strerror_r's int, caught by -Wformat).
cflags="-std=gnu11 -O1 -fvisibility=hidden -Wall -Werror=implicit-function-declaration -Werror=int-conversion"
cflags="$cflags -Werror=format -Wno-format-truncation -Werror=incompatible-pointer-types"
cflags="$cflags -I$src/include -I$build/include -I$src/lib -isystem $out/kernel-include"
export cflags src out
# shellcheck disable=SC2016 # expanded by the inner sh, one source each
printf '%s\n' "$sources" | xargs -P 2 -n 1 sh -c \
	'o=$(echo "$1" | tr / _); exec musl-gcc $cflags -c "$src/lib/$1" -o "$out/obj/${o%.c}.o"' sh
ar rcs "$out/libvcpuchar.a" "$out"/obj/*.o

# Every symbol the archive needs from outside must be in musl's libc.a.
# (musl-gcc -print-file-name answers for glibc: the wrapper's specs file sits next to musl's libc.a.)
libc_a=$(sed -n 's/.*-specs "\(.*\)\/musl-gcc.specs".*/\1/p' "$(command -v musl-gcc)")/libc.a
[ -f "$libc_a" ] || { echo "FAIL musl's libc.a not found (looked at $libc_a)"; exit 1; }
nm -g --defined-only "$libc_a" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u >"$out/libc-defined"
nm -g --defined-only "$out/libvcpuchar.a" | awk 'NF == 3 { print $3 }' | sort -u >"$out/lib-defined"
nm -u "$out/libvcpuchar.a" | awk 'NF { print $NF }' | grep -v ':$' | sort -u >"$out/lib-undefined"
missing=$(comm -23 "$out/lib-undefined" "$out/lib-defined" | comm -23 - "$out/libc-defined")
if [ -n "$missing" ]; then
	for s in $missing; do
		echo "FAIL the library needs $s, which musl's libc.a does not define (glibc-only?)"
	done
	exit 1
fi
echo "musl: libvcpuchar.a needs $(comm -23 "$out/lib-undefined" "$out/lib-defined" | wc -l) libc symbols, all in musl"

# The runners, static: no shared library at all, libc included.
tflags="$cflags -I$src/tests/unit -I$src/lib/ppc -static"
# shellcheck disable=SC2086 # lists of words
musl-gcc $tflags -DCROSS_BIG_ENDIAN=0 -Wno-unused-parameter -o "$out/ppc-vectors" \
	"$src/tests/cross/vectors/vectors.c" "$src/tests/unit/tsv.c" "$out/libvcpuchar.a"
# shellcheck disable=SC2086
musl-gcc $tflags -o "$out/musl-vectors" "$src/tests/musl/musl-vectors.c" "$src/tests/unit/tsv.c" \
	"$src/tests/unit/x86-vectors.c" "$out/libvcpuchar.a"
for exe in ppc-vectors musl-vectors; do
	if readelf -d "$out/$exe" | grep -q NEEDED; then
		echo "FAIL $exe is not static: $(readelf -d "$out/$exe" | grep NEEDED)"
		exit 1
	fi
done
"$out/ppc-vectors" "$src/tests/data"
"$out/musl-vectors" "$src/tests/data" "$src/examples/profiles"
