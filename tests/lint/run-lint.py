#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Runs one linter over every script of its language in the source tree.

Usage: run-lint.py shellcheck|flake8 SRCDIR

shellcheck takes every *.sh and every file whose first line is a sh, bash or
dash shebang; flake8 every *.py and every python shebang (flake8.cfg here).
The files are git's (tracked and new, not ignored) in a git work tree, else
every file outside build directories. Exits 77 naming the tool when it is
not installed.
"""
import os
import re
import shutil
import subprocess
import sys

SHEBANG = {
    "shellcheck": re.compile(rb"^#!\s*\S*(/sh|/bash|/dash|env (ba|da)?sh)\b"),
    "flake8": re.compile(rb"^#!\s*\S*(/python3?|env python3?)\b"),
}
SUFFIX = {"shellcheck": ".sh", "flake8": ".py"}
PACKAGE = {"shellcheck": "shellcheck", "flake8": "flake8"}


def tree_files(src):
    """Paths relative to @src of the tree's own files."""
    try:
        out = subprocess.run(["git", "-C", src, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             check=True, capture_output=True).stdout
        return [p for p in out.decode().split("\0") if p and os.path.isfile(os.path.join(src, p))]
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for root, dirs, names in os.walk(src):
        # A meson build directory holds meson-private/; .git is not the tree's.
        dirs[:] = [d for d in dirs if d != ".git" and not os.path.isdir(os.path.join(root, d, "meson-private"))]
        files += [os.path.relpath(os.path.join(root, n), src) for n in names]
    return sorted(files)


def is_script(src, path, tool):
    if path.endswith(SUFFIX[tool]):
        return True
    try:
        with open(os.path.join(src, path), "rb") as f:
            return bool(SHEBANG[tool].match(f.readline()))
    except OSError:
        return False


def main():
    tool, src = sys.argv[1], os.path.abspath(sys.argv[2])
    exe = shutil.which(tool)
    if not exe:
        print(f"lint: {tool} is not installed (Debian package {PACKAGE[tool]}; tests/setup-debian.sh installs it)")
        return 77
    files = [p for p in tree_files(src) if is_script(src, p, tool)]
    if not files:
        print(f"lint: no files for {tool} under {src}")
        return 1
    args = [exe]
    if tool == "flake8":
        args += ["--config", os.path.join(os.path.dirname(os.path.abspath(__file__)), "flake8.cfg")]
    print(f"{tool}: {len(files)} files")
    return subprocess.run(args + ["--"] + files, cwd=src).returncode


if __name__ == "__main__":
    sys.exit(main())
