/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * The caps a guest can have on every host of a fleet (lib/ppc.md#fleet-baseline):
 * per cap the lowest of the levels QEMU would accept on each host, which is
 * what QEMU's own numeric test (requested > host refuses) lets through on all
 * of them. Pure: no allocation; the caller gives the arrays.
 */
#include "ppc-internal.h"
#include "vcpuchar-private.h"

/*
 * The highest level of @cap that QEMU accepts on a host with levels @l:
 * its own level, except that cap_ccf_assist_apply() lets ccf-assist=on
 * through when the host's ibs is fixed-ccd (lib/ppc.md#validation).
 */
static uint32_t accepted(const struct vcpuchar_ppc_caps *l, uint32_t cap)
{
	if (cap == VCPUCHAR_PPC_CAP_CCF_ASSIST && l->ibs == VCPUCHAR_PPC_LEVEL_FIXED_CCD)
		return VCPUCHAR_PPC_LEVEL_ON;
	return ppc_cap_level(l, cap);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_baseline(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts,
					  struct vcpuchar_ppc_caps *levels, uint32_t *held_back,
					  struct vcpuchar_ppc_baseline *out)
{
	struct vcpuchar_ppc_baseline buf, *ret;
	struct vcpuchar_ppc_caps lo, hi, l;
	uint32_t no_info = 0, any_held = 0;

	return_val_if_fail(hosts && n_hosts && out && VCPUCHAR_SIZE_OK(out), -EINVAL);
	/* Every check first: nothing is written on failure. */
	for (uint32_t i = 0; i < n_hosts; i++)
		return_val_if_fail(ppc_host_power_ok(hosts[i]), -EINVAL);

	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		*ppc_cap_field(&lo, cap) = (uint8_t)ppc_level_max(cap);
		*ppc_cap_field(&hi, cap) = 0;
	}
	for (uint32_t i = 0; i < n_hosts; i++) {
		/* No information: QEMU's broken/off fallback, so it holds every cap down. */
		if (vcpuchar_ppc_host_levels(hosts[i], &l) == 0)
			no_info++;
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
			uint32_t a = accepted(&l, cap);

			if (a < ppc_cap_level(&lo, cap))
				*ppc_cap_field(&lo, cap) = (uint8_t)a;
			if (a > ppc_cap_level(&hi, cap))
				*ppc_cap_field(&hi, cap) = (uint8_t)a;
		}
		if (levels)
			levels[i] = l;
	}
	/*
	 * A host holds a cap back when its accepted level is the baseline and
	 * another host would accept more; a host without information is named
	 * for every cap, whatever the others say.
	 */
	for (uint32_t i = 0; i < n_hosts; i++) {
		uint32_t bits = 0;
		bool info = vcpuchar_ppc_host_levels(hosts[i], &l) == 1;

		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
			uint32_t a = accepted(&l, cap);

			if (!info || (a == ppc_cap_level(&lo, cap) && a < ppc_cap_level(&hi, cap)))
				bits |= 1u << cap;
		}
		any_held |= bits;
		if (held_back)
			held_back[i] = bits;
	}
	ret = VCPUCHAR_OUT(out, &buf);
	ret->n_hosts = n_hosts;
	ret->n_no_info = no_info;
	ret->held_back = any_held;
	ret->caps = lo;
	VCPUCHAR_OUT_END(out, ret);
	return 0;
}
