/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The fleet's rules around the baseline: architecture, guest CPU (lib/ppc.md#fleet-baseline). */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

/* PVR versions (upper 16 bits) of Linux arch/powerpc/include/asm/reg.h: PVR_POWER7, PVR_POWER8, PVR_POWER9. */
#define PVR_P7 0x003f0201u
#define PVR_P8 0x004d0200u
#define PVR_P9 0x004e1202u

static struct vcpuchar_ppc_host opal(uint32_t pvr, const char *arch)
{
	g_autofree char *p = g_build_filename(VCPUCHAR_PROFILES, "power9-dd2.3-opal.profile", NULL);
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	char err[256] = "";

	ck_assert_msg(vcpuchar_profile_load(p, &h, NULL, err, sizeof(err)) == 0, "%s", err);
	h.pvr = pvr;
	g_strlcpy(h.arch, arch, sizeof(h.arch));
	return h;
}

static int fleet(const struct vcpuchar_ppc_host *const *p, uint32_t n, uint32_t cpu, struct vcpuchar_ppc_baseline *b,
		 uint32_t *got_cpu, uint32_t *bad, char *err, size_t err_size)
{
	return vcpuchar_ppc_fleet_baseline(p, n, cpu, NULL, NULL, b, got_cpu, bad, err, err_size);
}

START_TEST(one_architecture)
{
	struct vcpuchar_ppc_host a = opal(0, ""), b = opal(0, "ppc64le"), c = opal(0, "ppc64"), d = opal(0, "ppc");
	const struct vcpuchar_ppc_host *p[3] = { &a, &b, &c };
	struct vcpuchar_ppc_baseline base = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	uint32_t cpu = 77, bad[2] = { 77, 77 };
	char err[256];

	/* ppc64 and ppc64le are one family; a host naming none matches any. */
	ck_assert_int_eq(fleet(p, 3, 0, &base, &cpu, bad, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");
	ck_assert_uint_eq(base.n_hosts, 3);
	/* No pvr and power8=false: no family, so the assumed POWER9 (vcpuchar_ppc_host_cpu()). */
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER9);
	cpu = 77;
	/* 32-bit ppc is another architecture: compared with the first host that names one. */
	p[2] = &d;
	ck_assert_int_eq(fleet(p, 3, 0, &base, &cpu, bad, err, sizeof(err)), -EXDEV);
	ck_assert_uint_eq(bad[0], 2);
	ck_assert_uint_eq(bad[1], 1);
	ck_assert_str_eq(err, "arch=ppc, but host 1 is arch=ppc64le: a fleet baseline needs hosts of one architecture");
	ck_assert_uint_eq(cpu, 77);
}
END_TEST

START_TEST(guest_cpu)
{
	struct vcpuchar_ppc_host p9 = opal(PVR_P9, "ppc64le"), p8 = opal(PVR_P8, "ppc64le"), p7 = opal(PVR_P7, "ppc64");
	const struct vcpuchar_ppc_host *p[3] = { &p9, &p8, &p7 };
	struct vcpuchar_ppc_baseline plain = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_baseline base = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	uint32_t cpu = 0, bad[2] = { 77, 77 };
	char err[256];

	/* The same words on every host: the plain baseline is the opal host's own levels. */
	ck_assert_int_eq(vcpuchar_ppc_baseline(p, 3, NULL, NULL, &plain), 0);
	ck_assert_uint_eq(plain.caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	/* No guest CPU: the oldest host's family, so that the guests run everywhere. */
	ck_assert_int_eq(fleet(p, 2, 0, &base, &cpu, bad, err, sizeof(err)), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER8);
	ck_assert_caps_eq("power9+power8", base.caps, plain.caps);
	/* A POWER7 host makes the guests POWER7, whose cfpc is broken (no ISA 2.07); the rest stays. */
	ck_assert_int_eq(fleet(p, 3, 0, &base, &cpu, bad, err, sizeof(err)), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER7);
	ck_assert_uint_eq(base.caps.cfpc, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_uint_eq(base.caps.sbbc, plain.caps.sbbc);
	ck_assert_uint_eq(base.caps.ibs, plain.caps.ibs);
	ck_assert_uint_eq(base.caps.ccf_assist, plain.caps.ccf_assist);
	/* The same for a POWER7 guest CPU asked on POWER9 alone. */
	ck_assert_int_eq(fleet(p, 1, VCPUCHAR_PPC_CPU_POWER7, &base, &cpu, bad, err, sizeof(err)), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER7);
	ck_assert_uint_eq(base.caps.cfpc, VCPUCHAR_PPC_LEVEL_BROKEN);
	/* A POWER9 guest is too new for the POWER8 host (second): refused, naming it. */
	cpu = 77;
	ck_assert_int_eq(fleet(p, 2, VCPUCHAR_PPC_CPU_POWER9, &base, &cpu, bad, err, sizeof(err)), -ENOENT);
	ck_assert_uint_eq(bad[0], 1);
	ck_assert_uint_eq(bad[1], 1);
	ck_assert_ptr_nonnull(strstr(err, "POWER8"));
	ck_assert_uint_eq(cpu, 77);
	/* POWER8 runs on both. */
	ck_assert_int_eq(fleet(p, 2, VCPUCHAR_PPC_CPU_POWER8, &base, &cpu, NULL, NULL, 0), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER8);
	ck_assert_uint_eq(base.caps.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
}
END_TEST

START_TEST(bad_arguments)
{
	struct vcpuchar_ppc_host h = opal(0, "ppc64le"), x86 = opal(0, "x86_64");
	const struct vcpuchar_ppc_host *p[2] = { &h, NULL };
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	uint32_t cpu = 0;
	char err[8];

	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(NULL, 1, 0, NULL, NULL, &b, &cpu, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 0, 0, NULL, NULL, &b, &cpu, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 1, 0, NULL, NULL, NULL, &cpu, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 1, 0, NULL, NULL, &b, NULL, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 1, 3, NULL, NULL, &b, &cpu, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 1, 0, NULL, NULL, &b, &cpu, NULL, NULL, 8), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 2, 0, NULL, NULL, &b, &cpu, NULL, err, sizeof(err)), -EINVAL);
	p[1] = &x86;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 2, 0, NULL, NULL, &b, &cpu, NULL, err, sizeof(err)), -EINVAL);
	b.size = 4;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline(p, 1, 0, NULL, NULL, &b, &cpu, NULL, NULL, 0), -EINVAL);
	ck_assert_uint_eq(cpu, 0);
}
END_TEST

/*
 * The fleet's warnings (lib/ppc.md#fleet-baseline): the QEMU fixed-na
 * abort is the caps' own, said once in [0] without a host, and not again
 * for each host; a NULL argument or a bad size is refused with @ret
 * unchanged.
 */
START_TEST(fleet_warnings)
{
	struct vcpuchar_ppc_host p9 = opal(PVR_P9, "ppc64le"), p8 = opal(PVR_P8, "ppc64le");
	const struct vcpuchar_ppc_host *p[2] = { &p9, &p8 };
	struct vcpuchar_ppc_warnings w0 = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_warnings w1 = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_warnings w2 = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_warnings *ret[3] = { &w0, &w1, &w2 };
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_caps c = { VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND,
				       VCPUCHAR_PPC_LEVEL_FIXED_NA, VCPUCHAR_PPC_LEVEL_ON };
	const uint32_t na = 1u << VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT;
	int n;

	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	r.cpu = VCPUCHAR_PPC_CPU_POWER8;
	n = vcpuchar_ppc_fleet_warnings(p, 2, &r, &c, ret);
	ck_assert_int_ge(n, 1);
	ck_assert_int_eq(n, (int)(w0.n_entries + w1.n_entries + w2.n_entries));
	ck_assert_uint_eq(w0.codes & na, na);
	ck_assert_uint_ge(w0.n_entries, 1);
	ck_assert_uint_eq(w0.entries[0].code, VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT);
	ck_assert_uint_eq(w1.codes & na, 0);
	ck_assert_uint_eq(w2.codes & na, 0);
	for (uint32_t k = 0; k < w1.n_entries; k++)
		ck_assert_uint_ne(w1.entries[k].code, VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT);
	/* ibs workaround: nothing for the caps alone. */
	c.ibs = VCPUCHAR_PPC_LEVEL_WORKAROUND;
	ck_assert_int_ge(vcpuchar_ppc_fleet_warnings(p, 2, &r, &c, ret), 0);
	ck_assert_uint_eq(w0.n_entries, 0);
	ck_assert_uint_eq(w0.codes, 0);

	/* Refused, @ret unchanged. */
	w0.n_entries = 77;
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(NULL, 2, &r, &c, ret), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 0, &r, &c, ret), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 2, NULL, &c, ret), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 2, &r, NULL, ret), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 2, &r, &c, NULL), -EINVAL);
	ret[2] = NULL;
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 2, &r, &c, ret), -EINVAL);
	ret[2] = &w2;
	w2.size = 3;
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 2, &r, &c, ret), -EINVAL);
	w2.size = sizeof(w2);
	p[1] = NULL;
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 2, &r, &c, ret), -EINVAL);
	r.size = 3;
	p[1] = &p8;
	ck_assert_int_eq(vcpuchar_ppc_fleet_warnings(p, 2, &r, &c, ret), -EINVAL);
	ck_assert_uint_eq(w0.n_entries, 77);
}
END_TEST

/* Options: NULL opts are the plain baseline; flags and reserved must be 0. */
START_TEST(fleet_opts)
{
	struct vcpuchar_ppc_host p9 = opal(PVR_P9, "ppc64le"), p8 = opal(PVR_P8, "ppc64le");
	const struct vcpuchar_ppc_host *p[2] = { &p9, &p8 };
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_fleet_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);
	uint32_t cpu = 0;

	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 2, NULL, &b, &cpu), 0);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER8);
	ck_assert_uint_eq(b.n_hosts, 2);
	o.flags = 1;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 2, &o, &b, &cpu), -EINVAL);
	o.flags = 0;
	o.size = 3;
	ck_assert_int_eq(vcpuchar_ppc_fleet_baseline_ext(p, 2, &o, &b, &cpu), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-fleet");
	TCase *tc = tcase_create("fleet");

	tcase_add_test(tc, one_architecture);
	tcase_add_test(tc, guest_cpu);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, fleet_warnings);
	tcase_add_test(tc, fleet_opts);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
