# SPDX-License-Identifier: LGPL-2.1-or-later
# shellcheck shell=sh disable=SC2154 # cli, work, profiles: run.sh's
# Sourced by run.sh once its libvirtd answers (README.md here, "x86 spelling"):
# the libvirt text of `vcpuchar x86 policy` for a set of policies, wrapped into a
# KVM domain and handed to `virsh domxml-to-native qemu-argv` (no guest starts);
# then hint-dedicated with four CPU modes, defined and started paused.
# Uses run.sh's ok/fail, $cli, $profiles and $work.

x86_emulator=$(command -v qemu-system-x86_64 || true)
x86_ver=$(virsh version 2>/dev/null | sed -n 's/^Using library: libvirt *//p' | head -n 1)

# NAME FRAGMENT CPU: a domain around the library's fragment. The fragment's
# <qemu:commandline> declares its namespace itself; CPU is the domain's own
# <cpu> when the caller's mode is not host-passthrough (empty: libvirt's default).
x86_domain() {
	cat <<XML
<domain type='kvm'>
  <name>$1</name>
  <memory unit='MiB'>128</memory>
  <vcpu>2</vcpu>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  $2
  $3
  <devices>
    <emulator>$x86_emulator</emulator>
    <memballoon model='none'/>
  </devices>
</domain>
XML
}

# NAME PROFILE CPU OPTIONS...: one policy through libvirt.
x86_case() {
	name=$1 prof=$2 cpu=$3
	shift 3
	# Exit 1: a part of the VM profile refused (HLT pass-through for a pinned
	# SEV-SNP VM, say); the answer is printed all the same.
	rc=0
	"$cli" x86 policy --host "$prof" "$@" >"$work/x86-$name.txt" 2>&1 || rc=$?
	if [ $rc -gt 1 ]; then
		fail "x86 $name: vcpuchar x86 policy $*: exit $rc: $(cat "$work/x86-$name.txt")"
		return
	fi
	q=$(sed -n '/^qemu$/{n;s/^  //;p;}' "$work/x86-$name.txt")
	frag=$(sed -n '/^libvirt$/{n;s/^  //;p;}' "$work/x86-$name.txt")
	notes=$(sed -n '/^not expressible/,$p' "$work/x86-$name.txt")
	x86_domain "x86-$name" "$frag" "$cpu" >"$work/x86-$name.xml"
	if ! virsh domxml-to-native qemu-argv "$work/x86-$name.xml" >"$work/x86-$name.argv" 2>&1; then
		fail "x86 $name: libvirt $x86_ver refuses the fragment $frag: $(cat "$work/x86-$name.argv")"
		return
	fi
	argv=$(cat "$work/x86-$name.argv")
	lcpu=$(printf '%s\n' "$argv" | sed -n 's/.* -cpu \([^ ]*\).*/\1/p')
	why=""
	# Each KVM feature of the library's -cpu value, as libvirt's argv has it.
	for w in $(printf '%s\n' "$q" | sed -n 's/.*-cpu \([^ ]*\).*/\1/p' | tr ',' ' '); do
		case $w in
		*=on) case ",$lcpu," in *",$w,"*) ;; *) why="$why; $w missing from -cpu $lcpu" ;; esac ;;
		*=off)
			case ",$lcpu," in *",${w%=off}=on,"*) why="$why; -cpu $lcpu has ${w%=off}=on" ;; esac
			case $w in
			kvm-pv-unhalt=off) # <pvspinlock state='off'/> writes it
				case ",$lcpu," in *",$w,"*) ;; *) why="$why; $w missing from -cpu $lcpu" ;; esac ;;
			kvm-poll-control=off) # QEMU's host model sets it unless told
				case $lcpu in
				host,*) case $argv in *"-global host-x86_64-cpu.$w"*) ;; *) why="$why; -cpu host without $w" ;; esac ;;
				esac ;;
			esac ;;
		esac
	done
	case $*,$lcpu in
	*host-passthrough*,host,*) ;;
	*host-passthrough*) why="$why; host-passthrough gave -cpu $lcpu" ;;
	esac
	case $q in
	*cpu-pm=on*) case $argv in *"-overcommit cpu-pm=on"*) ;; *) why="$why; no -overcommit cpu-pm=on" ;; esac ;;
	*) case $argv in *cpu-pm=on*) why="$why; -overcommit cpu-pm=on not asked for" ;; esac ;;
	esac
	# <qemu:commandline> (libvirt's custom-argv taint) only with the note saying so.
	verdict="accepted, untainted"
	case $frag in
	*"<qemu:commandline"*)
		verdict="accepted, tainted (custom-argv)"
		case $notes in *"through <qemu:commandline>, which marks the domain tainted (custom-argv)"*) ;;
		*) why="$why; <qemu:commandline> without the taint note" ;; esac ;;
	*) case $notes in *"the libvirt text passes"*) why="$why; a note names a pass-through the fragment lacks" ;; esac ;;
	esac
	echo "# x86 $name ($*): $frag"
	echo "#   libvirt $x86_ver: -cpu $lcpu$(printf '%s\n' "$argv" | grep -o ' -overcommit [^ ]*\| -global [^ ]*' | tr -d '\n')"
	if [ -z "$why" ]; then
		ok "x86 $name: libvirt $x86_ver $verdict, its argv says what the QEMU spelling says"
	else
		fail "x86 $name: libvirt $x86_ver:${why#;}"
	fi
}

# NAME CPU: a domain with <hint-dedicated state='on'/> and the CPU given,
# defined and started paused; QEMU must hold kvm-hint-dedicated=on.
x86_hint() {
	d=x86-hint-$1
	x86_domain "$d" "<features><kvm><hint-dedicated state='on'/></kvm></features>" "$2" >"$work/$d.xml"
	if ! virsh -q define "$work/$d.xml" >"$work/$d.out" 2>&1; then
		fail "x86 hint-dedicated, CPU ${2:-none}: libvirt $x86_ver refuses at define: $(tr '\n' ' ' <"$work/$d.out")"
		return
	fi
	if ! virsh -q start --paused "$d" >>"$work/$d.out" 2>&1; then
		virsh -q undefine "$d" >/dev/null 2>&1 || true
		# The same domain without the hint: a start this machine cannot do
		# (a CPU feature a nested host lacks) is no verdict on the hint.
		x86_domain "$d-nohint" "" "$2" >"$work/$d-nohint.xml"
		if virsh -q define "$work/$d-nohint.xml" >"$work/$d-nohint.out" 2>&1 &&
			virsh -q start --paused "$d-nohint" >>"$work/$d-nohint.out" 2>&1; then
			fail "x86 hint-dedicated, CPU ${2:-none}: libvirt $x86_ver refuses at start only with the hint: $(tr '\n' ' ' <"$work/$d.out")"
		else
			echo "#   libvirt $x86_ver, CPU ${2:-none}: start fails without the hint too: $(grep -m 1 'error: [^F]' "$work/$d-nohint.out")"
			ok "x86 hint-dedicated, CPU ${2:-none}: libvirt $x86_ver defines it (this machine cannot start that CPU, hint or not)"
		fi
		virsh -q destroy "$d-nohint" >/dev/null 2>&1 || true
		virsh -q undefine "$d-nohint" >/dev/null 2>&1 || true
		return
	fi
	# The vCPU's QOM path, then QEMU's value of the property.
	qom=$(virsh -q qemu-monitor-command "$d" '{"execute":"query-cpus-fast"}' 2>/dev/null |
		sed -n 's/.*"qom-path": *"\([^"]*\)".*/\1/p')
	got=$(virsh -q qemu-monitor-command "$d" \
		"{\"execute\":\"qom-get\",\"arguments\":{\"path\":\"$qom\",\"property\":\"kvm-hint-dedicated\"}}" 2>&1)
	lcpu=$(tr '\0' ' ' <"/proc/$(cat "/run/libvirt/qemu/$d.pid")/cmdline" | sed -n 's/.* -cpu \([^ ]*\).*/\1/p')
	virsh -q destroy "$d" >/dev/null 2>&1 || true
	virsh -q undefine "$d" >/dev/null 2>&1 || true
	echo "#   libvirt $x86_ver, CPU ${2:-none}: -cpu $lcpu; QEMU: $got"
	case $got in
	*'"return":true'*) ok "x86 hint-dedicated, CPU ${2:-none}: libvirt $x86_ver defines and starts it, QEMU holds the hint" ;;
	*) fail "x86 hint-dedicated, CPU ${2:-none}: started, but QEMU's kvm-hint-dedicated is $got (-cpu $lcpu)" ;;
	esac
}

if [ -z "$x86_emulator" ]; then
	ok "x86 spelling # SKIP qemu-system-x86_64 not found"
elif [ ! -c /dev/kvm ]; then
	# libvirt offers <domain type='kvm'> (and host-passthrough) only with KVM.
	ok "x86 spelling # SKIP no /dev/kvm (libvirt's kvm domains need it)"
else
	zen5=$profiles/amd-zen5-idle-hlt-6.15.profile
	# The same host with SEV, SEV-ES and SEV-SNP enabled in kvm_amd.
	sed -e 's/^sev=false/sev=true/' -e 's/^sev_es=false/sev_es=true/' -e 's/^sev_snp=false/sev_snp=true/' \
		"$zen5" >"$work/x86-sev.profile"
	# KVM allowing exactly HLT|PAUSE: cpu-pm=on asks for the decision itself.
	sed 's/^disable_exits_allowed=.*/disable_exits_allowed=0x6/' "$zen5" >"$work/x86-hlt-pause.profile"
	qemu64="<cpu mode='custom' match='exact' check='none'><model fallback='forbid'>qemu64</model></cpu>"
	x86_case default "$zen5" ""
	x86_case pinned "$zen5" "" --pinned
	x86_case latency "$zen5" "" --pinned --latency
	x86_case cpu-pm "$zen5" "" --pinned --latency --want-mwait --want-cstate
	x86_case cpu-pm-hlt-pause "$work/x86-hlt-pause.profile" "" --pinned --latency
	x86_case sev "$work/x86-sev.profile" "" --cvm sev
	x86_case sev-snp "$work/x86-sev.profile" "" --cvm sev-snp --pinned --latency
	x86_case model "$zen5" "$qemu64" --pinned --cpu-mode other
	x86_case passthrough "$zen5" "" --cpu-mode host-passthrough
	x86_case passthrough-pinned "$zen5" "" --pinned --cpu-mode host-passthrough
	x86_case passthrough-latency "$zen5" "" --pinned --latency --cpu-mode host-passthrough
	x86_case passthrough-cpu-pm "$zen5" "" --pinned --latency --want-mwait --want-cstate --cpu-mode host-passthrough
	# Why POLL_CONTROL off needs the pass-through: libvirt's own element writes nothing.
	x86_domain x86-poll-off "<features><kvm><poll-control state='off'/></kvm></features>" \
		"<cpu mode='host-passthrough'/>" >"$work/x86-poll-off.xml"
	if virsh domxml-to-native qemu-argv "$work/x86-poll-off.xml" >"$work/x86-poll-off.argv" 2>&1 &&
		! grep -q 'poll-control' "$work/x86-poll-off.argv"; then
		ok "x86: <poll-control state='off'/> gives no kvm-poll-control word (libvirt $x86_ver)"
	else
		fail "x86: <poll-control state='off'/>: $(grep -o ' -cpu [^ ]*' "$work/x86-poll-off.argv")"
	fi
	# hint-dedicated and the CPU mode (lib/x86.md#qemu-and-libvirt): virsh define
	# runs libvirt's validation, virsh start --paused QEMU's; QEMU's own CPU
	# property is read back, so a hint dropped on the way would show.
	x86_hint none ""
	# arch-capabilities off: a nested host's KVM may refuse QEMU's write of
	# that MSR (0x10a), hint or not (measured here on QEMU 7.2 and 10.0).
	noac="<feature policy='disable' name='arch-capabilities'/>"
	x86_hint host-model "<cpu mode='host-model'>$noac</cpu>"
	# check='none': libvirt compares no host CPU (a nested host may lack svm).
	x86_hint epyc "<cpu mode='custom' check='none'><model>EPYC</model></cpu>"
	x86_hint host-passthrough "<cpu mode='host-passthrough'>$noac</cpu>"
fi
