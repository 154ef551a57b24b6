#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# Messages that must say what is really wrong: a --host profile without
# the group a command needs, an [x86] group with no known key, a UTF-8
# byte order mark, a probe without /dev/kvm (the cause said once, never
# "Bad file descriptor"), and an option value that is not text.
# Usage: cli-messages.sh VCPUCHAR SRCDIR
set -u
cli=$1 src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"


printf '[host]\narch=x86_64\n' >"$tmp/host-only.profile"
printf '[host]\nkernel_release=6.1.0\n' >"$tmp/no-groups.profile"
printf '[x86]\nfuture_key=1\n' >"$tmp/unknown.profile"
printf '\357\273\277# saved by an editor\n[x86]\nvendor=amd\n' >"$tmp/bom.profile"

expect "ppc hcall --host without [ppc]" 2 'no \[ppc\] group: there is no POWER information in that file' -- \
	"$cli" ppc hcall --host "$tmp/no-groups.profile"
expect "ppc hcall --host of an x86 host" 2 'describes an x86_64 host' -- \
	"$cli" ppc hcall --host "$tmp/host-only.profile"
expect "x86 policy --host without [x86]" 2 'no \[x86\] group' -- "$cli" x86 policy --host "$tmp/host-only.profile"
expect "x86 policy --host, unknown keys only" 2 'holds no key this version knows' -- \
	"$cli" x86 policy --host "$tmp/unknown.profile"
expect "BOM" 0 "" -- "$cli" x86 policy --host "$tmp/bom.profile"
# lib/x86.md#architecture: an aarch64 profile with an [x86] group got kvm-hint-dedicated before.
printf '[host]\narch=aarch64\n[x86]\nvendor=amd\n' >"$tmp/arm.profile"
expect "x86 policy --host of an aarch64 host" 2 'describes an aarch64 host: the x86 policy .* applies to x86 hosts only' -- \
	"$cli" x86 policy --host "$tmp/arm.profile" --pinned
expect "ppc hcall --mode host --accel tcg" 2 '^vcpuchar: cannot decide: host mode under TCG: the host.s words describe no CPU that QEMU emulates' -- \
	"$cli" ppc hcall --mode host --accel tcg --chars 0,0,0,0
expect "x86 policy --vcpus 0" 2 "bad value '0' for --vcpus" -- "$cli" x86 policy --host "$tmp/bom.profile" --vcpus 0
# Non-ASCII option values, both spellings: the option is named. Text in the locale's character
# set (LC_CTYPE) reaches the parsers, which name the value; bytes that are not are refused first.
expect "non-ASCII --caps VALUE" 2 '^vcpuchar: --caps: value .* is not text in this locale.s character set .ANSI_X3.4-1968.' -- \
	env LC_ALL=C "$cli" ppc hcall --caps "cap-ibs=fix$(printf '\303\251')d"
expect "non-ASCII --caps=VALUE" 2 '^vcpuchar: --caps: value .* is not text' -- \
	env LC_ALL=C "$cli" ppc hcall "--caps=cap-ibs=fix$(printf '\303\251')d"
expect "non-ASCII --cvm" 2 '^vcpuchar: --cvm: value' -- env LC_ALL=C "$cli" x86 policy --cvm "s$(printf '\303\251')v"
expect "UTF-8 --caps under C.UTF-8" 2 "^vcpuchar: --caps: cap-ibs: unknown value 'fix$(printf '\303\251')d'" -- \
	env LC_ALL=C.UTF-8 "$cli" ppc hcall --caps "cap-ibs=fix$(printf '\303\251')d"
expect "bad UTF-8 under C.UTF-8" 2 '^vcpuchar: --caps: value .* is not text in this locale.s character set .UTF-8.' -- \
	env LC_ALL=C.UTF-8 "$cli" ppc hcall --caps "cap-ibs=fix$(printf '\377')d"

# A fact not read is said so: in the JSON (facts_not_read) and in the reason text, which
# must not quote a value never read ("allowed mask 0x0").
printf '[host]\narch=x86_64\n[x86]\nvendor=amd\n' >"$tmp/no-mask.profile"
expect "x86 policy, mask not in the profile" 1 "" -- "$cli" x86 policy --host "$tmp/no-mask.profile" --pinned --latency
cases=$((cases + 1))
if grep -q 'allowed mask 0x' "$tmp/out" || ! grep -q 'REFUSED hlt_not_in_allowed_mask: .*not read' "$tmp/out"; then
	fail "x86 policy: hlt_not_in_allowed_mask quotes a mask never read"
fi
expect "x86 policy --json, mask not in the profile" 1 "" -- \
	"$cli" x86 policy --host "$tmp/no-mask.profile" --pinned --latency --json
cases=$((cases + 1))
python3 -c 'import json, sys
j = json.load(open(sys.argv[1]))
nr = {f["fact"]: f["error"] for f in j["facts_not_read"]}
assert nr.get("disable_exits_allowed") == "not in the profile", nr
assert "vendor" not in nr, nr
t = [r["text"] for r in j["reasons"] if r["code"] == "hlt_not_in_allowed_mask"]
assert t and "not read" in t[0] and "0x" not in t[0], t' "$tmp/out" >"$tmp/err" 2>&1 ||
	fail "x86 policy --json: facts_not_read or the reason text"

# An option that takes a value, given twice: refused by name, never the last one silently.
expect "ppc hcall --caps twice" 2 '^vcpuchar: --caps given twice' -- \
	"$cli" ppc hcall --caps cap-cfpc=workaround --caps cap-cfpc=broken
expect "ppc migrate --src twice (= form)" 2 '^vcpuchar: --src given twice' -- \
	"$cli" ppc migrate --src=cap-ibs=broken --src cap-ibs=broken --dst cap-ibs=broken
expect "ppc baseline --machine twice" 2 '^vcpuchar: --machine given twice' -- \
	"$cli" ppc baseline --machine pseries --machine pseries-2.12 "$src/examples/profiles/power9-dd2.3-opal.profile"
expect "x86 policy --halt-poll-ns twice" 2 '^vcpuchar: --halt-poll-ns given twice' -- \
	"$cli" x86 policy --host "$tmp/bom.profile" --halt-poll-ns 1 --halt-poll-ns 2
expect "x86 policy --cvm twice" 2 '^vcpuchar: --cvm given twice' -- "$cli" x86 policy --cvm none --cvm none
expect "x86 verify --policy twice" 2 '^vcpuchar: --policy given twice' -- \
	"$cli" x86 verify --policy a --policy b --before c --after d
expect "probe --save twice" 2 '^vcpuchar: --save given twice' -- "$cli" probe --save "$tmp/a" --save "$tmp/b"
# An empty file name: the option is named.
expect "ppc hcall --host ''" 2 '^vcpuchar: --host: empty file name$' -- "$cli" ppc hcall --host ""
expect "x86 verify --before ''" 2 '^vcpuchar: --before: empty file name$' -- \
	"$cli" x86 verify --policy a --before "" --after d
# A huge bad value is echoed by its first bytes only.
expect "120 KB --src" 2 "^vcpuchar: --src: 'a{64}\\.\\.\\.': want" -- \
	"$cli" ppc migrate --src "$(head -c 120000 /dev/zero | tr '\0' a)" --dst cap-ibs=broken
cases=$((cases + 1))
[ "$(wc -c <"$tmp/err")" -lt 200 ] || fail "120 KB --src: $(wc -c <"$tmp/err") bytes of message"

# A path is echoed in full, and the cause after it is never cut: a 431-byte path lost the cause
# (a 256-byte message buffer) or the file name (a 64-byte cut).
deep=$tmp
while [ ${#deep} -lt 431 ]; do deep=$deep/a-long-directory-name; done
mkdir -p "$deep"
printf '[host]\narch=x86_64\n[x86]\nvendor=amd\n' >"$deep/x86.profile"
expect "x86 policy --host, 431-byte path, missing" 2 "^vcpuchar: --host $deep/missing: No such file or directory\$" -- \
	"$cli" x86 policy --host "$deep/missing"
expect "ppc hcall --host, 431-byte path, x86 profile" 2 "^vcpuchar: $deep/x86.profile: describes an x86_64 host" -- \
	"$cli" ppc hcall --host "$deep/x86.profile"
expect "ppc baseline, 431-byte path, missing" 2 "^vcpuchar: $deep/missing: No such file or directory\$" -- \
	"$cli" ppc baseline "$deep/missing"
expect "x86 verify --policy, 431-byte path, missing" 2 "^vcpuchar: --policy $deep/missing: No such file" -- \
	"$cli" x86 verify --policy "$deep/missing" --before "$deep/missing" --after "$deep/missing"
expect "probe --save, 431-byte path, no such directory" 2 "^vcpuchar: --save: $deep/no/p.profile: cannot create a temporary file in its directory: No such file or directory\$" -- \
	"$cli" probe --save "$deep/no/p.profile"
# A value the library echoes in a fixed buffer keeps the cause after it.
expect "ppc hcall --chars, 600 bytes" 2 "^vcpuchar: --chars: 'a{64}\\.\\.\\.': want four words" -- \
	"$cli" ppc hcall --chars "$(head -c 600 /dev/zero | tr '\0' a)"
# A path longer than PATH_MAX keeps both ends and the cause.
long=/$(head -c 5000 /dev/zero | tr '\0' b)/end.profile
expect "ppc baseline, 5000-byte path" 2 "^vcpuchar: /b{63}\\.\\.\\.b{51}/end\\.profile: File name too long\$" -- \
	"$cli" ppc baseline "$long"

# A flag takes no value: GOption ignored '=no' and set the flag (--pinned=no pinned). Every flag of
# every subcommand, as its --help lists them.
for c in probe "ppc hcall" "ppc migrate" "ppc baseline" "x86 policy" "x86 verify"; do
	# shellcheck disable=SC2086
	flags=$("$cli" $c --help | sed -nE 's/^  (--[a-z0-9-]+)( |$).*/\1/p')
	[ -n "$flags" ] || fail "$c --help lists no flag"
	for f in $flags; do
		for v in no false 0 ""; do
			# shellcheck disable=SC2086
			expect "$c $f=$v" 2 "^vcpuchar: $f is a flag and takes no value \\(given '$v'\\)" -- "$cli" $c "$f=$v"
		done
	done
done
expect "--version extra" 2 "^vcpuchar: --version takes no argument \\(given 'extra'\\)" -- "$cli" --version extra
expect "--help extra" 2 "^vcpuchar: --help takes no argument" -- "$cli" --help extra
expect "ppc --help extra" 2 "^vcpuchar: --help takes no argument" -- "$cli" ppc --help extra
expect "x86 -h extra" 2 "^vcpuchar: -h takes no argument" -- "$cli" x86 -h extra
expect "--version" 0 - -- "$cli" --version

# An empty value is refused by name (--machine '' was answered for pseries, --caps '' and
# --src '' for the defaults), for every option that takes a value.
for c in "ppc hcall --machine" "ppc hcall --caps" "ppc hcall --qemu-version" "ppc hcall --mode" \
	"ppc migrate --dst cap-ibs=broken --src" "ppc migrate --src cap-ibs=broken --dst" \
	"ppc baseline $src/examples/profiles/power9-dd2.3-opal.profile --machine" "x86 policy --cvm" \
	"x86 policy --vcpus" "x86 verify --policy a --before b --after c --guest-hlts"; do
	opt=${c##* }
	# shellcheck disable=SC2086
	expect "$c ''" 2 "^vcpuchar: $opt: empty value" -- "$cli" $c ""
	# shellcheck disable=SC2086
	expect "$c=" 2 "^vcpuchar: $opt: empty value" -- "$cli" ${c% *} "$opt="
done
# --vcpus above what any x86 KVM runs (KVM_MAX_VCPUS is at most 4096).
expect "x86 policy --vcpus 4097" 2 "^vcpuchar: bad value '4097' for --vcpus \\(1 to 4096" -- \
	"$cli" x86 policy --host "$tmp/bom.profile" --vcpus 4097
expect "x86 policy --vcpus 4096" 0 "" -- "$cli" x86 policy --host "$tmp/bom.profile" --vcpus 4096

# One number rule for every numeric option (cli_number(), README "Numbers"): decimal, no sign,
# no white space, no leading zero, as --qemu-version's parts; QEMU and GOption read 010 as 8.
for c in "x86 policy --host $tmp/bom.profile --vcpus" "x86 policy --host $tmp/bom.profile --halt-poll-ns" \
	"x86 verify --policy a --before b --after c --guest-hlts" "qemu probe --binary /bin/true --jobs" \
	"qemu probe --binary /bin/true --timeout"; do
	opt=${c##* }
	for v in 010 +1 " 1" 1x 0x10 -1; do
		# shellcheck disable=SC2086
		expect "$c '$v'" 2 "^vcpuchar: bad value .* for $opt: want a decimal number" -- "$cli" $c "$v"
	done
done
expect "ppc hcall --qemu-version 07.2" 2 "not a QEMU version" -- "$cli" ppc hcall --accel tcg --qemu-version 07.2
expect "x86 policy --vcpus 10" 0 "" -- "$cli" x86 policy --host "$tmp/bom.profile" --vcpus 10
expect "x86 policy --halt-poll-ns 0" 0 "" -- "$cli" x86 policy --host "$tmp/bom.profile" --halt-poll-ns 0
expect "x86 policy --halt-poll-ns 2^32" 2 "^vcpuchar: bad value '4294967296' for --halt-poll-ns \\(0 to 4294967295\\)" -- \
	"$cli" x86 policy --host "$tmp/bom.profile" --halt-poll-ns 4294967296

# Control bytes of a file name are escaped, in messages and in text answers, never printed raw.
esc=$(printf '\033')
cp "$src/examples/profiles/power9-dd2.3-opal.profile" "$tmp/a${esc}[2Jb.profile"
expect "ppc baseline, ESC in a file name" 0 - -- "$cli" ppc baseline "$tmp/a${esc}[2Jb.profile"
has "ppc baseline, ESC escaped in text" 'a\\x1b\[2Jb\.profile'
cases=$((cases + 1))
grep -q "$esc" "$tmp/out" && fail "ppc baseline: a raw ESC in the text answer"
expect "ppc baseline, ESC in a missing file's name" 2 'a\\x1b\[2Jc: No such file' -- "$cli" ppc baseline "$tmp/a${esc}[2Jc"
cases=$((cases + 1))
grep -q "$esc" "$tmp/err" && fail "ppc baseline: a raw ESC in the message"
nl_name="$tmp/new
line.profile"
expect "ppc migrate, newline in a missing file's name" 2 'new\\nline\.profile: No such file' -- \
	"$cli" ppc migrate --src-host "$nl_name" --dst-host "$tmp/a${esc}[2Jb.profile"
cp "$tmp/a${esc}[2Jb.profile" "$nl_name"
expect "ppc migrate, control bytes in file names" 0 - -- \
	"$cli" ppc migrate --src-host "$nl_name" --dst-host "$tmp/a${esc}[2Jb.profile"
has "ppc migrate, newline escaped in text" 'decided on .*new\\nline\.profile'
cases=$((cases + 1))
grep -q "$esc" "$tmp/out" && fail "ppc migrate: a raw ESC in the text answer"
# The same for the user's words a text answer repeats: an ignored -machine property.
expect "ppc hcall, ESC in an ignored property" 0 - -- "$cli" ppc hcall --accel tcg --machine "pseries,x=${esc}[2J"
has "ppc hcall, ESC escaped in text" '^not judged +x=\\x1b\[2J '
cases=$((cases + 1))
grep -q "$esc" "$tmp/out" && fail "ppc hcall: a raw ESC in the text answer"

# x86 verify's JSON inputs, by the rules of host profiles: regular files of at most 1 MiB
# (a FIFO hung it, /dev/zero ate all memory), nested at most 32 deep (100,000 '[' overflowed
# the stack), no member twice (the last one won).
printf '{"disable_exits": [], "idle_hlt_active": false, "reasons": []}\n' >"$tmp/policy.json"
printf '{"halt_exits": 1}\n' >"$tmp/before.json"
printf '{"halt_exits": 5}\n' >"$tmp/after.json"
# verify POLICY BEFORE AFTER, "-" for the good one
verify() {
	local p=$1 b=$2 a=$3
	[ "$p" = - ] && p=$tmp/policy.json
	[ "$b" = - ] && b=$tmp/before.json
	[ "$a" = - ] && a=$tmp/after.json
	timeout 20 "$cli" x86 verify --policy "$p" --before "$b" --after "$a"
}
expect "x86 verify, good input" 0 "" -- verify - - -
mkfifo "$tmp/fifo"
expect "x86 verify --policy FIFO" 2 "^vcpuchar: --policy $tmp/fifo: not a regular file" -- verify "$tmp/fifo" - -
expect "x86 verify --before /dev/zero" 2 '^vcpuchar: --before /dev/zero: not a regular file' -- verify - /dev/zero -
expect "x86 verify --after /dev/urandom" 2 '^vcpuchar: --after /dev/urandom: not a regular file' -- \
	verify - - /dev/urandom
expect "x86 verify --after directory" 2 "^vcpuchar: --after $tmp: is a directory" -- verify - - "$tmp"
{ printf '{"halt_exits": 1, "pad": "'; head -c 2000000 /dev/zero | tr '\0' x; printf '"}\n'; } >"$tmp/big.json"
expect "x86 verify --before 2 MB" 2 "^vcpuchar: --before $tmp/big.json: larger than 1048576 bytes" -- \
	verify - "$tmp/big.json" -
python3 -c 'print("[" * 100000 + "]" * 100000)' >"$tmp/deep.json"
expect "x86 verify --policy 100,000 deep" 2 "^vcpuchar: --policy $tmp/deep.json: JSON nested deeper than 32" -- \
	verify "$tmp/deep.json" - -
python3 -c 'print("{\"halt_exits\": 1, \"x\": " + "[" * 33 + "]" * 33 + "}")' >"$tmp/deep33.json"
expect "x86 verify --before 33 deep" 2 'JSON nested deeper than 32' -- verify - "$tmp/deep33.json" -
# A binary file is not JSON, whatever its brackets would nest to; its bytes are escaped, never raw.
python3 -c 'import sys; sys.stdout.buffer.write(b"\xff\x00" + b"[" * 40 + b"\x80")' >"$tmp/binary.json"
expect "x86 verify --policy binary" 2 '^vcpuchar: --policy '"$tmp"'/binary.json:1:1: "\\xff": a character JSON does not have here' -- \
	verify "$tmp/binary.json" - -
python3 -c 'import sys; sys.stdout.buffer.write(b"\x00[[[")' >"$tmp/nul.json"
expect "x86 verify --policy NUL first" 2 ':1:1: "\\x00": a character JSON does not have here' -- verify "$tmp/nul.json" - -
# Brackets within strings are no nesting.
python3 -c 'print("{\"halt_exits\": 1, \"x\": \"" + "[{" * 40 + "\\\"\"}")' >"$tmp/strings.json"
expect "x86 verify, brackets in a string" 0 "" -- verify - "$tmp/strings.json" -

# A count above what json-glib holds (a signed 64-bit integer) is named with its range, never cut.
printf '{"halt_exits": 9223372036854775808}\n' >"$tmp/big-count.json"
expect "x86 verify --after, 2^63" 2 "halt_exits is not a count \\(an integer from 0 to 9223372036854775807" -- \
	verify - - "$tmp/big-count.json"

# A --policy x86 policy never prints: a flag or a code twice, a code of x86 verify.
pol() { printf '{"disable_exits": [%s], "idle_hlt_active": false, "reasons": [%s]}\n' "$1" "$2" >"$tmp/pol.json"; }
pol '"HLT", "HLT"' ''
expect "x86 verify --policy, a flag twice" 2 "disable_exits\\[1\\]: flag 'HLT' given twice" -- verify "$tmp/pol.json" - -
pol '' '{"code": "hlt_exits_kept_overcommit"}, {"code": "hlt_exits_kept_overcommit"}'
expect "x86 verify --policy, a code twice" 2 "reasons\\[1\\]: code 'hlt_exits_kept_overcommit' given twice" -- \
	verify "$tmp/pol.json" - -
pol '' '{"code": "hlt_passthrough_honoured"}'
expect "x86 verify --policy, a verify code" 2 "reasons\\[0\\]: 'hlt_passthrough_honoured' is a reason of the verification" -- \
	verify "$tmp/pol.json" - -
pol '"HLT"' '{"code": "hlt_exits_kept_overcommit"}'
expect "x86 verify --policy, each once" 1 "" -- verify "$tmp/pol.json" - -
# More entries than a policy holds (64): the library counts them before reading one.
pol '' "$(python3 -c 'print(", ".join(["{\"code\": \"hlt_exits_kept_overcommit\"}"] * 65))')"
expect "x86 verify --policy, 65 reasons" 2 "reasons: 65 entries, more than a policy has \\(64\\)" -- \
	verify "$tmp/pol.json" - -

# A syntax error is placed in the user's file, not in json-glib's "<data>".
printf '{"halt_exits": 1,,}' >"$tmp/syntax.json"
expect "x86 verify --before, a syntax error" 2 "^vcpuchar: --before $tmp/syntax.json:1:17: Parse error" -- \
	verify - "$tmp/syntax.json" -
# JSON as RFC 8259 defines it: json-glib's scanner read 010 as 8, 0x10 as 16, 0b101 as 5 and skipped
# comments. Each is refused with its place, never read as a number.
while IFS='|' read -r name text where; do
	printf '%s\n' "$text" >"$tmp/strict.json"
	expect "x86 verify --after, $name" 2 "^vcpuchar: --after $tmp/strict.json:$where: .*\\(RFC 8259\\)\$" -- \
		verify - - "$tmp/strict.json"
done <<'EOF_ROWS'
leading zero|{"halt_exits": 010}|1:16
hex|{"halt_exits": 0x10}|1:16
binary|{"halt_exits": 0b101}|1:16
leading zero, one digit|{"halt_exits": 05}|1:16
plus sign|{"halt_exits": +5}|1:16
trailing point|{"halt_exits": 5.}|1:16
block comment|{"halt_exits": 5 /* c */}|1:18
line comment|{"halt_exits": 5} // c|1:19
hash comment|{"halt_exits": 5} # c|1:19
single quotes|{'halt_exits': 5}|1:2
NaN|{"halt_exits": 5, "x": NaN}|1:24
raw tab in a string|{"halt_exits": 5, "x": "a	b"}|1:26
\x escape|{"halt_exits": 5, "x": "\x41"}|1:25
lone high surrogate|{"halt_exits": 5, "x": "\ud800"}|1:25
lone low surrogate|{"halt_exits": 5, "x": "a\udc00"}|1:26
high surrogate, then no low one|{"halt_exits": 5, "x": "\ud800\u0041"}|1:25
EOF_ROWS
# A surrogate pair is one character (U+1F600), and an escaped backslash ends its escape: both read.
printf '{"halt_exits": 5, "x": "\\ud83d\\ude00", "y": "\\\\ud800"}\n' >"$tmp/strict.json"
expect "x86 verify --after, a surrogate pair" 0 "" -- verify - - "$tmp/strict.json"
printf '{"halt_exits": 5,\n  "x": 0x1}\n' >"$tmp/strict.json"
expect "x86 verify --after, hex on line 2" 2 "^vcpuchar: --after $tmp/strict.json:2:8: \"0x1\": not a JSON number" -- \
	verify - - "$tmp/strict.json"
printf '{"disable_exits": [], "idle_hlt_active": false, "reasons": [] /* x */}\n' >"$tmp/strict.json"
expect "x86 verify --policy, a comment" 2 "^vcpuchar: --policy $tmp/strict.json:1:63: \"/\": a comment" -- \
	verify "$tmp/strict.json" - -
printf '{"halt_exits": 5, "x": [true, false, null, -0, -1.5e-3, 2E+2, "\\u00e9\\n\\"\\\\/"]}\n' >"$tmp/strict.json"
expect "x86 verify --after, every JSON token" 0 "" -- verify - - "$tmp/strict.json"

# A member twice in one object (json-glib keeps the last): refused by name, nested objects too.
printf '{"halt_exits": 1, "halt_exits": 0}\n' >"$tmp/dup.json"
expect "x86 verify --before, a key twice" 2 "^vcpuchar: --before $tmp/dup.json: member 'halt_exits' given twice" -- \
	verify - "$tmp/dup.json" -
printf '{"disable_exits": [], "idle_hlt_active": false, "reasons": [{"code": "a", "code": "b"}]}\n' >"$tmp/dup2.json"
expect "x86 verify --policy, a nested key twice" 2 "member 'code' given twice" -- verify "$tmp/dup2.json" - -
printf '{"a": {"x": 1}, "b": {"x": 1}, "halt_exits": 1}\n' >"$tmp/nodup.json"
expect "x86 verify, one name in two objects" 0 "" -- verify - "$tmp/nodup.json" -

# A libvirt XML error names only the user's elements (no wrapper the CLI added), at their column.
for x in "<features><cfpc value='broken'/>" "<cfpc value='broken'/></features>"; do
	expect "ppc hcall --caps '$x'" 2 '^vcpuchar: --caps \(libvirt XML\): .*features' -- "$cli" ppc hcall --accel tcg --caps "$x"
	cases=$((cases + 1))
	grep -q fragment "$tmp/err" && fail "ppc hcall --caps '$x': the message names an element the user did not write"
done
expect "ppc hcall --caps, column" 2 'byte 24:' -- "$cli" ppc hcall --accel tcg --caps "<cfpc value='broken'/></features>"
expect "ppc hcall --caps, cap elements without <features>" 0 "" -- \
	"$cli" ppc hcall --accel tcg --caps "<cfpc value='broken'/><sbbc value='broken'/>"

# Every --help through the stdout check: /dev/full is exit 3 with the cause.
for c in probe "ppc hcall" "ppc migrate" "ppc baseline" "x86 policy" "x86 verify"; do
	# shellcheck disable=SC2086
	expect "$c --help >/dev/full" 3 'cannot write standard output: No space left on device' -- \
		sh -c '"$@" >/dev/full' sh "$cli" $c --help
done
# A pipe whose reader is gone: EPIPE said, exit 3 (not death by SIGPIPE, 141).
closed_pipe() {
	python3 -c 'import os, subprocess, sys
r, w = os.pipe()
os.close(r)
rc = subprocess.call(sys.argv[1:], stdout=w)
sys.exit(128 - rc if rc < 0 else rc)' "$@"
}
expect "ppc hcall --json | closed pipe" 3 'cannot write standard output: Broken pipe' -- \
	closed_pipe "$cli" ppc hcall --accel tcg --json
expect "x86 policy --help | closed pipe" 3 'cannot write standard output: Broken pipe' -- \
	closed_pipe "$cli" x86 policy --help

# Without /dev/kvm: ENOENT, said once; no fact blames a bad file descriptor.
if "$src/tests/without-kvm.sh" true 2>/dev/null; then
	expect "probe without /dev/kvm" 0 "" -- "$src/tests/without-kvm.sh" "$cli" probe
	cases=$((cases + 1))
	if grep -q "Bad file descriptor" "$tmp/out" || [ "$(grep -c '/dev/kvm cannot be opened' "$tmp/out")" != 2 ] ||
		! grep -q 'disable_exits_allowed, halt_poll, binary_stats, supported_cpuid: not read: /dev/kvm cannot be opened' "$tmp/out"; then
		fail "probe without /dev/kvm: the cause is not said once"
	fi
	expect "x86 policy --json without /dev/kvm" 0 "" -- "$src/tests/without-kvm.sh" "$cli" x86 policy --json
	cases=$((cases + 1))
	python3 -c 'import json, sys
nr = {f["fact"]: f["error"] for f in json.load(open(sys.argv[1]))["facts_not_read"]}
assert nr.get("disable_exits_allowed", "").startswith("/dev/kvm cannot be opened: "), nr' "$tmp/out" >"$tmp/err" 2>&1 ||
		fail "x86 policy --json without /dev/kvm: facts_not_read does not name the KVM facts"
	expect "probe --json without /dev/kvm" 0 "" -- "$src/tests/without-kvm.sh" "$cli" probe --json
	cases=$((cases + 1))
	grep -q "Bad file descriptor" "$tmp/out" && fail "probe --json without /dev/kvm: Bad file descriptor"
else
	echo "no private mount namespace: the without-/dev/kvm cases are skipped"
fi

finish cli-messages
