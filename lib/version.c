/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "vcpuchar-private.h"

VCPUCHAR_EXPORT const char *vcpuchar_version(void)
{
	return VCPUCHAR_VERSION_STRING;
}

VCPUCHAR_EXPORT int vcpuchar_limit(uint32_t limit, uint64_t *ret)
{
	static const uint64_t values[] = {
		[VCPUCHAR_LIMIT_PPC_N_CAPS] = VCPUCHAR_PPC_N_CAPS,
		[VCPUCHAR_LIMIT_H_CPU_CHAR_ALL] = VCPUCHAR_H_CPU_CHAR_ALL,
		[VCPUCHAR_LIMIT_H_CPU_BEHAV_ALL] = VCPUCHAR_H_CPU_BEHAV_ALL,
		[VCPUCHAR_LIMIT_X86_DISABLE_EXITS_KNOWN] = VCPUCHAR_X86_DISABLE_EXITS_KNOWN,
		[VCPUCHAR_LIMIT_X86_N_FACTS] = VCPUCHAR_X86_N_FACTS,
		[VCPUCHAR_LIMIT_X86_REASON_MAX] = VCPUCHAR_X86_REASON_MAX,
		[VCPUCHAR_LIMIT_X86_MAX_REASONS] = VCPUCHAR_X86_MAX_REASONS,
		[VCPUCHAR_LIMIT_X86_N_STATS] = VCPUCHAR_X86_N_STATS,
	};

	return_val_if_fail(ret && limit < sizeof(values) / sizeof(values[0]), -EINVAL);
	*ret = values[limit];
	return 0;
}
