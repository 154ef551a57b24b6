/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The [x86] group of a host profile (DESIGN.md section 6): x86 host facts to
 * and from a GKeyFile. Each key present sets its fact's have bit.
 */
#include <stdio.h>

#include "profile.h"

#define G "x86"

static int get_u32(GKeyFile *kf, const char *key, uint32_t *ret, char *err, size_t err_size)
{
	uint64_t v;
	int r = profile_get_u64(kf, G, key, &v, err, err_size);

	if (r)
		return r;
	if (v > UINT32_MAX)
		return vcpuchar_set_err(err, err_size, -EINVAL, "[" G "] %s: '0x%" G_GINT64_MODIFIER "x' does not fit in 32 bits",
					key, v);
	*ret = (uint32_t)v;
	return 0;
}

static int get_vendor(GKeyFile *kf, uint32_t *ret, char *err, size_t err_size)
{
	static const char *const names[] = { [VCPUCHAR_X86_VENDOR_AMD] = "amd",
					     [VCPUCHAR_X86_VENDOR_INTEL] = "intel",
					     [VCPUCHAR_X86_VENDOR_HYGON] = "hygon",
					     [VCPUCHAR_X86_VENDOR_OTHER] = "other" };
	char s[32];
	int r = profile_get_str(kf, G, "vendor", s, sizeof(s), err, err_size);

	if (r)
		return r;
	/* The CPUID leaf 0 strings are accepted too. */
	static const char *const cpuid_names[] = { [VCPUCHAR_X86_VENDOR_AMD] = "AuthenticAMD",
						   [VCPUCHAR_X86_VENDOR_INTEL] = "GenuineIntel",
						   [VCPUCHAR_X86_VENDOR_HYGON] = "HygonGenuine",
						   [VCPUCHAR_X86_VENDOR_OTHER] = "other" };

	g_strstrip(s);
	for (uint32_t v = VCPUCHAR_X86_VENDOR_AMD; v <= VCPUCHAR_X86_VENDOR_OTHER; v++)
		if (!g_ascii_strcasecmp(s, names[v]) || !strcmp(s, cpuid_names[v])) {
			*ret = v;
			return 0;
		}
	return vcpuchar_set_err(err, err_size, -EINVAL, "[" G "] vendor: '%s' is not amd, intel, hygon or other", s);
}

/* Integers separated by ',' or ';'; empty means none. Only 510 matters (X86_FEATURE_IDLE_HLT). */
static int get_clearcpuid(GKeyFile *kf, uint32_t *ret, char *err, size_t err_size)
{
	g_autofree char *s = g_key_file_get_value(kf, G, "clearcpuid", NULL);
	g_auto(GStrv) items = NULL;
	uint32_t found = 0;

	if (!s)
		return 1;
	items = g_strsplit_set(s, ",;", -1);
	for (int i = 0; items[i]; i++) {
		const char *item = g_strstrip(items[i]);
		char *end;
		guint64 v;

		if (!*item && !items[1])
			break; /* the empty list */
		errno = 0;
		v = g_ascii_strtoull(item, &end, 10);
		if (!g_ascii_isdigit(*item) || errno || *end)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[" G "] clearcpuid: '%s' is not a list of integers separated by ',' or ';'", s);
		found |= v == 510;
	}
	*ret = found;
	return 0;
}

int profile_x86_read(GKeyFile *kf, const char *release, struct vcpuchar_x86_host *out, char *err, size_t err_size)
{
	struct vcpuchar_x86_host h;
	struct {
		const char *key;
		uint32_t fact;
		bool is_bool;
		uint32_t *field;
	} keys[] = {
		{ "cpuid_80000001_ecx", VCPUCHAR_X86_FACT_CPUID_EXT, false, &h.cpuid_80000001_ecx },
		{ "cpuid_8000000a_edx", VCPUCHAR_X86_FACT_CPUID_SVM, false, &h.cpuid_8000000a_edx },
		{ "hypervisor", VCPUCHAR_X86_FACT_CPUID_HYPERVISOR, true, &h.hypervisor },
		{ "disable_exits_allowed", VCPUCHAR_X86_FACT_DISABLE_EXITS, false, &h.disable_exits_allowed },
		{ "halt_poll", VCPUCHAR_X86_FACT_HALT_POLL_CAP, true, &h.halt_poll_cap },
		{ "mitigate_smt_rsb", VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB, true, &h.mitigate_smt_rsb },
		{ "kvm_amd", VCPUCHAR_X86_FACT_KVM_AMD, true, &h.kvm_amd },
		{ "avic", VCPUCHAR_X86_FACT_AVIC, true, &h.avic },
		{ "nested", VCPUCHAR_X86_FACT_NESTED, true, &h.nested },
		{ "sev", VCPUCHAR_X86_FACT_SEV, true, &h.sev },
		{ "sev_es", VCPUCHAR_X86_FACT_SEV_ES, true, &h.sev_es },
		{ "sev_snp", VCPUCHAR_X86_FACT_SEV_SNP, true, &h.sev_snp },
		{ "smt_rsb_bug", VCPUCHAR_X86_FACT_SMT_RSB_BUG, true, &h.smt_rsb_bug },
		{ "smt_possible", VCPUCHAR_X86_FACT_SMT_CONTROL, true, &h.smt_possible },
		{ "binary_stats", VCPUCHAR_X86_FACT_BINARY_STATS_CAP, true, &h.binary_stats_cap },
		{ "halt_poll_ns_grow", VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW, false, &h.halt_poll_ns_grow },
		{ "halt_poll_ns_grow_start", VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START, false,
		  &h.halt_poll_ns_grow_start },
		{ "halt_poll_ns_shrink", VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK, false, &h.halt_poll_ns_shrink },
		/* KVM_GET_SUPPORTED_CPUID: what KVM can give a guest. */
		{ "supported_40000001_eax", VCPUCHAR_X86_FACT_SUPPORTED_CPUID, false, &h.kvm_features },
		{ "supported_40000001_edx", VCPUCHAR_X86_FACT_SUPPORTED_CPUID, false, &h.kvm_hints },
		{ "supported_8000000a_edx", VCPUCHAR_X86_FACT_SUPPORTED_CPUID, false, &h.supported_8000000a_edx },
	};
	int r;

	memset(&h, 0, sizeof(h));
	h.size = out->size;
	h.source = VCPUCHAR_SOURCE_PROFILE;
	h.smt_possible = 1;
	/* kernel_release is always a string of at most 64 bytes (profile.c checked it). */
	memcpy(h.kernel_release, release, strlen(release) + 1);
	if (!g_key_file_has_group(kf, G)) {
		memcpy(out, &h, sizeof(h));
		return 0;
	}
	if (release[0])
		h.have |= 1u << VCPUCHAR_X86_FACT_KERNEL_RELEASE;
	r = get_vendor(kf, &h.vendor, err, err_size);
	if (r < 0)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR;
	for (size_t i = 0; i < G_N_ELEMENTS(keys); i++) {
		r = keys[i].is_bool ? profile_get_bool(kf, G, keys[i].key, keys[i].field, err, err_size)
				    : get_u32(kf, keys[i].key, keys[i].field, err, err_size);
		if (r < 0)
			return r;
		if (!r)
			h.have |= 1u << keys[i].fact;
	}
	r = profile_get_u64(kf, G, "halt_poll_ns", &h.halt_poll_ns, err, err_size);
	if (r < 0)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_HALT_POLL_NS;
	r = get_clearcpuid(kf, &h.clearcpuid_510, err, err_size);
	if (r < 0)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_CLEARCPUID;
	/* No key for the highest extended leaf: 0x8000000A was read if it is given. */
	if (h.have & (1u << VCPUCHAR_X86_FACT_CPUID_SVM))
		h.cpuid_max_ext = 0x8000000A;
	memcpy(out, &h, sizeof(h));
	return 0;
}

static bool has(const struct vcpuchar_x86_host *h, uint32_t fact)
{
	return h->have & (1u << fact);
}

static void set_hex(GKeyFile *kf, const char *key, uint32_t v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "0x%08x", v);
	g_key_file_set_value(kf, G, key, buf);
}

void profile_x86_write(GKeyFile *kf, const struct vcpuchar_x86_host *x86)
{
	static const char *const vendors[] = { "other", "amd", "intel", "hygon", "other" };
	static const struct {
		const char *key;
		uint32_t fact;
		size_t offset;
	} bools[] = {
		{ "hypervisor", VCPUCHAR_X86_FACT_CPUID_HYPERVISOR, offsetof(struct vcpuchar_x86_host, hypervisor) },
		{ "halt_poll", VCPUCHAR_X86_FACT_HALT_POLL_CAP, offsetof(struct vcpuchar_x86_host, halt_poll_cap) },
		{ "mitigate_smt_rsb", VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB,
		  offsetof(struct vcpuchar_x86_host, mitigate_smt_rsb) },
		{ "kvm_amd", VCPUCHAR_X86_FACT_KVM_AMD, offsetof(struct vcpuchar_x86_host, kvm_amd) },
		{ "avic", VCPUCHAR_X86_FACT_AVIC, offsetof(struct vcpuchar_x86_host, avic) },
		{ "nested", VCPUCHAR_X86_FACT_NESTED, offsetof(struct vcpuchar_x86_host, nested) },
		{ "sev", VCPUCHAR_X86_FACT_SEV, offsetof(struct vcpuchar_x86_host, sev) },
		{ "sev_es", VCPUCHAR_X86_FACT_SEV_ES, offsetof(struct vcpuchar_x86_host, sev_es) },
		{ "sev_snp", VCPUCHAR_X86_FACT_SEV_SNP, offsetof(struct vcpuchar_x86_host, sev_snp) },
		{ "smt_rsb_bug", VCPUCHAR_X86_FACT_SMT_RSB_BUG, offsetof(struct vcpuchar_x86_host, smt_rsb_bug) },
		{ "smt_possible", VCPUCHAR_X86_FACT_SMT_CONTROL, offsetof(struct vcpuchar_x86_host, smt_possible) },
		{ "binary_stats", VCPUCHAR_X86_FACT_BINARY_STATS_CAP,
		  offsetof(struct vcpuchar_x86_host, binary_stats_cap) },
	};
	static const struct {
		const char *key;
		uint32_t fact;
		size_t offset;
	} numbers[] = {
		{ "halt_poll_ns_grow", VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW,
		  offsetof(struct vcpuchar_x86_host, halt_poll_ns_grow) },
		{ "halt_poll_ns_grow_start", VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START,
		  offsetof(struct vcpuchar_x86_host, halt_poll_ns_grow_start) },
		{ "halt_poll_ns_shrink", VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK,
		  offsetof(struct vcpuchar_x86_host, halt_poll_ns_shrink) },
		{ "supported_40000001_eax", VCPUCHAR_X86_FACT_SUPPORTED_CPUID,
		  offsetof(struct vcpuchar_x86_host, kvm_features) },
		{ "supported_40000001_edx", VCPUCHAR_X86_FACT_SUPPORTED_CPUID,
		  offsetof(struct vcpuchar_x86_host, kvm_hints) },
		{ "supported_8000000a_edx", VCPUCHAR_X86_FACT_SUPPORTED_CPUID,
		  offsetof(struct vcpuchar_x86_host, supported_8000000a_edx) },
	};
	char buf[24];

	if (has(x86, VCPUCHAR_X86_FACT_CPUID_VENDOR))
		g_key_file_set_value(kf, G, "vendor", vendors[x86->vendor <= VCPUCHAR_X86_VENDOR_OTHER ? x86->vendor : 0]);
	if (has(x86, VCPUCHAR_X86_FACT_CPUID_EXT))
		set_hex(kf, "cpuid_80000001_ecx", x86->cpuid_80000001_ecx);
	if (has(x86, VCPUCHAR_X86_FACT_CPUID_SVM))
		set_hex(kf, "cpuid_8000000a_edx", x86->cpuid_8000000a_edx);
	if (has(x86, VCPUCHAR_X86_FACT_DISABLE_EXITS)) {
		snprintf(buf, sizeof(buf), "0x%x", x86->disable_exits_allowed);
		g_key_file_set_value(kf, G, "disable_exits_allowed", buf);
	}
	if (has(x86, VCPUCHAR_X86_FACT_HALT_POLL_NS)) {
		snprintf(buf, sizeof(buf), "%" G_GUINT64_FORMAT, x86->halt_poll_ns);
		g_key_file_set_value(kf, G, "halt_poll_ns", buf);
	}
	if (has(x86, VCPUCHAR_X86_FACT_CLEARCPUID))
		g_key_file_set_value(kf, G, "clearcpuid", x86->clearcpuid_510 ? "510" : "");
	for (size_t i = 0; i < G_N_ELEMENTS(numbers); i++) {
		uint32_t v;

		if (!has(x86, numbers[i].fact))
			continue;
		memcpy(&v, (const char *)x86 + numbers[i].offset, sizeof(v));
		snprintf(buf, sizeof(buf), "0x%x", v);
		g_key_file_set_value(kf, G, numbers[i].key, buf);
	}
	for (size_t i = 0; i < G_N_ELEMENTS(bools); i++) {
		uint32_t v;

		if (!has(x86, bools[i].fact))
			continue;
		memcpy(&v, (const char *)x86 + bools[i].offset, sizeof(v));
		g_key_file_set_boolean(kf, G, bools[i].key, v != 0);
	}
}
