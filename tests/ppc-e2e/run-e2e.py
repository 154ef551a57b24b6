#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""ppc-e2e: boot Debian's ppc64le kernel under qemu-system-ppc64 -M pseries
for a matrix of spapr cap settings and collect the guest checker's verdicts.

Usage: run-e2e.py --source-dir SRC --build-dir DIR --gen-include DIR
Exit 0 when every boot passed, 1 on any failure, 77 (skip) when a tool or
the kernel package is missing. The cache of the kernel package is
$VCPUCHAR_E2E_CACHE, else DIR/cache.
"""
import concurrent.futures
import glob
import os
import shutil
import subprocess
import sys
import time

# The shared helpers live in the source tree: compile them without writing there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e-common"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ppc-common"))
import e2e_common  # noqa: E402
import ppc_common as common  # noqa: E402

# (name, -cpu, caps in QEMU's -M spelling or None for the machine defaults,
#  cap-nested-hv). cap-ibs=fixed-na is left out: QEMU 7.2 aborts in
# h_get_cpu_characteristics() when the guest makes the hcall with it.
MATRIX = [
    ("p9-defaults", "POWER9", None, True),
    ("p9-wa-wa-wa-on", "POWER9", "cfpc=workaround,sbbc=workaround,ibs=workaround,ccf-assist=on", True),
    ("p9-wa-wa-wa-off", "POWER9", "cfpc=workaround,sbbc=workaround,ibs=workaround,ccf-assist=off", True),
    ("p9-broken-all", "POWER9", "cfpc=broken,sbbc=broken,ibs=broken,ccf-assist=off", True),
    ("p9-fixed-fixed-ibs", "POWER9", "cfpc=fixed,sbbc=fixed,ibs=fixed-ibs,ccf-assist=off", True),
    ("p9-fixed-fixed-ccd", "POWER9", "cfpc=fixed,sbbc=fixed,ibs=fixed-ccd,ccf-assist=off", True),
    ("p9-fixed-broken-wa-on", "POWER9", "cfpc=fixed,sbbc=broken,ibs=workaround,ccf-assist=on", True),
    ("p9-broken-wa-ccd-on", "POWER9", "cfpc=broken,sbbc=workaround,ibs=fixed-ccd,ccf-assist=on", True),
    ("p10-defaults", "POWER10", None, True),
    ("p10-wa-fixed-broken-off", "POWER10", "cfpc=workaround,sbbc=fixed,ibs=broken,ccf-assist=off", True),
    ("p10-fixed-wa-ibs-on", "POWER10", "cfpc=fixed,sbbc=workaround,ibs=fixed-ibs,ccf-assist=on", True),
    ("p9-no-nested-hv", "POWER9", "cfpc=workaround,sbbc=workaround,ibs=workaround,ccf-assist=off", False),
]

CROSS_CC = "powerpc64le-linux-gnu-gcc"
QEMU = "qemu-system-ppc64"


def skip(msg):
    e2e_common.skip("ppc-e2e", msg)


def build_initrd(args, kdir, out):
    """Cross-compile the static /init with the library's POWER sources and
    pack it with kvm.ko and kvm-hv.ko into a newc cpio."""
    src = args.source_dir
    here = os.path.join(src, "tests", "ppc-e2e")
    # The library's GLib-free sources: every POWER file and the shared helpers.
    # ppc-profile.c (the [ppc] profile group) needs GLib: left out.
    lib = sorted(f for f in glob.glob(os.path.join(src, "lib", "ppc", "ppc-*.c"))
                 if not f.endswith("ppc-profile.c")) + [os.path.join(src, "lib", f) for f in ("keyfile.c", "util.c")]
    common = os.path.join(src, "tests", "e2e-common")
    sources = [os.path.join(d, f) for d in (here, common) for f in sorted(os.listdir(d)) if f.endswith(".c")]
    root = os.path.join(out, "initramfs")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    cmd = [CROSS_CC, "-static", "-O2", "-g0", "-std=gnu11", "-Wall", "-Wextra",
           "-I", os.path.join(src, "include"), "-I", args.gen_include, "-I", os.path.join(src, "lib"), "-I", os.path.join(src, "lib", "ppc"),
           "-I", common, "-o", os.path.join(root, "init")] + sources + lib
    subprocess.run(cmd, check=True)
    for mod in ("kvm.ko", "kvm-hv.ko"):
        path = glob.glob(os.path.join(kdir, "lib", "modules", "*", "kernel", "arch", "powerpc", "kvm", mod))
        if not path:
            skip(f"{mod} is not in the kernel package at {kdir}")
        shutil.copy(path[0], os.path.join(root, mod))
    return e2e_common.pack_cpio(root, os.path.join(out, "initrd.cpio"))


def boot(entry, vmlinux, initrd, logdir):
    name, cpu, caps, nested = entry
    machine = ["pseries"]
    if caps:
        machine += ["cap-" + c for c in caps.split(",")]
    machine += ["cap-nested-hv=" + ("on" if nested else "off"), "x-vof=on"]
    guest_caps = ",".join("cap-" + c for c in caps.split(",")) if caps else "defaults"
    append = (f"console=hvc0 quiet loglevel=3 panic=-1 vcpuchar.boot={name} "
              f"vcpuchar.caps={guest_caps} vcpuchar.cpu={cpu} "
              f"vcpuchar.nested-hv={'on' if nested else 'off'}")
    cmd = [QEMU, "-M", ",".join(machine), "-cpu", cpu, "-smp", "1", "-m", "1G",
           "-nographic", "-nodefaults", "-chardev", "stdio,id=con0,signal=off",
           "-device", "spapr-vty,chardev=con0", "-no-reboot",
           "-kernel", vmlinux, "-initrd", initrd, "-append", append]
    out, rc, secs = e2e_common.boot(cmd, 120, os.path.join(logdir, name + ".log"))
    parsed = e2e_common.parse_boot(out)
    res = {"name": name, "cpu": cpu, "caps": caps or "(pseries-7.2 defaults)",
           "nested": nested, "rc": rc, "secs": secs, "lines": parsed.lines, "done": parsed.done,
           "summary": parsed.summary}
    fails = [row for row in res["lines"] if row[1] == "FAIL"]
    res["ok"] = rc == 0 and res["done"] is not None and res["done"][1] == 0 and not fails
    res["fails"] = fails
    return res


VULN = ("meltdown", "l1tf", "spectre_v1", "spectre_v2", "spec_store_bypass")


def write_measured(results, path):
    """What each boot read, library-independent: the raw ioctl words and the
    kernel's sysfs strings. The source of the vectors in tests/data."""
    cols = ["boot", "cpu", "caps", "verdict", "words"] + list(VULN)
    with open(path, "w") as f:
        f.write("\t".join(cols) + "\n")
        for r in results:
            info = {c: t for c, kind, t in r["lines"] if kind == "INFO"}
            row = [r["name"], r["cpu"], r["caps"], "PASS" if r["ok"] else "FAIL",
                   info.get("raw.words", "-")] + [info.get(v, "-") for v in VULN]
            f.write("\t".join(row) + "\n")


def main():
    args = common.parse_args()
    common.require("ppc-e2e", (QEMU, CROSS_CC, "cpio", "apt-cache", "dpkg-deb"))

    t0 = time.monotonic()
    out = os.path.abspath(args.build_dir)
    os.makedirs(out, exist_ok=True)
    cache = os.environ.get("VCPUCHAR_E2E_CACHE") or os.path.join(out, "cache")
    kdir, vmlinux = common.fetch_kernel("ppc-e2e", cache)
    initrd = build_initrd(args, kdir, out)
    t_prep = time.monotonic() - t0
    logdir = os.path.join(out, "logs")
    os.makedirs(logdir, exist_ok=True)

    jobs = int(os.environ.get("VCPUCHAR_E2E_JOBS", "2"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        results = list(ex.map(lambda e: boot(e, vmlinux, initrd, logdir), MATRIX))

    print(f"kernel: {os.path.basename(vmlinux)}  qemu: {QEMU}  boots: {len(results)}, {jobs} at a time")
    for r in results:
        verdict = "PASS" if r["ok"] else "FAIL"
        counts = f"{r['done'][0]}/{r['done'][0] + r['done'][1]}" if r["done"] else "no result line"
        print(f"\n== {r['name']}: {verdict} ({counts} checks, {r['secs']:.1f} s, qemu exit {r['rc']})")
        print(f"   -cpu {r['cpu']}  caps: {r['caps']}  cap-nested-hv={'on' if r['nested'] else 'off'}")
        if r["summary"]:
            print(f"   {r['summary']}")
        for check, _, text in r["fails"]:
            print(f"   FAIL {check}: {text}")
        if not r["ok"] and not r["fails"]:
            print(f"   see {os.path.join(logdir, r['name'] + '.log')}")
    write_measured(results, os.path.join(out, "measured.tsv"))
    print(f"\nraw words and sysfs strings per boot: {os.path.join(out, 'measured.tsv')}; logs: {logdir}")
    failed = [r["name"] for r in results if not r["ok"]]
    total = time.monotonic() - t0
    print(f"\nppc-e2e: {len(results) - len(failed)}/{len(results)} boots passed; "
          f"prepare {t_prep:.1f} s, total {total:.1f} s")
    if failed:
        print("ppc-e2e: failed: " + ", ".join(failed))
        sys.exit(1)


if __name__ == "__main__":
    main()
