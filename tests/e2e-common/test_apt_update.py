#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""apt-update.sh against real apt-get: a local archive on 127.0.0.1 (a
thread here; no network) whose one index does not match its Release file,
as a mirror mid-sync serves it, and a port nothing listens on, as a machine
without network sees the archive. apt_update_verdict must read apt's own
words: the mid-sync index "partial" (apt exits 100), the dead port
"unreachable" (apt exits 0), an unsigned archive "failed", a matching one
"ok"; apt_update must retry and see the mirror once it has finished its sync
(the second Release file it serves matches). Also the words apt printed for a
host that does not resolve (recorded below). Exit 77 without apt-get or sh."""
import functools
import hashlib
import http.server
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
HELPER = os.path.join(HERE, "apt-update.sh")
PACKAGES = b"Package: vcpuchar-test\nVersion: 1\nArchitecture: %s\n\n"
# Printed by apt-get 2.6.1 update (Debian 12, 2026-12-06) for a source whose
# host does not resolve (exit 0); resolving is left out of the live run, as a
# machine without a resolver may wait for it.
RESOLVE = """Ign:1 http://vcpuchar-no-such-host.invalid/debian bookworm InRelease
Err:1 http://vcpuchar-no-such-host.invalid/debian bookworm InRelease
  Could not resolve 'vcpuchar-no-such-host.invalid'
Reading package lists...
W: Failed to fetch http://vcpuchar-no-such-host.invalid/debian/dists/bookworm/InRelease  Could not resolve 'vcpuchar-no-such-host.invalid'
W: Some index files failed to download. They have been ignored, or old ones used instead.
"""

fails = 0


def check(name, ok, text):
    global fails
    print(f"{'ok  ' if ok else 'FAIL'} {name}: {text}")
    fails += not ok


def sh(script, *args, env=None):
    p = subprocess.run(["sh", "-c", f'. "{HELPER}"; ' + script, "sh", *args], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, env=dict(os.environ, **(env or {})))
    return p.stdout.strip()


def make_archive(root, bad_size):
    """dists/bookworm with amd64 and ppc64el Packages; with @bad_size the
    Release file gives ppc64el's index 7 bytes more than it has, as a mirror
    mid-sync (a new Release file, an old index) does."""
    lines = []
    for arch in ("amd64", "ppc64el"):
        d = os.path.join(root, "dists", "bookworm", "main", f"binary-{arch}")
        os.makedirs(d, exist_ok=True)
        data = PACKAGES % arch.encode()
        with open(os.path.join(d, "Packages"), "wb") as f:
            f.write(data)
        size = len(data) + (7 if bad_size and arch == "ppc64el" else 0)
        lines.append(f" {hashlib.sha256(data).hexdigest()} {size} main/binary-{arch}/Packages")
    with open(os.path.join(root, "dists", "bookworm", "Release"), "w") as f:
        f.write("Suite: bookworm\nCodename: bookworm\nArchitectures: amd64 ppc64el\nComponents: main\n"
                "Date: Sun, 06 Dec 2026 00:00:00 UTC\nSHA256:\n" + "\n".join(lines) + "\n")


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the archive; with server.sync_after = N, the archive is
    rewritten to match after N requests of its Release file."""
    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.endswith("/Release") and self.server.sync_after is not None:
            self.server.sync_after -= 1
            if self.server.sync_after < 0:
                make_archive(self.directory, bad_size=False)
        super().do_GET()


def apt_options(tmp, url, trusted=True):
    st = os.path.join(tmp, "state")
    shutil.rmtree(st, ignore_errors=True)
    for d in ("state/lists/partial", "cache/archives/partial"):
        os.makedirs(os.path.join(st, d), exist_ok=True)
    with open(os.path.join(st, "sources.list"), "w") as f:
        f.write(f"deb {'[trusted=yes] ' if trusted else ''}{url} bookworm main\n")
    return (f"apt-get -o Dir::State={st}/state -o Dir::Etc::SourceList={st}/sources.list"
            f" -o Dir::Etc::SourceParts=/dev/null -o Dir::Cache={st}/cache -o Debug::NoLocking=1"
            " -o APT::Architectures::=amd64 -o APT::Architectures::=ppc64el")


def loopback_works():
    """A connection to a listening socket on 127.0.0.1 goes through."""
    try:
        with socket.socket() as srv, socket.socket() as cli:
            srv.bind(("127.0.0.1", 0))
            srv.listen(1)
            cli.settimeout(2)
            cli.connect(srv.getsockname())
        return True
    except OSError:
        return False


def main():
    if not shutil.which("apt-get") or not shutil.which("sh"):
        print("SKIP: apt-get or sh missing")
        return 77
    if not loopback_works():
        print("SKIP: no loopback network here (lo is down, as in a package build's network namespace)")
        return 77
    tmp = tempfile.mkdtemp(prefix="apt-update-test-")
    try:
        repo = os.path.join(tmp, "repo")
        make_archive(repo, bad_size=True)
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=repo))
        srv.sync_after = None
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{srv.server_address[1]}"
        log = os.path.join(tmp, "update.log")

        # One try, mid-sync: apt exits 100 on an archive that answered.
        apt = apt_options(tmp, url)
        rc = subprocess.run(f"{apt} update >{log} 2>&1", shell=True).returncode
        text = open(log).read()
        check("mid-sync: apt's words", "File has unexpected size" in text and rc == 100,
              f"exit {rc}; " + next((x for x in text.splitlines() if "unexpected size" in x), "no such line").strip())
        v = sh('apt_update_verdict "$1"', log)
        check("mid-sync: partial, not no network", v.startswith("partial: ") and "binary-ppc64el/Packages" in v
              and "amd64" not in v, v)

        # Unsigned (no [trusted=yes]): apt refuses the archive, not "no network".
        apt = apt_options(tmp, url, trusted=False)
        v = sh(f'apt_update "$1" {apt}', log, env={"APT_UPDATE_TRIES": "3", "APT_UPDATE_WAIT": "0"})
        check("unsigned: failed, at once", v.startswith("failed: ") and "not signed" in v, v)

        # apt_update retries: one try sees the mirror mid-sync; with two, the
        # mirror has finished its sync (a matching Release file) by the second.
        apt = apt_options(tmp, url)
        v = sh(f'apt_update "$1" {apt}', log, env={"APT_UPDATE_TRIES": "1", "APT_UPDATE_WAIT": "0"})
        check("mid-sync, one try: partial", v.startswith("partial: "), v)
        srv.sync_after = 1
        apt = apt_options(tmp, url)
        v = sh(f'apt_update "$1" {apt}', log, env={"APT_UPDATE_TRIES": "2", "APT_UPDATE_WAIT": "0"})
        check("mirror synced by the second try: ok", v == "ok" and srv.sync_after < 0, v)
        srv.shutdown()
        srv.server_close()

        # No network to the archive: a port nothing listens on. apt exits 0.
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        apt = apt_options(tmp, f"http://127.0.0.1:{port}/debian")
        rc = subprocess.run(f"{apt} update >{log} 2>&1", shell=True).returncode
        v = sh('apt_update_verdict "$1"', log)
        check("refused: apt exits 0", rc == 0, f"exit {rc}")
        check("refused: unreachable", v.startswith("unreachable: ") and "Connection refused" in v, v)
        v = sh(f'apt_update "$1" {apt}', log, env={"APT_UPDATE_TRIES": "2", "APT_UPDATE_WAIT": "0"})
        check("refused, retried: unreachable", v.startswith("unreachable: "), v)

        with open(log, "w") as f:
            f.write(RESOLVE)
        v = sh('apt_update_verdict "$1"', log)
        check("host does not resolve: unreachable", v.startswith("unreachable: Could not resolve"), v)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"apt-update: {'FAIL' if fails else 'PASS'} ({fails} failed)")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
