/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* The start verdict: every cap QEMU checks against KVM when it starts (lib/ppc.md#start). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

/* QEMU's page shift for its default cap-hpt-max-page-size (pseries-3.0 and later: 64 KiB). */
#define HPT_SHIFT_DEFAULT 16
/* POWER9 and later models' decrementer width (QEMU target/ppc/cpu_init.c lrg_decr_bits). */
#define LARGE_DECR_BITS 56

/* One entry; @fix and @reason are printf formats only where they need numbers. */
static struct vcpuchar_ppc_start_entry *entry(struct vcpuchar_ppc_start *s, uint32_t cap, const char *name,
					      uint32_t level)
{
	struct vcpuchar_ppc_start_entry *e = &s->entries[s->n_entries++];

	e->cap = cap;
	e->level = level;
	snprintf(e->name, sizeof(e->name), "%s", name);
	return e;
}

static void verdict(struct vcpuchar_ppc_start_entry *e, uint32_t v, const char *fix, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void verdict(struct vcpuchar_ppc_start_entry *e, uint32_t v, const char *fix, const char *fmt, ...)
{
	va_list ap;

	e->verdict = v;
	snprintf(e->fix, sizeof(e->fix), "%s", fix);
	va_start(ap, fmt);
	vsnprintf(e->reason, sizeof(e->reason), fmt, ap);
	va_end(ap);
}

/* A fact: 1 holds, 0 does not, -1 unknown. */
static int fact(const struct vcpuchar_ppc_host *host, uint32_t bit)
{
	if (!host || !(host->facts_read & bit))
		return -1;
	return (host->facts & bit) != 0;
}

/* An on/off cap QEMU refuses under KVM without one KVM capability (cap_htm/nested_kvm_hv/fwnmi_apply()). */
static void kvm_bool(struct vcpuchar_ppc_start_entry *e, const struct vcpuchar_ppc_host *host, uint32_t bit,
		     const char *kvm_cap, const char *qemu_msg)
{
	char fix[VCPUCHAR_PPC_START_FIX_LEN];
	int f = fact(host, bit);

	snprintf(fix, sizeof(fix), "cap-%s=off", e->name);
	if (!e->level)
		verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "cap-%s=off: QEMU checks nothing", e->name);
	else if (f < 0)
		verdict(e, VCPUCHAR_PPC_VERDICT_UNKNOWN, fix,
			"cap-%s=on needs %s, which the host facts do not say; without it QEMU says \"%s\"", e->name,
			kvm_cap, qemu_msg);
	else if (!f)
		verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, fix, "cap-%s=on: this KVM lacks %s: QEMU says \"%s\"",
			e->name, kvm_cap, qemu_msg);
	else
		verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "cap-%s=on: this KVM offers %s", e->name, kvm_cap);
}

/* hw/ppc/spapr_caps.c cap_hpt_maxpagesize_apply() -> spapr_check_pagesize(). */
static void hpt(struct vcpuchar_ppc_start_entry *e, const struct vcpuchar_ppc_host *host, bool old_types)
{
	uint32_t want = e->level;
	int real = fact(host, VCPUCHAR_PPC_FACT_PAGES_REAL);
	uint32_t page = host ? host->page_size : 0;
	char fix[VCPUCHAR_PPC_START_FIX_LEN] = "";

	if (page)
		snprintf(fix, sizeof(fix), "cap-hpt-max-page-size=%uk", page >> 10);
	if (real == 0)
		verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "",
			"this KVM does not need host-contiguous guest pages (no KVM_PPC_PAGE_SIZES_REAL): QEMU "
			"checks no page size");
	else if (!page || real < 0)
		verdict(e, VCPUCHAR_PPC_VERDICT_UNKNOWN, page ? fix : "cap-hpt-max-page-size=4k",
			"cap-hpt-max-page-size=%" PRIu64 "k needs a host page as large under KVM-HV; the host facts "
			"do not say %s",
			(UINT64_C(1) << want) >> 10,
			!page ? "the host's page size" : "whether KVM needs host-contiguous pages (KVM_PPC_GET_SMMU_INFO)");
	else if (page >= (UINT64_C(1) << want))
		verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "the host's %u KiB pages back %" PRIu64 " KiB guest pages",
			page >> 10, (UINT64_C(1) << want) >> 10);
	else
		verdict(e, old_types ? VCPUCHAR_PPC_VERDICT_UNKNOWN : VCPUCHAR_PPC_VERDICT_REFUSED, fix,
			"%sQEMU says \"Can't support %" PRIu64 " kiB guest pages with %u kiB host pages with this KVM "
			"implementation\"",
			old_types ? "pseries-2.12 and older take the host's page size and start; pseries-3.0 and 3.1 "
				    "take 64 KiB: "
				  : "",
			(UINT64_C(1) << want) >> 10, page >> 10);
}

/* hw/ppc/spapr_caps.c cap_large_decr_apply(), target/ppc/kvm.c kvmppc_get_dec_bits(). */
static void large_decr(struct vcpuchar_ppc_start_entry *e, const struct vcpuchar_ppc_host *host)
{
	int f = fact(host, VCPUCHAR_PPC_FACT_DEC_BITS);

	if (!e->level)
		verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "cap-large-decr=off: QEMU checks nothing");
	else if (f < 0)
		verdict(e, VCPUCHAR_PPC_VERDICT_UNKNOWN, "cap-large-decr=off",
			"cap-large-decr=on needs the host's ibm,dec-bits (%u), which the host facts do not say",
			LARGE_DECR_BITS);
	else if (!f)
		verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-large-decr=off",
			"the host's device tree has no ibm,dec-bits: QEMU says \"No large decrementer support\"");
	else if (host->dec_bits != LARGE_DECR_BITS)
		verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-large-decr=off",
			"QEMU says \"KVM large decrementer size (%u) differs to model (%u)\"", host->dec_bits,
			LARGE_DECR_BITS);
	else
		verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "the host's ibm,dec-bits is %u, the model's",
			LARGE_DECR_BITS);
}

/* The Spectre caps: the decision's conflicts (lib/ppc.md#validation). */
static void spectre(struct vcpuchar_ppc_start *s, const struct vcpuchar_ppc_host *host,
		    const struct vcpuchar_ppc_result *res)
{
	/* KVM's own zero masks are what QEMU reads too; facts nobody read are unknown. */
	bool unread = (res->flags & VCPUCHAR_PPC_RESULT_HOST_NO_INFO) &&
		      !(host && host->source == VCPUCHAR_SOURCE_KVM && host->error == 0);

	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		struct vcpuchar_ppc_start_entry *e =
			entry(s, cap, vcpuchar_ppc_cap_name(cap), ppc_cap_level(&res->effective_caps, cap));
		const struct vcpuchar_ppc_conflict *c = NULL;

		for (uint32_t i = 0; i < res->n_conflicts; i++)
			if (res->conflicts[i].cap == cap && res->conflicts[i].severity == VCPUCHAR_SEVERITY_ERROR)
				c = &res->conflicts[i];
		if (c && unread)
			verdict(e, VCPUCHAR_PPC_VERDICT_UNKNOWN, "",
				"the host's characteristics were not read: QEMU refuses this level on a host that "
				"gives none (\"%s\")",
				c->message);
		else if (c)
			verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "", "QEMU says \"%s\"", c->message);
		else
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "at or below the host's level");
	}
}

/*
 * The caller's own level for @cap (a pasted "cap-fwnmi=off"), which QEMU
 * takes in place of the machine type's default (spapr_caps_init():
 * cmd_line_caps); false when the caller set none.
 */
static bool user_level(const struct vcpuchar_ppc_request *req, uint32_t cap, uint32_t *level)
{
	if (!(req->start_set & (1u << cap)))
		return false;
	*level = req->start_levels[cap];
	return true;
}

/*
 * A machine type whose defaults are unknown here (lib/ppc.md#unknown-types)
 * is judged at the level QEMU may refuse (on; 64 KiB pages); since the
 * type may give less, a refusal there is UNKNOWN, its fix kept.
 */
static void default_unknown(struct vcpuchar_ppc_start_entry *e)
{
	char fix[VCPUCHAR_PPC_START_FIX_LEN], why[VCPUCHAR_PPC_START_REASON_LEN];

	if (e->verdict != VCPUCHAR_PPC_VERDICT_REFUSED)
		return;
	snprintf(fix, sizeof(fix), "%s", e->fix);
	snprintf(why, sizeof(why), "%s", e->reason);
	verdict(e, VCPUCHAR_PPC_VERDICT_UNKNOWN, fix, "the machine type's default is not known here; if it is %s: %s",
		e->cap == VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE ? "64k" : "on", why);
}

/*
 * The exact type's version, X * 100 + Y, for @name of @req's class
 * (lib/ppc.md#start): 0 for "pseries", pseries-2.12-sxxm and a type whose
 * defaults are unknown here; -EINVAL for a name of another class or one the
 * target QEMU lacks.
 */
static int type_of(const char *name, const struct vcpuchar_ppc_request *req, unsigned *type)
{
	unsigned major, minor;
	uint32_t m;
	int n = 0;

	/* A QEMU profile's version, with qemu_version 0 too (lib/ppc.md#qemu-profiles). */
	uint32_t version = req->qemu_profile ? vcpuchar_ppc_qemu_profile_version(req->qemu_profile) : req->qemu_version;

	*type = 0;
	if (vcpuchar_ppc_qemu_release(version) < 0)
		version = 0; /* older than 7.2: the 7.2 row, as the target's texts take it */
	if (vcpuchar_ppc_machine_parse_qemu(name, version, &m, NULL, 0) < 0) {
		/* A distribution's type, or one newer than the table (lib/ppc.md#unknown-types). */
		if (req->machine == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN &&
		    vcpuchar_ppc_machine_defaults_unknown(name, version))
			return 0;
		return -EINVAL;
	}
	if (m != req->machine)
		return -EINVAL;
	if (m != VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM && strcmp(name, "pseries") &&
	    sscanf(name, "pseries-%u.%u%n", &major, &minor, &n) == 2 && !name[n])
		*type = major * 100 + minor;
	return 0;
}

int vcpuchar_ppc_start_run(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
			   const char *machine, struct vcpuchar_ppc_start *ret, struct ppc_start_ctx *ctx)
{
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_request rq, exact;
	struct vcpuchar_ppc_host hbuf;
	struct vcpuchar_ppc_start out;
	struct ppc_type_defaults td;
	struct ppc_target target;
	uint32_t cpu, dcpu, m;
	bool kvm, old_types, new_cpu, unknown, htm_old;
	unsigned type = 0;
	size_t len = 0;
	int r;

	return_val_if_fail(ret && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	/*
	 * The exact type, when the request names none, is the table's type
	 * too: under TCG its default CPU is the guest's (lib/ppc.md#tcg-default-cpu).
	 */
	if (machine && req && VCPUCHAR_SIZE_OK(req)) {
		exact = *VCPUCHAR_IN(req, &rq);
		if (!exact.qemu_profile && !exact.qemu_machine &&
		    vcpuchar_ppc_machine_parse_qemu(machine, exact.qemu_version, &m, NULL, 0) == 0 && m == exact.machine) {
			exact.qemu_machine = machine;
			req = &exact;
		}
	}
	/* decide() checks @host and @req. */
	r = vcpuchar_ppc_decide(host, req, &res);
	if (r < 0)
		return r;
	req = VCPUCHAR_IN(req, &rq);
	/* The request's exact type without a profile is the type judged (lib/ppc.md#tcg-default-cpu). */
	if (!machine && !req->qemu_profile)
		machine = req->qemu_machine;
	if (machine && type_of(machine, req, &type) < 0)
		return -EINVAL;
	host = VCPUCHAR_IN(host, &hbuf);
	memset(&out, 0, sizeof(out));
	out.size = sizeof(out);
	kvm = req->accel == VCPUCHAR_ACCEL_KVM;
	cpu = req->cpu;
	if (!cpu && kvm)
		vcpuchar_ppc_host_cpu(host, 0, &cpu, NULL, 0);
	/* The target's facts and the type's defaults, as decide() resolved them (lib/ppc.md#qemu-profiles). */
	if ((r = vcpuchar_ppc_target_resolve(req, &target, NULL, 0)) < 0)
		return r;
	if (!cpu)
		cpu = target.default_cpu;
	m = req->machine;
	if ((r = vcpuchar_ppc_target_defaults(&target, m, cpu, &td, NULL, 0)) < 0)
		return r;
	vcpuchar_ppc_compat_defaults(&td.caps, cpu, req->max_cpu_compat);
	/*
	 * pseries-3.1 and older: 2.x too where the release still has them
	 * (lib/ppc.md#qemu-versions), unless the exact type is known. The
	 * class is then of types whose htm and hpt-max-page-size defaults
	 * differ. pseries-2.12-sxxm is its own class: 2.12's options, whose htm
	 * is off (spapr_machine_2_12_sxxm_class_options()).
	 */
	old_types = !type && !td.exact && m == VCPUCHAR_PPC_MACHINE_PSERIES_3_1 &&
		    vcpuchar_ppc_qemu_release_has(target.release, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM);
	/* The exact type's htm: on for pseries-2.11 and older (spapr_machine_2_11_class_options()). */
	htm_old = old_types || (type && type <= 211);
	/* max-cpu-compat lowers the defaults as a CPU of that level would (default_caps_with_cpu()). */
	dcpu = req->max_cpu_compat && req->max_cpu_compat < cpu ? req->max_cpu_compat : cpu;
	new_cpu = dcpu >= VCPUCHAR_PPC_CPU_POWER9;
	/* A profile's type is known, whatever its class (pseries-rhel9.2.0). */
	unknown = m == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN && !td.exact;

	spectre(&out, host, &res);

	/* htm: off from pseries-2.12 on, on before; off for CPUs before POWER8 (default_caps_with_cpu()). */
	{
		/* An unknown type's level is the one judged: on, where the CPU has HTM (POWER8 and later). */
		struct vcpuchar_ppc_start_entry *e =
			entry(&out, VCPUCHAR_PPC_START_HTM, "htm",
			      (td.exact ? td.htm : unknown || (type && htm_old)) && dcpu >= VCPUCHAR_PPC_CPU_POWER8);

		/* The type's own default is known (its QEMU profile, or its exact type), or not: its version, or the type. */
		const char *who = td.exact ? "the type's default (its QEMU profile) is cap-htm=on"
				  : unknown ? "the machine type's default is not known here, and it may be cap-htm=on"
					    : "pseries-2.11 and older take cap-htm=on";
		const char *gap = td.exact || unknown || type ? "" : "; the type's version is not in the request";
		uint32_t lv;

		if (user_level(req, VCPUCHAR_PPC_START_HTM, &lv)) {
			int f = fact(host, VCPUCHAR_PPC_FACT_HTM);

			e->level = lv;
			if (!lv)
				verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "cap-htm=off, given: QEMU checks nothing");
			else if (!kvm)
				verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-htm=off",
					"cap-htm=on, given: QEMU says \"No Transactional Memory support in TCG\"");
			else if (f == 1)
				verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "cap-htm=on, given: this KVM offers KVM_CAP_PPC_HTM");
			else if (f == 0 && cpu >= VCPUCHAR_PPC_CPU_POWER9)
				verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-htm=off",
					"cap-htm=on, given: this KVM lacks KVM_CAP_PPC_HTM: QEMU says \"KVM implementation "
					"does not support Transactional Memory\"");
			else
				verdict(e, VCPUCHAR_PPC_VERDICT_UNKNOWN, "cap-htm=off",
					"cap-htm=on, given: it needs KVM_CAP_PPC_HTM (or a POWER8 KVM-HV host with HTM), "
					"which the host facts do not say");
		} else if (td.exact && !kvm && e->level) {
			/* Measured: the probe's own start of the type under TCG refused it. */
			verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-htm=off",
				"%s: QEMU says \"No Transactional Memory support in TCG\"", who);
		} else if ((td.exact && !e->level) || (!td.exact && !htm_old && !unknown) || dcpu < VCPUCHAR_PPC_CPU_POWER8)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "cap-htm=off: QEMU checks nothing");
		else if (!kvm)
			verdict(e, type ? VCPUCHAR_PPC_VERDICT_REFUSED : VCPUCHAR_PPC_VERDICT_UNKNOWN, "cap-htm=off",
				"%s: QEMU says \"No Transactional Memory support in TCG\"%s", who, gap);
		else if (fact(host, VCPUCHAR_PPC_FACT_HTM) == 1)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "%s, which this KVM offers", who);
		else
			/* Also POWER8 under KVM-HV: QEMU takes HTM from AT_HWCAP2 without the capability. */
			verdict(e, VCPUCHAR_PPC_VERDICT_UNKNOWN, "cap-htm=off",
				"%s, which needs KVM_CAP_PPC_HTM (or a POWER8 KVM-HV host with HTM)%s", who, gap);
	}
	{
		struct vcpuchar_ppc_start_entry *e =
			entry(&out, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE, "hpt-max-page-size",
			      /* A QEMU profile's type: its measured default (lib/ppc.md#qemu-profiles). */
			      td.exact ? td.hpt
			      : m == VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM || (type && type <= 212) ? 0
												   : HPT_SHIFT_DEFAULT);
		bool given = user_level(req, VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE, &e->level);

		if (!kvm)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "TCG: QEMU checks no page size");
		else if (!e->level)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "pseries-2.12 and older take the host's page size");
		else
			hpt(e, host, old_types && !given);
		if (unknown && !given)
			default_unknown(e);
	}
	{
		struct vcpuchar_ppc_start_entry *e = entry(&out, VCPUCHAR_PPC_START_NESTED_HV, "nested-hv", 0);

		/* Off in every machine type. */
		if (user_level(req, VCPUCHAR_PPC_START_NESTED_HV, &e->level) && e->level && !kvm)
			verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-nested-hv=off",
				"cap-nested-hv=on, given: QEMU says \"No Nested KVM-HV support in TCG\"");
		else
			kvm_bool(e, host, VCPUCHAR_PPC_FACT_NESTED_HV, "KVM_CAP_PPC_NESTED_HV",
				 "KVM implementation does not support Nested-HV");
	}
	{
		/* On from pseries-4.0, for POWER9 and later (spapr_machine_3_1_class_options()). */
		bool on = new_cpu && (td.large_decr || unknown);
		struct vcpuchar_ppc_start_entry *e = entry(&out, VCPUCHAR_PPC_START_LARGE_DECR, "large-decr", on);
		bool given = user_level(req, VCPUCHAR_PPC_START_LARGE_DECR, &e->level);

		if (!kvm && e->level && (cpu < VCPUCHAR_PPC_CPU_POWER9 || !new_cpu))
			/* cap_large_decr_apply() under TCG: the CPU, or its compat level, before ISA 3.00. */
			verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-large-decr=off",
				"QEMU says \"Large decrementer only supported on POWER9\"");
		else if (!kvm)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "TCG: QEMU checks no host decrementer");
		else
			large_decr(e, host);
		if (unknown && !given)
			default_unknown(e);
	}
	{
		/* On from pseries-5.0 (spapr_machine_4_2_class_options() turns it off). */
		struct vcpuchar_ppc_start_entry *e =
			entry(&out, VCPUCHAR_PPC_START_FWNMI, "fwnmi", td.fwnmi || unknown);
		bool given = user_level(req, VCPUCHAR_PPC_START_FWNMI, &e->level);

		if (!kvm)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "TCG: QEMU checks nothing");
		else
			kvm_bool(e, host, VCPUCHAR_PPC_FACT_FWNMI, "KVM_CAP_PPC_FWNMI",
				 "Firmware Assisted Non-Maskable Interrupts(FWNMI) not supported by KVM.");
		if (unknown && !given)
			default_unknown(e);
	}
	{
		/*
		 * QEMU 8.1 added the cap, on in every machine type (spapr_machine_class_init()),
		 * off before POWER8 (default_caps_with_cpu(): ISA 2.07 compat); lib/ppc.md#start.
		 */
		bool has = target.release < 0 ||
			   target.release >= vcpuchar_ppc_qemu_release(VCPUCHAR_PPC_QEMU_VERSION(8, 1, 0));
		const char *tname = vcpuchar_ppc_target_type_name(&target);
		char rel[12];

		/* A QEMU profile's type says whether it has the property, and names its version (lib/ppc.md#qemu-profiles). */
		if (tname) {
			int p = vcpuchar_ppc_qemu_profile_property(target.profile, tname, strlen(tname), "cap-ail-mode-3",
								   strlen("cap-ail-mode-3"), NULL, 0);

			if (p >= 0)
				has = p == 1;
			vcpuchar_ppc_qemu_version_text(vcpuchar_ppc_qemu_profile_version(target.profile), rel);
		} else {
			snprintf(rel, sizeof(rel), "%s", vcpuchar_ppc_qemu_release_name(target.release));
		}
		struct vcpuchar_ppc_start_entry *e =
			entry(&out, VCPUCHAR_PPC_START_AIL_MODE_3, "ail-mode-3", has && dcpu >= VCPUCHAR_PPC_CPU_POWER8);
		bool given = user_level(req, VCPUCHAR_PPC_START_AIL_MODE_3, &e->level);

		if (!has && given)
			verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "",
				"QEMU %s has no property cap-ail-mode-3 (QEMU 8.1 added it): remove it", rel);
		else if (!has)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "",
				"QEMU %s has no cap-ail-mode-3 (QEMU 8.1 added it): nothing is checked", rel);
		else if (!kvm && e->level && cpu < VCPUCHAR_PPC_CPU_POWER8)
			verdict(e, VCPUCHAR_PPC_VERDICT_REFUSED, "cap-ail-mode-3=off",
				"QEMU says \"TCG only supports cap-ail-mode-3 on POWER8 and later CPUs\"");
		else if (!kvm || !e->level)
			verdict(e, VCPUCHAR_PPC_VERDICT_STARTS, "", "%s",
				!e->level ? (given ? "cap-ail-mode-3=off, given: QEMU checks nothing"
						   : "cap-ail-mode-3=off (the default before POWER8): QEMU checks nothing")
					  : "TCG: QEMU gives AIL mode 3 to POWER8 and later CPUs");
		else
			kvm_bool(e, host, VCPUCHAR_PPC_FACT_AIL_MODE_3, "KVM_CAP_PPC_AIL_MODE_3",
				 "KVM implementation does not support cap-ail-mode-3");
		if (unknown && !given)
			default_unknown(e);
	}

	for (uint32_t i = 0; i < out.n_entries; i++) {
		const struct vcpuchar_ppc_start_entry *e = &out.entries[i];

		out.n_refused += e->verdict == VCPUCHAR_PPC_VERDICT_REFUSED;
		out.n_unknown += e->verdict == VCPUCHAR_PPC_VERDICT_UNKNOWN;
		/* Only what a start needs: a fix for an unknown fact would cost a guest that may not need it. */
		if (e->verdict == VCPUCHAR_PPC_VERDICT_REFUSED && e->fix[0] && len < sizeof(out.paste))
			len += (size_t)snprintf(out.paste + len, sizeof(out.paste) - len, "%s%s", len ? "," : "",
						e->fix);
	}
	if (ctx) {
		ctx->target = target;
		ctx->td = td;
		ctx->res = res;
		ctx->cpu = cpu;
		ctx->type = type;
		ctx->kvm = kvm;
		ctx->old_types = old_types;
		ctx->unknown = unknown;
	}
	out.n_entries = VCPUCHAR_ENTRIES(ret, entries, out.n_entries);
	VCPUCHAR_OUT_END(ret, &out);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_start_check(const struct vcpuchar_ppc_host *host,
					     const struct vcpuchar_ppc_request *req, struct vcpuchar_ppc_start *ret)
{
	return vcpuchar_ppc_start_run(host, req, NULL, ret, NULL);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_start_check_type(const struct vcpuchar_ppc_host *host,
						  const struct vcpuchar_ppc_request *req, const char *machine,
						  struct vcpuchar_ppc_start *ret)
{
	return vcpuchar_ppc_start_run(host, req, machine, ret, NULL);
}
