/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The x86 probe on this machine's real /dev/kvm, checked against direct
 * reads. The ioctl() interposer only counts KVM_GET_SUPPORTED_CPUID calls
 * and, for fault injection, can make them fail with E2BIG every time.
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <linux/kvm.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <vcpuchar.h>

#include "ioctl-hook.h"
#include "test-common.h"

static int kvm_fd = -1;
static unsigned supported_calls;
static bool always_e2big;

static bool count_supported_cpuid(int fd, unsigned long req, void *arg, const void *caller, int *ret)
{
	if (req != KVM_GET_SUPPORTED_CPUID)
		return false;
	supported_calls++;
	if (!always_e2big)
		return false;
	errno = E2BIG;
	*ret = -1;
	return true;
}

static uint32_t vendor_code(const char *v)
{
	return !strcmp(v, "AuthenticAMD")   ? VCPUCHAR_X86_VENDOR_AMD
	       : !strcmp(v, "GenuineIntel") ? VCPUCHAR_X86_VENDOR_INTEL
	       : !strcmp(v, "HygonGenuine") ? VCPUCHAR_X86_VENDOR_HYGON
					    : VCPUCHAR_X86_VENDOR_OTHER;
}

START_TEST(probe_matches_direct_reads)
{
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);
	struct utsname u;
	unsigned a, b, c, d;
	char vendor[13] = "";
	g_autofree char *cpuinfo = NULL;
	g_autofree char *hp = NULL;
	struct kvm_cpuid2 *cpuid;
	bool pv_unhalt = false;

	supported_calls = 0;
	ck_assert_int_eq(vcpuchar_x86_host_probe(kvm_fd, NULL, &h), 0);
	/* One call: the first table holds KVM's maximum (KVM_MAX_CPUID_ENTRIES). */
	ck_assert_uint_eq(supported_calls, 1);
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++)
		if (!(h.have & (1u << f)))
			ck_assert_msg(h.error[f] < 0, "fact %s neither read nor explained", vcpuchar_x86_fact_name(f));

	ck_assert_int_eq(uname(&u), 0);
	ck_assert_str_eq(h.kernel_release, u.release);
	ck_assert_str_eq(h.arch, u.machine);
	ck_assert(g_file_get_contents("/proc/cpuinfo", &cpuinfo, NULL, NULL));
	/* The vendor from CPUID leaf 0 by instruction, as the probe reads it. */
	__cpuid(0, a, b, c, d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	ck_assert_uint_eq(h.vendor, vendor_code(vendor));
	/* valgrind emulates CPUID with its own CPU: the kernel's view is checked without it. */
	if (!g_getenv("VCPUCHAR_UNDER_VALGRIND"))
		ck_assert_msg(strstr(cpuinfo, vendor), "CPUID vendor %s is not in /proc/cpuinfo", vendor);
	__cpuid(1, a, b, c, d);
	ck_assert_uint_eq(h.cpuid_1_ecx, c);
	ck_assert_uint_eq(h.hypervisor, (c >> 31) & 1);
	/* valgrind emulates CPUID with its own CPU: only the kernel's view differs then. */
	if (!g_getenv("VCPUCHAR_UNDER_VALGRIND"))
		ck_assert_uint_eq(h.hypervisor, strstr(cpuinfo, " hypervisor") != NULL);

	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_DISABLE_EXITS));
	ck_assert_int_eq((int)h.disable_exits_allowed, ioctl(kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_X86_DISABLE_EXITS));
	ck_assert_int_eq((int)h.halt_poll_cap, ioctl(kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_HALT_POLL));
	ck_assert_int_eq((int)h.binary_stats_cap, ioctl(kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_BINARY_STATS_FD));

	/* KVM_GET_SUPPORTED_CPUID with room enough, directly. */
	cpuid = g_malloc0(sizeof(*cpuid) + 512 * sizeof(cpuid->entries[0]));
	cpuid->nent = 512;
	ck_assert_int_eq(ioctl(kvm_fd, KVM_GET_SUPPORTED_CPUID, cpuid), 0);
	ck_assert_uint_eq(h.supported_nent, cpuid->nent);
	for (uint32_t i = 0; i < cpuid->nent; i++)
		if (cpuid->entries[i].function == 0x40000001) {
			ck_assert_uint_eq(h.kvm_features, cpuid->entries[i].eax);
			pv_unhalt = cpuid->entries[i].eax & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT;
		}
	ck_assert(pv_unhalt);
	/* Never in supported CPUID (lib/x86.md#cpuid). */
	ck_assert_uint_eq(h.supported_8000000a_edx & VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT, 0);
	g_free(cpuid);

	ck_assert(g_file_get_contents("/sys/module/kvm/parameters/halt_poll_ns", &hp, NULL, NULL));
	ck_assert_uint_eq(h.halt_poll_ns, g_ascii_strtoull(hp, NULL, 10));
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB));
}
END_TEST

START_TEST(wrong_fds)
{
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);
	int vm = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	int vcpu, null_fd = open("/dev/null", O_RDONLY), closed = dup(null_fd);

	ck_assert_int_ge(vm, 0);
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	ck_assert_int_ge(vcpu, 0);
	close(closed);

	/* A VM or vCPU fd where the system fd is needed: caller error, nothing written. */
	ck_assert_int_eq(vcpuchar_x86_host_probe(vm, NULL, &h), -EINVAL);
	ck_assert_uint_eq(h.have, TEST_GARBAGE_U32);
	ck_assert_int_eq(vcpuchar_x86_host_probe(vcpu, NULL, &h), -EINVAL);
	ck_assert_uint_eq(h.have, TEST_GARBAGE_U32);
	/* Not KVM at all, or not open: the other facts are still read. */
	ck_assert_int_eq(vcpuchar_x86_host_probe(null_fd, NULL, &h), -ENOTTY);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_DISABLE_EXITS], -ENOTTY);
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_CPUID_VENDOR));
	ck_assert_int_eq(vcpuchar_x86_host_probe(closed, NULL, &h), -EBADF);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_SUPPORTED_CPUID], -EBADF);
	ck_assert_int_eq(vcpuchar_x86_host_probe(-5, NULL, &h), -EBADF);
	close(vcpu);
	close(vm);
	close(null_fd);
}
END_TEST

START_TEST(supported_cpuid_loop_is_bounded)
{
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);
	char buf[200];

	always_e2big = true;
	supported_calls = 0;
	ck_assert_int_eq(vcpuchar_x86_host_probe(kvm_fd, NULL, &h), 0);
	always_e2big = false;
	/* 256, 512, ... 4096 entries, then the fact says why it is missing. */
	ck_assert_uint_eq(supported_calls, 5);
	ck_assert(!(h.have & (1u << VCPUCHAR_X86_FACT_SUPPORTED_CPUID)));
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_SUPPORTED_CPUID], -E2BIG);
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_DISABLE_EXITS));
	vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_SUPPORTED_CPUID, buf, sizeof(buf));
	ck_assert_str_eq(buf, "supported_cpuid: not read: Argument list too long (KVM_GET_SUPPORTED_CPUID)");
}
END_TEST

int main(void)
{
	TCase *tc;
	Suite *s;

	ioctl_hook = count_supported_cpuid;
	s = test_kvm_suite("x86-probe-kvm", &kvm_fd, &tc);
	if (!s)
		return 77;
	tcase_add_test(tc, probe_matches_direct_reads);
	tcase_add_test(tc, wrong_fds);
	tcase_add_test(tc, supported_cpuid_loop_is_bounded);
	return run_suite(s);
}
