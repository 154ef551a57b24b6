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
import argparse
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


def runner_args(*required):
    """A runner's argument parser with each of @required (the x86 tiers'
    --source-dir, --build-root, --out when none are named) as a required option."""
    ap = argparse.ArgumentParser()
    for opt in required or ("--source-dir", "--build-root", "--out"):
        ap.add_argument(opt, required=True)
    return ap


def need_tools(tier, tools, setup):
    """A SKIP naming each of @tools that is not on PATH (@setup installs them)."""
    missing = [t for t in tools if not shutil.which(t)]
    if missing:
        skip(tier, "missing " + ", ".join(missing) + f" (run {setup} as root)")


def verdict(tier, failed, left_out=(), why_rest="", name_failed=True):
    """A runner's exit status: 1 when anything @failed (naming the failed
    ones unless the runner did, @name_failed false); else a SKIP naming what
    was @left_out while the rest passed (@why_rest says so); else 0."""
    if failed:
        if name_failed:
            print(f"{tier}: failed: " + ", ".join(failed))
        return 1
    if left_out:
        skip(tier, "; ".join(left_out) + f" ({why_rest})")
    return 0


def pack_cpio(root, out, dir_links=False):
    """A newc cpio of everything under @root (directories first, as cpio -o
    wants). With @dir_links, symbolic links to directories too (a merged
    /usr's /lib64 -> usr/lib64 holds the dynamic loader), which os.walk
    lists but never enters."""
    names = []
    for d, dirs, files in os.walk(root):
        dirs.sort()
        rel = os.path.relpath(d, root)
        here = lambda n: os.path.join(rel, n) if rel != "." else n  # noqa: E731
        if rel != ".":
            names.append(rel)
        if dir_links:
            names += [here(n) for n in dirs if os.path.islink(os.path.join(d, n))]
        names += [here(f) for f in sorted(files)]
    with open(out, "wb") as f:
        subprocess.run(["cpio", "-o", "-H", "newc", "--quiet"], input=("\n".join(names) + "\n").encode(),
                       stdout=f, cwd=root, check=True)
    return out


def boot(cmd, timeout, log):
    """Runs QEMU @cmd with its console written to @log as it comes (after
    the command and a blank line, to follow a long run); after @timeout
    seconds kills it by its pid. Returns (console output, exit status or -1
    on timeout, seconds)."""
    t0 = time.monotonic()
    with open(log, "wb") as f:
        f.write((" ".join(cmd) + "\n\n").encode())
        f.flush()
        start = f.tell()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT)
        try:
            rc = p.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
            f.write(f"\n[timeout: QEMU pid {p.pid} killed after {timeout} s]\n".encode())
            rc = -1
    secs = time.monotonic() - t0
    with open(log, "rb") as f:
        f.seek(start)
        return f.read().decode(errors="replace"), rc, secs


def console_lines(out):
    """The lines of a console's output, carriage returns dropped."""
    return [line.rstrip("\r") for line in out.splitlines()]


def scan(out, rules):
    """For each console line, calls fn(match) of the first (regex, fn) of
    @rules whose regex (compiled or a pattern string) matches somewhere in the line."""
    for line in console_lines(out):
        for rx, fn in rules:
            m = re.search(rx, line)
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


def boot_and_read(b, cmd, timeout, logdir):
    """Boots @cmd for @b (a tier's Boot: name, plan) and reads the console:
    sets rc, secs, done, facts, steps, and checks to the guest's own PASS/FAIL
    lines plus "boot" when it did not end as it should (boot_failure())."""
    out, b.rc, b.secs = boot(cmd, timeout, os.path.join(logdir, b.name + ".log"))
    parsed = parse_boot(out)
    b.done, b.facts, b.steps = parsed.done, parsed.facts, parsed.steps
    b.checks = [(f"guest {c}", k == "PASS", t) for c, k, t in parsed.lines if k != "INFO"]
    why = boot_failure(out, b.rc, parsed, timeout)
    if why:
        b.checks.append(("boot", False, why))


def judge_plan(boot, not_run):
    """Appends to @boot.checks each plan step's checks (step.check(result, boot));
    a step without an exit status fails with its status, or @not_run(boot)
    when /init never started it."""
    for s in boot.plan:
        r = boot.steps.get(s.name)
        if r is None or r.rc is None:
            status = r.status if r else not_run(boot)
            status = re.sub(r"^timeout=(\d+)$", r"killed by /init after its \1 s timeout", status)
            boot.checks.append((s.name, False, status))
            continue
        try:
            for c, ok, text in s.check(r, boot):
                boot.checks.append((f"{s.name} {c}", ok, text))
        except (KeyError, ValueError, TypeError) as e:
            boot.checks.append((s.name, False, f"cannot judge the output: {type(e).__name__} {e}"))


def log_dir(out):
    """@out/logs, made."""
    path = os.path.join(out, "logs")
    os.makedirs(path, exist_ok=True)
    return path


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
