#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# The committed Rust bindings (bindings/rust/vcpuchar-sys/src/bindings.rs) against
# the header: regenerated with bindings/rust/regenerate.sh (Debian 12's bindgen
# 0.60.1), compared item by item; a difference fails naming each item.
# Usage: rust-bindings.py SRCDIR BUILDDIR
import os
import re
import shutil
import subprocess
import sys
import tempfile

src, build = sys.argv[1], sys.argv[2]
if not shutil.which("bindgen"):
    print("SKIP: bindgen not found (Debian package bindgen)", file=sys.stderr)
    sys.exit(77)
ver = subprocess.run(["bindgen", "--version"], capture_output=True, text=True).stdout.split()
if ver[-1:] != ["0.60.1"]:
    print(f"SKIP: bindgen {' '.join(ver)}: the committed bindings are bindgen 0.60.1's (Debian 12)", file=sys.stderr)
    sys.exit(77)

ITEM = re.compile(r"\bpub (?:fn|const|struct|union|type|static) (\w+)")


def items(text):
    """Item name -> its text (from its declaration to the next one), layout-free:
    bindgen formats with rustfmt only where rustfmt is installed."""
    text = re.sub(r"\s+", " ", text)
    marks = [(m.start(), m.group(1)) for m in ITEM.finditer(text)]
    out = {}
    for k, (start, name) in enumerate(marks):
        end = marks[k + 1][0] if k + 1 < len(marks) else len(text)
        body = re.sub(r"\s", "", text[start:end])
        out[name] = re.sub(r",([)}\]])", r"\1", body)
    return out


with tempfile.TemporaryDirectory() as tmp:
    fresh = os.path.join(tmp, "bindings.rs")
    r = subprocess.run([os.path.join(src, "bindings/rust/regenerate.sh"), build, fresh])
    if r.returncode:
        sys.exit("bindgen failed on include/vcpuchar.h")
    new = items(open(fresh).read())
committed_path = os.path.join(src, "bindings/rust/vcpuchar-sys/src/bindings.rs")
old = items(open(committed_path).read())
bad = []
for name in sorted(set(old) | set(new)):
    if name not in old:
        bad.append(f"{name}: in the header, not in the committed bindings")
    elif name not in new:
        bad.append(f"{name}: in the committed bindings, no longer in the header")
    elif old[name] != new[name]:
        bad.append(f"{name}: differs from the header")
for b in bad:
    print("FAIL:", b)
if bad:
    print(f"{len(bad)} item(s) differ: run bindings/rust/regenerate.sh {build}")
    sys.exit(1)
print(f"ok: {len(old)} items of the committed bindings match include/vcpuchar.h")
