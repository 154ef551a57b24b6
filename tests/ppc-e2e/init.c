/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /init of the ppc-e2e initramfs: runs as PID 1 in Debian's ppc64le kernel
 * booted by qemu-system-ppc64 -M pseries. Mounts proc, sysfs and devtmpfs,
 * loads kvm.ko and kvm-hv.ko, runs the checks, prints the result lines on
 * the console and powers the machine off.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "guest.h"
#include "report.h"

static void mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) < 0)
		e2e_ok("mount", 0, "%s on %s: %s", type, dir, strerror(errno));
}

/* Copies the value of vcpuchar.@key=VALUE from @cmdline into @buf. */
static void param(const char *cmdline, const char *key, char *buf, size_t size)
{
	char pat[48];
	const char *p;
	size_t n;

	snprintf(pat, sizeof(pat), " vcpuchar.%s=", key);
	p = strstr(cmdline, pat);
	if (!p) {
		buf[0] = 0;
		return;
	}
	p += strlen(pat);
	n = strcspn(p, " \n");
	if (n >= size)
		n = size - 1;
	memcpy(buf, p, n);
	buf[n] = 0;
}

static void read_params(struct e2e_params *p)
{
	char cmdline[1024] = " ", nested[8];
	int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, cmdline + 1, sizeof(cmdline) - 2);

	if (fd >= 0)
		close(fd);
	if (n < 0)
		n = 0;
	cmdline[n + 1] = 0;
	param(cmdline, "boot", p->boot, sizeof(p->boot));
	param(cmdline, "caps", p->caps, sizeof(p->caps));
	param(cmdline, "cpu", p->cpu, sizeof(p->cpu));
	param(cmdline, "nested-hv", nested, sizeof(nested));
	p->nested_hv = strcmp(nested, "off") != 0;
	e2e_info("params", "boot=%s caps=%s cpu=%s nested-hv=%s", p->boot, p->caps, p->cpu,
		 p->nested_hv ? "on" : "off");
}

/* finit_module(): 0 or the errno. */
static int load_module(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int r;

	if (fd < 0)
		return errno;
	r = syscall(SYS_finit_module, fd, "", 0);
	r = r < 0 ? errno : 0;
	close(fd);
	return r;
}

int main(void)
{
	struct e2e_guest g = { .sys_fd = -1, .vm_fd = -1 };

	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	mount_fs("devtmpfs", "/dev");
	printf("E2E-START\n");
	read_params(&g.p);

	e2e_int("module.kvm", 0, load_module("/kvm.ko"));
	/* Without cap-nested-hv=on the parent refuses H_SET_PARTITION_TABLE and
	 * kvmhv_nested_init() fails with ENODEV. */
	e2e_int("module.kvm-hv", g.p.nested_hv ? 0 : ENODEV, load_module("/kvm-hv.ko"));

	e2e_raw_checks(&g);
	e2e_lib_checks(&g);

	printf("E2E-DONE: pass=%u fail=%u\n", e2e_pass, e2e_fail);
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
