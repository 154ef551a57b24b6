/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * One VM's caps, conflicts, R4/R5 and guest view (lib/ppc.md#validation, #modes):
 * QEMU hw/ppc/spapr_caps.c cap_*_apply(), but every conflict at once.
 */
#include <stdio.h>

#include "ppc-cpu.h"
#include "ppc-internal.h"
#include "vcpuchar-private.h"

/* QEMU's error texts, without program prefix or newline (lib/ppc.md#validation). */
static const char *const above_host_msg[VCPUCHAR_PPC_N_CAPS] = {
	"Requested safe cache capability level not supported by KVM",
	"Requested safe bounds check capability level not supported by KVM",
	"Requested safe indirect branch capability level not supported by KVM",
	"Requested count cache flush assist capability level not supported by KVM",
};

static const char *const below_host_msg[VCPUCHAR_PPC_N_CAPS] = {
	"Requested safe cache capability level is below the host's: the guest keeps an L1D flush that the "
	"host makes cheaper (workaround) or unnecessary (fixed)",
	"Requested safe bounds check capability level is below the host's: the guest keeps a speculation "
	"barrier that the host makes cheaper (workaround: ori31) or unnecessary (fixed)",
	"Requested safe indirect branch capability level is below the host's: the guest is told less than the "
	"host offers, so it flushes the count cache needlessly or, at broken, reports spectre_v2 as Vulnerable",
	"Requested count cache flush assist capability level is below the host's: the guest flushes the count "
	"cache in software although the host has the hardware assist",
};

#define CCF_BELOW_UNUSED \
	"Requested count cache flush assist capability level is below the host's: no effect on the guest, " \
	"which is told of the assist only with cap-ibs=workaround"

/* Per (cap, level): the error hint, the below-host hint and the TCG warning. */
struct level_text {
	const char *above_hint;
	const char *below_hint;
	const char *tcg_msg;
};

#define LT(cap, lvl) \
	{ "Try appending -machine cap-" cap "=" lvl, "cap-" cap "=" lvl, \
	  "TCG doesn't support requested feature, cap-" cap "=" lvl }

static const struct level_text level_text[VCPUCHAR_PPC_N_CAPS][5] = {
	{ LT("cfpc", "broken"), LT("cfpc", "workaround"), LT("cfpc", "fixed") },
	{ LT("sbbc", "broken"), LT("sbbc", "workaround"), LT("sbbc", "fixed") },
	{ LT("ibs", "broken"), LT("ibs", "workaround"), LT("ibs", "fixed-ibs"), LT("ibs", "fixed-ccd"),
	  LT("ibs", "fixed-na") },
	{ LT("ccf-assist", "off"), LT("ccf-assist", "on") },
};

/* lib/ppc.md#validation, "Explanations": the cause of a conflict when it is not the host. */
#define NO_INFO \
	"the host reported no CPU characteristics (KVM_CAP_PPC_GET_CPU_CHAR absent, the ioctl failed, or " \
	"zero masks, e.g. firmware without fw-features), so its levels are QEMU's broken/off fallback, not a " \
	"finding that the host is vulnerable"
#define M_5 "pseries-5.0 and later (and the pseries alias)"
#define M_4 "pseries-4.0 to 4.2"
#define M_3 "pseries-3.1 and older"
#define M_SXXM "pseries-2.12-sxxm"
#define DEF(cap, mach) "cap-" cap " was not set by the caller and takes the default of " mach
#define PIN(older) \
	": set it explicitly to the level the hint names, or pin an older machine type such as " older \
	" (which also changes other guest-visible defaults)"
/*
 * Field rule (lib/ppc.md#validation, "Explanations"): besides the cap to
 * lower, what on the host gives each level: the OPAL fw-features node of
 * lib/ppc.md#the-opal-path on a bare-metal host, the kernel whose masks carry
 * the bit, or on a pseries host (nested KVM, PowerVM) the parent's answer.
 */
#define HOST "besides the cap, the host would have to change: "
#define PSERIES_PARENT "; on a pseries host (nested KVM, PowerVM) its hypervisor must report it"
#define H_CFPC_WA HOST "an L1D flush instruction and a private L1D per thread reported (firmware features " \
	"inst-l1d-flush-ori30,30,0 or inst-l1d-flush-trig2, and fw-l1d-thread-split unless the host is POWER8)" \
	PSERIES_PARENT " (a QEMU parent: cap-cfpc=workaround)"
#define H_CFPC_FIXED HOST "no L1D flush needed on return to user (firmware feature " \
	"needs-l1d-flush-msr-pr-0-to-1 disabled: hardware not affected)" PSERIES_PARENT " (a QEMU parent: cap-cfpc=fixed)"
#define H_SBBC_WA HOST "the ori31 speculation barrier reported (firmware feature inst-spec-barrier-ori31,31,0)" \
	PSERIES_PARENT " (a QEMU parent: cap-sbbc=workaround)"
#define H_SBBC_FIXED HOST "no barrier needed after bounds checks (firmware feature " \
	"needs-spec-barrier-for-bound-checks disabled)" PSERIES_PARENT " (a QEMU parent: cap-sbbc=fixed)"
/*
 * Field rule (lib/ppc.md#validation, "Explanations"): the count cache disabled
 * by firmware gives fixed-ccd, which QEMU's numeric test puts above workaround
 * and fixed-ibs and with which it takes ccf-assist=on without the assist; on
 * POWER8, which has no flush assist, that is the firmware route for ccf-assist.
 */
#define CCD_ROUTE "the count cache disabled by firmware (firmware feature fw-count-cache-disabled, host level fixed-ccd)"
#define H_IBS_WA HOST "the count-cache flush requested (firmware feature needs-count-cache-flush-on-context-switch) " \
	"and a kernel whose behaviour_mask carries FLUSH_COUNT_CACHE (Linux 5.1 and later), or " CCD_ROUTE \
	PSERIES_PARENT " (a QEMU parent: cap-ibs=workaround)"
/* QEMU's parse takes a requested count-cache flush as workaround first, so it must be gone too. */
#define NO_FLUSH ", and no count-cache flush requested (needs-count-cache-flush-on-context-switch not enabled)"
#define H_IBS_FIBS HOST "indirect branches serialised (firmware feature fw-bcctrl-serialized)" NO_FLUSH \
	", or " CCD_ROUTE \
	PSERIES_PARENT " (a QEMU parent: cap-ibs=fixed-ibs)"
#define H_IBS_CCD HOST "the count cache disabled (firmware feature fw-count-cache-disabled)" NO_FLUSH \
	PSERIES_PARENT " (a QEMU parent: cap-ibs=fixed-ccd)"
#define H_IBS_NA HOST "every count-cache bit known clear (firmware with fw-features but no count-cache node, " \
	"inside the kernel's masks)" PSERIES_PARENT " (a QEMU parent: cap-ibs=broken, which reads fixed-na below it)"
#define H_CCF_ON HOST "the count-cache flush assist reported (firmware feature fw-count-cache-flush-bcctr2,0,0) " \
	"and a kernel whose character_mask carries BCCTR_FLUSH_ASSIST (Linux 5.1 and later), or " CCD_ROUTE \
	NO_FLUSH ", with which QEMU takes cap-ccf-assist=on without the assist (the only route on POWER8, which " \
	"has no assist); on a pseries host its " \
	"hypervisor must send BCCTR_FLUSH_ASSIST, which a QEMU parent does only with cap-ibs=workaround and " \
	"cap-ccf-assist=on"

/* [cap][requested level]: the host side of an above-host error; "" where no error can arise. */
static const char *const host_change[VCPUCHAR_PPC_N_CAPS][5] = {
	{ "", H_CFPC_WA, H_CFPC_FIXED },
	{ "", H_SBBC_WA, H_SBBC_FIXED },
	{ "", H_IBS_WA, H_IBS_FIBS, H_IBS_CCD, H_IBS_NA },
	{ "", H_CCF_ON },
};

/* A default that can be above the host names the host side too; H is "" where the default is broken/off. */
#define ERR(cap, mach, older, gone, H) { DEF(cap, mach) PIN(older) H, DEF(cap, mach) PIN(older) "; " NO_INFO }
#define AND(h) "; " h
/*
 * A QEMU profile's type whose class the table does not hold (a downstream
 * type, lib/ppc.md#qemu-profiles): its default is the profile's measurement.
 */
#define M_PROFILE "this machine type, as its QEMU profile measured it"

/*
 * One table per remedy, [machine][cap][no host information]: E(cap, the
 * class, the older type to pin, the release that removes it, the host side).
 */
#define REMEDIES(E) \
	{ [VCPUCHAR_PPC_MACHINE_PSERIES] = { E("cfpc", M_5, "pseries-3.1", "10.1", AND(H_CFPC_WA)), \
					     E("sbbc", M_5, "pseries-3.1", "10.1", AND(H_SBBC_WA)), \
					     E("ibs", M_5, "pseries-3.1", "10.1", AND(H_IBS_WA)), \
					     E("ccf-assist", M_5, "pseries-4.2", "10.2", AND(H_CCF_ON)) }, \
	  [VCPUCHAR_PPC_MACHINE_PSERIES_4] = { E("cfpc", M_4, "pseries-3.1", "10.1", AND(H_CFPC_WA)), \
					       E("sbbc", M_4, "pseries-3.1", "10.1", AND(H_SBBC_WA)), \
					       E("ibs", M_4, "pseries-3.1", "10.1", AND(H_IBS_WA)), \
					       E("ccf-assist", M_4, "pseries-3.1", "10.1", "") }, \
	  [VCPUCHAR_PPC_MACHINE_PSERIES_3_1] = { E("cfpc", M_3, "pseries-2.12", "9.2", ""), \
						 E("sbbc", M_3, "pseries-2.12", "9.2", ""), \
						 E("ibs", M_3, "pseries-2.12", "9.2", ""), \
						 E("ccf-assist", M_3, "pseries-2.12", "9.2", "") }, \
	  [VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM] = { E("cfpc", M_SXXM, "pseries-2.12", "9.2", AND(H_CFPC_WA)), \
						       E("sbbc", M_SXXM, "pseries-2.12", "9.2", AND(H_SBBC_WA)), \
						       E("ibs", M_SXXM, "pseries-2.12", "9.2", AND(H_IBS_CCD)), \
						       E("ccf-assist", M_SXXM, "pseries-2.12", "9.2", "") }, \
	  [VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN] = { E("cfpc", M_PROFILE, "pseries-3.1", "10.1", ""), \
						      E("sbbc", M_PROFILE, "pseries-3.1", "10.1", ""), \
						      E("ibs", M_PROFILE, "pseries-3.1", "10.1", ""), \
						      E("ccf-assist", M_PROFILE, "pseries-4.2", "10.2", "") } }

/* The target QEMU has the older type and does not mark it deprecated (or, from a profile, does not say). */
static const char *const default_above_expl[5][VCPUCHAR_PPC_N_CAPS][2] = REMEDIES(ERR);

/*
 * The same where the target QEMU has the older type but marks it deprecated
 * (lib/ppc.md#qemu-versions): the release that deletes it, by QEMU's
 * lifecycle (include/hw/boards.h, enforced from 10.1: 10.1 has pseries-4.2
 * and newer, 10.2 pseries-5.0 and newer) and, for the 2.x types, the 9.2
 * ppc pull that removed them.
 */
#define PIN_DEP(older, gone) \
	": set it explicitly to the level the hint names, or pin an older machine type such as " older \
	" (which also changes other guest-visible defaults); this QEMU marks " older " deprecated and QEMU " gone \
	" removes it, so a guest pinned to it must set the cap before moving to " gone " or later"
#define ERRD(cap, mach, older, gone, H) \
	{ DEF(cap, mach) PIN_DEP(older, gone) H, DEF(cap, mach) PIN_DEP(older, gone) "; " NO_INFO }

static const char *const default_above_deprecated[5][VCPUCHAR_PPC_N_CAPS][2] = REMEDIES(ERRD);

/*
 * A QEMU profile marks the older type deprecated, but which release removes
 * it is not known from the profile: a vendor's build (it has downstream
 * types, and its own lifecycle), or one at or past upstream's removal
 * (lib/ppc.md#qemu-profiles).
 */
#define PIN_DEPU(older) \
	": set it explicitly to the level the hint names, or pin an older machine type such as " older \
	" (which also changes other guest-visible defaults); this QEMU marks " older " deprecated, and which " \
	"release of it removes " older " is not known from its QEMU profile, so a guest pinned to it must set " \
	"the cap before that"
#define ERRU(cap, mach, older, gone, H) \
	{ DEF(cap, mach) PIN_DEPU(older) H, DEF(cap, mach) PIN_DEPU(older) "; " NO_INFO }

static const char *const default_above_dep_unknown[5][VCPUCHAR_PPC_N_CAPS][2] = REMEDIES(ERRU);

/* The same where the target QEMU lacks the older type PIN() names (lib/ppc.md#qemu-versions). */
#define ERRN(cap, mach, older, gone, H) \
	{ DEF(cap, mach) NO_OLDER H, DEF(cap, mach) NO_OLDER "; " NO_INFO }
#define NO_OLDER \
	": set it explicitly to the level the hint names (this QEMU has no older machine type with a lower default)"

static const char *const default_above_no_older[5][VCPUCHAR_PPC_N_CAPS][2] = REMEDIES(ERRN);

/*
 * A QEMU profile whose older type is absent or no lower, while other types
 * of the binary (a vendor's, say) have a default at or below the host's:
 * no pin is named, as this library does not compare their other defaults.
 */
#define NO_NAMED(older) \
	": set it explicitly to the level the hint names (this QEMU has no " older " with a lower default; " \
	"its QEMU profile lists other machine types whose default is lower, which change other guest-visible " \
	"defaults too)"
#define ERRO(cap, mach, older, gone, H) \
	{ DEF(cap, mach) NO_NAMED(older) H, DEF(cap, mach) NO_NAMED(older) "; " NO_INFO }

static const char *const default_above_others[5][VCPUCHAR_PPC_N_CAPS][2] = REMEDIES(ERRO);

/* The older type default_above_expl names, X * 100 + Y. */
static unsigned older_type(uint32_t machine, uint32_t cap)
{
	if (machine == VCPUCHAR_PPC_MACHINE_PSERIES || machine == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN)
		return cap == VCPUCHAR_PPC_CAP_CCF_ASSIST ? 402 : 301;
	return machine == VCPUCHAR_PPC_MACHINE_PSERIES_4 ? 301 : 212;
}

/* The release that removes the older type, as the remedies name it: 9.2, 10.1 or 10.2. */
static uint32_t older_gone(unsigned older)
{
	return older == 212 ? VCPUCHAR_PPC_QEMU_VERSION(9, 2, 0)
	       : older == 301 ? VCPUCHAR_PPC_QEMU_VERSION(10, 1, 0)
			      : VCPUCHAR_PPC_QEMU_VERSION(10, 2, 0);
}

/*
 * The explanation of a default above the host level @h: the older type to
 * pin where the target has it, and whether it marks it deprecated
 * (lib/ppc.md#qemu-versions); from a QEMU profile, its own types, their
 * measured defaults and their deprecation flag (lib/ppc.md#qemu-profiles).
 */
static const char *above_default(const struct vcpuchar_ppc_request *req, const struct ppc_target *t, uint32_t cpu,
				 uint32_t cap, uint32_t h, bool info)
{
	unsigned older = older_type(req->machine, cap);
	uint32_t m = req->machine;
	char name[24];
	bool vendor;

	if (!t->profile)
		return !vcpuchar_ppc_qemu_release_has_older(t->release, older) ? default_above_no_older[m][cap][!info]
		       : vcpuchar_ppc_qemu_deprecates(req->qemu_version, older) ? default_above_deprecated[m][cap][!info]
										: default_above_expl[m][cap][!info];
	snprintf(name, sizeof(name), "pseries-%u.%u", older / 100, older % 100);
	switch (vcpuchar_ppc_target_pin(t, name, cap, cpu, h, &vendor)) {
	case PPC_PIN_NONE:
		return default_above_no_older[m][cap][!info];
	case PPC_PIN_OTHERS:
		return default_above_others[m][cap][!info];
	case PPC_PIN_CURRENT:
		return default_above_expl[m][cap][!info];
	default:
		/* Upstream's removal holds for an upstream binary older than it (lib/ppc.md#qemu-profiles). */
		return !vendor && vcpuchar_ppc_qemu_profile_version(t->profile) < older_gone(older)
			       ? default_above_deprecated[m][cap][!info]
			       : default_above_dep_unknown[m][cap][!info];
	}
}

#define BELOW(cap, mach) \
	DEF(cap, mach) " (for this guest CPU): set it to the host level the hint names, or use host-max mode"

static const char *const default_below_expl[5][VCPUCHAR_PPC_N_CAPS] = {
	[VCPUCHAR_PPC_MACHINE_PSERIES] = { BELOW("cfpc", M_5), BELOW("sbbc", M_5), BELOW("ibs", M_5),
					   BELOW("ccf-assist", M_5) },
	[VCPUCHAR_PPC_MACHINE_PSERIES_4] = { BELOW("cfpc", M_4), BELOW("sbbc", M_4), BELOW("ibs", M_4),
					     BELOW("ccf-assist", M_4) },
	[VCPUCHAR_PPC_MACHINE_PSERIES_3_1] = { BELOW("cfpc", M_3), BELOW("sbbc", M_3), BELOW("ibs", M_3),
					       BELOW("ccf-assist", M_3) },
	[VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM] = { BELOW("cfpc", M_SXXM), BELOW("sbbc", M_SXXM),
						     BELOW("ibs", M_SXXM), BELOW("ccf-assist", M_SXXM) },
	[VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN] = { BELOW("cfpc", M_PROFILE), BELOW("sbbc", M_PROFILE),
						    BELOW("ibs", M_PROFILE), BELOW("ccf-assist", M_PROFILE) },
};

#define TCG_DEF(cap, mach) DEF(cap, mach) ": set it to broken/off explicitly to silence the warning"

static const char *const default_tcg_expl[5][VCPUCHAR_PPC_N_CAPS] = {
	[VCPUCHAR_PPC_MACHINE_PSERIES] = { TCG_DEF("cfpc", M_5), TCG_DEF("sbbc", M_5), TCG_DEF("ibs", M_5),
					   TCG_DEF("ccf-assist", M_5) },
	[VCPUCHAR_PPC_MACHINE_PSERIES_4] = { TCG_DEF("cfpc", M_4), TCG_DEF("sbbc", M_4), TCG_DEF("ibs", M_4),
					     TCG_DEF("ccf-assist", M_4) },
	[VCPUCHAR_PPC_MACHINE_PSERIES_3_1] = { TCG_DEF("cfpc", M_3), TCG_DEF("sbbc", M_3), TCG_DEF("ibs", M_3),
					       TCG_DEF("ccf-assist", M_3) },
	[VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM] = { TCG_DEF("cfpc", M_SXXM), TCG_DEF("sbbc", M_SXXM),
						     TCG_DEF("ibs", M_SXXM), TCG_DEF("ccf-assist", M_SXXM) },
	[VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN] = { TCG_DEF("cfpc", M_PROFILE), TCG_DEF("sbbc", M_PROFILE),
						    TCG_DEF("ibs", M_PROFILE), TCG_DEF("ccf-assist", M_PROFILE) },
};

static const char no_info_expl[] = NO_INFO;

/* Known-set host bits no cap level can pass to the guest (lib/ppc.md#modes, "Not expressible"). */
#define R4_INEXPRESSIBLE VCPUCHAR_H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST
#define R5_INEXPRESSIBLE \
	(VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY_H | VCPUCHAR_H_CPU_BEHAV_FLUSH_LINK_STACK | \
	 VCPUCHAR_H_CPU_BEHAV_NO_STF_BARRIER | VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY | \
	 VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS)

int vcpuchar_ppc_request_why(const struct vcpuchar_ppc_request *req, struct ppc_target *t, char *err,
			     size_t err_size)
{
	int rel = vcpuchar_ppc_qemu_release(req->qemu_version), r;
	uint32_t all = (1u << VCPUCHAR_PPC_N_CAPS) - 1;
	char want[12];

	if (rel < 0)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"qemu_version %u is no supported QEMU version (0, or 70200 to 999999: "
					"VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0) and later)", req->qemu_version);
	if (req->mode > VCPUCHAR_PPC_MODE_HOST)
		return vcpuchar_set_err(err, err_size, -EINVAL, "mode %u is no enum vcpuchar_ppc_mode value (0 to 2)",
					req->mode);
	if (req->accel > VCPUCHAR_ACCEL_TCG)
		return vcpuchar_set_err(err, err_size, -EINVAL, "accel %u is neither kvm (0) nor tcg (1)", req->accel);
	if (req->machine > VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"machine %u is no enum vcpuchar_ppc_machine value (0 to 4)", req->machine);
	if (!ppc_cpu_ok(req->cpu))
		return vcpuchar_set_err(err, err_size, -EINVAL, "cpu %u is no enum vcpuchar_ppc_cpu value (0, 7 to 11)",
					req->cpu);
	if (req->caps_set & ~all)
		return vcpuchar_set_err(err, err_size, -EINVAL, "caps_set 0x%x has bits past the four caps (0x%x)",
					req->caps_set, all);
	/* lib/ppc.md#modes: the host does not run a TCG guest, so its words are not the guest's. */
	if (req->mode == VCPUCHAR_PPC_MODE_HOST && req->accel == VCPUCHAR_ACCEL_TCG)
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s",
					"host mode under TCG: the host's words describe no CPU that QEMU emulates (host "
					"mode needs KVM; under TCG take host-max or caps mode)");
	/* Only the caps the caller set are read. */
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		if ((req->caps_set & (1u << cap)) && ppc_cap_level(&req->caps, cap) > ppc_level_max(cap))
			return vcpuchar_set_err(err, err_size, -EINVAL, "cap-%s level %u is out of range (0 to %u)",
						vcpuchar_ppc_cap_name(cap), ppc_cap_level(&req->caps, cap),
						ppc_level_max(cap));
	/* The other caps the start verdict judges at the caller's level (lib/ppc.md#start). */
	if (req->start_set & ~VCPUCHAR_PPC_START_SET_ALL)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"start_set 0x%x has bits outside the start verdict's caps (0x%x)", req->start_set,
					VCPUCHAR_PPC_START_SET_ALL);
	for (uint32_t cap = VCPUCHAR_PPC_START_HTM; cap < VCPUCHAR_PPC_START_CAPS; cap++) {
		bool pages = cap == VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE;
		uint32_t v = req->start_levels[cap];

		if ((req->start_set & (1u << cap)) && (pages ? v < 12 || v > 34 : v > 1))
			return vcpuchar_set_err(err, err_size, -EINVAL, "start_levels[%u] %u is out of range (%s)", cap,
						v, pages ? "a page shift, 12 to 34" : "0 off or 1 on");
	}
	if (req->max_cpu_compat &&
	    (req->max_cpu_compat < VCPUCHAR_PPC_CPU_POWER7 || req->max_cpu_compat > VCPUCHAR_PPC_CPU_POWER11))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"max_cpu_compat %u is no enum vcpuchar_ppc_cpu value (0, 7 to 11)",
					req->max_cpu_compat);
	/* The target's facts: its QEMU profile, else the table (lib/ppc.md#qemu-profiles). */
	if ((r = vcpuchar_ppc_target_resolve(req, t, err, err_size)) < 0)
		return r;
	/*
	 * A type whose defaults are unknown here: the caller's four caps only
	 * (lib/ppc.md#unknown-types); a QEMU profile's type has its measured ones.
	 */
	if (req->machine == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN && !t->type && req->caps_set != all)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"the machine type's default caps are not known here: all four caps are needed "
					"(cap-cfpc, cap-sbbc, cap-ibs, cap-ccf-assist; caps_set 0x%x, not 0x%x), or a "
					"QEMU profile that has the type",
					req->caps_set, all);
	/* The guest CPU where the request names it (under TCG: the type's default), against max-cpu-compat. */
	if ((r = vcpuchar_ppc_compat_check(req->max_cpu_compat,
					   req->cpu ? req->cpu : req->accel == VCPUCHAR_ACCEL_TCG ? t->default_cpu : 0,
					   err, err_size)) < 0)
		return r;
	/*
	 * Past the table's newest row the default cap-sbbc is unknown: QEMU
	 * 9.2 to 11.1 lower it to broken for every guest CPU but POWER7, which
	 * both answers leave at the type's, as max-cpu-compat=power7 lowers it
	 * in both (lib/ppc.md#qemu-versions). Only a default needs it: not a
	 * cap the caller sets, nor host-max's levels. A guest CPU not given
	 * is the type's default under TCG; under KVM the host's, unknown here:
	 * not POWER7.
	 */
	if (t->past && !(req->caps_set & (1u << VCPUCHAR_PPC_CAP_SBBC)) && req->mode != VCPUCHAR_PPC_MODE_HOST_MAX &&
	    (req->cpu ? req->cpu : req->accel == VCPUCHAR_ACCEL_TCG ? t->default_cpu : 0) != VCPUCHAR_PPC_CPU_POWER7 &&
	    req->max_cpu_compat != VCPUCHAR_PPC_CPU_POWER7) {
		vcpuchar_ppc_qemu_version_text(req->qemu_version, want);
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"QEMU %s is newer than %s, the newest QEMU in this library's release table: its "
					"default cap-sbbc for a guest CPU other than POWER7 is unknown here (QEMU 9.2 "
					"to %s lower it to broken); give cap-sbbc (caps_set), or a QEMU profile of the "
					"binary",
					want, vcpuchar_ppc_qemu_release_name(rel), vcpuchar_ppc_qemu_release_name(rel));
	}
	/* lib/ppc.md#qemu-versions, as vcpuchar_ppc_machine_parse_qemu() says for its name. */
	if (!t->profile && !vcpuchar_ppc_qemu_release_has(rel, req->machine)) {
		vcpuchar_ppc_qemu_version_text(req->qemu_version ? req->qemu_version : VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0),
					       want);
		return vcpuchar_set_err(err, err_size, -ENOENT, "QEMU %s has no machine type of %s", want,
					vcpuchar_ppc_machine_words(req->machine));
	}
	return vcpuchar_set_err(err, err_size, 0, "%s", "");
}

VCPUCHAR_EXPORT int vcpuchar_ppc_request_check(const struct vcpuchar_ppc_request *req, char *err, size_t err_size)
{
	struct vcpuchar_ppc_request rq;
	struct ppc_target t;

	if (!req || (!err && err_size))
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s", "missing argument");
	if (!VCPUCHAR_SIZE_OK(req))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"the request's size (%u) is not one of struct vcpuchar_ppc_request's, or "
					"its bytes past this library's members are not zero", vcpuchar_size_of(req));
	return vcpuchar_ppc_request_why(VCPUCHAR_IN(req, &rq), &t, err, err_size);
}

static const char *mode_reason(uint32_t mode, bool tcg, bool info)
{
	switch (mode) {
	case VCPUCHAR_PPC_MODE_CAPS:
		return "caps mode: R4/R5 come from the effective caps, bit for bit what QEMU answers; equal caps "
		       "give equal R4/R5 on both ends of a migration";
	case VCPUCHAR_PPC_MODE_HOST:
		return "host mode: R4/R5 are the host's words inside the masks; not migration-safe: they depend "
		       "on the host the VM booted on, while the caps that migrate do not describe them";
	default:
		if (tcg)
			return "host-max mode under TCG: the host CPU does not run the guest, so caps the caller "
			       "did not set take broken/off, QEMU's quiet TCG set";
		if (!info)
			return "host-max mode without host information: caps the caller did not set take "
			       "broken/off, QEMU's fallback, not a finding";
		return "host-max mode: caps the caller did not set take the host's levels, then R4/R5 come "
		       "from the caps, so QEMU's migration checks still apply";
	}
}

/*
 * lib/ppc.md#modes, "host-max and the entry and uaccess flushes": QEMU's
 * answer for cfpc=fixed tells the guest to skip both flushes, so host-max
 * takes fixed only when the host does not vouch that either is needed.
 */
static bool host_needs_entry_flush(const struct vcpuchar_ppc_host *host)
{
	return ppc_known_clear(host->behaviour, host->behaviour_mask, VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY) ||
	       ppc_known_clear(host->behaviour, host->behaviour_mask, VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS);
}

/* The cfpc level the host gives without its L1D_FLUSH_PR answer: workaround or broken. */
static uint8_t cfpc_with_flush(const struct vcpuchar_ppc_host *host)
{
	struct vcpuchar_ppc_host h = *host;
	struct vcpuchar_ppc_caps levels;

	h.behaviour |= VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR;
	h.behaviour_mask |= VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR;
	ppc_levels(&h, &levels);
	return levels.cfpc;
}

#define CFPC_FLUSH_NEEDED \
	"host-max keeps cap-cfpc below the host's fixed: the host's masks vouch that the L1D flush on kernel " \
	"entry or after user access is needed (NO_L1D_FLUSH_ENTRY or NO_L1D_FLUSH_UACCESS known clear), " \
	"while QEMU's answer for cap-cfpc=fixed tells the guest to skip both"

/* Fills @c for one cap; returns false when the cap has no finding. */
static bool check_cap(const struct vcpuchar_ppc_request *req, const struct ppc_target *t, uint32_t cpu,
		      const struct vcpuchar_ppc_caps *eff, const struct vcpuchar_ppc_caps *host, bool info,
		      bool flush_needed, uint32_t cap, struct vcpuchar_ppc_conflict *c)
{
	uint32_t r = ppc_cap_level(eff, cap);
	uint32_t h = ppc_cap_level(host, cap);
	bool from_default = !(req->caps_set & (1u << cap)) && req->mode != VCPUCHAR_PPC_MODE_HOST_MAX;

	c->cap = cap;
	c->requested = (uint8_t)r;
	c->host = (uint8_t)h;
	c->flags = from_default ? VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT : 0;
	c->explanation = "";

	if (req->accel == VCPUCHAR_ACCEL_TCG) {
		/* QEMU ignores the host and warns for every level above broken/off. */
		if (!r)
			return false;
		c->severity = VCPUCHAR_SEVERITY_WARNING;
		c->code = VCPUCHAR_PPC_CONFLICT_CODE_TCG_UNSUPPORTED;
		c->message = level_text[cap][r].tcg_msg;
		c->hint = "";
		if (from_default)
			c->explanation = default_tcg_expl[req->machine][cap];
		return true;
	}

	if (!info)
		c->flags |= VCPUCHAR_PPC_CONFLICT_FLAG_HOST_NO_INFO;
	if (r > h) {
		/* cap_ccf_assist_apply(): with the count cache disabled the flush is not needed. */
		if (cap == VCPUCHAR_PPC_CAP_CCF_ASSIST && host->ibs == VCPUCHAR_PPC_LEVEL_FIXED_CCD)
			return false;
		c->severity = VCPUCHAR_SEVERITY_ERROR;
		c->code = VCPUCHAR_PPC_CONFLICT_CODE_ABOVE_HOST;
		c->message = above_host_msg[cap];
		c->hint = level_text[cap][h].above_hint;
		if (from_default)
			c->explanation = above_default(req, t, cpu, cap, h, info);
		else if (!info)
			c->explanation = no_info_expl;
		else
			c->explanation = host_change[cap][r];
		return true;
	}
	/* In host mode the guest gets the host's words, so a low cap costs it nothing. */
	if (r < h && req->mode != VCPUCHAR_PPC_MODE_HOST) {
		c->severity = VCPUCHAR_SEVERITY_INFO;
		c->code = VCPUCHAR_PPC_CONFLICT_CODE_BELOW_HOST;
		c->message = below_host_msg[cap];
		/* hw/ppc/spapr_hcall.c: the assist bit goes out only with ibs=workaround. */
		if (cap == VCPUCHAR_PPC_CAP_CCF_ASSIST && eff->ibs != VCPUCHAR_PPC_LEVEL_WORKAROUND)
			c->message = CCF_BELOW_UNUSED;
		c->hint = level_text[cap][h].below_hint;
		if (from_default)
			c->explanation = default_below_expl[req->machine][cap];
		else if (flush_needed && cap == VCPUCHAR_PPC_CAP_CFPC && !(req->caps_set & (1u << cap)))
			c->explanation = CFPC_FLUSH_NEEDED;
		return true;
	}
	return false;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_decide(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
					struct vcpuchar_ppc_result *out)
{
	struct vcpuchar_ppc_request rq;
	struct vcpuchar_ppc_host hbuf;
	struct vcpuchar_ppc_result buf, *ret;
	struct vcpuchar_ppc_caps defaults, base;
	bool tcg, info, assumed = false, flush_needed = false;
	struct ppc_type_defaults td;
	struct ppc_target target;
	uint32_t cpu = 0;
	int r;

	return_val_if_fail(VCPUCHAR_SIZE_OK(req) && VCPUCHAR_SIZE_OK(out) && ppc_host_power_ok(host), -EINVAL);
	/* An older caller's structs lack the newer members: they read as 0. */
	req = VCPUCHAR_IN(req, &rq);
	host = VCPUCHAR_IN(host, &hbuf);
	/* One pass: the request is checked and its release, CPU and defaults resolved once, here. */
	r = vcpuchar_ppc_request_why(req, &target, NULL, 0);
	if (r)
		return r;
	info = ppc_host_has_info(host);
	if (req->mode == VCPUCHAR_PPC_MODE_HOST && !info)
		return -ENODATA;
	tcg = req->accel == VCPUCHAR_ACCEL_TCG;
	/*
	 * lib/ppc.md#guest-cpu: under KVM the guest CPU is the host's family
	 * unless given, and never newer than the host. Under TCG the host CPU
	 * does not run the guest: 0 is the machine type's default CPU
	 * (lib/ppc.md#tcg-default-cpu), POWER9 assumed where it is unknown.
	 */
	if (tcg) {
		cpu = req->cpu ? req->cpu : target.default_cpu;
		assumed = !req->cpu && target.cpu_assumed;
	} else if ((r = vcpuchar_ppc_cpu_resolve(host, req->cpu, &cpu, NULL, 0)) < 0)
		return r;
	else
		assumed = r == 1;
	/* Under KVM the host's family, where the request did not name one. */
	if (!assumed && (r = vcpuchar_ppc_compat_check(req->max_cpu_compat, cpu, NULL, 0)) < 0)
		return r;

	/* Written whole here; an older caller's struct gets the part it has at the end. */
	ret = VCPUCHAR_OUT(out, &buf);
	ret->mode = req->mode;
	/* Without information the levels stay broken/off, QEMU's fallback (zeroed above). */
	if (info)
		ppc_levels(host, &ret->host_caps);
	/*
	 * The type's defaults for the guest CPU, from the target's profile or
	 * the table; an unknown type's stay zero: the caller set all four
	 * caps, so none is read.
	 */
	if ((r = vcpuchar_ppc_target_defaults(&target, req->machine, cpu, &td, NULL, 0)) < 0)
		return r;
	/* max-cpu-compat lowers them as QEMU does (lib/ppc.md#start). */
	vcpuchar_ppc_compat_defaults(&td.caps, cpu, req->max_cpu_compat);
	defaults = td.caps;
	/* host-max: the host's levels; under TCG the host does not count. */
	base = req->mode == VCPUCHAR_PPC_MODE_HOST_MAX ? (tcg ? (struct vcpuchar_ppc_caps){ 0 } : ret->host_caps)
						       : defaults;
	if (req->mode == VCPUCHAR_PPC_MODE_HOST_MAX && !tcg && base.cfpc == VCPUCHAR_PPC_LEVEL_FIXED &&
	    host_needs_entry_flush(host)) {
		base.cfpc = cfpc_with_flush(host);
		flush_needed = true;
	}
	/* Raised to the host, but never past what the guest CPU model can use. */
	vcpuchar_ppc_caps_limit_cpu(&base, cpu);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		const struct vcpuchar_ppc_caps *from = (req->caps_set & (1u << cap)) ? &req->caps : &base;

		*ppc_cap_field(&ret->effective_caps, cap) = ppc_cap_level(from, cap);
	}

	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		struct vcpuchar_ppc_conflict *c = &ret->conflicts[ret->n_conflicts];

		if (!check_cap(req, &target, cpu, &ret->effective_caps, &ret->host_caps, info, flush_needed, cap, c))
			continue;
		ret->n_conflicts++;
		if (c->severity == VCPUCHAR_SEVERITY_ERROR)
			ret->n_errors++;
	}

	if (!info)
		ret->flags |= VCPUCHAR_PPC_RESULT_HOST_NO_INFO;
	if (assumed)
		ret->flags |= VCPUCHAR_PPC_RESULT_CPU_ASSUMED;
	if (req->mode == VCPUCHAR_PPC_MODE_HOST) {
		vcpuchar_ppc_host_to_hcall(host, &ret->r4, &ret->r5);
		ret->flags |= VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE;
	} else {
		ppc_caps_hcall(&ret->effective_caps, &ret->r4, &ret->r5);
		/* Host bits the guest is not told because no cap can say them. */
		if (info && !tcg) {
			ret->unexpressed_r4 = host->character & host->character_mask & R4_INEXPRESSIBLE & ~ret->r4;
			ret->unexpressed_r5 = host->behaviour & host->behaviour_mask & R5_INEXPRESSIBLE & ~ret->r5;
		}
		if (ret->unexpressed_r4 || ret->unexpressed_r5)
			ret->flags |= VCPUCHAR_PPC_RESULT_NOT_EXPRESSIBLE;
	}
	ret->mode_reason = mode_reason(req->mode, tcg, info);
	ret->guest_view.size = sizeof(ret->guest_view);
	/* A guest held to an older level by max-cpu-compat takes that level's barrier (lib/ppc.md#guest-view). */
	vcpuchar_ppc_guest_view_fill(ret->r4, ret->r5,
				     req->max_cpu_compat && req->max_cpu_compat < cpu ? req->max_cpu_compat : cpu, 0,
				     &ret->guest_view);
	ret->n_conflicts = VCPUCHAR_ENTRIES(out, conflicts, ret->n_conflicts);
	VCPUCHAR_OUT_END(out, ret);
	return 0;
}

/* The guest view's files in struct vcpuchar_ppc_result_ext's order: the 1.0 struct's, then any later one. */
static const struct {
	const char *name;
	size_t offset;
} guest_files[] = {
	{ "meltdown", offsetof(struct vcpuchar_ppc_guest_view, meltdown) },
	{ "l1tf", offsetof(struct vcpuchar_ppc_guest_view, l1tf) },
	{ "spectre_v1", offsetof(struct vcpuchar_ppc_guest_view, spectre_v1) },
	{ "spectre_v2", offsetof(struct vcpuchar_ppc_guest_view, spectre_v2) },
	{ "spec_store_bypass", offsetof(struct vcpuchar_ppc_guest_view, spec_store_bypass) },
};
_Static_assert(sizeof(guest_files) / sizeof(guest_files[0]) == VCPUCHAR_PPC_GUEST_FILES, "a file per entry");
_Static_assert(VCPUCHAR_PPC_N_CAPS <= VCPUCHAR_PPC_CAPS_ROOM, "every cap has room");

VCPUCHAR_EXPORT int vcpuchar_ppc_decide_ext(const struct vcpuchar_ppc_host *host,
					    const struct vcpuchar_ppc_request *req, struct vcpuchar_ppc_result *ret,
					    struct vcpuchar_ppc_result_ext *ext)
{
	struct vcpuchar_ppc_result res = { .size = sizeof(res) };
	struct vcpuchar_ppc_result_ext buf, *e;
	int r;

	return_val_if_fail(VCPUCHAR_SIZE_OK(ret) && VCPUCHAR_SIZE_OK(ext), -EINVAL);
	r = vcpuchar_ppc_decide(host, req, &res);
	if (r)
		return r;
	e = VCPUCHAR_OUT(ext, &buf);
	e->n_caps = VCPUCHAR_PPC_N_CAPS;
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		e->host_levels[cap] = ppc_cap_level(&res.host_caps, cap);
		e->effective_levels[cap] = ppc_cap_level(&res.effective_caps, cap);
	}
	e->n_files = VCPUCHAR_ENTRIES(ext, files, VCPUCHAR_PPC_GUEST_FILES);
	for (uint32_t i = 0; i < e->n_files; i++) {
		memcpy(e->files[i].name, guest_files[i].name, strlen(guest_files[i].name) + 1);
		memcpy(e->files[i].text, (const char *)&res.guest_view + guest_files[i].offset, sizeof(e->files[i].text));
	}
	VCPUCHAR_OUT_END(ext, e);
	res.n_conflicts = VCPUCHAR_ENTRIES(ret, conflicts, res.n_conflicts);
	VCPUCHAR_OUT_END(ret, &res);
	return 0;
}
