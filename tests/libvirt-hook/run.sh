#!/bin/sh
# SPDX-License-Identifier: LGPL-2.1-or-later
# The libvirt-hook tier (README.md here): Debian's libvirtd with the hook
# 50-vcpuchar in its hooks folder, inside a mount namespace whose /etc/libvirt,
# /etc/passwd, /etc/group, /run and /var/{lib,log,cache} are private, so the
# machine's own files are never changed. With --trixie, the same in a chroot
# of trixie's libvirt 11.3 and QEMU 10.0 (fetch-trixie.sh).
#   run.sh [--trixie] SRCDIR BUILDDIR WORK
set -eu
if [ "${1-}" != --inside ]; then
	trixie=0
	if [ "${1-}" = --trixie ]; then
		trixie=1
		shift
	fi
	[ $# = 3 ] || { echo "usage: run.sh [--trixie] SRCDIR BUILDDIR WORK" >&2; exit 2; }
	if [ "$(id -u)" != 0 ]; then
		echo "SKIP: needs root (starts libvirtd and mounts private folders in a mount namespace)"
		exit 77
	fi
	if ! command -v unshare >/dev/null || ! unshare -m true 2>/dev/null; then
		echo "SKIP: cannot make a mount namespace (unshare -m, util-linux)"
		exit 77
	fi
	root=""
	if [ $trixie = 1 ]; then
		if ! command -v apt-get >/dev/null || ! command -v dpkg-deb >/dev/null; then
			echo "SKIP: --trixie needs apt-get and dpkg-deb"
			exit 77
		fi
		root=$("$(dirname "$0")/fetch-trixie.sh" "$2/tests/libvirt-hook/trixie") || { echo "SKIP: $root"; exit 77; }
	else
		for p in libvirtd:libvirt-daemon virtlogd:libvirt-daemon virsh:libvirt-clients \
			qemu-system-ppc64:qemu-system-ppc; do
			command -v "${p%%:*}" >/dev/null || {
				echo "SKIP: ${p%%:*} not found (Debian package ${p#*:}; tests/libvirt-hook/setup.sh installs it)"
				exit 77
			}
		done
		[ -n "$(find /usr/lib -name libvirt_driver_qemu.so 2>/dev/null | head -n 1)" ] || {
			echo "SKIP: libvirt's QEMU driver not found (Debian package libvirt-daemon-driver-qemu)"
			exit 77
		}
	fi
	mkdir -p "$3"
	exec unshare -m --propagation private "$0" --inside "$root" "$(cd "$1" && pwd)" "$(cd "$2" && pwd)" \
		"$(cd "$3" && pwd)"
fi
shift
root=$1
shift
if [ -n "$root" ]; then
	# Into the trixie root: the kernel's file systems, and the source, build and
	# work folders at their own paths (the hook script names the build's vcpuchar).
	# A mount point, as / is: libvirt gives each QEMU a mount namespace and
	# makes "/" a slave mount there ("Failed disable mount propagation" else).
	mount --bind "$root" "$root"
	mount -t proc proc "$root/proc"
	mount --rbind /dev "$root/dev"
	mount --rbind /sys "$root/sys"
	for d in "$1" "$2" "$3"; do
		mkdir -p "$root$d"
		mount --bind "$d" "$root$d"
	done
	exec chroot "$root" /bin/sh "$1/tests/libvirt-hook/run.sh" --inside "" "$@"
fi
src=$1 build=$2 work=$3
cli=$build/examples/vcpuchar
profiles=$src/examples/profiles
start=$(date +%s.%N)
find "$work" -mindepth 1 -delete
mkdir -p "$work/etc-libvirt/hooks/qemu.d" "$work/etc-libvirt/qemu"
failed=0 n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
fail() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; }

# Private copies: the namespace sees them, the machine keeps its own.
cp -a /etc/libvirt/. "$work/etc-libvirt/"
cp /etc/passwd "$work/passwd"
cp /etc/group "$work/group"
# The user and group libvirtd's QEMU driver looks up at start (the
# libvirt-daemon-system postinst creates them; operators without it get
# "Failed to parse user 'libvirt-qemu'").
getent group kvm >/dev/null || echo "kvm:x:64990:" >>"$work/group"
getent group libvirt-qemu >/dev/null || echo "libvirt-qemu:x:64991:" >>"$work/group"
getent passwd libvirt-qemu >/dev/null ||
	echo "libvirt-qemu:x:64991:64991:Libvirt Qemu:/var/lib/libvirt:/usr/sbin/nologin" >>"$work/passwd"
mount --bind "$work/etc-libvirt" /etc/libvirt
mount --bind "$work/passwd" /etc/passwd
mount --bind "$work/group" /etc/group
for d in /run /var/lib /var/log /var/cache; do
	mount -t tmpfs -o mode=0755 none "$d"
done
mkdir -p /var/log/libvirt /var/lib/libvirt /var/cache/libvirt /run/libvirt

# No mount namespace per QEMU: in the trixie chroot libvirt 11.3's private /dev
# lacked /dev/kvm ("Could not access KVM kernel module"; x86-spelling.sh starts guests).
cat >/etc/libvirt/qemu.conf <<'CONF'
user = "root"
group = "root"
security_driver = "none"
namespaces = []
CONF
# Two daemons on one machine: libvirt refuses a migration between equal host UUIDs.
echo 'host_uuid = "a9e0c3f1-0000-4000-8000-00000000000a"' >>/etc/libvirt/libvirtd.conf
# The installed script, pointed at the command of this build and at libvirt's
# hooks folder for its config (a build's default is under its own prefix).
sed -e "s|@BINDIR@|$build/examples|" -e "s|@LIBDIR@|$build/lib|" -e "s|libvirt-hook --|libvirt-hook --config /etc/libvirt/hooks/vcpuchar.conf --|" \
	"$src/examples/vcpuchar/50-vcpuchar.in" >/etc/libvirt/hooks/qemu.d/50-vcpuchar
chmod 755 /etc/libvirt/hooks/qemu.d/50-vcpuchar
# A fleet of POWER9 DD2.3 hosts (bundled profile: cfpc, sbbc and ibs
# workaround, ccf-assist on); TCG here, so the domains are judged as KVM would.
cat >/etc/libvirt/hooks/vcpuchar.conf <<CONF
[vcpuchar]
host = $profiles/power9-dd2.3-opal.profile
accel = kvm
CONF

libvirtd_pid="" virtlogd_pid="" b_pids=""
cleanup() {
	[ -z "${b_short:-}" ] || rm -f "$b_short"
	# The destination daemons first (their namespace holds no domain).
	for p in $b_pids; do kill "$p" 2>/dev/null || true; done
	for p in $b_pids; do
		for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$p" 2>/dev/null || true
	done
	for dom in $(virsh -q list --name 2>/dev/null); do
		virsh -q destroy "$dom" >/dev/null 2>&1 || true
	done
	for f in /run/libvirt/qemu/*.pid; do
		if [ -r "$f" ]; then kill -9 "$(cat "$f")" 2>/dev/null || true; fi
	done
	[ -z "$libvirtd_pid" ] || kill "$libvirtd_pid" 2>/dev/null || true
	[ -z "$virtlogd_pid" ] || kill "$virtlogd_pid" 2>/dev/null || true
	# Wait for both (each pid once): their files are on this namespace's tmpfs.
	for p in $libvirtd_pid $virtlogd_pid; do
		for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
		kill -9 "$p" 2>/dev/null || true
	done
}
trap cleanup EXIT
trap 'exit 1' INT TERM

virtlogd -d
for _ in $(seq 50); do [ -s /run/virtlogd.pid ] && break; sleep 0.1; done
virtlogd_pid=$(cat /run/virtlogd.pid)
libvirtd -d >"$work/libvirtd.out" 2>&1
for _ in $(seq 100); do [ -s /run/libvirtd.pid ] && [ -S /run/libvirt/libvirt-sock ] && break; sleep 0.1; done
libvirtd_pid=$(cat /run/libvirtd.pid)
for _ in $(seq 100); do virsh -c qemu:///system -q version >/dev/null 2>&1 && break; sleep 0.2; done
export LIBVIRT_DEFAULT_URI=qemu:///system
echo "# $(virsh version 2>/dev/null | sed -n 's/^Running against daemon: *//p' | head -n 1) $(virsh version | grep -i 'hypervisor' | head -n 1)"

# 0. The x86 policy's libvirt text through this libvirt (x86-spelling.sh).
. "$src/tests/libvirt-hook/x86-spelling.sh"

domain() { # NAME CFPC CCF-ASSIST: a pseries domain under TCG, 256 MiB, no disk
	cat <<XML
<domain type='qemu'>
  <name>$1</name>
  <memory unit='MiB'>256</memory>
  <vcpu>1</vcpu>
  <os><type arch='ppc64' machine='pseries-7.2'>hvm</type></os>
  <features>
    <cfpc value='$2'/>
    <sbbc value='workaround'/>
    <ibs value='workaround'/>
    <ccf-assist state='$3'/>
  </features>
  <devices>
    <emulator>$(command -v qemu-system-ppc64)</emulator>
    <memballoon model='none'/>
  </devices>
</domain>
XML
}

# 1. A cap above the hosts' level: the hook refuses, libvirt shows its line.
domain p9-fixed fixed on >"$work/p9-fixed.xml"
virsh -q define "$work/p9-fixed.xml" >/dev/null
if virsh start p9-fixed >"$work/start-refused.out" 2>&1; then
	fail "virsh start p9-fixed: started, want the hook's refusal"
	virsh -q destroy p9-fixed >/dev/null 2>&1 || true
else
	sed 's/^/# /' "$work/start-refused.out"
	if grep -q "vcpuchar: domain 'p9-fixed' refused: cap-cfpc=fixed: Requested safe cache capability level not supported by KVM (host level workaround" "$work/start-refused.out" &&
		grep -q "Try appending -machine cap-cfpc=workaround, in the domain's <features>: <cfpc value='workaround'/>" "$work/start-refused.out" &&
		grep -q "qemu.d/50-vcpuchar p9-fixed prepare begin -" "$work/start-refused.out"; then
		ok "virsh start p9-fixed refused by the hook at prepare begin, naming cap-cfpc and QEMU's hint"
	else
		fail "virsh start p9-fixed failed without the hook's line"
	fi
fi
if [ "$(virsh domstate p9-fixed 2>/dev/null)" = "shut off" ]; then ok "p9-fixed is shut off"; else fail "p9-fixed is not shut off"; fi

# 2. The same domain at the hosts' levels: started, then destroyed.
domain p9-ok workaround on >"$work/p9-ok.xml"
virsh -q define "$work/p9-ok.xml" >/dev/null
if virsh start p9-ok >"$work/start-ok.out" 2>&1 && [ "$(virsh domstate p9-ok)" = running ]; then
	ok "virsh start p9-ok: running (TCG, QEMU $(qemu-system-ppc64 --version | sed -n 's/.*version \([0-9.]*\).*/\1/p'))"
	args=$(tr '\0' ' ' <"/proc/$(cat /run/libvirt/qemu/p9-ok.pid)/cmdline")
	case $args in
	*cap-cfpc=workaround*cap-ccf-assist=on*|*cap-ccf-assist=on*cap-cfpc=workaround*) ok "QEMU runs with the domain's caps" ;;
	*) fail "QEMU's command line lacks the caps: $args" ;;
	esac
	# 3. A real incoming migration to a second libvirtd on this machine (its own
	# mount namespace: /etc/libvirt, /run and /var of its own under $work/b),
	# whose hook config names a host without ccf-assist: virsh migrate fails
	# with the destination hook's line at "migrate begin".
	b=$work/b
	mkdir -p "$b/run" "$b/lib" "$b/log/libvirt" "$b/cache"
	cp -a /etc/libvirt "$b/etc-libvirt"
	cp -a /var/cache/libvirt "$b/cache/" # the QEMU capabilities A probed: B starts at once
	sed -i 's/-00000000000a"/-00000000000b"/' "$b/etc-libvirt/libvirtd.conf"
	printf '[vcpuchar]\nhost = %s\naccel = kvm\n' "$profiles/power9-nested-hv-qemu.profile" \
		>"$b/etc-libvirt/hooks/vcpuchar.conf"
	rm -f "$b/etc-libvirt/qemu/"*.xml
	# shellcheck disable=SC2016 # $1 is the inner shell's
	unshare -m --propagation private sh -c '
		mount --bind "$1/etc-libvirt" /etc/libvirt && mount --bind "$1/run" /run &&
		mount --bind "$1/lib" /var/lib && mount --bind "$1/log" /var/log && mount --bind "$1/cache" /var/cache &&
		mkdir -p /run/libvirt /var/lib/libvirt && virtlogd -d && libvirtd -d' sh "$b" >"$work/b-libvirtd.out" 2>&1
	for _ in $(seq 100); do [ -s "$b/run/libvirtd.pid" ] && [ -S "$b/run/libvirt/libvirt-sock" ] && break; sleep 0.1; done
	b_pids="$(cat "$b/run/libvirtd.pid" 2>/dev/null) $(cat "$b/run/virtlogd.pid" 2>/dev/null)"
	# A unix socket's path is at most 107 bytes; a build folder under a long
	# checkout path is longer: virsh connects through a short link to $b/run.
	b_short=$(mktemp -u /tmp/vcpuchar-b.XXXXXX)
	ln -s "$b/run" "$b_short"
	dst="qemu+unix:///system?socket=$b_short/libvirt/libvirt-sock"
	for _ in $(seq 100); do virsh -c "$dst" -q version >/dev/null 2>&1 && break; sleep 0.2; done
	if virsh migrate --live p9-ok "$dst" --migrateuri tcp://127.0.0.1:49777 >"$work/migrate-virsh.out" 2>&1; then
		fail "virsh migrate p9-ok to a host without ccf-assist: migrated"
	else
		sed 's/^/# /' "$work/migrate-virsh.out"
		if grep -q "50-vcpuchar p9-ok migrate begin -) unexpected exit status 1: vcpuchar: domain 'p9-ok' refused: cap-ccf-assist=on: Requested count cache flush assist capability level not supported by KVM" "$work/migrate-virsh.out"; then
			ok "virsh migrate to a second libvirtd refused by its hook at migrate begin"
		else
			fail "virsh migrate failed without the destination hook's line"
		fi
	fi
	if [ "$(virsh domstate p9-ok)" = running ]; then ok "p9-ok still runs on the source"; else fail "p9-ok left the source"; fi
	if [ -z "$(virsh -c "$dst" -q list --all --name)" ]; then
		ok "nothing defined on the destination"
	else
		fail "the destination holds a domain"
	fi
	# 4. The same judged by the hook alone: run as
	# libvirt runs it on the destination's "migrate begin", with the XML the
	# source sends (its migratable XML), and a destination profile whose
	# ccf-assist is off.
	virsh dumpxml --migratable p9-ok >"$work/p9-ok-migratable.xml"
	printf '[vcpuchar]\nhost = %s\naccel = kvm\n' "$profiles/power9-nested-hv-qemu.profile" >"$work/dst.conf"
	printf '[vcpuchar]\nhost = %s\naccel = kvm\n' "$profiles/power9-dd2.3-opal.profile" >"$work/same.conf"
	if "$cli" libvirt-hook --config "$work/dst.conf" -- p9-ok migrate begin - \
		<"$work/p9-ok-migratable.xml" >"$work/migrate.out" 2>"$work/migrate.err"; then
		fail "migrate begin to a ccf-assist=off host: accepted"
	elif [ $? = 1 ] && [ ! -s "$work/migrate.out" ] && [ "$(wc -l <"$work/migrate.err")" = 1 ] &&
		grep -q "cap-ccf-assist=on: Requested count cache flush assist capability level not supported by KVM" "$work/migrate.err"; then
		sed 's/^/# /' "$work/migrate.err"
		ok "migrate begin to a ccf-assist=off host refused (exit 1, one line, nothing on stdout)"
	else
		fail "migrate begin to a ccf-assist=off host: $(cat "$work/migrate.err")"
	fi
	# The bundled profile has no pvr: the hook's one note says the guest CPU was assumed.
	if "$cli" libvirt-hook --config "$work/same.conf" -- p9-ok migrate begin - \
		<"$work/p9-ok-migratable.xml" >"$work/migrate.out" 2>"$work/migrate.err" && [ ! -s "$work/migrate.out" ] &&
		! grep -v "^vcpuchar: note: domain 'p9-ok': the host facts carry no CPU" "$work/migrate.err" >/dev/null; then
		ok "migrate begin to a host like the source: accepted, nothing on stdout, no line but the CPU note"
	else
		fail "migrate begin to a host like the source: $(cat "$work/migrate.out" "$work/migrate.err")"
	fi
	if virsh -q destroy p9-ok >/dev/null; then ok "p9-ok destroyed"; else fail "virsh destroy p9-ok"; fi
else
	sed 's/^/# /' "$work/start-ok.out"
	fail "virsh start p9-ok"
fi
virsh -q undefine p9-fixed >/dev/null 2>&1 || true
virsh -q undefine p9-ok >/dev/null 2>&1 || true
# The tier starts guests as root on the machine's own /dev: it must leave /dev/null a device.
if [ -c /dev/null ]; then ok "/dev/null is still a character device"; else fail "/dev/null is no longer a character device"; fi
end=$(date +%s.%N)
echo "1..$n"
echo "# $n checks, $failed failed, $(echo "$end - $start" | bc) s"
[ "$failed" = 0 ]
