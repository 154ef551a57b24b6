/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* H_GET_CPU_CHARACTERISTICS R4/R5 from caps (spec/ppc.md §8) or from host words (§9). */
#include "ppc-internal.h"
#include "vcpuchar-private.h"

VCPUCHAR_EXPORT int vcpuchar_ppc_caps_to_hcall(const struct vcpuchar_ppc_caps *caps, uint64_t *r4, uint64_t *r5)
{
	/* QEMU starts from HON_BRANCH_HINTS & ~THR_RECONF_TRIG and FAVOUR_SECURITY. */
	uint64_t c = VCPUCHAR_H_CPU_CHAR_BRANCH_HINTS_HONORED;
	uint64_t b = VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY;

	return_val_if_fail(caps && r4 && r5 && ppc_caps_ok(caps), -EINVAL);

	switch (caps->cfpc) {
	case VCPUCHAR_PPC_WORKAROUND:
		c |= VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_ORI30 | VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_TRIG2 |
		     VCPUCHAR_H_CPU_CHAR_L1D_THREAD_PRIV;
		b |= VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR;
		break;
	case VCPUCHAR_PPC_FIXED:
		/* Since QEMU commit 17fd09c021. */
		b |= VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY | VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS;
		break;
	default:
		/* broken: no hardware help, the guest must still flush. */
		b |= VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR;
		break;
	}

	switch (caps->sbbc) {
	case VCPUCHAR_PPC_WORKAROUND:
		c |= VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31;
		b |= VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR;
		break;
	case VCPUCHAR_PPC_FIXED:
		break;
	default:
		b |= VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR;
		break;
	}

	switch (caps->ibs) {
	case VCPUCHAR_PPC_WORKAROUND:
		/* ccf-assist is read only here. */
		if (caps->ccf_assist == VCPUCHAR_PPC_ON)
			c |= VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST;
		b |= VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE;
		break;
	case VCPUCHAR_PPC_FIXED_IBS:
		c |= VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED;
		break;
	case VCPUCHAR_PPC_FIXED_CCD:
		c |= VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED;
		break;
	default:
		/* broken and fixed-na (where QEMU 7.2 aborts): no ibs bits. */
		break;
	}

	*r4 = c;
	*r5 = b;
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_to_hcall(const struct vcpuchar_ppc_host *host, uint64_t *r4, uint64_t *r5)
{
	return_val_if_fail(host && r4 && r5 && ppc_host_ok(host), -EINVAL);
	/* Never answer a guest with zeros for "unknown" (spec §13). */
	if (!ppc_host_has_info(host))
		return -ENODATA;
	*r4 = host->character & host->character_mask;
	/* An unvouched default-on bit keeps the guest's default (spec §9). */
	*r5 = (host->behaviour & host->behaviour_mask) |
	      (VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT & ~host->behaviour_mask);
	return 0;
}
