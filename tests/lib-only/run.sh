#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The library-only build (README.md here): in a private mount namespace where
# GLib, json-glib and Check cannot be found (their .pc files, headers and
# glibconfig.h hidden) and groff, nroff and scdoc fail if called, a plain
# `meson setup` + compile + install must give the library (.so, .a), headers,
# .pc and the section-3 man pages (and the libc-only benchmark), the summary
# must say why the CLI and the tests are off, and examples/spapr-hcall.c must build and run
# against the installed copy through pkg-config, shared and static.
# Usage: run.sh SRCDIR WORKDIR
# Exits 77 without root or unshare(1) (a private mount namespace).
set -eu
src=$(cd "$1" && pwd) work=$2
if [ "$(id -u)" != 0 ] || ! command -v unshare >/dev/null; then
	echo "SKIP lib-only: needs root and unshare(1) to hide GLib, json-glib and Check in a private mount namespace"
	exit 77
fi
if [ "${VCPUCHAR_LIB_ONLY_INNER:-}" != 1 ]; then
	rm -rf "$work"
	mkdir -p "$work"
	VCPUCHAR_LIB_ONLY_INNER=1 exec unshare --mount --propagation private "$0" "$@"
fi

# Inside the namespace: hide what a machine with only cc, meson and ninja lacks.
empty=$work/empty
mkdir -p "$empty"
mount -t tmpfs -o mode=0755,size=1m none "$empty"
# Every directory pkg-config reads, emptied: no .pc of anything.
for d in $(pkg-config --variable pc_path pkg-config | tr : ' '); do
	[ ! -d "$d" ] || mount --bind "$empty" "$d"
done
# The headers, emptied or made to fail (check.h sits in /usr/include itself).
ma=$(cc -print-multiarch)
for d in /usr/include/glib-2.0 /usr/include/gio-unix-2.0 /usr/include/json-glib-1.0 "/usr/lib/$ma/glib-2.0"; do
	[ ! -d "$d" ] || mount --bind "$empty" "$d"
done
printf '#error hidden by tests/lib-only\n' >"$work/hidden.h"
for f in /usr/include/check.h /usr/include/check_stdint.h; do
	[ ! -f "$f" ] || mount --bind "$work/hidden.h" "$f"
done
# Tools the library build must not need: a call fails the build.
# shellcheck disable=SC2016 # $0 is the hidden tool's, when it runs
printf '#!/bin/sh\necho "tests/lib-only: $0 is hidden" >&2\nexit 127\n' >"$work/hidden-tool"
chmod 755 "$work/hidden-tool"
for t in groff nroff troff scdoc; do
	p=$(command -v $t || true)
	[ -z "$p" ] || mount --bind "$work/hidden-tool" "$p"
done
# The proof that they are hidden.
for m in glib-2.0 json-glib-1.0 check; do
	if pkg-config --exists $m; then echo "FAIL $m is still found by pkg-config"; exit 1; fi
done
for h in glib.h json-glib/json-glib.h check.h; do
	if echo "#include <$h>" | cc -E -o /dev/null - 2>/dev/null; then echo "FAIL <$h> is still found"; exit 1; fi
done
echo "hidden: glib-2.0, json-glib-1.0, check (pkg-config and headers); groff, nroff, troff, scdoc fail if run"

# The README's library-only commands, with the prefix /usr and a DESTDIR.
meson setup "$work/build" "$src" --prefix /usr >"$work/setup.log" 2>&1 || { cat "$work/setup.log"; echo "FAIL meson setup"; exit 1; }
sed -n '/^libvcpuchar /,$p' "$work/setup.log"
expect() {
	grep -q "^ *$1 *: $2\$" "$work/setup.log" || { echo "FAIL the summary does not say '$1: $2'"; exit 1; }
}
expect 'vcpuchar CLI' 'NO (glib-2.0, json-glib-1.0 not found)'
expect 'tests (Check)' 'NO (glib-2.0, check not found)'
expect 'benchmark' 'YES'   # libc alone (tests/bench)
expect 'section-3 man pages' 'YES'
meson compile -C "$work/build" >"$work/compile.log" 2>&1 || { tail -30 "$work/compile.log"; echo "FAIL meson compile"; exit 1; }
dest=$work/dest
meson install -C "$work/build" --destdir "$dest" --no-rebuild >"$work/install.log" 2>&1 ||
	{ tail -30 "$work/install.log"; echo "FAIL meson install"; exit 1; }
libdir=$(dirname "$(find "$dest" -name libvcpuchar.so.1 | head -n 1)")
for f in "$libdir/libvcpuchar.so.1" "$libdir/libvcpuchar.a" "$libdir/pkgconfig/libvcpuchar.pc" \
	"$dest/usr/include/vcpuchar.h" "$dest/usr/include/vcpuchar/ppc.h" "$dest/usr/share/man/man3/libvcpuchar.3"; do
	[ -f "$f" ] || { echo "FAIL not installed: ${f#"$dest"}"; exit 1; }
done
pages=$(find "$dest/usr/share/man/man3" -name '*.3' | wc -l)
[ "$pages" -gt 50 ] || { echo "FAIL only $pages section-3 pages installed"; exit 1; }
for f in "$dest/usr/bin/vcpuchar" "$dest/usr/share/man/man1/vcpuchar.1"; do
	[ ! -e "$f" ] || { echo "FAIL installed without its dependencies: ${f#"$dest"}"; exit 1; }
done
echo "installed: libvcpuchar.so.1, libvcpuchar.a, libvcpuchar.pc, the headers, $pages section-3 pages; no CLI"

# A consumer through the installed .pc alone, shared and static.
PKG_CONFIG_LIBDIR=$libdir/pkgconfig PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_LIBDIR PKG_CONFIG_SYSROOT_DIR
flags=$(pkg-config --cflags --libs libvcpuchar)
echo "pkg-config --cflags --libs libvcpuchar: $flags"
# shellcheck disable=SC2086 # a list of words
cc -std=c99 -Wall -Werror -o "$work/consumer" "$src/examples/spapr-hcall.c" $flags
profile=$src/examples/profiles/power9-dd2.3-opal.profile
out=$(LD_LIBRARY_PATH=$libdir "$work/consumer" "$profile")
echo "$out"
# POWER9 DD2.3 host-max: QEMU's R4/R5 (tests/data/ppc-hcall.tsv, hc-pseries-5.0-plus-defaults).
echo "$out" | grep -q 'R4=0xbc40000000000000 R5=0xe400000000000000' || { echo "FAIL unexpected R4/R5"; exit 1; }
if [ -f "$(cc -print-file-name=libc.a)" ]; then
	static_flags=$(pkg-config --static --cflags --libs libvcpuchar)
	# shellcheck disable=SC2086 # a list of words
	cc -std=c99 -Wall -Werror -static -o "$work/consumer-static" "$src/examples/spapr-hcall.c" $static_flags
	[ "$("$work/consumer-static" "$profile")" = "$out" ] || { echo "FAIL the static consumer answers otherwise"; exit 1; }
	echo "static consumer: same answer"
fi
echo "ok lib-only"
