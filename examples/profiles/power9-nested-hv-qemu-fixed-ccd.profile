# Measured: KVM_PPC_GET_CPU_CHAR in Debian 12's Linux 6.1 ppc64le kernel running nested KVM-HV
# as a pseries guest of QEMU 7.2 (TCG, -cpu POWER9) started with
# cap-cfpc=fixed,cap-sbbc=fixed,cap-ibs=fixed-ccd,cap-ccf-assist=off (tests/ppc-e2e/README.md,
# boot p9-fixed-fixed-ccd; vector hl-e2e-p9-fixed-fixed-ccd of tests/data/ppc-host-levels.tsv).
# The raw behaviour word carries NO_L1D_FLUSH_ENTRY/UACCESS (0x0180000000000000) outside
# behaviour_mask, as the pseries path of kvmppc_get_cpu_char() copies the parent's answer.
# Levels: fixed, fixed, fixed-ccd, off: a host whose ibs is fixed-ccd accepts cap-ccf-assist=on.
[host]
arch=ppc64le
kernel_release=6.1.0-50-powerpc64le
[ppc]
character=0x0500000000000000
behaviour=0x8180000000000000
character_mask=0xff40000000000000
behaviour_mask=0xe400000000000000
power8=false
