# A POWER host whose kernel knows nothing: no ibm,opal/fw-features node, or a failed
# H_GET_CPU_CHARACTERISTICS on the pseries path. KVM_PPC_GET_CPU_CHAR still succeeds, with all
# four words zero (Linux arch/powerpc/kvm/powerpc.c kvmppc_get_cpu_char(); vector
# hl-all-zero-unknown of tests/data/ppc-host-levels.tsv). This is "no information", not "broken".
[host]
arch=ppc64le
[ppc]
character=0x0
behaviour=0x0
character_mask=0x0
behaviour_mask=0x0
power8=false
