#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The rules live in the tree: every reference points into it.

Fails when a file of the source tree names a document outside it (the design
notes and specifications the project started from), or when a reference such as
lib/x86.md#decision-table (or a following ", #apply" / " and #modes") names a
heading that lib/ppc.md or lib/x86.md does not have. Usage: SCRIPT SOURCE_ROOT
"""
import os
import re
import sys

DOCS = ("lib/ppc.md", "lib/x86.md")
SCAN = ("lib", "include", "examples", "tests")
TOP = ("README.md", "meson.build", "meson_options.txt", "libvcpuchar.pc.in")
# Documents that are not in the tree, however they are spelled.
OUTSIDE = re.compile(r"(?<![A-Za-z_])spec/[a-z0-9]+\.md|DESIGN\.md|\.\./shared/|/work/shared")
REF = re.compile(r"(lib/(?:ppc|x86)\.md)((?:#[a-z0-9-]+)?)((?:(?:,| and| to)\s+#[a-z0-9-]+)*)")


def anchors(path):
    """GitHub-style anchors of the headings of a Markdown file."""
    out = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#{1,6}\s+(.*)", line)
            if m:
                out.add(re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-"))
    return out


def files(root):
    for name in TOP:
        if os.path.isfile(os.path.join(root, name)):
            yield name
    for top in SCAN:
        for d, dirs, names in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if not x.startswith(".")]
            for n in names:
                yield os.path.relpath(os.path.join(d, n), root)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    me = os.path.relpath(os.path.abspath(__file__), os.path.abspath(root))
    heads = {doc: anchors(os.path.join(root, doc)) for doc in DOCS}
    bad = 0
    for rel in sorted(files(root)):
        if rel == me:
            continue
        try:
            with open(os.path.join(root, rel), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        for n, line in enumerate(text.splitlines(), 1):
            for m in OUTSIDE.finditer(line):
                print(f"{rel}:{n}: '{m.group(0)}' is not in the tree")
                bad += 1
            for m in REF.finditer(line):
                names = ([m.group(2)[1:]] if m.group(2) else []) + re.findall(r"#([a-z0-9-]+)", m.group(3))
                for a in names:
                    if a not in heads[m.group(1)]:
                        print(f"{rel}:{n}: {m.group(1)} has no section #{a}")
                        bad += 1
            if rel in DOCS:
                for a in re.findall(r"\]\(#([a-z0-9-]+)\)", line):
                    if a not in heads[rel]:
                        print(f"{rel}:{n}: link to missing section #{a}")
                        bad += 1
    print(f"doc references: {bad} broken")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
