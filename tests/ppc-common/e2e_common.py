# SPDX-License-Identifier: LGPL-2.1-or-later
"""Pieces the POWER real-kernel tiers (tests/ppc-e2e, tests/ppc-nested-e2e)
share: skipping, fetching Debian's ppc64el kernel, cross-building a static
/init with the library's POWER sources, packing a newc cpio, and running a
QEMU with a timeout that kills it by pid."""
import argparse
import glob
import os
import shutil
import signal
import subprocess
import sys
import time

CROSS_CC = "powerpc64le-linux-gnu-gcc"
HERE = os.path.dirname(os.path.abspath(__file__))


def skip(tier, msg):
    print(f"{tier}: SKIP: {msg}")
    sys.exit(77)


def parse_args(*extra):
    """--source-dir, --build-dir, --gen-include and the tier's own options."""
    ap = argparse.ArgumentParser()
    for opt in ("--source-dir", "--build-dir", "--gen-include") + extra:
        ap.add_argument(opt, required=True)
    return ap.parse_args()


def require(tier, tools):
    """Skips the tier, naming them, when some of @tools are not on PATH."""
    missing = [t for t in tools if not shutil.which(t)]
    if missing:
        skip(tier, "missing " + ", ".join(missing) + " (run tests/ppc-e2e/setup.sh as root)")


def fetch(tier, script, cache):
    """Runs a fetch script (it prints the directory it filled last, exits 77
    with a reason when a package cannot be had) and returns that directory."""
    run = subprocess.run(["sh", script, cache], stdout=subprocess.PIPE)
    if run.returncode == 77:
        sys.exit(77)
    if run.returncode != 0:
        print(f"{tier}: {os.path.basename(script)} failed with {run.returncode}")
        sys.exit(1)
    return run.stdout.decode().strip().splitlines()[-1]


def fetch_kernel(tier, cache):
    """Debian's ppc64el kernel package, unpacked in @cache (fetch-kernel.sh):
    returns (package dir, vmlinux path)."""
    kdir = fetch(tier, os.path.join(HERE, "fetch-kernel.sh"), cache)
    return kdir, glob.glob(os.path.join(kdir, "boot", "vmlinux-*"))[0]


def kvm_module(tier, kdir, name):
    path = glob.glob(os.path.join(kdir, "lib", "modules", "*", "kernel", "arch", "powerpc", "kvm", name))
    if not path:
        skip(tier, f"{name} is not in the kernel package at {kdir}")
    return path[0]


def cross_static(src, gen_include, out, sources, with_lib):
    """A static ppc64le executable from @sources, plus the library's GLib-free
    POWER sources (lib/ppc-*.c, lib/util.c) when @with_lib."""
    lib = []
    if with_lib:
        lib = sorted(glob.glob(os.path.join(src, "lib", "ppc-*.c"))) + [os.path.join(src, "lib", "util.c")]
    cmd = [CROSS_CC, "-static", "-O2", "-g0", "-std=gnu11", "-Wall", "-Wextra",
           "-I", os.path.join(src, "include"), "-I", gen_include, "-I", os.path.join(src, "lib"),
           "-o", out] + sources + lib
    subprocess.run(cmd, check=True)


def pack_cpio(root, out):
    """Every file under @root into a newc cpio at @out."""
    names = []
    for d, dirs, files in os.walk(root):
        for n in sorted(dirs) + sorted(files):
            names.append(os.path.relpath(os.path.join(d, n), root))
    with open(out, "wb") as f:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], input=("\n".join(names) + "\n").encode(),
                       stdout=f, cwd=root, check=True)


def run_qemu(cmd, timeout, log):
    """Runs @cmd with stdin from /dev/null, stdout and stderr together, for
    at most @timeout seconds, then kills it by its pid. Writes the command and
    the output to @log. Returns (output, exit status or None on timeout, secs)."""
    t0 = time.monotonic()
    with open(log + ".raw", "wb") as raw:
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=raw, stderr=subprocess.STDOUT)
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.kill(p.pid, signal.SIGKILL)
            p.wait()
            rc = None
    secs = time.monotonic() - t0
    with open(log + ".raw", "rb") as raw:
        out = raw.read().decode(errors="replace").replace("\r", "")
    os.unlink(log + ".raw")
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n\n" + out + ("\n[killed after %d s]\n" % timeout if rc is None else ""))
    return out, rc, secs
