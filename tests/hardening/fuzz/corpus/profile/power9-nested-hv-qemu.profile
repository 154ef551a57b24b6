# Measured: KVM_PPC_GET_CPU_CHAR in Debian 12's Linux 6.1.176 ppc64le kernel running nested
# KVM-HV as a pseries guest of QEMU 7.2 (TCG, POWER9 CPU) started with
# cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=off
# (tests/ppc-e2e/; vector hl-e2e-wa of tests/data/ppc-host-levels.tsv). The pseries path of
# kvmppc_get_cpu_char() returns the parent's raw words with fixed masks.
[host]
arch=ppc64le
kernel_release=6.1.0-41-powerpc64le
[ppc]
character=0xbc00000000000000
behaviour=0xe400000000000000
character_mask=0xff40000000000000
behaviour_mask=0xe400000000000000
power8=false
