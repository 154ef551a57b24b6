# SPDX-License-Identifier: LGPL-2.1-or-later
"""What the emulated-host tiers (tests/ppc-e2e, tests/ppc-nested-e2e,
tests/x86-*) share: packing an initramfs and copying programs with their
libraries into it, booting QEMU with a timeout that kills it by its pid (two
boots at a time), and reading what the guest printed on its console:

  E2E: <check>: PASS|FAIL|INFO: ...   (tests/e2e-common/report.h)
  E2E-DONE: pass=N fail=M             (tests/e2e-common/init-util.c)
  E2E-SUMMARY: ...                    (tests/ppc-e2e/init.c)
  E2E-FACT: <key>=<value>             (tests/x86-e2e/init.c)
  E2E-OUT: <step>: <a line the command printed>
  E2E-RUN: <step>: exit=<n> | timeout=<s> | signal=<n> | exec failed: ...

parse_boot() reads them all; scan() walks the console lines for a tier's own
markers (the nested tier's "N: ..." lines, the guest tier's L1 and L2 lines).
test_e2e_common.py here runs both on recorded console output."""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

LINE = re.compile(r"E2E: ([^:]+): (PASS|FAIL|INFO): (.*)")
DONE = re.compile(r"E2E-DONE: pass=(\d+) fail=(\d+)")
SUMMARY = re.compile(r"E2E-SUMMARY: (.*)")
FACT = re.compile(r"E2E-FACT: ([^=]+)=(.*)")
OUT = re.compile(r"E2E-OUT: ([^:]+): ?(.*)")
RUN = re.compile(r"E2E-RUN: ([^:]+): (.*)")
EXIT = re.compile(r"exit=(\d+)")
PANIC = re.compile(r"Kernel panic - (.*)")


def skip(tier, msg):
    print(f"{tier}: SKIP: {msg}")
    sys.exit(77)


def pack_cpio(root, out):
    """A newc cpio of everything under @root (directories first, as cpio -o wants)."""
    names = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        rel = os.path.relpath(d, root)
        if rel != ".":
            names.append(rel)
        names += [os.path.join(rel, f) if rel != "." else f for f in sorted(files)]
    with open(out, "wb") as f:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], input=("\n".join(names) + "\n").encode(),
                       stdout=f, cwd=root, check=True)
    return out


def boot(cmd, timeout, log):
    """Runs QEMU @cmd; after @timeout seconds kills it by its pid. Returns
    (console output, exit status or -1 on timeout, seconds). The command and
    output go to @log."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        p.kill()
        out, _ = p.communicate()
        out += f"\n[timeout: QEMU pid {p.pid} killed after {timeout} s]\n".encode()
        rc = -1
    secs = time.monotonic() - t0
    out = out.decode(errors="replace")
    with open(log, "w") as f:
        f.write(" ".join(cmd) + "\n\n" + out)
    return out, rc, secs


def console_lines(out):
    """The lines of a console's output, carriage returns dropped."""
    return [line.rstrip("\r") for line in out.splitlines()]


def scan(out, rules):
    """For each console line, calls fn(match) of the first (regex, fn) of
    @rules whose regex matches somewhere in the line."""
    for line in console_lines(out):
        for rx, fn in rules:
            m = rx.search(line)
            if m:
                fn(m)
                break


def result_lines(out):
    """(E2E check lines as (check, PASS|FAIL|INFO, text), (pass, fail) of E2E-DONE or None)."""
    lines, done = [], None
    for line in console_lines(out):
        m = LINE.search(line)
        if m:
            lines.append(m.groups())
        m = DONE.search(line)
        if m:
            done = (int(m.group(1)), int(m.group(2)))
    return lines, done


class Result:
    """One step /init ran: the lines it printed (E2E-OUT), how it ended
    (E2E-RUN) and its exit status (None unless it exited)."""

    def __init__(self, name):
        self.name, self.lines, self.rc, self.status = name, [], None, "never ran"

    @property
    def text(self):
        return "\n".join(self.lines) + "\n"


class BootOutput:
    """What parse_boot() read: lines and done as result_lines() gives them,
    facts {key: value}, steps {name: Result} and the last E2E-SUMMARY text."""

    def __init__(self):
        self.lines, self.done, self.facts, self.steps, self.summary = [], None, {}, {}, ""


def parse_boot(out):
    """Every E2E marker of a console's output (the module's docstring)."""
    b = BootOutput()
    b.lines, b.done = result_lines(out)

    def fact(m):
        b.facts[m.group(1)] = m.group(2)

    def out_line(m):
        r = b.steps.setdefault(m.group(1), Result(m.group(1)))
        r.lines.append(m.group(2))
        if r.rc is None:
            r.status = "started, never finished"

    def run(m):
        r = b.steps.setdefault(m.group(1), Result(m.group(1)))
        r.status = m.group(2)
        e = EXIT.match(m.group(2))
        r.rc = int(e.group(1)) if e else None

    def summary(m):
        b.summary = m.group(1)

    scan(out, [(FACT, fact), (OUT, out_line), (RUN, run), (SUMMARY, summary)])
    return b


def boot_failure(out, rc, b, timeout):
    """Why a boot that parse_boot() read as @b did not end as it should, or
    None: QEMU killed after @timeout seconds (@rc -1), naming the step that
    was running, or no E2E-DONE, naming a kernel panic."""
    if rc == -1:
        running = [n for n, r in b.steps.items() if r.status == "started, never finished"]
        return (f"no power-off within {timeout} s: QEMU killed"
                + (f" while step {running[-1]} ran" if running else "") + " (see the log)")
    if b.done is None:
        panic = PANIC.search(out)
        return ("the guest never printed E2E-DONE" +
                (f": kernel panic: {panic.group(1).strip()}" if panic else "") + " (see the log)")
    return None


def copy_into(root, path, src=None):
    """Copy @src (default @path, links followed) to @path inside the image tree @root."""
    dest = os.path.join(root, path.lstrip("/"))
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    shutil.copy2(os.path.realpath(src or path), dest)


def shared_libs(exe):
    """Every library ldd resolves for @exe, as the paths the loader asks for."""
    # ldd fails on a static executable (a static busybox): no libraries then.
    out = subprocess.run(["ldd", exe], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    return re.findall(r"=> (/\S+)", out) + re.findall(r"^\s*(/\S+) \(", out, re.M)


def jobs():
    """VCPUCHAR_E2E_JOBS, 1 or 2 (default 2): two TCG boots fill two cores, more slow each other down."""
    return max(1, min(2, int(os.environ.get("VCPUCHAR_E2E_JOBS", "2"))))


def run_parallel(fn, items):
    """fn(item) for every item, jobs() at once; the results in order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as ex:
        return list(ex.map(fn, items))
