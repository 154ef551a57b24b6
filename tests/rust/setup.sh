#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# What the 'rust' suite and the abi-rust-bindings check need on Debian 12, as root.
exec "$(dirname "$0")/../e2e-common/apt-install.sh" rust rustc cargo bindgen librust-pkg-config-dev
