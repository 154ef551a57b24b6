/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdint.h>
#include <stdio.h>

#include "vcpuchar-private.h"

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
