/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <vcpuchar.h>

#include "test-common.h"

START_TEST(runtime_matches_headers)
{
	g_autofree char *want = g_strdup_printf("%d.%d.%d", VCPUCHAR_VERSION_MAJOR,
						VCPUCHAR_VERSION_MINOR, VCPUCHAR_VERSION_MICRO);

	ck_assert_str_eq(vcpuchar_version(), VCPUCHAR_VERSION_STRING);
	ck_assert_str_eq(vcpuchar_version(), want);
	ck_assert(VCPUCHAR_CHECK_VERSION(1, 0));
	ck_assert(!VCPUCHAR_CHECK_VERSION(VCPUCHAR_VERSION_MAJOR + 1, 0));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("version");
	TCase *tc = tcase_create("version");

	tcase_add_test(tc, runtime_matches_headers);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
