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

/* A pasted -machine line read by the library into @r (the host's KVM and qemu_version already set). */
static void line(struct vcpuchar_ppc_request *r, const char *text, char *others, size_t size)
{
	ck_assert_msg(vcpuchar_ppc_machine_line_parse(text, r, others, size) >= 0, "%s: %s", text, others);
}

/*
 * Field cases: lines users ship whose own fix the start verdict must see.
 * QEMU takes a cap given on the command line in place of the type's
 * default (hw/ppc/spapr_caps.c spapr_caps_init(): cmd_line_caps), so the
 * cap's apply() checks the given level.
 */
START_TEST(user_levels_field_cases)
{
	struct vcpuchar_ppc_host h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_FWNMI | VCPUCHAR_PPC_FACT_AIL_MODE_3), 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s;
	char others[256];

	/* Without the user's fix: fwnmi refused (QEMU 7.2: "(FWNMI) not supported by KVM."). */
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);

	/*
	 * coreos-assembler's ppc64le line (mantle/platform/qemu.go, found by a code
	 * search: "pseries,kvm-type=HV,vsmt=8,cap-fwnmi=off,"): QEMU starts; kvm-type
	 * and vsmt are named, not judged.
	 */
	line(&r, "pseries,kvm-type=HV,vsmt=8,cap-fwnmi=off", others, sizeof(others));
	ck_assert_str_eq(others, "kvm-type=HV, vsmt=8");
	ck_assert_uint_eq(r.start_set, 1u << VCPUCHAR_PPC_START_FWNMI);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_FWNMI)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(s.n_refused, 0);
	ck_assert_str_eq(s.paste, "");

	/*
	 * LXD's and Kata's ppc64le machine options turn large-decr off (Kata's
	 * arch/ppc64le-options.mk MACHINEACCELERATORS, found by a code search:
	 * "cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-large-decr=off,
	 * cap-ccf-assist=off"): a host without ibm,dec-bits starts.
	 */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_DEC_BITS), 65536);
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	line(&r, "pseries,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-large-decr=off,cap-ccf-assist=off", others,
	     sizeof(others));
	ck_assert_str_eq(others, "");
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(s.n_refused, 0);

	/*
	 * Kata's kernel_irqchip on a nested host: QEMU fails hard where KVM has no
	 * XIVE device for the guest; no host fact here says so, so the property is
	 * named, not judged, and the verdict rests on what is known.
	 */
	h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	line(&r, "pseries,accel=kvm,kernel_irqchip=on,ic-mode=xive", others, sizeof(others));
	ck_assert_str_eq(others, "kernel_irqchip=on, ic-mode=xive");
	ck_assert_uint_eq(r.start_set, 0);

	/* cap-ail-mode-3=off, the hint of QEMU 8.1's refusal, lets an 8.2 host without the capability start. */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_AIL_MODE_3), 65536);
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(8, 2, 0);
	ck_assert_uint_eq(check(&h, &r).n_refused, 1);
	line(&r, "pseries-8.2,cap-ail-mode-3=off", others, sizeof(others));
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_msg(strstr(start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->reason, "given"), "%s",
		      start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->reason);
	ck_assert_uint_eq(s.n_refused, 0);
	/* QEMU 7.2 has no such property and refuses the line. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-ail-mode-3=off", &r, others, sizeof(others)),
			 -EINVAL);
	ck_assert_msg(strstr(others, "QEMU 7.2's pseries has no such property"), "%s", others);
}
END_TEST

/* The user's level for every other cap, QEMU's value spellings, and max-cpu-compat's lowered defaults. */
START_TEST(user_levels)
{
	struct vcpuchar_ppc_host h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_HTM), 4096);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s;
	char others[256];

	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	/* 4k pages, given in QEMU's size spelling: a 4 KiB-page host starts; htm=on refused by this KVM. */
	line(&r, "pseries,cap-hpt-max-page-size=4k,cap-htm=yes,cap-vsx=on,cap-dawr1=off", others, sizeof(others));
	ck_assert_str_eq(others, "cap-vsx=on, cap-dawr1=off");
	ck_assert_uint_eq(r.start_levels[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE], 12);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_HTM)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(s.paste, "cap-htm=off");
	/* 16M is too large for 4 KiB host pages (spapr_check_pagesize()). */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	line(&r, "pseries,cap-hpt-max-page-size=16M", others, sizeof(others));
	s = check(&h, &r);
	ck_assert_msg(strstr(start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->reason,
			     "Can't support 16384 kiB guest pages with 4 kiB host pages"),
		      "%s", start_entry(&s, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)->reason);
	/* QEMU's own refusals of values. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-hpt-max-page-size=48k", &r, others,
							 sizeof(others)), -EINVAL);
	ck_assert_msg(strstr(others, "must be a power of 2"), "%s", others);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-fwnmi=maybe", &r, others, sizeof(others)),
			 -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-fwnmi=off,cap-fwnmi=on", &r, others,
							 sizeof(others)), -EINVAL);
	/* 7.2 has no cap-dawr1 (-M pseries,help, measured). */
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-dawr1=on", &r, others, sizeof(others)), -EINVAL);
	/*
	 * cap-nested-papr came in 9.0 (e1617b845104, pull-ppc-for-9.0-2-20240313),
	 * cap-dawr1 in 10.0 (5f361ea187ba, pull-ppc-for-10.0-1-20250311).
	 */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(8, 2, 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-nested-papr=on", &r, others, sizeof(others)),
			 -EINVAL);
	ck_assert_msg(strstr(others, "QEMU 8.2's pseries has no such property"), "%s", others);
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(9, 2, 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-nested-papr=on", &r, others, sizeof(others)),
			 0);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-dawr1=on", &r, others, sizeof(others)), -EINVAL);
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(9, 2, 90); /* a candidate of 10.0 */
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,cap-dawr1=on", &r, others, sizeof(others)), 0);
	r.qemu_version = 0;

	/*
	 * max-cpu-compat=power8 lowers large-decr to off (default_caps_with_cpu():
	 * below ISA 3.00), so a host without ibm,dec-bits starts; power7 also
	 * lowers htm and ail-mode-3 (below ISA 2.07).
	 */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_DEC_BITS), 65536);
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	line(&r, "pseries,max-cpu-compat=power8", others, sizeof(others));
	ck_assert_str_eq(others, "");
	ck_assert_uint_eq(r.max_cpu_compat, VCPUCHAR_PPC_CPU_POWER8);
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->level, 0);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	r.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER7;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3)->level, 0);
	/* power6 is a compat level the request cannot carry: named, not judged. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	line(&r, "pseries,max-cpu-compat=power6", others, sizeof(others));
	ck_assert_str_eq(others, "max-cpu-compat=power6");
	/* Levels out of range are refused. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	r.start_set = 1u << VCPUCHAR_PPC_START_FWNMI;
	r.start_levels[VCPUCHAR_PPC_START_FWNMI] = 2;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
	r.start_set = 1u << 2;
	r.start_levels[VCPUCHAR_PPC_START_FWNMI] = 0;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
	r.start_set = 0;
	r.max_cpu_compat = 6;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
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

/* A level the caller gave (a pasted "cap-htm=on"), as vcpuchar_ppc_machine_line_parse() sets it. */
static void given(struct vcpuchar_ppc_request *r, uint32_t cap, uint32_t level)
{
	r->start_set |= 1u << cap;
	r->start_levels[cap] = level;
}

/*
 * Each given level against each fact, from hw/ppc/spapr_caps.c's
 * cap_*_apply() of QEMU 7.2 (8.1 for ail-mode-3): TCG refuses htm and
 * nested-hv on, large-decr before POWER9 (ISA 3.00) and ail-mode-3 before
 * POWER8; KVM needs its capability; a QEMU without the property refuses
 * the name itself.
 */
START_TEST(given_levels_each_fact)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	struct vcpuchar_ppc_start s;
	const struct vcpuchar_ppc_start_entry *e;

	/* cap-htm=off given: nothing is checked. */
	given(&r, VCPUCHAR_PPC_START_HTM, 0);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_HTM);
	ck_assert_uint_eq(e->level, 0);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_str_eq(e->reason, "cap-htm=off, given: QEMU checks nothing");
	/* cap-htm=on given, this KVM offers KVM_CAP_PPC_HTM. */
	given(&r, VCPUCHAR_PPC_START_HTM, 1);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_HTM);
	ck_assert_uint_eq(e->level, 1);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_str_eq(e->reason, "cap-htm=on, given: this KVM offers KVM_CAP_PPC_HTM");
	/* A POWER8 guest on a KVM without the capability: POWER8 KVM-HV takes HTM from AT_HWCAP2. */
	h = p9_host(ALL_BUT(VCPUCHAR_PPC_FACT_HTM), 65536);
	r.cpu = VCPUCHAR_PPC_CPU_POWER8;
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_HTM);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_UNKNOWN);
	ck_assert_str_eq(e->fix, "cap-htm=off");
	ck_assert_msg(strstr(e->reason, "or a POWER8 KVM-HV host with HTM"), "%s", e->reason);
	ck_assert_str_eq(s.paste, "");
	/* Under TCG: "No Transactional Memory support in TCG" (cap_htm_apply()). */
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_HTM);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->reason, "cap-htm=on, given: QEMU says \"No Transactional Memory support in TCG\"");
	ck_assert_str_eq(s.paste, "cap-htm=off");

	/* cap-nested-hv=on under TCG: "No Nested KVM-HV support in TCG" (cap_nested_kvm_hv_apply()). */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	r.accel = VCPUCHAR_ACCEL_TCG;
	given(&r, VCPUCHAR_PPC_START_NESTED_HV, 1);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_NESTED_HV);
	ck_assert_uint_eq(e->level, 1);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->reason, "cap-nested-hv=on, given: QEMU says \"No Nested KVM-HV support in TCG\"");
	ck_assert_str_eq(s.paste, "cap-nested-hv=off");

	/* cap-large-decr=on under TCG for a POWER8: "Large decrementer only supported on POWER9". */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER8;
	given(&r, VCPUCHAR_PPC_START_LARGE_DECR, 1);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->reason, "QEMU says \"Large decrementer only supported on POWER9\"");
	ck_assert_str_eq(s.paste, "cap-large-decr=off");
	/* A POWER9 held to POWER8 by max-cpu-compat: the same (the compat level is before ISA 3.00). */
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	r.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER8;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	/* A compat level above the CPU's own: QEMU refuses to start ("Compatibility PVR 0x0f000006 not
	 * valid for CPU", measured on 7.2.22, 10.0.13 and 11.1.3), so there is no verdict per cap. */
	r.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER10;
	ck_assert_int_eq(vcpuchar_ppc_start_check(&h, &r, &s), -EINVAL);
	r.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER9;
	s = check(&h, &r);
	ck_assert_uint_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_str_eq(start_entry(&s, VCPUCHAR_PPC_START_LARGE_DECR)->reason, "TCG: QEMU checks no host decrementer");

	/* cap-ail-mode-3=on under TCG for a POWER7 (cap_ail_mode_3_apply()). */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.cpu = VCPUCHAR_PPC_CPU_POWER7;
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	given(&r, VCPUCHAR_PPC_START_AIL_MODE_3, 1);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->reason, "QEMU says \"TCG only supports cap-ail-mode-3 on POWER8 and later CPUs\"");
	ck_assert_str_eq(s.paste, "cap-ail-mode-3=off");
	/* Given off: nothing is checked. */
	given(&r, VCPUCHAR_PPC_START_AIL_MODE_3, 0);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_str_eq(e->reason, "cap-ail-mode-3=off, given: QEMU checks nothing");
	/* QEMU 8.0 has no such property: a start that names it fails, whatever its level. */
	r.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(8, 0, 0);
	s = check(&h, &r);
	e = start_entry(&s, VCPUCHAR_PPC_START_AIL_MODE_3);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	ck_assert_str_eq(e->fix, "");
	ck_assert_str_eq(e->reason, "QEMU 8.0 has no property cap-ail-mode-3 (QEMU 8.1 added it): remove it");
	ck_assert_uint_eq(s.n_refused, 1);
	ck_assert_str_eq(s.paste, "");
}
END_TEST

/* pseries-2.11's default cap-htm=on (spapr_machine_2_11_class_options()) on a KVM that offers HTM. */
START_TEST(htm_old_type_offered)
{
	struct vcpuchar_ppc_host h = p9_host(VCPUCHAR_PPC_FACT_ALL, 65536);
	struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES_3_1);
	struct vcpuchar_ppc_start s = TEST_OUT(struct vcpuchar_ppc_start);
	const struct vcpuchar_ppc_start_entry *e;

	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-2.11", &s), 0);
	e = start_entry(&s, VCPUCHAR_PPC_START_HTM);
	ck_assert_uint_eq(e->level, 1);
	ck_assert_uint_eq(e->verdict, VCPUCHAR_PPC_VERDICT_STARTS);
	ck_assert_str_eq(e->reason, "pseries-2.11 and older take cap-htm=on, which this KVM offers");
	/* A name that is not a type of the table, in the class of unknown defaults, but one the table knows: refused. */
	r = kvm_req(VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN);
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(&h, &r, "pseries-2.x", &s), -EINVAL);
}
END_TEST

/*
 * The values a pasted line gives the start caps, as QEMU reads them:
 * booleans by qapi/qapi-util.c qapi_bool_parse() (on, yes, true, y; off,
 * no, false, n), sizes by util/cutils.c qemu_strtosz() (a number, then one
 * unit B, K, M, G, T, P or E in either case), refused as
 * hw/ppc/spapr_caps.c cap_hpt_maxpagesize_apply() refuses them.
 */
START_TEST(line_values_as_qemu_reads_them)
{
	static const struct {
		const char *item;
		uint32_t cap, level;
	} taken[] = {
		{ "cap-fwnmi=y", VCPUCHAR_PPC_START_FWNMI, 1 },
		{ "cap-fwnmi=n", VCPUCHAR_PPC_START_FWNMI, 0 },
		{ "cap-fwnmi=no", VCPUCHAR_PPC_START_FWNMI, 0 },
		{ "cap-fwnmi=false", VCPUCHAR_PPC_START_FWNMI, 0 },
		{ "cap-fwnmi=true", VCPUCHAR_PPC_START_FWNMI, 1 },
		{ "cap-hpt-max-page-size=65536", VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE, 16 },
		{ "cap-hpt-max-page-size=64K", VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE, 16 },
		{ "cap-hpt-max-page-size=16g", VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE, 34 },
	};
	static const struct {
		const char *item, *says;
	} refused[] = {
		{ "cap-hpt-max-page-size=2k", "QEMU says \"Require at least 4kiB hpt-max-page-size\"" },
		{ "cap-hpt-max-page-size=32G", "a page size is a number with an optional K, M or G (4k to 16G)" },
		{ "cap-hpt-max-page-size=1t", "a page size is a number with an optional K, M or G (4k to 16G)" },
		{ "cap-hpt-max-page-size=64x", "a page size is a number with an optional K, M or G (4k to 16G)" },
		{ "cap-hpt-max-page-size=64kb", "a page size is a number with an optional K, M or G (4k to 16G)" },
		{ "cap-hpt-max-page-size=k", "a page size is a number with an optional K, M or G (4k to 16G)" },
		{ "cap-hpt-max-page-size=", "a page size is a number with an optional K, M or G (4k to 16G)" },
		{ "cap-hpt-max-page-size=0", "QEMU says \"cap-hpt-max-page-size must be a power of 2\"" },
		{ "cap-hpt-max-page-size=99999999999999999999", "a page size is a number" },
		{ "cap-fwnmi=On", "QEMU takes on or off (also yes, no, true, false)" },
		{ "cap-fwnmi=", "QEMU takes on or off (also yes, no, true, false)" },
	};
	char others[256];

	for (size_t i = 0; i < G_N_ELEMENTS(taken); i++) {
		struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
		g_autofree char *text = g_strconcat("pseries,", taken[i].item, NULL);

		line(&r, text, others, sizeof(others));
		ck_assert_msg(r.start_set == 1u << taken[i].cap, "%s: set %#x", text, r.start_set);
		ck_assert_msg(r.start_levels[taken[i].cap] == taken[i].level, "%s: level %u", text,
			      r.start_levels[taken[i].cap]);
	}
	for (size_t i = 0; i < G_N_ELEMENTS(refused); i++) {
		struct vcpuchar_ppc_request r = kvm_req(VCPUCHAR_PPC_MACHINE_PSERIES);
		g_autofree char *text = g_strconcat("pseries,", refused[i].item, NULL);

		ck_assert_msg(vcpuchar_ppc_machine_line_parse(text, &r, others, sizeof(others)) == -EINVAL, "%s taken",
			      text);
		ck_assert_msg(strstr(others, refused[i].says), "%s: %s", text, others);
	}
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
	tcase_add_test(tc, user_levels_field_cases);
	tcase_add_test(tc, user_levels);
	tcase_add_test(tc, large_decr);
	tcase_add_test(tc, unknown_facts);
	tcase_add_test(tc, htm_old_types);
	tcase_add_test(tc, tcg);
	tcase_add_test(tc, hpt_partly_known);
	tcase_add_test(tc, exact_type);
	tcase_add_test(tc, spectre_caps);
	tcase_add_test(tc, defaults_warning_names_other_refusals);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, given_levels_each_fact);
	tcase_add_test(tc, htm_old_type_offered);
	tcase_add_test(tc, line_values_as_qemu_reads_them);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
