#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# vcpuchar qemu probe: the installed qemu-system-ppc64 asked over QMP, its
# answers checked against QEMU's own sources (below), and binaries that are
# no QEMU (one that exits at once, one that prints no QMP, one that never
# answers) refused with a message naming what happened, leaving no process
# (a wrapper's own children included); a fake QMP responder whose names are
# hostile (refused) or whose package holds ESC (escaped), and the QMP
# commands it gets (JSON, not pasted); --save under export's save rule.
# Exits 77 when qemu-system-ppc64 is not installed (tests/setup-debian.sh).
# Usage: cli-qemu-probe.sh VCPUCHAR SRCDIR
set -u
cli=$1 src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"

# The hostile binaries first: they need no QEMU.
expect "no such binary" 2 '--binary /nonexistent/qemu: No such file or directory' -- \
	"$cli" qemu probe --binary /nonexistent/qemu
expect "exits at once" 2 '/bin/true -machine none: exited with status 0' -- \
	"$cli" qemu probe --binary /bin/true --timeout 10
expect "exits at once, failing" 2 '/bin/false -machine none: exited with status 1' -- \
	"$cli" qemu probe --binary /bin/false --timeout 10
printf '#!/bin/sh\necho "this is not QMP"\nexec sleep 600\n' >"$tmp/garbage"
chmod +x "$tmp/garbage"
expect "no QMP" 2 "not QMP: the line 'this is not QMP' is no JSON object" -- \
	"$cli" qemu probe --binary "$tmp/garbage" --timeout 10
printf '#!/bin/sh\necho "{\\"hello\\": 1}"\nexec sleep 600\n' >"$tmp/json"
chmod +x "$tmp/json"
expect "JSON, no greeting" 2 'not QMP: its first line is no QMP greeting' -- \
	"$cli" qemu probe --binary "$tmp/json" --timeout 10
# Never answers: killed at the timeout, and reaped.
printf '#!/bin/sh\necho $$ >"%s/pid"\necho "dying words" >&2\nexec sleep 600\n' "$tmp" >"$tmp/mute"
chmod +x "$tmp/mute"
expect "timeout" 2 'no answer within the timeout; killed; it said: dying words' -- \
	"$cli" qemu probe --binary "$tmp/mute" --timeout 1
cases=$((cases + 1))
if [ -s "$tmp/pid" ] && kill -0 "$(cat "$tmp/pid")" 2>/dev/null; then
	: >"$tmp/err"
	fail "the timed-out child $(cat "$tmp/pid") is still there"
fi
# The probe killed from outside: its child dies with it (PR_SET_PDEATHSIG).
rm -f "$tmp/pid"
"$cli" qemu probe --binary "$tmp/mute" --timeout 60 >/dev/null 2>&1 &
probe=$!
for _ in $(seq 100); do [ -s "$tmp/pid" ] && break; sleep 0.1; done
kill -9 "$probe"
wait "$probe" 2>/dev/null
cases=$((cases + 1))
child=$(cat "$tmp/pid" 2>/dev/null)
for _ in $(seq 50); do { [ -n "$child" ] && kill -0 "$child" 2>/dev/null; } || break; sleep 0.1; done
if [ -z "$child" ] || kill -0 "$child" 2>/dev/null; then
	: >"$tmp/err"
	fail "the child '${child}' of a killed probe is still there"
	[ -n "$child" ] && kill -9 "$child"
fi
# A fake QMP responder (fault injection): what a hostile binary says. FAKE_MACHINE names its
# pseries type, FAKE_PACKAGE its package; every command it gets is logged, one JSON line each.
cat >"$tmp/fake" <<'PY'
#!/usr/bin/env python3
import json, os, sys
log = open(os.environ['FAKE_LOG'], 'a')
machine = os.environ.get('FAKE_MACHINE', 'pseries-7.2')
answers = {
    'qmp_capabilities': {},
    'query-version': {'qemu': {'major': 7, 'minor': 2, 'micro': 0}, 'package': os.environ.get('FAKE_PACKAGE', '')},
    'query-machines': [{'name': machine, 'is-default': True, 'default-cpu-type': 'power9_v2.0-powerpc64-cpu'}],
    'query-cpu-definitions': [{'name': 'power9'}],
    'qom-list-properties': [{'name': 'cap-cfpc'}],
    'qom-list': [{'name': 'cap-cfpc', 'type': 'string'}],
    'qom-get': 'workaround',
}
print(json.dumps({'QMP': {'version': {}}}), flush=True)
for line in sys.stdin:
    log.write(line)
    log.flush()
    cmd = json.loads(line)
    print(json.dumps({'return': answers[cmd['execute']]}), flush=True)
PY
chmod +x "$tmp/fake"
export FAKE_LOG=$tmp/fake.log
for bad in 'pseries-x]' 'pseries-a,b' "$(printf 'pseries-\033[31m')" "$(printf 'pseries-a\nb')" 'pseries-"}'; do
	expect "machine name ${bad:0:10}" 2 "$tmp/fake -machine none: not QEMU's answer: the machine type .*outside QEMU's type names" -- \
		env FAKE_MACHINE="$bad" "$cli" qemu probe --binary "$tmp/fake" --timeout 20 --save "$tmp/fake.profile"
	cases=$((cases + 1))
	grep -q CRITICAL "$tmp/err" && fail "machine name ${bad:0:10}: a GLib critical"
	[ -e "$tmp/fake.profile" ] && fail "machine name ${bad:0:10}: a profile was saved"
done
# A package with ESC and a newline: escaped in the text, kept exact in the JSON.
expect "package escaped" 0 - -- env FAKE_PACKAGE="$(printf 'evil\033[2J\nline')" "$cli" qemu probe --binary "$tmp/fake" --timeout 20
has "package escaped: ESC" 'QEMU 7\.2\.0 \(evil\\x1b\[2J\\nline\)'
cases=$((cases + 1))
grep -q "$(printf '\033')" "$tmp/out" && { : >"$tmp/err"; fail "package escaped: a raw ESC in the text"; }
# Every command sent is JSON that json-glib built: one object a line, the type name exact.
cases=$((cases + 1))
python3 - "$tmp/fake.log" <<'PY' || { : >"$tmp/err"; fail "a QMP command is no JSON, or the type name is wrong"; }
import json, sys
cmds = [json.loads(l) for l in open(sys.argv[1])]
types = [c['arguments']['typename'] for c in cmds if c['execute'] == 'qom-list-properties']
assert types and all(t == 'pseries-7.2-machine' for t in types), types
PY
# A wrapper that starts a child of its own and never answers: --timeout kills its whole group.
printf '#!/bin/sh\nsleep 600 &\necho $! >"%s/grandchild"\nexec sleep 600\n' "$tmp" >"$tmp/wrapper"
chmod +x "$tmp/wrapper"
expect "wrapper timeout" 2 'no answer within the timeout' -- "$cli" qemu probe --binary "$tmp/wrapper" --timeout 1
cases=$((cases + 1))
gc=$(cat "$tmp/grandchild" 2>/dev/null)
for _ in $(seq 50); do { [ -n "$gc" ] && kill -0 "$gc" 2>/dev/null; } || break; sleep 0.1; done
if [ -z "$gc" ] || kill -0 "$gc" 2>/dev/null; then
	: >"$tmp/err"
	fail "the wrapper's child '${gc}' outlived the probe"
	[ -n "$gc" ] && kill -9 "$gc"
fi

# --save follows export's save rule: what is not a QEMU profile this command wrote is kept
# (refused before QEMU runs), a FIFO or a folder refused, --force only with --save.
echo secret >"$tmp/secret"
ln -s secret "$tmp/secret.profile"
expect "save over a secret" 2 "secret.profile: the file exists and is not vcpuchar's own output.*--force" -- \
	"$cli" qemu probe --binary /bin/true --save "$tmp/secret.profile"
cases=$((cases + 1))
[ "$(cat "$tmp/secret")" = secret ] || { : >"$tmp/err"; fail "the secret behind a link was replaced"; }
cp "$src/examples/profiles/power9-dd2.3-opal.profile" "$tmp/host.profile"
expect "save over a host profile" 2 "not vcpuchar's own output" -- \
	"$cli" qemu probe --binary /bin/true --save "$tmp/host.profile"
mkfifo "$tmp/fifo"
expect "save into a FIFO" 2 'fifo: not a regular file' -- timeout 20 "$cli" qemu probe --binary /bin/true --save "$tmp/fifo"
expect "save into a folder" 2 'not a regular file' -- "$cli" qemu probe --binary /bin/true --save "$tmp"
expect "--force alone" 2 '--force qualifies --save' -- "$cli" qemu probe --force
expect "bad --jobs" 2 '--jobs 99: give 1 to 64' -- "$cli" qemu probe --jobs 99
expect "bad --timeout" 2 '--timeout 0: give 1 to 3600' -- "$cli" qemu probe --timeout 0
expect "no subcommand" 2 'Usage: vcpuchar qemu probe' -- "$cli" qemu
expect "unknown subcommand" 2 "qemu: unknown subcommand 'list'" -- "$cli" qemu list

if ! command -v qemu-system-ppc64 >/dev/null; then
	finish cli-qemu-probe || exit 1
	echo "SKIP the real binary: qemu-system-ppc64 is not installed (tests/setup-debian.sh)"
	exit 77
fi
expect "probe the installed binary" 0 - -- "$cli" qemu probe --json --save "$tmp/q.profile"
cp "$tmp/out" "$tmp/q.json"
# Every QEMU: the default type is the release's newest, aliased pseries (hw/ppc/spapr.c
# DEFINE_SPAPR_MACHINE(..., true) on the newest); power9 is a model since 2.9.
jcheck "types and models" "$tmp/q.json" '
major, minor = j["version"].split(".")[:2]
newest = "pseries-%s.%s" % (major, minor)
assert j["default_machine"] == newest, j["default_machine"]
m = {x["name"]: x for x in j["machines"]}
assert m[newest]["alias"] == "pseries", m[newest]
assert "power9" in j["cpu_models"], j["cpu_models"]
p9 = m[newest]["caps"]["power9"]
assert p9["start"] == "starts", p9
# hw/ppc/spapr.c spapr_machine_class_init: cfpc, sbbc, ibs workaround, ccf-assist on.
for cap, v in (("cfpc", "workaround"), ("sbbc", "workaround"), ("ibs", "workaround"), ("ccf-assist", "on")):
    assert p9["defaults"][cap] == v, (cap, p9["defaults"])
# hw/ppc/spapr_caps.c default_caps_with_cpu(): below ISA 3.00 no large decrementer,
# below 2.07 cfpc broken and no HTM.
p8, p7 = m[newest]["caps"]["power8"]["defaults"], m[newest]["caps"]["power7"]["defaults"]
assert p9["defaults"]["large-decr"] == "on" and p8["large-decr"] == "off", (p9, p8)
assert p7["cfpc"] == "broken" and p7["htm"] == "off", p7
'
# QEMU 7.2 (Debian 12) itself: lib/ppc.md#machine-defaults and hw/ppc/spapr.c of v7.2.0.
jcheck "QEMU 7.2 rows" "$tmp/q.json" '
if j["version"].startswith("7.2."):
    m = {x["name"]: x for x in j["machines"]}
    assert len(m) == 27 and "pseries-2.1" in m and "pseries-2.12-sxxm" in m, sorted(m)
    assert m["pseries-2.1"]["default_cpu"] == "power7_v2.3", m["pseries-2.1"]
    assert m["pseries-7.2"]["default_cpu"] == "power9_v2.0", m["pseries-7.2"]
    assert "power11" not in j["cpu_models"] and "power10" in j["cpu_models"]
    # spapr_machine_2_12_class_options: the Spectre caps broken; the sxxm variant workaround, fixed-ccd.
    c = m["pseries-2.12"]["caps"]["power9"]["defaults"]
    assert (c["cfpc"], c["sbbc"], c["ibs"]) == ("broken", "broken", "broken"), c
    c = m["pseries-2.12-sxxm"]["caps"]["power9"]["defaults"]
    assert (c["cfpc"], c["sbbc"], c["ibs"]) == ("workaround", "workaround", "fixed-ccd"), c
    # spapr_machine_2_11_class_options: HTM on, which TCG refuses; read with cap-htm=off given.
    c = m["pseries-2.11"]["caps"]["power9"]
    assert c["defaults"]["htm"] == "on" and c["tcg_given"] == "cap-htm=off", c
'
cases=$((cases + 1))
version=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["version"])' "$tmp/q.json")
if ! grep -q "^# .*QEMU $version" "$tmp/q.profile" || ! grep -q '^\[caps pseries-[0-9.]* power9\]$' "$tmp/q.profile" ||
	! grep -q '^default_machine=pseries-' "$tmp/q.profile"; then
	: >"$tmp/err"
	fail "the saved profile"
fi
# Over its own output, through a link: replaced, the link and the mode kept; a host profile only with --force.
chmod 600 "$tmp/q.profile"
ln -s q.profile "$tmp/q-link.profile"
expect "save over its own output" 0 - -- "$cli" qemu probe --jobs 2 --save "$tmp/q-link.profile"
cases=$((cases + 1))
if ! { [ -L "$tmp/q-link.profile" ] && [ "$(stat -c %a "$tmp/q.profile")" = 600 ] && grep -q '^\[caps ' "$tmp/q.profile"; }; then
	: >"$tmp/err"
	fail "save through a link: link or mode not kept"
fi
expect "save over a host profile --force" 0 - -- "$cli" qemu probe --jobs 2 --save "$tmp/host.profile" --force
cases=$((cases + 1))
grep -q '^\[caps ' "$tmp/host.profile" || { : >"$tmp/err"; fail "--force did not replace the host profile"; }
# The library's own key-file reader takes the file (it is no host profile, so it says so).
expect "the library reads it" 2 'no \[ppc\] group' -- "$cli" ppc hcall --host "$tmp/q.profile"
# Text: one line per type and CPU.
expect "text" 0 - -- "$cli" qemu probe --jobs 2
has "text: version" '^qemu +.*qemu-system-ppc64: QEMU [0-9]+\.[0-9]+\.[0-9]+'
has "text: caps" '^  power9 +ccf-assist=on cfpc=workaround'
finish cli-qemu-probe
