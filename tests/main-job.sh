#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The main job: install what is missing, build, and run the library on this
# host for real: `vcpuchar probe` through /dev/kvm, the POWER answer for two
# bundled real-host profiles, this host's HLT-exit policy, and a minimal VMM
# that applies it to a real VM and counts the HLT exits KVM reports.
set -eu
cd "$(dirname "$0")/.."
tests/setup-debian.sh
[ -d build ] || meson setup build
meson compile -C build
set -x
build/examples/vcpuchar probe
# Each prints the caps a user pastes (QEMU's -machine string, libvirt's
# <features>) next to the guest view they give, and what QEMU's defaults
# would do on that host (the warnings).
build/examples/vcpuchar ppc hcall --host examples/profiles/power9-dd2.3-opal.profile
build/examples/vcpuchar ppc hcall --host examples/profiles/power9-nested-hv-qemu.profile
build/examples/vcpuchar x86 policy
build/examples/hlt-vmm --count 5
