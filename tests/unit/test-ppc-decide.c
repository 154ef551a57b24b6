/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Validation, modes and R4/R5 of one VM (lib/ppc.md#validation, #modes). */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "ppc-host-words.h"
#include "test-ppc-util.h"

/* QEMU's texts (hw/ppc/spapr_caps.c cap_*_apply), kept here apart from the library's tables. */
static const char *const qemu_msg[4] = {
	"Requested safe cache capability level not supported by KVM",
	"Requested safe bounds check capability level not supported by KVM",
	"Requested safe indirect branch capability level not supported by KVM",
	"Requested count cache flush assist capability level not supported by KVM",
};
static const char *const cap_name[4] = { "cfpc", "sbbc", "ibs", "ccf-assist" };
static const char *const level_name[4][5] = {
	{ "broken", "workaround", "fixed" },
	{ "broken", "workaround", "fixed" },
	{ "broken", "workaround", "fixed-ibs", "fixed-ccd", "fixed-na" },
	{ "off", "on" },
};

/* Levels of a request whose caps_set is 0: never read. */
static const struct vcpuchar_ppc_caps unset;

static struct vcpuchar_ppc_request request(uint32_t mode, uint32_t accel, uint32_t set, struct vcpuchar_ppc_caps c)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

	r.mode = mode;
	r.accel = accel;
	r.caps_set = set;
	r.caps = c;
	return r;
}

/* Conflicts in the vector file's "cap:severity:field" form; checks texts on the way. */
static char *conflicts_str(const char *id, const struct vcpuchar_ppc_result *res)
{
	GString *s = g_string_new(NULL);
	uint32_t errors = 0;

	for (uint32_t i = 0; i < res->n_conflicts; i++) {
		const struct vcpuchar_ppc_conflict *c = &res->conflicts[i];
		const char *cap = cap_name[c->cap];
		g_autofree char *field = NULL;

		ck_assert_msg(i == 0 || c->cap > res->conflicts[i - 1].cap, "%s: cap order", id);
		ck_assert_msg(c->explanation, "%s: NULL explanation", id);
		if (s->len)
			g_string_append_c(s, ';');
		switch (c->severity) {
		case VCPUCHAR_SEVERITY_ERROR:
			errors++;
			field = g_strdup_printf("cap-%s=%s", cap, level_name[c->cap][c->host]);
			ck_assert_msg(c->code == VCPUCHAR_PPC_CONFLICT_CODE_ABOVE_HOST, "%s: code %u", id, c->code);
			ck_assert_msg(c->requested > c->host, "%s: error not above host", id);
			ck_assert_msg(g_str_equal(c->message, qemu_msg[c->cap]), "%s: message '%s'", id, c->message);
			ck_assert_msg(g_str_has_prefix(c->hint, "Try appending -machine ") &&
					      g_str_equal(c->hint + strlen("Try appending -machine "), field),
				      "%s: hint '%s'", id, c->hint);
			g_string_append_printf(s, "%s:error:%s", cap, field);
			break;
		case VCPUCHAR_SEVERITY_WARNING: {
			g_autofree char *msg = g_strdup_printf("TCG doesn't support requested feature, cap-%s=%s", cap,
							       level_name[c->cap][c->requested]);

			ck_assert_msg(c->code == VCPUCHAR_PPC_CONFLICT_CODE_TCG_UNSUPPORTED, "%s: code %u", id, c->code);
			ck_assert_msg(g_str_equal(c->message, msg), "%s: message '%s'", id, c->message);
			ck_assert_msg(g_str_equal(c->hint, ""), "%s: TCG hint '%s'", id, c->hint);
			g_string_append_printf(s, "%s:warning:-", cap);
			break;
		}
		case VCPUCHAR_SEVERITY_INFO:
			field = g_strdup_printf("cap-%s=%s", cap, level_name[c->cap][c->host]);
			ck_assert_msg(c->code == VCPUCHAR_PPC_CONFLICT_CODE_BELOW_HOST, "%s: code %u", id, c->code);
			ck_assert_msg(c->requested < c->host, "%s: info not below host", id);
			ck_assert_msg(g_str_equal(c->hint, field), "%s: hint '%s'", id, c->hint);
			ck_assert_msg(*c->message, "%s: empty message", id);
			g_string_append_printf(s, "%s:info:below-host", cap);
			break;
		default:
			ck_abort_msg("%s: severity %u", id, c->severity);
		}
	}
	ck_assert_msg(errors == res->n_errors, "%s: n_errors %u, counted %u", id, res->n_errors, errors);
	if (!s->len)
		g_string_append(s, "none");
	return g_string_free(s, FALSE);
}

START_TEST(validate_vectors)
{
	struct tsv *t = tsv_open("ppc-validate.tsv");
	static const uint32_t modes[] = { VCPUCHAR_PPC_MODE_CAPS, VCPUCHAR_PPC_MODE_HOST_MAX };

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		struct vcpuchar_ppc_caps hl = test_caps(t, i, "host_"), req = test_caps(t, i, "req_"), got;
		struct vcpuchar_ppc_host h = ppc_host_words(hl);
		bool tcg = g_str_equal(tsv_get(t, i, "accel"), "tcg");
		bool minimal = !hl.cfpc && !hl.sbbc && !hl.ibs && !hl.ccf_assist;

		ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &got), 1);
		ck_assert_caps_eq(id, got, hl);
		for (size_t m = 0; m < G_N_ELEMENTS(modes); m++) {
			struct vcpuchar_ppc_request r = request(modes[m], tcg, 0xf, req);
			struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
			g_autofree char *str = NULL;

			ck_assert_msg(vcpuchar_ppc_decide(&h, &r, &res) == 0, "%s: failed", id);
			str = conflicts_str(id, &res);
			ck_assert_msg(g_str_equal(str, tsv_get(t, i, "expect")), "%s (mode %zu): '%s'", id, m, str);
			ck_assert_caps_eq(id, res.effective_caps, req);
			if (!tcg)
				ck_assert_caps_eq(id, res.host_caps, hl);
			/* The caller set every cap, so no finding comes from a default. */
			for (uint32_t c = 0; c < res.n_conflicts; c++)
				ck_assert_msg(!(res.conflicts[c].flags & VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT), "%s", id);

			/* A host that told nothing gives the same findings, flagged as such. */
			if (minimal) {
				struct vcpuchar_ppc_result none = TEST_OUT(struct vcpuchar_ppc_result);
				g_autofree char *str2 = NULL;

				ck_assert_msg(vcpuchar_ppc_decide(NULL, &r, &none) == 0, "%s: NULL host", id);
				str2 = conflicts_str(id, &none);
				ck_assert_msg(g_str_equal(str2, str), "%s: NULL host '%s'", id, str2);
				ck_assert_msg(none.flags & VCPUCHAR_PPC_RESULT_HOST_NO_INFO, "%s: flag", id);
				for (uint32_t c = 0; c < none.n_conflicts && !tcg; c++) {
					ck_assert_msg(none.conflicts[c].flags & VCPUCHAR_PPC_CONFLICT_FLAG_HOST_NO_INFO, "%s",
						      id);
					ck_assert_msg(strstr(none.conflicts[c].explanation, "no CPU characteristics"),
						      "%s: explanation '%s'", id, none.conflicts[c].explanation);
				}
			}
		}
	}
	tsv_close(t);
}
END_TEST

/*
 * -machine max-cpu-compat=power7 on a POWER9 guest under TCG, caps mode: the
 * defaults QEMU reads back (qom-get cap-cfpc, cap-sbbc, cap-ibs,
 * cap-ccf-assist on /machine of "-M pseries,max-cpu-compat=X -cpu power9
 * -accel tcg -S", measured on 7.2.22, 10.0.13 and 11.1.3): power7 gives
 * cfpc and sbbc broken, ibs workaround, ccf-assist on; power8 changes none.
 */
START_TEST(max_cpu_compat_lowers_defaults)
{
	static const struct {
		uint32_t compat;
		uint32_t cfpc, sbbc;
	} rows[] = {
		{ 0, VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		{ VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		{ VCPUCHAR_PPC_CPU_POWER8, VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		{ VCPUCHAR_PPC_CPU_POWER7, VCPUCHAR_PPC_LEVEL_BROKEN, VCPUCHAR_PPC_LEVEL_BROKEN },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

		req.mode = VCPUCHAR_PPC_MODE_CAPS;
		req.accel = VCPUCHAR_ACCEL_TCG;
		req.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
		req.cpu = VCPUCHAR_PPC_CPU_POWER9;
		req.max_cpu_compat = rows[i].compat;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &req, &res), 0);
		ck_assert_uint_eq(res.effective_caps.cfpc, rows[i].cfpc);
		ck_assert_uint_eq(res.effective_caps.sbbc, rows[i].sbbc);
		ck_assert_uint_eq(res.effective_caps.ibs, VCPUCHAR_PPC_LEVEL_WORKAROUND);
		ck_assert_uint_eq(res.effective_caps.ccf_assist, VCPUCHAR_PPC_LEVEL_ON);
	}
}
END_TEST

START_TEST(caps_mode_defaults_no_info)
{
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_CAPS, VCPUCHAR_ACCEL_KVM, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	g_autofree char *str = NULL;

	/* kata-containers/runtime#1771: newest defaults on a host that reports nothing. */
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	str = conflicts_str("defaults", &res);
	ck_assert_str_eq(str, "cfpc:error:cap-cfpc=broken;sbbc:error:cap-sbbc=broken;ibs:error:cap-ibs=broken;"
			      "ccf-assist:error:cap-ccf-assist=off");
	ck_assert_uint_eq(res.n_errors, 4);
	for (uint32_t c = 0; c < 4; c++) {
		ck_assert_uint_eq(res.conflicts[c].flags,
				  VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT | VCPUCHAR_PPC_CONFLICT_FLAG_HOST_NO_INFO);
		ck_assert_ptr_nonnull(strstr(res.conflicts[c].explanation, "pseries-5.0 and later"));
		ck_assert_ptr_nonnull(strstr(res.conflicts[c].explanation, "no CPU characteristics"));
		ck_assert_ptr_nonnull(strstr(res.conflicts[c].explanation, c == 3 ? "pseries-4.2" : "pseries-3.1"));
	}
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_HOST_NO_INFO | VCPUCHAR_PPC_RESULT_CPU_ASSUMED); /* no pvr: POWER9 assumed */
	ck_assert_uint_eq(res.r4, 0xbc40000000000000);
	ck_assert_uint_eq(res.r5, 0xe400000000000000);
	ck_assert_str_eq(res.guest_view.spectre_v2,
			 "Mitigation: Software count cache flush (hardware accelerated), Software link stack flush");

	/* pseries-4.x: ccf-assist defaults off, so three errors. */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_4;
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	ck_assert_uint_eq(res.n_errors, 3);
	ck_assert_ptr_nonnull(strstr(res.conflicts[0].explanation, "pseries-4.0 to 4.2"));
	ck_assert_uint_eq(res.r4, 0xbc00000000000000);

	/* pseries-3.1: all broken, nothing to refuse. */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	ck_assert_uint_eq(res.n_conflicts, 0);
	ck_assert_uint_eq(res.r4, 0x0400000000000000);
	ck_assert_uint_eq(res.r5, 0xe000000000000000);

	/* A POWER7 guest lowers the cfpc default (lib/ppc.md#machine-defaults). */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	r.cpu = VCPUCHAR_PPC_CPU_POWER7;
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	ck_assert_uint_eq(res.n_errors, 3);
	ck_assert_uint_eq(res.conflicts[0].cap, VCPUCHAR_PPC_CAP_SBBC);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (fallback)");
}
END_TEST

START_TEST(caps_mode_default_above_host_with_info)
{
	/* xcat-core#7381: a host without the assist refuses the 5.0+ default ccf-assist=on. */
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 0 });
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_CAPS, VCPUCHAR_ACCEL_KVM, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);

	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.n_conflicts, 1);
	ck_assert_uint_eq(res.conflicts[0].cap, VCPUCHAR_PPC_CAP_CCF_ASSIST);
	ck_assert_uint_eq(res.conflicts[0].flags, VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT);
	ck_assert_ptr_nonnull(strstr(res.conflicts[0].explanation, "pin an older machine type such as pseries-4.2"));
	ck_assert_ptr_null(strstr(res.conflicts[0].explanation, "no CPU characteristics"));
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_CPU_ASSUMED); /* facts without a pvr */
	/* The caller setting the same value: no default explanation, only the host side. */
	r.caps_set = 1u << VCPUCHAR_PPC_CAP_CCF_ASSIST;
	r.caps.ccf_assist = VCPUCHAR_PPC_LEVEL_ON;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.conflicts[0].flags, 0);
	ck_assert_ptr_null(strstr(res.conflicts[0].explanation, "pseries-"));
	ck_assert_ptr_nonnull(strstr(res.conflicts[0].explanation, "fw-count-cache-flush-bcctr2,0,0"));
	/* A default below a better host is an info notice that names the default. */
	h = ppc_host_words((struct vcpuchar_ppc_caps){ 2, 1, 1, 1 });
	r.caps_set = 0;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.n_conflicts, 1);
	ck_assert_uint_eq(res.n_errors, 0);
	ck_assert_uint_eq(res.conflicts[0].severity, VCPUCHAR_SEVERITY_INFO);
	ck_assert_str_eq(res.conflicts[0].hint, "cap-cfpc=fixed");
	ck_assert_ptr_nonnull(strstr(res.conflicts[0].explanation, "pseries-5.0 and later"));
}
END_TEST

/* What on the host would have to change, besides the caps (tests/data/ppc-explain.tsv). */
START_TEST(explanation_vectors)
{
	struct tsv *t = tsv_open("ppc-explain.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *caps = tsv_get(t, i, "caps");
		struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		g_auto(GStrv) w = g_strsplit(tsv_get(t, i, "chars"), ",", -1);
		const struct vcpuchar_ppc_conflict *c = NULL;

		h.source = VCPUCHAR_SOURCE_CALLER;
		h.character = g_ascii_strtoull(w[0], NULL, 16);
		h.behaviour = g_ascii_strtoull(w[1], NULL, 16);
		h.character_mask = g_ascii_strtoull(w[2], NULL, 16);
		h.behaviour_mask = g_ascii_strtoull(w[3], NULL, 16);
		h.valid = 1;
		r.mode = VCPUCHAR_PPC_MODE_CAPS;
		ck_assert_int_eq(vcpuchar_ppc_machine_parse(tsv_get(t, i, "machine"), &r.machine, NULL, 0), 0);
		if (strcmp(caps, "-"))
			ck_assert_int_eq(vcpuchar_ppc_caps_parse(caps, &r.caps, &r.caps_set, NULL, 0), 0);
		ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
		for (uint32_t k = 0; k < res.n_conflicts; k++)
			if (g_str_equal(vcpuchar_ppc_cap_name(res.conflicts[k].cap), tsv_get(t, i, "expect_cap")) &&
			    res.conflicts[k].severity == VCPUCHAR_SEVERITY_ERROR)
				c = &res.conflicts[k];
		ck_assert_msg(c, "%s: no error for %s", id, tsv_get(t, i, "expect_cap"));
		ck_assert_msg(strstr(c->explanation, tsv_get(t, i, "expect_words")), "%s: explanation '%s' lacks '%s'", id,
			      c->explanation, tsv_get(t, i, "expect_words"));
		/* Besides the cap: the host side is named, not only the cap to lower. */
		ck_assert_msg(strstr(c->explanation, "host"), "%s: '%s'", id, c->explanation);
	}
	tsv_close(t);
}
END_TEST

START_TEST(tcg_defaults_warn)
{
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_CAPS, VCPUCHAR_ACCEL_TCG, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 2, 2, 4, 1 });
	g_autofree char *str = NULL;

	/* Measured with QEMU 7.2: the defaults print four warnings; the host is ignored. */
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	str = conflicts_str("tcg", &res);
	ck_assert_str_eq(str, "cfpc:warning:-;sbbc:warning:-;ibs:warning:-;ccf-assist:warning:-");
	ck_assert_uint_eq(res.n_errors, 0);
	ck_assert_uint_eq(res.conflicts[3].flags, VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT);
	ck_assert_ptr_nonnull(strstr(res.conflicts[3].explanation, "pseries-5.0"));
	ck_assert_uint_eq(res.r4, 0xbc40000000000000);
	/* host-max under TCG takes QEMU's quiet set, whatever the host says. */
	r.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.n_conflicts, 0);
	ck_assert_caps_eq("tcg host-max", res.effective_caps, ((struct vcpuchar_ppc_caps){ 0, 0, 0, 0 }));
	ck_assert_uint_eq(res.r4, 0x0400000000000000);
	ck_assert_uint_eq(res.r5, 0xe000000000000000);
	ck_assert_ptr_nonnull(strstr(res.mode_reason, "TCG"));
	/* Host mode would hand a TCG guest the words of a host that does not run it: refused. */
	r.mode = VCPUCHAR_PPC_MODE_HOST;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -EINVAL);
	r.accel = VCPUCHAR_ACCEL_KVM;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
}
END_TEST

START_TEST(host_max_mode)
{
	/* A POWER10-like host: everything fixed, ccf assist present. */
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 2, 2, 4, 1 });
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_HOST_MAX, VCPUCHAR_ACCEL_KVM, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_guest_view v = TEST_OUT(struct vcpuchar_ppc_guest_view);

	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.mode, VCPUCHAR_PPC_MODE_HOST_MAX);
	ck_assert_caps_eq("host-max", res.effective_caps, ((struct vcpuchar_ppc_caps){ 2, 2, 4, 1 }));
	ck_assert_uint_eq(res.n_conflicts, 0);
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	ck_assert_uint_eq(res.r4, 0x0400000000000000);
	ck_assert_uint_eq(res.r5, 0x8180000000000000);
	ck_assert_int_eq(vcpuchar_ppc_guest_view(res.r4, res.r5, 0, 0, &v), 0);
	ck_assert_int_eq(memcmp(&v, &res.guest_view, sizeof(v)), 0);
	ck_assert_str_eq(res.guest_view.meltdown, "Not affected");

	/* A cap the caller set is kept and validated: below the host is an info notice. */
	r.caps_set = 1u << VCPUCHAR_PPC_CAP_CFPC;
	r.caps.cfpc = VCPUCHAR_PPC_LEVEL_WORKAROUND;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.n_conflicts, 1);
	ck_assert_uint_eq(res.conflicts[0].severity, VCPUCHAR_SEVERITY_INFO);
	ck_assert_uint_eq(res.conflicts[0].flags, 0);
	ck_assert_str_eq(res.conflicts[0].explanation, "");

	/*
	 * A POWER7 guest: QEMU's default_caps_with_cpu() gives it cfpc=broken,
	 * and host-max never raises a cap past what the CPU model can use.
	 */
	r.caps_set = 0;
	r.cpu = VCPUCHAR_PPC_CPU_POWER7;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_caps_eq("host-max p7", res.effective_caps, ((struct vcpuchar_ppc_caps){ 0, 2, 4, 1 }));
	r.cpu = 0;

	/* Without information: broken/off, flagged, said in the reason, no conflicts. */
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	ck_assert_caps_eq("host-max none", res.effective_caps, ((struct vcpuchar_ppc_caps){ 0, 0, 0, 0 }));
	ck_assert_uint_eq(res.n_conflicts, 0);
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_HOST_NO_INFO | VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	ck_assert_ptr_nonnull(strstr(res.mode_reason, "without host information"));
	ck_assert_uint_eq(res.r4, 0x0400000000000000);
	ck_assert_uint_eq(res.r5, 0xe000000000000000);
}
END_TEST

START_TEST(not_expressible)
{
	/* Pending-kernel masks with link-stack assist and the NO_* bits known-set. */
	struct vcpuchar_ppc_host h = test_host(0xbc50000000000000, 0xe5c0000000000000, 0xff50000000000000,
					       0xf7c0000000000000, 0);
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_HOST_MAX, VCPUCHAR_ACCEL_KVM, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);

	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.r4, 0xbc40000000000000);
	ck_assert_uint_eq(res.r5, 0xe400000000000000);
	ck_assert_uint_eq(res.unexpressed_r4, VCPUCHAR_H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST);
	ck_assert_uint_eq(res.unexpressed_r5, 0x01c0000000000000);
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_NOT_EXPRESSIBLE | VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	/* caps mode reports the same. */
	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.unexpressed_r5, 0x01c0000000000000);
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_NOT_EXPRESSIBLE | VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	/* Host mode passes them on. */
	r.mode = VCPUCHAR_PPC_MODE_HOST;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.r4, 0xbc50000000000000);
	ck_assert_uint_eq(res.r5, 0xe5c0000000000000);
	ck_assert_uint_eq(res.unexpressed_r4, 0);
	ck_assert_uint_eq(res.unexpressed_r5, 0);
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE | VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	ck_assert_str_eq(res.guest_view.spectre_v2, "Mitigation: Software count cache flush (hardware accelerated), "
						    "Software link stack flush (hardware accelerated)");
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Vulnerable");
	/* The old masks vouch for none of these bits: nothing is unexpressed. */
	h.character_mask = 0xff40000000000000;
	h.behaviour_mask = 0xe400000000000000;
	r.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.unexpressed_r4, 0);
	ck_assert_uint_eq(res.unexpressed_r5, 0);
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
}
END_TEST

START_TEST(host_not_power)
{
	/* Measured words of run fixed-ibs, as in host_mode; only [host] arch changes. */
	struct vcpuchar_ppc_host h = test_host(0x4400000000000000, 0x8180000000000000, 0xff40000000000000,
					       0xe400000000000000, 0);
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_HOST_MAX, VCPUCHAR_ACCEL_KVM, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_caps levels;
	static const char *const power[] = { "", "ppc64le", "ppc64", "ppc", "ppcle" };
	/* uname -m of other machines, and near misses a prefix test would take for POWER. */
	static const char *const other[] = { "x86_64", "aarch64", "ppc64lex", "ppcx", "ppc6", "PPC64LE" };

	for (size_t i = 0; i < G_N_ELEMENTS(power); i++) {
		g_strlcpy(h.arch, power[i], sizeof(h.arch));
		ck_assert_msg(vcpuchar_ppc_decide(&h, &r, &res) == 0, "arch=%s refused", power[i]);
		ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &levels), 1);
	}
	for (size_t i = 0; i < G_N_ELEMENTS(other); i++) {
		g_strlcpy(h.arch, other[i], sizeof(h.arch));
		ck_assert_msg(vcpuchar_ppc_decide(&h, &r, &res) == -EINVAL, "arch=%s decided", other[i]);
		ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &levels), -EINVAL);
	}
	/* All 16 bytes used, no NUL: not a POWER name either. */
	memset(h.arch, 'p', sizeof(h.arch));
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -EINVAL);
	/* A name ends at its NUL: the bytes after it are not part of it. */
	memcpy(h.arch, "ppc\0le64x", sizeof("ppc\0le64x"));
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &levels), 1);
	memcpy(h.arch, "ppc64\0\0\0x86", sizeof("ppc64\0\0\0x86"));
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
}
END_TEST

START_TEST(host_mode)
{
	/* Measured words of run fixed-ibs: the NO_L1D bits outside the mask come from host-max (cfpc=fixed). */
	struct vcpuchar_ppc_host h = test_host(0x4400000000000000, 0x8180000000000000, 0xff40000000000000,
					       0xe400000000000000, 0);
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_HOST, VCPUCHAR_ACCEL_KVM, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_result untouched;

	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.r4, 0x4400000000000000);
	ck_assert_uint_eq(res.r5, 0x8180000000000000);
	ck_assert_uint_eq(res.flags, VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE | VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	ck_assert_ptr_nonnull(strstr(res.mode_reason, "not migration-safe"));
	/* The caps are still validated (QEMU still refuses): default ccf-assist=on above off. */
	ck_assert_uint_eq(res.n_errors, 1);
	ck_assert_uint_eq(res.conflicts[0].cap, VCPUCHAR_PPC_CAP_CCF_ASSIST);
	ck_assert_str_eq(res.conflicts[0].hint, "Try appending -machine cap-ccf-assist=off");
	/* Defaults below the host cost a host-mode guest nothing: no notice. */
	ck_assert_uint_eq(res.n_conflicts, 1);
	ck_assert_str_eq(res.guest_view.meltdown, "Not affected");

	/* No information: refuse rather than answer zeros; nothing written. */
	memset(&res, 0x5a, sizeof(res));
	res.size = sizeof(res);
	untouched = res;
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), -ENODATA);
	h.character_mask = h.behaviour_mask = 0;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -ENODATA);
	ck_assert_int_eq(memcmp(&res, &untouched, sizeof(res)), 0);
}
END_TEST

/*
 * Wide masks (lib/ppc.md#masks, the 2025 kernel masks 0xff50.../0xf7c0...)
 * that vouch both NO_L1D bits clear: no L1D flush needed on return to user,
 * but the entry and uaccess flushes are. QEMU's cfpc=fixed answer
 * (hw/ppc/spapr_hcall.c, since 17fd09c021) would tell the guest to skip
 * them, so host-max keeps cfpc below fixed (lib/ppc.md#modes).
 */
START_TEST(host_max_keeps_needed_flushes)
{
	const uint64_t no_l1d = VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY | VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS;
	/* ORI30 and TRIG2 and THREAD_PRIV: the flush instructions are there. */
	struct vcpuchar_ppc_host h = test_host(0x3c00000000000000, 0x8000000000000000, 0xff50000000000000,
					       0xf7c0000000000000, 0);
	struct vcpuchar_ppc_request r = request(VCPUCHAR_PPC_MODE_HOST_MAX, VCPUCHAR_ACCEL_KVM, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	uint64_t r4, r5;

	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.host_caps.cfpc, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.r5 & no_l1d, 0);
	ck_assert_uint_eq(res.n_conflicts, 1);
	ck_assert_uint_eq(res.conflicts[0].cap, VCPUCHAR_PPC_CAP_CFPC);
	ck_assert_ptr_nonnull(strstr(res.conflicts[0].explanation, "NO_L1D_FLUSH_ENTRY or NO_L1D_FLUSH_UACCESS"));
	/* Host mode on the same host keeps them too. */
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, &r4, &r5), 0);
	ck_assert_uint_eq(r5 & no_l1d, 0);

	/* Without the flush instructions: broken, which still tells the guest to flush. */
	h.character = 0;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_uint_eq(res.r5 & no_l1d, 0);

	/* The host vouching both bits set: fixed, as before. */
	h.behaviour |= no_l1d;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_uint_eq(res.r5 & no_l1d, no_l1d);
}
END_TEST

/*
 * ccf-assist below the host costs nothing unless ibs is workaround: QEMU
 * sends BCCTR_FLUSH_ASSIST only then (hw/ppc/spapr_hcall.c). Host: the
 * measured words of an L0 with the pseries-7.2 defaults (workaround x3, on).
 */
START_TEST(ccf_assist_below_texts)
{
	struct vcpuchar_ppc_host h = test_host(0xbc40000000000000, 0xe400000000000000, 0xff40000000000000,
					       0xe400000000000000, 0);
	struct vcpuchar_ppc_caps c = { .cfpc = VCPUCHAR_PPC_LEVEL_WORKAROUND, .sbbc = VCPUCHAR_PPC_LEVEL_WORKAROUND };
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_request r;

	for (uint32_t ibs = VCPUCHAR_PPC_LEVEL_BROKEN; ibs <= VCPUCHAR_PPC_LEVEL_WORKAROUND; ibs++) {
		c.ibs = (uint8_t)ibs;
		r = request(VCPUCHAR_PPC_MODE_CAPS, VCPUCHAR_ACCEL_KVM, 0xf, c);
		ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
		ck_assert_uint_eq(res.n_conflicts, ibs == VCPUCHAR_PPC_LEVEL_BROKEN ? 2 : 1);
		ck_assert_uint_eq(res.conflicts[res.n_conflicts - 1].cap, VCPUCHAR_PPC_CAP_CCF_ASSIST);
		if (ibs == VCPUCHAR_PPC_LEVEL_WORKAROUND)
			ck_assert_ptr_nonnull(strstr(res.conflicts[0].message, "in software"));
		else
			ck_assert_str_eq(res.conflicts[1].message,
					 "Requested count cache flush assist capability level is below the host's: no effect "
					 "on the guest, which is told of the assist only with cap-ibs=workaround");
	}
}
END_TEST

START_TEST(bad_args)
{
	struct vcpuchar_ppc_request r = request(0, 0, 0, unset);
	struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 1 });

	ck_assert_int_eq(vcpuchar_ppc_decide(&h, NULL, &res), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, NULL), -EINVAL);
#define BAD(field, value) \
	do { \
		struct vcpuchar_ppc_request b = r; \
		b.field = value; \
		ck_assert_msg(vcpuchar_ppc_decide(&h, &b, &res) == -EINVAL, #field " = " #value); \
	} while (0)
	BAD(mode, 3);
	BAD(accel, 2);
	BAD(machine, 4);
	BAD(cpu, 5);
	BAD(cpu, 12);
	BAD(caps_set, 0x10);
	BAD(size, 0);
	BAD(size, sizeof(r) - 1);
#undef BAD
	/* A level out of range counts only where caps_set says the caller set it. */
	r.caps.cfpc = 3;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	r.caps_set = 1;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -EINVAL);
	r.caps = (struct vcpuchar_ppc_caps){ 0, 0, 5, 0 };
	r.caps_set = 4;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -EINVAL);
	r.caps = (struct vcpuchar_ppc_caps){ 0, 0, 0, 2 };
	r.caps_set = 8;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -EINVAL);
	r.caps_set = 0;
	/* Host facts with a bad size. */
	h.size = 4;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -EINVAL);
	h.size = sizeof(h);
	/* Result with a bad size. */
	res.size = sizeof(res) - 8;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), -EINVAL);
	res.size = sizeof(res);
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
}
END_TEST

START_TEST(bigger_structs)
{
	struct {
		struct vcpuchar_ppc_request r;
		uint64_t tail;
	} req;
	struct {
		struct vcpuchar_ppc_result r;
		uint64_t tail;
	} res;
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 1 });

	memset(&req, 0, sizeof(req));
	memset(&res, 0, sizeof(res));
	req.r.size = sizeof(req);
	res.r.size = sizeof(res);
	/* Newer headers' bigger structs with zero tails work; the result keeps its size. */
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req.r, &res.r), 0);
	ck_assert_uint_eq(res.r.size, sizeof(res));
	ck_assert_uint_eq(res.r.r4, 0xbc40000000000000);
	ck_assert_uint_eq(res.tail, 0);
	/* A non-zero tail is a field this library does not know. */
	req.tail = 1;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req.r, &res.r), -EINVAL);
	req.tail = 0;
	res.tail = 1;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req.r, &res.r), -EINVAL);
}
END_TEST

/*
 * Checks one result against the rules of lib/ppc.md#validation and #modes, cap by cap.
 * Returns the first broken rule, or NULL; plain tests keep the sweep fast.
 */
static const char *broken_rule(const struct vcpuchar_ppc_host *h, const struct vcpuchar_ppc_request *r,
			       const struct vcpuchar_ppc_result *res)
{
	const struct vcpuchar_ppc_caps *hc = &res->host_caps, *eff = &res->effective_caps;
	uint32_t k = 0, errors = 0;
	uint64_t r4, r5;

	for (uint32_t cap = 0; cap < 4; cap++) {
		const struct vcpuchar_ppc_conflict *c = &res->conflicts[k];
		int req = vcpuchar_ppc_caps_get(eff, cap), host = vcpuchar_ppc_caps_get(hc, cap);
		int want_sev = -1;

		if (r->accel == VCPUCHAR_ACCEL_TCG) {
			if (req > 0)
				want_sev = VCPUCHAR_SEVERITY_WARNING;
		} else if (req > host) {
			if (!(cap == VCPUCHAR_PPC_CAP_CCF_ASSIST && hc->ibs == VCPUCHAR_PPC_LEVEL_FIXED_CCD))
				want_sev = VCPUCHAR_SEVERITY_ERROR;
		} else if (req < host && r->mode != VCPUCHAR_PPC_MODE_HOST) {
			want_sev = VCPUCHAR_SEVERITY_INFO;
		}
		if (want_sev < 0)
			continue;
		if (k++ >= res->n_conflicts || c->cap != cap || c->severity != (uint32_t)want_sev)
			return "conflict missing or wrong severity";
		if (c->requested != req || c->host != host)
			return "conflict levels";
		if (!c->message || !*c->message || !c->hint || !c->explanation)
			return "conflict texts";
		if (c->severity == VCPUCHAR_SEVERITY_ERROR)
			errors++;
		if ((c->flags & VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT) &&
		    ((r->caps_set & (1u << cap)) || r->mode == VCPUCHAR_PPC_MODE_HOST_MAX || !*c->explanation))
			return "default flag or its explanation";
		if ((c->flags & VCPUCHAR_PPC_CONFLICT_FLAG_HOST_NO_INFO) && !strstr(c->explanation, "no CPU characteristics"))
			return "no-information explanation";
	}
	if (k != res->n_conflicts)
		return "extra conflict";
	if (errors != res->n_errors)
		return "n_errors";
	if (r->mode == VCPUCHAR_PPC_MODE_HOST ? vcpuchar_ppc_host_to_hcall(h, &r4, &r5)
					      : vcpuchar_ppc_caps_to_hcall(eff, &r4, &r5))
		return "hcall failed";
	if (res->r4 != r4 || res->r5 != r5)
		return "R4/R5";
	if (!res->mode_reason)
		return "mode reason";
	return NULL;
}

START_TEST(every_combination)
{
	/* Every host level set (and no host), every mode, accelerator and machine. */
	for (int hi = -1; hi < 3 * 3 * 5 * 2; hi++) {
		int v = hi < 0 ? 0 : hi;
		struct vcpuchar_ppc_host h =
			ppc_host_words((struct vcpuchar_ppc_caps){ v % 3, v / 3 % 3, v / 9 % 5, v / 45 });
		const struct vcpuchar_ppc_host *hp = hi < 0 ? NULL : &h;

		for (uint32_t mode = 0; mode < 3; mode++) {
			for (uint32_t accel = 0; accel < 2; accel++) {
				for (int ri = -4; ri < 3 * 3 * 5 * 2; ri++) {
					int w = ri < 0 ? 0 : ri;
					struct vcpuchar_ppc_caps rc = { w % 3, w / 3 % 3, w / 9 % 5, w / 45 };
					/* Negative ri: machine defaults of machine -ri - 1. */
					struct vcpuchar_ppc_request r = ri < 0 ? request(mode, accel, 0, unset)
									       : request(mode, accel, 0xf, rc);
					struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
					int ret;

					if (ri < 0)
						r.machine = (uint32_t)(-ri - 1);
					ret = vcpuchar_ppc_decide(hp, &r, &res);
					/* A TCG guest does not run on the host: host mode has no words to give it. */
					if (mode == VCPUCHAR_PPC_MODE_HOST && accel == VCPUCHAR_ACCEL_TCG) {
						if (ret != -EINVAL)
							ck_abort_msg("host mode under TCG: %d", ret);
						continue;
					}
					if (!hp && mode == VCPUCHAR_PPC_MODE_HOST) {
						if (ret != -ENODATA)
							ck_abort_msg("host mode without host: %d", ret);
						continue;
					}
					const char *why = ret ? "failed" : broken_rule(hp, &r, &res);

					if (why)
						ck_abort_msg("host %d mode %u accel %u request %d: %s", hi, mode, accel, ri,
							     why);
				}
			}
		}
	}
}
END_TEST

/* vcpuchar_ppc_request_check(): decide()'s errno for the request alone, with the member and rule named. */
START_TEST(request_check_reasons)
{
	static const struct {
		const char *id;
		uint32_t field, value;
		int ret;
		const char *says;
	} rows[] = {
		{ "qemu_version", 0, 60000, -EINVAL, "qemu_version 60000 is no supported QEMU version" },
		{ "mode", 1, 3, -EINVAL, "mode 3" },
		{ "accel", 2, 2, -EINVAL, "accel 2 is neither kvm (0) nor tcg (1)" },
		{ "machine", 3, 5, -EINVAL, "machine 5 is no enum vcpuchar_ppc_machine value" },
		{ "cpu", 4, 6, -EINVAL, "cpu 6 is no enum vcpuchar_ppc_cpu value" },
		{ "caps_set", 5, 0x10, -EINVAL, "caps_set 0x10 has bits past the four caps" },
		{ "level", 6, 9, -EINVAL, "cap-cfpc level 9 is out of range (0 to 2)" },
		{ "host-tcg", 7, 0, -EINVAL, "host mode under TCG" },
		{ "unknown-type", 8, 0, -EINVAL, "all four caps are needed" },
		{ "sxxm-9.2", 9, 0, -ENOENT, "QEMU 9.2 has no machine type of pseries-2.12-sxxm" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result res = TEST_OUT(struct vcpuchar_ppc_result);
		char why[256] = "junk";

		switch (rows[i].field) {
		case 0: req.qemu_version = rows[i].value; break;
		case 1: req.mode = rows[i].value; break;
		case 2: req.accel = rows[i].value; break;
		case 3: req.machine = rows[i].value; break;
		case 4: req.cpu = rows[i].value; break;
		case 5: req.caps_set = rows[i].value; break;
		case 6: req.caps_set = 1u << VCPUCHAR_PPC_CAP_CFPC; req.caps.cfpc = (uint8_t)rows[i].value; break;
		case 7: req.mode = VCPUCHAR_PPC_MODE_HOST; req.accel = VCPUCHAR_ACCEL_TCG; break;
		case 8: req.machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN; req.caps_set = 0x7; break;
		default:
			req.machine = VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM;
			req.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(9, 2, 0);
		}
		ck_assert_int_eq(vcpuchar_ppc_request_check(&req, why, sizeof(why)), rows[i].ret);
		ck_assert_msg(strstr(why, rows[i].says), "%s: %s", rows[i].id, why);
		/* decide() refuses it with the same errno (without host: the request alone decides). */
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &req, &res), rows[i].ret);
	}
	{
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		char why[64] = "junk";

		ck_assert_int_eq(vcpuchar_ppc_request_check(&req, why, sizeof(why)), 0);
		ck_assert_str_eq(why, "");
		ck_assert_int_eq(vcpuchar_ppc_request_check(NULL, why, sizeof(why)), -EINVAL);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&req, NULL, 8), -EINVAL);
		req.size = 3;
		ck_assert_int_eq(vcpuchar_ppc_request_check(&req, why, sizeof(why)), -EINVAL);
		ck_assert_msg(strstr(why, "size (3)"), "%s", why);
		/* A 1.0 caller's 28-byte request reads qemu_version as 0. */
		req.size = offsetof(struct vcpuchar_ppc_request, qemu_version);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&req, NULL, 0), 0);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-decide");
	TCase *tc = tcase_create("ppc-decide");

	tcase_add_test(tc, validate_vectors);
	tcase_add_test(tc, caps_mode_defaults_no_info);
	tcase_add_test(tc, caps_mode_default_above_host_with_info);
	tcase_add_test(tc, explanation_vectors);
	tcase_add_test(tc, tcg_defaults_warn);
	tcase_add_test(tc, host_max_mode);
	tcase_add_test(tc, not_expressible);
	tcase_add_test(tc, host_max_keeps_needed_flushes);
	tcase_add_test(tc, ccf_assist_below_texts);
	tcase_add_test(tc, host_mode);
	tcase_add_test(tc, host_not_power);
	tcase_add_test(tc, bad_args);
	tcase_add_test(tc, bigger_structs);
	tcase_add_test(tc, every_combination);
	tcase_add_test(tc, request_check_reasons);
	tcase_add_test(tc, max_cpu_compat_lowers_defaults);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
