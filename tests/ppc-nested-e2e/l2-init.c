/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /init of the L2 guest: prints its five vulnerabilities files and the
 * guest kernel's own mitigation switches in debugfs (powerpc/), then powers
 * off. Its console is L1's QEMU stdout, which the L1 init relays.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nested-read.h"

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	printf("L2-START\n");
	nested_print_state("L2");
	printf("L2-DONE\n");
	fflush(stdout);
	reboot(RB_POWER_OFF);
	return 0;
}
