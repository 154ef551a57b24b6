/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* R4/R5 from caps (lib/ppc.md#r4-and-r5-from-caps) and from masked host words (#modes, host). */
#include <errno.h>

#include "test-ppc-util.h"

START_TEST(caps_vectors)
{
	struct tsv *t = tsv_open("ppc-hcall.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		struct vcpuchar_ppc_caps c = test_caps(t, i, "");
		uint64_t r4 = 1, r5 = 1;

		ck_assert_msg(vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5) == 0, "%s: failed", id);
		ck_assert_msg(r4 == tsv_u64(t, i, "expect_r4", NULL), "%s: r4 0x%016" PRIx64, id, r4);
		ck_assert_msg(r5 == tsv_u64(t, i, "expect_r5", NULL), "%s: r5 0x%016" PRIx64, id, r5);
	}
	tsv_close(t);
}
END_TEST

START_TEST(caps_bad_args)
{
	struct vcpuchar_ppc_caps c = { 0, 0, 0, 0 };
	uint64_t r4 = 1, r5 = 1;

	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(NULL, &r4, &r5), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, NULL, &r5), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, &r4, NULL), -EINVAL);
	c.cfpc = 3;
	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5), -EINVAL);
	c = (struct vcpuchar_ppc_caps){ 0, 3, 0, 0 };
	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5), -EINVAL);
	c = (struct vcpuchar_ppc_caps){ 0, 0, 5, 0 };
	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5), -EINVAL);
	/* The value QEMU's host parse uses for fixed-na never appears here. */
	c = (struct vcpuchar_ppc_caps){ 0, 0, 0x10, 0 };
	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5), -EINVAL);
	c = (struct vcpuchar_ppc_caps){ 0, 0, 0, 2 };
	ck_assert_int_eq(vcpuchar_ppc_caps_to_hcall(&c, &r4, &r5), -EINVAL);
	ck_assert_uint_eq(r4, 1);
	ck_assert_uint_eq(r5, 1);
}
END_TEST

START_TEST(host_masks)
{
	static const struct {
		const char *id;
		uint64_t c, b, cm, bm, r4, r5;
	} v[] = {
		/*
		 * Measured pseries path: NO_L1D bits outside behaviour_mask come from
		 * host-max's answer (cfpc=fixed sends them), not from the unvouched word:
		 * tests/ppc-nested-e2e run (d) measured the flushes dropping them cost.
		 */
		{ "e2e-fixed-ibs", 0x4400000000000000, 0x8180000000000000, 0xff40000000000000, 0xe400000000000000,
		  0x4400000000000000, 0x8180000000000000 },
		/* Same masks, a host that needs the flush: host-max sends no NO_L1D bit, nor does host mode. */
		{ "e2e-workaround", 0xbc00000000000000, 0xe580000000000000, 0xff40000000000000, 0xe400000000000000,
		  0xbc00000000000000, 0xe400000000000000 },
		/* OPAL masks: bits 5 and 6 of R4 are outside and dropped. */
		{ "opal", 0x9e40000000000000, 0xe400000000000000, 0xf940000000000000, 0xe400000000000000,
		  0x9840000000000000, 0xe400000000000000 },
		/* behaviour_mask 0: the three default-on bits are set, nothing else. */
		{ "behaviour-unknown", 0x3800000000000000, 0x0000000000000000, 0xff40000000000000, 0, 0x3800000000000000,
		  0xe000000000000000 },
		/*
		 * Unknown set bits outside the masks never pass as such, known-clear
		 * default-on bits stay clear; L1D_FLUSH_PR known clear is cfpc=fixed,
		 * whose answer (host-max's) has NO_L1D_FLUSH_ENTRY/UACCESS.
		 */
		{ "partial", 0xffffffffffffffff, 0x1fffffffffffffff, 0x0040000000000000, 0x4000000000000000,
		  0x0040000000000000, 0xa180000000000000 },
		/* Pending-kernel masks carry NO_* and the link-stack bits through. */
		{ "pending", 0xbc50000000000000, 0x85c0000000000000, 0xff50000000000000, 0xf7c0000000000000,
		  0xbc50000000000000, 0x85c0000000000000 },
		/* A valid character mask with character == 0 is information. */
		{ "character-zero", 0, 0, 0xff40000000000000, 0, 0, 0xe000000000000000 },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(v); i++) {
		struct vcpuchar_ppc_host h = test_host(v[i].c, v[i].b, v[i].cm, v[i].bm, 0);
		uint64_t r4 = 1, r5 = 1;

		ck_assert_msg(vcpuchar_ppc_host_to_hcall(&h, &r4, &r5) == 0, "%s", v[i].id);
		ck_assert_msg(r4 == v[i].r4, "%s: r4 0x%016" PRIx64, v[i].id, r4);
		ck_assert_msg(r5 == v[i].r5, "%s: r5 0x%016" PRIx64, v[i].id, r5);
	}
}
END_TEST

START_TEST(host_no_data)
{
	struct vcpuchar_ppc_host h = test_host(0xbc40000000000000, 0xe400000000000000, 0, 0, 0);
	uint64_t r4 = 1, r5 = 1;

	/* Zero masks: nothing to pass, and never zeros instead. */
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, &r4, &r5), -ENODATA);
	/* A failed probe: zero words, error set, valid 0. */
	h = test_host(0, 0, 0, 0, 0);
	h.source = VCPUCHAR_SOURCE_KVM;
	h.error = -ENOTTY;
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, &r4, &r5), -ENODATA);
	ck_assert_uint_eq(r4, 1);
	ck_assert_uint_eq(r5, 1);
}
END_TEST

START_TEST(host_bad_args)
{
	struct vcpuchar_ppc_host h = test_host(0, 0, 0xff40000000000000, 0xe400000000000000, 0);
	uint64_t r4 = 1, r5 = 1;

	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(NULL, &r4, &r5), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, NULL, &r5), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, &r4, NULL), -EINVAL);
	h.size = 8;
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, &r4, &r5), -EINVAL);
	h.size = 0;
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, &r4, &r5), -EINVAL);
	ck_assert_uint_eq(r4, 1);
	ck_assert_uint_eq(r5, 1);
}
END_TEST

int main(void)
{
	return RUN_TESTS("ppc-hcall", caps_vectors, caps_bad_args, host_masks, host_no_data, host_bad_args);
}
