#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""ppc-nested-e2e: the seed's scenario on real kernels. L0 is x86 TCG
qemu-system-ppc64 -M pseries,<caps>,cap-nested-hv=on (its caps play the
hardware); L1 is Debian's ppc64el kernel with kvm-hv, the KVM host; inside
it Debian's own unmodified ppc64el qemu-system-ppc64 -accel kvm starts L2
(a) with its defaults and (b) with the caps the library decides (host-max)
and spells; when examples/qemu/build-cross.sh gives the patched QEMU, it
also starts L2 with (c) cpu-char-mode=host-max, (d) host and (e) seed.
Assertions (README.md here):
  (b) L2 starts, its five vulnerabilities files equal L1's (or differ only
      where the library reported it: not_expressible, host_bits_outside_masks);
  (a) the library's caps-mode validation predicted QEMU's outcome (refused
      with the same message and hint, or started) and its guest view equals
      L2's files;
  (c) L2 equals L1 on every file and switch; (b), (c), (d) leave no
      mitigation L1 runs off; (d) runs none L1 does not; (e), the seed's
      approach, is only reported;
and per setting and run the count of mitigations (debugfs powerpc/
switches) L2 runs that L1 does not (unneeded) and L1 runs that L2 does not
(missing).

Usage: run-nested.py --source-dir SRC --build-dir DIR --gen-include DIR --kernel-cache DIR
                     --patched-cache DIR
Exit 0 when every setting of every pair asked for ran and passed, 1 on any
failure (or when the machine's own 6.1/7.2 stack could not run while another
pair did), 77 (skip) when a tool or a package is missing: for the whole tier,
or after the pairs that could run passed, naming each pair (or the (c)-(e)
runs without the patched QEMU) that could not.
"""
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import time

# The shared helpers live in the source tree: compile them without writing there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ppc-common"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e-common"))
import e2e_common  # noqa: E402
import ppc_common as common  # noqa: E402

TIER = "ppc-nested-e2e"
QEMU = "qemu-system-ppc64"
STRIP = "powerpc64le-linux-gnu-strip"
# L0 boot, L1 start-up and up to five L2 runs; L1's own timeout per L2 run is 150 s.
L0_TIMEOUT = int(os.environ.get("VCPUCHAR_NESTED_L0_TIMEOUT", "600"))

# (name, L0 -cpu, L0 caps cfpc, sbbc, ibs, ccf-assist). Together: every cfpc
# and sbbc level, ibs workaround/fixed-ibs/fixed-ccd/broken, ccf-assist on
# and off, POWER9 and POWER10. cap-ibs=fixed-na is not an L0 setting: QEMU
# 7.2 aborts on it; ibs=broken upstairs reads fixed-na downstairs.
MATRIX = [
    ("p9-fixed-fixed-ccd-off", "POWER9", ("fixed", "fixed", "fixed-ccd", "off")),
    ("p9-fixed-fixed-ibs-off", "POWER9", ("fixed", "fixed", "fixed-ibs", "off")),
    ("p9-wa-wa-wa-off", "POWER9", ("workaround", "workaround", "workaround", "off")),
    ("p9-wa-wa-wa-on", "POWER9", ("workaround", "workaround", "workaround", "on")),
    ("p9-broken-wa-ccd-off", "POWER9", ("broken", "workaround", "fixed-ccd", "off")),
    ("p9-broken-all", "POWER9", ("broken", "broken", "broken", "off")),
    ("p10-fixed-wa-ibs-on", "POWER10", ("fixed", "workaround", "fixed-ibs", "on")),
    ("p10-wa-fixed-wa-on", "POWER10", ("workaround", "fixed", "workaround", "on")),
]
# The stacks: L1 kernels (fetch-kernel.sh options) and L1 QEMUs (fetch-qemu.sh
# options). The kernel also runs as L2. Packages the mirror no longer serves
# skip their pairs (a line naming the package); README.md, "Stacks".
KERNELS = [
    ("6.1", ()),                                            # bookworm, the machine's own
    ("6.12", ("--meta", "linux-image-6.12-powerpc64le")),    # bookworm(-security)'s 6.12.x+deb12
    ("7.x", ("--suite", "sid")),                             # the newest ppc64el kernel served
]
QEMUS = [
    ("7.2", ()),                                             # bookworm
    ("10.0", ("--suite", "trixie", "--fallback", "sid")),    # trixie's userland
    ("11.1", ("--suite", "sid")),                            # sid's userland
]
DEFAULT_PAIR = ("6.1", "7.2")
# Every pair runs this setting each time: QEMU's defaults start and differ
# from the host (the seed's scenario). The default pair runs all eight (the
# refusals of cfpc, with (f), and of ccf-assist among them);
# VCPUCHAR_NESTED_FULL=1 runs all eight on every pair. One, not three: CI's
# 60 minutes.
QUICK = ("p9-fixed-fixed-ccd-off",)
# QEMU 11.1 in L1 runs only with VCPUCHAR_NESTED_FULL=1 (or when named in
# VCPUCHAR_NESTED_PAIRS): it keeps the tier's added CI time under 10 minutes.
QUICK_11 = ()
VULN = ("meltdown", "l1tf", "spectre_v1", "spectre_v2", "spec_store_bypass")
# The guest kernel's mitigation switches in debugfs powerpc/ (Linux
# arch/powerpc/kernel/security.c and setup_64.c); the other files there
# (tlb ceilings, xmon, eeh, ...) are not mitigations.
MITIGATIONS = ("rfi_flush", "entry_flush", "uaccess_flush", "stf_barrier", "count_cache_flush",
               "link_stack_flush", "barrier_nospec")
CAPS = ("cfpc", "sbbc", "ibs", "ccf-assist")

L1_LINE = re.compile(r"^N: L1: (vuln|debugfs)\.([^:]+): (.*)$")
L2_LINE = re.compile(r"^N: ([a-f])\.out: L2: (vuln|debugfs)\.([^:]+): (.*)$")
RUNS = "abcdef"
# (c)-(e): the patched QEMU (examples/qemu) with cpu-char-mode=...
PATCHED_RUNS = {"c": "host-max", "d": "host", "e": "seed"}
N_LINE = re.compile(r"^N: ([^:]+): (.*)$")


def patched_tree(args, series):
    """examples/qemu/build-cross.sh with the ppc-qemu-patch suite's cache (a
    hit costs nothing; the suite and this tier share one build, under the
    script's lock): the runtime tree, or None and why when it exits 77. The
    series is the pair's QEMU release (--qemu 7.2 or 10.0)."""
    cache = os.environ.get("VCPUCHAR_PATCHED_CACHE") or os.path.abspath(args.patched_cache)
    script = os.path.join(args.source_dir, "examples", "qemu", "build-cross.sh")
    if os.environ.get("VCPUCHAR_NESTED_NO_PATCHED") == "1":
        return None, "VCPUCHAR_NESTED_NO_PATCHED=1"
    # One series per QEMU release in examples/qemu/<release>/ (7.2, 10.0).
    if not os.path.isdir(os.path.join(args.source_dir, "examples", "qemu", series)):
        return None, f"no patched QEMU {series}: examples/qemu has no series for it"
    cmd = [script, "--qemu", series, cache]
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    lines = run.stdout.decode().strip().splitlines()
    if run.returncode == 77:
        return None, (lines[-1] if lines else "build-cross.sh exited 77")
    if run.returncode != 0:
        print(f"{TIER}: examples/qemu/build-cross.sh failed with {run.returncode}:\n"
              + run.stderr.decode()[-2000:])
        sys.exit(1)
    return lines[-1], None


def build_inits(args, out):
    """The two static /init programs (once for every pair)."""
    here = os.path.join(args.source_dir, "tests", TIER)
    l2 = os.path.join(out, "l2root")
    shutil.rmtree(l2, ignore_errors=True)
    os.makedirs(l2)
    common.cross_static(args.source_dir, args.gen_include, os.path.join(l2, "init"),
                        [os.path.join(here, "l2-init.c")], False)
    l2cpio = os.path.join(out, "l2.cpio")
    common.pack_cpio(l2, l2cpio)
    l1init = os.path.join(out, "l1-init")
    common.cross_static(args.source_dir, args.gen_include, l1init, [os.path.join(here, "l1-init.c")], True)
    return l2cpio, l1init


def build(args, kdir, vmlinux, qroot, patched, out, l2cpio, l1init):
    """L1's initramfs for one pair in @out: the QEMU tree, the L1 /init, the
    KVM modules, the stripped L2 kernel and the L2 initramfs."""
    os.makedirs(out, exist_ok=True)

    # The L2 kernel is the same Debian vmlinux without symbols (41 MB, not 55).
    stripped = os.path.join(args.kernel_cache, os.path.basename(vmlinux) + ".stripped")
    if not os.path.exists(stripped):
        subprocess.run([STRIP, "-o", stripped + ".tmp", vmlinux], check=True)
        os.rename(stripped + ".tmp", stripped)

    l1 = os.path.join(out, "l1root")
    shutil.rmtree(l1, ignore_errors=True)
    # Hard links: the 54 MB tree is not copied on every run.
    shutil.copytree(qroot, l1, copy_function=os.link, ignore=shutil.ignore_patterns(".complete"))
    shutil.copy(l1init, os.path.join(l1, "init"))
    for mod in ("kvm.ko", "kvm-hv.ko"):
        shutil.copy(common.kvm_module(TIER, kdir, mod), os.path.join(l1, mod))
    if patched:
        # L1's /init runs it through its own loader when /patched exists.
        shutil.copytree(patched, os.path.join(l1, "patched"), symlinks=True, copy_function=os.link)
    os.makedirs(os.path.join(l1, "l2"))
    os.link(stripped, os.path.join(l1, "l2", "vmlinux"))
    shutil.copy(l2cpio, os.path.join(l1, "l2", "init.cpio"))
    l1cpio = os.path.join(out, "l1.cpio")
    common.pack_cpio(l1, l1cpio)
    shutil.rmtree(l1)
    return l1cpio


def parse(out, r):
    """Files L0's console lines into @r: l1/l1dbg (L1's vuln and debugfs
    lines), l2/l2dbg per run, each run's out lines, warnings and the other
    N: keys in n."""
    def l1(m):
        (r["l1"] if m.group(1) == "vuln" else r["l1dbg"])[m.group(2)] = m.group(3)

    def l2(m):
        (r["l2"] if m.group(2) == "vuln" else r["l2dbg"])[m.group(1)][m.group(3)] = m.group(4)

    def n(m):
        key, val = m.groups()
        if key in tuple(k + ".out" for k in RUNS):
            r["out"][key[0]].append(val)
        elif key.startswith("warning."):
            r["warnings"][key[8:]] = val
        else:
            r["n"][key] = val

    e2e_common.scan(out, [(L1_LINE, l1), (L2_LINE, l2), (N_LINE, n)])


def boot(job, logdir):
    (name, cpu, caps), pair = job
    machine = "pseries," + ",".join(f"cap-{c}={v}" for c, v in zip(CAPS, caps)) + ",cap-nested-hv=on,x-vof=on"
    machine += pair["l0_extra"]
    cmd = [QEMU, "-M", machine, "-cpu", cpu, "-smp", "1", "-m", "2G", "-nographic", "-nodefaults",
           "-chardev", "stdio,id=con0,signal=off", "-device", "spapr-vty,chardev=con0", "-no-reboot",
           "-kernel", pair["vmlinux"], "-initrd", pair["initrd"],
           "-append", f"console=hvc0 panic=-1 loglevel=4 vcpuchar.cpu={cpu} vcpuchar.qemu={pair['qemu']}"]
    log = os.path.join(logdir, f"{pair['kernel']}-{pair['qemu']}-{name}.log")
    out, rc, secs = common.run_qemu(cmd, L0_TIMEOUT, log)
    r = {"name": name, "cpu": cpu, "caps": caps, "rc": rc, "secs": secs, "l1": {}, "l1dbg": {},
         "kernel": pair["kernel"], "qemu": pair["qemu"], "release": pair["release"],
         "qemu_version": pair["qemu_version"], "patched_why": pair["patched_why"], "four_k": pair["four_k"],
         "l2": {k: {} for k in RUNS}, "l2dbg": {k: {} for k in RUNS}, "n": {},
         "out": {k: [] for k in RUNS},
         "warnings": {}, "done": "NESTED-DONE" in out, "tail": out.splitlines()[-15:],
         "unneeded": {}, "missing": {}, "abort": None}
    parse(out, r)
    check(r)
    return r


def on(v):
    """A debugfs switch is on when its number is not 0."""
    try:
        return int(v, 0) != 0
    except ValueError:
        return False


def extra_mitigations(l1, l2):
    """debugfs switches L2 runs that L1 does not: unneeded."""
    return sorted(k for k in MITIGATIONS if on(l2.get(k, "0")) and not on(l1.get(k, "0")))


def missing_mitigations(l1, l2):
    """debugfs switches L1 runs that L2 does not: missing."""
    return extra_mitigations(l2, l1)


def check(r):
    fails = r.setdefault("fails", [])
    n = r["n"]
    if r["rc"] is None:
        fails.append(f"L0 killed after {L0_TIMEOUT} s (L1 hung); last lines:\n      " + "\n      ".join(r["tail"]))
        return
    if not r["done"]:
        fails.append(f"L1 did not finish (L0 exit {r['rc']}); last lines:\n      " + "\n      ".join(r["tail"]))
        return
    for key in ("module.kvm", "module.kvm-hv", "probe", "hostmax.decide", "defaults.decide", "start.check"):
        if n.get(key) != "0":
            fails.append(f"{key}: expected 0, got {n.get(key)}")
    # The start verdict's paste line, which L1 appends to every L2 -M: a 4K-page kernel's KVM
    # cannot back L2's default 64K HPT pages, a 64K-page kernel's can.
    paste = n.get("start.paste", "")
    if ("cap-hpt-max-page-size=4k" in paste.split(",")) != r["four_k"]:
        fails.append(f"start.paste \"{paste}\" on a {'4K' if r['four_k'] else '64K'}-page L1 kernel "
                     f"(facts {n.get('probe.facts')}; {n.get('start.hpt-max-page-size', 'hpt-max-page-size starts')})")
    runs = "ab" + ("cde" if n.get("patched") == "1" else "")
    for run in runs.replace("e", ""):
        rc = n.get(f"{run}.rc")
        qemu_err = [line for line in r["out"][run] if "qemu-system-ppc64:" in line or "Assertion" in line]
        if rc == "timeout":
            fails.append(f"({run}) L1's QEMU killed after its timeout: " + "; ".join(r["out"][run][-5:]))
        elif rc not in ("0", "1"):
            fails.append(f"({run}) L1's QEMU ended with {rc}: " + "; ".join(qemu_err or r["out"][run][-5:]))
    # (b) the library's string: L2 starts and sees what L1 sees.
    allowed = set()
    if n.get("hostmax.not_expressible", "0x0000000000000000,0x0000000000000000") != \
            "0x0000000000000000,0x0000000000000000" or "host_bits_outside_masks" in r["warnings"] and \
            "not passed on" in r["warnings"]["host_bits_outside_masks"]:
        allowed = set(VULN)
    if n.get("b.rc") != "0" or len(r["l2"]["b"]) != len(VULN):
        fails.append(f"(b) L2 did not start with the library's string {n.get('hostmax.qemu')}: rc {n.get('b.rc')}: "
                     + "; ".join(r["out"]["b"][-5:]))
    else:
        for f in VULN:
            if r["l2"]["b"][f] != r["l1"].get(f) and f not in allowed:
                fails.append(f"(b) {f}: L1 \"{r['l1'].get(f)}\", L2 \"{r['l2']['b'][f]}\"")
            if r["l2"]["b"][f] != n.get(f"hostmax.view.{f}"):
                fails.append(f"(b) {f}: library host-max view \"{n.get(f'hostmax.view.{f}')}\", "
                             f"L2 \"{r['l2']['b'][f]}\"")
    # (a) the defaults: the caps-mode prediction against what QEMU did.
    refused = n.get("defaults.n_errors", "0") != "0"
    if refused:
        want = [f"qemu-system-ppc64: {n.get('defaults.message')}", n.get("defaults.hint")]
        got = r["out"]["a"]
        idx = [i for i, line in enumerate(got) if line == want[0]]
        if n.get("a.rc") != "1" or not idx or got[idx[0] + 1:idx[0] + 2] != want[1:]:
            fails.append(f"(a) library predicted refusal \"{want[0]}\" / \"{want[1]}\"; QEMU rc {n.get('a.rc')}: "
                         + " | ".join(line for line in got if not line.startswith("L2")))
        if r["l2"]["a"]:
            fails.append("(a) library predicted refusal, but L2 printed its files")
    else:
        if n.get("a.rc") != "0" or len(r["l2"]["a"]) != len(VULN):
            fails.append(f"(a) library predicted a start; QEMU rc {n.get('a.rc')}: " + "; ".join(r["out"]["a"][-5:]))
        else:
            for f in VULN:
                if r["l2"]["a"][f] != n.get(f"defaults.view.{f}"):
                    # L1's init told the library which QEMU it answers for
                    # (vcpuchar.qemu=): the view must match on every QEMU.
                    fails.append(f"(a) {f}: library caps-mode view \"{n.get(f'defaults.view.{f}')}\", "
                                 f"L2 \"{r['l2']['a'][f]}\"")
    # (f) only where the library warned qemu_fixed_na_abort: the caps with
    # fixed-na spelled out must make L1's QEMU abort, as the warning says.
    if "qemu_fixed_na_abort" in r["warnings"]:
        abort = [line for line in r["out"]["f"] if "Assertion" in line]
        r["abort"] = abort[0] if abort else None
        # The warning names L1's QEMU (the library answers for it, a newer
        # one than measured as the newest measured): it must abort on each.
        if n.get("f.rc") not in ("134", "-6") or not abort:
            fails.append(f"(f) qemu_fixed_na_abort warned, but QEMU with cap-ibs=fixed-na ended with "
                         f"{n.get('f.rc')}: " + "; ".join(r["out"]["f"][-5:]))
    elif "f.rc" in n:
        fails.append("(f) ran without a qemu_fixed_na_abort warning")
    for run in runs:
        if len(r["l2"][run]) == len(VULN) and r["l2dbg"][run]:
            r["unneeded"][run] = extra_mitigations(r["l1dbg"], r["l2dbg"][run])
            r["missing"][run] = missing_mitigations(r["l1dbg"], r["l2dbg"][run])
    # The goal: zero under the library's string wherever caps can express the host.
    if r["unneeded"].get("b") and not allowed:
        fails.append("(b) L2 runs mitigations L1 does not: " + ", ".join(r["unneeded"]["b"]))
    # (c)-(e): the patched QEMU's modes. Every run must start; (c) host-max
    # must equal L1 on every file and switch; no library mode, (b) (c) (d),
    # may leave a mitigation L1 runs off; (e), the seed's approach, is reported.
    for run in runs[2:]:
        mode = PATCHED_RUNS[run]
        if n.get(f"{run}.rc") != "0" or len(r["l2"][run]) != len(VULN):
            if run != "e":
                fails.append(f"({run}) cpu-char-mode={mode}: L2 did not start: rc {n.get(f'{run}.rc')}: "
                             + "; ".join(r["out"][run][-5:]))
    if "c" in r["unneeded"]:
        for f in VULN:
            if r["l2"]["c"][f] != r["l1"].get(f) and f not in allowed:
                fails.append(f"(c) host-max {f}: L1 \"{r['l1'].get(f)}\", L2 \"{r['l2']['c'][f]}\"")
        if (r["unneeded"]["c"] or r["missing"]["c"]) and not allowed:
            fails.append("(c) host-max: switches differ from L1's: unneeded "
                         + (", ".join(r["unneeded"]["c"]) or "none")
                         + "; missing " + (", ".join(r["missing"]["c"]) or "none"))
    for run in "bcd":
        if r["missing"].get(run):
            fails.append(f"({run}) L2 leaves off mitigations L1 runs: " + ", ".join(r["missing"][run]))
    # Host mode never asks for more than host-max on the same host (lib/ppc.md#modes).
    if r["unneeded"].get("d") and not allowed:
        fails.append("(d) host: L2 runs mitigations L1 does not: " + ", ".join(r["unneeded"]["d"]))


def short(s):
    return (s or "-").replace("Mitigation: ", "M: ")


def extra(e):
    return "-" if e is None else (f"{len(e)} ({', '.join(e)})" if e else "0")


def counts(r, run):
    """'unneeded / missing' of one run, with the switches named; why not when it did not run."""
    if run in r.get("unneeded", {}):
        # host and seed with the library's caps added (where the defaults are refused): "+caps".
        plus = " (+caps)" if run in "de" and "cap-" in r["n"].get(f"{run}.machine", "") else ""
        return f"{extra(r['unneeded'][run])} / {extra(r['missing'][run])}{plus}"
    if run in PATCHED_RUNS and r["n"].get("patched") != "1":
        return "skipped"
    rc = r["n"].get(f"{run}.rc")
    return "-" if rc is None else f"no L2 (rc {rc})"


def report(results, path):
    """The per-setting table, as Markdown (README.md) and on stdout."""
    lines = ["| L0 setting (cfpc/sbbc/ibs/ccf-assist) | L1 (the host) | L2, QEMU defaults | "
             "L2, library string | QEMU outcome (defaults) | library string | extra mitigations in L2: "
             "defaults / library |", "|---|---|---|---|---|---|---|"]
    for r in results:
        n = r["n"]

        def view(d):
            return "<br>".join(f"{f}: {short(d.get(f))}" for f in VULN) if d else "-"

        if n.get("defaults.n_errors", "0") != "0":
            outcome = f"refused (rc {n.get('a.rc')}): {n.get('defaults.message')} / {n.get('defaults.hint')}"
        else:
            outcome = "started" if n.get("a.rc") == "0" else f"rc {n.get('a.rc')}"
        if r.get("abort"):
            outcome += f"; with cap-ibs=fixed-na: aborts (rc {n.get('f.rc')})"

        lines.append(f"| {r['kernel']}/{r['qemu']} {r['name']}: {'/'.join(r['caps'])} ({r['cpu']}) | {view(r['l1'])} | {view(r['l2']['a'])} | "
                     f"{view(r['l2']['b'])} | {outcome} | `{n.get('hostmax.qemu', '-')}` | "
                     f"{extra(r.get('unneeded', {}).get('a'))} / {extra(r.get('unneeded', {}).get('b'))} |")
    lines += ["", "Unneeded / missing mitigations in L2 against L1 (debugfs switches), per run:", "",
              "| L0 setting | L1 switches on | (a) QEMU defaults | (b) library caps string | "
              "(c) patched host-max | (d) patched host | (e) patched seed |", "|---|---|---|---|---|---|---|"]
    for r in results:
        l1on = ", ".join(k for k in MITIGATIONS if on(r["l1dbg"].get(k, "0"))) or "none"
        lines.append(f"| {r['kernel']}/{r['qemu']} {r['name']} | {l1on} | " + " | ".join(counts(r, k) for k in "abcde") + " |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


MEASURED_HEADER = ("kernel", "qemu", "host", "start", "predicted", "observed", "unneeded", "missing", "agree")
START = {"a": "(a) defaults", "b": "(b) library caps", "c": "(c) patched host-max", "d": "(d) patched host",
         "e": "(e) patched seed", "f": "(f) cap-ibs=fixed-na"}


def observed(r, run):
    """What L1's QEMU did in one run, in a few words."""
    n = r["n"]
    rc = n.get(f"{run}.rc")
    if rc is None:
        return None
    if rc == "0" and len(r["l2"][run]) == len(VULN):
        if run == "a":
            diff = [f for f in VULN if r["l2"]["a"][f] != n.get(f"defaults.view.{f}")]
            return "started, files " + ("= caps-mode view" if not diff else
                                        "differ from the caps-mode view: " + "; ".join(
                                            f"{f} \"{r['l2']['a'][f]}\"" for f in diff))
        same = all(r["l2"][run][f] == r["l1"].get(f) for f in VULN)
        return "started, files " + ("= L1" if same else "differ from L1")
    err = [line for line in r["out"][run] if "qemu-system-ppc64:" in line or "Assertion" in line]
    # QEMU's warnings (irqchip, hpt-max-page-size) come before its error.
    err = [line for line in err if "warning:" not in line] or err
    if rc == "1":
        return f"refused (rc 1): {err[0] if err else '-'}"
    if rc in ("134", "-6"):
        err = [line for line in err if "Assertion" in line] or err
        return f"aborted (rc {rc}): " + (err[0].split(": ", 1)[-1] if err else "-")
    return f"rc {rc}" + (f": {err[0]}" if err else "")


def predicted(r, run):
    n = r["n"]
    if run == "a":
        if n.get("defaults.n_errors", "0") != "0":
            return f"refused: qemu-system-ppc64: {n.get('defaults.message')}"
        return f"started, files = caps-mode view (QEMU {r['qemu']})"
    return {"b": "started, files = L1 and host-max view, 0 missing",
            "c": "started, files = L1, 0 unneeded, 0 missing",
            "d": "started, 0 unneeded, 0 missing",
            "e": "- (reported)",
            "f": "aborted (qemu_fixed_na_abort)"}[run]


def rows(r):
    """measured.tsv rows of one L0 boot: one per run that ran or was skipped."""
    general = [f for f in r["fails"] if not re.match(r"^\([a-f]\)", f)]
    out = []
    for run in RUNS:
        obs = observed(r, run)
        if obs is None:
            if run in PATCHED_RUNS and r["n"].get("patched") != "1" and r["done"]:
                obs = "skipped: " + (r["patched_why"] or "no patched QEMU")
            elif run in "ab":
                obs = "no result (L1 did not finish)"
            else:
                continue
        bad = general or [f for f in r["fails"] if f.startswith(f"({run})")]
        if bad:
            agree = "no"
        elif obs.startswith("skipped") or run == "e":
            agree = "-"
        else:
            agree = "yes"
        u = r["unneeded"].get(run)
        m = r["missing"].get(run)
        out.append((r["kernel"], r["qemu"], r["name"], START[run], predicted(r, run), obs,
                    "-" if u is None else str(len(u)), "-" if m is None else str(len(m)), agree))
    return out


def write_measured(results, path):
    """measured.tsv, and the same rows as a Markdown table (measured.md) for README.md."""
    table = [MEASURED_HEADER] + [row for r in results for row in rows(r)]
    with open(path, "w") as f:
        for row in table:
            f.write("\t".join(c.replace("\t", " ") for c in row) + "\n")
    with open(os.path.splitext(path)[0] + ".md", "w") as f:
        f.write("| " + " | ".join(table[0]) + " |\n|" + "---|" * len(table[0]) + "\n")
        for row in table[1:]:
            f.write("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |\n")
    return table[1:]


def kernel_summary(results):
    """Per kernel, the masks KVM_PPC_GET_CPU_CHAR vouches
    for, and whether host mode (d) equals host-max (c) in unneeded and
    missing mitigations on every setting where both ran."""
    out = []
    for k in dict.fromkeys(r["kernel"] for r in results):
        rs = [r for r in results if r["kernel"] == k]
        masks = sorted({",".join(r["n"].get("probe.words", "-,-,-,-").split(",")[2:]) for r in rs})
        both = [r for r in rs if "c" in r["unneeded"] and "d" in r["unneeded"]]
        same = [r for r in both if (len(r["unneeded"]["c"]), len(r["missing"]["c"]))
                == (len(r["unneeded"]["d"]), len(r["missing"]["d"]))]
        eq = f"{len(same)}/{len(both)} settings" if both else "not measured (no patched QEMU)"
        out.append((k, rs[0]["release"], "; ".join(masks), eq))
    return out


def parse_pairs(spec):
    return {tuple(p.split("/")) for p in spec.split(",") if "/" in p} if spec else None


def main():
    args = common.parse_args("--kernel-cache", "--patched-cache")
    common.require(TIER, (QEMU, common.CROSS_CC, STRIP, "cpio", "apt-cache", "dpkg-deb", "xz"))
    t0 = time.monotonic()
    out = os.path.abspath(args.build_dir)
    os.makedirs(out, exist_ok=True)
    args.kernel_cache = os.environ.get("VCPUCHAR_E2E_CACHE") or os.path.abspath(args.kernel_cache)
    full = os.environ.get("VCPUCHAR_NESTED_FULL") == "1"
    want_pairs = parse_pairs(os.environ.get("VCPUCHAR_NESTED_PAIRS"))
    only = os.environ.get("VCPUCHAR_NESTED_ONLY")

    pairs = [(k, q) for k, _ in KERNELS for q, _ in QEMUS
             if (want_pairs and (k, q) in want_pairs)
             or (not want_pairs and (q != "11.1" or full or k in QUICK_11))]
    if not full:
        print(f"{TIER}: QEMU 11.1 runs on kernel {', '.join(QUICK_11) or 'none'} by default; VCPUCHAR_NESTED_FULL=1 "
              "runs every pair on all eight settings")
    kern, qemus, skips = {}, {}, []
    for label, opts in KERNELS:
        if any(k == label for k, _ in pairs):
            try:
                kern[label] = common.fetch_kernel(TIER, args.kernel_cache, opts, soft=True)
            except common.Unavailable as e:
                kern[label] = str(e)
    for label, opts in QEMUS:
        if any(q == label for _, q in pairs):
            try:
                qemus[label] = common.fetch(TIER, os.path.join(args.source_dir, "tests", TIER, "fetch-qemu.sh"),
                                            os.path.join(out, "cache"), opts, soft=True)
            except common.Unavailable as e:
                qemus[label] = str(e)
    runnable = []
    for k, q in pairs:
        why = [x for x in (kern[k], qemus[q]) if isinstance(x, str) and not os.path.isdir(x)]
        if why:
            skips.append(f"{TIER}: pair kernel {k} / QEMU {q} skipped (77): {why[0]}")
            print(skips[-1])
        else:
            runnable.append((k, q))
    if not runnable:
        common.skip(TIER, "no kernel/QEMU pair can run: " + "; ".join(skips))

    patched = {}
    for series in dict.fromkeys(q for _, q in runnable):
        patched[series] = patched_tree(args, series)
        if patched[series][1]:
            print(f"{TIER}: QEMU {series} pairs: (c)-(e) skipped: {patched[series][1]}")
    l2cpio, l1init = build_inits(args, out)
    stacks = {}
    for k, q in runnable:
        kdir, vmlinux = kern[k]
        cfg = glob.glob(os.path.join(kdir, "boot", "config-*"))
        four_k = bool(cfg) and "CONFIG_PPC_4K_PAGES=y" in open(cfg[0]).read()
        qroot = qemus[q]
        fallback = os.path.join(qroot, ".fallback")
        stacks[(k, q)] = {
            "kernel": k, "qemu": q, "vmlinux": vmlinux,
            "release": os.path.basename(vmlinux)[len("vmlinux-"):],
            "qemu_version": open(os.path.join(qroot, ".version")).read().strip()
            if os.path.exists(os.path.join(qroot, ".version")) else "?",
            "fallback": open(fallback).read().split("\n") if os.path.exists(fallback) else [],
            "patched_why": patched[q][1],
            # A 4K-page L1 kernel: its KVM cannot back L2's default 64K HPT pages; the
            # library's start verdict in L1 must say so (check()), and L1 pastes it.
            "four_k": four_k,
            "l0_extra": "",
            "initrd": build(args, kdir, vmlinux, qroot, patched[q][0], os.path.join(out, f"l1-{k}-{q}"),
                            l2cpio, l1init),
        }
    t_prep = time.monotonic() - t0
    logdir = os.path.join(out, "logs")
    os.makedirs(logdir, exist_ok=True)

    jobs_list = []
    for pair in runnable:
        for e in MATRIX:
            if only and e[0] not in only.split(","):
                continue
            if full or pair == DEFAULT_PAIR or e[0] in QUICK:
                jobs_list.append((e, stacks[pair]))
    jobs = int(os.environ.get("VCPUCHAR_E2E_JOBS", "2"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        results = list(ex.map(lambda j: boot(j, logdir), jobs_list))

    for pair in runnable:
        st = stacks[pair]
        print(f"\nstack: kernel {st['kernel']} ({st['release']}{', 4K pages' if st['four_k'] else ''}); "
              f"L1's QEMU {st['qemu']} (Debian ppc64el {st['qemu_version']}"
              f"{'; libraries from the fallback suite: ' + ', '.join(x for x in st['fallback'] if x) if st['fallback'] else ''})"
              f"{'; (c)-(e) skipped: ' + st['patched_why'] if st['patched_why'] else ', and the patched QEMU'}")
    print(f"{len(results)} L0 boots, {jobs} at a time")
    for r in results:
        n = r["n"]
        print(f"\n== {r['kernel']}/{r['qemu']} {r['name']}: {'PASS' if not r['fails'] else 'FAIL'} ({r['secs']:.0f} s)")
        print(f"   L0 -cpu {r['cpu']} caps {'/'.join(r['caps'])}; probe {n.get('probe.words')}")
        print(f"   library host-max: {n.get('hostmax.qemu')}; warnings: {', '.join(r['warnings']) or 'none'}")
        labels = {"a": "defaults", "b": "library caps string", "c": "patched host-max",
                  "d": "patched host", "e": "patched seed (reported)"}
        for k in "abcde":
            print(f"   ({k}) {labels[k]}: QEMU rc {n.get(f'{k}.rc', '-')} ({n.get(f'{k}.secs', '?')} s); "
                  f"unneeded / missing: {counts(r, k)}; -M {n.get(f'{k}.machine', '-')}")
        if "f.rc" in n:
            print(f"   (f) cap-ibs=fixed-na: QEMU rc {n.get('f.rc')}: {r['abort'] or '; '.join(r['out']['f'][-3:])}")
        for f in r["fails"]:
            print(f"   FAIL {f}")
    table = os.path.join(out, "table.md")
    report(results, table)
    measured = os.path.join(out, "measured.tsv")
    mrows = write_measured(results, measured)
    print("\nper kernel: masks character,behaviour as KVM_PPC_GET_CPU_CHAR returned them; "
          "host (d) = host-max (c) in unneeded and missing:")
    with open(os.path.join(out, "kernels.tsv"), "w") as f:
        f.write("kernel\trelease\tmasks\thost_equals_host_max\n")
        for row in kernel_summary(results):
            print("   " + "  ".join(row))
            f.write("\t".join(row) + "\n")
    disagree = [row for row in mrows if row[-1] == "no"]
    failed = [f"{r['kernel']}/{r['qemu']} {r['name']}" for r in results if r["fails"]]
    total = time.monotonic() - t0
    print(f"\ntable: {table}; measured: {measured}; logs: {logdir}")
    for line in skips:
        print(line)
    print(f"{TIER}: {len(results) - len(failed)}/{len(results)} settings passed on {len(runnable)} pairs; "
          f"{len(mrows)} rows, {len(disagree)} disagree; prepare {t_prep:.1f} s, total {total:.1f} s")
    if failed or disagree:
        print(f"{TIER}: failed: " + ", ".join(failed))
        sys.exit(1)
    # What was asked for and did not run ends the output and the tier in
    # SKIP (77), never in a silent pass; README.md, "Skips".
    not_run = [line.split(f"{TIER}: ", 1)[1] for line in skips]
    if os.environ.get("VCPUCHAR_NESTED_NO_PATCHED") != "1":
        # A release without a series in examples/qemu has no (c)-(e) to run.
        not_run += [f"(c)-(e) on QEMU {series}: {why}" for series, (_, why) in patched.items()
                    if why and os.path.isdir(os.path.join(args.source_dir, "examples", "qemu", series))]
    sys.exit(verdict(pairs, runnable, not_run))


def verdict(pairs, runnable, not_run):
    """The exit status once every runnable pair passed. The machine's own
    stack (DEFAULT_PAIR, bookworm's kernel and QEMU) is the smallest
    meaningful set: when it was asked for and could not run while another
    pair could (so apt and the archive work here), the tier fails. Any other
    pair or run that could not run is a SKIP naming each, since the
    machine (or its archive) lacks a package."""
    if DEFAULT_PAIR in pairs and DEFAULT_PAIR not in runnable:
        return e2e_common.verdict(TIER, [f"the machine's own stack (kernel {DEFAULT_PAIR[0]} / QEMU {DEFAULT_PAIR[1]}) "
                                         f"did not run while {len(runnable)} other pair(s) did: {'; '.join(not_run)}"])
    return e2e_common.verdict(TIER, [], not_run, f"{len(runnable)} of {len(pairs)} pairs ran and passed")


if __name__ == "__main__":
    main()
