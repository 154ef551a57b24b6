/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* A guest decided on one host and migrated to another (lib/ppc.md#migration-between-hosts). */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

static struct vcpuchar_ppc_host profile(const char *name)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	g_autofree char *file = g_strconcat(name, ".profile", NULL);
	g_autofree char *path = g_build_filename(VCPUCHAR_PROFILES, file, NULL);
	char err[512];

	ck_assert_msg(vcpuchar_profile_load(path, &h, NULL, err, sizeof(err)) == 0, "%s: %s", name, err);
	return h;
}

/* Words of tests/data/ppc-host-levels.tsv row hl-e2e-wa with a PVR of the given family. */
static struct vcpuchar_ppc_host with_pvr(uint32_t pvr)
{
	struct vcpuchar_ppc_host h = test_host(0xbc00000000000000, 0xe400000000000000, 0xff40000000000000,
					       0xe400000000000000, (pvr >> 16) == 0x004d);

	h.pvr = pvr;
	return h;
}

/* tests/data/ppc-migrate-hosts.tsv: the verdict, QEMU's error texts in order, the warning count. */
START_TEST(vectors)
{
	struct tsv *t = tsv_open("ppc-migrate-hosts.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *caps = tsv_get(t, i, "caps");
		struct vcpuchar_ppc_host a = profile(tsv_get(t, i, "src")), b = profile(tsv_get(t, i, "dst"));
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result ra = TEST_OUT(struct vcpuchar_ppc_result);
		struct vcpuchar_ppc_result alone = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		struct vcpuchar_ppc_host_migration m = TEST_OUT(struct vcpuchar_ppc_host_migration);
		g_auto(GStrv) want = g_strsplit(tsv_get(t, i, "expect_errors"), ";", -1);
		guint n_want = g_str_equal(want[0], "none") ? 0 : g_strv_length(want), k = 0;
		char err[256];

		req.mode = g_str_equal(tsv_get(t, i, "mode"), "caps") ? VCPUCHAR_PPC_MODE_CAPS
								      : VCPUCHAR_PPC_MODE_HOST_MAX;
		if (!g_str_equal(caps, "-"))
			ck_assert(vcpuchar_ppc_caps_parse(caps, &req.caps, &req.caps_set, NULL, 0) == 0);
		ck_assert_msg(vcpuchar_ppc_migrate_hosts(&a, &b, &req, &ra, &m, err, sizeof(err)) == 0, "%s: %s", id,
			      err);
		ck_assert_msg(m.ok == tsv_u64(t, i, "expect_ok", NULL), "%s: ok %u", id, m.ok);
		ck_assert_msg(m.n_errors == n_want, "%s: %u errors", id, m.n_errors);
		ck_assert_msg(m.n_warnings == tsv_u64(t, i, "expect_warnings", NULL), "%s: %u warnings", id,
			      m.n_warnings);
		ck_assert_msg(m.n_entries == m.n_errors + m.n_warnings, "%s: counts", id);
		for (uint32_t e = 0; e < m.n_entries; e++)
			if (m.entries[e].severity == VCPUCHAR_SEVERITY_ERROR) {
				ck_assert_msg(strstr(m.entries[e].message, want[k]), "%s: error %u '%s'", id, k,
					      m.entries[e].message);
				k++;
			}
		/* The source's decision is the one vcpuchar_ppc_decide() gives there, and the guest keeps its R4/R5. */
		ck_assert(vcpuchar_ppc_decide(&a, &req, &alone) == 0);
		ck_assert_msg(ra.r4 == alone.r4 && ra.r5 == alone.r5 && m.r4 == alone.r4 && m.r5 == alone.r5,
			      "%s: r4/r5", id);
		ck_assert_str_eq(ra.guest_view.spectre_v2, alone.guest_view.spectre_v2);
		ck_assert_msg(m.cpu == VCPUCHAR_PPC_CPU_POWER9, "%s: cpu %u (the bundled profiles carry no pvr)", id,
			      m.cpu);
		ck_assert(vcpuchar_ppc_host_levels(&b, &alone.host_caps) >= 0);
		ck_assert_msg(!memcmp(&m.dst_host_caps, &alone.host_caps, sizeof(alone.host_caps)), "%s: dst levels",
			      id);
	}
	tsv_close(t);
}
END_TEST

/* ibs=fixed-na runs as broken (the paste line's spelling), the same R4/R5: no warning on a fixed-na destination. */
START_TEST(fixed_na_pasted)
{
	struct vcpuchar_ppc_host a = profile("power10-nested-hv-qemu-fixed-na");
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result ra = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_host_migration m = TEST_OUT(struct vcpuchar_ppc_host_migration);

	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &a, &req, &ra, &m, NULL, 0), 0);
	ck_assert_uint_eq(ra.effective_caps.ibs, VCPUCHAR_PPC_LEVEL_FIXED_NA);
	ck_assert_uint_eq(m.run_caps.ibs, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_uint_eq(m.dst_host_caps.ibs, VCPUCHAR_PPC_LEVEL_FIXED_NA);
	ck_assert_msg(m.ok && m.n_entries == 0, "ok %u, %u entries", m.ok, m.n_entries);
}
END_TEST

/* lib/ppc.md#guest-cpu: the source's family unless given; it must run on both hosts under KVM. */
START_TEST(guest_cpu)
{
	struct vcpuchar_ppc_host p8 = with_pvr(0x004d0200), p9 = with_pvr(0x004e1202), p10 = with_pvr(0x00800200);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result ra = TEST_OUT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_host_migration m = TEST_OUT(struct vcpuchar_ppc_host_migration);

	/* POWER10's own CPU cannot land on POWER9: refused at the destination, nothing decided. */
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&p10, &p9, &req, &ra, &m, NULL, 0), 0);
	ck_assert_msg(!m.ok && m.n_entries == 1 && m.n_errors == 1, "ok %u, %u entries", m.ok, m.n_entries);
	ck_assert_uint_eq(m.entries[0].where, VCPUCHAR_PPC_AT_DESTINATION);
	ck_assert_uint_eq(m.entries[0].cap, VCPUCHAR_PPC_CAP_GUEST_CPU);
	ck_assert_msg(strstr(m.entries[0].message, "POWER10 guest CPU cannot run on this POWER9 host"), "'%s'",
		      m.entries[0].message);
	ck_assert_uint_eq(ra.n_conflicts, TEST_GARBAGE_U32);
	/* Given POWER9: both hosts refuse on a POWER8 pair, each named. */
	req.cpu = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&p8, &p8, &req, NULL, &m, NULL, 0), 0);
	ck_assert_msg(m.n_errors == 2 && m.entries[0].where == VCPUCHAR_PPC_AT_SOURCE &&
			      m.entries[1].where == VCPUCHAR_PPC_AT_DESTINATION,
		      "%u errors", m.n_errors);
	/* A POWER9 guest from POWER9 to POWER10 runs there in a compatibility mode. */
	req.cpu = 0;
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&p9, &p10, &req, &ra, &m, NULL, 0), 0);
	ck_assert_msg(m.ok && m.cpu == VCPUCHAR_PPC_CPU_POWER9, "ok %u cpu %u", m.ok, m.cpu);
	ck_assert_str_eq(ra.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (eieio)");
	/* POWER8's own CPU: the guest is told hwsync. */
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&p8, &p10, &req, &ra, &m, NULL, 0), 0);
	ck_assert_msg(m.ok && m.cpu == VCPUCHAR_PPC_CPU_POWER8, "ok %u cpu %u", m.ok, m.cpu);
	ck_assert_str_eq(ra.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (hwsync)");
	/* Under TCG the host CPU runs nothing: no refusal. */
	req.accel = VCPUCHAR_ACCEL_TCG;
	req.cpu = VCPUCHAR_PPC_CPU_POWER11;
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&p8, &p8, &req, &ra, &m, NULL, 0), 0);
	for (uint32_t e = 0; e < m.n_entries; e++)
		ck_assert_uint_ne(m.entries[e].cap, VCPUCHAR_PPC_CAP_GUEST_CPU);
	ck_assert_uint_eq(m.cpu, VCPUCHAR_PPC_CPU_POWER11);
}
END_TEST

/*
 * A request the decision refuses is refused before the guest CPU is
 * judged: a POWER10 guest on POWER9 hosts used to skip the decision, and
 * with it every check of the request.
 */
START_TEST(request_checked_first)
{
	struct vcpuchar_ppc_host a = with_pvr(0x004e1202), b = with_pvr(0x004e1202);
	struct vcpuchar_ppc_host_migration m = TEST_OUT(struct vcpuchar_ppc_host_migration), before = m;
	static const struct {
		uint32_t machine, mode, qemu_version, caps_set;
		int ret;
		const char *says;
	} rows[] = {
		{ VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, 0, 0, 0, -EINVAL, "all four caps are needed" },
		{ 99, 0, 0, 0, -EINVAL, "machine 99" },
		{ 0, 7, 0, 0, -EINVAL, "mode 7" },
		{ 0, 0, 5, 0, -EINVAL, "qemu_version 5" },
		{ VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, 0, VCPUCHAR_PPC_QEMU_VERSION(11, 1, 0), 0, -ENOENT,
		  "QEMU 11.1 has no machine type of pseries-2.12-sxxm" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		char err[256] = "", why[256] = "";

		req.cpu = VCPUCHAR_PPC_CPU_POWER10; /* newer than both hosts */
		req.machine = rows[i].machine;
		req.mode = rows[i].mode;
		req.qemu_version = rows[i].qemu_version;
		req.caps_set = rows[i].caps_set;
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), rows[i].ret);
		ck_assert_msg(strstr(err, rows[i].says), "row %zu: %s", i, err);
		ck_assert_mem_eq(&m, &before, sizeof(m));
		/* The same reason from the request check. */
		ck_assert_int_eq(vcpuchar_ppc_request_check(&req, why, sizeof(why)), rows[i].ret);
		ck_assert_str_eq(why, err);
	}
}
END_TEST

START_TEST(bad_args)
{
	struct vcpuchar_ppc_host a = with_pvr(0x004e1202), b = with_pvr(0x004e1202);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_host_migration m = TEST_OUT(struct vcpuchar_ppc_host_migration);
	char err[256];

	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(NULL, &b, &req, NULL, &m, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, NULL, &req, NULL, &m, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, NULL, NULL, &m, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, NULL, 8), -EINVAL);
	{
		struct vcpuchar_ppc_host small = a;
		struct vcpuchar_ppc_request rsmall = req;
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		struct vcpuchar_ppc_host_migration msmall = m;

		small.size = 4;
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&small, &b, &req, NULL, &m, NULL, 0), -EINVAL);
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &small, &req, NULL, &m, NULL, 0), -EINVAL);
		rsmall.size = 4;
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &rsmall, NULL, &m, NULL, 0), -EINVAL);
		msmall.size = 4;
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &msmall, NULL, 0), -EINVAL);
		res.size = 4;
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, &res, &m, NULL, 0), -EINVAL);
	}
	req.cpu = 12;
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, NULL, 0), -EINVAL);
	req.cpu = 0;
	req.mode = VCPUCHAR_PPC_MODE_HOST;
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "not migratable"), "'%s'", err);
	req.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	/* A machine type the target QEMU lacks: pseries-2.12-sxxm is gone from QEMU 10.0 (lib/ppc.md#qemu-versions). */
	req.machine = VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM;
	req.qemu_version = 100000;
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), -ENOENT);
	ck_assert_msg(*err, "no message");
	req.machine = 0;
	req.qemu_version = 0;
	/* ppc64 and ppc64le are one architecture; another is refused, both named. */
	g_strlcpy(a.arch, "ppc64", sizeof(a.arch));
	g_strlcpy(b.arch, "ppc64le", sizeof(b.arch));
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");
	m = TEST_OUT(struct vcpuchar_ppc_host_migration);
	g_strlcpy(b.arch, "x86_64", sizeof(b.arch));
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "arch=x86_64") && strstr(err, "arch=ppc64"), "'%s'", err);
	ck_assert_uint_eq(m.ok, TEST_GARBAGE_U32);
	/* Two hosts of one arch that is not POWER: refused, the arch named. */
	g_strlcpy(a.arch, "x86_64", sizeof(a.arch));
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "arch=x86_64") && strstr(err, "POWER"), "'%s'", err);
	ck_assert_uint_eq(m.ok, TEST_GARBAGE_U32);
	g_strlcpy(a.arch, "ppc64", sizeof(a.arch));
	/* 32-bit ppc is another target than ppc64; the same name matches; an unknown arch matches anything. */
	g_strlcpy(b.arch, "ppc", sizeof(b.arch));
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), -EINVAL);
	g_strlcpy(a.arch, "ppc", sizeof(a.arch));
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), 0);
	a.arch[0] = '\0';
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&a, &b, &req, NULL, &m, err, sizeof(err)), 0);
	ck_assert_int_eq(vcpuchar_ppc_migrate_hosts(&b, &a, &req, NULL, &m, err, sizeof(err)), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-migrate-hosts");
	TCase *tc = tcase_create("ppc-migrate-hosts");

	tcase_add_test(tc, vectors);
	tcase_add_test(tc, fixed_na_pasted);
	tcase_add_test(tc, guest_cpu);
	tcase_add_test(tc, bad_args);
	tcase_add_test(tc, request_checked_first);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
