/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar_x86_guest_view() (lib/x86.md#guest-view) on the rows of
 * tests/data/x86-guest-view.tsv: each row names its source (an L2 guest
 * measured under the real kvm_amd, or the guest kernel rule), a VM whose
 * policy vcpuchar_x86_decide() gives on a bare-metal AMD host, and what the
 * guest must find. Plus the architecture refusal of the policy.
 */
#include <vcpuchar.h>

#include "test-common.h"

/* Bare-metal AMD, kernel 6.12, KVM allows MWAIT|HLT|PAUSE|CSTATE. */
static void host(struct vcpuchar_x86_host *h)
{
	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	h->source = VCPUCHAR_SOURCE_CALLER;
	h->have = 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR | 1u << VCPUCHAR_X86_FACT_DISABLE_EXITS |
		  1u << VCPUCHAR_X86_FACT_KVM_AMD | 1u << VCPUCHAR_X86_FACT_KERNEL_RELEASE;
	h->vendor = VCPUCHAR_X86_VENDOR_AMD;
	h->disable_exits_allowed = 0xf;
	h->kvm_amd = 1;
	strcpy(h->arch, "x86_64");
	strcpy(h->kernel_release, "6.12.0");
}

/* The VM's words, and "supported=0xN": KVM_GET_SUPPORTED_CPUID read with leaf 0x40000001 EAX = N. */
static void vm_from(const char *spec, struct vcpuchar_x86_vm *vm, struct vcpuchar_x86_host *h)
{
	g_auto(GStrv) words = g_strsplit(spec, ",", -1);

	memset(vm, 0, sizeof(*vm));
	vm->size = sizeof(*vm);
	for (char **w = words; *w; w++) {
		if (!strcmp(*w, "pinned"))
			vm->flags |= VCPUCHAR_X86_VM_PINNED;
		else if (!strcmp(*w, "latency"))
			vm->flags |= VCPUCHAR_X86_VM_LATENCY;
		else if (!strcmp(*w, "no_irqchip"))
			vm->flags |= VCPUCHAR_X86_VM_NO_IRQCHIP;
		else if (!strcmp(*w, "cpu_mode_other"))
			vm->cpu_mode = VCPUCHAR_X86_CPU_MODE_OTHER;
		else if (g_str_has_prefix(*w, "supported=")) {
			h->have |= 1u << VCPUCHAR_X86_FACT_SUPPORTED_CPUID;
			h->kvm_features = (uint32_t)strtoul(*w + strlen("supported="), NULL, 16);
		} else if (!strcmp(*w, "never"))
			vm->hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER;
		else
			ck_assert_msg(!strcmp(*w, "-"), "unknown vm word %s", *w);
	}
}

START_TEST(vectors)
{
	struct tsv *t = tsv_open("x86-guest-view.tsv");

	for (unsigned i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		struct vcpuchar_x86_host h;
		struct vcpuchar_x86_vm vm;
		struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
		struct vcpuchar_x86_guest_view g = TEST_OUT(struct vcpuchar_x86_guest_view);
		int ok = 1;

		host(&h);
		vm_from(tsv_get(t, i, "vm"), &vm, &h);
		/* Since 1.3 the view reads the guest kernel ("-": unknown). */
		if (strcmp(tsv_get(t, i, "guest_kernel"), "-"))
			ck_assert_int_eq(vcpuchar_x86_kernel_parse(tsv_get(t, i, "guest_kernel"), &vm.guest_kernel), 0);
		g.guest_kernel = vm.guest_kernel;
		ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
		ck_assert_int_eq(vcpuchar_x86_guest_view(&p, (uint32_t)tsv_u64(t, i, "vcpus", &ok), &g), 0);
		ck_assert_msg(ok, "%s: vcpus", id);
		ck_assert_msg(g.size == sizeof(g), "%s: size", id);
		ck_assert_msg(g.kvm_features == tsv_u64(t, i, "expect_kvm_features", NULL), "%s: kvm_features 0x%x", id,
			      g.kvm_features);
		ck_assert_msg(g.kvm_hints == tsv_u64(t, i, "expect_kvm_hints", NULL), "%s: kvm_hints 0x%x", id,
			      g.kvm_hints);
		ck_assert_msg(!strcmp(vcpuchar_x86_cpuidle_name(g.cpuidle), tsv_get(t, i, "expect_cpuidle")),
			      "%s: cpuidle %u", id, g.cpuidle);
		ck_assert_msg(!strcmp(vcpuchar_x86_pv_spinlocks_name(g.pv_spinlocks), tsv_get(t, i, "expect_pv_spinlocks")),
			      "%s: pv_spinlocks %u", id, g.pv_spinlocks);
		ck_assert_msg(g.halt_exits_grow == tsv_u64(t, i, "expect_halt_exits_grow", NULL), "%s: halt_exits_grow",
			      id);
		ck_assert_msg(g.guest_kernel == vm.guest_kernel, "%s: guest_kernel changed", id);
	}
	tsv_close(t);
}
END_TEST

/* vcpuchar_x86_kernel_parse(): upstream versions, Debian's ABI names as unknown, bad text refused. */
START_TEST(kernel_parse)
{
	static const struct {
		const char *s;
		int r;
		uint32_t v;
	} rows[] = {
		{ "6.1.192", 0, VCPUCHAR_X86_KERNEL_VERSION(6, 1, 192) },
		{ "6.1.192-3", 0, VCPUCHAR_X86_KERNEL_VERSION(6, 1, 192) },
		{ "6.12.58+deb13-amd64", 0, VCPUCHAR_X86_KERNEL_VERSION(6, 12, 58) },
		{ "6.12.118+deb12-amd64", 0, VCPUCHAR_X86_KERNEL_VERSION(6, 12, 118) },
		{ "6.18", 0, VCPUCHAR_X86_KERNEL_VERSION(6, 18, 0) },
		{ "5.4.302", 0, VCPUCHAR_X86_KERNEL_VERSION(5, 4, 302) },
		{ "6.18.0-rc1", 0, VCPUCHAR_X86_KERNEL_VERSION(6, 18, 0) },
		{ "6.1.0-57-amd64", 0, 0 }, /* Debian's ABI name: no sublevel */
		{ "6.1.0-57", 0, VCPUCHAR_X86_KERNEL_VERSION(6, 1, 0) },
		{ "", -EINVAL, 7 },
		{ "6", -EINVAL, 7 },
		{ "6.", -EINVAL, 7 },
		{ "6.1.", -EINVAL, 7 },
		{ "v6.1", -EINVAL, 7 },
		{ "6.1x", -EINVAL, 7 },
		{ "256.1", -EINVAL, 7 },
		{ "6.1.65536", -EINVAL, 7 },
	};
	uint32_t v;

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		v = 7;
		ck_assert_msg(vcpuchar_x86_kernel_parse(rows[i].s, &v) == rows[i].r, "%s", rows[i].s);
		ck_assert_msg(v == rows[i].v, "%s: 0x%x", rows[i].s, v);
	}
	ck_assert_int_eq(vcpuchar_x86_kernel_parse(NULL, &v), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_kernel_parse("6.1", NULL), -EINVAL);
}
END_TEST

/* A 1.2 caller's view ends before guest_kernel: Linux 6.12's order, as in 1.2. */
START_TEST(older_caller)
{
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_guest_view g;

	p.hints_realtime = 1;
	p.disable_exits = VCPUCHAR_X86_DISABLE_EXITS_HLT;
	memset(&g, 0xa5, sizeof(g));
	g.size = offsetof(struct vcpuchar_x86_guest_view, guest_kernel);
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 2, &g), 0);
	ck_assert_uint_eq(g.pv_spinlocks, VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME);
	ck_assert_uint_eq(g.guest_kernel, 0xa5a5a5a5); /* past its size: never written */
	/* The same with 1.3's size and the kernel not known. */
	g.size = sizeof(g);
	g.guest_kernel = 0;
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 2, &g), 0);
	ck_assert_uint_eq(g.pv_spinlocks, VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN);
	g.guest_kernel = VCPUCHAR_X86_KERNEL_VERSION(6, 1, 158);
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 2, &g), 0);
	ck_assert_uint_eq(g.pv_spinlocks, VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT);
	ck_assert_uint_eq(g.guest_kernel, VCPUCHAR_X86_KERNEL_VERSION(6, 1, 158));
}
END_TEST

/*
 * kvm_spinlock_init()'s order per guest kernel, seen through a REALTIME
 * guest without PV_UNHALT (the one case the orders differ in): the
 * reorder (upstream 960550503965) is in mainline from 6.18, in 6.12.58 and
 * 6.1.159; 6.17 had it in review on top of 6.17.5, and the 5.4, 5.10,
 * 5.15, 6.6 and later 6.17 releases were not looked up (unknown); every
 * other series before 6.18 had ended (lib/x86.md#guest-view).
 */
START_TEST(kernel_series)
{
	static const struct {
		uint32_t kernel, pv_spinlocks;
	} rows[] = {
		{ VCPUCHAR_X86_KERNEL_VERSION(7, 0, 0), VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 18, 0), VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 12, 57), VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 12, 58), VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 1, 159), VCPUCHAR_X86_PV_SPINLOCKS_OFF_REALTIME },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 17, 5), VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 17, 6), VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 6, 100), VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN },
		{ VCPUCHAR_X86_KERNEL_VERSION(5, 4, 300), VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN },
		{ VCPUCHAR_X86_KERNEL_VERSION(5, 10, 1), VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN },
		{ VCPUCHAR_X86_KERNEL_VERSION(5, 15, 1), VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN },
		{ VCPUCHAR_X86_KERNEL_VERSION(5, 19, 0), VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT },
		{ VCPUCHAR_X86_KERNEL_VERSION(6, 11, 0), VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT },
		{ VCPUCHAR_X86_KERNEL_VERSION(4, 19, 0), VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT },
	};
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);

	p.hints_realtime = 1;
	p.disable_exits = VCPUCHAR_X86_DISABLE_EXITS_HLT;
	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_x86_guest_view g = TEST_OUT(struct vcpuchar_x86_guest_view);

		g.guest_kernel = rows[i].kernel;
		ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 2, &g), 0);
		ck_assert_msg(g.pv_spinlocks == rows[i].pv_spinlocks, "%u.%u.%u: %s", rows[i].kernel >> 24,
			      (rows[i].kernel >> 16) & 0xff, rows[i].kernel & 0xffff,
			      vcpuchar_x86_pv_spinlocks_name(g.pv_spinlocks));
	}
}
END_TEST

START_TEST(bad_input)
{
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_guest_view g = TEST_OUT(struct vcpuchar_x86_guest_view), keep;
	uint32_t *const flags[] = { &p.hints_realtime, &p.pv_unhalt, &p.poll_control };

	keep = g;
	ck_assert_int_eq(vcpuchar_x86_guest_view(NULL, 1, &g), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 1, NULL), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 0, &g), -EINVAL);
	p.disable_exits = 1u << 31;
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 1, &g), -EINVAL);
	p.disable_exits = 0;
	/* Booleans: 2 was read as true. */
	for (size_t i = 0; i < G_N_ELEMENTS(flags); i++) {
		*flags[i] = 2;
		ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 1, &g), -EINVAL);
		*flags[i] = 0;
	}
	p.size = 4;
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 1, &g), -EINVAL);
	p.size = sizeof(p);
	g.size = 4;
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 1, &g), -EINVAL);
	g.size = keep.size;
	/* Untouched on failure. */
	ck_assert_mem_eq(&g, &keep, sizeof(g));
	ck_assert_ptr_null(vcpuchar_x86_cpuidle_name(2));
	ck_assert_ptr_null(vcpuchar_x86_pv_spinlocks_name(5));
	ck_assert_str_eq(vcpuchar_x86_pv_spinlocks_name(VCPUCHAR_X86_PV_SPINLOCKS_UNKNOWN), "unknown");
	ck_assert_str_eq(vcpuchar_x86_pv_spinlocks_name(VCPUCHAR_X86_PV_SPINLOCKS_OFF_NO_PV_UNHALT), "off_no_pv_unhalt");
}
END_TEST

/* A newer caller's larger struct: the known part written, the rest left zero. */
START_TEST(larger_size)
{
	struct {
		struct vcpuchar_x86_guest_view g;
		uint32_t later[2];
	} big;
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);

	p.hints_realtime = 1;
	memset(&big, 0, sizeof(big));
	big.g.size = sizeof(big);
	ck_assert_int_eq(vcpuchar_x86_guest_view(&p, 2, &big.g), 0);
	ck_assert_uint_eq(big.g.size, sizeof(big));
	ck_assert_uint_eq(big.g.cpuidle, VCPUCHAR_X86_CPUIDLE_HALTPOLL);
	ck_assert_uint_eq(big.later[0] | big.later[1], 0);
}
END_TEST

/* lib/x86.md#architecture: facts of a non-x86 host are refused (an aarch64 profile got kvm-hint-dedicated). */
START_TEST(arch_refused)
{
	static const char *const ok[] = { "", "x86_64", "i686" };
	static const char *const bad[] = { "aarch64", "ppc64le", "x86_64x", "riscv64" };
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy), keep;

	vm_from("pinned", &vm, &h);
	for (size_t i = 0; i < G_N_ELEMENTS(ok); i++) {
		host(&h);
		strcpy(h.arch, ok[i]);
		ck_assert_msg(vcpuchar_x86_decide(&h, &vm, &p) == 0, "%s", ok[i]);
		ck_assert_uint_eq(p.hints_realtime, 1);
	}
	p = TEST_OUT(struct vcpuchar_x86_policy);
	keep = p;
	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		host(&h);
		strcpy(h.arch, bad[i]);
		ck_assert_msg(vcpuchar_x86_decide(&h, &vm, &p) == -ENOTSUP, "%s", bad[i]);
		ck_assert_mem_eq(&p, &keep, sizeof(p));
	}
	/* A full array without NUL is read within its size only. */
	host(&h);
	memset(h.arch, 'x', sizeof(h.arch));
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -ENOTSUP);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-guest");
	TCase *tc = tcase_create("x86-guest");

	tcase_add_test(tc, vectors);
	tcase_add_test(tc, bad_input);
	tcase_add_test(tc, kernel_parse);
	tcase_add_test(tc, older_caller);
	tcase_add_test(tc, kernel_series);
	tcase_add_test(tc, larger_size);
	tcase_add_test(tc, arch_refused);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
