/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The x86 baseline: the HLT-exit decision of lib/x86.md (inference to table)
 * as a VMM would inline it, with the same outputs and reasons as
 * vcpuchar_x86_decide() but no argument checks and no size fields.
 */
#ifndef BENCH_BASELINE_X86_H
#define BENCH_BASELINE_X86_H

#include <vcpuchar.h>

struct bl_x86_policy {
	uint32_t disable_exits, hints_realtime, pv_unhalt, poll_control, idle_hlt_active;
	uint32_t halt_poll_set, halt_poll_ns, n_refusals, n_reasons;
	struct vcpuchar_x86_reason reasons[VCPUCHAR_X86_MAX_REASONS];
};

void bl_x86_decide(const struct vcpuchar_x86_host *h, const struct vcpuchar_x86_vm *vm, struct bl_x86_policy *ret);

#endif
