/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The fleet baseline over the bundled host profiles (lib/ppc.md#fleet-baseline). */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

static struct vcpuchar_ppc_host load(const char *name)
{
	g_autofree char *file = g_strconcat(name, ".profile", NULL);
	g_autofree char *p = g_build_filename(VCPUCHAR_PROFILES, file, NULL);
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	char err[256] = "";

	ck_assert_msg(vcpuchar_profile_load(p, &h, NULL, err, sizeof(err)) == 0, "%s: %s", name, err);
	return h;
}

START_TEST(vectors)
{
	struct tsv *t = tsv_open("ppc-baseline.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		g_auto(GStrv) names = g_strsplit(tsv_get(t, i, "profiles"), ",", -1);
		guint n = g_strv_length(names);
		g_autofree struct vcpuchar_ppc_host *h = g_new0(struct vcpuchar_ppc_host, n);
		g_autofree const struct vcpuchar_ppc_host **p = g_new0(const struct vcpuchar_ppc_host *, n);
		g_autofree struct vcpuchar_ppc_caps *lv = g_new0(struct vcpuchar_ppc_caps, n);
		g_autofree uint32_t *held = g_new0(uint32_t, n);
		struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
		struct vcpuchar_ppc_caps want = test_caps_list(tsv_get(t, i, "expect_caps"));
		g_autoptr(GString) got = g_string_new(NULL);
		char qemu[VCPUCHAR_PPC_FORMAT_LEN];
		uint32_t any = 0, no_info = 0;

		for (guint k = 0; k < n; k++) {
			h[k] = load(names[k]);
			p[k] = &h[k];
			no_info += !h[k].valid;
		}
		ck_assert_msg(vcpuchar_ppc_baseline(p, n, lv, held, &b) == 0, "%s: failed", id);
		ck_assert_caps_eq(id, b.caps, want);
		ck_assert_msg(b.n_hosts == n && b.n_no_info == no_info, "%s: counts %u %u", id, b.n_hosts, b.n_no_info);
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			for (guint k = 0; k < n; k++)
				if (held[k] & (1u << cap))
					g_string_append_printf(got, "%s%s:%s", got->len ? ";" : "",
							       vcpuchar_ppc_cap_name(cap), names[k]);
		if (!got->len)
			g_string_append(got, "none");
		ck_assert_msg(g_str_equal(got->str, tsv_get(t, i, "expect_held")), "%s: held back '%s'", id, got->str);
		for (guint k = 0; k < n; k++) {
			struct vcpuchar_ppc_caps own;

			any |= held[k];
			/* The per-host levels are the host's own, as vcpuchar_ppc_host_levels() gives them. */
			vcpuchar_ppc_host_levels(&h[k], &own);
			ck_assert_caps_eq(id, lv[k], own);
		}
		ck_assert_msg(b.held_back == any, "%s: held_back 0x%x", id, b.held_back);
		ck_assert_int_gt(vcpuchar_ppc_caps_format(&b.caps, VCPUCHAR_PPC_FORMAT_QEMU, qemu, sizeof(qemu), NULL), 0);
		ck_assert_msg(g_str_equal(qemu, tsv_get(t, i, "expect_qemu")), "%s: qemu '%s'", id, qemu);
	}
	tsv_close(t);
}
END_TEST

/* Every host accepts the baseline: vcpuchar_ppc_decide() in caps mode finds no error on any of them. */
START_TEST(every_host_accepts)
{
	static const char *const names[] = { "power9-dd2.3-opal", "power9-nested-hv-qemu",
					     "power9-nested-hv-qemu-fixed-ccd", "power10-nested-hv-qemu-fixed-na" };
	struct vcpuchar_ppc_host h[4];
	const struct vcpuchar_ppc_host *p[4];
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

	for (int k = 0; k < 4; k++) {
		h[k] = load(names[k]);
		p[k] = &h[k];
	}
	ck_assert_int_eq(vcpuchar_ppc_baseline(p, 4, NULL, NULL, &b), 0);
	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	req.caps_set = 0xf;
	req.caps = b.caps;
	for (int k = 0; k < 4; k++) {
		struct vcpuchar_ppc_result r = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

		ck_assert_int_eq(vcpuchar_ppc_decide(&h[k], &req, &r), 0);
		ck_assert_msg(r.n_errors == 0, "%s refuses the baseline", names[k]);
	}
}
END_TEST

START_TEST(bad_arguments)
{
	struct vcpuchar_ppc_host h = test_host(0, 0, 0, 0, 0), bad = h;
	const struct vcpuchar_ppc_host *p[2] = { &h, NULL };
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	uint32_t held[2] = { 77, 77 };

	ck_assert_int_eq(vcpuchar_ppc_baseline(NULL, 1, NULL, NULL, &b), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_baseline(p, 0, NULL, NULL, &b), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_baseline(p, 1, NULL, NULL, NULL), -EINVAL);
	b.size = 4;
	ck_assert_int_eq(vcpuchar_ppc_baseline(p, 1, NULL, NULL, &b), -EINVAL);
	b.size = sizeof(b);
	/* A bad host anywhere: nothing written. */
	bad.power8 = 2;
	p[1] = &bad;
	ck_assert_int_eq(vcpuchar_ppc_baseline(p, 2, NULL, held, &b), -EINVAL);
	ck_assert_uint_eq(held[0], 77);
	/* A NULL entry is a host without information: it holds every cap. */
	p[1] = NULL;
	ck_assert_int_eq(vcpuchar_ppc_baseline(p, 2, NULL, held, &b), 0);
	ck_assert_uint_eq(held[1], 0xf);
	ck_assert_uint_eq(b.n_no_info, 2);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-baseline");
	TCase *tc = tcase_create("baseline");

	tcase_add_test(tc, vectors);
	tcase_add_test(tc, every_host_accepts);
	tcase_add_test(tc, bad_arguments);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
