#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The README's test command: installs what the default suites need (as root
# on Debian; nothing, and no root, when all is there), configures build/ (or
# keeps it), builds and runs the default suites: offline, no root needed,
# the real-KVM suites skip (77) without /dev/kvm. Ends with Meson's counts;
# the exit status is meson test's. tests/all-tests.sh is the full set CI runs.
set -eu
cd "$(dirname "$0")/.."
tests/setup-debian.sh
if [ -d build ]; then
	meson setup --reconfigure build
else
	meson setup build
fi
meson compile -C build
exec meson test -C build --print-errorlogs
