/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * How size-led structs grow (include/vcpuchar/common.h; lib/vcpuchar-private.h):
 * the one mechanism on a struct with two releases, then the 1.2 struct of
 * the parts of a decision that grow (vcpuchar_ppc_decide_ext()).
 */
#include <errno.h>
#include <string.h>

#include <vcpuchar.h>

#include "test-common.h"
#include "vcpuchar-private.h"

/* A struct as release A had it, and as release B grew it: a member and an array entry more. */
struct demo_a {
	uint32_t size;
	uint32_t n;
	uint64_t entries[2];
};
struct demo_b {
	uint32_t size;
	uint32_t n;
	uint64_t entries[3];
	uint64_t later;
};

/* What a library of release B does with a demo_b from any caller. */
static int demo_call(struct demo_b *out, const struct demo_b *in)
{
	struct demo_b ibuf, obuf, *ret;

	if (!vcpuchar_size_valid(in, sizeof(struct demo_a), sizeof(*in), _Alignof(struct demo_b)) ||
	    !vcpuchar_size_valid(out, sizeof(struct demo_a), sizeof(*out), _Alignof(struct demo_b)))
		return -EINVAL;
	in = VCPUCHAR_IN(in, &ibuf);
	ret = VCPUCHAR_OUT(out, &obuf);
	ret->n = 3;
	for (int i = 0; i < 3; i++)
		ret->entries[i] = 10 + (uint64_t)i;
	/* A member the caller lacks reads as 0, its default. */
	ret->later = in->later ? in->later : 77;
	ret->n = VCPUCHAR_ENTRIES(out, entries, ret->n);
	VCPUCHAR_OUT_END(out, ret);
	return 0;
}

START_TEST(older_caller)
{
	/* A release-A caller's struct, with bytes after it that are not its own. */
	struct {
		struct demo_a a;
		unsigned char after[32];
	} mem;
	struct demo_a in = { .size = sizeof(in) };

	memset(&mem, 0xa5, sizeof(mem));
	mem.a.size = sizeof(mem.a);
	ck_assert_int_eq(demo_call((struct demo_b *)&mem, (const struct demo_b *)&in), 0);
	ck_assert_uint_eq(mem.a.size, sizeof(struct demo_a));
	/* The entries its size holds, counted as such; nothing past it written. */
	ck_assert_uint_eq(mem.a.n, 2);
	ck_assert_uint_eq(mem.a.entries[0], 10);
	ck_assert_uint_eq(mem.a.entries[1], 11);
	for (size_t i = 0; i < sizeof(mem.after); i++)
		ck_assert_uint_eq(mem.after[i], 0xa5);
}
END_TEST

START_TEST(same_and_newer_caller)
{
	struct {
		struct demo_b b;
		uint64_t tail[2];
	} big = { .b.size = sizeof(struct demo_b) };
	struct demo_b in = { .size = sizeof(in), .later = 5 };

	ck_assert_int_eq(demo_call(&big.b, &in), 0);
	ck_assert_uint_eq(big.b.n, 3);
	ck_assert_uint_eq(big.b.entries[2], 12);
	ck_assert_uint_eq(big.b.later, 5);
	/* A newer caller's zero tail is accepted and left alone. */
	big.b.size = sizeof(big);
	ck_assert_int_eq(demo_call(&big.b, &in), 0);
	ck_assert_uint_eq(big.b.size, sizeof(big));
	ck_assert_uint_eq(big.tail[0] | big.tail[1], 0);
	ck_assert_uint_eq(big.b.later, 5);
	/* A tail that asks for something: refused. */
	big.tail[1] = 1;
	ck_assert_int_eq(demo_call(&big.b, &in), -EINVAL);
}
END_TEST

START_TEST(bad_sizes)
{
	struct demo_b out = { .size = sizeof(out) }, in = { .size = sizeof(in) };

	/* Below the first release's size, between two members' ends, or NULL. */
	in.size = sizeof(struct demo_a) - 8;
	ck_assert_int_eq(demo_call(&out, &in), -EINVAL);
	in.size = sizeof(struct demo_a) + 4;
	ck_assert_int_eq(demo_call(&out, &in), -EINVAL);
	ck_assert_int_eq(demo_call(&out, NULL), -EINVAL);
	in.size = sizeof(in);
	out.size = 0;
	ck_assert_int_eq(demo_call(&out, &in), -EINVAL);
}
END_TEST

/* The public structs that grew: the request (1.1) from its 1.0 size; the rest from their own. */
START_TEST(first_sizes)
{
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result_ext ext = VCPUCHAR_INIT(struct vcpuchar_ppc_result_ext);

	ck_assert_uint_eq(VCPUCHAR_FIRST_SIZE(&req), 28);
	ck_assert_uint_eq(VCPUCHAR_FIRST_SIZE(&ext), sizeof(ext));
	req.size = 28;
	ck_assert(VCPUCHAR_SIZE_OK(&req));
	req.size = 24;
	ck_assert(!VCPUCHAR_SIZE_OK(&req));
}
END_TEST

/*
 * A 1.0 caller's request is 28 bytes: whatever follows it in the caller's
 * memory is not read. Here the bytes after it would say QEMU 10.0, which
 * lacks pseries-2.12-sxxm; read as 0 (7.2, which has it), the type is fine.
 */
START_TEST(request_1_0_reads_28_bytes)
{
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);

	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	req.machine = VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM;
	req.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &req, &res), -ENOENT);
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(NULL, &req, &w), -ENOENT);
	req.size = offsetof(struct vcpuchar_ppc_request, qemu_version);
	ck_assert_uint_eq(req.size, 28);
	ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &req, &res), 0);
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(NULL, &req, &w), 0);
	ck_assert_uint_eq(res.size, sizeof(res));
	/* pseries-2.12-sxxm's defaults (lib/ppc.md#machine-defaults): workaround, workaround, fixed-ccd, off. */
	ck_assert_uint_eq(res.effective_caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.effective_caps.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(res.effective_caps.ibs, VCPUCHAR_PPC_LEVEL_FIXED_CCD);
	ck_assert_uint_eq(res.effective_caps.ccf_assist, VCPUCHAR_PPC_LEVEL_OFF);
}
END_TEST

static struct vcpuchar_ppc_request p9_request(void)
{
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

	req.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	req.cpu = VCPUCHAR_PPC_CPU_POWER9;
	return req;
}

/* tests/data/ppc-host-levels.tsv hl-p9-dd23-risk0. */
static struct vcpuchar_ppc_host p9_host(void)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

	ck_assert_int_eq(vcpuchar_ppc_host_parse("0x9840000000000000,0xe400000000000000,0xf940000000000000,"
						 "0xe400000000000000",
						 &h, NULL, 0),
			 0);
	return h;
}

START_TEST(decide_ext)
{
	struct vcpuchar_ppc_host h = p9_host();
	struct vcpuchar_ppc_request req = p9_request();
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_result plain = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_result_ext ext = VCPUCHAR_INIT(struct vcpuchar_ppc_result_ext);
	const char *views[VCPUCHAR_PPC_GUEST_FILES];

	ck_assert_int_eq(vcpuchar_ppc_decide_ext(&h, &req, &res, &ext), 0);
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req, &plain), 0);
	/* The same decision as decide(), whole. */
	ck_assert_int_eq(memcmp(&res, &plain, sizeof(res)), 0);
	ck_assert_uint_eq(ext.n_caps, VCPUCHAR_PPC_N_CAPS);
	/* hl-p9-dd23-risk0: workaround, workaround, workaround, on; host-max runs with them. */
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		ck_assert_int_eq(ext.host_levels[cap], vcpuchar_ppc_caps_get(&res.host_caps, cap));
		ck_assert_int_eq(ext.effective_levels[cap], vcpuchar_ppc_caps_get(&res.effective_caps, cap));
		ck_assert_uint_eq(ext.host_levels[cap], 1);
	}
	for (uint32_t cap = VCPUCHAR_PPC_N_CAPS; cap < VCPUCHAR_PPC_CAPS_ROOM; cap++)
		ck_assert_uint_eq(ext.host_levels[cap] | ext.effective_levels[cap], 0);
	views[0] = res.guest_view.meltdown;
	views[1] = res.guest_view.l1tf;
	views[2] = res.guest_view.spectre_v1;
	views[3] = res.guest_view.spectre_v2;
	views[4] = res.guest_view.spec_store_bypass;
	ck_assert_uint_eq(ext.n_files, VCPUCHAR_PPC_GUEST_FILES);
	ck_assert_str_eq(ext.files[0].name, "meltdown");
	ck_assert_str_eq(ext.files[4].name, "spec_store_bypass");
	for (uint32_t i = 0; i < ext.n_files; i++)
		ck_assert_str_eq(ext.files[i].text, views[i]);
	ck_assert_str_eq(ext.files[0].text, "Mitigation: RFI Flush, L1D private per thread");
}
END_TEST

START_TEST(decide_ext_errors)
{
	struct vcpuchar_ppc_host h = p9_host();
	struct vcpuchar_ppc_request req = p9_request();
	struct vcpuchar_ppc_result res, before;
	struct vcpuchar_ppc_result_ext ext, ext_before;

	memset(&res, 0x5a, sizeof(res));
	res.size = sizeof(res);
	memset(&ext, 0x5a, sizeof(ext));
	ext.size = sizeof(ext);
	before = res;
	ext_before = ext;
	ck_assert_int_eq(vcpuchar_ppc_decide_ext(&h, &req, &res, NULL), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_decide_ext(&h, &req, NULL, &ext), -EINVAL);
	ext.size = sizeof(ext) - 8;
	ck_assert_int_eq(vcpuchar_ppc_decide_ext(&h, &req, &res, &ext), -EINVAL);
	ext.size = sizeof(ext);
	/* decide()'s errors, nothing written: host mode without information, a type QEMU 10.0 lacks. */
	req.mode = VCPUCHAR_PPC_MODE_HOST;
	ck_assert_int_eq(vcpuchar_ppc_decide_ext(NULL, &req, &res, &ext), -ENODATA);
	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	req.machine = VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM;
	req.qemu_version = VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0);
	ck_assert_int_eq(vcpuchar_ppc_decide_ext(&h, &req, &res, &ext), -ENOENT);
	ck_assert_int_eq(memcmp(&res, &before, sizeof(res)), 0);
	ck_assert_int_eq(memcmp(&ext, &ext_before, sizeof(ext)), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("growth");
	TCase *tc = tcase_create("growth");

	tcase_add_test(tc, older_caller);
	tcase_add_test(tc, same_and_newer_caller);
	tcase_add_test(tc, bad_sizes);
	tcase_add_test(tc, first_sizes);
	tcase_add_test(tc, request_1_0_reads_28_bytes);
	tcase_add_test(tc, decide_ext);
	tcase_add_test(tc, decide_ext_errors);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
