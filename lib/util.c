/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdint.h>
#include <stdio.h>

#include "vcpuchar-private.h"

bool vcpuchar_size_ok(const void *s, size_t known)
{
	uint32_t size;
	const unsigned char *p = s;

	if (!s)
		return false;
	memcpy(&size, s, sizeof(size));
	if (size < known)
		return false;
	/* A newer caller may pass a bigger struct; the tail must be unused. */
	for (size_t i = known; i < size && i < known + 4096; i++)
		if (p[i])
			return false;
	return size <= known + 4096;
}

int vcpuchar_set_err(char *err, size_t err_size, int code, const char *fmt, ...)
{
	va_list ap;

	if (err && err_size) {
		va_start(ap, fmt);
		vsnprintf(err, err_size, fmt, ap);
		va_end(ap);
	}
	return code;
}
