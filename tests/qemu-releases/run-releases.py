#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The library's QEMU answers against the real qemu-system-ppc64 binaries.

For each of the four binaries (README.md here), `vcpuchar qemu probe` writes a
QEMU profile (timed). Then this runner reads the binary itself, by its own
code: its `-machine help` (the pseries types it registers, which it marks
deprecated, the alias), its `-cpu help` (the POWER models), and for every
pseries type the default level of every cap, read over QMP (qom-get on
/machine) from a started, paused TCG machine (-S), with the type's default
CPU (and, under VCPUCHAR_RELEASES_FULL=1, with each POWER CPU the release
has). Each fact is compared with two answers of the library: from the
binary's QEMU profile (vcpuchar_ppc_qemu_profile_parse() and
vcpuchar_ppc_qemu_profile_machine() through ctypes; the caps, default CPU,
CPU models and start verdict through the CLI's `ppc hcall --qemu FILE --mode
caps --json`), and from the release table for the same version
(vcpuchar_ppc_machine_parse_qemu(), vcpuchar_ppc_machine_deprecated(),
vcpuchar_ppc_qemu_release_get(); `ppc hcall --qemu-version V`), which must
agree or say unknown. Writes measured.tsv (qemu machine item source library
observed agree) and the profiles (qemu-VERSION.profile); exit 1 on any
disagreement or when a binary cannot be had or probed (naming it), 77 only
when a binary is not cached and the Debian archive does not answer (no
network: nothing here can fetch it), 0 when all four were checked and agree.
"""
import concurrent.futures
import ctypes
import json
import os
import re
import resource
import shlex
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The shared helpers live in the source tree: compile them without writing there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "e2e-common"))
import e2e_common  # noqa: E402
SPECTRE = ("cfpc", "sbbc", "ibs", "ccf-assist")
POWER_CPUS = ("power7", "power8", "power9", "power10", "power11")
UNKNOWN = 0xFFFFFFFF

# The binaries (README.md): name, Debian suites, apt -t target.
BINARIES = [
    ("7.2", None, None),
    ("10.0.2", "bookworm,bookworm-backports", "bookworm-backports"),
    ("10.0.13", "trixie", None),
    ("11.1.3", "sid", None),
]


class Release(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint32) for n in (
        "size", "answered", "oldest_type", "newest_type", "has_sxxm", "deprecated_upto",
        "sbbc_broken_p8", "fixed_na_aborts", "has_power11")]


class Machine(ctypes.Structure):
    """struct vcpuchar_ppc_qemu_machine (1.3)."""
    _fields_ = [("size", ctypes.c_uint32), ("machine", ctypes.c_uint32), ("default_cpu", ctypes.c_uint32),
                ("deprecated", ctypes.c_uint32), ("name", ctypes.c_char_p)]


def upstream_types():
    """Every pseries type upstream QEMU had (lib/ppc.md#machine-defaults)."""
    out = ["pseries-2.%d" % m for m in range(1, 13)] + ["pseries-2.12-sxxm", "pseries-3.0", "pseries-3.1"]
    out += ["pseries-%d.%d" % (M, m) for M in range(4, 11) for m in range(3)]
    return out + ["pseries-11.0", "pseries-11.1"]


class Lib:
    def __init__(self, path):
        self.so = ctypes.CDLL(path)
        for f in ("vcpuchar_ppc_machine_parse_qemu", "vcpuchar_ppc_machine_deprecated",
                  "vcpuchar_ppc_qemu_version_parse", "vcpuchar_ppc_qemu_release_get"):
            getattr(self.so, f).restype = ctypes.c_int
        self.so.vcpuchar_ppc_qemu_profile_parse.argtypes = [
            ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p, ctypes.c_size_t]
        self.so.vcpuchar_ppc_qemu_profile_parse.restype = ctypes.c_int
        self.so.vcpuchar_ppc_qemu_profile_machine.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(Machine), ctypes.c_char_p, ctypes.c_size_t]
        self.so.vcpuchar_ppc_qemu_profile_machine.restype = ctypes.c_int
        self.so.vcpuchar_ppc_qemu_profile_version.argtypes = [ctypes.c_void_p]
        self.so.vcpuchar_ppc_qemu_profile_version.restype = ctypes.c_uint32
        self.so.vcpuchar_ppc_qemu_profile_free.argtypes = [ctypes.c_void_p]
        self.so.vcpuchar_ppc_qemu_profile_free.restype = None

    def version(self, text):
        v = ctypes.c_uint32()
        if self.so.vcpuchar_ppc_qemu_version_parse(text.encode(), ctypes.byref(v), None, 0):
            raise SystemExit("the library refuses QEMU version %s" % text)
        return v.value

    def registers(self, name, v):
        m = ctypes.c_uint32()
        return self.so.vcpuchar_ppc_machine_parse_qemu(name.encode(), v, ctypes.byref(m), None, 0) == 0

    def deprecated(self, name, v):
        return self.so.vcpuchar_ppc_machine_deprecated(name.encode(), v, None, 0)

    def release(self, v):
        r = Release(size=ctypes.sizeof(Release))
        if self.so.vcpuchar_ppc_qemu_release_get(v, ctypes.byref(r)):
            raise SystemExit("vcpuchar_ppc_qemu_release_get(%d) failed" % v)
        return r

    def profile(self, path):
        """A parsed QEMU profile (free it with profile_free()), or None and the library's error."""
        with open(path, "rb") as f:
            data = f.read()
        h = ctypes.c_void_p()
        err = ctypes.create_string_buffer(1024)
        if self.so.vcpuchar_ppc_qemu_profile_parse(data, len(data), ctypes.byref(h), err, len(err)):
            return None, err.value.decode(errors="replace")
        return h, None

    def profile_free(self, h):
        self.so.vcpuchar_ppc_qemu_profile_free(h)

    def profile_version(self, h):
        return self.so.vcpuchar_ppc_qemu_profile_version(h)

    def profile_machine(self, h, name):
        """The profile's machine type @name (struct vcpuchar_ppc_qemu_machine), None when it has none."""
        m = Machine(size=ctypes.sizeof(Machine))
        if self.so.vcpuchar_ppc_qemu_profile_machine(h, name.encode(), ctypes.byref(m), None, 0):
            return None
        return m


class Qemu:
    """One binary: the machine's own, or an unpacked root run through its own
    loader by a wrapper script (cache/qemu-system-ppc64-NAME), which the probe
    and this runner both start."""

    def __init__(self, name, root, cache):
        self.name = name
        self.root = root
        self.env = dict(os.environ)
        if root is None:
            self.binary = shutil.which("qemu-system-ppc64")
            self.cmd = [self.binary]
            return
        ld = [p for p in ("usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
                          "lib64/ld-linux-x86-64.so.2") if os.path.exists(os.path.join(root, p))][0]
        libs = ":".join(os.path.join(root, d) for d in ("lib/x86_64-linux-gnu", "usr/lib/x86_64-linux-gnu"))
        self.binary = os.path.join(cache, "qemu-system-ppc64-" + name)
        text = ("#!/bin/sh\n# QEMU %s unpacked by fetch-qemu.sh: its own loader, libraries, modules and firmware.\n"
                "QEMU_MODULE_DIR=%s\nexport QEMU_MODULE_DIR\nexec %s --library-path %s %s -L %s \"$@\"\n") % (
            name, shlex.quote(os.path.join(root, "usr/lib/x86_64-linux-gnu/qemu")), shlex.quote(os.path.join(root, ld)),
            shlex.quote(libs), shlex.quote(os.path.join(root, "usr/bin/qemu-system-ppc64")),
            shlex.quote(os.path.join(root, "usr/share/qemu")))
        with open(self.binary + ".tmp", "w") as f:
            f.write(text)
        os.chmod(self.binary + ".tmp", 0o755)
        os.replace(self.binary + ".tmp", self.binary)
        self.cmd = [self.binary]

    def run(self, *args):
        p = subprocess.run(self.cmd + list(args), env=self.env, capture_output=True, text=True, timeout=60)
        return p.stdout, p.stderr, p.returncode

    def caps(self, machine, cpu, extra=""):
        """Start paused under TCG; every cap-* of /machine and the CPU core type, or (None, error)."""
        args = ["-machine", "%s,accel=tcg%s" % (machine, extra), "-S", "-nodefaults", "-display", "none",
                "-qmp", "stdio", "-m", "256"]
        if cpu:
            args += ["-cpu", cpu]
        p = subprocess.Popen(self.cmd + args, env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        cmds = [{"execute": "qmp_capabilities"}, {"execute": "qom-list", "arguments": {"path": "/machine"}},
                {"execute": "query-hotpluggable-cpus"}]
        out = {}
        try:
            if not p.stdout.readline():  # the greeting, or EOF when the start failed
                return None, p.stderr.read().strip()
            replies = []

            def ask(cmd):
                p.stdin.write(json.dumps(cmd) + "\n")
                p.stdin.flush()
                while True:
                    line = p.stdout.readline()
                    if not line:  # QEMU exited: a start it refused
                        raise EOFError
                    r = json.loads(line)
                    if "event" not in r:
                        return r

            replies = [ask(c) for c in cmds]
            names = sorted(x["name"] for x in replies[1]["return"] if x["name"].startswith("cap-"))
            for n in names:
                r = ask({"execute": "qom-get", "arguments": {"path": "/machine", "property": n}})
                v = r.get("return")
                out[n[4:]] = {True: "on", False: "off"}.get(v, v) if isinstance(v, bool) else str(v)
            if "return" in replies[2]:
                core = replies[2]["return"][0]["type"]
            else:  # types without CPU hotplug (2.6 and older): the first thread's core
                path = ask({"execute": "query-cpus-fast"})["return"][0]["qom-path"].rsplit("/", 1)[0]
                core = ask({"execute": "qom-get", "arguments": {"path": path, "property": "type"}})["return"]
            out["@cpu"] = core.replace("-spapr-cpu-core", "")
            ask({"execute": "quit"})
            p.wait()
            out["@stderr"] = p.stderr.read()
        except (EOFError, BrokenPipeError):
            # QEMU exited: before a reply, or before the harness wrote its next command.
            p.wait()
            return None, p.stderr.read().strip()
        finally:
            p.kill()
            p.wait()
        return out, None


def cpu_family(core):
    m = re.match(r"power(\d+)", core.lower())
    return "power%s" % m.group(1) if m else None


def library_answer(cli, target, machine, cpu):
    """The library's answer for one type (and CPU, or None for the type's default) under
    TCG, through `ppc hcall --mode caps --json`: from a QEMU profile (@target
    ["--qemu", FILE]) or from the release table (["--qemu-version", V]). A dict:
    "@cpu" the guest CPU it answered for, "@start" its start verdict ("starts",
    "starts with cap-X=Y,...", "unknown"), and each cap it answers for in QEMU's
    qom-get spelling: the four Spectre caps' effective levels (caps mode: the
    type's defaults), the start entries' levels (on/off; a page size in bytes),
    "unknown" where it knows none, "absent" where it says the release has no
    such cap. With `machine_caps` in the JSON (every cap of the type), each cap's
    "default" fills the caps the rest does not answer. None and why when it
    refuses."""
    args = [cli, "ppc", "hcall", "--accel", "tcg", "--mode", "caps", "--machine", machine, "--json"] + target
    if cpu:
        args += ["--guest-cpu", cpu]
    p = subprocess.run(args, capture_output=True, text=True)
    # 1: the answer is no (a start QEMU refuses), its JSON still printed; 2: refused, no JSON.
    if p.returncode not in (0, 1) or not p.stdout:
        return None, (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1]
    j = json.loads(p.stdout)
    out = {"@cpu": j.get("guest_cpu")}
    for k, v in j["effective_caps"].items():
        out[k.replace("_", "-")] = v
    paste, unknown = [], False
    for e in j["start"]["caps"]:
        name = e["cap"]
        if e["verdict"] == "refused":
            paste.append(e["fix"])
        unknown = unknown or e["verdict"] == "unknown"
        if name in SPECTRE:
            continue
        if e["verdict"] == "unknown":
            out[name] = "unknown"
        elif re.search(r"has no cap-%s\b" % re.escape(name), e["reason"]):
            out[name] = "absent"
        elif name == "hpt-max-page-size":
            # 0: QEMU computes it at start (pseries-2.12 and older), from the host's pages.
            out[name] = str(1 << e["level"]) if e["level"] else "unknown"
        else:
            out[name] = "on" if e["level"] else "off"
    out["@start"] = "starts with " + ",".join(paste) if paste else "unknown" if unknown else "starts"
    mc = j.get("machine_caps")
    items = mc.items() if isinstance(mc, dict) else [(x.get("cap", x.get("name")), x) for x in mc or []]
    for name, x in items:
        if isinstance(x, dict) and "default" in x and out.get(name, "unknown") == "unknown":
            out[name] = str(x["default"])
    return out, None


def compare(row, where, src, lib, obs_caps, obs_start):
    """Rows for one started type: each cap QEMU has, and each cap the library
    answers for that QEMU lacks, then the start verdict; @lib from
    library_answer()."""
    ans, why = lib
    if ans is None:
        row(where, "answer", src, "refused: " + why, "starts" if obs_caps else obs_start)
        return
    for cap in sorted(k for k in obs_caps if not k.startswith("@")):
        v = ans.get(cap)
        if v is None:
            row(where, "cap-" + cap, src, "not modelled", obs_caps[cap], "n/a")
        else:
            row(where, "cap-" + cap, src, v, obs_caps[cap], "n/a" if v == "unknown" else None)
    for cap in sorted(k for k in ans if not k.startswith("@") and k not in obs_caps):
        if obs_caps:
            row(where, "cap-" + cap, src, ans[cap], "absent", "n/a" if ans[cap] == "unknown" else None)
    row(where, "start", src, ans["@start"], obs_start, "n/a" if ans["@start"] == "unknown" else None)


def check_binary(q, lib, cli, full, rows, jobs, profile, handle):
    """Every row of one binary; @profile its QEMU profile's path, @handle the library's parse of it."""
    ver_out, _, _ = q.run("--version")
    m = re.search(r"version (\d+\.\d+\.\d+)", ver_out)
    v_text = m.group(1)
    v = lib.version(v_text)
    rel = lib.release(v)
    name = v_text

    def row(machine, item, source, library, observed, agree=None):
        if agree is None:
            agree = "yes" if library == observed else "no"
        rows.append((name, machine, item, source, str(library), str(observed), agree))

    row("-", "version", "profile", "%d.%d.%d" % divmod_version(lib.profile_version(handle)), v_text)

    # -machine help: the pseries types, deprecated marks, the alias.
    out, _, _ = q.run("-machine", "help")
    types, deprecated, alias = set(), set(), None
    for line in out.splitlines():
        f = line.split()
        if not f or not f[0].startswith("pseries"):
            continue
        if f[0] == "pseries":
            a = re.search(r"alias of (\S+)\)", line)
            alias = a.group(1) if a else None
            continue
        types.add(f[0])
        if "(deprecated)" in line:
            deprecated.add(f[0])
    unknown_types = sorted(types - set(upstream_types()))
    pm = {t: lib.profile_machine(handle, t) for t in upstream_types() + unknown_types}
    for t in upstream_types():
        obs = "yes" if t in types else "no"
        row(t, "registered", "table", "yes" if lib.registers(t, v) else "no", obs)
        row(t, "registered", "profile", "yes" if pm[t] else "no", obs)
    for t in unknown_types:
        row(t, "registered", "table", "no (type unknown to the library)", "yes")
        row(t, "registered", "profile", "yes" if pm[t] else "no", "yes")
    newest = "pseries-%d.%d" % (rel.newest_type // 100, rel.newest_type % 100)
    row("pseries", "alias", "table", newest, alias)
    pa = lib.profile_machine(handle, "pseries")
    row("pseries", "alias", "profile", pa.name.decode() if pa else "none", alias)
    for t in sorted(types):
        obs = "yes" if t in deprecated else "no"
        if t in upstream_types():
            d = lib.deprecated(t, v)
            row(t, "deprecated", "table", {0: "no", 1: "yes", 2: "unknown"}.get(d, "error %d" % d), obs,
                "n/a" if d == 2 else None)
        d = pm[t].deprecated if pm[t] else -1
        row(t, "deprecated", "profile", {0: "no", 1: "yes", 2: "unknown"}.get(d, "no such type"), obs,
            "n/a" if d == 2 else None)

    # -cpu help: the POWER models.
    out, _, _ = q.run("-cpu", "help")
    # 7.2 prefixes each line with "PowerPC ".
    models = set(re.findall(r"^\s*(?:PowerPC\s+)?(power\d+\w*)\s", out, re.M | re.I))
    models = {m.lower() for m in models}
    cpus = [c for c in POWER_CPUS if c in models]
    row("-", "cpu power11", "table", "yes" if rel.has_power11 else "no", "yes" if "power11" in models else "no")
    for c in POWER_CPUS:
        # The library refuses a guest CPU family the profiled binary has no model of.
        ans, _ = library_answer(cli, ["--qemu", profile], "pseries", c)
        row("-", "cpu " + c, "profile", "yes" if ans else "no", "yes" if c in models else "no")
    for c in ("power8e", "power8nvl"):
        row("-", "cpu " + c, "table", "n/a", "yes" if c in models else "no", "n/a")

    # Caps of every type: the default CPU always, every POWER CPU in full.
    work = [(t, None) for t in sorted(types)]
    if full:
        work += [(t, c) for t in sorted(types) for c in cpus]

    def measure(item):
        t, cpu = item
        caps, err = q.caps(t, cpu)
        extra = ""
        if caps is None and "htm" in (err or "").lower():
            # 7.2's pseries-2.8 to 2.11 ask for HTM, which TCG lacks (README.md).
            extra = ",cap-htm=off"
            caps, err = q.caps(t, cpu, extra)
            if caps is not None:
                caps["htm"] = "on"  # the default, which QEMU refused: read the rest with it off
        fam = cpu_family(caps["@cpu"]) if caps else cpu
        # The profile answers for the type's own default CPU (cpu None); the table for the
        # family QEMU started, and without a CPU for its own default ("table default").
        answers = {"profile": library_answer(cli, ["--qemu", profile], t, cpu)}
        if t in upstream_types():
            answers["table"] = library_answer(cli, ["--qemu-version", v_text], t, fam)
            if cpu is None:
                answers["table default"] = library_answer(cli, ["--qemu-version", v_text], t, None)
        return t, cpu, caps, err, extra, answers

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(measure, work))
    for t, cpu, caps, err, extra, answers in results:
        where = "%s -cpu %s" % (t, cpu or "(default)")
        if caps is None:
            obs_start = "refused: " + err.splitlines()[-1] if err else "refused"
        else:
            obs_start = "starts with cap-htm=off" if extra else "starts"
        if caps is not None and cpu is None and t in upstream_types():
            # QEMU's own deprecation warning, word for word in the library's note.
            seen = re.search(r"warning: (Machine type '[^']*' is deprecated[^\n]*)", caps["@stderr"])
            note = ctypes.create_string_buffer(512)
            d = lib.so.vcpuchar_ppc_machine_deprecated(t.encode(), v, note, 512)
            quoted = re.search(r'"([^"]*)"', note.value.decode())
            row(t, "deprecation warning", "table",
                quoted.group(1) if d == 1 and quoted else "unknown" if d == 2 else "-",
                seen.group(1) if seen else "-", "n/a" if d == 2 else None)
        obs_caps = {k: v for k, v in (caps or {}).items() if not k.startswith("@")}
        if caps is not None:
            fam = cpu_family(caps["@cpu"])
            ans = answers["profile"][0]
            row(where, "cpu", "profile", ans["@cpu"] if ans else "-", fam or caps["@cpu"])
            if cpu is None and pm.get(t):
                dc = pm[t].default_cpu
                row(t, "default cpu", "profile", "power%d" % dc if dc else "none", fam or caps["@cpu"])
            if cpu is None and t in upstream_types():
                # The table's default CPU of the type under TCG, no CPU given
                # (lib/ppc.md#tcg-default-cpu); its caps above are asked for QEMU's family.
                dc = answers["table default"][0]
                row(t, "default cpu", "table", dc["@cpu"] if dc else "-", fam or caps["@cpu"])
        for src in ("profile", "table"):
            if src in answers:
                compare(row, where, src, answers[src], obs_caps, obs_start)
    return name


def divmod_version(v):
    """VCPUCHAR_PPC_QEMU_VERSION(major, minor, micro) apart."""
    return v // 10000, v // 100 % 100, v % 100


def obtain(name, suites, target, cache):
    """One binary: (Qemu, None, False), or (None, why, offline): offline when only the
    archive's silence (no network, nothing cached) kept it from this machine."""
    if suites is None:
        if not shutil.which("qemu-system-ppc64"):
            return None, "qemu-system-ppc64 is not installed (tests/setup-debian.sh installs Debian 12's)", False
        return Qemu(name, None, cache), None, False
    p = subprocess.run([os.path.join(HERE, "fetch-qemu.sh"), cache, name, suites] + ([target] if target else []),
                       capture_output=True, text=True)
    if p.returncode == 0:
        return Qemu(name, p.stdout.strip(), cache), None, False
    why = p.stdout.strip() or (p.stderr.strip().splitlines() or ["fetch-qemu.sh exit %d" % p.returncode])[-1]
    return None, why, p.returncode == 77


def probe(cli, q, path):
    """`vcpuchar qemu probe` of @q saved to @path: (seconds, CPU seconds, None), or why last."""
    if os.path.exists(path):
        os.unlink(path)
    t, r = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([cli, "qemu", "probe", "--binary", q.binary, "--save", path], capture_output=True, text=True,
                       timeout=900)
    s, r2 = time.monotonic() - t, resource.getrusage(resource.RUSAGE_CHILDREN)
    # Nothing else runs meanwhile: the children's CPU time is the probe's and its QEMUs'.
    cpu = r2.ru_utime + r2.ru_stime - r.ru_utime - r.ru_stime
    if p.returncode:
        return s, cpu, "vcpuchar qemu probe exit %d: %s" % (p.returncode, p.stderr.strip())
    return s, cpu, None


def main():
    a = e2e_common.runner_args("--build-dir", "--lib", "--cli").parse_args()
    full = os.environ.get("VCPUCHAR_RELEASES_FULL") == "1"
    out_dir = a.build_dir
    cache = os.path.join(out_dir, "cache")
    os.makedirs(cache, exist_ok=True)
    lib = Lib(a.lib)
    rows, failed, offline, done = [], [], [], []
    t0 = time.monotonic()
    for name, suites, target in BINARIES:
        label = "QEMU %s (%s)" % (name, suites or "the machine's own")
        q, why, off = obtain(name, suites, target, cache)
        if q is None:
            (offline if off else failed).append("%s cannot be had: %s" % (label, why))
            continue
        path = os.path.join(out_dir, "qemu-%s.profile" % name)
        secs, cpu, why = probe(a.cli, q, path)
        if why:
            failed.append("%s (%s): the probe failed after %.1f s: %s" % (label, q.binary, secs, why))
            continue
        handle, why = lib.profile(path)
        if handle is None:
            failed.append("%s: the library refuses its profile %s: %s" % (label, path, why))
            continue
        with open(path) as f:
            instances = 1 + sum(line.startswith("[caps ") for line in f)
        t1 = time.monotonic()
        n = len(rows)
        try:
            got = check_binary(q, lib, a.cli, full, rows, os.cpu_count() or 1, path, handle)
        finally:
            lib.profile_free(handle)
        done.append("%s: probe %.1f s (%.1f s CPU, %d QEMU instances), check %.1f s, %d rows" % (
            got, secs, cpu, instances, time.monotonic() - t1, len(rows) - n))
    with open(os.path.join(out_dir, "measured.tsv"), "w") as f:
        f.write("qemu\tmachine\titem\tsource\tlibrary\tobserved\tagree\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    bad = [r for r in rows if r[6] == "no"]
    for d in done:
        print("qemu-releases: " + d)
    for r in bad:
        print("qemu-releases: DIFFERS %s %s %s (%s): library %s, observed %s" % r[:6])
    for s in failed:
        print("qemu-releases: FAIL: " + s)
    print("qemu-releases: %d rows, %d agree, %d n/a, %d differ; %d of %d binaries checked; %.1f s%s" % (
        len(rows), sum(r[6] == "yes" for r in rows), sum(r[6] == "n/a" for r in rows), len(bad), len(done),
        len(BINARIES), time.monotonic() - t0, " (full)" if full else ""))
    if bad or failed:
        return 1
    # Only a binary the machine cannot fetch (the archive does not answer and nothing is
    # cached) skips the tier, named on the last line: never a silent pass.
    if offline:
        print("qemu-releases: SKIP: %d of %d QEMU binaries checked; no network to fetch the others: %s" % (
            len(done), len(BINARIES), "; ".join(offline)))
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
