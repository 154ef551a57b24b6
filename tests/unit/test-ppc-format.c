/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Caps in QEMU's and libvirt's spellings, and the warnings for users of an
 * unmodified QEMU (lib/ppc.md#qemu-and-libvirt-spellings and #warnings): tests/data/ppc-format.tsv
 * and tests/data/ppc-warnings.tsv, each row naming its source.
 */
#include <errno.h>

#include "test-ppc-util.h"

/*
 * A list of names, split at @sep, into a set with bit n for names[n] (NULL
 * entries name nothing); @none is the cell for the empty set. The tests'
 * own name lists, never the library's.
 */
static uint32_t test_name_set(const char *list, const char *sep, const char *none, const char *const *names,
			      guint n_names, const char *what)
{
	g_auto(GStrv) v = g_strsplit(list, sep, -1);
	uint32_t set = 0;

	if (g_str_equal(list, none))
		return 0;
	for (guint i = 0; v[i]; i++) {
		guint c;

		for (c = 0; c < n_names; c++)
			if (names[c] && g_str_equal(v[i], names[c]))
				break;
		ck_assert_msg(c < n_names, "unknown %s '%s'", what, v[i]);
		set |= 1u << c;
	}
	return set;
}

/* "a;b" of warning names into a set of codes. */
static uint32_t test_codes(const char *list)
{
	static const char *const names[] = { NULL, "qemu_fixed_na_abort", "host_bits_outside_masks",
					     "masks_without_known_bits", "defaults_refused", "defaults_below_host" };

	return test_name_set(list, ";", "none", names, G_N_ELEMENTS(names), "warning");
}

/* "cfpc,ibs" into cap bits. */
static uint32_t test_cap_bits(const char *list)
{
	static const char *const names[] = { "cfpc", "sbbc", "ibs", "ccf-assist" };

	return test_name_set(list, ",", "-", names, G_N_ELEMENTS(names), "cap");
}

START_TEST(format_vectors)
{
	struct tsv *t = tsv_open("ppc-format.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		const char *want[2] = { tsv_get(t, i, "expect_qemu"), tsv_get(t, i, "expect_libvirt") };
		struct vcpuchar_ppc_caps c = test_caps(t, i, ""), back = { 0 };
		uint64_t r4, r5, br4, br5;
		uint32_t set = 0;

		for (uint32_t f = VCPUCHAR_PPC_FORMAT_QEMU; f <= VCPUCHAR_PPC_FORMAT_LIBVIRT; f++) {
			char buf[VCPUCHAR_PPC_FORMAT_LEN];
			uint32_t w = 0xdead;
			int n = vcpuchar_ppc_caps_format(&c, f, buf, sizeof(buf), &w);

			ck_assert_msg(n == (int)strlen(want[f]), "%s: format %u returned %d", id, f, n);
			ck_assert_msg(g_str_equal(buf, want[f]), "%s: \"%s\", expected \"%s\"", id, buf, want[f]);
			ck_assert_msg(w == test_codes(tsv_get(t, i, "expect_warnings")), "%s: warnings 0x%x", id, w);
			/* The query gives the same length and writes nothing. */
			ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, f, NULL, 0, NULL), n);
			/* Exactly the length is one byte short: -ENOSPC, buffer untouched. */
			memset(buf, 'x', sizeof(buf));
			ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, f, buf, (size_t)n, &w), -ENOSPC);
			ck_assert_msg(buf[0] == 'x' && buf[n - 1] == 'x', "%s: written on -ENOSPC", id);
			ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, f, buf, (size_t)n + 1, NULL), n);
		}
		/* What the user pastes gives the guest the same R4/R5 as the caps themselves. */
		ck_assert_int_eq(vcpuchar_ppc_caps_parse(want[0], &back, &set, NULL, 0), 0);
		ck_assert_int_eq(set, 0xf);
		ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5), 0);
		ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&back, &br4, &br5), 0);
		ck_assert_msg(r4 == br4 && r5 == br5, "%s: pasted caps give 0x%016" PRIx64 "/0x%016" PRIx64, id, br4,
			      br5);
		ck_assert_msg(back.ibs != VCPUCHAR_PPC_LEVEL_FIXED_NA, "%s: fixed-na written", id);
	}
	tsv_close(t);
}
END_TEST

START_TEST(format_bad_args)
{
	struct vcpuchar_ppc_caps c = { 0, 0, 0, 0 };
	char buf[VCPUCHAR_PPC_FORMAT_LEN] = "keep";
	uint32_t w = 7;

	ck_assert_int_eq(vcpuchar_ppc_caps_format(NULL, 0, buf, sizeof(buf), &w), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, 2, buf, sizeof(buf), &w), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, 0, NULL, 8, &w), -EINVAL);
	c.cfpc = 3;
	ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, 0, buf, sizeof(buf), &w), -EINVAL);
	c = (struct vcpuchar_ppc_caps){ 0, 0, 0x10, 0 };
	ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, 1, buf, sizeof(buf), &w), -EINVAL);
	c = (struct vcpuchar_ppc_caps){ 0, 0, 0, 2 };
	ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, 0, buf, sizeof(buf), &w), -EINVAL);
	ck_assert_str_eq(buf, "keep");
	ck_assert_uint_eq(w, 7);
	/* A one-byte buffer cannot hold any caps text. */
	c = (struct vcpuchar_ppc_caps){ 0, 0, 0, 0 };
	ck_assert_int_eq(vcpuchar_ppc_caps_format(&c, 0, buf, 1, &w), -ENOSPC);
	ck_assert_str_eq(buf, "keep");
}
END_TEST

START_TEST(warning_names)
{
	ck_assert_str_eq(vcpuchar_ppc_warning_name(VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT), "qemu_fixed_na_abort");
	ck_assert_str_eq(vcpuchar_ppc_warning_name(VCPUCHAR_PPC_WARNING_HOST_BITS_OUTSIDE_MASKS),
			 "host_bits_outside_masks");
	ck_assert_str_eq(vcpuchar_ppc_warning_name(VCPUCHAR_PPC_WARNING_MASKS_WITHOUT_KNOWN_BITS),
			 "masks_without_known_bits");
	ck_assert_str_eq(vcpuchar_ppc_warning_name(VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED), "defaults_refused");
	ck_assert_str_eq(vcpuchar_ppc_warning_name(VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST), "defaults_below_host");
	ck_assert_ptr_null(vcpuchar_ppc_warning_name(0));
	ck_assert_ptr_null(vcpuchar_ppc_warning_name(VCPUCHAR_PPC_WARNING_MAX + 1));
}
END_TEST

static uint32_t test_mode(const char *s)
{
	if (g_str_equal(s, "host-max"))
		return VCPUCHAR_PPC_MODE_HOST_MAX;
	if (g_str_equal(s, "caps"))
		return VCPUCHAR_PPC_MODE_CAPS;
	ck_assert_msg(g_str_equal(s, "host"), "unknown mode '%s'", s);
	return VCPUCHAR_PPC_MODE_HOST;
}

START_TEST(warnings_vectors)
{
	struct tsv *t = tsv_open("ppc-warnings.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		const char *caps = tsv_get(t, i, "caps"), *text = tsv_get(t, i, "expect_text");
		struct vcpuchar_ppc_host h = test_host(tsv_u64(t, i, "character", NULL), tsv_u64(t, i, "behaviour", NULL),
						       tsv_u64(t, i, "character_mask", NULL),
						       tsv_u64(t, i, "behaviour_mask", NULL), 0);
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
		uint32_t want = test_codes(tsv_get(t, i, "expect_codes")), seen = 0, dcaps = 0;
		gboolean text_found = g_str_equal(text, "-");
		int n;

		req.mode = test_mode(tsv_get(t, i, "mode"));
		req.accel = g_str_equal(tsv_get(t, i, "accel"), "tcg") ? VCPUCHAR_ACCEL_TCG : VCPUCHAR_ACCEL_KVM;
		if (!g_str_equal(caps, "-"))
			ck_assert_int_eq(vcpuchar_ppc_caps_parse(caps, &req.caps, &req.caps_set, NULL, 0), 0);
		n = vcpuchar_ppc_warnings_check(&h, &req, &w);
		ck_assert_msg(n == (int)w.n_entries && n >= 0, "%s: returned %d, %u entries", id, n, w.n_entries);
		ck_assert_msg(w.codes == want, "%s: codes 0x%x, expected 0x%x", id, w.codes, want);
		for (uint32_t k = 0; k < w.n_entries; k++) {
			const struct vcpuchar_ppc_warning_entry *e = &w.entries[k];

			/* In code order, one per code, each with a sentence. */
			ck_assert_msg(e->code > 0 && (1u << e->code) > seen, "%s: entry %u out of order", id, k);
			seen |= 1u << e->code;
			ck_assert_msg(strlen(e->text) > 40, "%s: short text", id);
			if (e->code == VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED ||
			    e->code == VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST)
				dcaps = e->caps;
			if (e->code == VCPUCHAR_PPC_WARNING_HOST_BITS_OUTSIDE_MASKS) {
				ck_assert_uint_eq(e->r4, h.character & ~h.character_mask);
				ck_assert_uint_eq(e->r5, h.behaviour & ~h.behaviour_mask);
			}
			if (e->code == VCPUCHAR_PPC_WARNING_MASKS_WITHOUT_KNOWN_BITS) {
				ck_assert_uint_eq(e->r4, h.character_mask);
				ck_assert_uint_eq(e->r5, h.behaviour_mask);
			}
			if (e->code == VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT)
				ck_assert_uint_eq(e->caps, 1u << VCPUCHAR_PPC_CAP_IBS);
			text_found |= strstr(e->text, text) != NULL;
		}
		ck_assert_msg(dcaps == test_cap_bits(tsv_get(t, i, "expect_defaults_caps")), "%s: defaults caps 0x%x",
			      id, dcaps);
		ck_assert_msg(text_found, "%s: no text holds \"%s\"", id, text);
	}
	tsv_close(t);
}
END_TEST

START_TEST(warnings_bad_args)
{
	struct vcpuchar_ppc_host h = test_host(0, 0, 0, 0, 0);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);

	w.codes = 0x55;
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&h, NULL, &w), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&h, &req, NULL), -EINVAL);
	w.size = 8;
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&h, &req, &w), -EINVAL);
	w.size = sizeof(w);
	req.mode = 3;
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&h, &req, &w), -EINVAL);
	/* Host mode needs information, as vcpuchar_ppc_decide() does. */
	req.mode = VCPUCHAR_PPC_MODE_HOST;
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&h, &req, &w), -ENODATA);
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(NULL, &req, &w), -ENODATA);
	ck_assert_uint_eq(w.codes, 0x55);
	/*
	 * NULL host in host-max mode: no information, so QEMU reads the host
	 * as broken/off and refuses the machine type's defaults.
	 */
	req.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(NULL, &req, &w), 1);
	ck_assert_uint_eq(w.codes, 1u << VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED);
	ck_assert_uint_eq(w.entries[0].caps, 0xf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-format");
	TCase *tc = tcase_create("ppc-format");

	tcase_add_test(tc, format_vectors);
	tcase_add_test(tc, format_bad_args);
	tcase_add_test(tc, warning_names);
	tcase_add_test(tc, warnings_vectors);
	tcase_add_test(tc, warnings_bad_args);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
