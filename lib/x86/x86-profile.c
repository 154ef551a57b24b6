/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * The [x86] group of a host profile (examples/profiles/README.md): x86 host facts to
 * and from a key file (lib/keyfile.h). Each key present sets its fact's have bit.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "profile-keys.h"

#define G "x86"

static int get_u32(const struct vcpuchar_kf *kf, const char *key, int kind, uint32_t *ret, char *err, size_t err_size)
{
	uint64_t v;
	int r = vcpuchar_profile_get_u64(kf, G, key, kind, &v, err, err_size);

	if (r)
		return r;
	if (v > UINT32_MAX)
		return vcpuchar_set_err(err, err_size, -EINVAL, "[" G "] %s: '0x%" PRIx64 "' does not fit in 32 bits",
					key, v);
	*ret = (uint32_t)v;
	return 0;
}

static int get_vendor(const struct vcpuchar_kf *kf, uint32_t *ret, char *err, size_t err_size)
{
	static const char *const names[] = { [VCPUCHAR_X86_VENDOR_AMD] = "amd",
					     [VCPUCHAR_X86_VENDOR_INTEL] = "intel",
					     [VCPUCHAR_X86_VENDOR_HYGON] = "hygon",
					     [VCPUCHAR_X86_VENDOR_OTHER] = "other" };
	char s[32];
	int r = vcpuchar_profile_get_str(kf, G, "vendor", s, sizeof(s), err, err_size);

	if (r)
		return r;
	/* The CPUID leaf 0 strings are accepted too. */
	static const char *const cpuid_names[] = { [VCPUCHAR_X86_VENDOR_AMD] = "AuthenticAMD",
						   [VCPUCHAR_X86_VENDOR_INTEL] = "GenuineIntel",
						   [VCPUCHAR_X86_VENDOR_HYGON] = "HygonGenuine",
						   [VCPUCHAR_X86_VENDOR_OTHER] = "other" };

	vcpuchar_strip(s);
	for (uint32_t v = VCPUCHAR_X86_VENDOR_AMD; v <= VCPUCHAR_X86_VENDOR_OTHER; v++)
		if ((strlen(s) == strlen(names[v]) && vcpuchar_ascii_ncaseeq(s, names[v], strlen(s))) || !strcmp(s, cpuid_names[v])) {
			*ret = v;
			return 0;
		}
	return vcpuchar_set_err_echo(err, err_size, -EINVAL, s, strlen(s),
				     "[" G "] vendor: '%s' is not amd, intel, hygon or other", VCPUCHAR_ECHO);
}

/* Integers separated by ',' or ';'; empty means none. Only 510 matters (X86_FEATURE_IDLE_HLT). */
static int get_clearcpuid(const struct vcpuchar_kf *kf, uint32_t *ret, char *err, size_t err_size)
{
	size_t len;
	const char *s = vcpuchar_kf_value(kf, G, "clearcpuid", &len), *p, *end, *sep;
	uint32_t found = 0;

	if (!s)
		return 1;
	end = s + len;
	/* Only blanks: the empty list. */
	for (p = s; p < end && strchr(" \t\n\r\f\v", *p); p++)
		;
	for (p = p == end ? NULL : s; p; p = sep < end ? sep + 1 : NULL) {
		const char *a, *b;
		uint64_t v = 0;
		bool ok;

		for (sep = p; sep < end && *sep != ',' && *sep != ';'; sep++)
			;
		for (a = p; a < sep && strchr(" \t\n\r\f\v", *a); a++)
			;
		for (b = sep; b > a && strchr(" \t\n\r\f\v", b[-1]); b--)
			;
		/* Decimal digits; an empty item or a value past 64 bits (strtoull's ERANGE) is refused. */
		ok = a < b;
		for (const char *c = a; ok && c < b; c++) {
			ok = *c >= '0' && *c <= '9' && v <= (UINT64_MAX - (uint64_t)(*c - '0')) / 10;
			v = v * 10 + (uint64_t)(*c - '0');
		}
		if (!ok)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, s, len,
						     "[" G "] clearcpuid: '%s' is not a list of integers separated by "
						     "',' or ';'", VCPUCHAR_ECHO);
		found |= v == 510;
	}
	*ret = found;
	return 0;
}

/* A module name as /sys/module shows it: [a-z0-9_], or "" for none. */
static int get_vendor_module(const struct vcpuchar_kf *kf, char *buf, size_t size, char *err, size_t err_size)
{
	int r = vcpuchar_profile_get_str(kf, G, "vendor_module", buf, size, err, err_size);

	if (r)
		return r;
	for (const char *c = buf; *c; c++)
		if (!(*c >= 'a' && *c <= 'z') && !(*c >= '0' && *c <= '9') && *c != '_')
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, buf, strlen(buf),
						     "[" G "] vendor_module: '%s' is not a module name (a-z, 0-9, _)",
						     VCPUCHAR_ECHO);
	return 0;
}

/*
 * The [x86] keys with one fact field each: what read and write both walk.
 * The kind chooses how a value is written (CPUID registers in eight hex
 * digits, masks in hex, counts in decimal) and read: registers and masks by
 * the word rule (0x), counts in decimal or 0x (vcpuchar_parse_u64()).
 */
enum key_kind { WORD, MASK, NUM, BOOL };
#define FIELD(f) offsetof(struct vcpuchar_x86_host, f)
static const struct {
	const char *key;
	uint32_t fact;
	enum key_kind kind;
	size_t offset;
} x86_keys[] = {
	{ "cpuid_80000001_ecx", VCPUCHAR_X86_FACT_CPUID_EXT, WORD, FIELD(cpuid_80000001_ecx) },
	{ "cpuid_8000000a_edx", VCPUCHAR_X86_FACT_CPUID_SVM, WORD, FIELD(cpuid_8000000a_edx) },
	{ "hypervisor", VCPUCHAR_X86_FACT_CPUID_HYPERVISOR, BOOL, FIELD(hypervisor) },
	{ "disable_exits_allowed", VCPUCHAR_X86_FACT_DISABLE_EXITS, MASK, FIELD(disable_exits_allowed) },
	{ "halt_poll", VCPUCHAR_X86_FACT_HALT_POLL_CAP, BOOL, FIELD(halt_poll_cap) },
	{ "mitigate_smt_rsb", VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB, BOOL, FIELD(mitigate_smt_rsb) },
	{ "kvm_amd", VCPUCHAR_X86_FACT_KVM_AMD, BOOL, FIELD(kvm_amd) },
	{ "avic", VCPUCHAR_X86_FACT_AVIC, BOOL, FIELD(avic) },
	{ "enable_ipiv", VCPUCHAR_X86_FACT_ENABLE_IPIV, BOOL, FIELD(enable_ipiv) },
	{ "cpuid_1_eax", VCPUCHAR_X86_FACT_CPUID_SIGNATURE, WORD, FIELD(cpuid_1_eax) },
	{ "nested", VCPUCHAR_X86_FACT_NESTED, BOOL, FIELD(nested) },
	{ "sev", VCPUCHAR_X86_FACT_SEV, BOOL, FIELD(sev) },
	{ "sev_es", VCPUCHAR_X86_FACT_SEV_ES, BOOL, FIELD(sev_es) },
	{ "sev_snp", VCPUCHAR_X86_FACT_SEV_SNP, BOOL, FIELD(sev_snp) },
	{ "tdx", VCPUCHAR_X86_FACT_TDX, BOOL, FIELD(tdx) }, /* kvm_intel.tdx, since 1.3 */
	{ "smt_rsb_bug", VCPUCHAR_X86_FACT_SMT_RSB_BUG, BOOL, FIELD(smt_rsb_bug) },
	{ "smt_possible", VCPUCHAR_X86_FACT_SMT_CONTROL, BOOL, FIELD(smt_possible) },
	{ "binary_stats", VCPUCHAR_X86_FACT_BINARY_STATS_CAP, BOOL, FIELD(binary_stats_cap) },
	{ "halt_poll_ns_grow", VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW, NUM, FIELD(halt_poll_ns_grow) },
	{ "halt_poll_ns_grow_start", VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START, NUM, FIELD(halt_poll_ns_grow_start) },
	{ "halt_poll_ns_shrink", VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK, NUM, FIELD(halt_poll_ns_shrink) },
	/* KVM_GET_SUPPORTED_CPUID: what KVM can give a guest. */
	{ "supported_40000001_eax", VCPUCHAR_X86_FACT_SUPPORTED_CPUID, WORD, FIELD(kvm_features) },
	{ "supported_40000001_edx", VCPUCHAR_X86_FACT_SUPPORTED_CPUID, WORD, FIELD(kvm_hints) },
	{ "supported_8000000a_edx", VCPUCHAR_X86_FACT_SUPPORTED_CPUID, WORD, FIELD(supported_8000000a_edx) },
};

static uint32_t *field_of(struct vcpuchar_x86_host *h, size_t i)
{
	return (uint32_t *)((char *)h + x86_keys[i].offset);
}

int vcpuchar_profile_x86_read(const struct vcpuchar_kf *kf, const char *arch, const char *release, struct vcpuchar_x86_host *out,
			      char *err, size_t err_size)
{
	struct vcpuchar_x86_host h;
	int r;

	memset(&h, 0, sizeof(h));
	h.size = sizeof(h);
	h.source = VCPUCHAR_SOURCE_PROFILE;
	h.smt_possible = 1;
	/* [host] strings fit (lib/profile.c read them into buffers of these sizes). */
	snprintf(h.arch, sizeof(h.arch), "%s", arch);
	snprintf(h.kernel_release, sizeof(h.kernel_release), "%s", release);
	if (!vcpuchar_kf_has_group(kf, G)) {
		/* Not "not read": no [x86] group at all, which describe and callers can tell from a group without known keys. */
		for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++)
			h.error[f] = -ENODATA;
		VCPUCHAR_OUT_END(out, &h);
		return 0;
	}
	if (release[0])
		h.have |= 1u << VCPUCHAR_X86_FACT_KERNEL_RELEASE;
	r = get_vendor(kf, &h.vendor, err, err_size);
	if (r < 0)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR;
	for (size_t i = 0; i < VCPUCHAR_N_ELEMENTS(x86_keys); i++) {
		r = x86_keys[i].kind == BOOL ? vcpuchar_profile_get_bool(kf, G, x86_keys[i].key, field_of(&h, i), err, err_size)
					     : get_u32(kf, x86_keys[i].key,
						       x86_keys[i].kind == NUM ? VCPUCHAR_NUM_COUNT : VCPUCHAR_NUM_WORD,
						       field_of(&h, i), err, err_size);
		if (r < 0)
			return r;
		if (!r)
			h.have |= 1u << x86_keys[i].fact;
	}
	r = vcpuchar_profile_get_u64(kf, G, "halt_poll_ns", VCPUCHAR_NUM_COUNT, &h.halt_poll_ns, err, err_size);
	if (r < 0)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_HALT_POLL_NS;
	r = get_clearcpuid(kf, &h.clearcpuid_510, err, err_size);
	if (r < 0)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_CLEARCPUID;
	r = get_vendor_module(kf, h.vendor_module, sizeof(h.vendor_module), err, err_size);
	if (r < 0)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_VENDOR_MODULE;
	/* No key for the highest extended leaf: 0x8000000A was read if it is given. */
	if (h.have & (1u << VCPUCHAR_X86_FACT_CPUID_SVM))
		h.cpuid_max_ext = 0x8000000A;
	vcpuchar_x86_signature(h.cpuid_1_eax, &h.family, &h.model);
	vcpuchar_x86_host_out(out, &h);
	return 0;
}

static bool has(const struct vcpuchar_x86_host *h, uint32_t fact)
{
	return h->have & (1u << fact);
}

void vcpuchar_profile_x86_write(struct vcpuchar_kf_out *kf, const struct vcpuchar_x86_host *x86)
{
	static const char *const vendors[] = { "other", "amd", "intel", "hygon", "other" };
	char buf[24];

	vcpuchar_kf_out_group(kf, G);
	if (has(x86, VCPUCHAR_X86_FACT_CPUID_VENDOR))
		vcpuchar_kf_out_value(kf, "vendor", vendors[x86->vendor <= VCPUCHAR_X86_VENDOR_OTHER ? x86->vendor : 0]);
	if (has(x86, VCPUCHAR_X86_FACT_HALT_POLL_NS)) {
		snprintf(buf, sizeof(buf), "%" PRIu64, x86->halt_poll_ns);
		vcpuchar_kf_out_value(kf, "halt_poll_ns", buf);
	}
	if (has(x86, VCPUCHAR_X86_FACT_CLEARCPUID))
		vcpuchar_kf_out_value(kf, "clearcpuid", x86->clearcpuid_510 ? "510" : "");
	if (has(x86, VCPUCHAR_X86_FACT_VENDOR_MODULE)) {
		/* A caller's field need not be terminated: at most its size. */
		char m[sizeof(x86->vendor_module) + 1];

		snprintf(m, sizeof(m), "%.*s", (int)sizeof(x86->vendor_module), x86->vendor_module);
		vcpuchar_kf_out_value(kf, "vendor_module", m);
	}
	for (size_t i = 0; i < VCPUCHAR_N_ELEMENTS(x86_keys); i++) {
		uint32_t v;

		if (!has(x86, x86_keys[i].fact))
			continue;
		memcpy(&v, (const char *)x86 + x86_keys[i].offset, sizeof(v));
		if (x86_keys[i].kind == BOOL) {
			vcpuchar_kf_out_bool(kf, x86_keys[i].key, v != 0);
			continue;
		}
		snprintf(buf, sizeof(buf), x86_keys[i].kind == WORD ? "0x%08x" : x86_keys[i].kind == MASK ? "0x%x" : "%u",
			 v);
		vcpuchar_kf_out_value(kf, x86_keys[i].key, buf);
	}
}
