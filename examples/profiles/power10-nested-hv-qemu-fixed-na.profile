# Measured: KVM_PPC_GET_CPU_CHAR in Debian 12's Linux 6.1 ppc64le kernel running nested KVM-HV
# as a pseries guest of QEMU 7.2 (TCG, -cpu POWER10) started with
# cap-cfpc=workaround,cap-sbbc=fixed,cap-ibs=broken,cap-ccf-assist=off (tests/ppc-e2e/README.md,
# boot p10-wa-fixed-broken-off; vector hl-e2e-p10-wa-fixed-broken-off of
# tests/data/ppc-host-levels.tsv). With FLUSH_COUNT_CACHE, COUNT_CACHE_DIS and
# BCCTRL_SERIALISED all known-clear, QEMU parses ibs as fixed-na
# (/usr/share/doc/libvcpuchar/ppc.md#host-levels).
# Levels: workaround, fixed, fixed-na, off.
[host]
arch=ppc64le
kernel_release=6.1.0-50-powerpc64le
[ppc]
character=0x3c00000000000000
behaviour=0xc000000000000000
character_mask=0xff40000000000000
behaviour_mask=0xe400000000000000
power8=false
