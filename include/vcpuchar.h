/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * libvcpuchar: the facts about a host's vCPU security and idle-exit features,
 * read through the real KVM ioctls, and a correct, explained decision of what
 * to tell and give the guest.
 *
 * This is the one include a program needs. It includes the headers per
 * domain, each of which also works alone; read them in this order:
 *   vcpuchar/common.h   conventions, versions, limits, shared types
 *   vcpuchar/ppc.h      POWER (pseries): H_GET_CPU_CHARACTERISTICS bits,
 *                       host facts and probe, spapr caps, validation,
 *                       R4/R5, guest view, migration
 *   vcpuchar/x86.h      x86: SVM Idle HLT intercept and the HLT-exit policy
 *   vcpuchar/profile.h  host profile files
 */
#ifndef VCPUCHAR_H
#define VCPUCHAR_H

#include "vcpuchar/common.h"
#include "vcpuchar/ppc.h"
#include "vcpuchar/x86.h"
#include "vcpuchar/profile.h"

#endif /* VCPUCHAR_H */
