/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Source caps against destination caps (lib/ppc.md#migration). */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

/* Messages of one severity joined with ';', or "none". */
static char *joined(const struct vcpuchar_ppc_migration *m, uint32_t severity)
{
	GString *s = g_string_new(NULL);

	for (uint32_t i = 0; i < m->n_entries; i++) {
		if (m->entries[i].severity != severity)
			continue;
		if (s->len)
			g_string_append_c(s, ';');
		g_string_append(s, m->entries[i].message);
	}
	if (!s->len)
		g_string_append(s, "none");
	return g_string_free(s, FALSE);
}

START_TEST(vectors)
{
	struct tsv *t = tsv_open("ppc-migrate.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		struct vcpuchar_ppc_caps src = test_caps_list(tsv_get(t, i, "src_caps"));
		struct vcpuchar_ppc_caps dst = test_caps_list(tsv_get(t, i, "dst_caps"));
		struct vcpuchar_ppc_migration m = TEST_OUT(struct vcpuchar_ppc_migration);
		g_autofree char *errors = NULL, *warnings = NULL;
		uint32_t prev_cap = 0;

		ck_assert_msg(vcpuchar_ppc_migration_check(&src, &dst, &m) == 0, "%s: failed", id);
		errors = joined(&m, VCPUCHAR_SEVERITY_ERROR);
		warnings = joined(&m, VCPUCHAR_SEVERITY_WARNING);
		ck_assert_msg(m.ok == tsv_u64(t, i, "expect_ok", NULL), "%s: ok %u", id, m.ok);
		ck_assert_msg(g_str_equal(errors, tsv_get(t, i, "expect_errors")), "%s: errors '%s'", id, errors);
		ck_assert_msg(g_str_equal(warnings, tsv_get(t, i, "expect_warnings")), "%s: warnings '%s'", id,
			      warnings);
		/* Counts, levels and order agree with the messages. */
		ck_assert_msg(m.n_entries == m.n_errors + m.n_warnings, "%s: counts", id);
		for (uint32_t e = 0; e < m.n_entries; e++) {
			int s = vcpuchar_ppc_caps_get(&src, m.entries[e].cap);
			int d = vcpuchar_ppc_caps_get(&dst, m.entries[e].cap);

			ck_assert_msg(m.entries[e].src == s && m.entries[e].dst == d, "%s: entry %u levels", id, e);
			ck_assert_msg(m.entries[e].severity ==
					      (s > d ? VCPUCHAR_SEVERITY_ERROR : VCPUCHAR_SEVERITY_WARNING),
				      "%s: entry %u severity", id, e);
			ck_assert_msg(e == 0 || m.entries[e].cap > prev_cap, "%s: cap order", id);
			prev_cap = m.entries[e].cap;
		}
		/* The note is there exactly when a lower level warns. */
		if (m.n_warnings)
			ck_assert_msg(strstr(m.note, "until it reboots"), "%s: note '%s'", id, m.note);
		else
			ck_assert_msg(g_str_equal(m.note, ""), "%s: note '%s'", id, m.note);
	}
	tsv_close(t);
}
END_TEST

START_TEST(bad_args)
{
	struct vcpuchar_ppc_caps ok = { 0, 0, 0, 0 }, bad = { 0, 0, 0x10, 0 };
	struct vcpuchar_ppc_migration m = TEST_OUT(struct vcpuchar_ppc_migration);

	memset(&m, 0x5a, sizeof(m));
	m.size = 8;
	ck_assert_int_eq(vcpuchar_ppc_migration_check(&ok, &ok, &m), -EINVAL);
	m.size = sizeof(m);
	ck_assert_int_eq(vcpuchar_ppc_migration_check(NULL, &ok, &m), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migration_check(&ok, NULL, &m), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migration_check(&ok, &ok, NULL), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migration_check(&bad, &ok, &m), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migration_check(&ok, &bad, &m), -EINVAL);
	bad = (struct vcpuchar_ppc_caps){ 3, 0, 0, 0 };
	ck_assert_int_eq(vcpuchar_ppc_migration_check(&ok, &bad, &m), -EINVAL);
	bad = (struct vcpuchar_ppc_caps){ 0, 0, 0, 2 };
	ck_assert_int_eq(vcpuchar_ppc_migration_check(&bad, &ok, &m), -EINVAL);
	ck_assert_uint_eq(m.ok, 0x5a5a5a5a);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-migrate");
	TCase *tc = tcase_create("ppc-migrate");

	tcase_add_test(tc, vectors);
	tcase_add_test(tc, bad_args);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
