/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Hostile CPUID for the x86 probe, through its private seam
 * (vcpuchar_x86_host_probe_with()): zero and all-ones registers, vendors with
 * odd bytes, extended-leaf limits around 0x8000000A, SVM bits on the wrong
 * vendor, and seeded random registers. For each, every fact must be read or
 * marked "not read" with its reason, the policy must still be decided, and
 * no fd may leak. Prints "cpuid: N personalities"; exit 3 on a broken check.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "fault-check.h"
#include "vcpuchar-private.h"

struct personality {
	const char *name;
	char vendor[13];
	uint32_t max_basic, max_ext, ecx_1, ecx_ext, edx_svm;
	uint32_t fill; /* every other register */
	uint64_t seed; /* non-zero: random registers */
};

static uint32_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s >> 16);
}

static void fake(uint32_t leaf, uint32_t subleaf, uint32_t regs[4], void *ctx)
{
	const struct personality *p = ctx;

	if (p->seed) {
		uint64_t s = p->seed ^ ((uint64_t)leaf << 20 | subleaf);

		for (int i = 0; i < 4; i++)
			regs[i] = next(&s);
		return;
	}
	for (int i = 0; i < 4; i++)
		regs[i] = p->fill;
	switch (leaf) {
	case 0:
		regs[0] = p->max_basic;
		memcpy(&regs[1], p->vendor, 4);
		memcpy(&regs[3], p->vendor + 4, 4);
		memcpy(&regs[2], p->vendor + 8, 4);
		break;
	case 1:
		regs[2] = p->ecx_1;
		break;
	case 0x80000000:
		regs[0] = p->max_ext;
		break;
	case 0x80000001:
		regs[2] = p->ecx_ext;
		break;
	case 0x8000000a:
		regs[3] = p->edx_svm;
		break;
	}
}

static const struct personality fixed[] = {
	{ "all zero", "", 0, 0, 0, 0, 0, 0, 0 },
	{ "all ones", "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff", 0xffffffff, 0xffffffff, 0xffffffff,
	  0xffffffff, 0xffffffff, 0xffffffff, 0 },
	{ "AMD, SVM, no leaf 0x8000000A", "AuthenticAMD", 0x10, 0x80000008, 0, 4, 0xffffffff, 0, 0 },
	{ "AMD, leaf 0x8000000A, no SVM", "AuthenticAMD", 0x10, 0x80000021, 0, 0, 0xffffffff, 0, 0 },
	{ "AMD with IDLE_HLT", "AuthenticAMD", 0x10, 0x80000021, 0x80000000, 4, 1u << 30, 0, 0 },
	{ "Hygon with IDLE_HLT", "HygonGenuine", 0x10, 0x80000021, 0, 4, 1u << 30, 0, 0 },
	{ "Intel answering 0x8000000A", "GenuineIntel", 0x1c, 0x80000008, 0x80000000, 4, 0xffffffff, 0x5a5a5a5a, 0 },
	{ "vendor with a NUL", "Auth\0nticAMD", 0x10, 0x80000021, 0, 4, 1u << 30, 0, 0 },
	{ "max_ext below 0x80000000", "AuthenticAMD", 0x10, 0x7fffffff, 0, 4, 1u << 30, 0, 0 },
	{ "max_ext past 0x8fffffff", "AuthenticAMD", 0x10, 0x90000000, 0, 4, 1u << 30, 0, 0 },
};

static void one(int kvm, const struct personality *p)
{
	struct vcpuchar_probe_opts o = VCPUCHAR_INIT(struct vcpuchar_probe_opts);
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy pol = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	int r;

	o.root = "/";
	FAULT_GARBAGE(h);
	r = FDS_KEPT(p->name, vcpuchar_x86_host_probe_with(kvm, &o, fake, (void *)p, &h));
	printf("== %s\n", p->name);
	x86_facts_ok(r, &h);
	check(h.vendor <= VCPUCHAR_X86_VENDOR_OTHER, "%s: vendor %u", p->name, h.vendor);
	/* The vendor gate of lib/x86.md#cpuid: leaf 0x8000000A only from AMD or Hygon with SVM. */
	if (h.have & (1u << VCPUCHAR_X86_FACT_CPUID_SVM))
		check((h.vendor == VCPUCHAR_X86_VENDOR_AMD || h.vendor == VCPUCHAR_X86_VENDOR_HYGON) &&
			      h.cpuid_max_ext >= 0x8000000a && (h.cpuid_80000001_ecx & 4),
		      "%s: leaf 0x8000000A read past the vendor gate", p->name);
	r = vcpuchar_x86_decide(&h, &vm, &pol);
	check(r == 0, "%s: decide returned %d", p->name, r);
}

int main(void)
{
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC), n = 0;

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++, n++)
		one(kvm, &fixed[i]);
	for (uint64_t seed = 1; seed <= 64; seed++, n++) {
		struct personality p = { .name = "random", .seed = seed * 0x9e3779b97f4a7c15u };

		one(kvm, &p);
	}
	if (kvm >= 0)
		close(kvm);
	printf("cpuid: %d personalities\n", n);
	return failed ? 3 : 0;
}
