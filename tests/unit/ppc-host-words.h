/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The one test helper that turns host cap levels into KVM_PPC_GET_CPU_CHAR
 * words, for the POWER suites, the CLI test and the cross runner (plain C),
 * and the one that fills a host from the four words.
 */
#ifndef PPC_HOST_WORDS_H
#define PPC_HOST_WORDS_H

#include <stdint.h>
#include <vcpuchar.h>

/* Valid host facts from @source with the four words as given. */
static inline struct vcpuchar_ppc_host ppc_host_raw(uint32_t source, uint64_t character, uint64_t behaviour,
						    uint64_t character_mask, uint64_t behaviour_mask)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

	h.source = source;
	h.valid = 1;
	h.character = character;
	h.behaviour = behaviour;
	h.character_mask = character_mask;
	h.behaviour_mask = behaviour_mask;
	return h;
}

/*
 * Host facts whose words, all inside full pseries masks, QEMU's parse
 * (target/ppc/kvm.c parse_cap_ppc_*) turns into @l. Written from QEMU's
 * rules on the test side, so it does not lean on the library's own tables.
 */
static inline struct vcpuchar_ppc_host ppc_host_words(struct vcpuchar_ppc_caps l)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	uint64_t c = 0, b = VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY;

	h.source = VCPUCHAR_SOURCE_CALLER;
	h.valid = 1;
	h.character_mask = UINT64_C(0xff40000000000000);
	h.behaviour_mask = UINT64_C(0xe400000000000000);
	if (l.cfpc != VCPUCHAR_PPC_LEVEL_FIXED)
		b |= VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR;
	if (l.cfpc == VCPUCHAR_PPC_LEVEL_WORKAROUND)
		c |= VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_ORI30 | VCPUCHAR_H_CPU_CHAR_L1D_THREAD_PRIV;
	if (l.sbbc != VCPUCHAR_PPC_LEVEL_FIXED)
		b |= VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR;
	if (l.sbbc == VCPUCHAR_PPC_LEVEL_WORKAROUND)
		c |= VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31;
	/* One count-cache bit unknown keeps ibs off fixed-na. */
	if (l.ibs == VCPUCHAR_PPC_LEVEL_BROKEN)
		h.character_mask &= ~VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED;
	else if (l.ibs == VCPUCHAR_PPC_LEVEL_WORKAROUND)
		b |= VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE;
	else if (l.ibs == VCPUCHAR_PPC_LEVEL_FIXED_IBS)
		c |= VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED;
	else if (l.ibs == VCPUCHAR_PPC_LEVEL_FIXED_CCD)
		c |= VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED;
	if (l.ccf_assist)
		c |= VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST;
	h.character = c;
	h.behaviour = b;
	return h;
}

#endif
