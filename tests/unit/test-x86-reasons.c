/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The reason bitmap and its emitter (lib/vcpuchar-private.h) against the reason table. */
#include <vcpuchar.h>

#include "test-common.h"
#include "vcpuchar-private.h"

/* Every code of this release, each word of the bitmap: written once, in code order, counted by class. */
START_TEST(emit_every_code)
{
	struct vcpuchar_x86_reason out[VCPUCHAR_X86_REASON_MAX + 1];
	struct vcpuchar_x86_reason_set a;
	uint32_t n, n_refusals = 0xdead, want_refusals = 0;

	memset(&a, 0, sizeof(a));
	for (uint32_t c = 1; c <= VCPUCHAR_X86_REASON_MAX; c++) {
		if (c % 3 == 0)
			vcpuchar_x86_reason_add_value(&a, c, UINT64_C(1000) + c);
		else
			vcpuchar_x86_reason_add(&a, c);
		want_refusals += vcpuchar_x86_reason_class(c) == VCPUCHAR_X86_REASON_CLASS_REFUSAL;
	}
	n = vcpuchar_x86_reason_emit(&a, out, &n_refusals);
	ck_assert_uint_eq(n, VCPUCHAR_X86_REASON_MAX);
	for (uint32_t k = 0; k < n; k++) {
		ck_assert_uint_eq(out[k].code, k + 1);
		ck_assert_uint_eq(out[k].has_value, (k + 1) % 3 == 0);
		ck_assert_uint_eq(out[k].value, (k + 1) % 3 == 0 ? 1000 + k + 1 : 0);
	}
	ck_assert_uint_gt(want_refusals, 0);
	ck_assert_uint_eq(n_refusals, want_refusals);
}
END_TEST

START_TEST(emit_none)
{
	struct vcpuchar_x86_reason out[1] = { { 0x5a, 0x5a, 0x5a } };
	struct vcpuchar_x86_reason_set a;
	uint32_t n_refusals = 0xdead;

	memset(&a, 0, sizeof(a));
	ck_assert_uint_eq(vcpuchar_x86_reason_emit(&a, out, &n_refusals), 0);
	ck_assert_uint_eq(n_refusals, 0);
	ck_assert_uint_eq(out[0].code, 0x5a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-reasons");
	TCase *tc = tcase_create("emit");

	tcase_add_test(tc, emit_every_code);
	tcase_add_test(tc, emit_none);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
