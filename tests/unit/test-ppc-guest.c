/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The Linux guest's vulnerability files for given R4/R5 (lib/ppc.md#guest-view). */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "test-ppc-util.h"

static uint32_t isa_cpu(const char *isa)
{
	if (g_str_equal(isa, "p7"))
		return VCPUCHAR_PPC_CPU_POWER7;
	if (g_str_equal(isa, "p8"))
		return VCPUCHAR_PPC_CPU_POWER8;
	if (g_str_equal(isa, "p9"))
		return VCPUCHAR_PPC_CPU_POWER9;
	if (g_str_equal(isa, "p10"))
		return VCPUCHAR_PPC_CPU_POWER10;
	ck_abort_msg("unknown guest_isa '%s'", isa);
	return 0;
}

static uint32_t guest_flags(const char *s)
{
	g_auto(GStrv) v = g_strsplit(s, ",", -1);
	uint32_t f = 0;

	for (int i = 0; v[i]; i++) {
		if (g_str_equal(v[i], "pre-5.14"))
			f |= VCPUCHAR_PPC_GUEST_LINUX_PRE_5_14;
		else if (g_str_equal(v[i], "mitigations-off"))
			f |= VCPUCHAR_PPC_GUEST_MITIGATIONS_OFF;
		else
			ck_assert_msg(g_str_equal(v[i], "none"), "unknown flag '%s'", v[i]);
	}
	return f;
}

static void check_file(const char *name, bool has_flags)
{
	struct tsv *t = tsv_open(name);

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		uint32_t flags = has_flags ? guest_flags(tsv_get(t, i, "flags")) : 0;
		struct vcpuchar_ppc_guest_view v;

		memset(&v, 'x', sizeof(v));
		v.size = sizeof(v);
		ck_assert_msg(vcpuchar_ppc_guest_view(tsv_u64(t, i, "r4", NULL), tsv_u64(t, i, "r5", NULL),
						      isa_cpu(tsv_get(t, i, "guest_isa")), flags, &v) == 0,
			      "%s: failed", id);
#define CHECK(f) \
	ck_assert_msg(g_str_equal(v.f, tsv_get(t, i, "expect_" #f)), "%s: " #f " '%s', expected '%s'", id, v.f, \
		      tsv_get(t, i, "expect_" #f))
		CHECK(meltdown);
		CHECK(l1tf);
		CHECK(spectre_v1);
		CHECK(spectre_v2);
		CHECK(spec_store_bypass);
#undef CHECK
	}
	tsv_close(t);
}

START_TEST(vectors)
{
	check_file("ppc-guest-view.tsv", false);
}
END_TEST

START_TEST(vectors_flags)
{
	check_file("ppc-guest-view-flags.tsv", true);
}
END_TEST

START_TEST(default_cpu_is_power9)
{
	struct vcpuchar_ppc_guest_view a = TEST_OUT(struct vcpuchar_ppc_guest_view),
				       b = TEST_OUT(struct vcpuchar_ppc_guest_view);

	ck_assert_int_eq(vcpuchar_ppc_guest_view(0xbc40000000000000, 0xe400000000000000, 0, 0, &a), 0);
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0xbc40000000000000, 0xe400000000000000, 9, 0, &b), 0);
	ck_assert_str_eq(a.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (eieio)");
	ck_assert_int_eq(memcmp(&a, &b, sizeof(a)), 0);
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0xbc40000000000000, 0xe400000000000000, 11, 0, &b), 0);
	ck_assert_str_eq(b.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (eieio)");
}
END_TEST

START_TEST(bad_args)
{
	struct vcpuchar_ppc_guest_view v;

	memset(&v, 'x', sizeof(v));
	v.size = sizeof(v);
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0, 0, 0, 0, NULL), -EINVAL);
	for (uint32_t cpu = 1; cpu < 7; cpu++)
		ck_assert_int_eq(vcpuchar_ppc_guest_view(0, 0, cpu, 0, &v), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0, 0, 12, 0, &v), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0, 0, 9, 1u << 2, &v), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0, 0, 9, UINT32_MAX, &v), -EINVAL);
	/* A size below the 1.0 size is refused, and nothing is written. */
	v.size = sizeof(v) - 1;
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0, 0, 9, 0, &v), -EINVAL);
	v.size = 0;
	ck_assert_int_eq(vcpuchar_ppc_guest_view(0, 0, 9, 0, &v), -EINVAL);
	ck_assert_int_eq(v.meltdown[0], 'x');
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-guest");
	TCase *tc = tcase_create("ppc-guest");

	tcase_add_test(tc, vectors);
	tcase_add_test(tc, vectors_flags);
	tcase_add_test(tc, default_cpu_is_power9);
	tcase_add_test(tc, bad_args);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
