/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What L1 and L2 print about themselves, in the same line format. */
#ifndef NESTED_READ_H
#define NESTED_READ_H

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* First line of @path without the newline; "" when unreadable. */
static inline void nested_read_line(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (fd >= 0)
		close(fd);
	if (n < 0)
		n = 0;
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
}

/*
 * "<who>: vuln.<file>: <text>" for the five files the library predicts, and
 * "<who>: debugfs.<name>: <value>" for every file of the kernel's powerpc
 * debugfs directory (rfi_flush, entry_flush, uaccess_flush, stf_barrier,
 * count_cache_flush, barrier_nospec, ...: whatever this kernel has).
 */
static inline void nested_print_state(const char *who)
{
	static const char *const vuln[] = { "meltdown", "l1tf", "spectre_v1", "spectre_v2", "spec_store_bypass" };
	const char *dbg = "/sys/kernel/debug/powerpc";
	char path[512], line[256];
	struct dirent *de;
	DIR *d;

	for (unsigned i = 0; i < sizeof(vuln) / sizeof(vuln[0]); i++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/vulnerabilities/%s", vuln[i]);
		nested_read_line(path, line, sizeof(line));
		printf("%s: vuln.%s: %s\n", who, vuln[i], line);
	}
	d = opendir(dbg);
	if (!d) {
		printf("%s: debugfs: missing\n", who);
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || de->d_type == DT_DIR)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dbg, de->d_name);
		nested_read_line(path, line, sizeof(line));
		/* Only the one-number switches; other files are not mitigations. */
		if (line[0] >= '0' && line[0] <= '9' && strlen(line) < 24)
			printf("%s: debugfs.%s: %s\n", who, de->d_name, line);
	}
	closedir(d);
}

#endif
