/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the Check suites: vector files and small helpers. Tests may use GLib. */
#ifndef TEST_COMMON_H
#define TEST_COMMON_H

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tsv.h"

/*
 * An output struct full of garbage (0xa5 in every byte) with its size set,
 * as the declaration of what a call fills in: a field the call should have
 * written, or should have left alone, then cannot pass by being zero
 * already. GNU C (the tests build as gnu11).
 */
#define TEST_GARBAGE_BYTE 0xa5
#define TEST_GARBAGE_U32 0xa5a5a5a5u
#define TEST_OUT(type) \
	({ \
		type out_; \
		memset(&out_, TEST_GARBAGE_BYTE, sizeof(out_)); \
		out_.size = sizeof(out_); \
		out_; \
	})

/* A vector file from tests/data (tests/unit/tsv.h): any error fails the test. */
static inline void tsv_check_fail(const char *msg)
{
	ck_abort_msg("%s", msg);
}

static inline struct tsv *tsv_open(const char *name)
{
	struct tsv *t = g_new0(struct tsv, 1);

	tsv_fail = tsv_check_fail;
	tsv_load(t, VCPUCHAR_TEST_DATA, name);
	return t;
}

static inline void tsv_close(struct tsv *t)
{
	tsv_free(t);
	g_free(t);
}

/* Runs @row (with @arg) on every data row of tests/data/@name, which must
 * hold at least @min_rows of them. */
static inline void tsv_each_row(const char *name, unsigned min_rows, void (*row)(const struct tsv *, guint, bool),
				bool arg)
{
	struct tsv *t = tsv_open(name);

	ck_assert_msg(t->n_rows >= min_rows, "%s: %u rows, want at least %u", name, t->n_rows, min_rows);
	for (guint i = 0; i < t->n_rows; i++)
		row(t, i, arg);
	tsv_close(t);
}

/* A stable-name function against the test's own list: fn(k) is names[k] for
 * every k below @n, and fn(@n), the first value past the list, is NULL. */
static inline void ck_assert_names(const char *(*fn)(uint32_t), const char *const *names, uint32_t n)
{
	for (uint32_t k = 0; k < n; k++)
		ck_assert_msg(fn(k) && !strcmp(fn(k), names[k]), "value %u: '%s', want '%s'", k,
			      fn(k) ? fn(k) : "(null)", names[k]);
	ck_assert_msg(!fn(n), "value %u past the list has the name '%s'", n, fn(n));
}

/* Removes the fixture tree a test made under @dir (files, links and
 * directories, depth first, never following a link); 0 when @dir is gone,
 * else -1, so a test can assert that it left nothing behind. */
static inline int test_rm_tree(const char *dir)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	const char *name;

	while (d && (name = g_dir_read_name(d))) {
		g_autofree char *p = g_build_filename(dir, name, NULL);

		if (g_file_test(p, G_FILE_TEST_IS_DIR) && !g_file_test(p, G_FILE_TEST_IS_SYMLINK))
			test_rm_tree(p);
		else
			unlink(p);
	}
	if (d)
		g_dir_close(d);
	return rmdir(dir);
}

/*
 * The start of a kvm suite: the suite @name with one TCase "kvm" in *tc,
 * and the /dev/kvm fd in *kvm_fd (owned by the caller). NULL when /dev/kvm
 * cannot be opened, after the line tests/unit/kvm-skip-path.sh looks for; the
 * suite then exits 77 with nothing allocated.
 */
static inline Suite *test_kvm_suite(const char *name, int *kvm_fd, TCase **tc)
{
	Suite *s;

	*kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (*kvm_fd < 0) {
		printf("SKIP: cannot open /dev/kvm: %s\n", g_strerror(errno));
		return NULL;
	}
	s = suite_create(name);
	*tc = tcase_create("kvm");
	suite_add_tcase(s, *tc);
	return s;
}

/* Runs one suite; the exit status counts as meson expects. */
static inline int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_ENV);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	/* Not the count: 77 failures would read as "skipped". */
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* main() of a suite without fixtures: the suite @name of one test case of
 * that name holding each test of the NULL-ended @tests, run in order. */
static inline int run_tests(const char *name, const TTest *const *tests)
{
	Suite *s = suite_create(name);
	TCase *tc = tcase_create(name);

	for (; *tests; tests++)
		tcase_add_test(tc, *tests);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
#define RUN_TESTS(name, ...) run_tests(name, (const TTest *const[]){ __VA_ARGS__, NULL })

#endif
