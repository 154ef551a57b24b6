/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The target QEMU's version (lib/ppc.md#qemu-versions): parsing, which
 * release's row answers, machine types per version, the request's new
 * member and the texts that name the version.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "test-ppc-util.h"

/* The defaults classes as the vector files name them (enum vcpuchar_ppc_machine order). */
static const char *const classes[] = { "pseries", "pseries-4", "pseries-3.1", "pseries-2.12-sxxm" };

/* "-" is "not given" (0); anything else goes through the parser, which must accept it. */
static uint32_t version_cell(const struct tsv *t, guint i, const char *id)
{
	const char *q = tsv_get(t, i, "qemu");
	uint32_t v = 0;
	char err[256] = "";

	if (g_str_equal(q, "-"))
		return 0;
	ck_assert_msg(vcpuchar_ppc_qemu_version_parse(q, &v, err, sizeof(err)) == 0, "%s: '%s' refused: %s", id, q,
		      err);
	return v;
}

START_TEST(version_vectors)
{
	struct tsv *t = tsv_open("ppc-qemu-versions.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *expect = tsv_get(t, i, "expect");
		const char *text = tsv_get(t, i, "expect_text"), *machine = tsv_get(t, i, "machine");
		char err[512] = "", note[512] = "x";
		uint32_t v = 12345, m = 99;
		int r, check;

		if (g_str_equal(machine, "-")) {
			/* A version the parser refuses: -EINVAL, @ret unchanged, the message names it. */
			r = vcpuchar_ppc_qemu_version_parse(tsv_get(t, i, "qemu"), &v, err, sizeof(err));
			ck_assert_msg(g_str_equal(expect, "EINVAL"), "%s: rows without a machine test refusals", id);
			ck_assert_msg(r == -EINVAL && v == 12345, "%s: returned %d, v %u", id, r, v);
			ck_assert_msg(strstr(err, text), "%s: message '%s' lacks '%s'", id, err, text);
			continue;
		}
		v = version_cell(t, i, id);
		check = vcpuchar_ppc_qemu_version_check(v, NULL, note, sizeof(note));
		ck_assert_msg(check == atoi(tsv_get(t, i, "expect_check")), "%s: check %d: %s", id, check, note);
		/* A note exactly when the answer is not for the version itself. */
		ck_assert_msg(check ? note[0] != '\0' : note[0] == '\0', "%s: note '%s'", id, note);
		r = vcpuchar_ppc_machine_parse_qemu(machine, v, &m, err, sizeof(err));
		if (g_str_has_prefix(expect, "ok:")) {
			ck_assert_msg(r == 0 && m < G_N_ELEMENTS(classes), "%s: %d %s", id, r, err);
			ck_assert_msg(g_str_equal(classes[m], expect + 3), "%s: class %s, want %s", id, classes[m],
				      expect + 3);
			if (!g_str_equal(text, "-"))
				ck_assert_msg(strstr(note, text), "%s: note '%s' lacks '%s'", id, note, text);
		} else {
			int want = g_str_equal(expect, "ENOENT") ? -ENOENT : -EINVAL;

			ck_assert_msg(r == want && m == 99, "%s: returned %d (want %d), m %u", id, r, want, m);
			ck_assert_msg(strstr(err, machine), "%s: message '%s' does not name the type", id, err);
			ck_assert_msg(strstr(err, text) || strstr(note, text), "%s: neither '%s' nor '%s' has '%s'", id,
				      err, note, text);
			/* A type the target lacks names the target version too. */
			if (want == -ENOENT)
				ck_assert_msg(strstr(err, v ? tsv_get(t, i, "qemu") : "7.2"), "%s: '%s' names no version",
					      id, err);
		}
	}
	tsv_close(t);
}
END_TEST

/*
 * Every type upstream QEMU had (what the 1.0 parser accepts), against each
 * release's list with its source: accepted exactly when listed,
 * else -ENOENT (tests/data/ppc-qemu-machine-types.tsv).
 */
START_TEST(machine_types_per_release)
{
	struct tsv *t = tsv_open("ppc-qemu-machine-types.tsv");
	unsigned n_upstream = 0;

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		g_auto(GStrv) listed = g_strsplit(tsv_get(t, i, "types"), " ", -1);
		uint32_t v = version_cell(t, i, id);
		unsigned n_ok = 0;

		ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(v, NULL, NULL, 0), 0);
		n_upstream = 0;
		for (unsigned major = 0; major <= 12; major++)
			for (unsigned minor = 0; minor <= 13; minor++)
				for (int sx = 0; sx < 2; sx++) {
					g_autofree char *name = g_strdup_printf("pseries-%u.%u%s", major, minor,
										sx ? "-sxxm" : "");
					uint32_t m0, m = 99;
					char err[512] = "";
					int r;

					if (vcpuchar_ppc_machine_parse(name, &m0, NULL, 0) != 0)
						continue;
					n_upstream++;
					r = vcpuchar_ppc_machine_parse_qemu(name, v, &m, err, sizeof(err));
					if (g_strv_contains((const char *const *)listed, name)) {
						ck_assert_msg(r == 0 && m == m0, "%s: %s: %d %s", id, name, r, err);
						n_ok++;
					} else {
						ck_assert_msg(r == -ENOENT && m == 99, "%s: %s: %d", id, name, r);
						ck_assert_msg(strstr(err, name) && strstr(err, tsv_get(t, i, "qemu")),
							      "%s: '%s'", id, err);
					}
				}
		/* Every listed type was met: the list holds nothing the upstream parser does not know. */
		ck_assert_msg(n_ok == g_strv_length(listed), "%s: %u of %u listed types accepted", id, n_ok,
			      g_strv_length(listed));
	}
	/* 2.1-2.12, sxxm, 3.0-3.1, 4.0-10.2 (21), 11.0-11.1 (lib/ppc.md#machine-defaults). */
	ck_assert_uint_eq(n_upstream, 12 + 1 + 2 + 21 + 2);
	tsv_close(t);
}
END_TEST

START_TEST(version_numbers)
{
	uint32_t v = 0, answered = 0;
	char note[512];

	ck_assert_uint_eq(VCPUCHAR_PPC_QEMU_VERSION(10, 0, 13), 100013);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_parse("10.0.13", &v, NULL, 0), 0);
	ck_assert_uint_eq(v, 100013);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_parse("7.2", &v, NULL, 0), 0);
	ck_assert_uint_eq(v, 70200);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_parse("99.99.99", &v, NULL, 0), 0);
	ck_assert_uint_eq(v, 999999);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_parse("100.0", &v, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_parse(NULL, &v, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_parse("7.2", NULL, NULL, 0), -EINVAL);

	/* Which row answers: every release 7.2 to 11.1 its own; 7.3 (no release) 7.2; after 11.1 11.1. */
	static const struct {
		uint32_t v, answered;
		int kind;
	} cases[] = {
		{ 0, 70200, 1 },	  { 70200, 70200, 0 },	   { 70222, 70200, 0 },	  { 70300, 70200, 2 },
		{ 80300, 80200, 2 },	  { 90200, 90200, 0 },	   { 99999 - 99, 90200, 2 }, { 100000, 100000, 0 },
		{ 100013, 100000, 0 },	  { 100100, 100100, 0 },   { 100300, 100200, 2 }, { 110103, 110100, 0 },
		{ 110200, 110100, 2 },	  { 999999, 110100, 2 },
	};
	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		answered = 1;
		ck_assert_msg(vcpuchar_ppc_qemu_version_check(cases[i].v, &answered, note, sizeof(note)) == cases[i].kind,
			      "%u", cases[i].v);
		ck_assert_msg(answered == cases[i].answered, "%u: answered %u", cases[i].v, answered);
	}
	/* The note names both versions. */
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(120000, NULL, note, sizeof(note)), 2);
	ck_assert_msg(strstr(note, "QEMU 12.0 is newer than 11.1") && strstr(note, "answer is for QEMU 11.1"), "%s",
		      note);
	/* A version that is no release names the row that stands in. */
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(80300, NULL, note, sizeof(note)), 2);
	ck_assert_msg(strstr(note, "QEMU 8.3 is no release") && strstr(note, "answer is for QEMU 8.2"), "%s", note);
	/* Cut to the buffer, still a string. */
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(0, NULL, note, 8), 1);
	ck_assert_uint_eq(strlen(note), 7);
	/* Not versions: below 7.2, above 99.99.99; a NULL note with a size. */
	static const uint32_t bad[] = { 1, 70199, 60200, 1000000, UINT32_MAX };
	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		answered = 5;
		ck_assert_msg(vcpuchar_ppc_qemu_version_check(bad[i], &answered, NULL, 0) == -EINVAL && answered == 5,
			      "%u", bad[i]);
		ck_assert_msg(vcpuchar_ppc_machine_parse_qemu("pseries", bad[i], &answered, NULL, 0) == -EINVAL, "%u",
			      bad[i]);
	}
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(0, NULL, NULL, 1), -EINVAL);
}
END_TEST

static struct vcpuchar_ppc_request caps_request(uint32_t qemu_version, uint32_t machine)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	r.machine = machine;
	r.qemu_version = qemu_version;
	return r;
}

/* The 1.0 struct (28 bytes) is still taken, read with qemu_version 0; sizes in between are not. */
START_TEST(request_sizes)
{
	struct vcpuchar_ppc_host h = test_host(0x0500000000000000, 0x8180000000000000, 0xff40000000000000,
					       0xe400000000000000, 0);
	struct vcpuchar_ppc_request full = caps_request(0, VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_result a = VCPUCHAR_INIT(struct vcpuchar_ppc_result), b = a;
	struct vcpuchar_ppc_warnings wa = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings), wb = wa;
	/* A 1.0 caller's struct, with something else right after it in memory (room for today's size). */
	union {
		unsigned char req[sizeof(struct vcpuchar_ppc_request)];
		struct vcpuchar_ppc_request align;
	} old;

	ck_assert_uint_eq(offsetof(struct vcpuchar_ppc_request, qemu_version), 28);
	full.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	memcpy(old.req, &full, 28);
	((struct vcpuchar_ppc_request *)(void *)old.req)->size = 28;
	memset(old.req + 28, 0xff, sizeof(old.req) - 28); /* read as qemu_version it would be refused */
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, (const void *)old.req, &a), 0);
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &full, &b), 0);
	a.mode_reason = b.mode_reason = NULL;
	ck_assert_caps_eq("1.0 size", a.effective_caps, b.effective_caps);
	ck_assert_uint_eq(a.r4, b.r4);
	ck_assert_uint_eq(a.r5, b.r5);
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&h, (const void *)old.req, &wa), 2);
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&h, &full, &wb), 2);
	ck_assert_str_eq(wa.entries[1].text, wb.entries[1].text);
	/* Sizes that cut a member, and 32 and 40 whose members past 28 are refused (qemu_version 0xffffffff). */
	for (uint32_t size = 29; size < sizeof(full); size++) {
		((struct vcpuchar_ppc_request *)(void *)old.req)->size = size;
		ck_assert_msg(vcpuchar_ppc_decide(&h, (const void *)old.req, &a) == -EINVAL, "size %u", size);
	}
	/* The 1.2 struct (32 bytes), now that 1.3's pointers align the struct to 8: still taken. */
	memcpy(old.req, &full, 32);
	((struct vcpuchar_ppc_request *)(void *)old.req)->size = 32;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, (const void *)old.req, &a), 0);
	ck_assert_caps_eq("1.2 size", a.effective_caps, b.effective_caps);
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &(struct vcpuchar_ppc_request){ .size = 24 }, &a), -EINVAL);
}
END_TEST

/*
 * decide() and the warnings refuse what the target QEMU cannot run: a machine
 * type it lacks is -ENOENT, as vcpuchar_ppc_machine_parse_qemu() says for its name.
 */
START_TEST(request_versions)
{
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	static const struct {
		uint32_t v, machine;
		int want;
	} cases[] = {
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, 0 },
		{ 70200, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, 0 },
		{ 90100, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, 0 },
		{ 90200, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, -ENOENT },
		{ 100100, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, -ENOENT },
		{ 100100, VCPUCHAR_PPC_MACHINE_PSERIES_4, 0 },
		{ 100200, VCPUCHAR_PPC_MACHINE_PSERIES_4, -ENOENT },
		{ 100000, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, -ENOENT },
		{ 110100, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, -ENOENT },
		{ 100013, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, 0 },
		{ 100013, VCPUCHAR_PPC_MACHINE_PSERIES, 0 },
		{ 70199, VCPUCHAR_PPC_MACHINE_PSERIES, -EINVAL },
		{ 1000000, VCPUCHAR_PPC_MACHINE_PSERIES, -EINVAL },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct vcpuchar_ppc_request r = caps_request(cases[i].v, cases[i].machine);

		ck_assert_msg(vcpuchar_ppc_decide(NULL, &r, &res) == cases[i].want, "%zu", i);
		ck_assert_msg(vcpuchar_ppc_warnings_check(NULL, &r, &w) == (cases[i].want ? cases[i].want : 0), "%zu",
			      i);
	}
	/*
	 * The same caps for every version of one type but cap-sbbc: QEMU 10.0
	 * defaults it to broken for every CPU newer than POWER7
	 * (lib/ppc.md#qemu-versions; measured in tests/ppc-nested-e2e).
	 */
	for (uint32_t m = 0; m < 3; m++) {
		struct vcpuchar_ppc_request a = caps_request(70200, m), b = caps_request(100013, m);
		struct vcpuchar_ppc_result ra = VCPUCHAR_INIT(struct vcpuchar_ppc_result), rb = ra;

		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &a, &ra), 0);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &b, &rb), 0);
		ck_assert_uint_eq(rb.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_BROKEN);
		rb.effective_caps.sbbc = ra.effective_caps.sbbc;
		ck_assert_caps_eq(classes[m], ra.effective_caps, rb.effective_caps);
	}
}
END_TEST

/*
 * QEMU 10.0.13's default cap-sbbc per guest CPU (hw/ppc/spapr_caps.c
 * default_caps_with_cpu(): sbbc broken unless the CPU passes the ISA 2.06+
 * compat test, which target/ppc/compat.c pcc_compat() now fails for every
 * CPU whose own logical PVR is below 2.06+'s, i.e. all but POWER7). R4
 * loses SPEC_BAR_ORI31; R5 keeps BNDS_CHK_SPEC_BAR. 7.2 keeps workaround.
 * Measured: tests/ppc-nested-e2e, QEMU 10.0.13 in L1, its defaults, guest
 * spectre_v1 without ", ori31 speculation barrier enabled".
 */
START_TEST(sbbc_default_per_version)
{
	static const struct {
		uint32_t v, cpu, machine, sbbc;
	} cases[] = {
		{ 0, VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		{ 70200, VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		{ 70200, VCPUCHAR_PPC_CPU_DEFAULT, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		{ 100013, VCPUCHAR_PPC_CPU_DEFAULT, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_BROKEN },
		{ 100000, VCPUCHAR_PPC_CPU_POWER8, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_BROKEN },
		{ 100000, VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_BROKEN },
		{ 100000, VCPUCHAR_PPC_CPU_POWER10, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_BROKEN },
		{ 100000, VCPUCHAR_PPC_CPU_POWER7, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		/* pseries-3.1's own default is broken already. */
		{ 100000, VCPUCHAR_PPC_CPU_POWER7, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, VCPUCHAR_PPC_LEVEL_BROKEN },
		/* 11.1.3 measured (tests/qemu-releases); 9.2 from the pull that brought the check. */
		{ 110103, VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_BROKEN },
		{ 90200, VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_BROKEN },
		{ 90100, VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_WORKAROUND },
		/* 11.0.90, a candidate of 11.1: the newest row's own fact. */
		{ 110090, VCPUCHAR_PPC_CPU_POWER9, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_BROKEN },
		/* Past the newest row, POWER7 is the type's either way (past_table_unknown). */
		{ 120000, VCPUCHAR_PPC_CPU_POWER7, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_LEVEL_WORKAROUND },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct vcpuchar_ppc_request r = caps_request(cases[i].v, cases[i].machine);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

		r.cpu = cases[i].cpu;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		ck_assert_msg(res.effective_caps.sbbc == cases[i].sbbc, "case %zu: sbbc %u, want %u", i,
			      res.effective_caps.sbbc, cases[i].sbbc);
		ck_assert_msg(!(res.r4 & VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31) == (cases[i].sbbc == VCPUCHAR_PPC_LEVEL_BROKEN),
			      "case %zu: r4 %#llx", i, (unsigned long long)res.r4);
		ck_assert(res.r5 & VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR);
	}
	/* A cap the caller sets is not a default: workaround stays workaround on 10.0. */
	{
		struct vcpuchar_ppc_request r = caps_request(100000, VCPUCHAR_PPC_MACHINE_PSERIES);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

		r.caps_set = 1u << VCPUCHAR_PPC_CAP_SBBC;
		r.caps.sbbc = VCPUCHAR_PPC_LEVEL_WORKAROUND;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		ck_assert_uint_eq(res.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	}
}
END_TEST

/* qemu_fixed_na_abort names the target; the spelling is broken for every version. */
START_TEST(fixed_na_texts)
{
	static const struct {
		uint32_t v;
		const char *text;
	} cases[] = {
		{ 0, "the effective caps hold cap-ibs=fixed-na, on which QEMU 7.2 (Debian 12) aborts with an assertion "
		     "failure in h_get_cpu_characteristics() at the guest's first H_GET_CPU_CHARACTERISTICS; the qemu "
		     "and libvirt spellings give cap-ibs=broken instead, which gives the guest identical R4/R5 (neither "
		     "level adds an ibs bit)" },
		{ 70222, "on which QEMU 7.2.22 (Debian 12) aborts with an assertion failure" },
		{ 100013, "on which QEMU 10.0.13 (Debian 13) aborts as 7.2 does" },
		{ 90100, "whether QEMU 9.1 aborts on it is unknown (not measured for 9.1), as 7.2 and 10.0 do" },
		{ 110103, "whether QEMU 11.1.3 aborts on it is unknown (not measured for 11.1)" },
	};
	struct vcpuchar_ppc_caps na = { 0, 0, VCPUCHAR_PPC_LEVEL_FIXED_NA, 0 };

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct vcpuchar_ppc_request r = caps_request(cases[i].v, VCPUCHAR_PPC_MACHINE_PSERIES);
		struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);

		r.caps = na;
		r.caps_set = 0xf;
		ck_assert_int_eq(vcpuchar_ppc_warnings_check(NULL, &r, &w), 1);
		ck_assert_uint_eq(w.entries[0].code, VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT);
		ck_assert_msg(strstr(w.entries[0].text, cases[i].text), "%u: '%s'", cases[i].v, w.entries[0].text);
	}
	{
		char q[VCPUCHAR_PPC_FORMAT_LEN];

		ck_assert_int_gt(vcpuchar_ppc_caps_format(&na, VCPUCHAR_PPC_FORMAT_QEMU, q, sizeof(q), NULL), 0);
		ck_assert_ptr_null(strstr(q, "fixed-na"));
	}
}
END_TEST

/* The oldest defaults class is "pseries-3.0 and 3.1" where the 2.x types are gone. */
START_TEST(defaults_class_names)
{
	/* A host with cfpc and sbbc fixed: pseries-3.x's broken defaults are below it. */
	struct vcpuchar_ppc_host h = test_host(0x0500000000000000, 0x8180000000000000, 0xff40000000000000,
					       0xe400000000000000, 0);
	static const struct {
		uint32_t v;
		const char *name;
	} cases[] = { { 0, "pseries-3.1 and older default caps" },
		      { 100000, "pseries-3.0 and 3.1 default caps" },
		      { 80200, "pseries-3.1 and older default caps" } };

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct vcpuchar_ppc_request r = caps_request(cases[i].v, VCPUCHAR_PPC_MACHINE_PSERIES_3_1);
		struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
		int n;

		r.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
		n = vcpuchar_ppc_warnings_check(&h, &r, &w);
		ck_assert_int_eq(n, 2);
		ck_assert_uint_eq(w.entries[1].code, VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST);
		ck_assert_msg(strstr(w.entries[1].text, cases[i].name), "%u: '%s'", cases[i].v, w.entries[1].text);
	}
}
END_TEST

/*
 * A default below the host that costs the guest a mitigation is a downgrade
 * (lib/ppc.md#warnings). Host: the measured words of an L0 started with the
 * pseries-7.2 defaults (tests/data/ppc-warnings.tsv w-nested-wa-on):
 * workaround x3, ccf-assist=on, so its firmware needs the count-cache flush.
 */
START_TEST(defaults_downgrade)
{
	struct vcpuchar_ppc_host wa = test_host(0xbc40000000000000, 0xe400000000000000, 0xff40000000000000,
						0xe400000000000000, 0);
	/* cfpc and sbbc fixed, every count-cache bit known clear: ibs fixed-na. */
	struct vcpuchar_ppc_host fixed = test_host(0x0400000000000000, 0x8180000000000000, 0xff40000000000000,
						   0xe400000000000000, 0);
	static const struct {
		uint32_t v, machine, mode;
		bool fixed_host;
		const char *want, *not;
	} cases[] = {
		/* pseries-3.1's ibs=broken: spectre_v2 Vulnerable where the host flushes. */
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, VCPUCHAR_PPC_MODE_HOST_MAX, false,
		  "passes these four caps, a downgrade: the guest loses mitigations", "host does not need" },
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, VCPUCHAR_PPC_MODE_HOST_MAX, false,
		  "guest spectre_v2 \"Vulnerable\", not \"Mitigation: Software count cache flush", NULL },
		/* QEMU 10.0's sbbc=broken default drops the ori31 barrier the host offers. */
		{ 100000, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_MODE_HOST_MAX, false,
		  "spectre_v1 \"Mitigation: __user pointer sanitization\", not \"Mitigation: __user pointer "
		  "sanitization, ori31 speculation barrier enabled\"",
		  NULL },
		/* Host mode's string is the defaults: it raises nothing. */
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, VCPUCHAR_PPC_MODE_HOST, false, "host mode's qemu string keeps these defaults",
		  "raises" },
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, VCPUCHAR_PPC_MODE_HOST_MAX, false,
		  "the qemu string raises cap-cfpc, cap-sbbc, cap-ibs, cap-ccf-assist to host-max's levels", NULL },
		/* A host that needs no mitigation: the defaults only cost, no downgrade. */
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, VCPUCHAR_PPC_MODE_HOST_MAX, true,
		  "mitigations the host does not need", "downgrade" },
		/* Its fixed-na ibs is pasted as broken: kept, and said so. */
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, VCPUCHAR_PPC_MODE_HOST_MAX, true,
		  "it keeps cap-ibs=broken (no higher level for this guest CPU, or fixed-na spelled broken", NULL },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct vcpuchar_ppc_request r = caps_request(cases[i].v, cases[i].machine);
		struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
		const char *text = NULL;
		int n;

		r.mode = cases[i].mode;
		n = vcpuchar_ppc_warnings_check(cases[i].fixed_host ? &fixed : &wa, &r, &w);
		ck_assert_int_ge(n, 1);
		for (uint32_t k = 0; k < w.n_entries; k++)
			if (w.entries[k].code == VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST)
				text = w.entries[k].text;
		ck_assert_msg(text, "%zu: no defaults_below_host", i);
		ck_assert_msg(strstr(text, cases[i].want), "%zu: '%s'", i, text);
		ck_assert_msg(!cases[i].not || !strstr(text, cases[i].not), "%zu: '%s'", i, text);
	}
}
END_TEST

/*
 * The release table's rows as a caller reads them (lib/ppc.md#qemu-versions),
 * one row of tests/data/ppc-qemu-releases.tsv each, with its source; a fact
 * without a source is "unknown" there (VCPUCHAR_PPC_QEMU_FACT_UNKNOWN).
 */
static uint32_t release_cell(const struct tsv *t, guint i, const char *column)
{
	const char *c = tsv_get(t, i, column);

	return g_str_equal(c, "unknown") ? VCPUCHAR_PPC_QEMU_FACT_UNKNOWN : (uint32_t)strtoul(c, NULL, 10);
}

START_TEST(release_rows)
{
	static const char *const columns[] = { "answered",	 "oldest_type",	    "newest_type",
					       "has_sxxm",	 "deprecated_upto", "sbbc_broken_p8",
					       "fixed_na_aborts", "has_power11",    "unknown_facts" };
	struct tsv *t = tsv_open("ppc-qemu-releases.tsv");
	struct vcpuchar_ppc_qemu_release r = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_release);

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		uint32_t got[G_N_ELEMENTS(columns)];
		struct vcpuchar_ppc_qemu_release old;

		ck_assert_int_eq(vcpuchar_ppc_qemu_release_get(version_cell(t, i, id), &r), 0);
		got[0] = r.answered, got[1] = r.oldest_type, got[2] = r.newest_type, got[3] = r.has_sxxm;
		got[4] = r.deprecated_upto, got[5] = r.sbbc_broken_p8, got[6] = r.fixed_na_aborts, got[7] = r.has_power11;
		got[8] = r.unknown_facts;
		for (size_t c = 0; c < G_N_ELEMENTS(columns); c++)
			ck_assert_msg(got[c] == release_cell(t, i, columns[c]), "%s: %s %u, want %u", id, columns[c], got[c],
				      release_cell(t, i, columns[c]));
		/*
		 * A 1.2 caller's struct (without unknown_facts) keeps its contract:
		 * sbbc_broken_p8 and has_power11 0 or 1, the newest row's past it.
		 */
		memset(&old, 0xa5, sizeof(old));
		old.size = offsetof(struct vcpuchar_ppc_qemu_release, unknown_facts);
		ck_assert_int_eq(vcpuchar_ppc_qemu_release_get(version_cell(t, i, id), &old), 0);
		ck_assert_uint_le(old.sbbc_broken_p8, 1);
		ck_assert_uint_le(old.has_power11, 1);
		ck_assert_uint_eq(old.deprecated_upto, r.deprecated_upto);
		ck_assert_uint_eq(old.unknown_facts, 0xa5a5a5a5u); /* never written */
		if (!(r.unknown_facts & VCPUCHAR_PPC_QEMU_UNKNOWN_SBBC_BROKEN_P8))
			ck_assert_uint_eq(old.sbbc_broken_p8, r.sbbc_broken_p8);
		else
			ck_assert_uint_eq(old.sbbc_broken_p8, 1); /* 11.1's */
	}
	tsv_close(t);
	ck_assert_int_eq(vcpuchar_ppc_qemu_release_get(70199, &r), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_qemu_release_get(0, NULL), -EINVAL);
	r.size = 8;
	ck_assert_int_eq(vcpuchar_ppc_qemu_release_get(0, &r), -EINVAL);
}
END_TEST

/*
 * Past the newest row (12.0, 11.2, 11.1.90: a candidate of 11.2), the
 * default cap-sbbc is unknown: 9.2 to 11.1 lower it to broken for every
 * CPU but POWER7, and nothing says 12.0 still does (lib/ppc.md#qemu-versions).
 * A request that needs it is refused; one that gives it, or whose answer
 * does not depend on it, is answered. power11 is unknown too: not refused.
 */
START_TEST(past_table_unknown)
{
	static const uint32_t past[] = { 120000, 110200, 110190 };
	char err[512];
	uint32_t type;

	/* Far past the table the lifecycle's oldest type is newer than any known: no upside-down range. */
	ck_assert_int_eq(vcpuchar_ppc_machine_parse_qemu("pseries-11.1", 200000, &type, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "it has pseries-14.1 and later, none known here (pseries-11.1 is the newest known)"),
		      "%s", err);
	ck_assert_int_eq(vcpuchar_ppc_machine_parse_qemu("pseries-5.2", 120000, &type, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "it has pseries-6.1 to pseries-11.1"), "%s", err);

	for (size_t i = 0; i < G_N_ELEMENTS(past); i++) {
		struct vcpuchar_ppc_request r = caps_request(past[i], VCPUCHAR_PPC_MACHINE_PSERIES);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		struct vcpuchar_ppc_parse_opts po = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
		struct vcpuchar_ppc_caps c;

		r.cpu = VCPUCHAR_PPC_CPU_POWER9;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), -EINVAL);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
		ck_assert_msg(strstr(err, "newer than 11.1, the newest QEMU in this library's release table: its "
					  "default cap-sbbc for a guest CPU other than POWER7 is unknown here"),
			      "%s", err);
		/* Given: its level, not 11.1's broken. */
		r.caps_set = 1u << VCPUCHAR_PPC_CAP_SBBC;
		r.caps.sbbc = VCPUCHAR_PPC_LEVEL_WORKAROUND;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		ck_assert_uint_eq(res.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
		/* power11: unknown, so not refused. */
		r.cpu = VCPUCHAR_PPC_CPU_POWER11;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		/* max-cpu-compat=power7 lowers it to broken under both answers. */
		r.cpu = VCPUCHAR_PPC_CPU_POWER9;
		r.caps_set = 0;
		r.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER7;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		ck_assert_uint_eq(res.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_BROKEN);
		r.max_cpu_compat = 0;
		/* host-max takes no default (under TCG: broken, QEMU's fallback). */
		r.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		/* A migration list must give cap-sbbc. */
		ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("cap-cfpc=workaround", past[i], &c, NULL), -EINVAL);
		po.err = err;
		po.err_size = sizeof(err);
		ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("", past[i], &c, &po), -EINVAL);
		ck_assert_msg(strstr(err, "its default cap-sbbc is unknown here, so the list must give cap-sbbc"), "%s",
			      err);
		ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("cap-sbbc=fixed", past[i], &c, &po), 0);
		ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_FIXED);
		ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
		ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("broken,workaround,workaround,on", past[i], &c, &po), 0);
		ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
		/* The note says what is unknown. */
		ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(past[i], NULL, err, sizeof(err)), 2);
		ck_assert_msg(strstr(err, "its default cap-sbbc (give it) and whether it has power11"), "%s", err);
	}
	/* 11.1 itself, and 11.0.90 (a candidate of 11.1), answer from the row. */
	{
		struct vcpuchar_ppc_request r = caps_request(110103, VCPUCHAR_PPC_MACHINE_PSERIES);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

		r.cpu = VCPUCHAR_PPC_CPU_POWER9;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		ck_assert_uint_eq(res.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_BROKEN);
		r.qemu_version = 110090;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		ck_assert_uint_eq(res.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_BROKEN);
	}
	/* machine_caps: a given cap-sbbc is effective, its default unknown. */
	{
		struct vcpuchar_ppc_request r = caps_request(120000, VCPUCHAR_PPC_MACHINE_PSERIES);
		struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
		bool seen = false;

		r.accel = VCPUCHAR_ACCEL_TCG;
		r.cpu = VCPUCHAR_PPC_CPU_POWER9;
		r.caps_set = 1u << VCPUCHAR_PPC_CAP_SBBC;
		r.caps.sbbc = VCPUCHAR_PPC_LEVEL_WORKAROUND;
		ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, NULL, &m), 0);
		for (uint32_t i = 0; i < m.n_caps; i++)
			if (!strcmp(m.caps[i].name, "sbbc")) {
				ck_assert_str_eq(m.caps[i].default_value, "unknown");
				ck_assert_str_eq(m.caps[i].effective, "workaround");
				seen = true;
			} else if (!strcmp(m.caps[i].name, "cfpc")) {
				ck_assert_str_eq(m.caps[i].default_value, "workaround");
			}
		ck_assert(seen);
	}
}
END_TEST

/* QEMU's deprecation warning per release: MACHINE_VER_DEPRECATION, 3 years (include/hw/boards.h). */
START_TEST(deprecated_types)
{
	static const struct {
		const char *name;
		uint32_t v;
		int want;
		const char *text;
	} cases[] = {
		{ "pseries-7.0", 100013, 1, "QEMU 10.0.13 warns \"Machine type 'pseries-7.0' is deprecated" },
		{ "pseries-7.0", 100013, 1, "pin pseries-7.1 or newer" },
		{ "pseries-7.1", 100013, 0, "" },
		{ "pseries-3.0", 100000, 1, "pin pseries-7.1" },
		{ "pseries-8.1", 110103, 1, "pin pseries-8.2 or newer" },
		{ "pseries-8.2", 110103, 0, "" },
		{ "pseries-6.2", 90200, 1, "pin pseries-7.0 or newer" },
		{ "pseries-2.12-sxxm", 90100, 1, "pseries-6.2 or newer" },
		{ "pseries-2.1", 70200, 0, "" },
		{ "pseries-2.1", 0, 0, "" },
		{ "pseries", 100000, 0, "" },
		{ "pseries-2.1", 80200, 2, "whether QEMU 8.2 marks 'pseries-2.1' deprecated is unknown" },
		/* 1392617d35: 9.0 deprecates 2.1 to 2.11 with its own reason (lib/ppc.md#qemu-versions). */
		{ "pseries-2.11", 90000, 1,
		  "QEMU 9.0 warns \"Machine type 'pseries-2.11' is deprecated: old and not maintained - use a 2.12+ version\"" },
		{ "pseries-2.1", 90013, 1, "pin pseries-3.0 or newer" },
		{ "pseries-2.12", 90000, 0, "" },
		{ "pseries-2.12-sxxm", 90000, 0, "" },
		{ "pseries-5.1", 110100, -ENOENT, "it has pseries-5.2 to pseries-11.1" },
		/* Past the table: include/hw/boards.h's rule for 12.0 itself (lib/ppc.md#qemu-versions). */
		{ "pseries-9.0", 120000, 1, "QEMU 12.0 warns \"Machine type 'pseries-9.0' is deprecated" },
		{ "pseries-6.1", 120000, 1, "pin pseries-9.1 or newer" },
		{ "pseries-9.1", 120000, 0, "" },
		{ "pseries-6.0", 120000, -ENOENT, "it has pseries-6.1 to pseries-11.1" },
		{ "pseries-rhel9.2.0", 100000, -EINVAL, "downstream" },
	};
	char note[512];

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		int r = vcpuchar_ppc_machine_deprecated(cases[i].name, cases[i].v, note, sizeof(note));

		ck_assert_msg(r == cases[i].want, "%zu: %d: %s", i, r, note);
		ck_assert_msg(cases[i].text[0] ? strstr(note, cases[i].text) != NULL : note[0] == '\0', "%zu: '%s'", i,
			      note);
	}
	ck_assert_int_eq(vcpuchar_ppc_machine_deprecated("pseries-7.0", 100000, NULL, 1), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_deprecated("pseries-7.0", 100000, NULL, 0), 1);
	ck_assert_int_eq(vcpuchar_ppc_machine_deprecated("pseries-2.1", 80200, NULL, 0), 2);
	/* Without a note buffer the kinds are the same. */
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(0, NULL, NULL, 0), 1);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(80300, NULL, NULL, 0), 2);
	ck_assert_int_eq(vcpuchar_ppc_qemu_version_check(120000, NULL, NULL, 0), 2);
}
END_TEST


/*
 * A default above the host names an older type to pin only where the target
 * QEMU has it: pseries-3.1 until 10.0, pseries-4.2 until 10.1
 * (lib/ppc.md#qemu-versions, "Remedies name only types the target has"),
 * and the release that removes it where the target marks it deprecated.
 */
START_TEST(remedies_per_release)
{
	struct vcpuchar_ppc_host h = test_host(0, 0xe400000000000000, 0xff40000000000000, 0xe400000000000000, 0);
	static const struct {
		uint32_t v, machine, cap;
		const char *want, *not;
	} cases[] = {
		{ 100000, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CFPC, "such as pseries-3.1", "no older" },
		{ 100100, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CFPC, "no older machine type", "pseries-3.1" },
		{ 100100, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CCF_ASSIST, "such as pseries-4.2", "no older" },
		{ 100200, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CCF_ASSIST, "no older machine type", "pseries-4.2" },
		{ 100100, VCPUCHAR_PPC_MACHINE_PSERIES_4, VCPUCHAR_PPC_CAP_CFPC, "no older machine type", "pseries-3.1" },
		{ 90100, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, VCPUCHAR_PPC_CAP_SBBC, "such as pseries-2.12", "no older" },
		{ 0, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_SBBC, "such as pseries-3.1", "no older" },
		/* A pinned type the target deprecates: the release that removes it (lifecycle; 9.2's pull). */
		{ 100000, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CFPC,
		  "this QEMU marks pseries-3.1 deprecated and QEMU 10.1 removes it", "no older" },
		{ 100013, VCPUCHAR_PPC_MACHINE_PSERIES_4, VCPUCHAR_PPC_CAP_CFPC,
		  "this QEMU marks pseries-3.1 deprecated and QEMU 10.1 removes it", "no older" },
		{ 100100, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CCF_ASSIST,
		  "this QEMU marks pseries-4.2 deprecated and QEMU 10.2 removes it", "no older" },
		{ 90100, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, VCPUCHAR_PPC_CAP_SBBC,
		  "this QEMU marks pseries-2.12 deprecated and QEMU 9.2 removes it", "no older" },
		/* Not deprecated: 9.0 deprecates up to 2.11 only, 7.2 nothing, 8.2's deprecations are unknown. */
		{ 90000, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, VCPUCHAR_PPC_CAP_SBBC, "such as pseries-2.12", "deprecated" },
		{ 70200, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CFPC, "such as pseries-3.1", "deprecated" },
		{ 80200, VCPUCHAR_PPC_MACHINE_PSERIES, VCPUCHAR_PPC_CAP_CFPC, "such as pseries-3.1", "deprecated" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct vcpuchar_ppc_request r = caps_request(cases[i].v, cases[i].machine);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		const char *e = NULL;

		r.cpu = VCPUCHAR_PPC_CPU_POWER9;
		ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
		for (uint32_t k = 0; k < res.n_conflicts; k++)
			if (res.conflicts[k].cap == cases[i].cap)
				e = res.conflicts[k].explanation;
		ck_assert_msg(e && strstr(e, cases[i].want) && !strstr(e, cases[i].not), "%zu: '%s'", i, e ? e : "(none)");
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-qemu");
	TCase *tc = tcase_create("ppc-qemu");

	tcase_add_test(tc, version_vectors);
	tcase_add_test(tc, defaults_downgrade);
	tcase_add_test(tc, machine_types_per_release);
	tcase_add_test(tc, version_numbers);
	tcase_add_test(tc, request_sizes);
	tcase_add_test(tc, request_versions);
	tcase_add_test(tc, sbbc_default_per_version);
	tcase_add_test(tc, fixed_na_texts);
	tcase_add_test(tc, release_rows);
	tcase_add_test(tc, past_table_unknown);
	tcase_add_test(tc, deprecated_types);
	tcase_add_test(tc, remedies_per_release);
	tcase_add_test(tc, defaults_class_names);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
