/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* State of one ppc-e2e boot, shared by the guest checker's parts. */
#ifndef E2E_GUEST_H
#define E2E_GUEST_H

#include <linux/kvm.h>

/* Parameters from the kernel command line (vcpuchar.NAME=VALUE). */
struct e2e_params {
	char boot[32];  /* vcpuchar.boot: name of the matrix entry */
	char caps[160]; /* vcpuchar.caps: the -M pseries cap list, or "defaults" */
	char cpu[16];   /* vcpuchar.cpu: the -cpu model, POWER9 or POWER10 */
	int nested_hv;  /* vcpuchar.nested-hv: 1 when cap-nested-hv=on */
};

struct e2e_guest {
	struct e2e_params p;
	int sys_fd;                  /* /dev/kvm, -1 when absent */
	int vm_fd;                   /* KVM_CREATE_VM result, -1 when it failed */
	int create_vm_errno;         /* errno of a failed KVM_CREATE_VM */
	int raw_ok;                  /* the raw KVM_PPC_GET_CPU_CHAR succeeded */
	struct kvm_ppc_cpu_char raw; /* its four words */
};

/* Raw ioctls with the target's own <linux/kvm.h>: the ground truth. */
void e2e_raw_checks(struct e2e_guest *g);
/* Library checks: probe, caps, R4/R5, host levels, guest view. */
void e2e_lib_checks(struct e2e_guest *g);
/* Reads /sys/devices/system/cpu/vulnerabilities/@name without the newline. */
int e2e_read_vuln(const char *name, char *buf, int size);

#endif
