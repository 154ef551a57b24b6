#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Installs, on Debian 12 as root, what building and testing libvcpuchar needs.
# Does nothing (and needs no root) when everything is already there.
#   tests/setup-debian.sh          build + unit/ABI/KVM/lint tests
#   tests/setup-debian.sh --all    also the cross, POWER and x86 e2e and hardening tiers
set -eu
pkgs="locales meson ninja-build pkg-config gcc g++ check libglib2.0-dev libjson-glib-dev linux-libc-dev groff-base scdoc"
# The musl suite's musl-gcc (tests/musl/).
pkgs="$pkgs musl-tools"
# The lint suite's tools (tests/lint/).
pkgs="$pkgs shellcheck flake8"
if [ "${1:-}" = "--all" ]; then
	# libclang-rt-14-dev holds libFuzzer and clang's sanitizer runtimes; it
	# is only recommended by clang, and recommends are not installed here.
	pkgs="$pkgs valgrind clang libclang-rt-14-dev abigail-tools strace"
	# The coverage tier (tests/hardening/coverage.sh).
	pkgs="$pkgs gcovr"
	# The pasted-text corpus (tests/unit/pasted-corpus.py): QEMU and libvirt's own verdicts.
	pkgs="$pkgs qemu-system-ppc libvirt-clients"
fi
# shellcheck disable=SC2086
"$(dirname "$0")/e2e-common/apt-install.sh" setup-debian $pkgs
# tests/unit/test-locale.c runs the parsers under a Turkish locale.
if ! locale -a 2>/dev/null | grep -qix 'tr_TR.utf-\?8'; then
	if [ "$(id -u)" = 0 ]; then
		localedef -i tr_TR -f UTF-8 tr_TR.UTF-8
	else
		echo "setup-debian: locale tr_TR.UTF-8 missing (as root: localedef -i tr_TR -f UTF-8 tr_TR.UTF-8)" >&2
	fi
fi
if [ "${1:-}" = "--all" ]; then
	# Cross compilers, qemu-user, qemu-system-ppc and the ppc64el architecture.
	"$(dirname "$0")/ppc-e2e/setup.sh"
	# qemu-system-x86, cpio and busybox-static for the emulated AMD hosts.
	"$(dirname "$0")/x86-e2e/setup.sh"
	# libvirt's QEMU driver (embedded in virsh) for the L2 guests.
	"$(dirname "$0")/x86-guest-e2e/setup.sh"
	# The same, plus QEMU's build dependencies for the patched Idle HLT CPU.
	"$(dirname "$0")/x86-idle-hlt/setup.sh"
	# debhelper, lintian and the build dependencies of packaging/debian.
	"$(dirname "$0")/package/setup.sh"
	# node_exporter and promtool for the node-exporter and prometheus-rules tiers.
	"$(dirname "$0")/node-exporter/setup.sh"
	"$(dirname "$0")/prometheus-rules/setup.sh"
	# libvirtd, its QEMU driver and qemu-system-ppc for the libvirt hook.
	"$(dirname "$0")/libvirt-hook/setup.sh"
	# Debian's rustc, cargo and bindgen for bindings/rust.
	"$(dirname "$0")/rust/setup.sh"
	# cargo-web's libraries for examples/rust-vmm (its compiler is unpacked by the tier).
	"$(dirname "$0")/rust-vmm/setup.sh"
fi
