#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""promtool test rules over vcpuchar.rules.yml with the metrics `vcpuchar export` writes
(README.md here): the recorded pool baseline equals `vcpuchar ppc baseline --json`
(vcpuchar_ppc_fleet_baseline()) for the bundled, test and generated fleets, the held-back
alert names the hosts the library names, and the drop and guest alerts fire exactly where
they should.

Usage: run-rules.py VCPUCHAR RULES [--hosts N] [--keep DIR]; exits 77 without promtool.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'cli'))
import export_hosts  # noqa: E402

PER_MODE = ('vcpuchar_ppc_hcall_info', 'vcpuchar_guest_vulnerability_info')
SERIES = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$')


def export(cli, hosts, out):
    """name -> list of (metric, labels text without braces, value) of each host's textfile."""
    def run(item):
        name, path = item
        prom = os.path.join(out, name + '.prom')
        return name, prom, subprocess.run([cli, 'export', '--host', path, '--prometheus', prom],
                                          capture_output=True, text=True)

    metrics = {}
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        done = list(pool.map(run, sorted(hosts.items())))
    for name, prom, r in done:
        if r.returncode != 0:
            sys.exit('export %s: exit %d: %s' % (name, r.returncode, r.stderr.strip()))
        rows = []
        with open(prom, encoding='utf-8') as f:
            for line in f:
                if line.startswith('#'):
                    continue
                m = SERIES.match(line.rstrip('\n'))
                if not m:
                    sys.exit('%s: not a sample line: %r' % (prom, line))
                rows.append((m.group(1), (m.group(2) or '{}')[1:-1], m.group(3)))
        metrics[name] = rows
    return metrics


def series(metric, labels, extra):
    """A series selector of promtool's input: the export's labels and ours."""
    own = ','.join('%s="%s"' % kv for kv in extra)
    return '%s{%s}' % (metric, ','.join(x for x in (labels, own) if x))


def baseline(cli, paths):
    r = subprocess.run([cli, 'ppc', 'baseline', '--json'] + paths, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit('ppc baseline: exit %d: %s' % (r.returncode, r.stderr.strip()))
    return json.loads(r.stdout)


def split(text):
    """prometheus/procfs sysfs/vulnerability.go parseVulnerability(), as README.md here states
    it: a second implementation, so that the export's own split is checked against it."""
    text = text.strip()
    low = text.lower()
    for state in ('not affected', 'vulnerable', 'mitigation', 'unknown'):
        if low.startswith(state):
            return state, '' if state == 'not affected' else ' '.join(text.split()[1:])
    return 'unknown', text


def quote(s):
    return s.replace('\\', '\\\\').replace('"', '\\"')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('cli')
    ap.add_argument('rules')
    ap.add_argument('--hosts', type=int, default=1000)
    ap.add_argument('--keep')
    a = ap.parse_args()
    promtool = shutil.which('promtool')
    if not promtool:
        print('promtool not found (Debian package prometheus; tests/prometheus-rules/setup.sh)')
        return 77
    tmp = a.keep or tempfile.mkdtemp(prefix='vcpuchar-rules-')
    os.makedirs(tmp, exist_ok=True)
    start = time.monotonic()
    bundled = {n: p for n, p in export_hosts.bundled().items() if not n.startswith('amd')}
    pools = {'bundled': bundled, 'test': export_hosts.test_hosts(tmp),
             'generated': export_hosts.generated(tmp, a.hosts)}
    x86 = {n: p for n, p in export_hosts.bundled().items() if n.startswith('amd')}
    metrics = export(a.cli, {k: v for hosts in list(pools.values()) + [x86] for k, v in hosts.items()}, tmp)
    exported = time.monotonic()
    lib = {pool: baseline(a.cli, [hosts[n] for n in sorted(hosts)]) for pool, hosts in pools.items()}

    # 1. Every exported series of every host of every pool; the recorded baseline at 5m.
    # promtool's test engine loads at most 10,000 samples a query: the generated fleet's
    # per-mode series (18 a host: R4/R5 and the guest view) stay out, its levels go in.
    inputs, samples = [], []
    for pool, hosts in sorted(pools.items()):
        for n in sorted(hosts):
            for metric, labels, value in metrics[n]:
                if pool == 'generated' and metric in PER_MODE:
                    continue
                inputs.append({'series': series(metric, labels, [('instance', n), ('pool', pool)]),
                               'values': '%sx10' % value})
        for cap in export_hosts.CAPS:
            level = lib[pool]['caps'][cap.replace('-', '_')]
            samples.append({'labels': 'vcpuchar:ppc_pool_cap_level:min{pool="%s",cap="%s"}' % (pool, cap),
                            'value': export_hosts.LEVEL[level]})
    # The x86 hosts export no POWER series: in a pool of their own they record nothing.
    for n in sorted(x86):
        for metric, labels, value in metrics[n]:
            if metric.startswith('vcpuchar_ppc_') or metric.startswith('vcpuchar_guest_'):
                sys.exit('%s: an x86 host exported %s' % (n, metric))
            inputs.append({'series': series(metric, labels, [('instance', n), ('pool', 'x86')]),
                           'values': '%sx10' % value})
    tests = [{'name': 'pool baselines', 'interval': '1m', 'input_series': inputs,
              'promql_expr_test': [{'expr': 'vcpuchar:ppc_pool_cap_level:min', 'eval_time': '5m',
                                    'exp_samples': samples}]}]

    # 2. The held-back alert in the bundled and test pools: the library's held_back list.
    inputs, alerts = [], []
    for pool in ('bundled', 'test'):
        hosts = pools[pool]
        by_path = {p: n for n, p in hosts.items()}
        for n in sorted(hosts):
            for metric, labels, value in metrics[n]:
                if metric in ('vcpuchar_ppc_fleet_cap_level', 'vcpuchar_ppc_host_information'):
                    inputs.append({'series': series(metric, labels, [('instance', n), ('pool', pool)]),
                                   'values': '%sx90' % value})
        for h in lib[pool]['held_back']:
            n = by_path[h['host']]
            alerts.append({'exp_labels': {'severity': 'info', 'instance': n, 'pool': pool, 'cap': h['cap']},
                           'exp_annotations': {'summary': "%s holds its pool's cap-%s baseline back" % (n, h['cap'])}})
    tests.append({'name': 'held back', 'interval': '1m', 'input_series': inputs,
                  'alert_rule_test': [{'alertname': 'VcpucharHostHoldsPoolBack', 'eval_time': '80m',
                                       'exp_alerts': alerts}]})

    # 3. A host that falls below its pool, and guests that report what their host
    # predicts, or not (the guests' texts split as node_exporter splits them).
    p9 = bundled['power9-dd2.3-opal']
    fleet = {labels: value for metric, labels, value in metrics['power9-dd2.3-opal']
             if metric == 'vcpuchar_ppc_fleet_cap_level'}
    inputs = []
    for labels, value in fleet.items():
        inputs.append({'series': series('vcpuchar_ppc_fleet_cap_level', labels, [('instance', 'a'), ('pool', 'p')]),
                       'values': '%sx200' % value})
        # b loses cfpc=workaround at 60m (a kernel without the fw-features node, say).
        drop = labels == 'cap="cfpc"'
        inputs.append({'series': series('vcpuchar_ppc_fleet_cap_level', labels, [('instance', 'b'), ('pool', 'p')]),
                       'values': ('%sx60 0x140' % value) if drop else '%sx200' % value})
    for metric, labels, value in metrics['power9-dd2.3-opal']:
        if metric == 'vcpuchar_guest_vulnerability_info':
            inputs.append({'series': series(metric, labels, [('instance', 'h')]), 'values': '1x200'})
    views = {}
    for mode in ('host-max',):
        r = subprocess.run([a.cli, 'ppc', 'hcall', '--host', p9, '--mode', mode, '--json'],
                           capture_output=True, text=True)
        views[mode] = json.loads(r.stdout)['guest_view']
    guests = {
        # As predicted in host-max mode, and a vulnerability the prediction does not cover.
        'g1': ({'vcpuchar_host': 'h', 'vcpuchar_mode': 'host-max'},
               dict(views['host-max'], mds='Not affected')),
        # No mode: compared with host-max mode; its spectre_v2 lacks the link stack flush.
        'g2': ({'vcpuchar_host': 'h'},
               dict(views['host-max'], spectre_v2='Mitigation: Software count cache flush (hardware accelerated)')),
        # Tied to no host: never compared.
        'g3': ({}, {'meltdown': 'Vulnerable'}),
    }
    for g, (labels, files) in guests.items():
        for codename, text in files.items():
            state, mitigation = split(text)
            extra = [('instance', g)] + sorted(labels.items()) + [
                ('codename', codename), ('state', state), ('mitigation', quote(mitigation))]
            inputs.append({'series': series('node_cpu_vulnerabilities_info', '', extra), 'values': '1x200'})
    state, mitigation = split('Mitigation: Software count cache flush (hardware accelerated)')
    guest_alert = {
        'exp_labels': {'severity': 'warning', 'instance': 'g2', 'vcpuchar_host': 'h', 'vcpuchar_mode': 'host-max',
                       'codename': 'spectre_v2', 'state': state, 'mitigation': mitigation},
        'exp_annotations': {'summary': "g2 reports spectre_v2 as '%s: %s', not what h gives a guest in host-max mode" % (
            state, mitigation)}}
    below = {'exp_labels': {'severity': 'warning', 'instance': 'b', 'pool': 'p', 'cap': 'cfpc'},
             'exp_annotations': {'summary': "b accepts cap-cfpc only up to level 0, below its pool's baseline of "
                                            "the last week"}}
    tests.append({'name': 'drop and guests', 'interval': '1m', 'input_series': inputs,
                  'alert_rule_test': [
                      {'alertname': 'VcpucharHostBelowPoolBaseline', 'eval_time': '50m', 'exp_alerts': []},
                      {'alertname': 'VcpucharHostBelowPoolBaseline', 'eval_time': '65m', 'exp_alerts': []},
                      {'alertname': 'VcpucharHostBelowPoolBaseline', 'eval_time': '80m', 'exp_alerts': [below]},
                      {'alertname': 'VcpucharGuestMitigationsDiffer', 'eval_time': '5m', 'exp_alerts': []},
                      {'alertname': 'VcpucharGuestMitigationsDiffer', 'eval_time': '20m',
                       'exp_alerts': [guest_alert]}],
                  'promql_expr_test': [{'expr': 'vcpuchar:ppc_pool_cap_level:min{cap="cfpc"}', 'eval_time': '80m',
                                        'exp_samples': [{'labels': 'vcpuchar:ppc_pool_cap_level:min{pool="p",'
                                                                   'cap="cfpc"}', 'value': 0}]}]})

    test_file = os.path.join(tmp, 'vcpuchar.test.yml')
    with open(test_file, 'w', encoding='utf-8') as f:
        # JSON is YAML: promtool reads it as it is.
        json.dump({'rule_files': [os.path.abspath(a.rules)], 'evaluation_interval': '1m', 'tests': tests}, f)
    n_series = sum(len(t['input_series']) for t in tests)
    r = subprocess.run([promtool, 'test', 'rules', test_file], capture_output=True, text=True)
    print('export and ppc baseline: %.1f s; promtool: %.1f s' % (exported - start, time.monotonic() - exported))
    print(r.stdout[-4000:], r.stderr[-4000:])
    print('rules: %d hosts (bundled %d, test %d, generated %d, x86 %d), %d input series, %d baselines compared, '
          '%d held-back alerts, promtool exit %d, %.1f s' % (
              sum(len(h) for h in pools.values()), len(pools['bundled']), len(pools['test']), len(pools['generated']), len(x86),
              n_series, len(samples), len(alerts), r.returncode, time.monotonic() - start))
    if not a.keep:
        shutil.rmtree(tmp)
    return 0 if r.returncode == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
