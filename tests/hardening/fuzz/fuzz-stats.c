/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer: the KVM binary stats parser (lib/x86/x86-stats.c) on any file. A
 * memfd stands in for the fd KVM_GET_STATS_FD returns; the parser must
 * answer 0 or -EINVAL and read nothing outside what it allocated.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "vcpuchar-private.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "halt_exits", "halt_successful_poll", "halt_attempted_poll",
					     "halt_wait_ns", "exits" };
	static int fd = -1;
	uint64_t values[5] = { 0 };
	uint32_t have = 0xdead;
	int r;

	if (fd < 0 && (fd = memfd_create("stats", MFD_CLOEXEC)) < 0)
		abort();
	if (ftruncate(fd, 0) || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	r = vcpuchar_stats_read_fd(fd, names, 5, values, &have);
	if (r == 0 ? have >> 5 != 0 : (r != -EINVAL && r != -ENOMEM) || have != 0xdead)
		abort();
	return 0;
}
