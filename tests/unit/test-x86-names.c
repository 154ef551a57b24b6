/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The x86 rules that moved out of the CLI in 1.3 (lib/x86.md#names,
 * #vm-checks, #qemu-and-libvirt): names of the enumerations, the VM checks
 * (vCPU count, CVM against kvm_amd's parameters) and the QEMU/libvirt
 * formatting call's buffer contract. Vectors: tests/data/x86-names.tsv and
 * x86-vm-check.tsv; in x86-vm-check.tsv, sev, sev_es and sev_snp are the
 * kvm_amd parameters' values, tdx kvm_intel's (since 1.3), or - (not read),
 * flags never, want_mwait or no_irqchip, vendor is amd, intel, hygon or
 * - (not read), and expect_decide is what vcpuchar_x86_decide() returns for
 * the same host and VM.
 */
#include <string.h>
#include <vcpuchar.h>

#include "test-common.h"

START_TEST(name_vectors)
{
	struct tsv *t = tsv_open("x86-names.tsv");

	ck_assert_uint_ge(t->n_rows, 17);
	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *name = tsv_get(t, i, "name");
		uint32_t set = (uint32_t)tsv_u64(t, i, "set", NULL), value = (uint32_t)tsv_u64(t, i, "value", NULL);

		ck_assert_msg(vcpuchar_x86_name(set, value) && !strcmp(vcpuchar_x86_name(set, value), name), "%s", id);
		ck_assert_msg(vcpuchar_x86_from_name(set, name) == (int)value, "%s", id);
	}
	tsv_close(t);
}
END_TEST

START_TEST(name_edges)
{
	char buf[64];

	/* cpu_mode 0 (unspecified) has no name; past the last value and set: NULL. */
	ck_assert_ptr_null(vcpuchar_x86_name(VCPUCHAR_X86_NAMES_CPU_MODE, 0));
	ck_assert_ptr_null(vcpuchar_x86_name(VCPUCHAR_X86_NAMES_CVM, 5));
	ck_assert_ptr_null(vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, 5));
	ck_assert_ptr_null(vcpuchar_x86_name(VCPUCHAR_X86_N_NAME_SETS, 0));
	/* Exact names only. */
	ck_assert_int_eq(vcpuchar_x86_from_name(VCPUCHAR_X86_NAMES_CVM, "SEV"), -ENOENT);
	ck_assert_int_eq(vcpuchar_x86_from_name(VCPUCHAR_X86_NAMES_CVM, ""), -ENOENT);
	ck_assert_int_eq(vcpuchar_x86_from_name(VCPUCHAR_X86_NAMES_CVM, NULL), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_from_name(VCPUCHAR_X86_N_NAME_SETS, "none"), -EINVAL);
	/* The list: query, exact fit, one byte short. */
	ck_assert_int_eq(vcpuchar_x86_names(VCPUCHAR_X86_NAMES_CVM, "|", NULL, 0), 27);
	ck_assert_int_eq(vcpuchar_x86_names(VCPUCHAR_X86_NAMES_CVM, "|", buf, 28), 27);
	ck_assert_str_eq(buf, "none|sev|sev-es|sev-snp|tdx");
	strcpy(buf, "x");
	ck_assert_int_eq(vcpuchar_x86_names(VCPUCHAR_X86_NAMES_CVM, "|", buf, 23), -ENOSPC);
	ck_assert_str_eq(buf, "x");
	ck_assert_int_eq(vcpuchar_x86_names(VCPUCHAR_X86_NAMES_CPU_MODE, ", ", buf, sizeof(buf)), 23);
	ck_assert_str_eq(buf, "host-passthrough, other");
	ck_assert_int_eq(vcpuchar_x86_names(VCPUCHAR_X86_NAMES_CVM, NULL, buf, sizeof(buf)), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_names(VCPUCHAR_X86_NAMES_CVM, "|", NULL, 4), -EINVAL);
}
END_TEST

static void row_host(const struct tsv *t, guint i, struct vcpuchar_x86_host *h)
{
	static const struct {
		const char *col;
		uint32_t fact;
		size_t off;
	} params[] = {
		{ "sev", VCPUCHAR_X86_FACT_SEV, offsetof(struct vcpuchar_x86_host, sev) },
		{ "sev_es", VCPUCHAR_X86_FACT_SEV_ES, offsetof(struct vcpuchar_x86_host, sev_es) },
		{ "sev_snp", VCPUCHAR_X86_FACT_SEV_SNP, offsetof(struct vcpuchar_x86_host, sev_snp) },
		{ "tdx", VCPUCHAR_X86_FACT_TDX, offsetof(struct vcpuchar_x86_host, tdx) },
	};
	const char *vendor = tsv_get(t, i, "vendor");

	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	h->source = VCPUCHAR_SOURCE_PROFILE;
	snprintf(h->arch, sizeof(h->arch), "%s", tsv_get(t, i, "arch"));
	/* Every row's profile holds disable_exits_allowed=0: one x86 fact, so that
	 * lib/x86.md#profile-without-x86-facts never answers first (a row with no
	 * vendor is still a profile with x86 facts). */
	h->have |= 1u << VCPUCHAR_X86_FACT_DISABLE_EXITS;
	if (strcmp(vendor, "-")) {
		h->have |= 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR;
		h->vendor = !strcmp(vendor, "amd")     ? VCPUCHAR_X86_VENDOR_AMD
			    : !strcmp(vendor, "hygon") ? VCPUCHAR_X86_VENDOR_HYGON
						       : VCPUCHAR_X86_VENDOR_INTEL;
	}
	for (size_t k = 0; k < G_N_ELEMENTS(params); k++) {
		const char *v = tsv_get(t, i, params[k].col);

		if (!strcmp(v, "-"))
			continue;
		h->have |= 1u << params[k].fact;
		*(uint32_t *)((char *)h + params[k].off) = (uint32_t)strtoul(v, NULL, 0);
	}
}

START_TEST(vm_check_vectors)
{
	struct tsv *t = tsv_open("x86-vm-check.tsv");

	ck_assert_uint_ge(t->n_rows, 16);
	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *want = tsv_get(t, i, "expect_err");
		struct vcpuchar_x86_host h;
		struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
		struct vcpuchar_x86_policy p = { .size = sizeof(p) };
		g_auto(GStrv) flags = g_strsplit(tsv_get(t, i, "flags"), ",", -1);
		char err[512];
		int r;

		row_host(t, i, &h);
		r = vcpuchar_x86_from_name(VCPUCHAR_X86_NAMES_CVM, tsv_get(t, i, "cvm"));
		ck_assert_int_ge(r, 0);
		vm.cvm = (uint32_t)r;
		for (char **f = flags; *f; f++) {
			if (!strcmp(*f, "never"))
				vm.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER;
			else if (!strcmp(*f, "want_mwait"))
				vm.flags |= VCPUCHAR_X86_VM_WANT_MWAIT;
			else if (!strcmp(*f, "no_irqchip"))
				vm.flags |= VCPUCHAR_X86_VM_NO_IRQCHIP;
			else
				ck_assert_msg(!strcmp(*f, "-"), "%s: unknown flag %s", id, *f);
		}
		r = vcpuchar_x86_vm_check(&h, &vm, (uint32_t)tsv_u64(t, i, "vcpus", NULL),
					  (uint32_t)tsv_u64(t, i, "host_max", NULL), err, sizeof(err));
		ck_assert_msg(r == atoi(tsv_get(t, i, "expect")), "%s: %d (%s)", id, r, err);
		if (r)
			ck_assert_msg(strstr(err, want), "%s: '%s' lacks '%s'", id, err, want);
		else
			ck_assert_msg(!err[0], "%s: message on success", id);
		/* The same rules in the decision (the vCPU count is no input of it). */
		r = vcpuchar_x86_decide(&h, &vm, &p);
		ck_assert_msg(r == atoi(tsv_get(t, i, "expect_decide")), "%s: decide %d", id, r);
	}
	tsv_close(t);
}
END_TEST

START_TEST(vm_check_args)
{
	struct vcpuchar_x86_host h = { .size = sizeof(h) };
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	char err[8];

	/* The count first, without facts (the CLI checks --vcpus before it reads any). */
	ck_assert_int_eq(vcpuchar_x86_vm_check(NULL, NULL, 0, 0, NULL, 0), -ERANGE);
	ck_assert_int_eq(vcpuchar_x86_vm_check(NULL, NULL, 1, 0, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, NULL, 4), -EINVAL);
	/* Cut to the buffer, NUL-terminated. */
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 5000, 0, err, sizeof(err)), -ERANGE);
	ck_assert_str_eq(err, "1 to 40");
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 1, 0, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");
}
END_TEST

/* Pinned and latency-sensitive on bare-metal AMD: HLT|PAUSE disabled, hint and POLL_CONTROL on. */
START_TEST(format_contract)
{
	struct vcpuchar_x86_host h = { .size = sizeof(h) };
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .flags = VCPUCHAR_X86_VM_PINNED };
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };
	char buf[512];
	int n;

	h.have = 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR | 1u << VCPUCHAR_X86_FACT_DISABLE_EXITS;
	h.vendor = VCPUCHAR_X86_VENDOR_AMD;
	h.disable_exits_allowed = 0x6;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	n = vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_QEMU, NULL, 0);
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_QEMU, buf, (size_t)n), -ENOSPC);
	ck_assert_int_eq(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_QEMU, buf, (size_t)n + 1), n);
	ck_assert_uint_eq(strlen(buf), (size_t)n);
	/* One word a line; the shell line quotes only what needs it. */
	ck_assert_ptr_nonnull(strstr(buf, "-cpu\nhost,kvm-pv-unhalt="));
	vm.cpu_mode = VCPUCHAR_X86_CPU_MODE_OTHER;
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_QEMU_SHELL, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, " -cpu '<model>,kvm-pv-unhalt="));
	/*
	 * HLT|PAUSE, all KVM allows here, is what cpu-pm=on asks for; no libvirt element says it
	 * (tests/libvirt-hook/x86-spelling.sh): passed through, named as tainting.
	 */
	vm.cpu_mode = VCPUCHAR_X86_CPU_MODE_UNSPECIFIED;
	p.disable_exits = VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE;
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "</features><qemu:commandline xmlns:qemu='http://libvirt.org/schemas/domain/qemu/1.0'>"
					  "<qemu:arg value='-overcommit'/><qemu:arg value='cpu-pm=on'/></qemu:commandline>"));
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "passes -overcommit cpu-pm=on through <qemu:commandline>, which marks the domain "
					  "tainted (custom-argv)"));
	/* lib/x86.md#qemu-and-libvirt (since 1.3): no CPU mode unless declared; the pass-through taints. */
	vm.cpu_mode = VCPUCHAR_X86_CPU_MODE_UNSPECIFIED;
	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "<features><pvspinlock state='off'/></features>");
	vm.cpu_mode = VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH;
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "</features><cpu mode='host-passthrough'/><qemu:commandline "));
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "marks the domain tainted (custom-argv)"));
	/* Nothing inexpressible: "" (length 0), NUL-terminated. */
	vm.cpu_mode = VCPUCHAR_X86_CPU_MODE_OTHER;
	strcpy(buf, "x");
	ck_assert_int_eq(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE, buf, 1), 0);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(vcpuchar_x86_policy_format(&p, &h, &vm, 4, buf, sizeof(buf)), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT, NULL, 4), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_policy_format(NULL, &h, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT, buf, 4), -EINVAL);
}
END_TEST

/*
 * Each thing libvirt cannot say is one line of the not-expressible text
 * (lib/x86.md#qemu-and-libvirt): a part of what cpu-pm=on asks, halt
 * polling, POLL_CONTROL off with host-passthrough; and POLL_CONTROL on
 * without the hint is the <kvm> element alone.
 */
START_TEST(format_each_limit_a_line)
{
	struct vcpuchar_x86_host h = { .size = sizeof(h) };
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .cpu_mode = VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH };
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };
	g_auto(GStrv) lines = NULL;
	char buf[2048];

	h.have = 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR | 1u << VCPUCHAR_X86_FACT_DISABLE_EXITS;
	h.vendor = VCPUCHAR_X86_VENDOR_AMD;
	h.disable_exits_allowed = 0x6;
	p.disable_exits = VCPUCHAR_X86_DISABLE_EXITS_HLT;
	p.halt_poll_set = 1;
	p.halt_poll_ns = 200000;
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE, buf, sizeof(buf)), 0);
	lines = g_strsplit(buf, "\n", -1);
	ck_assert_uint_eq(g_strv_length(lines), 3);
	ck_assert_msg(g_str_has_prefix(lines[0], "disabling exactly "), "%s", lines[0]);
	ck_assert_msg(g_str_has_prefix(lines[1], "halt polling of 200000 ns for this VM: KVM_ENABLE_CAP(KVM_CAP_HALT_POLL, "
						 "args[0]=200000)"),
		      "%s", lines[1]);
	ck_assert_msg(g_str_has_prefix(lines[2], "POLL_CONTROL off in libvirt: no element says it"), "%s", lines[2]);
	/* POLL_CONTROL on, no REALTIME hint. */
	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	p.poll_control = 1;
	vm.cpu_mode = VCPUCHAR_X86_CPU_MODE_UNSPECIFIED;
	ck_assert_int_gt(vcpuchar_x86_policy_format(&p, &h, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "<features><pvspinlock state='off'/><kvm><poll-control state='on'/></kvm></features>");
}
END_TEST

/* lib/x86.md#monitor: MONITOR (CPUID.01H:ECX[3]) only with MWAIT exits disabled. */
START_TEST(monitor_patch)
{
	struct vcpuchar_x86_cpuid_entry e[3] = {
		{ .function = 1, .ecx = 0x80000209 }, { .function = 0x40000000, .eax = 0x40000001 }, { .function = 0x40000001 },
	};
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };

	memcpy(&e[1].ebx, "KVMK", 4);
	memcpy(&e[1].ecx, "VMKV", 4);
	memcpy(&e[1].edx, "M\0\0\0", 4);
	p.disable_exits = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT;
	ck_assert_int_eq(vcpuchar_x86_cpuid_patch(e, 3, NULL, &p), 0);
	ck_assert_uint_eq(e[0].ecx, 0x80000209);
	p.disable_exits = VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE;
	ck_assert_int_eq(vcpuchar_x86_cpuid_patch(e, 3, NULL, &p), 0);
	ck_assert_uint_eq(e[0].ecx, 0x80000201);
	/* Without the KVM leaves (-ENOENT) leaf 1 is patched all the same. */
	e[0].ecx = 0x8;
	ck_assert_int_eq(vcpuchar_x86_cpuid_patch(e, 1, NULL, &p), -ENOENT);
	ck_assert_uint_eq(e[0].ecx, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-names");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, name_vectors);
	tcase_add_test(tc, name_edges);
	tcase_add_test(tc, vm_check_vectors);
	tcase_add_test(tc, vm_check_args);
	tcase_add_test(tc, format_contract);
	tcase_add_test(tc, monitor_patch);
	tcase_add_test(tc, format_each_limit_a_line);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
