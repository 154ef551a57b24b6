/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The 1.2 successors (doc/stability.md#growing-the-api): each gives the
 * answer of the symbol it supersedes, takes its optional arguments in a
 * size-led struct (too small or a non-zero tail: -EINVAL) and writes
 * errors only into its error buffer.
 */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

/* PVR versions of Linux arch/powerpc/include/asm/reg.h: PVR_POWER7, PVR_POWER8, PVR_POWER9. */
#define PVR_P7 0x003f0201u
#define PVR_P8 0x004d0200u
#define PVR_P9 0x004e1202u

static struct vcpuchar_ppc_host profile(const char *name, uint32_t pvr, const char *arch)
{
	g_autofree char *file = g_strconcat(name, ".profile", NULL);
	g_autofree char *p = g_build_filename(VCPUCHAR_PROFILES, file, NULL);
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	char err[512] = "";

	ck_assert_msg(vcpuchar_profile_load(p, &h, NULL, err, sizeof(err)) == 0, "%s: %s", name, err);
	if (pvr)
		h.pvr = pvr;
	if (arch)
		g_strlcpy(h.arch, arch, sizeof(h.arch));
	return h;
}

/* A struct one release bigger: this library's size plus 8 bytes, @tail in the last. */
#define BIGGER(type, name, tail) \
	struct { \
		type known; \
		uint64_t more; \
	} name = { .known = VCPUCHAR_INIT(type), .more = (tail) }; \
	name.known.size = sizeof(name)

/* Fleets: host pvr and arch per entry, the guest CPU asked, and the answer expected. */
static const struct {
	const char *id;
	uint32_t n;
	uint32_t pvr[3];
	const char *arch[3];
	uint32_t cpu;
	int want;
	uint32_t want_cpu;
} fleets[] = {
	{ "p9+p8", 2, { PVR_P9, PVR_P8 }, { "ppc64le", "ppc64le" }, 0, 0, VCPUCHAR_PPC_CPU_POWER8 },
	{ "p9+p8+p7", 3, { PVR_P9, PVR_P8, PVR_P7 }, { "ppc64le", "ppc64le", "ppc64" }, 0, 0, VCPUCHAR_PPC_CPU_POWER7 },
	{ "p9 asks p7", 1, { PVR_P9 }, { "ppc64le" }, VCPUCHAR_PPC_CPU_POWER7, 0, VCPUCHAR_PPC_CPU_POWER7 },
	{ "p8 asks p9", 2, { PVR_P9, PVR_P8 }, { "ppc64le", "ppc64le" }, VCPUCHAR_PPC_CPU_POWER9, -ENOENT, 77 },
	{ "two archs", 3, { 0, 0, 0 }, { "", "ppc64le", "ppc" }, 0, -EXDEV, 77 },
};

START_TEST(fleet_same_answers)
{
	for (size_t i = 0; i < G_N_ELEMENTS(fleets); i++) {
		struct vcpuchar_ppc_host h[3];
		const struct vcpuchar_ppc_host *p[3];
		struct vcpuchar_ppc_baseline b1 = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline), b2 = b1;
		struct vcpuchar_ppc_caps l1[3] = { { 0 } }, l2[3] = { { 0 } };
		uint32_t c1 = 77, c2 = 77, hb1[3] = { 0 }, hb2[3] = { 0 }, r1[2] = { 77, 77 }, r2[2] = { 77, 77 };
		char e1[256] = "x", e2[256] = "x";
		struct vcpuchar_ppc_fleet_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);

		for (uint32_t k = 0; k < fleets[i].n; k++) {
			h[k] = profile("power9-dd2.3-opal", fleets[i].pvr[k], fleets[i].arch[k]);
			p[k] = &h[k];
		}
		o.cpu = fleets[i].cpu;
		o.levels = l2;
		o.held_back = hb2;
		o.refused = r2;
		o.err = e2;
		o.err_size = sizeof(e2);
		ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, fleets[i].n, fleets[i].cpu, l1, hb1, &b1, &c1, r1, e1,
							     sizeof(e1)),
				 fleets[i].want);
		ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, fleets[i].n, &o, &b2, &c2), fleets[i].want);
		ck_assert_msg(c1 == fleets[i].want_cpu && c2 == c1, "%s: cpu %u %u", fleets[i].id, c1, c2);
		ck_assert_msg(!memcmp(&b1, &b2, sizeof(b1)) && !memcmp(l1, l2, sizeof(l1)) &&
			      !memcmp(hb1, hb2, sizeof(hb1)),
			      "%s: baseline", fleets[i].id);
		ck_assert_msg(r1[0] == r2[0] && r1[1] == r2[1], "%s: refused", fleets[i].id);
		ck_assert_str_eq(e1, e2);
		ck_assert_msg(fleets[i].want ? e1[0] != '\0' : e1[0] == '\0', "%s: err '%s'", fleets[i].id, e1);
	}
}
END_TEST

START_TEST(fleet_opts_size)
{
	struct vcpuchar_ppc_host h = profile("power9-dd2.3-opal", PVR_P9, "ppc64le");
	const struct vcpuchar_ppc_host *p[1] = { &h };
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_fleet_opts small = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);
	uint32_t cpu = 77;

	/* NULL opts: no guest CPU given, nothing optional written. */
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 1, NULL, &b, &cpu), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER9);
	cpu = 77;
	small.size = offsetof(struct vcpuchar_ppc_fleet_opts, cpu);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 1, &small, &b, &cpu), -EINVAL);
	small.size = sizeof(small);
	small.flags = 1;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 1, &small, &b, &cpu), -EINVAL);
	ck_assert_uint_eq(cpu, 77);
	{
		BIGGER(struct vcpuchar_ppc_fleet_opts, big, 1);
		ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 1, &big.known, &b, &cpu), -EINVAL);
		big.more = 0;
		ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 1, &big.known, &b, &cpu), 0);
	}
}
END_TEST

/* The same host given twice (@ids since 1.3): refused before any other rule, naming both places. */
START_TEST(fleet_repeated_host)
{
	struct vcpuchar_ppc_host h = profile("power9-dd2.3-opal", PVR_P9, "ppc64le");
	struct vcpuchar_ppc_host x86 = profile("power9-dd2.3-opal", PVR_P9, "ppc");
	const struct vcpuchar_ppc_host *p[4] = { &h, &h, &x86, &h };
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_fleet_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);
	/* Hosts 0 and 3 are one file, 1 and 2 another pair: 3 is the first place a host comes again. */
	uint64_t ids[8] = { 5, 100, 5, 101, 6, 101, 5, 100 };
	uint32_t cpu = 77, bad[2] = { 9, 9 };
	char err[160];

	o.refused = bad;
	o.err = err;
	o.err_size = sizeof(err);
	o.ids = ids;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 4, &o, &b, &cpu), -EEXIST);
	ck_assert_uint_eq(bad[0], 3);
	ck_assert_uint_eq(bad[1], 0);
	ck_assert_str_eq(err, "host 3 is host 0 given again: a fleet counts each host once");
	ck_assert_uint_eq(cpu, 77);
	/* Two repeats: the one given again first. */
	ids[2] = 5, ids[3] = 100;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 4, &o, &b, &cpu), -EEXIST);
	ck_assert_uint_eq(bad[0], 1);
	ck_assert_uint_eq(bad[1], 0);
	/* Distinct ids: the other rules (host 2's 32-bit arch). Without ids: no repeat check. */
	ids[2] = 7, ids[6] = 8;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 4, &o, &b, &cpu), -EXDEV);
	p[2] = &h;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 4, &o, &b, &cpu), 0);
	ck_assert_str_eq(err, "");
	o.ids = NULL;
	p[1] = p[3] = &h;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 4, &o, &b, &cpu), 0);
}
END_TEST

/* tests/data/ppc-migrate-hosts.tsv: the successor's verdict is the old symbol's, row by row. */
START_TEST(migrate_same_answers)
{
	struct tsv *t = tsv_open("ppc-migrate-hosts.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *caps = tsv_get(t, i, "caps");
		struct vcpuchar_ppc_host a = profile(tsv_get(t, i, "src"), 0, NULL);
		struct vcpuchar_ppc_host b = profile(tsv_get(t, i, "dst"), 0, NULL);
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result s1 = VCPUCHAR_INIT(struct vcpuchar_ppc_result), s2 = s1;
		struct vcpuchar_ppc_host_migration m1 = VCPUCHAR_INIT(struct vcpuchar_ppc_host_migration), m2 = m1;
		struct vcpuchar_ppc_migrate_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_migrate_opts);
		char e1[256] = "x", e2[256] = "x";
		int r1, r2;

		req.mode = g_str_equal(tsv_get(t, i, "mode"), "caps") ? VCPUCHAR_PPC_MODE_CAPS
								      : VCPUCHAR_PPC_MODE_HOST_MAX;
		if (!g_str_equal(caps, "-"))
			ck_assert(vcpuchar_ppc_caps_parse(caps, &req.caps, &req.caps_set, NULL, 0) == 0);
		o.src_result = &s2;
		o.err = e2;
		o.err_size = sizeof(e2);
		r1 = vcpuchar_ppc_migrate_hosts(&a, &b, &req, &s1, &m1, e1, sizeof(e1));
		r2 = vcpuchar_ppc_migrate_hosts_ext(&a, &b, &req, &o, &m2);
		ck_assert_msg(r1 == 0 && r2 == 0, "%s: %d %d", id, r1, r2);
		ck_assert_msg(!memcmp(&m1, &m2, sizeof(m1)), "%s: verdicts differ", id);
		ck_assert_msg(s1.r4 == s2.r4 && s1.r5 == s2.r5 && s1.mode_reason == s2.mode_reason, "%s: results", id);
		ck_assert_caps_eq(id, s1.effective_caps, s2.effective_caps);
		ck_assert_str_eq(e1, e2);
		/* Host mode is not migratable: both refuse, with one message. */
		req.mode = VCPUCHAR_PPC_MODE_HOST;
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m1, e1, sizeof(e1)), -EINVAL);
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts_ext(&a, &b, &req, &o, &m2), -EINVAL);
		ck_assert_str_eq(e1, e2);
		ck_assert_msg(e1[0] != '\0', "%s: no message", id);
	}
	tsv_close(t);
}
END_TEST

START_TEST(migrate_opts_size)
{
	struct vcpuchar_ppc_host a = profile("power9-dd2.3-opal", 0, NULL), b = a;
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_host_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_host_migration);
	struct vcpuchar_ppc_migrate_opts small = VCPUCHAR_INIT(struct vcpuchar_ppc_migrate_opts);

	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts_ext(&a, &b, &req, NULL, &m), 0);
	ck_assert_uint_eq(m.ok, 1);
	small.size = offsetof(struct vcpuchar_ppc_migrate_opts, src_result);
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts_ext(&a, &b, &req, &small, &m), -EINVAL);
	{
		BIGGER(struct vcpuchar_ppc_migrate_opts, big, 0xff);
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts_ext(&a, &b, &req, &big.known, &m), -EINVAL);
		big.more = 0;
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts_ext(&a, &b, &req, &big.known, &m), 0);
	}
}
END_TEST

/* Pasted -machine lines: the old return and buffer against the successor's fields. */
static const struct {
	const char *line;
	int old_ret;
	const char *others;
} lines[] = {
	{ "pseries-7.2,cap-cfpc=broken", 0, "" },
	{ "pseries,x-vof=on,cap-htm=off,cap-ibs=workaround", 0, "x-vof=on, cap-htm=off" },
	/* A distribution's type: the defaults are not known here, so all four caps. */
	{ "pseries-rhel9.2.0,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off", 1, "" },
	{ "pseries,cap-foo=on", -EINVAL, NULL },
	{ "pseries,cap-cfpc=broken,cap-cfpc=fixed", -EINVAL, NULL },
};

START_TEST(line_parse_fields)
{
	for (size_t i = 0; i < G_N_ELEMENTS(lines); i++) {
		struct vcpuchar_ppc_request q1 = VCPUCHAR_INIT(struct vcpuchar_ppc_request), q2 = q1;
		struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
		char e1[256] = "x", e2[256] = "x", others[256] = "x";
		int want = lines[i].old_ret < 0 ? lines[i].old_ret : 0;

		o.others = others;
		o.others_size = sizeof(others);
		o.err = e2;
		o.err_size = sizeof(e2);
		ck_assert_int_eq(vcpuchar_ppc_machine_line_parse(lines[i].line, &q1, e1, sizeof(e1)), lines[i].old_ret);
		ck_assert_int_eq(vcpuchar_ppc_machine_line_parse_ext(lines[i].line, &q2, &o), want);
		ck_assert_msg(!memcmp(&q1, &q2, sizeof(q1)), "%s: requests differ", lines[i].line);
		/* The old 1 is the successor's @req->machine. */
		ck_assert_int_eq(lines[i].old_ret == 1, q2.machine == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN);
		if (want < 0) {
			ck_assert_str_eq(e2, e1);
			ck_assert_str_eq(others, "");
		} else {
			ck_assert_str_eq(e2, "");
			ck_assert_str_eq(others, lines[i].others);
			ck_assert_str_eq(others, e1);
		}
	}
}
END_TEST

static const struct {
	const char *xml;
	int ret;
	const char *others;
} fragments[] = {
	{ "<features><cfpc value='broken'/><ibs value='fixed-ccd'/></features>", 0, "" },
	{ "<features><acpi/><cfpc value='workaround'/><htm state='on'/></features>", 0, "acpi, htm" },
	{ "<cfpc value='Broken'/>", -EINVAL, NULL },
	{ "<features><cfpc value='broken'/><cfpc value='broken'/></features>", -EINVAL, NULL },
};

START_TEST(libvirt_parse_fields)
{
	for (size_t i = 0; i < G_N_ELEMENTS(fragments); i++) {
		struct vcpuchar_ppc_caps c1 = { 0 }, c2 = { 0 };
		struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
		uint32_t s1 = 0, s2 = 0;
		char e1[256] = "x", e2[256] = "x", others[256] = "x";

		o.others = others;
		o.others_size = sizeof(others);
		o.err = e2;
		o.err_size = sizeof(e2);
		ck_assert_int_eq(vcpuchar_ppc_libvirt_parse(fragments[i].xml, &c1, &s1, e1, sizeof(e1)), fragments[i].ret);
		ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext(fragments[i].xml, &c2, &s2, &o), fragments[i].ret);
		ck_assert_caps_eq(fragments[i].xml, c1, c2);
		ck_assert_uint_eq(s1, s2);
		if (fragments[i].ret < 0) {
			ck_assert_str_eq(e2, e1);
			ck_assert_str_eq(others, "");
		} else {
			ck_assert_str_eq(e2, "");
			ck_assert_str_eq(others, fragments[i].others);
			ck_assert_str_eq(others, e1);
		}
	}
}
END_TEST

START_TEST(parse_opts_size)
{
	struct vcpuchar_ppc_request q = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	struct vcpuchar_ppc_caps c = { 0 };
	uint32_t set = 0;

	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse_ext("pseries,cap-cfpc=broken", &q, NULL), 0);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext("<cfpc value='broken'/>", &c, &set, NULL), 0);
	o.size = offsetof(struct vcpuchar_ppc_parse_opts, others);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse_ext("pseries", &q, &o), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext("<cfpc value='broken'/>", &c, &set, &o), -EINVAL);
	o.size = sizeof(o);
	o.others_size = 8; /* with a NULL buffer */
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse_ext("pseries", &q, &o), -EINVAL);
	{
		BIGGER(struct vcpuchar_ppc_parse_opts, big, 1);
		ck_assert_int_eq(vcpuchar_ppc_machine_line_parse_ext("pseries", &q, &big.known), -EINVAL);
		ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext("<cfpc value='broken'/>", &c, &set, &big.known), -EINVAL);
		big.more = 0;
		ck_assert_int_eq(vcpuchar_ppc_machine_line_parse_ext("pseries", &q, &big.known), 0);
	}
}
END_TEST

/* Host CPUs: pvr (0 = none), power8, the CPU asked; old returns against the successor's fields. */
static const struct {
	uint32_t pvr;
	uint32_t cpu;
	int old_ret;
} host_cpus[] = {
	{ PVR_P9, 0, 0 },
	{ PVR_P8, VCPUCHAR_PPC_CPU_POWER7, 0 },
	{ 0, 0, 1 },                        /* no family: POWER9 assumed */
	{ 0, VCPUCHAR_PPC_CPU_POWER10, 2 }, /* given, but nothing to check it against */
	{ PVR_P8, VCPUCHAR_PPC_CPU_POWER9, -ENOENT },
};

START_TEST(host_cpu_fields)
{
	for (size_t i = 0; i < G_N_ELEMENTS(host_cpus); i++) {
		struct vcpuchar_ppc_host h = profile("power9-dd2.3-opal", host_cpus[i].pvr, "ppc64le");
		struct vcpuchar_ppc_guest_cpu g = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);
		uint32_t cpu = 77, fam = 0;
		char e1[256] = "x", e2[256] = "x";
		int want = host_cpus[i].old_ret < 0 ? host_cpus[i].old_ret : 0;

		h.pvr = host_cpus[i].pvr;
		h.power8 = 0;
		g.cpu = 77;
		ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, host_cpus[i].cpu, &cpu, e1, sizeof(e1)), host_cpus[i].old_ret);
		ck_assert_int_eq(vcpuchar_ppc_host_cpu_ext(&h, host_cpus[i].cpu, &g, e2, sizeof(e2)), want);
		if (want < 0) {
			ck_assert_str_eq(e2, e1);
			ck_assert_uint_eq(g.cpu, 77);
			continue;
		}
		ck_assert_uint_eq(g.cpu, cpu);
		ck_assert_uint_eq(g.basis, (uint32_t)host_cpus[i].old_ret);
		ck_assert_str_eq(g.note, e1);
		ck_assert_str_eq(e2, "");
		ck_assert_int_eq(vcpuchar_ppc_host_cpus(&h, &fam), host_cpus[i].pvr ? 0 : 1);
		ck_assert_uint_eq(g.families, fam);
	}
}
END_TEST

START_TEST(host_cpu_size)
{
	struct vcpuchar_ppc_host h = profile("power9-dd2.3-opal", PVR_P9, "ppc64le");
	struct vcpuchar_ppc_guest_cpu g = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);

	g.size = offsetof(struct vcpuchar_ppc_guest_cpu, families);
	ck_assert_int_eq(vcpuchar_ppc_host_cpu_ext(&h, 0, &g, NULL, 0), -EINVAL);
	{
		BIGGER(struct vcpuchar_ppc_guest_cpu, big, 1);
		ck_assert_int_eq(vcpuchar_ppc_host_cpu_ext(&h, 0, &big.known, NULL, 0), -EINVAL);
		big.more = 0;
		ck_assert_int_eq(vcpuchar_ppc_host_cpu_ext(&h, 0, &big.known, NULL, 0), 0);
		ck_assert_uint_eq(big.known.cpu, VCPUCHAR_PPC_CPU_POWER9);
		ck_assert(big.more == 0);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-successors");
	TCase *tc = tcase_create("successors");

	tcase_add_test(tc, fleet_same_answers);
	tcase_add_test(tc, fleet_opts_size);
	tcase_add_test(tc, fleet_repeated_host);
	tcase_add_test(tc, migrate_same_answers);
	tcase_add_test(tc, migrate_opts_size);
	tcase_add_test(tc, line_parse_fields);
	tcase_add_test(tc, libvirt_parse_fields);
	tcase_add_test(tc, parse_opts_size);
	tcase_add_test(tc, host_cpu_fields);
	tcase_add_test(tc, host_cpu_size);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
