#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
# vcpuchar probe --save over what is already there: a richer profile is
# never silently replaced by a poorer one (what would be lost is named;
# --force replaces it and still names it), a file that is not a host
# profile this command wrote (its first line) is not replaced without
# --force (export's save rule), a FIFO, a device or a directory is
# refused at once (exit 2), a symbolic link is written through.
# Usage: cli-save.sh VCPUCHAR SRCDIR
set -u
cli=$1 src=$2
# shellcheck source-path=SCRIPTDIR source=cli-test.sh
. "$(dirname "$0")/cli-test.sh"

same() {
	cases=$((cases + 1))
	cmp -s "$1" "$2" || { : >"$tmp/err"; fail "$3"; }
}

# A profile with POWER facts; this probe (x86, or POWER without KVM) has none... unless it has.
{ echo "# libvcpuchar host profile (keys: /usr/share/doc/libvcpuchar/profiles.md)"; cat "$p9"; } >"$tmp/p9.profile"
cp "$tmp/p9.profile" "$tmp/p9.orig"
"$cli" probe --save "$tmp/probe.profile" >/dev/null 2>&1 || { echo "FAIL a plain probe --save"; exit 1; }
if grep -q '^\[ppc\]' "$tmp/probe.profile"; then
	echo "this host probes POWER facts itself: the [ppc] loss case does not apply"
else
	expect "richer [ppc] kept" 2 'would lack the POWER facts \(\[ppc\]\).*nothing was written.*--force' -- \
		"$cli" probe --save "$tmp/p9.profile"
	same "$tmp/p9.orig" "$tmp/p9.profile" "richer [ppc] profile changed without --force"
	expect "richer [ppc] --force" 0 'replaced with --force; lost the POWER facts' -- \
		"$cli" probe --save "$tmp/p9.profile" --force
	cases=$((cases + 1))
	grep -q '^\[ppc\]' "$tmp/p9.profile" && { : >"$tmp/err"; fail "--force did not replace"; }
fi
# Over its own output: nothing lost, nothing said.
expect "same facts again" 0 - -- "$cli" probe --save "$tmp/probe.profile"

# Not a profile: kept without --force.
printf 'not\0a profile' >"$tmp/junk"
cp "$tmp/junk" "$tmp/junk.orig"
expect "not a profile" 2 "exists and is not vcpuchar's own output.*--force" -- "$cli" probe --save "$tmp/junk"
same "$tmp/junk.orig" "$tmp/junk" "a non-profile file changed without --force"
# A profile it did not write (a bundled one), and a secret behind a link: kept without --force.
cp "$p9" "$tmp/bundled.profile"
expect "a bundled profile" 2 "not vcpuchar's own output.*# libvcpuchar host profile.*--force" -- \
	"$cli" probe --save "$tmp/bundled.profile"
same "$p9" "$tmp/bundled.profile" "a profile this command did not write changed without --force"
echo secret >"$tmp/secret"
chmod 600 "$tmp/secret"
ln -s secret "$tmp/secret.profile"
expect "a link to a secret" 2 "secret.profile: the file exists and is not vcpuchar's own output" -- \
	"$cli" probe --save "$tmp/secret.profile"
cases=$((cases + 1))
[ "$(cat "$tmp/secret")" = secret ] || { : >"$tmp/err"; fail "the secret behind a link was replaced"; }
# With --force: replaced through the link, its mode kept.
expect "a link to a secret --force" 0 - -- "$cli" probe --save "$tmp/secret.profile" --force
cases=$((cases + 1))
if ! { [ "$(stat -c %a "$tmp/secret")" = 600 ] && [ -L "$tmp/secret.profile" ]; }; then
	: >"$tmp/err"
	fail "--force through a link: mode not kept or link replaced"
fi
expect "not a profile --force" 0 - -- "$cli" probe --save "$tmp/junk" --force
expect "--force alone" 2 '--force qualifies --save' -- "$cli" probe --force

# A FIFO is refused at once (no reader would ever come), and stays a FIFO.
mkfifo "$tmp/fifo"
expect "FIFO" 2 'is a FIFO; a profile is saved only as a regular file' -- timeout 20 "$cli" probe --save "$tmp/fifo"
expect "FIFO --force" 2 'is a FIFO' -- timeout 20 "$cli" probe --save "$tmp/fifo" --force
cases=$((cases + 1))
[ -p "$tmp/fifo" ] || { : >"$tmp/err"; fail "the FIFO was replaced"; }
# Refused for its target: exit 2 (3 is for a save whose writing failed: tests/hardening/fault/run-io.sh).
expect "a directory" 2 'is a directory' -- "$cli" probe --save "$tmp"
expect "a device" 2 'is a character device' -- "$cli" probe --save /dev/full
expect "no such directory" 2 'cannot create a temporary file' -- "$cli" probe --save "$tmp/none/x.profile"
# A symbolic link is written through; the link stays.
cp "$tmp/probe.profile" "$tmp/target.profile"
ln -s target.profile "$tmp/link.profile"
expect "symlink" 0 - -- "$cli" probe --save "$tmp/link.profile"
cases=$((cases + 1))
[ -L "$tmp/link.profile" ] || { : >"$tmp/err"; fail "the symlink was replaced"; }

# KVM facts saved, then a probe without /dev/kvm: refused, naming the facts and the cause once.
if [ -e /dev/kvm ] && "$src/tests/without-kvm.sh" true 2>/dev/null; then
	if grep -q '^disable_exits_allowed' "$tmp/probe.profile"; then
		cp "$tmp/probe.profile" "$tmp/kvm.profile"
		expect "without /dev/kvm" 2 \
			'would lack the x86 facts disable_exits_allowed.*/dev/kvm cannot be opened: No such file or directory' -- \
			"$src/tests/without-kvm.sh" "$cli" probe --save "$tmp/kvm.profile"
		same "$tmp/probe.profile" "$tmp/kvm.profile" "KVM facts lost without --force"
	fi
else
	echo "no /dev/kvm or no private mount namespace: the without-/dev/kvm case is skipped"
fi

finish cli-save
