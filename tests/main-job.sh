#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The main job: install what is missing, build, and run the library on this
# host for real: `vcpuchar probe` through /dev/kvm, and the POWER answer for a
# bundled real-host profile.
set -eu
cd "$(dirname "$0")/.."
tests/setup-debian.sh
[ -d build ] || meson setup build
meson compile -C build
set -x
build/examples/vcpuchar probe
build/examples/vcpuchar ppc hcall --host examples/profiles/power9-dd2.3-opal.profile
