/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The other half of tests/abi/old-caller-1.0.c, built against today's
 * headers: the same calls with today's structs, each result handed back as
 * the first @n bytes (what a 1.0 struct holds), so that the 1.0 caller can
 * compare what it got with what a caller of this release gets.
 */
#include <string.h>

#include <vcpuchar.h>

#include "old-caller.h"

size_t today_sizeof(enum today_struct which)
{
	static const size_t sizes[] = {
		[TODAY_PROBE_OPTS] = sizeof(struct vcpuchar_probe_opts),
		[TODAY_PPC_HOST] = sizeof(struct vcpuchar_ppc_host),
		[TODAY_PPC_REQUEST] = sizeof(struct vcpuchar_ppc_request),
		[TODAY_PPC_GUEST_VIEW] = sizeof(struct vcpuchar_ppc_guest_view),
		[TODAY_PPC_RESULT] = sizeof(struct vcpuchar_ppc_result),
		[TODAY_PPC_MIGRATION] = sizeof(struct vcpuchar_ppc_migration),
		[TODAY_PPC_BASELINE] = sizeof(struct vcpuchar_ppc_baseline),
		[TODAY_PPC_WARNINGS] = sizeof(struct vcpuchar_ppc_warnings),
		[TODAY_X86_HOST] = sizeof(struct vcpuchar_x86_host),
		[TODAY_X86_VM] = sizeof(struct vcpuchar_x86_vm),
		[TODAY_X86_POLICY] = sizeof(struct vcpuchar_x86_policy),
		[TODAY_X86_VCPU_STATS] = sizeof(struct vcpuchar_x86_vcpu_stats),
		[TODAY_X86_VERDICT] = sizeof(struct vcpuchar_x86_verdict),
	};

	return sizes[which];
}

static void copy_out(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
}

int today_profile(const char *data, void *ppc, size_t ppc_n, void *x86, size_t x86_n)
{
	struct vcpuchar_ppc_host p = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	int r = vcpuchar_profile_load_data(data, strlen(data), &p, &x, NULL, 0);

	copy_out(ppc, &p, ppc_n);
	copy_out(x86, &x, x86_n);
	return r;
}

int today_ppc_decide(const char *data, uint32_t mode, uint32_t machine, uint32_t cpu, uint32_t caps_set,
		     const uint8_t caps[4], void *res, size_t res_n, void *warn, size_t warn_n)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result out = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	int r;

	vcpuchar_profile_load_data(data, strlen(data), &h, NULL, NULL, 0);
	req.mode = mode;
	req.machine = machine;
	req.cpu = cpu;
	req.caps_set = caps_set;
	req.caps = (struct vcpuchar_ppc_caps){ caps[0], caps[1], caps[2], caps[3] };
	r = vcpuchar_ppc_decide(&h, &req, &out);
	copy_out(res, &out, res_n);
	if (r == 0)
		r = vcpuchar_ppc_warnings_check(&h, &req, &w);
	copy_out(warn, &w, warn_n);
	return r;
}

int today_ppc_more(const char *data, uint64_t r4, uint64_t r5, void *view, size_t view_n, void *mig, size_t mig_n,
		   void *base, size_t base_n)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	const struct vcpuchar_ppc_host *hosts[2] = { &h, NULL };
	struct vcpuchar_ppc_guest_view v = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
	struct vcpuchar_ppc_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
	struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_caps levels, none = { 0 };
	int r = 0;

	vcpuchar_profile_load_data(data, strlen(data), &h, NULL, NULL, 0);
	r |= vcpuchar_ppc_guest_view(r4, r5, VCPUCHAR_PPC_CPU_POWER9, 0, &v);
	r |= vcpuchar_ppc_host_levels(&h, &levels) < 0;
	r |= vcpuchar_ppc_migration_check(&levels, &none, &m);
	r |= vcpuchar_ppc_baseline(hosts, 2, NULL, NULL, &b);
	copy_out(view, &v, view_n);
	copy_out(mig, &m, mig_n);
	copy_out(base, &b, base_n);
	return r;
}

int today_x86(const char *data, uint32_t vm_flags, void *policy, size_t policy_n, void *verdict, size_t verdict_n)
{
	struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_vcpu_stats before = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_vcpu_stats after = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_verdict v = VCPUCHAR_INIT(struct vcpuchar_x86_verdict);
	int r;

	vcpuchar_profile_load_data(data, strlen(data), NULL, &h, NULL, 0);
	vm.flags = vm_flags;
	r = vcpuchar_x86_decide(&h, &vm, &p);
	copy_out(policy, &p, policy_n);
	if (r)
		return r;
	today_stats(&before, &after);
	r = vcpuchar_x86_policy_verify(&p, &before, &after, 0, &v);
	copy_out(verdict, &v, verdict_n);
	return r;
}
