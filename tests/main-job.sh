#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The main job: install what is missing, build, and run the library on this
# host for real: `vcpuchar probe` through /dev/kvm, the POWER answer for a
# bundled real-host profile, this host's HLT-exit policy, and a minimal VMM
# that applies it to a real VM and counts the HLT exits KVM reports.
set -eu
cd "$(dirname "$0")/.."
tests/setup-debian.sh
[ -d build ] || meson setup build
meson compile -C build
set -x
build/examples/vcpuchar probe
build/examples/vcpuchar ppc hcall --host examples/profiles/power9-dd2.3-opal.profile
build/examples/vcpuchar x86 policy
build/examples/hlt-vmm --count 5
