/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * x86 policy inputs from x86-policy.tsv and x86-policy-extra.tsv, read by
 * tests/unit/x86-vectors.c with the fixed host assumptions of
 * lib/x86.md#test-vectors; rows that expect an error are left out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "inputs.h"
#include "tsv.h"
#include "x86-vectors.h"

struct x86_in x86_in[N_IN];

void inputs_x86_load(void)
{
	static struct x86_in rows[128];
	static const char *const files[] = { "x86-policy.tsv", "x86-policy-extra.tsv" };
	size_t n = 0;

	for (size_t f = 0; f < 2; f++) {
		struct tsv t;

		tsv_load(&t, VCPUCHAR_TEST_DATA, files[f]);
		for (size_t i = 0; i < t.n_rows && n < 128; i++)
			if (!tsv_has(&t, "expect_error") || !strcmp(tsv_get(&t, i, "expect_error"), "0")) {
				x86_row_host(&t, (unsigned)i, &rows[n].host);
				x86_row_vm(&t, (unsigned)i, &rows[n++].vm);
			}
		tsv_free(&t);
	}
	for (size_t i = 0; i < N_IN; i++)
		x86_in[i] = rows[i % n];
}
