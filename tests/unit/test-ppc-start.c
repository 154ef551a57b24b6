/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The start verdict (lib/ppc.md#start). Expectations from QEMU 7.2's
 * sources (Debian qemu_7.2+dfsg): hw/ppc/spapr.c for each machine type's
 * defaults, hw/ppc/spapr_caps.c cap_*_apply() for what KVM refuses, and
 * target/ppc/cpu_init.c for the POWER9 model's 56 decrementer bits.
 */
#include <errno.h>
#include <string.h>

#include "ppc-host-words.h"
#include "test-ppc-util.h"

/* A POWER9 KVM-HV host as Debian's ppc64el kernels are: every fact read, 4 KiB pages. */
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

#define ALL_BUT(bit) (VCPUCHAR_PPC_FACT_ALL & ~(bit))

static struct vcpuchar_ppc_request kvm_req(uint32_t machine)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

	r.accel = VCPUCHAR_ACCEL_KVM;
	r.machine = machine;
	return r;
}

static struct vcpuchar_ppc_start check_at(const struct vcpuchar_ppc_host *h, const struct vcpuchar_ppc_request *r, int line)
{
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);

	ck_assert_msg(vcpuchar_ppc_start_check(h, r, &s) == 0, "line %d", line);
	return s;
}
#define check(h, r) check_at((h), (r), __LINE__)

/* Every cap QEMU 7.2 checks at start, and 8.1's ail-mode-3, in cap order, named as QEMU names them. */
START_TEST(entries_named_in_order)
{
	static const char *const names[] = { "cfpc",	  "sbbc",      "ibs",	     "ccf-assist", "htm",
					     "hpt-max-page-size", "nested-hv", "large-decr", "fwnmi",	   "ail-mode-3" };
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s = check(&h, &r);

	ck_assert_uint_eq(s.n_entries, G_N_ELEMENTS(names));
	for (uint32_t i = 0; i < s.n_entries; i++) {
		ck_assert_uint_eq(s.entries[i].cap, i);
		ck_assert_str_eq(s.entries[i].name, names[i]);
		ck_assert_uint_eq(s.entries[i].verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	}
	ck_assert_uint_eq(s.n_refused, 0);
	ck_assert_uint_eq(s.n_unknown, 0);
	ck_assert_str_eq(s.paste, "");
	/* pseries-5.0+: fwnmi on, large-decr on (POWER9), hpt-max-page-size 64 KiB, htm off. */
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->level, 1);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->level, 1);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->level, 16);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_NESTED_HV)->level, 0);
}
END_TEST

/* The nested tier's L1: Debian's 4 KiB-page kernel under KVM-HV refuses 64 KiB guest pages. */
START_TEST(four_k_pages_refused)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 4096);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s = check(&h, &r);
	const struct vcpuchar_ppc_start_entry *e = start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE);

	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->fix, "cap-hpt-max-page-size=4k");
	ck_assert_msg(strstr(e->reason, "Can't support 64 kiB guest pages with 4 kiB host pages"), "%s", e->reason);
	ck_assert_uint_eq(s.n_refused, 1);
	ck_assert_str_eq(s.paste, "cap-hpt-max-page-size=4k");

	/* PR KVM (no KVM_PPC_PAGE_SIZES_REAL) checks no page size. */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_PAGES_REAL), 4096);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	/* Nor does TCG. */
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 4096);
	r.accel = VCPUCHAR_ACCEL_TCG;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	/* pseries-2.12-sxxm takes the host's page size (spapr_machine_2_12_class_options(): 0). */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
}
END_TEST

/* fwnmi: on from pseries-5.0; a kernel without KVM_CAP_PPC_FWNMI refuses it. */
START_TEST(fwnmi_by_machine)
{
	struct vcpuchar_ppc_host h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_FWNMI), 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s = check(&h, &r);
	const struct vcpuchar_ppc_start_entry *e = start_entry(&s, VCPUCHAR_PPC_START_FWNMI);

	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->fix, "cap-fwnmi=off");
	ck_assert_msg(strstr(e->reason, "(FWNMI) not supported by KVM"), "%s", e->reason);
	ck_assert_str_eq(s.paste, "cap-fwnmi=off");
	/* pseries-4.2 and older: off (spapr_machine_4_2_class_options()), nothing to check. */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_4;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_str_eq(s.paste, "");
}
END_TEST

/*
 * ail-mode-3: a property from QEMU 8.1 ("spapr: Add SPAPR_CAP_AIL_MODE_3 for
 * AIL mode 3 support for H_SET_MODE hcall", v4 of 2023-05-15, queued for
 * 8.1), on in every machine type (spapr_machine_class_init()), off before
 * POWER8 (default_caps_with_cpu()); cap_ail_mode_3_apply() refuses it under
 * KVM without KVM_CAP_PPC_AIL_MODE_3 (210). The field case: a QEMU 8.2 host
 * whose KVM lacks the capability was told "starts", exit 0.
 */
START_TEST(ail_mode_3)
{
	struct vcpuchar_ppc_host h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_AIL_MODE_3), 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s;
	const struct vcpuchar_ppc_start_entry *e;

	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(8, 2, 0);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3);
	ck_assert_str_eq(e->name, "ail-mode-3");
	ck_assert_uint_eq(e->level, 1);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->fix, "cap-ail-mode-3=off");
	ck_assert_msg(strstr(e->reason, "this KVM lacks KVM_CAP_PPC_AIL_MODE_3: QEMU says \"KVM implementation does "
					"not support cap-ail-mode-3\""),
		      "%s", e->reason);
	ck_assert_uint_eq(s.n_refused, 1);
	ck_assert_str_eq(s.paste, "cap-ail-mode-3=off");
	/* The same in the older types: the class default is on for all of them. */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_4;
	ck_assert_uint_eq(start_entry((s = check(&h, &r), &s), VCPUCHAR_PPC_START_AIL_MODE_3)->verdict,
			  VCPUCHAR_PPC_VERDICT_REFUSED);
	/* 8.1.0-rc0 reports 8.0.90: the coming 8.1 has it. */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(8, 0, 90);
	ck_assert_uint_eq(start_entry((s = check(&h, &r), &s), VCPUCHAR_PPC_START_AIL_MODE_3)->verdict,
			  VCPUCHAR_PPC_VERDICT_REFUSED);
	/* 8.0 has no such property: nothing is checked. */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(8, 0, 0);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3);
	ck_assert_uint_eq(e->level, 0);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_msg(strstr(e->reason, "QEMU 8.0 has no cap-ail-mode-3"), "%s", e->reason);
	/* A KVM that offers it, and one whose answer was not read. */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	ck_assert_uint_eq(start_entry((s = check(&h, &r), &s), VCPUCHAR_PPC_START_AIL_MODE_3)->verdict,
			  VCPUCHAR_PPC_VERDICT_STARTS);
	h.facts_read &= ~VCPUCHAR_PPC_FACT_AIL_MODE_3;
	h.facts &= ~VCPUCHAR_PPC_FACT_AIL_MODE_3;
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_str_eq(e->fix, "cap-ail-mode-3=off");
	ck_assert_str_eq(s.paste, "");
	/* TCG: a POWER8 and later CPU has AIL mode 3; no host fact is read. */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_AIL_MODE_3), 65536);
	r.accel = VCPUCHAR_ACCEL_TCG;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->level, 1);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	/* A POWER7 guest: off (default_caps_with_cpu(): before ISA 2.07), nothing to check. */
	r.cpu = VCPUCHAR_PPC_CPU_POWER7;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
}
END_TEST

/* large-decr: on from pseries-4.0 for POWER9 and later; the host's ibm,dec-bits must be 56. */
START_TEST(large_decr)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_4);
	struct vcpuchar_ppc_start s;
	const struct vcpuchar_ppc_start_entry *e;

	h.dec_bits = 32;
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_msg(strstr(e->reason, "KVM large decrementer size (32) differs to model (56)"), "%s", e->reason);
	ck_assert_str_eq(s.paste, "cap-large-decr=off");
	/* No property at all. */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_DEC_BITS), 65536);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_msg(strstr(e->reason, "No large decrementer support"), "%s", e->reason);
	/* pseries-3.1 and older: off (spapr_machine_3_1_class_options()). */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	/* A POWER8 guest: off (default_caps_with_cpu(): before ISA 3.00). */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	r.cpu = VCPUCHAR_PPC_CPU_POWER8;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
}
END_TEST

/* Facts a 1.1 profile or caller never gave: each cap that needs one is UNKNOWN, nothing pasted. */
START_TEST(unknown_facts)
{
	struct vcpuchar_ppc_host h = p9_host(0, 0);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s;

	h.facts_read = 0;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_str_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->fix, "cap-fwnmi=off");
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_msg(strstr(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->reason, "page size"), "%s",
		      start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->reason);
	/* Off by default: nothing to know. */
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_NESTED_HV)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(s.n_unknown, 3);
	ck_assert_uint_eq(s.n_refused, 0);
	ck_assert_str_eq(s.paste, "");
	/* No host at all: host-max takes broken/off, which starts; the defaults (caps mode) are unknown. */
	s = check(NULL, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_CAP_CFPC)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	s = check(NULL, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_CAP_CFPC)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	/* KVM's own zero masks: QEMU reads broken and refuses workaround. */
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	h.source = VCPUCHAR_SOURCE_KVM;
	h.character_mask = h.behaviour_mask = 0;
	h.valid = 0;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_CAP_CFPC)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
}
END_TEST

/* htm: on for pseries-2.11 and older (spapr_machine_2_11_class_options()), which the request cannot name. */
START_TEST(htm_old_types)
{
	struct vcpuchar_ppc_host h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_HTM), 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_3_1);
	struct vcpuchar_ppc_start s = check(&h, &r);

	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_str_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->fix, "cap-htm=off");
	/* QEMU 10.0 has no 2.x type left: pseries-3.0 and 3.1 take htm off. */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 13);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	/* With the capability, 7.2's old types start too. */
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	r.qemu_version = 0;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
}
END_TEST

/* Under TCG nothing is compared with the host; 7.2's pseries-2.11 and older still need cap-htm=off. */
START_TEST(tcg)
{
	struct vcpuchar_ppc_host h = p9_host(0, 4096);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s;

	r.accel = VCPUCHAR_ACCEL_TCG;
	s = check(&h, &r);
	for (uint32_t i = VCPUCHAR_PPC_N_CAPS; i < s.n_entries; i++)
		ck_assert_msg(s.entries[i].verdict == VCPUCHAR_PPC_VERDICT_STARTS, "%s: %s", s.entries[i].name,
			      s.entries[i].reason);
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_msg(strstr(start_entry(&s, VCPUCHAR_PPC_START_HTM)->reason, "No Transactional Memory support in TCG"), "%s",
		      start_entry(&s, VCPUCHAR_PPC_START_HTM)->reason);
	/* A POWER7 guest has no HTM to default on (default_caps_with_cpu()). */
	r.cpu = VCPUCHAR_PPC_CPU_POWER7;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
}
END_TEST

/* hpt-max-page-size where the request's class mixes types, or a fact is missing. */
START_TEST(hpt_partly_known)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 4096);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_3_1);
	struct vcpuchar_ppc_start s = check(&h, &r);
	const struct vcpuchar_ppc_start_entry *e = start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE);

	/* QEMU 7.2's pseries-3.1-and-older class holds 2.12 (host page) and 3.0/3.1 (64 KiB). */
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_str_eq(e->fix, "cap-hpt-max-page-size=4k");
	ck_assert_str_eq(s.paste, "");
	/* QEMU 10.0 has only 3.0 and 3.1 there: refused. */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 13);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	/* The page size known, KVM's need of contiguous pages not. */
	h.facts_read &= ~VCPUCHAR_PPC_FACT_PAGES_REAL;
	h.facts &= ~VCPUCHAR_PPC_FACT_PAGES_REAL;
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_msg(strstr(e->reason, "KVM_PPC_GET_SMMU_INFO"), "%s", e->reason);
	ck_assert_str_eq(e->fix, "cap-hpt-max-page-size=4k");
}
END_TEST

/*
 * The exact type (vcpuchar_ppc_start_check_type()): QEMU 7.2's
 * hw/ppc/spapr.c gives pseries-3.0 and 3.1 64 KiB pages, 2.12 and older
 * the host's, 2.11 and older htm on; pseries-2.12-sxxm is 2.12's options
 * with other Spectre caps, so its htm is off (spapr_machine_2_12_sxxm_class_options()).
 */
START_TEST(exact_type)
{
	struct vcpuchar_ppc_host h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_HTM), 4096);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_3_1);
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);
	const struct vcpuchar_ppc_start_entry *e;

	/* pseries-3.1 on a 4 KiB-page KVM-HV host: QEMU refuses; the class alone is unknown under 7.2. */
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-3.1", &s), 0);
	e = start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(s.paste, "cap-hpt-max-page-size=4k");
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	/* pseries-2.12: the host's page size, htm off. */
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-2.12", &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->level, 0);
	ck_assert_uint_eq(s.n_refused + s.n_unknown, 0);
	/* pseries-2.11: htm on, which this KVM may lack (POWER8 KVM-HV gets it from AT_HWCAP2). */
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-2.11", &s), 0);
	e = start_entry(&s, VCPUCHAR_PPC_START_HTM);
	ck_assert_uint_eq(e->level, 1);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_msg(!strstr(e->reason, "version is not in the request"), "%s", e->reason);
	/* Under TCG QEMU refuses pseries-2.11's htm=on. */
	r.accel = VCPUCHAR_ACCEL_TCG;
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-2.11", &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(s.paste, "cap-htm=off");
	/* pseries-2.12-sxxm is its own class: htm off, with or without the name. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-2.12-sxxm", &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	/* NULL is the class's answer; a type of another class, or one the target lacks, is refused. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_3_1);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, NULL, &s), 0);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-5.0", &s), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries", &s), -EINVAL);
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 13);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-2.12", &s), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-3.0", &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	/* "pseries" is the newest type of its class. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries", &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
}
END_TEST

/* The Spectre caps as vcpuchar_ppc_decide() judges them: its ERROR is a refusal. */
START_TEST(spectre_caps)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s;

	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	r.caps_set = 1u << VCPUCHAR_PPC_CAP_CFPC;
	r.caps.cfpc = VCPUCHAR_PPC_LEVEL_FIXED; /* the host has workaround */
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_CAP_CFPC)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_CAP_CFPC)->level, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_msg(strstr(start_entry(&s, VCPUCHAR_PPC_CAP_CFPC)->reason, "safe cache capability"), "%s",
		      start_entry(&s, VCPUCHAR_PPC_CAP_CFPC)->reason);
	ck_assert_uint_eq(s.n_refused, 1);
	/* The decision's caps are the fix, not the paste addition. */
	ck_assert_str_eq(s.paste, "");
}
END_TEST

/* The defaults warnings no longer read as "QEMU will start": they add what else QEMU refuses. */
START_TEST(defaults_warning_names_other_refusals)
{
	struct vcpuchar_ppc_host h = ppc_host_words((struct vcpuchar_ppc_caps){ 2, 2, 3, 1 });
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_warnings w = TEST_OUT(struct vcpuchar_ppc_warnings);
	const char *text = NULL;

	h.pvr = 0x004e1202;
	h.facts_read = VCPUCHAR_PPC_FACT_ALL;
	h.facts = ALL_BUT(VCPUCHAR_PPC_FACT_FWNMI);
	h.dec_bits = 56;
	h.page_size = 4096;
	ck_assert_int_ge(vcpuchar_ppc_warnings_check(&h, &r, &w), 1);
	for (uint32_t k = 0; k < w.n_entries; k++)
		if (w.entries[k].code == VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST)
			text = w.entries[k].text;
	ck_assert_msg(text, "no defaults_below_host");
	ck_assert_msg(strstr(text, "passes these four caps"), "%s", text);
	ck_assert_msg(strstr(text, "; QEMU also refuses other caps at start: add "
				   "cap-hpt-max-page-size=4k,cap-fwnmi=off"),
		      "%s", text);
	ck_assert_msg(!strstr(text, "would start"), "%s", text);
}
END_TEST

START_TEST(bad_arguments)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 4096);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);

	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, NULL), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, NULL, &s), -EINVAL);
	/* A fact outside the read ones, a page size that is no page size, dec_bits without its fact. */
	h.facts_read = VCPUCHAR_PPC_FACT_HTM;
	h.facts = VCPUCHAR_PPC_FACT_FWNMI;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 5000);
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_DEC_BITS), 4096);
	h.dec_bits = 56;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 4096);
	h.dec_bits = 65;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
	/* An older caller's host struct ends before the facts: all unknown, accepted. */
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 4096);
	h.size = offsetof(struct vcpuchar_ppc_host, facts_read);
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	/* A 1.2 caller's struct has room for 9 entries: it gets those, the counts and paste of all. */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_AIL_MODE_3), 65536);
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	memset(&s, 0, sizeof(s));
	s.size = offsetof(struct vcpuchar_ppc_start, entries) + 9 * sizeof(s.entries[0]);
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), 0);
	ck_assert_uint_eq(s.n_entries, 9);
	ck_assert_uint_eq(s.n_refused, 1);
	ck_assert_str_eq(s.paste, "cap-ail-mode-3=off");
	ck_assert_str_eq(s.entries[9].name, "");
	r.qemu_version = 0;
	/* The verdict struct is new in 1.2: a smaller one is refused. */
	s.size = offsetof(struct vcpuchar_ppc_start, entries) + 3 * sizeof(s.entries[0]);
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 4096);
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-start");
	TCase *tc = tcase_create("ppc-start");

	tcase_add_test(tc, entries_named_in_order);
	tcase_add_test(tc, four_k_pages_refused);
	tcase_add_test(tc, fwnmi_by_machine);
	tcase_add_test(tc, ail_mode_3);
	tcase_add_test(tc, large_decr);
	tcase_add_test(tc, unknown_facts);
	tcase_add_test(tc, htm_old_types);
	tcase_add_test(tc, tcg);
	tcase_add_test(tc, hpt_partly_known);
	tcase_add_test(tc, exact_type);
	tcase_add_test(tc, spectre_caps);
	tcase_add_test(tc, defaults_warning_names_other_refusals);
	tcase_add_test(tc, bad_arguments);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
