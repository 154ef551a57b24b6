/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How a VMM answers the pseries hcall H_GET_CPU_CHARACTERISTICS with
 * libvcpuchar: decide once at machine init (before vCPUs run), then copy two
 * registers on each hcall. The hot path does no work at all.
 *
 *   cc spapr-hcall.c $(pkg-config --cflags --libs libvcpuchar) -o spapr-hcall
 *   ./spapr-hcall [PROFILE [CAPS]]
 *
 * PROFILE is a host profile (e.g. power9-dd2.3-opal.profile); without it the
 * host is probed through /dev/kvm, as a VMM on a POWER host would. CAPS is a
 * -machine cap list the user gave, e.g. "cap-cfpc=workaround".
 */
#define _GNU_SOURCE /* O_CLOEXEC under -std=c99 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <vcpuchar.h>

#define H_SUCCESS 0
#define H_GET_CPU_CHARACTERISTICS 0x1AC /* PAPR hcall number */

struct spapr_machine {
	uint64_t cpu_char_r4;
	uint64_t cpu_char_r5;
};

/* Machine init: 0, or -1 when QEMU would refuse to start (conflicts printed). */
static int spapr_cpu_char_init(struct spapr_machine *m, int vm_fd, const char *profile, const char *caps)
{
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	char err[256];
	int r;

	/* A profile that holds no POWER host (another arch, no [ppc] group) is refused with its reason. */
	if (profile)
		r = vcpuchar_ppc_profile_load(profile, &host, err, sizeof(err));
	else
		r = vcpuchar_ppc_host_probe(vm_fd, NULL, &host);
	if (r < 0 && profile) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	vcpuchar_ppc_host_describe(&host, err, sizeof(err));
	printf("host: %s\n", err);

	req.mode = VCPUCHAR_PPC_MODE_HOST_MAX; /* the recommended default */
#ifdef VCPUCHAR_PPC_QEMU_VERSION
	/*
	 * The QEMU this VMM is (libvcpuchar 1.1): a VMM built from QEMU passes
	 * QEMU_VERSION_MAJOR, _MINOR and _MICRO, so texts and machine types are
	 * its own (lib/ppc.md#qemu-versions). Left 0, the answer is for 7.2.
	 */
	req.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 13);
	if (vcpuchar_ppc_qemu_version_check(req.qemu_version, NULL, err, sizeof(err)) > 0)
		printf("qemu: %s\n", err);
#endif
	if (caps && vcpuchar_ppc_caps_parse(caps, &req.caps, &req.caps_set, err, sizeof(err)) < 0) {
		fprintf(stderr, "caps: %s\n", err);
		return -1;
	}
	r = vcpuchar_ppc_decide(&host, &req, &res);
	if (r < 0) {
		fprintf(stderr, "decide: %s\n", strerror(-r));
		return -1;
	}
	for (uint32_t i = 0; i < res.n_conflicts; i++)
		fprintf(stderr, "cap-%s: %s\n  %s\n", vcpuchar_ppc_cap_name(res.conflicts[i].cap),
			res.conflicts[i].message, res.conflicts[i].hint);
	if (res.n_errors)
		return -1;
	m->cpu_char_r4 = res.r4;
	m->cpu_char_r5 = res.r5;
	printf("guest will see: meltdown: %s; spectre_v2: %s\n", res.guest_view.meltdown,
	       res.guest_view.spectre_v2);
	return 0;
}

/* The hcall handler: args[0] and args[1] become the guest's R4 and R5. */
static long h_get_cpu_characteristics(const struct spapr_machine *m, uint64_t *args)
{
	args[0] = m->cpu_char_r4;
	args[1] = m->cpu_char_r5;
	return H_SUCCESS;
}

int main(int argc, char **argv)
{
	struct spapr_machine m = { 0 };
	uint64_t args[2] = { 0, 0 };
	int kvm_fd = -1, vm_fd = -1, r;

	if (argc < 2) {
		kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
		if (kvm_fd >= 0)
			vm_fd = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	}
	r = spapr_cpu_char_init(&m, vm_fd, argc > 1 ? argv[1] : NULL, argc > 2 ? argv[2] : NULL);
	if (vm_fd >= 0)
		close(vm_fd);
	if (kvm_fd >= 0)
		close(kvm_fd);
	if (r < 0)
		return 1;
	/* A guest vCPU makes the hcall: */
	if (h_get_cpu_characteristics(&m, args) == H_SUCCESS)
		printf("hcall 0x%x: R4=0x%016" PRIx64 " R5=0x%016" PRIx64 "\n", H_GET_CPU_CHARACTERISTICS,
		       args[0], args[1]);
	return 0;
}
