/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "tsv.h"

static size_t count_cells(const char *line)
{
	size_t n = 1;

	for (; *line && *line != '\n'; line++)
		n += *line == '\t';
	return n;
}

void tsv_load(struct tsv *t, const char *name)
{
	char path[4096];
	FILE *f;
	long len;
	char *line, *next;
	size_t used = 0, cap;

	snprintf(path, sizeof(path), "%s/%s", VCPUCHAR_TEST_DATA, name);
	f = fopen(path, "rb");
	if (!f || fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die("cannot read %s: %s", path, strerror(errno));
	t->text = xmalloc((size_t)len + 1);
	if (fread(t->text, 1, (size_t)len, f) != (size_t)len)
		die("cannot read %s", path);
	fclose(f);
	t->text[len] = '\0';

	t->cols = count_cells(t->text);
	cap = t->cols * 64;
	t->cells = xmalloc(cap * sizeof(*t->cells));
	for (line = t->text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!*line)
			continue;
		if (count_cells(line) != t->cols)
			die("%s: a row has %zu cells, the header %zu", path, count_cells(line), t->cols);
		if (used + t->cols > cap) {
			cap *= 2;
			t->cells = realloc(t->cells, cap * sizeof(*t->cells));
			if (!t->cells)
				die("out of memory");
		}
		for (size_t i = 0; i < t->cols; i++) {
			char *tab = strchr(line, '\t');

			if (tab)
				*tab = '\0';
			t->cells[used++] = line;
			line = tab ? tab + 1 : line + strlen(line);
		}
	}
	if (used <= t->cols)
		die("%s has no vectors", path);
	t->rows = used / t->cols - 1;
}

const char *tsv_get(const struct tsv *t, size_t row, const char *col)
{
	for (size_t j = 0; j < t->cols; j++)
		if (strcmp(t->cells[j], col) == 0)
			return t->cells[(row + 1) * t->cols + j];
	die("no column %s", col);
}

uint64_t tsv_u64(const struct tsv *t, size_t row, const char *col)
{
	const char *s = tsv_get(t, row, col);
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (!*s || *end || errno)
		die("column %s: bad number '%s'", col, s);
	return v;
}

void tsv_free(struct tsv *t)
{
	free(t->cells);
	free(t->text);
}
