#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Advice that names its QEMU (lib/ppc.md#qemu-versions,
# examples/vcpuchar/README.md): --qemu-version on ppc hcall, migrate
# --src-host and baseline; without it the answer is for QEMU 7.2 and says so;
# --qemu FILE (a QEMU profile) on migrate, both forms, and baseline.
# The machine types per version are those read in each Debian source
# (tests/data/ppc-qemu-machine-types.tsv).
# Usage: cli-qemu-version.sh VCPUCHAR SRCDIR
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"

# 1. Without the option: the oldest supported, said on a qemu line and in the JSON.
expect "unset text" 0 - -- "$cli" ppc hcall --host "$p9"
has "unset text" '^qemu +no QEMU version given: the answer is for QEMU 7\.2 \(Debian 12\), the oldest supported'
expect "unset json" 0 - -- "$cli" ppc hcall --host "$p9" --json
jcheck "unset json" "$tmp/out" 'q = j["qemu_version"]
assert q["target"] == "7.2" and q["answered"] == "7.2" and q["assumed"] is True, q
assert "oldest supported" in q["note"], q'

# 2. A measured version: no qemu line, no warning, not assumed.
for v in 7.2 7.2.22 10.0 10.0.13; do
	expect "measured $v" 0 - -- "$cli" ppc hcall --host "$p9" --qemu-version "$v"
	hasnt "measured $v" '^qemu '
	expect "measured $v json" 0 - -- "$cli" ppc hcall --host "$p9" --qemu-version "$v" --json
	jcheck "measured $v json" "$tmp/out" "q = j['qemu_version']
assert q['target'] == '$v' and q['answered'] == '${v:0:4}'.rstrip('.') and q['assumed'] is False and q['note'] == '', q"
done

# 3. Newer than the newest row: 11.1 answers, a warning on stderr names both; its newer types count.
expect "newer" 0 "warning: QEMU 12\.0 is newer than 11\.1, the newest QEMU in this library's release table: the answer is for QEMU 11\.1" -- \
	"$cli" ppc hcall --host "$p9" --qemu-version 12.0 --machine pseries-11.1
has "newer" '^qemu +QEMU 12\.0 is newer than 11\.1'
expect "newer json" 0 "newer than 11\.1" -- "$cli" ppc hcall --host "$p9" --qemu-version 12.0.3 --json
jcheck "newer json" "$tmp/out" 'q = j["qemu_version"]
assert q["target"] == "12.0.3" and q["answered"] == "11.1" and q["assumed"] is False and "12.0.3" in q["note"], q'
expect "newer: deleted types stay deleted" 2 "'pseries-5\.1' is not a machine type of QEMU 12\.0 \(answered as 11\.1" -- \
	"$cli" ppc hcall --host "$p9" --qemu-version 12.0 --machine pseries-5.1
# 11.1 has its own row: no warning, pseries-11.1 taken, pseries-5.1 refused naming 11.1's range.
expect "11.1 own row" 0 - -- "$cli" ppc hcall --host "$p9" --qemu-version 11.1.3 --machine pseries-11.1
expect "11.1 deletion" 2 "'pseries-5\.1' is not a machine type of QEMU 11\.1\.3: it has pseries-5\.2 to pseries-11\.1" -- \
	"$cli" ppc hcall --host "$p9" --qemu-version 11.1.3 --machine pseries-5.1
expect "9.2 removed 2.x" 2 "'pseries-2\.12-sxxm' is not a machine type of QEMU 9\.2: it has pseries-3\.0 to pseries-9\.2" -- \
	"$cli" ppc hcall --host "$p9" --qemu-version 9.2 --machine pseries-2.12-sxxm
expect "between: the release before answers" 0 "warning: QEMU 8\.3 is no release in this library's table" -- \
	"$cli" ppc hcall --host "$p9" --qemu-version 8.3 --machine pseries-8.2

# 4. Malformed or older than supported: exit 2 naming it, nothing on stdout.
for v in 10 10.0.x 07.2 10.0.13+ds-0+deb13u1 10.0.100 10..0 ' 10.0'; do
	re=$(printf '%s' "$v" | sed 's/[.+]/\\&/g')
	expect "malformed '$v'" 2 "--qemu-version: '$re' is not a QEMU version" -- "$cli" ppc hcall --host "$p9" --qemu-version "$v"
	cases=$((cases + 1))
	[ ! -s "$tmp/out" ] || fail "malformed '$v': stdout not empty"
done
expect "malformed ''" 2 "^vcpuchar: --qemu-version: empty value" -- "$cli" ppc hcall --host "$p9" --qemu-version ""
for v in 7.1 6.2.0 2.12; do
	expect "older $v" 2 "--qemu-version: QEMU $v is older than 7\.2, the oldest QEMU this library supports" -- \
		"$cli" ppc hcall --host "$p9" --qemu-version "$v"
done
expect "twice" 2 "" -- "$cli" ppc hcall --host "$p9" --qemu-version 7.2 --qemu-version 10.0

# 5. Machine types per version (hw/ppc/spapr.c of each source).
expect "8.0 without a version" 2 "'pseries-8\.0' is not a machine type of QEMU 7\.2 \(no QEMU version given.*give --qemu-version" -- \
	"$cli" ppc hcall --host "$p9" --machine pseries-8.0
expect "8.0 on 10.0" 0 - -- "$cli" ppc hcall --host "$p9" --machine pseries-8.0 --qemu-version 10.0
expect "sxxm on 7.2" 0 - -- "$cli" ppc hcall --host "$p9" --machine pseries-2.12-sxxm --qemu-version 7.2
expect "sxxm on 10.0" 2 "'pseries-2\.12-sxxm' is not a machine type of QEMU 10\.0: it has pseries-3\.0 to pseries-10\.0" -- \
	"$cli" ppc hcall --host "$p9" --machine pseries-2.12-sxxm --qemu-version 10.0
expect "pasted 2.12 line on 10.0.13" 2 "'pseries-2\.12' is not a machine type of QEMU 10\.0\.13" -- \
	"$cli" ppc hcall --host "$p9" --machine pseries-2.12,cap-cfpc=broken,x-vof=on --qemu-version 10.0.13
expect "10.1 on 10.0" 2 "'pseries-10\.1' is not a machine type of QEMU 10\.0" -- \
	"$cli" ppc hcall --host "$p9" --machine pseries-10.1 --qemu-version 10.0
# A type no QEMU had, with all four caps: still the note of an unknown type, whatever the version.
expect "rhel type, all caps, 10.0" 0 - -- "$cli" ppc hcall --host "$p9" --qemu-version 10.0 --json \
	--machine pseries-rhel9.2.0,cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=on
jcheck "rhel type, all caps, 10.0" "$tmp/out" 'assert "pseries-rhel9.2.0" in j["notes"][0], j["notes"]'

# 6. Texts keyed by the version; the paste line never says fixed-na.
for v in 7.2 10.0.13; do
	expect "fixed-na host $v" 0 - -- "$cli" ppc hcall --host "$p10na" --qemu-version "$v" --json
	jcheck "fixed-na host $v" "$tmp/out" "w = [x['text'] for x in j['warnings'] if x['code'] == 'qemu_fixed_na_abort']
assert len(w) == 1 and 'on which QEMU $v (Debian 1' in w[0], w
assert 'cap-ibs=broken' in j['qemu'] and 'fixed-na' not in j['qemu'] + j['libvirt'], j['qemu']"
done
expect "3.x class on 10.0" 0 "warning: QEMU 10\.0 warns \"Machine type .pseries-3\.1. is deprecated" -- "$cli" ppc hcall --host "$p9" --machine pseries-3.1 --qemu-version 10.0
has "3.x class on 10.0" 'warning defaults_below_host: QEMU started with the pseries-3\.0 and 3\.1 default caps'
expect "3.x class on 7.2" 0 - -- "$cli" ppc hcall --host "$p9" --machine pseries-3.1 --qemu-version 7.2
has "3.x class on 7.2" 'warning defaults_below_host: QEMU started with the pseries-3\.1 and older default caps'

# 7. ppc baseline.
expect "baseline unset" 0 - -- "$cli" ppc baseline "$p9" "$p10na"
has "baseline unset" '^qemu +no QEMU version given'
expect "baseline sxxm on 10.0" 2 "--machine: 'pseries-2\.12-sxxm' is not a machine type of QEMU 10\.0" -- \
	"$cli" ppc baseline "$p9" "$p10na" --machine pseries-2.12-sxxm --qemu-version 10.0
expect "baseline 10.0 json" 0 - -- "$cli" ppc baseline "$p9" "$p10na" --qemu-version 10.0 --json
jcheck "baseline 10.0 json" "$tmp/out" 'assert j["qemu_version"] == {"target": "10.0", "answered": "10.0", "assumed": False, "note": "", "unknown": ""}, j["qemu_version"]'
expect "baseline 9.3" 0 "warning: QEMU 9\.3 is no release" -- "$cli" ppc baseline "$p9" --qemu-version 9.3
expect "baseline malformed" 2 "'9' is not a QEMU version" -- "$cli" ppc baseline "$p9" --qemu-version 9

# 8. ppc migrate: with --src-host only.
expect "migrate 10.0 json" 0 - -- "$cli" ppc migrate --src-host "$p9" --dst-host "$p9" --qemu-version 10.0 --json
jcheck "migrate 10.0 json" "$tmp/out" 'assert j["qemu_version"]["answered"] == "10.0" and j["ok"] is True, j'
expect "migrate 2.12 on 10.0" 2 "'pseries-2\.12' is not a machine type of QEMU 10\.0" -- \
	"$cli" ppc migrate --src-host "$p9" --dst-host "$p9" --machine pseries-2.12 --qemu-version 10.0
expect "migrate unset" 0 - -- "$cli" ppc migrate --src-host "$p9" --dst-host "$p9"
has "migrate unset" '^qemu +no QEMU version given'
# Two cap sets: unlisted caps take that release's defaults (sbbc broken from 9.2 on), so a
# source listing sbbc=workaround meets a 10.0 destination that lists nothing for it.
expect "migrate lists 7.2" 0 - -- "$cli" ppc migrate --src cap-sbbc=workaround --dst cap-cfpc=workaround --json
jcheck "migrate lists 7.2" "$tmp/out" 'assert j["ok"] is True, j'
expect "migrate lists 10.0" 1 - -- "$cli" ppc migrate --src cap-sbbc=workaround --dst cap-cfpc=workaround \
	--qemu-version 10.0 --json
jcheck "migrate lists 10.0" "$tmp/out" 'assert j["ok"] is False and "sbbc" in json.dumps(j["errors"]), j'

# Deprecated types warn as that QEMU does; unknown facts are said.
expect "deprecated 10.0" 0 "warning: QEMU 10\.0 warns \"Machine type 'pseries-6\.0' is deprecated: machines more than 3 years old are subject to deletion after 6 years\" and starts; pin pseries-7\.1 or newer" -- \
	"$cli" ppc hcall --host "$p9" --qemu-version 10.0 --machine pseries-6.0
expect "not deprecated 7.2" 0 - -- "$cli" ppc hcall --host "$p9" --qemu-version 7.2 --machine pseries-6.0
expect "unknown 8.1" 0 - -- "$cli" ppc hcall --host "$p9" --qemu-version 8.1 --machine pseries-6.0
has "unknown 8.1" '^qemu unknown +no source found for QEMU 8\.1: its deprecated machine types$'
# The fixed-na abort is named only for a guest whose caps hold fixed-na (this host's ibs is workaround).
expect "unknown 8.1 fixed-na" 0 "" -- "$cli" ppc hcall --accel tcg --qemu-version 8.1 --machine pseries-6.0 \
	--caps cap-ibs=fixed-na
has "unknown 8.1 fixed-na" '^qemu unknown +no source found for QEMU 8\.1: its deprecated machine types, whether cap-ibs=fixed-na aborts it$'
expect "unknown 99.0" 0 "" -- "$cli" ppc hcall --host "$p9" --qemu-version 99.0
hasnt "unknown 99.0" 'fixed-na'
# Past the newest row the default cap-sbbc and power11 are unknown (lib/ppc.md#qemu-versions):
# named on the line; caps mode needs cap-sbbc (exit 2), given or with a POWER7 guest it answers.
has "unknown 99.0" '^qemu unknown +no source found for QEMU 99\.0: its default cap-sbbc, whether it has the power11 CPU model$'
expect "past table caps 12.0" 2 "its default cap-sbbc for a guest CPU other than POWER7 is unknown here" -- \
	"$cli" ppc hcall --accel tcg --mode caps --qemu-version 12.0
expect "past table caps 11.1.90 sbbc" 0 "" -- "$cli" ppc hcall --accel tcg --mode caps --qemu-version 11.1.90 \
	--caps cap-sbbc=workaround
has "past table caps 11.1.90 sbbc" '^effective caps +cap-cfpc=workaround cap-sbbc=workaround'
expect "past table caps 11.2 power7" 0 "" -- "$cli" ppc hcall --accel tcg --mode caps --qemu-version 11.2 \
	--guest-cpu power7
expect "past table migrate 12.0" 2 "the list must give cap-sbbc" -- "$cli" ppc migrate --src cap-cfpc=workaround \
	--dst cap-cfpc=workaround --qemu-version 12.0

# 9. probe: its POWER default VM is answered for QEMU 7.2, and it says so (JSON and text).
expect "probe json" 0 "" -- "$cli" probe --json
jcheck "probe json" "$tmp/out" 'q = j["ppc"]["default_vm"]["qemu_version"]
assert q["target"] == "7.2" and q["answered"] == "7.2" and q["assumed"] is True and "QEMU 7.2" in q["note"], q'
expect "probe text" 0 "" -- "$cli" probe
has "probe text" '^-- a default VM \(pseries of QEMU 7\.2, POWER9 guest'
has "probe text" '^qemu +no QEMU version given: the answer is for QEMU 7\.2'

# 10. --qemu FILE (a QEMU profile, lib/ppc.md#qemu-profiles) on migrate, both forms, and baseline:
# the profile probed from Debian 12's QEMU 7.2.22 answers in place of the release table.
q72=$src/tests/data/qemu-7.2-debian12.profile
for c in "migrate --src cap-cfpc=broken --dst cap-cfpc=broken" "migrate --src-host $p9 --dst-host $p9" "baseline $p9"; do
	# shellcheck disable=SC2086 # the words of $c are the arguments
	expect "--qemu and --qemu-version: $c" 2 "--qemu and --qemu-version both name the target QEMU; use one" -- \
		"$cli" ppc $c --qemu "$q72" --qemu-version 7.2
done
# Unlisted caps: pseries-7.2's measured power9 defaults (sbbc workaround), where 10.0's table row has
# sbbc broken and refuses the same lists (section 8).
expect "migrate lists --qemu" 0 - -- "$cli" ppc migrate --src cap-sbbc=workaround --dst cap-cfpc=workaround \
	--qemu "$q72" --json
jcheck "migrate lists --qemu" "$tmp/out" 'assert j["ok"] is True and j["errors"] == [] and j["warnings"] == [], j'
expect "migrate lists --qemu sbbc" 1 - -- "$cli" ppc migrate --src cap-cfpc=workaround --dst cap-sbbc=broken \
	--qemu "$q72" --json
jcheck "migrate lists --qemu sbbc" "$tmp/out" \
	'assert j["errors"] == ["cap-sbbc higher level (1) in incoming stream than on destination (0)"], j'
expect "migrate hosts --qemu" 0 - -- "$cli" ppc migrate --src-host "$p9" --dst-host "$p9" --qemu "$q72" --json
jcheck "migrate hosts --qemu" "$tmp/out" 'q = j["qemu_version"]
assert j["ok"] is True and q["target"] == "7.2.22" and q["answered"] == "7.2.22" and q["assumed"] is False, j'
expect "migrate hosts --qemu power11" 2 "^vcpuchar: --qemu: QEMU 7\.2\.22 \(/usr/bin/qemu-system-ppc64, its profile\) has no power11 CPU model" -- \
	"$cli" ppc migrate --src-host "$p9" --dst-host "$p9" --qemu "$q72" --guest-cpu power11
expect "migrate hosts --qemu pseries-8.0" 2 "^vcpuchar: --machine: QEMU 7\.2\.22 .* has no machine type 'pseries-8\.0'" -- \
	"$cli" ppc migrate --src-host "$p9" --dst-host "$p9" --qemu "$q72" --machine pseries-8.0
expect "baseline --qemu" 0 - -- "$cli" ppc baseline "$p9" "$p10na" --qemu "$q72" --json
jcheck "baseline --qemu" "$tmp/out" 'q = j["qemu_version"]
assert q["target"] == "7.2.22" and q["assumed"] is False, q
assert j["caps"] == {"cfpc": "workaround", "sbbc": "workaround", "ibs": "workaround", "ccf_assist": "off"}, j'
expect "baseline --qemu power11" 2 "^vcpuchar: --qemu: QEMU 7\.2\.22 .* has no power11 CPU model" -- \
	"$cli" ppc baseline "$p9" --qemu "$q72" --guest-cpu power11
expect "baseline --qemu pseries-8.0" 2 "^vcpuchar: --machine: QEMU 7\.2\.22 .* has no machine type 'pseries-8\.0'" -- \
	"$cli" ppc baseline "$p9" --qemu "$q72" --machine pseries-8.0
expect "migrate --qemu missing" 2 "^vcpuchar: --qemu: " -- "$cli" ppc migrate --src cap-cfpc=broken --dst cap-cfpc=broken \
	--qemu "$tmp/no-such.profile"

# 11. Deprecations from the profile: Debian 12's 7.2.22 marks no type deprecated; a test edit
# (pseries-2.11 marked deprecated, in $tmp only) gets the binary's warning and the pin.
expect "--qemu not deprecated" 0 - -- "$cli" ppc hcall --host "$p9" --qemu "$q72" --machine pseries-2.11
sed '/^\[machine pseries-2.11\]$/,/^deprecated=/s/^deprecated=false$/deprecated=true/' "$q72" >"$tmp/dep.profile"
expect "--qemu deprecated" 0 "^vcpuchar: warning: QEMU 7\.2\.22 \(/usr/bin/qemu-system-ppc64, its profile\) marks machine type 'pseries-2\.11' deprecated: it warns and starts; pin pseries-2\.12 or newer" -- \
	"$cli" ppc hcall --host "$p9" --qemu "$tmp/dep.profile" --machine pseries-2.11
expect "--qemu deprecated migrate" 1 "marks machine type 'pseries-2\.11' deprecated" -- \
	"$cli" ppc migrate --src-host "$p9" --dst-host "$p10na" --qemu "$tmp/dep.profile" --machine pseries-2.11
# The warnings name the exact type the profile's defaults are for.
expect "--qemu warning names the type" 0 - -- "$cli" ppc hcall --host "$p9" --qemu "$q72" --machine pseries-2.11
has "--qemu warning names the type" '^warning defaults_below_host: QEMU started with the pseries-2\.11 default caps on this host'

# 12. -machine lines against the profile's type: its properties (QMP qom-list-properties) decide
# which caps QEMU takes. 7.2.22's pseries-7.2 has cap-rpt-invalidate (not judged) and no
# cap-ail-mode-3 (refused, as the table says for 7.2); a test edit adds a vendor cap.
expect "--qemu line rpt-invalidate" 0 - -- "$cli" ppc hcall --host "$p9" --qemu "$q72" \
	--machine pseries,cap-rpt-invalidate=on --json
jcheck "--qemu line rpt-invalidate" "$tmp/out" 'assert j["not_judged"] == ["cap-rpt-invalidate=on"], j["not_judged"]'
expect "--qemu line ail-mode-3" 2 "^vcpuchar: --machine: item 2: QEMU 7\.2\.22 \(/usr/bin/qemu-system-ppc64, its profile\): pseries-7\.2 has no property 'cap-ail-mode-3' \(it refuses it\)$" -- \
	"$cli" ppc hcall --host "$p9" --qemu "$q72" --machine pseries,cap-ail-mode-3=off
sed '/^\[machine pseries-7.2\]$/,/^properties=/s/^properties=/properties=cap-x-vendor;/' "$q72" >"$tmp/vendor.profile"
expect "--qemu line vendor cap" 0 - -- "$cli" ppc hcall --host "$p9" --qemu "$tmp/vendor.profile" \
	--machine pseries-7.2,cap-x-vendor=on --json
jcheck "--qemu line vendor cap" "$tmp/out" 'assert j["not_judged"] == ["cap-x-vendor=on"], j["not_judged"]'
expect "--qemu line vendor cap elsewhere" 2 "pseries-7\.1 has no property 'cap-x-vendor'" -- \
	"$cli" ppc hcall --host "$p9" --qemu "$tmp/vendor.profile" --machine pseries-7.1,cap-x-vendor=on

# 13. cap-hpt-max-page-size from the profile, on a 4 KiB KVM-HV host that needs host-contiguous
# pages (the nested tier's L1 facts, as cli-start.sh): pseries-2.11 reads 16 GiB under TCG, the
# host's page size, and starts; pseries-3.1 reads 64 KiB and is refused with the fix.
cp "$p9" "$tmp/l1.profile"
printf 'kvm_htm=false\nkvm_nested_hv=true\nkvm_fwnmi=true\nkvm_pages_real=true\npage_size=4096\ndec_bits=56\n' \
	>>"$tmp/l1.profile"
expect "--qemu hpt 2.11" 0 - -- "$cli" ppc hcall --host "$tmp/l1.profile" --qemu "$q72" --machine pseries-2.11 --json
jcheck "--qemu hpt 2.11" "$tmp/out" 'c = {c["cap"]: c for c in j["start"]["caps"]}["hpt-max-page-size"]
assert c["verdict"] == "starts" and c["level"] == 0, c
assert c["reason"] == "pseries-2.12 and older take the host\x27s page size", c'
expect "--qemu hpt 3.1" 1 - -- "$cli" ppc hcall --host "$tmp/l1.profile" --qemu "$q72" --machine pseries-3.1
has "--qemu hpt 3.1" "^start +cap-hpt-max-page-size refused: QEMU says \"Can't support 64 kiB guest pages with 4 kiB host pages"

finish cli-qemu-version
