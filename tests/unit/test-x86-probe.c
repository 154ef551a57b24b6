/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The x86 probe on fixture trees (tests/data/x86-hosts/<host>/, each with a
 * SOURCE file). CPUID cannot be faked through the public probe, so these
 * tests use the library's private seam vcpuchar_x86_host_probe_with(),
 * which takes a CPUID callback; here it answers from <host>/cpuid.tsv.
 */
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vcpuchar.h>

#include "test-common.h"
#include "vcpuchar-private.h"

struct fake_cpuid {
	struct tsv *t;
};

static void fake_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t regs[4], void *ctx)
{
	struct fake_cpuid *f = ctx;

	regs[0] = regs[1] = regs[2] = regs[3] = 0;
	for (guint i = 0; i < f->t->n_rows; i++) {
		if (tsv_u64(f->t, i, "leaf", NULL) != leaf || tsv_u64(f->t, i, "subleaf", NULL) != subleaf)
			continue;
		regs[0] = (uint32_t)tsv_u64(f->t, i, "eax", NULL);
		regs[1] = (uint32_t)tsv_u64(f->t, i, "ebx", NULL);
		regs[2] = (uint32_t)tsv_u64(f->t, i, "ecx", NULL);
		regs[3] = (uint32_t)tsv_u64(f->t, i, "edx", NULL);
	}
}

static struct tsv *load_cpuid(const char *host)
{
	g_autofree char *name = g_build_filename("x86-hosts", host, "cpuid.tsv", NULL);

	return tsv_open(name);
}

static int probe_host(const char *host, struct vcpuchar_x86_host *h)
{
	g_autofree char *root = g_build_filename(VCPUCHAR_TEST_DATA, "x86-hosts", host, NULL);
	struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .root = root };
	struct fake_cpuid f = { .t = load_cpuid(host) };
	int r;

	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	/* No KVM fd: the fixture has no /dev/kvm; KVM facts say why they are missing. */
	r = vcpuchar_x86_host_probe_with(-1, &opts, fake_cpuid, &f, h);
	tsv_close(f.t);
	return r;
}

static bool have(const struct vcpuchar_x86_host *h, uint32_t fact)
{
	return h->have & (1u << fact);
}

/* The facts a profile or the caller would add for KVM, then a default VM's policy. */
static void decide(struct vcpuchar_x86_host *h, uint32_t dx, uint32_t vm_flags, struct vcpuchar_x86_policy *p)
{
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .flags = vm_flags };

	h->disable_exits_allowed = dx;
	h->have |= 1u << VCPUCHAR_X86_FACT_DISABLE_EXITS;
	*p = TEST_OUT(struct vcpuchar_x86_policy);
	ck_assert_int_eq(vcpuchar_x86_decide(h, &vm, p), 0);
}

static bool has_code(const struct vcpuchar_x86_policy *p, uint32_t code)
{
	for (uint32_t i = 0; i < p->n_reasons; i++)
		if (p->reasons[i].code == code)
			return true;
	return false;
}

START_TEST(amd_zen5_idle_hlt)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;
	char buf[256];

	ck_assert_int_eq(probe_host("amd-zen5-6.15", &h), -EBADF);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_KVM);
	ck_assert_uint_eq(h.vendor, VCPUCHAR_X86_VENDOR_AMD);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_CPUID_SVM));
	ck_assert_uint_eq(h.cpuid_max_ext, 0x80000028);
	ck_assert_uint_eq(h.cpuid_8000000a_edx & VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT,
			  VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT);
	ck_assert_uint_eq(h.cpuid_8000000a_ebx, 0x8000);
	ck_assert_uint_eq(h.hypervisor, 0);
	ck_assert_str_eq(h.kernel_release, "6.15.0-1-amd64");
	ck_assert_uint_eq(h.halt_poll_ns, 200000);
	ck_assert_uint_eq(h.halt_poll_ns_grow, 2);
	ck_assert_uint_eq(h.halt_poll_ns_grow_start, 10000);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB));
	ck_assert_uint_eq(h.mitigate_smt_rsb, 0);
	ck_assert_uint_eq(h.kvm_amd, 1);
	ck_assert_str_eq(h.vendor_module, "kvm_amd");
	vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_VENDOR_MODULE, buf, sizeof(buf));
	ck_assert_str_eq(buf, "vendor_module: kvm_amd (/sys/module/kvm_amd)");
	ck_assert(have(&h, VCPUCHAR_X86_FACT_AVIC));
	ck_assert_uint_eq(h.avic, 0);
	ck_assert_uint_eq(h.nested, 1);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_SEV_SNP));
	ck_assert_uint_eq(h.clearcpuid_510, 0);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_SMT_RSB_BUG));
	ck_assert_uint_eq(h.smt_rsb_bug, 0);
	ck_assert_uint_eq(h.smt_possible, 1);
	/* No KVM fd: every KVM fact says why. */
	ck_assert(!have(&h, VCPUCHAR_X86_FACT_DISABLE_EXITS));
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_DISABLE_EXITS], -EBADF);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_SUPPORTED_CPUID], -EBADF);
	ck_assert_int_gt(vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_DISABLE_EXITS, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "not read: Bad file descriptor"));
	vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_CPUID_VENDOR, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "amd"));

	decide(&h, 0xe, 0, &p);
	ck_assert_uint_eq(p.idle_hlt_active, 1);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE));
	decide(&h, 0xe, VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY, &p);
	ck_assert_uint_eq(p.disable_exits, VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_IDLE_HLT_MOOT_HLT_PASSTHROUGH));
}
END_TEST

START_TEST(kernel_6_14_vs_6_15)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;

	probe_host("amd-zen5-6.14", &h);
	ck_assert_str_eq(h.kernel_release, "6.14.11");
	decide(&h, 0xe, 0, &p);
	ck_assert_uint_eq(p.idle_hlt_active, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD));
	probe_host("amd-zen5-6.15", &h);
	decide(&h, 0xe, 0, &p);
	ck_assert_uint_eq(p.idle_hlt_active, 1);
}
END_TEST

START_TEST(clearcpuid_510)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;

	probe_host("amd-zen5-clearcpuid", &h);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_CLEARCPUID));
	ck_assert_uint_eq(h.clearcpuid_510, 1);
	/* Raw CPUID still has the bit: clearcpuid clears only the kernel's view. */
	ck_assert(h.cpuid_8000000a_edx & VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT);
	ck_assert_uint_eq(h.avic, 1);
	decide(&h, 0x1e, 0, &p);
	ck_assert_uint_eq(p.idle_hlt_active, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_IDLE_HLT_CLEARED_BY_CLEARCPUID));
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_AVIC_GLOBAL_ON));
}
END_TEST

/* clearcpuid=idle_hlt: the kernel cannot match the hidden flag's name and keeps
 * Idle HLT (measured, tests/x86-idle-hlt): only numbers count (lib/x86.md#host-facts). */
START_TEST(clearcpuid_name_ignored)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;

	probe_host("amd-zen5-clearcpuid-name", &h);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_CLEARCPUID));
	ck_assert_uint_eq(h.clearcpuid_510, 0);
	decide(&h, 0xe, 0, &p);
	ck_assert_uint_eq(p.idle_hlt_active, 1);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE));
}
END_TEST

START_TEST(mitigate_smt_rsb)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;

	probe_host("amd-zen2-smt-rsb", &h);
	ck_assert_uint_eq(h.mitigate_smt_rsb, 1);
	ck_assert_uint_eq(h.smt_rsb_bug, 1);
	ck_assert_uint_eq(h.cpuid_8000000a_edx & VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT, 0);
	/* kvm_get_allowed_disable_exits() leaves PAUSE only. */
	decide(&h, 0x4, VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY, &p);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH));
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_IDLE_HLT_CPU_LACKS));
	ck_assert_uint_eq(p.n_refusals, 2);
}
END_TEST

/* Erratum #1235 facts: CPUID.1:EAX decoded as the kernel's x86_family()/x86_model(), and kvm_amd.enable_ipiv. */
START_TEST(avic_erratum_facts)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;
	struct vcpuchar_x86_reason r;
	char buf[512];
	uint32_t k;

	/* Zen 2 (EPYC Rome, 0x00830f10) on 6.8: no enable_ipiv parameter, AVIC off. */
	probe_host("amd-zen2-smt-rsb", &h);
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_CPUID_SIGNATURE));
	ck_assert_uint_eq(h.cpuid_1_eax, 0x00830f10);
	ck_assert_uint_eq(h.family, 0x17);
	ck_assert_uint_eq(h.model, 0x31);
	ck_assert(!(h.have & (1u << VCPUCHAR_X86_FACT_ENABLE_IPIV)));
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_ENABLE_IPIV], -ENOENT);
	decide(&h, 0x4, 0, &p);
	ck_assert(!has_code(&p, VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235));
	/* The same host with AVIC on: the kernel cannot turn IPI virtualization off. */
	h.avic = 1;
	decide(&h, 0x4, 0, &p);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235));

	/* Hygon Dhyana (0x00900f01) on 6.18 without the Hygon fix: enable_ipiv Y. */
	probe_host("hygon-18h-6.18", &h);
	ck_assert_uint_eq(h.vendor, VCPUCHAR_X86_VENDOR_HYGON);
	ck_assert_uint_eq(h.family, 0x18);
	ck_assert_uint_eq(h.model, 0x0);
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_ENABLE_IPIV));
	ck_assert_uint_eq(h.enable_ipiv, 1);
	ck_assert_int_gt(vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_CPUID_SIGNATURE, buf, sizeof(buf)), 0);
	ck_assert_str_eq(buf, "cpuid_1_eax: 0x900f01, family 0x18 model 0x0 (CPUID.1:EAX)");
	decide(&h, 0xe, VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY, &p);
	ck_assert(p.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235));
	/* The last reason but 1.3's after it (66: MWAIT exits kept; 70: the guest kernel not given). */
	for (k = p.n_reasons; k-- > 1 && p.reasons[k].code >= VCPUCHAR_X86_REASON_MONITOR_HIDDEN_MWAIT_EXITS;)
		;
	r = p.reasons[k];
	ck_assert_uint_eq(r.code, VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235);
	ck_assert_uint_eq(r.value, 0);
	ck_assert_int_gt(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "kvm_amd.enable_ipiv is Y"));
	/* An operator's enable_ipiv=N removes the warning. */
	h.enable_ipiv = 0;
	decide(&h, 0xe, VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY, &p);
	ck_assert(!has_code(&p, VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235));
	/* A value outside 0-2 has no sentence. */
	r.value = 3;
	ck_assert_int_eq(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), -EINVAL);
}
END_TEST

/* A caller built before 1.2 (the struct up to reserved1) never gets the 1.2 facts' have bits. */
START_TEST(old_size_no_new_facts)
{
	size_t old = offsetof(struct vcpuchar_x86_host, reserved1) + sizeof(((struct vcpuchar_x86_host *)0)->reserved1);
	struct vcpuchar_x86_host h;
	struct fake_cpuid f = { .t = load_cpuid("hygon-18h-6.18") };
	g_autofree char *root = g_build_filename(VCPUCHAR_TEST_DATA, "x86-hosts", "hygon-18h-6.18", NULL);
	struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .root = root };

	memset(&h, 0xa5, sizeof(h));
	h.size = (uint32_t)old;
	ck_assert_int_eq(vcpuchar_x86_host_probe_with(-1, &opts, fake_cpuid, &f, &h), -EBADF);
	tsv_close(f.t);
	ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_AVIC));
	ck_assert(!(h.have & (1u << VCPUCHAR_X86_FACT_CPUID_SIGNATURE | 1u << VCPUCHAR_X86_FACT_ENABLE_IPIV)));
	/* Nothing past the caller's size was written. */
	ck_assert_uint_eq(h.cpuid_1_eax, 0xa5a5a5a5u);
}
END_TEST

/*
 * kvm_intel.tdx: module_param_named(tdx, enable_tdx, bool, 0444) in
 * arch/x86/kvm/vmx/tdx.c, Linux 6.16 (lib/x86.md#tdx). Read as Y on the
 * 6.16 fixture; missing (-ENOENT, no kvm_intel directory) on the 6.12 one.
 */
START_TEST(kvm_intel_tdx)
{
	struct vcpuchar_x86_host h;
	char buf[256];
	size_t old = offsetof(struct vcpuchar_x86_host, tdx);
	g_autofree char *root = g_build_filename(VCPUCHAR_TEST_DATA, "x86-hosts", "intel-tdx-6.16", NULL);
	struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .root = root };
	struct fake_cpuid f = { .t = load_cpuid("intel-tdx-6.16") };

	probe_host("intel-tdx-6.16", &h);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_TDX));
	ck_assert_uint_eq(h.tdx, 1);
	vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_TDX, buf, sizeof(buf));
	ck_assert_str_eq(buf, "tdx: 1 (/sys/module/kvm_intel/parameters/tdx)");
	probe_host("intel-spr", &h);
	ck_assert(!have(&h, VCPUCHAR_X86_FACT_TDX));
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_TDX], -ENOENT);
	/* A 1.2 caller's struct ends before tdx: the fact is never marked read in it, nothing written past it. */
	memset(&h, 0xa5, sizeof(h));
	h.size = (uint32_t)old;
	ck_assert_int_eq(vcpuchar_x86_host_probe_with(-1, &opts, fake_cpuid, &f, &h), -EBADF);
	tsv_close(f.t);
	ck_assert(!(h.have & (1u << VCPUCHAR_X86_FACT_TDX)));
	ck_assert_uint_eq(h.tdx, 0xa5a5a5a5u);
}
END_TEST

START_TEST(intel_vendor_gate)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;
	char buf[256];

	probe_host("intel-spr", &h);
	ck_assert_uint_eq(h.vendor, VCPUCHAR_X86_VENDOR_INTEL);
	/* The fixture answers 0x8000000A with EDX[30] set; the gate never reads it. */
	ck_assert(!have(&h, VCPUCHAR_X86_FACT_CPUID_SVM));
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_CPUID_SVM], -ENOTSUP);
	ck_assert_uint_eq(h.cpuid_8000000a_edx, 0);
	vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_CPUID_SVM, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "AMD/Hygon"));
	ck_assert(have(&h, VCPUCHAR_X86_FACT_KVM_AMD));
	ck_assert_uint_eq(h.kvm_amd, 0);
	ck_assert(!have(&h, VCPUCHAR_X86_FACT_AVIC));
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_AVIC], -ENOENT);
	decide(&h, 0xf, 0, &p);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_IDLE_HLT_NOT_AMD));
}
END_TEST

START_TEST(host_is_a_guest)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p;

	probe_host("intel-guest-6.18", &h);
	ck_assert_uint_eq(h.hypervisor, 1);
	ck_assert_uint_eq(h.cpuid_1_ecx, 0xfffa3203);
	ck_assert_uint_eq(h.smt_possible, 0); /* smt/control: notsupported */
	ck_assert_uint_eq(h.halt_poll_ns_shrink, 2);
	ck_assert_str_eq(h.kernel_release, "6.18.44-fc-v669");
	/* Neither kvm_amd nor kvm_intel: the other kvm_* entry is the vendor module. */
	ck_assert(have(&h, VCPUCHAR_X86_FACT_VENDOR_MODULE));
	ck_assert_str_eq(h.vendor_module, "kvm_pvm");
	decide(&h, 0xe, VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY, &p);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HOST_IS_GUEST));
	/* Nor KVM_HINTS_REALTIME: its pCPUs are vCPUs its own host can preempt. */
	ck_assert_uint_eq(p.hints_realtime, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_REALTIME_HINT_HOST_IS_GUEST));
	ck_assert_uint_eq(p.n_refusals, 2);
}
END_TEST

/* Which /sys/module entry names the vendor module, on made-up trees. */
START_TEST(vendor_module_rule)
{
	static const struct {
		const char *dirs; /* entries of sys/module, ',' separated; NULL: no sys/module */
		const char *expect;
		int error;
	} cases[] = {
		{ "kvm,kvm_amd,kvm_pvm", "kvm_amd", 0 },
		{ "kvm_pvm,kvm_intel", "kvm_intel", 0 },
		{ "kvm,kvm_zz,kvm_pvm,kvmgt,kvm_with_a_name_far_longer_than_31", "kvm_pvm", 0 },
		{ "kvm,vfio", "", 0 },
		{ NULL, "", -ENOENT },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *dir = g_dir_make_tmp("vcpuchar-probe-XXXXXX", NULL);
		struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .root = dir };
		struct vcpuchar_x86_host h = { .size = sizeof(h) };
		g_auto(GStrv) names = cases[i].dirs ? g_strsplit(cases[i].dirs, ",", -1) : NULL;

		for (int n = 0; names && names[n]; n++) {
			g_autofree char *d = g_build_filename(dir, "sys/module", names[n], NULL);

			ck_assert_int_eq(g_mkdir_with_parents(d, 0700), 0);
		}
		vcpuchar_x86_host_probe_with(-1, &opts, NULL, NULL, &h);
		ck_assert_msg(!strcmp(h.vendor_module, cases[i].expect), "%s: '%s'", cases[i].dirs, h.vendor_module);
		ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_VENDOR_MODULE], cases[i].error);
		ck_assert_uint_eq(have(&h, VCPUCHAR_X86_FACT_VENDOR_MODULE), cases[i].error == 0);
		ck_assert_int_eq(test_rm_tree(dir), 0);
	}
}
END_TEST

START_TEST(missing_and_bad_files)
{
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-probe-XXXXXX", NULL);
	g_autofree char *param_dir = g_build_filename(dir, "sys/module/kvm/parameters", NULL);
	g_autofree char *hp = g_build_filename(param_dir, "halt_poll_ns", NULL);
	g_autofree char *rsb = g_build_filename(param_dir, "mitigate_smt_rsb", NULL);
	struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .root = dir };
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);

	/* An empty root: nothing read, each says ENOENT; kvm_amd absence is a fact. */
	ck_assert_int_eq(vcpuchar_x86_host_probe_with(-1, &opts, NULL, NULL, &h), -EBADF);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_KERNEL_RELEASE], -ENOENT);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_HALT_POLL_NS], -ENOENT);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_CLEARCPUID], -ENOENT);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_CPUID_VENDOR], -ENOTSUP);
	ck_assert(have(&h, VCPUCHAR_X86_FACT_KVM_AMD));
	ck_assert_uint_eq(h.kvm_amd, 0);
	ck_assert_str_eq(h.kernel_release, "");

	/* Unparsable values are refused, not guessed. */
	ck_assert_int_eq(g_mkdir_with_parents(param_dir, 0700), 0);
	ck_assert(g_file_set_contents(hp, "lots\n", -1, NULL));
	ck_assert(g_file_set_contents(rsb, "maybe\n", -1, NULL));
	vcpuchar_x86_host_probe_with(-1, &opts, NULL, NULL, &h);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_HALT_POLL_NS], -EINVAL);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB], -EINVAL);
	ck_assert(!have(&h, VCPUCHAR_X86_FACT_HALT_POLL_NS));
	ck_assert(g_file_set_contents(hp, "99999999999999999999999\n", -1, NULL));
	vcpuchar_x86_host_probe_with(-1, &opts, NULL, NULL, &h);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_HALT_POLL_NS], -EINVAL);
	ck_assert_int_eq(test_rm_tree(dir), 0);
}
END_TEST

START_TEST(fifo_never_blocks)
{
	static const char *const fifos[] = {
		"proc/sys/kernel/osrelease", "proc/cpuinfo", "sys/module/kvm/parameters/halt_poll_ns",
		"sys/devices/system/cpu/smt/control",
	};
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-probe-XXXXXX", NULL);
	g_autofree char *cmdline = g_build_filename(dir, "proc/cmdline", NULL);
	struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .root = dir };
	struct vcpuchar_x86_host h = { .size = sizeof(h) };

	for (size_t i = 0; i < G_N_ELEMENTS(fifos); i++) {
		g_autofree char *path = g_build_filename(dir, fifos[i], NULL);
		g_autofree char *parent = g_path_get_dirname(path);

		ck_assert_int_eq(g_mkdir_with_parents(parent, 0700), 0);
		ck_assert_int_eq(mkfifo(path, 0600), 0);
	}
	ck_assert_int_eq(g_mkdir(cmdline, 0700), 0);
	/* A FIFO without a writer blocks open(2) forever unless O_NONBLOCK: the alarm ends a hang. */
	alarm(10);
	vcpuchar_x86_host_probe_with(-1, &opts, NULL, NULL, &h);
	alarm(0);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_KERNEL_RELEASE], -EINVAL);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_SMT_RSB_BUG], -EINVAL);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_HALT_POLL_NS], -EINVAL);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_SMT_CONTROL], -EINVAL);
	ck_assert_int_eq(h.error[VCPUCHAR_X86_FACT_CLEARCPUID], -EISDIR);
	ck_assert(!have(&h, VCPUCHAR_X86_FACT_KERNEL_RELEASE));
	ck_assert_int_eq(test_rm_tree(dir), 0);
	ck_assert(!g_file_test(dir, G_FILE_TEST_EXISTS));
}
END_TEST

START_TEST(bad_options)
{
	struct vcpuchar_probe_opts opts = { .size = sizeof(opts), .flags = 1 };
	struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host);

	ck_assert_int_eq(vcpuchar_x86_host_probe(-1, &opts, &h), -EINVAL);
	opts.flags = 0;
	opts.size = 2;
	ck_assert_int_eq(vcpuchar_x86_host_probe(-1, &opts, &h), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_host_probe(-1, NULL, NULL), -EINVAL);
	h.size = 3;
	ck_assert_int_eq(vcpuchar_x86_host_probe(-1, NULL, &h), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_host_describe(&h, 0, NULL, 0), -EINVAL);
	h.size = sizeof(h);
	ck_assert_int_eq(vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_N_FACTS, NULL, 0), -EINVAL);
	ck_assert_ptr_null(vcpuchar_x86_fact_name(VCPUCHAR_X86_N_FACTS));
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++)
		ck_assert_ptr_nonnull(vcpuchar_x86_fact_name(f));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-probe");
	TCase *tc = tcase_create("fixtures");

	tcase_add_test(tc, amd_zen5_idle_hlt);
	tcase_add_test(tc, kernel_6_14_vs_6_15);
	tcase_add_test(tc, clearcpuid_510);
	tcase_add_test(tc, clearcpuid_name_ignored);
	tcase_add_test(tc, mitigate_smt_rsb);
	tcase_add_test(tc, intel_vendor_gate);
	tcase_add_test(tc, kvm_intel_tdx);
	tcase_add_test(tc, vendor_module_rule);
	tcase_add_test(tc, host_is_a_guest);
	tcase_add_test(tc, avic_erratum_facts);
	tcase_add_test(tc, old_size_no_new_facts);
	tcase_add_test(tc, missing_and_bad_files);
	tcase_add_test(tc, fifo_never_blocks);
	tcase_add_test(tc, bad_options);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
