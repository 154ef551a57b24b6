#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# What the 'rust' suite and the abi-rust-bindings check need on Debian 12, as root.
set -eu
missing=
for p in rustc cargo bindgen; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "rust setup: missing packages:$missing (run as root, or apt-get install them)" >&2
	exit 1
fi
echo "rust setup: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends $missing >/dev/null
