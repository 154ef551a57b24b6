/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* One line of the table: a library loop and a baseline loop over the same inputs. */
#ifndef BENCH_ROWS_H
#define BENCH_ROWS_H

#include <stddef.h>

struct row {
	const char *id;    /* stable key: callgrind dumps, --tsv */
	const char *what;  /* what is measured */
	const char *call;  /* the library call */
	void (*lib)(size_t iters);
	void (*base)(size_t iters);
	const char *(*check)(void); /* NULL when both sides answer alike for every input, else what differs */
};

/* Pure paths; pure_setup() loads the vectors. */
extern const struct row pure_rows[];
void pure_setup(void);

/* Probes; probe_setup() opens /dev/kvm and a VM, returns 0 or a reason to skip. */
extern const struct row probe_rows[];
const char *probe_setup(void);

#endif
