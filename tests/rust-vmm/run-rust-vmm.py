#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""rust-vmm: examples/rust-vmm (a VMM on rust-vmm's kvm-ioctls and the
vcpuchar crate) against examples/hlt-vmm, scenario by scenario in the same
run: the applied policy, the prediction, the verdict and, where KVM makes
them deterministic, the observed HLT exits must be the same. Where: this
machine's /dev/kvm (any vendor module), then emulated AMD hosts with the real
kvm_amd, booted by tests/x86-idle-hlt's machinery (its patched QEMU with
Idle HLT; Debian's 6.12 and a >= 6.15 kernel). Also: the policy applied after
KVM_CREATE_VCPU is refused with -EBUSY and the VM keeps its HLT exits.

Usage: run-rust-vmm.py --source-dir SRC --build-root BUILD --out DIR
  VCPUCHAR_RUST_VMM_BOOTS=all   every boot of tests/x86-idle-hlt's MATRIX
                                (default: 6.17-idle-hlt and 6.12-idle-hlt)
  VCPUCHAR_RUST_VMM_BOOTS=none  only this machine's /dev/kvm
Exit 0 when every place asked for ran and every comparison holds, 1 on a
difference, 77 naming what could not run: the crates, the compiler, the
kernels or the QEMU source cannot be had, or a place asked for cannot be used
(no usable /dev/kvm, the emulated hosts' tools missing). A run that checked
nothing (VCPUCHAR_RUST_VMM_BOOTS=none without /dev/kvm) is a SKIP, never a PASS.
"""
import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "e2e-common"))
sys.path.insert(0, os.path.join(HERE, "..", "x86-e2e"))
sys.path.insert(0, os.path.join(HERE, "..", "x86-idle-hlt"))
import e2e_common  # noqa: E402
import kernels  # noqa: E402
import newkernel  # noqa: E402

# tests/x86-idle-hlt's runner (its MATRIX, Boot, run_boot), which loads x86-e2e's.
_spec = importlib.util.spec_from_file_location("idle_hlt", os.path.join(HERE, "..", "x86-idle-hlt", "run-idle-hlt.py"))
idle = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(idle)
e2e = idle.e2e

TIER = "rust-vmm"
COUNT = 5
RUST_REL = os.path.join("tests", "rust-vmm", "target", "release", "rust-hlt-vmm")
DEFAULT_BOOTS = ["6.17-idle-hlt", "6.12-idle-hlt"]
# (scenario, arguments of both VMMs)
SCENARIOS = [
    ("idle-kept", []),
    ("idle-passthrough", ["--passthrough"]),
    ("pending-kept", ["--pending"]),
    ("pending-passthrough", ["--passthrough", "--pending"]),
]


def field(text, prefix):
    m = re.search(rf"^{re.escape(prefix)}(.*)$", text, re.M)
    return m.group(1) if m else None


def policy_block(text):
    """The "policy:" line and its reason lines."""
    m = re.search(r"^policy: .*\n((?:  \S+: .*\n)*)", text, re.M)
    return m.group(0) if m else None


def observed(text):
    m = re.search(r"^observed: kvm_exit_hlt=(\d+) halt_exits=(\d+) exits=\d+ kvm_run_calls=\d+ finished=(\d)", text, re.M)
    return m.groups() if m else None


def compare(name, c, rust):
    """(check, ok, text) for one scenario: hlt-vmm's output c, rust-hlt-vmm's rust.
    With HLT pass-through on SVM the guest advances one HLT per host tick, so
    only the verdict's HLT answer is compared there, not the counts."""
    res = []
    for what, get in (("policy", policy_block), ("predicted", lambda t: field(t, "predicted: ")),
                      ("verdict hlt", lambda t: (field(t, "verdict: ") or "").split(" ")[0] or None)):
        a, b = get(c), get(rust)
        res.append((f"{name} {what}", a is not None and a == b,
                    (a or "missing").strip().splitlines()[0] if a == b else f"hlt-vmm {a!r}, rust-hlt-vmm {b!r}"))
    if "passthrough" not in name:
        a, b = observed(c), observed(rust)
        res.append((f"{name} observed", a is not None and a == b,
                    f"kvm_exit_hlt, halt_exits, finished: {a}" if a == b else f"hlt-vmm {a}, rust-hlt-vmm {b}"))
    return res


def check_late(text, hlt_in_decision):
    """--apply-after-vcpu --passthrough: -EBUSY when the decision disables HLT,
    then HLT exits kept (each one reaching the VMM) and honoured."""
    ret = field(text, "apply_after_vcpu: ret=")
    obs = observed(text)
    verdict = field(text, "verdict: ") or ""
    want = "-16" if hlt_in_decision else "0"
    return [("apply-after-vcpu ret", ret is not None and ret.startswith(want + " "), f"{ret} (expected {want}: EBUSY)"),
            ("apply-after-vcpu exits kept", obs is not None and obs[0] == str(COUNT) and verdict.startswith("hlt=honoured"),
             f"observed {obs}, verdict {verdict.split(' ')[0] or 'missing'}")]


def decision_disables_hlt(text):
    m = re.search(r"^decided: disable_exits=0x([0-9a-f]+)", text, re.M)
    return bool(m) and int(m.group(1), 16) & 2 != 0


def run_local(args, rust):
    """This machine's /dev/kvm: (check, ok, text) list."""
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(args.build_root, "lib"))
    vmm = os.path.join(args.build_root, "examples", "hlt-vmm")

    def run(argv):
        p = subprocess.run(argv + ["--count", str(COUNT)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, env=env, timeout=60)
        return p.stdout + ("" if p.returncode == 0 else f"\n(exit {p.returncode})\n")
    res = []
    for name, argv in SCENARIOS:
        c, r = run([vmm] + argv), run([rust] + argv)
        res += [(f"local {x}", ok, t) for x, ok, t in compare(name, c, r)]
    late = run([rust, "--apply-after-vcpu", "--passthrough"])
    res += [(f"local {x}", ok, t) for x, ok, t in check_late(late, decision_disables_hlt(late))]
    return res


def boot_plan(build):
    """The steps /init runs: each scenario with hlt-vmm, then with rust-hlt-vmm."""
    vmm, rust = "{build}/examples/hlt-vmm", "{build}/" + RUST_REL
    plan = []
    for name, argv in SCENARIOS:
        for tag, exe in (("c", vmm), ("rust", rust)):
            check = (lambda n: lambda r, boot: compare_in_boot(n, boot)) if tag == "rust" else (lambda n: lambda r, b: [])
            plan.append(e2e.Step(f"{tag}-{name}", [exe] + argv + ["--count", str(COUNT)], check(name)))
    plan.append(e2e.Step("rust-apply-after-vcpu", [rust, "--apply-after-vcpu", "--passthrough", "--count", str(COUNT)],
                         lambda r, boot: e2e.need_exit0(r) + check_late(r.text, decision_disables_hlt(r.text))))
    return plan


def compare_in_boot(name, boot):
    c, r = boot.steps.get(f"c-{name}"), boot.steps.get(f"rust-{name}")
    if c is None or c.rc is None or r.rc is None:
        return [(name, False, "hlt-vmm or rust-hlt-vmm did not finish")]
    return ([("hlt-vmm " + x, ok, t) for x, ok, t in e2e.need_exit0(c)] +
            [("rust-hlt-vmm " + x, ok, t) for x, ok, t in e2e.need_exit0(r)] + compare(name, c.text, r.text))


def run_boots(args, out, names):
    matrix = [m for m in idle.MATRIX if m[0] in names]
    qemu = {"debian": shutil.which(idle.DEBIAN_QEMU)}
    if any(m[2] == "patched" for m in matrix):
        p = subprocess.run(["bash", os.path.join(args.source_dir, "examples", "qemu-idle-hlt", "build.sh"), "--smoke",
                            os.path.join(args.build_root, "qemu-idle-hlt")], stdout=subprocess.PIPE, text=True)
        last = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else ""
        if p.returncode == 77:
            e2e_common.skip(TIER, last)
        if p.returncode != 0:
            raise RuntimeError(f"building the patched QEMU (examples/qemu-idle-hlt/build.sh exit {p.returncode})")
        qemu["patched"] = last
    # The kernels in the caches the x86 tiers use (shared with them).
    idle_cache = os.path.join(args.build_root, "tests", "x86-idle-hlt", "cache")
    e2e_cache = os.environ.get("VCPUCHAR_X86_E2E_CACHE") or os.path.join(args.build_root, "tests", "x86-e2e", "cache")
    kern = {}
    for k in sorted({m[1] for m in matrix}):
        try:
            kern[k] = newkernel.fetch(idle_cache, k) if k == idle.NEW_KERNEL else kernels.fetch(e2e_cache, k)
        except kernels.Missing as e:
            e2e_common.skip(TIER, f"fetching the kernel: {e}")
    boots = []
    for m in matrix:
        b = idle.Boot(*m)
        b.plan = boot_plan(args.build_root)
        boots.append(b)
    common = e2e.build_common(args, out, [RUST_REL])
    initrds = {b.name: e2e.build_initrd(args, common, kern[b.kernel][1], out, b) for b in boots}
    logdir = os.path.join(out, "logs")
    os.makedirs(logdir, exist_ok=True)
    e2e_common.run_parallel(lambda b: idle.run_boot(b, qemu[b.qemu], os.path.join(kern[b.kernel][1], "vmlinux"),
                                                    initrds[b.name], logdir), boots)
    return boots, logdir


def report(title, checks):
    fails = [c for c in checks if not c[1]]
    print(f"== {title}: {'PASS' if checks and not fails else 'FAIL'} ({len(checks) - len(fails)}/{len(checks)} checks)")
    for c, ok, text in checks:
        print(f"   {'ok  ' if ok else 'FAIL'} {c}: {text}")
    return bool(checks) and not fails


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--source-dir", required=True)
    ap.add_argument("--build-root", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    args.source_dir, args.build_root = os.path.abspath(args.source_dir), os.path.abspath(args.build_root)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    t0 = time.monotonic()
    p = subprocess.run(["sh", os.path.join(HERE, "build.sh"), args.source_dir, args.build_root, os.path.join(out, "cache")],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(p.stderr)
    if p.returncode == 77:
        # build.sh's reason (its "SKIP: ..." line on stderr) ends the tier's output.
        why = [line.split("SKIP: ", 1)[1] for line in p.stderr.splitlines() if "SKIP: " in line]
        print(f"{TIER}: SKIP: the rust-vmm crates or the compiler cannot be had: {why[-1] if why else 'build.sh exit 77'}")
        return 77
    if p.returncode != 0:
        print(f"{TIER}: FAIL: building examples/rust-vmm (build.sh exit {p.returncode})")
        return 1
    rust = p.stdout.strip().splitlines()[-1]
    print(f"{TIER}: built {rust} in {time.monotonic() - t0:.1f} s")
    # ran: the places that ran their checks; skipped: the places asked for
    # that could not run, and why. A run that checked nothing, or only part
    # of what it was asked, ends in SKIP naming what it left out (never PASS).
    ok, ran, skipped = True, 0, []
    if os.access("/dev/kvm", os.R_OK | os.W_OK):
        ok &= report("this machine's /dev/kvm", run_local(args, rust))
        ran += 1
    else:
        skipped.append("this machine's /dev/kvm: none, or not readable and writable")
        print(f"{TIER}: no usable /dev/kvm here")
    sel = os.environ.get("VCPUCHAR_RUST_VMM_BOOTS", "")
    names = [] if sel == "none" else [m[0] for m in idle.MATRIX] if sel == "all" else DEFAULT_BOOTS
    if names:
        missing = [t for t in (idle.DEBIAN_QEMU, "cpio", "busybox", "gcc", "ldd", "bash") if not shutil.which(t)]
        if missing:
            skipped.append(f"the emulated hosts ({', '.join(names)}): missing {', '.join(missing)} "
                           "(run tests/x86-idle-hlt/setup.sh as root)")
            print(f"{TIER}: no emulated hosts: missing {', '.join(missing)} (tests/x86-idle-hlt/setup.sh)")
        else:
            try:
                boots, logdir = run_boots(args, out, names)
            except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
                print(f"{TIER}: FAIL: preparing the emulated hosts: {e}")
                return 1
            for b in boots:
                good = report(f"{b.name} ({b.facts.get('kernel.release', '?')}, {b.secs:.1f} s)", b.checks)
                if not good:
                    print(f"   log: {os.path.join(logdir, b.name + '.log')}")
                ok &= good
                ran += 1
    elif sel == "none":
        print(f"{TIER}: VCPUCHAR_RUST_VMM_BOOTS=none: no emulated hosts")
    return verdict(ok, ran, skipped, time.monotonic() - t0)


def verdict(ok, ran, skipped, secs):
    """The tier's last line and exit (e2e_common.verdict): FAIL (1) on any
    difference; else SKIP (77) naming what did not run when nothing ran or a
    place asked for could not; 0 only when every place asked for ran."""
    print(f"{TIER}: {ran} place(s) checked{'' if ok else ', with differences'} in {secs:.1f} s")
    if ok and not ran:
        e2e_common.skip(TIER, "nothing checked: " + ("; ".join(skipped) or "no place asked for"))
    return e2e_common.verdict(TIER, [] if ok else ["a difference (above)"], skipped, f"{ran} place(s) passed")


if __name__ == "__main__":
    sys.exit(main())
