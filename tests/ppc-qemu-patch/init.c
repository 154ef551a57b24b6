/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /init of the ppc-qemu-patch guest: prints the five vulnerabilities files,
 * which follow the guest's H_GET_CPU_CHARACTERISTICS answer, as
 * "VULN name: text" lines on the console, then powers off.
 */
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	static const char *const names[] = { "meltdown", "l1tf", "spectre_v1", "spectre_v2",
					     "spec_store_bypass" };
	char path[128], line[256];

	mkdir("/sys", 0755);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		FILE *f;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/vulnerabilities/%s", names[i]);
		f = fopen(path, "r");
		if (!f || !fgets(line, sizeof(line), f))
			snprintf(line, sizeof(line), "(unreadable)\n");
		if (f)
			fclose(f);
		printf("VULN %s: %s", names[i], line);
	}
	printf("VULN done\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
