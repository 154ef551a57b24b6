/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The [x86] group of a host profile (DESIGN.md section 6): x86 host facts to
 * and from a GKeyFile. Each key present sets its fact's have bit; a bad value
 * is an error naming group, key and value.
 */
#include <glib.h>
#include <stdio.h>

#include "profile-x86.h"

#define G "x86"

/* Hex with 0x, else decimal (never octal). */
static bool parse_number(const char *s, uint64_t max, uint64_t *ret)
{
	const char *digits = s;
	unsigned base = 10;
	char *end;
	guint64 v;

	while (*digits == ' ')
		digits++;
	if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
		base = 16;
		digits += 2;
	}
	if (!g_ascii_isxdigit(*digits) || (base == 10 && !g_ascii_isdigit(*digits)))
		return false;
	errno = 0;
	v = g_ascii_strtoull(digits, &end, base);
	while (*end == ' ')
		end++;
	if (errno || *end || v > max)
		return false;
	*ret = v;
	return true;
}

/* -ENOENT when absent; -EINVAL with a message when bad. */
static int get_raw(GKeyFile *kf, const char *key, char **ret)
{
	*ret = g_key_file_get_value(kf, G, key, NULL);
	return *ret ? 0 : -ENOENT;
}

static int get_u32(GKeyFile *kf, const char *key, uint32_t *ret, char *err, size_t err_size)
{
	g_autofree char *s = NULL;
	uint64_t v;

	if (get_raw(kf, key, &s))
		return -ENOENT;
	if (!parse_number(s, UINT32_MAX, &v))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[" G "] %s: bad value '%s' (a 32-bit number, hex 0x... or decimal)", key, s);
	*ret = (uint32_t)v;
	return 0;
}

static int get_u64(GKeyFile *kf, const char *key, uint64_t *ret, char *err, size_t err_size)
{
	g_autofree char *s = NULL;

	if (get_raw(kf, key, &s))
		return -ENOENT;
	if (!parse_number(s, UINT64_MAX, ret))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[" G "] %s: bad value '%s' (a number, hex 0x... or decimal)", key, s);
	return 0;
}

static int get_bool(GKeyFile *kf, const char *key, uint32_t *ret, char *err, size_t err_size)
{
	g_autofree char *s = NULL;

	if (get_raw(kf, key, &s))
		return -ENOENT;
	g_strstrip(s);
	if (!g_ascii_strcasecmp(s, "true") || !strcmp(s, "1"))
		*ret = 1;
	else if (!g_ascii_strcasecmp(s, "false") || !strcmp(s, "0"))
		*ret = 0;
	else
		return vcpuchar_set_err(err, err_size, -EINVAL, "[" G "] %s: bad value '%s' (true or false)", key, s);
	return 0;
}

static int get_vendor(GKeyFile *kf, uint32_t *ret, char *err, size_t err_size)
{
	static const char *const names[] = { [VCPUCHAR_X86_VENDOR_AMD] = "amd",
					     [VCPUCHAR_X86_VENDOR_INTEL] = "intel",
					     [VCPUCHAR_X86_VENDOR_HYGON] = "hygon",
					     [VCPUCHAR_X86_VENDOR_OTHER] = "other" };
	g_autofree char *s = NULL;

	if (get_raw(kf, "vendor", &s))
		return -ENOENT;
	g_strstrip(s);
	for (uint32_t v = VCPUCHAR_X86_VENDOR_AMD; v <= VCPUCHAR_X86_VENDOR_OTHER; v++)
		if (!g_ascii_strcasecmp(s, names[v])) {
			*ret = v;
			return 0;
		}
	return vcpuchar_set_err(err, err_size, -EINVAL, "[" G "] vendor: bad value '%s' (amd, intel, hygon or other)",
				s);
}

/* Integers separated by ',' or ';'; empty means none. */
static int get_clearcpuid(GKeyFile *kf, uint32_t *ret, char *err, size_t err_size)
{
	g_autofree char *s = NULL;
	g_auto(GStrv) items = NULL;
	uint32_t found = 0;

	if (get_raw(kf, "clearcpuid", &s))
		return -ENOENT;
	items = g_strsplit_set(s, ",;", -1);
	for (int i = 0; items[i]; i++) {
		uint64_t v;

		g_strstrip(items[i]);
		if (!*items[i] && !items[1])
			break; /* the empty list */
		if (!parse_number(items[i], UINT32_MAX, &v))
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[" G "] clearcpuid: bad value '%s' (integers separated by ',' or ';')", s);
		if (v == 510)
			found = 1;
	}
	*ret = found;
	return 0;
}

int vcpuchar_profile_x86_load(GKeyFile *kf, struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	struct vcpuchar_x86_host h;
	struct {
		const char *key;
		uint32_t fact;
		enum { U32, BOOL } kind;
		uint32_t *field;
	} keys[] = {
		{ "cpuid_80000001_ecx", VCPUCHAR_X86_FACT_CPUID_EXT, U32, &h.cpuid_80000001_ecx },
		{ "cpuid_8000000a_edx", VCPUCHAR_X86_FACT_CPUID_SVM, U32, &h.cpuid_8000000a_edx },
		{ "hypervisor", VCPUCHAR_X86_FACT_CPUID_HYPERVISOR, BOOL, &h.hypervisor },
		{ "disable_exits_allowed", VCPUCHAR_X86_FACT_DISABLE_EXITS, U32, &h.disable_exits_allowed },
		{ "halt_poll", VCPUCHAR_X86_FACT_HALT_POLL_CAP, BOOL, &h.halt_poll_cap },
		{ "mitigate_smt_rsb", VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB, BOOL, &h.mitigate_smt_rsb },
		{ "kvm_amd", VCPUCHAR_X86_FACT_KVM_AMD, BOOL, &h.kvm_amd },
		{ "avic", VCPUCHAR_X86_FACT_AVIC, BOOL, &h.avic },
		{ "nested", VCPUCHAR_X86_FACT_NESTED, BOOL, &h.nested },
		{ "sev", VCPUCHAR_X86_FACT_SEV, BOOL, &h.sev },
		{ "sev_es", VCPUCHAR_X86_FACT_SEV_ES, BOOL, &h.sev_es },
		{ "sev_snp", VCPUCHAR_X86_FACT_SEV_SNP, BOOL, &h.sev_snp },
		{ "smt_rsb_bug", VCPUCHAR_X86_FACT_SMT_RSB_BUG, BOOL, &h.smt_rsb_bug },
		{ "smt_possible", VCPUCHAR_X86_FACT_SMT_CONTROL, BOOL, &h.smt_possible },
	};
	g_autofree char *release = NULL;
	int r;

	memset(&h, 0, sizeof(h));
	h.size = x86->size;
	h.source = VCPUCHAR_SOURCE_PROFILE;
	h.smt_possible = 1;
	release = g_key_file_get_value(kf, "host", "kernel_release", NULL);
	if (release) {
		g_strstrip(release);
		if (strlen(release) >= sizeof(h.kernel_release))
			return vcpuchar_set_err(err, err_size, -EINVAL, "[host] kernel_release: bad value '%s' (too long)",
						release);
		strcpy(h.kernel_release, release);
	}
	if (!g_key_file_has_group(kf, G)) {
		memcpy(x86, &h, sizeof(h));
		return 0;
	}
	if (release && *release)
		h.have |= 1u << VCPUCHAR_X86_FACT_KERNEL_RELEASE;

	r = get_vendor(kf, &h.vendor, err, err_size);
	if (r == -EINVAL)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR;
	for (size_t i = 0; i < G_N_ELEMENTS(keys); i++) {
		r = keys[i].kind == U32 ? get_u32(kf, keys[i].key, keys[i].field, err, err_size)
					: get_bool(kf, keys[i].key, keys[i].field, err, err_size);
		if (r == -EINVAL)
			return r;
		if (!r)
			h.have |= 1u << keys[i].fact;
	}
	r = get_u64(kf, "halt_poll_ns", &h.halt_poll_ns, err, err_size);
	if (r == -EINVAL)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_HALT_POLL_NS;
	r = get_clearcpuid(kf, &h.clearcpuid_510, err, err_size);
	if (r == -EINVAL)
		return r;
	if (!r)
		h.have |= 1u << VCPUCHAR_X86_FACT_CLEARCPUID;
	/* The profile has no highest-extended-leaf key: 0x8000000A was read if it is given. */
	if (h.have & (1u << VCPUCHAR_X86_FACT_CPUID_SVM))
		h.cpuid_max_ext = 0x8000000A;
	memcpy(x86, &h, sizeof(h));
	return 0;
}

static bool has(const struct vcpuchar_x86_host *h, uint32_t fact)
{
	return h->have & (1u << fact);
}

void vcpuchar_profile_x86_save(GKeyFile *kf, const struct vcpuchar_x86_host *x86)
{
	static const char *const vendors[] = { "other", "amd", "intel", "hygon", "other" };
	char buf[32];

	if (has(x86, VCPUCHAR_X86_FACT_CPUID_VENDOR))
		g_key_file_set_value(kf, G, "vendor", vendors[x86->vendor <= 4 ? x86->vendor : 0]);
	if (has(x86, VCPUCHAR_X86_FACT_CPUID_EXT)) {
		snprintf(buf, sizeof(buf), "0x%08x", x86->cpuid_80000001_ecx);
		g_key_file_set_value(kf, G, "cpuid_80000001_ecx", buf);
	}
	if (has(x86, VCPUCHAR_X86_FACT_CPUID_SVM)) {
		snprintf(buf, sizeof(buf), "0x%08x", x86->cpuid_8000000a_edx);
		g_key_file_set_value(kf, G, "cpuid_8000000a_edx", buf);
	}
	if (has(x86, VCPUCHAR_X86_FACT_CPUID_HYPERVISOR))
		g_key_file_set_boolean(kf, G, "hypervisor", x86->hypervisor);
	if (has(x86, VCPUCHAR_X86_FACT_DISABLE_EXITS)) {
		snprintf(buf, sizeof(buf), "0x%x", x86->disable_exits_allowed);
		g_key_file_set_value(kf, G, "disable_exits_allowed", buf);
	}
	if (has(x86, VCPUCHAR_X86_FACT_HALT_POLL_CAP))
		g_key_file_set_boolean(kf, G, "halt_poll", x86->halt_poll_cap > 0);
	if (has(x86, VCPUCHAR_X86_FACT_HALT_POLL_NS)) {
		snprintf(buf, sizeof(buf), "%" G_GUINT64_FORMAT, x86->halt_poll_ns);
		g_key_file_set_value(kf, G, "halt_poll_ns", buf);
	}
	if (has(x86, VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB))
		g_key_file_set_boolean(kf, G, "mitigate_smt_rsb", x86->mitigate_smt_rsb);
	if (has(x86, VCPUCHAR_X86_FACT_CLEARCPUID))
		g_key_file_set_value(kf, G, "clearcpuid", x86->clearcpuid_510 ? "510" : "");
	if (has(x86, VCPUCHAR_X86_FACT_KVM_AMD))
		g_key_file_set_boolean(kf, G, "kvm_amd", x86->kvm_amd);
	if (has(x86, VCPUCHAR_X86_FACT_AVIC))
		g_key_file_set_boolean(kf, G, "avic", x86->avic);
	if (has(x86, VCPUCHAR_X86_FACT_NESTED))
		g_key_file_set_boolean(kf, G, "nested", x86->nested);
	if (has(x86, VCPUCHAR_X86_FACT_SEV))
		g_key_file_set_boolean(kf, G, "sev", x86->sev);
	if (has(x86, VCPUCHAR_X86_FACT_SEV_ES))
		g_key_file_set_boolean(kf, G, "sev_es", x86->sev_es);
	if (has(x86, VCPUCHAR_X86_FACT_SEV_SNP))
		g_key_file_set_boolean(kf, G, "sev_snp", x86->sev_snp);
	if (has(x86, VCPUCHAR_X86_FACT_SMT_RSB_BUG))
		g_key_file_set_boolean(kf, G, "smt_rsb_bug", x86->smt_rsb_bug);
	if (has(x86, VCPUCHAR_X86_FACT_SMT_CONTROL))
		g_key_file_set_boolean(kf, G, "smt_possible", x86->smt_possible);
}
