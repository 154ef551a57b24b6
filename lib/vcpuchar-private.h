/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Private to lib/: never installed, never included by tests of the public API. */
#ifndef VCPUCHAR_PRIVATE_H
#define VCPUCHAR_PRIVATE_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "vcpuchar.h"

/* Marks a definition as part of the ABI; everything else is hidden. */
#define VCPUCHAR_EXPORT __attribute__((visibility("default")))

/* Public entry points check their arguments with this: no abort, -EINVAL. */
#define return_val_if_fail(expr, val) \
	do { \
		if (!(expr)) \
			return (val); \
	} while (0)

/*
 * A struct with a leading uint32_t size: accept any size from the 1.0 size
 * up, but a newer caller's bytes past what we know must be zero.
 */
bool vcpuchar_size_ok(const void *s, size_t known);

/* snprintf into an optional (err, err_size) buffer; always returns @code. */
int vcpuchar_set_err(char *err, size_t err_size, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
