/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Between tests/abi/old-caller-1.0.c (1.0 headers) and
 * tests/abi/old-caller-today.c (today's): plain C types only, since the two
 * sides see different definitions of the same structs.
 */
#ifndef OLD_CALLER_H
#define OLD_CALLER_H

#include <stddef.h>
#include <stdint.h>

enum today_struct {
	TODAY_PROBE_OPTS,
	TODAY_PPC_HOST,
	TODAY_PPC_REQUEST,
	TODAY_PPC_GUEST_VIEW,
	TODAY_PPC_RESULT,
	TODAY_PPC_MIGRATION,
	TODAY_PPC_BASELINE,
	TODAY_PPC_WARNINGS,
	TODAY_X86_HOST,
	TODAY_X86_VM,
	TODAY_X86_POLICY,
	TODAY_X86_VCPU_STATS,
	TODAY_X86_VERDICT,
};

/* sizeof() of each struct in today's headers. */
size_t today_sizeof(enum today_struct which);

/*
 * Each today_*() makes the calls its 1.0 twin makes, with today's structs,
 * and copies the first n bytes of each result to the caller; returns the
 * calls' result (0 or the first negative errno).
 */
int today_profile(const char *data, void *ppc, size_t ppc_n, void *x86, size_t x86_n);
int today_ppc_decide(const char *data, uint32_t mode, uint32_t machine, uint32_t cpu, uint32_t caps_set,
		     const uint8_t caps[4], void *res, size_t res_n, void *warn, size_t warn_n);
int today_ppc_more(const char *data, uint64_t r4, uint64_t r5, void *view, size_t view_n, void *mig, size_t mig_n,
		   void *base, size_t base_n);
int today_x86(const char *data, uint32_t vm_flags, void *policy, size_t policy_n, void *verdict, size_t verdict_n);

/* The same two vCPU statistics snapshots on both sides: an idle guest whose HLTs exit, no polling. */
#define today_stats(b, a) \
	do { \
		(b)->have = (a)->have = (1u << VCPUCHAR_X86_N_STATS) - 1; \
		for (int s_ = 0; s_ < VCPUCHAR_X86_N_STATS; s_++) \
			(b)->values[s_] = (a)->values[s_] = 1000; \
		(a)->values[VCPUCHAR_X86_STAT_HALT_EXITS] += 500; \
		(a)->values[VCPUCHAR_X86_STAT_EXITS] += 900; \
	} while (0)

#endif
