/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Counts heap allocations in the benchmark's process: the executable's own
 * malloc family interposes on every caller's, the library's included
 * (glibc documents replacing malloc this way), and hands over to glibc.
 */
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "bench.h"

void *__libc_malloc(size_t size);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t size);
void *__libc_memalign(size_t align, size_t size);
void __libc_free(void *p);

static atomic_uint_fast64_t allocs;

uint64_t bench_allocs(void)
{
	return atomic_load(&allocs);
}

void *malloc(size_t size)
{
	atomic_fetch_add(&allocs, 1);
	return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	atomic_fetch_add(&allocs, 1);
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
	atomic_fetch_add(&allocs, 1);
	return __libc_realloc(p, size);
}

void *memalign(size_t align, size_t size)
{
	atomic_fetch_add(&allocs, 1);
	return __libc_memalign(align, size);
}

void *aligned_alloc(size_t align, size_t size)
{
	return memalign(align, size);
}

int posix_memalign(void **p, size_t align, size_t size)
{
	void *m = memalign(align, size);

	if (!m)
		return ENOMEM;
	*p = m;
	return 0;
}

void free(void *p)
{
	__libc_free(p);
}
