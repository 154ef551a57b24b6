/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar_ppc_host_describe(): one truthful sentence per state of the facts (lib/ppc.md#probe). */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

static struct vcpuchar_ppc_host failed(int error)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

	h.source = VCPUCHAR_SOURCE_KVM;
	h.error = error;
	return h;
}

START_TEST(states)
{
	static const struct {
		int error;
		const char *text;
	} v[] = {
		{ -ENOTSUP, "no information: KVM_CAP_PPC_GET_CPU_CHAR (151) is not offered by this kernel (not a POWER "
			    "Book3S-64 KVM host)" },
		{ -EBADF, "no information: the file descriptor is not open (EBADF)" },
		{ -ENOTTY, "no information: the file descriptor is not a KVM VM fd (ENOTTY)" },
		{ -EINVAL, "no information: the kernel rejected KVM_PPC_GET_CPU_CHAR on this KVM fd (EINVAL): it is a "
			   "VM ioctl and needs a VM fd from KVM_CREATE_VM, not a system or vCPU fd" },
		{ -ENOSYS, "no information: KVM ioctls are not implemented here (ENOSYS), e.g. under qemu-user" },
		{ -EINTR, "no information: a signal interrupted the KVM call (EINTR); probing again may succeed" },
		{ -EFAULT, "no information: the kernel could not copy the answer (EFAULT): the caller's memory is bad" },
		{ -ENOMEM, "no information: the kernel is short of memory (ENOMEM); probing again may succeed" },
		{ -EACCES, "no information: permission denied opening or using /dev/kvm (EACCES/EPERM): the user "
			   "needs read-write access to it (usually the kvm group)" },
		{ -ENOENT, "no information: /dev/kvm does not exist or has no driver (ENOENT/ENXIO/ENODEV): the "
			   "KVM module is not loaded" },
		{ -EMFILE, "no information: out of file descriptors (EMFILE/ENFILE)" },
		{ -EIO, "no information: the KVM call failed with errno 5" },
		{ 0, "no information: KVM_PPC_GET_CPU_CHAR answered with zero masks (the host firmware or parent "
		     "hypervisor reported nothing); this is not a finding that the host is vulnerable" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(v); i++) {
		struct vcpuchar_ppc_host h = failed(v[i].error);
		char text[512];

		ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, text, sizeof(text)), (int)strlen(v[i].text));
		ck_assert_str_eq(text, v[i].text);
	}
}
END_TEST

START_TEST(valid_facts)
{
	struct vcpuchar_ppc_host h = test_host(0x9840000000000000, 0xe400000000000000, 0xf940000000000000,
					       0xe400000000000000, 1);
	char text[512];

	h.source = VCPUCHAR_SOURCE_KVM;
	ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, text, sizeof(text)), 0);
	ck_assert_str_eq(text, "from KVM_PPC_GET_CPU_CHAR: character 0x9840000000000000 (mask 0xf940000000000000), "
			       "behaviour 0xe400000000000000 (mask 0xe400000000000000), POWER8-family host");
	h.source = VCPUCHAR_SOURCE_PROFILE;
	h.power8 = 0;
	ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, text, sizeof(text)), 0);
	ck_assert_str_eq(text, "from a host profile: character 0x9840000000000000 (mask 0xf940000000000000), "
			       "behaviour 0xe400000000000000 (mask 0xe400000000000000)");
	h = test_host(0, 0, 0, 0, 0);
	ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, text, sizeof(text)), 0);
	ck_assert_str_eq(text, "no information: the caller gave zero masks");
	h.source = VCPUCHAR_SOURCE_NONE;
	ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, text, sizeof(text)), 0);
	ck_assert_str_eq(text, "no information: nothing was read");
}
END_TEST

START_TEST(buffer)
{
	struct vcpuchar_ppc_host h = failed(-EBADF);
	char small[10];
	int len = (int)strlen("no information: the file descriptor is not open (EBADF)");

	/* Like snprintf: the full length, a truncated NUL-terminated text. */
	ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, small, sizeof(small)), len);
	ck_assert_str_eq(small, "no inform");
	ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, NULL, 0), len);
	ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, NULL, 1), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_describe(NULL, small, sizeof(small)), -EINVAL);
	h.size = 3;
	ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, small, sizeof(small)), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-probe-describe");
	TCase *tc = tcase_create("ppc-probe-describe");

	tcase_add_test(tc, states);
	tcase_add_test(tc, valid_facts);
	tcase_add_test(tc, buffer);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
