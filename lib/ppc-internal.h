/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Private helpers shared by the lib/ppc-*.c files (spec/ppc.md). */
#ifndef VCPUCHAR_PPC_INTERNAL_H
#define VCPUCHAR_PPC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "vcpuchar.h"

/* spec §6: a bit counts only inside its mask; outside it is neither set nor clear. */
bool ppc_known_set(uint64_t word, uint64_t mask, uint64_t bits);
bool ppc_known_clear(uint64_t word, uint64_t mask, uint64_t bits);

/* NULL or a struct of acceptable size with in-range enum fields. */
bool ppc_host_ok(const struct vcpuchar_ppc_host *host);

/* The facts carry information: at least one mask is non-zero. */
bool ppc_host_has_info(const struct vcpuchar_ppc_host *host);

/* Highest level of @cap (which must be < VCPUCHAR_PPC_N_CAPS). */
uint32_t ppc_level_max(uint32_t cap);

/* Every level within its cap's range. */
bool ppc_caps_ok(const struct vcpuchar_ppc_caps *caps);

/*
 * Lowers @caps to what the guest CPU model can use (QEMU hw/ppc/spapr_caps.c
 * default_caps_with_cpu()): without ISA 2.07 (POWER7) cfpc is broken.
 */
void ppc_caps_limit_cpu(struct vcpuchar_ppc_caps *caps, uint32_t cpu);

/* A known enum vcpuchar_ppc_cpu value. */
bool ppc_cpu_ok(uint32_t cpu);

#endif
