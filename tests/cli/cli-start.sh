#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# The start verdict in the CLI (lib/ppc.md#start): ppc hcall adds to the qemu line
# what QEMU needs to start on the host (cap-hpt-max-page-size=4k on a 4 KiB-page
# KVM-HV host, cap-fwnmi=off without KVM_CAP_PPC_FWNMI), says which caps the
# facts cannot judge, and exits 1 when QEMU would refuse the caps it prints.
# Usage: cli-start.sh VCPUCHAR SRCDIR
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"

# 1. A profile without the start facts (written before 1.2): nothing added, each unread fact named.
expect "no facts" 0 - -- "$cli" ppc hcall --host "$p9"
has "no facts" '^  qemu +-machine pseries,cap-cfpc=[a-z-]+,cap-sbbc=[a-z-]+,cap-ibs=[a-z-]+,cap-ccf-assist=(on|off)$'
has "no facts" '^start +cap-hpt-max-page-size not judged: .*the host.s page size'
has "no facts" '^start +cap-fwnmi not judged: .*KVM_CAP_PPC_FWNMI'

# 2. The nested tier's L1 (Debian 6.12, 4 KiB pages, KVM-HV) on a kernel without FWNMI:
#    both refusals go on the qemu line, QEMU's messages are quoted, exit 1.
cp "$p9" "$tmp/l1.profile"
printf 'kvm_htm=false\nkvm_nested_hv=true\nkvm_fwnmi=false\nkvm_pages_real=true\npage_size=4096\ndec_bits=56\n' \
	>>"$tmp/l1.profile"
expect "4k" 1 - -- "$cli" ppc hcall --host "$tmp/l1.profile"
has "4k" '^  qemu +-machine pseries,cap-cfpc=.*,cap-ccf-assist=(on|off),cap-hpt-max-page-size=4k,cap-fwnmi=off$'
has "4k" "^start +cap-hpt-max-page-size refused: QEMU says \"Can't support 64 kiB guest pages with 4 kiB host pages"
has "4k" '^start +cap-fwnmi refused: .*not supported by KVM'
hasnt "4k" '^start .*not judged'
has "4k" '^  hpt-max-page-size +default 65536 +effective 65536 +refused$'
has "4k" '^  vsx +default on +effective on +not judged: QEMU checks it against the guest CPU model'
expect "4k json" 1 - -- "$cli" ppc hcall --host "$tmp/l1.profile" --json
jcheck "4k json" "$tmp/out" 's = j["start"]
assert s["paste"] == "cap-hpt-max-page-size=4k,cap-fwnmi=off", s
v = {c["cap"]: c["verdict"] for c in s["caps"]}
assert v["hpt-max-page-size"] == "refused" and v["fwnmi"] == "refused" and v["large-decr"] == "starts", v
assert [c["cap"] for c in s["caps"]][:4] == ["cfpc", "sbbc", "ibs", "ccf-assist"], s
# machine_caps (lib/ppc.md#machine-caps): the twelve caps of QEMU 7.2 from the table, each judged or not.
m = j["machine_caps"]
assert j["machine_caps_source"] == "table", j["machine_caps_source"]
assert sorted(m) == ["ccf-assist", "cfpc", "dfp", "fwnmi", "hpt-max-page-size", "htm", "ibs", "large-decr",
                     "nested-hv", "rpt-invalidate", "sbbc", "vsx"], sorted(m)
h = m["hpt-max-page-size"]
assert (h["default"], h["effective"], h["start"], h["hint"]) == ("65536", "65536", "refused", "cap-hpt-max-page-size=4k"), h
assert "Can\x27t support 64 kiB guest pages with 4 kiB host pages" in h["message"], h
assert (m["fwnmi"]["default"], m["fwnmi"]["start"], m["fwnmi"]["hint"]) == ("on", "refused", "cap-fwnmi=off"), m["fwnmi"]
assert (m["large-decr"]["effective"], m["large-decr"]["start"]) == ("on", "starts"), m["large-decr"]
assert (m["vsx"]["default"], m["vsx"]["start"]) == ("on", "not judged") and "CPU model" in m["vsx"]["why"], m["vsx"]'

# 3. pseries-4.2 takes cap-fwnmi=off (hw/ppc/spapr.c): only the page size is left.
expect "4.2" 1 - -- "$cli" ppc hcall --host "$tmp/l1.profile" --machine pseries-4.2
has "4.2" '^  qemu +-machine pseries-4\.2,.*,cap-hpt-max-page-size=4k$'

# 4. A 64 KiB-page host with FWNMI: QEMU starts, nothing added.
sed -i 's/^kvm_fwnmi=false/kvm_fwnmi=true/; s/^page_size=4096/page_size=65536/' "$tmp/l1.profile"
expect "64k" 0 - -- "$cli" ppc hcall --host "$tmp/l1.profile"
hasnt "64k" '^start '
has "64k" '^  qemu +-machine pseries,cap-cfpc=.*,cap-ccf-assist=(on|off)$'

# 5. machine_caps from Debian 12's QEMU 7.2.22 profile under TCG: pseries-2.11 holds cap-htm=on
#    (probed), which TCG refuses; its page size is 16 GiB as qom-get gives it; a pasted
#    cap-vsx=no is the effective value of a cap the library does not judge.
expect "profile" 1 - -- "$cli" ppc hcall --accel tcg --guest-cpu power9 --qemu "$src/tests/data/qemu-7.2-debian12.profile" \
	--machine pseries-2.11,cap-vsx=no --json
jcheck "profile" "$tmp/out" 'm = j["machine_caps"]
assert j["machine_caps_source"] == "profile" and len(m) == 12, j["machine_caps_source"]
assert m["htm"] == {"default": "on", "effective": "on", "start": "refused", "hint": "cap-htm=off",
                    "message": m["htm"]["message"]} and "No Transactional Memory support in TCG" in m["htm"]["message"], m["htm"]
assert (m["hpt-max-page-size"]["default"], m["hpt-max-page-size"]["start"]) == ("17179869184", "starts"), m
assert (m["vsx"]["default"], m["vsx"]["effective"]) == ("on", "off"), m["vsx"]
assert (m["cfpc"]["default"], m["ibs"]["default"], m["ccf-assist"]["default"]) == ("broken", "broken", "off"), m'

# 6. A libvirt fragment's <htm>, <nested-hv> and <hpt><maxpagesize>: libvirt passes them to QEMU as
#    cap-htm, cap-nested-hv and cap-hpt-max-page-size (its QEMU driver's ",cap-htm=%s" and the others,
#    9.0.0 and 11.3.0), so the start verdict judges them: TCG refuses cap-htm=on, as QEMU says.
expect "libvirt caps" 1 - -- "$cli" ppc hcall --accel tcg --mode caps \
	--caps "<features><htm state='on'/><nested-hv state='off'/><hpt><maxpagesize unit='KiB'>64</maxpagesize></hpt></features>"
has "libvirt caps" '^start +cap-htm refused: cap-htm=on, given: QEMU says "No Transactional Memory support in TCG"'
has "libvirt caps" '^  htm +default off +effective on +refused'
hasnt "libvirt caps" '^not judged'
# A start cap in both --machine and --caps is refused, as one of the four is.
expect "libvirt caps twice" 2 'cap-htm is given in both; give it once' -- "$cli" ppc hcall --accel tcg \
	--machine pseries,cap-htm=off --caps "<htm state='on'/>"

finish cli-start
