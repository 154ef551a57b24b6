/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Private helpers shared by the lib/ppc/ppc-*.c files (rules: lib/ppc.md). */
#ifndef VCPUCHAR_PPC_INTERNAL_H
#define VCPUCHAR_PPC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "vcpuchar-private.h"

/*
 * The checks below run on every decide call: they are inline so that a
 * hot path pays for the tests, not for calls between files.
 */

/* lib/ppc.md#masks: a bit counts only inside its mask; outside it is neither set nor clear. */
static inline bool ppc_known_set(uint64_t word, uint64_t mask, uint64_t bits)
{
	return (word & mask & bits) != 0;
}

static inline bool ppc_known_clear(uint64_t word, uint64_t mask, uint64_t bits)
{
	return (~word & mask & bits) != 0;
}

/* NULL or a struct of acceptable size with in-range enum fields. */
static inline bool ppc_host_ok(const struct vcpuchar_ppc_host *host)
{
	if (!host)
		return true;
	/*
	 * source <= 3, valid and power8 0 or 1: one test of the bits that
	 * must be clear; @error 0 or a negative errno the describe text can
	 * negate (INT32_MIN cannot be).
	 */
	return vcpuchar_size_ok(host, sizeof(*host)) &&
	       !((host->source >> 2) | ((host->valid | host->power8) >> 1)) && vcpuchar_errno_ok(host->error);
}

/*
 * The facts carry information: at least one mask is non-zero. The masks
 * are the kernel's validity test; character == 0 is not (lib/ppc.md#pitfalls 2).
 * @valid only summarises them for the caller.
 */
/* target/ppc/kvm.c kvmppc_power8_host(): POWER8E, POWER8NVL, POWER8 (lib/ppc.md#probe). */
static inline uint32_t ppc_pvr_is_power8(uint32_t pvr)
{
	uint32_t ver = pvr >> 16;

	return ver == 0x004b || ver == 0x004c || ver == 0x004d;
}

static inline bool ppc_host_has_info(const struct vcpuchar_ppc_host *host)
{
	return host && (host->character_mask || host->behaviour_mask);
}

/* Highest level of @cap (which must be < VCPUCHAR_PPC_N_CAPS): lib/ppc.md#caps-and-levels. */
static inline uint32_t ppc_level_max(uint32_t cap)
{
	switch (cap) {
	case VCPUCHAR_PPC_CAP_CFPC:
	case VCPUCHAR_PPC_CAP_SBBC:
		return VCPUCHAR_PPC_LEVEL_FIXED;
	case VCPUCHAR_PPC_CAP_IBS:
		return VCPUCHAR_PPC_LEVEL_FIXED_NA;
	default:
		return VCPUCHAR_PPC_LEVEL_ON;
	}
}

/*
 * Where cap @cap (< VCPUCHAR_PPC_N_CAPS) lives in @caps. A loop over the
 * caps with these inline compiles to plain field accesses.
 */
static inline uint8_t *ppc_cap_field(struct vcpuchar_ppc_caps *caps, uint32_t cap)
{
	switch (cap) {
	case VCPUCHAR_PPC_CAP_CFPC:
		return &caps->cfpc;
	case VCPUCHAR_PPC_CAP_SBBC:
		return &caps->sbbc;
	case VCPUCHAR_PPC_CAP_IBS:
		return &caps->ibs;
	default:
		return &caps->ccf_assist;
	}
}

static inline uint8_t ppc_cap_level(const struct vcpuchar_ppc_caps *caps, uint32_t cap)
{
	switch (cap) {
	case VCPUCHAR_PPC_CAP_CFPC:
		return caps->cfpc;
	case VCPUCHAR_PPC_CAP_SBBC:
		return caps->sbbc;
	case VCPUCHAR_PPC_CAP_IBS:
		return caps->ibs;
	default:
		return caps->ccf_assist;
	}
}

/* Every level within its cap's range (the highest levels of lib/ppc.md#caps-and-levels). */
static inline bool ppc_caps_ok(const struct vcpuchar_ppc_caps *caps)
{
	return caps->cfpc <= VCPUCHAR_PPC_LEVEL_FIXED && caps->sbbc <= VCPUCHAR_PPC_LEVEL_FIXED &&
	       caps->ibs <= VCPUCHAR_PPC_LEVEL_FIXED_NA && caps->ccf_assist <= VCPUCHAR_PPC_LEVEL_ON;
}

/*
 * Lowers @caps to what the guest CPU model can use (QEMU hw/ppc/spapr_caps.c
 * default_caps_with_cpu()): without ISA 2.07 (POWER7) cfpc is broken.
 */
void vcpuchar_ppc_caps_limit_cpu(struct vcpuchar_ppc_caps *caps, uint32_t cpu);

/* A known enum vcpuchar_ppc_cpu value. */
static inline bool ppc_cpu_ok(uint32_t cpu)
{
	return cpu == VCPUCHAR_PPC_CPU_DEFAULT || (cpu >= VCPUCHAR_PPC_CPU_POWER7 && cpu <= VCPUCHAR_PPC_CPU_POWER11);
}

#endif
