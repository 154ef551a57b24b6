/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The reason table's private companions agree with it (lib/x86-reasons.c). */
#include <inttypes.h>
#include <string.h>

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

/* A value outside what its code can hold is refused, never shown as another one. */
START_TEST(value_out_of_range)
{
	static const struct {
		uint32_t code;
		uint64_t good, bad;
	} rows[] = {
		{ VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED, VCPUCHAR_X86_DISABLE_EXITS_KNOWN,
		  VCPUCHAR_X86_DISABLE_EXITS_KNOWN + 1 },
		/* "auto" was printed for any value but present (1) and absent (2). */
		{ VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE, VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT, 3 },
		{ VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD, 6u << 16 | 14, UINT64_C(1) << 32 },
		{ VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL, UINT64_C(1) << VCPUCHAR_X86_REASON_HOST_IS_GUEST,
		  UINT64_C(1) << VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT },
		{ VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT, VCPUCHAR_X86_OVERRIDE_WANT_CSTATE,
		  VCPUCHAR_X86_OVERRIDE_WANT_CSTATE << 1 },
	};
	char buf[512] = "untouched";

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct vcpuchar_x86_reason r = { .code = rows[i].code, .has_value = 1, .value = rows[i].good };

		ck_assert_int_gt(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), 0);
		r.value = rows[i].bad;
		strcpy(buf, "untouched");
		ck_assert_msg(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)) == -EINVAL, "%s: value 0x%" PRIx64,
			      vcpuchar_x86_reason_name(rows[i].code), rows[i].bad);
		ck_assert_str_eq(buf, "untouched");
	}
	/* has_value is a boolean. */
	{
		struct vcpuchar_x86_reason r = { .code = VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT, .has_value = 2 };

		ck_assert_int_eq(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), -EINVAL);
		r.has_value = 1;
		ck_assert_int_gt(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), 0);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-reasons");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, refusal_mask);
	tcase_add_test(tc, value_out_of_range);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
