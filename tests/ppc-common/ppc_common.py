# SPDX-License-Identifier: LGPL-2.1-or-later
"""Pieces the POWER real-kernel tiers (tests/ppc-e2e, tests/ppc-nested-e2e)
share: fetching Debian's ppc64el kernel and cross-building a static /init
with the library's POWER sources. Skipping, packing a newc cpio and running
QEMU with a timeout come from tests/e2e-common, which the x86 tier shares."""
import argparse
import glob
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e-common"))
from e2e_common import boot, pack_cpio, skip  # noqa: E402,F401

CROSS_CC = "powerpc64le-linux-gnu-gcc"
HERE = os.path.dirname(os.path.abspath(__file__))


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


class Unavailable(Exception):
    """A fetch script exited 77: its reason (the package it names) is the message."""


def fetch(tier, script, cache, opts=(), soft=False):
    """Runs a fetch script with @opts (it prints the directory it filled last,
    exits 77 with a reason when a package cannot be had) and returns that
    directory. On 77 the tier skips, or with @soft raises Unavailable."""
    run = subprocess.run(["sh", script] + list(opts) + [cache], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if run.returncode == 77:
        why = [line for line in run.stderr.decode().splitlines() if "SKIP" in line]
        why = why[-1].split("SKIP: ", 1)[-1] if why else f"{os.path.basename(script)} exited 77"
        if soft:
            raise Unavailable(why)
        skip(tier, why)
    if run.returncode != 0:
        print(f"{tier}: {os.path.basename(script)} {' '.join(opts)} failed with {run.returncode}:\n"
              + run.stderr.decode()[-2000:])
        sys.exit(1)
    return run.stdout.decode().strip().splitlines()[-1]


def fetch_kernel(tier, cache, opts=(), soft=False):
    """A Debian ppc64el kernel package, unpacked in @cache (fetch-kernel.sh
    with @opts: --suite, --meta): returns (package dir, vmlinux path)."""
    kdir = fetch(tier, os.path.join(HERE, "fetch-kernel.sh"), cache, opts, soft)
    return kdir, glob.glob(os.path.join(kdir, "boot", "vmlinux-*"))[0]


def kvm_module(tier, kdir, name):
    path = glob.glob(os.path.join(kdir, "lib", "modules", "*", "kernel", "arch", "powerpc", "kvm", name))
    if not path:
        skip(tier, f"{name} is not in the kernel package at {kdir}")
    return path[0]


def cross_static(src, gen_include, out, sources, with_lib):
    """A static ppc64le executable from @sources, plus the library's GLib-free
    POWER sources (lib/ppc/ppc-*.c, lib/keyfile.c, lib/util.c) when @with_lib."""
    lib = []
    if with_lib:
        # ppc-profile.c (the [ppc] profile group) needs GLib: left out.
        lib = sorted(f for f in glob.glob(os.path.join(src, "lib", "ppc", "ppc-*.c"))
                     if not f.endswith("ppc-profile.c")) + [os.path.join(src, "lib", f) for f in ("keyfile.c", "util.c")]
    cmd = [CROSS_CC, "-static", "-O2", "-g0", "-std=gnu11", "-Wall", "-Wextra",
           "-I", os.path.join(src, "include"), "-I", gen_include, "-I", os.path.join(src, "lib"), "-I", os.path.join(src, "lib", "ppc"),
           "-o", out] + sources + lib
    subprocess.run(cmd, check=True)


def run_qemu(cmd, timeout, log):
    """e2e_common.boot() with the console's carriage returns dropped and None
    for a run killed after @timeout seconds: (output, status or None, secs)."""
    out, rc, secs = boot(cmd, timeout, log)
    return out.replace("\r", ""), (None if rc == -1 else rc), secs
