/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The real vectors the benchmark feeds both sides, from the files in tests/data. */
#ifndef BENCH_INPUTS_H
#define BENCH_INPUTS_H

#include <vcpuchar.h>

/* Each array repeats its vectors up to this power of two: the loops index with a mask. */
#define N_IN 64

struct view_in {
	uint64_t r4, r5;
	uint32_t cpu, flags;
};

struct decide_in {
	const struct vcpuchar_ppc_host *host;
	struct vcpuchar_ppc_request req;
};

/* A host and a VM profile for vcpuchar_x86_decide(). */
struct x86_in {
	struct vcpuchar_x86_host host;
	struct vcpuchar_x86_vm vm;
};

extern struct vcpuchar_ppc_caps caps_in[N_IN];
extern struct vcpuchar_ppc_host host_in[N_IN];
extern struct view_in view_in[N_IN];
extern struct decide_in decide_in[N_IN];
extern struct x86_in x86_in[N_IN];

/* Fill the arrays; exit when a vector file is missing or malformed. */
void inputs_load(void);
void inputs_x86_load(void);

#endif
