/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A plain-C reader for the vector files in tests/data: the benchmark links no GLib of its own. */
#ifndef BENCH_TSV_H
#define BENCH_TSV_H

#include <stddef.h>
#include <stdint.h>

struct tsv {
	char *text;     /* the file, cut in place into cells */
	char **cells;   /* rows * cols cells, row 0 is the header */
	size_t rows;    /* data rows, header excluded */
	size_t cols;
};

/* Loads VCPUCHAR_TEST_DATA/@name; exits with a message on any error. */
void tsv_load(struct tsv *t, const char *name);
/* Cell @col of data row @row (0-based); exits when the column is absent. */
const char *tsv_get(const struct tsv *t, size_t row, const char *col);
uint64_t tsv_u64(const struct tsv *t, size_t row, const char *col);
void tsv_free(struct tsv *t);

#endif
