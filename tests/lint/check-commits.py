#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Checks the message of every commit after the release commit.

Usage: check-commits.py SRCDIR [RELEASE-SUBJECT]

The release commit is the newest commit in HEAD's history whose subject is
exactly RELEASE-SUBJECT ("Release 1.2.0" unless given). Every commit after
it, merges included, must have the shape CONTRIBUTING.md ("Commits") asks
for:
  - a subject of at most 72 characters,
  - a blank second line,
  - a body (a line of text that is not a trailer) saying why,
  - a "Signed-off-by: Name <address>" line in the last paragraph.
The release commit itself and what came before it are not checked.

Exits 0 when every commit passes, 1 naming each commit and what it lacks,
77 saying why when it cannot check: no git, SRCDIR is not the top of a git
work tree (an unpacked tarball), no release commit in HEAD's history yet,
or a shallow clone that does not reach it.
"""
import os
import re
import shutil
import subprocess
import sys

SUBJECT_MAX = 72
RELEASE_SUBJECT = "Release 1.2.0"
# A git trailer line: "Token: value" (git interpret-trailers' shape).
TRAILER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]*: \S")
SIGNOFF = re.compile(r"^Signed-off-by: \S.* <[^<>@\s]+@[^<>\s]+>$")


def git(src, *args):
    return subprocess.run(["git", "-C", src, *args], capture_output=True, text=True)


def problems(message):
    """What @message (subject, blank line, body, trailers) lacks; [] when none."""
    lines = message.rstrip("\n").split("\n")
    found = []
    subject = lines[0]
    if not subject.strip():
        found.append("the subject is empty")
    elif len(subject) > SUBJECT_MAX:
        found.append(f"the subject has {len(subject)} characters (at most {SUBJECT_MAX})")
    if len(lines) > 1 and lines[1].strip():
        found.append("the second line is not blank")
    # Paragraphs after the subject; the last one holds the trailers.
    paragraphs, cur = [], []
    for line in lines[1:]:
        if line.strip():
            cur.append(line)
        elif cur:
            paragraphs.append(cur)
            cur = []
    if cur:
        paragraphs.append(cur)
    last = paragraphs[-1] if paragraphs else []
    if not any(SIGNOFF.match(line) for line in last):
        found.append("no 'Signed-off-by: Name <address>' line in the last paragraph")
    body = [line for p in paragraphs for line in p if not TRAILER.match(line)]
    if not body:
        found.append("no body saying why (only a subject and trailers)")
    return found


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().split("\n")[2])
        return 2
    src = os.path.abspath(sys.argv[1])
    release = sys.argv[2] if len(sys.argv) == 3 else RELEASE_SUBJECT
    if not shutil.which("git"):
        print("commits: SKIP: git is not installed (Debian package git)")
        return 77
    top = git(src, "rev-parse", "--show-toplevel")
    if top.returncode != 0 or os.path.realpath(top.stdout.strip()) != os.path.realpath(src):
        print(f"commits: SKIP: {src} is not the top of a git work tree (an unpacked tarball has no history)")
        return 77
    log = git(src, "log", "--format=%H %s", "HEAD")
    if log.returncode != 0:
        print(f"commits: SKIP: git log failed: {log.stderr.strip()}")
        return 77
    base = next((ln.split(" ", 1)[0] for ln in log.stdout.splitlines()
                 if ln.split(" ", 1)[1:] == [release]), None)
    if base is None:
        shallow = git(src, "rev-parse", "--is-shallow-repository").stdout.strip() == "true"
        if shallow:
            print(f"commits: SKIP: a shallow clone; its history does not reach a commit whose subject is '{release}'")
        else:
            print(f"commits: SKIP: no commit whose subject is '{release}' in HEAD's history (not released yet)")
        return 77
    # %B is the raw message; NUL ends each record.
    out = git(src, "log", "--format=%H%x00%B%x00", f"{base}..HEAD")
    if out.returncode != 0:
        print(f"commits: git log {base}..HEAD failed: {out.stderr.strip()}")
        return 1
    fields = out.stdout.split("\0")
    records = [(fields[i].strip(), fields[i + 1]) for i in range(0, len(fields) - 1, 2)]
    found = [(sha, message, p) for sha, message in records for p in problems(message)]
    for sha, message, p in found:
        subject = message.split("\n", 1)[0][:60]
        print(f"commits: {sha[:12]} {subject!r}: {p}")
    print(f"commits: {len(records)} commits after {base[:12]} ('{release}'), {len(found)} problems")
    return int(bool(found))


if __name__ == "__main__":
    sys.exit(main())
