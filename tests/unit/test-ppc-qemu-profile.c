/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * QEMU profiles read by the library (lib/ppc.md#qemu-profiles): the
 * profile probed from Debian 12's QEMU 7.2.22 (tests/data/qemu-7.2-debian12.profile,
 * `vcpuchar qemu probe --binary /usr/bin/qemu-system-ppc64`, 2026-12-06)
 * and a hand-edited one with a downstream-named type
 * (tests/data/qemu-downstream-hand-edited.profile, marked so in its header).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "ppc-host-words.h"
#include "test-ppc-util.h"

static struct vcpuchar_ppc_qemu_profile *load(const char *name)
{
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, name, NULL);
	g_autofree char *text = NULL;
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	char err[256] = "x";
	gsize len;

	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, len, &p, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");
	ck_assert_ptr_nonnull(p);
	return p;
}

static int parse_text(const char *text, char *err, size_t err_size)
{
	struct vcpuchar_ppc_qemu_profile *p = (void *)1;
	int r = vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, err_size);

	if (r < 0)
		ck_assert_ptr_null(p);
	vcpuchar_ppc_qemu_profile_free(p);
	return r;
}

static struct vcpuchar_ppc_request tcg_caps(const struct vcpuchar_ppc_qemu_profile *p, uint32_t machine,
					    const char *name, uint32_t cpu)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.machine = machine;
	r.cpu = cpu;
	r.qemu_profile = p;
	r.qemu_machine = name;
	return r;
}

/*
 * Without a profile the release table says the same for a release the
 * caller names: power11 came in 9.2 (273db89bcaf4, lib/ppc.md#qemu-versions);
 * a release candidate of 9.2 has it; no version given stays as in 1.2.
 */
START_TEST(table_cpu_model_refused)
{
	static const struct {
		uint32_t version;
		int expect;
	} rows[] = {
		{ VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0), -ENOENT },  { VCPUCHAR_PPC_QEMU_VERSION(8, 2, 0), -ENOENT },
		{ VCPUCHAR_PPC_QEMU_VERSION(9, 1, 0), -ENOENT },  { VCPUCHAR_PPC_QEMU_VERSION(9, 1, 90), 0 },
		{ VCPUCHAR_PPC_QEMU_VERSION(9, 2, 0), 0 },        { VCPUCHAR_PPC_QEMU_VERSION(12, 0, 0), 0 },
		{ 0, 0 },
	};
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	char err[512];

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		struct vcpuchar_ppc_request r = tcg_caps(NULL, VCPUCHAR_PPC_MACHINE_PSERIES, NULL,
							 VCPUCHAR_PPC_CPU_POWER11);

		r.qemu_version = rows[i].version;
		/* 12.0's default cap-sbbc is unknown (lib/ppc.md#qemu-versions): given, so power11 alone is judged. */
		r.caps_set |= 1u << VCPUCHAR_PPC_CAP_SBBC;
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), rows[i].expect);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), rows[i].expect);
		if (rows[i].version == VCPUCHAR_PPC_QEMU_VERSION(8, 2, 0))
			ck_assert_str_eq(err, "QEMU 8.2 has no power11 CPU model: its POWER families are power7, "
					      "power8, power9 and power10 (power11 came in 9.2)");
		/* Every other family is in every release of the table. */
		r.cpu = VCPUCHAR_PPC_CPU_POWER10;
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	}
}
END_TEST

/* The probed binary's facts as the library reads them. */
START_TEST(debian12_facts)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
	char err[1024];

	ck_assert_uint_eq(vcpuchar_ppc_qemu_profile_version(p), VCPUCHAR_PPC_QEMU_VERSION(7, 2, 22));
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries", &m, err, sizeof(err)), 0);
	ck_assert_str_eq(m.name, "pseries-7.2");
	ck_assert_uint_eq(m.machine, VCPUCHAR_PPC_MACHINE_PSERIES);
	ck_assert_uint_eq(m.default_cpu, VCPUCHAR_PPC_CPU_POWER9); /* power9_v2.0 */
	ck_assert_uint_eq(m.deprecated, 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-4.1", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(m.machine, VCPUCHAR_PPC_MACHINE_PSERIES_4);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-2.12-sxxm", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(m.machine, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM);
	ck_assert_uint_eq(m.default_cpu, VCPUCHAR_PPC_CPU_POWER8); /* power8_v2.0 */
	/* pseries-2.1 starts a power7_v2.3 by default. */
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-2.1", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(m.default_cpu, VCPUCHAR_PPC_CPU_POWER7);
	/* QEMU 7.2 has no pseries-8.0 (added in 8.0): refused naming the binary's types. */
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-8.0", &m, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) has no machine type "
				  "'pseries-8.0': it has pseries-2.1, pseries-2.2,"),
		      "%s", err);
	ck_assert_msg(strstr(err, "pseries-7.1, pseries-7.2"), "%s", err);
	vcpuchar_ppc_qemu_profile_free(p);
	vcpuchar_ppc_qemu_profile_free(NULL);
}
END_TEST

/* A CPU family the binary has no model of is refused, naming its models: QEMU 7.2 has no power11. */
START_TEST(cpu_model_refused)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_request r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, VCPUCHAR_PPC_CPU_POWER11);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	char err[512];

	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) has no power11 CPU model: its "
			      "POWER models are power10, power10_v1.0, power10_v2.0, power5+, power5+_v2.1, power5gs, "
			      "power7, power7+, power7+_v2.1, power7_v2.3, power8, power8_v2.0, power8e, power8e_v2.1, "
			      "power8nvl, power8nvl_v1.0, power9, power9_v1.0, power9_v2.0, powerquicc-ii");
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), -ENOENT);
	r.cpu = VCPUCHAR_PPC_CPU_POWER10;
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	/* A version that is not the profile's is refused; 0 and its own are taken. */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "is not the profile's QEMU 7.2.22"), "%s", err);
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(7, 2, 22);
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), 0);
	/* qemu_machine without a profile: a type the release table has (lib/ppc.md#tcg-default-cpu), not a downstream one. */
	r.qemu_profile = NULL;
	r.cpu = 0;
	r.qemu_machine = "pseries-7.2";
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), 0);
	r.qemu_machine = "pseries-rhel9.2.0";
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * The table's Spectre defaults against the probed binary, for every type
 * the profile has and every family it was read with (TCG, caps mode: the
 * effective caps are the defaults): they agree for QEMU 7.2.
 */
START_TEST(table_agrees_with_debian12)
{
	static const char *const names[] = { "pseries-2.1", "pseries-2.11", "pseries-2.12", "pseries-2.12-sxxm",
					     "pseries-3.0", "pseries-3.1",  "pseries-4.0",  "pseries-4.1",
					     "pseries-4.2", "pseries-5.0",  "pseries-6.2",  "pseries-7.2" };
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	uint32_t n = 0;

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
		for (uint32_t cpu = VCPUCHAR_PPC_CPU_POWER7; cpu <= VCPUCHAR_PPC_CPU_POWER10; cpu++) {
			struct vcpuchar_ppc_result a = VCPUCHAR_INIT(struct vcpuchar_ppc_result), b = a;
			struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
			struct vcpuchar_ppc_request r;

			ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, names[i], &m, NULL, 0), 0);
			r = tcg_caps(p, m.machine, m.name, cpu);
			ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &a), 0);
			r.qemu_profile = NULL;
			r.qemu_machine = NULL;
			r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0);
			ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &b), 0);
			ck_assert_msg(!memcmp(&a.effective_caps, &b.effective_caps, sizeof(a.effective_caps)),
				      "%s power%u: profile %u/%u/%u/%u, table %u/%u/%u/%u", names[i], cpu,
				      a.effective_caps.cfpc, a.effective_caps.sbbc, a.effective_caps.ibs,
				      a.effective_caps.ccf_assist, b.effective_caps.cfpc, b.effective_caps.sbbc,
				      b.effective_caps.ibs, b.effective_caps.ccf_assist);
			ck_assert_uint_eq(a.r4, b.r4);
			ck_assert_uint_eq(a.r5, b.r5);
			n++;
		}
	ck_assert_uint_eq(n, 48);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* Measured values straight from the profile: pseries-2.12-sxxm with POWER9 and pseries-4.1's POWER8. */
START_TEST(measured_defaults)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_request r =
		tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, NULL, VCPUCHAR_PPC_CPU_POWER9);

	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.effective_caps.ibs, VCPUCHAR_PPC_LEVEL_FIXED_CCD);
	ck_assert_uint_eq(res.effective_caps.ccf_assist, VCPUCHAR_PPC_LEVEL_OFF);
	/* [caps pseries-4.1 power8]: ccf-assist off, cfpc workaround (ISA 2.07). */
	r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES_4, "pseries-4.1", VCPUCHAR_PPC_CPU_POWER8);
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.effective_caps.ccf_assist, VCPUCHAR_PPC_LEVEL_OFF);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * The start verdict from a profile: pseries-2.11 with POWER9 under TCG has
 * cap-htm=on, which the probe's own TCG start refused ("No Transactional
 * Memory support in TCG", tcg_given in the profile): REFUSED, where the
 * table's class (pseries-3.1 and older) can only say UNKNOWN.
 */
START_TEST(start_htm_measured)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);
	struct vcpuchar_ppc_request r =
		tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, "pseries-2.11", VCPUCHAR_PPC_CPU_POWER9);

	ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &r, &s), 0);
	ck_assert_str_eq(s.entries[VCPUCHAR_PPC_START_HTM].name, "htm");
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_HTM].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(s.entries[VCPUCHAR_PPC_START_HTM].fix, "cap-htm=off");
	ck_assert_str_eq(s.paste, "cap-htm=off");
	/* pseries-3.1 itself has cap-htm=off: QEMU checks nothing. */
	r.qemu_machine = "pseries-3.1";
	ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &r, &s), 0);
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_HTM].verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(s.n_refused, 0);
	/* Without the profile the class cannot tell: UNKNOWN. */
	r.qemu_profile = NULL;
	r.qemu_machine = NULL;
	ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &r, &s), 0);
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_HTM].verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* A downstream type answers from its own (hand-edited) defaults; without a profile it needs all four caps. */
START_TEST(downstream_type)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-downstream-hand-edited.profile");
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 1 });
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);
	struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
	struct vcpuchar_ppc_request r;
	char err[256];

	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-rhel9.2.0", &m, err, sizeof(err)), 0);
	ck_assert_uint_eq(m.machine, VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN);
	r = tcg_caps(p, m.machine, m.name, 0);
	r.accel = VCPUCHAR_ACCEL_KVM;
	/* POWER9 KVM-HV host: every fact read, the decrementer 24 bits (not the model's 56), FWNMI absent. */
	h.pvr = 0x004e1202;
	h.facts_read = VCPUCHAR_PPC_FACT_ALL;
	h.facts = VCPUCHAR_PPC_FACT_ALL & ~VCPUCHAR_PPC_FACT_FWNMI;
	h.page_size = 65536;
	h.dec_bits = 24;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.effective_caps.ccf_assist, VCPUCHAR_PPC_LEVEL_ON);
	/* Its large-decr and fwnmi are off: nothing to refuse, where pseries-7.2 refuses both. */
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_LARGE_DECR].verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_FWNMI].verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(s.n_unknown, 0);
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	r.qemu_machine = "pseries-7.2";
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_LARGE_DECR].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_FWNMI].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	/* The class must match the name. */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_4;
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
	/* No profile: a downstream type needs all four caps. */
	r = tcg_caps(NULL, VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, NULL, 0);
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "all four caps are needed"), "%s", err);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* Malformed profiles: -EINVAL naming the line and the cause. */
START_TEST(errors_name_the_line)
{
	static const char head[] = "[qemu]\nbinary=/q\nversion=7.2.22\ndefault_machine=pseries-7.2\n"
				   "machines=pseries-7.2;\ncpu_models=power9;power9_v2.0;\ncaps_cpus=power9;\n"
				   "[machine pseries-7.2]\ndefault_cpu=power9_v2.0\n";
	static const char caps[] = "[caps pseries-7.2 power9]\ncap-cfpc=workaround\ncap-sbbc=workaround\n"
				   "cap-ibs=workaround\ncap-ccf-assist=on\n";
	g_autofree char *ok = g_strconcat(head, caps, NULL);
	g_autofree char *bad_level = g_strconcat(head, "[caps pseries-7.2 power9]\ncap-cfpc=maybe\n", NULL);
	char err[256];

	ck_assert_int_eq(parse_text(ok, err, sizeof(err)), 0);
	ck_assert_int_eq(parse_text(bad_level, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "line 11: [caps pseries-7.2 power9] cap-cfpc: 'maybe' is not a level (broken, "
			      "workaround, fixed)");
	ck_assert_int_eq(parse_text(head, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "line 7: caps_cpus names power9 and machines pseries-7.2, but there is no "
			      "[caps pseries-7.2 power9] group");
	ck_assert_int_eq(parse_text("[host]\narch=ppc64le\n", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "no [qemu] group: not a QEMU profile (vcpuchar qemu probe --save writes one)");
	ck_assert_int_eq(parse_text("[qemu]\nversion=7.2\n", err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "line 2: [qemu] version: '7.2' is not MAJOR.MINOR.MICRO (query-version)");
	ck_assert_int_eq(parse_text("[qemu]\n[qemu]\n", err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "line 2"), "%s", err);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(NULL, 0, NULL, NULL, 0), -EINVAL);
}
END_TEST

/* Each rule of the reader, one malformed variant of a valid profile at a time. */
START_TEST(each_rule_refuses)
{
	static const char ok[] = "[qemu]\nbinary=/q\nversion=7.2.22\ndefault_machine=pseries-7.2\n"
				 "machines=pseries-7.2;\ncpu_models=power9;power9_v2.0;\ncaps_cpus=power9;\n"
				 "[machine pseries-7.2]\ndefault_cpu=power9_v2.0\n"
				 "[caps pseries-7.2 power9]\ncap-cfpc=workaround\ncap-sbbc=workaround\n"
				 "cap-ibs=workaround\ncap-ccf-assist=on\n";
	static const struct {
		const char *from, *to, *want, *from2, *to2;
	} cases[] = {
		{ "default_cpu=power9_v2.0\n", "", "line 8: [machine pseries-7.2] has no default_cpu key" },
		{ "default_cpu=", "deprecated=maybe\ndefault_cpu=",
		  "[machine pseries-7.2] deprecated: 'maybe' is not on, off, true or false" },
		{ "[machine pseries-7.2]", "[machine pseries-7.1]",
		  "machines names pseries-7.2, but there is no [machine pseries-7.2] group" },
		{ "machines=pseries-7.2;", "machines=pc-q35-7.2;", "'pc-q35-7.2' is not a pseries machine type",
		  "[machine pseries-7.2]", "[machine pc-q35-7.2]" },
		{ "caps_cpus=power9;", "caps_cpus=power6;", "caps_cpus: 'power6' is not a POWER family" },
		{ "caps_cpus=power9;", "caps_cpus=power9;power10;",
		  "caps_cpus: 'power9;power10;' is not a list of families cpu_models has" },
		{ "machines=pseries-7.2;\n", "machines=\n", "machines: '' is not a list of pseries types" },
		{ "machines=pseries-7.2;",
		  "machines=pseries-7.2;pseries-7.2xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx;",
		  "is not a machine type name" },
		{ "default_machine=pseries-7.2", "default_machine=pseries-7.1",
		  "default_machine: 'pseries-7.1' is not one of machines" },
		/* What no probe writes: a default model the binary lacks, a type listed twice. */
		{ "default_cpu=power9_v2.0", "default_cpu=power99",
		  "[machine pseries-7.2] default_cpu: 'power99' is not one of cpu_models" },
		{ "machines=pseries-7.2;", "machines=pseries-7.2;pseries-7.2;",
		  "machines: 'pseries-7.2' is not listed once (it is listed twice)" },
	};
	char err[256];

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *text = NULL;
		g_auto(GStrv) parts = g_strsplit(ok, cases[i].from, 2);

		ck_assert_msg(parts[1], "case %zu: '%s' is not in the valid profile", i, cases[i].from);
		text = g_strjoin(cases[i].to, parts[0], parts[1], NULL);
		if (cases[i].from2) {
			g_auto(GStrv) more = g_strsplit(text, cases[i].from2, 2);

			g_free(text);
			text = g_strjoin(cases[i].to2, more[0], more[1], NULL);
		}
		ck_assert_msg(parse_text(text, err, sizeof(err)) == -EINVAL, "case %zu accepted", i);
		ck_assert_msg(strstr(err, cases[i].want), "case %zu: %s", i, err);
	}
	/* deprecated=true is read; the calls check their arguments. */
	{
		g_auto(GStrv) parts = g_strsplit(ok, "default_cpu=", 2);
		g_autofree char *text = g_strjoin("deprecated=true\ndefault_cpu=", parts[0], parts[1], NULL);
		struct vcpuchar_ppc_qemu_profile *p = NULL;
		struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
		struct vcpuchar_ppc_request r;
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, sizeof(err)), 0);
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-7.2", &m, err, sizeof(err)), 0);
		ck_assert_uint_eq(m.deprecated, 1);
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, NULL, &m, err, sizeof(err)), -EINVAL);
		ck_assert_str_eq(err, "missing argument");
		/* A class the binary has no type of (pseries-4.2 for PSERIES_4): -ENOENT naming its types. */
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES_4, NULL, VCPUCHAR_PPC_CPU_POWER9);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), -ENOENT);
		/* The exact type of the request must be one the profile lists. */
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, "pseries-9.9", VCPUCHAR_PPC_CPU_POWER9);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -ENOENT);
		ck_assert_msg(strstr(err, "has no machine type 'pseries-9.9'"), "%s", err);
		vcpuchar_ppc_qemu_profile_free(p);
	}
}
END_TEST

/* A valid hand-written profile with @from replaced by @to (fault case: the reader's rules, one at a time). */
static char *variant(const char *ok, const char *from, const char *to)
{
	g_auto(GStrv) parts = g_strsplit(ok, from, 2);

	ck_assert_msg(parts[1], "'%s' is not in the valid profile", from);
	return g_strjoin(to, parts[0], parts[1], NULL);
}

/* Hand-written, marked as fault cases: every key the reader needs, and every malformed value, refused. */
START_TEST(each_key_and_value_refused)
{
	static const char ok[] = "[qemu]\nbinary=/q\nversion=7.2.22\ndefault_machine=pseries-7.2\n"
				 "machines=pseries-7.2;\ncpu_models=power9;power9_v2.0;\ncaps_cpus=power9;\n"
				 "[machine pseries-7.2]\ndefault_cpu=power9_v2.0\n"
				 "[caps pseries-7.2 power9]\ncap-cfpc=workaround\ncap-sbbc=workaround\n"
				 "cap-ibs=workaround\ncap-ccf-assist=on\n";
	static const struct {
		const char *from, *to, *want;
	} cases[] = {
		/* Each required key of [qemu]. */
		{ "version=7.2.22\n", "", "line 1: [qemu] has no version key" },
		{ "binary=/q\n", "", "line 1: [qemu] has no binary key" },
		{ "cpu_models=power9;power9_v2.0;\n", "", "line 1: [qemu] has no cpu_models key" },
		{ "caps_cpus=power9;\n", "", "line 1: [qemu] has no caps_cpus key" },
		{ "machines=pseries-7.2;\n", "", "line 1: [qemu] has no machines key" },
		{ "default_machine=pseries-7.2\n", "", "line 1: [qemu] has no default_machine key" },
		/* query-version's MAJOR.MINOR.MICRO, three numbers below 100, the first not 0. */
		{ "version=7.2.22", "version=7..2", "version: '7..2' is not MAJOR.MINOR.MICRO" },
		{ "version=7.2.22", "version=.7.2", "version: '.7.2' is not MAJOR.MINOR.MICRO" },
		{ "version=7.2.22", "version=7.2.", "version: '7.2.' is not MAJOR.MINOR.MICRO" },
		{ "version=7.2.22", "version=7.2.2.2", "version: '7.2.2.2' is not MAJOR.MINOR.MICRO" },
		{ "version=7.2.22", "version=100.0.0", "version: '100.0.0' is not MAJOR.MINOR.MICRO" },
		{ "version=7.2.22", "version=0.2.22", "version: '0.2.22' is not MAJOR.MINOR.MICRO" },
		{ "version=7.2.22", "version=7.2.x", "version: '7.2.x' is not MAJOR.MINOR.MICRO" },
		/* caps_cpus names families only: power9, not one of its models. */
		{ "caps_cpus=power9;", "caps_cpus=power9_v2.0;", "caps_cpus: 'power9_v2.0' is not a POWER family" },
		{ "caps_cpus=power9;", "caps_cpus=power10x;", "caps_cpus: 'power10x' is not a POWER family" },
		/* A missing Spectre cap, and a level of each kind's own spelling. */
		{ "cap-sbbc=workaround\n", "", "line 10: [caps pseries-7.2 power9] has no cap-sbbc key" },
		{ "cap-ibs=workaround", "cap-ibs=maybe",
		  "cap-ibs: 'maybe' is not a level (broken, workaround, fixed-ibs, fixed-ccd, fixed-na)" },
		{ "cap-ccf-assist=on", "cap-ccf-assist=maybe", "cap-ccf-assist: 'maybe' is not on or off" },
		{ "cap-cfpc=workaround", "cap-cfpc=workaroundxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		  "cap-cfpc: 'workaroundxxx" },
		/* The on/off caps and deprecated take on, off, true or false only. */
		{ "cap-ccf-assist=on\n", "cap-ccf-assist=on\ncap-htm=no\n",
		  "[caps pseries-7.2 power9] cap-htm: 'no' is not on, off, true or false" },
		{ "cap-ccf-assist=on\n", "cap-ccf-assist=on\ncap-large-decr=yes\n",
		  "cap-large-decr: 'yes' is not on, off, true or false" },
		{ "cap-ccf-assist=on\n", "cap-ccf-assist=on\ncap-fwnmi=True\n",
		  "cap-fwnmi: 'True' is not on, off, true or false" },
		{ "cap-ccf-assist=on\n", "cap-ccf-assist=on\ncap-fwnmi=falsy\n",
		  "cap-fwnmi: 'falsy' is not on, off, true or false" },
	};
	char err[256];

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *text = variant(ok, cases[i].from, cases[i].to);

		ck_assert_msg(parse_text(text, err, sizeof(err)) == -EINVAL, "case %zu accepted", i);
		ck_assert_msg(strstr(err, cases[i].want), "case %zu: %s", i, err);
	}
}
END_TEST

/* Hand-written variants the reader takes (fault cases of its accepted forms), and what they answer. */
START_TEST(accepted_forms)
{
	static const char ok[] = "[qemu]\nbinary=/q\nversion=7.2.22\ndefault_machine=pseries-7.2\n"
				 "machines=pseries-7.2;\ncpu_models=power9;power9_v2.0;\ncaps_cpus=power9;\n"
				 "[machine pseries-7.2]\ndefault_cpu=power9_v2.0\n"
				 "[caps pseries-7.2 power9]\ncap-cfpc=workaround\ncap-sbbc=workaround\n"
				 "cap-ibs=workaround\ncap-ccf-assist=on\n";
	struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	struct vcpuchar_ppc_request r;
	char err[512];

	/* Lists without the last ';', deprecated=false, models of no POWER family (e500, power, power1234, power12). */
	{
		g_autofree char *a = variant(ok, "machines=pseries-7.2;\ncpu_models=power9;power9_v2.0;",
					     "machines=pseries-7.2\ncpu_models=e500;power;power1234;power12;power9;power9_v2.0");
		g_autofree char *text = variant(a, "default_cpu=", "deprecated=false\ndefault_cpu=");

		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, sizeof(err)), 0);
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries", &m, err, sizeof(err)), 0);
		ck_assert_str_eq(m.name, "pseries-7.2");
		ck_assert_uint_eq(m.deprecated, 0);
		ck_assert_uint_eq(m.default_cpu, VCPUCHAR_PPC_CPU_POWER9);
		/* The models are named as the profile lists them; only power9 is a family here. */
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, VCPUCHAR_PPC_CPU_POWER8);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -ENOENT);
		ck_assert_msg(strstr(err, "has no power8 CPU model: its POWER models are e500, power, power1234, power12, "
					  "power9, power9_v2.0"),
			      "%s", err);
		vcpuchar_ppc_qemu_profile_free(p);
	}
	/* A type QEMU refused to start with the family: no defaults to decide from (-ENOENT). */
	{
		g_autofree char *text = variant(ok, "[caps pseries-7.2 power9]\n",
						"[caps pseries-7.2 power9]\nstart=synthetic refusal, hand-written\n");

		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, sizeof(err)), 0);
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, VCPUCHAR_PPC_CPU_POWER9);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), 0);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), -ENOENT);
		vcpuchar_ppc_qemu_profile_free(p);
	}
	/* A default CPU whose family caps_cpus does not hold: its defaults were not read. */
	{
		g_autofree char *a = variant(ok, "cpu_models=power9;power9_v2.0;", "cpu_models=power8;power9;power9_v2.0;");
		g_autofree char *text = variant(a, "default_cpu=power9_v2.0", "default_cpu=power8");

		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, sizeof(err)), 0);
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-7.2", &m, err, sizeof(err)), 0);
		ck_assert_uint_eq(m.default_cpu, VCPUCHAR_PPC_CPU_POWER8);
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, 0);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), -ENOENT);
		r.cpu = VCPUCHAR_PPC_CPU_POWER8;
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -ENOENT);
		ck_assert_str_eq(err, "QEMU 7.2.22 (/q, its profile) has no power8 CPU model: its POWER models are "
				      "power8, power9, power9_v2.0");
		vcpuchar_ppc_qemu_profile_free(p);
	}
	/* A default CPU of no POWER family (a type whose default is another CPU): POWER9 is assumed. */
	{
		g_autofree char *a = variant(ok, "cpu_models=power9;", "cpu_models=power5+_v2.1;power9;");
		g_autofree char *text = variant(a, "default_cpu=power9_v2.0", "default_cpu=power5+_v2.1");

		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, sizeof(err)), 0);
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries-7.2", &m, err, sizeof(err)), 0);
		ck_assert_uint_eq(m.default_cpu, 0);
		ck_assert_uint_eq(m.deprecated, 2); /* not said: unknown */
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, 0);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		vcpuchar_ppc_qemu_profile_free(p);
	}
	/* A QEMU older than the table's first release (7.2): its profile answers, texts take 7.2's row. */
	{
		g_autofree char *a = variant(ok, "version=7.2.22", "version=6.2.0");
		g_autofree char *b = variant(a, "default_machine=pseries-7.2\nmachines=pseries-7.2;",
					     "default_machine=pseries-6.2\nmachines=pseries-6.2;");
		g_autofree char *c = variant(b, "[machine pseries-7.2]", "[machine pseries-6.2]");
		g_autofree char *text = variant(c, "[caps pseries-7.2 power9]", "[caps pseries-6.2 power9]");

		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, sizeof(err)), 0);
		ck_assert_uint_eq(vcpuchar_ppc_qemu_profile_version(p), VCPUCHAR_PPC_QEMU_VERSION(6, 2, 0));
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries", &m, err, sizeof(err)), 0);
		ck_assert_str_eq(m.name, "pseries-6.2");
		ck_assert_uint_eq(m.machine, VCPUCHAR_PPC_MACHINE_PSERIES);
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, "pseries-6.2", VCPUCHAR_PPC_CPU_POWER9);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), 0);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		/* The profile's own defaults, read from its [caps] group. */
		ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
		ck_assert_uint_eq(res.effective_caps.ccf_assist, 1);
		vcpuchar_ppc_qemu_profile_free(p);
	}
	/* A request of the class of unknown defaults, without a type name: no type of the profile
	 * is taken, so the caller gives all four caps. */
	{
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(ok, strlen(ok), &p, err, sizeof(err)), 0);
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, NULL, VCPUCHAR_PPC_CPU_POWER9);
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
		ck_assert_msg(strstr(err, "all four caps are needed"), "%s", err);
		r.caps_set = (1u << VCPUCHAR_PPC_N_CAPS) - 1;
		ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), 0);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		vcpuchar_ppc_qemu_profile_free(p);
	}
	/* The calls check their arguments. */
	ck_assert_uint_eq(vcpuchar_ppc_qemu_profile_version(NULL), 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(ok, strlen(ok), NULL, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "missing argument");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(ok, strlen(ok), &p, NULL, 1), -EINVAL);
	ck_assert_ptr_null(p);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(ok, sizeof(ok), &p, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "not a QEMU profile: larger than 1 MiB or holds a NUL byte");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(ok, (1u << 20) + 1, &p, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "not a QEMU profile: larger than 1 MiB or holds a NUL byte");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(ok, strlen(ok), &p, err, sizeof(err)), 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries", NULL, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries", &m, NULL, 1), -EINVAL);
	m.size = 3;
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_machine(p, "pseries", &m, err, sizeof(err)), -EINVAL);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * ppc migrate --src LIST --dst LIST --qemu FILE: the caps a list leaves out
 * are the profile's default type's (pseries-7.2, power9_v2.0), as measured:
 * [caps pseries-7.2 power9] of the Debian 12 profile says cfpc, sbbc and
 * ibs workaround, ccf-assist on.
 */
START_TEST(migrate_list_defaults)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	struct vcpuchar_ppc_caps c = { 0 };
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-downstream-hand-edited.profile", NULL);
	g_autofree char *text = NULL;
	struct vcpuchar_ppc_qemu_profile *edited = NULL;
	char err[512];
	gsize len;

	o.err = err;
	o.err_size = sizeof(err);
	o.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("cap-cfpc=broken", 0, &c, &o), 0);
	ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(c.ibs, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(c.ccf_assist, VCPUCHAR_PPC_LEVEL_ON);
	/* The profile's own version is taken; another is refused with the request's reason. */
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("", VCPUCHAR_PPC_QEMU_VERSION(7, 2, 22), &c, &o), 0);
	c.cfpc = 0;
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("", VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0), &c, &o), -EINVAL);
	ck_assert_msg(strstr(err, "qemu_version 100000 is not the profile's QEMU 7.2.22"), "%s", err);
	ck_assert_uint_eq(c.cfpc, 0);
	/* A 1.2 caller's opts (without qemu_profile) still read the table. */
	o.size = offsetof(struct vcpuchar_ppc_parse_opts, qemu_profile);
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("cap-ibs=broken", 0, &c, &o), 0);
	ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(c.ibs, VCPUCHAR_PPC_LEVEL_BROKEN);
	/*
	 * The profile's value, not the table's, is read: the hand-edited
	 * profile with pseries-7.2's power9 cfpc changed to broken (a test
	 * edit, no QEMU has it).
	 */
	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	{
		char *at = strstr(text, "[caps pseries-7.2 power9]\ncap-ccf-assist=on\ncap-cfpc=workaround\n");
		g_autofree char *edit = NULL;

		ck_assert_ptr_nonnull(at);
		edit = g_strdup_printf("%.*s[caps pseries-7.2 power9]\ncap-ccf-assist=on\ncap-cfpc=broken\n%s",
				       (int)(at - text), text, at + strlen("[caps pseries-7.2 power9]\ncap-ccf-assist=on\n"
									    "cap-cfpc=workaround\n"));
		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(edit, strlen(edit), &edited, err, sizeof(err)), 0);
	}
	o.size = sizeof(o);
	o.qemu_profile = edited;
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("cap-sbbc=broken", 0, &c, &o), 0);
	ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_uint_eq(c.ibs, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	vcpuchar_ppc_qemu_profile_free(edited);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* ppc baseline --qemu FILE: the fleet's guest CPU must be a model of the profiled QEMU. */
START_TEST(fleet_guest_cpu)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_caps l = { VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND,
				       VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_ON };
	struct vcpuchar_ppc_host h = ppc_host_words(l);
	const struct vcpuchar_ppc_host *hosts[1] = { &h };
	struct vcpuchar_ppc_fleet_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	uint32_t cpu = 77, bad[2] = { 5, 5 };
	char err[512];

	h.pvr = 0x00800200u; /* POWER10 */
	g_strlcpy(h.arch, "ppc64le", sizeof(h.arch));
	o.err = err;
	o.err_size = sizeof(err);
	o.refused = bad;
	o.qemu_profile = p;
	/* No CPU given: the host's own, power10, which QEMU 7.2 has. */
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(hosts, 1, &o, &b, &cpu), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER10);
	ck_assert_str_eq(err, "");
	/* A host without a PVR names no CPU, so only the profile can refuse power11. */
	h.pvr = 0;
	o.cpu = VCPUCHAR_PPC_CPU_POWER11;
	cpu = 77;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(hosts, 1, &o, &b, &cpu), -ENOENT);
	ck_assert_uint_eq(cpu, 77);
	ck_assert_uint_eq(bad[0], UINT32_MAX);
	ck_assert_uint_eq(bad[1], UINT32_MAX);
	ck_assert_msg(strstr(err, "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) has no power11 CPU model"),
		      "%s", err);
	/* Without the profile the table's QEMU is not asked: taken. */
	o.qemu_profile = NULL;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(hosts, 1, &o, &b, &cpu), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER11);
	/* A 1.2 caller's opts end before qemu_profile. */
	o.qemu_profile = p;
	o.size = offsetof(struct vcpuchar_ppc_fleet_opts, ids);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(hosts, 1, &o, &b, &cpu), 0);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* The profile's text with @from replaced by @to once (a test edit, marked where it is used). */
static struct vcpuchar_ppc_qemu_profile *load_edited(const char *name, const char *from, const char *to)
{
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, name, NULL);
	g_autofree char *text = NULL, *edit = NULL;
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	char err[256];
	const char *at;
	gsize len;

	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	ck_assert_ptr_nonnull(at = strstr(text, from));
	edit = g_strdup_printf("%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(edit, strlen(edit), &p, err, sizeof(err)), 0);
	return p;
}

/*
 * Deprecations from the profile (QMP query-machines "deprecated"): Debian
 * 12's QEMU 7.2.22 marks none of its 27 pseries types deprecated, as the
 * table says for 7.2; a test edit marks pseries-2.11 deprecated, or drops
 * its flag (unknown).
 */
START_TEST(deprecated_from_profile)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	char note[1024] = "x";

	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.1", note, sizeof(note)), 0);
	ck_assert_str_eq(note, "");
	ck_assert_int_eq(vcpuchar_ppc_machine_deprecated("pseries-2.1", VCPUCHAR_PPC_QEMU_VERSION(7, 2, 22), note,
							 sizeof(note)),
			 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries", NULL, 0), 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-8.0", note, sizeof(note)), -ENOENT);
	ck_assert_msg(strstr(note, "has no machine type 'pseries-8.0': it has pseries-2.1,"), "%s", note);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(NULL, "pseries", NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries", NULL, 1), -EINVAL);
	vcpuchar_ppc_qemu_profile_free(p);

	/* Test edit: pseries-2.11 marked deprecated; the pin is the next type (pseries-2.12), not -sxxm. */
	p = load_edited("qemu-7.2-debian12.profile", "[machine pseries-2.11]\ndeprecated=false\n",
			"[machine pseries-2.11]\ndeprecated=true\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.11", note, sizeof(note)), 1);
	ck_assert_str_eq(note, "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) marks machine type "
			       "'pseries-2.11' deprecated: it warns and starts; pin pseries-2.12 or newer to keep the "
			       "guest past the type's deletion");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.12", note, sizeof(note)), 0);
	vcpuchar_ppc_qemu_profile_free(p);

	/* Test edit: no flag for pseries-2.11: unknown, said. */
	p = load_edited("qemu-7.2-debian12.profile", "[machine pseries-2.11]\ndeprecated=false\n",
			"[machine pseries-2.11]\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.11", note, sizeof(note)), 2);
	ck_assert_str_eq(note, "whether QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) marks 'pseries-2.11' "
			       "deprecated is unknown: the profile does not say");
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* The defaults_* warnings name the profile's exact type, whose measured defaults they judge. */
START_TEST(warnings_name_the_type)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_caps l = { VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND,
				       VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_ON };
	struct vcpuchar_ppc_host h = ppc_host_words(l);
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	uint32_t k;

	r.qemu_profile = p;
	r.qemu_machine = "pseries-2.11";
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_int_ge(vcpuchar_ppc_warnings_check(&h, &r, &w), 1);
	for (k = 0; k < w.n_entries && w.entries[k].code != VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST; k++)
		;
	ck_assert_uint_lt(k, w.n_entries);
	/* pseries-2.11 with POWER9: cfpc, sbbc, ibs broken, ccf-assist off ([caps pseries-2.11 power9]). */
	ck_assert_msg(g_str_has_prefix(w.entries[k].text, "QEMU started with the pseries-2.11 default caps on this host "
							  "passes these four caps, a downgrade: the guest loses "
							  "mitigations: cap-cfpc=broken (host: workaround), "
							  "cap-sbbc=broken (host: workaround), cap-ibs=broken (host: "
							  "workaround), cap-ccf-assist=off (host: on)"),
		      "%s", w.entries[k].text);
	/* Without a profile the class is named. */
	r.qemu_profile = NULL;
	r.qemu_machine = NULL;
	ck_assert_int_ge(vcpuchar_ppc_warnings_check(&h, &r, &w), 1);
	ck_assert_msg(strstr(w.entries[k].text, "QEMU started with the pseries-3.1 and older default caps"), "%s",
		      w.entries[k].text);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * The -machine parser with a QEMU profile: a cap is taken when the type's
 * properties (QMP qom-list-properties) have it, whatever the table says of
 * the release. Debian 12's 7.2.22: pseries-7.2 has cap-rpt-invalidate (not
 * judged) and no cap-ail-mode-3 (refused, as the table says for 7.2).
 */
START_TEST(parser_takes_the_types_caps)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	char err[512];

	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-rpt-invalidate=on", &r, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "cap-rpt-invalidate=on");
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-2.1,cap-ail-mode-3=off", &r, err, sizeof(err)),
			 -EINVAL);
	ck_assert_str_eq(err, "item 2: QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile): pseries-2.1 has no "
			      "property 'cap-ail-mode-3' (it refuses it)");
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("cap-x-vendor=on,type=pseries-7.2", &r, err, sizeof(err)),
			 -EINVAL);
	ck_assert_msg(strstr(err, "pseries-7.2 has no property 'cap-x-vendor'"), "%s", err);
	/*
	 * Any other property the type lacks (QEMU 7.2.22 and 11.1.3: "Property
	 * 'pseries-7.2-machine.bogus' not found"); '_' reads as '-', and the
	 * accelerator's own properties are taken on -machine too (measured).
	 */
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.2,bogus=on", &r, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "item 2: QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile): pseries-7.2 has no "
			      "property 'bogus' (it refuses it)");
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.2,dump_guest_core=on,kernel_irqchip=on,"
							 "kvm-shadow-mem=1024,accel=kvm",
							 &r, err, sizeof(err)),
			 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-8.0", &r, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "has no machine type 'pseries-8.0'"), "%s", err);
	vcpuchar_ppc_qemu_profile_free(p);

	/*
	 * Test edit: pseries-7.2 with cap-ail-mode-3 and a vendor cap, as a
	 * backport would add them: the first is judged (start_set), the
	 * second taken and not judged.
	 */
	p = load_edited("qemu-7.2-debian12.profile",
			"[machine pseries-7.2]\nalias=pseries\ndeprecated=false\ndefault_cpu=power9_v2.0\nproperties=",
			"[machine pseries-7.2]\nalias=pseries\ndeprecated=false\ndefault_cpu=power9_v2.0\nproperties="
			"cap-ail-mode-3;cap-x-vendor;");
	r = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.2,cap-ail-mode-3=off,cap-x-vendor=on", &r, err,
							 sizeof(err)),
			 0);
	ck_assert_str_eq(err, "cap-x-vendor=on");
	ck_assert_uint_eq(r.start_set, 1u << VCPUCHAR_PPC_START_AIL_MODE_3);
	ck_assert_uint_eq(r.start_levels[VCPUCHAR_PPC_START_AIL_MODE_3], 0);
	/* Another type of the same binary keeps its own list. */
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.1,cap-ail-mode-3=off", &r, err, sizeof(err)),
			 -EINVAL);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * cap-hpt-max-page-size from the profile: Debian 12's 7.2.22 reads 65536
 * for pseries-3.0 to 7.2 and 17179869184 (TCG's 16 GiB, where the type
 * takes the host's page size) for pseries-2.12 and older, as the table's
 * rule says. On a 4 KiB KVM-HV host that needs host-contiguous pages, the
 * class pseries-3.1 without its exact type is unknown from the table; the
 * profile's exact type answers: pseries-2.11 starts, pseries-3.1 is refused.
 */
START_TEST(hpt_from_profile)
{
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_request r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES_3_1, "pseries-2.11",
						 VCPUCHAR_PPC_CPU_POWER9);
	struct vcpuchar_ppc_start s = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 1 });
	const struct vcpuchar_ppc_start_entry *e = &s.entries[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE];

	h.pvr = 0x004e1202;
	h.facts_read = VCPUCHAR_PPC_FACT_ALL;
	h.facts = VCPUCHAR_PPC_FACT_ALL;
	h.page_size = 4096;
	h.dec_bits = 56;
	r.accel = VCPUCHAR_ACCEL_KVM;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(e->level, 0);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_str_eq(e->reason, "pseries-2.12 and older take the host's page size");
	r.qemu_machine = "pseries-3.1";
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(e->level, 16);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->fix, "cap-hpt-max-page-size=4k");
	/* The table, for the class alone: unknown (pseries-2.12 and older, or 3.0 and 3.1). */
	r.qemu_profile = NULL;
	r.qemu_machine = NULL;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * cap-hpt-max-page-size as qom-get gives it (lib/ppc.md#qemu-profiles): a
 * power of two in bytes from 4 KiB to 16 GiB. Hand-written variants of a
 * one-type profile, marked as fault cases: each malformed value refused;
 * the bounds taken, and read as the page shift the start check judges on
 * a 4 KiB-page POWER9 KVM-HV host (16 GiB: the host's page size, 0).
 */
START_TEST(hpt_value_rules)
{
	static const char ok[] = "[qemu]\nbinary=/q\nversion=7.2.22\ndefault_machine=pseries-7.2\n"
				 "machines=pseries-7.2;\ncpu_models=power9;power9_v2.0;\ncaps_cpus=power9;\n"
				 "[machine pseries-7.2]\ndefault_cpu=power9_v2.0\n"
				 "[caps pseries-7.2 power9]\ncap-cfpc=workaround\ncap-sbbc=workaround\n"
				 "cap-ibs=workaround\ncap-ccf-assist=on\n";
	static const char *const refused[] = {
		"",                     /* empty */
		"64k",                  /* QEMU's -machine spelling, not qom-get's bytes */
		"065536",               /* a leading zero */
		"0",                    /* zero */
		"2048",                 /* below 4 KiB */
		"34359738368",          /* 32 GiB, above 16 GiB */
		"65537",                /* not a power of two */
		"98304",                /* 96 KiB: not a power of two */
		"99999999999999999999", /* past 2^64: stopped, not wrapped */
		"-65536",
	};
	static const struct {
		const char *bytes;
		uint32_t level;
	} taken[] = { { "4096", 12 }, { "65536", 16 }, { "16777216", 24 }, { "17179869184", 0 } };
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 1 });
	struct vcpuchar_ppc_start s = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	const struct vcpuchar_ppc_start_entry *e = &s.entries[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE];
	char err[256];

	for (size_t i = 0; i < G_N_ELEMENTS(refused); i++) {
		g_autofree char *to = g_strdup_printf("cap-ccf-assist=on\ncap-hpt-max-page-size=%s\n", refused[i]);
		g_autofree char *text = variant(ok, "cap-ccf-assist=on\n", to);
		g_autofree char *want = g_strdup_printf("line 15: [caps pseries-7.2 power9] cap-hpt-max-page-size: "
							"'%s' is not a power of two in bytes from 4096 to 17179869184",
							refused[i]);

		ck_assert_msg(parse_text(text, err, sizeof(err)) == -EINVAL, "'%s' accepted", refused[i]);
		ck_assert_msg(!strcmp(err, want), "'%s': %s", refused[i], err);
	}
	h.pvr = 0x004e1202;
	h.facts_read = VCPUCHAR_PPC_FACT_ALL;
	h.facts = VCPUCHAR_PPC_FACT_ALL;
	h.page_size = 4096;
	h.dec_bits = 56;
	for (size_t i = 0; i < G_N_ELEMENTS(taken); i++) {
		g_autofree char *to = g_strdup_printf("cap-ccf-assist=on\ncap-hpt-max-page-size=%s\n", taken[i].bytes);
		g_autofree char *text = variant(ok, "cap-ccf-assist=on\n", to);
		struct vcpuchar_ppc_qemu_profile *p = NULL;
		struct vcpuchar_ppc_request r;

		ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, strlen(text), &p, err, sizeof(err)), 0);
		r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, "pseries-7.2", VCPUCHAR_PPC_CPU_POWER9);
		r.accel = VCPUCHAR_ACCEL_KVM;
		ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
		ck_assert_msg(e->level == taken[i].level, "%s: level %u", taken[i].bytes, e->level);
		/* 64 KiB and larger pages need host pages as large: refused on this 4 KiB host. */
		ck_assert_uint_eq(e->verdict, taken[i].level > 12 ? VCPUCHAR_PPC_VERDICT_REFUSED
								  : VCPUCHAR_PPC_VERDICT_STARTS);
		vcpuchar_ppc_qemu_profile_free(p);
	}
}
END_TEST

/*
 * The pin of a deprecated type: the oldest upstream-named type newer than
 * it that the binary does not mark deprecated. Test edits of Debian 12's
 * 7.2.22 profile (which marks none deprecated): pseries-2.11 and 2.12
 * deprecated pin pseries-3.0 (2.12-sxxm is not upstream-named); the newest
 * type and a downstream-named one have no pin.
 */
START_TEST(deprecated_pins)
{
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-7.2-debian12.profile", NULL);
	g_autofree char *text = NULL, *a = NULL, *b = NULL;
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	char note[1024];
	gsize len;

	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	a = variant(text, "[machine pseries-2.11]\ndeprecated=false\n", "[machine pseries-2.11]\ndeprecated=true\n");
	b = variant(a, "[machine pseries-2.12]\ndeprecated=false\n", "[machine pseries-2.12]\ndeprecated=on\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(b, strlen(b), &p, note, sizeof(note)), 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.11", note, sizeof(note)), 1);
	ck_assert_str_eq(note, "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) marks machine type "
			       "'pseries-2.11' deprecated: it warns and starts; pin pseries-3.0 or newer to keep the "
			       "guest past the type's deletion");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.12", note, sizeof(note)), 1);
	ck_assert_msg(strstr(note, "; pin pseries-3.0 or newer"), "%s", note);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.12-sxxm", note, sizeof(note)), 0);
	/* No note buffer: the answer alone. */
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-2.11", NULL, 0), 1);
	vcpuchar_ppc_qemu_profile_free(p);
	g_free(a);

	/* The newest type (the default, "pseries") deprecated: nothing newer to pin. */
	a = variant(text, "[machine pseries-7.2]\nalias=pseries\ndeprecated=false\n",
		    "[machine pseries-7.2]\nalias=pseries\ndeprecated=true\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(a, strlen(a), &p, note, sizeof(note)), 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries", note, sizeof(note)), 1);
	ck_assert_str_eq(note, "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) marks machine type "
			       "'pseries-7.2' deprecated: it warns and starts");
	vcpuchar_ppc_qemu_profile_free(p);
	g_free(text);
	g_free(path);

	/* The hand-edited profile's downstream type deprecated: no upstream name to order, no pin. */
	path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-downstream-hand-edited.profile", NULL);
	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	g_free(a);
	a = variant(text, "[machine pseries-rhel9.2.0]\ndeprecated=false\n",
		    "[machine pseries-rhel9.2.0]\ndeprecated=true\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(a, strlen(a), &p, note, sizeof(note)), 0);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-rhel9.2.0", note, sizeof(note)), 1);
	ck_assert_str_eq(note, "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile) marks machine type "
			       "'pseries-rhel9.2.0' deprecated: it warns and starts");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_deprecated(p, "pseries-7.2", note, sizeof(note)), 0);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* Every occurrence of @from in @text replaced by @to (a type renamed throughout a profile). */
static char *rename_all(const char *text, const char *from, const char *to)
{
	g_auto(GStrv) parts = g_strsplit(text, from, -1);

	ck_assert_msg(parts[1], "'%s' is not in the profile", from);
	return g_strjoinv(to, parts);
}

/* The explanation of the error conflict on @cap, which must be there. */
static const char *above_why(const struct vcpuchar_ppc_result *res, uint32_t cap)
{
	for (uint32_t i = 0; i < res->n_conflicts; i++)
		if (res->conflicts[i].cap == cap && res->conflicts[i].severity == VCPUCHAR_SEVERITY_ERROR)
			return res->conflicts[i].explanation;
	ck_abort_msg("no error on cap %u", cap);
	return NULL;
}

/*
 * The remedy of a default above the host, from the target QEMU's profile
 * with qemu_version 0 (lib/ppc.md#qemu-profiles): its own types, their
 * measured defaults and deprecation flags, on a KVM host whose levels are
 * all broken/off. Probed profiles: Debian 12's 7.2.22 (no type
 * deprecated), trixie's 10.0.13 (pseries-3.0 to 7.0 deprecated), sid's
 * 11.1.3 (no type older than pseries-5.2).
 */
START_TEST(remedies_from_profile)
{
	static const char *const dep10 =
		"set it explicitly to the level the hint names, or pin an older machine type such as pseries-3.1 "
		"(which also changes other guest-visible defaults); this QEMU marks pseries-3.1 deprecated and QEMU "
		"10.1 removes it, so a guest pinned to it must set the cap before moving to 10.1 or later";
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 0, 0, 0, 0 });
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_request r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, VCPUCHAR_PPC_CPU_POWER9);
	g_autofree char *path = NULL, *text = NULL, *vendor = NULL, *lower = NULL;
	gsize len;
	char err[256];

	r.accel = VCPUCHAR_ACCEL_KVM;
	/* 7.2.22: pseries-3.1 and 4.2 there, neither deprecated: the plain pin, as the table's 7.2 row. */
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.n_errors, 4);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC),
			     "or pin an older machine type such as pseries-3.1 (which also changes other guest-visible "
			     "defaults); besides the cap"),
		      "%s", above_why(&res, VCPUCHAR_PPC_CAP_CFPC));
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CCF_ASSIST), "such as pseries-4.2 (which"), "%s",
		      above_why(&res, VCPUCHAR_PPC_CAP_CCF_ASSIST));
	ck_assert_ptr_null(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC), "deprecated"));
	vcpuchar_ppc_qemu_profile_free(p);

	/* 10.0.13: both deprecated; upstream's lifecycle removes 3.1 in 10.1 and 4.2 in 10.2. */
	p = load("qemu-10.0.13-debian13.profile");
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	/* 10.0's sbbc default is broken for POWER9 (logical PVR, lib/ppc.md#qemu-versions): no error. */
	ck_assert_uint_eq(res.n_errors, 3);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC), dep10), "%s",
		      above_why(&res, VCPUCHAR_PPC_CAP_CFPC));
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_IBS), dep10), "%s",
		      above_why(&res, VCPUCHAR_PPC_CAP_IBS));
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CCF_ASSIST),
			     "this QEMU marks pseries-4.2 deprecated and QEMU 10.2 removes it"),
		      "%s", above_why(&res, VCPUCHAR_PPC_CAP_CCF_ASSIST));
	/* The table for the same release says the same; with qemu_version 0 and no profile, 7.2's pin. */
	r.qemu_profile = NULL;
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 13);
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC), dep10), "%s",
		      above_why(&res, VCPUCHAR_PPC_CAP_CFPC));
	r.qemu_version = 0;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_ptr_null(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC), "deprecated"));

	/* The same binary as a vendor's build (a downstream-named type): the removal is not known. */
	path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-10.0.13-debian13.profile", NULL);
	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	vendor = rename_all(text, "pseries-9.2", "pseries-rhel10.0.0");
	vcpuchar_ppc_qemu_profile_free(p);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(vendor, strlen(vendor), &p, err, sizeof(err)), 0);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC),
			     "; this QEMU marks pseries-3.1 deprecated, and which release of it removes pseries-3.1 is "
			     "not known from its QEMU profile, so a guest pinned to it must set the cap before that"),
		      "%s", above_why(&res, VCPUCHAR_PPC_CAP_CFPC));
	ck_assert_ptr_null(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC), "10.1"));
	vcpuchar_ppc_qemu_profile_free(p);

	/* 11.1.3: no pseries-3.1 or 4.2, and no type with a lower default: no pin. */
	p = load("qemu-11.1.3-debian-sid.profile");
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.n_errors, 3);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		if (cap != VCPUCHAR_PPC_CAP_SBBC)
			ck_assert_msg(strstr(above_why(&res, cap),
					     "set it explicitly to the level the hint names (this QEMU has no older "
					     "machine type with a lower default)"),
				      "%s", above_why(&res, cap));
	vcpuchar_ppc_qemu_profile_free(p);

	/* A downstream type: the default is the profile's, and no type of it has a lower one. */
	p = load("qemu-downstream-hand-edited.profile");
	r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, "pseries-rhel9.2.0", VCPUCHAR_PPC_CPU_POWER9);
	r.accel = VCPUCHAR_ACCEL_KVM;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.n_errors, 4);
	ck_assert_str_eq(above_why(&res, VCPUCHAR_PPC_CAP_CFPC),
			 "cap-cfpc was not set by the caller and takes the default of this machine type, as its QEMU "
			 "profile measured it: set it explicitly to the level the hint names (this QEMU has no older "
			 "machine type with a lower default)");
	vcpuchar_ppc_qemu_profile_free(p);
	/* Test edit: its pseries-7.2 with cfpc broken for POWER9, a lower default of a type not named here. */
	g_free(text);
	g_free(path);
	path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-downstream-hand-edited.profile", NULL);
	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	lower = variant(text, "[caps pseries-7.2 power9]\ncap-ccf-assist=on\ncap-cfpc=workaround\n",
			"[caps pseries-7.2 power9]\ncap-ccf-assist=on\ncap-cfpc=broken\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(lower, strlen(lower), &p, err, sizeof(err)), 0);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC),
			     "(this QEMU has no pseries-3.1 with a lower default; its QEMU profile lists other machine "
			     "types whose default is lower, which change other guest-visible defaults too)"),
		      "%s", above_why(&res, VCPUCHAR_PPC_CAP_CFPC));
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_SBBC), "(this QEMU has no older machine type"), "%s",
		      above_why(&res, VCPUCHAR_PPC_CAP_SBBC));
	/* Its TCG warnings and below-host infos name the profile's type too (no table row for the class). */
	r.accel = VCPUCHAR_ACCEL_TCG;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_str_eq(res.conflicts[0].explanation,
			 "cap-cfpc was not set by the caller and takes the default of this machine type, as its QEMU "
			 "profile measured it: set it to broken/off explicitly to silence the warning");
	r.accel = VCPUCHAR_ACCEL_KVM;
	h = ppc_host_words((struct vcpuchar_ppc_caps){ 2, 2, 3, 1 });
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_uint_eq(res.n_errors, 0);
	ck_assert_str_eq(res.conflicts[0].explanation,
			 "cap-cfpc was not set by the caller and takes the default of this machine type, as its QEMU "
			 "profile measured it (for this guest CPU): set it to the host level the hint names, or use "
			 "host-max mode");
	vcpuchar_ppc_qemu_profile_free(p);

	/* Test edits of 10.0.13: the flag absent (unknown) pins without a word on it; ... */
	h = ppc_host_words((struct vcpuchar_ppc_caps){ 0, 0, 0, 0 });
	r = tcg_caps(NULL, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, VCPUCHAR_PPC_CPU_POWER9);
	r.accel = VCPUCHAR_ACCEL_KVM;
	g_free(text);
	g_free(path);
	g_free(lower);
	path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-10.0.13-debian13.profile", NULL);
	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	lower = variant(text, "[machine pseries-3.1]\ndeprecated=true\n", "[machine pseries-3.1]\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(lower, strlen(lower), &p, err, sizeof(err)), 0);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC), "such as pseries-3.1 (which also changes other "
								     "guest-visible defaults); besides"),
		      "%s", above_why(&res, VCPUCHAR_PPC_CAP_CFPC));
	vcpuchar_ppc_qemu_profile_free(p);
	g_free(lower);
	/* ... an upstream build at the removing release that still has the type: not known. */
	lower = variant(text, "version=10.0.13\n", "version=10.1.0\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(lower, strlen(lower), &p, err, sizeof(err)), 0);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CFPC), "is not known from its QEMU profile"), "%s",
		      above_why(&res, VCPUCHAR_PPC_CAP_CFPC));
	/* Its pseries-4.2 goes in 10.2, after it: named. */
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_CCF_ASSIST), "QEMU 10.2 removes it"), "%s",
		      above_why(&res, VCPUCHAR_PPC_CAP_CCF_ASSIST));
	vcpuchar_ppc_qemu_profile_free(p);

	/* 7.2.22 with pseries-2.12 marked deprecated (test edit): pseries-2.12-sxxm's pin goes in 9.2. */
	g_free(text);
	g_free(path);
	g_free(lower);
	path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-7.2-debian12.profile", NULL);
	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	lower = variant(text, "[machine pseries-2.12]\ndeprecated=false\n", "[machine pseries-2.12]\ndeprecated=true\n");
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(lower, strlen(lower), &p, err, sizeof(err)), 0);
	r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, NULL, VCPUCHAR_PPC_CPU_POWER9);
	r.accel = VCPUCHAR_ACCEL_KVM;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &r, &res), 0);
	ck_assert_msg(strstr(above_why(&res, VCPUCHAR_PPC_CAP_IBS),
			     "this QEMU marks pseries-2.12 deprecated and QEMU 9.2 removes it"),
		      "%s", above_why(&res, VCPUCHAR_PPC_CAP_IBS));
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * The other texts that name the target QEMU take the profile's version and
 * types with qemu_version 0 (lib/ppc.md#qemu-profiles): the fixed-na
 * warning, the defaults warnings' type, cap-ail-mode-3's verdict, and the
 * start verdict's exact type.
 */
START_TEST(texts_name_the_profile)
{
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 0, 0, 0, 0 });
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-10.0.13-debian13.profile");
	struct vcpuchar_ppc_request r = tcg_caps(p, VCPUCHAR_PPC_MACHINE_PSERIES, NULL, VCPUCHAR_PPC_CPU_POWER9);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);
	uint32_t k;

	r.caps_set = 1u << VCPUCHAR_PPC_CAP_IBS;
	r.caps.ibs = VCPUCHAR_PPC_LEVEL_FIXED_NA;
	ck_assert_int_ge(vcpuchar_ppc_warnings_check(&h, &r, &w), 1);
	ck_assert_uint_eq(w.entries[0].code, VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT);
	ck_assert_msg(g_str_has_prefix(w.entries[0].text,
				       "the effective caps hold cap-ibs=fixed-na, on which QEMU 10.0.13 (its QEMU "
				       "profile's binary) aborts as 10.0 (Debian 13) was measured to"),
		      "%s", w.entries[0].text);
	/* 11.1: not measured, so unknown, naming the binary's version. */
	vcpuchar_ppc_qemu_profile_free(p);
	p = load("qemu-11.1.3-debian-sid.profile");
	r.qemu_profile = p;
	ck_assert_int_ge(vcpuchar_ppc_warnings_check(&h, &r, &w), 1);
	ck_assert_msg(strstr(w.entries[0].text, "whether QEMU 11.1.3 aborts on it is unknown (not measured for 11.1)"),
		      "%s", w.entries[0].text);

	/* The defaults warning names the profile's default type, not the class. */
	r.caps_set = 0;
	r.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	r.accel = VCPUCHAR_ACCEL_KVM;
	ck_assert_int_ge(vcpuchar_ppc_warnings_check(&h, &r, &w), 1);
	for (k = 0; k < w.n_entries && w.entries[k].code != VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED; k++)
		;
	ck_assert_uint_lt(k, w.n_entries);
	ck_assert_msg(g_str_has_prefix(w.entries[k].text, "QEMU started with the pseries-11.1 default caps on this "
							  "host would refuse to start"),
		      "%s", w.entries[k].text);

	/* The exact type of the start verdict is the profile's (pseries-11.1 is no 7.2 type). */
	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-11.1", &s), 0);
	vcpuchar_ppc_qemu_profile_free(p);

	/* cap-ail-mode-3 given to 7.2.22, whose types lack it: the binary's version is named. */
	p = load("qemu-7.2-debian12.profile");
	r.qemu_profile = p;
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.start_set = 1u << VCPUCHAR_PPC_START_AIL_MODE_3;
	r.start_levels[VCPUCHAR_PPC_START_AIL_MODE_3] = 1;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(s.entries[VCPUCHAR_PPC_START_AIL_MODE_3].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(s.entries[VCPUCHAR_PPC_START_AIL_MODE_3].reason,
			 "QEMU 7.2.22 has no property cap-ail-mode-3 (QEMU 8.1 added it): remove it");
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * The type's properties list (QMP qom-list-properties) decides which caps
 * -machine takes, by whole name: cap-hpt is not cap-hpt-max-page-size.
 * Test edit: a profile without the list falls back to the release table
 * (7.2: cap-rpt-invalidate taken, cap-ail-mode-3 refused), and its raw
 * caps are the ones this library knows that the group has (all 12).
 */
START_TEST(properties_key)
{
	struct vcpuchar_ppc_qemu_profile *p10 = load("qemu-10.0.13-debian13.profile");
	g_autofree char *text10 = NULL, *edit10 = NULL;
	struct vcpuchar_ppc_qemu_profile *p = load("qemu-7.2-debian12.profile");
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps mc = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-7.2-debian12.profile", NULL);
	g_autofree char *text = NULL, *edit = NULL;
	char err[512];
	const char *props;
	gsize len;

	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.2,cap-hpt=on", &r, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "item 2: QEMU 7.2.22 (/usr/bin/qemu-system-ppc64, its profile): pseries-7.2 has no "
			      "property 'cap-hpt' (it refuses it)");
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.2,cap-vsx-more=on", &r, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "pseries-7.2 has no property 'cap-vsx-more'"), "%s", err);
	vcpuchar_ppc_qemu_profile_free(p);

	/* Test edit: pseries-7.2 without its properties key. */
	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	ck_assert_ptr_nonnull(props = strstr(text, "[machine pseries-7.2]\nalias=pseries\ndeprecated=false\n"
						   "default_cpu=power9_v2.0\nproperties="));
	props = strstr(props, "properties=");
	edit = g_strdup_printf("%.*s%s", (int)(props - text), text, strchr(props, '\n') + 1);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(edit, strlen(edit), &p, err, sizeof(err)), 0);
	r = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.2,cap-rpt-invalidate=on", &r, err, sizeof(err)), 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.2,cap-ail-mode-3=off", &r, err, sizeof(err)),
			 -EINVAL);
	/* The table's row is the profile's version, named as such. */
	ck_assert_str_eq(err, "item 2 'cap-ail-mode-3': QEMU 7.2.22's pseries has no such property (it refuses it)");
	/* Another type keeps its list. */
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-7.1,cap-hpt=on", &r, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "pseries-7.1 has no property 'cap-hpt'"), "%s", err);

	/*
	 * Test edit: 10.0.13's pseries-10.0 without its list takes the 10.0 row,
	 * which has cap-ail-mode-3 (8.1 added it), not 7.2's, with qemu_version 0.
	 */
	vcpuchar_ppc_qemu_profile_free(p10);
	g_free(path);
	path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-10.0.13-debian13.profile", NULL);
	ck_assert(g_file_get_contents(path, &text10, &len, NULL));
	ck_assert_ptr_nonnull(props = strstr(text10, "[machine pseries-10.0]\nalias=pseries\n"));
	props = strstr(props, "properties=");
	edit10 = g_strdup_printf("%.*s%s", (int)(props - text10), text10, strchr(props, '\n') + 1);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(edit10, strlen(edit10), &p10, err, sizeof(err)), 0);
	{
		struct vcpuchar_ppc_request r10 = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

		r10.qemu_profile = p10;
		ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-10.0,cap-ail-mode-3=off", &r10, err, sizeof(err)),
				 0);
		ck_assert_uint_eq(r10.start_set, 1u << VCPUCHAR_PPC_START_AIL_MODE_3);
	}
	vcpuchar_ppc_qemu_profile_free(p10);

	r = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	r.qemu_profile = p;
	r.qemu_machine = "pseries-7.2";
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-7.2", &mc), 0);
	ck_assert_uint_eq(mc.source, VCPUCHAR_PPC_MACHINE_CAPS_PROFILE);
	ck_assert_uint_eq(mc.n_caps, 12);
	for (uint32_t i = 0; i < mc.n_caps; i++)
		if (!strcmp(mc.caps[i].name, "hpt-max-page-size"))
			ck_assert_str_eq(mc.caps[i].default_value, "65536");
		else if (!strcmp(mc.caps[i].name, "large-decr"))
			ck_assert_str_eq(mc.caps[i].default_value, "on");
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/*
 * Hand-written fault cases of the raw caps: a value longer than any QEMU
 * gives (24 bytes and more), and a type listing more caps than the
 * struct holds (32).
 */
START_TEST(raw_caps_refused)
{
	static const char ok[] = "[qemu]\nbinary=/q\nversion=7.2.22\ndefault_machine=pseries-7.2\n"
				 "machines=pseries-7.2;\ncpu_models=power9;power9_v2.0;\ncaps_cpus=power9;\n"
				 "[machine pseries-7.2]\ndefault_cpu=power9_v2.0\nproperties=cap-cfpc;cap-x-vendor;\n"
				 "[caps pseries-7.2 power9]\ncap-cfpc=workaround\ncap-sbbc=workaround\n"
				 "cap-ibs=workaround\ncap-ccf-assist=on\n";
	g_autofree char *long_value = variant(ok, "cap-ccf-assist=on\n",
					      "cap-ccf-assist=on\ncap-x-vendor=abcdefghijklmnopqrstuvwx\n");
	g_autofree char *max_value = variant(ok, "cap-ccf-assist=on\n",
					     "cap-ccf-assist=on\ncap-x-vendor=abcdefghijklmnopqrstuvw\n");
	GString *list = g_string_new("properties="), *values = g_string_new("cap-ccf-assist=on\n");
	g_autofree char *a = NULL, *many = NULL;
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	char err[256];

	ck_assert_int_eq(parse_text(long_value, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "line 16: [caps pseries-7.2 power9] cap-x-vendor: 'abcdefghijklmnopqrstuvwx' is not a "
			      "value QEMU gives (at most 23 bytes)");
	ck_assert_int_eq(parse_text(max_value, err, sizeof(err)), 0);
	for (int i = 0; i < 33; i++) {
		g_string_append_printf(list, "cap-x%d;", i);
		g_string_append_printf(values, "cap-x%d=on\n", i);
	}
	a = variant(ok, "properties=cap-cfpc;cap-x-vendor;", list->str);
	many = variant(a, "cap-ccf-assist=on\n", values->str);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(many, strlen(many), &p, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_null(p);
	ck_assert_str_eq(err, "line 11: [caps pseries-7.2 power9] has more than 32 caps");
	g_string_free(list, TRUE);
	g_string_free(values, TRUE);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-qemu-profile");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, debian12_facts);
	tcase_add_test(tc, cpu_model_refused);
	tcase_add_test(tc, table_cpu_model_refused);
	tcase_add_test(tc, table_agrees_with_debian12);
	tcase_add_test(tc, measured_defaults);
	tcase_add_test(tc, start_htm_measured);
	tcase_add_test(tc, downstream_type);
	tcase_add_test(tc, errors_name_the_line);
	tcase_add_test(tc, each_rule_refuses);
	tcase_add_test(tc, each_key_and_value_refused);
	tcase_add_test(tc, accepted_forms);
	tcase_add_test(tc, migrate_list_defaults);
	tcase_add_test(tc, fleet_guest_cpu);
	tcase_add_test(tc, deprecated_from_profile);
	tcase_add_test(tc, warnings_name_the_type);
	tcase_add_test(tc, parser_takes_the_types_caps);
	tcase_add_test(tc, hpt_from_profile);
	tcase_add_test(tc, hpt_value_rules);
	tcase_add_test(tc, deprecated_pins);
	tcase_add_test(tc, properties_key);
	tcase_add_test(tc, raw_caps_refused);
	tcase_add_test(tc, remedies_from_profile);
	tcase_add_test(tc, texts_name_the_profile);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
