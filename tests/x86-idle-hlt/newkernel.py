# SPDX-License-Identifier: LGPL-2.1-or-later
"""A Debian 13 (trixie-backports) amd64 kernel for the x86-idle-hlt tier,
from the machine's own archive through a private apt state inside the cache
directory (the machine's apt configuration stays as it is), unpacked by
tests/x86-e2e/kernels.py (the ELF vmlinux, kvm-amd.ko and what it depends
on, in load order).

    python3 newkernel.py CACHE PACKAGE     fetch and print release<TAB>dir
"""
import glob
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "x86-e2e"))
import kernels  # noqa: E402

SUITE = "trixie-backports"
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"


def _archive_uri():
    """The archive the machine already uses (its deb822 or one-line sources)."""
    for path in ["/etc/apt/sources.list.d/debian.sources"] + sorted(glob.glob("/etc/apt/sources.list.d/*.sources")):
        try:
            for line in open(path):
                if line.startswith("URIs:") and "debian" in line and "security" not in line:
                    return line.split()[1]
        except OSError:
            continue
    return "http://deb.debian.org/debian"


def _apt(cache):
    """apt-get/apt-cache options of the private state under @cache."""
    d = os.path.join(os.path.abspath(cache), "apt")  # apt reads relative Dir:: paths from /
    for sub in ("state/lists/partial", "cache/archives/partial"):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
    src = os.path.join(d, "sources.list")
    with open(src, "w") as f:
        f.write(f"deb [signed-by={KEYRING}] {_archive_uri()} {SUITE} main\n")
    return ["-o", "APT::Architectures=amd64", "-o", f"Dir::State={d}/state", "-o", f"Dir::Etc::SourceList={src}",
            "-o", "Dir::Etc::SourceParts=/dev/null", "-o", f"Dir::Cache={d}/cache"]


def fetch(cache, pkg):
    """(release, kernel dir, fetched now?) of package @pkg of SUITE; cached."""
    dest = os.path.join(cache, pkg)
    if os.path.exists(os.path.join(dest, ".complete")):
        return open(os.path.join(dest, "release")).read().strip(), dest, False
    for tool in ("apt-get", "dpkg-deb"):
        if not shutil.which(tool):
            raise kernels.Missing(f"{tool} not found (not a Debian system): cannot fetch {pkg}")
    os.makedirs(cache, exist_ok=True)
    opts = _apt(cache)
    # One retry: another apt or a slow mirror may fail the first update.
    if all(subprocess.run(["apt-get"] + opts + ["update"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode != 0 for _ in range(2)):
        raise kernels.Missing(f"apt-get update of {SUITE} failed (no network to the archive?): cannot fetch {pkg}")
    work = os.path.join(cache, "download")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    p = subprocess.run(["apt-get"] + opts + ["download", pkg], cwd=work, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    debs = glob.glob(os.path.join(work, pkg + "_*_amd64.deb"))
    if p.returncode != 0 or not debs:
        raise kernels.Missing(f"package {pkg} ({SUITE}): the archive no longer serves it "
                              f"({p.stderr.strip().splitlines()[-1] if p.stderr.strip() else 'no .deb'})")
    kernels.unpack(debs[0], dest)
    shutil.rmtree(work)
    return open(os.path.join(dest, "release")).read().strip(), dest, True


if __name__ == "__main__":
    try:
        print("\t".join(str(x) for x in fetch(sys.argv[1], sys.argv[2])))
    except kernels.Missing as e:
        print(f"x86-idle-hlt: SKIP: {e}")
        sys.exit(77)
