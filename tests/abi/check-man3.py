#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The section-3 man pages against the public headers.

Every function the headers declare has a page vcpuchar_NAME.3 (its own, or a
".so" link to its family's page, whose NAME line lists it) and no page names
a function the headers do not declare; each page's SYNOPSIS holds the
prototype, its VERSIONS section the version of the function's node in
lib/libvcpuchar.sym; libvcpuchar.3 lists every function; every page renders
with groff without a warning (-ww). Exits 77 when groff is absent.
Usage: check-man3.py SRCDIR MAN3DIR
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

src, man3 = sys.argv[1:3]
problems = []

headers = [os.path.join(src, "include", "vcpuchar.h")] + sorted(glob.glob(os.path.join(src, "include", "vcpuchar", "*.h")))
declared = set()
for h in headers:
    with open(h, encoding="utf-8") as f:
        declared |= set(re.findall(r"^[a-z][a-z0-9_ *]*[ *](vcpuchar_[a-z0-9_]+)\(", f.read(), re.M))
if not declared:
    print("no function declarations found in the headers")
    sys.exit(1)

# The node of each symbol: VCPUCHAR_1.0 { ... } -> "1.0".
nodes, node = {}, None
with open(os.path.join(src, "lib", "libvcpuchar.sym"), encoding="utf-8") as f:
    for line in re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S).splitlines():
        m = re.match(r"VCPUCHAR_([0-9.]+)\s*\{", line)
        if m:
            node = m.group(1)
        elif "local:" in line:
            node = None
        elif node:
            for s in re.findall(r"vcpuchar_[a-z0-9_]+", line):
                nodes[s] = node

pages = {os.path.basename(p)[:-2] for p in glob.glob(os.path.join(man3, "vcpuchar_*.3"))}
for fn in sorted(declared - pages):
    problems.append(f"{fn}: declared in the headers but has no page {fn}.3")
for fn in sorted(pages - declared):
    problems.append(f"{fn}.3: a page for a function the headers do not declare")


def read(name):
    with open(os.path.join(man3, name), encoding="utf-8") as f:
        return f.read()


def section(text, name):
    m = re.search(r"^\.SH " + name + r"\n(.*?)(?=^\.SH |\Z)", text, re.M | re.S)
    return m.group(1) if m else ""


for fn in sorted(declared & pages):
    text = read(fn + ".3")
    m = re.fullmatch(r"\.so man3/(vcpuchar_[a-z0-9_]+)\.3\n", text)
    if m:
        target = m.group(1)
        if target not in pages:
            problems.append(f"{fn}.3: links to {target}.3, which does not exist")
            continue
        text = read(target + ".3")
    names = re.split(r",\s*", section(text, "NAME").split(" \\-", 1)[0].strip())
    if fn not in names:
        problems.append(f"{fn}.3: NAME lists {names}, not {fn}")
    if not re.search(r"[ *]" + fn + r"\(", section(text, "SYNOPSIS")):
        problems.append(f"{fn}.3: SYNOPSIS lacks the prototype of {fn}")
    if not section(text, "RETURN VALUE").strip():
        problems.append(f"{fn}.3: no RETURN VALUE section")
    want = nodes.get(fn)
    if not want:
        problems.append(f"{fn}: not in lib/libvcpuchar.sym")
    elif f"Since libvcpuchar {want} " not in section(text, "VERSIONS"):
        problems.append(f"{fn}.3: VERSIONS does not say Since libvcpuchar {want} (its node in the .sym)")

if not os.path.exists(os.path.join(man3, "libvcpuchar.3")):
    problems.append("libvcpuchar.3: the overview page is missing")
else:
    listed = set(re.findall(r"^\.BR (vcpuchar_[a-z0-9_]+) \(3\)$", read("libvcpuchar.3"), re.M))
    for fn in sorted(declared - listed):
        problems.append(f"libvcpuchar.3: does not list {fn}(3)")
    for fn in sorted(listed - declared):
        problems.append(f"libvcpuchar.3: lists {fn}(3), which the headers do not declare")

groff = shutil.which("groff")
if not groff:
    problems and print("\n".join(problems))
    print("skip: groff is not installed (Debian package groff-base; tests/setup-debian.sh installs it): "
          "pages not rendered", file=sys.stderr)
    sys.exit(1 if problems else 77)
# ".so man3/X.3" resolves against the include path, as man(1) does from the man root.
root = tempfile.mkdtemp(prefix="vcpuchar-man3-")
os.symlink(os.path.abspath(man3), os.path.join(root, "man3"))
rendered = 0
for name in sorted(pages | {"libvcpuchar"}):
    path = os.path.join(man3, name + ".3")
    if not os.path.exists(path):
        continue
    r = subprocess.run([groff, "-man", "-ww", "-z", "-s", "-I", root, "-Tutf8", path],
                       capture_output=True, text=True, env=dict(os.environ, LC_ALL="C.UTF-8"))
    rendered += 1
    if r.returncode != 0 or r.stderr.strip():
        problems.append(f"{name}.3: groff -ww: exit {r.returncode}: {r.stderr.strip()}")
shutil.rmtree(root)

summary = f"{len(declared)} functions, {len(pages)} pages, {rendered} rendered without warnings"
print("\n".join(problems + [("FAIL: " if problems else "ok: ") + summary]))
sys.exit(1 if problems else 0)
