# SPDX-License-Identifier: LGPL-2.1-or-later
"""Host profiles for the export tests (tests/cli/cli-export.py, tests/prometheus-rules,
tests/node-exporter): the bundled profiles of examples/profiles, one profile per row of
tests/data/ppc-host-levels.tsv (the test hosts), and a generated fleet."""
import os
import random

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
WORDS = ('character', 'behaviour', 'character_mask', 'behaviour_mask')
# The library's number of each level name (enum vcpuchar_ppc_level, lib/ppc.md "Caps and
# levels": QEMU's SPAPR_CAP_* except fixed-na, 4 everywhere): what `vcpuchar export` writes.
LEVEL = {'broken': 0, 'workaround': 1, 'fixed': 2, 'fixed-ibs': 2, 'fixed-ccd': 3,
         'fixed-na': 4, 'off': 0, 'on': 1}
CAPS = ('cfpc', 'sbbc', 'ibs', 'ccf-assist')


def tsv(name):
    with open(os.path.join(ROOT, 'tests', 'data', name), encoding='utf-8') as f:
        lines = [line.rstrip('\n').split('\t') for line in f if line.strip() and not line.startswith('#')]
    return [dict(zip(lines[0], row)) for row in lines[1:]]


def bundled():
    """name -> path of every profile in examples/profiles (POWER and x86)."""
    d = os.path.join(ROOT, 'examples', 'profiles')
    return {f[:-len('.profile')]: os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith('.profile')}


def _write(d, name, words, power8):
    text = '[host]\narch=ppc64le\n[ppc]\n' + ''.join('%s=%s\n' % (k, w) for k, w in zip(WORDS, words))
    text += 'power8=%s\n' % ('true' if power8 else 'false')
    path = os.path.join(d, name + '.profile')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path


def test_hosts(d):
    """name -> path of a profile per row of ppc-host-levels.tsv, written in d."""
    return {r['id']: _write(d, r['id'], [r[k] for k in WORDS], r['power8_host'] == '1')
            for r in tsv('ppc-host-levels.tsv')}


def generated(d, n, seed=39):
    """name -> path of n generated POWER hosts: the words of a random test row with some of
    the twelve high bits of each word flipped (those the kernel and QEMU read)."""
    rng = random.Random(seed)
    rows = tsv('ppc-host-levels.tsv')
    out = {}
    for i in range(n):
        r = rng.choice(rows)
        words = []
        for k in WORDS:
            flip = 0
            for b in range(52, 64):
                if rng.random() < 0.12:
                    flip |= 1 << b
            words.append('0x%016x' % (int(r[k], 16) ^ flip))
        name = 'gen-%04d' % i
        out[name] = _write(d, name, words, r['power8_host'] == '1' and rng.random() < 0.8)
    return out
