#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""x86-guest-e2e: the x86 advice proven end to end (README.md here).

L0 (this machine, QEMU TCG, -cpu max) boots Debian's 6.12 kernel as L1 with
the real kvm_amd. In L1, `vcpuchar x86 policy --json --vcpus 2` decides each
policy from L1's own facts and predicts the guest view; Debian's QEMU then
starts an L2 (the same kernel, a static /init: l2-init.c) with (a) QEMU's
defaults, (b) the policy's `qemu` argv words and (c) the -cpu/-overcommit/
-global words of the argv libvirt itself makes from the policy's XML
(`virsh -c qemu:///embed domxml-to-native`, in L1 where /dev/kvm is). L2
reports CPUID 0x40000001, its cpuidle driver and PV spinlock line; L1
(l1-vm.c) counts halt_exits over L2's idle period through KVM_GET_STATS_FD.
The table goes to OUT/measured.tsv; any `agree` `no` fails the tier.

Usage: run-guest-e2e.py --source-dir SRC --build-root BUILD --out DIR
           [--libvirt-xml 1.0] [--policies NAME...]
--libvirt-xml 1.0 rebuilds the 1.0 CLI's fragment (off states as
<kvm><... state='off'/></kvm>) under host-passthrough, the CPU the qemu
spelling's -cpu host means: the run that shows libvirt's state='off' fault.
Exit 0 when every row agrees, 1 on a failure, 77 when a tool or package
cannot be had (named).
"""
import concurrent.futures
import glob
import json
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
import e2e_common  # noqa: E402
import kernels  # noqa: E402

TIER = "x86-guest-e2e"
QEMU = "qemu-system-x86_64"
KERNEL_META = "linux-image-6.12-amd64"
L1_TIMEOUT = 3300
L2_TIMEOUT = 300
# Policies: name and `vcpuchar x86 policy` options. L1 is itself a guest
# (CPUID.1:ECX[31]), so pinned+latency keeps HLT exits (host_is_guest);
# force with MWAIT and CSTATE asks for exactly what cpu-pm=on disables.
# Every policy declares host-passthrough: since 1.3 the libvirt spelling sets no CPU mode
# unless one is given (lib/x86.md#qemu-and-libvirt), and the tier compares it with -cpu host.
HP = ["--cpu-mode", "host-passthrough"]
POLICIES = [
    ("default", HP),
    ("pinned", ["--pinned"] + HP),
    ("pinned-latency", ["--pinned", "--latency"] + HP),
    ("never", ["--pinned", "--latency", "--hlt-passthrough", "never"] + HP),
]
# Not in the matrix: --hlt-passthrough force --want-mwait --want-cstate
# (exactly cpu-pm=on here). L1 is itself a TCG guest, and with HLT exits
# disabled the L2 dies at its first HLT (SeaBIOS's): QEMU reports "emulation
# failure" (README.md here), the case the library's host_is_guest refusal
# exists for; only force gets past it.
# The second stack (trixie's QEMU 10.0 and libvirt 11.3) runs a subset, to
# keep the tier's time: nothing on, hints on, hints on with a refusal.
STACK_POLICIES = {"trixie": ["default", "pinned", "pinned-latency"]}
# The patched QEMU (examples/qemu-x86: the series for this stack's QEMU
# release) asks the library itself: the statement each policy's CLI options
# make, as -accel kvm properties; -cpu host as the qemu spelling has it.
PATCHED_QEMU = {"bookworm": "7.2", "trixie": "10.0"}
PATCHED_ACCEL = {"default": "hlt-policy=shared", "pinned": "hlt-policy=pinned",
                 "pinned-latency": "hlt-policy=pinned-latency",
                 "never": "hlt-policy=pinned-latency,hlt-passthrough=never"}
# Where the patched tree lives in L1 (in trixie's chroot for that stack).
PATCHED_DIR = "/patched"
CVM = ("cvm-sev-snp", ["--cvm", "sev-snp"])
VCPUS = 2
ITEMS = ["kvm_feature_pv_unhalt", "kvm_feature_poll_control", "kvm_hints_realtime", "cpuidle_driver",
         "pv_spinlocks", "halt_exits_grow", "monitor"]
# The guest kernel's spinlock choice (lib/x86.md#guest-view rule 3): an L2 with
# the CPUID of `pinned-latency` decided for a bare-metal AMD host (HLT
# pass-through: KVM_HINTS_REALTIME on, PV_UNHALT off), HLT exits kept (HLT
# pass-through does not work in this L1, README.md), under each guest kernel:
# bookworm's 6.1 (linux-image-amd64, cached by tests/x86-e2e) and the 6.12 the
# tier uses. The CLI on L0 predicts with --guest-kernel the kernel's version.
SPIN_HOST = os.path.join("examples", "profiles", "amd-zen5-idle-hlt-6.15.profile")
SPIN_OPTS = ["--pinned", "--latency", "--cpu-mode", "host-passthrough"]
# The 6.12 row (the tier's own kernel, which had the reorder in x86-nested-l2.md's
# 6.12.117 too) only with VCPUCHAR_X86_GUEST_FULL=1: each L2 start costs 8-16 s
# unloaded, 40-60 s under CI-like load (README.md, Times).
SPIN_KERNELS = [("6.1", "linux-image-amd64")] + (
    [("6.12", KERNEL_META)] if os.environ.get("VCPUCHAR_X86_GUEST_FULL") == "1" else [])
SPIN_ITEMS = ["kvm_feature_pv_unhalt", "kvm_hints_realtime", "pv_spinlocks", "monitor"]
L2_APPEND = "console=ttyS0 panic=-1 quiet loglevel=3 no_timer_check"
LIBVIRT_DRIVERS = "/usr/lib/x86_64-linux-gnu/libvirt"
SHARE = ["/usr/share/qemu", "/usr/share/seabios", "/usr/share/libvirt", "/usr/lib/x86_64-linux-gnu/qemu"]
APPLETS = ["chroot", "timeout", "sh", "mount", "mkdir", "cat", "tr", "insmod", "poweroff", "uname", "head", "echo", "sed", "grep", "ls"]


def version_of(cmd):
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    m = re.search(r"(\d+\.\d+\.\d+)", out)
    return m.group(1) if m else "?"


def l1_script(args, policies, stack, patched, spin=()):
    """The L1 /init: modules, facts, decisions, libvirt's argv, the L2 runs.
    The trixie stack's QEMU and virsh run in a chroot of trixie's userland
    (/trixie, with /proc, /sys, /dev and /tmp bound in); the CLI and l1-vm
    stay in bookworm's, where they were built."""
    cli = os.path.join(args.build_root, "examples", "vcpuchar")
    l1vm = os.path.join(args.build_root, "tests", "x86-guest-e2e", "l1-vm")
    pre = "chroot /trixie " if stack == "trixie" else ""
    base = (f"{'/bin/chroot /trixie ' if pre else ''}/usr/bin/{QEMU} -enable-kvm -smp {VCPUS} -m 256 -nographic -nodefaults -serial stdio -no-reboot "
            f"-kernel /l2/vmlinux -initrd /l2/initrd.cpio -append '{L2_APPEND}'")
    lv = "qemu:///embed?root=/tmp/lv"
    # The patched QEMU: the same L2, its own binary; -L names the data (a
    # relocatable QEMU looks beside its binary), -accel kvm replaces
    # -enable-kvm (the two cannot be combined) when the option is on.
    pbase = base.replace(f"/usr/bin/{QEMU}", f"{PATCHED_DIR}/usr/bin/{QEMU} -L /usr/share/qemu -L /usr/share/seabios")
    s = ["#!/bin/sh", "export PATH=/bin:/usr/bin:/usr/sbin:/sbin HOME=/tmp",
         "mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev",
         # /tmp stays on the initramfs: a tmpfs there would hide the CLI and the
         # library of a build tree under /tmp, copied in at their own paths.
         "mkdir -p /tmp /run /var/run /tmp/lv/etc",
         # An L2 that printed no facts (a guest kernel crash under nested
         # emulation, seen once as an int3 Oops in run_timer_softirq) runs once more.
         f"l2() {{ n=$1; shift; for t in 1 2; do {l1vm} run \"$n\" \"$@\" > /tmp/l2.out 2>&1; cat /tmp/l2.out; "
         "grep -q 'L2-FACT: cpuid_40000001_eax' /tmp/l2.out && return; "
         "echo \"L1 $n: retry $t: L2 reported no facts\"; done; }",
         "for m in $(cat /e2e/modules/order); do insmod /e2e/modules/$m || echo \"E2E-FACT: insmod_failed=$m\"; done",
         # One VM held for the whole run: KVM's preempt-notifier jump label in __schedule is
         # patched once, now, not at every VM's start and end (l1-vm.c; the int3 Oops below).
         f"{l1vm} hold & sleep 1",
         "[ -d /trixie ] && for d in proc sys dev tmp; do mkdir -p /trixie/$d; mount --bind /$d /trixie/$d; done",
         "echo 'user = \"root\"' > /tmp/lv/etc/qemu.conf; echo 'group = \"root\"' >> /tmp/lv/etc/qemu.conf",
         "echo \"E2E-FACT: kernel=$(uname -r)\"",
         f"echo \"E2E-FACT: qemu=$({pre}/usr/bin/{QEMU} --version | head -1)\"",
         f"echo \"E2E-FACT: virsh=$({pre}virsh --version)\"",
         "for p in sev sev_es sev_snp nested npt avic; do "
         "echo \"E2E-FACT: kvm_amd.$p=$(cat /sys/module/kvm_amd/parameters/$p 2>/dev/null)\"; done",
         "echo \"E2E-FACT: dev_kvm=$(ls /dev/kvm 2>&1)\""]
    for name, opts in policies + [CVM]:
        s.append(f"{cli} x86 policy --json --vcpus {VCPUS} {' '.join(opts)} > /tmp/{name}.json 2>/tmp/{name}.cli; "
                 f"echo \"E2E-CLI: {name}: rc=$? $(tr '\\n' ' ' < /tmp/{name}.cli)\"; "
                 f"echo \"E2E-JSON: {name}: $(tr -d '\\n' < /tmp/{name}.json)\"")
    for name, _ in policies:
        s.append(f"{l1vm} domain /tmp/{name}.json {args.libvirt_xml} > /tmp/{name}.xml; "
                 f"echo \"E2E-XML: {name}: $(tr -d '\\n' < /tmp/{name}.xml)\"; "
                 f"timeout 300 {pre}virsh -q -c '{lv}' domxml-to-native qemu-argv /tmp/{name}.xml > /tmp/{name}.native 2>/tmp/{name}.err; "
                 f"echo \"E2E-VIRSH: {name}: rc=$? $(tr '\\n' ' ' < /tmp/{name}.err)\"; "
                 f"echo \"E2E-NATIVE: {name}: $(tr '\\n' ' ' < /tmp/{name}.native)\"")
    s.append(f"l2 defaults {L2_TIMEOUT} defaults - -- {base}")
    if patched:
        s.append(f"echo \"E2E-FACT: patched=$({pre}{PATCHED_DIR}/usr/bin/{QEMU} --version | head -1)\"")
        s.append(f"l2 patched-off {L2_TIMEOUT} defaults - -- {pbase}")
        # A library older than QEMU's headers (old-version.c says 1.1.0):
        # QEMU must stop at the first vCPU with its error, not crash.
        old = pbase.replace(" -enable-kvm ", " -accel kvm,hlt-policy=shared ")
        s.append(f"LD_PRELOAD={PATCHED_DIR}/old-version.so timeout 120 {old} -S > /tmp/old.out 2>&1; "
                 "echo \"E2E-OLDLIB: rc=$? $(tr '\\n' ' ' < /tmp/old.out)\"")
        for name, _ in policies:
            on = pbase.replace(" -enable-kvm ", f" -accel kvm,{PATCHED_ACCEL[name]} -cpu host ")
            s.append(f"l2 {name}/patched {L2_TIMEOUT} defaults - -- {on}")
    for name, cpu, vmlinux in spin:
        s.append(f"l2 {name}/qemu {L2_TIMEOUT} defaults - -- {base.replace('/l2/vmlinux ', vmlinux + ' ')} -cpu {cpu}")
    for name, _ in policies:
        s.append(f"l2 {name}/qemu {L2_TIMEOUT} qemu /tmp/{name}.json -- {base}")
        s.append(f"[ -s /tmp/{name}.native ] && l2 {name}/libvirt {L2_TIMEOUT} libvirt /tmp/{name}.native -- {base}")
    s.append("echo E2E-L1-DONE")
    s.append("poweroff -f")
    return "\n".join(s) + "\n"


def build_initrd(args, out, kdir, policies, stack, trixie_root=None, patched=None, spin=()):
    root = os.path.join(out, "l1root-" + stack)
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "bin"))
    for d in ("proc", "sys", "dev", "tmp", "run", "etc", "l2"):
        os.makedirs(os.path.join(root, d), exist_ok=True)
    shutil.copy2(shutil.which("busybox"), os.path.join(root, "bin", "busybox"))
    for a in APPLETS:
        os.symlink("busybox", os.path.join(root, "bin", a))
    with open(os.path.join(root, "init"), "w") as f:
        f.write(l1_script(args, policies, stack, patched, [(r["name"], r["cpu"], r["vmlinux"]) for r in spin]))
    os.chmod(os.path.join(root, "init"), 0o755)
    # libvirt parses its compiled-in QEMU user before it reads qemu.conf.
    user_root = root
    if stack == "trixie":
        # trixie's userland as unpacked, minus what no step reads.
        user_root = os.path.join(root, "trixie")
        shutil.copytree(trixie_root, user_root, symlinks=True,
                        ignore=shutil.ignore_patterns("doc", "man", "locale", "info", "qemu-system-i386",
                                                      "qemu-system-x86_64-microvm", "gconv", "systemd"))
    for r in {root, user_root}:
        os.makedirs(os.path.join(r, "etc"), exist_ok=True)
        with open(os.path.join(r, "etc", "passwd"), "w") as f:
            f.write("root:x:0:0:root:/tmp:/bin/sh\nlibvirt-qemu:x:64055:64055::/tmp:/bin/false\n")
        with open(os.path.join(r, "etc", "group"), "w") as f:
            f.write("root:x:0:\nkvm:x:64056:\nlibvirt-qemu:x:64055:\n")
    elfs = [os.path.join(args.build_root, "examples", "vcpuchar"),
            os.path.join(args.build_root, "tests", "x86-guest-e2e", "l1-vm")]
    if stack == "bookworm":
        elfs += [shutil.which(QEMU), shutil.which("virsh")]
    if patched:
        # The tree with its libvcpuchar; the rest of its libraries are
        # bookworm's (copied below) or, in trixie's chroot, trixie's.
        shutil.copytree(patched, os.path.join(user_root, PATCHED_DIR.lstrip("/")), symlinks=True)
        subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-Wall", "-Werror", "-o",
                        os.path.join(user_root, PATCHED_DIR.lstrip("/"), "old-version.so"),
                        os.path.join(HERE, "old-version.c")], check=True)
        if stack == "bookworm":
            elfs += [lib for lib in e2e_common.shared_libs(os.path.join(patched, "usr", "bin", QEMU))
                     if not lib.startswith(patched)]
    for e in elfs:
        if not e or not os.path.exists(e):
            raise RuntimeError(f"{e} is not there (built?)")
        e2e_common.copy_into(root, e)
    if stack == "bookworm":
        for d in SHARE:
            shutil.copytree(d, os.path.join(root, d.lstrip("/")), symlinks=True, dirs_exist_ok=True)
        shutil.copytree(LIBVIRT_DRIVERS, os.path.join(root, LIBVIRT_DRIVERS.lstrip("/")), dirs_exist_ok=True)
        for dirpath, _, files in os.walk(LIBVIRT_DRIVERS):
            elfs += [os.path.join(dirpath, f) for f in files if f.endswith(".so")]
    libs = set()
    for e in elfs:
        libs.update(e2e_common.shared_libs(e))
    for lib in sorted(libs):
        e2e_common.copy_into(root, os.path.normpath(lib))
    shutil.copytree(os.path.join(kdir, "modules"), os.path.join(root, "e2e", "modules"))
    os.makedirs(os.path.join(user_root, "l2"), exist_ok=True)
    shutil.copy2(os.path.join(kdir, "vmlinux"), os.path.join(user_root, "l2", "vmlinux"))
    for r in spin:
        if not os.path.exists(os.path.join(user_root, r["vmlinux"].lstrip("/"))):
            shutil.copy2(r["kdir_vmlinux"], os.path.join(user_root, r["vmlinux"].lstrip("/")))
    # L2's initramfs: the static /init alone.
    l2 = os.path.join(out, "l2root-" + stack)
    shutil.rmtree(l2, ignore_errors=True)
    for d in ("proc", "sys", "dev"):
        os.makedirs(os.path.join(l2, d))
    subprocess.run(["gcc", "-static", "-O2", "-g0", "-Wall", "-Wextra", "-Werror", "-o", os.path.join(l2, "init"),
                    os.path.join(HERE, "l2-init.c")], check=True)
    e2e_common.pack_cpio(l2, os.path.join(user_root, "l2", "initrd.cpio"), dir_links=True)
    initrd = e2e_common.pack_cpio(root, os.path.join(out, f"l1-initrd-{stack}.cpio"), dir_links=True)
    shutil.rmtree(root)
    return initrd


TRIXIE_PKGS = ["qemu-system-x86", "libvirt-clients", "libvirt-daemon", "libvirt-daemon-driver-qemu"]


def fetch_trixie(out):
    """trixie's QEMU and libvirt with their whole dependency closure, from a
    private apt state in @out (newer-debian.md: the machine's apt config is
    never touched), unpacked into one root; cached until the package set
    changes. Raises kernels.Missing when the archive does not serve them."""
    d = os.path.join(out, "apt-trixie")
    root = os.path.join(d, "root")
    key = " ".join(TRIXIE_PKGS) + "\n"
    done = os.path.join(d, ".complete")
    if os.path.exists(done) and open(done).read().startswith(key):
        return root
    shutil.rmtree(d, ignore_errors=True)
    for sub in ("state/lists/partial", "cache/archives/partial"):
        os.makedirs(os.path.join(d, sub))
    open(os.path.join(d, "status"), "w").close()
    uri = "http://deb.debian.org/debian"
    try:
        for line in open("/etc/apt/sources.list.d/debian.sources"):
            if line.startswith("URIs:"):
                uri = line.split()[1]
                break
    except OSError:
        pass
    with open(os.path.join(d, "sources.list"), "w") as f:
        f.write(f"deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] {uri} trixie main\n")
    a = [f"-oDir::State={d}/state", f"-oDir::State::status={d}/status", f"-oDir::Etc::SourceList={d}/sources.list",
         "-oDir::Etc::SourceParts=/dev/null", f"-oDir::Cache={d}/cache", "-oAPT::Install-Recommends=false",
         "-oDebug::NoLocking=1"]
    for step in (["apt-get"] + a + ["update", "-q"],
                 ["apt-get"] + a + ["install", "-q", "-y", "--download-only"] + TRIXIE_PKGS):
        r = subprocess.run(step, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode:
            raise kernels.Missing(f"trixie's {' '.join(TRIXIE_PKGS)} from {uri}: {' '.join(step[len(a) + 1:])} "
                                  f"failed: {r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.returncode}")
    os.makedirs(root)
    debs = sorted(glob.glob(os.path.join(d, "cache", "archives", "*.deb")))
    for deb in debs:
        subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
    with open(done, "w") as f:
        f.write(key + "".join(os.path.basename(x) + "\n" for x in debs))
    return root


def parse(out):
    """Per-run L2 facts and idle counts, and per-policy JSON, XML, virsh result."""
    runs, pol, facts = {}, {}, {}

    def idle(m):
        r = runs.setdefault(m.group(1), {})
        r["vcpus_read"], r["halt_exits"], r["exits"] = m.group(2), m.group(3), m.group(4)

    # What L1's /init prints besides E2E-FACT: the CLI's answers per policy,
    # per L2 run the facts L2 printed and L1's idle counts, and the patched
    # QEMU's warnings (the library's reasons and the guest view it predicts).
    e2e_common.scan(out, [
        (e2e_common.FACT, lambda m: facts.__setitem__(m.group(1), m.group(2))),
        (r"E2E-OLDLIB: rc=(\d+) ?(.*)", lambda m: facts.__setitem__("oldlib", (m.group(1), m.group(2)))),
        (r"E2E-(CLI|JSON|XML|VIRSH|NATIVE): ([^:]+): ?(.*)",
         lambda m: pol.setdefault(m.group(2), {}).__setitem__(m.group(1), m.group(3))),
        (r"^L2 (\S+): .*L2-FACT: ([^=]+)=(.*)", lambda m: runs.setdefault(m.group(1), {}).__setitem__(m.group(2), m.group(3))),
        (r"^L1 (\S+): idle vcpus=(\d+) halt_exits=(\d+) exits=(\d+)", idle),
        (r"^L2 (\S+): \S*qemu-system-x86_64: warning: (hlt-policy.*)",
         lambda m: runs.setdefault(m.group(1), {}).setdefault("qemu_warnings", []).append(m.group(2))),
        (r"^L1 (\S+): (done .*|idle stats unreadable.*|argv: .*|retry .*)",
         lambda m: runs.setdefault(m.group(1), {}).setdefault("l1", []).append(m.group(2))),
    ])
    return facts, pol, runs


def observed(run):
    """The guest view items as L2 and L1 reported them."""
    if not run or "cpuid_40000001_eax" not in run:
        return None
    eax, edx = int(run["cpuid_40000001_eax"], 16), int(run["cpuid_40000001_edx"], 16)
    line = run.get("spinlock_line", "absent")
    spin = ("used" if "PV spinlocks enabled" in line else "off_realtime" if "KVM_HINTS_REALTIME" in line else
            "off_single_cpu" if "single CPU" in line else "off_no_pv_unhalt" if "no host support" in line else
            "unknown: " + line)
    yn = lambda b: "yes" if b else "no"  # noqa: E731
    return {
        "kvm_feature_pv_unhalt": yn(eax >> 7 & 1), "kvm_feature_poll_control": yn(eax >> 12 & 1),
        "kvm_hints_realtime": yn(edx & 1),
        "cpuidle_driver": "haltpoll" if run.get("cpuidle_driver") == "haltpoll" else "not_haltpoll",
        "pv_spinlocks": spin,
        "halt_exits_grow": (yn(int(run["halt_exits"]) > 0) if "halt_exits" in run else "unread"),
        "monitor": run.get("monitor", "unread"),
    }


def predicted(pj):
    g = pj["guest"]
    yn = lambda b: "yes" if b else "no"  # noqa: E731
    pred = {k: (yn(g[k]) if isinstance(g[k], bool) else g[k]) for k in ITEMS if k in g}
    # MONITOR: the CPUID patch clears it unless MWAIT exits are disabled (reason 66).
    pred["monitor"] = yn(not any(r.get("code") == "monitor_hidden_mwait_exits" for r in pj.get("reasons", [])))
    return pred


def kernel_version(kdir, release):
    """The upstream version of a cached kernel: Debian's "Debian 6.1.192-3" in
    its banner (its release, "6.1.0-57-amd64", is an ABI name), else the release."""
    with open(os.path.join(kdir, "vmlinux"), "rb") as f:
        m = re.search(rb"Linux version \S+ .*? Debian (\d+\.\d+\.\d+)", f.read())
    return m.group(1).decode() if m else release.split("-")[0].split("+")[0]


def spin_runs(args, cache, fails, skipped):
    """The spinlock rows' L2s: per guest kernel its version, the -cpu word of the
    policy the CLI decides for a bare-metal host, and its predicted items."""
    out = []
    cli = os.path.join(args.build_root, "examples", "vcpuchar")
    for label, meta in SPIN_KERNELS:
        try:
            release, kdir, _ = kernels.fetch(cache, meta)
        except kernels.Missing as e:
            skipped.append(f"spinlock row of {label}: fetching the kernel: {e}")
            continue
        version = kernel_version(kdir, release)
        cmd = [cli, "x86", "policy", "--json", "--vcpus", str(VCPUS), "--host",
               os.path.join(args.source_dir, SPIN_HOST)] + SPIN_OPTS + ["--guest-kernel", version]
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            pj = json.loads(r.stdout)
            cpu = pj["qemu"][pj["qemu"].index("-cpu") + 1]
        except (ValueError, KeyError, IndexError):
            fails.append(f"spinlock {label}: no policy from {' '.join(cmd)}: rc={r.returncode} {r.stderr.strip()}")
            continue
        out.append({"name": f"spinlock-{version}", "cpu": cpu, "pred": predicted(pj), "version": version,
                    "vmlinux": "/l2/vmlinux" if meta == KERNEL_META else f"/l2/vmlinux-{label}",
                    "kdir_vmlinux": os.path.join(kdir, "vmlinux")})
    return out


def build_patched(args, out, stack):
    """examples/qemu-x86/build.sh for this stack's QEMU release, cached in
    @out: (tree, None), or (None, why) when it cannot be had (exit 77);
    raises RuntimeError when the build fails."""
    qemu = PATCHED_QEMU[stack]
    t0 = time.monotonic()
    r = subprocess.run([os.path.join(args.source_dir, "examples", "qemu-x86", "build.sh"), "--smoke", "--qemu", qemu,
                        os.path.join(out, "qemu-x86")], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
    print(f"{TIER}: patched QEMU {qemu}: exit {r.returncode} in {time.monotonic() - t0:.0f} s: {last}", flush=True)
    if r.returncode == 77:
        return None, last
    if r.returncode:
        raise RuntimeError(f"examples/qemu-x86/build.sh --qemu {qemu} failed:\n{r.stderr.strip()}")
    return last, None


def run_stack(args, out, kdir, policies, stack, trixie_root, rows, fails, patched=None, spin=()):
    """One L1 boot with this stack's QEMU and libvirt: its rows and failures."""
    t0 = time.monotonic()
    try:
        initrd = build_initrd(args, out, kdir, policies, stack, trixie_root, patched, spin)
    except (RuntimeError, OSError, subprocess.CalledProcessError) as e:
        fails.append(f"{stack}: building the L1 initramfs: {e}")
        return {}
    t_prep = time.monotonic() - t0
    cmd = [QEMU, "-accel", "tcg", "-cpu", "max", "-smp", "2", "-m", "3G", "-nographic", "-nodefaults",
           "-serial", "stdio", "-no-reboot", "-kernel", os.path.join(kdir, "vmlinux"), "-initrd", initrd,
           "-append", "console=ttyS0 panic=-1 quiet loglevel=3 no_timer_check"]
    log = os.path.join(out, f"l1-{stack}.log")
    text, rc, secs = e2e_common.boot(cmd, L1_TIMEOUT, log)
    # L1's own kernel can take an "Oops: int3" under multi-threaded TCG: a
    # vCPU runs a stale translation of kernel text that another vCPU has just
    # patched (Linux's int3-based text_poke_bp(): seen in __schedule and
    # run_timer_softirq, twice in a row in one CI run of 2026-12-04).
    # The VM l1-vm holds removes the patching every VM's start and end
    # caused; a boot that still panics says nothing of the library, so L1
    # boots again, up to four times, and each panicked log is kept beside the
    # last. (One TCG thread for both vCPUs avoids the race too, but an L2
    # then took over 300 s.)
    for attempt in range(1, 5):
        if "E2E-L1-DONE" in text or "Kernel panic" not in text:
            break
        os.replace(log, f"{log}.panic{attempt}")
        print(f"x86-guest-e2e: {stack}: L1's kernel panicked under emulation (log {log}.panic{attempt}); "
              "booting L1 again", flush=True)
        text, rc, secs = e2e_common.boot(cmd, L1_TIMEOUT, log)
    os.unlink(initrd)
    facts, pol, runs = parse(text)
    qemu_v = re.search(r"(\d+\.\d+\.\d+)", facts.get("qemu", ""))
    qemu_v = qemu_v.group(1) if qemu_v else "?"
    libvirt_v = facts.get("virsh", "?")
    if "E2E-L1-DONE" not in text:
        fails.append(f"{stack}: L1 never finished (qemu exit {rc}, {secs:.0f} s): see {log}; last lines:\n" +
                     "\n".join(text.splitlines()[-15:]))
    base = observed(runs.get("defaults"))
    patched_v = re.search(r"(\d+\.\d+\.\d+)", facts.get("patched", ""))
    patched_v = patched_v.group(1) if patched_v else "?"
    for name, _ in policies:
        p = pol.get(name, {})
        try:
            pj = json.loads(p.get("JSON", ""))
        except ValueError:
            fails.append(f"{stack} {name}: no policy JSON from the CLI ({p.get('CLI', 'no output')})")
            continue
        pred = predicted(pj)
        if p.get("VIRSH", "").startswith("rc=") and not p["VIRSH"].startswith("rc=0"):
            fails.append(f"{stack} {name}: libvirt refused the XML: {p['VIRSH']} (XML: {p.get('XML')})")
        lib_ne = any("libvirt has no element" in n or "libvirt's domain XML has no element" in n
                     for n in pj.get("not_expressible", []))
        spellings = [("defaults", base, "-"), ("qemu", observed(runs.get(name + "/qemu")), "-"),
                     ("libvirt", observed(runs.get(name + "/libvirt")), libvirt_v)]
        if patched:
            spellings += [("patched-off", observed(runs.get("patched-off")), "-"),
                          ("patched", observed(runs.get(name + "/patched")), "-")]
        for spelling, run, lv in spellings:
            if run is None:
                key = {"defaults": "defaults", "patched-off": "patched-off"}.get(spelling, name + "/" + spelling)
                fails.append(f"{stack} {name} {spelling}: L2 reported nothing ({'; '.join(runs.get(key, {}).get('l1', []))})")
                continue
            for item in ITEMS:
                want, got = pred[item], run[item]
                if spelling == "patched-off" and (base is None or got != base[item]):
                    agree = "no"  # the option off must change nothing
                elif want == got:
                    agree = "yes"
                elif spelling in ("defaults", "patched-off"):
                    agree = "differs"  # QEMU's defaults are not the advice: shown, not judged
                elif spelling == "libvirt" and item == "halt_exits_grow" and lib_ne:
                    agree = "n/e"  # the CLI said libvirt cannot disable exits
                else:
                    agree = "no"
                rows.append([name, patched_v if spelling.startswith("patched") else qemu_v, lv, spelling, item, want,
                             got, agree])
    for sp in spin:
        run = observed(runs.get(sp["name"] + "/qemu"))
        if run is None:
            fails.append(f"{stack} {sp['name']}: L2 reported nothing "
                         f"({'; '.join(runs.get(sp['name'] + '/qemu', {}).get('l1', []))})")
            continue
        for item in SPIN_ITEMS:
            want, got = sp["pred"][item], run[item]
            rows.append([sp["name"], qemu_v, "-", "qemu-cpuid", item, want, got, "yes" if want == got else "no"])
    if patched:
        rc, text = facts.get("oldlib", ("none", "(no E2E-OLDLIB line)"))
        ok = rc == "1" and "older than" in text
        rows.append(["old-library", patched_v, "-", "patched", "exit", "1: older than the headers",
                     f"{rc}: {text.strip()[:160]}", "yes" if ok else "no"])
    sev = {k: facts.get("kvm_amd." + k, "?") for k in ("sev", "sev_es", "sev_snp")}
    note = (f"skipped: L1's kvm_amd has sev={sev['sev']} sev_es={sev['sev_es']} sev_snp={sev['sev_snp']} "
            "(TCG's -cpu max offers no SEV, so no SEV-SNP guest can start)")
    rows.append([CVM[0], qemu_v, libvirt_v, "-", "-", "-", note, "skip"])
    for name, r in sorted(runs.items()):
        print(f"   {stack} {name}: {'; '.join(x for x in r.get('l1', []) if x.startswith(('done', 'retry')))} "
              f"halt_exits={r.get('halt_exits', '-')} exits={r.get('exits', '-')}")
    print(f"{TIER}: {stack}: QEMU {qemu_v}, libvirt {libvirt_v}: prepare {t_prep:.0f} s, L1 {secs:.0f} s")
    with open(os.path.join(out, f"runs-{stack}.json"), "w") as f:
        json.dump({"facts": facts, "policies": pol, "runs": runs}, f, indent=1)
    return facts


def main():
    ap = e2e_common.runner_args()
    ap.add_argument("--libvirt-xml", default="current", choices=["current", "1.0"])
    ap.add_argument("--policies", nargs="*")
    ap.add_argument("--stacks", nargs="*", default=["bookworm", "trixie"])
    ap.add_argument("--no-patched", action="store_true", help="leave out the patched QEMU (no build)")
    args = ap.parse_args()
    args.source_dir, args.build_root = os.path.abspath(args.source_dir), os.path.abspath(args.build_root)
    t0 = time.monotonic()
    missing = [t for t in (QEMU, "cpio", "busybox", "gcc", "ldd", "virsh", "dpkg-deb") if not shutil.which(t)]
    if not os.path.exists(os.path.join(LIBVIRT_DRIVERS, "connection-driver", "libvirt_driver_qemu.so")):
        missing.append("libvirt's QEMU driver (libvirt-daemon-driver-qemu)")
    if missing:
        e2e_common.skip(TIER, "missing " + ", ".join(missing) + " (run tests/x86-guest-e2e/setup.sh as root)")
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    # The kernel cache of tests/x86-e2e, when that tier has filled it.
    cache = (os.environ.get("VCPUCHAR_X86_E2E_CACHE") or
             os.path.join(args.build_root, "tests", "x86-e2e", "cache"))
    try:
        release, kdir, fetched = kernels.fetch(cache, KERNEL_META)
    except kernels.Missing as e:
        e2e_common.skip(TIER, f"fetching the kernel: {e}")
    print(f"kernel {release}: {'downloaded' if fetched else 'cached'} in {kdir}")
    policies = [p for p in POLICIES if not args.policies or p[0] in args.policies]
    rows, fails, skipped, jobs = [], [], [], []
    spin = spin_runs(args, cache, fails, skipped) if "bookworm" in args.stacks else []
    for stack in args.stacks:
        trixie_root = None
        if stack == "trixie":
            try:
                trixie_root = fetch_trixie(out)
            except (kernels.Missing, subprocess.CalledProcessError, OSError) as e:
                skipped.append(f"trixie stack: {e}")
                print(f"{TIER}: SKIP part: {skipped[-1]}")
                continue
        mine = [p for p in policies if p[0] in STACK_POLICIES.get(stack, [p[0]])]
        patched = None
        if not args.no_patched:
            try:
                patched, why = build_patched(args, out, stack)
            except RuntimeError as e:
                fails.append(f"{stack}: patched QEMU: {e}")
                why = None
            if why:
                skipped.append(f"{stack} stack's patched QEMU: {why}")
                print(f"{TIER}: SKIP part: {skipped[-1]}")
        jobs.append((stack, trixie_root, mine, [], [], patched, spin if stack == "bookworm" else []))
    # The two L1 boots at once: each is mostly waiting on its L2s.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        list(ex.map(lambda j: run_stack(args, out, kdir, j[2], j[0], j[1], j[3], j[4], j[5], j[6]), jobs))
    for j in jobs:
        rows += j[3]
        fails += j[4]
    tsv = os.path.join(out, "measured.tsv")
    with open(tsv, "w") as f:
        f.write("\t".join(["policy", "qemu", "libvirt", "spelling", "item", "predicted", "observed", "agree"]) + "\n")
        for r in rows:
            f.write("\t".join(str(c) for c in r) + "\n")
    bad = [r for r in rows if r[7] == "no"]
    for r in bad:
        fails.append("disagree: " + " ".join(str(c) for c in r))
    print(f"{TIER}: {len(rows)} rows, {len(bad)} disagree, total {time.monotonic() - t0:.0f} s; table {tsv}")
    for f_ in fails:
        print(f"{TIER}: FAIL: {f_}")
    return e2e_common.verdict(TIER, fails, skipped, "the other stack agreed", name_failed=False)


if __name__ == "__main__":
    sys.exit(main())
