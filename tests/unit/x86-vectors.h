/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Turns a row of x86-policy*.tsv into host facts and a VM profile
 * (lib/x86.md#test-vectors), for the Check suites and the benchmark: plain C.
 * The fixed assumptions: AMD hosts have kvm_amd loaded, SVM, leaf
 * 0x8000000A and nested=1; PV_UNHALT and POLL_CONTROL are supported;
 * kvm.halt_poll_ns is at its x86 default 200000; KVM_CAP_HALT_POLL exists.
 */
#ifndef X86_VECTORS_H
#define X86_VECTORS_H

#include <stddef.h>
#include <stdint.h>
#include <vcpuchar.h>

#include "tsv.h"

void x86_row_host(const struct tsv *t, unsigned row, struct vcpuchar_x86_host *h);
void x86_row_vm(const struct tsv *t, unsigned row, struct vcpuchar_x86_vm *vm);
/* "none" or flag names in bit order joined by '|', as the vectors and the JSON spell them; returns @buf. */
char *x86_flags_str(uint32_t disable_exits, char *buf, size_t size);

/* The decision vector files every x86 decision suite runs (the library's and
 * the CLI's): @exact when a result holds exactly the reason codes its row
 * lists (else at least them), @min_rows the fewest data rows the file keeps. */
struct x86_vector_file {
	const char *name;
	int exact;
	unsigned min_rows;
};
extern const struct x86_vector_file x86_vector_files[];
extern const unsigned x86_n_vector_files;

#endif
