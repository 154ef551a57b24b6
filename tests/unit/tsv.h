/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The one reader of the vector files in tests/data, for the Check suites,
 * the benchmark and the cross runner: one header line, tab-separated cells,
 * no quoting, blank lines skipped. Plain C with no GLib and no Check, since
 * the cross runner runs under qemu-user without them.
 */
#ifndef TESTS_TSV_H
#define TESTS_TSV_H

#include <stdint.h>

struct tsv {
	char *text;      /* the whole file, cells cut in place */
	char **cells;    /* n_rows + 1 rows of n_cols cells, header first */
	unsigned n_cols;
	unsigned n_rows; /* data rows, header excluded */
	const char *name;
};

/*
 * Receives a one-line message for every error below; when it returns, the
 * failing function returns its error value. NULL (the start): the message
 * goes to stderr. The Check suites abort the test here, the benchmark exits.
 */
extern void (*tsv_fail)(const char *msg);

/* Loads @dir/@name; 0, or -1 for an unreadable file, a row whose cell count
 * differs from the header's, or a file without data rows. */
int tsv_load(struct tsv *t, const char *dir, const char *name);
void tsv_free(struct tsv *t);
/* 1 when the header has column @col, else 0 (not an error). */
int tsv_has(const struct tsv *t, const char *col);
/* Cell of data row @row (0-based) in column @col; NULL when the column is absent. */
const char *tsv_get(const struct tsv *t, unsigned row, const char *col);
/* Hex (0x) or decimal cell; 0 and *ok = 0 (when @ok is not NULL) when it does not parse. */
uint64_t tsv_u64(const struct tsv *t, unsigned row, const char *col, int *ok);

#endif
