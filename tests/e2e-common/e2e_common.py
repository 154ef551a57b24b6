# SPDX-License-Identifier: LGPL-2.1-or-later
"""What the emulated-host tiers (tests/ppc-e2e, tests/x86-*) share: packing
an initramfs and copying programs with their libraries into it, booting QEMU
with a timeout that kills it by its pid (two boots at a time), and reading
the guest's result lines (tests/ppc-e2e/report.h)."""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

LINE = re.compile(r"E2E: ([^:]+): (PASS|FAIL|INFO): (.*)")
DONE = re.compile(r"E2E-DONE: pass=(\d+) fail=(\d+)")


def skip(tier, msg):
    print(f"{tier}: SKIP: {msg}")
    sys.exit(77)


def pack_cpio(root, out):
    """A newc cpio of everything under @root (directories first, as cpio -o wants)."""
    names = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        rel = os.path.relpath(d, root)
        if rel != ".":
            names.append(rel)
        names += [os.path.join(rel, f) if rel != "." else f for f in sorted(files)]
    with open(out, "wb") as f:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], input=("\n".join(names) + "\n").encode(),
                       stdout=f, cwd=root, check=True)
    return out


def boot(cmd, timeout, log):
    """Runs QEMU @cmd; after @timeout seconds kills it by its pid. Returns
    (console output, exit status or -1 on timeout, seconds). The command and
    output go to @log."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        out, _ = p.communicate()
        out += f"\n[timeout: QEMU pid {p.pid} killed after {timeout} s]\n".encode()
        rc = -1
    secs = time.monotonic() - t0
    out = out.decode(errors="replace")
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n\n" + out)
    return out, rc, secs


def result_lines(out):
    """(E2E check lines as (check, PASS|FAIL|INFO, text), (pass, fail) of E2E-DONE or None)."""
    lines, done = [], None
    for line in out.splitlines():
        m = LINE.search(line)
        if m:
            lines.append(m.groups())
        m = DONE.search(line)
        if m:
            done = (int(m.group(1)), int(m.group(2)))
    return lines, done


def copy_into(root, path, src=None):
    """Copy @src (default @path, links followed) to @path inside the image tree @root."""
    dest = os.path.join(root, path.lstrip("/"))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copy2(os.path.realpath(src or path), dest)


def shared_libs(exe):
    """Every library ldd resolves for @exe, as the paths the loader asks for."""
    # ldd fails on a static executable (a static busybox): no libraries then.
    out = subprocess.run(["ldd", exe], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    return re.findall(r"=> (/\S+)", out) + re.findall(r"^\s*(/\S+) \(", out, re.M)


def jobs():
    """VCPUCHAR_E2E_JOBS, 1 or 2 (default 2): two TCG boots fill two cores, more slow each other down."""
    return max(1, min(2, int(os.environ.get("VCPUCHAR_E2E_JOBS", "2"))))


def run_parallel(fn, items):
    """fn(item) for every item, jobs() at once; the results in order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as ex:
        return list(ex.map(fn, items))
