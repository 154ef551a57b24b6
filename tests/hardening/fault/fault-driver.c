/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Runs one library call under the fault shim and checks what every failure
 * must leave: a 0 or negative-errno return, "no information" facts that say
 * why, a description a person can act on, and the same open fds before and
 * after. Prints the facts on one line, so run-fault.sh can require that a
 * retried EINTR or a short read changes nothing. Exit 0 when every check
 * holds, 3 when one does not.
 *   fault-driver ppc-probe ROOT    vcpuchar_ppc_host_probe() on a real VM fd
 *   fault-driver profile-load FILE vcpuchar_profile_load() of [ppc] and [x86]
 *   fault-driver x86-probe ROOT    vcpuchar_x86_host_probe() on the real /dev/kvm
 *   fault-driver x86-stats         vcpuchar_x86_vcpu_stats_read() on a real vCPU
 *   fault-driver no-alloc          the decide functions allocate nothing
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/kvm.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <vcpuchar.h>

#include "fault-check.h"

/* /dev/kvm, or exit 77 saying why. */
static int kvm_or_skip(void)
{
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);

	if (kvm < 0) {
		printf("skip: /dev/kvm: %s\n", strerror(errno));
		exit(77);
	}
	return kvm;
}

static void ppc_facts_ok(int r, const struct vcpuchar_ppc_host *h)
{
	char why[512];
	int n = vcpuchar_ppc_host_describe(h, why, sizeof(why));

	check(r == 0 || (r < 0 && r > -4096), "return %d is neither 0 nor a negative errno", r);
	check(n > 0 && (size_t)n < sizeof(why), "describe returned %d", n);
	if (r < 0) {
		check(h->error == r && h->valid == 0 && h->source == VCPUCHAR_SOURCE_KVM,
		      "failure %d left error %d valid %u source %u", r, h->error, h->valid, h->source);
		check(!h->character && !h->behaviour && !h->character_mask && !h->behaviour_mask && !h->pvr,
		      "failure %d left words behind", r);
		check(!strncmp(why, "no information: ", 16) && strlen(why) > 30, "unhelpful description '%s'", why);
	}
	printf("r=%d valid=%u error=%d c=0x%016" PRIx64 " b=0x%016" PRIx64 " cm=0x%016" PRIx64 " bm=0x%016" PRIx64
	       " power8=%u pvr=0x%08x arch=%s release=%s\ndescribe: %s\n",
	       r, h->valid, h->error, h->character, h->behaviour, h->character_mask, h->behaviour_mask, h->power8,
	       h->pvr, h->arch, h->kernel_release, why);
}

static void ppc_probe(const char *root)
{
	struct vcpuchar_probe_opts o = VCPUCHAR_INIT(struct vcpuchar_probe_opts);
	struct vcpuchar_ppc_host h;
	int kvm = kvm_or_skip(), vm, r;

	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	check(vm >= 0, "KVM_CREATE_VM: %s", strerror(errno));
	o.root = root;
	FAULT_GARBAGE(h);
	r = FDS_KEPT("", vcpuchar_ppc_host_probe(vm, &o, &h));
	ppc_facts_ok(r, &h);
	close(vm);
	close(kvm);
}

static void profile_load(const char *path)
{
	struct vcpuchar_ppc_host h;
	struct vcpuchar_x86_host x;
	char err[512] = "";
	int r;

	FAULT_GARBAGE(h);
	FAULT_GARBAGE(x);
	r = FDS_KEPT("", vcpuchar_profile_load(path, &h, &x, err, sizeof(err)));
	check(r == 0 || (r < 0 && r > -4096), "return %d is neither 0 nor a negative errno", r);
	if (r < 0) {
		/* Nothing written, and the message names the file and the error. */
		check(h.source == 0x5a5a5a5a && x.source == 0x5a5a5a5a, "failure %d wrote the facts", r);
		check(!strncmp(err, path, strlen(path)) && strlen(err) > strlen(path) + 4, "unhelpful message '%s'",
		      err);
		printf("r=%d err=%s\n", r, err);
	} else {
		printf("r=0 valid=%u c=0x%016" PRIx64 " b=0x%016" PRIx64 " cm=0x%016" PRIx64 " bm=0x%016" PRIx64
		       " power8=%u pvr=0x%08x arch=%s\n",
		       h.valid, h.character, h.behaviour, h.character_mask, h.behaviour_mask, h.power8, h.pvr, h.arch);
		printf("x86 have=0x%08x vendor=%u disable_exits=0x%x release=%s\n", x.have, x.vendor,
		       x.disable_exits_allowed, x.kernel_release);
	}
}

static void x86_probe(const char *root)
{
	struct vcpuchar_probe_opts o = VCPUCHAR_INIT(struct vcpuchar_probe_opts);
	struct vcpuchar_x86_host h;
	int kvm = kvm_or_skip(), r;

	o.root = root;
	FAULT_GARBAGE(h);
	r = FDS_KEPT("", vcpuchar_x86_host_probe(kvm, &o, &h));
	x86_facts_ok(r, &h);
	close(kvm);
}

static void x86_stats(void)
{
	struct vcpuchar_x86_vcpu_stats st;
	int kvm = kvm_or_skip(), vm, vcpu, r;

	vm = ioctl(kvm, KVM_CREATE_VM, 0);
	vcpu = vm >= 0 ? ioctl(vm, KVM_CREATE_VCPU, 0) : -1;
	check(vcpu >= 0, "KVM_CREATE_VCPU: %s", strerror(errno));
	FAULT_GARBAGE(st);
	r = FDS_KEPT("", vcpuchar_x86_vcpu_stats_read(vcpu, &st));
	check(r == 0 || (r < 0 && r > -4096), "return %d is neither 0 nor a negative errno", r);
	if (r < 0) {
		check(st.have == 0x5a5a5a5a, "failure %d wrote the statistics", r);
		printf("r=%d\n", r);
	} else {
		printf("r=0 have=0x%x", st.have);
		for (uint32_t i = 0; i < VCPUCHAR_X86_N_STATS; i++)
			printf(" %s=%" PRIu64, vcpuchar_x86_stat_name(i), st.values[i]);
		printf("\n");
	}
	close(vcpu);
	close(vm);
	close(kvm);
}

/* Every decide function over a spread of inputs, counted by the shim's malloc hook. */
static void no_alloc(void)
{
	unsigned long (*total)(const char *) = (unsigned long (*)(const char *))dlsym(RTLD_DEFAULT, "fault_shim_total");
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_guest_view view = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
	struct vcpuchar_ppc_migration mig = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
	struct vcpuchar_ppc_caps caps, levels;
	unsigned long before, calls = 0;
	uint64_t r4, r5;
	uint32_t set, machine;
	char text[256];

	if (!total) {
		puts("skip: needs the fault shim (LD_PRELOAD)");
		exit(77);
	}
	/* The counter works: the profile loader allocates through GLib. */
	before = total("malloc");
	vcpuchar_profile_load_data("[ppc]\n", 6, &h, NULL, NULL, 0);
	check(total("malloc") > before, "the shim counted no allocation of the profile loader");
	h.size = sizeof(h);
	before = total("malloc");
	for (uint32_t i = 0; i < 4096; i++, calls += 11) {
		h.source = VCPUCHAR_SOURCE_CALLER;
		h.character = (i & 0xff) * UINT64_C(0x0101010101010101) & VCPUCHAR_H_CPU_CHAR_ALL;
		h.behaviour = (i >> 4) * UINT64_C(0x0123456789abcdef) & VCPUCHAR_H_CPU_BEHAV_ALL;
		h.character_mask = i & 1 ? VCPUCHAR_H_CPU_CHAR_ALL : 0;
		h.behaviour_mask = i & 2 ? VCPUCHAR_H_CPU_BEHAV_ALL : 0;
		h.valid = (h.character_mask || h.behaviour_mask) ? 1 : 0;
		req.mode = i % 3;
		req.accel = (i >> 2) & 1;
		req.machine = (i >> 3) & 3;
		req.caps_set = (i >> 5) & 0xf;
		vcpuchar_ppc_decide(&h, &req, &res);
		vcpuchar_ppc_host_levels(&h, &levels);
		vcpuchar_ppc_host_to_hcall(&h, &r4, &r5);
		vcpuchar_ppc_caps_to_hcall(&levels, &r4, &r5);
		vcpuchar_ppc_guest_view(r4, r5, 9, i & 3, &view);
		vcpuchar_ppc_migration_check(&levels, &res.effective_caps, &mig);
		vcpuchar_ppc_host_describe(&h, text, sizeof(text));
		vcpuchar_ppc_machine_defaults(req.machine, 0, &caps);
		vcpuchar_ppc_caps_parse("cap-cfpc=workaround,cap-ibs=fixed-ccd", &caps, &set, text, sizeof(text));
		vcpuchar_ppc_caps_parse("cap-cfpc=nonsense", &caps, &set, text, sizeof(text));
		vcpuchar_ppc_machine_parse(i & 1 ? "pseries-4.2" : "q35", &machine, text, sizeof(text));
	}
	for (uint32_t i = 0; i < 4096; i++, calls += 6) {
		struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
		struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
		struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
		struct vcpuchar_x86_cpuid_entry e[3] = {
			{ .function = 0x40000000, .ebx = 0x4b4d564b, .ecx = 0x564b4d56, .edx = 0x4d },
			{ .function = 0x40000001, .eax = 0xffffffff },
			{ .function = 0x8000000a, .edx = 0xffffffff },
		};

		x.source = VCPUCHAR_SOURCE_CALLER;
		x.have = i * 0x9e3779b9u & ((1u << VCPUCHAR_X86_N_FACTS) - 1);
		x.vendor = i % 5;
		x.cpuid_80000001_ecx = VCPUCHAR_X86_CPUID_80000001_ECX_SVM;
		x.cpuid_max_ext = 0x80000021;
		x.cpuid_8000000a_edx = i & 8 ? VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT : 0;
		x.disable_exits_allowed = i & VCPUCHAR_X86_DISABLE_EXITS_KNOWN;
		x.kvm_amd = (i >> 5) & 1;
		x.mitigate_smt_rsb = (i >> 6) & 1;
		x.smt_possible = (i >> 7) & 1;
		snprintf(x.kernel_release, sizeof(x.kernel_release), "6.%u.0", i % 20);
		vm.flags = (i >> 3) & 0x7f & ~VCPUCHAR_X86_VM_WANT_CSTATE;
		vm.cvm = x.vendor == VCPUCHAR_X86_VENDOR_AMD ? (i >> 10) & 3 : 0;
		vm.idle_hlt_kvm = (i >> 2) % 3;
		vcpuchar_x86_decide(&x, &vm, &p);
		vcpuchar_x86_cpuid_patch(e, 3, &x, &p);
		vcpuchar_x86_host_describe(&x, i % VCPUCHAR_X86_N_FACTS, text, sizeof(text));
		if (p.n_reasons)
			vcpuchar_x86_reason_text(&p.reasons[i % p.n_reasons], text, sizeof(text));
		vcpuchar_x86_exit_class(i & 1, i);
		vcpuchar_x86_reason_from_name(vcpuchar_x86_reason_name(i % (VCPUCHAR_X86_REASON_MAX + 1)) ?: "none");
	}
	check(total("malloc") == before, "%lu allocations in %lu decide calls", total("malloc") - before, calls);
	printf("decide: %lu calls, %lu allocations\n", calls, total("malloc") - before);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "ppc-probe"))
		ppc_probe(argv[2]);
	else if (argc == 3 && !strcmp(argv[1], "profile-load"))
		profile_load(argv[2]);
	else if (argc == 3 && !strcmp(argv[1], "x86-probe"))
		x86_probe(argv[2]);
	else if (argc == 2 && !strcmp(argv[1], "x86-stats"))
		x86_stats();
	else if (argc == 2 && !strcmp(argv[1], "no-alloc"))
		no_alloc();
	else {
		fputs("usage: fault-driver ppc-probe ROOT | profile-load FILE | x86-probe ROOT | x86-stats | no-alloc\n",
		      stderr);
		return 2;
	}
	return failed ? 3 : 0;
}
