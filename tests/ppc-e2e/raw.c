/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Raw KVM ioctls inside the L1 guest: no library code involved. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "guest.h"
#include "report.h"

/* An ioctl number KVM does not define: the kernel must answer ENOTTY. */
#define E2E_UNKNOWN_VM_IOCTL _IO(KVMIO, 0xfe)

static const char *const vuln_files[] = {
	"meltdown", "l1tf", "spectre_v1", "spectre_v2", "spec_store_bypass",
};

int e2e_read_vuln(const char *name, char *buf, int size)
{
	char path[128];
	int fd, n;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/vulnerabilities/%s", name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	if (n > 0 && buf[n - 1] == '\n')
		buf[n - 1] = 0;
	return 0;
}

static void print_pvr(void)
{
	char line[256];
	FILE *f = fopen("/proc/cpuinfo", "re");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = 0;
		if (!strncmp(line, "cpu\t", 4) || !strncmp(line, "revision", 8))
			e2e_info("cpuinfo", "%s", line);
		if (!strncmp(line, "revision", 8))
			break;
	}
	fclose(f);
}

void e2e_raw_checks(struct e2e_guest *g)
{
	struct kvm_ppc_cpu_char cc;
	char text[256];
	int r;

	print_pvr();
	for (unsigned i = 0; i < sizeof(vuln_files) / sizeof(vuln_files[0]); i++)
		if (e2e_read_vuln(vuln_files[i], text, sizeof(text)) == 0)
			e2e_info(vuln_files[i], "%s", text);

	g->vm_fd = -1;
	g->sys_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (!e2e_ok("raw.open-dev-kvm", g->sys_fd >= 0, "%s", g->sys_fd >= 0 ? "ok" : strerror(errno)))
		return;
	e2e_int("raw.sys.check-extension-151", 1,
		ioctl(g->sys_fd, KVM_CHECK_EXTENSION, KVM_CAP_PPC_GET_CPU_CHAR));

	/* A VM ioctl on the system fd: kvm_dev_ioctl() knows no such number. */
	r = ioctl(g->sys_fd, KVM_PPC_GET_CPU_CHAR, &cc);
	e2e_int("raw.sys.get-cpu-char-errno", EINVAL, r < 0 ? errno : 0);

	g->vm_fd = ioctl(g->sys_fd, KVM_CREATE_VM, 0);
	g->create_vm_errno = g->vm_fd < 0 ? errno : 0;
	if (!g->p.nested_hv) {
		/* kvm-hv.ko refused to load: no HV or PR backend exists. */
		e2e_int("raw.create-vm-errno", EINVAL, g->create_vm_errno);
		return;
	}
	if (!e2e_int("raw.create-vm-errno", 0, g->create_vm_errno))
		return;
	e2e_int("raw.vm.check-extension-151", 1,
		ioctl(g->vm_fd, KVM_CHECK_EXTENSION, KVM_CAP_PPC_GET_CPU_CHAR));
	r = ioctl(g->vm_fd, E2E_UNKNOWN_VM_IOCTL, 0);
	e2e_int("raw.vm.unknown-ioctl-errno", ENOTTY, r < 0 ? errno : 0);

	memset(&cc, 0xa5, sizeof(cc));
	r = ioctl(g->vm_fd, KVM_PPC_GET_CPU_CHAR, &cc);
	g->raw_ok = e2e_int("raw.vm.get-cpu-char", 0, r < 0 ? -errno : r);
	if (!g->raw_ok)
		return;
	g->raw = cc;
	e2e_info("raw.words", "character=0x%016llx behaviour=0x%016llx character_mask=0x%016llx behaviour_mask=0x%016llx",
		 (unsigned long long)cc.character, (unsigned long long)cc.behaviour,
		 (unsigned long long)cc.character_mask, (unsigned long long)cc.behaviour_mask);
	/* pseries_get_cpu_char() sets fixed masks after a successful hcall (lib/ppc.md#masks). */
	e2e_u64("raw.character_mask", 0xff40000000000000ULL, cc.character_mask);
	e2e_u64("raw.behaviour_mask", 0xe400000000000000ULL, cc.behaviour_mask);
}
