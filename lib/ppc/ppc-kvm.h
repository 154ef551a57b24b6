/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * KVM_PPC_GET_CPU_CHAR for any build target (lib/ppc.md#the-ioctl). Only
 * powerpc's UAPI defines struct kvm_ppc_cpu_char, so the library keeps its
 * own copy; the ioctl number comes from this target's _IOR encoding
 * (0x4020aeb1 on powerpc, 0x8020aeb1 with the generic layout).
 */
#ifndef VCPUCHAR_PPC_KVM_H
#define VCPUCHAR_PPC_KVM_H

#include <linux/ioctl.h>
#include <linux/kvm.h>
#include <stddef.h>
#include <stdint.h>

/* Same layout as Linux arch/powerpc/include/uapi/asm/kvm.h struct kvm_ppc_cpu_char. */
struct vcpuchar_kvm_ppc_cpu_char {
	uint64_t character;
	uint64_t behaviour;
	uint64_t character_mask;
	uint64_t behaviour_mask;
};

_Static_assert(sizeof(struct vcpuchar_kvm_ppc_cpu_char) == 32, "kvm_ppc_cpu_char is 32 bytes");
_Static_assert(offsetof(struct vcpuchar_kvm_ppc_cpu_char, character) == 0, "character at 0");
_Static_assert(offsetof(struct vcpuchar_kvm_ppc_cpu_char, behaviour) == 8, "behaviour at 8");
_Static_assert(offsetof(struct vcpuchar_kvm_ppc_cpu_char, character_mask) == 16, "character_mask at 16");
_Static_assert(offsetof(struct vcpuchar_kvm_ppc_cpu_char, behaviour_mask) == 24, "behaviour_mask at 24");

#define VCPUCHAR_KVM_PPC_GET_CPU_CHAR _IOR(KVMIO, 0xb1, struct vcpuchar_kvm_ppc_cpu_char)

#ifdef KVM_CAP_PPC_GET_CPU_CHAR
#define VCPUCHAR_KVM_CAP_PPC_GET_CPU_CHAR KVM_CAP_PPC_GET_CPU_CHAR
#else
#define VCPUCHAR_KVM_CAP_PPC_GET_CPU_CHAR 151
#endif


/*
 * The start facts (lib/ppc.md#start): capability numbers of Linux
 * include/uapi/linux/kvm.h, and KVM_PPC_GET_SMMU_INFO, whose struct only
 * powerpc's UAPI defines (arch/powerpc/include/uapi/asm/kvm.h struct
 * kvm_ppc_smmu_info: flags, slb_size, data_keys, instr_keys, then 8 segment
 * sizes of 8 + 8 * 8 bytes). Only its flags are read.
 */
#define VCPUCHAR_KVM_CAP_PPC_HTM 129
#define VCPUCHAR_KVM_CAP_PPC_NESTED_HV 160
#define VCPUCHAR_KVM_CAP_PPC_FWNMI 182
#define VCPUCHAR_KVM_CAP_PPC_AIL_MODE_3 210
#define VCPUCHAR_KVM_PPC_PAGE_SIZES_REAL 0x00000001u

struct vcpuchar_kvm_ppc_smmu_info {
	uint64_t flags;
	uint32_t slb_size;
	uint16_t data_keys;
	uint16_t instr_keys;
	uint32_t sps[8][2 + 8 * 2];
};

_Static_assert(sizeof(struct vcpuchar_kvm_ppc_smmu_info) == 592, "kvm_ppc_smmu_info is 592 bytes");

#define VCPUCHAR_KVM_PPC_GET_SMMU_INFO _IOR(KVMIO, 0xa6, struct vcpuchar_kvm_ppc_smmu_info)

#endif
