/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * The HLT-exit policy (lib/x86.md#idle-hlt-inference to #decision-table): pure, no allocation,
 * no I/O. Reasons are collected in a bitmap and emitted in code order,
 * which is the order of lib/x86.md#reason-codes.
 */
#include <stddef.h>
#include <stdint.h>

#include "vcpuchar-private.h"

#define DX_HLT VCPUCHAR_X86_DISABLE_EXITS_HLT

/* The reasons, and what the field rules of the overrides collect on the way. */
/* KVM_HALT_POLL_NS_DEFAULT of arch/x86/include/asm/kvm_host.h: 200000 (lib/x86.md#halt-polling-cost). */
#define HALT_POLL_NS_DEFAULT 200000u

struct acc {
	struct vcpuchar_x86_reason_set r;
	uint32_t no_effect;     /* VCPUCHAR_X86_OVERRIDE_* bits of overrides that changed nothing */
	uint64_t lifted;        /* bit per refusal code hlt_passthrough=force lifted */
};
/* The value of override_lifted_refusal has a bit per code: the refusals force lifts are below 64. */
_Static_assert(VCPUCHAR_X86_REASON_HOST_IS_GUEST < 64 && VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED < 64 &&
		       VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH < 64,
	       "override_lifted_refusal: code not in its 64-bit value");

static void add(struct acc *a, uint32_t code)
{
	vcpuchar_x86_reason_add(&a->r, code);
}

static void add_value(struct acc *a, uint32_t code, uint64_t value)
{
	vcpuchar_x86_reason_add_value(&a->r, code, value);
}

static bool have(const struct vcpuchar_x86_host *h, uint32_t fact)
{
	return h->have & (1u << fact);
}

/* A fact's value, 0 when the fact was not read. */
static uint32_t fact_u32(const struct vcpuchar_x86_host *h, uint32_t fact, uint32_t value)
{
	return have(h, fact) ? value : 0;
}

/* Kernel release "X.Y..." to X << 16 | Y; false when it does not parse. */
static bool kernel_version(const char *release, size_t size, uint32_t *ret)
{
	uint32_t part[2] = { 0, 0 };
	const char *p = release, *end = release + size;

	/* The caller's array may lack a NUL: never read past its end. */
	for (int i = 0; i < 2; i++) {
		if (p == end || *p < '0' || *p > '9')
			return false;
		while (p < end && *p >= '0' && *p <= '9') {
			part[i] = part[i] * 10 + (uint32_t)(*p - '0');
			if (part[i] > 0xffff)
				return false;
			p++;
		}
		if (i == 0 && (p == end || *p++ != '.'))
			return false;
	}
	*ret = part[0] << 16 | part[1];
	return true;
}

static bool vendor_amd(const struct vcpuchar_x86_host *h)
{
	uint32_t v = fact_u32(h, VCPUCHAR_X86_FACT_CPUID_VENDOR, h->vendor);

	return v == VCPUCHAR_X86_VENDOR_AMD || v == VCPUCHAR_X86_VENDOR_HYGON;
}

/* lib/x86.md#tdx: TDX is Intel's (KVM's TDX code is in kvm_intel, arch/x86/kvm/vmx/tdx.c). */
static bool vendor_intel(const struct vcpuchar_x86_host *h)
{
	return fact_u32(h, VCPUCHAR_X86_FACT_CPUID_VENDOR, h->vendor) == VCPUCHAR_X86_VENDOR_INTEL;
}

/* The vendor a CVM type needs: Intel for a TD, AMD or Hygon for the SEV family. */
static bool cvm_vendor_ok(const struct vcpuchar_x86_host *h, uint32_t cvm)
{
	return cvm == VCPUCHAR_X86_CVM_NONE || (cvm == VCPUCHAR_X86_CVM_TDX ? vendor_intel(h) : vendor_amd(h));
}

/* lib/x86.md#idle-hlt-inference: whether KVM uses Idle HLT for this VM, and the one code that says why. */
static bool idle_hlt(const struct vcpuchar_x86_host *h, const struct vcpuchar_x86_vm *vm, uint32_t de,
		     struct acc *a)
{
	uint32_t ecx = h->cpuid_80000001_ecx;
	uint32_t edx = fact_u32(h, VCPUCHAR_X86_FACT_CPUID_SVM, h->cpuid_8000000a_edx);
	uint32_t kver = 0;
	bool kver_ok = kernel_version(h->kernel_release, sizeof(h->kernel_release), &kver);

	/*
	 * The override replaces only the kernel-release test: where an earlier
	 * gate decides, or the release already gives the same answer, it
	 * changes nothing, and the result says so (lib/x86.md#overrides).
	 */
	uint32_t ov_bit = vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT ? VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_PRESENT :
			  vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT  ? VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_ABSENT :
										  0;
	bool new_enough = kver_ok && kver >= (6u << 16 | 15);

	if (vm->idle_hlt_kvm != VCPUCHAR_X86_IDLE_HLT_KVM_AUTO)
		add_value(a, VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE, vm->idle_hlt_kvm);
	if ((ov_bit == VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_PRESENT && new_enough) ||
	    (ov_bit == VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_ABSENT && kver_ok && !new_enough))
		a->no_effect |= ov_bit;
	if (!vendor_amd(h)) {
		a->no_effect |= ov_bit;
		add(a, VCPUCHAR_X86_REASON_IDLE_HLT_NOT_AMD);
		return false;
	}
	/*
	 * The CPUID_SVM fact exists only once the vendor/extended-leaf gate
	 * passed; where leaf 0x80000001 was read too, its SVM bit must agree.
	 */
	if ((have(h, VCPUCHAR_X86_FACT_CPUID_EXT) && !(ecx & VCPUCHAR_X86_CPUID_80000001_ECX_SVM)) ||
	    !(edx & VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT)) {
		a->no_effect |= ov_bit;
		add(a, VCPUCHAR_X86_REASON_IDLE_HLT_CPU_LACKS);
		return false;
	}
	if (!fact_u32(h, VCPUCHAR_X86_FACT_KVM_AMD, h->kvm_amd)) {
		a->no_effect |= ov_bit;
		add(a, VCPUCHAR_X86_REASON_IDLE_HLT_KVM_AMD_ABSENT);
		return false;
	}
	if (vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT)
		return false;
	/*
	 * A release that is missing or does not parse is unknown, its own
	 * reason (field rule, lib/x86.md#field-reports), never "too old";
	 * Idle HLT still counts as not active, the conservative answer.
	 */
	if (vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_AUTO && !kver_ok) {
		add(a, VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN);
		return false;
	}
	if (vm->idle_hlt_kvm == VCPUCHAR_X86_IDLE_HLT_KVM_AUTO && !new_enough) {
		add_value(a, VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD, kver);
		return false;
	}
	if (fact_u32(h, VCPUCHAR_X86_FACT_CLEARCPUID, h->clearcpuid_510)) {
		add(a, VCPUCHAR_X86_REASON_IDLE_HLT_CLEARED_BY_CLEARCPUID);
		return false;
	}
	if (de & DX_HLT) {
		add(a, VCPUCHAR_X86_REASON_IDLE_HLT_MOOT_HLT_PASSTHROUGH);
		return false;
	}
	add(a, VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE);
	return true;
}

#define VM_FLAGS_KNOWN 0x7fu

/* Out-of-range enum fields are programming errors, as on the POWER side. */
static bool host_ok(const struct vcpuchar_x86_host *h)
{
	return vcpuchar_x86_host_ok(h) && h->source <= VCPUCHAR_SOURCE_CALLER &&
	       h->vendor <= VCPUCHAR_X86_VENDOR_OTHER && !(h->have >> VCPUCHAR_X86_N_FACTS);
}

static bool vm_ok(const struct vcpuchar_x86_vm *vm)
{
	return VCPUCHAR_SIZE_OK(vm) && !(vm->flags & ~VM_FLAGS_KNOWN) &&
	       vm->cvm <= VCPUCHAR_X86_CVM_TDX && vm->hlt_passthrough <= VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE &&
	       vm->cpu_mode <= VCPUCHAR_X86_CPU_MODE_OTHER && vm->idle_hlt_kvm <= VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT;
}

/*
 * lib/x86.md#architecture: facts of a host whose machine is not x86 (a
 * profile with arch=aarch64) describe no x86 KVM. "" is unknown and passes.
 */
static bool arch_x86(const struct vcpuchar_x86_host *h)
{
	static const char *const names[] = { "", "x86_64", "amd64", "i386", "i486", "i586", "i686" };

	/* strncmp() stops at the array's end: the caller's @arch may lack a NUL. */
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strncmp(h->arch, names[i], sizeof(h->arch)))
			return true;
	return false;
}

/*
 * lib/x86.md#cvm-checks: the module parameter that lets KVM create a CVM of
 * @cvm (kvm_amd sev, sev_es, sev_snp: arch/x86/kvm/svm/sev.c; kvm_intel tdx:
 * arch/x86/kvm/vmx/tdx.c, lib/x86.md#tdx), and whether it was read as off.
 * 0 for NONE.
 */
static uint32_t cvm_fact(uint32_t cvm)
{
	static const uint32_t facts[] = { 0, VCPUCHAR_X86_FACT_SEV, VCPUCHAR_X86_FACT_SEV_ES,
					  VCPUCHAR_X86_FACT_SEV_SNP, VCPUCHAR_X86_FACT_TDX };

	return cvm < VCPUCHAR_N_ELEMENTS(facts) ? facts[cvm] : 0;
}

static bool cvm_param_off(const struct vcpuchar_x86_host *h, uint32_t cvm)
{
	const uint32_t on[] = { 1, h->sev, h->sev_es, h->sev_snp, h->tdx };
	uint32_t f = cvm_fact(cvm);

	return f && cvm < VCPUCHAR_N_ELEMENTS(on) && have(h, f) && !on[cvm];
}

/* Inline in the decision; vcpuchar_x86_policy_check() for the other callers. */
static inline int policy_check(const struct vcpuchar_x86_host *h, const struct vcpuchar_x86_vm *vm)
{
	return_val_if_fail(h && vm && host_ok(h) && vm_ok(vm), -EINVAL);
	if (!arch_x86(h))
		return -ENOTSUP;
	/*
	 * A CVM on a host of another vendor is bad input (lib/x86.md#policy-inputs),
	 * so is one whose module parameter reads off (since 1.3,
	 * lib/x86.md#cvm-checks), and a TD without KVM's local APIC:
	 * tdx_vcpu_create() refuses it (lib/x86.md#tdx). One test for a VM
	 * that is no CVM: the decision's cost (tests/bench).
	 */
	if (__builtin_expect(vm->cvm != VCPUCHAR_X86_CVM_NONE, 0))
		return_val_if_fail(cvm_vendor_ok(h, vm->cvm) && !cvm_param_off(h, vm->cvm) &&
					   (vm->cvm != VCPUCHAR_X86_CVM_TDX || !(vm->flags & VCPUCHAR_X86_VM_NO_IRQCHIP)),
				   -EINVAL);
	/* MWAIT/CSTATE only add to HLT pass-through, which "never" rules out. */
	return_val_if_fail(vm->hlt_passthrough != VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER ||
				   !(vm->flags & (VCPUCHAR_X86_VM_WANT_MWAIT | VCPUCHAR_X86_VM_WANT_CSTATE)),
			   -EINVAL);
	return 0;
}

int vcpuchar_x86_policy_check(const struct vcpuchar_x86_host *h, const struct vcpuchar_x86_vm *vm)
{
	return policy_check(h, vm);
}

/* The inputs every part of the decision reads, taken from the facts (or the live answers) once. */
struct in {
	const struct vcpuchar_x86_host *h;
	const struct vcpuchar_x86_vm *vm;
	bool amd, pinned, latency, force, irqchip;
	bool want_pt;           /* pinned and (latency or force): pass-through is asked for */
	uint32_t allowed;       /* disable-exits flags KVM allows (lib/x86.md#global-rules G3) */
	bool allowed_read;      /* @allowed was read, not assumed 0 */
	bool halt_poll_cap;     /* KVM_CAP_HALT_POLL is offered */
	uint32_t exits_refused; /* flags KVM_ENABLE_CAP refused with EINVAL */
};

/*
 * lib/x86.md#row-selection: the row, and the flags for KVM_CAP_X86_DISABLE_EXITS.
 * Returns them (inside in->allowed); 0 keeps every exit.
 */
static uint32_t decide_exits(const struct in *in, struct acc *a)
{
	const struct vcpuchar_x86_host *h = in->h;
	const struct vcpuchar_x86_vm *vm = in->vm;
	bool want_pt, refused = false, guest, bug;
	uint32_t req;

	guest = fact_u32(h, VCPUCHAR_X86_FACT_CPUID_HYPERVISOR, h->hypervisor);
	/* SMT counts as possible unless the host said otherwise (KVM's cpu_smt_possible()). */
	bug = fact_u32(h, VCPUCHAR_X86_FACT_SMT_RSB_BUG, h->smt_rsb_bug) &&
	      (!have(h, VCPUCHAR_X86_FACT_SMT_CONTROL) || h->smt_possible);

	want_pt = in->want_pt;
	if (want_pt && vm->hlt_passthrough == VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER) {
		want_pt = false;
		add(a, VCPUCHAR_X86_REASON_CALLER_FORBIDS_HLT_PASSTHROUGH);
	} else if (vm->hlt_passthrough == VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER) {
		/* Pass-through was not going to happen: "never" changed nothing. */
		a->no_effect |= VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_NEVER;
	}
	if (want_pt) {
		/*
		 * The soft checks: force lifts them, and the result names each
		 * refusal it lifted (field rule, lib/x86.md#overrides).
		 */
		if (guest) {
			if (in->force)
				a->lifted |= UINT64_C(1) << VCPUCHAR_X86_REASON_HOST_IS_GUEST;
			else
				add(a, VCPUCHAR_X86_REASON_HOST_IS_GUEST);
			refused |= !in->force;
		}
		if (vm->cvm != VCPUCHAR_X86_CVM_NONE) {
			if (vm->cvm == VCPUCHAR_X86_CVM_TDX) {
				/* lib/x86.md#tdx: a TD's HLT always exits; nothing lifts that. */
				add(a, VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS);
				refused = true;
			} else {
				if (in->force)
					a->lifted |= UINT64_C(1) << VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED;
				else
					add(a, VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED);
				refused |= !in->force;
			}
		}
		if (fact_u32(h, VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB, h->mitigate_smt_rsb) || (bug && !in->force)) {
			add(a, VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH);
			refused = true;
		} else if (bug) {
			a->lifted |= UINT64_C(1) << VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH;
		}
		if (!(in->allowed & DX_HLT)) {
			/* An unread mask has no value to quote: the text says it was not read. */
			if (in->allowed_read)
				add_value(a, VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK, in->allowed);
			else
				add(a, VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK);
			refused = true;
		}
	}
	/* Force that did not get pass-through (shared pCPUs, a hard check) changed nothing. */
	if (in->force && (!want_pt || refused)) {
		a->no_effect |= VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_FORCE;
		a->lifted = 0;
	}

	/* MWAIT and CSTATE only ride along with HLT pass-through: without it they changed nothing. */
	if (!want_pt || refused || in->exits_refused) {
		if (vm->flags & VCPUCHAR_X86_VM_WANT_MWAIT)
			a->no_effect |= VCPUCHAR_X86_OVERRIDE_WANT_MWAIT;
		if (vm->flags & VCPUCHAR_X86_VM_WANT_CSTATE)
			a->no_effect |= VCPUCHAR_X86_OVERRIDE_WANT_CSTATE;
	}

	if (!in->pinned) {
		add(a, VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT);
		/* lib/x86.md#row-selection: force never lifts pinning; say why it was refused. */
		if (in->force)
			add(a, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCE_NEEDS_PINNING);
		if (in->latency)
			add(a, VCPUCHAR_X86_REASON_LATENCY_NEEDS_PINNING);
		return 0;
	}
	if (!want_pt || refused) {
		if (!in->latency)
			add(a, VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_PINNED_THROUGHPUT);
		return 0;
	}
	/* lib/x86.md#apply step 4: KVM said EINVAL to the flags; nothing is retried. */
	if (in->exits_refused) {
		add(a, VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK);
		return 0;
	}
	req = DX_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE;
	if (vm->flags & VCPUCHAR_X86_VM_WANT_MWAIT)
		req |= VCPUCHAR_X86_DISABLE_EXITS_MWAIT;
	if (vm->flags & VCPUCHAR_X86_VM_WANT_CSTATE)
		req |= VCPUCHAR_X86_DISABLE_EXITS_CSTATE;
	if (req & ~in->allowed)
		add_value(a, VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED, req & ~in->allowed);
	add(a, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED);
	/* lib/x86.md#row-selection, the procedure: "+ hlt_passthrough_forced if force". */
	if (in->force)
		add(a, VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCED);
	if (a->lifted)
		add_value(a, VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL, a->lifted);
	return req & in->allowed;
}

/*
 * Whether KVM_GET_SUPPORTED_CPUID lists a KVM feature bit (leaf 0x40000001
 * EAX): QEMU drops a feature KVM does not list (lib/x86.md#global-rules G4).
 * Unread, it counts as listed, as before the fact was used.
 */
static bool kvm_offers(const struct vcpuchar_x86_host *h, uint32_t feature)
{
	return !have(h, VCPUCHAR_X86_FACT_SUPPORTED_CPUID) || (h->kvm_features & feature);
}

/* The KVM paravirt hints: REALTIME and POLL_CONTROL, and PV_UNHALT (lib/x86.md#global-rules G2). */
static void decide_hints(const struct in *in, uint32_t de, struct vcpuchar_x86_policy *p, struct acc *a)
{
	/* A host that is a VM pins to vCPUs of its own host, which can preempt them. */
	bool guest = fact_u32(in->h, VCPUCHAR_X86_FACT_CPUID_HYPERVISOR, in->h->hypervisor);
	int reordered;

	/* REALTIME and POLL_CONTROL only with dedicated CPUs (field reports 3, 4).
	 * The CPU mode does not matter since 1.3: libvirt 9.0 and 11.3 define
	 * and start hint-dedicated with any mode, and QEMU sets the hint with
	 * any CPU model (lib/x86.md#qemu-and-libvirt). */
	p->hints_realtime = in->pinned && !guest;
	if (!in->pinned)
		add(a, VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_PINNING);
	else if (p->hints_realtime)
		add(a, VCPUCHAR_X86_REASON_REALTIME_HINT_DEDICATED);
	if (in->pinned && guest)
		add(a, VCPUCHAR_X86_REASON_REALTIME_HINT_HOST_IS_GUEST);
	p->poll_control = p->hints_realtime && kvm_offers(in->h, VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL);
	if (p->hints_realtime && !p->poll_control)
		add(a, VCPUCHAR_X86_REASON_POLL_CONTROL_NOT_SUPPORTED);
	else
		add(a, p->poll_control ? VCPUCHAR_X86_REASON_POLL_CONTROL_WITH_REALTIME
				       : VCPUCHAR_X86_REASON_POLL_CONTROL_NEEDS_DEDICATED);

	/* lib/x86.md#global-rules G2: no PV_UNHALT without HLT exits. */
	p->pv_unhalt = !(de & DX_HLT) && in->irqchip && kvm_offers(in->h, VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT);
	if (de & DX_HLT)
		add(a, VCPUCHAR_X86_REASON_PV_UNHALT_OFF_HLT_PASSTHROUGH);
	else if (!in->irqchip)
		add(a, VCPUCHAR_X86_REASON_PV_UNHALT_NEEDS_IRQCHIP);
	else
		add(a, p->pv_unhalt ? VCPUCHAR_X86_REASON_PV_UNHALT_WITH_HLT_EXITS
				    : VCPUCHAR_X86_REASON_PV_UNHALT_NOT_SUPPORTED);
	/*
	 * Linux arch/x86/kernel/kvm.c kvm_spinlock_init(): neither gives the
	 * test-and-set lock, whatever took PV_UNHALT away (pass-through, no
	 * irqchip, a KVM without it).
	 */
	if (!p->hints_realtime && !p->pv_unhalt)
		add(a, VCPUCHAR_X86_REASON_GUEST_TAS_SPINLOCK);
	/*
	 * lib/x86.md#guest-view rule 3: the guest kernel's order. Before the
	 * 2025 reorder PV_UNHALT is checked first, so REALTIME without it keeps
	 * the test-and-set lock and nopvspin, checked later, changes nothing;
	 * after it, REALTIME gives native qspinlock. Every pinned VM on a
	 * host that is not a VM has REALTIME, so nopvspin is never the
	 * remedy to offer (lib/x86.md#reason-codes, 72).
	 */
	reordered = vcpuchar_x86_guest_kernel_reordered(in->vm->guest_kernel);
	if (p->hints_realtime && !p->pv_unhalt) {
		if (reordered < 0)
			add(a, VCPUCHAR_X86_REASON_GUEST_SPINLOCK_KERNEL_UNKNOWN);
		else if (!reordered)
			add_value(a, VCPUCHAR_X86_REASON_GUEST_SPINLOCK_BEFORE_REORDER, in->vm->guest_kernel);
	}
}

/* Per-VM halt polling (KVM_CAP_HALT_POLL): only while HLT exits are kept. */
static void decide_halt_poll(const struct in *in, uint32_t de, struct vcpuchar_x86_policy *p, struct acc *a)
{
	const struct vcpuchar_x86_vm *vm = in->vm;

	if (de & DX_HLT) {
		add(a, VCPUCHAR_X86_REASON_HALT_POLL_MOOT_HLT_PASSTHROUGH);
		return;
	}
	/*
	 * arch/x86/kvm/x86.c __kvm_emulate_halt(): with the local APIC in the
	 * kernel (in-kernel or split irqchip) KVM halts the vCPU and polls;
	 * without it the HLT goes to the VMM and no halt polling happens.
	 */
	if (!in->irqchip) {
		add(a, VCPUCHAR_X86_REASON_HLT_EXITS_REACH_VMM);
		return;
	}
	add(a, VCPUCHAR_X86_REASON_HLT_HANDLED_IN_KERNEL);
	if (vm->flags & VCPUCHAR_X86_VM_HALT_POLL_NS) {
		add_value(a, VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE, vm->halt_poll_ns);
		/* Without the capability kvm.halt_poll_ns applies, whatever the caller asked. */
		if (!in->halt_poll_cap) {
			add(a, VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT);
			return;
		}
		p->halt_poll_set = 1;
		p->halt_poll_ns = vm->halt_poll_ns;
	} else if (have(in->h, VCPUCHAR_X86_FACT_HALT_POLL_NS)) {
		add_value(a, VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT, in->h->halt_poll_ns);
		/* lib/x86.md#halt-polling-cost: above KVM_HALT_POLL_NS_DEFAULT the default is no default. */
		if (in->h->halt_poll_ns > HALT_POLL_NS_DEFAULT)
			add_value(a, in->halt_poll_cap ? VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT
						       : VCPUCHAR_X86_REASON_HALT_POLL_ABOVE_DEFAULT_HOST_WIDE,
				  in->h->halt_poll_ns);
	} else {
		add(a, VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT);
	}
}

/*
 * lib/x86.md#avic-erratum-1235: AVIC on an AMD Family 17h or Hygon Family
 * 18h CPU, unless kvm_amd.enable_ipiv was read as N (the fix, or the
 * operator, turned IPI virtualization off).
 */
static void avic_erratum(const struct vcpuchar_x86_host *h, struct acc *a)
{
	uint32_t family = fact_u32(h, VCPUCHAR_X86_FACT_CPUID_SIGNATURE, h->family);
	bool cpu = (h->vendor == VCPUCHAR_X86_VENDOR_AMD && family == 0x17) ||
		   (h->vendor == VCPUCHAR_X86_VENDOR_HYGON && family == 0x18);

	if (!cpu)
		return;
	if (have(h, VCPUCHAR_X86_FACT_ENABLE_IPIV)) {
		if (h->enable_ipiv)
			add_value(a, VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235, 0);
	} else {
		add_value(a, VCPUCHAR_X86_REASON_AVIC_IPI_ERRATUM_1235,
			  h->error[VCPUCHAR_X86_FACT_ENABLE_IPIV] == -ENOENT ? 1 : 2);
	}
}

/*
 * Idle HLT: never exposed (lib/x86.md#global-rules G1), whether KVM uses it
 * (#idle-hlt-inference), and the notes on it.
 */
static void decide_idle_hlt(const struct in *in, uint32_t de, struct vcpuchar_x86_policy *p, struct acc *a)
{
	const struct vcpuchar_x86_host *h = in->h;
	const struct vcpuchar_x86_vm *vm = in->vm;

	p->expose_idle_hlt = 0;
	add(a, VCPUCHAR_X86_REASON_IDLE_HLT_NEVER_EXPOSED);
	p->idle_hlt_active = idle_hlt(h, vm, de, a);

	if (vm->cvm != VCPUCHAR_X86_CVM_NONE) {
		if (in->amd && vm->cvm == VCPUCHAR_X86_CVM_SEV)
			add(a, VCPUCHAR_X86_REASON_SEV_AVIC_INHIBITED);
		if (vm->cvm == VCPUCHAR_X86_CVM_TDX) {
			/*
			 * lib/x86.md#tdx: a TD's HLT is a TDG.VP.VMCALL KVM halts
			 * itself, and KVM reads the TD's pending interrupt from the
			 * TDX module; whether kvm_intel.tdx is on is unknown unless
			 * it was read (the checks refused it read as off).
			 */
			add(a, VCPUCHAR_X86_REASON_TDX_HLT_VIA_TDVMCALL);
			if (!have(h, VCPUCHAR_X86_FACT_TDX))
				add_value(a, VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN,
					  h->error[VCPUCHAR_X86_FACT_TDX] == -ENOENT ? 1 : 2);
		} else if (!p->idle_hlt_active && !(de & DX_HLT)) {
			/*
			 * Field rule (lib/x86.md#field-reports): HLT exits without
			 * Idle HLT on an SEV guest reach the VMM even with an
			 * interrupt pending, which it cannot read in the guest's
			 * state; it must re-check before blocking.
			 */
			add(a, VCPUCHAR_X86_REASON_CVM_RECHECK_PENDING_IRQ);
		}
	}
	if (in->amd && (vm->flags & VCPUCHAR_X86_VM_NESTED_GUEST)) {
		add(a, VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED);
		if (have(h, VCPUCHAR_X86_FACT_NESTED) && !h->nested)
			add(a, VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE);
	}
	/* lib/x86.md#decision-table row 9: AVIC is inhibited without an in-kernel irqchip and for SEV. */
	if (in->amd && fact_u32(h, VCPUCHAR_X86_FACT_AVIC, h->avic) && vm->cvm == VCPUCHAR_X86_CVM_NONE &&
	    in->irqchip) {
		if (!(de & DX_HLT))
			add(a, VCPUCHAR_X86_REASON_AVIC_GLOBAL_ON);
		avic_erratum(h, a);
	}
}

int vcpuchar_x86_policy_decide(const struct vcpuchar_x86_host *h, const struct vcpuchar_x86_vm *vm,
			       const struct vcpuchar_x86_live *live, struct vcpuchar_x86_policy *ret)
{
	struct in in;
	struct acc a;
	uint32_t size, de;
	int r;

	r = policy_check(h, vm);
	if (r)
		return r;
	return_val_if_fail(VCPUCHAR_SIZE_OK(ret), -EINVAL);

	in.h = h;
	in.vm = vm;
	in.amd = vendor_amd(h);
	in.pinned = vm->flags & VCPUCHAR_X86_VM_PINNED;
	in.latency = vm->flags & VCPUCHAR_X86_VM_LATENCY;
	in.force = vm->hlt_passthrough == VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE;
	in.irqchip = !(vm->flags & VCPUCHAR_X86_VM_NO_IRQCHIP);
	in.want_pt = in.pinned && (in.latency || in.force);
	if (live) {
		/* What this kernel answered for this VM replaces the facts (lib/x86.md#global-rules G3). */
		in.allowed = live->disable_exits_allowed & VCPUCHAR_X86_DISABLE_EXITS_KNOWN;
		in.allowed_read = true;
		in.halt_poll_cap = live->halt_poll_cap;
		in.exits_refused = live->exits_refused;
	} else {
		/* lib/x86.md#global-rules G3: a kernel without the capability allows nothing. */
		in.allowed = fact_u32(h, VCPUCHAR_X86_FACT_DISABLE_EXITS, h->disable_exits_allowed) &
			     VCPUCHAR_X86_DISABLE_EXITS_KNOWN;
		in.allowed_read = have(h, VCPUCHAR_X86_FACT_DISABLE_EXITS);
		/* Unread, the capability is assumed (Linux 5.8+); read as 0, it is absent. */
		in.halt_poll_cap = !have(h, VCPUCHAR_X86_FACT_HALT_POLL_CAP) || h->halt_poll_cap;
		in.exits_refused = 0;
	}

	/* Every check is done: from here on @ret is the result (no copy at the end). */
	memset(a.r.set, 0, sizeof(a.r.set));
	memset(a.r.has_value, 0, sizeof(a.r.has_value));
	a.no_effect = 0;
	a.lifted = 0;
	size = ret->size;
	/* Reasons past n_reasons stay unwritten: zeroing them measured 2.1-2.5x the inline code, not 1.7x (tests/bench). */
	memset(ret, 0, offsetof(struct vcpuchar_x86_policy, reasons));
	ret->size = size;

	de = decide_exits(&in, &a);
	ret->disable_exits = de;
	decide_hints(&in, de, ret, &a);
	decide_halt_poll(&in, de, ret, &a);
	decide_idle_hlt(&in, de, ret, &a);
	if (a.no_effect)
		add_value(&a, VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT, a.no_effect);
	/* lib/x86.md#monitor: the CPUID patch hides MONITOR unless MWAIT exits are disabled. */
	if (!(de & VCPUCHAR_X86_DISABLE_EXITS_MWAIT))
		add(&a, VCPUCHAR_X86_REASON_MONITOR_HIDDEN_MWAIT_EXITS);
	ret->n_reasons = vcpuchar_x86_reason_emit(&a.r, ret->reasons, &ret->n_refusals);
	return 0;
}

void vcpuchar_x86_policy_out(struct vcpuchar_x86_policy *out, struct vcpuchar_x86_policy *p)
{
	uint32_t n = VCPUCHAR_ENTRIES(out, reasons, p->n_reasons);

	/* GCOVR_EXCL_START: reached once this struct has grown past its first release (test-growth tests the mechanism). */
	if (n < p->n_reasons) {
		p->n_reasons = n;
		p->n_refusals = 0;
		for (uint32_t i = 0; i < n; i++)
			p->n_refusals += vcpuchar_x86_reason_class(p->reasons[i].code) == VCPUCHAR_X86_REASON_CLASS_REFUSAL;
	}
	/* GCOVR_EXCL_STOP */
	VCPUCHAR_OUT_END(out, p);
}

VCPUCHAR_EXPORT int vcpuchar_x86_policy_lifted(const struct vcpuchar_x86_policy *policy, uint32_t code)
{
	return_val_if_fail(policy && VCPUCHAR_SIZE_OK(policy), -EINVAL);
	return_val_if_fail(policy->n_reasons <= VCPUCHAR_ENTRIES(policy, reasons, VCPUCHAR_X86_MAX_REASONS), -EINVAL);
	if (code > VCPUCHAR_X86_REASON_MAX)
		return -ERANGE;
	/* Every code force can lift is below 64 in this release (the assertion at struct acc). */
	for (uint32_t k = 0; k < policy->n_reasons; k++)
		if (policy->reasons[k].code == VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL)
			return code < 64 && (policy->reasons[k].value >> code & 1);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_x86_decide(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
					struct vcpuchar_x86_policy *ret)
{
	struct vcpuchar_x86_policy p;
	struct vcpuchar_x86_host hbuf;
	struct vcpuchar_x86_vm vbuf;
	int r;

	return_val_if_fail(host && vm && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	/* policy_decide() checks both sizes first: only a valid struct is copied. */
	if (VCPUCHAR_SIZE_OK(host) && VCPUCHAR_SIZE_OK(vm)) {
		host = VCPUCHAR_IN(host, &hbuf);
		vm = VCPUCHAR_IN(vm, &vbuf);
	}
	if (__builtin_expect(vcpuchar_size_of(ret) >= sizeof(*ret), 1))
		return vcpuchar_x86_policy_decide(host, vm, NULL, ret);
	/* GCOVR_EXCL_START: reached once this struct has grown past its first release (test-growth tests the mechanism). */
	/* An older caller's smaller struct: decided whole, then the part it has. */
	memset(&p, 0, sizeof(p));
	p.size = sizeof(p);
	r = vcpuchar_x86_policy_decide(host, vm, NULL, &p);
	if (!r)
		vcpuchar_x86_policy_out(ret, &p);
	return r;
	/* GCOVR_EXCL_STOP */
}

/* The fact's source as a message says it: a profile's words, or this host's files. */
static const char *fact_source(const struct vcpuchar_x86_host *h, uint32_t cvm)
{
	return h->source == VCPUCHAR_SOURCE_PROFILE ? "the profile says so"
	       : h->source == VCPUCHAR_SOURCE_KVM   ? (cvm == VCPUCHAR_X86_CVM_TDX ? "/sys/module/kvm_intel/parameters"
										: "/sys/module/kvm_amd/parameters")
						    : "the caller's facts say so";
}

VCPUCHAR_EXPORT int vcpuchar_x86_vm_check(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
					  uint32_t n_vcpus, uint32_t host_max_vcpus, char *err, size_t err_size)
{
	struct vcpuchar_x86_host hbuf;
	struct vcpuchar_x86_vm vbuf;
	const char *cvm;
	bool tdx;

	return_val_if_fail(err || !err_size, -EINVAL);
	if (err_size)
		err[0] = '\0';
	/* lib/x86.md#vcpu-count: KVM_MAX_VCPUS, and this host's KVM_CAP_MAX_VCPUS when known. */
	if (n_vcpus < 1 || n_vcpus > VCPUCHAR_X86_MAX_VCPUS)
		return vcpuchar_set_err(err, err_size, -ERANGE,
					"1 to %u: no x86 KVM runs more vCPUs in one VM, KVM_MAX_VCPUS being at most %u",
					VCPUCHAR_X86_MAX_VCPUS, VCPUCHAR_X86_MAX_VCPUS);
	if (host_max_vcpus && n_vcpus > host_max_vcpus)
		return vcpuchar_set_err(err, err_size, -ERANGE,
					"this host's KVM runs at most %u vCPUs in one VM (KVM_CAP_MAX_VCPUS)",
					host_max_vcpus);
	if (!host || !vm || !host_ok(host) || !vm_ok(vm))
		return vcpuchar_set_err(err, err_size, -EINVAL, "bad host facts or VM profile (NULL, a size, "
					"an unknown flag or enum value, an error outside the errno range)");
	host = VCPUCHAR_IN(host, &hbuf);
	vm = VCPUCHAR_IN(vm, &vbuf);
	/* lib/x86.md#profile-without-x86-facts: a file that says nothing about x86 is no host to decide for. */
	if (host->source == VCPUCHAR_SOURCE_PROFILE && !host->have)
		return host->error[0] == -ENODATA
			       ? vcpuchar_set_err(err, err_size, -ENODATA, "the profile has no [x86] group: there is no "
						  "x86 information in that file")
			       : vcpuchar_set_err(err, err_size, -ENODATA, "the [x86] group holds no key this version "
						  "knows (vendor, disable_exits_allowed, ...): there is no x86 fact "
						  "to decide from");
	if (!arch_x86(host))
		return vcpuchar_set_err(err, err_size, -ENOTSUP, "describes %s %.*s host: the x86 policy (KVM's x86 "
					"exits and CPUID hints such as kvm-hint-dedicated) applies to x86 hosts only",
					strchr("aeiouAEIOU", host->arch[0]) ? "an" : "a", (int)sizeof(host->arch),
					host->arch);
	cvm = vcpuchar_x86_name(VCPUCHAR_X86_NAMES_CVM, vm->cvm);
	tdx = vm->cvm == VCPUCHAR_X86_CVM_TDX;
	if (vm->cvm != VCPUCHAR_X86_CVM_NONE && !have(host, VCPUCHAR_X86_FACT_CPUID_VENDOR))
		return vcpuchar_set_err(err, err_size, -EINVAL, "cvm %s: the host's CPU vendor was not read (%s), and "
					"%s: give vendor= in the profile's [x86] group", cvm,
					host->source == VCPUCHAR_SOURCE_PROFILE ? "not in the profile" : "CPUID not read",
					tdx ? "TDX guests run only on Intel hosts" :
					"SEV guests run only on AMD or Hygon hosts");
	if (!cvm_vendor_ok(host, vm->cvm))
		return vcpuchar_set_err(err, err_size, -EINVAL, "cvm %s needs an %s host", cvm, tdx ? "Intel" : "AMD");
	if (cvm_param_off(host, vm->cvm))
		return vcpuchar_set_err(err, err_size, -EINVAL, "cvm %s: %s.%s is off on this host (%s), so KVM "
					"cannot create this confidential VM here", cvm, tdx ? "kvm_intel" : "kvm_amd",
					vcpuchar_x86_fact_name(cvm_fact(vm->cvm)), fact_source(host, vm->cvm));
	if (tdx && (vm->flags & VCPUCHAR_X86_VM_NO_IRQCHIP))
		return vcpuchar_set_err(err, err_size, -EINVAL, "cvm tdx with no in-kernel irqchip: KVM creates a TD's "
					"vCPUs only with its local APIC in the kernel, as a split irqchip "
					"(KVM_CAP_SPLIT_IRQCHIP; Linux 6.16 tdx_vcpu_create())");
	if (vm->hlt_passthrough == VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER &&
	    (vm->flags & (VCPUCHAR_X86_VM_WANT_MWAIT | VCPUCHAR_X86_VM_WANT_CSTATE)))
		return vcpuchar_set_err(err, err_size, -EINVAL, "contradictory profile: hlt_passthrough never with "
					"want_mwait or want_cstate");
	return 0;
}
