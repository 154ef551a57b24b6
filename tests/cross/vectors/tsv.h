/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A dependency-free reader of the vector files in tests/data: one header
 * line, tab-separated cells, no quoting (the same format as test-common.h).
 */
#ifndef CROSS_TSV_H
#define CROSS_TSV_H

#include <stdint.h>

struct tsv {
	char *text;     /* the whole file, cells cut in place */
	char **cells;   /* n_rows + 1 rows of n_cols cells, header first */
	unsigned n_cols;
	unsigned n_rows; /* data rows, header excluded */
	const char *name;
};

/* Loads @dir/@name; returns 0 or -1 after printing why. */
int tsv_load(struct tsv *t, const char *dir, const char *name);
void tsv_free(struct tsv *t);
/* Cell of data row @row in column @col; NULL (and a message) when absent. */
const char *tsv_get(const struct tsv *t, unsigned row, const char *col);
/* Hex or decimal cell; sets *ok to 0 when it does not parse. */
uint64_t tsv_u64(const struct tsv *t, unsigned row, const char *col, int *ok);

#endif
