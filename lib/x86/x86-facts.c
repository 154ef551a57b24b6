/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Names of the x86 host facts and one sentence per fact: its value, or why it is missing. */
#include <inttypes.h>
#include <stdio.h>

#include "vcpuchar-private.h"

static const struct {
	const char *name;
	const char *origin;
} facts[VCPUCHAR_X86_N_FACTS] = {
	[VCPUCHAR_X86_FACT_CPUID_VENDOR] = { "vendor", "CPUID leaf 0" },
	[VCPUCHAR_X86_FACT_CPUID_HYPERVISOR] = { "hypervisor", "CPUID.1:ECX[31]" },
	[VCPUCHAR_X86_FACT_CPUID_EXT] = { "cpuid_80000001_ecx", "CPUID 0x80000000/0x80000001" },
	[VCPUCHAR_X86_FACT_CPUID_SVM] = { "cpuid_8000000a_edx", "CPUID 0x8000000A, after the vendor gate" },
	[VCPUCHAR_X86_FACT_DISABLE_EXITS] = { "disable_exits_allowed", "KVM_CHECK_EXTENSION(KVM_CAP_X86_DISABLE_EXITS)" },
	[VCPUCHAR_X86_FACT_HALT_POLL_CAP] = { "halt_poll", "KVM_CHECK_EXTENSION(KVM_CAP_HALT_POLL)" },
	[VCPUCHAR_X86_FACT_BINARY_STATS_CAP] = { "binary_stats", "KVM_CHECK_EXTENSION(KVM_CAP_BINARY_STATS_FD)" },
	[VCPUCHAR_X86_FACT_SUPPORTED_CPUID] = { "supported_cpuid", "KVM_GET_SUPPORTED_CPUID" },
	[VCPUCHAR_X86_FACT_KERNEL_RELEASE] = { "kernel_release", "/proc/sys/kernel/osrelease" },
	[VCPUCHAR_X86_FACT_HALT_POLL_NS] = { "halt_poll_ns", "/sys/module/kvm/parameters/halt_poll_ns" },
	[VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW] = { "halt_poll_ns_grow", "/sys/module/kvm/parameters/halt_poll_ns_grow" },
	[VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START] = { "halt_poll_ns_grow_start",
		"/sys/module/kvm/parameters/halt_poll_ns_grow_start" },
	[VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK] = { "halt_poll_ns_shrink",
		"/sys/module/kvm/parameters/halt_poll_ns_shrink" },
	[VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB] = { "mitigate_smt_rsb", "/sys/module/kvm/parameters/mitigate_smt_rsb" },
	[VCPUCHAR_X86_FACT_KVM_AMD] = { "kvm_amd", "/sys/module/kvm_amd" },
	[VCPUCHAR_X86_FACT_AVIC] = { "avic", "/sys/module/kvm_amd/parameters/avic" },
	[VCPUCHAR_X86_FACT_NESTED] = { "nested", "/sys/module/kvm_amd/parameters/nested" },
	[VCPUCHAR_X86_FACT_SEV] = { "sev", "/sys/module/kvm_amd/parameters/sev" },
	[VCPUCHAR_X86_FACT_SEV_ES] = { "sev_es", "/sys/module/kvm_amd/parameters/sev_es" },
	[VCPUCHAR_X86_FACT_SEV_SNP] = { "sev_snp", "/sys/module/kvm_amd/parameters/sev_snp" },
	[VCPUCHAR_X86_FACT_CLEARCPUID] = { "clearcpuid", "clearcpuid= on /proc/cmdline" },
	[VCPUCHAR_X86_FACT_SMT_RSB_BUG] = { "smt_rsb_bug", "bugs line of /proc/cpuinfo" },
	[VCPUCHAR_X86_FACT_SMT_CONTROL] = { "smt_possible", "/sys/devices/system/cpu/smt/control" },
	[VCPUCHAR_X86_FACT_VENDOR_MODULE] = { "vendor_module", "/sys/module" },
	[VCPUCHAR_X86_FACT_CPUID_SIGNATURE] = { "cpuid_1_eax", "CPUID.1:EAX" },
	[VCPUCHAR_X86_FACT_ENABLE_IPIV] = { "enable_ipiv", "/sys/module/kvm_amd/parameters/enable_ipiv" },
	[VCPUCHAR_X86_FACT_TDX] = { "tdx", "/sys/module/kvm_intel/parameters/tdx" },
};

VCPUCHAR_EXPORT const char *vcpuchar_x86_fact_name(uint32_t fact)
{
	return fact < VCPUCHAR_X86_N_FACTS ? facts[fact].name : NULL;
}

static const char *vendor_name(uint32_t v)
{
	static const char *const names[] = { "unknown", "amd", "intel", "hygon", "other" };

	return v <= VCPUCHAR_X86_VENDOR_OTHER ? names[v] : "unknown";
}

static uint64_t value_of(const struct vcpuchar_x86_host *h, uint32_t fact)
{
	switch (fact) {
	case VCPUCHAR_X86_FACT_CPUID_HYPERVISOR: return h->hypervisor;
	case VCPUCHAR_X86_FACT_CPUID_EXT: return h->cpuid_80000001_ecx;
	case VCPUCHAR_X86_FACT_CPUID_SVM: return h->cpuid_8000000a_edx;
	case VCPUCHAR_X86_FACT_DISABLE_EXITS: return h->disable_exits_allowed;
	case VCPUCHAR_X86_FACT_HALT_POLL_CAP: return h->halt_poll_cap;
	case VCPUCHAR_X86_FACT_BINARY_STATS_CAP: return h->binary_stats_cap;
	case VCPUCHAR_X86_FACT_SUPPORTED_CPUID: return h->supported_nent;
	case VCPUCHAR_X86_FACT_HALT_POLL_NS: return h->halt_poll_ns;
	case VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW: return h->halt_poll_ns_grow;
	case VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START: return h->halt_poll_ns_grow_start;
	case VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK: return h->halt_poll_ns_shrink;
	case VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB: return h->mitigate_smt_rsb;
	case VCPUCHAR_X86_FACT_KVM_AMD: return h->kvm_amd;
	case VCPUCHAR_X86_FACT_AVIC: return h->avic;
	case VCPUCHAR_X86_FACT_NESTED: return h->nested;
	case VCPUCHAR_X86_FACT_SEV: return h->sev;
	case VCPUCHAR_X86_FACT_SEV_ES: return h->sev_es;
	case VCPUCHAR_X86_FACT_SEV_SNP: return h->sev_snp;
	case VCPUCHAR_X86_FACT_CLEARCPUID: return h->clearcpuid_510;
	case VCPUCHAR_X86_FACT_SMT_RSB_BUG: return h->smt_rsb_bug;
	case VCPUCHAR_X86_FACT_SMT_CONTROL: return h->smt_possible;
	case VCPUCHAR_X86_FACT_ENABLE_IPIV: return h->enable_ipiv;
	case VCPUCHAR_X86_FACT_TDX: return h->tdx;
	default: return 0;
	}
}

VCPUCHAR_EXPORT int vcpuchar_x86_host_describe(const struct vcpuchar_x86_host *host, uint32_t fact, char *buf,
					       size_t size)
{
	struct vcpuchar_x86_host hbuf;
	char eb[128];

	return_val_if_fail(host && vcpuchar_x86_host_ok(host), -EINVAL);
	return_val_if_fail(fact < VCPUCHAR_X86_N_FACTS, -EINVAL);
	return_val_if_fail(buf || size == 0, -EINVAL);
	host = VCPUCHAR_IN(host, &hbuf);

	if (!(host->have & (1u << fact))) {
		int err = host->error[fact];

		if (err == 0)
			return snprintf(buf, size, "%s: not read (%s)", facts[fact].name, facts[fact].origin);
		if (err == -ENODATA && host->source == VCPUCHAR_SOURCE_PROFILE)
			return snprintf(buf, size, "%s: not in the host profile (it has no [x86] group)", facts[fact].name);
		if (fact == VCPUCHAR_X86_FACT_CPUID_SVM && err == -ENOTSUP)
			return snprintf(buf, size, "%s: not read: leaf 0x8000000A is valid only on AMD/Hygon with SVM",
					facts[fact].name);
		return snprintf(buf, size, "%s: not read: %s (%s)", facts[fact].name, vcpuchar_strerror(-err, eb, sizeof(eb)),
				facts[fact].origin);
	}
	switch (fact) {
	case VCPUCHAR_X86_FACT_CPUID_VENDOR:
		return snprintf(buf, size, "%s: %s (%s)", facts[fact].name, vendor_name(host->vendor),
				facts[fact].origin);
	case VCPUCHAR_X86_FACT_KERNEL_RELEASE:
		/* The caller's array may lack a NUL: bound the read. */
		return snprintf(buf, size, "%s: %.*s (%s)", facts[fact].name,
				(int)strnlen(host->kernel_release, sizeof(host->kernel_release)), host->kernel_release,
				facts[fact].origin);
	case VCPUCHAR_X86_FACT_VENDOR_MODULE:
		/* The field may come from a caller: print at most its size, terminated or not. */
		if (!host->vendor_module[0])
			return snprintf(buf, size, "%s: none (no kvm_* entry in %s)", facts[fact].name,
					facts[fact].origin);
		return snprintf(buf, size, "%s: %.*s (%s/%.*s)", facts[fact].name, (int)sizeof(host->vendor_module),
				host->vendor_module, facts[fact].origin, (int)sizeof(host->vendor_module),
				host->vendor_module);
	case VCPUCHAR_X86_FACT_CPUID_SIGNATURE:
		return snprintf(buf, size, "%s: 0x%" PRIx32 ", family 0x%" PRIx32 " model 0x%" PRIx32 " (%s)",
				facts[fact].name, host->cpuid_1_eax, host->family, host->model, facts[fact].origin);
	case VCPUCHAR_X86_FACT_CPUID_EXT:
	case VCPUCHAR_X86_FACT_CPUID_SVM:
	case VCPUCHAR_X86_FACT_DISABLE_EXITS:
		return snprintf(buf, size, "%s: 0x%" PRIx64 " (%s)", facts[fact].name, value_of(host, fact),
				facts[fact].origin);
	default:
		return snprintf(buf, size, "%s: %" PRIu64 " (%s)", facts[fact].name, value_of(host, fact),
				facts[fact].origin);
	}
}
