/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Cap names, the -machine spelling, machine defaults and host levels (lib/ppc.md#caps-and-levels to #host-levels). */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

START_TEST(host_levels_vectors)
{
	struct tsv *t = tsv_open("ppc-host-levels.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		struct vcpuchar_ppc_host h = test_host(tsv_u64(t, i, "character", NULL), tsv_u64(t, i, "behaviour", NULL),
						       tsv_u64(t, i, "character_mask", NULL),
						       tsv_u64(t, i, "behaviour_mask", NULL), tsv_u64(t, i, "power8_host", NULL));
		struct vcpuchar_ppc_caps want = test_caps(t, i, "expect_"), got = { 9, 9, 9, 9 };
		int r = vcpuchar_ppc_host_levels(&h, &got);

		ck_assert_msg(r == (int)h.valid, "%s: returned %d, expected %u", id, r, h.valid);
		ck_assert_caps_eq(id, got, want);
	}
	tsv_close(t);
}
END_TEST

START_TEST(host_levels_no_info)
{
	struct vcpuchar_ppc_caps got = { 9, 9, 9, 9 }, zero = { 0, 0, 0, 0 };
	struct vcpuchar_ppc_caps fixed = { 2, 2, 4, 0 };
	/* Words with every relevant bit known-clear: fixed everywhere. */
	struct vcpuchar_ppc_host h = test_host(0, 0, 0xff40000000000000, 0xe400000000000000, 0);

	ck_assert_int_eq(vcpuchar_ppc_host_levels(NULL, &got), 0);
	ck_assert_caps_eq("NULL host", got, zero);
	/* The masks decide, not @valid: a caller that forgot it still gets the levels. */
	h.valid = 0;
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &got), 1);
	ck_assert_caps_eq("valid 0", got, fixed);
	/* valid 1 with zero masks: still no information. */
	h = test_host(0xff40000000000000, 0, 0, 0, 0);
	h.valid = 1;
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &got), 0);
	ck_assert_caps_eq("zero masks", got, zero);
}
END_TEST

START_TEST(host_levels_bad_args)
{
	struct vcpuchar_ppc_host h = test_host(0, 0, 0xff40000000000000, 0xe400000000000000, 0);
	struct vcpuchar_ppc_caps got = { 9, 9, 9, 9 };
	struct {
		struct vcpuchar_ppc_host h;
		uint32_t tail;
	} big;

	memset(&big, 0, sizeof(big));
	big.h = h;

	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, NULL), -EINVAL);
	h.size = sizeof(h) - 1;
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &got), -EINVAL);
	h.size = sizeof(h);
	h.source = 4;
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &got), -EINVAL);
	h.source = VCPUCHAR_SOURCE_CALLER;
	h.valid = 2;
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &got), -EINVAL);
	ck_assert_int_eq(got.cfpc, 9);
	/* A newer, bigger struct is fine when its tail is zero, not otherwise. */
	big.h.size = sizeof(big);
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&big.h, &got), 1);
	ck_assert_int_eq(got.cfpc, VCPUCHAR_PPC_LEVEL_FIXED);
	big.tail = 1;
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&big.h, &got), -EINVAL);
}
END_TEST

START_TEST(names)
{
	static const char *const want[4][6] = {
		{ "cfpc", "broken", "workaround", "fixed" },
		{ "sbbc", "broken", "workaround", "fixed" },
		{ "ibs", "broken", "workaround", "fixed-ibs", "fixed-ccd", "fixed-na" },
		{ "ccf-assist", "off", "on" },
	};
	static const char *const modes[] = {
		[VCPUCHAR_PPC_MODE_HOST_MAX] = "host-max",
		[VCPUCHAR_PPC_MODE_CAPS] = "caps",
		[VCPUCHAR_PPC_MODE_HOST] = "host",
	};

	for (uint32_t c = 0; c < 4; c++) {
		uint32_t l;

		ck_assert_str_eq(vcpuchar_ppc_cap_name(c), want[c][0]);
		for (l = 0; l < 5 && want[c][l + 1]; l++)
			ck_assert_str_eq(vcpuchar_ppc_level_name(c, l), want[c][l + 1]);
		ck_assert_ptr_null(vcpuchar_ppc_level_name(c, l));
	}
	ck_assert_ptr_null(vcpuchar_ppc_cap_name(4));
	ck_assert_ptr_null(vcpuchar_ppc_level_name(4, 0));
	ck_assert_ptr_null(vcpuchar_ppc_level_name(UINT32_MAX, 0));
	ck_assert_names(vcpuchar_ppc_mode_name, modes, G_N_ELEMENTS(modes));
}
END_TEST

START_TEST(bit_names)
{
	/* Linux arch/powerpc/include/asm/hvcall.h, by IBM bit number. */
	static const struct {
		uint32_t reg, bit;
		const char *name;
	} v[] = {
		{ 4, 0, "H_CPU_CHAR_SPEC_BAR_ORI31" },      { 4, 1, "H_CPU_CHAR_BCCTRL_SERIALISED" },
		{ 4, 2, "H_CPU_CHAR_L1D_FLUSH_ORI30" },     { 4, 3, "H_CPU_CHAR_L1D_FLUSH_TRIG2" },
		{ 4, 4, "H_CPU_CHAR_L1D_THREAD_PRIV" },     { 4, 5, "H_CPU_CHAR_BRANCH_HINTS_HONORED" },
		{ 4, 6, "H_CPU_CHAR_THREAD_RECONFIG_CTRL" }, { 4, 7, "H_CPU_CHAR_COUNT_CACHE_DISABLED" },
		{ 4, 9, "H_CPU_CHAR_BCCTR_FLUSH_ASSIST" },  { 4, 11, "H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST" },
		{ 5, 0, "H_CPU_BEHAV_FAVOUR_SECURITY" },    { 5, 1, "H_CPU_BEHAV_L1D_FLUSH_PR" },
		{ 5, 2, "H_CPU_BEHAV_BNDS_CHK_SPEC_BAR" },  { 5, 3, "H_CPU_BEHAV_FAVOUR_SECURITY_H" },
		{ 5, 5, "H_CPU_BEHAV_FLUSH_COUNT_CACHE" },  { 5, 6, "H_CPU_BEHAV_FLUSH_LINK_STACK" },
		{ 5, 7, "H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY" }, { 5, 8, "H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS" },
		{ 5, 9, "H_CPU_BEHAV_NO_STF_BARRIER" },
	};
	uint64_t r4 = 0, r5 = 0;

	for (size_t i = 0; i < G_N_ELEMENTS(v); i++)
		ck_assert_str_eq(vcpuchar_ppc_bit_name(v[i].reg, v[i].bit), v[i].name);
	/* Every other bit is undefined, and so is every other register. */
	for (uint32_t b = 0; b < 64; b++) {
		if (vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R4, b))
			r4 |= VCPUCHAR_PPC_BIT(b);
		if (vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R5, b))
			r5 |= VCPUCHAR_PPC_BIT(b);
	}
	ck_assert_uint_eq(r4, VCPUCHAR_H_CPU_CHAR_ALL);
	ck_assert_uint_eq(r5, VCPUCHAR_H_CPU_BEHAV_ALL);
	ck_assert_uint_eq(r4, 0xff50000000000000);
	ck_assert_uint_eq(r5, 0xf7c0000000000000);
	ck_assert_ptr_null(vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R4, 64));
	ck_assert_ptr_null(vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R5, UINT32_MAX));
	ck_assert_ptr_null(vcpuchar_ppc_bit_name(3, 0));
	ck_assert_ptr_null(vcpuchar_ppc_bit_name(6, 0));
}
END_TEST

START_TEST(caps_get_set)
{
	struct vcpuchar_ppc_caps c = { 0, 0, 0, 0 };

	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, VCPUCHAR_PPC_CAP_CFPC, VCPUCHAR_PPC_LEVEL_FIXED), 0);
	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, VCPUCHAR_PPC_CAP_SBBC, VCPUCHAR_PPC_LEVEL_WORKAROUND), 0);
	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, VCPUCHAR_PPC_CAP_IBS, VCPUCHAR_PPC_LEVEL_FIXED_NA), 0);
	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, VCPUCHAR_PPC_CAP_CCF_ASSIST, VCPUCHAR_PPC_LEVEL_ON), 0);
	ck_assert_uint_eq(c.cfpc, 2);
	ck_assert_uint_eq(c.sbbc, 1);
	ck_assert_uint_eq(c.ibs, 4);
	ck_assert_uint_eq(c.ccf_assist, 1);
	ck_assert_int_eq(vcpuchar_ppc_caps_get(&c, VCPUCHAR_PPC_CAP_CFPC), 2);
	ck_assert_int_eq(vcpuchar_ppc_caps_get(&c, VCPUCHAR_PPC_CAP_SBBC), 1);
	ck_assert_int_eq(vcpuchar_ppc_caps_get(&c, VCPUCHAR_PPC_CAP_IBS), 4);
	ck_assert_int_eq(vcpuchar_ppc_caps_get(&c, VCPUCHAR_PPC_CAP_CCF_ASSIST), 1);
	/* Out of range for that cap; nothing changes. */
	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, VCPUCHAR_PPC_CAP_CFPC, 3), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, VCPUCHAR_PPC_CAP_IBS, 5), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, VCPUCHAR_PPC_CAP_CCF_ASSIST, 2), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_set(&c, 4, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_set(NULL, 0, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_get(&c, 4), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_get(NULL, 0), -EINVAL);
	ck_assert_uint_eq(c.cfpc, 2);
	ck_assert_uint_eq(c.ibs, 4);
	ck_assert_uint_eq(c.ccf_assist, 1);
}
END_TEST

START_TEST(parse_good)
{
	static const struct {
		const char *list;
		struct vcpuchar_ppc_caps want;
		uint32_t set;
	} v[] = {
		{ "cap-cfpc=workaround,cap-ibs=fixed-ccd,cap-ccf-assist=on", { 1, 7, 3, 1 }, 0xd },
		{ "cfpc=fixed,sbbc=broken,ibs=fixed-na,ccf-assist=off", { 2, 0, 4, 0 }, 0xf },
		/* spapr_cap_set_string() compares values with strcasecmp(). */
		{ "cap-cfpc=Workaround", { 1, 7, 7, 7 }, 0x1 },
		{ "cap-ibs=FIXED-IBS", { 7, 7, 2, 7 }, 0x4 },
		{ "ibs=workaround", { 7, 7, 1, 7 }, 0x4 },
		{ "cap-sbbc=fixed", { 7, 2, 7, 7 }, 0x2 },
		{ "ccf-assist=yes", { 7, 7, 7, 1 }, 0x8 },
		{ "ccf-assist=no", { 7, 7, 7, 0 }, 0x8 },
		{ "ccf-assist=true", { 7, 7, 7, 1 }, 0x8 },
		{ "ccf-assist=false", { 7, 7, 7, 0 }, 0x8 },
		{ "ccf-assist=y", { 7, 7, 7, 1 }, 0x8 },
		{ "ccf-assist=n", { 7, 7, 7, 0 }, 0x8 },
		{ "", { 7, 7, 7, 7 }, 0 },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(v); i++) {
		struct vcpuchar_ppc_caps c = { 7, 7, 7, 7 };
		uint32_t set = 0xdead;
		char err[128] = "untouched";

		ck_assert_msg(vcpuchar_ppc_caps_parse(v[i].list, &c, &set, err, sizeof(err)) == 0, "'%s': %s",
			      v[i].list, err);
		ck_assert_caps_eq(v[i].list, c, v[i].want);
		ck_assert_msg(set == v[i].set, "'%s': set 0x%x", v[i].list, set);
		ck_assert_str_eq(err, "untouched");
	}
}
END_TEST

START_TEST(parse_bad)
{
	static const struct {
		const char *list, *words;
	} v[] = {
		{ "cap-foo=on", "foo" },
		{ "cap-cfpc=on", "on" },
		{ "cfpc=fixed-ibs", "fixed-ibs" },
		{ "ibs=fixed", "'fixed'" },
		{ "ccf-assist=maybe", "maybe" },
		{ "ccf-assist=1", "'1'" },
		{ "ccf-assist=", "''" },
		{ "cfpc=broken,cfpc=broken", "twice" },
		{ "cap-cfpc=broken,cfpc=fixed", "twice" },
		{ "cfpc=broken,", "empty" },
		{ ",cfpc=broken", "empty" },
		{ "cfpc=broken,,sbbc=broken", "empty" },
		{ ",", "empty" },
		{ "cfpc", "'='" },
		{ "cap-cfpc=broken,ibs", "'='" },
		{ "=broken", "unknown cap" },
		{ "cap-=broken", "unknown cap" },
		{ "cap-cap-cfpc=broken", "unknown cap" },
		{ " cfpc=broken", "unknown cap" },
		{ "cfpc =broken", "unknown cap" },
		{ "cfpc= broken", "' broken'" },
		{ "ccf_assist=on", "ccf_assist" },
		{ "cfpc=broken;sbbc=broken", "broken;sbbc=broken" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(v); i++) {
		struct vcpuchar_ppc_caps c = { 7, 7, 7, 7 }, same = { 7, 7, 7, 7 };
		uint32_t set = 0xdead;
		char err[128] = "";

		ck_assert_msg(vcpuchar_ppc_caps_parse(v[i].list, &c, &set, err, sizeof(err)) == -EINVAL, "'%s'",
			      v[i].list);
		ck_assert_caps_eq(v[i].list, c, same);
		ck_assert_uint_eq(set, 0xdead);
		ck_assert_msg(strstr(err, v[i].words), "'%s': message '%s' lacks '%s'", v[i].list, err,
			      v[i].words);
	}
}
END_TEST

/*
 * Names and the ccf-assist words compare exactly, as in QEMU: QOM property
 * names are exact, and qapi/qapi-util.c qapi_bool_parse() uses
 * g_str_equal(). 1.0 and 1.1 took these lists, which QEMU refuses.
 */
START_TEST(parse_exact_like_qemu)
{
	static const char *const refused[] = {
		"CAP-CFPC=broken", "Cap-Ibs=fixed-ibs", "cap-CCF-ASSIST=on", "SBBC=workaround", "CAP-cfpc=broken",
		"cap-ccf-assist=ON", "ccf-assist=Off", "ccf-assist=TRUE", "ccf-assist=Y",
	};

	for (size_t i = 0; i < G_N_ELEMENTS(refused); i++) {
		struct vcpuchar_ppc_caps c = { 7, 7, 7, 7 };
		uint32_t set = 0xdead;
		char err[256] = "";

		ck_assert_msg(vcpuchar_ppc_caps_parse(refused[i], &c, &set, err, sizeof(err)) == -EINVAL, "'%s'",
			      refused[i]);
		ck_assert_uint_eq(set, 0xdead);
		ck_assert_msg(strstr(err, "lower case"), "'%s': message '%s'", refused[i], err);
	}
}
END_TEST

START_TEST(parse_null)
{
	struct vcpuchar_ppc_caps c = { 7, 7, 7, 7 };
	uint32_t set = 0xdead;
	char err[4];

	ck_assert_int_eq(vcpuchar_ppc_caps_parse(NULL, &c, &set, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_parse("cfpc=broken", NULL, &set, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_parse("cfpc=broken", &c, NULL, NULL, 0), -EINVAL);
	ck_assert_uint_eq(set, 0xdead);
	ck_assert_uint_eq(c.cfpc, 7);
	/* A short message buffer is truncated, never overrun. */
	ck_assert_int_eq(vcpuchar_ppc_caps_parse("x=y", &c, &set, err, sizeof(err)), -EINVAL);
	ck_assert_uint_eq(strlen(err), 3);
}
END_TEST

START_TEST(machine_parse)
{
	static const struct {
		const char *name;
		uint32_t want;
	} good[] = {
		{ "pseries", VCPUCHAR_PPC_MACHINE_PSERIES },
		{ "pseries-11.0", VCPUCHAR_PPC_MACHINE_PSERIES },
		{ "pseries-11.1", VCPUCHAR_PPC_MACHINE_PSERIES },
		{ "pseries-5.0", VCPUCHAR_PPC_MACHINE_PSERIES },
		{ "pseries-7.2", VCPUCHAR_PPC_MACHINE_PSERIES },
		{ "pseries-4.2", VCPUCHAR_PPC_MACHINE_PSERIES_4 },
		{ "pseries-4.1", VCPUCHAR_PPC_MACHINE_PSERIES_4 },
		{ "pseries-4.0", VCPUCHAR_PPC_MACHINE_PSERIES_4 },
		{ "pseries-3.1", VCPUCHAR_PPC_MACHINE_PSERIES_3_1 },
		{ "pseries-3.0", VCPUCHAR_PPC_MACHINE_PSERIES_3_1 },
		{ "pseries-2.12", VCPUCHAR_PPC_MACHINE_PSERIES_3_1 },
		{ "pseries-2.1", VCPUCHAR_PPC_MACHINE_PSERIES_3_1 },
		{ "pseries-2.12-sxxm", VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM },
	};
	static const char *const bad[] = {
		"", "pseries-", "pseries-5", "pseries-5.", "pseries-.0", "pseries-a.b", "pseries-5.0-sxxm",
		"pseries-5.0x", "pseries-5.0.", "pseries-5.0.1.2", "pseries-4.2.1", "pseries-04.2", "pseries-5.00", "spapr", "pseries5.0", "Pseries-5.0",
		"pseries-99999.0", "pseries-2.12-sxxmx", "pseries-+5.0", "pseries-5.-1", "powernv9",
	};

	for (size_t i = 0; i < G_N_ELEMENTS(good); i++) {
		uint32_t m = 99;

		ck_assert_msg(vcpuchar_ppc_machine_parse(good[i].name, &m, NULL, 0) == 0, "%s", good[i].name);
		ck_assert_msg(m == good[i].want, "%s: %u", good[i].name, m);
	}
	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		uint32_t m = 99;
		char err[128] = "";

		ck_assert_msg(vcpuchar_ppc_machine_parse(bad[i], &m, err, sizeof(err)) == -EINVAL, "'%s'", bad[i]);
		ck_assert_uint_eq(m, 99);
		ck_assert_msg(strstr(err, "is not a pseries machine type"), "'%s': %s", bad[i], err);
	}
	ck_assert_int_eq(vcpuchar_ppc_machine_parse(NULL, &(uint32_t){ 0 }, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_parse("pseries", NULL, NULL, 0), -EINVAL);
}
END_TEST

/* Names QEMU had, never had, and downstream names (tests/data/ppc-machine-types.tsv). */
START_TEST(machine_type_vectors)
{
	struct tsv *t = tsv_open("ppc-machine-types.tsv");
	static const char *const known[] = { "pseries", "pseries-4", "pseries-3.1", "pseries-2.12-sxxm" };

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *want = tsv_get(t, i, "expect");
		uint32_t m = 99;
		char err[512] = "";
		int r = vcpuchar_ppc_machine_parse(tsv_get(t, i, "name"), &m, err, sizeof(err));

		if (g_str_equal(want, "refused")) {
			ck_assert_msg(r == -EINVAL && m == 99, "%s: accepted as %u", id, m);
			ck_assert_msg(strstr(err, tsv_get(t, i, "expect_message")), "%s: message '%s' lacks '%s'", id, err,
				      tsv_get(t, i, "expect_message"));
			ck_assert_msg(strstr(err, tsv_get(t, i, "name")), "%s: message '%s' does not name it", id, err);
		} else {
			ck_assert_msg(r == 0 && m < G_N_ELEMENTS(known), "%s: %d %s", id, r, err);
			ck_assert_msg(g_str_equal(known[m], want), "%s: %s", id, known[m]);
		}
	}
	tsv_close(t);
}
END_TEST

START_TEST(machine_defaults)
{
	/* lib/ppc.md#machine-defaults */
	static const struct vcpuchar_ppc_caps want[4] = {
		{ 1, 1, 1, 1 },
		{ 1, 1, 1, 0 },
		{ 0, 0, 0, 0 },
		{ 1, 1, 3, 0 },
	};
	static const uint32_t cpus[] = { 0, 8, 9, 10, 11 };

	for (uint32_t m = 0; m < 4; m++) {
		struct vcpuchar_ppc_caps c, p7 = want[m];

		for (size_t i = 0; i < G_N_ELEMENTS(cpus); i++) {
			ck_assert_int_eq(vcpuchar_ppc_machine_defaults(m, cpus[i], &c), 0);
			ck_assert_caps_eq(vcpuchar_ppc_mode_name(0), c, want[m]);
		}
		/* lib/ppc.md#machine-defaults, guest CPU model: POWER7 lacks ISA 2.07, so cfpc drops to broken; nothing else. */
		p7.cfpc = 0;
		ck_assert_int_eq(vcpuchar_ppc_machine_defaults(m, VCPUCHAR_PPC_CPU_POWER7, &c), 0);
		ck_assert_caps_eq("power7", c, p7);
	}
	for (uint32_t cpu = 1; cpu < 7; cpu++)
		ck_assert_int_eq(vcpuchar_ppc_machine_defaults(0, cpu, &(struct vcpuchar_ppc_caps){ 0 }), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_defaults(0, 12, &(struct vcpuchar_ppc_caps){ 0 }), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_defaults(4, 0, &(struct vcpuchar_ppc_caps){ 0 }), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_defaults(0, 0, NULL), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-caps");
	TCase *tc = tcase_create("ppc-caps");

	tcase_add_test(tc, host_levels_vectors);
	tcase_add_test(tc, host_levels_no_info);
	tcase_add_test(tc, host_levels_bad_args);
	tcase_add_test(tc, names);
	tcase_add_test(tc, bit_names);
	tcase_add_test(tc, caps_get_set);
	tcase_add_test(tc, parse_good);
	tcase_add_test(tc, parse_bad);
	tcase_add_test(tc, parse_exact_like_qemu);
	tcase_add_test(tc, parse_null);
	tcase_add_test(tc, machine_parse);
	tcase_add_test(tc, machine_type_vectors);
	tcase_add_test(tc, machine_defaults);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
