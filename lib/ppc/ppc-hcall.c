/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* H_GET_CPU_CHARACTERISTICS R4/R5 from caps (lib/ppc.md#r4-and-r5-from-caps) or from host words (#modes). */
#include "ppc-internal.h"
#include "vcpuchar-private.h"

#define C_(n) VCPUCHAR_H_CPU_CHAR_##n
#define B_(n) VCPUCHAR_H_CPU_BEHAV_##n

/*
 * QEMU's switch per cap as one table indexed by cap and level, so the
 * answer costs three lookups and no branch per cap (ppc_caps_hcall()).
 */
const struct ppc_hcall_bits vcpuchar_ppc_level_bits[3][5] = {
	[VCPUCHAR_PPC_CAP_CFPC] = {
		/* broken: no hardware help, the guest must still flush. */
		[VCPUCHAR_PPC_LEVEL_BROKEN] = { 0, B_(L1D_FLUSH_PR) },
		[VCPUCHAR_PPC_LEVEL_WORKAROUND] = { C_(L1D_FLUSH_ORI30) | C_(L1D_FLUSH_TRIG2) | C_(L1D_THREAD_PRIV),
					      B_(L1D_FLUSH_PR) },
		/* Since QEMU commit 17fd09c021. */
		[VCPUCHAR_PPC_LEVEL_FIXED] = { 0, B_(NO_L1D_FLUSH_ENTRY) | B_(NO_L1D_FLUSH_UACCESS) },
	},
	[VCPUCHAR_PPC_CAP_SBBC] = {
		[VCPUCHAR_PPC_LEVEL_BROKEN] = { 0, B_(BNDS_CHK_SPEC_BAR) },
		[VCPUCHAR_PPC_LEVEL_WORKAROUND] = { C_(SPEC_BAR_ORI31), B_(BNDS_CHK_SPEC_BAR) },
		[VCPUCHAR_PPC_LEVEL_FIXED] = { 0, 0 },
	},
	[VCPUCHAR_PPC_CAP_IBS] = {
		[VCPUCHAR_PPC_LEVEL_BROKEN] = { 0, 0 },
		[VCPUCHAR_PPC_LEVEL_WORKAROUND] = { 0, B_(FLUSH_COUNT_CACHE) },
		[VCPUCHAR_PPC_LEVEL_FIXED_IBS] = { C_(BCCTRL_SERIALISED), 0 },
		[VCPUCHAR_PPC_LEVEL_FIXED_CCD] = { C_(COUNT_CACHE_DISABLED), 0 },
		/* fixed-na, where QEMU 7.2 aborts: no ibs bits. */
		[VCPUCHAR_PPC_LEVEL_FIXED_NA] = { 0, 0 },
	},
};

VCPUCHAR_EXPORT int vcpuchar_ppc_caps_to_hcall(const struct vcpuchar_ppc_caps *caps, uint64_t *r4, uint64_t *r5)
{
	return_val_if_fail(caps && r4 && r5 && ppc_caps_ok(caps), -EINVAL);
	ppc_caps_hcall(caps, r4, r5);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_to_hcall(const struct vcpuchar_ppc_host *host, uint64_t *r4, uint64_t *r5)
{
	struct vcpuchar_ppc_host hbuf;
	struct vcpuchar_ppc_caps levels;
	uint64_t hm4, hm5;

	return_val_if_fail(host && r4 && r5 && ppc_host_power_ok(host), -EINVAL);
	host = VCPUCHAR_IN(host, &hbuf);
	/* Never answer a guest with zeros for "unknown" (lib/ppc.md#pitfalls 2). */
	if (!ppc_host_has_info(host))
		return -ENODATA;
	*r4 = host->character & host->character_mask;
	/*
	 * Unvouched R5 bits (lib/ppc.md#modes, host): a default-on bit keeps the
	 * guest's default; any other takes host-max's answer, so host mode never
	 * asks the guest for more than host-max does on the same host (measured:
	 * Debian 6.1's masks drop NO_L1D_FLUSH_ENTRY/UACCESS, which cfpc=fixed sends).
	 */
	ppc_levels(host, &levels);
	ppc_caps_hcall(&levels, &hm4, &hm5);
	*r5 = (host->behaviour & host->behaviour_mask) | (VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT & ~host->behaviour_mask) |
	      (hm5 & ~host->behaviour_mask & ~VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT);
	return 0;
}
