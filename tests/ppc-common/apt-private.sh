# SPDX-License-Identifier: LGPL-2.1-or-later
# shellcheck shell=sh
# Sourced by fetch-kernel.sh and fetch-qemu.sh: a private apt state for one
# Debian suite of the machine's own archive, ppc64el only, kept under a
# directory of the build tree. The machine's apt configuration stays as it is.
#
#   apt_private STATE_DIR SUITE   sets APT_OPTS (apt-get/apt-cache options),
#                                 runs apt-get update once per suite and day
# The caller defines skip() (exit 77 with a reason).

apt_archive_uri() {
	for f in /etc/apt/sources.list.d/debian.sources /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		u=$(awk '/^URIs:/ && $2 !~ /security/ {print $2; exit}' "$f")
		if [ -n "$u" ]; then
			echo "$u"
			return
		fi
	done
	echo http://deb.debian.org/debian
}

apt_private() {
	d="$1/$2"
	case "$d" in *" "*) skip "the private apt state path has a space: $d" ;; esac
	mkdir -p "$d/state/lists/partial" "$d/cache/archives/partial"
	k=/usr/share/keyrings/debian-archive-keyring.gpg
	echo "deb [signed-by=$k] $(apt_archive_uri) $2 main" >"$d/sources.list"
	case "$2" in
	sid | unstable | experimental | *-backports) ;;
	*)
		# A stable release is also its -updates and -security suites.
		echo "deb [signed-by=$k] $(apt_archive_uri) $2-updates main" >>"$d/sources.list"
		echo "deb [signed-by=$k] $(apt_archive_uri | sed 's,/debian/*$,/debian-security,') $2-security main" >>"$d/sources.list"
		;;
	esac
	APT_OPTS="-o Dir::State=$d/state -o Dir::Etc::SourceList=$d/sources.list -o Dir::Etc::SourceParts=/dev/null"
	APT_OPTS="$APT_OPTS -o Dir::Cache=$d/cache -o APT::Architectures::=ppc64el -o Debug::NoLocking=1"
	stamp="$d/updated-$(date -u +%Y%m%d)"
	[ -f "$stamp" ] && return 0
	# One retry: a slow mirror may fail the first update.
	# shellcheck disable=SC2086
	apt-get $APT_OPTS update >/dev/null 2>&1 || apt-get $APT_OPTS update >/dev/null 2>&1 ||
		skip "apt-get update of $2 (ppc64el) failed: no network to the archive?"
	rm -f "$d"/updated-*
	touch "$stamp"
}
