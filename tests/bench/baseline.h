/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The baseline: what a VMM author would write inline instead of calling the
 * library, for the same answers (QEMU's switch per cap, the kernel's flag
 * logic). No argument checks, no size fields: the VMM knows its own data.
 * It lives in its own file so that, like the library, it is a real call and
 * the compiler cannot fold work across iterations of the timing loop.
 */
#ifndef BENCH_BASELINE_H
#define BENCH_BASELINE_H

#include <vcpuchar.h>

/* The same nothing as vcpuchar_version(): what a call alone costs. */
const char *bl_version(void);

void bl_caps_to_hcall(const struct vcpuchar_ppc_caps *caps, uint64_t *r4, uint64_t *r5);
int bl_host_to_hcall(const struct vcpuchar_ppc_host *host, uint64_t *r4, uint64_t *r5);
void bl_host_levels(const struct vcpuchar_ppc_host *host, struct vcpuchar_ppc_caps *ret);
void bl_guest_view(uint64_t r4, uint64_t r5, uint32_t cpu, uint32_t flags, struct vcpuchar_ppc_guest_view *ret);

/* One cap's finding, QEMU's texts where QEMU has one. */
struct bl_conflict {
	uint8_t cap, severity, code, flags, requested, host;
	const char *message, *hint;
};

/* The parts of struct vcpuchar_ppc_result a VMM acts on. */
struct bl_answer {
	struct vcpuchar_ppc_caps host_caps, effective_caps;
	uint32_t flags, n_errors, n_conflicts;
	uint64_t r4, r5, unexpressed_r4, unexpressed_r5;
	struct bl_conflict conflicts[VCPUCHAR_PPC_N_CAPS];
	struct vcpuchar_ppc_guest_view guest_view;
};

/* vcpuchar_ppc_decide() for a request the VMM built itself; -EINVAL (host mode under TCG), -ENODATA as the library. */
int bl_decide(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req, struct bl_answer *ret);

#endif
