#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The pasted-text corpus (tests/data/ppc-pasted.tsv) against the real tools.

Every -machine row goes to qemu-system-ppc64 (-S, TCG, quit over the
monitor), every <features> row to virt-xml-validate inside a minimal ppc64
domain (the elements alone inside a <features> around them). Each must accept or refuse as the row's "qemu" column says; the
library's verdict (column "expect", checked by test-ppc-parse) may be
stricter only where it refuses, never accept what the tool refuses unless it
reports the item as not a cap (column "others") or reads a type whose
defaults it does not know, which it says with its return value (column
"expect" unknown: a distribution's type, which upstream QEMU refuses).
Exits 77 naming a missing binary.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

DOMAIN = """<domain type='kvm'>
  <name>corpus</name>
  <memory unit='MiB'>512</memory>
  <os><type arch='ppc64' machine='pseries'>hvm</type></os>
  {features}
</domain>
"""


def rows(path):
    with open(path, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            yield dict(zip(head, line.rstrip("\n").split("\t")))


def unescape(s):
    return s.replace("\\n", "\n").replace("\\\\", "\\")


def qemu_accepts(qemu, line):
    # A line that names its accelerator gets no -accel beside it (QEMU refuses the two together).
    accel = [] if "accel=" in line else ["-accel", "tcg"]
    argv = [qemu, "-machine", line] + accel + ["-S", "-display", "none", "-nodefaults", "-monitor", "stdio"]
    r = subprocess.run(argv, input="quit\n", capture_output=True, text=True, timeout=60)
    return r.returncode == 0, r.stderr.strip()


def libvirt_accepts(validate, fragment, tmp):
    # The elements alone are what a user copies out of <features>: the library reads them as its content.
    if not re.sub(r"^\s*(<!--.*?-->\s*)*", "", fragment, flags=re.S).startswith("<features"):
        fragment = f"<features>{fragment}</features>"
    path = os.path.join(tmp, "domain.xml")
    with open(path, "w", encoding="utf-8") as f:
        f.write(DOMAIN.format(features=fragment))
    r = subprocess.run([validate, path, "domain"], capture_output=True, text=True, timeout=60)
    return r.returncode == 0, (r.stderr + r.stdout).strip()


def main():
    tsv = os.path.join(sys.argv[1], "tests", "data", "ppc-pasted.tsv")
    qemu = shutil.which("qemu-system-ppc64")
    validate = shutil.which("virt-xml-validate")
    tools = (("qemu-system-ppc64 (qemu-system-ppc)", qemu), ("virt-xml-validate (libvirt-clients)", validate))
    for name, path in tools:
        if not path:
            print(f"SKIP: {name} is not installed")
            return 77
    bad = 0
    n = 0
    with tempfile.TemporaryDirectory() as tmp:
        for row in rows(tsv):
            text = unescape(row["text"])
            if row["kind"] == "machine":
                ok, why = qemu_accepts(qemu, text)
            else:
                ok, why = libvirt_accepts(validate, text, tmp)
            n += 1
            want = row["qemu"] == "ok"
            if ok != want:
                bad += 1
                print(f"FAIL {row['id']}: {'accepted' if ok else 'refused'}, the corpus says {row['qemu']}: {why}")
            # The library never accepts silently what the tool refuses: the item is reported.
            if not want and row["expect"] == "ok" and not row["others"]:
                bad += 1
                print(f"FAIL {row['id']}: the tool refuses it, the library accepts it without reporting an item")
    print(f"{n} rows, {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
