/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Private to lib/: never installed, never included by tests of the public API. */
#ifndef VCPUCHAR_PRIVATE_H
#define VCPUCHAR_PRIVATE_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vcpuchar.h"

/* Marks a definition as part of the ABI; everything else is hidden. */
#define VCPUCHAR_EXPORT __attribute__((visibility("default")))

/* Public entry points check their arguments with this: no abort, -EINVAL. */
#define return_val_if_fail(expr, val) \
	do { \
		if (__builtin_expect(!(expr), 0)) \
			return (val); \
	} while (0)

/*
 * A struct with a leading uint32_t size: accept any size from the 1.0 size
 * up, but a newer caller's bytes past what we know must be zero. Inline
 * and without calls: every entry point checks, the common exact size costs
 * one compare, and a hot caller needs no stack frame for it.
 */
static inline bool vcpuchar_size_ok(const void *s, size_t known)
{
	const unsigned char *p = s;
	uint32_t size;

	if (!s)
		return false;
	memcpy(&size, s, sizeof(size));
	if (__builtin_expect(size == known, 1))
		return true;
	if (size < known || size > known + 4096)
		return false;
	for (size_t i = known; i < size; i++)
		if (p[i])
			return false;
	return true;
}

/* snprintf into an optional (err, err_size) buffer; always returns @code. */
int vcpuchar_set_err(char *err, size_t err_size, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif
