#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""x86-e2e: the x86 half against a real kvm_amd. Debian's 6.1 and 6.12 amd64
kernels boot under qemu-system-x86_64 -accel tcg with an AMD CPU model that
has SVM; /init (init.c) loads kvm-amd, prints what it reads itself and runs
PLAN; this script judges every step's output against those facts.

Usage: run-e2e.py --source-dir SRC --build-root BUILD --out DIR [--only BOOT...]
Exit 0 when every boot passed, 1 on any failure, 77 (skip) only when a tool
or one of Debian's kernel packages cannot be had. The kernels are cached in
$VCPUCHAR_X86_E2E_CACHE, else DIR/cache; VCPUCHAR_E2E_JOBS boots run at once
(1 or 2, the default); VCPUCHAR_X86_E2E_CPU replaces every boot's -cpu.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The shared helpers live in the source tree: compile them without writing there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "e2e-common"))
import e2e_common  # noqa: E402
import kernels  # noqa: E402

TIER = "x86-e2e"
QEMU = "qemu-system-x86_64"
# A step that hangs is killed by /init after its own timeout and named; the
# boot's timeout is the backstop for a kernel or /init that hangs.
BOOT_TIMEOUT = 300

# (boot name, kernel meta package, -cpu, kvm_amd module parameters, the
# optional steps of PLAN it runs); the longest boot first. Fault injection
# costs ~0.14 s a case under TCG, all of it ~150 s a boot: each kernel gets
# every ioctl and malloc point once, the probe's sysfs reads and opens are
# split between the kernels, and every boot fails the stats fd's calls.
MATRIX = [
    ("6.12-max", "linux-image-6.12-amd64", "max", "", {"fault-reads"}),
    ("6.1-max", "linux-image-amd64", "max", "", {"fault-opens"}),
    ("6.12-epyc", "linux-image-6.12-amd64", "EPYC", "", {"fault-ioctl"}),
    ("6.1-epyc", "linux-image-amd64", "EPYC", "", {"fault-ioctl"}),
    ("6.12-epyc-npt0", "linux-image-6.12-amd64", "EPYC", "npt=0", set()),
]

# KVM_X86_DISABLE_EXITS_* bits and the names the CLI prints.
DISABLE_EXITS = {1: "MWAIT", 2: "HLT", 4: "PAUSE", 8: "CSTATE"}


class Step:
    """One command /init runs in the emulated host, and the function that
    judges its output. argv may use {build} and {src}; check(step, boot)
    returns a list of (check, ok, text)."""

    def __init__(self, name, argv, check, timeout=30, optional=False):
        self.name, self.argv, self.check, self.timeout = name, argv, check, timeout
        self.optional = optional  # run only where MATRIX names it


def bits(v):
    return int(v, 0)


def need_exit(r, want=0):
    return [("exit", r.rc == want, f"exit status {r.rc}" + ("" if r.rc == want else f" (expected {want})"))]


def need_exit0(r):
    return need_exit(r, 0)


def check_suite(r, boot):
    """A Check suite: exit 0 and its summary with no failures and no errors."""
    m = re.search(r"(\d+)%: Checks: (\d+), Failures: (\d+), Errors: (\d+)", r.text)
    return need_exit0(r) + [
        ("summary", bool(m) and m.group(3) == "0" and m.group(4) == "0" and int(m.group(2)) > 0,
         m.group(0) if m else "no Check summary line")]


def hlt_counts(r):
    m = re.search(r"observed: kvm_exit_hlt=(\d+) halt_exits=(\d+) exits=(\d+) kvm_run_calls=(\d+) finished=(\d)",
                  r.text)
    p = re.search(r"policy: disable_exits=(0x[0-9a-f]+)", r.text)
    v = re.search(r"vendor_module: (\S+)", r.text)
    return m, p, v


def check_hlt(r, boot):
    """5 HLTs with exits kept: exactly 5 KVM_EXIT_HLT, halt_exits 5, finished."""
    m, p, v = hlt_counts(r)
    if not m or not p:
        return need_exit0(r) + [("output", False, "no policy:/observed: line")]
    boot.hlt = (m.group(1), m.group(2))
    return need_exit0(r) + [
        ("policy", p.group(1) == "0x0", f"disable_exits={p.group(1)}"),
        ("kvm_exit_hlt", m.group(1) == "5", f"{m.group(1)} (expected 5)"),
        ("halt_exits", m.group(2) == "5", f"{m.group(2)} (expected 5)"),
        ("finished", m.group(5) == "1", f"finished={m.group(5)}"),
        ("vendor", v is not None and v.group(1) == "kvm_amd", v.group(1) if v else "no vendor_module line"),
    ]


def check_hlt_passthrough(r, boot):
    """HLT pass-through on kvm_amd: each HLT halts the vCPU inside the guest
    until an interrupt of the host (its timer tick) exits the guest, which
    then goes on: no KVM_EXIT_HLT and halt_exits 0. Whether all 5 ran before
    hlt-vmm's own timer depends on the host's ticks, so it is not asserted."""
    m, p, v = hlt_counts(r)
    if not m or not p:
        return need_exit0(r) + [("output", False, "no policy:/observed: line")]
    allowed = bits(boot.facts.get("kvm.cap.x86_disable_exits", "0"))
    want = (2 | 4) & allowed
    boot.hlt_pt = (m.group(1), m.group(2))
    boot.hlt_pt_info = f"finished={m.group(5)}, exits={m.group(3)}"
    return need_exit0(r) + [
        ("policy", bits(p.group(1)) == want, f"disable_exits={p.group(1)} (expected 0x{want:x})"),
        ("kvm_exit_hlt", m.group(1) == "0", f"{m.group(1)} (expected 0)"),
        ("halt_exits", m.group(2) == "0", f"{m.group(2)} (expected 0)"),
        ("vendor", v is not None and v.group(1) == "kvm_amd", v.group(1) if v else "no vendor_module line"),
    ]


def fact_values(probe):
    """{name: value} of the CLI's x86 facts ("name: VALUE (source)"); None when not read."""
    out = {}
    for f in probe["x86"]["facts"]:
        m = re.match(r"[^:]+: (.*) \((.*)\)$", f["description"])
        out[f["name"]] = m.group(1) if f["read"] and m else None
    return out


def as_bool(v):
    return {"Y": "1", "N": "0", "1": "1", "0": "0"}.get(v, v)


def signature(eax):
    """CPUID.1:EAX as the library describes it: family and model decoded as Linux's x86_family()
    and x86_model() do (arch/x86/lib/cpu.c), from /init's raw register."""
    family = eax >> 8 & 0xf
    if family == 0xf:
        family += eax >> 20 & 0xff
    model = eax >> 4 & 0xf
    if family >= 6:
        model += (eax >> 16 & 0xf) << 4
    return f"{hex(eax)}, family {hex(family)} model {hex(model)}"


def expected_facts(f):
    """What each of the library's facts must say, from /init's own reads."""
    cmdline = f.get("proc.cmdline", "")
    smt = f.get("smt.control", "")
    return {
        "vendor": {"AuthenticAMD": "amd", "GenuineIntel": "intel"}.get(f.get("cpuid.vendor"), "other"),
        "hypervisor": str(bits(f["cpuid.1.ecx"]) >> 31),
        "cpuid_1_eax": signature(bits(f["cpuid.1.eax"])),
        "cpuid_80000001_ecx": hex(bits(f["cpuid.80000001.ecx"])),
        "cpuid_8000000a_edx": hex(bits(f["cpuid.8000000a.edx"])),
        "disable_exits_allowed": hex(bits(f["kvm.cap.x86_disable_exits"])),
        "halt_poll": f["kvm.cap.halt_poll"],
        "binary_stats": f["kvm.cap.binary_stats_fd"],
        "supported_cpuid": f["kvm.supported_cpuid.nent"],
        "kernel_release": f["kernel.release"],
        "halt_poll_ns": f["kvm.halt_poll_ns"],
        "halt_poll_ns_grow": f["kvm.halt_poll_ns_grow"],
        "halt_poll_ns_grow_start": f["kvm.halt_poll_ns_grow_start"],
        "halt_poll_ns_shrink": f["kvm.halt_poll_ns_shrink"],
        "mitigate_smt_rsb": as_bool(f.get("kvm.mitigate_smt_rsb")),
        "kvm_amd": "1" if f.get("module.kvm_amd") == "present" else "0",
        # The init loads kvm_amd and no other vendor module.
        "vendor_module": "kvm_amd" if f.get("module.kvm_amd") == "present" else "",
        "avic": as_bool(f.get("kvm_amd.avic")),
        # Absent before Linux's enable_ipiv parameter (d921665e01ba): the fact is not read.
        "enable_ipiv": as_bool(f.get("kvm_amd.enable_ipiv")),
        "nested": as_bool(f.get("kvm_amd.nested")),
        "sev": as_bool(f.get("kvm_amd.sev")),
        "sev_es": as_bool(f.get("kvm_amd.sev_es")),
        "sev_snp": as_bool(f.get("kvm_amd.sev_snp")),
        # kvm_intel's parameter (Linux 6.16): the init loads kvm_amd only, so it is absent, not read.
        "tdx": as_bool(f.get("kvm_intel.tdx")),
        "clearcpuid": "1" if re.search(r"clearcpuid=(\S*,)?510\b", cmdline) else "0",
        "smt_rsb_bug": "1" if re.search(r"[\s:]smt_rsb(\s|$)", f.get("cpuinfo.bugs", "")) else "0",
        "smt_possible": "1" if smt in ("on", "off") else "0",
    }


def canon(v):
    """Numbers compare by value (0x4003f3 = 0x004003f3), the rest as text."""
    try:
        return str(int(v, 0))
    except (TypeError, ValueError):
        return v


def check_probe(r, boot):
    try:
        probe = json.loads(r.text)
    except ValueError as e:
        return need_exit0(r) + [("json", False, str(e))]
    got = fact_values(probe)
    want = expected_facts(boot.facts)
    res = need_exit0(r) + [("kvm", probe["kvm"]["device_opened"] and probe["kvm"]["vm_created"],
                            json.dumps(probe["kvm"]))]
    for name, value in got.items():
        if name not in want:
            res.append((name, False, f"a fact this runner does not know ({value}): add it to expected_facts()"))
            continue
        # sev_snp appeared in 6.12: a fact the kernel lacks must say "not read".
        exp = want[name]
        ok = canon(value) == canon(exp)
        res.append((name, ok, f"{value}" + ("" if ok else f", /init read {exp}")))
    missing = set(want) - set(got)
    res.append(("complete", not missing, "every fact reported" if not missing else f"missing {sorted(missing)}"))
    boot.probe = got
    return res


def reasons(policy):
    return [x["code"] for x in policy["reasons"]]


def check_policy(r, boot):
    """A VM on shared pCPUs: HLT exits kept, no Idle HLT on these CPUs, halt
    polling left at the module's default, which the reason quotes."""
    try:
        pol = json.loads(r.text)
    except ValueError as e:
        return need_exit0(r) + [("json", False, str(e))]
    idle = bits(boot.facts["cpuid.8000000a.edx"]) >> 30 & 1
    codes = reasons(pol)
    poll = [x["text"] for x in pol["reasons"] if x["code"] == "halt_poll_leave_default"]
    ns = boot.facts["kvm.halt_poll_ns"]
    return need_exit0(r) + [
        ("disable_exits", pol["disable_exits"] == [], str(pol["disable_exits"])),
        ("overcommit", "hlt_exits_kept_overcommit" in codes, " ".join(codes)),
        ("idle_hlt", pol["idle_hlt_active"] is False and ("idle_hlt_cpu_lacks" in codes) == (idle == 0),
         f"EDX[30]={idle}, idle_hlt_active={pol['idle_hlt_active']}"),
        ("halt_poll_ns", bool(poll) and f"({ns} ns)" in poll[0], poll[0] if poll else "no halt_poll_leave_default"),
    ]


def check_policy_pinned(r, boot):
    """Pinned and latency-sensitive: pass-through would be chosen, but the
    host is itself a VM (CPUID.1:ECX[31] read by /init), so HLT exits stay
    and the CLI exits 1 (a refusal)."""
    pol = json.loads(r.text)
    guest = bits(boot.facts["cpuid.1.ecx"]) >> 31
    codes = reasons(pol)
    return need_exit(r, guest) + [
        ("host_is_guest", ("host_is_guest" in codes) == bool(guest), f"hypervisor bit {guest}; {' '.join(codes)}"),
        ("disable_exits", (pol["disable_exits"] == []) == bool(guest), str(pol["disable_exits"])),
    ]


def check_policy_force(r, boot):
    """Forced pass-through: exactly HLT and PAUSE as far as KVM allows them.
    Force lifts host_is_guest, not the REALTIME hint's refusal on a host that
    is itself a VM (CPUID.1:ECX[31]): there the CLI exits 1 and the hint is off."""
    pol = json.loads(r.text)
    allowed = bits(boot.facts["kvm.cap.x86_disable_exits"])
    guest = bits(boot.facts["cpuid.1.ecx"]) >> 31
    codes = reasons(pol)
    want = [n for b, n in sorted(DISABLE_EXITS.items()) if b & (2 | 4) & allowed]
    return need_exit(r, guest) + [
        ("disable_exits", pol["disable_exits"] == want, f"{pol['disable_exits']} (expected {want} from 0x{allowed:x})"),
        ("realtime hint", pol["hints_realtime"] != bool(guest) and
         ("realtime_hint_host_is_guest" in codes) == bool(guest), f"hypervisor bit {guest}; {' '.join(codes)}"),
    ]


def check_save(r, boot):
    """The profile the CLI saves: kept as build output for examples/profiles."""
    boot.profile = r.text
    return need_exit0(r) + [("x86 group", "[x86]" in r.text and "vendor=amd" in r.text, "vendor=amd in [x86]")]


def check_fault(r, boot):
    m = re.search(r"fault: (\d+) injection points, (\d+) cases, (\d+) failures", r.text)
    skipped = [line for line in r.text.splitlines() if ": skipped:" in line]
    return need_exit0(r) + [
        ("summary", bool(m) and m.group(3) == "0" and int(m.group(1)) > 0, m.group(0) if m else "no summary"),
        ("no skip", not skipped, "; ".join(skipped) or "every scenario ran on the real KVM fd"),
    ]


CLI = "{build}/examples/vcpuchar"
FAULT = ["/bin/env"]
RUN_FAULT = ["/bin/bash", "{src}/tests/hardening/fault/run-fault.sh", "{build}", "{src}"]
PLAN = [
    Step("cli-probe", [CLI, "probe", "--json"], check_probe),
    Step("cli-policy", [CLI, "x86", "policy", "--json"], check_policy),
    Step("cli-policy-pinned", [CLI, "x86", "policy", "--json", "--pinned", "--latency"], check_policy_pinned),
    Step("cli-policy-force", [CLI, "x86", "policy", "--json", "--pinned", "--latency", "--hlt-passthrough=force"],
         check_policy_force),
    Step("cli-probe-save", ["/bin/sh", "-c", CLI + " probe --save /tmp/host.profile >/dev/null && cat /tmp/host.profile"],
         check_save),
    Step("hlt-vmm", ["{build}/examples/hlt-vmm", "--count", "5"], check_hlt),
    Step("hlt-vmm-passthrough", ["{build}/examples/hlt-vmm", "--passthrough", "--count", "5"], check_hlt_passthrough),
    Step("test-x86-probe-kvm", ["{build}/tests/unit/test-x86-probe-kvm"], check_suite, 60),
    Step("test-x86-apply", ["{build}/tests/unit/test-x86-apply"], check_suite, 60),
    Step("test-x86-seccomp", ["{build}/tests/unit/test-x86-seccomp"], check_suite, 60),
    Step("test-hlt-vmm", ["{build}/tests/unit/test-hlt-vmm"], check_suite, 60),
    # The fault scenarios that need a real KVM fd (see MATRIX for which boot runs which).
    Step("fault-stats", FAULT + ["FAULT_ONLY=x86-stats e2big-forever"] + RUN_FAULT, check_fault, 120),
    Step("fault-ioctl", FAULT + ["FAULT_ONLY=x86-probe x86-probe-e2big cli-probe cli-x86-policy",
                                 "FAULT_CALLS=ioctl malloc"] + RUN_FAULT, check_fault, 120, optional=True),
    Step("fault-reads", FAULT + ["FAULT_ONLY=x86-probe", "FAULT_CALLS=read"] + RUN_FAULT, check_fault, 120,
         optional=True),
    Step("fault-opens", FAULT + ["FAULT_ONLY=x86-probe", "FAULT_CALLS=open"] + RUN_FAULT, check_fault, 120,
         optional=True),
]


class Boot:
    def __init__(self, name, meta, cpu, params, extra):
        self.name, self.meta, self.cpu, self.params = name, meta, cpu, params
        self.facts, self.steps, self.checks = {}, {}, []
        self.hlt = self.hlt_pt = self.probe = self.profile = None
        self.hlt_pt_info = ""
        self.rc, self.secs, self.done = None, 0.0, None
        self.plan = [s for s in PLAN if not s.optional or s.name in extra]


# Build outputs and sources the plan needs, relative to their trees.
BUILD_FILES = ["examples/vcpuchar", "examples/hlt-vmm", "tests/unit/test-x86-probe-kvm", "tests/unit/test-x86-apply",
               "tests/unit/test-x86-seccomp",
               "tests/unit/test-hlt-vmm", "tests/hardening/fault/fault-driver", "tests/hardening/fault/fault-cpuid",
               "tests/hardening/fault/libfault-shim.so"]
SRC_FILES = ["tests/hardening/fault/run-fault.sh", "tests/hardening/fault/x86-amd.profile",
             "examples/profiles/power9-dd2.3-opal.profile"]
BUSYBOX_APPLETS = ["sh", "env", "mktemp", "seq", "grep", "sed", "tr", "cp", "cmp", "head", "tail", "rm", "cat",
                   "mkdir", "ls", "basename", "dirname", "wc", "sort"]


def build_common(args, out, extra_build_files=()):
    """The part of the initramfs every boot shares: /init, busybox, bash, the
    tree's own build outputs at their build paths (so their RPATH and
    compiled-in paths hold; another tier adds its own with
    extra_build_files) and every shared library they load, with the
    dynamic loader. Static linking is not possible: json-glib has no .a and
    the fault shim is an LD_PRELOAD module."""
    root = os.path.join(out, "initramfs")
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "bin"))
    common = os.path.join(args.source_dir, "tests", "e2e-common")
    subprocess.run(["gcc", "-static", "-O2", "-g0", "-std=gnu11", "-Wall", "-Wextra", "-Werror", "-I", common,
                    "-o", os.path.join(root, "init"), os.path.join(HERE, "init.c")] +
                   [os.path.join(common, f) for f in ("report.c", "init-util.c")], check=True)
    shutil.copy2(shutil.which("busybox"), os.path.join(root, "bin", "busybox"))
    for a in BUSYBOX_APPLETS:
        os.symlink("busybox", os.path.join(root, "bin", a))
    elfs = [shutil.which("bash"), shutil.which("busybox")]
    e2e_common.copy_into(root, "/bin/bash", elfs[0])
    for f in BUILD_FILES + list(extra_build_files):
        path = os.path.join(args.build_root, f)
        if not os.path.exists(path):
            raise RuntimeError(f"{path} is not built")
        e2e_common.copy_into(root, path)
        elfs.append(path)
    for f in SRC_FILES:
        e2e_common.copy_into(root, os.path.join(args.source_dir, f))
    libs = set()
    for e in elfs:
        libs.update(e2e_common.shared_libs(e))
    for lib in sorted(libs):
        e2e_common.copy_into(root, os.path.normpath(lib))
    return e2e_common.pack_cpio(root, os.path.join(out, "common.cpio"))


def build_initrd(args, common, kdir, out, boot):
    """common.cpio, then this kernel's modules and this boot's plan (the
    kernel unpacks concatenated archives in order)."""
    root = os.path.join(out, "boot-" + boot.name)
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(os.path.join(kdir, "modules"), os.path.join(root, "e2e", "modules"))
    with open(os.path.join(root, "e2e", "plan"), "w") as f:
        for s in boot.plan:
            argv = [a.format(build=args.build_root, src=args.source_dir) for a in s.argv]
            f.write("\t".join([s.name, str(s.timeout)] + argv) + "\n")
    mine = e2e_common.pack_cpio(root, os.path.join(out, f"boot-{boot.name}.cpio"))
    initrd = os.path.join(out, f"initrd-{boot.name}.cpio")
    with open(initrd, "wb") as f:
        for part in (common, mine):
            with open(part, "rb") as p:
                shutil.copyfileobj(p, f)
    return initrd


def run_boot(boot, vmlinux, initrd, logdir):
    # no_timer_check: on a loaded host TCG can miss the boot-time IO-APIC timer
    # test, and the kernel panics ("IO-APIC + timer doesn't work").
    append = f"console=ttyS0 panic=-1 quiet loglevel=3 no_timer_check vcpuchar.boot={boot.name}"
    if boot.params:
        append += " vcpuchar.kvm_amd=" + boot.params.replace(" ", ",")
    cmd = [QEMU, "-accel", "tcg", "-cpu", boot.cpu, "-smp", "1", "-m", "1G", "-nographic", "-nodefaults",
           "-serial", "stdio", "-no-reboot", "-kernel", vmlinux, "-initrd", initrd, "-append", append]
    e2e_common.boot_and_read(boot, cmd, BOOT_TIMEOUT, logdir)
    # The module parameter as the runner expects it: npt=0 given, else NP in CPUID.
    if "kvm_amd.npt" in boot.facts:
        np = bits(boot.facts.get("cpuid.8000000a.edx", "0")) & 1
        want = "N" if "npt=0" in boot.params else ("Y" if np else "N")
        boot.checks.append(("kvm_amd npt", boot.facts["kvm_amd.npt"] == want,
                            f"{boot.facts['kvm_amd.npt']} (expected {want})"))
    e2e_common.judge_plan(boot, lambda b: "never ran" if b.done is None or b.done[1] == 0 else
                          "not run: /init stopped before the plan")
    boot.ok = all(ok for _, ok, _ in boot.checks) and bool(boot.checks)
    return boot


def write_table(boots, path):
    """The measured facts per kernel and CPU model (tests/x86-e2e/README.md)."""
    f = lambda b, k: b.facts.get(k, "-")  # noqa: E731
    rows = ["| boot | kernel | -cpu | kvm_amd params | CPUID 0x8000000A EDX | npt | nested | avic | vgif | nrips | "
            "DISABLE_EXITS | HALT_POLL | BINARY_STATS | supported 0x8000000A EDX | HLT exits kept | "
            "pass-through | boot s |",
            "|" + "---|" * 17]
    for b in boots:
        hlt = f"{b.hlt[0]} / {b.hlt[1]}" if b.hlt else "-"
        pt = f"{b.hlt_pt[0]} / {b.hlt_pt[1]}" if b.hlt_pt else "-"
        rows.append(f"| {b.name} | {f(b, 'kernel.release')} | {b.cpu} | {b.params or '-'} | "
                    f"{f(b, 'cpuid.8000000a.edx')} | {f(b, 'kvm_amd.npt')} | {f(b, 'kvm_amd.nested')} | "
                    f"{f(b, 'kvm_amd.avic')} | {f(b, 'kvm_amd.vgif')} | {f(b, 'kvm_amd.nrips')} | "
                    f"{f(b, 'kvm.cap.x86_disable_exits')} | {f(b, 'kvm.cap.halt_poll')} | "
                    f"{f(b, 'kvm.cap.binary_stats_fd')} | {f(b, 'kvm.supported_cpuid.8000000a.edx')} | "
                    f"{hlt} | {pt} | {b.secs:.1f} |")
    with open(path, "w") as out:
        out.write("\n".join(rows) + "\n\nHLT columns: KVM_EXIT_HLT / halt_exits for 5 guest HLTs.\n")


def main():
    ap = e2e_common.runner_args()
    ap.add_argument("--only", nargs="*", help="boot names from MATRIX")
    ap.add_argument("--steps", nargs="*", help="step names from PLAN (for a quicker look)")
    ap.add_argument("--print-output", action="store_true", help="print what each step printed")
    args = ap.parse_args()
    if args.steps:
        PLAN[:] = [s for s in PLAN if s.name in args.steps]
    args.source_dir, args.build_root = os.path.abspath(args.source_dir), os.path.abspath(args.build_root)

    e2e_common.need_tools(TIER, (QEMU, "cpio", "busybox", "gcc", "ldd", "bash"), "tests/x86-e2e/setup.sh")
    t0 = time.monotonic()
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    cache = os.environ.get("VCPUCHAR_X86_E2E_CACHE") or os.path.join(out, "cache")
    matrix = [m for m in MATRIX if not args.only or m[0] in args.only]
    kern, missing = {}, []
    for meta in sorted({m[1] for m in matrix}):
        try:
            kern[meta] = kernels.fetch(cache, meta)
        except kernels.Missing as e:
            # The other kernel's boots still run; the suite then skips, naming this.
            missing.append(f"fetching the kernel: {e}")
            print(f"{TIER}: {missing[-1]}")
            continue
        except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
            print(f"{TIER}: FAIL: unpacking the kernel from {meta}: {e}")
            return 1
        print(f"kernel {kern[meta][0]} from {meta}: {'downloaded' if kern[meta][2] else 'cached'} in {kern[meta][1]}")
    if not kern:
        e2e_common.skip(TIER, "; ".join(missing))
    t_fetch = time.monotonic() - t0
    boots = [Boot(*m) for m in matrix if m[1] in kern]
    # Another CPU model for every boot, e.g. qemu64,-svm to see a refused kvm_amd.
    for b in boots:
        b.cpu = os.environ.get("VCPUCHAR_X86_E2E_CPU", b.cpu)
    try:
        common = build_common(args, out)
        initrds = {b.name: build_initrd(args, common, kern[b.meta][1], out, b) for b in boots}
    except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
        print(f"{TIER}: FAIL: building the initramfs: {e}")
        return 1
    t_prep = time.monotonic() - t0
    logdir = e2e_common.log_dir(out)
    e2e_common.run_parallel(lambda b: run_boot(b, os.path.join(kern[b.meta][1], "vmlinux"), initrds[b.name], logdir),
                            boots)

    for b in boots:
        fails = [c for c in b.checks if not c[1]]
        print(f"\n== {b.name}: {'PASS' if b.ok else 'FAIL'} ({len(b.checks) - len(fails)}/{len(b.checks)} checks, "
              f"{b.secs:.1f} s, qemu exit {b.rc})")
        print(f"   {b.facts.get('kernel.release', '?')}, -cpu {b.cpu}, kvm_amd {b.params or 'defaults'}; "
              f"CPUID 0x8000000A EDX {b.facts.get('cpuid.8000000a.edx', '-')}, "
              f"DISABLE_EXITS {b.facts.get('kvm.cap.x86_disable_exits', '-')}; "
              f"HLT exits kept {'/'.join(b.hlt or ('-',))}, pass-through {'/'.join(b.hlt_pt or ('-',))} "
              f"({b.hlt_pt_info or '-'})")
        for step in b.plan:
            r = b.steps.get(step.name)
            if r:
                print(f"   {step.name}: {r.status}")
                if args.print_output:
                    print("".join(f"     | {line}\n" for line in r.lines), end="")
        for c, _, text in fails:
            print(f"   FAIL {c}: {text}")
        if fails:
            print(f"   log: {os.path.join(logdir, b.name + '.log')}")
        if b.profile:
            with open(os.path.join(out, f"host-{b.name}.profile"), "w") as p:
                p.write(b.profile)
    write_table(boots, os.path.join(out, "measured.md"))
    failed = [b.name for b in boots if not b.ok]
    total = time.monotonic() - t0
    print(f"\n{TIER}: {len(boots) - len(failed)}/{len(boots)} boots passed; kernels {t_fetch:.1f} s, "
          f"initramfs {t_prep - t_fetch:.1f} s, total {total:.1f} s ({e2e_common.jobs()} boots at a time); "
          f"table: {os.path.join(out, 'measured.md')}")
    return e2e_common.verdict(TIER, failed, missing, "the other boots passed")


if __name__ == "__main__":
    sys.exit(main())
