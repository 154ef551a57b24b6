/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The guest CPU a host runs (lib/ppc.md#guest-cpu): with none given, QEMU
 * under KVM gives the host's own family (target/ppc/kvm.c
 * kvm_ppc_register_host_cpu_type()); a newer one KVM-HV cannot run (Linux
 * arch/powerpc/kvm/book3s_hv.c kvmppc_set_arch_compat()).
 */
#include <errno.h>
#include <string.h>

#include "ppc-host-words.h"
#include "test-ppc-util.h"

/* A host with information (POWER9 DD2.3 OPAL words) and the given PVR. */
static struct vcpuchar_ppc_host host_pvr(uint32_t pvr, uint32_t p8)
{
	struct vcpuchar_ppc_host h =
		test_host(0xa000000000000000, 0xe400000000000000, 0xf940000000000000, 0xe400000000000000, p8);

	h.pvr = pvr;
	return h;
}

/* PVR version to the guest CPU QEMU gives by default, written out from QEMU target/ppc/cpu-models.h. */
START_TEST(default_is_the_host_family)
{
	static const struct {
		uint32_t pvr, p8, cpu;
	} rows[] = {
		{ 0x003f0201, 0, VCPUCHAR_PPC_CPU_POWER7 },
		{ 0x004a0201, 0, VCPUCHAR_PPC_CPU_POWER7 },
		{ 0x004b0201, 1, VCPUCHAR_PPC_CPU_POWER8 },
		{ 0x004c0100, 1, VCPUCHAR_PPC_CPU_POWER8 },
		{ 0x004d0200, 1, VCPUCHAR_PPC_CPU_POWER8 },
		{ 0x004e1202, 0, VCPUCHAR_PPC_CPU_POWER9 },
		{ 0x00800200, 0, VCPUCHAR_PPC_CPU_POWER10 },
		{ 0x00820200, 0, VCPUCHAR_PPC_CPU_POWER11 },
		/* The POWER8 flag alone (--power8-host, a profile without pvr). */
		{ 0, 1, VCPUCHAR_PPC_CPU_POWER8 },
	};
	char note[256];

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_host h = host_pvr(rows[i].pvr, rows[i].p8);
		uint32_t cpu = 99;

		ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, 0, &cpu, note, sizeof(note)), 0);
		ck_assert_uint_eq(cpu, rows[i].cpu);
		ck_assert_str_eq(note, "");
	}
}
END_TEST

START_TEST(no_cpu_information_assumes_power9)
{
	struct vcpuchar_ppc_host h = host_pvr(0, 0), odd = host_pvr(0x12340000, 0);
	uint32_t cpu = 0;
	char note[256];

	ck_assert_int_eq(vcpuchar_ppc_host_cpu(NULL, 0, &cpu, note, sizeof(note)), 1);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER9);
	ck_assert_ptr_nonnull(strstr(note, "assumed POWER9"));
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, 0, &cpu, note, sizeof(note)), 1);
	ck_assert_ptr_nonnull(strstr(note, "no pvr"));
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&odd, 0, &cpu, note, sizeof(note)), 1);
	ck_assert_ptr_nonnull(strstr(note, "0x12340000"));
	/* Given explicitly, nothing is assumed, but facts without a CPU cannot check it: 2, and a note. */
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, VCPUCHAR_PPC_CPU_POWER10, &cpu, note, sizeof(note)), 2);
	ck_assert_uint_eq(cpu, VCPUCHAR_PPC_CPU_POWER10);
	ck_assert_ptr_nonnull(strstr(note, "whether a POWER10 guest CPU runs there is not checked"));
	/* With no facts at all (TCG, or no host) there is nothing to check against. */
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(NULL, VCPUCHAR_PPC_CPU_POWER11, &cpu, note, sizeof(note)), 0);
	ck_assert_str_eq(note, "");
	/* Decide does not call the caller's CPU assumed. */
	{
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

		req.cpu = VCPUCHAR_PPC_CPU_POWER10;
		ck_assert_int_eq(vcpuchar_ppc_decide(&h, &req, &res), 0);
		ck_assert(!(res.flags & VCPUCHAR_PPC_RESULT_CPU_ASSUMED));
	}
}
END_TEST

START_TEST(newer_than_the_host_is_refused)
{
	static const struct {
		uint32_t pvr, p8, cpu;
		const char *name;
	} rows[] = {
		{ 0x004d0200, 1, VCPUCHAR_PPC_CPU_POWER9, "POWER8 host (pvr 0x004d0200)" },
		{ 0, 1, VCPUCHAR_PPC_CPU_POWER10, "POWER8-family host (power8 flag)" },
		{ 0x004e1202, 0, VCPUCHAR_PPC_CPU_POWER10, "POWER9 host (pvr 0x004e1202)" },
		{ 0x00800200, 0, VCPUCHAR_PPC_CPU_POWER11, "POWER10 host (pvr 0x00800200)" },
	};
	char err[256], want[32];

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_host h = host_pvr(rows[i].pvr, rows[i].p8);
		uint32_t cpu = 77;

		ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, rows[i].cpu, &cpu, err, sizeof(err)), -ENOENT);
		ck_assert_uint_eq(cpu, 77);
		snprintf(want, sizeof(want), "a POWER%u guest CPU", rows[i].cpu);
		ck_assert_msg(strstr(err, want) && strstr(err, rows[i].name), "%s", err);
	}
	/* The host's own generation and older run (compatibility modes). */
	for (uint32_t c = VCPUCHAR_PPC_CPU_POWER7; c <= VCPUCHAR_PPC_CPU_POWER10; c++) {
		struct vcpuchar_ppc_host h = host_pvr(0x00800200, 0);
		uint32_t cpu = 0;

		ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, c, &cpu, NULL, 0), 0);
		ck_assert_uint_eq(cpu, c);
	}
}
END_TEST

START_TEST(bad_args)
{
	struct vcpuchar_ppc_host h = host_pvr(0, 0);
	uint32_t cpu;

	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, 0, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, 12, &cpu, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, 6, &cpu, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, 0, &cpu, NULL, 4), -EINVAL);
	h.size = 3;
	ck_assert_int_eq(vcpuchar_ppc_host_cpu(&h, 0, &cpu, NULL, 0), -EINVAL);
}
END_TEST

/* decide() of @h and @req, which must succeed; the result's CPU_ASSUMED flag. */
static uint32_t assumed(const struct vcpuchar_ppc_host *h, const struct vcpuchar_ppc_request *req,
			struct vcpuchar_ppc_result *res)
{
	ck_assert_int_eq(vcpuchar_ppc_decide(h, req, res), 0);
	return res->flags & VCPUCHAR_PPC_RESULT_CPU_ASSUMED;
}

/* decide() on a POWER8 host without a guest CPU predicts the POWER8 guest, as the CLI always did. */
START_TEST(decide_power8_host_predicts_power8)
{
	struct vcpuchar_ppc_host pvr = host_pvr(0x004d0200, 1), flag = host_pvr(0, 1);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

	ck_assert_uint_eq(assumed(&pvr, &req, &res), 0);
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (hwsync)");
	ck_assert_int_eq(vcpuchar_ppc_decide(&flag, &req, &res), 0);
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (hwsync)");
	/* Under TCG the host CPU does not run the guest: the type's default, pseries-7.2's POWER9 (lib/ppc.md#tcg-default-cpu). */
	req.accel = VCPUCHAR_ACCEL_TCG;
	ck_assert_uint_eq(assumed(&pvr, &req, &res), 0);
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (eieio)");
}
END_TEST

START_TEST(decide_says_when_power9_is_assumed)
{
	struct vcpuchar_ppc_host h = host_pvr(0, 0), p9 = host_pvr(0x004e1202, 0);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

	ck_assert_uint_eq(assumed(&h, &req, &res), VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	ck_assert_uint_eq(assumed(NULL, &req, &res), VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	ck_assert_uint_eq(assumed(&p9, &req, &res), 0);
	req.cpu = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_uint_eq(assumed(&h, &req, &res), 0);
}
END_TEST

/* decide() and the warnings refuse a guest CPU newer than the host, and leave @ret alone. */
START_TEST(decide_refuses_newer_cpu)
{
	struct vcpuchar_ppc_host p9 = host_pvr(0x004e1202, 0), p10 = host_pvr(0x00800200, 0);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	/* After the POWER10 guest on the POWER9 host: decide()'s answer per host, guest CPU and accelerator. */
	const struct {
		const struct vcpuchar_ppc_host *host;
		uint32_t cpu, accel;
		int want;
	} rows[] = {
		{ &p10, VCPUCHAR_PPC_CPU_POWER10, VCPUCHAR_ACCEL_KVM, 0 },
		{ &p10, VCPUCHAR_PPC_CPU_POWER11, VCPUCHAR_ACCEL_KVM, -ENOENT },
		/* Under TCG QEMU emulates any CPU. */
		{ &p9, VCPUCHAR_PPC_CPU_POWER11, VCPUCHAR_ACCEL_TCG, 0 },
	};

	req.cpu = VCPUCHAR_PPC_CPU_POWER10;
	res.flags = 0xdead;
	ck_assert_int_eq(vcpuchar_ppc_decide(&p9, &req, &res), -ENOENT);
	ck_assert_uint_eq(res.flags, 0xdead);
	ck_assert_int_eq(vcpuchar_ppc_warnings_check(&p9, &req, &w), -ENOENT);
	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		req.cpu = rows[i].cpu;
		req.accel = rows[i].accel;
		ck_assert_msg(vcpuchar_ppc_decide(rows[i].host, &req, &res) == rows[i].want, "row %zu", i);
	}
}
END_TEST

/* The set of guest CPUs: POWER7 up to the family, and exactly the CPUs vcpuchar_ppc_host_cpu() accepts. */
START_TEST(host_cpus_up_to_the_family)
{
	static const struct {
		uint32_t pvr, p8, want;
		int r;
	} rows[] = {
		{ 0x003f0201, 0, 0x080, 0 }, /* POWER7: itself */
		{ 0x004d0200, 1, 0x180, 0 }, /* POWER8: POWER7 and 8 */
		{ 0, 1, 0x180, 0 },	     /* the POWER8 flag alone */
		{ 0x004e1202, 0, 0x380, 0 }, /* POWER9: 7, 8, 9 */
		{ 0x00800200, 0, 0x780, 0 }, /* POWER10: 7 to 10, not 11 */
		{ 0x00820200, 0, 0xf80, 0 }, /* POWER11: 7 to 11 */
		{ 0, 0, 0xf80, 1 },	     /* no CPU named: all, said by 1 */
		{ 0x12345678, 0, 0xf80, 1 }, /* a PVR of no known family likewise */
	};

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_host h = host_pvr(rows[i].pvr, rows[i].p8);
		uint32_t set = TEST_GARBAGE_U32, got;

		ck_assert_int_eq(vcpuchar_ppc_host_cpus(&h, &set), rows[i].r);
		ck_assert_msg(set == rows[i].want, "row %zu: 0x%x, want 0x%x", i, set, rows[i].want);
		for (uint32_t cpu = VCPUCHAR_PPC_CPU_POWER7; cpu <= VCPUCHAR_PPC_CPU_POWER11; cpu++) {
			int r = vcpuchar_ppc_host_cpu(&h, cpu, &got, NULL, 0);

			ck_assert_msg((r >= 0) == !!(set & (1u << cpu)), "row %zu: POWER%u: host_cpu %d", i, cpu, r);
		}
	}
	ck_assert_int_eq(vcpuchar_ppc_host_cpus(NULL, &(uint32_t){ 0 }), 1);
	ck_assert_int_eq(vcpuchar_ppc_host_cpus(NULL, NULL), -EINVAL);
	{
		struct vcpuchar_ppc_host bad = host_pvr(0, 0);
		uint32_t set = TEST_GARBAGE_U32;

		bad.size = 4;
		ck_assert_int_eq(vcpuchar_ppc_host_cpus(&bad, &set), -EINVAL);
		ck_assert_uint_eq(set, TEST_GARBAGE_U32);
	}
}
END_TEST

/*
 * -machine max-cpu-compat above the guest CPU: QEMU refuses to start with
 * "Compatibility PVR 0x0f00000N not valid for CPU"; every lower level starts.
 * Measured with "-M pseries,max-cpu-compat=X -cpu Y -accel tcg -S" on QEMU
 * 7.2.22, 10.0.13 and 11.1.3 for every X and Y of power7 to power11.
 */
START_TEST(max_cpu_compat_above_the_cpu)
{
	struct vcpuchar_ppc_host p9 = host_pvr(0x004e1202, 0), none = host_pvr(0, 0);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	char err[256];

	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	req.accel = VCPUCHAR_ACCEL_TCG;
	req.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	for (uint32_t cpu = VCPUCHAR_PPC_CPU_POWER8; cpu <= VCPUCHAR_PPC_CPU_POWER10; cpu++)
		for (uint32_t compat = VCPUCHAR_PPC_CPU_POWER7; compat <= VCPUCHAR_PPC_CPU_POWER11; compat++) {
			req.cpu = cpu;
			req.max_cpu_compat = compat;
			ck_assert_int_eq(vcpuchar_ppc_request_check(&req, err, sizeof(err)), compat > cpu ? -EINVAL : 0);
			ck_assert_int_eq(vcpuchar_ppc_decide(NULL, &req, &res), compat > cpu ? -EINVAL : 0);
		}
	req.cpu = VCPUCHAR_PPC_CPU_POWER9;
	req.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER10;
	ck_assert_int_eq(vcpuchar_ppc_request_check(&req, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "max-cpu-compat=power10 is above the guest CPU (power9): QEMU refuses to start "
			      "(\"Compatibility PVR 0x0f000006 not valid for CPU\"); give power9 or lower");
	/* Under KVM with no CPU given: the host's family, known from its PVR, else not judged. */
	req.accel = VCPUCHAR_ACCEL_KVM;
	req.cpu = 0;
	ck_assert_int_eq(vcpuchar_ppc_request_check(&req, err, sizeof(err)), 0);
	ck_assert_int_eq(vcpuchar_ppc_decide(&p9, &req, &res), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_decide(&none, &req, &res), 0);
	ck_assert_uint_eq(res.flags & VCPUCHAR_PPC_RESULT_CPU_ASSUMED, VCPUCHAR_PPC_RESULT_CPU_ASSUMED);
	req.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER9;
	ck_assert_int_eq(vcpuchar_ppc_decide(&p9, &req, &res), 0);
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (eieio)");
	/* A lower level: the guest identifies the architected CPU of its cpu-version (lib/ppc.md#guest-view). */
	req.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER8;
	ck_assert_int_eq(vcpuchar_ppc_decide(&p9, &req, &res), 0);
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (hwsync)");
	req.max_cpu_compat = VCPUCHAR_PPC_CPU_POWER7;
	ck_assert_int_eq(vcpuchar_ppc_decide(&p9, &req, &res), 0);
	ck_assert_str_eq(res.guest_view.spec_store_bypass, "Mitigation: Kernel entry/exit barrier (fallback)");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-cpu");
	TCase *tc = tcase_create("ppc-cpu");

	tcase_add_test(tc, default_is_the_host_family);
	tcase_add_test(tc, no_cpu_information_assumes_power9);
	tcase_add_test(tc, newer_than_the_host_is_refused);
	tcase_add_test(tc, bad_args);
	tcase_add_test(tc, decide_power8_host_predicts_power8);
	tcase_add_test(tc, decide_says_when_power9_is_assumed);
	tcase_add_test(tc, decide_refuses_newer_cpu);
	tcase_add_test(tc, host_cpus_up_to_the_family);
	tcase_add_test(tc, max_cpu_compat_above_the_cpu);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
