/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "report.h"

unsigned e2e_pass, e2e_fail;

static int verdict(const char *check, int ok)
{
	if (ok)
		e2e_pass++;
	else
		e2e_fail++;
	printf("E2E: %s: %s: ", check, ok ? "PASS" : "FAIL");
	return ok;
}

void e2e_info(const char *check, const char *fmt, ...)
{
	va_list ap;

	printf("E2E: %s: INFO: ", check);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

int e2e_int(const char *check, long expected, long got)
{
	int ok = verdict(check, expected == got);

	if (ok)
		printf("%ld\n", got);
	else
		printf("expected %ld, got %ld\n", expected, got);
	return ok;
}

int e2e_u64(const char *check, uint64_t expected, uint64_t got)
{
	int ok = verdict(check, expected == got);

	if (ok)
		printf("0x%016llx\n", (unsigned long long)got);
	else
		printf("expected 0x%016llx, got 0x%016llx\n", (unsigned long long)expected,
		       (unsigned long long)got);
	return ok;
}

int e2e_str(const char *check, const char *expected, const char *got)
{
	int ok = verdict(check, strcmp(expected, got) == 0);

	if (ok)
		printf("\"%s\"\n", got);
	else
		printf("expected \"%s\", got \"%s\"\n", expected, got);
	return ok;
}

int e2e_ok(const char *check, int ok, const char *fmt, ...)
{
	va_list ap;

	verdict(check, ok);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return ok;
}
