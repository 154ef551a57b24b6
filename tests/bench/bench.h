/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Shared by the benchmark's files. */
#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include <stdint.h>

__attribute__((noreturn, format(printf, 1, 2))) void die(const char *fmt, ...);
void *xmalloc(size_t size);
/* A row's disagreement, formatted into a static buffer: what a row's check returns. */
__attribute__((format(printf, 1, 2))) const char *disagree(const char *fmt, ...);

/* Heap calls (malloc, calloc, realloc, aligned forms) made by this process so far: alloc-count.c. */
uint64_t bench_allocs(void);

#endif
