# SPDX-License-Identifier: LGPL-2.1-or-later
"""Debian's amd64 kernels for the x86-e2e tier: resolved through a meta
package, downloaded with apt-get, unpacked once into a cache directory.

For each kernel the cache keeps only what a boot uses: the ELF vmlinux
(taken out of the bzImage, so QEMU boots it through PVH without the ~10 s
decompression), kvm-amd.ko with its module dependencies (decompressed), and
the release name. A later run finds CACHE/<package>/.complete and neither
calls apt nor touches the network.

    python3 kernels.py CACHE META...    fetch and print one line per kernel
"""
import glob
import lzma
import os
import re
import shutil
import subprocess
import sys


class Missing(Exception):
    """The package cannot be had: the tier skips and names the step."""


def _meta_target(meta):
    """The versioned package a meta package depends on (its ABI name)."""
    p = subprocess.run(["apt-cache", "show", "--no-all-versions", meta],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in p.stdout.splitlines():
        if line.startswith("Depends:"):
            m = re.search(r"(linux-image-[0-9][^ ,]*-amd64)\b", line)
            if m:
                return m.group(1)
    return None


def _download(meta, workdir):
    pkg = _meta_target(meta)
    ok = bool(pkg) and subprocess.run(["apt-get", "download", pkg], cwd=workdir,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    if not ok and os.getuid() == 0:
        # A stale index may name a package the archive no longer has: refresh once.
        subprocess.run(["apt-get", "update"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        pkg = _meta_target(meta)
        ok = bool(pkg) and subprocess.run(["apt-get", "download", pkg], cwd=workdir,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    if not pkg:
        raise Missing(f"apt-cache cannot resolve the meta package {meta} (run apt-get update; "
                      "6.12 comes from bookworm-security)")
    if not ok:
        raise Missing(f"apt-get download {pkg} (from {meta}) failed (no network to the archive?)")
    debs = glob.glob(os.path.join(workdir, pkg + "_*_amd64.deb"))
    if not debs:
        raise Missing(f"apt-get download {pkg} left no .deb")
    return pkg, debs[0]


def _elf_from_bzimage(data):
    """The ELF kernel inside a bzImage: the first xz or zstd payload that
    decompresses to something starting with \\x7fELF."""
    for magic, kind in ((b"\xfd7zXZ\x00", "xz"), (b"\x28\xb5\x2f\xfd", "zstd")):
        off = data.find(magic)
        while off >= 0:
            try:
                if kind == "xz":
                    out = lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(data[off:])
                else:
                    # zstd complains about what follows the frame; the frame is what counts.
                    out = subprocess.run(["zstd", "-dcq"], input=data[off:], stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL).stdout
            except lzma.LZMAError:
                out = b""
            if out.startswith(b"\x7fELF"):
                return out
            off = data.find(magic, off + 1)
    return None


def _module_file(moddir, name):
    for n in {name, name.replace("_", "-"), name.replace("-", "_")}:
        hits = glob.glob(os.path.join(moddir, "**", n + ".ko*"), recursive=True)
        if hits:
            return hits[0]
    return None


def _decompress(path, dest):
    if path.endswith(".xz"):
        with lzma.open(path) as f, open(dest, "wb") as o:
            shutil.copyfileobj(f, o)
    elif path.endswith(".zst"):
        with open(dest, "wb") as o:
            subprocess.run(["zstd", "-dcq", path], stdout=o, check=True)
    else:
        shutil.copy(path, dest)


def _depends(ko):
    """depends= of a module's .modinfo section (what modinfo -F depends prints)."""
    data = open(ko, "rb").read()
    m = re.search(rb"(?:^|\x00)depends=([^\x00]*)\x00", data)
    return [d for d in m.group(1).decode().split(",") if d] if m else []


def unpack(deb, dest):
    """The ELF vmlinux, kvm-amd.ko and what it depends on (load order) of kernel package @deb, into @dest."""
    tmp = dest + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    subprocess.run(["dpkg-deb", "-x", deb, tmp], check=True)
    vmlinuz = glob.glob(os.path.join(tmp, "boot", "vmlinuz-*"))
    if not vmlinuz:
        raise Missing(f"{os.path.basename(deb)} holds no boot/vmlinuz-*")
    release = os.path.basename(vmlinuz[0])[len("vmlinuz-"):]
    elf = _elf_from_bzimage(open(vmlinuz[0], "rb").read())
    if elf is None:
        raise RuntimeError(f"no xz or zstd ELF payload found in {vmlinuz[0]}")
    # Debian 13's packages keep their modules under usr/lib/modules (merged /usr).
    moddir = next((d for d in (os.path.join(tmp, "usr", "lib", "modules", release),
                               os.path.join(tmp, "lib", "modules", release)) if os.path.isdir(d)), None)
    if not moddir:
        raise RuntimeError(f"{os.path.basename(deb)} has no modules directory for {release}")
    out = dest + ".new"
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(os.path.join(out, "modules"))
    with open(os.path.join(out, "vmlinux"), "wb") as f:
        f.write(elf)
    # kvm-amd and everything it depends on, in load order (dependencies first).
    order, todo = [], ["kvm-amd"]
    while todo:
        name = todo.pop()
        src = _module_file(moddir, name)
        if not src:
            raise RuntimeError(f"module {name} is not in {os.path.basename(deb)}")
        ko = os.path.join(out, "modules", os.path.basename(src).split(".ko")[0].replace("_", "-") + ".ko")
        if os.path.exists(ko):
            continue
        _decompress(src, ko)
        # Found after its user, so loaded before it.
        order.insert(0, os.path.basename(ko))
        todo += _depends(ko)
    with open(os.path.join(out, "modules", "order"), "w") as f:
        f.write("\n".join(order) + "\n")
    with open(os.path.join(out, "release"), "w") as f:
        f.write(release + "\n")
    shutil.rmtree(tmp)
    shutil.rmtree(dest, ignore_errors=True)
    os.rename(out, dest)
    with open(os.path.join(dest, ".complete"), "w") as f:
        f.write(os.path.basename(deb) + "\n")


def fetch(cache, meta):
    """(release, kernel dir, fetched now?) for @meta, from the cache when it is there."""
    os.makedirs(cache, exist_ok=True)
    note = os.path.join(cache, meta + ".pkg")
    if os.path.exists(note):
        d = os.path.join(cache, open(note).read().strip())
        if os.path.exists(os.path.join(d, ".complete")):
            return open(os.path.join(d, "release")).read().strip(), d, False
    for tool in ("apt-cache", "apt-get", "dpkg-deb"):
        if not shutil.which(tool):
            raise Missing(f"{tool} not found (not a Debian system): cannot fetch {meta}")
    work = os.path.join(cache, "download")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    pkg, deb = _download(meta, work)
    dest = os.path.join(cache, pkg)
    unpack(deb, dest)
    shutil.rmtree(work)
    with open(note, "w") as f:
        f.write(pkg + "\n")
    return open(os.path.join(dest, "release")).read().strip(), dest, True


if __name__ == "__main__":
    try:
        for meta in sys.argv[2:]:
            print("\t".join(str(x) for x in fetch(sys.argv[1], meta)))
    except Missing as e:
        print(f"x86-e2e: SKIP: {e}")
        sys.exit(77)
