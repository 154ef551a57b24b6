/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "x86-vectors.h"

#define HAVE(f) (1u << VCPUCHAR_X86_FACT_##f)

/* In "k=v,k=v" (or "-"): whether @key is given, and its value in @buf. */
static int kv(const char *list, const char *key, char *buf, size_t size)
{
	size_t klen = strlen(key);

	for (const char *p = list; *p;) {
		size_t n = strcspn(p, ",");

		if (n > klen && p[klen] == '=' && !strncmp(p, key, klen)) {
			snprintf(buf, size, "%.*s", (int)(n - klen - 1), p + klen + 1);
			return 1;
		}
		p += n + (p[n] == ',');
	}
	return 0;
}

static int kv_is(const char *list, const char *key, const char *want)
{
	char v[32];

	return kv(list, key, v, sizeof(v)) && !strcmp(v, want);
}

void x86_row_host(const struct tsv *t, unsigned i, struct vcpuchar_x86_host *h)
{
	const char *vendor = tsv_get(t, i, "vendor");
	const char *extra = tsv_has(t, "host_extra") ? tsv_get(t, i, "host_extra") : "-";
	int amd = !strcmp(vendor, "amd") || !strcmp(vendor, "hygon");
	char v[32];

	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	h->source = VCPUCHAR_SOURCE_CALLER;
	h->have = HAVE(CPUID_VENDOR) | HAVE(CPUID_HYPERVISOR) | HAVE(CPUID_EXT) | HAVE(CPUID_SVM) |
		  HAVE(DISABLE_EXITS) | HAVE(HALT_POLL_CAP) | HAVE(SUPPORTED_CPUID) | HAVE(HALT_POLL_NS) |
		  HAVE(MITIGATE_SMT_RSB) | HAVE(KVM_AMD) | HAVE(CLEARCPUID) | HAVE(SMT_RSB_BUG) | HAVE(SMT_CONTROL);
	h->vendor = !strcmp(vendor, "amd")   ? VCPUCHAR_X86_VENDOR_AMD :
		    !strcmp(vendor, "intel") ? VCPUCHAR_X86_VENDOR_INTEL :
		    !strcmp(vendor, "hygon") ? VCPUCHAR_X86_VENDOR_HYGON :
					       VCPUCHAR_X86_VENDOR_OTHER;
	h->cpuid_max_ext = 0x80000021;
	h->cpuid_80000001_ecx = amd && !kv_is(extra, "svm", "0") ? VCPUCHAR_X86_CPUID_80000001_ECX_SVM : 0;
	if (tsv_u64(t, i, "idle_hlt_cpuid", NULL))
		h->cpuid_8000000a_edx = VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT;
	h->hypervisor = (uint32_t)tsv_u64(t, i, "host_is_guest", NULL);
	h->disable_exits_allowed = (uint32_t)tsv_u64(t, i, "disable_exits_allowed", NULL);
	h->halt_poll_cap = 1;
	h->kvm_features = VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT | VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL;
	if (kv(extra, "kvm_features", v, sizeof(v)))
		h->kvm_features = (uint32_t)strtoul(v, NULL, 0);
	h->halt_poll_ns = 200000;
	if (kv(extra, "halt_poll_ns", v, sizeof(v)))
		h->halt_poll_ns = strtoull(v, NULL, 0);
	if (kv_is(extra, "halt_poll_cap", "0"))
		h->halt_poll_cap = 0;
	h->mitigate_smt_rsb = (uint32_t)tsv_u64(t, i, "mitigate_smt_rsb", NULL);
	h->kvm_amd = amd && !kv_is(extra, "kvm_amd", "0");
	if (amd) {
		h->have |= HAVE(NESTED) | HAVE(AVIC);
		h->nested = !kv_is(extra, "nested", "0");
		h->avic = kv_is(extra, "avic", "1");
	}
	if (kv_is(extra, "no_ext", "1")) {
		h->have &= ~HAVE(CPUID_EXT);
		h->cpuid_80000001_ecx = 0;
	}
	/* The CPU signature, as given (family and model spelled out by the row, not decoded here). */
	if (kv(extra, "cpuid_1_eax", v, sizeof(v))) {
		h->have |= HAVE(CPUID_SIGNATURE);
		h->cpuid_1_eax = (uint32_t)strtoul(v, NULL, 0);
		h->family = kv(extra, "family", v, sizeof(v)) ? (uint32_t)strtoul(v, NULL, 0) : 0;
		h->model = kv(extra, "model", v, sizeof(v)) ? (uint32_t)strtoul(v, NULL, 0) : 0;
	}
	/* kvm_amd.enable_ipiv: 0 or 1, "absent" (a kernel before 6.17), or not given (not read). */
	if (kv(extra, "enable_ipiv", v, sizeof(v))) {
		if (!strcmp(v, "absent")) {
			h->error[VCPUCHAR_X86_FACT_ENABLE_IPIV] = -ENOENT;
		} else {
			h->have |= HAVE(ENABLE_IPIV);
			h->enable_ipiv = !strcmp(v, "1");
		}
	}
	/* kvm_intel.tdx (since 1.3): 0 or 1, "absent" (no kvm_intel, or a kernel before 6.16), or not given. */
	if (kv(extra, "tdx", v, sizeof(v))) {
		if (!strcmp(v, "absent")) {
			h->error[VCPUCHAR_X86_FACT_TDX] = -ENOENT;
		} else {
			h->have |= HAVE(TDX);
			h->tdx = !strcmp(v, "1");
		}
	}
	h->clearcpuid_510 = (uint32_t)tsv_u64(t, i, "clearcpuid_510", NULL);
	h->smt_rsb_bug = kv_is(extra, "smt_rsb_bug", "1");
	h->smt_possible = !kv_is(extra, "smt_possible", "0");
	if (strcmp(tsv_get(t, i, "kernel"), "-"))
		snprintf(h->kernel_release, sizeof(h->kernel_release), "%s", tsv_get(t, i, "kernel"));
}

void x86_row_vm(const struct tsv *t, unsigned i, struct vcpuchar_x86_vm *vm)
{
	const char *cvm = tsv_get(t, i, "cvm");
	const char *ov = tsv_has(t, "overrides") ? tsv_get(t, i, "overrides") : "-";
	char v[32];

	memset(vm, 0, sizeof(*vm));
	vm->size = sizeof(*vm);
	vm->flags = (tsv_u64(t, i, "pinned", NULL) ? VCPUCHAR_X86_VM_PINNED : 0) |
		    (tsv_u64(t, i, "latency", NULL) ? VCPUCHAR_X86_VM_LATENCY : 0) |
		    (tsv_u64(t, i, "nested_guest", NULL) ? VCPUCHAR_X86_VM_NESTED_GUEST : 0) |
		    (kv_is(ov, "want_mwait", "1") ? VCPUCHAR_X86_VM_WANT_MWAIT : 0) |
		    (kv_is(ov, "want_cstate", "1") ? VCPUCHAR_X86_VM_WANT_CSTATE : 0) |
		    (kv_is(ov, "irqchip", "0") ? VCPUCHAR_X86_VM_NO_IRQCHIP : 0);
	vm->cvm = !strcmp(cvm, "sev")     ? VCPUCHAR_X86_CVM_SEV :
		  !strcmp(cvm, "sev-es")  ? VCPUCHAR_X86_CVM_SEV_ES :
		  !strcmp(cvm, "sev-snp") ? VCPUCHAR_X86_CVM_SEV_SNP :
		  !strcmp(cvm, "tdx")     ? VCPUCHAR_X86_CVM_TDX :
					    VCPUCHAR_X86_CVM_NONE;
	if (kv(ov, "hlt_passthrough", v, sizeof(v)))
		vm->hlt_passthrough = !strcmp(v, "force") ? VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE :
				      !strcmp(v, "never") ? VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER :
							    VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO;
	if (kv(ov, "halt_poll_ns", v, sizeof(v))) {
		vm->flags |= VCPUCHAR_X86_VM_HALT_POLL_NS;
		vm->halt_poll_ns = (uint32_t)strtoul(v, NULL, 0);
	}
	if (kv(ov, "cpu_mode", v, sizeof(v)))
		vm->cpu_mode =
			!strcmp(v, "other") ? VCPUCHAR_X86_CPU_MODE_OTHER : VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH;
	if (kv(ov, "idle_hlt_kvm", v, sizeof(v)))
		vm->idle_hlt_kvm = !strcmp(v, "present") ? VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT :
							   VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT;
	/* Since 1.3: the guest kernel ("6.1.192"), through the library's parse. */
	if (kv(ov, "guest_kernel", v, sizeof(v)) && vcpuchar_x86_kernel_parse(v, &vm->guest_kernel) < 0)
		vm->guest_kernel = UINT32_MAX;
}

char *x86_flags_str(uint32_t de, char *buf, size_t size)
{
	static const char *const names[] = { "MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF" };
	size_t n = 0;

	buf[0] = 0;
	for (int b = 0; b < 5; b++)
		if (de & (1u << b))
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? "|" : "", names[b]);
	if (!n)
		snprintf(buf, size, "none");
	return buf;
}

const struct x86_vector_file x86_vector_files[] = {
	{ "x86-policy.tsv", 0, 29 },      /* the decision table's rows; results may hold more codes */
	{ "x86-policy-extra.tsv", 1, 1 }, /* the project's own rows */
	{ "x86-field-rules.tsv", 1, 1 },  /* lib/x86.md#field-reports: each row a failure of the code before them */
};
const unsigned x86_n_vector_files = sizeof(x86_vector_files) / sizeof(x86_vector_files[0]);
