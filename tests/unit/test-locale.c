/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every parser of outside input under a Turkish locale, where the C
 * library's case folding is not ASCII's ('I' is not the upper case of
 * 'i'): the library must answer as in the C locale. tr_TR.UTF-8 comes from
 * tests/setup-debian.sh; without it the suite exits 77 and says so.
 */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "test-common.h"

#include <vcpuchar.h>

#define TURKISH "tr_TR.UTF-8"

START_TEST(caps_parse_upper_case)
{
	struct vcpuchar_ppc_caps caps = { 0 };
	uint32_t set = 0;
	char err[128] = "";

	/*
	 * Values fold case as QEMU's strcasecmp() does; each has an 'I' or 'i'
	 * the Turkish locale folds differently. Names are exact, as in QEMU.
	 */
	ck_assert_msg(vcpuchar_ppc_caps_parse("cap-ibs=FIXED-CCD", &caps, &set, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(caps.ibs, VCPUCHAR_PPC_LEVEL_FIXED_CCD);
	ck_assert_msg(vcpuchar_ppc_caps_parse("cap-cfpc=FIXED", &caps, &set, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(caps.cfpc, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_msg(vcpuchar_ppc_caps_parse("sbbc=WORKAROUND,ibs=WORKAROUND", &caps, &set, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_int_eq(caps.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_int_eq(vcpuchar_ppc_caps_parse("cap-IBS=fixed-ccd", &caps, &set, err, sizeof(err)), -EINVAL);
}
END_TEST

START_TEST(profile_upper_case)
{
	/* No [host] arch: x86 and POWER facts of one host would contradict it (lib/ppc/ppc-profile.c). */
	static const char text[] = "[x86]\nvendor=INTEL\nhypervisor=TRUE\nkvm_amd=FALSE\n"
				   "[ppc]\ncharacter=0X1\nbehaviour=0x0\ncharacter_mask=0X1\nbehaviour_mask=0x0\n"
				   "power8=TRUE\n";
	struct vcpuchar_ppc_host ppc = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host x86 = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	char err[256] = "";

	ck_assert_msg(vcpuchar_profile_load_data(text, strlen(text), &ppc, &x86, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(x86.vendor, VCPUCHAR_X86_VENDOR_INTEL);
	ck_assert_int_eq(x86.hypervisor, 1);
	ck_assert_int_eq(ppc.power8, 1);
	ck_assert_int_eq(ppc.character_mask, 1);
}
END_TEST

int main(void)
{
	if (!setlocale(LC_ALL, TURKISH)) {
		fprintf(stderr, "SKIP: locale %s is not installed (tests/setup-debian.sh generates it)\n", TURKISH);
		return 77;
	}
	return RUN_TESTS("locale", caps_parse_upper_case, profile_upper_case);
}
