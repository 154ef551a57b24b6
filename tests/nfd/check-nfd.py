#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The NFD feature files of `vcpuchar export --nfd` checked line by line against Node
Feature Discovery's grammar for its local source and Kubernetes' label rules (README.md
here has the rules and their sources).

Usage: check-nfd.py VCPUCHAR            export every bundled, test and 50 generated hosts
       check-nfd.py --file FILE [NOW]   check one file (NOW: seconds since 1970)
"""
import datetime
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'cli'))
import export_hosts  # noqa: E402

PREFIX = 'vcpuchar.feature.node.kubernetes.io'
MAX_FILE = 65536
# k8s.io/apimachinery/pkg/util/validation: a qualified name's name part and a label value.
NAME = re.compile(r'^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$')
VALUE = re.compile(r'^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$')
DNS1123_LABEL = re.compile(r'^[a-z0-9]([-a-z0-9]*[a-z0-9])?$')
EPOCH = 1765000000


def check(path, now):
    """The problems of the feature file at path, as a list of strings; now: seconds."""
    problems = []
    base = os.path.basename(path)
    if base.startswith('.'):
        problems.append('%s: NFD ignores dotfiles' % path)
    size = os.path.getsize(path)
    if size > MAX_FILE:
        problems.append('%s: %d bytes, NFD ignores files over %d' % (path, size, MAX_FILE))
    with open(path, 'rb') as f:
        data = f.read()
    try:
        text = data.decode('ascii')
    except UnicodeDecodeError:
        return problems + ['%s: not ASCII' % path]
    if not text.endswith('\n'):
        problems.append('%s: no newline at the end' % path)
    expiry, no_label, seen, labels = None, False, set(), 0
    for n, raw in enumerate(text.split('\n'), 1):
        where = '%s:%d' % (path, n)
        line = raw.strip()
        if line != raw:
            problems.append('%s: white space around the line' % where)
        if not line:
            continue
        if line.startswith('#'):
            if not line.startswith('# +'):
                continue
            key, _, value = line[3:].partition('=')
            if key == 'expiry-time':
                try:
                    t = datetime.datetime.strptime(value.strip(), '%Y-%m-%dT%H:%M:%SZ')
                    expiry = t.replace(tzinfo=datetime.timezone.utc).timestamp()
                except ValueError:
                    problems.append('%s: expiry-time %r is no RFC 3339 UTC time' % (where, value))
                    continue
                if expiry <= now:
                    problems.append('%s: expiry-time %s is not after the export' % (where, value))
            elif key in ('no-label', 'no-feature'):
                if value:
                    problems.append('%s: %s takes no value' % (where, key))
                no_label = no_label or key == 'no-label'
            else:
                problems.append('%s: unknown directive %r (NFD logs an error)' % (where, key))
            continue
        if expiry is None:
            problems.append('%s: a feature before the # +expiry-time= line never expires' % where)
        key, eq, value = line.partition('=')
        if not eq:
            problems.append('%s: no value (NFD would label "true")' % where)
        prefix, slash, name = key.rpartition('/')
        if not slash or prefix != PREFIX:
            problems.append('%s: %r is not under %s/' % (where, key, PREFIX))
        elif len(prefix) > 253 or not all(DNS1123_LABEL.match(p) for p in prefix.split('.')):
            problems.append('%s: prefix %r is no DNS subdomain' % (where, prefix))
        if not prefix.endswith('feature.node.kubernetes.io'):
            problems.append('%s: %r: NFD refuses a kubernetes.io prefix but feature.node.kubernetes.io' % (
                where, prefix))
        if len(name) > 63 or not NAME.match(name):
            problems.append('%s: name %r: at most 63 of [-_.A-Za-z0-9], alphanumeric ends' % (where, name))
        if len(value) > 63 or not VALUE.match(value):
            problems.append('%s: value %r: at most 63 of [-_.A-Za-z0-9], alphanumeric ends' % (where, value))
        for c in ',=/: ':
            if c in value:
                problems.append('%s: value %r holds %r' % (where, value, c))
        if key in seen:
            problems.append('%s: %s given twice' % (where, key))
        seen.add(key)
        labels += 0 if no_label else 1
        no_label = False
    if no_label:
        problems.append('%s: # +no-label on the last line applies to nothing' % path)
    if not labels:
        problems.append('%s: no label' % path)
    return problems


# The checker itself: each file must draw the problem named (a checker that passes
# everything would pass the exports too).
BAD = [
    ('# +expiry-time=2025-12-08T05:46:40Z\n%s/a=b,c\n' % PREFIX, "holds ','"),
    ('# +expiry-time=2025-12-08T05:46:40Z\n%s/%s=1\n' % (PREFIX, 'n' * 64), 'at most 63'),
    ('%s/a=1\n' % PREFIX, 'never expires'),
    ('# +expiry-time=2025-12-08T05:46:40Z\n# +label-me\n%s/a=1\n' % PREFIX, 'unknown directive'),
    ('# +expiry-time=2025-12-08T05:46:40Z\nkubernetes.io/a=1\n', 'refuses a kubernetes.io prefix'),
    ('# +expiry-time=2025-12-08T05:46:40Z\n%s/a=-x\n' % PREFIX, 'alphanumeric ends'),
    ('# +expiry-time=2020-01-01T00:00:00Z\n%s/a=1\n' % PREFIX, 'not after the export'),
    ('# +expiry-time=2025-12-08T05:46:40Z\n%s/a=1\n%s/a=2\n' % (PREFIX, PREFIX), 'given twice'),
    ('# +expiry-time=2025-12-08T05:46:40Z\n%s/a=1\n# +no-label\n' % PREFIX, 'applies to nothing'),
]


def self_test(tmp):
    problems = []
    for i, (text, want) in enumerate(BAD):
        path = os.path.join(tmp, 'bad%d' % i)
        with open(path, 'w', encoding='ascii') as f:
            f.write(text)
        got = check(path, EPOCH)
        if not any(want in p for p in got):
            problems.append('checker: bad file %d not caught (%r; got %r)' % (i, want, got))
    return problems


def main():
    if sys.argv[1] == '--file':
        now = int(sys.argv[3]) if len(sys.argv) > 3 else int(datetime.datetime.now().timestamp())
        problems = check(sys.argv[2], now)
        print('\n'.join(problems) or 'ok')
        return 1 if problems else 0
    cli = sys.argv[1]
    tmp = tempfile.mkdtemp(prefix='vcpuchar-nfd-')
    hosts = dict(export_hosts.bundled())
    hosts.update(export_hosts.test_hosts(tmp))
    hosts.update(export_hosts.generated(tmp, 50))
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(EPOCH))
    problems, lines = self_test(tmp), 0
    for name, path in sorted(hosts.items()):
        out = os.path.join(tmp, name + '.nfd')
        r = subprocess.run([cli, 'export', '--host', path, '--nfd', out], env=env, capture_output=True, text=True)
        if r.returncode != 0:
            problems.append('%s: exit %d: %s' % (name, r.returncode, r.stderr.strip()))
            continue
        problems += check(out, EPOCH)
        with open(out, encoding='ascii') as f:
            lines += len(f.read().splitlines())
        # The labels each architecture must carry.
        with open(out, encoding='ascii') as f:
            keys = {line.split('=', 1)[0].rpartition('/')[2] for line in f if not line.startswith('#')}
        want = {'arch'}
        if name.startswith('amd'):
            want |= {'x86-idle-hlt', 'x86-hlt-exits-disable-allowed', 'x86-pinned-vm-hlt-exits'}
        else:
            want |= {'ppc-cfpc', 'ppc-cfpc-level', 'ppc-sbbc', 'ppc-sbbc-level', 'ppc-ibs', 'ppc-ibs-level',
                     'ppc-ccf-assist', 'ppc-ccf-assist-level', 'ppc-pool', 'ppc-host-information'}
        for k in sorted(want - keys):
            problems.append('%s: no %s label' % (name, k))
    print('\n'.join(problems))
    print('nfd: %d hosts, %d lines checked, %d bad files caught, %d problems' % (
        len(hosts), lines, len(BAD), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
