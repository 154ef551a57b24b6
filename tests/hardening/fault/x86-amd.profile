# The example host of examples/profiles/README.md (synthetic: an AMD host with Idle
# HLT, KVM allowing MWAIT|HLT|PAUSE|CSTATE, kvm_amd loaded with nested on).
[host]
arch=x86_64
kernel_release=6.15.0
[x86]
vendor=amd
cpuid_80000001_ecx=0x00000004
cpuid_8000000a_edx=0x40000000
hypervisor=false
disable_exits_allowed=0xf
halt_poll=true
mitigate_smt_rsb=false
clearcpuid=510
kvm_amd=true
avic=false
nested=true
