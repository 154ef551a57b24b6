#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The rust-vmm tier's judgement (run-rust-vmm.py's compare and check_late) on
recorded output (recorded/README.md): equal outputs pass, and each kind of
difference the tier exists to catch fails. Boots nothing, runs nothing."""
import importlib.util
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
_spec = importlib.util.spec_from_file_location("rust_vmm", os.path.join(HERE, "run-rust-vmm.py"))
rv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rv)


def recorded(name):
    with open(os.path.join(HERE, "recorded", name)) as f:
        return f.read()


def failed(checks):
    return [c for c, ok, _ in checks if not ok]


class Compare(unittest.TestCase):
    def setUp(self):
        self.c, self.rust = recorded("hlt-vmm-idle-kept.txt"), recorded("rust-idle-kept.txt")

    def test_equal(self):
        checks = rv.compare("idle-kept", self.c, self.rust)
        self.assertEqual(failed(checks), [])
        self.assertEqual(len(checks), 4)

    def test_verdict_differs(self):
        other = self.rust.replace("verdict: hlt=honoured", "verdict: hlt=not_honoured")
        self.assertEqual(failed(rv.compare("idle-kept", self.c, other)), ["idle-kept verdict hlt"])

    def test_halt_exits_differ(self):
        other = self.rust.replace("observed: kvm_exit_hlt=5 halt_exits=5", "observed: kvm_exit_hlt=5 halt_exits=4")
        self.assertEqual(failed(rv.compare("idle-kept", self.c, other)), ["idle-kept observed"])

    def test_policy_reason_differs(self):
        other = self.rust.replace("  hlt_exits_reach_vmm:", "  hlt_handled_in_kernel:")
        self.assertEqual(failed(rv.compare("idle-kept", self.c, other)), ["idle-kept policy"])

    def test_counts_not_compared_with_passthrough(self):
        other = self.rust.replace("observed: kvm_exit_hlt=5 halt_exits=5", "observed: kvm_exit_hlt=2 halt_exits=2")
        self.assertEqual(failed(rv.compare("idle-passthrough", self.c, other)), [])

    def test_missing_output(self):
        self.assertEqual(len(failed(rv.compare("idle-kept", self.c, "rust-hlt-vmm: KVM_RUN: error\n"))), 4)


class Late(unittest.TestCase):
    def setUp(self):
        self.text = recorded("rust-apply-after-vcpu.txt")

    def test_recorded(self):
        self.assertTrue(rv.decision_disables_hlt(self.text))
        self.assertEqual(failed(rv.check_late(self.text, True)), [])

    def test_accepted_late_call_fails(self):
        other = self.text.replace("apply_after_vcpu: ret=-16 (Device or resource busy (os error 16))",
                                  "apply_after_vcpu: ret=0 (accepted)")
        self.assertEqual(failed(rv.check_late(other, True)), ["apply-after-vcpu ret"])

    def test_half_applied_fails(self):
        other = self.text.replace("observed: kvm_exit_hlt=5", "observed: kvm_exit_hlt=0")
        self.assertEqual(failed(rv.check_late(other, True)), ["apply-after-vcpu exits kept"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
