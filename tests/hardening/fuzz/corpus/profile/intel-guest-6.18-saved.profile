# libvcpuchar host profile (keys: examples/profiles/README.md in the libvcpuchar sources)

[host]
kernel_release=6.18.44-fc-v669
arch=x86_64

[x86]
vendor=intel
cpuid_80000001_ecx=0x00000121
disable_exits_allowed=0xe
halt_poll_ns=200000
clearcpuid=
halt_poll_ns_grow=0x2
halt_poll_ns_grow_start=0x2710
halt_poll_ns_shrink=0x2
supported_40000001_eax=0x1007efb
supported_40000001_edx=0x0
supported_8000000a_edx=0x0
hypervisor=true
halt_poll=true
mitigate_smt_rsb=false
kvm_amd=false
smt_rsb_bug=false
smt_possible=false
binary_stats=true
