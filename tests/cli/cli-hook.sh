#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# vcpuchar libvirt-hook with domain XML fixtures (tests/cli/libvirt/): what it
# refuses (exit 1, one line on stderr, nothing on stdout), what it lets
# through (0), what it cannot read (2: malformed, huge, not a domain, a bad
# config), and the x86 warning. examples/vcpuchar/README.md, "libvirt hook".
# Usage: cli-hook.sh VCPUCHAR SRCDIR
set -u
cli=$(cd "$(dirname "$1")" && pwd)/$(basename "$1") src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"

fx=$src/tests/cli/libvirt
p9=$src/examples/profiles/power9-dd2.3-opal.profile
nested=$src/examples/profiles/power9-nested-hv-qemu.profile
amd=$src/examples/profiles/amd-emulated-kvm-amd-6.12.profile

# A QEMU that says its version as qemu-system-ppc64 --version does.
mkqemu() {
	printf '#!/bin/sh\necho "QEMU emulator version %s (Debian)"\necho "Copyright (c) 2003-2025 Fabrice Bellard and the QEMU Project developers"\n' \
		"$1" >"$tmp/qemu-$1"
	chmod +x "$tmp/qemu-$1"
}
mkqemu 7.2.22
mkqemu 11.1.3
# dom FILE EMULATOR [SED]: a fixture with its emulator, edited by SED.
dom() {
	sed -e "s|@EMULATOR@|$2|" -e "${3:-}" "$fx/$1"
}
conf() { # NAME HOST [ACCEL]
	printf '[vcpuchar]\nhost = %s\n' "$2" >"$tmp/$1.conf"
	[ -z "${3:-}" ] || printf 'accel = %s\n' "$3" >>"$tmp/$1.conf"
}
conf kvm "$p9" kvm
conf nested "$nested" kvm
conf tcg "$p9"
conf amd "$amd"
# hook CONF XMLFILE OP SUB: as libvirt calls it, the XML on stdin.
hook() {
	"$cli" libvirt-hook --config "$tmp/$1.conf" -- dom "$3" "$4" - <"$2"
}
oneline() { # NAME: exactly one line on stderr, nothing on stdout
	cases=$((cases + 1))
	if [ "$(wc -l <"$tmp/err")" != 1 ] || [ -s "$tmp/out" ]; then
		fail "$1: want one stderr line and no stdout"
	fi
}

# 1. A cap above the host: refused at prepare begin and at migrate begin.
dom p9-fixed.xml "$tmp/qemu-7.2.22" >"$tmp/fixed.xml"
expect "fixed" 1 "^vcpuchar: domain 'dom' refused: cap-cfpc=fixed: Requested safe cache capability level not supported by KVM \(host level workaround, from .*power9-dd2.3-opal.profile\); Try appending -machine cap-cfpc=workaround, in the domain's <features>: <cfpc value='workaround'/>$" -- hook kvm "$tmp/fixed.xml" prepare begin
oneline "fixed"
expect "fixed migrate" 1 "refused: cap-cfpc=fixed" -- hook kvm "$tmp/fixed.xml" migrate begin
oneline "fixed migrate"
# Other operations are not judged (libvirt calls every hook for each).
for op in start:begin started:begin stopped:end release:end migrate:end restore:begin; do
	expect "fixed $op" 0 - -- hook kvm "$tmp/fixed.xml" "${op%:*}" "${op#*:}"
done
# Under TCG (the domain's type, no accel in the config) QEMU only warns: let through.
expect "fixed tcg" 0 - -- hook tcg "$tmp/fixed.xml" prepare begin
# Under TCG without <cpu>, the type's default CPU (lib/ppc.md#tcg-default-cpu): QEMU 7.2
# starts pseries-2.5 with POWER7, htm off; pseries-2.8's POWER8 asks for htm, which TCG lacks.
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/pseries-7.2/pseries-2.5/;/<features>/,/<\/features>/d" >"$tmp/p25.xml"
expect "tcg pseries-2.5" 0 - -- hook tcg "$tmp/p25.xml" prepare begin
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/pseries-7.2/pseries-2.8/;/<features>/,/<\/features>/d" >"$tmp/p28.xml"
expect "tcg pseries-2.8" 1 "refused: cap-htm: .*No Transactional Memory support in TCG" -- hook tcg "$tmp/p28.xml" prepare begin
oneline "tcg pseries-2.8"

# 2. At the host's levels: started, nothing said.
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/value='fixed'/value='workaround'/" >"$tmp/ok.xml"
# The bundled profile has no pvr: the assumed CPU is said (one note line, the start goes on).
expect "ok" 0 "^vcpuchar: note: domain 'dom': the host facts carry no CPU .*the guest CPU is assumed POWER9" -- hook kvm "$tmp/ok.xml" prepare begin
expect "ok migrate" 0 "^vcpuchar: note: domain 'dom': the host facts carry no CPU .*the guest CPU is assumed POWER9" -- hook kvm "$tmp/ok.xml" migrate begin
hasnt "ok migrate" '.'
# A host without ccf-assist: the destination of an incoming migration refuses.
expect "ccf-assist" 1 "refused: cap-ccf-assist=on: .* \(host level off, from .*power9-nested-hv-qemu.profile\); Try appending -machine cap-ccf-assist=off, in the domain's <features>: <ccf-assist state='off'/>$" -- hook nested "$tmp/ok.xml" migrate begin
oneline "ccf-assist"
# No <features>: the machine type's defaults are judged (ccf-assist on from pseries-5.0).
dom p9-fixed.xml "$tmp/qemu-7.2.22" '/<features>/,/<\/features>/d' >"$tmp/nofeat.xml"
expect "defaults" 0 "^vcpuchar: note: domain 'dom': the host facts carry no CPU .*the guest CPU is assumed POWER9" -- hook kvm "$tmp/nofeat.xml" prepare begin
expect "defaults nested" 1 "refused: cap-ccf-assist=on: " -- hook nested "$tmp/nofeat.xml" prepare begin

# 3. The QEMU the domain names: 11.1 has no pseries-4.2.
dom p9-fixed.xml "$tmp/qemu-11.1.3" "s/pseries-7.2/pseries-4.2/; s/value='fixed'/value='workaround'/" >"$tmp/old.xml"
expect "11.1 old type" 1 "refused: machine type pseries-4.2: .*11\.1" -- hook kvm "$tmp/old.xml" prepare begin
oneline "11.1 old type"
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/pseries-7.2/pseries-4.2/; s/value='fixed'/value='workaround'/" >"$tmp/old72.xml"
expect "7.2 old type" 0 "^vcpuchar: note: domain 'dom': the host facts carry no CPU .*the guest CPU is assumed POWER9" -- hook kvm "$tmp/old72.xml" prepare begin
# No emulator, or one that says no version: judged for QEMU 7.2, with a note.
dom p9-fixed.xml "" "s/value='fixed'/value='workaround'/" >"$tmp/noemu.xml"
expect "no emulator" 0 "^vcpuchar: note: domain 'dom': the domain names no <emulator>" -- hook kvm "$tmp/noemu.xml" prepare begin
dom p9-fixed.xml /bin/true "s/value='fixed'/value='workaround'/" >"$tmp/true.xml"
expect "true emulator" 0 "said no version" -- hook kvm "$tmp/true.xml" prepare begin
# Over 4 KiB before the version line: a note of its own (the message buffer was read unset).
printf '#!/bin/sh\nhead -c 5000 /dev/zero | tr "\\\\0" x\necho "QEMU emulator version 7.2.22"\n' >"$tmp/qemu-long"
chmod +x "$tmp/qemu-long"
dom p9-fixed.xml "$tmp/qemu-long" "s/value='fixed'/value='workaround'/" >"$tmp/long.xml"
expect "long emulator" 0 "--version printed over 4096 bytes: the answer is for QEMU 7.2" -- hook kvm "$tmp/long.xml" prepare begin
# An emulator that does not answer, or floods stdout: killed (its whole process group) within
# 5 s, judged for QEMU 7.2 with a note, and nothing of it left running.
tag=vcpuchar-hook-$$
cp "$(command -v sleep)" "$tmp/$tag-sleep"
printf '#!/bin/sh\nexec %s 100\n' "$tmp/$tag-sleep" >"$tmp/qemu-sleep"
printf '#!/bin/sh\n%s 100 &\nexec cat /dev/zero\n' "$tmp/$tag-sleep" >"$tmp/qemu-flood"
printf '#!/bin/sh\nexec >&-\nexec %s 100\n' "$tmp/$tag-sleep" >"$tmp/qemu-closed"
chmod +x "$tmp/qemu-sleep" "$tmp/qemu-flood" "$tmp/qemu-closed"
for e in sleep:"did not answer within 5 s" flood:"printed over 4096 bytes" closed:"did not answer within 5 s"; do
	dom p9-fixed.xml "$tmp/qemu-${e%%:*}" "s/value='fixed'/value='workaround'/" >"$tmp/${e%%:*}.xml"
	t0=$(date +%s)
	expect "${e%%:*} emulator" 0 "^vcpuchar: note: domain 'dom': the domain's <emulator> --version ${e#*:}: the answer is for QEMU 7.2; the host facts carry no CPU" -- hook kvm "$tmp/${e%%:*}.xml" prepare begin
	cases=$((cases + 1))
	[ $(($(date +%s) - t0)) -le 7 ] || fail "${e%%:*} emulator: took $(($(date +%s) - t0)) s"
	cases=$((cases + 1))
	! pgrep -f "$tag" >/dev/null || { fail "${e%%:*} emulator: left $(pgrep -af "$tag")"; kill -KILL $(pgrep -f "$tag"); }
done
# A distribution's type without all four caps: not judged, QEMU decides.
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/pseries-7.2/pseries-rhel9.2.0/; /<cfpc/d" >"$tmp/rhel.xml"
expect "rhel" 0 "note: .*not judged" -- hook kvm "$tmp/rhel.xml" prepare begin
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/pseries-7.2/pseries-rhel9.2.0/" >"$tmp/rhel4.xml"
expect "rhel four caps" 1 "refused: cap-cfpc=fixed" -- hook kvm "$tmp/rhel4.xml" prepare begin
# A guest CPU the host profile cannot judge (no pvr) is not refused; POWER11 on a POWER9 pvr is.
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/value='fixed'/value='workaround'/; s|<vcpu|<cpu mode='custom'><model>POWER9</model></cpu><vcpu|" >"$tmp/cpu9.xml"
expect "cpu POWER9" 0 "note: domain 'dom': the host facts carry no CPU .*whether a POWER9 guest CPU runs there is not checked" -- hook kvm "$tmp/cpu9.xml" prepare begin
sed 's/^power8=false/power8=false\npvr=0x004e1203/' "$p9" >"$tmp/p9pvr.profile"
conf pvr "$tmp/p9pvr.profile" kvm
# With the host's pvr the CPU is known: nothing to say. A model of no POWER family is named, not read.
expect "cpu POWER9 pvr" 0 - -- hook pvr "$tmp/cpu9.xml" prepare begin
sed 's|<model>POWER9</model>|<model>POWER99</model>|' "$tmp/cpu9.xml" >"$tmp/cpu99.xml"
expect "cpu POWER99" 0 "^vcpuchar: note: domain 'dom': <cpu><model> 'POWER99' is no POWER7 to POWER11 model: not read$" -- hook pvr "$tmp/cpu99.xml" prepare begin
sed 's|<model>POWER9</model>|<model>POWER11</model>|' "$tmp/cpu9.xml" >"$tmp/cpu11-7.2.xml"
expect "cpu POWER11 QEMU 7.2" 1 "refused: QEMU 7.2 has no power11 CPU model" -- hook kvm "$tmp/cpu11-7.2.xml" prepare begin
sed 's|qemu-7.2.22|qemu-11.1.3|' "$tmp/cpu11-7.2.xml" >"$tmp/cpu11.xml"
expect "cpu POWER11 no pvr" 0 "whether a POWER11 guest CPU runs there is not checked" -- hook kvm "$tmp/cpu11.xml" prepare begin
expect "cpu POWER11" 1 "refused: a POWER11 guest CPU cannot run on this POWER9 host \(pvr 0x004e1203\)" -- hook pvr "$tmp/cpu11.xml" prepare begin
oneline "cpu POWER11"

# 4. Input it cannot read: exit 2 and why (libvirt aborts the start for any non-zero exit).
printf '<domain type="qemu"><os>' >"$tmp/trunc.xml"
expect "truncated" 2 "^vcpuchar: domain 'dom': the XML on stdin: Error on line 1" -- hook kvm "$tmp/trunc.xml" prepare begin
printf '<domain type="qemu"><os></domain>' >"$tmp/mismatch.xml"
expect "mismatch" 2 "the XML on stdin: " -- hook kvm "$tmp/mismatch.xml" prepare begin
printf '<network><name>n</name></network>' >"$tmp/network.xml"
expect "not a domain" 2 "root element is <network>" -- hook kvm "$tmp/network.xml" prepare begin
printf '' >"$tmp/empty.xml"
expect "empty" 2 "the XML on stdin" -- hook kvm "$tmp/empty.xml" prepare begin
printf '<domain type="qemu">\0</domain>' >"$tmp/nul.xml"
expect "NUL" 2 "NUL byte" -- hook kvm "$tmp/nul.xml" prepare begin
{ printf '<domain type="qemu"><description>'; head -c 5000000 /dev/zero | tr '\0' a; printf '</description></domain>'; } >"$tmp/huge.xml"
expect "huge" 2 "over 4 MiB" -- hook kvm "$tmp/huge.xml" prepare begin
# An endless stdin: read up to 4 MiB and one byte, then refused (it never ended before).
for op in "prepare 2" "started 0"; do
	# shellcheck disable=SC2016 # expanded by the inner sh
	expect "endless stdin, ${op% *}" "${op#* }" "$([ "${op#* }" = 2 ] && echo 'over 4 MiB' || echo -)" -- \
		sh -c 'exec timeout 60 "$0" libvirt-hook --config "$1" -- dom "$2" begin - </dev/zero' "$cli" "$tmp/kvm.conf" "${op% *}"
done
# Deeply nested: read without recursion.
{ printf '<domain type="qemu">'; for _ in $(seq 20000); do printf '<a>'; done; for _ in $(seq 20000); do printf '</a>'; done; printf '</domain>'; } >"$tmp/deep.xml"
expect "deep" 0 - -- hook kvm "$tmp/deep.xml" prepare begin
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/value='fixed'/value='Fixed'/" >"$tmp/badval.xml"
expect "bad value" 2 "<features>: .*Fixed" -- hook kvm "$tmp/badval.xml" prepare begin
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s|<cfpc value='fixed'/>|<cfpc value='fixed'>x</cfpc>|" >"$tmp/content.xml"
expect "cap content" 2 "has content" -- hook kvm "$tmp/content.xml" prepare begin
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s|<sbbc value='workaround'/>|<cfpc value='broken'/>|" >"$tmp/twice.xml"
expect "cap twice" 2 "<features>: " -- hook kvm "$tmp/twice.xml" prepare begin
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/pseries-7.2/pseries-7.2,cap-cfpc=broken/" >"$tmp/props.xml"
expect "machine props" 2 "holds QEMU properties" -- hook kvm "$tmp/props.xml" prepare begin
# Not judged: no <os>, another architecture, another ppc64 machine.
dom p9-fixed.xml "" '/<os>/,/<\/os>/d' >"$tmp/noos.xml"
expect "no os" 0 - -- hook kvm "$tmp/noos.xml" prepare begin
dom p9-fixed.xml "" "s/arch='ppc64' machine='pseries-7.2'/arch='aarch64' machine='virt'/" >"$tmp/arm.xml"
expect "aarch64" 0 - -- hook kvm "$tmp/arm.xml" prepare begin
dom p9-fixed.xml "" "s/machine='pseries-7.2'/machine='powernv9'/" >"$tmp/powernv.xml"
expect "powernv" 0 - -- hook kvm "$tmp/powernv.xml" prepare begin

# Not judged: any other operation exits 0 whatever stdin holds (the XML is read and ignored).
for f in huge trunc empty network nul; do
	for op in release:end started:begin prepare:end migrate:end; do
		expect "$f $op" 0 - -- hook kvm "$tmp/$f.xml" "${op%:*}" "${op#*:}"
	done
done
expect "huge migrate" 2 "over 4 MiB" -- hook kvm "$tmp/huge.xml" migrate begin
expect "empty migrate" 2 "the XML on stdin" -- hook kvm "$tmp/empty.xml" migrate begin

# 5. Usage and config.
expect "argc" 2 "takes DOMAIN OPERATION SUB-OPERATION EXTRA" -- "$cli" libvirt-hook dom prepare begin </dev/null
expect "missing config" 2 "config $tmp/none.conf: No such file" -- "$cli" libvirt-hook --config "$tmp/none.conf" dom prepare begin - <"$tmp/ok.xml"
printf '[vcpuchar]\nhots = x\n' >"$tmp/typo.conf"
expect "unknown key" 2 "unknown key 'hots'" -- "$cli" libvirt-hook --config "$tmp/typo.conf" dom prepare begin - <"$tmp/ok.xml"
printf '[vcpuchar]\naccel = tcg\n' >"$tmp/accel.conf"
expect "bad accel" 2 "accel 'tcg': expected domain or kvm" -- "$cli" libvirt-hook --config "$tmp/accel.conf" dom prepare begin - <"$tmp/ok.xml"
printf '[vcpuchar]\nhost = %s\naccel = kvm\n' "$tmp/none.profile" >"$tmp/noprof.conf"
expect "missing profile" 2 "config .*noprof.conf: host=.*none.profile: No such file or directory" -- "$cli" libvirt-hook --config "$tmp/noprof.conf" dom prepare begin - <"$tmp/ok.xml"
printf 'host = x\n' >"$tmp/nogroup.conf"
expect "no group" 2 "config .*nogroup.conf: " -- "$cli" libvirt-hook --config "$tmp/nogroup.conf" dom prepare begin - <"$tmp/ok.xml"
# A config error is not judged for the operations the hook lets through.
expect "config not read" 0 - -- "$cli" libvirt-hook --config "$tmp/typo.conf" dom started begin - <"$tmp/ok.xml"

# 6. x86: HLT pass-through by <qemu:commandline>: a warning, never a refusal.
expect "cpu-pm" 0 "^vcpuchar: warning: domain 'dom' passes HLT exits through \(-overcommit cpu-pm=on\), where the policy for this host and a not pinned VM keeps them \(.*hlt_exits_kept_overcommit" -- hook amd "$fx/x86-cpu-pm.xml" prepare begin
hasnt "cpu-pm" '.'
sed "/qemu:commandline/,/\/qemu:commandline/d" "$fx/x86-cpu-pm.xml" >"$tmp/x86.xml"
expect "x86 no cpu-pm" 0 - -- hook amd "$tmp/x86.xml" prepare begin
# A profile the config names that is not there: the message names the config file and key.
printf '[vcpuchar]\nhost=/nonexistent\n' >"$tmp/amd-none.conf"
expect "x86 missing profile" 2 "config .*amd-none.conf: host=/nonexistent: No such file or directory" -- \
	hook amd-none "$fx/x86-cpu-pm.xml" prepare begin
# Not checked, and said so (libvirtd logs the line): a POWER host profile, a cpu-pm value QEMU refuses.
printf '[vcpuchar]\nhost = %s\n' "$p9" >"$tmp/amd-p9.conf"
expect "x86 with a POWER profile" 0 "^vcpuchar: note: domain 'dom' passes HLT exits through .*not checked: the host facts are not an x86 host's" -- \
	hook amd-p9 "$fx/x86-cpu-pm.xml" prepare begin
oneline "x86 with a POWER profile"
sed "s/cpu-pm=on/cpu-pm=maybe/" "$fx/x86-cpu-pm.xml" >"$tmp/maybe.xml"
expect "cpu-pm=maybe" 0 "^vcpuchar: note: domain 'dom': -overcommit has a cpu-pm value QEMU refuses; not checked" -- \
	hook amd "$tmp/maybe.xml" prepare begin
# QEMU's other spellings of on (lib/x86.md#domain-rules) warn as cpu-pm=on does.
sed "s/cpu-pm=on/cpu-pm=yes/" "$fx/x86-cpu-pm.xml" >"$tmp/yes.xml"
expect "cpu-pm=yes" 0 "^vcpuchar: warning: domain 'dom' passes HLT exits through" -- hook amd "$tmp/yes.xml" prepare begin
sed "s|</vcpu>|</vcpu><cputune><vcpupin vcpu='0' cpuset='2'/><vcpupin vcpu='1' cpuset='3'/></cputune>|" \
	"$fx/x86-cpu-pm.xml" >"$tmp/pinned.xml"
expect "cpu-pm pinned" 0 "" -- hook amd "$tmp/pinned.xml" prepare begin
# lib/x86.md#domain-rules: one pin per vCPU, each on a CPU of its own; else not pinned.
for pins in "vcpu='0' cpuset='2'/><vcpupin vcpu='1' cpuset='2'" \
	"vcpu='0' cpuset='2'/><vcpupin vcpu='1' cpuset='3'/><vcpupin vcpu='1' cpuset='4'" \
	"vcpu='0' cpuset='2'/><vcpupin vcpu='1' cpuset='3-4'"; do
	sed "s|</vcpu>|</vcpu><cputune><vcpupin $pins/></cputune>|" "$fx/x86-cpu-pm.xml" >"$tmp/pins.xml"
	expect "cpu-pm, not pinned: $pins" 0 "a not pinned VM keeps them .*hlt_exits_kept_overcommit" -- hook amd "$tmp/pins.xml" prepare begin
done

# qemu = FILE (since 1.3): the QEMU profile of the domains' binary in place of <emulator> --version
# (lib/ppc.md#qemu-profiles): its types (pseries-8.0 is refused naming them) and their defaults.
q72=$src/tests/data/qemu-7.2-debian12.profile
printf '[vcpuchar]\nhost = %s\naccel = kvm\nqemu = %s\n' "$p9" "$q72" >"$tmp/qprof.conf"
expect "qemu profile fixed" 1 "^vcpuchar: domain 'dom' refused: cap-cfpc=fixed: Requested safe cache capability level not supported by KVM" -- \
	hook qprof "$tmp/fixed.xml" prepare begin
oneline "qemu profile fixed"
dom p9-fixed.xml "$tmp/qemu-7.2.22" "s/machine='pseries-7.2'/machine='pseries-8.0'/" >"$tmp/p80.xml"
expect "qemu profile pseries-8.0" 1 "^vcpuchar: domain 'dom' refused: machine type pseries-8\.0: QEMU 7\.2\.22 \(/usr/bin/qemu-system-ppc64, its profile\) has no machine type 'pseries-8\.0'" -- \
	hook qprof "$tmp/p80.xml" prepare begin
printf '[vcpuchar]\nqemu = %s\n' "$tmp/no-such.profile" >"$tmp/qmiss.conf"
expect "qemu profile missing" 2 "^vcpuchar: config .*qmiss\.conf: qemu=.*no-such\.profile: " -- hook qmiss "$tmp/fixed.xml" prepare begin
printf '[vcpuchar]\nqemu =\n' >"$tmp/qempty.conf"
expect "qemu profile empty" 2 "config .*qempty\.conf: qemu is empty" -- hook qempty "$tmp/fixed.xml" prepare begin

finish cli-hook
