/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The edges of the calling contract (include/vcpuchar/common.h, conventions):
 * facts whose error fields no describe text can negate, caller-filled
 * fixed-size strings without a NUL, empty input given as NULL, and the
 * size field of every size-checked struct.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "test-common.h"

#include <vcpuchar.h>

START_TEST(ppc_error_int_min)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_caps caps;
	char buf[256];

	h.source = VCPUCHAR_SOURCE_CALLER;
	/* -INT32_MIN does not exist: such facts are a caller's bug, not an errno. */
	h.error = INT32_MIN;
	ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, buf, sizeof(buf)), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &caps), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req, &res), -EINVAL);
	h.error = -4096;
	ck_assert_int_eq(vcpuchar_ppc_host_describe(&h, buf, sizeof(buf)), -EINVAL);
	/* The edge of the kernel's errno range still describes. */
	h.error = -4095;
	ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "4095"));
}
END_TEST

START_TEST(x86_error_int_min)
{
	struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	char buf[256];

	h.source = VCPUCHAR_SOURCE_CALLER;
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++) {
		h.error[f] = INT32_MIN;
		ck_assert_int_eq(vcpuchar_x86_host_describe(&h, f, buf, sizeof(buf)), -EINVAL);
		ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
		h.error[f] = -4096;
		ck_assert_int_eq(vcpuchar_x86_host_describe(&h, f, buf, sizeof(buf)), -EINVAL);
		h.error[f] = -4095;
		ck_assert_int_gt(vcpuchar_x86_host_describe(&h, f, buf, sizeof(buf)), 0);
		ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
		h.error[f] = 0;
	}
}
END_TEST

START_TEST(x86_kernel_release_unterminated)
{
	struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	char buf[256], want[sizeof(h.kernel_release) + 1];

	h.source = VCPUCHAR_SOURCE_CALLER;
	h.have = 1u << VCPUCHAR_X86_FACT_KERNEL_RELEASE;
	/* Full, no NUL. Reserved bytes other than zero are refused (since 1.2): a later release may use them. */
	memset(h.kernel_release, 'x', sizeof(h.kernel_release));
	memset(h.reserved1, 'Y', sizeof(h.reserved1));
	ck_assert_int_eq(vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_KERNEL_RELEASE, buf, sizeof(buf)), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
	memset(h.reserved1, 0, sizeof(h.reserved1));
	h.reserved0 = 1;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
	h.reserved0 = 0;
	ck_assert_int_gt(vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_KERNEL_RELEASE, buf, sizeof(buf)), 0);
	memset(want, 'x', sizeof(h.kernel_release));
	want[sizeof(h.kernel_release)] = '\0';
	ck_assert_msg(strstr(buf, want), "kernel_release cut: %s", buf);
	/* Digits to the end: the version parser must stop at the array's end (ASan sees it). */
	memset(h.kernel_release, '0', sizeof(h.kernel_release));
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
}
END_TEST

/* The POWER host's reserved bytes are zero too: decide, hcall and describe refuse others. */
START_TEST(ppc_reserved_refused)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	uint64_t r4, r5;

	h.source = VCPUCHAR_SOURCE_CALLER;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req, &res), 0);
	h.reserved[6] = 1;
	ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req, &res), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_to_hcall(&h, &r4, &r5), -EINVAL);
}
END_TEST

START_TEST(profile_load_data_null_empty)
{
	struct vcpuchar_ppc_host ppc = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host x86 = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	char err[128] = "";

	/* Allowed by the contract; memchr(NULL, 0, 0) is not (UBSan nonnull-attribute). */
	ck_assert_msg(vcpuchar_profile_load_data(NULL, 0, &ppc, &x86, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(ppc.valid, 0);
	ck_assert_int_eq(x86.have, 0);
	ck_assert_int_eq(vcpuchar_profile_load_data(NULL, 1, &ppc, &x86, err, sizeof(err)), -EINVAL);
}
END_TEST

/*
 * A struct @extra bytes bigger than this library knows, zero tail, in a
 * zeroed buffer; the first @known bytes copied from @proto.
 */
static void *grown(const void *proto, size_t known, size_t extra)
{
	unsigned char *p = g_malloc0(known + extra + 64);
	uint32_t size = (uint32_t)(known + extra);

	memcpy(p, proto, known);
	memcpy(p, &size, sizeof(size));
	return p;
}

/* Both sides of the edge for every struct with a size, through a call that checks it. */
START_TEST(size_edge)
{
	const size_t max = VCPUCHAR_SIZE_GROWTH_MAX;
	struct vcpuchar_probe_opts opts = VCPUCHAR_INIT(struct vcpuchar_probe_opts);
	struct vcpuchar_ppc_host ph = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_migration mig = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
	struct vcpuchar_ppc_caps caps = { 0 };
	struct vcpuchar_x86_host xh = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy pol = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_vcpu_stats st = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	char buf[64];

	for (int over = 0; over <= 1; over++) {
		size_t extra = max + (size_t)over;
		int bad = over ? -EINVAL : 0;
		g_autofree void *o = grown(&opts, sizeof(opts), extra);
		g_autofree void *p = grown(&ph, sizeof(ph), extra);
		g_autofree void *q = grown(&req, sizeof(req), extra);
		g_autofree void *r = grown(&res, sizeof(res), extra);
		g_autofree void *m = grown(&mig, sizeof(mig), extra);
		g_autofree void *x = grown(&xh, sizeof(xh), extra);
		g_autofree void *v = grown(&vm, sizeof(vm), extra);
		g_autofree void *l = grown(&pol, sizeof(pol), extra);
		g_autofree void *s = grown(&st, sizeof(st), extra);

		/* With good opts the probe fails on the fd (-EBADF), not the size. */
		ck_assert_int_eq(vcpuchar_x86_host_probe(-1, o, &xh), over ? -EINVAL : -EBADF);
		ck_assert_int_eq(vcpuchar_ppc_host_describe(p, buf, sizeof(buf)) > 0 ? 0 : -EINVAL, bad);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, q, &res), bad);
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &req, r), bad);
		ck_assert_int_eq(vcpuchar_ppc_migration_check(&caps, &caps, m), bad);
		ck_assert_int_eq(vcpuchar_x86_host_describe(x, 0, buf, sizeof(buf)) > 0 ? 0 : -EINVAL, bad);
		ck_assert_int_eq(vcpuchar_x86_decide(&xh, v, &pol), bad);
		ck_assert_int_eq(vcpuchar_x86_decide(&xh, &vm, l), bad);
		ck_assert_int_eq(vcpuchar_x86_vcpu_stats_read(-1, s), over ? -EINVAL : -EBADF);
		ck_assert_int_eq(vcpuchar_profile_load_data("", 0, p, x, NULL, 0), bad);
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("contract");
	TCase *tc = tcase_create("contract");

	tcase_add_test(tc, ppc_error_int_min);
	tcase_add_test(tc, x86_error_int_min);
	tcase_add_test(tc, x86_kernel_release_unterminated);
	tcase_add_test(tc, profile_load_data_null_empty);
	tcase_add_test(tc, ppc_reserved_refused);
	tcase_add_test(tc, size_edge);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
