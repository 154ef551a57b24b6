/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Host profiles: the [ppc] group (examples/profiles/README.md), read and written. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "ppc-internal.h"
#include "profile-keys.h"

/* The start facts' boolean keys (lib/ppc.md#start) and their VCPUCHAR_PPC_FACT_* bits; dec_bits has a number. */
static const struct {
	const char *key;
	uint32_t bit;
} fact_keys[] = {
	{ "kvm_htm", VCPUCHAR_PPC_FACT_HTM },		{ "kvm_nested_hv", VCPUCHAR_PPC_FACT_NESTED_HV },
	{ "kvm_fwnmi", VCPUCHAR_PPC_FACT_FWNMI },	{ "kvm_pages_real", VCPUCHAR_PPC_FACT_PAGES_REAL },
	{ "kvm_ail_mode_3", VCPUCHAR_PPC_FACT_AIL_MODE_3 },
};

/* A key whose value is "unknown" is as absent: the fact was not read. */
static bool unknown(const struct vcpuchar_kf *kf, const char *key)
{
	size_t len;
	const char *v = vcpuchar_kf_value(kf, "ppc", key, &len);

	if (!v)
		return true;
	while (len && (v[len - 1] == ' ' || v[len - 1] == '\t'))
		len--;
	return len == 7 && !strncasecmp(v, "unknown", 7);
}

static int read_start_facts(const struct vcpuchar_kf *kf, struct vcpuchar_ppc_host *out, char *err, size_t err_size)
{
	uint64_t n;
	uint32_t b;
	int r;

	for (size_t i = 0; i < VCPUCHAR_N_ELEMENTS(fact_keys); i++) {
		if (unknown(kf, fact_keys[i].key))
			continue;
		r = vcpuchar_profile_get_bool(kf, "ppc", fact_keys[i].key, &b, err, err_size);
		if (r < 0)
			return r;
		out->facts_read |= fact_keys[i].bit;
		out->facts |= b ? fact_keys[i].bit : 0;
	}
	if (!unknown(kf, "page_size")) {
		r = vcpuchar_profile_get_u64(kf, "ppc", "page_size", VCPUCHAR_NUM_COUNT, &n, err, err_size);
		if (r < 0)
			return r;
		if (n < 4096 || n > (1u << 30) || (n & (n - 1)))
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[ppc] page_size: %" PRIu64 " is not a page size (a power of two from 4096 "
						"to 1 GiB, or unknown)", n);
		out->page_size = (uint32_t)n;
	}
	if (!unknown(kf, "dec_bits")) {
		r = vcpuchar_profile_get_u64(kf, "ppc", "dec_bits", VCPUCHAR_NUM_COUNT, &n, err, err_size);
		if (r < 0)
			return r;
		if (n > 64)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[ppc] dec_bits: %" PRIu64 " is no decrementer width (1-64, 0 for none "
						"in the device tree, or unknown)", n);
		out->facts_read |= VCPUCHAR_PPC_FACT_DEC_BITS;
		if (n) {
			out->facts |= VCPUCHAR_PPC_FACT_DEC_BITS;
			out->dec_bits = (uint32_t)n;
		}
	}
	return 0;
}

int vcpuchar_profile_ppc_read(const struct vcpuchar_kf *kf, struct vcpuchar_ppc_host *out, char *err, size_t err_size)
{
	static const char *const words[] = {
		"character", "behaviour", "character_mask", "behaviour_mask",
	};
	uint64_t w[4];
	int r;

	out->source = VCPUCHAR_SOURCE_PROFILE;
	/* No group is not "zero masks": -ENODATA lets describe and callers say which. */
	if (!vcpuchar_kf_has_group(kf, "ppc")) {
		out->error = -ENODATA;
		return 0;
	}
	for (size_t i = 0; i < VCPUCHAR_N_ELEMENTS(words); i++) {
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
	r = read_start_facts(kf, out, err, err_size);
	if (r < 0)
		return r;
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

int vcpuchar_profile_ppc_check(const struct vcpuchar_ppc_host *ppc, char *err, size_t err_size)
{
	/* KVM_PPC_GET_CPU_CHAR exists only on POWER: its words with another arch are two machines in one file. */
	if (!ppc_arch_is_power(ppc->arch, sizeof(ppc->arch)))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[host] arch=%.16s, but [ppc] holds KVM_PPC_GET_CPU_CHAR words, which only a "
					"POWER host (ppc64le, ppc64, ppc, ppcle) has",
					ppc->arch);
	/* A PVR, when known, says whether the host is POWER8 family (lib/ppc.md#probe). */
	if (ppc->pvr && ppc->power8 != ppc_pvr_is_power8(ppc->pvr))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[ppc] power8=%s, but pvr=0x%08" PRIx32 " is %sa POWER8-family PVR "
					"(version 0x004b, 0x004c or 0x004d)", ppc->power8 ? "true" : "false",
					ppc->pvr, ppc_pvr_is_power8(ppc->pvr) ? "" : "not ");
	return 0;
}

void vcpuchar_profile_ppc_write(struct vcpuchar_kf_out *kf, const struct vcpuchar_ppc_host *ppc)
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

		vcpuchar_kf_out_group(kf, "ppc");
		for (size_t i = 0; i < VCPUCHAR_N_ELEMENTS(keys); i++) {
			snprintf(hex, sizeof(hex), "0x%016" PRIx64, w[i]);
			vcpuchar_kf_out_value(kf, keys[i], hex);
		}
		vcpuchar_kf_out_bool(kf, "power8", ppc->power8 != 0);
		if (ppc->pvr) {
			snprintf(hex, sizeof(hex), "0x%08" PRIx32, ppc->pvr);
			vcpuchar_kf_out_value(kf, "pvr", hex);
		}
		/* The start facts, "unknown" where not read, so that the file says what it lacks. */
		for (size_t i = 0; i < VCPUCHAR_N_ELEMENTS(fact_keys); i++)
			vcpuchar_kf_out_value(kf, fact_keys[i].key,
					     !(ppc->facts_read & fact_keys[i].bit) ? "unknown"
					     : ppc->facts & fact_keys[i].bit	   ? "true"
										   : "false");
		snprintf(hex, sizeof(hex), "%" PRIu32, ppc->page_size);
		vcpuchar_kf_out_value(kf, "page_size", ppc->page_size ? hex : "unknown");
		snprintf(hex, sizeof(hex), "%" PRIu32, ppc->dec_bits);
		vcpuchar_kf_out_value(kf, "dec_bits", ppc->facts_read & VCPUCHAR_PPC_FACT_DEC_BITS ? hex : "unknown");
	}
}
