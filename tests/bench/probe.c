/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The probe rows: vcpuchar_ppc_host_probe() against the raw ioctl sequence a
 * VMM would write itself, on a real VM fd from this machine's /dev/kvm.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <vcpuchar.h>

#include "bench.h"
#include "rows.h"

/* The raw side defines what it needs itself: Linux arch/powerpc/include/uapi/asm/kvm.h. */
struct raw_cpu_char {
	uint64_t character, behaviour, character_mask, behaviour_mask;
};
#define RAW_CAP_PPC_GET_CPU_CHAR 151
#define RAW_PPC_GET_CPU_CHAR _IOR(KVMIO, 0xb1, struct raw_cpu_char)

static int vm_fd = -1;
static volatile uint64_t sink;

/* KVM_CHECK_EXTENSION, then KVM_PPC_GET_CPU_CHAR where the kernel offers it. */
static int raw_ppc(struct raw_cpu_char *cc)
{
	int r = ioctl(vm_fd, KVM_CHECK_EXTENSION, RAW_CAP_PPC_GET_CPU_CHAR);

	if (r <= 0)
		return r < 0 ? -errno : -ENOTSUP;
	return ioctl(vm_fd, RAW_PPC_GET_CPU_CHAR, cc) < 0 ? -errno : 0;
}

static __attribute__((noinline)) void lib_ppc_probe(size_t iters)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

	for (size_t i = 0; i < iters; i++)
		sink = (uint64_t)vcpuchar_ppc_host_probe(vm_fd, NULL, &h) ^ h.character;
}

static __attribute__((noinline)) void raw_ppc_probe(size_t iters)
{
	struct raw_cpu_char cc = { 0 };

	for (size_t i = 0; i < iters; i++)
		sink = (uint64_t)raw_ppc(&cc) ^ cc.character;
}

const struct row probe_rows[] = {
	{ "probe-ppc", "POWER probe", "vcpuchar_ppc_host_probe", lib_ppc_probe, raw_ppc_probe },
	{ NULL },
};

static const char *skip(const char *why, int fd)
{
	if (fd >= 0)
		close(fd);
	return why;
}

const char *probe_setup(void)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct raw_cpu_char cc = { 0 };
	int kvm_fd, lr, rr;

	kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm_fd < 0)
		return skip("cannot open /dev/kvm", -1);
	vm_fd = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	if (vm_fd < 0)
		return skip("KVM_CREATE_VM failed", kvm_fd);
	close(kvm_fd);

	/* Same answer on both sides before timing. */
	lr = vcpuchar_ppc_host_probe(vm_fd, NULL, &h);
	rr = raw_ppc(&cc);
	if (lr != rr || (!lr && (h.character != cc.character || h.behaviour != cc.behaviour ||
				 h.character_mask != cc.character_mask || h.behaviour_mask != cc.behaviour_mask)))
		die("POWER probe: library %d (%s), raw sequence %d", lr, strerror(-lr), rr);
	return NULL;
}
