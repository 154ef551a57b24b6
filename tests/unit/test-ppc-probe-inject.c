/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Fault injection for vcpuchar_ppc_host_probe(): this executable's ioctl()
 * interposes on the library's for one fake fd, so each failure the probe can
 * meet (either ioctl failing, a kernel without the capability, qemu-user's
 * ENOSYS, a missing or malformed /proc/cpuinfo after a good answer) is
 * reached on any build host. Every other fd goes to the real kernel.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <sys/stat.h>

#include "ioctl-hook.h"
#include "ppc-kvm.h"
#include "test-ppc-util.h"

#define FAKE_FD 987654

/* What the fake fd answers; calls are counted in order. */
static struct {
	int check_ret, check_errno;
	int get_errno;
	struct vcpuchar_kvm_ppc_cpu_char words;
	/* The start facts: KVM_CAP_PPC_HTM, NESTED_HV, FWNMI, AIL_MODE_3 answers, SMMU flags or errno. */
	int htm, nested_hv, fwnmi, ail_mode_3;
	int smmu_errno;
	uint64_t smmu_flags;
	int calls;
	unsigned long seen[8];
} fake;

static bool fake_fd(int fd, unsigned long req, void *arg, const void *caller, int *ret)
{
	if (fd != FAKE_FD)
		return false;
	if (fake.calls < 8)
		fake.seen[fake.calls] = req;
	fake.calls++;
	*ret = -1;
	if (req == KVM_CHECK_EXTENSION && (unsigned long)arg != 151) {
		/* Linux include/uapi/linux/kvm.h: 129 HTM, 160 NESTED_HV, 182 FWNMI, 210 AIL_MODE_3. */
		switch ((unsigned long)arg) {
		case 129:
			*ret = fake.htm;
			break;
		case 160:
			*ret = fake.nested_hv;
			break;
		case 182:
			*ret = fake.fwnmi;
			break;
		case 210:
			*ret = fake.ail_mode_3;
			break;
		default:
			ck_abort_msg("unexpected capability %lu", (unsigned long)arg);
		}
		if (*ret < 0)
			errno = EINVAL;
	} else if (req == VCPUCHAR_KVM_PPC_GET_SMMU_INFO) {
		errno = fake.smmu_errno;
		if (!fake.smmu_errno) {
			memcpy(arg, &fake.smmu_flags, sizeof(fake.smmu_flags));
			*ret = 0;
		}
	} else if (req == KVM_CHECK_EXTENSION) {
		errno = fake.check_errno;
		if (!fake.check_errno)
			*ret = fake.check_ret;
	} else if (req == VCPUCHAR_KVM_PPC_GET_CPU_CHAR) {
		errno = fake.get_errno;
		if (!fake.get_errno) {
			memcpy(arg, &fake.words, sizeof(fake.words));
			*ret = 0;
		}
	} else {
		errno = ENOTTY;
	}
	return true;
}

static char *root;

static void setup(void)
{
	memset(&fake, 0, sizeof(fake));
	fake.check_ret = 1;
	root = g_dir_make_tmp("vcpuchar-probe-XXXXXX", NULL);
	ck_assert_ptr_nonnull(root);
}

static void teardown(void)
{
	ck_assert_int_eq(test_rm_tree(root), 0);
	g_free(root);
}

static void write_cpuinfo(const char *text)
{
	g_autofree char *proc = g_build_filename(root, "proc", NULL);
	g_autofree char *cpuinfo = g_build_filename(proc, "cpuinfo", NULL);

	ck_assert_int_eq(g_mkdir(proc, 0700), 0);
	ck_assert(g_file_set_contents(cpuinfo, text, -1, NULL));
}

static void set_cpuinfo(const char *text)
{
	g_autofree char *cpuinfo = g_build_filename(root, "proc", "cpuinfo", NULL);

	ck_assert(g_file_set_contents(cpuinfo, text, -1, NULL));
}

static int probe(struct vcpuchar_ppc_host *h)
{
	struct vcpuchar_probe_opts o = VCPUCHAR_INIT(struct vcpuchar_probe_opts);

	memset(h, 0x5a, sizeof(*h));
	h->size = sizeof(*h);
	o.root = root;
	return vcpuchar_ppc_host_probe(FAKE_FD, &o, h);
}

/* The POWER9 entry of a real pseries guest's /proc/cpuinfo, shape of show_cpuinfo(). */
#define P9_ENTRY "processor\t: 0\ncpu\t\t: POWER9 (architected), altivec supported\nclock\t\t: 2200.000000MHz\n" \
		 "revision\t: 2.2 (pvr 004e 1202)\n\n"

START_TEST(answer_fills_facts)
{
	struct vcpuchar_ppc_host h;
	struct utsname u;

	/* Measured pseries-path words with raw bits outside behaviour_mask. */
	fake.words = (struct vcpuchar_kvm_ppc_cpu_char){ 0x4400000000000000, 0x8180000000000000, 0xff40000000000000,
							 0xe400000000000000 };
	write_cpuinfo(P9_ENTRY);
	ck_assert_int_eq(probe(&h), 0);
	/* The words, then the start facts: four capabilities and the SMMU info. */
	ck_assert_int_eq(fake.calls, 7);
	ck_assert_uint_eq(fake.seen[0], KVM_CHECK_EXTENSION);
	ck_assert_uint_eq(fake.seen[1], VCPUCHAR_KVM_PPC_GET_CPU_CHAR);
	ck_assert_uint_eq(fake.seen[5], KVM_CHECK_EXTENSION);
	ck_assert_uint_eq(fake.seen[6], VCPUCHAR_KVM_PPC_GET_SMMU_INFO);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_KVM);
	ck_assert_uint_eq(h.valid, 1);
	ck_assert_int_eq(h.error, 0);
	ck_assert_uint_eq(h.character, 0x4400000000000000);
	ck_assert_uint_eq(h.behaviour, 0x8180000000000000);
	ck_assert_uint_eq(h.character_mask, 0xff40000000000000);
	ck_assert_uint_eq(h.behaviour_mask, 0xe400000000000000);
	ck_assert_uint_eq(h.pvr, 0x004e1202);
	ck_assert_uint_eq(h.power8, 0);
	ck_assert_int_eq(uname(&u), 0);
	ck_assert_str_eq(h.arch, u.machine);
	ck_assert_str_eq(h.kernel_release, u.release);
}
END_TEST

START_TEST(power8_family)
{
	static const struct {
		const char *pvr;
		uint32_t value, power8;
	} v[] = {
		{ "004b 0201", 0x004b0201, 1 }, /* POWER8E */
		{ "004c 0100", 0x004c0100, 1 }, /* POWER8NVL */
		{ "004d 0200", 0x004d0200, 1 }, /* POWER8 */
		{ "004e 1202", 0x004e1202, 0 }, /* POWER9 */
		{ "0080 0200", 0x00800200, 0 }, /* POWER10 */
		{ "003f 0201", 0x003f0201, 0 }, /* POWER7 */
	};

	fake.words.character_mask = 0xf940000000000000;
	for (size_t i = 0; i < G_N_ELEMENTS(v); i++) {
		g_autofree char *text = g_strdup_printf("processor\t: 0\nrevision\t: 2.1 (pvr %s)\n", v[i].pvr);
		struct vcpuchar_ppc_host h;

		if (i == 0)
			write_cpuinfo(text);
		else
			set_cpuinfo(text);
		ck_assert_int_eq(probe(&h), 0);
		ck_assert_msg(h.pvr == v[i].value && h.power8 == v[i].power8, "%s: pvr 0x%08x power8 %u", v[i].pvr,
			      h.pvr, h.power8);
	}
}
END_TEST

/* What the probe takes from <root>/proc/cpuinfo (NULL: no such file). */
static const struct {
	const char *what, *cpuinfo;
	uint32_t pvr, power8;
} cpuinfo_cases[] = {
	{ "the first entry's PVR wins",
	  "processor\t: 0\nrevision\t: 2.0 (pvr 004d 0200)\n\nprocessor\t: 1\nrevision\t: 2.2 (pvr 004e 1202)\n",
	  0x004d0200, 1 },
	{ "no cpuinfo: unknown, not an error", NULL, 0, 0 },
	{ "no \"(pvr\" at all (an x86 cpuinfo)", "processor\t: 0\nvendor_id\t: GenuineIntel\n", 0, 0 },
	{ "a malformed PVR", "revision : (pvr zz 1)\n", 0, 0 },
};

START_TEST(cpuinfo_pvr)
{
	struct vcpuchar_ppc_host h;

	fake.words.character_mask = 0xff40000000000000;
	if (cpuinfo_cases[_i].cpuinfo)
		write_cpuinfo(cpuinfo_cases[_i].cpuinfo);
	ck_assert_int_eq(probe(&h), 0);
	ck_assert_uint_eq(h.valid, 1);
	ck_assert_msg(h.pvr == cpuinfo_cases[_i].pvr && h.power8 == cpuinfo_cases[_i].power8,
		      "%s: pvr 0x%08x power8 %u", cpuinfo_cases[_i].what, h.pvr, h.power8);
}
END_TEST

START_TEST(zero_masks)
{
	struct vcpuchar_ppc_host h;

	/* The kernel's "I know nothing": success, but no information. */
	write_cpuinfo(P9_ENTRY);
	ck_assert_int_eq(probe(&h), 0);
	ck_assert_uint_eq(h.valid, 0);
	ck_assert_int_eq(h.error, 0);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_KVM);
	ck_assert_uint_eq(h.character, 0);
	ck_assert_uint_eq(h.pvr, 0x004e1202);
}
END_TEST

static void probe_fails(int want)
{
	struct vcpuchar_ppc_host h;

	write_cpuinfo(P9_ENTRY);
	ck_assert_int_eq(probe(&h), want);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_KVM);
	ck_assert_uint_eq(h.valid, 0);
	ck_assert_int_eq(h.error, want);
	ck_assert_uint_eq(h.character | h.behaviour | h.character_mask | h.behaviour_mask, 0);
	/* Nothing else is read after a failure. */
	ck_assert_uint_eq(h.pvr, 0);
	ck_assert_str_eq(h.arch, "");
	ck_assert_str_eq(h.kernel_release, "");
}

START_TEST(capability_absent)
{
	fake.check_ret = 0;
	fake.words.character_mask = 0xff40000000000000;
	probe_fails(-ENOTSUP);
	/* The VM ioctl is never tried without the capability. */
	ck_assert_int_eq(fake.calls, 1);
}
END_TEST

START_TEST(check_extension_fails)
{
	fake.check_errno = EIO;
	probe_fails(-EIO);
	ck_assert_int_eq(fake.calls, 1);
}
END_TEST

START_TEST(qemu_user_enosys)
{
	fake.check_errno = ENOSYS;
	probe_fails(-ENOSYS);
}
END_TEST

/* A FIFO in place of /proc/cpuinfo: no PVR, and no hang waiting for a writer. */
START_TEST(cpuinfo_fifo_never_blocks)
{
	g_autofree char *proc = g_build_filename(root, "proc", NULL);
	g_autofree char *cpuinfo = g_build_filename(proc, "cpuinfo", NULL);
	struct vcpuchar_ppc_host h;

	fake.words.character_mask = 0xff40000000000000;
	ck_assert_int_eq(g_mkdir(proc, 0700), 0);
	ck_assert_int_eq(mkfifo(cpuinfo, 0600), 0);
	alarm(10);
	ck_assert_int_eq(probe(&h), 0);
	alarm(0);
	ck_assert_uint_eq(h.valid, 1);
	ck_assert_uint_eq(h.pvr, 0);
}
END_TEST

START_TEST(get_fails)
{
	fake.get_errno = EFAULT;
	fake.words.character_mask = 0xff40000000000000;
	probe_fails(-EFAULT);
	ck_assert_int_eq(fake.calls, 2);
}
END_TEST

/* A device-tree CPU node as Linux exposes it: properties are files of big-endian cells. */
static void write_cpu_node(const char *node, const char *dec_bits, gssize len)
{
	g_autofree char *dir = g_build_filename(root, "proc", "device-tree", "cpus", node, NULL);
	g_autofree char *freq = g_build_filename(dir, "clock-frequency", NULL);
	g_autofree char *bits = g_build_filename(dir, "ibm,dec-bits", NULL);

	ck_assert_int_eq(g_mkdir_with_parents(dir, 0700), 0);
	ck_assert(g_file_set_contents(freq, "\x83\x21\x56\x00", 4, NULL));
	if (dec_bits)
		ck_assert(g_file_set_contents(bits, dec_bits, len, NULL));
}

/* What the probe reads for the start verdict, each fact read or left unknown. */
START_TEST(start_facts)
{
	struct vcpuchar_ppc_host h;

	fake.words.character_mask = 0xff40000000000000;
	/* A POWER9 KVM-HV host: no HTM capability, nested-hv and FWNMI offered, no AIL mode 3, PAGE_SIZES_REAL. */
	fake.htm = 0;
	fake.nested_hv = 1;
	fake.fwnmi = 1;
	fake.ail_mode_3 = 0;
	fake.smmu_flags = 0x1;
	/* 56 bits as one cell: the POWER9 value of skiboot's device tree. */
	write_cpu_node("PowerPC,POWER9@0", "\0\0\0\x38", 4);
	ck_assert_int_eq(probe(&h), 0);
	ck_assert_uint_eq(h.facts_read, VCPUCHAR_PPC_FACT_ALL);
	ck_assert_uint_eq(h.facts, VCPUCHAR_PPC_FACT_NESTED_HV | VCPUCHAR_PPC_FACT_FWNMI |
					   VCPUCHAR_PPC_FACT_PAGES_REAL | VCPUCHAR_PPC_FACT_DEC_BITS);
	ck_assert_uint_eq(h.dec_bits, 56);
	ck_assert_uint_eq(h.page_size, (uint32_t)sysconf(_SC_PAGESIZE));
}
END_TEST

START_TEST(start_facts_unknown)
{
	struct vcpuchar_ppc_host h;

	fake.words.character_mask = 0xff40000000000000;
	/* The checks fail (a kernel that says EINVAL), no SMMU info, no device tree: every fact unknown. */
	fake.htm = fake.nested_hv = fake.fwnmi = fake.ail_mode_3 = -1;
	fake.smmu_errno = EINVAL;
	ck_assert_int_eq(probe(&h), 0);
	ck_assert_uint_eq(h.facts_read, 0);
	ck_assert_uint_eq(h.facts, 0);
	ck_assert_uint_eq(h.dec_bits, 0);
}
END_TEST

START_TEST(start_facts_no_dec_bits)
{
	g_autofree char *skipped = g_build_filename(root, "proc", "device-tree", "cpus", "l2-cache@2000",
						    "clock-frequency", NULL);
	g_autofree char *dt = g_build_filename(root, "proc", "device-tree", NULL);
	struct vcpuchar_ppc_host h;

	fake.words.character_mask = 0xff40000000000000;
	/* A node without ibm,dec-bits (QEMU reads 0: no large decrementer), and a node QEMU skips first. */
	write_cpu_node("l2-cache@2000", NULL, 0);
	ck_assert_int_eq(g_remove(skipped), 0);
	write_cpu_node("PowerPC,POWER8@8", NULL, 0);
	ck_assert_int_eq(probe(&h), 0);
	ck_assert_uint_eq(h.facts_read & VCPUCHAR_PPC_FACT_DEC_BITS, VCPUCHAR_PPC_FACT_DEC_BITS);
	ck_assert_uint_eq(h.facts & VCPUCHAR_PPC_FACT_DEC_BITS, 0);
	ck_assert_uint_eq(h.dec_bits, 0);
	/* A property that is not one cell reads as none. */
	ck_assert_int_eq(test_rm_tree(dt), 0);
	write_cpu_node("PowerPC,POWER9@0", "\0\x38", 2);
	ck_assert_int_eq(probe(&h), 0);
	ck_assert_uint_eq(h.facts & VCPUCHAR_PPC_FACT_DEC_BITS, 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-probe-inject");
	TCase *tc = tcase_create("ppc-probe-inject");

	ioctl_hook = fake_fd;
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, answer_fills_facts);
	tcase_add_test(tc, start_facts);
	tcase_add_test(tc, start_facts_unknown);
	tcase_add_test(tc, start_facts_no_dec_bits);
	tcase_add_test(tc, power8_family);
	tcase_add_loop_test(tc, cpuinfo_pvr, 0, G_N_ELEMENTS(cpuinfo_cases));
	tcase_add_test(tc, zero_masks);
	tcase_add_test(tc, capability_absent);
	tcase_add_test(tc, check_extension_fails);
	tcase_add_test(tc, qemu_user_enosys);
	tcase_add_test(tc, get_fails);
	tcase_add_test(tc, cpuinfo_fifo_never_blocks);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
