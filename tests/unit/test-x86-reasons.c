/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The reason bitmap and its emitter (lib/vcpuchar-private.h) against the reason table. */
#include <inttypes.h>
#include <string.h>

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
	/* A lifted bit for code 63 (a diagnostic since 1.2, above the highest code before) is no refusal. */
	{
		struct vcpuchar_x86_reason r = { .code = VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL, .has_value = 1,
						 .value = UINT64_C(1) << 63 };

		ck_assert_int_ne(vcpuchar_x86_reason_class(63), VCPUCHAR_X86_REASON_CLASS_REFUSAL);
		ck_assert_int_eq(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), -EINVAL);
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

/* Reason 71 names the guest kernel it was given as x.y.z, and says when none was given. */
START_TEST(before_reorder_names_the_kernel)
{
	struct vcpuchar_x86_reason r = { .code = VCPUCHAR_X86_REASON_GUEST_SPINLOCK_BEFORE_REORDER, .has_value = 1,
					 .value = VCPUCHAR_X86_KERNEL_VERSION(6, 1, 158) };
	char buf[1024];

	ck_assert_int_gt(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), 0);
	ck_assert_msg(g_str_has_prefix(buf, "KVM_HINTS_REALTIME without KVM_FEATURE_PV_UNHALT and guest kernel 6.1.158, "
					    "from before the 2025 reorder"),
		      "%s", buf);
	r.value = 0;
	ck_assert_int_gt(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), 0);
	ck_assert_msg(strstr(buf, "and guest kernel (version not given), from before"), "%s", buf);
	r.has_value = 0;
	ck_assert_int_gt(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), 0);
	ck_assert_msg(strstr(buf, "and guest kernel (version not given), from before"), "%s", buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-reasons");
	TCase *tc = tcase_create("emit");

	tcase_add_test(tc, emit_every_code);
	tcase_add_test(tc, emit_none);
	tcase_add_test(tc, value_out_of_range);
	tcase_add_test(tc, before_reorder_names_the_kernel);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
