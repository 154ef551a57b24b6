#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Advice that is right every time: what the CLI prints is pasted
# into QEMU, libvirt or a migration plan, so every case here is an answer
# that was wrong, or an input that was silently dropped or guessed, on the
# code before the fix. Each block is numbered, and its cases carry the number.
# Usage: cli-advice.sh VCPUCHAR SRCDIR
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"

# POWER8 words (firmware like the POWER9 profile's) with power8=true; a POWER8E PVR without power8=.
printf '[host]\narch=ppc64le\n[ppc]\ncharacter=0xb400000000000000\nbehaviour=0xe000000000000000\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0xe400000000000000\npower8=true\n' >"$tmp/p8.profile"
printf '[host]\narch=ppc64le\n[ppc]\ncharacter=0xb400000000000000\nbehaviour=0xe000000000000000\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0xe400000000000000\npvr=0x004b0201\n' >"$tmp/p8e.profile"
printf '[host]\narch=ppc64le\n[ppc]\ncharacter=0xb400000000000000\nbehaviour=0xe000000000000000\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0xe400000000000000\npvr=0x004e1202\npower8=true\n' >"$tmp/p9-says-p8.profile"
# The POWER10 fixed-na host's words with the count-cache flush requested: ibs workaround, sbbc fixed.
printf '[host]\narch=ppc64le\n[ppc]\ncharacter=0x3c00000000000000\nbehaviour=0xc400000000000000\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0xe400000000000000\n' >"$tmp/p10-flush.profile"
sed 's/^arch=ppc64le/arch=ppc64/' "$p9" >"$tmp/p9-be.profile"

# 1. defaults_* warnings describe the machine type's defaults, not the caller's --caps.
expect "1: hcall --caps cap-cfpc=broken" 0 - -- "$cli" ppc hcall --host "$p9" --caps cap-cfpc=broken --json
jcheck "1: no defaults_* warning when the defaults equal the host" "$tmp/out" '
assert not [w for w in j["warnings"] if w["code"].startswith("defaults_")], j["warnings"]'
expect "1: hcall --caps cap-cfpc=fixed (POWER8 host)" 1 "" -- \
	"$cli" ppc hcall --host "$tmp/p8.profile" --caps cap-cfpc=fixed --json
jcheck "1: defaults_refused names the default levels" "$tmp/out" '
t = [w["text"] for w in j["warnings"] if w["code"] == "defaults_refused"]
assert t and "cap-ccf-assist=on" in t[0] and "cap-cfpc=fixed" not in t[0], t'

# 2. host mode: the paste line says what the caps give, and that host mode needs a VMM.
expect "2: hcall --mode host" 0 - -- "$cli" ppc hcall --host "$p9" --mode host
hasnt "2: no promise of the guest view" "either gives the guest view above"
has "2: says host mode needs a VMM" "host mode needs a VMM"
has "2: says what the caps give" "the caps alone give R4 0x[0-9a-f]{16}, R5 0x[0-9a-f]{16}"
expect "2: hcall --mode host --json" 0 - -- "$cli" ppc hcall --host "$p9" --mode host --json
jcheck "2: JSON paste_note" "$tmp/out" 'assert "host mode needs a VMM" in j["paste_note"], j["paste_note"]'

# Sibling of 2: a paste line QEMU refuses to start with gives no view either.
expect "2: hcall, a cap above the host" 1 - -- "$cli" ppc hcall --host "$p9" --caps cap-cfpc=fixed
hasnt "2: no promise when QEMU refuses" "either gives the guest view above"
has "2: says QEMU refuses" "QEMU refuses to start with these caps on this host"

# 3. A POWER9 or POWER10 guest does not run on a POWER8 host; POWER7 guests have cfpc=broken.
expect "3: migrate POWER9 guest onto POWER8" 1 - -- "$cli" ppc migrate --src-host "$p9" --dst-host "$tmp/p8.profile"
has "3: names the CPU" "POWER9 guest CPU cannot run on .*POWER8"
expect "3: migrate --guest-cpu power10 onto POWER8" 1 - -- \
	"$cli" ppc migrate --src-host "$p9" --dst-host "$tmp/p8.profile" --guest-cpu power10 --json
jcheck "3: JSON error" "$tmp/out" 'assert not j["ok"] and any("POWER10 guest CPU" in e for e in j["errors"]), j'
expect "3: migrate --guest-cpu power8 onto POWER8" 0 "" -- \
	"$cli" ppc migrate --src-host "$p9" --dst-host "$tmp/p8.profile" --guest-cpu power8 --caps cap-ccf-assist=off
expect "3: baseline --guest-cpu power7" 0 - -- "$cli" ppc baseline --guest-cpu power7 "$p9" --json
jcheck "3: POWER7 baseline cfpc" "$tmp/out" 'assert j["caps"]["cfpc"] == "broken", j["caps"]'
expect "3: baseline --guest-cpu power9 with a POWER8 host" 2 "p8.profile: a POWER9 guest CPU cannot run" -- \
	"$cli" ppc baseline --guest-cpu power9 "$p9" "$tmp/p8.profile"

# 4. fixed-na is pasted as broken: the destination starts with broken, which QEMU accepts.
expect "4: migrate from a fixed-na host" 0 "" -- "$cli" ppc migrate --src-host "$p10na" --dst-host "$tmp/p10-flush.profile" --json
jcheck "4: no ibs error" "$tmp/out" 'assert j["ok"] and not j["errors"], j["errors"]'

# 5. The no-information host: QEMU's defaults would be refused there.
expect "5: hcall, no information" 0 - -- "$cli" ppc hcall --host "$P/no-information.profile" --json
jcheck "5: defaults_refused" "$tmp/out" '
assert any(w["code"] == "defaults_refused" and "no information" in w["text"] for w in j["warnings"]), j["warnings"]'

# 6. POWER8: the count-cache advice names the firmware route (fw-count-cache-disabled).
expect "6: POWER8 ccf-assist advice" 1 - -- "$cli" ppc hcall --host "$tmp/p8.profile" --mode caps --json
jcheck "6: fw-count-cache-disabled named" "$tmp/out" '
c = [c for c in j["conflicts"] if c["cap"] == "ccf-assist"]
assert c and "fw-count-cache-disabled" in c[0]["explanation"], c'
# A downstream machine type with all four caps: answered, with a note.
expect "6: downstream type, four caps" 0 - -- "$cli" ppc hcall --host "$p9" --json \
	--machine pseries-rhel9.2.0,cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=on
jcheck "6: the note" "$tmp/out" '
assert any("pseries-rhel9.2.0" in n and "upstream" in n for n in j["notes"]), j["notes"]
assert not [w for w in j["warnings"] if w["code"].startswith("defaults_")], j["warnings"]'
expect "6: downstream type, three caps" 2 "downstream" -- "$cli" ppc hcall --host "$p9" \
	--machine pseries-rhel9.2.0,cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround
expect "6: downstream type with --caps" 0 - -- "$cli" ppc hcall --host "$p9" --machine pseries-rhel9.2.0 \
	--caps cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=on
expect "6: not a pseries name, four caps" 2 "not a pseries machine type" -- "$cli" ppc hcall --host "$p9" \
	--machine psereis-8.0,cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=on

# facts_not_read keeps each cause whole: where the fact comes from, or why it cannot be read
# (a bare strerror such as "No such file or directory" named no file). Probes this host.
if "$cli" x86 policy --json >"$tmp/probe.json" 2>/dev/null || [ -s "$tmp/probe.json" ]; then
	jcheck "facts_not_read names each cause" "$tmp/probe.json" '
for e in j["facts_not_read"]:
    err = e["error"]
    assert err.startswith("/dev/kvm cannot be opened") or "(" in err or "0x8000000A" in err, e'
fi

# Option values are exact (lower case, as the man page spells them), but --guest-cpu, which
# takes any case as QEMU's -cpu does.
expect "--cvm SEV refused" 2 "--cvm 'SEV': expected one of none, sev, sev-es, sev-snp, tdx" -- "$cli" x86 policy --host "$amd" --cvm SEV
expect "--hlt-passthrough FORCE refused" 2 "expected one of" -- "$cli" x86 policy --host "$amd" --hlt-passthrough FORCE
# The contradictory pair of vcpuchar_x86_vm_check() is named by its options, as given.
expect "never with --want-mwait refused" 2 "^vcpuchar: --hlt-passthrough never with --want-mwait or --want-cstate .contradictory profile" -- \
	"$cli" x86 policy --host "$amd" --hlt-passthrough never --want-mwait
expect "--mode HOST-MAX refused" 2 "--mode 'HOST-MAX': expected one of" -- "$cli" ppc hcall --host "$p9" --mode HOST-MAX
expect "--guest-cpu POWER9 as QEMU" 0 "" -- "$cli" ppc hcall --host "$p9" --guest-cpu POWER9

# --chars as vcpuchar_ppc_host_parse(3) and the man page say: single digits without 0x, leading zeros
# past 16 digits, never decimal.
expect "--chars 1,2,3,4" 0 - -- "$cli" ppc hcall --chars 1,2,3,4
expect "--chars 20 digits with leading zeros" 0 - -- "$cli" ppc hcall --chars 0x00009840000000000000,0,0,0
expect "--chars 10 without 0x" 2 "character '10': a register word or mask needs 0x" -- "$cli" ppc hcall --chars 10,2,3,4

# examples/spapr-hcall refuses an x86 profile as `ppc hcall --host` does (it answered "no information" and R4/R5).
spapr="$(dirname "$cli")/spapr-hcall"
if [ -x "$spapr" ]; then
	expect "spapr-hcall x86 profile" 1 "arch=x86_64 in \[host\]); a POWER host profile is needed" -- "$spapr" "$amd"
	expect "ppc hcall x86 profile" 2 "a POWER host profile is needed" -- "$cli" ppc hcall --host "$amd"
fi

# 7. x86 policy.
expect "7: --cvm sev-snp without SNP" 2 "sev-snp.*kvm_amd.sev_snp" -- "$cli" x86 policy --host "$amd" --cvm sev-snp
expect "7: --cvm sev without SEV" 2 "--cvm sev.*kvm_amd.sev " -- "$cli" x86 policy --host "$amd" --cvm sev
printf '[host]\narch=x86_64\n[x86]\ndisable_exits_allowed=0xf\n' >"$tmp/no-vendor.profile"
expect "7: --cvm on a profile without a vendor" 2 "vendor" -- "$cli" x86 policy --host "$tmp/no-vendor.profile" --cvm sev
cases=$((cases + 1))
grep -q "needs an AMD host" "$tmp/err" && fail "7: a vendor-less profile is told it needs AMD"
expect "7: --want-mwait, not pinned" 0 - -- "$cli" x86 policy --host "$amd" --want-mwait --want-cstate --json
jcheck "7: override_no_effect" "$tmp/out" '
t = [r["text"] for r in j["reasons"] if r["code"] == "override_no_effect"]
assert t and "want_mwait" in t[0] and "want_cstate" in t[0], t'

# 8. Texts that must agree with the numbers and the docs.
expect "8: probe --json" 0 "" -- "$cli" probe --json
jcheck "8: default_vm has qemu, libvirt, warnings" "$tmp/out" '
d = j["ppc"]["default_vm"]
assert "qemu" in d and "libvirt" in d and "warnings" in d, sorted(d)'
expect "8: POWER8E PVR" 0 - -- "$cli" ppc hcall --host "$tmp/p8e.profile" --json
jcheck "8: POWER8E is POWER8" "$tmp/out" 'assert j["host_caps"]["cfpc"] == "workaround", j["host_caps"]'
expect "8: pvr and power8 disagree" 2 "pvr" -- "$cli" ppc hcall --host "$tmp/p9-says-p8.profile"
expect "8: ppc64 and ppc64le hosts" 0 "" -- "$cli" ppc baseline "$p9" "$tmp/p9-be.profile"
expect "8: migrate ppc64le to ppc64" 0 "" -- "$cli" ppc migrate --src-host "$p9" --dst-host "$tmp/p9-be.profile"
expect "8: ppc64 and x86_64 still refused" 2 "describes an x86_64 host" -- \
	"$cli" ppc baseline "$p9" "$src/tests/hardening/fault/x86-amd.profile"
# Every bit outside the masks: the warning is long, and cut at a word with an ellipsis.
expect "8: long warning" 0 "" -- "$cli" ppc hcall --json \
	--chars 0xffffffffffffffff,0xffffffffffffffff,0x8000000000000000,0x8000000000000000
jcheck "8: warning text not cut mid-word" "$tmp/out" '
for w in j["warnings"]:
    t = w["text"]
    assert len(t.encode()) < 640, len(t)
    assert len(t.encode()) < 600 or t.endswith(" passed..."), t[-40:]'
# The baseline's per-host warnings read the baseline's R4/R5.
# A: count cache disabled (fixed-ccd), FLUSH_COUNT_CACHE set outside an old behaviour mask; with
# the POWER9 OPAL host (workaround) the baseline's ibs is workaround, whose R5 has FLUSH_COUNT_CACHE.
printf '[host]\narch=ppc64le\n[ppc]\ncharacter=0x9940000000000000\nbehaviour=0xe400000000000000\ncharacter_mask=0xf940000000000000\nbehaviour_mask=0xe000000000000000\n' >"$tmp/p9-ccd-oldmask.profile"
expect "8: baseline warning text" 0 "" -- "$cli" ppc baseline "$tmp/p9-ccd-oldmask.profile" "$p9" --json
jcheck "8: the sentence agrees with the baseline's R5" "$tmp/out" '
r5 = int(j["r5"], 16)
assert r5 & (1 << 58), j["r5"]
t = [w["text"] for w in j["warnings"] if w["code"] == "host_bits_outside_masks"]
assert t and "FLUSH_COUNT_CACHE (the guest gets it anyway from the caps)" in t[0], t'
# x86 verify: counts above 2^63 stay positive.
printf '{"disable_exits": ["HLT"], "idle_hlt_active": false, "reasons": []}\n' >"$tmp/policy.json"
printf '{"halt_exits": 0, "halt_attempted_poll": 0, "halt_successful_poll": 0, "exits": 0}\n' >"$tmp/before.json"
printf '{"halt_exits": 0, "halt_attempted_poll": 0, "halt_successful_poll": 0, "exits": 0}\n' >"$tmp/after.json"
expect "8: x86 verify, 2^63-1 guest HLTs" 0 "" -- "$cli" x86 verify --policy "$tmp/policy.json" \
	--before "$tmp/before.json" --after "$tmp/after.json" --guest-hlts 9223372036854775807 --json
jcheck "8: guest_hlts exact" "$tmp/out" 'assert j["guest_hlts"] == 9223372036854775807, j["guest_hlts"]'
# 2^63 and above would print negative: refused by name (the JSON integer is signed 64-bit).
expect "8: x86 verify, 2^63+1 guest HLTs" 2 "--guest-hlts.*9223372036854775807" -- "$cli" x86 verify \
	--policy "$tmp/policy.json" --before "$tmp/before.json" --after "$tmp/after.json" \
	--guest-hlts 9223372036854775809 --json

# 9. --machine items that do not parse, and accel= honoured.
expect "9: leading space" 2 "--machine.*space" -- "$cli" ppc hcall --host "$p9" --machine "pseries, cap-cfpc=broken"
expect "9: items separated by spaces" 2 "--machine.*space" -- "$cli" ppc hcall --host "$p9" --machine "pseries cap-cfpc=broken"
expect "9: libvirt fragment to --machine" 2 "--caps" -- "$cli" ppc hcall --host "$p9" --machine "<features><cfpc value='broken'/></features>"
expect "9: two type=" 2 "type.*twice" -- "$cli" ppc hcall --host "$p9" --machine "type=pseries,type=pseries-2.12"
expect "9: a type and type=" 2 "type.*twice" -- "$cli" ppc hcall --host "$p9" --machine "pseries,type=pseries-2.12"
expect "9: accel=tcg in --machine" 0 "" -- "$cli" ppc hcall --host "$p9" --machine pseries,accel=tcg --json
jcheck "9: accel=tcg honoured" "$tmp/out" '
assert j["mode_reason"].startswith("host-max mode under TCG"), j["mode_reason"]
assert "accel=tcg" not in j["not_judged"], j["not_judged"]'
expect "9: accel=tcg and --accel kvm" 2 "accel" -- "$cli" ppc hcall --host "$p9" --machine pseries,accel=tcg --accel kvm
expect "9: accel=xen" 2 "accel" -- "$cli" ppc hcall --host "$p9" --machine pseries,accel=xen

# 10. libvirt fragments.
expect "10: leading whitespace" 0 - -- "$cli" ppc hcall --host "$p9" --json --caps " <features><cfpc value='broken'/></features>"
jcheck "10: read as libvirt" "$tmp/out" 'assert j["effective_caps"]["cfpc"] == "broken", j["effective_caps"]'
expect "10: duplicate attribute" 2 "value" -- "$cli" ppc hcall --host "$p9" --caps "<cfpc value='broken' value='fixed'/>"
expect "10: <cfpc> inside <kvm>" 2 "<kvm>" -- "$cli" ppc hcall --host "$p9" --caps "<features><kvm><cfpc value='broken'/></kvm></features>"
expect "10: upper-case value" 2 "lower case" -- "$cli" ppc hcall --host "$p9" --caps "<cfpc value='BROKEN'/>"
expect "10: upper-case element" 2 "lower case" -- "$cli" ppc hcall --host "$p9" --caps "<features><CFPC value='broken'/></features>"
expect "10: a cap twice" 2 "twice" -- "$cli" ppc hcall --host "$p9" --caps "<cfpc value='broken'/><cfpc value='fixed'/>"

# 11. Profiles with a key or group twice; x86 verify --policy with wrong JSON types.
printf '[host]\narch=ppc64le\n[ppc]\ncharacter=0x0\ncharacter=0x9840000000000000\nbehaviour=0xe400000000000000\ncharacter_mask=0xf940000000000000\nbehaviour_mask=0xe400000000000000\n' >"$tmp/dup-key.profile"
expect "11: key twice" 2 "character.*twice" -- "$cli" ppc hcall --host "$tmp/dup-key.profile"
{ cat "$p9"; printf '[ppc]\npower8=true\n'; } >"$tmp/dup-group.profile"
expect "11: group twice" 2 "\\[ppc\\].*twice" -- "$cli" ppc hcall --host "$tmp/dup-group.profile"
{ cat "$amd"; echo vendor=intel; } >"$tmp/dup-x86.profile"
expect "11: x86 profile key twice" 2 "vendor.*twice" -- "$cli" x86 policy --host "$tmp/dup-x86.profile"
# bad_policy FILE NAME PATTERN JSON: x86 verify refuses the policy JSON (exit 2, stderr PATTERN).
bad_policy() {
	printf '%s\n' "$4" >"$tmp/$1"
	expect "11: $2" 2 "$3" -- "$cli" x86 verify --policy "$tmp/$1" --before "$tmp/before.json" --after "$tmp/after.json"
}
bad_policy p-obj.json "disable_exits an object" "disable_exits.*array" \
	'{"disable_exits": {}, "idle_hlt_active": false, "reasons": []}'
bad_policy p-int.json "idle_hlt_active 1" "idle_hlt_active.*true or false" \
	'{"disable_exits": [], "idle_hlt_active": 1, "reasons": []}'
bad_policy p-r.json "reasons of numbers" "reasons" '{"disable_exits": [], "idle_hlt_active": false, "reasons": [1]}'
bad_policy p-ro.json "reasons an object" "reasons.*array" '{"disable_exits": [], "idle_hlt_active": false, "reasons": {}}'
# A \u0000 would cut a name or value where C strings end: refused, not read as its start.
bad_policy p-nul.json "a reason holding NUL" 'policy.*u0000, a NUL, in a string' \
	'{"disable_exits": [], "idle_hlt_active": false, "reasons": ["hlt_exits_kept_overcommit\u0000x"]}'
printf '%s\n' '{"halt_exits\u0000junk": 3}' >"$tmp/nul-before.json"
expect "11: a member name holding NUL" 2 'before.*nul-before.json:1:13:.*a NUL, in a string' -- \
	"$cli" x86 verify --policy "$tmp/policy.json" --before "$tmp/nul-before.json" --after "$tmp/after.json"
cases=$((cases + 1))
grep -q CRITICAL "$tmp/err" && fail "11: a GLib critical"

# 12. Echoed input cut at 64 bytes (a run that could name a file is shown in full); -- ends the options.
long=$(head -c 3000 /dev/zero | tr '\0' a)
# The quotes of the third are meant literally: a value that holds an apostrophe.
# shellcheck disable=SC2089
for args in "ppc hcall --$long" "ppc hcall --host /$long" "ppc hcall --caps <cfpc_value=\"a'$long\"/>"; do
	# shellcheck disable=SC2086,SC2090
	expect "12: echo of ${args:0:24}" 2 "" -- "$cli" $args
	cases=$((cases + 1))
	[ "$(wc -c <"$tmp/err")" -lt 400 ] || fail "12: ${args:0:24}: $(wc -c <"$tmp/err") bytes of message"
done
expect "12: -- before no operand" 0 - -- "$cli" ppc hcall --host "$p9" --
cp "$tmp/p8e.profile" "$tmp/-dash.profile"
cd "$tmp" || exit 1
expect "12: baseline -- -dash.profile" 0 - -- "$cli" ppc baseline "$p9" --guest-cpu power8 -- -dash.profile
cd - >/dev/null || exit 1
expect "12: an option after --" 2 "unexpected argument '--json'" -- "$cli" ppc hcall --host "$p9" -- --json

# 13. A fleet: duplicates found by file identity among a few hundred profiles (the timing is
# tests/bench/fleet-scale.sh, never asserted here).
mkdir "$tmp/fleet"
for i in $(seq 1 300); do cp "$p9" "$tmp/fleet/h$i"; done
ln -s "$tmp/fleet/h17" "$tmp/fleet/link-to-h17"
ln "$tmp/fleet/h230" "$tmp/fleet/hard-h230"
expect "13: 300 hosts" 0 - -- "$cli" ppc baseline --json $(seq -f "$tmp/fleet/h%g" 1 300)
jcheck "13: 300 hosts in the JSON" "$tmp/out" 'assert len(j["hosts"]) == 300 and not j["held_back"], len(j["hosts"])'
expect "13: a symlink among 301" 2 "link-to-h17: the same host as .*/h17, given twice" -- \
	"$cli" ppc baseline $(seq -f "$tmp/fleet/h%g" 1 300) "$tmp/fleet/link-to-h17"
expect "13: a hard link first" 2 "/h230: the same host as .*hard-h230, given twice" -- \
	"$cli" ppc baseline "$tmp/fleet/hard-h230" $(seq -f "$tmp/fleet/h%g" 1 300)
expect "13: a ppc64 host among 300 ppc64le" 0 "" -- \
	"$cli" ppc baseline $(seq -f "$tmp/fleet/h%g" 1 300) "$tmp/p9-be.profile"

# 14. ppc migrate --src/--dst take the --caps spelling, a libvirt fragment included; cap names
# and ccf-assist's words are exact as in QEMU (QOM property names; qapi_bool_parse()), while
# the other caps' values fold case as spapr_cap_set_string()'s strcasecmp() does.
expect "14: --src as a libvirt fragment" 1 "" -- "$cli" ppc migrate --json \
	--src "  <features><cfpc value='workaround'/><acpi/></features>" --dst cap-cfpc=broken
jcheck "14: fragment read, other features named" "$tmp/out" '
assert not j["ok"] and "cap-cfpc" in j["errors"][0], j
assert j["not_judged"] == ["<acpi>"], j["not_judged"]'
expect "14: --dst as a libvirt fragment" 0 - -- "$cli" ppc migrate \
	--src cap-cfpc=broken --dst "<cfpc value='workaround'/><ccf-assist state='on'/>"
has "14: --dst fragment migrates" "^migration ok"
expect "14: a fragment's bad value names --dst" 2 "--dst \\(libvirt XML\\).*lower case" -- "$cli" ppc migrate \
	--src cap-cfpc=broken --dst "<cfpc value='Broken'/>"
expect "14: CAP-CFPC refused" 2 "unknown cap 'CAP-CFPC'" -- "$cli" ppc migrate --src CAP-CFPC=broken --dst cap-cfpc=broken
expect "14: ccf-assist=ON refused" 2 "unknown value 'ON'" -- "$cli" ppc migrate \
	--src cap-ccf-assist=ON --dst cap-ccf-assist=on
expect "14: four values with ON refused" 2 "unknown value 'ON'" -- "$cli" ppc migrate \
	--src workaround,workaround,workaround,ON --dst broken,broken,broken,off
expect "14: a value's case folds as in QEMU" 0 - -- "$cli" ppc migrate \
	--src cap-cfpc=BROKEN --dst cap-cfpc=broken
has "14: BROKEN is broken" "^migration ok"
expect "14: hcall --caps CAP-CFPC" 2 "unknown cap" -- "$cli" ppc hcall --host "$p9" --caps CAP-CFPC=broken
expect "14: hcall --machine cap-HTM" 2 "unknown cap 'cap-HTM'" -- "$cli" ppc hcall --host "$p9" --machine pseries,cap-HTM=on
# One of the four caps without its cap- prefix: QEMU has no such property and refuses the line; never "ignored".
expect "hcall --machine cfpc= without cap-" 2 "'cfpc=workaround': QEMU's pseries has no property by that name and would refuse it; the cap is cap-cfpc" -- \
	"$cli" ppc hcall --host "$p9" --machine pseries,cfpc=workaround
expect "hcall --machine CCF-ASSIST= without cap-" 2 "the cap is cap-ccf-assist" -- \
	"$cli" ppc hcall --host "$p9" --machine pseries-7.2,CCF-ASSIST=on
expect "14: hcall --machine cap-htm=on judged at start" 0 "" -- "$cli" ppc hcall --host "$p9" --machine pseries,cap-htm=on

# 15. A RHEL 7 machine type: RHEL 7's QEMU (2.12) predates cap-ccf-assist (QEMU 4.0), which the
# message says; its other defaults under a later RHEL QEMU are unknown, so all four caps are asked for.
expect "15: pseries-rhel7.6.0 alone" 2 "RHEL 7 machine type.*predates cap-ccf-assist.*cap-ccf-assist=off" -- \
	"$cli" ppc hcall --host "$p9" --machine pseries-rhel7.6.0
expect "15: pseries-rhel7.6.0 with all four caps" 0 - -- "$cli" ppc hcall --host "$p9" --json \
	--machine pseries-rhel7.6.0,cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=off
jcheck "15: answered, ccf-assist off" "$tmp/out" 'assert j["effective_caps"]["ccf_assist"] == "off", j["effective_caps"]'

# 16. A move between two fixed-na hosts loses nothing: the paste line's broken gives the
# guest the same R4/R5 as fixed-na (hw/ppc/spapr_hcall.c: neither adds an ibs bit).
expect "16: fixed-na to fixed-na" 0 - -- "$cli" ppc migrate --src-host "$p10na" --dst-host "$p10na"
hasnt "16: no downgrade warning" "capability level is below the host's"

# The JSON names the guest CPU it used (lib/ppc.md#guest-cpu): the one given, the
# POWER8-family host's own under KVM, the facts' default otherwise.
w8=0x9840000000000000,0xe400000000000000,0xf940000000000000,0xe400000000000000
expect "17: --guest-cpu POWER8" 0 - -- "$cli" ppc hcall --accel tcg --guest-cpu POWER8 --json
jcheck "17: guest_cpu given" "$tmp/out" 'assert j["guest_cpu"] == "power8", j["guest_cpu"]'
expect "17: POWER8 host" 0 - -- "$cli" ppc hcall --accel kvm --chars "$w8" --power8-host --json
jcheck "17: guest_cpu of the host" "$tmp/out" 'assert j["guest_cpu"] == "power8", j["guest_cpu"]'
expect "17: TCG default" 0 - -- "$cli" ppc hcall --accel tcg --json
jcheck "17: guest_cpu default" "$tmp/out" 'assert j["guest_cpu"] == "power9", j["guest_cpu"]'
expect "17: baseline" 0 - -- "$cli" ppc baseline "$p9" "$P/power9-nested-hv-qemu.profile" --guest-cpu power8 --json
jcheck "17: guest_cpu of the baseline" "$tmp/out" 'assert j["guest_cpu"] == "power8", j["guest_cpu"]'

# 18. The fleet command examples/profiles/README.md suggests runs (its glob once took the x86 profiles too).
readme_cmd=$(grep -o 'vcpuchar ppc baseline examples/profiles/[^`]*' "$src/examples/profiles/README.md")
cases=$((cases + 1))
[ -n "$readme_cmd" ] || fail "18: examples/profiles/README.md names no ppc baseline command"
# The README's command split and its glob expanded in the source tree.
# shellcheck disable=SC2016 # expanded by the inner sh
expect "18: examples/profiles/README.md's baseline" 0 - -- sh -c 'cd "$1" && exec "$2" $3' sh "$src" "$cli" \
	"${readme_cmd#vcpuchar }"

finish cli-advice
