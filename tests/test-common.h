/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the Check suites: vector files and small helpers. Tests may use GLib. */
#ifndef TEST_COMMON_H
#define TEST_COMMON_H

#include <check.h>
#include <glib.h>
#include <stdint.h>
#include <stdlib.h>

/*
 * A TSV vector file from tests/data/: one header line, tab-separated,
 * no quoting. Rows keep the header's column count or the load fails.
 */
struct tsv {
	GPtrArray *header; /* char * */
	GPtrArray *rows;   /* GPtrArray * of char * */
};

static inline void tsv_free(struct tsv *t)
{
	if (!t)
		return;
	g_ptr_array_unref(t->header);
	g_ptr_array_unref(t->rows);
	g_free(t);
}

static inline struct tsv *tsv_load(const char *name)
{
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, name, NULL);
	g_autofree char *text = NULL;
	g_autoptr(GError) error = NULL;
	struct tsv *t;
	char **lines;

	if (!g_file_get_contents(path, &text, NULL, &error))
		ck_abort_msg("cannot read %s: %s", path, error->message);
	t = g_new0(struct tsv, 1);
	t->header = g_ptr_array_new_with_free_func(g_free);
	t->rows = g_ptr_array_new_with_free_func((GDestroyNotify)g_ptr_array_unref);
	lines = g_strsplit(text, "\n", -1);
	for (int i = 0; lines[i]; i++) {
		char **cells;
		GPtrArray *row;

		if (!*lines[i])
			continue;
		cells = g_strsplit(lines[i], "\t", -1);
		row = i == 0 ? t->header : g_ptr_array_new_with_free_func(g_free);
		for (int j = 0; cells[j]; j++)
			g_ptr_array_add(row, g_strdup(cells[j]));
		g_strfreev(cells);
		if (i > 0) {
			ck_assert_msg(row->len == t->header->len, "%s line %d: %u cells, header has %u",
				      name, i + 1, row->len, t->header->len);
			g_ptr_array_add(t->rows, row);
		}
	}
	g_strfreev(lines);
	ck_assert_msg(t->rows->len > 0, "%s has no vectors", name);
	return t;
}

/* Cell of @row in the column named @col; aborts the test when absent. */
static inline const char *tsv_get(const struct tsv *t, guint row, const char *col)
{
	GPtrArray *r = g_ptr_array_index(t->rows, row);

	for (guint j = 0; j < t->header->len; j++)
		if (g_str_equal(g_ptr_array_index(t->header, j), col))
			return g_ptr_array_index(r, j);
	ck_abort_msg("no column %s", col);
	return NULL;
}

static inline uint64_t tsv_u64(const struct tsv *t, guint row, const char *col)
{
	const char *s = tsv_get(t, row, col);
	char *end;
	guint64 v = g_ascii_strtoull(s, &end, 0);

	ck_assert_msg(*s && !*end, "column %s: bad number '%s'", col, s);
	return v;
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

#endif
