# SPDX-License-Identifier: LGPL-2.1-or-later
"""A Debian 13 (trixie-backports) amd64 kernel for the x86-idle-hlt tier,
from the machine's own archive through a private apt state inside the cache
directory (tests/e2e-common/apt-private.sh; the machine's apt configuration
stays as it is), unpacked by
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
APT_PRIVATE = os.path.join(HERE, "..", "e2e-common", "apt-private.sh")


def _apt(cache, pkg):
    """apt-get/apt-cache options of the private state in @cache/apt, its
    lists fetched now."""
    p = subprocess.run([APT_PRIVATE, "--arch", "amd64", "--refresh", "always", os.path.join(os.path.abspath(cache), "apt"),
                        SUITE], stdout=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise kernels.Missing(f"{p.stdout.strip() or 'apt-private.sh failed'}: cannot fetch {pkg}")
    return p.stdout.split()


def fetch(cache, pkg):
    """(release, kernel dir, fetched now?) of package @pkg of SUITE; cached."""
    dest = os.path.join(cache, pkg)
    if os.path.exists(os.path.join(dest, ".complete")):
        return open(os.path.join(dest, "release")).read().strip(), dest, False
    for tool in ("apt-get", "dpkg-deb"):
        if not shutil.which(tool):
            raise kernels.Missing(f"{tool} not found (not a Debian system): cannot fetch {pkg}")
    os.makedirs(cache, exist_ok=True)
    opts = _apt(cache, pkg)
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
