# SPDX-License-Identifier: LGPL-2.1-or-later
"""A Debian 13 (trixie-backports) amd64 kernel for the x86-idle-hlt tier,
from the machine's own archive through a private apt state inside the cache
directory (the machine's apt configuration stays as it is). Unpacked like
tests/x86-e2e/kernels.py does (the ELF vmlinux, kvm-amd.ko and what it
depends on, in load order); Debian 13's packages keep their modules under
usr/lib/modules, not lib/modules.

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


def _unpack(deb, dest):
    tmp = dest + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run(["dpkg-deb", "-x", deb, tmp], check=True)
    vmlinuz = glob.glob(os.path.join(tmp, "boot", "vmlinuz-*"))
    if not vmlinuz:
        raise kernels.Missing(f"{os.path.basename(deb)} holds no boot/vmlinuz-*")
    release = os.path.basename(vmlinuz[0])[len("vmlinuz-"):]
    elf = kernels._elf_from_bzimage(open(vmlinuz[0], "rb").read())
    if elf is None:
        raise RuntimeError(f"no xz or zstd ELF payload found in {vmlinuz[0]}")
    moddir = next((d for d in (os.path.join(tmp, "usr", "lib", "modules", release),
                               os.path.join(tmp, "lib", "modules", release)) if os.path.isdir(d)), None)
    if not moddir:
        raise RuntimeError(f"{os.path.basename(deb)} has no modules directory for {release}")
    out = dest + ".new"
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "modules"))
    with open(os.path.join(out, "vmlinux"), "wb") as f:
        f.write(elf)
    order, todo = [], ["kvm-amd"]
    while todo:
        name = todo.pop()
        src = kernels._module_file(moddir, name)
        if not src:
            raise RuntimeError(f"module {name} is not in {os.path.basename(deb)}")
        ko = os.path.join(out, "modules", os.path.basename(src).split(".ko")[0].replace("_", "-") + ".ko")
        if os.path.exists(ko):
            continue
        kernels._decompress(src, ko)
        order.insert(0, os.path.basename(ko))
        todo += kernels._depends(ko)
    with open(os.path.join(out, "modules", "order"), "w") as f:
        f.write("\n".join(order) + "\n")
    with open(os.path.join(out, "release"), "w") as f:
        f.write(release + "\n")
    shutil.rmtree(tmp)
    shutil.rmtree(dest, ignore_errors=True)
    os.rename(out, dest)
    with open(os.path.join(dest, ".complete"), "w") as f:
        f.write(os.path.basename(deb) + "\n")


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
    _unpack(debs[0], dest)
    shutil.rmtree(work)
    return open(os.path.join(dest, "release")).read().strip(), dest, True


if __name__ == "__main__":
    try:
        print("\t".join(str(x) for x in fetch(sys.argv[1], sys.argv[2])))
    except kernels.Missing as e:
        print(f"x86-idle-hlt: SKIP: {e}")
        sys.exit(77)
