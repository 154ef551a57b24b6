/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar_ppc_host_probe() against this machine's real /dev/kvm (lib/ppc.md#probe). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ppc-kvm.h"
#include "test-ppc-util.h"

static int kvm_fd = -1;
static int vm_fd = -1;

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

/* Probes @fd and checks the "no information" facts a failure must leave. */
static void probe_fails(int fd, int want, const char *words)
{
	struct vcpuchar_ppc_host h;
	char text[256];
	int before = count_fds(), r;

	memset(&h, 0x5a, sizeof(h));
	h.size = sizeof(h);
	r = vcpuchar_ppc_host_probe(fd, NULL, &h);
	ck_assert_msg(r == want, "fd %d: %d (%s), expected %d", fd, r, strerror(-r), want);
	ck_assert_int_eq(count_fds(), before);
	ck_assert_uint_eq(h.size, sizeof(h));
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_KVM);
	ck_assert_uint_eq(h.valid, 0);
	ck_assert_int_eq(h.error, want);
	/* The four words, power8 and pvr all 0. */
	{
		const uint64_t zero[] = { h.character, h.behaviour, h.character_mask, h.behaviour_mask, h.power8, h.pvr };

		for (size_t i = 0; i < G_N_ELEMENTS(zero); i++)
			ck_assert_msg(zero[i] == 0, "fd %d: fact %zu is 0x%" PRIx64 ", expected 0", fd, i, zero[i]);
	}
	ck_assert_str_eq(h.arch, "");
	ck_assert_str_eq(h.kernel_release, "");
	ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, text, sizeof(text)), (int)strlen(text));
	ck_assert_msg(g_str_has_prefix(text, "no information: ") && strstr(text, words), "fd %d: '%s'", fd, text);
}

START_TEST(ioctl_number)
{
	ck_assert_uint_eq(sizeof(struct vcpuchar_kvm_ppc_cpu_char), 32);
	ck_assert_uint_eq(VCPUCHAR_KVM_PPC_GET_CPU_CHAR, _IOC(_IOC_READ, 0xAE, 0xb1, 32));
	ck_assert_uint_eq(VCPUCHAR_KVM_CAP_PPC_GET_CPU_CHAR, 151);
#if defined(__x86_64__) || defined(__i386__)
	ck_assert_uint_eq(VCPUCHAR_KVM_PPC_GET_CPU_CHAR, 0x8020aeb1);
#elif defined(__powerpc__)
	ck_assert_uint_eq(VCPUCHAR_KVM_PPC_GET_CPU_CHAR, 0x4020aeb1);
#endif
}
END_TEST

START_TEST(vm_fd_probe)
{
#if defined(__powerpc__)
	struct vcpuchar_ppc_host h = TEST_OUT(struct vcpuchar_ppc_host);
	int before = count_fds();

	/* Book3S-64 KVM answers; the masks say whether there is information. */
	ck_assert_int_eq(vcpuchar_ppc_host_probe(vm_fd, NULL, &h), 0);
	ck_assert_int_eq(count_fds(), before);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_KVM);
	ck_assert_int_eq(h.error, 0);
	ck_assert_uint_eq(h.valid, (h.character_mask || h.behaviour_mask) ? 1 : 0);
	ck_assert_str_ne(h.kernel_release, "");
#else
	/* Capability 151 is unknown outside powerpc: KVM_CHECK_EXTENSION answers 0. */
	probe_fails(vm_fd, -ENOTSUP, "KVM_CAP_PPC_GET_CPU_CHAR (151) is not offered");
#endif
}
END_TEST

START_TEST(system_fd_probe)
{
#if defined(__powerpc__)
	/* A VM ioctl on the system fd (measured on ppc64le). */
	probe_fails(kvm_fd, -EINVAL, "VM ioctl");
#else
	probe_fails(kvm_fd, -ENOTSUP, "(151)");
#endif
}
END_TEST

START_TEST(closed_fd_probe)
{
	int fd = dup(kvm_fd);

	ck_assert_int_ge(fd, 0);
	close(fd);
	probe_fails(fd, -EBADF, "not open");
	probe_fails(-1, -EBADF, "not open");
}
END_TEST

START_TEST(non_kvm_fd_probe)
{
	int null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	int p[2];

	ck_assert_int_ge(null_fd, 0);
	probe_fails(null_fd, -ENOTTY, "not a KVM VM fd");
	close(null_fd);
	ck_assert_int_eq(pipe(p), 0);
	probe_fails(p[0], -ENOTTY, "not a KVM VM fd");
	close(p[0]);
	close(p[1]);
}
END_TEST

START_TEST(bad_args)
{
	struct vcpuchar_ppc_host h;
	struct vcpuchar_probe_opts o = VCPUCHAR_INIT(struct vcpuchar_probe_opts);
	int before = count_fds();

	ck_assert_int_eq(vcpuchar_ppc_host_probe(vm_fd, NULL, NULL), -EINVAL);
	/* Argument errors write nothing. */
	memset(&h, 0x5a, sizeof(h));
	h.size = sizeof(h) - 1;
	ck_assert_int_eq(vcpuchar_ppc_host_probe(vm_fd, NULL, &h), -EINVAL);
	ck_assert_uint_eq(h.source, 0x5a5a5a5a);
	h.size = sizeof(h);
	o.flags = 1;
	ck_assert_int_eq(vcpuchar_ppc_host_probe(vm_fd, &o, &h), -EINVAL);
	o.flags = 0;
	o.size = 4;
	ck_assert_int_eq(vcpuchar_ppc_host_probe(vm_fd, &o, &h), -EINVAL);
	ck_assert_uint_eq(h.source, 0x5a5a5a5a);
	/* Valid options reach the kernel. */
	o.size = sizeof(o);
	o.root = "/nonexistent";
#if !defined(__powerpc__)
	ck_assert_int_eq(vcpuchar_ppc_host_probe(vm_fd, &o, &h), -ENOTSUP);
	ck_assert_int_eq(h.error, -ENOTSUP);
#endif
	ck_assert_int_eq(count_fds(), before);
}
END_TEST

static void setup(void)
{
	kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	ck_assert_int_ge(kvm_fd, 0);
	vm_fd = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	ck_assert_msg(vm_fd >= 0, "KVM_CREATE_VM: %s", strerror(errno));
}

static void teardown(void)
{
	close(vm_fd);
	close(kvm_fd);
}

int main(void)
{
	TCase *tc;
	int fd;
	Suite *s = test_kvm_suite("ppc-probe-kvm", &fd, &tc);

	if (!s)
		return 77;
	close(fd);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, ioctl_number);
	tcase_add_test(tc, vm_fd_probe);
	tcase_add_test(tc, system_fd_probe);
	tcase_add_test(tc, closed_fd_probe);
	tcase_add_test(tc, non_kvm_fd_probe);
	tcase_add_test(tc, bad_args);
	return run_suite(s);
}
