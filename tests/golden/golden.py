#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""The POWER and x86 answers of `vcpuchar ppc|x86 ... --json` recorded as golden files.

golden.py CLI [--lib DRIVER] [--update] [--golden FILE] [--source ROOT]

Rows: every CLI vector row of tests/data (ppc-hcall, ppc-host-levels,
ppc-validate, ppc-guest-view, ppc-warnings, ppc-power8-guest, ppc-migrate,
ppc-migrate-hosts, ppc-baseline, ppc-qemu-versions) and generated
combinations: hosts (examples/profiles and profiles written here from
ppc-host-levels.tsv rows with a PVR of each family) x guest CPUs x machine
types x caps x modes x QEMU versions for hcall, host pairs for migrate,
fleets for baseline; x86 policy rows: x86 hosts (examples/profiles and
profiles written here) x placement x CVM x override, with the other options
in turn; x86 verify rows: the real recordings of x86-verify.tsv. Each row keeps the fields that are the answer (R4/R5,
caps, conflicts, warning codes, guest view, paste lines, verdicts), not the
prose, so a changed text is no changed answer. A refused POWER row (exit 2)
keeps why: the errno, option (member) and item of the CLI's JSON error, and
of golden-lib's library call.

Without --update: the CLI's answers, and with --lib the library driver's
(golden-lib.c, the library only), must equal the golden file; a changed row
prints its arguments and both answers. Every row is answered through the
library: one the driver cannot answer is a failure, named with its reason
(a rule that lives only in the CLI). --update rewrites the
golden file and prints a summary of the rows that changed.
"""
import argparse
import errno
import itertools
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
CPUS = [None, 'power7', 'power8', 'power9', 'power10', 'power11']
MACHINES = [None, 'pseries-2.12', 'pseries-4.2', 'pseries-7.2', 'pseries-2.12-sxxm']
MODES = ['host-max', 'caps', 'host']
CAPNAMES = ('cfpc', 'sbbc', 'ibs', 'ccf_assist')
QEMUS = [None, '7.2', '10.0', '8.2']
CAPS = [None, 'cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=on',
        'cap-cfpc=fixed,cap-sbbc=fixed,cap-ibs=fixed-ccd', 'cap-ibs=broken',
        'cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off',
        "<features><cfpc value='workaround'/><ccf-assist state='off'/></features>"]
# PVRs of each family (QEMU target/ppc/cpu-models.h CPU_POWERPC_*).
PVRS = {'p8': ('0x004d0200', True), 'p8e': ('0x004b0201', True), 'p9': ('0x004e1202', False),
        'p10': ('0x00800200', False), 'p11': ('0x00820200', False), 'nocpu': (None, False),
        'p8flag': (None, True)}
# Host words (rows of tests/data/ppc-host-levels.tsv) given each PVR.
GEN_HOSTS = [('hl-p9-dd23-risk0', 'p9'), ('hl-e2e-wa', 'p9'), ('hl-e2e-broken', 'p10'),
             ('hl-e2e-p9-fixed-fixed-ccd', 'p9'), ('hl-e2e-p10-wa-fixed-broken-off', 'p10'),
             ('hl-syn-power8-exempt', 'p8'), ('hl-syn-power8-needs-flush', 'p8e'),
             ('hl-e2e-p10-fixed-wa-ibs-on', 'p11'), ('hl-syn-power8-exempt', 'p8flag'),
             ('hl-all-zero-unknown', 'nocpu'), ('hl-e2e-wa', 'p8')]
# x86 hosts written here: [host] and [x86] keys of a profile (lib/x86.md#host-facts).
X86_BASE = {'vendor': 'amd', 'disable_exits_allowed': '0xf', 'halt_poll': 'true', 'halt_poll_ns': '200000',
            'kvm_amd': 'true', 'hypervisor': 'false', 'mitigate_smt_rsb': 'false', 'smt_rsb_bug': 'false'}
X86_HOSTS = {
    'amd-sev-on': {'sev': 'true', 'sev_es': 'true', 'sev_snp': 'false'},
    'amd-snp-on': {'sev': 'true', 'sev_es': 'true', 'sev_snp': 'true', 'cpuid_8000000a_edx': '0x40000000'},
    'hygon-sev': {'vendor': 'hygon', 'sev': 'true', 'sev_es': 'false', 'sev_snp': 'false'},
    'intel': {'vendor': 'intel', 'kvm_amd': 'false'},
    'amd-guest': {'hypervisor': 'true'},
    'amd-smt-rsb': {'smt_rsb_bug': 'true', 'mitigate_smt_rsb': 'true', 'disable_exits_allowed': '0x4'},
    'amd-no-halt-poll-cap': {'halt_poll': 'false', 'halt_poll_ns': '400000'},
    'amd-mask-6.17': {'disable_exits_allowed': '0x1f'},
    'no-vendor': {'vendor': None},
    'aarch64': {'@arch': 'aarch64'},
}
# kvm_intel.tdx (Linux 6.16, arch/x86/kvm/vmx/tdx.c), since 1.3: on and off; only the --cvm tdx rows
# use them, so that the rows of X86_HOSTS keep their numbers.
X86_TDX_HOSTS = {
    'intel-tdx-on': {'vendor': 'intel', 'kvm_amd': 'false', 'tdx': 'true'},
    'intel-tdx-off': {'vendor': 'intel', 'kvm_amd': 'false', 'tdx': 'false'},
}
X86_EXAMPLES = ['amd-emulated-kvm-amd-6.12', 'amd-zen5-idle-hlt-6.15', 'no-information']
X86_PLACEMENT = [[], ['--pinned'], ['--pinned', '--latency']]
X86_CVMS = [None, 'sev', 'sev-es', 'sev-snp']
X86_HLT = [None, 'never', 'force']
X86_EXTRA = [[], ['--want-mwait'], ['--want-cstate'], ['--want-mwait', '--want-cstate'], ['--halt-poll-ns', '777'],
             ['--cpu-mode', 'other'], ['--cpu-mode', 'host-passthrough'], ['--no-irqchip'],
             ['--idle-hlt-kvm', 'present'], ['--idle-hlt-kvm', 'absent'], ['--nested-guest'], ['--vcpus', '4'],
             ['--vcpus', '4097'], ['--vcpus', '0'], ['--cvm', 'tdx']]
EXAMPLES = ['power9-dd2.3-opal', 'power9-nested-hv-qemu', 'power9-nested-hv-qemu-fixed-ccd',
            'power10-nested-hv-qemu-fixed-na', 'no-information', 'amd-zen5-idle-hlt-6.15']


def tsv(name):
    with open(os.path.join(ROOT, 'tests', 'data', name), encoding='utf-8') as f:
        lines = [line.rstrip('\n').split('\t') for line in f if line.strip() and not line.startswith('#')]
    return [dict(zip(lines[0], row)) for row in lines[1:]]


def write_profiles(d):
    """Profiles of GEN_HOSTS (and a contradictory one) in d: name -> path."""
    levels = {r['id']: r for r in tsv('ppc-host-levels.tsv')}
    out = {}
    hosts = GEN_HOSTS + [('hl-e2e-wa', 'p8-contradicts'), ('hl-e2e-wa', 'x86-contradicts')]
    for words, cpu in hosts:
        name = '%s+%s' % (words, cpu)
        r = levels[words]
        pvr, p8 = PVRS.get(cpu, ('0x004d0200', False) if cpu == 'p8-contradicts' else (None, False))
        text = '[host]\narch=%s\n[ppc]\n' % ('x86_64' if cpu == 'x86-contradicts' else 'ppc64le')
        for k in ('character', 'behaviour', 'character_mask', 'behaviour_mask'):
            text += '%s=%s\n' % (k, r[k])
        text += 'power8=%s\n' % ('true' if p8 else 'false')
        if pvr:
            text += 'pvr=%s\n' % pvr
        path = os.path.join(d, name + '.profile')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        out['@gen/' + name] = path
    # The field cases' host: the e2e POWER9 words, KVM without FWNMI and AIL mode 3, no ibm,dec-bits.
    with open(out['@gen/hl-e2e-wa+p9']) as f:
        text = f.read()
    text += ('kvm_htm=false\nkvm_nested_hv=true\nkvm_fwnmi=false\nkvm_pages_real=true\nkvm_ail_mode_3=false\n'
             'page_size=65536\ndec_bits=0\n')
    path = os.path.join(d, 'field-p9.profile')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    out['@gen/field-p9'] = path
    # The nested tier's L1 facts (4 KiB pages, KVM-HV needs host-contiguous pages, FWNMI): the page-size rows.
    text = text.replace('kvm_fwnmi=false', 'kvm_fwnmi=true').replace('page_size=65536', 'page_size=4096')
    path = os.path.join(d, 'l1-4k.profile')
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text.replace('dec_bits=0', 'dec_bits=56'))
    out['@gen/l1-4k'] = path
    for e in EXAMPLES + X86_EXAMPLES:
        out['@profiles/' + e] = os.path.join(ROOT, 'examples', 'profiles', e + '.profile')
    for q in QEMU_PROFILES:
        out['@qemu/' + q] = os.path.join(ROOT, 'tests', 'data', q + '.profile')
    for name, keys in {**X86_HOSTS, **X86_TDX_HOSTS}.items():
        facts = dict(X86_BASE, **{k: v for k, v in keys.items() if not k.startswith('@')})
        text = '[host]\narch=%s\nkernel_release=6.12.0\n[x86]\n' % keys.get('@arch', 'x86_64')
        text += ''.join('%s=%s\n' % (k, v) for k, v in sorted(facts.items()) if v is not None)
        path = os.path.join(d, 'x86-' + name + '.profile')
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        out['@x86/' + name] = path
    return out


# x86 verify (x86_verify_rows): the rows of tests/data/x86-verify.tsv recorded from real KVM
# (v*: kvm_pvm with examples/hlt-vmm; a*: kvm_amd in the x86-e2e tier), their policy kinds as
# the CLI tests build them (tests/cli/test-cli-x86.c verify_vectors).
X86_VERIFY_HOST = {'vendor': 'amd', 'cpuid_80000001_ecx': '0x00000004', 'cpuid_8000000a_edx': '0x00000000',
                   'disable_exits_allowed': '0xe', 'kvm_amd': 'true', 'nested': 'true'}
X86_VERIFY_KINDS = {'kept': [], 'kept_no_irqchip': ['--no-irqchip'],
                    'passthrough': ['--pinned', '--latency', '--hlt-passthrough', 'force'],
                    'passthrough_no_irqchip': ['--pinned', '--latency', '--hlt-passthrough', 'force',
                                               '--no-irqchip']}


def x86_verify_real():
    """The rows of x86-verify.tsv that are recordings of real KVM, not synthetic."""
    return [r for r in tsv('x86-verify.tsv') if r['id'][0] in 'va' and r['policy'] in X86_VERIFY_KINDS]


def write_verify_inputs(d, cli, out):
    """Each recorded row's snapshots as JSON, and each policy kind as `x86 policy --json` prints it."""
    host = os.path.join(d, 'x86-verify-amd-6.12.profile')
    with open(host, 'w', encoding='utf-8') as f:
        f.write('[host]\nkernel_release=6.12.0\n[x86]\n' +
                ''.join('%s=%s\n' % kv for kv in sorted(X86_VERIFY_HOST.items())))
    for kind, extra in X86_VERIFY_KINDS.items():
        p = subprocess.run([cli, 'x86', 'policy', '--json', '--host', host] + extra, capture_output=True,
                           text=True, check=True)
        path = os.path.join(d, 'policy-%s.json' % kind)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(p.stdout)
        out['@verify/policy-' + kind] = path
    for r in x86_verify_real():
        for which in ('before', 'after'):
            stats = dict(kv.split('=') for kv in r[which].split(',') if r[which] != '-')
            path = os.path.join(d, '%s.%s.json' % (r['id'], which))
            with open(path, 'w', encoding='utf-8') as f:
                json.dump({k: int(v) for k, v in stats.items()}, f)
            out['@verify/%s.%s' % (r['id'], which)] = path


def x86_verify_rows():
    """x86 verify on each recorded row, with the guest's HLT count and without it."""
    out = []
    for r in x86_verify_real():
        a = ['x86', 'verify', '--policy', '@verify/policy-' + r['policy'], '--before',
             '@verify/%s.before' % r['id'], '--after', '@verify/%s.after' % r['id']]
        out.append(('x86-verify-%s' % r['id'], a + ['--guest-hlts', r['guest_hlts']]))
        if r['guest_hlts'] != 'unknown':
            out.append(('x86-verify-%s-unknown' % r['id'], a))
    return out


def opt(args, name, value):
    if value is not None:
        args += [name, value]


QEMU_PROFILES = ['qemu-7.2-debian12', 'qemu-downstream-hand-edited']


def rows():
    """(id, args) in a stable order; host files as @gen/NAME or @profiles/NAME."""
    out = []
    for r in tsv('ppc-hcall.tsv'):
        caps = 'cap-cfpc=%s,cap-sbbc=%s,cap-ibs=%s,cap-ccf-assist=%s' % (r['cfpc'], r['sbbc'], r['ibs'],
                                                                         r['ccf_assist'])
        for m in MODES[:2]:
            out.append(('%s/%s' % (r['id'], m), ['ppc', 'hcall', '--accel', 'tcg', '--mode', m, '--caps', caps]))
    for r in tsv('ppc-host-levels.tsv'):
        chars = ','.join(r[k] for k in ('character', 'behaviour', 'character_mask', 'behaviour_mask'))
        a = ['ppc', 'hcall', '--chars', chars] + (['--power8-host'] if r['power8_host'] == '1' else [])
        for m in MODES:
            out.append(('%s/%s' % (r['id'], m), a + ['--mode', m]))
    # Host words with the row's host levels: the ppc-host-levels.tsv row that has them.
    words = {tuple(r['expect_' + c] for c in CAPNAMES): r for r in tsv('ppc-host-levels.tsv')
             if r['power8_host'] == '0'}
    for r in tsv('ppc-validate.tsv'):
        h = words.get(tuple(r['host_' + c] for c in CAPNAMES))
        if not h:
            continue  # no measured or derived words give these levels
        caps = ','.join('cap-%s=%s' % (c.replace('_', '-'), r['req_' + c]) for c in CAPNAMES)
        chars = ','.join(h[k] for k in ('character', 'behaviour', 'character_mask', 'behaviour_mask'))
        out.append((r['id'], ['ppc', 'hcall', '--accel', r['accel'], '--mode', 'caps', '--caps', caps,
                              '--chars', chars]))
    for r in tsv('ppc-guest-view.tsv'):
        chars = '%s,%s,0xffffffffffffffff,0xffffffffffffffff' % (r['r4'], r['r5'])
        cpu = {'p8': 'power8', 'p9': 'power9', 'p10': 'power10'}.get(r['guest_isa'], 'power9')
        out.append((r['id'], ['ppc', 'hcall', '--mode', 'host', '--chars', chars, '--guest-cpu', cpu]))
    for r in tsv('ppc-warnings.tsv'):
        chars = ','.join(r[k] for k in ('character', 'behaviour', 'character_mask', 'behaviour_mask'))
        a = ['ppc', 'hcall', '--chars', chars, '--mode', r['mode'], '--accel', r['accel']]
        opt(a, '--caps', None if r['caps'] == '-' else r['caps'])
        out.append((r['id'], a))
    for r in tsv('ppc-power8-guest.tsv'):
        a = ['ppc', 'hcall', '--chars', r['chars']] + (['--power8-host'] if r['power8_host'] == '1' else [])
        opt(a, '--guest-cpu', None if r['guest_cpu'] == '-' else r['guest_cpu'])
        out.append((r['id'], a))
    for r in tsv('ppc-qemu-versions.tsv'):
        a = ['ppc', 'hcall', '--accel', 'tcg']
        opt(a, '--qemu-version', None if r['qemu'] == '-' else r['qemu'])
        opt(a, '--machine', None if r['machine'] == '-' else r['machine'])
        out.append((r['id'], a))
    for r in tsv('ppc-migrate.tsv'):
        out.append((r['id'], ['ppc', 'migrate', '--src', r['src_caps'], '--dst', r['dst_caps']]))
    for r in tsv('ppc-migrate-hosts.tsv'):
        a = ['ppc', 'migrate', '--src-host', '@profiles/' + r['src'], '--dst-host', '@profiles/' + r['dst']]
        opt(a, '--mode', None if r['mode'] in ('-', '') else r['mode'])
        opt(a, '--caps', None if r['caps'] in ('-', '') else r['caps'])
        out.append((r['id'], a))
    for r in tsv('ppc-baseline.tsv'):
        out.append((r['id'], ['ppc', 'baseline'] + ['@profiles/' + p for p in r['profiles'].split(',')]))
    return out + field_rows() + past_table_rows() + generated() + x86_rows() + x86_verify_rows() + x86_kernel_rows()


# Lines users ship, on a host whose KVM lacks FWNMI and AIL mode 3 and has no ibm,dec-bits:
# each user's own fix must be seen by the start verdict (lib/ppc.md#start), the rest not judged.
FIELD = [
    # coreos-assembler mantle/platform/qemu.go (ppc64le): QEMU starts with cap-fwnmi=off.
    ('field-coreos-fwnmi', 'pseries,kvm-type=HV,vsmt=8,cap-fwnmi=off,cap-large-decr=off', '7.2'),
    # Without it, QEMU 7.2 refuses FWNMI ("(FWNMI) not supported by KVM.").
    ('field-coreos-default', 'pseries,kvm-type=HV,vsmt=8', '7.2'),
    # LXD's and Kata's cap-large-decr=off (kata-containers arch/ppc64le-options.mk MACHINEACCELERATORS).
    ('field-kata-large-decr', 'pseries,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-large-decr=off,'
     'cap-ccf-assist=off,cap-fwnmi=off', '7.2'),
    # Kata's kernel_irqchip on a nested host: not judged (no host XIVE fact); the exit rests on the rest.
    ('field-kata-irqchip', 'pseries,kernel_irqchip=on,cap-fwnmi=off,cap-large-decr=off', '7.2'),
    # QEMU 8.2 without KVM_CAP_PPC_AIL_MODE_3: refused by default, started with the hint.
    ('field-ail-mode-3-default', 'pseries,cap-fwnmi=off,cap-large-decr=off', '8.2'),
    ('field-ail-mode-3-off', 'pseries,cap-fwnmi=off,cap-large-decr=off,cap-ail-mode-3=off', '8.2'),
    # max-cpu-compat=power8 turns large-decr off (default_caps_with_cpu()).
    ('field-compat-power8', 'pseries,max-cpu-compat=power8,cap-fwnmi=off', '7.2'),
    # max-cpu-compat=power7 also lowers cfpc and sbbc to broken (qom-get on 7.2.22, 10.0.13, 11.1.3).
    ('field-compat-power7', 'pseries,max-cpu-compat=power7,cap-fwnmi=off', '7.2'),
    ('field-compat-power7-11.1', 'pseries,max-cpu-compat=power7,cap-fwnmi=off', '11.1'),
]


def field_rows():
    return [(rid, ['ppc', 'hcall', '--host', '@gen/field-p9', '--machine', line, '--qemu-version', qemu])
            for rid, line, qemu in FIELD] + tcg_cpu_rows()


# Under TCG without --guest-cpu the guest CPU is the type's default (lib/ppc.md#tcg-default-cpu):
# each boundary type and the "pseries" alias per release; 9.0 to 9.2.2 gave pseries-4.0 to 8.2
# power10; an unknown type's default is assumed power9 (its four caps given).
TCG_CPU = [(None, 'pseries-2.5'), (None, 'pseries-3.1'), (None, None),
           ('7.2', 'pseries-2.5'), ('7.2', 'pseries-2.7'), ('7.2', 'pseries-2.8'), ('7.2', 'pseries-2.12-sxxm'),
           ('7.2', 'pseries-3.1'), ('7.2', 'pseries-4.0'), ('7.2', 'pseries'),
           ('10.0', 'pseries-3.1'), ('10.0', 'pseries-4.0'), ('10.0', 'pseries-8.2'), ('10.0', 'pseries-9.0'),
           ('10.0', None), ('9.1', 'pseries-8.2'), ('9.2', 'pseries-8.2'), ('9.2.3', 'pseries-8.2'),
           ('11.1', 'pseries-11.0'), ('11.1', 'pseries-11.1'), ('11.1', 'pseries'), ('12.0', 'pseries'),
           ('10.0', 'pseries-rhel9.2.0,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off')]


def tcg_cpu_rows():
    out = []
    for n, (qemu, machine) in enumerate(TCG_CPU):
        a = ['ppc', 'hcall', '--accel', 'tcg']
        opt(a, '--qemu-version', qemu)
        opt(a, '--machine', machine)
        out.append(('tcg-cpu-%02d' % n, a))
    return out


# Past the release table's newest row (12.0, 11.2, and 11.1.90, a candidate of 11.2) the default
# cap-sbbc and power11 are unknown (lib/ppc.md#qemu-versions): a request that needs the default
# is refused, one that gives cap-sbbc or has a POWER7 guest is answered; 11.1 and 11.0.90 (a
# candidate of 11.1) answer from the row.
PAST_TABLE = [
    ('past-12.0-caps', ['--qemu-version', '12.0']),
    ('past-11.2-caps', ['--qemu-version', '11.2']),
    ('past-11.1.90-caps', ['--qemu-version', '11.1.90']),
    ('past-12.0-caps-sbbc', ['--qemu-version', '12.0', '--caps', 'cap-sbbc=workaround']),
    ('past-11.2-caps-power7', ['--qemu-version', '11.2', '--guest-cpu', 'power7']),
    ('past-11.1.90-power11-sbbc', ['--qemu-version', '11.1.90', '--guest-cpu', 'power11', '--caps',
                                   'cap-sbbc=broken']),
    ('past-12.0-compat-power7', ['--qemu-version', '12.0', '--machine', 'pseries,max-cpu-compat=power7']),
    ('past-11.1-caps', ['--qemu-version', '11.1']),
    ('past-11.0.90-caps', ['--qemu-version', '11.0.90']),
]


def past_table_rows():
    out = [(rid, ['ppc', 'hcall', '--accel', 'tcg', '--mode', 'caps'] + a) for rid, a in PAST_TABLE]
    # A migration list leaves out the caps that take the default: cap-sbbc then must be given.
    out.append(('past-12.0-migrate', ['ppc', 'migrate', '--src', 'cap-cfpc=workaround', '--dst',
                                      'cap-cfpc=workaround', '--qemu-version', '12.0']))
    out.append(('past-12.0-migrate-sbbc', ['ppc', 'migrate', '--src', 'cap-sbbc=workaround', '--dst',
                                           'cap-sbbc=broken', '--qemu-version', '12.0']))
    return out


# --guest-kernel (since 1.3): the guest's spinlock choice and its reasons
# (lib/x86.md#guest-view rule 3): kernels before and after the reorder of
# kvm_spinlock_init() in each series the library knows, one whose backport
# release is not known, Debian's ABI name (unknown), a bad value (exit 2).
X86_KERNELS = ['6.1.158', '6.1.159', '6.12.57', '6.12.58-1', '6.6.100', '6.18', '6.1.0-57-amd64', 'v6']
X86_KERNEL_HOSTS = ['@profiles/amd-zen5-idle-hlt-6.15', '@x86/amd-guest']


def x86_kernel_rows():
    """x86 policy --guest-kernel: placement x CPU mode x HLT override x kernel, on a bare-metal host and a VM."""
    out = []
    for n, (h, place, hlt, mode, k) in enumerate(itertools.product(
            X86_KERNEL_HOSTS, X86_PLACEMENT, [None, 'force'], [None, 'other'], X86_KERNELS)):
        a = ['x86', 'policy', '--host', h] + place + ['--vcpus', '2', '--guest-kernel', k]
        opt(a, '--hlt-passthrough', hlt)
        opt(a, '--cpu-mode', mode)
        out.append(('x86-kernel-%04d' % n, a))
    return out


def x86_rows():
    """x86 policy: every host x placement x CVM x override, the other options in turn."""
    hosts = ['@x86/' + h for h in X86_HOSTS] + ['@profiles/' + e for e in X86_EXAMPLES]
    out = []
    for n, (h, place, cvm, hlt) in enumerate(itertools.product(hosts, X86_PLACEMENT, X86_CVMS, X86_HLT)):
        a = ['x86', 'policy', '--host', h] + place
        opt(a, '--cvm', cvm)
        opt(a, '--hlt-passthrough', hlt)
        a += X86_EXTRA[n % len(X86_EXTRA)]
        out.append(('x86-policy-%04d' % n, a))
    # --cvm tdx (since 1.3), rows of their own so that the rows above keep their numbers: Intel
    # hosts with kvm_intel.tdx on, off and not read, an AMD host and one without a vendor.
    tdx_hosts = ['@x86/' + h for h in ('intel', 'intel-tdx-on', 'intel-tdx-off', 'amd-sev-on', 'no-vendor')]
    tdx_extra = [[], ['--no-irqchip'], ['--want-mwait'], ['--halt-poll-ns', '777'], ['--cpu-mode', 'other']]
    for n, (h, place, hlt) in enumerate(itertools.product(tdx_hosts, X86_PLACEMENT, X86_HLT)):
        a = ['x86', 'policy', '--host', h] + place + ['--cvm', 'tdx']
        opt(a, '--hlt-passthrough', hlt)
        a += tdx_extra[n % len(tdx_extra)]
        out.append(('x86-tdx-%04d' % n, a))
    return out


def generated():
    """The combinations: every host x CPU x machine x mode, caps and QEMU versions in turn."""
    hosts = ['@gen/%s+%s' % h for h in GEN_HOSTS] + ['@profiles/' + e for e in EXAMPLES] + \
        ['@gen/hl-e2e-wa+p8-contradicts']
    out = []
    for n, (h, cpu, machine, mode) in enumerate(itertools.product(hosts, CPUS, MACHINES, MODES)):
        a = ['ppc', 'hcall', '--host', h, '--mode', mode]
        opt(a, '--guest-cpu', cpu)
        opt(a, '--machine', machine)
        opt(a, '--caps', CAPS[n % len(CAPS)])
        opt(a, '--qemu-version', QEMUS[(n // len(CAPS)) % len(QEMUS)])
        out.append(('gen-hcall-%04d' % n, a))
    for n, cpu in enumerate(CPUS[1:]):
        for machine in MACHINES:
            a = ['ppc', 'hcall', '--accel', 'tcg', '--guest-cpu', cpu]
            opt(a, '--machine', machine)
            out.append(('gen-tcg-%s-%s' % (cpu, machine), a))
    # Types whose defaults are unknown here: answered from all four caps only (lib/ppc.md#unknown-types).
    unknown = [('pseries-rhel9.2.0', None), ('pseries-rhel7.6.0,cap-ccf-assist=off', None),
               ('pseries-12.0', '12.0'), ('pseries-12.0', '11.1')]
    unknown_caps = ['cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround', CAPS[4], CAPS[1], None]
    for n, (h, (machine, qemu), mode) in enumerate(itertools.product(hosts[:8], unknown, MODES)):
        a = ['ppc', 'hcall', '--host', h, '--mode', mode, '--machine', machine]
        opt(a, '--caps', unknown_caps[n % len(unknown_caps)])
        opt(a, '--qemu-version', qemu)
        out.append(('gen-unknown-type-%03d' % n, a))
    for machine, qemu in unknown:
        a = ['ppc', 'hcall', '--accel', 'tcg', '--machine', machine, '--caps', unknown_caps[0]]
        opt(a, '--qemu-version', qemu)
        out.append(('gen-unknown-type-tcg-%s-%s' % (machine.split(',')[0], qemu), a))
    ppc_hosts = [h for h in hosts if 'amd' not in h]
    for n, (src, dst) in enumerate(itertools.product(ppc_hosts, ppc_hosts)):
        if n % 2:
            continue
        a = ['ppc', 'migrate', '--src-host', src, '--dst-host', dst, '--mode', MODES[(n // 2) % 2]]
        opt(a, '--guest-cpu', CPUS[(n // 2) % len(CPUS)])
        opt(a, '--machine', MACHINES[(n // 3) % len(MACHINES)])
        opt(a, '--qemu-version', QEMUS[(n // 5) % len(QEMUS)])
        out.append(('gen-migrate-%04d' % n, a))
    for n, fleet in enumerate(itertools.combinations(hosts, 2)):
        if n % 3:
            continue
        a = ['ppc', 'baseline', *fleet]
        opt(a, '--guest-cpu', CPUS[(n // 3) % len(CPUS)])
        opt(a, '--machine', MACHINES[(n // 5) % len(MACHINES)])
        out.append(('gen-baseline-%04d' % n, a))
    for n, (machine, qemu) in enumerate(unknown):
        a = ['ppc', 'migrate', '--src-host', ppc_hosts[n], '--dst-host', ppc_hosts[n + 4], '--machine', machine,
             '--caps', unknown_caps[n % 2]]
        opt(a, '--qemu-version', qemu)
        out.append(('gen-unknown-type-migrate-%d' % n, a))
    for n in range(0, len(hosts) - 2, 2):
        out.append(('gen-baseline3-%02d' % n, ['ppc', 'baseline', *hosts[n:n + 3]]))
    # Contradictory facts (POWER words with arch=x86_64) in every command.
    bad = '@gen/hl-e2e-wa+x86-contradicts'
    out += [('gen-x86-words-hcall', ['ppc', 'hcall', '--host', bad]),
            ('gen-x86-words-migrate', ['ppc', 'migrate', '--src-host', hosts[0], '--dst-host', bad]),
            ('gen-x86-words-baseline', ['ppc', 'baseline', hosts[0], bad])]
    # QEMU profiles (lib/ppc.md#qemu-profiles): the one probed from Debian 12's QEMU 7.2.22, its
    # types and CPU families under KVM (host profiles) and TCG; and the hand-edited one's
    # downstream-named type, answered from its own (hand-edited, marked) defaults.
    q72 = '@qemu/qemu-7.2-debian12'
    for n, (h, machine, cpu) in enumerate(itertools.product(
            ['@profiles/' + e for e in EXAMPLES[:3]] + [None],
            [None, 'pseries-2.11', 'pseries-2.12-sxxm', 'pseries-3.1', 'pseries-4.1', 'pseries-6.2'],
            [None, 'power8', 'power9', 'power10', 'power11'])):
        a = ['ppc', 'hcall', '--qemu', q72]
        if h:
            a += ['--host', h, '--mode', MODES[n % 2]]
        else:
            a += ['--accel', 'tcg', '--mode', 'caps']
        opt(a, '--machine', machine)
        opt(a, '--guest-cpu', cpu)
        out.append(('gen-qemu-profile-%03d' % n, a))
    for n, h in enumerate(['@profiles/' + e for e in EXAMPLES[:3]]):
        out.append(('gen-qemu-profile-hand-edited-rhel-%d' % n,
                    ['ppc', 'hcall', '--qemu', '@qemu/qemu-downstream-hand-edited', '--host', h,
                     '--machine', 'pseries-rhel9.2.0']))
    # --qemu FILE on migrate (both forms) and baseline (since 1.3): the unlisted caps of a LIST from the
    # profile's default type, the hosts' decision and the fleet's guest CPU and warnings from its types.
    lists = ['cap-cfpc=broken', 'cap-sbbc=broken', 'cap-ibs=fixed-ccd,cap-ccf-assist=on',
             'broken,broken,broken,off', '<features><ccf-assist state="on"/></features>']
    for n, (src, dst) in enumerate(itertools.product(lists, lists)):
        out.append(('gen-qemu-profile-migrate-list-%02d' % n,
                    ['ppc', 'migrate', '--qemu', q72, '--src', src, '--dst', dst]))
    for n, ((src, dst), machine, cpu) in enumerate(itertools.product(
            itertools.permutations(['@profiles/' + e for e in EXAMPLES[:4]], 2),
            [None, 'pseries-2.11', 'pseries-3.1', 'pseries-6.2'], [None, 'power8', 'power10', 'power11'])):
        if n % 3:
            continue
        a = ['ppc', 'migrate', '--qemu', q72, '--src-host', src, '--dst-host', dst, '--mode', MODES[(n // 3) % 2]]
        opt(a, '--machine', machine)
        opt(a, '--guest-cpu', cpu)
        out.append(('gen-qemu-profile-migrate-hosts-%03d' % n, a))
    for n, (fleet, machine, cpu) in enumerate(itertools.product(
            itertools.combinations(['@profiles/' + e for e in EXAMPLES[:5]], 2),
            [None, 'pseries-2.11', 'pseries-3.1', 'pseries-rhel9.2.0'], [None, 'power8', 'power11'])):
        a = ['ppc', 'baseline', '--qemu', q72, *fleet]
        opt(a, '--machine', machine)
        opt(a, '--guest-cpu', cpu)
        out.append(('gen-qemu-profile-baseline-%03d' % n, a))
    # -machine lines against the profile's type (since 1.3): its properties decide which caps QEMU takes.
    lines = ['pseries,cap-rpt-invalidate=on', 'pseries-2.1,cap-ail-mode-3=off', 'pseries-7.2,cap-x-vendor=on',
             'cap-nested-hv=off,type=pseries-6.2', 'pseries-8.0,cap-htm=off']
    for n, line in enumerate(lines):
        out.append(('gen-qemu-profile-line-hcall-%d' % n,
                    ['ppc', 'hcall', '--qemu', q72, '--host', '@profiles/' + EXAMPLES[0], '--machine', line]))
        out.append(('gen-qemu-profile-line-migrate-%d' % n,
                    ['ppc', 'migrate', '--qemu', q72, '--src-host', '@profiles/' + EXAMPLES[0], '--dst-host',
                     '@profiles/' + EXAMPLES[1], '--machine', line]))
    # cap-hpt-max-page-size from the profile's types on a 4 KiB host, and the table's answer for each.
    for machine in ['pseries-2.11', 'pseries-2.12-sxxm', 'pseries-3.0', 'pseries-3.1', 'pseries-7.2']:
        for target in (['--qemu', q72], ['--qemu-version', '7.2']):
            out.append(('gen-qemu-profile-hpt-%s-%s' % (machine, target[0][2:]),
                        ['ppc', 'hcall', '--host', '@gen/l1-4k', '--machine', machine] + target))
    # A libvirt fragment's <htm>, <nested-hv> and <hpt><maxpagesize> (since 1.3): libvirt passes them to
    # QEMU as caps, so the start verdict judges them; one also in --machine is refused, as a cap is.
    frags = ["<features><htm state='on'/><cfpc value='broken'/></features>",
             "<nested-hv state='on'/><hpt resizing='enabled'><maxpagesize unit='KiB'>64</maxpagesize></hpt>",
             "<hpt><maxpagesize unit='GiB'>16</maxpagesize></hpt>", "<hpt><maxpagesize>48</maxpagesize></hpt>"]
    for n, (frag, target) in enumerate(itertools.product(
            frags, [['--accel', 'tcg'], ['--host', '@gen/l1-4k'], ['--host', '@profiles/' + EXAMPLES[1]]])):
        out.append(('gen-libvirt-start-caps-%02d' % n, ['ppc', 'hcall', '--caps', frag, '--mode', 'caps'] + target))
    out.append(('gen-libvirt-start-caps-twice', ['ppc', 'hcall', '--accel', 'tcg', '--machine',
                                                 'pseries,cap-htm=off', '--caps', "<htm state='on'/>"]))
    return out


def resolve(args, paths):
    """The command line of a row: host names to their files."""
    return [paths.get(a, a) for a in args]


def label(text, paths):
    """Which host a migrate or baseline message is about and the cap it names."""
    who = ''
    for name, path in paths.items():
        if text.startswith(path + ':'):
            who = name
    cap = ''
    i = text.find('cap-')
    if i >= 0:
        cap = text[i:].split('=')[0].split(' ')[0].rstrip(',;:)')
    return '%s %s' % (who, cap)


def refusal(w, paths):
    """Why a row is refused: the errno by its name, the option (member) and the item, a host file by its row name.

    The CLI's JSON error names the errno ("ENOENT"), golden-lib gives its number: both are
    named here as this platform's errno module names the number. The message is left out."""
    e = w.get('errno')
    if isinstance(e, str) and hasattr(errno, e):
        e = getattr(errno, e)
    if isinstance(e, int):
        e = errno.errorcode.get(e, str(e))
    names = {v: k for k, v in paths.items()}
    item = w.get('item')
    return {'errno': e, 'member': w.get('member'), 'item': names.get(item, item)}


def project(cmd, rc, j, paths):
    """The answer fields of one --json object."""
    if j is None:
        return {'exit': rc}
    if 'error' in j:
        return {'exit': rc, 'why': refusal(j['error'], paths)}
    a = {'exit': rc}
    qv = j.get('qemu_version')
    if qv:
        a['qemu_answered'] = qv.get('answered')
    if cmd == 'policy':
        for k in ('disable_exits', 'hints_realtime', 'pv_unhalt', 'poll_control', 'expose_idle_hlt', 'halt_poll_ns',
                  'idle_hlt_active', 'guest', 'qemu', 'qemu_shell', 'libvirt', 'not_expressible'):
            a[k] = j.get(k)
        a['reasons'] = [r['code'] for r in j.get('reasons', [])]
    elif cmd == 'verify':
        for k in ('hlt', 'halt_poll', 'guest_hlts', 'halt_exits', 'halt_attempted_poll', 'halt_successful_poll',
                  'exits'):
            a[k] = j.get(k)
        a['reasons'] = [r['code'] for r in j.get('reasons', [])]
    elif cmd == 'hcall':
        for k in ('guest_cpu', 'mode', 'host_info', 'migration_safe', 'host_caps', 'effective_caps', 'r4', 'r5',
                  'guest_view', 'qemu', 'libvirt', 'machine_caps_source', 'machine_caps'):
            a[k] = j.get(k)
        a['conflicts'] = ['%s %s %s %s%s' % (c['cap'], c['code'], c['severity'], c['requested'],
                                             ' default' if c['from_default'] else '') for c in j['conflicts']]
        a['warnings'] = [w['code'] for w in j['warnings']]
        a['not_expressible'] = j.get('not_expressible')
    elif cmd == 'migrate':
        for k in ('ok', 'guest_cpu', 'mode', 'effective_caps', 'dst_host_caps', 'guest_view'):
            if k in j:
                a[k] = j[k]
        a['errors'] = [label(e, paths) for e in j.get('errors', [])]
        a['warnings'] = [label(w, paths) for w in j.get('warnings', [])]
    else:
        for k in ('caps', 'r4', 'r5', 'guest_view', 'qemu', 'libvirt'):
            a[k] = j.get(k)
        names = {v: k for k, v in paths.items()}
        a['held_back'] = ['%s %s %s' % (h['cap'], names.get(h['host'], h['host']), h['level'])
                          for h in j.get('held_back', [])]
        a['warnings'] = [w['code'] for w in j.get('warnings', [])]
    return a


def run_cli(cli, args):
    p = subprocess.run([cli] + args + ['--json'], capture_output=True, text=True, check=False)
    try:
        # Exit 2 of a POWER command: its JSON error says why (vcpuchar(1) "JSON errors").
        j = json.loads(p.stdout) if p.returncode in (0, 1) or (p.returncode == 2 and p.stdout) else None
    except ValueError:
        j = {'unparsable': p.stdout[:200]}
    return p.returncode, j


def run_lib(driver, lines):
    """The driver reads one JSON array of arguments per line and prints one JSON object per line."""
    p = subprocess.run([driver], input=''.join(json.dumps(a) + '\n' for a in lines), capture_output=True,
                       text=True, check=False)
    if p.returncode != 0:
        sys.exit('golden: %s exited %d: %s' % (driver, p.returncode, p.stderr[-2000:]))
    out = [json.loads(line) for line in p.stdout.splitlines()]
    if len(out) != len(lines):
        sys.exit('golden: %s answered %d rows of %d' % (driver, len(out), len(lines)))
    return out


def show(old, new):
    """The fields of two answers that differ, one line each."""
    old, new = old or {}, new or {}
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return ''.join('      %s: %s -> %s\n' % (k, json.dumps(old.get(k)), json.dumps(new.get(k))) for k in keys)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('cli')
    ap.add_argument('--lib', help='the library driver (golden-lib)')
    ap.add_argument('--update', action='store_true')
    ap.add_argument('--golden', default=os.path.join(ROOT, 'tests', 'golden', 'ppc-golden.jsonl'))
    ap.add_argument('--golden-x86', default=os.path.join(ROOT, 'tests', 'golden', 'x86-golden.jsonl'))
    o = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        paths = write_profiles(d)
        write_verify_inputs(d, o.cli, paths)
        rs = rows()
        answers = {}
        for rid, args in rs:
            rc, j = run_cli(o.cli, resolve(args, paths))
            answers[rid] = project(args[1], rc, j, paths)
        lib = None
        if o.lib:
            got = run_lib(o.lib, [resolve(a, paths) for _, a in rs])
            lib = {rid: (g if 'pending' in g else {'exit': g['exit'], 'why': refusal(g['why'], paths)} if 'why' in g
                         else project(a[1], g['exit'], g.get('json'), paths))
                   for (rid, a), g in zip(rs, got)}
    golden = {}
    files = {'ppc': o.golden, 'x86': o.golden_x86}
    for path in files.values():
        if os.path.exists(path):
            with open(path, encoding='utf-8') as f:
                for line in f:
                    row = json.loads(line)
                    golden[row['id']] = row
    changed = [rid for rid, _ in rs if rid in golden and golden[rid]['answer'] != answers[rid]]
    added = [rid for rid, _ in rs if rid not in golden]
    removed = [rid for rid in golden if rid not in answers]
    if o.update:
        for arch, path in files.items():
            with open(path, 'w', encoding='utf-8') as f:
                for rid, args in rs:
                    if args[0] == arch:
                        f.write(json.dumps({'id': rid, 'args': args, 'answer': answers[rid]}, sort_keys=True) + '\n')
        print('golden: %d rows written to %s: %d changed, %d added, %d removed' % (
            len(rs), ' and '.join(files.values()), len(changed), len(added), len(removed)))
        for rid in changed:
            print('  changed %s: %s' % (rid, ' '.join(golden[rid]['args'])))
            print(show(golden[rid]['answer'], answers[rid]), end='')
        for rid in removed:
            print('  removed %s' % rid)
        return 0
    fails = 0
    args_of = dict(rs)
    for rid in changed + added + removed:
        fails += 1
        print('CLI differs in %s: vcpuchar %s' % (rid, ' '.join(args_of.get(rid, golden.get(rid, {}).get('args', [])))))
        print('    golden -> cli:\n' + show(golden.get(rid, {}).get('answer'), answers.get(rid)), end='')
    pending = {}
    if lib is not None:
        for rid, args in rs:
            g = lib[rid]
            if 'pending' in g:
                pending[g['pending']] = pending.get(g['pending'], 0) + 1
            elif rid in golden and g != golden[rid]['answer']:
                fails += 1
                print('library differs in %s: vcpuchar %s' % (rid, ' '.join(args)))
                print('    golden -> library:\n' + show(golden[rid]['answer'], g), end='')
    why = ''
    if pending:
        why = ' (the library driver cannot answer %d rows: %s)' % (
            sum(pending.values()), ', '.join('%s %d' % kv for kv in sorted(pending.items())))
    print('golden: %d rows, %d differ%s' % (len(rs), fails, why))
    return 1 if fails or pending else 0


if __name__ == '__main__':
    sys.exit(main())
