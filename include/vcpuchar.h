/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * The calls a VMM makes, in order (the vcpuchar_ prefix left out):
 *
 * POWER (pseries), in vcpuchar/ppc.h:
 *   1.  ppc_host_probe()  the host's facts (KVM_PPC_GET_CPU_CHAR)
 *   2.  ppc_caps_parse()  the caps the user asked for, if any
 *   3.  ppc_decide()      the answer for one VM (ppc_decide_ext() for the grown parts)
 *   4.  R4/R5             the result's r4 and r5: what H_GET_CPU_CHARACTERISTICS returns
 *
 * x86, in vcpuchar/x86.h:
 *   1.  x86_host_probe()       the host's facts
 *   2.  x86_decide()           the HLT-exit policy; x86_apply() also enables it
 *   3.  x86_cpuid_patch()      the guest CPUID the policy needs
 *   4.  x86_vcpu_stats_read()  the vCPU's counters, before and after a run
 *   5.  x86_policy_verify()    whether KVM did what the policy says
 *
 * The model and orchestrator calls (QEMU releases and machine types, pasted
 * text, the start verdict, warnings, migration, the fleet baseline; the x86
 * guest's view) are in their own headers, listed under MODEL PAGES.
 *
 * libvcpuchar gives the facts about a host's vCPU security and idle-exit features,
 * read through the real KVM ioctls, and a correct, explained decision of what
 * to tell and give the guest.
 *
 * This is the one include a program needs. It includes the headers per
 * domain, each of which also works alone:
 *   vcpuchar/common.h     conventions, versions, limits, shared types
 *   vcpuchar/ppc.h        POWER: what a VMM calls (includes ppc-qemu.h)
 *   vcpuchar/ppc-qemu.h   POWER: the QEMU model and the orchestrator's calls
 *   vcpuchar/x86.h        x86: what a VMM calls (includes x86-guest.h)
 *   vcpuchar/x86-guest.h  x86: the Linux guest's view of a policy
 *   vcpuchar/profile.h    host profile files
 */
#ifndef VCPUCHAR_H
#define VCPUCHAR_H

#include "vcpuchar/common.h"
#include "vcpuchar/ppc.h"
#include "vcpuchar/ppc-qemu.h"
#include "vcpuchar/x86.h"
#include "vcpuchar/x86-guest.h"
#include "vcpuchar/profile.h"

#endif /* VCPUCHAR_H */
