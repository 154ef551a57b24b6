/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Turns a row of x86-policy*.tsv into host facts and a VM profile (lib/x86.md#test-vectors). */
#ifndef X86_VECTORS_H
#define X86_VECTORS_H

#include <stdbool.h>
#include <string.h>
#include <vcpuchar.h>

#include "test-common.h"

/* "k=v,k=v" or "-": the value of @key, or NULL. */
static inline char *kv_get(const char *list, const char *key)
{
	g_auto(GStrv) items = g_strsplit(list, ",", -1);

	for (int i = 0; items[i]; i++) {
		char *eq = strchr(items[i], '=');

		if (eq && (size_t)(eq - items[i]) == strlen(key) && !strncmp(items[i], key, strlen(key)))
			return g_strdup(eq + 1);
	}
	return NULL;
}

#define HAVE(f) (1u << VCPUCHAR_X86_FACT_##f)

/*
 * The fixed assumptions of lib/x86.md#test-vectors: AMD hosts have kvm_amd loaded,
 * SVM, leaf 0x8000000A and nested=1; PV_UNHALT and POLL_CONTROL supported;
 * kvm.halt_poll_ns at its x86 default 200000.
 */
static inline void x86_row_host(const struct tsv *t, guint i, struct vcpuchar_x86_host *h)
{
	const char *vendor = tsv_get(t, i, "vendor");
	const char *extra = tsv_has(t, "host_extra") ? tsv_get(t, i, "host_extra") : "-";
	const char *kernel = tsv_get(t, i, "kernel");
	bool amd = !strcmp(vendor, "amd") || !strcmp(vendor, "hygon");
	g_autofree char *svm = kv_get(extra, "svm");
	g_autofree char *kvm_amd = kv_get(extra, "kvm_amd");
	g_autofree char *nested = kv_get(extra, "nested");
	g_autofree char *avic = kv_get(extra, "avic");
	g_autofree char *bug = kv_get(extra, "smt_rsb_bug");
	g_autofree char *smt = kv_get(extra, "smt_possible");
	g_autofree char *no_ext = kv_get(extra, "no_ext");

	memset(h, 0, sizeof(*h));
	h->size = sizeof(*h);
	h->source = VCPUCHAR_SOURCE_CALLER;
	h->have = HAVE(CPUID_VENDOR) | HAVE(CPUID_HYPERVISOR) | HAVE(CPUID_EXT) | HAVE(CPUID_SVM) |
		  HAVE(DISABLE_EXITS) | HAVE(HALT_POLL_CAP) | HAVE(SUPPORTED_CPUID) | HAVE(HALT_POLL_NS) |
		  HAVE(MITIGATE_SMT_RSB) | HAVE(KVM_AMD) | HAVE(CLEARCPUID) | HAVE(SMT_RSB_BUG) |
		  HAVE(SMT_CONTROL);
	h->vendor = !strcmp(vendor, "amd")     ? VCPUCHAR_X86_VENDOR_AMD :
		    !strcmp(vendor, "intel")   ? VCPUCHAR_X86_VENDOR_INTEL :
		    !strcmp(vendor, "hygon")   ? VCPUCHAR_X86_VENDOR_HYGON :
						 VCPUCHAR_X86_VENDOR_OTHER;
	h->cpuid_max_ext = 0x80000021;
	h->cpuid_80000001_ecx = amd && !(svm && !strcmp(svm, "0")) ? VCPUCHAR_X86_CPUID_80000001_ECX_SVM : 0;
	/* Set even on Intel: the policy must ignore it there (vendor gate). */
	if (tsv_u64(t, i, "idle_hlt_cpuid", NULL))
		h->cpuid_8000000a_edx = VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT;
	h->hypervisor = (uint32_t)tsv_u64(t, i, "host_is_guest", NULL);
	h->disable_exits_allowed = (uint32_t)tsv_u64(t, i, "disable_exits_allowed", NULL);
	h->halt_poll_cap = 1;
	h->kvm_features = VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT | VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL;
	h->halt_poll_ns = 200000;
	h->mitigate_smt_rsb = (uint32_t)tsv_u64(t, i, "mitigate_smt_rsb", NULL);
	h->kvm_amd = amd && !(kvm_amd && !strcmp(kvm_amd, "0"));
	if (amd) {
		h->have |= HAVE(NESTED) | HAVE(AVIC);
		h->nested = !(nested && !strcmp(nested, "0"));
		h->avic = avic && !strcmp(avic, "1");
	}
	if (no_ext && !strcmp(no_ext, "1")) {
		h->have &= ~HAVE(CPUID_EXT);
		h->cpuid_80000001_ecx = 0;
	}
	h->clearcpuid_510 = (uint32_t)tsv_u64(t, i, "clearcpuid_510", NULL);
	h->smt_rsb_bug = bug && !strcmp(bug, "1");
	h->smt_possible = !(smt && !strcmp(smt, "0"));
	if (strcmp(kernel, "-"))
		g_strlcpy(h->kernel_release, kernel, sizeof(h->kernel_release));
}

static inline void x86_row_vm(const struct tsv *t, guint i, struct vcpuchar_x86_vm *vm)
{
	const char *cvm = tsv_get(t, i, "cvm");
	const char *ov = tsv_has(t, "overrides") ? tsv_get(t, i, "overrides") : "-";
	g_autofree char *hp = kv_get(ov, "hlt_passthrough");
	g_autofree char *mw = kv_get(ov, "want_mwait");
	g_autofree char *cs = kv_get(ov, "want_cstate");
	g_autofree char *ns = kv_get(ov, "halt_poll_ns");
	g_autofree char *cm = kv_get(ov, "cpu_mode");
	g_autofree char *irq = kv_get(ov, "irqchip");
	g_autofree char *ih = kv_get(ov, "idle_hlt_kvm");

	memset(vm, 0, sizeof(*vm));
	vm->size = sizeof(*vm);
	if (tsv_u64(t, i, "pinned", NULL))
		vm->flags |= VCPUCHAR_X86_VM_PINNED;
	if (tsv_u64(t, i, "latency", NULL))
		vm->flags |= VCPUCHAR_X86_VM_LATENCY;
	if (tsv_u64(t, i, "nested_guest", NULL))
		vm->flags |= VCPUCHAR_X86_VM_NESTED_GUEST;
	vm->cvm = !strcmp(cvm, "sev")     ? VCPUCHAR_X86_CVM_SEV :
		  !strcmp(cvm, "sev-es")  ? VCPUCHAR_X86_CVM_SEV_ES :
		  !strcmp(cvm, "sev-snp") ? VCPUCHAR_X86_CVM_SEV_SNP :
					    VCPUCHAR_X86_CVM_NONE;
	if (hp)
		vm->hlt_passthrough = !strcmp(hp, "force") ? VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE :
				      !strcmp(hp, "never") ? VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER :
							     VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO;
	if (mw && !strcmp(mw, "1"))
		vm->flags |= VCPUCHAR_X86_VM_WANT_MWAIT;
	if (cs && !strcmp(cs, "1"))
		vm->flags |= VCPUCHAR_X86_VM_WANT_CSTATE;
	if (ns) {
		vm->flags |= VCPUCHAR_X86_VM_HALT_POLL_NS;
		vm->halt_poll_ns = (uint32_t)g_ascii_strtoull(ns, NULL, 0);
	}
	if (cm)
		vm->cpu_mode = !strcmp(cm, "other") ? VCPUCHAR_X86_CPU_MODE_OTHER : VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH;
	if (irq && !strcmp(irq, "0"))
		vm->flags |= VCPUCHAR_X86_VM_NO_IRQCHIP;
	if (ih)
		vm->idle_hlt_kvm = !strcmp(ih, "present") ? VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT : VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT;
}

/* "none" or names in bit order joined by '|', as the vectors and the JSON spell them. */
static inline char *x86_flags_str(uint32_t de)
{
	static const char *const names[] = { "MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF" };
	GString *s = g_string_new(NULL);

	for (int b = 0; b < 5; b++)
		if (de & (1u << b))
			g_string_append_printf(s, "%s%s", s->len ? "|" : "", names[b]);
	if (!s->len)
		g_string_append(s, "none");
	return g_string_free(s, FALSE);
}

#endif
