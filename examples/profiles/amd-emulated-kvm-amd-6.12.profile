# An emulated AMD host with the real kvm_amd: Debian's Linux 6.12.117+deb12-amd64
# booted by qemu-system-x86_64 7.2 -accel tcg -cpu max, kvm-amd.ko loaded with its
# defaults. Source: `vcpuchar probe --save` inside the 6.12-max boot of tests/x86-e2e
# (measured table in tests/x86-e2e/README.md). The host is itself a guest
# (hypervisor=true); no Idle HLT (CPUID 0x8000000A EDX[30] clear), no AVIC, no SEV.
[host]
arch=x86_64
kernel_release=6.12.117+deb12-amd64

[x86]
vendor=amd
halt_poll_ns=200000
clearcpuid=
cpuid_80000001_ecx=0x00000075
cpuid_8000000a_edx=0x10010001
hypervisor=true
disable_exits_allowed=0xf
halt_poll=true
mitigate_smt_rsb=false
kvm_amd=true
avic=false
nested=true
sev=false
sev_es=false
sev_snp=false
smt_rsb_bug=false
smt_possible=false
binary_stats=true
halt_poll_ns_grow=2
halt_poll_ns_grow_start=10000
halt_poll_ns_shrink=2
supported_40000001_eax=0x01007efb
supported_40000001_edx=0x00000000
supported_8000000a_edx=0x10010061
