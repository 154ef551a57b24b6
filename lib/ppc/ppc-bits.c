/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* R4/R5 bit names and the known-set/known-clear tests (lib/ppc.md#bits and #masks). */
#include "ppc-internal.h"
#include <stdio.h>

#include "vcpuchar-private.h"

/* Indexed by IBM bit number; names as in Linux arch/powerpc/include/asm/hvcall.h. */
static const char *const r4_names[] = {
	[0] = "H_CPU_CHAR_SPEC_BAR_ORI31",
	[1] = "H_CPU_CHAR_BCCTRL_SERIALISED",
	[2] = "H_CPU_CHAR_L1D_FLUSH_ORI30",
	[3] = "H_CPU_CHAR_L1D_FLUSH_TRIG2",
	[4] = "H_CPU_CHAR_L1D_THREAD_PRIV",
	[5] = "H_CPU_CHAR_BRANCH_HINTS_HONORED",
	[6] = "H_CPU_CHAR_THREAD_RECONFIG_CTRL",
	[7] = "H_CPU_CHAR_COUNT_CACHE_DISABLED",
	[9] = "H_CPU_CHAR_BCCTR_FLUSH_ASSIST",
	[11] = "H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST",
};

static const char *const r5_names[] = {
	[0] = "H_CPU_BEHAV_FAVOUR_SECURITY",
	[1] = "H_CPU_BEHAV_L1D_FLUSH_PR",
	[2] = "H_CPU_BEHAV_BNDS_CHK_SPEC_BAR",
	[3] = "H_CPU_BEHAV_FAVOUR_SECURITY_H",
	[5] = "H_CPU_BEHAV_FLUSH_COUNT_CACHE",
	[6] = "H_CPU_BEHAV_FLUSH_LINK_STACK",
	[7] = "H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY",
	[8] = "H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS",
	[9] = "H_CPU_BEHAV_NO_STF_BARRIER",
};

VCPUCHAR_EXPORT const char *vcpuchar_ppc_bit_name(uint32_t reg, uint32_t ibm_bit)
{
	if (reg == VCPUCHAR_PPC_REG_R4 && ibm_bit < sizeof(r4_names) / sizeof(r4_names[0]))
		return r4_names[ibm_bit];
	if (reg == VCPUCHAR_PPC_REG_R5 && ibm_bit < sizeof(r5_names) / sizeof(r5_names[0]))
		return r5_names[ibm_bit];
	return NULL;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_parse(const char *words, struct vcpuchar_ppc_host *out, char *err, size_t err_size)
{
	struct vcpuchar_ppc_host buf, *ret;
	static const char *const names[] = { "character", "behaviour", "character_mask", "behaviour_mask" };
	uint64_t w[4];
	const char *p, *why = "";

	if (!words || !out || !VCPUCHAR_SIZE_OK(out))
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument or bad size");
	p = words;
	for (int i = 0; i < 4; i++) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if ((i < 3 && !end) || (i == 3 && end))
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, words, strlen(words),
						     "'%s': want four words C,B,CM,BM (character, behaviour, "
						     "character_mask, behaviour_mask)", VCPUCHAR_ECHO);
		/* Parsed in place: a word may carry any number of leading zeros, as in a profile. */
		if (vcpuchar_parse_u64n(p, len, VCPUCHAR_NUM_WORD, &w[i], &why) < 0)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len, "%s '%s': %s", names[i],
						     VCPUCHAR_ECHO, why);
		p = end ? end + 1 : p + len;
	}
	ret = VCPUCHAR_OUT(out, &buf);
	ret->source = VCPUCHAR_SOURCE_CALLER;
	ret->character = w[0];
	ret->behaviour = w[1];
	ret->character_mask = w[2];
	ret->behaviour_mask = w[3];
	/* The masks are the kernel's validity test (lib/ppc.md#pitfalls 2). */
	ret->valid = (w[2] | w[3]) != 0;
	VCPUCHAR_OUT_END(out, ret);
	return 0;
}
