#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""vcpuchar export: the files of every bundled profile and every test host (a row of
tests/data/ppc-host-levels.tsv) against export-golden.txt, the facts of the host's
architecture only, atomic writes (a new file 0644, no dotfile left, a symbolic link
followed and its target replaced, a dangling one refused), the save rule (only export's
own output of that kind replaced without --force, mode and owner kept, one file not
named twice), both targets checked before either is written, and the exit status and
message of each bad input.

Usage: cli-export.py VCPUCHAR [--update]   (--update rewrites export-golden.txt and
prints what changed: each change must be a fix its commit names)
"""
import difflib
import os
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import export_hosts  # noqa: E402

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'export-golden.txt')
EPOCH = '1765000000'
cli = sys.argv[1]
problems = []
cases = 0


def run(*args, env=None):
    e = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    e.update(env or {})
    return subprocess.run([cli, 'export', *args], capture_output=True, text=True, env=e)


def expect(what, r, status, words=()):
    global cases
    cases += 1
    if r.returncode != status:
        problems.append('%s: exit %d, want %d (%s)' % (what, r.returncode, status, r.stderr.strip()))
    for w in words:
        if w not in r.stderr:
            problems.append('%s: stderr lacks %r: %r' % (what, w, r.stderr))
    if status != 0 and r.stdout:
        problems.append('%s: printed %r' % (what, r.stdout))


tmp = tempfile.mkdtemp(prefix='vcpuchar-export-')
hosts = dict(('profiles/' + k, v) for k, v in export_hosts.bundled().items())
hosts.update(('test/' + k, v) for k, v in export_hosts.test_hosts(tmp).items())
text = []
for name, path in sorted(hosts.items()):
    nfd, prom = os.path.join(tmp, 'out'), os.path.join(tmp, 'out.prom')
    r = run('--host', path, '--nfd', nfd, '--prometheus', prom)
    expect(name, r, 0)
    for kind, f in (('nfd', nfd), ('prom', prom)):
        with open(f, encoding='utf-8') as fh:
            body = fh.read()
        text.append('== %s.%s\n%s' % (name, kind, body))
        x86 = 'amd' in name
        for bad in (('ppc-', 'vcpuchar_ppc_', 'vcpuchar_guest_') if x86 else ('x86-', 'vcpuchar_x86_')):
            if bad in body:
                problems.append('%s.%s: %s facts on a host of the other architecture' % (name, kind, bad))
text = ''.join(text)
if '--update' in sys.argv:
    old = open(GOLDEN, encoding='utf-8').read() if os.path.exists(GOLDEN) else ''
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True), 'old', 'new'))
    with open(GOLDEN, 'w', encoding='utf-8') as f:
        f.write(text)
else:
    cases += 1
    with open(GOLDEN, encoding='utf-8') as f:
        want = f.read()
    if want != text:
        problems.append('export-golden.txt differs (cli-export.py VCPUCHAR --update rewrites it):\n' + ''.join(
            list(difflib.unified_diff(want.splitlines(True), text.splitlines(True), 'golden', 'now'))[:60]))

p9 = hosts['profiles/power9-dd2.3-opal']
# fixed-na is 4, the library's level, as `ppc migrate` prints it (lib/ppc.md "Caps and levels").
na = os.path.join(tmp, 'na')
expect('fixed-na', run('--host', hosts['profiles/power10-nested-hv-qemu-fixed-na'], '--nfd', na,
                       '--prometheus', na + '.prom'), 0)
for f, want in ((na, 'vcpuchar.feature.node.kubernetes.io/ppc-ibs-level=4\n'),
                (na + '.prom', 'vcpuchar_ppc_host_cap_level{cap="ibs"} 4\n')):
    cases += 1
    if want not in open(f).read():
        problems.append('fixed-na: %s lacks %r' % (f, want))
migrate = subprocess.run([cli, 'ppc', 'migrate', '--src', 'broken,broken,fixed-na,off', '--dst',
                          'broken,broken,fixed-ccd,off'], capture_output=True, text=True)
cases += 1
if 'higher level (4)' not in migrate.stdout + migrate.stderr:
    problems.append('fixed-na: ppc migrate does not say level 4: %r' % (migrate.stdout + migrate.stderr))
# Atomic: a new file is mode 0644 whatever the umask, no dotfile is left.
d = os.path.join(tmp, 'atomic')
os.mkdir(d)
target = os.path.join(d, 'vcpuchar.prom')
old_umask = os.umask(0o077)
expect('new file', run('--host', p9, '--prometheus', target), 0)
os.umask(old_umask)
if stat.S_IMODE(os.stat(target).st_mode) != 0o644:
    problems.append('new file: mode %o, want 644' % stat.S_IMODE(os.stat(target).st_mode))
# The save rule (shared with probe --save and qemu probe --save): an existing file is
# replaced only when it is export's own output of that kind, or with --force; its mode
# and owner are kept.
os.chmod(target, 0o600)
if os.geteuid() == 0:
    os.chown(target, 1234, 1234)
expect('own output', run('--host', p9, '--prometheus', target), 0)
st = os.stat(target)
if stat.S_IMODE(st.st_mode) != 0o600 or (os.geteuid() == 0 and (st.st_uid, st.st_gid) != (1234, 1234)):
    problems.append('own output: mode %o owner %d:%d, want 600 and the old owner' %
                    (stat.S_IMODE(st.st_mode), st.st_uid, st.st_gid))
for kind, other_kind in (('--prometheus', '--nfd'), ('--nfd', '--prometheus')):
    # The other kind's output, and a file that is no output at all, are kept.
    run('--host', p9, other_kind, target, '--force')
    for body in (open(target).read(), 'secret\n'):
        with open(target, 'w') as f:
            f.write(body)
        expect('not its own output ' + kind, run('--host', p9, kind, target), 2,
               [kind + ' ' + target, 'not vcpuchar\'s own output', '--force'])
        if open(target).read() != body:
            problems.append('not its own output %s: the file was replaced' % kind)
with open(target, 'w') as f:
    f.write('secret\n')
expect('--force', run('--host', p9, '--prometheus', target, '--force'), 0)
if not open(target).read().startswith('# HELP vcpuchar_export_info '):
    problems.append('--force: the file was not replaced')
# A link is followed, as vcpuchar_profile_save() follows it: its target is replaced in
# the target's folder, the link kept; a target that is no export output is kept.
other = os.path.join(tmp, 'other')
os.mkdir(other)
elsewhere = os.path.join(other, 'elsewhere')
with open(elsewhere, 'w') as f:
    f.write('keep\n')
os.chmod(elsewhere, 0o600)
link = os.path.join(d, 'link')
os.symlink(elsewhere, link)
expect('link to a secret', run('--host', p9, '--nfd', link), 2, ['--nfd ' + link, 'nothing was written'])
if open(elsewhere).read() != 'keep\n':
    problems.append('link to a secret: its target was replaced')
expect('link', run('--host', p9, '--nfd', link, '--force'), 0)
if not os.path.islink(link) or not open(elsewhere).read().startswith('# vcpuchar export'):
    problems.append('link: the link was not kept or its target not replaced')
if stat.S_IMODE(os.stat(elsewhere).st_mode) != 0o600:
    problems.append('link: the mode of its target was not kept')
expect('link again', run('--host', p9, '--nfd', link), 0)
if [f for f in os.listdir(other) if f.startswith('.')]:
    problems.append('link: temporary file left beside the target')
# One file named twice: refused, whichever way it is named (NFD content would be lost).
twice = os.path.join(d, 'twice')
expect('same name twice', run('--host', p9, '--nfd', twice, '--prometheus', twice), 2, ['name the same file'])
expect('a link and its target', run('--host', p9, '--nfd', elsewhere, '--prometheus', link), 2,
       ['name the same file'])
os.link(elsewhere, os.path.join(d, 'hard'))
expect('a hard link', run('--host', p9, '--nfd', elsewhere, '--prometheus', os.path.join(d, 'hard')), 2,
       ['name the same file'])
expect('a folder named two ways', run('--host', p9, '--nfd', twice, '--prometheus', os.path.join(other, '..', 'atomic', 'twice')), 2,
       ['name the same file'])
if os.path.exists(twice):
    problems.append('same name twice: something was written')
dangling = os.path.join(d, 'dangling')
os.symlink(os.path.join(tmp, 'no-such-file'), dangling)
expect('dangling link', run('--host', p9, '--nfd', dangling), 2, ['--nfd ' + dangling, 'symbolic link'])
if os.path.exists(os.path.join(tmp, 'no-such-file')):
    problems.append('dangling link: its target was created')
left = [f for f in os.listdir(d) if f.startswith('.')]
if left:
    problems.append('temporary files left: %s' % left)

# Bad input: exit 2, the message names the file or option; nothing is written.
expect('no file', run('--host', p9), 2, ['--nfd FILE, --prometheus FILE'])
missing = os.path.join(tmp, 'no-such-folder', 'vcpuchar')
expect('no folder', run('--host', p9, '--nfd', missing), 2, ['--nfd ' + missing, 'No such file or directory'])
expect('a directory', run('--host', p9, '--prometheus', d), 2, ['--prometheus ' + d, 'not a regular file'])
expect('no profile', run('--host', os.path.join(tmp, 'none.profile'), '--nfd', target), 2,
       ['--host ' + os.path.join(tmp, 'none.profile')])
expect('bad epoch', run('--host', p9, '--nfd', target, env={'SOURCE_DATE_EPOCH': 'soon'}), 2,
       ['SOURCE_DATE_EPOCH'])
# An expiry past 9999-12-31T23:59:59Z (RFC 3339's four-digit year) is refused, not overflowed.
for epoch in ('9223372036854775807', '253402300799', str(253402300799 - 172800 + 1)):
    expect('epoch ' + epoch, run('--host', p9, '--nfd', target, env={'SOURCE_DATE_EPOCH': epoch}), 2,
           ['SOURCE_DATE_EPOCH', '9999-12-31T23:59:59Z'])
last = os.path.join(tmp, 'last')
expect('the last epoch', run('--host', p9, '--nfd', last, env={'SOURCE_DATE_EPOCH': str(253402300799 - 172800)}), 0)
if '# +expiry-time=9999-12-31T23:59:59Z\n' not in open(last).read():
    problems.append('the last epoch: expiry is not 9999-12-31T23:59:59Z')
expect('operand', run('--host', p9, '--nfd', target, 'extra'), 2)
bad = os.path.join(tmp, 'bad.profile')
with open(bad, 'w') as f:
    f.write('[ppc]\ncharacter=zz\n')
expect('bad profile', run('--host', bad, '--nfd', target), 2, [bad])
if os.path.exists(missing):
    problems.append('no folder: something was written')
# Both targets are checked before either is written: a bad second target writes nothing.
first = os.path.join(d, 'first')
for second, what in ((missing, 'No such file or directory'), (d, 'not a regular file'), ('/dev/null', 'not a regular file')):
    expect('bad second target ' + second, run('--host', p9, '--nfd', first, '--prometheus', second), 2,
           ['--prometheus ' + second, 'nothing was written'])
    if os.path.exists(first):
        problems.append('bad second target %s: --nfd %s was written' % (second, first))
fifo = os.path.join(d, 'fifo')
os.mkfifo(fifo)
expect('fifo second target', run('--host', p9, '--nfd', first, '--prometheus', fifo), 2, ['not a regular file'])
if os.path.exists(first):
    problems.append('fifo second target: --nfd was written')
os.unlink(fifo)
# A rename that fails after the first file was renamed into place names that file
# (a rename over a directory that appears between the check and the rename, made
# here by the shim tests/cli/export-rename-shim.c, built when a compiler is there).
shim = os.environ.get('EXPORT_RENAME_SHIM')
if shim:
    r = run('--host', p9, '--nfd', first, '--prometheus', os.path.join(d, 'late.prom'),
            env={'LD_PRELOAD': shim, 'EXPORT_RENAME_FAIL': 'late.prom'})
    expect('late rename', r, 2, ['--prometheus ' + os.path.join(d, 'late.prom'), 'rename failed',
                                 'written: --nfd ' + first])
    if not os.path.exists(first) or os.path.exists(os.path.join(d, 'late.prom')):
        problems.append('late rename: want --nfd written and --prometheus not')
    os.unlink(first)
# A profile export cannot use: another architecture, or no facts at all.
for body, what in (('[host]\narch=s390x\n', 's390x'), ('[host]\n', 'no facts')):
    prof = os.path.join(tmp, 'unusable.profile')
    with open(prof, 'w') as f:
        f.write(body)
    expect('unusable host ' + what, run('--host', prof, '--nfd', first, '--prometheus', first + '.prom'), 2,
           ['--host ' + prof, 'neither POWER facts'])
    if os.path.exists(first) or os.path.exists(first + '.prom'):
        problems.append('unusable host %s: a file was written' % what)
# This host's probe: whatever it finds, both files are written.
expect('probe', run('--nfd', os.path.join(d, 'probe'), '--prometheus', os.path.join(d, 'probe.prom')), 0)

print('\n'.join(problems))
print('cli-export: %d hosts, %d cases, %d problems' % (len(hosts), cases, len(problems)))
sys.exit(1 if problems else 0)
