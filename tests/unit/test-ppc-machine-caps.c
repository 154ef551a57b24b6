/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Every cap of the target machine type (lib/ppc.md#machine-caps): from the
 * profile probed from Debian 12's QEMU 7.2.22 (tests/data/qemu-7.2-debian12.profile,
 * 12 caps per type) and from the release table, with the start verdict of
 * lib/ppc.md#start (QEMU's messages of hw/ppc/spapr_caps.c).
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "ppc-host-words.h"
#include "test-ppc-util.h"

static struct vcpuchar_ppc_qemu_profile *debian12(void)
{
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-7.2-debian12.profile", NULL);
	g_autofree char *text = NULL;
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	gsize len;

	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, len, &p, NULL, 0), 0);
	return p;
}

/* A POWER9 KVM-HV host: every Spectre cap at workaround (ccf-assist on), every start fact read. */
static struct vcpuchar_ppc_host p9_host(uint32_t facts, uint32_t page_size)
{
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 1 });

	h.pvr = 0x004e1202;
	h.facts_read = VCPUCHAR_PPC_FACT_ALL;
	h.facts = facts;
	h.page_size = page_size;
	h.dec_bits = (facts & VCPUCHAR_PPC_FACT_DEC_BITS) ? 56 : 0;
	return h;
}

static const struct vcpuchar_ppc_machine_cap *cap_of(const struct vcpuchar_ppc_machine_caps *m, const char *name)
{
	for (uint32_t i = 0; i < m->n_caps; i++)
		if (!strcmp(m->caps[i].name, name))
			return &m->caps[i];
	ck_abort_msg("no cap %s", name);
	return NULL;
}

#define ck_cap(m, name, def, eff, want) \
	do { \
		const struct vcpuchar_ppc_machine_cap *c_ = cap_of((m), (name)); \
		ck_assert_msg(!strcmp(c_->default_value, (def)) && !strcmp(c_->effective, (eff)) && \
				      c_->verdict == (uint32_t)(want), \
			      "%s: default %s effective %s verdict %u (%s), expected %s %s %u", (name), \
			      c_->default_value, c_->effective, c_->verdict, c_->reason, (def), (eff), (want)); \
	} while (0)

enum {
	S = VCPUCHAR_PPC_VERDICT_STARTS,
	R = VCPUCHAR_PPC_VERDICT_REFUSED,
	U = VCPUCHAR_PPC_VERDICT_UNKNOWN,
	N = VCPUCHAR_PPC_VERDICT_NOT_JUDGED
};

/* [caps pseries-2.11 power9] and [caps pseries-7.2 power9/power7] of the probed binary, under TCG. */
START_TEST(debian12_profile)
{
	static const char *const names[] = { "ccf-assist", "cfpc", "dfp",        "fwnmi",     "hpt-max-page-size",
					     "htm",        "ibs",  "large-decr", "nested-hv", "rpt-invalidate",
					     "sbbc",       "vsx" };
	struct vcpuchar_ppc_qemu_profile *p = debian12();
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	const struct vcpuchar_ppc_machine_cap *htm;

	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	r.qemu_profile = p;
	r.qemu_machine = "pseries-2.11";
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-2.11", &m), 0);
	ck_assert_uint_eq(m.source, VCPUCHAR_PPC_MACHINE_CAPS_PROFILE);
	ck_assert_uint_eq(m.n_caps, 12);
	for (uint32_t i = 0; i < 12; i++)
		ck_assert_str_eq(m.caps[i].name, names[i]);
	/* pseries-2.11 holds cap-htm=on (probed), which TCG refuses. */
	ck_cap(&m, "htm", "on", "on", R);
	htm = cap_of(&m, "htm");
	ck_assert_str_eq(htm->fix, "cap-htm=off");
	ck_assert_uint_eq(htm->start_cap, VCPUCHAR_PPC_START_HTM);
	ck_assert_msg(strstr(htm->reason, "No Transactional Memory support in TCG"), "%s", htm->reason);
	/* pseries-2.12 and older: 16 GiB as qom-get gives it under TCG. */
	ck_cap(&m, "hpt-max-page-size", "17179869184", "17179869184", S);
	ck_cap(&m, "cfpc", "broken", "broken", S);
	ck_cap(&m, "ccf-assist", "off", "off", S);
	ck_cap(&m, "vsx", "on", "on", N);
	ck_assert_uint_eq(cap_of(&m, "vsx")->start_cap, VCPUCHAR_PPC_MACHINE_CAP_NO_ENTRY);
	ck_cap(&m, "rpt-invalidate", "off", "off", N);
	ck_assert_uint_eq(m.n_refused, 1);
	ck_assert_uint_eq(m.n_unknown, 0);
	ck_assert_uint_eq(m.n_not_judged, 3);

	/* pseries-7.2 with POWER9 in caps mode: the defaults are the effective caps (none given). */
	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	r.qemu_machine = "pseries-7.2";
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-7.2", &m), 0);
	ck_cap(&m, "cfpc", "workaround", "workaround", S);
	ck_cap(&m, "ibs", "workaround", "workaround", S);
	ck_cap(&m, "ccf-assist", "on", "on", S);
	ck_cap(&m, "fwnmi", "on", "on", S);
	ck_cap(&m, "large-decr", "on", "on", S);
	ck_cap(&m, "hpt-max-page-size", "65536", "65536", S);
	ck_cap(&m, "htm", "off", "off", S);
	/* POWER7: cfpc broken and large-decr off (default_caps_with_cpu(), as probed). */
	r.cpu = VCPUCHAR_PPC_CPU_POWER7;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-7.2", &m), 0);
	ck_cap(&m, "cfpc", "broken", "broken", S);
	ck_cap(&m, "large-decr", "off", "off", S);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

/* Without a profile: the release's caps, their defaults from the table. */
START_TEST(table_by_release)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);

	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	/* 7.2: the 12 caps the profile has, no ail-mode-3 (QEMU 8.1 added it). */
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, NULL, &m), 0);
	ck_assert_uint_eq(m.source, VCPUCHAR_PPC_MACHINE_CAPS_TABLE);
	ck_assert_uint_eq(m.n_caps, 12);
	for (uint32_t i = 0; i < m.n_caps; i++)
		ck_assert_str_ne(m.caps[i].name, "ail-mode-3");
	ck_cap(&m, "cfpc", "workaround", "broken", S); /* host-max under TCG: broken */
	ck_cap(&m, "hpt-max-page-size", "65536", "65536", S);
	ck_cap(&m, "fwnmi", "on", "on", S);
	ck_cap(&m, "dfp", "on", "on", N);
	/*
	 * 10.0: 15, with ail-mode-3 on, nested-papr (9.0, e1617b845104) off and
	 * dawr1 (10.0, 5f361ea187ba) off for POWER9: the 10.0.13 and 11.1.3
	 * profiles read off for POWER7 to POWER9, on for POWER10 and POWER11, on
	 * every type.
	 */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-10.0", &m), 0);
	ck_assert_uint_eq(m.n_caps, 15);
	ck_assert_str_eq(m.caps[0].name, "ail-mode-3");
	ck_cap(&m, "ail-mode-3", "on", "on", S);
	ck_cap(&m, "dawr1", "off", "off", N);
	ck_cap(&m, "nested-papr", "off", "off", N);
	ck_cap(&m, "rpt-invalidate", "off", "off", N);
	ck_cap(&m, "vsx", "on", "on", N);
	/* 9.2 and later lower cap-sbbc to broken for POWER8 and later (lib/ppc.md#qemu-versions). */
	ck_cap(&m, "sbbc", "broken", "broken", S);
	/* POWER10: dawr1 on; max-cpu-compat=power9 turns it off (default_caps_with_cpu(), ISA 3.1). */
	r.cpu = VCPUCHAR_PPC_CPU_POWER10;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-10.0", &m), 0);
	ck_cap(&m, "dawr1", "on", "on", N);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-10.0,cap-dawr1=off", &m), 0);
	ck_cap(&m, "dawr1", "on", "off", N);
	r.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-10.0", &m), 0);
	ck_cap(&m, "dawr1", "off", "off", N);
	r.max_cpu_compat = 0;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
}
END_TEST

/* The release that added each cap: nested-papr 9.0, dawr1 10.0; a release candidate has its release's. */
START_TEST(caps_by_release)
{
	static const struct {
		uint32_t version;
		uint32_t n;
		bool nested_papr, dawr1;
	} want[] = {
		{ VCPUCHAR_PPC_QEMU_VERSION(8, 2, 0), 13, false, false },
		{ VCPUCHAR_PPC_QEMU_VERSION(9, 0, 0), 14, true, false },
		{ VCPUCHAR_PPC_QEMU_VERSION(9, 2, 0), 14, true, false },
		{ VCPUCHAR_PPC_QEMU_VERSION(9, 2, 90), 15, true, true }, /* a candidate of 10.0 */
		{ VCPUCHAR_PPC_QEMU_VERSION(11, 1, 0), 15, true, true },
	};
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);

	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		bool np = false, dw = false;

		r.qemu_version = want[k].version;
		ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, NULL, &m), 0);
		ck_assert_uint_eq(m.n_caps, want[k].n);
		for (uint32_t i = 0; i < m.n_caps; i++) {
			np |= !strcmp(m.caps[i].name, "nested-papr");
			dw |= !strcmp(m.caps[i].name, "dawr1");
		}
		ck_assert_msg(np == want[k].nested_papr && dw == want[k].dawr1, "%u: nested-papr %d dawr1 %d",
			      want[k].version, np, dw);
	}
}
END_TEST

/* Under KVM on Debian's 4 KiB-page POWER9 host without FWNMI (the nested tier's L1). */
START_TEST(kvm_refusals_and_hints)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL & ~VCPUCHAR_PPC_FACT_FWNMI, 4096);
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	const struct vcpuchar_ppc_machine_cap *c;

	r.accel = VCPUCHAR_ACCEL_KVM;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, "pseries", &m), 0);
	ck_cap(&m, "hpt-max-page-size", "65536", "65536", R);
	c = cap_of(&m, "hpt-max-page-size");
	ck_assert_str_eq(c->fix, "cap-hpt-max-page-size=4k");
	ck_assert_msg(strstr(c->reason, "Can't support 64 kiB guest pages with 4 kiB host pages"), "%s", c->reason);
	ck_cap(&m, "fwnmi", "on", "on", R);
	ck_assert_str_eq(cap_of(&m, "fwnmi")->fix, "cap-fwnmi=off");
	ck_assert_uint_eq(m.n_refused, 2);
	/* The caller's own level: cap-hpt-max-page-size=4k starts; the pasted cap-vsx=no is off. */
	r.start_set = 1u << VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE;
	r.start_levels[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE] = 12;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, "pseries,cap-hpt-max-page-size=4k,cap-vsx=no", &m), 0);
	ck_cap(&m, "hpt-max-page-size", "65536", "4096", S);
	ck_cap(&m, "vsx", "on", "off", N);
	/* pseries-2.12: QEMU takes the host's page size at start; the default is qom-get's 16 GiB. */
	r.start_set = 0;
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, "pseries-2.12", &m), 0);
	ck_cap(&m, "hpt-max-page-size", "17179869184", "4096", S);
	/* pseries-3.1 without its exact type, while 7.2 still has 2.x: htm and the page size unknown. */
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, NULL, &m), 0);
	ck_assert_str_eq(cap_of(&m, "htm")->default_value, "unknown");
	ck_assert_str_eq(cap_of(&m, "hpt-max-page-size")->default_value, "unknown");
	/* A Spectre cap above the host's: refused, the hint the host's level. */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	r.caps.cfpc = VCPUCHAR_PPC_LEVEL_FIXED;
	r.caps_set = 1u << VCPUCHAR_PPC_CAP_CFPC;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, NULL, &m), 0);
	ck_cap(&m, "cfpc", "workaround", "fixed", R);
	ck_assert_str_eq(cap_of(&m, "cfpc")->fix, "cap-cfpc=workaround");
	ck_assert_uint_eq(cap_of(&m, "cfpc")->start_cap, VCPUCHAR_PPC_CAP_CFPC);
	/* Facts nobody read: large-decr=on is not judged (UNKNOWN), its hint kept. */
	h.facts_read = h.facts = h.page_size = h.dec_bits = 0;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, NULL, &m), 0);
	ck_cap(&m, "large-decr", "on", "on", U);
	ck_assert_str_eq(cap_of(&m, "large-decr")->fix, "cap-large-decr=off");
	ck_assert_uint_ge(m.n_unknown, 1);
}
END_TEST

/* Sizes and bad arguments: nothing is written on failure. */
START_TEST(sizes_and_errors)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);

	r.accel = VCPUCHAR_ACCEL_TCG;
	/* 1.3 is the struct's first release: a smaller size is no caller's, and refused. */
	m.size = (uint32_t)(offsetof(struct vcpuchar_ppc_machine_caps, caps) + 3 * sizeof(m.caps[0]));
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, NULL, &m), -EINVAL);
	ck_assert_uint_eq(m.n_caps, 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, NULL, NULL), -EINVAL);
	m.size = 3;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, NULL, &m), -EINVAL);
	m = (struct vcpuchar_ppc_machine_caps)VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries,vsx", &m), -EINVAL);
	ck_assert_uint_eq(m.n_caps, 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, NULL, NULL, &m), -EINVAL);
	/* A type the target QEMU lacks, as vcpuchar_ppc_start_check_type(). */
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-8.0", &m), -EINVAL);
}
END_TEST

/*
 * The pasted -machine value: its type as the first item or type=, boolean
 * values spelled as QEMU's qapi_bool_parse() takes them, and the lines it
 * refuses (an empty or over-long type, a bare item after the first).
 */
START_TEST(pasted_values)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	char line[160];

	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "cap-vsx=y,type=pseries-7.2,cap-dfp=false", &m), 0);
	ck_cap(&m, "vsx", "on", "on", N);
	ck_cap(&m, "dfp", "on", "off", N);
	ck_cap(&m, "rpt-invalidate", "off", "off", N);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries,cap-rpt-invalidate=true,cap-vsx=n", &m), 0);
	ck_cap(&m, "rpt-invalidate", "off", "on", N);
	ck_cap(&m, "vsx", "on", "off", N);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries,cap-dfp=yes,cap-vsx=maybe", &m), 0);
	ck_cap(&m, "dfp", "on", "on", N);
	/* Not a boolean QEMU takes: kept as given (QEMU refuses it at start). */
	ck_cap(&m, "vsx", "on", "maybe", N);
	/* No type: the default type's caps. */
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "cap-dfp=off", &m), 0);
	ck_assert_uint_eq(m.n_caps, 12);
	ck_cap(&m, "dfp", "on", "off", N);
	/* Refused: an empty first item, a bare item after the first, an over-long type. */
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, ",cap-dfp=off", &m), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "type=pseries,pseries-7.2", &m), -EINVAL);
	memset(line, 'x', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	memcpy(line, "pseries-", 8);
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, line, &m), -EINVAL);
}
END_TEST

/*
 * pseries-2.12 under KVM: QEMU takes the host's page size at start; a host
 * whose page size was not read leaves it unknown. Under TCG without a
 * profile the default is the 16 GiB qom-get gives (the 7.2 profile).
 */
START_TEST(old_type_page_size)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);

	r.accel = VCPUCHAR_ACCEL_KVM;
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, "pseries-2.12", &m), 0);
	ck_cap(&m, "hpt-max-page-size", "17179869184", "65536", S);
	h.page_size = 0;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(&h, &r, "pseries-2.12", &m), 0);
	ck_assert_str_eq(cap_of(&m, "hpt-max-page-size")->effective, "unknown");
	r.accel = VCPUCHAR_ACCEL_TCG;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-2.12", &m), 0);
	ck_cap(&m, "hpt-max-page-size", "17179869184", "17179869184", S);
}
END_TEST

/*
 * A type whose probed properties list a cap this library does not know
 * (test edit of the Debian 12 profile, as a vendor backport would add it):
 * listed with the profile's value, not judged, QEMU judges it at start.
 */
START_TEST(unknown_cap_from_profile)
{
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-7.2-debian12.profile", NULL);
	g_autofree char *text = NULL, *a = NULL, *edit = NULL;
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_machine_caps m = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	const struct vcpuchar_ppc_machine_cap *c;
	gchar **parts;
	gsize len;

	ck_assert(g_file_get_contents(path, &text, &len, NULL));
	parts = g_strsplit(text, "default_cpu=power9_v2.0\nproperties=append;", 0);
	a = g_strjoinv("default_cpu=power9_v2.0\nproperties=append;cap-x-vendor;", parts);
	g_strfreev(parts);
	parts = g_strsplit(a, "[caps pseries-7.2 power9]\n", 2);
	ck_assert_ptr_nonnull(parts[1]);
	edit = g_strjoin("", parts[0], "[caps pseries-7.2 power9]\ncap-x-vendor=3\n", parts[1], NULL);
	g_strfreev(parts);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(edit, strlen(edit), &p, NULL, 0), 0);
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	r.qemu_profile = p;
	r.qemu_machine = "pseries-7.2";
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-7.2,cap-x-vendor=4", &m), 0);
	ck_assert_uint_eq(m.n_caps, 13);
	ck_cap(&m, "x-vendor", "3", "4", N);
	c = cap_of(&m, "x-vendor");
	ck_assert_str_eq(c->reason, "a cap this library does not know: QEMU judges it at start");
	ck_assert_uint_eq(c->start_cap, VCPUCHAR_PPC_MACHINE_CAP_NO_ENTRY);
	/* POWER8 of the same type: the group has no value for it, so it is not listed. */
	r.cpu = VCPUCHAR_PPC_CPU_POWER8;
	ck_assert_int_eq(vcpuchar_ppc_machine_caps_check(NULL, &r, "pseries-7.2", &m), 0);
	ck_assert_uint_eq(m.n_caps, 12);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-machine-caps");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, debian12_profile);
	tcase_add_test(tc, table_by_release);
	tcase_add_test(tc, caps_by_release);
	tcase_add_test(tc, kvm_refusals_and_hints);
	tcase_add_test(tc, sizes_and_errors);
	tcase_add_test(tc, pasted_values);
	tcase_add_test(tc, old_type_page_size);
	tcase_add_test(tc, unknown_cap_from_profile);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
