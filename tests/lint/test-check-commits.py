#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Proves check-commits.py on throw-away git repositories.

Usage: test-check-commits.py

Builds repositories in a temporary folder with good and bad commits around
a release commit and checks the lint's exit status and words for each:
0 for good commits after the release (bad ones before it do not count),
1 for each kind of bad message after it, 77 for a folder without git
metadata, a history without the release commit, and a shallow clone that
does not reach it. Exits 77 when git is not installed.
"""
import os
import shutil
import subprocess
import sys
import tempfile

LINT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-commits.py")
SOB = "Signed-off-by: A Tester <tester@example.org>"
GOOD = f"tests: a subject of fine length\n\nThe body says why.\n\n{SOB}\n"
# Each bad message and a word the lint's complaint must contain.
BAD = {
    "long subject": ("x" * 73 + f"\n\nWhy.\n\n{SOB}\n", "73 characters"),
    "no blank line": (f"tests: subject\nWhy, glued to it.\n\n{SOB}\n", "second line is not blank"),
    "no body": (f"tests: subject\n\n{SOB}\n", "no body"),
    "no sign-off": ("tests: subject\n\nWhy.\n", "Signed-off-by"),
    "sign-off not last": (f"tests: subject\n\n{SOB}\n\nWhy, after it.\n", "Signed-off-by"),
    "sign-off without address": ("tests: subject\n\nWhy.\n\nSigned-off-by: A Tester\n", "Signed-off-by"),
}
ENV = dict(os.environ, GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
           GIT_AUTHOR_NAME="A Tester", GIT_AUTHOR_EMAIL="tester@example.org",
           GIT_COMMITTER_NAME="A Tester", GIT_COMMITTER_EMAIL="tester@example.org")
failures = []


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True, env=ENV)


def commit(repo, message):
    """A commit (a file change) with exactly @message."""
    name = "f-" + message.split("\n")[0].replace(" ", "-").replace(":", "")[:40]
    with open(os.path.join(repo, name), "a") as f:
        f.write(message)
    git(repo, "add", name)
    subprocess.run(["git", "-C", repo, "commit", "-q", "--cleanup=verbatim", "--no-verify", "--no-gpg-sign", "-F", "-"],
                   input=message.encode(), check=True, capture_output=True, env=ENV)


def new_repo(path, before=(), release=True, after=()):
    os.makedirs(path)
    git(path, "init", "-q", "-b", "main")
    for m in before:
        commit(path, m)
    if release:
        commit(path, "Release 1.2.0\n")
    for m in after:
        commit(path, m)
    return path


def expect(name, path, status, words):
    r = subprocess.run([sys.executable, LINT, path], capture_output=True, text=True, env=ENV)
    ok = r.returncode == status and words in r.stdout
    print(f"{'ok' if ok else 'FAIL'}: {name}: exit {r.returncode} (want {status}), {r.stdout.strip()!r}")
    if not ok:
        failures.append(name)


def main():
    if not shutil.which("git"):
        print("test-check-commits: SKIP: git is not installed (Debian package git)")
        return 77
    with tempfile.TemporaryDirectory(prefix="check-commits-") as tmp:
        plain = os.path.join(tmp, "tarball")
        os.makedirs(plain)
        expect("no git metadata", plain, 77, "not the top of a git work tree")
        expect("no release commit", new_repo(os.path.join(tmp, "unreleased"), before=[GOOD], release=False),
               77, "no commit whose subject is 'Release 1.2.0'")
        # Bad commits before the release are history; good ones after it pass.
        good = new_repo(os.path.join(tmp, "good"), before=[BAD["no body"][0], BAD["long subject"][0]],
                        after=[GOOD, GOOD.replace("fine length", "x" * 40)])
        expect("good commits after the release", good, 0, "2 commits after")
        expect("the release commit alone", new_repo(os.path.join(tmp, "release-only")), 0, "0 commits after")
        for i, (name, (message, words)) in enumerate(BAD.items()):
            repo = new_repo(os.path.join(tmp, f"bad{i}"), after=[GOOD, message, GOOD])
            expect(f"bad: {name}", repo, 1, words)
        # A subject that only contains the release words is not the release commit.
        expect("a look-alike release subject", new_repo(os.path.join(tmp, "lookalike"), release=False,
                                                        before=["Release 1.2.0 candidate\n\nWhy.\n\n" + SOB + "\n"]),
               77, "no commit whose subject")
        # A merge after the release is checked like any commit.
        merged = new_repo(os.path.join(tmp, "merge"), after=[GOOD])
        git(merged, "checkout", "-q", "-b", "side", "HEAD~1")
        commit(merged, GOOD.replace("fine length", "side branch"))
        git(merged, "checkout", "-q", "main")
        git(merged, "merge", "-q", "--no-ff", "--no-edit", "side")
        expect("a merge with git's default message", merged, 1, "no body")
        shallow = os.path.join(tmp, "shallow")
        subprocess.run(["git", "clone", "-q", "--depth", "1", "file://" + good, shallow],
                       check=True, capture_output=True, env=ENV)
        expect("a shallow clone without the release", shallow, 77, "shallow clone")
    print(f"test-check-commits: {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
