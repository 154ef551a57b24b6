/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The inline VMM code the library is measured against (see baseline.h). */
#include <errno.h>
#include <string.h>

#include "baseline.h"

#define C_(n) VCPUCHAR_H_CPU_CHAR_##n
#define B_(n) VCPUCHAR_H_CPU_BEHAV_##n

const char *bl_version(void)
{
	return VCPUCHAR_VERSION_STRING;
}

void bl_caps_to_hcall(const struct vcpuchar_ppc_caps *caps, uint64_t *r4, uint64_t *r5)
{
	uint64_t c = C_(BRANCH_HINTS_HONORED), b = B_(FAVOUR_SECURITY);

	switch (caps->cfpc) {
	case VCPUCHAR_PPC_LEVEL_WORKAROUND:
		c |= C_(L1D_FLUSH_ORI30) | C_(L1D_FLUSH_TRIG2) | C_(L1D_THREAD_PRIV);
		b |= B_(L1D_FLUSH_PR);
		break;
	case VCPUCHAR_PPC_LEVEL_FIXED:
		b |= B_(NO_L1D_FLUSH_ENTRY) | B_(NO_L1D_FLUSH_UACCESS);
		break;
	default:
		b |= B_(L1D_FLUSH_PR);
	}
	switch (caps->sbbc) {
	case VCPUCHAR_PPC_LEVEL_WORKAROUND:
		c |= C_(SPEC_BAR_ORI31);
		b |= B_(BNDS_CHK_SPEC_BAR);
		break;
	case VCPUCHAR_PPC_LEVEL_FIXED:
		break;
	default:
		b |= B_(BNDS_CHK_SPEC_BAR);
	}
	switch (caps->ibs) {
	case VCPUCHAR_PPC_LEVEL_WORKAROUND:
		if (caps->ccf_assist)
			c |= C_(BCCTR_FLUSH_ASSIST);
		b |= B_(FLUSH_COUNT_CACHE);
		break;
	case VCPUCHAR_PPC_LEVEL_FIXED_IBS:
		c |= C_(BCCTRL_SERIALISED);
		break;
	case VCPUCHAR_PPC_LEVEL_FIXED_CCD:
		c |= C_(COUNT_CACHE_DISABLED);
		break;
	}
	*r4 = c;
	*r5 = b;
}

int bl_host_to_hcall(const struct vcpuchar_ppc_host *host, uint64_t *r4, uint64_t *r5)
{
	if (!host->character_mask && !host->behaviour_mask)
		return -ENODATA;
	struct vcpuchar_ppc_caps l;
	uint64_t h4, h5;

	/* Unvouched bits: the default-on ones set, the rest as host-max sends them. */
	bl_host_levels(host, &l);
	bl_caps_to_hcall(&l, &h4, &h5);
	*r4 = host->character & host->character_mask;
	*r5 = (host->behaviour & host->behaviour_mask) | (VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT & ~host->behaviour_mask) |
	      (h5 & ~host->behaviour_mask & ~VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT);
	return 0;
}

void bl_host_levels(const struct vcpuchar_ppc_host *host, struct vcpuchar_ppc_caps *ret)
{
	/* QEMU target/ppc/kvm.c parse_cap_ppc_*, on the bits inside the masks. */
	uint64_t c_set = host->character & host->character_mask, c_clr = ~host->character & host->character_mask;
	uint64_t b_set = host->behaviour & host->behaviour_mask, b_clr = ~host->behaviour & host->behaviour_mask;
	struct vcpuchar_ppc_caps l = { 0 };

	if (b_clr & B_(L1D_FLUSH_PR))
		l.cfpc = VCPUCHAR_PPC_LEVEL_FIXED;
	else if (((c_set & C_(L1D_THREAD_PRIV)) || host->power8) && (c_set & (C_(L1D_FLUSH_ORI30) | C_(L1D_FLUSH_TRIG2))))
		l.cfpc = VCPUCHAR_PPC_LEVEL_WORKAROUND;
	if (b_clr & B_(BNDS_CHK_SPEC_BAR))
		l.sbbc = VCPUCHAR_PPC_LEVEL_FIXED;
	else if (c_set & C_(SPEC_BAR_ORI31))
		l.sbbc = VCPUCHAR_PPC_LEVEL_WORKAROUND;
	if ((b_clr & B_(FLUSH_COUNT_CACHE)) && (c_clr & C_(COUNT_CACHE_DISABLED)) && (c_clr & C_(BCCTRL_SERIALISED)))
		l.ibs = VCPUCHAR_PPC_LEVEL_FIXED_NA;
	else if (b_set & B_(FLUSH_COUNT_CACHE))
		l.ibs = VCPUCHAR_PPC_LEVEL_WORKAROUND;
	else if (c_set & C_(COUNT_CACHE_DISABLED))
		l.ibs = VCPUCHAR_PPC_LEVEL_FIXED_CCD;
	else if (c_set & C_(BCCTRL_SERIALISED))
		l.ibs = VCPUCHAR_PPC_LEVEL_FIXED_IBS;
	l.ccf_assist = (c_set & C_(BCCTR_FLUSH_ASSIST)) ? VCPUCHAR_PPC_LEVEL_ON : VCPUCHAR_PPC_LEVEL_OFF;
	*ret = l;
}

/* Appends a literal: the obvious string building, no format parsing. */
static char *cat(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n + 1);
	return p + n;
}

static void meltdown(char *p, int rfi, int thread_priv, int flush_pr)
{
	if (rfi)
		cat(cat(p, "Mitigation: RFI Flush"), thread_priv ? ", L1D private per thread" : "");
	else if (thread_priv)
		cat(p, "Vulnerable: L1D private per thread");
	else
		cat(p, flush_pr ? "Vulnerable" : "Not affected");
}

void bl_guest_view(uint64_t r4, uint64_t r5, uint32_t cpu, uint32_t flags, struct vcpuchar_ppc_guest_view *ret)
{
	/* Linux pseries init_cpu_char_feature_flags() and security.c cpu_show_*(). */
	int on = !(flags & VCPUCHAR_PPC_GUEST_MITIGATIONS_OFF);
	int favour = !!(r5 & B_(FAVOUR_SECURITY)), flush_pr = !!(r5 & B_(L1D_FLUSH_PR));
	int bnds = !!(r5 & B_(BNDS_CHK_SPEC_BAR)), fcc = !!(r5 & B_(FLUSH_COUNT_CACHE));
	int bcs = !!(r4 & C_(BCCTRL_SERIALISED)), ccd = !!(r4 & C_(COUNT_CACHE_DISABLED));
	int link = fcc || ccd || (r5 & B_(FLUSH_LINK_STACK));
	int stf = favour && ((flags & VCPUCHAR_PPC_GUEST_LINUX_PRE_5_14) ? flush_pr : !(r5 & B_(NO_STF_BARRIER)));
	char *p;

	meltdown(ret->meltdown, on && favour && flush_pr, !!(r4 & C_(L1D_THREAD_PRIV)), flush_pr);
	meltdown(ret->l1tf, on && favour && flush_pr, !!(r4 & C_(L1D_THREAD_PRIV)), flush_pr);

	if (!bnds)
		cat(ret->spectre_v1, "Not affected");
	else
		cat(cat(ret->spectre_v1, on && favour ? "Mitigation: __user pointer sanitization" : "Vulnerable"),
		    (r4 & C_(SPEC_BAR_ORI31)) ? ", ori31 speculation barrier enabled" : "");

	p = ret->spectre_v2;
	if (bcs || ccd) {
		p = cat(p, "Mitigation: ");
		if (bcs)
			p = cat(p, ccd ? "Indirect branch serialisation (kernel only), " :
					 "Indirect branch serialisation (kernel only)");
		if (ccd)
			p = cat(p, "Indirect branch cache disabled");
	} else if (on && fcc) {
		p = cat(p, (r4 & C_(BCCTR_FLUSH_ASSIST)) ? "Mitigation: Software count cache flush (hardware accelerated)" :
							     "Mitigation: Software count cache flush");
	} else {
		link = 0;
		cat(p, "Vulnerable");
	}
	if (on && link)
		cat(p, (r4 & C_(BCCTR_LINK_FLUSH_ASSIST)) ? ", Software link stack flush (hardware accelerated)" :
							   ", Software link stack flush");

	if (on && stf)
		cat(ret->spec_store_bypass,
		    cpu == VCPUCHAR_PPC_CPU_POWER7 ? "Mitigation: Kernel entry/exit barrier (fallback)" :
		    cpu == VCPUCHAR_PPC_CPU_POWER8 ? "Mitigation: Kernel entry/exit barrier (hwsync)" :
						     "Mitigation: Kernel entry/exit barrier (eieio)");
	else
		cat(ret->spec_store_bypass, flush_pr ? "Vulnerable" : "Not affected");
}

/* QEMU hw/ppc/spapr.c machine defaults, by enum vcpuchar_ppc_machine. */
static const struct vcpuchar_ppc_caps machine_caps[] = {
	{ 1, 1, 1, 1 }, { 1, 1, 1, 0 }, { 0, 0, 0, 0 }, { 1, 1, 3, 0 },
};

static const char *const above_msg[] = {
	"Requested safe cache capability level not supported by KVM",
	"Requested safe bounds check capability level not supported by KVM",
	"Requested safe indirect branch capability level not supported by KVM",
	"Requested count cache flush assist capability level not supported by KVM",
};

/* The library's own notice; QEMU says nothing for a cap below the host. */
static const char *const below_msg[] = {
	"cfpc below host", "sbbc below host", "ibs below host", "ccf-assist below host",
};

#define CAP_TEXT(cap, l) { "Try appending -machine cap-" cap "=" l, "cap-" cap "=" l, \
			   "TCG doesn't support requested feature, cap-" cap "=" l }
static const char *const cap_text[VCPUCHAR_PPC_N_CAPS][5][3] = {
	{ CAP_TEXT("cfpc", "broken"), CAP_TEXT("cfpc", "workaround"), CAP_TEXT("cfpc", "fixed") },
	{ CAP_TEXT("sbbc", "broken"), CAP_TEXT("sbbc", "workaround"), CAP_TEXT("sbbc", "fixed") },
	{ CAP_TEXT("ibs", "broken"), CAP_TEXT("ibs", "workaround"), CAP_TEXT("ibs", "fixed-ibs"),
	  CAP_TEXT("ibs", "fixed-ccd"), CAP_TEXT("ibs", "fixed-na") },
	{ CAP_TEXT("ccf-assist", "off"), CAP_TEXT("ccf-assist", "on") },
};

#define R4_NOT_IN_CAPS C_(BCCTR_LINK_FLUSH_ASSIST)
#define R5_NOT_IN_CAPS (B_(FAVOUR_SECURITY_H) | B_(FLUSH_LINK_STACK) | B_(NO_STF_BARRIER) | \
			B_(NO_L1D_FLUSH_ENTRY) | B_(NO_L1D_FLUSH_UACCESS))

/* The host's family from its PVR version (QEMU's CPU_POWERPC_*_BASE), else the POWER8 flag; 0 unknown. */
static uint32_t bl_host_family(const struct vcpuchar_ppc_host *host)
{
	switch (host->pvr >> 16) {
	case 0x003f: case 0x004a: return VCPUCHAR_PPC_CPU_POWER7;
	case 0x004b: case 0x004c: case 0x004d: return VCPUCHAR_PPC_CPU_POWER8;
	case 0x004e: return VCPUCHAR_PPC_CPU_POWER9;
	case 0x0080: return VCPUCHAR_PPC_CPU_POWER10;
	case 0x0082: return VCPUCHAR_PPC_CPU_POWER11;
	default: return host->power8 ? VCPUCHAR_PPC_CPU_POWER8 : 0;
	}
}

#define KNOWN_CLEAR(h, bit) (((h)->behaviour_mask & (bit)) && !((h)->behaviour & (bit)))

int bl_decide(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req, struct bl_answer *ret)
{
	int info = host && (host->character_mask || host->behaviour_mask);
	int tcg = req->accel == VCPUCHAR_ACCEL_TCG;
	struct vcpuchar_ppc_caps base;
	const uint8_t *req_l = &req->caps.cfpc, *eff_l, *host_l, *base_l = &base.cfpc;
	uint32_t family = host ? bl_host_family(host) : 0, cpu = req->cpu;
	int assumed = 0;

	/* lib/ppc.md#modes: host mode needs KVM, whose host runs the guest, and host words. */
	if (req->mode == VCPUCHAR_PPC_MODE_HOST && tcg)
		return -EINVAL;
	if (req->mode == VCPUCHAR_PPC_MODE_HOST && !info)
		return -ENODATA;
	/* Under KVM the guest CPU is the host's family unless given, and never newer. */
	if (!tcg && family && cpu > family)
		return -ENOENT;
	if (!cpu) {
		cpu = !tcg && family ? family : VCPUCHAR_PPC_CPU_POWER9;
		assumed = !tcg && !family;
	}
	if (info)
		bl_host_levels(host, &ret->host_caps);
	else
		ret->host_caps = (struct vcpuchar_ppc_caps){ 0 };
	if (req->mode != VCPUCHAR_PPC_MODE_HOST_MAX)
		base = machine_caps[req->machine];
	else
		base = tcg ? (struct vcpuchar_ppc_caps){ 0 } : ret->host_caps;
	/* host-max keeps the entry and uaccess flushes the host's masks say are needed. */
	if (req->mode == VCPUCHAR_PPC_MODE_HOST_MAX && !tcg && base.cfpc == VCPUCHAR_PPC_LEVEL_FIXED &&
	    (KNOWN_CLEAR(host, B_(NO_L1D_FLUSH_ENTRY)) || KNOWN_CLEAR(host, B_(NO_L1D_FLUSH_UACCESS)))) {
		struct vcpuchar_ppc_host h = *host;
		struct vcpuchar_ppc_caps l;

		h.behaviour |= B_(L1D_FLUSH_PR);
		h.behaviour_mask |= B_(L1D_FLUSH_PR);
		bl_host_levels(&h, &l);
		base.cfpc = l.cfpc;
	}
	/* QEMU default_caps_with_cpu(): POWER7 lacks ISA 2.07, so no cfpc. */
	if (cpu == VCPUCHAR_PPC_CPU_POWER7)
		base.cfpc = VCPUCHAR_PPC_LEVEL_BROKEN;
	ret->effective_caps.cfpc = (req->caps_set & 1) ? req_l[0] : base_l[0];
	ret->effective_caps.sbbc = (req->caps_set & 2) ? req_l[1] : base_l[1];
	ret->effective_caps.ibs = (req->caps_set & 4) ? req_l[2] : base_l[2];
	ret->effective_caps.ccf_assist = (req->caps_set & 8) ? req_l[3] : base_l[3];

	/* QEMU cap_*_apply(), every cap instead of the first. */
	eff_l = &ret->effective_caps.cfpc;
	host_l = &ret->host_caps.cfpc;
	ret->n_errors = ret->n_conflicts = 0;
	for (uint8_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		struct bl_conflict *c = &ret->conflicts[ret->n_conflicts];
		uint8_t r = eff_l[cap], h = host_l[cap];

		c->flags = !(req->caps_set & (1u << cap)) && req->mode != VCPUCHAR_PPC_MODE_HOST_MAX ?
				   VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT : 0;
		if (tcg) {
			if (!r)
				continue;
			c->severity = VCPUCHAR_SEVERITY_WARNING;
			c->code = VCPUCHAR_PPC_CONFLICT_CODE_TCG_UNSUPPORTED;
			c->message = cap_text[cap][r][2];
			c->hint = "";
		} else if (r > h) {
			if (cap == VCPUCHAR_PPC_CAP_CCF_ASSIST && ret->host_caps.ibs == VCPUCHAR_PPC_LEVEL_FIXED_CCD)
				continue;
			c->severity = VCPUCHAR_SEVERITY_ERROR;
			c->code = VCPUCHAR_PPC_CONFLICT_CODE_ABOVE_HOST;
			c->message = above_msg[cap];
			c->hint = cap_text[cap][h][0];
			ret->n_errors++;
		} else if (r < h && req->mode != VCPUCHAR_PPC_MODE_HOST) {
			c->severity = VCPUCHAR_SEVERITY_INFO;
			c->code = VCPUCHAR_PPC_CONFLICT_CODE_BELOW_HOST;
			c->message = below_msg[cap];
			c->hint = cap_text[cap][h][1];
		} else {
			continue;
		}
		if (!tcg && !info)
			c->flags |= VCPUCHAR_PPC_CONFLICT_FLAG_HOST_NO_INFO;
		c->cap = cap;
		c->requested = r;
		c->host = h;
		ret->n_conflicts++;
	}

	ret->flags = (info ? 0 : VCPUCHAR_PPC_RESULT_HOST_NO_INFO) | (assumed ? VCPUCHAR_PPC_RESULT_CPU_ASSUMED : 0);
	ret->unexpressed_r4 = ret->unexpressed_r5 = 0;
	if (req->mode == VCPUCHAR_PPC_MODE_HOST) {
		bl_host_to_hcall(host, &ret->r4, &ret->r5);
		ret->flags |= VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE;
	} else {
		bl_caps_to_hcall(&ret->effective_caps, &ret->r4, &ret->r5);
		if (info && !tcg) {
			ret->unexpressed_r4 = host->character & host->character_mask & R4_NOT_IN_CAPS & ~ret->r4;
			ret->unexpressed_r5 = host->behaviour & host->behaviour_mask & R5_NOT_IN_CAPS & ~ret->r5;
			if (ret->unexpressed_r4 || ret->unexpressed_r5)
				ret->flags |= VCPUCHAR_PPC_RESULT_NOT_EXPRESSIBLE;
		}
	}
	bl_guest_view(ret->r4, ret->r5, cpu, 0, &ret->guest_view);
	return 0;
}
