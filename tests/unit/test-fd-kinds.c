/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every kind of file descriptor that is not KVM's, given to each call that
 * takes a KVM fd: -EBADF when it is not open, -ENOTTY for everything else,
 * whatever errno the file's own driver gives the ioctl (/dev/urandom and
 * epoll answer EINVAL, O_PATH EBADF); the texts never blame a /dev/kvm fd.
 * No /dev/kvm needed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <unistd.h>

#include "test-common.h"

#include <vcpuchar.h>

struct zoo {
	const char *name;
	int fd;
	int want;
};

static int closed_fd(void)
{
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);

	ck_assert_int_ge(fd, 0);
	close(fd);
	/* Nothing else opens an fd before the calls: the number stays closed. */
	return fd;
}

static size_t zoo_open(struct zoo *z)
{
	int p[2], sv[2];
	size_t n = 0;
	char tmpl[] = "/tmp/vcpuchar-fd-XXXXXX";

#define ADD(nm, f, w) \
	do { \
		z[n].name = (nm); \
		z[n].fd = (f); \
		z[n].want = (w); \
		ck_assert_msg(z[n].fd >= 0 || z[n].want == -EBADF, "cannot open %s: %s", (nm), strerror(errno)); \
		n++; \
	} while (0)
	ADD("/dev/null", open("/dev/null", O_RDWR | O_CLOEXEC), -ENOTTY);
	ADD("/dev/zero", open("/dev/zero", O_RDWR | O_CLOEXEC), -ENOTTY);
	ADD("/dev/urandom", open("/dev/urandom", O_RDONLY | O_CLOEXEC), -ENOTTY);
	ck_assert_int_eq(pipe2(p, O_CLOEXEC), 0);
	ADD("pipe read end", p[0], -ENOTTY);
	ADD("pipe write end", p[1], -ENOTTY);
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	ADD("unix socket", sv[0], -ENOTTY);
	close(sv[1]);
	ADD("udp socket", socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), -ENOTTY);
	ADD("directory", open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC), -ENOTTY);
	ADD("O_PATH", open("/dev/null", O_PATH | O_CLOEXEC), -ENOTTY);
	ADD("eventfd", eventfd(0, EFD_CLOEXEC), -ENOTTY);
	ADD("epoll", epoll_create1(EPOLL_CLOEXEC), -ENOTTY);
	ADD("timerfd", timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC), -ENOTTY);
	ADD("memfd", memfd_create("vcpuchar-test", MFD_CLOEXEC), -ENOTTY);
	ADD("regular file", mkostemp(tmpl, O_CLOEXEC), -ENOTTY);
	unlink(tmpl);
	ADD("-1", -1, -EBADF);
	ADD("closed", closed_fd(), -EBADF);
#undef ADD
	return n;
}

static void zoo_close(struct zoo *z, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (z[i].want != -EBADF)
			close(z[i].fd);
}

START_TEST(ppc_host_probe)
{
	struct zoo z[32];
	size_t n = zoo_open(z);

	for (size_t i = 0; i < n; i++) {
		struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		char why[256];

		ck_assert_msg(vcpuchar_ppc_host_probe(z[i].fd, NULL, &h) == z[i].want, "%s: %d, want %d", z[i].name,
			      h.error, z[i].want);
		ck_assert_int_eq(h.error, z[i].want);
		ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, why, sizeof(why)), 0);
		ck_assert_msg(!strstr(why, "/dev/kvm"), "%s: %s", z[i].name, why);
	}
	zoo_close(z, n);
}
END_TEST

START_TEST(x86_host_probe)
{
	static const uint32_t kvm_facts[] = {
		VCPUCHAR_X86_FACT_DISABLE_EXITS, VCPUCHAR_X86_FACT_HALT_POLL_CAP,
		VCPUCHAR_X86_FACT_BINARY_STATS_CAP, VCPUCHAR_X86_FACT_SUPPORTED_CPUID,
	};
	struct zoo z[32];
	size_t n = zoo_open(z);

	for (size_t i = 0; i < n; i++) {
		struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);
		int r = vcpuchar_x86_host_probe(z[i].fd, NULL, &h);
		char why[256];

		ck_assert_msg(r == z[i].want, "%s: %d, want %d", z[i].name, r, z[i].want);
		for (size_t k = 0; k < G_N_ELEMENTS(kvm_facts); k++) {
			ck_assert_msg(h.error[kvm_facts[k]] == z[i].want, "%s: fact %u error %d", z[i].name, kvm_facts[k],
				      h.error[kvm_facts[k]]);
			ck_assert_int_gt(vcpuchar_x86_host_describe(&h, kvm_facts[k], why, sizeof(why)), 0);
			ck_assert_msg(!strstr(why, "/dev/kvm"), "%s: %s", z[i].name, why);
		}
	}
	zoo_close(z, n);
}
END_TEST

START_TEST(x86_apply)
{
	struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct zoo z[32];
	size_t n = zoo_open(z);

	h.source = VCPUCHAR_SOURCE_CALLER;
	for (size_t i = 0; i < n; i++) {
		struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
		int r = vcpuchar_x86_apply(z[i].fd, &h, &vm, 0, &p);

		ck_assert_msg(r == z[i].want, "%s: %d, want %d", z[i].name, r, z[i].want);
		ck_assert_int_eq(p.n_reasons, 0); /* untouched */
	}
	zoo_close(z, n);
}
END_TEST

START_TEST(x86_vcpu_stats_read)
{
	struct zoo z[32];
	size_t n = zoo_open(z);

	for (size_t i = 0; i < n; i++) {
		struct vcpuchar_x86_vcpu_stats s = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
		int r = vcpuchar_x86_vcpu_stats_read(z[i].fd, &s);

		ck_assert_msg(r == z[i].want, "%s: %d, want %d", z[i].name, r, z[i].want);
		ck_assert_int_eq(s.have, 0);
	}
	zoo_close(z, n);
}
END_TEST

int main(void)
{
	return RUN_TESTS("fd-kinds", ppc_host_probe, x86_host_probe, x86_apply, x86_vcpu_stats_read);
}
