/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <vcpuchar.h>

#include "test-common.h"

/* meson's project version, passed in by the build: a source the generated
 * header and the library are both made from, checked independently here. */
START_TEST(runtime_matches_project)
{
	g_autofree char *want = g_strdup_printf("%d.%d.%d", VCPUCHAR_VERSION_MAJOR,
						VCPUCHAR_VERSION_MINOR, VCPUCHAR_VERSION_MICRO);

	ck_assert_str_eq(vcpuchar_version(), VCPUCHAR_PROJECT_VERSION);
	ck_assert_str_eq(VCPUCHAR_VERSION_STRING, VCPUCHAR_PROJECT_VERSION);
	ck_assert_str_eq(want, VCPUCHAR_PROJECT_VERSION);
	ck_assert(VCPUCHAR_CHECK_VERSION(VCPUCHAR_VERSION_MAJOR, VCPUCHAR_VERSION_MINOR));
	ck_assert(VCPUCHAR_CHECK_VERSION(1, 0));
	ck_assert(!VCPUCHAR_CHECK_VERSION(VCPUCHAR_VERSION_MAJOR, VCPUCHAR_VERSION_MINOR + 1));
	ck_assert(!VCPUCHAR_CHECK_VERSION(VCPUCHAR_VERSION_MAJOR + 1, 0));
}
END_TEST

static uint64_t limit(uint32_t which)
{
	uint64_t v = UINT64_C(0xa5a5a5a5a5a5a5a5);

	ck_assert_int_eq(vcpuchar_limit(which, &v), 0);
	return v;
}

/* Each count against what the library's own tables hold, not against the macro alone. */
START_TEST(limits_match_tables)
{
	uint64_t n = 0, r4 = 0, r5 = 0, v = 7;
	uint32_t c;

	for (c = 0; vcpuchar_ppc_cap_name(c); c++)
		;
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_PPC_N_CAPS), c);
	ck_assert_uint_eq(c, VCPUCHAR_PPC_N_CAPS);
	for (c = 0; c < 64; c++) {
		if (vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R4, c))
			r4 |= VCPUCHAR_PPC_BIT(c);
		if (vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R5, c))
			r5 |= VCPUCHAR_PPC_BIT(c);
	}
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_H_CPU_CHAR_ALL), r4);
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_H_CPU_BEHAV_ALL), r5);
	ck_assert_uint_eq(r4, VCPUCHAR_H_CPU_CHAR_ALL);
	ck_assert_uint_eq(r5, VCPUCHAR_H_CPU_BEHAV_ALL);
	/* MWAIT, HLT, PAUSE, CSTATE, APERFMPERF (include/uapi/linux/kvm.h). */
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_X86_DISABLE_EXITS_KNOWN), 0x1f);
	for (c = 0; vcpuchar_x86_fact_name(c); c++)
		;
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_X86_N_FACTS), c);
	ck_assert_uint_eq(c, VCPUCHAR_X86_N_FACTS);
	/* Codes are dense: every one from 1 up has a name (67-69: another 1.3 change, merged separately). */
	for (c = 1; vcpuchar_x86_reason_name(c) || (c >= 67 && c <= 69); c++)
		n = c;
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_X86_REASON_MAX), n);
	ck_assert_uint_eq(n, VCPUCHAR_X86_REASON_MAX);
	/* Every code a policy can hold fits once (verify codes go to a verdict). */
	for (c = 1, n = 0; vcpuchar_x86_reason_name(c); c++)
		n += vcpuchar_x86_reason_class(c) != VCPUCHAR_X86_REASON_CLASS_VERIFY;
	ck_assert_uint_ge(limit(VCPUCHAR_LIMIT_X86_MAX_REASONS), n);
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_X86_MAX_REASONS), VCPUCHAR_X86_MAX_REASONS);
	for (c = 0; vcpuchar_x86_stat_name(c); c++)
		;
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_X86_N_STATS), c);
	ck_assert_uint_eq(c, VCPUCHAR_X86_N_STATS);

	/* A verdict holds at most one HLT reason, one diagnostic and one halt-poll reason. */
	ck_assert_uint_ge(limit(VCPUCHAR_LIMIT_X86_VERDICT_MAX_REASONS), 3);
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_X86_VERDICT_MAX_REASONS), VCPUCHAR_X86_VERDICT_MAX_REASONS);

	/* Warning codes are dense from 1, and a warnings struct holds each once. */
	for (c = 1, n = 0; vcpuchar_ppc_warning_name(c); c++)
		n = c;
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_PPC_WARNING_MAX), n);
	ck_assert_uint_eq(n, VCPUCHAR_PPC_WARNING_MAX);
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_PPC_WARNING_MAX),
			  sizeof(((struct vcpuchar_ppc_warnings *)0)->entries) / sizeof(struct vcpuchar_ppc_warning_entry));
	/* The string buffers: the members' sizes, and the longest caps text fits its buffer. */
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_PPC_VIEW_LEN), sizeof(((struct vcpuchar_ppc_guest_view *)0)->meltdown));
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_PPC_WARNING_TEXT_LEN),
			  sizeof(((struct vcpuchar_ppc_warning_entry *)0)->text));
	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_PPC_FORMAT_LEN), VCPUCHAR_PPC_FORMAT_LEN);
	/* The longest caps text of every level of every cap, in both formats, fits its buffer. */
	n = 0;
	for (uint32_t i = 0; i < 4 * 4 * 5 * 2 * 2; i++) {
		struct vcpuchar_ppc_caps caps = { (uint8_t)(i % 4), (uint8_t)(i / 4 % 4), (uint8_t)(i / 16 % 5),
						  (uint8_t)(i / 80 % 2) };
		int len = vcpuchar_ppc_caps_format(&caps, i / 160, NULL, 0, NULL);

		if (len > (int)n)
			n = (uint64_t)len;
	}
	ck_assert_uint_gt(n, 100);
	ck_assert_uint_lt(n, limit(VCPUCHAR_LIMIT_PPC_FORMAT_LEN));

	ck_assert_uint_eq(limit(VCPUCHAR_LIMIT_PPC_GUEST_FILES), VCPUCHAR_PPC_GUEST_FILES);

	ck_assert_int_eq(vcpuchar_limit(VCPUCHAR_LIMIT_PPC_GUEST_FILES + 1, &v), -EINVAL);
	ck_assert_int_eq(vcpuchar_limit(UINT32_MAX, &v), -EINVAL);
	ck_assert_uint_eq(v, 7);
	ck_assert_int_eq(vcpuchar_limit(VCPUCHAR_LIMIT_PPC_N_CAPS, NULL), -EINVAL);
}
END_TEST

int main(void)
{
	return RUN_TESTS("version", runtime_matches_project, limits_match_tables);
}
