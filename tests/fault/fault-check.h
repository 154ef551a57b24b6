/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Checks shared by the fault-injection drivers: each failed check is printed and makes the exit status 3. */
#ifndef FAULT_CHECK_H
#define FAULT_CHECK_H

#include <dirent.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vcpuchar.h>

static int failed;

static void check(int ok, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return;
	fputs("INVARIANT: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	failed = 1;
}

/* "fd -> target" of every open fd, in one string. */
static void fd_list(char *buf, size_t size)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	size_t len = 0;

	buf[0] = '\0';
	if (!d)
		return;
	while ((e = readdir(d))) {
		char link[300], target[256];
		ssize_t n;

		if (e->d_name[0] == '.' || atoi(e->d_name) == dirfd(d))
			continue;
		snprintf(link, sizeof(link), "/proc/self/fd/%s", e->d_name);
		n = readlink(link, target, sizeof(target) - 1);
		target[n > 0 ? n : 0] = '\0';
		len += (size_t)snprintf(buf + len, len < size ? size - len : 0, "%s:%s ", e->d_name, target);
	}
	closedir(d);
}

/* Every fact is either read (its bit, error 0) or not read with a negative errno and a sentence saying so. */
static void x86_facts_ok(int r, const struct vcpuchar_x86_host *h)
{
	check(r == 0 || (r < 0 && r > -4096), "return %d is neither 0 nor a negative errno", r);
	printf("r=%d have=0x%08x vendor=%u max_basic=0x%x 1_ecx=0x%x max_ext=0x%x ext_ecx=0x%x svm_edx=0x%x "
	       "disable_exits=0x%x halt_poll=%u stats=%u kvm_features=0x%x hints=0x%x nent=%u release=%s\n",
	       r, h->have, h->vendor, h->cpuid_max_basic, h->cpuid_1_ecx, h->cpuid_max_ext, h->cpuid_80000001_ecx,
	       h->cpuid_8000000a_edx, h->disable_exits_allowed, h->halt_poll_cap, h->binary_stats_cap,
	       h->kvm_features, h->kvm_hints, h->supported_nent, h->kernel_release);
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++) {
		char why[512];
		int n = vcpuchar_x86_host_describe(h, f, why, sizeof(why));
		int have = !!(h->have & (1u << f));

		check(n > 0 && (size_t)n < sizeof(why), "fact %u: describe returned %d", f, n);
		check(have ? h->error[f] == 0 : (h->error[f] < 0 && h->error[f] > -4096),
		      "fact %u: have %d with error %d", f, have, h->error[f]);
		check(have || strstr(why, "not read"), "fact %u not read, yet described as '%s'", f, why);
		printf("%s\n", why);
	}
	check(!(h->have >> VCPUCHAR_X86_N_FACTS), "unknown have bits 0x%x", h->have);
}

#endif
