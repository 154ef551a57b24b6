/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /init of the ppc-e2e initramfs: runs as PID 1 in Debian's ppc64le kernel
 * booted by qemu-system-ppc64 -M pseries. Mounts proc, sysfs and devtmpfs,
 * loads kvm.ko and kvm-hv.ko, runs the checks, prints the result lines on
 * the console and powers the machine off.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "guest.h"
#include "init-util.h"
#include "report.h"

static void read_params(struct e2e_params *p)
{
	char nested[8];

	e2e_cmdline_param("boot", p->boot, sizeof(p->boot));
	e2e_cmdline_param("caps", p->caps, sizeof(p->caps));
	e2e_cmdline_param("cpu", p->cpu, sizeof(p->cpu));
	e2e_cmdline_param("nested-hv", nested, sizeof(nested));
	p->nested_hv = strcmp(nested, "off") != 0;
	e2e_info("params", "boot=%s caps=%s cpu=%s nested-hv=%s", p->boot, p->caps, p->cpu,
		 p->nested_hv ? "on" : "off");
}

int main(void)
{
	struct e2e_guest g = { .sys_fd = -1, .vm_fd = -1 };

	setvbuf(stdout, NULL, _IOLBF, 0);
	e2e_mount("proc", "/proc");
	e2e_mount("sysfs", "/sys");
	e2e_mount("devtmpfs", "/dev");
	printf("E2E-START\n");
	read_params(&g.p);

	e2e_int("module.kvm", 0, e2e_load_module("/kvm.ko", ""));
	/* Without cap-nested-hv=on the parent refuses H_SET_PARTITION_TABLE and
	 * kvmhv_nested_init() fails with ENODEV. */
	e2e_int("module.kvm-hv", g.p.nested_hv ? 0 : ENODEV, e2e_load_module("/kvm-hv.ko", ""));

	e2e_raw_checks(&g);
	e2e_lib_checks(&g);

	e2e_power_off();
	return 0;
}
