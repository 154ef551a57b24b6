/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * What a Linux pseries guest prints in /sys/devices/system/cpu/vulnerabilities
 * for given R4/R5 (lib/ppc.md#guest-view): Linux arch/powerpc/platforms/pseries/setup.c
 * init_cpu_char_feature_flags() and arch/powerpc/kernel/security.c.
 */
#include "ppc-internal.h"
#include "vcpuchar-private.h"

/* The guest's security feature flags that the strings depend on. */
struct guest_ftr {
	bool spec_bar_ori31, bcs, l1d_thread_priv, ccd, bcctr_flush_assist, link_flush_assist;
	bool favour_security, l1d_flush_pr, bnds_chk_spec_bar, stf_barrier;
	bool flush_count_cache, flush_link_stack;
};

static struct guest_ftr guest_flags(uint64_t r4, uint64_t r5)
{
	struct guest_ftr f;

	/* R4 bits and two R5 bits switch flags on; R4 bits 5 and 6 are ignored. */
	f.spec_bar_ori31 = r4 & VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31;
	f.bcs = r4 & VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED;
	f.l1d_thread_priv = r4 & VCPUCHAR_H_CPU_CHAR_L1D_THREAD_PRIV;
	f.ccd = r4 & VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED;
	f.bcctr_flush_assist = r4 & VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST;
	f.link_flush_assist = r4 & VCPUCHAR_H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST;
	f.flush_count_cache = r5 & VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE;
	f.flush_link_stack = r5 & VCPUCHAR_H_CPU_BEHAV_FLUSH_LINK_STACK;
	/* Default-on flags are cleared by a 0 bit, STF_BARRIER by NO_STF_BARRIER. */
	f.favour_security = r5 & VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY;
	f.l1d_flush_pr = r5 & VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR;
	f.bnds_chk_spec_bar = r5 & VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR;
	f.stf_barrier = !(r5 & VCPUCHAR_H_CPU_BEHAV_NO_STF_BARRIER);
	/* setup_count_cache_flush(): either Spectre v2 user mitigation forces the link-stack flush. */
	if (f.ccd || f.flush_count_cache)
		f.flush_link_stack = true;
	return f;
}

/*
 * Appends @s to the zeroed buffer @buf holding @len bytes, truncating at
 * VCPUCHAR_PPC_VIEW_LEN - 1. Fixed texts only: no format to parse on a path
 * that runs per VM (the longest sentence is far below the limit).
 */
static inline void put(char *buf, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (n > VCPUCHAR_PPC_VIEW_LEN - 1 - *len)
		n = VCPUCHAR_PPC_VIEW_LEN - 1 - *len;
	memcpy(buf + *len, s, n);
	*len += n;
}

/* meltdown and l1tf share cpu_show_meltdown(); L1D_FLUSH_HV is always clear in a guest. */
static void show_meltdown(char *buf, const struct guest_ftr *f, bool rfi_flush)
{
	size_t n = 0;

	if (rfi_flush) {
		put(buf, &n, "Mitigation: RFI Flush");
		if (f->l1d_thread_priv)
			put(buf, &n, ", L1D private per thread");
	} else if (f->l1d_thread_priv) {
		put(buf, &n, "Vulnerable: L1D private per thread");
	} else {
		put(buf, &n, f->l1d_flush_pr ? "Vulnerable" : "Not affected");
	}
}

static void show_spectre_v1(char *buf, const struct guest_ftr *f, bool barrier_nospec)
{
	size_t n = 0;

	if (!f->bnds_chk_spec_bar) {
		put(buf, &n, "Not affected");
		return;
	}
	put(buf, &n, barrier_nospec ? "Mitigation: __user pointer sanitization" : "Vulnerable");
	if (f->spec_bar_ori31)
		put(buf, &n, ", ori31 speculation barrier enabled");
}

static void show_spectre_v2(char *buf, const struct guest_ftr *f, bool enable)
{
	/* toggle_branch_cache_flush(): none, software, or hardware-assisted. */
	bool count_flush = enable && f->flush_count_cache;
	bool link_flush = enable && f->flush_link_stack;
	size_t n = 0;

	if (f->bcs || f->ccd) {
		put(buf, &n, "Mitigation: ");
		if (f->bcs)
			put(buf, &n, "Indirect branch serialisation (kernel only)");
		if (f->bcs && f->ccd)
			put(buf, &n, ", ");
		if (f->ccd)
			put(buf, &n, "Indirect branch cache disabled");
	} else if (count_flush) {
		put(buf, &n, "Mitigation: Software count cache flush");
		if (f->bcctr_flush_assist)
			put(buf, &n, " (hardware accelerated)");
	} else {
		/* No "Not affected" branch; the BTB flush branch is Book3E only. */
		put(buf, &n, "Vulnerable");
		return;
	}
	if (link_flush) {
		put(buf, &n, ", Software link stack flush");
		if (f->link_flush_assist)
			put(buf, &n, " (hardware accelerated)");
	}
}

static void show_ssb(char *buf, const struct guest_ftr *f, bool stf, uint32_t cpu)
{
	size_t n = 0;

	if (stf) {
		/* setup_stf_barrier(): the barrier type follows the CPU's ISA level. */
		put(buf, &n, "Mitigation: Kernel entry/exit barrier (");
		put(buf, &n, cpu == VCPUCHAR_PPC_CPU_POWER7 ? "fallback" : cpu == VCPUCHAR_PPC_CPU_POWER8 ? "hwsync" : "eieio");
		put(buf, &n, ")");
	} else {
		put(buf, &n, f->l1d_flush_pr ? "Vulnerable" : "Not affected");
	}
}

void vcpuchar_ppc_guest_view_fill(uint64_t r4, uint64_t r5, uint32_t cpu, uint32_t flags,
				  struct vcpuchar_ppc_guest_view *ret)
{
	struct guest_ftr f = guest_flags(r4, r5);
	/* mitigations=off (cpu_mitigations_off()) stops every switchable mitigation. */
	bool on = !(flags & VCPUCHAR_PPC_GUEST_MITIGATIONS_OFF);
	/* Before 5.14 (commit 84ed26fd00c5) a guest tied the STF barrier to L1D_FLUSH_PR. */
	bool stf = f.favour_security && ((flags & VCPUCHAR_PPC_GUEST_LINUX_PRE_5_14) ? f.l1d_flush_pr : f.stf_barrier);

	show_meltdown(ret->meltdown, &f, on && f.favour_security && f.l1d_flush_pr);
	show_meltdown(ret->l1tf, &f, on && f.favour_security && f.l1d_flush_pr);
	show_spectre_v1(ret->spectre_v1, &f, on && f.favour_security && f.bnds_chk_spec_bar);
	show_spectre_v2(ret->spectre_v2, &f, on);
	show_ssb(ret->spec_store_bypass, &f, on && stf, cpu);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_guest_view(uint64_t r4, uint64_t r5, uint32_t cpu, uint32_t flags,
					    struct vcpuchar_ppc_guest_view *out)
{
	struct vcpuchar_ppc_guest_view buf, *ret;
	const uint32_t known = VCPUCHAR_PPC_GUEST_LINUX_PRE_5_14 | VCPUCHAR_PPC_GUEST_MITIGATIONS_OFF;

	return_val_if_fail(VCPUCHAR_SIZE_OK(out) && ppc_cpu_ok(cpu) && !(flags & ~known), -EINVAL);
	/* Whole buffers are defined, so results compare with memcmp(). */
	ret = VCPUCHAR_OUT(out, &buf);
	vcpuchar_ppc_guest_view_fill(r4, r5, cpu, flags, ret);
	VCPUCHAR_OUT_END(out, ret);
	return 0;
}
