/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A pseries type whose defaults the library does not know
 * (lib/ppc.md#unknown-types): read from a pasted line, answered from the
 * four caps alone, with nothing said about defaults it does not have.
 * Expectations from QEMU's sources: hw/ppc/spapr.c (the types each release
 * defines, their defaults), hw/ppc/spapr_caps.c (what KVM refuses).
 */
#include <errno.h>
#include <string.h>

#include "ppc-host-words.h"
#include "test-ppc-util.h"

#define ALL_CAPS ((1u << VCPUCHAR_PPC_N_CAPS) - 1)

/* What a pasted line gives: its return value, and the request it fills. */
static int line(const char *text, uint32_t qemu_version, struct vcpuchar_ppc_request *req)
{
	char err[256];

	*req = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	req->qemu_version = qemu_version;
	return vcpuchar_ppc_machine_line_parse(text, req, err, sizeof(err));
}

/* Downstream types, and a pseries-X.Y a newer target may have, read as DEFAULTS_UNKNOWN; others are refused. */
START_TEST(which_types)
{
	struct vcpuchar_ppc_request r;
	uint32_t m = 99;
	char err[256];

	ck_assert_int_eq(line("pseries-rhel9.2.0", 0, &r), 1);
	ck_assert_uint_eq(r.machine, VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN);
	ck_assert_uint_eq(r.caps_set, 0);
	ck_assert_int_eq(line("type=pseries-rhel7.6.0,cap-ccf-assist=off", VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0), &r), 1);
	ck_assert_uint_eq(r.machine, VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN);
	ck_assert_uint_eq(r.caps_set, 1u << VCPUCHAR_PPC_CAP_CCF_ASSIST);
	/* QEMU 12.0 may define pseries-12.0 to 12.0's own; the library's table ends at 11.1. */
	ck_assert_int_eq(line("pseries-12.0", VCPUCHAR_PPC_QEMU_VERSION(12, 0, 0), &r), 1);
	ck_assert_int_eq(line("pseries-12.2", VCPUCHAR_PPC_QEMU_VERSION(12, 2, 5), &r), 1);
	/* Types QEMU never had, or the target cannot have, are refused as QEMU refuses them. */
	ck_assert_int_eq(line("pseries-12.0", VCPUCHAR_PPC_QEMU_VERSION(11, 1, 0), &r), -EINVAL);
	ck_assert_int_eq(line("pseries-12.1", VCPUCHAR_PPC_QEMU_VERSION(12, 0, 0), &r), -EINVAL);
	ck_assert_int_eq(line("pseries-12.3", VCPUCHAR_PPC_QEMU_VERSION(12, 3, 0), &r), -EINVAL);
	ck_assert_int_eq(line("pseries-0.0", 0, &r), -EINVAL);
	ck_assert_int_eq(line("pseries-r9", 0, &r), -EINVAL);
	ck_assert_int_eq(line("pseries-RHEL9.2.0", 0, &r), -EINVAL);
	ck_assert_int_eq(line("pseries-rhel", 0, &r), -EINVAL);
	/* The vendor's version is numbers joined by dots, then at most RHEL 7's -sxxm. */
	ck_assert_int_eq(line("pseries-rhel7.6.0-sxxm", 0, &r), 1);
	ck_assert_int_eq(line("pseries-rhel9.2.0!!", 0, &r), -EINVAL);
	ck_assert_int_eq(line("pseries-rhel9.", 0, &r), -EINVAL);
	ck_assert_int_eq(line("pseries-rhel9..2", 0, &r), -EINVAL);
	ck_assert_int_eq(line("pseries-rhel9.2.0-sxxmx", 0, &r), -EINVAL);
	ck_assert_int_eq(line("pseries-rhel9.2.0\xc3\xa9", 0, &r), -EINVAL);
	/* Known types keep 0. */
	ck_assert_int_eq(line("pseries-11.1", VCPUCHAR_PPC_QEMU_VERSION(11, 1, 0), &r), 0);
	ck_assert_uint_eq(r.machine, VCPUCHAR_PPC_MACHINE_PSERIES);
	/* The 1.0 and 1.1 parsers still refuse both kinds, with the reason (no new value for old callers). */
	ck_assert_int_eq(vcpuchar_ppc_machine_parse("pseries-rhel9.2.0", &m, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "downstream"));
	/* The message is longer than 256 bytes: the type is still named, the words cut at their end. */
	ck_assert_msg(g_str_has_prefix(err, "'pseries-rhel9.2.0' is a downstream"), "%s", err);
	ck_assert_uint_eq(strlen(err), sizeof(err) - 1);
	ck_assert_int_eq(vcpuchar_ppc_machine_parse_qemu("pseries-12.0", VCPUCHAR_PPC_QEMU_VERSION(12, 0, 0), &m, err,
							 sizeof(err)),
			 -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "unknown here"));
	ck_assert_uint_eq(m, 99);
	ck_assert_int_eq(vcpuchar_ppc_machine_parse_qemu(NULL, 0, &m, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_defaults(VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, 0,
						       &(struct vcpuchar_ppc_caps){ 0 }),
			 -EINVAL);
}
END_TEST

/* The other items of the line are reported as for a known type. */
START_TEST(others_reported)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	char err[256];

	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-rhel8.6.0,x-vof=on,accel=tcg", &r, err, sizeof(err)), 1);
	ck_assert_str_eq(err, "x-vof=on");
	ck_assert_uint_eq(r.accel, VCPUCHAR_ACCEL_TCG);
}
END_TEST

/* decide(): all four caps or -EINVAL; with them the answer of any type whose defaults they override. */
START_TEST(decide_from_four_caps)
{
	static const struct vcpuchar_ppc_caps hosts[] = { { 1, 1, 1, 1 }, { 2, 2, 3, 0 }, { 0, 0, 0, 0 }, { 2, 1, 4, 0 } };
	static const struct vcpuchar_ppc_caps asks[] = { { 1, 1, 1, 1 }, { 0, 0, 0, 0 }, { 2, 2, 3, 0 } };

	for (size_t h = 0; h < G_N_ELEMENTS(hosts); h++)
		for (size_t a = 0; a < G_N_ELEMENTS(asks); a++)
			for (uint32_t mode = 0; mode <= VCPUCHAR_PPC_MODE_HOST; mode++) {
				struct vcpuchar_ppc_host host = ppc_host_words(hosts[h]);
				struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
				struct vcpuchar_ppc_result known = TEST_OUT(struct vcpuchar_ppc_result);
				struct vcpuchar_ppc_result unknown = TEST_OUT(struct vcpuchar_ppc_result);

				host.pvr = 0x004e1202; /* POWER9 */
				req.mode = mode;
				req.caps = asks[a];
				req.caps_set = ALL_CAPS & ~(1u << VCPUCHAR_PPC_CAP_IBS);
				req.machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
				ck_assert_int_eq(vcpuchar_ppc_decide(&host, &req, &unknown), -EINVAL);
				req.caps_set = ALL_CAPS;
				ck_assert_int_eq(vcpuchar_ppc_decide(&host, &req, &unknown), 0);
				req.machine = VCPUCHAR_PPC_MACHINE_PSERIES_4;
				ck_assert_int_eq(vcpuchar_ppc_decide(&host, &req, &known), 0);
				ck_assert_mem_eq(&unknown, &known, sizeof(known));
				ck_assert(memcmp(&unknown.effective_caps, &asks[a], sizeof(asks[a])) == 0);
			}
}
END_TEST

/* No defaults_* warning: QEMU started with the type's defaults is not something the library can say. */
START_TEST(no_defaults_warnings)
{
	struct vcpuchar_ppc_host host = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 0 });
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_warnings known = TEST_OUT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_warnings unknown = TEST_OUT(struct vcpuchar_ppc_warnings);

	host.pvr = 0x004e1202;
	req.caps = (struct vcpuchar_ppc_caps){ 1, 1, 1, 0 };
	req.caps_set = ALL_CAPS;
	/* pseries-5.0 and later ask ccf-assist=on, above this host: QEMU with them would refuse to start. */
	ck_assert_int_ge(vcpuchar_ppc_warnings_check(&host, &req, &known), 1);
	ck_assert(known.codes & (1u << VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED));
	req.machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&host, &req, &unknown), (int)known.n_entries - 1);
	ck_assert_uint_eq(unknown.codes, known.codes & ~(1u << VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED));
	req.caps_set = 0;
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&host, &req, &unknown), -EINVAL);
}
END_TEST

/* The start verdict judges the type-dependent caps at the level QEMU may refuse: a refusal is UNKNOWN. */
START_TEST(start_type_caps)
{
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 1, 1, 1, 1 });
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);
	static const uint32_t type_caps[] = { VCPUCHAR_PPC_START_HTM, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE,
					      VCPUCHAR_PPC_START_LARGE_DECR, VCPUCHAR_PPC_START_FWNMI };

	h.pvr = 0x004e1202;
	h.facts_read = VCPUCHAR_PPC_FACT_ALL;
	req.machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
	req.caps = (struct vcpuchar_ppc_caps){ 1, 1, 1, 1 };
	req.caps_set = ALL_CAPS;

	/* A KVM with none of the facts, 4 KiB pages it must back guest pages with: each refuses at on. */
	h.facts = VCPUCHAR_PPC_FACT_PAGES_REAL;
	h.page_size = 4096;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &req, &s), 0);
	ck_assert_uint_eq(s.n_refused, 0);
	ck_assert_uint_eq(s.n_unknown, 4);
	ck_assert_str_eq(s.paste, "");
	ck_assert_str_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->fix, "cap-fwnmi=off");
	ck_assert_str_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->fix, "cap-large-decr=off");
	ck_assert_str_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->fix, "cap-hpt-max-page-size=4k");
	ck_assert_str_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->fix, "cap-htm=off");
	for (size_t i = 0; i < G_N_ELEMENTS(type_caps); i++)
		ck_assert_ptr_nonnull(strstr(start_entry(&s, type_caps[i])->reason, "not known here"));
	/* The same host refuses pseries-5.0 and later outright. */
	req.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &req, &s), 0);
	ck_assert_uint_eq(s.n_refused, 3);

	/* A KVM with every fact starts whatever the type gives. */
	h.facts = VCPUCHAR_PPC_FACT_ALL;
	h.dec_bits = 56;
	h.page_size = 65536;
	req.machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &req, &s), 0);
	for (size_t i = 0; i < G_N_ELEMENTS(type_caps); i++)
		ck_assert_uint_eq(start_entry(&s, type_caps[i])->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(s.n_unknown, 0);

	/* TCG: only htm, which TCG refuses at on (a POWER8 and later guest CPU), is not judged. */
	req.accel = VCPUCHAR_ACCEL_TCG;
	req.cpu = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &req, &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_uint_eq(s.n_refused, 0);
	req.cpu = VCPUCHAR_PPC_CPU_POWER7;
	req.caps.cfpc = VCPUCHAR_PPC_LEVEL_BROKEN;
	ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &req, &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-unknown-type");
	TCase *tc = tcase_create("ppc-unknown-type");

	tcase_add_test(tc, which_types);
	tcase_add_test(tc, others_reported);
	tcase_add_test(tc, decide_from_four_caps);
	tcase_add_test(tc, no_defaults_warnings);
	tcase_add_test(tc, start_type_caps);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
