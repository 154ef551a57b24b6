/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The checks of the plain-C vector runners, where neither GLib nor Check
 * exists (tests/cross/vectors/vectors.c under qemu-user, tests/musl/
 * musl-vectors.c): expect() counts each check and prints "FAIL: ..." for a
 * failed one; plain_check_args() takes the command line; plain_check_end()
 * prints the counts and gives the exit status. One translation unit per
 * runner includes it (the counters are its own).
 */
#ifndef VCPUCHAR_TESTS_PLAIN_CHECK_H
#define VCPUCHAR_TESTS_PLAIN_CHECK_H

#include <stdarg.h>
#include <stdio.h>

static unsigned n_pass, n_fail;

/* Counts a check; a false @ok prints "FAIL: " and @fmt. Returns @ok (0 or 1). */
static int expect(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int expect(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		n_pass++;
		return 1;
	}
	n_fail++;
	printf("FAIL: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return 0;
}

/* 1 when the command has @want words (with its name): stdout then goes out
 * line by line (qemu-user and a pipe keep the order of FAIL lines); else a
 * usage line naming @usage on stderr and 0 (exit 2). */
static int plain_check_args(int argc, char **argv, int want, const char *usage)
{
	if (argc != want) {
		fprintf(stderr, "usage: %s %s\n", argv[0], usage);
		return 0;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	return 1;
}

/* The runner's last line (the counts) and its exit status: 1 on any failure. */
static int plain_check_end(void)
{
	printf("%u checks passed, %u failed\n", n_pass, n_fail);
	return n_fail ? 1 : 0;
}

#endif
