/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The guest CPU under TCG when none is given: the machine type's default
 * CPU (lib/ppc.md#tcg-default-cpu), from the release table with the exact
 * type in qemu_machine, or from the class's type without it. Expectations:
 * tests/data/ppc-tcg-cpu.tsv (the probed profiles of the qemu-releases
 * tier, QEMU hw/ppc/spapr.c), and the start verdict QEMU gives the default
 * CPU (htm off for POWER7, measured on 7.2.22).
 */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

#define ALL_CAPS ((1u << VCPUCHAR_PPC_N_CAPS) - 1)

static uint32_t version(const char *text)
{
	uint32_t v = 0;
	char err[256];

	if (g_str_equal(text, "-"))
		return 0;
	ck_assert_msg(vcpuchar_ppc_qemu_version_parse(text, &v, err, sizeof(err)) == 0, "%s: %s", text, err);
	return v;
}

/* A TCG request in caps mode for @machine's class and the exact type @type (NULL: none). */
static struct vcpuchar_ppc_request tcg(uint32_t qemu_version, const char *machine, const char *type)
{
	struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

	r.accel = VCPUCHAR_ACCEL_TCG;
	r.mode = VCPUCHAR_PPC_MODE_CAPS;
	r.qemu_version = qemu_version;
	if (g_str_equal(machine, "unknown")) {
		r.machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
		r.caps_set = ALL_CAPS; /* its defaults are unknown: all four given */
	} else {
		ck_assert_int_eq(vcpuchar_ppc_machine_parse(machine, &r.machine, NULL, 0), 0);
	}
	r.qemu_machine = type;
	/* Past the table's newest row the default cap-sbbc is unknown (lib/ppc.md#qemu-versions): given. */
	{
		struct vcpuchar_ppc_qemu_release rel = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_release);

		ck_assert_int_eq(vcpuchar_ppc_qemu_release_get(qemu_version, &rel), 0);
		if (rel.unknown_facts & VCPUCHAR_PPC_QEMU_UNKNOWN_SBBC_BROKEN_P8)
			r.caps_set |= 1u << VCPUCHAR_PPC_CAP_SBBC;
	}
	return r;
}

START_TEST(vectors)
{
	struct tsv *t = tsv_open("ppc-tcg-cpu.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *type = tsv_get(t, i, "qemu_machine");
		const char *want = tsv_get(t, i, "expect_cpu");
		bool assumed = g_str_equal(tsv_get(t, i, "expect_basis"), "assumed");
		struct vcpuchar_ppc_request r = tcg(version(tsv_get(t, i, "qemu")), tsv_get(t, i, "machine"),
						    g_str_equal(type, "-") ? NULL : type);
		struct vcpuchar_ppc_guest_cpu gc = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		struct vcpuchar_ppc_migrate_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_migrate_opts);
		struct vcpuchar_ppc_host_migration hm = VCPUCHAR_INIT(struct vcpuchar_ppc_host_migration);
		struct vcpuchar_ppc_host h = test_host(0, 0, 0, 0, 0);
		char err[512] = "x", family[16];
		int rc;

		rc = vcpuchar_ppc_request_cpu(NULL, &r, &gc, err, sizeof(err));
		ck_assert_msg(rc == 0, "%s: %d %s", id, rc, err);
		ck_assert_msg(err[0] == '\0', "%s: err '%s'", id, err);
		snprintf(family, sizeof(family), "power%u", gc.cpu);
		ck_assert_msg(g_str_equal(family, want), "%s: %s, want %s", id, family, want);
		ck_assert_msg(gc.basis == (assumed ? VCPUCHAR_PPC_CPU_BASIS_ASSUMED : VCPUCHAR_PPC_CPU_BASIS_CHECKED),
			      "%s: basis %u", id, gc.basis);
		ck_assert_msg(assumed ? strstr(gc.note, "assumed POWER9") != NULL : gc.note[0] == '\0', "%s: note '%s'",
			      id, gc.note);
		/* The decision is for that CPU, and says so when it was assumed. */
		ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &r, &res), 0);
		ck_assert_msg(!!(res.flags & VCPUCHAR_PPC_RESULT_CPU_ASSUMED) == assumed, "%s: flags 0x%x", id,
			      res.flags);
		/* A migration under TCG names the same CPU (both hosts alike: no host fact counts). */
		o.size = sizeof(o);
		ck_assert_int_eq(vcpuchar_ppc_migrate_hosts_ext(&h, &h, &r, &o, &hm), 0);
		ck_assert_msg(hm.cpu == gc.cpu, "%s: migration's cpu %u, want %u", id, hm.cpu, gc.cpu);
		/* A CPU given wins over the type's default. */
		r.cpu = VCPUCHAR_PPC_CPU_POWER9;
		ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 0), 0);
		ck_assert_uint_eq(gc.cpu, VCPUCHAR_PPC_CPU_POWER9);
		ck_assert_uint_eq(gc.basis, VCPUCHAR_PPC_CPU_BASIS_CHECKED);
	}
	tsv_close(t);
}
END_TEST

/*
 * QEMU 7.2, -M pseries-2.5 under TCG without -cpu: POWER7, whose htm is off
 * (default_caps_with_cpu()): QEMU starts it. With a POWER9 it would ask for
 * htm and refuse, "No Transactional Memory support in TCG".
 */
START_TEST(pseries_2_5_starts)
{
	struct vcpuchar_ppc_request r = tcg(VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0), "pseries-2.5", "pseries-2.5");
	struct vcpuchar_ppc_start st = VCPUCHAR_INIT(struct vcpuchar_ppc_start);

	ck_assert_int_eq(vcpuchar_ppc_start_check_type(NULL, &r, "pseries-2.5", &st), 0);
	ck_assert_uint_eq(st.n_refused, 0);
	ck_assert_uint_eq(st.entries[VCPUCHAR_PPC_START_HTM].level, 0);
	/* The same type named only to the start verdict: its default CPU too. */
	r.qemu_machine = NULL;
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(NULL, &r, "pseries-2.5", &st), 0);
	ck_assert_uint_eq(st.n_refused, 0);
	/* A type of another class than the request's: refused. */
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(NULL, &r, "pseries-2.5", &st), -EINVAL);
	r.machine = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	/* A POWER9 asked for: htm on, refused under TCG. */
	r.cpu = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(NULL, &r, "pseries-2.5", &st), 0);
	ck_assert_uint_eq(st.n_refused, 1);
	ck_assert_uint_eq(st.entries[VCPUCHAR_PPC_START_HTM].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	/* pseries-2.8 to 2.11 start POWER8 with htm on: refused under TCG (the tier reads them with cap-htm=off). */
	r = tcg(VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0), "pseries-2.8", "pseries-2.8");
	ck_assert_int_eq(vcpuchar_ppc_start_check_type(NULL, &r, "pseries-2.8", &st), 0);
	ck_assert_uint_eq(st.entries[VCPUCHAR_PPC_START_HTM].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	/* vcpuchar_ppc_start_check() judges the request's exact type alike. */
	ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &r, &st), 0);
	ck_assert_uint_eq(st.entries[VCPUCHAR_PPC_START_HTM].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
	r = tcg(VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0), "pseries-2.5", "pseries-2.5");
	ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &r, &st), 0);
	ck_assert_uint_eq(st.n_refused, 0);
}
END_TEST

/* qemu_machine without a profile: a type the release has, of the request's class, as the table's parse says. */
START_TEST(exact_type_checked)
{
	struct vcpuchar_ppc_request r = tcg(VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0), "pseries", "pseries-9.0");
	char err[512];

	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), 0);
	/* Another class than @machine. */
	r.qemu_machine = "pseries-4.2";
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "is not the class of qemu_machine 'pseries-4.2'"), "%s", err);
	/* A type the release lacks: the parse's -ENOENT and its message. */
	r = tcg(VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0), "pseries-3.1", "pseries-2.5");
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "'pseries-2.5' is not a machine type of QEMU 10.0"), "%s", err);
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &(struct vcpuchar_ppc_guest_cpu)VCPUCHAR_INIT(
								  struct vcpuchar_ppc_guest_cpu), NULL, 0),
			 -ENOENT);
	/* A downstream type is no type the table checks: a QEMU profile has it. */
	r = tcg(VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0), "unknown", "pseries-rhel9.2.0");
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
	/* Not a type at all. */
	r = tcg(0, "pseries", "q35");
	ck_assert_int_eq(vcpuchar_ppc_request_check(&r, err, sizeof(err)), -EINVAL);
}
END_TEST

/* Under KVM the host's family, as vcpuchar_ppc_host_cpu_ext() gives it; the CPU families under TCG. */
START_TEST(kvm_and_families)
{
	struct vcpuchar_ppc_request r = tcg(VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0), "pseries-3.1", "pseries-2.5");
	struct vcpuchar_ppc_guest_cpu gc = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);
	struct vcpuchar_ppc_host h = test_host(0, 0, 0, 0, 0);
	char err[512];

	/* 7.2 has no power11 model: the families say so; no version given, every family. */
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 0), 0);
	ck_assert_uint_eq(gc.families, 0x780);
	r.qemu_version = 0;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 0), 0);
	ck_assert_uint_eq(gc.families, 0xf80);
	/* KVM on a POWER9 host: the host's POWER9, not the type's POWER7. */
	h.pvr = 0x004e1202;
	r.accel = VCPUCHAR_ACCEL_KVM;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(&h, &r, &gc, NULL, 0), 0);
	ck_assert_uint_eq(gc.cpu, VCPUCHAR_PPC_CPU_POWER9);
	ck_assert_uint_eq(gc.basis, VCPUCHAR_PPC_CPU_BASIS_CHECKED);
	/* A newer CPU than the host's: refused, as vcpuchar_ppc_host_cpu() refuses it. */
	r.cpu = VCPUCHAR_PPC_CPU_POWER10;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(&h, &r, &gc, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "cannot run on this POWER9 host"), "%s", err);
	/* Without host facts under KVM: POWER9 assumed. */
	r.cpu = 0;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 0), 0);
	ck_assert_uint_eq(gc.basis, VCPUCHAR_PPC_CPU_BASIS_ASSUMED);
	/* Bad arguments. */
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, NULL, &gc, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 8), -EINVAL);
	gc.size = 3;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 0), -EINVAL);
	/* The request's own refusal: host mode under TCG. */
	gc.size = sizeof(gc);
	r.accel = VCPUCHAR_ACCEL_TCG;
	r.mode = VCPUCHAR_PPC_MODE_HOST;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "host mode under TCG"), "%s", err);
}
END_TEST

/* A QEMU profile's type: its measured default CPU, as before (tests/data/qemu-7.2-debian12.profile). */
START_TEST(profile_type)
{
	g_autofree char *path = g_build_filename(VCPUCHAR_TEST_DATA, "qemu-7.2-debian12.profile", NULL);
	g_autofree char *text = NULL;
	struct vcpuchar_ppc_qemu_profile *p = NULL;
	struct vcpuchar_ppc_request r = tcg(0, "pseries-3.1", "pseries-2.5");
	struct vcpuchar_ppc_guest_cpu gc = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);
	gsize len;

	ck_assert_msg(g_file_get_contents(path, &text, &len, NULL), "%s", path);
	ck_assert_int_eq(vcpuchar_ppc_qemu_profile_parse(text, len, &p, NULL, 0), 0);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 0), 0);
	ck_assert_uint_eq(gc.cpu, VCPUCHAR_PPC_CPU_POWER7);
	ck_assert_uint_eq(gc.basis, VCPUCHAR_PPC_CPU_BASIS_CHECKED);
	/* The binary's POWER models: power7 to power10. */
	ck_assert_uint_eq(gc.families, 0x780);
	/* A class of unknown types without the exact type: the profile has no type for it, POWER9 assumed. */
	r = tcg(0, "unknown", NULL);
	r.qemu_profile = p;
	ck_assert_int_eq(vcpuchar_ppc_request_cpu(NULL, &r, &gc, NULL, 0), 0);
	ck_assert_uint_eq(gc.cpu, VCPUCHAR_PPC_CPU_POWER9);
	ck_assert_uint_eq(gc.basis, VCPUCHAR_PPC_CPU_BASIS_ASSUMED);
	ck_assert_msg(strstr(gc.note, "QEMU profile's machine type"), "%s", gc.note);
	vcpuchar_ppc_qemu_profile_free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-tcg-cpu");
	TCase *tc = tcase_create("ppc-tcg-cpu");

	tcase_add_test(tc, vectors);
	tcase_add_test(tc, pseries_2_5_starts);
	tcase_add_test(tc, exact_type_checked);
	tcase_add_test(tc, kvm_and_families);
	tcase_add_test(tc, profile_type);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
