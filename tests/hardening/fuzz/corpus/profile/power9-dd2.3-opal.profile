# A bare-metal (powernv) POWER9 DD2.3 host at firmware risk level 0.
# Source: the fw-features node states of https://github.com/open-power/op-test/issues/469,
# mapped to KVM_PPC_GET_CPU_CHAR words by Linux arch/powerpc/kvm/powerpc.c
# kvmppc_get_cpu_char() (OPAL path; its fixed masks). Vector hl-p9-dd23-risk0 of tests/data/ppc-host-levels.tsv.
[host]
arch=ppc64le
[ppc]
character=0x9840000000000000
behaviour=0xe400000000000000
character_mask=0xf940000000000000
behaviour_mask=0xe400000000000000
power8=false
