#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The built man page vcpuchar.1 against the vcpuchar command.

The page is built by scdoc from examples/vcpuchar/vcpuchar.1.scd; this reads
scdoc's output: a section is '.SH NAME', a subsection '.SS NAME', an option's
definition a line starting with the bold option followed by '.RS 4' (its
indented text), a SYNOPSIS command a line starting with the bold
'vcpuchar COMMAND', ended by '.br'.

Every command the top-level --help lists has a section in the man page and
the other way round; each command's options in its --help, in its man
section and in the SYNOPSIS are the same set, and README.md's synopsis
agrees; every JSON key the command
prints is named in its own subsection of JSON KEYS. Usage: test-vcpuchar-man.py CLI MANPAGE SRCDIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

cli, manpage, srcdir = sys.argv[1:4]
problems = []


def run(*args, status=0):
    r = subprocess.run([cli, *args], capture_output=True, text=True)
    if r.returncode != status:
        problems.append(f"vcpuchar {' '.join(args)}: exit {r.returncode}, want {status}: {r.stderr.strip()}")
    return r.stdout


def plain(line):
    """A roff text line without font changes and escapes: '\\fB\\-\\-json\\fR' -> '--json'."""
    line = re.sub(r"\\f[BIRP]", "", line).replace("\\-", "-").replace("\\&", "")
    return line.replace("\\(aq", "'").replace("\\*(Aq", "'")


def option(text):
    """The option a definition line starts with ('--guest-cpu CPU' -> '--guest-cpu'), or None."""
    m = re.match(r"(--[a-z0-9][a-z0-9-]*)(?:\s|$)", text)
    return m.group(1) if m else None


with open(manpage, encoding="utf-8") as f:
    lines = f.read().splitlines()


def section(name):
    """Lines of '.SH NAME' up to the next .SH."""
    out, inside = [], False
    for line in lines:
        if line.startswith(".SH "):
            inside = line[4:].strip().strip('"') == name
            continue
        if inside:
            out.append(line)
    return out


# Options defined in each command's section: a line starting with the option, then '.RS 4'.
man_opts = {}
current = None
body = section("COMMANDS")
for i, line in enumerate(body):
    m = re.fullmatch(r'\.SS "?vcpuchar (.+?)"?', line)
    if m:
        current = m.group(1)
        man_opts[current] = set()
    elif current and not line.startswith(".") and i + 1 < len(body) and body[i + 1] == ".RS 4":
        opt = option(plain(line))
        if opt:
            man_opts[current].add(opt)

# Options in the SYNOPSIS, per command (a command starts at a bold 'vcpuchar ...', ends at .br).
syn_opts, current = {}, None
for line in section("SYNOPSIS"):
    m = re.match(r"\\fBvcpuchar ([a-z0-9 -]+?)\\fR", line)
    if m:
        current = m.group(1)
        syn_opts[current] = set()
        line = line[m.end():]
    if line in (".br", ".P"):
        current = None
    elif current:
        syn_opts[current] |= set(re.findall(r"--[a-z0-9][a-z0-9-]*", plain(line)))

# README.md's synopsis block: per command the same options as the man page's SYNOPSIS (all
# of its forms together), fewer only where the line ends in "..." (abridged).
readme_opts, abridged, current = {}, set(), None
with open(os.path.join(srcdir, "README.md"), encoding="utf-8") as f:
    for line in f.read().split("## The `vcpuchar` command", 1)[-1].split("\n\n", 2)[1].splitlines():
        m = re.match(r"    vcpuchar ((?:probe)|(?:libvirt-hook)|(?:export)|(?:[a-z0-9]+ [a-z]+))\b", line)
        if m:
            current = m.group(1)
            readme_opts.setdefault(current, set())
        if current:
            readme_opts[current] |= set(re.findall(r"--[a-z0-9][a-z0-9-]*", line))
            if line.rstrip().endswith("..."):
                abridged.add(current)
for cmd, opts in sorted(readme_opts.items()):
    man = syn_opts.get(cmd, set())
    for o in sorted(opts - man):
        problems.append(f"README.md synopsis of {cmd}: {o} is not in the man page's SYNOPSIS")
    if cmd not in abridged:
        for o in sorted(man - opts):
            problems.append(f"README.md synopsis of {cmd}: {o} is missing (the man page's SYNOPSIS has it)")
if set(readme_opts) != set(syn_opts):
    problems.append(f"README.md synopsis has {sorted(readme_opts)}, the man page {sorted(syn_opts)}")

# Commands the top-level --help lists: "  ppc hcall|migrate ..." stands for two.
help_cmds = set()
top = run("--help")
for line in top.split("Commands:", 1)[-1].splitlines():
    m = re.match(r"  ([a-z0-9-]+)(?: ([a-z|]+))?\s", line)
    if m:
        for sub in (m.group(2) or "").split("|"):
            help_cmds.add(f"{m.group(1)} {sub}".strip())

if help_cmds != set(man_opts):
    problems.append(f"commands: --help lists {sorted(help_cmds)}, the man page {sorted(man_opts)}")
if set(syn_opts) != set(man_opts):
    problems.append(f"commands: SYNOPSIS has {sorted(syn_opts)}, COMMANDS {sorted(man_opts)}")

for cmd, opts in sorted(man_opts.items()):
    text = run(*cmd.split(), "--help")
    helped = {m.group(1) for m in re.finditer(r"^\s+(--[a-z0-9][a-z0-9-]*)", text, re.M)} - {"--help"}
    if not helped:
        problems.append(f"{cmd}: no options found in --help")
    for what, other in (("the man page", opts), ("the SYNOPSIS", syn_opts.get(cmd, set()))):
        for o in sorted(helped - other):
            problems.append(f"{cmd}: {o} is in --help but not in {what}")
        for o in sorted(other - helped):
            problems.append(f"{cmd}: {o} is in {what} but not in --help")

# Every JSON key a command prints is named in its own subsection of JSON KEYS
# ('.SS "x86 policy"'), not merely somewhere in the section: a key named only
# for another command does not count. Keys nested deeper may be named in a
# subsection the command's own one refers to ("As for ppc hcall").
subsections, current = {}, None
for line in section("JSON KEYS"):
    m = re.fullmatch(r'\.SS "?(.+?)"?', line)
    if m:
        current = m.group(1)
        subsections[current] = []
    elif current:
        subsections[current].append(plain(line))


def words(text):
    # QEMU's cap names are keys too (machine_caps: "hpt-max-page-size"): hyphenated words count whole.
    return set(re.findall(r"[a-z][a-z0-9_]*", text)) | set(re.findall(r"[a-z][a-z0-9_-]*[a-z0-9]", text))


def named_for(cmd):
    """(words of cmd's own subsection, words of it and the subsections it refers to)."""
    own = "\n".join(subsections.get(cmd, []))
    refs = [other for other in subsections if other != cmd and other in own.replace('" "', " ").replace('"', "")]
    return words(own), words(own) | set().union(*(words("\n".join(subsections[o])) for o in refs))


def keys(node, out):
    if isinstance(node, dict):
        for k, v in node.items():
            out.add(k)
            keys(v, out)
    elif isinstance(node, list):
        for v in node:
            keys(v, out)
    return out


x86_profile = f"{srcdir}/tests/hardening/fault/x86-amd.profile"
tmp = tempfile.mkdtemp(prefix="vcpuchar-man-")
files = {name: os.path.join(tmp, name) for name in ("policy.json", "before.json", "after.json")}
with open(files["policy.json"], "w") as f:
    f.write(run("x86", "policy", "--host", x86_profile, "--json"))
with open(files["before.json"], "w") as f:
    f.write('{"halt_exits": 0, "halt_attempted_poll": 0, "exits": 0}')
with open(files["after.json"], "w") as f:
    f.write('{"halt_exits": 5, "halt_attempted_poll": 5, "exits": 9}')
printed = set()
for args, status in (
    (("x86", "verify", "--policy", files["policy.json"], "--before", files["before.json"],
      "--after", files["after.json"], "--guest-hlts", "5", "--json"), None),
    (("ppc", "hcall", "--accel", "tcg", "--caps", "cap-cfpc=workaround", "--json"), 0),
    (("ppc", "migrate", "--src", "workaround,broken,broken,off", "--dst", "broken,broken,broken,off", "--json"), 1),
    (("ppc", "migrate", "--src-host", f"{srcdir}/examples/profiles/power9-nested-hv-qemu-fixed-ccd.profile",
      "--dst-host", f"{srcdir}/examples/profiles/power9-dd2.3-opal.profile", "--json"), 1),
    (("ppc", "baseline", f"{srcdir}/examples/profiles/power9-dd2.3-opal.profile",
      f"{srcdir}/examples/profiles/power9-nested-hv-qemu.profile", "--json"), 0),
    (("x86", "policy", "--host", x86_profile, "--pinned", "--latency", "--json"), None),
    (("probe", "--json"), 0),
):
    r = subprocess.run([cli, *args], capture_output=True, text=True)
    if status is not None and r.returncode != status:
        problems.append(f"vcpuchar {' '.join(args)}: exit {r.returncode}, want {status}")
    try:
        root = json.loads(r.stdout)
    except ValueError:
        problems.append(f"vcpuchar {' '.join(args)}: not JSON: {r.stdout[:200]}")
        continue
    cmd = " ".join(args[:1] if args[0] == "probe" else args[:2])
    if cmd not in subsections:
        problems.append(f"JSON KEYS has no subsection {cmd}")
    own, near = named_for(cmd)
    top, every = set(root), keys(root, set())
    printed |= every
    for k in sorted(top - own):
        problems.append(f"{cmd}: JSON key {k} is printed but not named under JSON KEYS, {cmd}")
    for k in sorted(every - top - near):
        problems.append(f"{cmd}: nested JSON key {k} is printed but not named under JSON KEYS, {cmd} "
                        "(or a subsection it refers to)")
shutil.rmtree(tmp)

# Exit status precedence: an answer "no" (1) that could not be written in full exits 3,
# and EXIT STATUS says so (a script must know the "no" may hide behind a 3).
no_answer = ["ppc", "hcall", "--caps", "cap-cfpc=fixed", "--chars", "0,0,0,0"]
run(*no_answer, status=1)
if os.path.exists("/dev/full"):
    with open("/dev/full", "w") as full:
        got = subprocess.run([cli, *no_answer], stdout=full, stderr=subprocess.DEVNULL).returncode
    if got != 3:
        problems.append(f"vcpuchar {' '.join(no_answer)} >/dev/full: exit {got}, want 3")
exit_text = " ".join(plain(line) for line in section("EXIT STATUS") if not line.startswith("."))
if "3 wins over 1" not in exit_text or "2 is given before any answer" not in exit_text:
    problems.append("EXIT STATUS: does not say which status wins when more than one applies "
                    "('3 wins over 1', '2 is given before any answer')")

for p in problems:
    print(p)
print(f"{'FAIL' if problems else 'ok'}: {len(man_opts)} commands, "
      f"{sum(len(o) for o in man_opts.values())} options, {len(printed)} JSON keys checked")
sys.exit(1 if problems else 0)
