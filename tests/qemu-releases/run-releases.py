#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The library's QEMU release table against the real qemu-system-ppc64 binaries.

For each binary (README.md here): its `-machine help` (the pseries types it
registers, which it marks deprecated, the alias), its `-cpu help` (the POWER
models), and for every pseries type the default level of every cap, read over
QMP (qom-get on /machine) from a started, paused TCG machine (-S), with the
type's default CPU (and, under VCPUCHAR_RELEASES_FULL=1, with each POWER CPU
the release has). Each fact is compared with what the library answers for
that release (vcpuchar_ppc_machine_parse_qemu(), vcpuchar_ppc_machine_deprecated(),
vcpuchar_ppc_qemu_release_get() through ctypes; the caps through the CLI's
`ppc hcall --accel tcg --mode caps`, end to end). Writes measured.tsv
(qemu machine item library observed agree); exit 1 on any disagreement, 77
when a binary could not be had (naming each on the last line, after the
others were checked), 0 only when every release was checked and agrees.
"""
import concurrent.futures
import ctypes
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
# The shared helpers live in the source tree: compile them without writing there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "e2e-common"))
import e2e_common  # noqa: E402
MODELLED = ("cfpc", "sbbc", "ibs", "ccf-assist")
POWER_CPUS = ("power7", "power8", "power9", "power10", "power11")
UNKNOWN = 0xFFFFFFFF

# The binaries (README.md): name, Debian suites, apt -t target, QEMU version.
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


class Qemu:
    """One binary: the machine's own, or an unpacked root run through its own loader."""

    def __init__(self, name, root):
        self.name = name
        self.root = root
        if root is None:
            self.cmd = ["qemu-system-ppc64"]
            self.env = dict(os.environ)
            return
        ld = [p for p in ("usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2", "lib/x86_64-linux-gnu/ld-linux-x86-64.so.2",
                          "lib64/ld-linux-x86-64.so.2") if os.path.exists(os.path.join(root, p))][0]
        libs = ":".join(os.path.join(root, d) for d in ("lib/x86_64-linux-gnu", "usr/lib/x86_64-linux-gnu"))
        self.cmd = [os.path.join(root, ld), "--library-path", libs, os.path.join(root, "usr/bin/qemu-system-ppc64"),
                    "-L", os.path.join(root, "usr/share/qemu")]
        self.env = dict(os.environ, QEMU_MODULE_DIR=os.path.join(root, "usr/lib/x86_64-linux-gnu/qemu"))

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
        except EOFError:
            p.wait()
            return None, p.stderr.read().strip()
        finally:
            p.kill()
            p.wait()
        return out, None


def cpu_family(core):
    m = re.match(r"power(\d+)", core.lower())
    return "power%s" % m.group(1) if m else None


def library_caps(cli, v_text, machine, cpu):
    p = subprocess.run([cli, "ppc", "hcall", "--accel", "tcg", "--mode", "caps", "--machine", machine,
                        "--guest-cpu", cpu, "--qemu-version", v_text, "--json"], capture_output=True, text=True)
    if p.returncode:
        return None
    c = json.loads(p.stdout)["effective_caps"]
    return {"cfpc": c["cfpc"], "sbbc": c["sbbc"], "ibs": c["ibs"], "ccf-assist": c["ccf_assist"]}


def check_binary(q, lib, cli, full, rows, jobs):
    ver_out, _, _ = q.run("--version")
    m = re.search(r"version (\d+\.\d+\.\d+)", ver_out)
    v_text = m.group(1)
    v = lib.version(v_text)
    rel = lib.release(v)
    name = v_text

    def row(machine, item, library, observed, agree=None):
        if agree is None:
            agree = "yes" if library == observed else "no"
        rows.append((name, machine, item, str(library), str(observed), agree))

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
    for t in upstream_types():
        row(t, "registered", "yes" if lib.registers(t, v) else "no", "yes" if t in types else "no")
    unknown_types = sorted(types - set(upstream_types()))
    for t in unknown_types:
        row(t, "registered", "no (type unknown to the library)", "yes")
    newest = "pseries-%d.%d" % (rel.newest_type // 100, rel.newest_type % 100)
    row("pseries", "alias", newest, alias)
    for t in sorted(types & set(upstream_types())):
        d = lib.deprecated(t, v)
        lib_d = {0: "no", 1: "yes", 2: "unknown"}.get(d, "error %d" % d)
        obs = "yes" if t in deprecated else "no"
        row(t, "deprecated", lib_d, obs, "n/a" if d == 2 else None)

    # -cpu help: the POWER models.
    out, _, _ = q.run("-cpu", "help")
    # 7.2 prefixes each line with "PowerPC ".
    models = set(re.findall(r"^\s*(?:PowerPC\s+)?(power\d+\w*)\s", out, re.M | re.I))
    models = {m.lower() for m in models}
    cpus = [c for c in POWER_CPUS if c in models]
    row("-", "cpu power11", "yes" if rel.has_power11 else "no", "yes" if "power11" in models else "no")
    for c in ("power8e", "power8nvl"):
        row("-", "cpu " + c, "n/a", "yes" if c in models else "no", "n/a")

    # Caps of every type: the default CPU always, every POWER CPU in full.
    work = [(t, None) for t in sorted(types & set(upstream_types()))]
    if full:
        work += [(t, c) for t in sorted(types & set(upstream_types())) for c in cpus]

    def measure(item):
        t, cpu = item
        caps, err = q.caps(t, cpu)
        extra = ""
        if caps is None and "htm" in (err or "").lower():
            # 7.2's pseries-2.8 to 2.11 ask for HTM, which TCG lacks (README.md).
            extra = ",cap-htm=off"
            caps, err = q.caps(t, cpu, extra)
        return t, cpu, caps, err, extra

    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(measure, work))
    for t, cpu, caps, err, extra in results:
        where = "%s -cpu %s" % (t, cpu or "(default)")
        if caps is None:
            row(where, "start", "starts", "refused: " + err.splitlines()[-1] if err else "refused")
            continue
        if cpu is None:
            # QEMU's own deprecation warning, word for word in the library's note.
            seen = re.search(r"warning: (Machine type '[^']*' is deprecated[^\n]*)", caps["@stderr"])
            note = ctypes.create_string_buffer(512)
            d = lib.so.vcpuchar_ppc_machine_deprecated(t.encode(), v, note, 512)
            quoted = re.search(r'"([^"]*)"', note.value.decode())
            row(t, "deprecation warning", quoted.group(1) if d == 1 and quoted else "unknown" if d == 2 else "-",
                seen.group(1) if seen else "-", "n/a" if d == 2 else None)
        fam = cpu_family(caps["@cpu"])
        row(where, "cpu", cpu or "-", caps["@cpu"], "n/a")
        lc = library_caps(cli, v_text, t, fam) if fam else None
        for cap in sorted(k for k in caps if not k.startswith("@")):
            obs = caps[cap] + (" (given)" if extra and cap == "htm" else "")
            if cap in MODELLED and lc:
                row(where, "cap-" + cap, lc[cap], obs)
            else:
                row(where, "cap-" + cap, "not modelled", obs, "n/a")
    return name


def main():
    a = e2e_common.runner_args("--build-dir", "--lib", "--cli").parse_args()
    full = os.environ.get("VCPUCHAR_RELEASES_FULL") == "1"
    out_dir = a.build_dir
    cache = os.path.join(out_dir, "cache")
    os.makedirs(cache, exist_ok=True)
    lib = Lib(a.lib)
    rows, skipped, done = [], [], []
    t0 = time.monotonic()
    for name, suites, target in BINARIES:
        if suites is None:
            if subprocess.run(["sh", "-c", "command -v qemu-system-ppc64"], capture_output=True).returncode:
                skipped.append("QEMU %s: qemu-system-ppc64 is not installed (tests/setup-debian.sh)" % name)
                continue
            q = Qemu(name, None)
        else:
            p = subprocess.run([os.path.join(HERE, "fetch-qemu.sh"), cache, name, suites] + ([target] if target else []),
                               capture_output=True, text=True)
            if p.returncode == 77:
                skipped.append(p.stdout.strip() or "QEMU %s: not served" % name)
                continue
            if p.returncode:
                sys.stderr.write(p.stderr)
                raise SystemExit("fetch-qemu.sh %s failed" % name)
            q = Qemu(name, p.stdout.strip())
        t1 = time.monotonic()
        got = check_binary(q, lib, a.cli, full, rows, os.cpu_count() or 1)
        done.append("%s (%s) %.1f s" % (got, name, time.monotonic() - t1))
    with open(os.path.join(out_dir, "measured.tsv"), "w") as f:
        f.write("qemu\tmachine\titem\tlibrary\tobserved\tagree\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    bad = [r for r in rows if r[5] == "no"]
    for s in skipped:
        print("qemu-releases: SKIP " + s)
    for r in bad:
        print("qemu-releases: DIFFERS %s %s %s: library %s, observed %s" % r[:5])
    print("qemu-releases: %d rows, %d agree, %d n/a, %d differ; binaries: %s; %.1f s%s" % (
        len(rows), sum(r[5] == "yes" for r in rows), sum(r[5] == "n/a" for r in rows), len(bad),
        ", ".join(done) or "none", time.monotonic() - t0, " (full)" if full else ""))
    if bad:
        return 1
    # A QEMU that could not be had is named on the last line and skips the
    # tier (77), after the others were checked: never a silent pass.
    if skipped:
        print("qemu-releases: SKIP: %d of %d QEMU releases checked; not run: %s" % (
            len(done), len(done) + len(skipped), "; ".join(skipped)))
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
