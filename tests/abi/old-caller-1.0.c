/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A program built against the 1.0 headers (tests/abi/headers-1.0, as
 * released: `git show` of the 1.0.0 tree), run against this library: every
 * function that takes a size-led struct, with the 1.0 sizes. Each answer
 * must equal what a caller of today's headers gets for the same input
 * (tests/abi/old-caller-today.c), up to what the 1.0 struct holds, plus a
 * few values spelled out from the vectors of tests/data. A size below 1.0's
 * stays -EINVAL. Exit 0 on success; each failure is printed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vcpuchar.h> /* tests/abi/headers-1.0/vcpuchar.h: the include path has no other */

#include "old-caller.h"

#if VCPUCHAR_VERSION_MAJOR != 1 || VCPUCHAR_VERSION_MINOR != 0
#error "built against other headers than 1.0's"
#endif

static int failures;

#define CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond); \
			failures++; \
		} \
	} while (0)

/* The bytes a 1.0 caller has equal today's, but for the size word (each side's own). */
#define SAME(old, today) CHECK(memcmp((const char *)&(old) + 4, (const char *)(today) + 4, sizeof(old) - 4) == 0)

/* examples/profiles/power9-dd2.3-opal.profile: vector hl-p9-dd23-risk0 of tests/data/ppc-host-levels.tsv. */
static const char p9[] = "[host]\narch=ppc64le\n[ppc]\ncharacter=0x9840000000000000\nbehaviour=0xe400000000000000\n"
			 "character_mask=0xf940000000000000\nbehaviour_mask=0xe400000000000000\npower8=false\n";
/* examples/profiles/amd-zen5-idle-hlt-6.15.profile without its comments: an AMD Zen 5 host with Idle HLT. */
static const char amd[] =
	"[host]\n"
	"arch=x86_64\n"
	"kernel_release=6.15.0-1-amd64\n"
	"[x86]\n"
	"vendor=amd\n"
	"halt_poll_ns=200000\n"
	"clearcpuid=\n"
	"cpuid_80000001_ecx=0x75c237ff\n"
	"cpuid_8000000a_edx=0x5ebfbcff\n"
	"hypervisor=false\n"
	"mitigate_smt_rsb=false\n"
	"kvm_amd=true\n"
	"avic=false\n"
	"nested=true\n"
	"sev=false\n"
	"sev_es=false\n"
	"sev_snp=false\n"
	"smt_rsb_bug=false\n"
	"smt_possible=true\n"
	"halt_poll_ns_grow=2\n"
	"halt_poll_ns_grow_start=10000\n"
	"halt_poll_ns_shrink=0\n"
	"disable_exits_allowed=0xf\n"
	"halt_poll=true\n"
	"binary_stats=true\n";

static void sizes(void)
{
	/* 1.0's layout is today's for every struct but the request, which grew at its end in 1.1, and the
	 * host facts of both domains, which grew at their end in 1.2 (the POWER start facts, the x86
	 * CPU signature and enable_ipiv), and the x86 VM, which grew at its end in 1.3 (guest_kernel). */
	CHECK(sizeof(struct vcpuchar_ppc_request) == 28);
	CHECK(today_sizeof(TODAY_PPC_REQUEST) > sizeof(struct vcpuchar_ppc_request));
	CHECK(today_sizeof(TODAY_PROBE_OPTS) == sizeof(struct vcpuchar_probe_opts));
	CHECK(sizeof(struct vcpuchar_ppc_host) == 144);
	CHECK(today_sizeof(TODAY_PPC_HOST) > sizeof(struct vcpuchar_ppc_host));
	CHECK(today_sizeof(TODAY_PPC_GUEST_VIEW) == sizeof(struct vcpuchar_ppc_guest_view));
	CHECK(today_sizeof(TODAY_PPC_RESULT) >= sizeof(struct vcpuchar_ppc_result));
	CHECK(today_sizeof(TODAY_PPC_MIGRATION) == sizeof(struct vcpuchar_ppc_migration));
	CHECK(today_sizeof(TODAY_PPC_BASELINE) == sizeof(struct vcpuchar_ppc_baseline));
	CHECK(today_sizeof(TODAY_PPC_WARNINGS) == sizeof(struct vcpuchar_ppc_warnings));
	CHECK(today_sizeof(TODAY_X86_HOST) > sizeof(struct vcpuchar_x86_host));
	CHECK(today_sizeof(TODAY_X86_VM) > sizeof(struct vcpuchar_x86_vm));
	CHECK(today_sizeof(TODAY_X86_POLICY) >= sizeof(struct vcpuchar_x86_policy));
	CHECK(today_sizeof(TODAY_X86_VCPU_STATS) == sizeof(struct vcpuchar_x86_vcpu_stats));
	CHECK(today_sizeof(TODAY_X86_VERDICT) >= sizeof(struct vcpuchar_x86_verdict));
}

static void profiles(struct vcpuchar_ppc_host *ppc, struct vcpuchar_x86_host *x86)
{
	struct vcpuchar_ppc_host tp, parsed = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host tx;
	char path[] = "/tmp/vcpuchar-old-caller-XXXXXX", buf[512], tbuf[512];
	int fd;

	CHECK(vcpuchar_profile_load_data(p9, strlen(p9), ppc, NULL, buf, sizeof(buf)) == 0);
	CHECK(vcpuchar_profile_load_data(amd, strlen(amd), NULL, x86, buf, sizeof(buf)) == 0);
	CHECK(today_profile(p9, &tp, sizeof(tp), &tx, sizeof(tx)) == 0);
	SAME(*ppc, &tp);
	CHECK(ppc->size == sizeof(*ppc) && ppc->character == 0x9840000000000000 && ppc->valid == 1);
	CHECK(today_profile(amd, &tp, sizeof(tp), &tx, sizeof(tx)) == 0);
	SAME(*x86, &tx);
	CHECK(x86->vendor == VCPUCHAR_X86_VENDOR_AMD && x86->disable_exits_allowed == 0xf);

	CHECK(vcpuchar_ppc_host_parse("0x9840000000000000,0xe400000000000000,0xf940000000000000,0xe400000000000000",
				      &parsed, NULL, 0) == 0);
	CHECK(parsed.character == ppc->character && parsed.behaviour_mask == ppc->behaviour_mask);
	CHECK(vcpuchar_ppc_host_describe(ppc, buf, sizeof(buf)) > 0);
	CHECK(vcpuchar_x86_host_describe(x86, VCPUCHAR_X86_FACT_CPUID_SVM, buf, sizeof(buf)) > 0);

	/* Saved with 1.0 structs, loaded back the same. */
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd >= 0) {
		struct vcpuchar_ppc_host p2 = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

		close(fd);
		CHECK(vcpuchar_profile_save(path, ppc, NULL, tbuf, sizeof(tbuf)) == 0);
		CHECK(vcpuchar_profile_load(path, &p2, NULL, tbuf, sizeof(tbuf)) == 0);
		CHECK(p2.character == ppc->character && p2.behaviour == ppc->behaviour);
		unlink(path);
	}
}

static void ppc(const struct vcpuchar_ppc_host *host)
{
	const struct vcpuchar_ppc_host *hosts[2] = { host, NULL };
	struct vcpuchar_ppc_caps levels, none = { 0 };
	uint64_t r4, r5;

	/* tests/data/ppc-host-levels.tsv hl-p9-dd23-risk0: workaround, workaround, workaround, on. */
	CHECK(vcpuchar_ppc_host_levels(host, &levels) == 1);
	CHECK(levels.cfpc == VCPUCHAR_PPC_LEVEL_WORKAROUND && levels.sbbc == VCPUCHAR_PPC_LEVEL_WORKAROUND);
	CHECK(levels.ibs == VCPUCHAR_PPC_LEVEL_WORKAROUND && levels.ccf_assist == VCPUCHAR_PPC_LEVEL_ON);
	CHECK(vcpuchar_ppc_host_to_hcall(host, &r4, &r5) == 0);

	for (uint32_t mode = 0; mode <= VCPUCHAR_PPC_MODE_HOST; mode++) {
		struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
		static struct vcpuchar_ppc_result tres;
		static struct vcpuchar_ppc_warnings tw;
		const uint8_t caps[4] = { 1, 1, 1, 0 };
		int n;

		req.mode = mode;
		req.machine = VCPUCHAR_PPC_MACHINE_PSERIES;
		req.cpu = VCPUCHAR_PPC_CPU_POWER9;
		req.caps_set = mode == VCPUCHAR_PPC_MODE_CAPS ? 0xf : 0;
		req.caps = (struct vcpuchar_ppc_caps){ caps[0], caps[1], caps[2], caps[3] };
		CHECK(vcpuchar_ppc_decide(host, &req, &res) == 0);
		n = vcpuchar_ppc_warnings_check(host, &req, &w);
		CHECK(n >= 0 && (uint32_t)n == w.n_entries);
		CHECK(today_ppc_decide(p9, mode, req.machine, req.cpu, req.caps_set, caps, &tres, sizeof(tres), &tw,
				       sizeof(tw)) == n);
		/* Every byte a 1.0 result and warnings hold, R4/R5 and the guest view among them. */
		SAME(res, &tres);
		SAME(w, &tw);
		CHECK(res.size == sizeof(res) && w.size == sizeof(w));
		CHECK(res.r4 == tres.r4 && res.r5 == tres.r5 && res.r4 != 0);
		if (mode == VCPUCHAR_PPC_MODE_HOST) {
			CHECK(res.r4 == r4 && res.r5 == r5);
		} else if (mode == VCPUCHAR_PPC_MODE_HOST_MAX) {
			uint64_t c4, c5;

			/* host-max: the host's levels, and what QEMU answers for them. */
			CHECK(memcmp(&res.effective_caps, &levels, sizeof(levels)) == 0);
			CHECK(vcpuchar_ppc_caps_to_hcall(&levels, &c4, &c5) == 0 && res.r4 == c4 && res.r5 == c5);
		}
		/* Below the 1.0 size, as before. */
		req.size = 24;
		CHECK(vcpuchar_ppc_decide(host, &req, &res) == -EINVAL);
		CHECK(vcpuchar_ppc_warnings_check(host, &req, &w) == -EINVAL);
	}

	{
		struct vcpuchar_ppc_guest_view v = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
		struct vcpuchar_ppc_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
		struct vcpuchar_ppc_baseline b = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
		static struct vcpuchar_ppc_guest_view tv;
		static struct vcpuchar_ppc_migration tm;
		static struct vcpuchar_ppc_baseline tb;
		char qemu[VCPUCHAR_PPC_FORMAT_LEN];

		CHECK(vcpuchar_ppc_guest_view(r4, r5, VCPUCHAR_PPC_CPU_POWER9, 0, &v) == 0);
		CHECK(vcpuchar_ppc_migration_check(&levels, &none, &m) == 0);
		CHECK(vcpuchar_ppc_baseline(hosts, 2, NULL, NULL, &b) == 0);
		CHECK(today_ppc_more(p9, r4, r5, &tv, sizeof(tv), &tm, sizeof(tm), &tb, sizeof(tb)) == 0);
		SAME(v, &tv);
		SAME(m, &tm);
		SAME(b, &tb);
		/* Four caps above broken/off on the source: four errors (QEMU's spapr_caps_post_migration()). */
		CHECK(m.ok == 0 && m.n_errors == 4 && m.n_entries == 4);
		/* The host without information holds the fleet at broken/off. */
		CHECK(b.n_hosts == 2 && b.n_no_info == 1 && memcmp(&b.caps, &none, sizeof(none)) == 0);
		CHECK(vcpuchar_ppc_caps_format(&levels, VCPUCHAR_PPC_FORMAT_QEMU, qemu, sizeof(qemu), NULL) > 0);
		CHECK(strcmp(qemu, "cap-cfpc=workaround,cap-sbbc=workaround,cap-ibs=workaround,cap-ccf-assist=on") == 0);
	}
}

static void x86(const struct vcpuchar_x86_host *host)
{
	struct vcpuchar_probe_opts opts = VCPUCHAR_INIT(struct vcpuchar_probe_opts);
	struct vcpuchar_x86_host probed = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_ppc_host pprobed = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_vcpu_stats before = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_vcpu_stats after = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_verdict v = VCPUCHAR_INIT(struct vcpuchar_x86_verdict);
	/* KVM's signature leaf ("KVMKVMKVM\0\0\0") and its features leaf with PV_UNHALT and POLL_CONTROL. */
	struct vcpuchar_x86_cpuid_entry leaves[2] = {
		{ .function = 0x40000000, .eax = 0x40000001, .ebx = 0x4b4d564b, .ecx = 0x564b4d56, .edx = 0x4d },
		{ .function = 0x40000001, .eax = (1u << 12) | (1u << 7) },
	};
	static struct vcpuchar_x86_policy tp;
	static struct vcpuchar_x86_verdict tv;

	/* Pinned and latency-sensitive: HLT exits go (lib/x86.md's table); policy and verdict equal today's. */
	vm.flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY;
	CHECK(vcpuchar_x86_decide(host, &vm, &p) == 0);
	today_stats(&before, &after);
	CHECK(vcpuchar_x86_policy_verify(&p, &before, &after, 0, &v) == 0);
	CHECK(today_x86(amd, vm.flags, &tp, sizeof(tp), &tv, sizeof(tv)) == 0);
	SAME(p, &tp);
	SAME(v, &tv);
	CHECK(p.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT);
	CHECK(v.halt_exits == 500 && v.exits == 900);

	/* PV_UNHALT is cleared whenever HLT exits are disabled. */
	CHECK(vcpuchar_x86_cpuid_patch(leaves, 2, host, &p) == 0);
	CHECK(!(leaves[1].eax & (1u << 7)));

	/* The fd calls fail on the fd, never on a 1.0 size. */
	CHECK(vcpuchar_x86_host_probe(-1, &opts, &probed) == -EBADF);
	CHECK(vcpuchar_ppc_host_probe(-1, &opts, &pprobed) != -EINVAL);
	CHECK(vcpuchar_x86_apply(-1, host, &vm, 0, &p) == -EBADF);
	CHECK(vcpuchar_x86_vcpu_stats_read(-1, &before) == -EBADF);
	vm.size = 4;
	CHECK(vcpuchar_x86_decide(host, &vm, &p) == -EINVAL);
}

int main(void)
{
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host xhost = VCPUCHAR_INIT(struct vcpuchar_x86_host);

	sizes();
	profiles(&host, &xhost);
	ppc(&host);
	x86(&xhost);
	if (failures)
		fprintf(stderr, "%d check(s) failed against libvcpuchar %s\n", failures, vcpuchar_version());
	else
		printf("1.0 caller against libvcpuchar %s: every check passed\n", vcpuchar_version());
	return failures ? 1 : 0;
}
