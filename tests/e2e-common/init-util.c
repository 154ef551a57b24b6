/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "init-util.h"
#include "report.h"

void e2e_mount(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) < 0)
		e2e_ok("mount", 0, "%s on %s: %s", type, dir, strerror(errno));
}

void e2e_cmdline_param(const char *key, char *buf, size_t size)
{
	char cmdline[2048] = " ", pat[48];
	int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, cmdline + 1, sizeof(cmdline) - 2);
	const char *p;
	size_t len;

	if (fd >= 0)
		close(fd);
	cmdline[n > 0 ? n + 1 : 1] = 0;
	buf[0] = 0;
	snprintf(pat, sizeof(pat), " vcpuchar.%s=", key);
	p = strstr(cmdline, pat);
	if (!p)
		return;
	p += strlen(pat);
	len = strcspn(p, " \n");
	if (len >= size)
		len = size - 1;
	memcpy(buf, p, len);
	buf[len] = 0;
}

int e2e_load_module(const char *path, const char *params)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int r;

	if (fd < 0)
		return errno;
	r = syscall(SYS_finit_module, fd, params, 0);
	r = r < 0 ? errno : 0;
	close(fd);
	return r;
}

void e2e_power_off(void)
{
	printf("E2E-DONE: pass=%u fail=%u\n", e2e_pass, e2e_fail);
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
}
