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

/* A printf format (clang's -Wformat-nonliteral wants it said). */
static void check(int ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
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

/* Fills @x with 0x5a bytes and sets its size: a field a failing call should
 * have left alone then shows that it did not. */
#define FAULT_GARBAGE(x) \
	do { \
		memset(&(x), 0x5a, sizeof(x)); \
		(x).size = sizeof(x); \
	} while (0)

/* The int @call's value, after checking that it left the process's open fds
 * as they were (@what names the case in the message, "" for none). GNU C. */
#define FDS_KEPT(what, call) \
	({ \
		char before_[4096], after_[4096]; \
		int r_; \
		fd_list(before_, sizeof(before_)); \
		r_ = (call); \
		fd_list(after_, sizeof(after_)); \
		check(!strcmp(before_, after_), "%s%sfds before '%s', after '%s'", what, *(what) ? ": " : "", \
		      before_, after_); \
		r_; \
	})

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
