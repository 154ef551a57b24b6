# SPDX-License-Identifier: LGPL-2.1-or-later
# shellcheck shell=sh
# Sourced (". tests/e2e-common/apt-update.sh"), not run: the one way the
# scripts here run "apt-get update" and read its outcome, so that a mirror in
# the middle of a sync is retried and then tolerated, never taken for "no
# network". Users: apt-private.sh (a private apt state) and apt-install.sh
# (the machine's own). test_apt_update.py runs both functions against real
# apt-get and a local archive that misbehaves on purpose.
#
# Why the exit status is not enough (apt 2.6, measured with test_apt_update.py):
# an archive that cannot be reached ("Could not resolve 'host'", "Could not
# connect to ... Connection refused") gives only W: lines and exit 0, while
# one index that does not match its Release file ("File has unexpected size
# (43 != 50). Mirror sync in progress?", "Hash Sum mismatch") gives E: lines
# and exit 100 though everything else was fetched.

# apt_update_verdict LOG: reads the output of one "apt-get update" and
# prints one line:
#   ok                  nothing failed
#   partial: WHAT       some index files failed (mid-sync, or one source out
#                       of reach) while the archive answered: the rest is good
#   unreachable: WHY    no source answered (no network to the archive)
#   failed: LINE        another error (a signature, a Release file), as apt said it
apt_update_verdict() {
	awk '
	/^(Get|Hit):[0-9]+ / { answered = 1 }
	/^[EW]: Failed to fetch / {
		url = $5
		why = $0; sub(/^[EW]: Failed to fetch [^ ]+ +/, "", why)
		if (why ~ /Could not resolve|Temporary failure resolving|Could not connect|Failed to connect|Connection failed|Connection timed out|Connection refused|Network is unreachable|No route to host|Unable to connect/)
			net = net (net == "" ? "" : "; ") why
		n++
		sub(/^.*\/dists\//, "", url)
		what = what (what == "" ? "" : "; ") url ": " why
		next
	}
	/^E: Some index files failed to download/ { next }
	/^E: / && other == "" { other = substr($0, 4) }
	END {
		if (other != "") print "failed: " other
		else if (n == 0) print "ok"
		else if (!answered && net != "") print "unreachable: " net
		else print "partial: " what
	}' "$1"
}

# apt_update LOG COMMAND...: runs "COMMAND update" (COMMAND: apt-get and its
# options) into LOG, up to $APT_UPDATE_TRIES times (default 3) while the
# verdict is partial or unreachable, $APT_UPDATE_WAIT seconds apart (default
# 20: a mirror's sync takes minutes), and prints the last verdict.
apt_update() {
	_log=$1
	shift
	_n=0
	while :; do
		_n=$((_n + 1))
		"$@" update >"$_log" 2>&1 || true
		_v=$(apt_update_verdict "$_log")
		case $_v in ok | failed:*) break ;; esac
		[ "$_n" -lt "${APT_UPDATE_TRIES:-3}" ] || break
		sleep "${APT_UPDATE_WAIT:-20}"
	done
	echo "$_v"
}
