/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * LD_PRELOAD shim for tests/cli/cli-export.py: rename(2) to a file whose
 * name ends in $EXPORT_RENAME_FAIL fails with EISDIR, as it does when a
 * directory took the file's place after export checked it. The one way to
 * make a later rename fail after an earlier one succeeded, on demand.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int rename(const char *from, const char *to)
{
	int (*real)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	const char *end = getenv("EXPORT_RENAME_FAIL");
	size_t n = end ? strlen(end) : 0, m = to ? strlen(to) : 0;

	if (n && m >= n && !strcmp(to + m - n, end)) {
		errno = EISDIR;
		return -1;
	}
	return real(from, to);
}
