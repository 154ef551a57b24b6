/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Applying the x86 policy to real VMs on this machine's /dev/kvm, and
 * patching the real KVM_GET_SUPPORTED_CPUID. The only mock is the ioctl()
 * interposer below, used for fault injection: it makes chosen KVM calls fail
 * (the EINVAL fallback and a kernel without KVM_CAP_HALT_POLL cannot be
 * produced on demand on a real kernel).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <vcpuchar.h>

#include "ioctl-hook.h"
#include "test-common.h"

static int kvm_fd = -1;
static uint32_t fail_enable_cap; /* KVM_ENABLE_CAP of this cap fails with fail_errno */
static int fail_errno;
static long hide_cap = -1;       /* KVM_CHECK_EXTENSION of this cap answers 0 */

static bool inject(int fd, unsigned long req, void *arg, const void *caller, int *ret)
{
	if (req == KVM_ENABLE_CAP && fail_enable_cap && ((struct kvm_enable_cap *)arg)->cap == fail_enable_cap) {
		errno = fail_errno;
		*ret = -1;
		return true;
	}
	if (req == KVM_CHECK_EXTENSION && (long)arg == hide_cap) {
		*ret = 0;
		return true;
	}
	return false;
}

static void setup(void)
{
	fail_enable_cap = 0;
	hide_cap = -1;
}

static void probe(struct vcpuchar_x86_host *h)
{
	h->size = sizeof(*h);
	ck_assert_int_eq(vcpuchar_x86_host_probe(kvm_fd, NULL, h), 0);
}

/* A new VM (its fd, as KVM_CREATE_VM answered), then this host's facts in @h. */
static int vm_and_facts(struct vcpuchar_x86_host *h)
{
	int vm = ioctl(kvm_fd, KVM_CREATE_VM, 0);

	probe(h);
	return vm;
}

static bool has_code(const struct vcpuchar_x86_policy *p, uint32_t code)
{
	for (uint32_t i = 0; i < p->n_reasons; i++)
		if (p->reasons[i].code == code)
			return true;
	return false;
}

/* A VM of shared vCPUs with no other wish (the defaults). */
static const struct vcpuchar_x86_vm shared_vm = { .size = sizeof(struct vcpuchar_x86_vm) };

static const struct vcpuchar_x86_vm passthrough_vm = {
	.size = sizeof(struct vcpuchar_x86_vm),
	.flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY,
	.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE, /* this host is a VM: force lifts that check */
};

static bool kernel_at_least(unsigned major, unsigned minor)
{
	struct utsname u;
	unsigned a = 0, b = 0;

	uname(&u);
	sscanf(u.release, "%u.%u", &a, &b);
	return a > major || (a == major && b >= minor);
}

START_TEST(disable_exits_before_vcpu)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	int vm = vm_and_facts(&h);
	struct kvm_enable_cap again = { .cap = KVM_CAP_X86_DISABLE_EXITS };
	int allowed = ioctl(kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_X86_DISABLE_EXITS);

	ck_assert_int_ge(vm, 0);
	if (!(allowed & VCPUCHAR_X86_DISABLE_EXITS_HLT)) {
		printf("KVM does not allow disabling HLT exits here (mask 0x%x); testing the refusal\n", allowed);
		ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &passthrough_vm, 0, &p), 0);
		ck_assert_uint_eq(p.disable_exits, 0);
		ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK));
		close(vm);
		return;
	}
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &passthrough_vm, 0, &p), 0);
	ck_assert_uint_eq(p.disable_exits, (VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE) & allowed);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED));
	ck_assert(!has_code(&p, VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK));
	ck_assert_uint_eq(p.pv_unhalt, 0);
	/* KVM took the flags: a vCPU can be created, and after it no flag is accepted (6.14+). */
	ck_assert_int_ge(ioctl(vm, KVM_CREATE_VCPU, 0), 0);
	again.args[0] = VCPUCHAR_X86_DISABLE_EXITS_PAUSE;
	if (kernel_at_least(6, 14))
		ck_assert_int_eq(ioctl(vm, KVM_ENABLE_CAP, &again), -1);
	close(vm);
}
END_TEST

/*
 * Facts from elsewhere (a profile, another host) may allow more than this
 * kernel does. apply decides again with the kernel's KVM_CHECK_EXTENSION
 * answer, so the result describes what was applied (lib/x86.md#global-rules G3, #apply).
 */
START_TEST(kernel_mask_wins_over_facts)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_vm mwait = passthrough_vm;
	int allowed = ioctl(kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_X86_DISABLE_EXITS);
	int vm;

	probe(&h);
	/* Claim every flag; ask for MWAIT too. */
	h.disable_exits_allowed = VCPUCHAR_X86_DISABLE_EXITS_KNOWN;
	mwait.flags |= VCPUCHAR_X86_VM_WANT_MWAIT | VCPUCHAR_X86_VM_HALT_POLL_NS;
	mwait.halt_poll_ns = 777;
	vm = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	ck_assert_int_ge(vm, 0);
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &mwait, 0, &p), 0);
	ck_assert_uint_eq(p.disable_exits & ~(uint32_t)allowed, 0);
	if (!(allowed & VCPUCHAR_X86_DISABLE_EXITS_MWAIT))
		ck_assert(has_code(&p, VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED));
	close(vm);

	/* A kernel that allows nothing: HLT exits stay, and the policy says so. */
	hide_cap = KVM_CAP_X86_DISABLE_EXITS;
	vm = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	ck_assert_int_ge(vm, 0);
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &mwait, 0, &p), 0);
	hide_cap = -1;
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK));
	ck_assert(!has_code(&p, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED));
	ck_assert_uint_eq(p.pv_unhalt, 1);
	/* HLT exits are kept, so the caller's halt-poll value applies. */
	if (ioctl(kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_HALT_POLL) > 0) {
		ck_assert_uint_eq(p.halt_poll_set, 1);
		ck_assert_uint_eq(p.halt_poll_ns, 777);
	}
	close(vm);
}
END_TEST

START_TEST(disable_exits_after_vcpu)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	int vm = vm_and_facts(&h), vcpu;

	/* The caller says vCPUs exist: refused before any ioctl. */
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &passthrough_vm, VCPUCHAR_X86_APPLY_VCPUS_EXIST, &p), -EBUSY);
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	ck_assert_int_ge(vcpu, 0);
	/*
	 * Without the flag nothing asks KVM whether vCPUs exist (since 1.3): Linux 6.14+
	 * refuses the late KVM_ENABLE_CAP with EINVAL (c829ccd4d9dc), which falls back.
	 */
	if (kernel_at_least(6, 14)) {
		ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &passthrough_vm, 0, &p), 0);
		ck_assert_uint_eq(p.disable_exits, 0);
		if (ioctl(vm, KVM_CHECK_EXTENSION, KVM_CAP_X86_DISABLE_EXITS) > 0)
			ck_assert(has_code(&p, VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK));
	}
	/* Nothing to disable: fine at any time. */
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &shared_vm, 0, &p), 0);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &shared_vm, 1u << 5, &p), -EINVAL);
	close(vcpu);
	close(vm);
}
END_TEST

START_TEST(einval_falls_back)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	int vm = vm_and_facts(&h);

	h.disable_exits_allowed = 0xe; /* make sure the decision asks for HLT */
	if (!(ioctl(kvm_fd, KVM_CHECK_EXTENSION, KVM_CAP_X86_DISABLE_EXITS) & VCPUCHAR_X86_DISABLE_EXITS_HLT)) {
		close(vm);
		return;
	}
	fail_enable_cap = KVM_CAP_X86_DISABLE_EXITS;
	fail_errno = EINVAL;
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &passthrough_vm, 0, &p), 0);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK));
	ck_assert(!has_code(&p, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED));
	/* Recomputed for "HLT exits kept". */
	ck_assert_uint_eq(p.pv_unhalt, 1);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_PV_UNHALT_WITH_HLT_EXITS));
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT));
	ck_assert(!has_code(&p, VCPUCHAR_X86_REASON_HALT_POLL_MOOT_HLT_PASSTHROUGH));
	/* Any other error is returned, not hidden. */
	fail_errno = EIO;
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &passthrough_vm, 0, &p), -EIO);
	close(vm);
}
END_TEST

START_TEST(halt_poll)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_vm vm_cfg = { .size = sizeof(vm_cfg), .flags = VCPUCHAR_X86_VM_HALT_POLL_NS,
					  .halt_poll_ns = 50000 };
	int vm = vm_and_facts(&h), vcpu;

	if (h.halt_poll_cap == 0) {
		/* A kernel before 5.8: reported, not applied. */
		ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &vm_cfg, 0, &p), 0);
		ck_assert_uint_eq(p.halt_poll_set, 0);
		ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT));
		close(vm);
		return;
	}
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &vm_cfg, 0, &p), 0);
	ck_assert_uint_eq(p.halt_poll_set, 1);
	ck_assert_uint_eq(p.halt_poll_ns, 50000);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE));
	/* Allowed at any time, also after vCPUs exist (api.rst). KVM has no
	 * ioctl or stat that reads kvm->max_halt_poll_ns back, so acceptance is
	 * what can be checked. */
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	vm_cfg.halt_poll_ns = 0;
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &vm_cfg, 0, &p), 0);
	ck_assert_uint_eq(p.halt_poll_ns, 0);
	/* A kernel without the capability: reported, not applied. */
	hide_cap = KVM_CAP_HALT_POLL;
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &vm_cfg, 0, &p), 0);
	ck_assert_uint_eq(p.halt_poll_set, 0);
	ck_assert(has_code(&p, VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT));
	hide_cap = -1;
	/* KVM itself refuses a failing enable; the errno comes back. */
	fail_enable_cap = KVM_CAP_HALT_POLL;
	fail_errno = EINVAL;
	ck_assert_int_eq(vcpuchar_x86_apply(vm, &h, &vm_cfg, 0, &p), -EINVAL);
	close(vcpu);
	close(vm);
}
END_TEST

START_TEST(wrong_fds)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	int vm = vm_and_facts(&h), vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	int null_fd = open("/dev/null", O_RDONLY), closed = dup(null_fd);
	struct vcpuchar_x86_vcpu_stats st = TEST_OUT(struct vcpuchar_x86_vcpu_stats);

	close(closed);
	ck_assert_int_eq(vcpuchar_x86_apply(kvm_fd, &h, &shared_vm, 0, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_apply(vcpu, &h, &shared_vm, 0, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_apply(null_fd, &h, &shared_vm, 0, &p), -ENOTTY);
	ck_assert_int_eq(vcpuchar_x86_apply(closed, &h, &shared_vm, 0, &p), -EBADF);
	ck_assert_int_eq(vcpuchar_x86_apply(-1, &h, &shared_vm, 0, &p), -EBADF);
	ck_assert_int_eq(vcpuchar_x86_apply(vm, NULL, &shared_vm, 0, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_vcpu_stats_read(null_fd, &st), -ENOTTY);
	ck_assert_int_eq(vcpuchar_x86_vcpu_stats_read(closed, &st), -EBADF);
	ck_assert_int_eq(vcpuchar_x86_vcpu_stats_read(kvm_fd, &st), -EINVAL);
	ck_assert_uint_eq(st.have, TEST_GARBAGE_U32); /* untouched on failure */
	close(vcpu);
	close(vm);
	close(null_fd);
}
END_TEST

START_TEST(stats_of_a_new_vcpu)
{
	int vm = ioctl(kvm_fd, KVM_CREATE_VM, 0), vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	struct vcpuchar_x86_vcpu_stats st = TEST_OUT(struct vcpuchar_x86_vcpu_stats);

	ck_assert_int_eq(vcpuchar_x86_vcpu_stats_read(vcpu, &st), 0);
	/* Every statistic exists on this kernel, and a vCPU that never ran has none. */
	ck_assert_uint_eq(st.have, (1u << VCPUCHAR_X86_N_STATS) - 1);
	for (uint32_t i = 0; i < VCPUCHAR_X86_N_STATS; i++)
		ck_assert_uint_eq(st.values[i], 0);
	/* The VM fd has stats too, but not these per-vCPU ones. */
	ck_assert_int_eq(vcpuchar_x86_vcpu_stats_read(vm, &st), 0);
	ck_assert_uint_eq(st.have, 0);
	st.size = 1;
	ck_assert_int_eq(vcpuchar_x86_vcpu_stats_read(vcpu, &st), -EINVAL);
	close(vcpu);
	close(vm);
}
END_TEST

static struct kvm_cpuid2 *supported(void)
{
	struct kvm_cpuid2 *c = g_malloc0(sizeof(*c) + 512 * sizeof(c->entries[0]));

	c->nent = 512;
	ck_assert_int_eq(ioctl(kvm_fd, KVM_GET_SUPPORTED_CPUID, c), 0);
	return c;
}

static struct kvm_cpuid_entry2 *leaf(struct kvm_cpuid2 *c, uint32_t fn)
{
	for (uint32_t i = 0; i < c->nent; i++)
		if (c->entries[i].function == fn)
			return &c->entries[i];
	return NULL;
}

START_TEST(cpuid_patch_real_table)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_policy pt = TEST_OUT(struct vcpuchar_x86_policy), shared = { .size = sizeof(shared) };
	struct kvm_cpuid2 *c = supported();
	struct kvm_cpuid_entry2 *kvm, *svm;
	int vm, vcpu;

	probe(&h);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &passthrough_vm, &pt), 0);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &shared_vm, &shared), 0);
	/* Put IDLE_HLT into 0x8000000A as a careless VMM might (lib/x86.md#global-rules G1 must clear it). */
	svm = leaf(c, 0x8000000A);
	if (!svm) {
		svm = &c->entries[c->nent++];
		memset(svm, 0, sizeof(*svm));
		svm->function = 0x8000000A;
	}
	svm->edx |= VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT;

	ck_assert_int_eq(vcpuchar_x86_cpuid_patch((struct vcpuchar_x86_cpuid_entry *)c->entries, c->nent, &h, &pt), 0);
	kvm = leaf(c, 0x40000001);
	ck_assert_ptr_nonnull(kvm);
	ck_assert_uint_eq(kvm->eax & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT, 0);
	/* A host that is itself a VM (as CI runners are) gets no REALTIME and no POLL_CONTROL. */
	ck_assert_uint_eq(pt.hints_realtime, !h.hypervisor);
	ck_assert_uint_eq(kvm->eax & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL,
			  pt.poll_control ? h.kvm_features & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL : 0);
	ck_assert_uint_eq(kvm->edx & VCPUCHAR_X86_KVM_HINTS_REALTIME,
			  pt.hints_realtime ? VCPUCHAR_X86_KVM_HINTS_REALTIME : 0);
	ck_assert_uint_eq(leaf(c, 0x8000000A)->edx & VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT, 0);

	ck_assert_int_eq(vcpuchar_x86_cpuid_patch((struct vcpuchar_x86_cpuid_entry *)c->entries, c->nent, &h, &shared), 0);
	ck_assert_uint_eq(kvm->eax & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT, VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT);
	ck_assert_uint_eq(kvm->eax & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL, 0);
	ck_assert_uint_eq(kvm->edx & VCPUCHAR_X86_KVM_HINTS_REALTIME, 0);

	/* KVM accepts the patched table on a real vCPU. */
	vm = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	vcpu = ioctl(vm, KVM_CREATE_VCPU, 0);
	ck_assert_int_eq(ioctl(vcpu, KVM_SET_CPUID2, c), 0);
	close(vcpu);
	close(vm);

	/* Without the KVM signature leaf there is nothing to patch. */
	leaf(c, 0x40000000)->function = 0x3fffffff;
	ck_assert_int_eq(vcpuchar_x86_cpuid_patch((struct vcpuchar_x86_cpuid_entry *)c->entries, c->nent, &h, &pt),
			 -ENOENT);
	/* KVM's leaves behind another hypervisor's (base 0x40000100). */
	leaf(c, 0x3fffffff)->function = 0x40000100;
	kvm->function = 0x40000101;
	kvm->edx = 0;
	/* A policy with REALTIME, whatever this host is, to see the hint land in the moved leaf. */
	pt.hints_realtime = 1;
	ck_assert_int_eq(vcpuchar_x86_cpuid_patch((struct vcpuchar_x86_cpuid_entry *)c->entries, c->nent, &h, &pt), 0);
	ck_assert_uint_eq(kvm->edx & VCPUCHAR_X86_KVM_HINTS_REALTIME, VCPUCHAR_X86_KVM_HINTS_REALTIME);
	ck_assert_int_eq(vcpuchar_x86_cpuid_patch(NULL, 0, &h, &pt), -EINVAL);
	g_free(c);
}
END_TEST

int main(void)
{
	TCase *tc;
	Suite *s;

	ioctl_hook = inject;
	s = test_kvm_suite("x86-apply", &kvm_fd, &tc);
	if (!s)
		return 77;
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, disable_exits_before_vcpu);
	tcase_add_test(tc, disable_exits_after_vcpu);
	tcase_add_test(tc, kernel_mask_wins_over_facts);
	tcase_add_test(tc, einval_falls_back);
	tcase_add_test(tc, halt_poll);
	tcase_add_test(tc, wrong_fds);
	tcase_add_test(tc, stats_of_a_new_vcpu);
	tcase_add_test(tc, cpuid_patch_real_table);
	return run_suite(s);
}
