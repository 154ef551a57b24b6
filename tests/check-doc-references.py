#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The rules live in the tree: every reference points into it.

Fails when a file of the source tree
- names material outside the tree: a design note or specification that is not
  here (DESIGN.md, spec/x.md, "Spec 5.1", "DESIGN section 6"), a path outside
  the repository (../shared/), or a tracker item of this project ("issue 21",
  "issue 20 item 3", "stop 4"); an upstream project's issue named with its
  repository (open-power/op-test issue 469) is a source, not such a reference;
- in text that is installed (the public headers, from which the section-3 man
  pages are generated, the vcpuchar(1) source, the bundled profiles, the CLI's
  messages), points at lib/ppc.md, lib/x86.md or examples/profiles/README.md,
  which are installed as /usr/share/doc/libvcpuchar/{ppc,x86,profiles}.md;
- names a section (lib/x86.md#decision-table, or a following ", #apply" /
  " and #modes", or /usr/share/doc/libvcpuchar/ppc.md#modes) that the document
  does not have.
Usage: SCRIPT SOURCE_ROOT
"""
import os
import re
import sys

# Each document and the names a reference may give it (in the tree, installed).
DOCS = {
    "lib/ppc.md": ("lib/ppc.md", "/usr/share/doc/libvcpuchar/ppc.md"),
    "lib/x86.md": ("lib/x86.md", "/usr/share/doc/libvcpuchar/x86.md"),
    "examples/profiles/README.md": ("examples/profiles/README.md", "/usr/share/doc/libvcpuchar/profiles.md"),
}
NAME_TO_DOC = {name: doc for doc, names in DOCS.items() for name in names}
SCAN = ("lib", "include", "examples", "tests", "doc", "bindings", "packaging", ".ci")
TOP = ("README.md", "NEWS", "CONTRIBUTING.md", "SECURITY.md", "meson.build", "meson_options.txt",
       "libvcpuchar.pc.in")
# Material that is not in the tree, however it is spelled.
OUTSIDE = re.compile(
    r"(?<![A-Za-z_])spec/[a-z0-9]+\.md|DESIGN(?:\.md|\b)|\.\./shared/|/work/"
    r"|\b[Ss]pec(?:ification)? (?:section )?\d+(?:\.\d+)*\b|\b[Ss]pec section\b"
    r"|\b[Ii]ssues? #?\d+|\b[Ss]top \d+\b")
# An upstream tracker named with its repository ("open-power/op-test issue 469"), or a URL.
UPSTREAM = re.compile(r"(?:[\w.-]+/[\w.-]+|https?://\S+)\s+$")
REF = re.compile(r"(" + "|".join(re.escape(n) for n in sorted(NAME_TO_DOC, key=len, reverse=True)) + r")"
                 r"((?:#[a-z0-9-]+)?)((?:(?:,| and| to)\s+#[a-z0-9-]+)*)")
UNINSTALLED = re.compile(r"lib/(?:ppc|x86)\.md|examples/profiles/README\.md")


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
            dirs[:] = [x for x in dirs if not x.startswith(".") and x not in ("target", "__pycache__")]
            for n in names:
                yield os.path.relpath(os.path.join(d, n), root)


def installed_text(rel, line):
    """The part of a line that is installed: all of it, a C string, or nothing."""
    if rel.startswith("include/") or rel == "doc/gen-man3.py" or rel.endswith(".1.scd") \
            or (rel.startswith("examples/profiles/") and rel.endswith(".profile")):
        return line
    if rel.startswith("examples/vcpuchar/") and rel.endswith(".c"):
        code = re.sub(r"/\*.*?(\*/|$)|//.*$", "", line)
        if re.match(r"\s*\*", line):
            return ""
        return " ".join(re.findall(r'"((?:[^"\\]|\\.)*)"', code))
    return ""


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
                if m.group(0)[0] in "Ii" and UPSTREAM.search(line[:m.start()]):
                    continue
                print(f"{rel}:{n}: '{m.group(0)}' is not in the tree: say the fact, or name the file here")
                bad += 1
            for m in UNINSTALLED.finditer(installed_text(rel, line)):
                print(f"{rel}:{n}: installed text points at '{m.group(0)}', which is not installed "
                      "(use /usr/share/doc/libvcpuchar/)")
                bad += 1
            for m in REF.finditer(line):
                doc = NAME_TO_DOC[m.group(1)]
                names = ([m.group(2)[1:]] if m.group(2) else []) + re.findall(r"#([a-z0-9-]+)", m.group(3))
                for a in names:
                    if a not in heads[doc]:
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
