/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include "vcpuchar-private.h"

VCPUCHAR_EXPORT const char *vcpuchar_version(void)
{
	return VCPUCHAR_VERSION_STRING;
}
