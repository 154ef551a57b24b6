/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tsv.h"

void (*tsv_fail)(const char *msg);

__attribute__((format(printf, 1, 2))) static void fail(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (tsv_fail)
		tsv_fail(msg);
	else
		fprintf(stderr, "%s\n", msg);
}

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		} else if (buf) {
			buf[n] = 0;
		}
	}
	fclose(f);
	return buf;
}

int tsv_load(struct tsv *t, const char *dir, const char *name)
{
	char path[4096];
	unsigned lines = 0, row = 0;

	memset(t, 0, sizeof(*t));
	t->name = name;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	t->text = read_all(path);
	if (!t->text) {
		fail("cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	for (char *p = t->text; *p; p++)
		lines += *p == '\n';
	for (char *p = t->text; *p && *p != '\n'; p++)
		t->n_cols += *p == '\t';
	t->n_cols++;
	t->cells = calloc((size_t)(lines + 1) * t->n_cols, sizeof(char *));
	if (!t->cells) {
		fail("%s: out of memory", name);
		return -1;
	}
	for (char *line = t->text; line && *line; row++) {
		char *next = strchr(line, '\n');
		unsigned c = 0;

		if (next)
			*next++ = 0;
		if (!*line) {
			row--;
			line = next;
			continue;
		}
		for (char *cell = line; cell; c++) {
			char *tab = strchr(cell, '\t');

			if (tab)
				*tab++ = 0;
			if (c < t->n_cols)
				t->cells[row * t->n_cols + c] = cell;
			cell = tab;
		}
		if (c != t->n_cols) {
			fail("%s line %u: %u cells, header has %u", name, row + 1, c, t->n_cols);
			return -1;
		}
		line = next;
	}
	t->n_rows = row ? row - 1 : 0;
	if (!t->n_rows) {
		fail("%s has no vectors", name);
		return -1;
	}
	return 0;
}

void tsv_free(struct tsv *t)
{
	free(t->cells);
	free(t->text);
	t->cells = NULL;
	t->text = NULL;
}

static int column(const struct tsv *t, const char *col)
{
	for (unsigned c = 0; c < t->n_cols; c++)
		if (!strcmp(t->cells[c], col))
			return (int)c;
	return -1;
}

int tsv_has(const struct tsv *t, const char *col)
{
	return column(t, col) >= 0;
}

const char *tsv_get(const struct tsv *t, unsigned row, const char *col)
{
	int c = column(t, col);

	if (c < 0) {
		fail("%s: no column %s", t->name, col);
		return NULL;
	}
	if (row >= t->n_rows) {
		fail("%s: no data row %u", t->name, row + 1);
		return NULL;
	}
	return t->cells[(row + 1) * t->n_cols + (unsigned)c];
}

uint64_t tsv_u64(const struct tsv *t, unsigned row, const char *col, int *ok)
{
	const char *s = tsv_get(t, row, col);
	unsigned long long v;
	char *end;

	if (!s) {
		if (ok)
			*ok = 0;
		return 0;
	}
	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end) {
		fail("%s row %u: bad number '%s' in %s", t->name, row + 1, s, col);
		if (ok)
			*ok = 0;
		return 0;
	}
	return v;
}
