/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Host profiles: the [ppc] group (examples/profiles/README.md), read and written. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ppc-internal.h"
#include "profile-keys.h"

int vcpuchar_profile_ppc_read(GKeyFile *kf, struct vcpuchar_ppc_host *out, char *err, size_t err_size)
{
	static const char *const words[] = {
		"character", "behaviour", "character_mask", "behaviour_mask",
	};
	uint64_t w[4];
	int r;

	out->source = VCPUCHAR_SOURCE_PROFILE;
	/* No group is not "zero masks": -ENODATA lets describe and callers say which. */
	if (!g_key_file_has_group(kf, "ppc")) {
		out->error = -ENODATA;
		return 0;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(words); i++) {
		r = vcpuchar_profile_get_u64(kf, "ppc", words[i], VCPUCHAR_NUM_WORD, &w[i], err, err_size);
		if (r < 0)
			return r;
		if (r > 0)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[ppc] %s: key missing (the group needs all four KVM_PPC_GET_CPU_CHAR words)",
						words[i]);
	}
	out->character = w[0];
	out->behaviour = w[1];
	out->character_mask = w[2];
	out->behaviour_mask = w[3];
	/* Zero masks are the kernel's "no information", whatever the words say. */
	out->valid = (w[2] | w[3]) != 0;
	r = vcpuchar_profile_get_bool(kf, "ppc", "power8", &out->power8, err, err_size);
	if (r < 0)
		return r;
	{
		uint64_t pvr = 0;
		int have_power8 = r == 0;

		r = vcpuchar_profile_get_u64(kf, "ppc", "pvr", VCPUCHAR_NUM_WORD, &pvr, err, err_size);
		if (r < 0)
			return r;
		if (pvr > UINT32_MAX)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[ppc] pvr: 0x%" PRIx64 " does not fit in 32 bits", pvr);
		out->pvr = (uint32_t)pvr;
		/*
		 * The PVR says whether the host is POWER8 family, as the probe
		 * reads it (lib/ppc.md#probe): power8= may be left out, and may
		 * not contradict it.
		 */
		if (r == 0 && !have_power8)
			out->power8 = ppc_pvr_is_power8(out->pvr);
	}
	return vcpuchar_profile_ppc_check(out, err, err_size);
}

/* A POWER machine as uname -m names it (ppc64le, ppc64; ppc and ppcle for 32-bit), whole names only. */
static bool power_arch(const char *arch)
{
	static const char *const names[] = { "ppc64le", "ppc64", "ppc", "ppcle" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(arch, names[i]))
			return true;
	return false;
}

int vcpuchar_profile_ppc_check(const struct vcpuchar_ppc_host *ppc, char *err, size_t err_size)
{
	/* KVM_PPC_GET_CPU_CHAR exists only on POWER: its words with another arch are two machines in one file. */
	if (ppc->arch[0] && !power_arch(ppc->arch))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[host] arch=%.16s, but [ppc] holds KVM_PPC_GET_CPU_CHAR words, which only a "
					"POWER host (ppc64le, ppc64) has",
					ppc->arch);
	/* A PVR, when known, says whether the host is POWER8 family (lib/ppc.md#probe). */
	if (ppc->pvr && ppc->power8 != ppc_pvr_is_power8(ppc->pvr))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[ppc] power8=%s, but pvr=0x%08" PRIx32 " is %sa POWER8-family PVR "
					"(version 0x004b, 0x004c or 0x004d)", ppc->power8 ? "true" : "false",
					ppc->pvr, ppc_pvr_is_power8(ppc->pvr) ? "" : "not ");
	return 0;
}

void vcpuchar_profile_ppc_write(GKeyFile *kf, const struct vcpuchar_ppc_host *ppc)
{
	char hex[19];

	/*
	 * Zero masks that were an answer (error 0: the ioctl or a profile's
	 * group gave them) are written too: a reload must read the kernel's
	 * "no information", not a file without POWER facts. Facts with an error
	 * (no group, no KVM, not POWER) write no group.
	 */
	if (ppc_profile_has_group(ppc)) {
		const uint64_t w[] = { ppc->character, ppc->behaviour, ppc->character_mask, ppc->behaviour_mask };
		static const char *const keys[] = {
			"character", "behaviour", "character_mask", "behaviour_mask",
		};

		for (size_t i = 0; i < G_N_ELEMENTS(keys); i++) {
			snprintf(hex, sizeof(hex), "0x%016" PRIx64, w[i]);
			g_key_file_set_value(kf, "ppc", keys[i], hex);
		}
		g_key_file_set_boolean(kf, "ppc", "power8", ppc->power8 != 0);
		if (ppc->pvr) {
			snprintf(hex, sizeof(hex), "0x%08" PRIx32, ppc->pvr);
			g_key_file_set_value(kf, "ppc", "pvr", hex);
		}
	}
}
