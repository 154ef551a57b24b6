/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* The guest CPU a host runs (lib/ppc/ppc-cpu.c, lib/ppc.md#guest-cpu). */
#ifndef VCPUCHAR_PPC_CPU_H
#define VCPUCHAR_PPC_CPU_H

#include <stddef.h>
#include <stdint.h>

#include "vcpuchar.h"

/*
 * vcpuchar_ppc_host_cpu() without the argument checks, for callers that
 * made them: 0, 1 (POWER9 assumed) or -ENOENT, as the public function.
 */
int vcpuchar_ppc_cpu_resolve(const struct vcpuchar_ppc_host *host, uint32_t cpu, uint32_t *ret, char *err,
			     size_t err_size) __attribute__((visibility("hidden")));

#endif
