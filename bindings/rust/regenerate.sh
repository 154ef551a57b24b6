#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
# Writes the committed Rust bindings of include/vcpuchar.h with Debian 12's
# bindgen 0.60 (apt: bindgen). Usage: regenerate.sh BUILDDIR [OUT]
# (BUILDDIR holds include/vcpuchar-version.h; OUT defaults to the committed file).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
out=${2:-$here/vcpuchar-sys/src/bindings.rs}
bindgen "$src/include/vcpuchar.h" \
	--allowlist-function 'vcpuchar_.*' --allowlist-type 'vcpuchar_.*' --allowlist-var 'VCPUCHAR_.*' \
	--no-layout-tests -o "$out.tmp" -- -I"$src/include" -I"$1/include"
# The crates' licence, as every file of bindings/rust states it.
{ echo '// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause'; cat "$out.tmp"; } >"$out"
rm -f "$out.tmp"
