#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Every .c and .h file of the vcpuchar command (examples/vcpuchar/) stays
under 500 lines: one file per subcommand and small shared helpers, so a
reader finds a subcommand's code in one short file.

Usage: check-cli-size.py SRCDIR
"""
import os
import sys

LIMIT = 500


def main():
    cli = os.path.join(os.path.abspath(sys.argv[1]), "examples", "vcpuchar")
    bad = []
    names = sorted(n for n in os.listdir(cli) if n.endswith((".c", ".h")))
    for name in names:
        with open(os.path.join(cli, name), "rb") as f:
            lines = f.read().count(b"\n")
        if lines >= LIMIT:
            bad.append(f"examples/vcpuchar/{name}: {lines} lines (the limit is {LIMIT - 1}); split it")
    for b in bad:
        print(b)
    if not names:
        print("no .c or .h file in examples/vcpuchar")
        return 1
    print(f"{len(names)} files checked, {len(bad)} too long")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
