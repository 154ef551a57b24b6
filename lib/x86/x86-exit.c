/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Exit classification (lib/x86.md#exit-classification). */
#include "vcpuchar-private.h"

VCPUCHAR_EXPORT int vcpuchar_x86_exit_class(uint32_t kind, uint64_t code)
{
	switch (kind) {
	case VCPUCHAR_X86_EXIT_KIND_SVM:
		/* KVM's svm_invoke_exit_handler() runs the same halt path for both. */
		if (code == VCPUCHAR_X86_SVM_EXIT_HLT || code == VCPUCHAR_X86_SVM_EXIT_IDLE_HLT)
			return VCPUCHAR_X86_EXIT_CLASS_HALT;
		return VCPUCHAR_X86_EXIT_CLASS_OTHER;
	case VCPUCHAR_X86_EXIT_KIND_KVM:
		return code == VCPUCHAR_X86_KVM_EXIT_HLT ? VCPUCHAR_X86_EXIT_CLASS_HALT : VCPUCHAR_X86_EXIT_CLASS_OTHER;
	default:
		return -EINVAL;
	}
}
