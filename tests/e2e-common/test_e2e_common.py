#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The e2e runners' console parsing on recorded console output, without
booting anything: e2e_common.parse_boot() and boot_failure() on the x86 and
POWER markers, and the guest and nested tiers' own lines through scan().
The runners' shared steps: boot_and_read() and judge_plan() on a
"boot" that prints recorded output, verdict() and runner_args().
Also imports each of the five runners, as the e2e tiers would.
Usage: test_e2e_common.py [-v]"""
import importlib.util
import os
import shutil
import sys
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import e2e_common  # noqa: E402

RUNNERS = {
    "ppc-e2e": "ppc-e2e/run-e2e.py",
    "ppc-nested-e2e": "ppc-nested-e2e/run-nested.py",
    "x86-e2e": "x86-e2e/run-e2e.py",
    "x86-guest-e2e": "x86-guest-e2e/run-guest-e2e.py",
    "x86-idle-hlt": "x86-idle-hlt/run-idle-hlt.py",
}


def runner(tier):
    """The tier's runner as a module; its directory first on the path, as when it runs."""
    path = os.path.join(TESTS, RUNNERS[tier])
    sys.path.insert(0, os.path.dirname(path))
    spec = importlib.util.spec_from_file_location(tier.replace("-", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(os.path.dirname(path))
    return mod


# An emulated AMD host's serial console (tests/x86-e2e/init.c's lines, CRLF
# as the serial port gives them, kernel messages in between).
X86_BOOT = "\r\n".join([
    "[    0.000000] Linux version 6.12.57+deb13-amd64",
    "E2E-FACT: cpuid.vendor=AuthenticAMD",
    "E2E-FACT: cpuid.8000000a.edx=0x1001b6ff",
    "E2E-FACT: kvm.cap.x86_disable_exits=15",
    "E2E-FACT: proc.cmdline=console=ttyS0 panic=-1 quiet vcpuchar.boot=6.12-max",
    "E2E-OUT: probe: host            x86_64, Linux 6.12.57+deb13-amd64",
    "E2E-OUT: probe: disable_exits   0xf: MWAIT HLT PAUSE CSTATE",
    "[    3.141592] kvm_amd: Nested Virtualization enabled",
    "E2E-RUN: probe: exit=0 secs=0.4",
    "E2E-OUT: unit: 100%: Checks: 12, Failures: 0, Errors: 0",
    "E2E-RUN: unit: exit=1 secs=2.0",
    "E2E-OUT: hangs: waiting",
    "E2E-RUN: hangs: timeout=30",
    "E2E-RUN: crashes: signal=11",
    "E2E-RUN: missing: exec failed: No such file or directory",
    "E2E: kvm_amd loaded: PASS: yes",
    "E2E: npt: FAIL: expected Y, got N",
    "E2E: raw.words: INFO: 0x1,0x2",
    "E2E-DONE: pass=1 fail=1",
    "[    9.000000] reboot: Power down",
]) + "\r\n"

# A POWER guest's console (tests/ppc-e2e/init.c, report.h).
PPC_BOOT = """\
E2E: caps.cfpc: PASS: workaround
E2E: hcall.character: FAIL: expected 0x0000000000000000, got 0x8000000000000000
E2E: raw.words: INFO: 0x0,0x0,0x0,0x0
E2E-SUMMARY: first
E2E-SUMMARY: 2 checks, 1 failed
E2E-DONE: pass=1 fail=1
"""


class ParseBoot(unittest.TestCase):
    def test_x86_markers(self):
        b = e2e_common.parse_boot(X86_BOOT)
        self.assertEqual(b.done, (1, 1))
        self.assertEqual(b.lines, [("kvm_amd loaded", "PASS", "yes"), ("npt", "FAIL", "expected Y, got N"),
                                   ("raw.words", "INFO", "0x1,0x2")])
        self.assertEqual(b.facts, {"cpuid.vendor": "AuthenticAMD", "cpuid.8000000a.edx": "0x1001b6ff",
                                   "kvm.cap.x86_disable_exits": "15",
                                   "proc.cmdline": "console=ttyS0 panic=-1 quiet vcpuchar.boot=6.12-max"})
        self.assertEqual(sorted(b.steps), ["crashes", "hangs", "missing", "probe", "unit"])
        probe = b.steps["probe"]
        self.assertEqual((probe.rc, probe.status), (0, "exit=0 secs=0.4"))
        self.assertEqual(probe.text, "host            x86_64, Linux 6.12.57+deb13-amd64\n"
                                     "disable_exits   0xf: MWAIT HLT PAUSE CSTATE\n")
        self.assertEqual(b.steps["unit"].rc, 1)
        self.assertEqual((b.steps["hangs"].rc, b.steps["hangs"].status), (None, "timeout=30"))
        self.assertEqual((b.steps["crashes"].rc, b.steps["crashes"].status), (None, "signal=11"))
        self.assertEqual(b.steps["missing"].status, "exec failed: No such file or directory")
        self.assertEqual(b.summary, "")
        self.assertIsNone(e2e_common.boot_failure(X86_BOOT, 0, b, 300))

    def test_ppc_markers(self):
        b = e2e_common.parse_boot(PPC_BOOT)
        self.assertEqual(b.done, (1, 1))
        self.assertEqual([c for c, _, _ in b.lines], ["caps.cfpc", "hcall.character", "raw.words"])
        self.assertEqual(b.lines[1][2], "expected 0x0000000000000000, got 0x8000000000000000")
        self.assertEqual(b.summary, "2 checks, 1 failed")  # the last one
        self.assertEqual((b.facts, b.steps), ({}, {}))
        self.assertEqual(e2e_common.result_lines(PPC_BOOT), (b.lines, b.done))

    def test_killed_while_a_step_ran(self):
        out = "E2E-OUT: fault-ioctl: case 1\nE2E-OUT: fault-ioctl: case 2\n"
        b = e2e_common.parse_boot(out)
        self.assertEqual(b.steps["fault-ioctl"].status, "started, never finished")
        self.assertEqual(e2e_common.boot_failure(out, -1, b, 300),
                         "no power-off within 300 s: QEMU killed while step fault-ioctl ran (see the log)")

    def test_no_done(self):
        out = "E2E: a: PASS: 1\n[    2.0] Kernel panic - not syncing: Attempted to kill init!  \n"
        b = e2e_common.parse_boot(out)
        self.assertIsNone(b.done)
        self.assertEqual(e2e_common.boot_failure(out, 0, b, 300), "the guest never printed E2E-DONE: "
                         "kernel panic: not syncing: Attempted to kill init! (see the log)")
        self.assertEqual(e2e_common.boot_failure("", 0, e2e_common.parse_boot(""), 300),
                         "the guest never printed E2E-DONE (see the log)")


class TierLines(unittest.TestCase):
    def test_guest_tier(self):
        out = "\r\n".join([
            "E2E-FACT: qemu=QEMU emulator version 7.2.19 (Debian 1:7.2+dfsg-7+deb12u16)",
            "E2E-CLI: defaults: rc=0 disable_exits 0x0",
            "E2E-JSON: defaults: {\"guest\": {}}",
            "E2E-VIRSH: cpu-pm: rc=0",
            "L1 defaults: argv: -machine q35 -smp 2",
            "L2 defaults: [    1.0] L2-FACT: cpuid_40000001_eax=0x1000efb",
            "L2 defaults: L2-FACT: spinlock_line=PV spinlocks enabled",
            "L1 defaults: idle vcpus=2 halt_exits=1234 exits=5678",
            "L1 defaults: done ok exit=0 secs=21.5",
            "L1 cpu-pm: retry 1: L2 reported no facts",
            "E2E-L1-DONE",
        ])
        facts, pol, runs = runner("x86-guest-e2e").parse(out)
        self.assertEqual(facts, {"qemu": "QEMU emulator version 7.2.19 (Debian 1:7.2+dfsg-7+deb12u16)"})
        self.assertEqual(pol, {"defaults": {"CLI": "rc=0 disable_exits 0x0", "JSON": "{\"guest\": {}}"},
                               "cpu-pm": {"VIRSH": "rc=0"}})
        self.assertEqual(runs, {
            "defaults": {"l1": ["argv: -machine q35 -smp 2", "done ok exit=0 secs=21.5"],
                         "cpuid_40000001_eax": "0x1000efb", "spinlock_line": "PV spinlocks enabled",
                         "vcpus_read": "2", "halt_exits": "1234", "exits": "5678"},
            "cpu-pm": {"l1": ["retry 1: L2 reported no facts"]}})

    def test_nested_tier(self):
        nested = runner("ppc-nested-e2e")
        out = "\n".join([
            "N: L1: vuln.meltdown: Mitigation: RFI Flush, L1D private per thread",
            "N: L1: debugfs.rfi_flush: 1",
            "N: a.out: L2: vuln.spectre_v1: Mitigation: __user pointer sanitization, ori31 speculation barrier",
            "N: b.out: L2: debugfs.stf_barrier: 0",
            "N: a.out: plain line from L2",
            "N: a.rc: 0",
            "N: warning.cap-ibs: QEMU says it cannot provide it",
            "N: probe.words: 0x1,0x2,0x3,0x4",
            "NESTED-DONE",
        ])
        r = {"l1": {}, "l1dbg": {}, "l2": {k: {} for k in nested.RUNS}, "l2dbg": {k: {} for k in nested.RUNS},
             "out": {k: [] for k in nested.RUNS}, "warnings": {}, "n": {}}
        nested.parse(out, r)
        self.assertEqual(r["l1"], {"meltdown": "Mitigation: RFI Flush, L1D private per thread"})
        self.assertEqual(r["l1dbg"], {"rfi_flush": "1"})
        self.assertEqual(r["l2"]["a"], {"spectre_v1": "Mitigation: __user pointer sanitization, "
                                                      "ori31 speculation barrier"})
        self.assertEqual(r["l2dbg"]["b"], {"stf_barrier": "0"})
        self.assertEqual(r["out"]["a"], ["plain line from L2"])
        self.assertEqual(r["warnings"], {"cap-ibs": "QEMU says it cannot provide it"})
        self.assertEqual(r["n"], {"a.rc": "0", "probe.words": "0x1,0x2,0x3,0x4"})

    def test_every_runner_imports(self):
        for tier in RUNNERS:
            with self.subTest(tier=tier):
                self.assertTrue(callable(runner(tier).main))


class Step:
    def __init__(self, name, check):
        self.name, self.check = name, check


class Boot:
    def __init__(self, name, plan):
        self.name, self.plan = name, plan


class RunnerSteps(unittest.TestCase):
    def test_boot_read_and_judged(self):
        import tempfile
        plan = [Step("probe", lambda r, b: [("exit", r.rc == 0, r.status)]),
                Step("unit", lambda r, b: [("fact", b.facts["absent"], "")]),
                Step("hangs", None), Step("crashes", None), Step("later", None)]
        b = Boot("x", plan)
        with tempfile.TemporaryDirectory() as logdir:
            e2e_common.boot_and_read(b, ["printf", "%s", X86_BOOT], 30, logdir)
            self.assertTrue(os.path.exists(os.path.join(logdir, "x.log")))
        self.assertEqual((b.rc, b.done), (0, (1, 1)))
        self.assertEqual(b.checks, [("guest kvm_amd loaded", True, "yes"), ("guest npt", False, "expected Y, got N")])
        e2e_common.judge_plan(b, lambda b_: f"not run ({b_.name})")
        self.assertEqual(b.checks[2:], [
            ("probe exit", True, "exit=0 secs=0.4"),
            ("unit", False, "cannot judge the output: KeyError 'absent'"),
            ("hangs", False, "killed by /init after its 30 s timeout"),
            ("crashes", False, "signal=11"),
            ("later", False, "not run (x)")])

    def test_boot_killed(self):
        import tempfile
        b = Boot("k", [])
        with tempfile.TemporaryDirectory() as logdir:
            e2e_common.boot_and_read(b, ["sleep", "5"], 0.2, logdir)
        self.assertEqual(b.rc, -1)
        self.assertEqual(b.checks, [("boot", False, "no power-off within 0.2 s: QEMU killed (see the log)")])

    @unittest.skipUnless(shutil.which("cpio"), "cpio is not installed")
    def test_pack_cpio_dir_links(self):
        import subprocess
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            root = os.path.join(tmp, "root")
            os.makedirs(os.path.join(root, "usr", "lib64"))
            open(os.path.join(root, "usr", "lib64", "ld.so"), "w").close()
            os.symlink("usr/lib64", os.path.join(root, "lib64"))
            listed = {}
            for links in (False, True):
                cpio = e2e_common.pack_cpio(root, os.path.join(tmp, f"{links}.cpio"), dir_links=links)
                with open(cpio, "rb") as f:
                    listed[links] = subprocess.run(["cpio", "-t", "--quiet"], stdin=f, capture_output=True,
                                                   text=True, check=True).stdout.split()
        self.assertEqual(listed[False], ["usr", "usr/lib64", "usr/lib64/ld.so"])
        self.assertEqual(listed[True], ["lib64", "usr", "usr/lib64", "usr/lib64/ld.so"])

    def test_verdict(self):
        self.assertEqual(e2e_common.verdict("t", [], [], "why"), 0)
        self.assertEqual(e2e_common.verdict("t", ["a"], ["b"], "why"), 1)
        self.assertEqual(e2e_common.verdict("t", ["a"], name_failed=False), 1)
        with self.assertRaises(SystemExit) as e:
            e2e_common.verdict("t", [], ["b", "c"], "the rest passed")
        self.assertEqual(e.exception.code, 77)

    def test_runner_args(self):
        a = e2e_common.runner_args().parse_args(["--source-dir", "s", "--build-root", "b", "--out", "o"])
        self.assertEqual((a.source_dir, a.build_root, a.out), ("s", "b", "o"))
        with self.assertRaises(SystemExit):
            e2e_common.runner_args("--lib").parse_args([])


if __name__ == "__main__":
    unittest.main()
