#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# What the rust-vmm tier needs on Debian 12, as root: the x86-idle-hlt tier's
# packages (its emulated hosts are booted here too) and the shared libraries
# cargo-web links against. rustc-web and cargo-web themselves are not
# installed (they conflict with Debian's rustc and cargo, which the 'rust'
# suite uses): tests/rust-vmm/build.sh unpacks them in the build dir.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
sh "$here/../x86-idle-hlt/setup.sh"
exec "$here/../e2e-common/apt-install.sh" rust-vmm gcc libcurl4 libgit2-1.5 libsqlite3-0 libssh2-1 libssl3
