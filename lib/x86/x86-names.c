/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* The names of the x86 enumerations a VM profile and a policy take (lib/x86.md#names). */
#include <stdio.h>
#include <string.h>

#include "vcpuchar-private.h"

/*
 * One table per set, indexed by value; NULL is a value with no name (cpu_mode
 * 0, "unspecified", which a caller gives by giving nothing). The CVM and
 * override spellings are the profile's and the CLI's since 1.0
 * (examples/vcpuchar/vcpuchar.1.scd); the exit names are KVM's
 * KVM_X86_DISABLE_EXITS_* without the prefix (include/uapi/linux/kvm.h).
 */
static const char *const cvm_names[] = { "none", "sev", "sev-es", "sev-snp", "tdx" /* 1.3 */ };
static const char *const hpt_names[] = { "auto", "never", "force" };
static const char *const mode_names[] = { NULL, "host-passthrough", "other" };
static const char *const ihk_names[] = { "auto", "present", "absent" };
static const char *const exit_names[] = { "MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF" };

static const struct {
	const char *const *names;
	uint32_t n;
} sets[] = {
	[VCPUCHAR_X86_NAMES_CVM] = { cvm_names, VCPUCHAR_N_ELEMENTS(cvm_names) },
	[VCPUCHAR_X86_NAMES_HLT_PASSTHROUGH] = { hpt_names, VCPUCHAR_N_ELEMENTS(hpt_names) },
	[VCPUCHAR_X86_NAMES_CPU_MODE] = { mode_names, VCPUCHAR_N_ELEMENTS(mode_names) },
	[VCPUCHAR_X86_NAMES_IDLE_HLT_KVM] = { ihk_names, VCPUCHAR_N_ELEMENTS(ihk_names) },
	[VCPUCHAR_X86_NAMES_DISABLE_EXIT] = { exit_names, VCPUCHAR_N_ELEMENTS(exit_names) },
};

_Static_assert(VCPUCHAR_N_ELEMENTS(sets) == VCPUCHAR_X86_N_NAME_SETS, "one table per set");

VCPUCHAR_EXPORT const char *vcpuchar_x86_name(uint32_t set, uint32_t value)
{
	if (set >= VCPUCHAR_N_ELEMENTS(sets) || value >= sets[set].n)
		return NULL;
	return sets[set].names[value];
}

VCPUCHAR_EXPORT int vcpuchar_x86_from_name(uint32_t set, const char *name)
{
	return_val_if_fail(set < VCPUCHAR_N_ELEMENTS(sets) && name, -EINVAL);
	/* Exact, as the pages spell them: "SEV" is no name. */
	for (uint32_t i = 0; i < sets[set].n; i++)
		if (sets[set].names[i] && !strcmp(sets[set].names[i], name))
			return (int)i;
	return -ENOENT;
}

VCPUCHAR_EXPORT int vcpuchar_x86_names(uint32_t set, const char *sep, char *buf, size_t size)
{
	size_t len = 0;

	return_val_if_fail(set < VCPUCHAR_N_ELEMENTS(sets) && sep && (buf || !size), -EINVAL);
	for (uint32_t i = 0; i < sets[set].n; i++) {
		const char *n = sets[set].names[i];

		if (!n)
			continue;
		if (len)
			len += strlen(sep);
		len += strlen(n);
	}
	if (!buf)
		return (int)len;
	if (size <= len)
		return -ENOSPC;
	buf[0] = '\0';
	for (uint32_t i = 0, k = 0; i < sets[set].n; i++) {
		if (!sets[set].names[i])
			continue;
		if (k++)
			strcat(buf, sep);
		strcat(buf, sets[set].names[i]);
	}
	return (int)len;
}
