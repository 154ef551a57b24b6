#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# Install what the node-exporter and prometheus-rules tiers need (Debian 12):
# prometheus-node-exporter (node_exporter 1.5.0) and prometheus (promtool 2.42.0).
# Neither is started: without systemd the packages only link their units. Idempotent;
# run as root; tests/setup-debian.sh --all calls it.
set -eu
exec "$(dirname "$0")/../e2e-common/apt-install.sh" prometheus-rules prometheus-node-exporter prometheus curl python3
