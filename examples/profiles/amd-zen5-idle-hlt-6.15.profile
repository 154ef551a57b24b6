# An AMD Zen 5 (EPYC Turin) host with Idle HLT, Linux 6.15, kvm_amd loaded.
# Source: the fixture tests/data/x86-hosts/amd-zen5-6.15 (synthetic: CPUID values
# illustrative, 0x8000000A EDX[30] set; its sysfs and procfs files), read by the
# library's probe with the fixture's CPUID, then saved. The fixture has no /dev/kvm:
# the last three keys are KVM's KVM_CHECK_EXTENSION answers as the real kvm_amd of
# 6.1 and 6.12 gives them (tests/x86-e2e): DISABLE_EXITS 0xf, HALT_POLL, BINARY_STATS.
[host]
arch=x86_64
kernel_release=6.15.0-1-amd64

[x86]
vendor=amd
halt_poll_ns=200000
clearcpuid=
cpuid_80000001_ecx=0x75c237ff
cpuid_8000000a_edx=0x5ebfbcff
hypervisor=false
mitigate_smt_rsb=false
kvm_amd=true
avic=false
nested=true
sev=false
sev_es=false
sev_snp=false
smt_rsb_bug=false
smt_possible=true
halt_poll_ns_grow=2
halt_poll_ns_grow_start=10000
halt_poll_ns_shrink=0
disable_exits_allowed=0xf
halt_poll=true
binary_stats=true
