/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The [x86] group of host profiles (examples/profiles/README.md) through the public profile functions. */
#include <glib/gstdio.h>
#include <vcpuchar.h>

#include "test-common.h"

static int load(const char *text, struct vcpuchar_x86_host *h, char *err, size_t err_size)
{
	return vcpuchar_profile_load_data(text, strlen(text), NULL, h, err, err_size);
}

/* The example of examples/profiles/README.md. */
static const char design_example[] =
	"[host]\narch=x86_64\nkernel_release=6.15.0\n"
	"[x86]\n# amd | intel | other\nvendor=amd\ncpuid_80000001_ecx=0x00000004\ncpuid_8000000a_edx=0x40000000\n"
	"hypervisor=false\ndisable_exits_allowed=0xf\nhalt_poll=true\nmitigate_smt_rsb=false\nclearcpuid=510\n"
	"kvm_amd=true\navic=false\nnested=true\nfuture_key=ignored\n";

START_TEST(design_example_loads)
{
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);

	ck_assert_int_eq(load(design_example, &h, NULL, 0), 0);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_PROFILE);
	ck_assert_uint_eq(h.vendor, VCPUCHAR_X86_VENDOR_AMD);
	ck_assert_uint_eq(h.cpuid_80000001_ecx, 4);
	ck_assert_uint_eq(h.cpuid_8000000a_edx, 0x40000000);
	ck_assert_uint_eq(h.disable_exits_allowed, 0xf);
	ck_assert_uint_eq(h.halt_poll_cap, 1);
	ck_assert_uint_eq(h.clearcpuid_510, 1);
	ck_assert_uint_eq(h.kvm_amd, 1);
	ck_assert_uint_eq(h.nested, 1);
	ck_assert_str_eq(h.kernel_release, "6.15.0");
	ck_assert_str_eq(h.arch, "x86_64");
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_CPUID_SVM));
	ck_assert(!(h.have & (1u << VCPUCHAR_X86_FACT_SEV)));
	/* clearcpuid=510 wins over the CPU bit. */
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.idle_hlt_active, 0);
}
END_TEST

START_TEST(absent_group_is_no_information)
{
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);

	ck_assert_int_eq(load("[host]\narch=ppc64le\nkernel_release=6.8.0\n[ppc]\ncharacter=0x0\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.have, 0);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_PROFILE);
}
END_TEST

START_TEST(bad_values_are_named)
{
	static const struct {
		const char *text;
		const char *msg;
	} cases[] = {
		{ "[x86]\nvendor=via\n", "[x86] vendor: 'via'" },
		{ "[x86]\ndisable_exits_allowed=0xzz\n", "[x86] disable_exits_allowed: '0xzz'" },
		{ "[x86]\ndisable_exits_allowed=0x100000000\n", "[x86] disable_exits_allowed: '0x100000000' does not fit" },
		{ "[x86]\ncpuid_8000000a_edx=-1\n", "[x86] cpuid_8000000a_edx: '-1'" },
		{ "[x86]\nhypervisor=maybe\n", "[x86] hypervisor: 'maybe'" },
		{ "[x86]\nclearcpuid=510,x\n", "[x86] clearcpuid: '510,x'" },
		{ "[x86]\nhalt_poll_ns=fast\n", "[x86] halt_poll_ns: 'fast'" },
		{ "[x86]\nvendor_module=kvm-amd\n", "[x86] vendor_module: 'kvm-amd' is not a module name" },
		{ "[x86]\nvendor_module=kvm_amd_with_a_name_of_32_bytes_\n", "[x86] vendor_module: 'kvm_amd_with" },
		/* Strings take GKeyFile's escapes only (examples/profiles/README.md#format). */
		{ "[x86]\nvendor=am\\d\n", "[x86] vendor: value has an invalid escape sequence" },
		{ "[x86]\nclearcpuid=510,\n", "[x86] clearcpuid: '510,' is not a list" },
		{ "[x86]\nclearcpuid=99999999999999999999\n", "[x86] clearcpuid: '99999999999999999999'" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		struct vcpuchar_x86_host h = { .size = sizeof(h), .have = 0x5a5a };
		char err[160] = "";

		ck_assert_int_eq(load(cases[i].text, &h, err, sizeof(err)), -EINVAL);
		ck_assert_msg(strstr(err, cases[i].msg), "'%s' does not contain '%s'", err, cases[i].msg);
		ck_assert_uint_eq(h.have, 0x5a5a); /* untouched */
	}
}
END_TEST

START_TEST(numbers_and_lists)
{
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);

	/* Counts are decimal, never octal; masks need 0x (numbers.tsv n11); lists with ';'; the empty list. */
	ck_assert_int_eq(load("[x86]\nhalt_poll_ns=010\ndisable_exits_allowed=0x010\nclearcpuid=1;510\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.halt_poll_ns, 10);
	ck_assert_uint_eq(h.disable_exits_allowed, 0x10);
	ck_assert_uint_eq(h.clearcpuid_510, 1);
	ck_assert_int_eq(load("[x86]\nclearcpuid=\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.clearcpuid_510, 0);
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_CLEARCPUID));
	/* Blanks around values and items are not part of them; an escaped leading blank is, then stripped. */
	ck_assert_int_eq(load("[x86]\nvendor=\\s Intel \nhalt_poll_ns=200000 \t\nclearcpuid= 1 ; 510 \n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.vendor, VCPUCHAR_X86_VENDOR_INTEL);
	ck_assert_uint_eq(h.halt_poll_ns, 200000);
	ck_assert_uint_eq(h.clearcpuid_510, 1);
	/* Every boolean spelling (examples/profiles/README.md#format), any case. */
	ck_assert_int_eq(load("[x86]\nhypervisor=Y\nkvm_amd=n\navic=1\nnested=0\nsev=TRUE\nsev_es=False\nsev_snp=y\n"
			      "smt_rsb_bug=N\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.hypervisor, 1);
	ck_assert_uint_eq(h.kvm_amd, 0);
	ck_assert_uint_eq(h.avic, 1);
	ck_assert_uint_eq(h.nested, 0);
	ck_assert_uint_eq(h.sev, 1);
	ck_assert_uint_eq(h.sev_es, 0);
	ck_assert_uint_eq(h.sev_snp, 1);
	ck_assert_uint_eq(h.smt_rsb_bug, 0);
	/* kvm_intel.tdx (since 1.3, lib/x86.md#tdx): a boolean key like the kvm_amd ones. */
	ck_assert_int_eq(load("[x86]\nvendor=intel\ntdx=Y\n", &h, NULL, 0), 0);
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_TDX));
	ck_assert_uint_eq(h.tdx, 1);
	ck_assert_int_eq(load("[x86]\nvendor=intel\n", &h, NULL, 0), 0);
	ck_assert(!(h.have & (1u << VCPUCHAR_X86_FACT_TDX)));
	ck_assert_int_eq(load("[x86]\nclearcpuid=  \t\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.clearcpuid_510, 0);
	ck_assert_int_eq(load("[x86]\nvendor=AuthenticAMD\nclearcpuid=5100,51\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.vendor, VCPUCHAR_X86_VENDOR_AMD);
	ck_assert_uint_eq(h.clearcpuid_510, 0);
}
END_TEST

START_TEST(save_then_load)
{
	struct vcpuchar_x86_host a = TEST_OUT(struct vcpuchar_x86_host), b = TEST_OUT(struct vcpuchar_x86_host);
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-x86-profile-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "host.profile", NULL);
	g_autofree char *text = NULL;

	ck_assert_int_eq(load(design_example, &a, NULL, 0), 0);
	a.halt_poll_ns = 123456;
	a.have |= 1u << VCPUCHAR_X86_FACT_HALT_POLL_NS;
	a.smt_rsb_bug = 1;
	a.have |= 1u << VCPUCHAR_X86_FACT_SMT_RSB_BUG;
	/* The vendor module as the probe names it on this project's CI machine. */
	strcpy(a.vendor_module, "kvm_pvm");
	a.have |= 1u << VCPUCHAR_X86_FACT_VENDOR_MODULE;
	ck_assert_int_eq(vcpuchar_profile_save(path, NULL, &a, NULL, 0), 0);
	ck_assert(g_file_get_contents(path, &text, NULL, NULL));
	ck_assert_ptr_nonnull(strstr(text, "disable_exits_allowed=0xf\n"));
	ck_assert_ptr_nonnull(strstr(text, "vendor_module=kvm_pvm\n"));
	ck_assert_int_eq(vcpuchar_profile_load(path, NULL, &b, NULL, 0), 0);
	ck_assert_uint_eq(b.have, a.have);
	ck_assert_uint_eq(b.vendor, a.vendor);
	ck_assert_uint_eq(b.cpuid_8000000a_edx, a.cpuid_8000000a_edx);
	ck_assert_uint_eq(b.disable_exits_allowed, a.disable_exits_allowed);
	ck_assert_uint_eq(b.halt_poll_ns, 123456);
	ck_assert_uint_eq(b.smt_rsb_bug, 1);
	ck_assert_uint_eq(b.clearcpuid_510, 1);
	ck_assert_str_eq(b.vendor_module, "kvm_pvm");
	ck_assert_str_eq(b.kernel_release, "6.15.0");
	ck_assert_str_eq(b.arch, "x86_64");
	g_unlink(path);
	g_rmdir(dir);
}
END_TEST

/* "No vendor module" is a fact too (read, empty), and survives a save; a
 * probed value round-trips as it was read from this host's /sys/module. */
START_TEST(vendor_module_round_trips)
{
	struct vcpuchar_x86_host a = { .size = sizeof(a) }, b = { .size = sizeof(b) };
	struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .root = "/nonexistent-root" };
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-x86-profile-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "host.profile", NULL);
	char text[128];

	ck_assert_int_eq(load("[x86]\nvendor_module=\n", &a, NULL, 0), 0);
	ck_assert(a.have & (1u << VCPUCHAR_X86_FACT_VENDOR_MODULE));
	ck_assert_str_eq(a.vendor_module, "");
	ck_assert_int_eq(vcpuchar_profile_save(path, NULL, &a, NULL, 0), 0);
	ck_assert_int_eq(vcpuchar_profile_load(path, NULL, &b, NULL, 0), 0);
	ck_assert_uint_eq(b.have, a.have);
	ck_assert_str_eq(b.vendor_module, "");
	vcpuchar_x86_host_describe(&b, VCPUCHAR_X86_FACT_VENDOR_MODULE, text, sizeof(text));
	ck_assert_str_eq(text, "vendor_module: none (no kvm_* entry in /sys/module)");

	/* Probed: whatever this host has, the profile gives it back. */
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	vcpuchar_x86_host_probe(-1, NULL, &a);
	ck_assert(a.have & (1u << VCPUCHAR_X86_FACT_VENDOR_MODULE));
	ck_assert_int_eq(vcpuchar_profile_save(path, NULL, &a, NULL, 0), 0);
	memset(&b, 0, sizeof(b));
	b.size = sizeof(b);
	ck_assert_int_eq(vcpuchar_profile_load(path, NULL, &b, NULL, 0), 0);
	ck_assert(b.have & (1u << VCPUCHAR_X86_FACT_VENDOR_MODULE));
	ck_assert_str_eq(b.vendor_module, a.vendor_module);

	/* Without /sys/module the fact is not read, and not saved. */
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	vcpuchar_x86_host_probe(-1, &opts, &a);
	ck_assert(!(a.have & (1u << VCPUCHAR_X86_FACT_VENDOR_MODULE)));
	ck_assert_int_eq(a.error[VCPUCHAR_X86_FACT_VENDOR_MODULE], -ENOENT);
	g_unlink(path);
	g_rmdir(dir);
}
END_TEST

/* Found by tests/hardening/fuzz (regress/profile/x86-group-with-release-only): the
 * kernel release alone is an x86 fact, and must survive a save. */
START_TEST(release_only_round_trips)
{
	static const char text[] = "[host]\nkernel_release=6.15.0\n[x86]\n";
	struct vcpuchar_x86_host a = TEST_OUT(struct vcpuchar_x86_host), b = TEST_OUT(struct vcpuchar_x86_host);
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-x86-profile-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "host.profile", NULL);

	ck_assert_int_eq(load(text, &a, NULL, 0), 0);
	ck_assert_uint_eq(a.have, 1u << VCPUCHAR_X86_FACT_KERNEL_RELEASE);
	ck_assert_int_eq(vcpuchar_profile_save(path, NULL, &a, NULL, 0), 0);
	ck_assert_int_eq(vcpuchar_profile_load(path, NULL, &b, NULL, 0), 0);
	ck_assert_uint_eq(b.have, a.have);
	ck_assert_str_eq(b.kernel_release, "6.15.0");
	g_unlink(path);
	g_rmdir(dir);
}
END_TEST

/* The bundled x86 profiles (examples/profiles) load and give their answers. */
START_TEST(bundled_profiles)
{
	g_autofree char *emu = g_build_filename(VCPUCHAR_PROFILES, "amd-emulated-kvm-amd-6.12.profile", NULL);
	g_autofree char *zen5 = g_build_filename(VCPUCHAR_PROFILES, "amd-zen5-idle-hlt-6.15.profile", NULL);
	struct vcpuchar_x86_host h = { .size = sizeof(h) };
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };
	char err[256] = "";

	/* Measured in tests/x86-e2e: a guest host without Idle HLT; pinned, pass-through is refused. */
	ck_assert_msg(vcpuchar_profile_load(emu, NULL, &h, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_PROFILE);
	ck_assert_uint_eq(h.cpuid_8000000a_edx, 0x10010001);
	ck_assert_uint_eq(h.disable_exits_allowed, 0xf);
	ck_assert_uint_eq(h.hypervisor, 1);
	ck_assert_uint_eq(h.kvm_amd, 1);
	vm.flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert_uint_eq(p.idle_hlt_active, 0);

	/* The Zen 5 fixture: Idle HLT used for a shared-pCPU VM, pass-through when pinned. */
	memset(&h, 0, sizeof(h));
	h.size = sizeof(h);
	ck_assert_msg(vcpuchar_profile_load(zen5, NULL, &h, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(h.cpuid_8000000a_edx >> 30 & 1, 1);
	ck_assert_uint_eq(h.hypervisor, 0);
	vm.flags = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert_uint_eq(p.idle_hlt_active, 1);
	vm.flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.disable_exits, VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE);
}
END_TEST

START_TEST(bad_size)
{
	struct vcpuchar_x86_host h = { .size = 4 };

	ck_assert_int_eq(load(design_example, &h, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_profile_save("/nonexistent/x", NULL, &h, NULL, 0), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("profile-x86");
	TCase *tc = tcase_create("profile-x86");

	tcase_add_test(tc, design_example_loads);
	tcase_add_test(tc, absent_group_is_no_information);
	tcase_add_test(tc, bad_values_are_named);
	tcase_add_test(tc, numbers_and_lists);
	tcase_add_test(tc, save_then_load);
	tcase_add_test(tc, release_only_round_trips);
	tcase_add_test(tc, vendor_module_round_trips);
	tcase_add_test(tc, bad_size);
	tcase_add_test(tc, bundled_profiles);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
