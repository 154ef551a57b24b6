#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The main job: install what is missing, build, and run the library on this
# host for real: `vcpuchar probe` through /dev/kvm, the POWER answer for two
# bundled real-host profiles, this host's HLT-exit policy, and a minimal VMM
# that applies it to a real VM and counts the HLT exits KVM reports.
# Without /dev/kvm it says so once, answers for bundled x86 host profiles,
# and runs the same VMM inside an emulated AMD host with the real kvm_amd
# (tests/x86-e2e: the first run downloads Debian's 6.12 kernel, ~107 MB).
set -eu
cd "$(dirname "$0")/.."
tests/setup-debian.sh
[ -d build ] || meson setup build
meson compile -C build
# The CLI exits 1 when the answer is no (a refused request): not a failure.
show() {
	echo "+ $*"
	rc=0
	"$@" || rc=$?
	[ $rc -le 1 ] || exit $rc
}
# Each ppc hcall prints the caps a user pastes (QEMU's -machine string,
# libvirt's <features>) next to the guest view they give, and what QEMU's
# defaults would do on that host (the warnings).
power=examples/profiles/power9-dd2.3-opal.profile
power_nested=examples/profiles/power9-nested-hv-qemu.profile
if [ -e /dev/kvm ]; then
	show build/examples/vcpuchar probe
	show build/examples/vcpuchar ppc hcall --host $power
	show build/examples/vcpuchar ppc hcall --host $power_nested
	show build/examples/vcpuchar x86 policy
	show build/examples/hlt-vmm --count 5
	exit 0
fi
echo "main-job: this machine has no /dev/kvm: the x86 answers below are for bundled host profiles," \
	"and the HLT example runs inside an emulated AMD host (Debian's kernel, real kvm_amd, QEMU TCG)."
show build/examples/vcpuchar ppc hcall --host $power
show build/examples/vcpuchar ppc hcall --host $power_nested
for p in amd-zen5-idle-hlt-6.15 amd-emulated-kvm-amd-6.12; do
	show build/examples/vcpuchar x86 policy --host "examples/profiles/$p.profile"
	show build/examples/vcpuchar x86 policy --pinned --latency --host "examples/profiles/$p.profile"
done
# QEMU for the emulated host (about 40 MB of packages); as root it is installed.
[ "$(id -u)" != 0 ] || tests/x86-e2e/setup.sh
if ! command -v qemu-system-x86_64 >/dev/null; then
	echo "main-job: no qemu-system-x86_64 (tests/x86-e2e/setup.sh installs it): the HLT example is not run."
	exit 0
fi
rc=0
python3 tests/x86-e2e/run-e2e.py --source-dir . --build-root build --out build/tests/x86-e2e \
	--only 6.12-max --steps cli-probe-save hlt-vmm hlt-vmm-passthrough --print-output || rc=$?
# 77: Debian's kernel package could not be had; run-e2e.py said which.
[ $rc = 77 ] && echo "main-job: the emulated host was skipped; nothing else is missing." && rc=0
exit $rc
