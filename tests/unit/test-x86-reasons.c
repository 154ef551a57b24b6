/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The reason table's private companions agree with it (lib/x86-reasons.c). */
#include <vcpuchar.h>

#include "test-common.h"
#include "vcpuchar-private.h"

/* The refusal mask the emitter counts with is exactly the codes of class refusal. */
START_TEST(refusal_mask)
{
	unsigned n = 0;

	for (uint32_t c = 0; c < 64; c++) {
		bool refusal = c <= VCPUCHAR_X86_REASON_MAX && vcpuchar_x86_reasons[c].name &&
			       vcpuchar_x86_reasons[c].class == VCPUCHAR_X86_REASON_CLASS_REFUSAL;

		ck_assert_msg(refusal == !!(vcpuchar_x86_refusal_codes & (UINT64_C(1) << c)),
			      "code %u (%s): class refusal %d, in the mask %d", c,
			      c <= VCPUCHAR_X86_REASON_MAX && vcpuchar_x86_reasons[c].name ? vcpuchar_x86_reasons[c].name : "-",
			      refusal, !refusal);
		n += refusal;
	}
	/* Eight today: a new refusal code goes into the mask and this count. */
	ck_assert_uint_eq(n, 8);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-reasons");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, refusal_mask);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
