/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * Caps in QEMU's and libvirt's spellings, and the warnings a user of an
 * unmodified QEMU needs (lib/ppc.md#qemu-and-libvirt-spellings and #warnings).
 */
#include <inttypes.h>
#include <stdio.h>

#include "ppc-cpu.h"
#include "ppc-internal.h"
#include "vcpuchar-private.h"

static const char *const warning_names[VCPUCHAR_PPC_WARNING_MAX + 1] = {
	[VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT] = "qemu_fixed_na_abort",
	[VCPUCHAR_PPC_WARNING_HOST_BITS_OUTSIDE_MASKS] = "host_bits_outside_masks",
	[VCPUCHAR_PPC_WARNING_MASKS_WITHOUT_KNOWN_BITS] = "masks_without_known_bits",
	[VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED] = "defaults_refused",
	[VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST] = "defaults_below_host",
};

VCPUCHAR_EXPORT const char *vcpuchar_ppc_warning_name(uint32_t code)
{
	return code >= 1 && code <= VCPUCHAR_PPC_WARNING_MAX ? warning_names[code] : NULL;
}

/*
 * The caps a user may paste: fixed-na becomes broken, which QEMU answers
 * with the same R4/R5 (neither adds an ibs bit: hw/ppc/spapr_hcall.c) and
 * which QEMU 7.2 does not abort on. Returns the warning set.
 */
static uint32_t pasteable(struct vcpuchar_ppc_caps *c)
{
	if (c->ibs != VCPUCHAR_PPC_LEVEL_FIXED_NA)
		return 0;
	c->ibs = VCPUCHAR_PPC_LEVEL_BROKEN;
	return 1u << VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_caps_format(const struct vcpuchar_ppc_caps *caps, uint32_t format, char *buf,
					     size_t size, uint32_t *warnings)
{
	char tmp[VCPUCHAR_PPC_FORMAT_LEN];
	struct vcpuchar_ppc_caps c;
	uint32_t w;
	int n;

	return_val_if_fail(caps && ppc_caps_ok(caps) && format <= VCPUCHAR_PPC_FORMAT_LIBVIRT, -EINVAL);
	return_val_if_fail(buf || !size, -EINVAL);
	c = *caps;
	w = pasteable(&c);
	if (format == VCPUCHAR_PPC_FORMAT_QEMU)
		n = snprintf(tmp, sizeof(tmp), "cap-cfpc=%s,cap-sbbc=%s,cap-ibs=%s,cap-ccf-assist=%s",
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_CFPC, c.cfpc),
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_SBBC, c.sbbc),
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_IBS, c.ibs),
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_CCF_ASSIST, c.ccf_assist));
	else
		/*
		 * libvirt domain XML, "Hypervisor features" (libvirt
		 * docs/formatdomain.rst; the ibs element came with libvirt's
		 * "qemu: Implement the IBS pSeries feature", 2020): cfpc, sbbc
		 * and ibs carry value=, ccf-assist carries state=on|off.
		 */
		n = snprintf(tmp, sizeof(tmp),
			     "<features><cfpc value='%s'/><sbbc value='%s'/><ibs value='%s'/>"
			     "<ccf-assist state='%s'/></features>",
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_CFPC, c.cfpc),
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_SBBC, c.sbbc),
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_IBS, c.ibs),
			     vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_CCF_ASSIST, c.ccf_assist));
	/* The longest value names fit with room to spare; the check guards the tables. */
	if (n < 0 || (size_t)n >= sizeof(tmp))
		return -EINVAL;
	if (!buf)
		return n;
	if ((size_t)n >= size)
		return -ENOSPC;
	memcpy(buf, tmp, (size_t)n + 1);
	if (warnings)
		*warnings = w;
	return n;
}

/*
 * Appends to a fixed buffer. A text too long for it is cut after its last
 * whole word and ends in "...": never in the middle of a word or a number.
 */
struct text {
	char *buf;
	size_t size, len;
};

__attribute__((format(printf, 2, 3))) static void put(struct text *t, const char *fmt, ...)
{
	va_list ap;
	size_t end;
	int n;

	if (t->len + 1 >= t->size)
		return;
	va_start(ap, fmt);
	n = vsnprintf(t->buf + t->len, t->size - t->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (t->len + (size_t)n < t->size) {
		t->len += (size_t)n;
		return;
	}
	/* Cut: room for "..." after the last space, and nothing more is appended. */
	end = t->size - 4;
	while (end > 0 && t->buf[end] != ' ')
		end--;
	while (end > 0 && (t->buf[end - 1] == ' ' || t->buf[end - 1] == ',' || t->buf[end - 1] == ';' ||
			   t->buf[end - 1] == ':'))
		end--;
	memcpy(t->buf + end, "...", 4);
	t->len = t->size - 1;
}

/*
 * QEMU_FIXED_NA_ABORT names the target QEMU (lib/ppc.md#qemu-versions): the
 * releases measured abort; for the others it is unknown and says so.
 * Without a version the text is 1.0's.
 */
static void fixed_na_text(const struct vcpuchar_ppc_request *req, struct text *t)
{
	/* A QEMU profile's own version (lib/ppc.md#qemu-profiles); older than 7.2, the 7.2 row. */
	uint32_t qemu_version = req->qemu_profile ? vcpuchar_ppc_qemu_profile_version(req->qemu_profile)
						  : req->qemu_version;
	int rel = vcpuchar_ppc_qemu_release(qemu_version);
	char want[12];

	if (rel < 0)
		rel = 0;
	vcpuchar_ppc_qemu_version_text(qemu_version, want);
	if (!qemu_version)
		put(t, "the effective caps hold cap-ibs=fixed-na, on which QEMU 7.2 (Debian 12) aborts");
	else if (req->qemu_profile && vcpuchar_ppc_qemu_release_fixed_na(rel) == 1)
		put(t, "the effective caps hold cap-ibs=fixed-na, on which QEMU %s (its QEMU profile's binary) "
		       "aborts as %s (%s) was measured to (its handler has no case for the value the command line stores)",
		    want, vcpuchar_ppc_qemu_release_name(rel), vcpuchar_ppc_qemu_release_source(rel));
	else if (vcpuchar_ppc_qemu_release_fixed_na(rel) == 1)
		put(t, "the effective caps hold cap-ibs=fixed-na, on which QEMU %s (%s) aborts%s", want,
		    vcpuchar_ppc_qemu_release_source(rel),
		    rel ? " as 7.2 does (its handler still has no case for the value the command line stores)" : "");
	else
		put(t, "the effective caps hold cap-ibs=fixed-na: whether QEMU %s aborts on it is unknown (not "
		       "measured for %s), as 7.2 and 10.0 do",
		    want, vcpuchar_ppc_qemu_release_name(rel));
	put(t, " with an assertion failure in h_get_cpu_characteristics() at the guest's first "
	       "H_GET_CPU_CHARACTERISTICS; the qemu and libvirt spellings give cap-ibs=broken instead, "
	       "which gives the guest identical R4/R5 (neither level adds an ibs bit)");
}

/* What the guest does without each bit it is not told (lib/ppc.md#guest-view). */
static const char *bit_loss(uint32_t reg, uint64_t bit)
{
	if (reg == 4)
		return bit == VCPUCHAR_H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST
			       ? "the link-stack flush runs in software instead of the hardware assist"
			       : "nothing the guest kernel acts on";
	switch (bit) {
	case VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY:
		return "the guest keeps the L1D flush on every kernel entry (entry_flush)";
	case VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS:
		return "the guest keeps the L1D flush after every user access (uaccess_flush)";
	case VCPUCHAR_H_CPU_BEHAV_NO_STF_BARRIER:
		return "the guest keeps the store-forwarding barrier on kernel entry and exit (stf_barrier)";
	case VCPUCHAR_H_CPU_BEHAV_FLUSH_LINK_STACK:
		return "the guest flushes the link stack only where it also flushes the count cache";
	case VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY_H:
		return "the guest reports security flavour 2 instead of 1 in lparcfg";
	default:
		return "nothing the guest kernel acts on";
	}
}

static void outside_masks(const struct vcpuchar_ppc_host *h, const struct vcpuchar_ppc_result *res,
			  struct vcpuchar_ppc_warning_entry *e)
{
	struct text t = { e->text, sizeof(e->text), 0 };
	const char *sep = "";

	e->r4 = h->character & ~h->character_mask;
	e->r5 = h->behaviour & ~h->behaviour_mask;
	put(&t, "the host set bits outside its masks (character 0x%016" PRIx64 ", behaviour 0x%016" PRIx64
		"), so they do not count:",
	    e->r4, e->r5);
	for (uint32_t reg = 4; reg <= 5; reg++) {
		uint64_t bits = reg == 4 ? e->r4 : e->r5;
		uint64_t told = reg == 4 ? res->r4 : res->r5;

		for (uint32_t n = 0; n < 64; n++) {
			uint64_t bit = VCPUCHAR_PPC_BIT(n);
			const char *name = vcpuchar_ppc_bit_name(reg, n);

			if (!(bits & bit))
				continue;
			if (!name)
				put(&t, "%s R%u IBM bit %u (undefined)", sep, reg, n);
			else if (told & bit)
				put(&t, "%s %s (the guest gets it anyway from the caps)", sep, name);
			else
				put(&t, "%s %s (not passed on: %s)", sep, name, bit_loss(reg, bit));
			sep = ";";
		}
	}
	/* Undefined bits have no meaning a mask could give them. */
	if ((e->r4 & VCPUCHAR_H_CPU_CHAR_ALL) || (e->r5 & VCPUCHAR_H_CPU_BEHAV_ALL))
		put(&t, ". The defined ones count once the host kernel's masks cover them: Linux \"KVM: PPC: Add "
			"the missing character/behaviour bits for KVM_PPC_GET_CPU_CHAR ioctl\" (2025) widens the "
			"pseries masks to 0xff50000000000000/0xf7c0000000000000");
	if ((e->r4 & ~(uint64_t)VCPUCHAR_H_CPU_CHAR_ALL) || (e->r5 & ~(uint64_t)VCPUCHAR_H_CPU_BEHAV_ALL))
		put(&t, ". Undefined bits never count: no kernel or QEMU gives them a meaning");
}

static void no_known_bits(const struct vcpuchar_ppc_host *h, struct vcpuchar_ppc_warning_entry *e)
{
	struct text t = { e->text, sizeof(e->text), 0 };

	e->r4 = h->character_mask;
	e->r5 = h->behaviour_mask;
	put(&t, "the masks (0x%016" PRIx64 "/0x%016" PRIx64 ") hold no bit this library knows (R4 0x%016" PRIx64
		", R5 0x%016" PRIx64 "): the words look truncated or foreign; every cap level is read as "
		"broken/off and host mode passes only the guest's own defaults",
	    e->r4, e->r5, (uint64_t)VCPUCHAR_H_CPU_CHAR_ALL, (uint64_t)VCPUCHAR_H_CPU_BEHAV_ALL);
}

static const char *const view_files[] = { "meltdown", "l1tf", "spectre_v1", "spectre_v2", "spec_store_bypass" };
static const size_t view_offsets[] = {
	offsetof(struct vcpuchar_ppc_guest_view, meltdown),   offsetof(struct vcpuchar_ppc_guest_view, l1tf),
	offsetof(struct vcpuchar_ppc_guest_view, spectre_v1), offsetof(struct vcpuchar_ppc_guest_view, spectre_v2),
	offsetof(struct vcpuchar_ppc_guest_view, spec_store_bypass),
};

/* The text of guest file @i (view_files' order), by its member's offset: no index past a member. */
static const char *view_file(const struct vcpuchar_ppc_guest_view *v, uint32_t i)
{
	return (const char *)v + view_offsets[i];
}

/* lib/ppc.md#warnings: a file that reads Vulnerable, or loses the ori31 barrier, only under the defaults. */
static bool weaker(const char *low, const char *high)
{
	return (strstr(low, "Vulnerable") && !strstr(high, "Vulnerable")) || (strstr(high, "ori31") && !strstr(low, "ori31"));
}

/*
 * The guest views under the defaults (@low) and under the same caps raised
 * to the host's levels (@high); true when some file is weaker in @low, a
 * downgrade (lib/ppc.md#warnings).
 */
static bool downgrade(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
		      const struct vcpuchar_ppc_result *d, struct vcpuchar_ppc_guest_view *low,
		      struct vcpuchar_ppc_guest_view *high)
{
	struct vcpuchar_ppc_caps raised = d->effective_caps;
	uint64_t r4, r5;
	uint32_t cpu;
	bool any = false;

	if (vcpuchar_ppc_cpu_resolve(host, req->cpu, &cpu, NULL, 0) < 0)
		return false;
	for (uint32_t i = 0; i < d->n_conflicts; i++)
		if (d->conflicts[i].severity == VCPUCHAR_SEVERITY_INFO)
			*ppc_cap_field(&raised, d->conflicts[i].cap) = d->conflicts[i].host;
	low->size = high->size = sizeof(*low);
	ppc_caps_hcall(&d->effective_caps, &r4, &r5);
	if (vcpuchar_ppc_guest_view(r4, r5, cpu, 0, low) < 0)
		return false;
	ppc_caps_hcall(&raised, &r4, &r5);
	if (vcpuchar_ppc_guest_view(r4, r5, cpu, 0, high) < 0)
		return false;
	for (uint32_t i = 0; i < 5; i++)
		any |= weaker(view_file(low, i), view_file(high, i));
	return any;
}

/*
 * What the qemu string does with the caps below the host: host-max's raises
 * those its effective caps (as pasted) hold higher; host mode's keeps the
 * defaults, as only a VMM answering the hcall itself sends the host's words.
 */
static void raised_text(const struct vcpuchar_ppc_request *req, const struct vcpuchar_ppc_result *res,
			const struct vcpuchar_ppc_result *d, struct text *t)
{
	struct vcpuchar_ppc_caps paste = res->effective_caps;
	const char *sep = "; the qemu string raises ";
	bool kept = false;

	if (req->mode == VCPUCHAR_PPC_MODE_HOST) {
		put(t, "; host mode's qemu string keeps these defaults (the host's words need a VMM answering the "
		       "hcall)");
		return;
	}
	pasteable(&paste);
	for (uint32_t i = 0; i < d->n_conflicts; i++) {
		const struct vcpuchar_ppc_conflict *c = &d->conflicts[i];

		if (c->severity != VCPUCHAR_SEVERITY_INFO)
			continue;
		if (ppc_cap_level(&paste, c->cap) > c->requested) {
			put(t, "%scap-%s", sep, vcpuchar_ppc_cap_name(c->cap));
			sep = ", ";
		} else {
			kept = true;
		}
	}
	if (sep[0] == ',')
		put(t, " to host-max's levels");
	if (!kept)
		return;
	sep = "; it keeps ";
	for (uint32_t i = 0; i < d->n_conflicts; i++) {
		const struct vcpuchar_ppc_conflict *c = &d->conflicts[i];

		if (c->severity != VCPUCHAR_SEVERITY_INFO || ppc_cap_level(&paste, c->cap) > c->requested)
			continue;
		put(t, "%scap-%s=%s", sep, vcpuchar_ppc_cap_name(c->cap),
		    vcpuchar_ppc_level_name(c->cap, ppc_cap_level(&paste, c->cap)));
		sep = ", ";
	}
	put(t, " (no higher level for this guest CPU, or fixed-na spelled broken, which gives the guest the same "
	       "R4/R5)");
}

/*
 * The caps besides the Spectre four that QEMU refuses at start on this host
 * (lib/ppc.md#start), so that the defaults warnings never read as "QEMU
 * will start". Those the facts cannot judge are the start verdict's to
 * name: the text has no room for them.
 */
static void start_text(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
		       struct text *t)
{
	struct vcpuchar_ppc_start st = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	const char *sep = "; QEMU also refuses other caps at start: add ";

	if (vcpuchar_ppc_start_check(host, req, &st) < 0)
		return;
	for (uint32_t i = VCPUCHAR_PPC_N_CAPS; i < st.n_entries; i++) {
		if (st.entries[i].verdict != VCPUCHAR_PPC_VERDICT_REFUSED)
			continue;
		put(t, "%s%s", sep, st.entries[i].fix);
		sep = ",";
	}
}

/* DEFAULTS_REFUSED / DEFAULTS_BELOW_HOST from a caps-mode decision of the same request. */
static void defaults(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
		     const struct vcpuchar_ppc_result *res, const struct vcpuchar_ppc_result *d, bool refused, bool info,
		     struct vcpuchar_ppc_warning_entry *e)
{
	struct text t = { e->text, sizeof(e->text), 0 };
	struct vcpuchar_ppc_guest_view low, high;
	const struct vcpuchar_ppc_conflict *first = NULL;
	const char *sep = " ", *exact = NULL;
	struct ppc_target target;
	bool worse = false;

	e->code = refused ? VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED : VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST;
	/* A QEMU profile's type, the exact one or its class's, with its own measured defaults (lib/ppc.md#qemu-profiles). */
	if (req->qemu_profile && vcpuchar_ppc_target_resolve(req, &target, NULL, 0) == 0)
		exact = vcpuchar_ppc_target_type_name(&target);
	if (!refused && info)
		worse = downgrade(host, req, d, &low, &high);
	put(&t, "QEMU started with the %s default caps on this host %s%s:",
	    exact ? exact :
	    /* QEMU 10.0 has no type older than 3.0 (lib/ppc.md#qemu-versions). */
	    req->machine == VCPUCHAR_PPC_MACHINE_PSERIES_3_1 &&
			    !vcpuchar_ppc_qemu_release_has(vcpuchar_ppc_qemu_release(req->qemu_version),
							   VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM)
		    ? "pseries-3.0 and 3.1"
		    : vcpuchar_ppc_machine_words(req->machine),
	    refused ? "would refuse to start"
	    : worse ? "passes these four caps, a downgrade: the guest loses mitigations"
		    : "passes these four caps, but the guest would run mitigations the host does not need",
	    info ? "" : " (the host gives no information, so QEMU reads its levels as broken/off)");
	for (uint32_t i = 0; i < d->n_conflicts; i++) {
		const struct vcpuchar_ppc_conflict *c = &d->conflicts[i];
		uint32_t want = refused ? VCPUCHAR_SEVERITY_ERROR : VCPUCHAR_SEVERITY_INFO;

		if (c->severity != want)
			continue;
		if (!first)
			first = c;
		e->caps |= 1u << c->cap;
		put(&t, "%scap-%s=%s (host: %s)", sep, vcpuchar_ppc_cap_name(c->cap),
		    vcpuchar_ppc_level_name(c->cap, c->requested), vcpuchar_ppc_level_name(c->cap, c->host));
		sep = ", ";
	}
	for (uint32_t i = 0; worse && i < 5; i++)
		if (weaker(view_file(&low, i), view_file(&high, i)))
			put(&t, "; guest %s \"%s\", not \"%s\"", view_files[i], view_file(&low, i),
			    view_file(&high, i));
	if (refused && first)
		put(&t, "; QEMU stops at the first: \"%s\" \"%s\"; pass the qemu string instead", first->message,
		    first->hint);
	else
		raised_text(req, res, d, &t);
	start_text(host, req, &t);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_warnings_check(const struct vcpuchar_ppc_host *host,
						const struct vcpuchar_ppc_request *req,
						struct vcpuchar_ppc_warnings *ret)
{
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_request rq;
	struct vcpuchar_ppc_host hbuf;
	struct vcpuchar_ppc_warnings out;
	struct vcpuchar_ppc_caps c;
	bool info;
	int r;

	return_val_if_fail(ret && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	/* decide() checks @host and @req and says -ENODATA for host mode without information. */
	r = vcpuchar_ppc_decide(host, req, &res);
	if (r < 0)
		return r;
	/* decide() accepted it; an older caller's request reads its newer members as 0. */
	req = VCPUCHAR_IN(req, &rq);
	host = VCPUCHAR_IN(host, &hbuf);
	memset(&out, 0, sizeof(out));
	out.size = sizeof(out);
	info = ppc_host_has_info(host);

	c = res.effective_caps;
	if (pasteable(&c)) {
		struct vcpuchar_ppc_warning_entry *e = &out.entries[out.n_entries++];
		struct text t = { e->text, sizeof(e->text), 0 };

		e->code = VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT;
		e->caps = 1u << VCPUCHAR_PPC_CAP_IBS;
		fixed_na_text(req, &t);
	}
	if (info && ((host->character & ~host->character_mask) || (host->behaviour & ~host->behaviour_mask))) {
		struct vcpuchar_ppc_warning_entry *e = &out.entries[out.n_entries++];

		e->code = VCPUCHAR_PPC_WARNING_HOST_BITS_OUTSIDE_MASKS;
		outside_masks(host, &res, e);
	}
	if (info && !(host->character_mask & VCPUCHAR_H_CPU_CHAR_ALL) &&
	    !(host->behaviour_mask & VCPUCHAR_H_CPU_BEHAV_ALL)) {
		struct vcpuchar_ppc_warning_entry *e = &out.entries[out.n_entries++];

		e->code = VCPUCHAR_PPC_WARNING_MASKS_WITHOUT_KNOWN_BITS;
		no_known_bits(host, e);
	}
	/*
	 * Without host information too: QEMU then takes broken/off for the host
	 * and refuses its defaults. None for a type whose defaults are unknown
	 * here (lib/ppc.md#unknown-types).
	 */
	if (req->accel == VCPUCHAR_ACCEL_KVM && req->mode != VCPUCHAR_PPC_MODE_CAPS &&
	    req->machine != VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN) {
		struct vcpuchar_ppc_request q = *req;
		struct vcpuchar_ppc_result d = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		bool below = false;

		/*
		 * The machine type's defaults without the library: QEMU's classic
		 * behaviour. The caller's caps are not the defaults (they are in
		 * the qemu string already).
		 */
		q.size = sizeof(q);
		q.mode = VCPUCHAR_PPC_MODE_CAPS;
		q.caps_set = 0;
		vcpuchar_ppc_decide(host, &q, &d);
		for (uint32_t i = 0; i < d.n_conflicts && i < VCPUCHAR_PPC_N_CAPS; i++)
			below |= d.conflicts[i].severity == VCPUCHAR_SEVERITY_INFO;
		if (d.n_errors || below)
			defaults(host, req, &res, &d, d.n_errors != 0, info, &out.entries[out.n_entries++]);
	}
	/* The entries an older caller's size covers (lowest codes first), and their codes. */
	out.n_entries = VCPUCHAR_ENTRIES(ret, entries, out.n_entries);
	for (uint32_t i = 0; i < out.n_entries; i++)
		out.codes |= 1u << out.entries[i].code;
	VCPUCHAR_OUT_END(ret, &out);
	return (int)out.n_entries;
}
