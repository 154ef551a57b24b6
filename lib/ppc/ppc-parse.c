/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * Whole pasted texts: a QEMU -machine line and a libvirt <features>
 * fragment, as strict as QEMU and libvirt (lib/ppc.md#pasted-lines).
 * libc only: no XML library, the fragment's grammar is small.
 */
#include <stdio.h>
#include <string.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

/* Room for one item of a line; longer ones are no cap or type QEMU has. */
#define ITEM_MAX 96

/*
 * spapr caps of QEMU besides the four (hw/ppc/spapr_caps.c
 * capability_table): valid properties that do not change
 * H_GET_CPU_CHARACTERISTICS. The start verdict judges those with a start
 * entry at the level given (@start, enum vcpuchar_ppc_start_cap); the
 * others are checked for QEMU's values and named "not judged". @since: the
 * first release that has it (0: every supported one); a release before it
 * refuses the property as QEMU does (lib/ppc.md#pasted-lines).
 */
static const struct {
	const char *name;
	int start;
	uint32_t since;
} other_caps[] = {
	{ "htm", VCPUCHAR_PPC_START_HTM, 0 },
	{ "vsx", -1, 0 },
	{ "dfp", -1, 0 },
	{ "hpt-max-page-size", VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE, 0 },
	{ "nested-hv", VCPUCHAR_PPC_START_NESTED_HV, 0 },
	{ "large-decr", VCPUCHAR_PPC_START_LARGE_DECR, 0 },
	{ "fwnmi", VCPUCHAR_PPC_START_FWNMI, 0 },
	{ "rpt-invalidate", -1, 0 },
	/* 8.1: "spapr: Add SPAPR_CAP_AIL_MODE_3 ..." (lib/ppc.md#start). */
	{ "ail-mode-3", VCPUCHAR_PPC_START_AIL_MODE_3, VCPUCHAR_PPC_QEMU_VERSION(8, 1, 0) },
	/* 9.0: e1617b845104 "spapr: nested: Introduce cap-nested-papr for Nested PAPR API" (lib/ppc.md#pasted-lines). */
	{ "nested-papr", -1, VCPUCHAR_PPC_QEMU_VERSION(9, 0, 0) },
	/* 10.0: 5f361ea187ba "ppc: spapr: Enable 2nd DAWR on Power10 pSeries machine" (lib/ppc.md#pasted-lines). */
	{ "dawr1", -1, VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0) },
};

const char *vcpuchar_ppc_other_cap(uint32_t i, uint32_t *since)
{
	if (i >= sizeof(other_caps) / sizeof(other_caps[0]))
		return NULL;
	*since = other_caps[i].since;
	return other_caps[i].name;
}

static bool is_word(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !memcmp(s, word, len);
}

/* QEMU's booleans for -machine properties (qapi/qapi-util.c qapi_bool_parse()). */
static int bool_value(const char *v, size_t len)
{
	if (is_word(v, len, "on") || is_word(v, len, "yes") || is_word(v, len, "true") || is_word(v, len, "y"))
		return 1;
	if (is_word(v, len, "off") || is_word(v, len, "no") || is_word(v, len, "false") || is_word(v, len, "n"))
		return 0;
	return -1;
}

/* QEMU's sizes (util/cutils.c qemu_strtosz(): a number, then B, K, M, G, T, P or E in either case), as a shift. */
static int page_shift(const char *v, size_t len)
{
	static const char units[] = "bkmgtpe";
	uint64_t n = 0;
	size_t i = 0;
	int shift = 0;

	while (i < len && v[i] >= '0' && v[i] <= '9' && n < (UINT64_C(1) << 40))
		n = n * 10 + (uint64_t)(v[i++] - '0');
	if (!i)
		return -1;
	if (i + 1 == len) {
		const char *u = strchr(units, v[i] | 0x20);

		if (!u || !*u)
			return -1;
		n <<= 10 * (u - units);
	} else if (i != len) {
		return -1;
	}
	if (!n || (n & (n - 1)))
		return -2;
	while (n >>= 1)
		shift++;
	return shift;
}

/*
 * Which of the four caps the name @s (@len bytes) is, or -1. @anycase also
 * takes another case (<CFPC>, CCF-ASSIST): QEMU and libvirt refuse those,
 * but the user meant the cap, so the message names it.
 */
static int cap_named(const char *s, size_t len, bool anycase)
{
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		const char *name = vcpuchar_ppc_cap_name(cap);

		if (strlen(name) == len && (anycase ? vcpuchar_ascii_ncaseeq(s, name, len) : !memcmp(s, name, len)))
			return (int)cap;
	}
	return -1;
}

/* Appends "ITEM" to the list of items that are not caps, ", " between. */
static void note_other(char *note, size_t size, size_t *used, const char *s, size_t len)
{
	char echo[VCPUCHAR_ECHO_MAX + 8];
	int n;

	if (!note || !size)
		return;
	vcpuchar_echo(echo, VCPUCHAR_ECHO_MAX + 3, s, len); /* at most 64 bytes and "...", then a NUL */
	n = snprintf(note + *used, size - *used, "%s%s", *used ? ", " : "", echo);
	if (n > 0)
		*used = *used + (size_t)n < size ? *used + (size_t)n : size - 1;
}

/* An older caller's request: the line's other caps and max-cpu-compat, named as not read. */
static void note_older(char *note, size_t size, size_t *used, const char *line)
{
	for (const char *p = line; p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		const char *eq = memchr(p, '=', len);

		if ((eq && eq - p > 4 && !memcmp(p, "cap-", 4) && cap_named(p + 4, (size_t)(eq - p - 4), false) < 0) ||
		    (len > 15 && !memcmp(p, "max-cpu-compat=", 15)))
			note_other(note, size, used, p, len);
		p = end ? end + 1 : NULL;
	}
}

/* One cap item, "cap-NAME=VALUE", through vcpuchar_ppc_caps_parse(). */
static int line_cap(const char *it, size_t len, struct vcpuchar_ppc_caps *caps, uint32_t *seen, unsigned item,
		    char *err, size_t err_size)
{
	char buf[ITEM_MAX];
	uint32_t one = 0;
	int r;

	if (len >= sizeof(buf))
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, len, "item %u '%s' is too long for a cap",
					     item, VCPUCHAR_ECHO);
	memcpy(buf, it, len);
	buf[len] = '\0';
	if ((r = vcpuchar_ppc_caps_parse(buf, caps, &one, err, err_size)) < 0)
		return r;
	if (*seen & one)
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, len,
					     "item %u '%s': the cap is given twice; give it once", item,
					     VCPUCHAR_ECHO);
	*seen |= one;
	return 0;
}

static int line_type(const char *name, size_t len, uint32_t qemu_version, const struct vcpuchar_ppc_qemu_profile *qp,
		     uint32_t *machine, char *err, size_t err_size)
{
	char buf[ITEM_MAX];

	if (len >= sizeof(buf))
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, len, "machine type '%s' is too long",
					     VCPUCHAR_ECHO);
	memcpy(buf, name, len);
	buf[len] = '\0';
	/* A QEMU profile: the binary's own types, downstream ones with their measured defaults (lib/ppc.md#qemu-profiles). */
	if (qp) {
		struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
		int r = vcpuchar_ppc_qemu_profile_machine(qp, buf, &m, err, err_size);

		if (r < 0)
			return r;
		*machine = m.machine;
		return m.machine == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
	}
	/* A type QEMU may well have, but whose defaults are not known here: all four caps answer for it. */
	if (vcpuchar_ppc_machine_defaults_unknown(buf, qemu_version)) {
		*machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
		return 1;
	}
	return vcpuchar_ppc_machine_parse_qemu(buf, qemu_version, machine, err, err_size);
}

/* -machine accel=: QEMU's older spelling of -accel, and it changes R4 (lib/ppc.md#pasted-lines). */
static int line_accel(const char *v, size_t len, unsigned item, uint32_t *accel, char *err, size_t err_size)
{
	if (is_word(v, len, "kvm"))
		*accel = VCPUCHAR_ACCEL_KVM;
	else if (is_word(v, len, "tcg"))
		*accel = VCPUCHAR_ACCEL_TCG;
	else
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, v, len,
					     "item %u 'accel=%s': the accelerators decided here are kvm and tcg (a "
					     "list such as kvm:tcg falls back at start: give the one used)", item,
					     VCPUCHAR_ECHO);
	return 0;
}

/* What a line gives the start verdict besides the four caps (struct vcpuchar_ppc_request, 1.3 members). */
struct line_start {
	uint32_t set, levels[VCPUCHAR_PPC_START_LEVELS], compat;
};

/*
 * One cap of other_caps[@k]: its value checked as QEMU checks it, and for a
 * cap the start verdict judges, its level into @st. 1 when read into @st,
 * 0 when it is only named (not judged).
 */
static int line_other_cap(const char *it, size_t len, size_t name_len, size_t k, uint32_t qemu_version,
			  bool profiled, unsigned item, struct line_start *st, char *err, size_t err_size)
{
	const char *v = it + name_len + 1;
	size_t vlen = len - name_len - 1;
	int start = other_caps[k].start, level;

	/* @profiled: the QEMU profile's type has the property, whatever the table says of the release. */
	if (!profiled && other_caps[k].since && vcpuchar_ppc_qemu_release(qemu_version) <
					   vcpuchar_ppc_qemu_release(other_caps[k].since)) {
		char want[16];

		vcpuchar_ppc_qemu_version_text(qemu_version ? qemu_version : VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0), want);
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, name_len,
					     "item %u '%s': QEMU %s's pseries has no such property (it refuses it)",
					     item, VCPUCHAR_ECHO, want);
	}
	if (start == VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE) {
		level = page_shift(v, vlen);
		if (level == -2)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, len,
						     "item %u '%s': QEMU says \"cap-hpt-max-page-size must be a power "
						     "of 2\"", item, VCPUCHAR_ECHO);
		if (level >= 0 && level < 12)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, len,
						     "item %u '%s': QEMU says \"Require at least 4kiB "
						     "hpt-max-page-size\"", item, VCPUCHAR_ECHO);
		if (level < 0 || level > 34)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, len,
						     "item %u '%s': a page size is a number with an optional K, M or "
						     "G (4k to 16G)", item, VCPUCHAR_ECHO);
	} else if ((level = bool_value(v, vlen)) < 0) {
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, len,
					     "item %u '%s': QEMU takes on or off (also yes, no, true, false)", item,
					     VCPUCHAR_ECHO);
	}
	if (start < 0)
		return 0;
	if (st->set & (1u << start))
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, it, len,
					     "item %u '%s': the cap is given twice; give it once", item, VCPUCHAR_ECHO);
	st->set |= 1u << start;
	st->levels[start] = (uint32_t)level;
	return 1;
}

/* max-cpu-compat=powerN as QEMU names compat levels (target/ppc/compat.c): N for 7 to 11, else 0. */
static int line_compat(const char *v, size_t len)
{
	static const char *const names[] = { "power7", "power8", "power9", "power10", "power11" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (is_word(v, len, names[i]))
			return (int)(VCPUCHAR_PPC_CPU_POWER7 + i);
	return 0;
}

/* The type a -machine line names (its first item without "=", or type=), @len 0 when none (the default type). */
static void line_type_name(const char *line, const char **name, size_t *len)
{
	const char *p = line;

	*name = line;
	*len = 0;
	for (unsigned item = 1; p; item++) {
		const char *end = strchr(p, ',');
		size_t l = end ? (size_t)(end - p) : strlen(p);
		const char *eq = memchr(p, '=', l);

		if ((item == 1 && !eq) || (eq == p + 4 && !memcmp(p, "type", 4))) {
			*name = eq ? eq + 1 : p;
			*len = eq ? l - 5 : l;
			return;
		}
		p = end ? end + 1 : NULL;
	}
}

/*
 * A cap the parser does not judge, against a QEMU profile's type: 1 the type
 * has it, 0 the profile does not list the type's properties (the table
 * decides), or -EINVAL/-ENOENT with @err (QEMU refuses it, or no such type).
 */
static int line_profile_cap(const struct vcpuchar_ppc_qemu_profile *qp, const char *line, const char *it,
			    size_t name_len, unsigned item, char *err, size_t err_size)
{
	const char *type;
	size_t type_len;
	char why[400];
	int r;

	if (!qp)
		return 0;
	line_type_name(line, &type, &type_len);
	r = vcpuchar_ppc_qemu_profile_property(qp, type, type_len, it, name_len, err, err_size);
	if (r < 0 && r != -1)
		return r;
	if (r == 0) {
		vcpuchar_ppc_qemu_profile_property(qp, type, type_len, it, name_len, why, sizeof(why));
		return vcpuchar_set_err(err, err_size, -EINVAL, "item %u: %s", item, why);
	}
	return r == 1;
}

/*
 * Another -machine property, checked against the profile's type where it
 * lists them (lib/ppc.md#pasted-lines): QEMU reads '_' as '-' and takes the
 * accelerator's accel, kernel-irqchip and kvm-shadow-mem there too
 * (measured on 7.2.22 and 11.1.3). -EINVAL where QEMU refuses it, else 0.
 */
static int line_profile_other(const struct vcpuchar_ppc_qemu_profile *qp, const char *line, const char *it,
			      size_t name_len, unsigned item, char *err, size_t err_size)
{
	static const char *const accel_props[] = { "accel", "kernel-irqchip", "kvm-shadow-mem" };
	char name[VCPUCHAR_ECHO_MAX + 1];

	if (!qp || name_len >= sizeof(name))
		return 0;
	for (size_t i = 0; i < name_len; i++)
		name[i] = it[i] == '_' ? '-' : it[i];
	name[name_len] = '\0';
	for (size_t i = 0; i < sizeof(accel_props) / sizeof(accel_props[0]); i++)
		if (!strcmp(name, accel_props[i]))
			return 0;
	return line_profile_cap(qp, line, name, name_len, item, err, err_size) < 0 ? -EINVAL : 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_machine_line_parse(const char *line, struct vcpuchar_ppc_request *req, char *err,
						    size_t err_size)
{
	struct line_start start = { 0 };
	struct vcpuchar_ppc_request rbuf;
	const struct vcpuchar_ppc_request *in;
	struct vcpuchar_ppc_caps out;
	uint32_t type = VCPUCHAR_PPC_MACHINE_PSERIES, seen = 0, accel, qemu_version;
	int unknown = 0;
	bool have_type = false, have_accel = false;
	size_t used = 0;
	unsigned item = 0;
	const struct vcpuchar_ppc_qemu_profile *qp;
	const char *p;
	int r;

	if (!line || !req)
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument");
	if (!VCPUCHAR_SIZE_OK(req))
		return vcpuchar_set_err(err, err_size, -EINVAL, "the request's size (%u) is not one of struct "
					"vcpuchar_ppc_request's, or its bytes past this library's members are "
					"not zero", vcpuchar_size_of(req));
	/* An older caller's request has no qemu_version: it reads as 0, not given. */
	in = VCPUCHAR_IN(req, &rbuf);
	qemu_version = in->qemu_version;
	qp = in->qemu_profile;
	/*
	 * A profile without a type's properties leaves the table's rule: the
	 * row of its own version, as its texts name it (lib/ppc.md#qemu-profiles).
	 */
	if (qp && !qemu_version && vcpuchar_ppc_qemu_release(vcpuchar_ppc_qemu_profile_version(qp)) >= 0)
		qemu_version = vcpuchar_ppc_qemu_profile_version(qp);
	accel = in->accel;
	if (!*line)
		return vcpuchar_set_err(err, err_size, -EINVAL, "the -machine line is empty");
	if (strchr(line, '<'))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"a libvirt fragment, not a -machine line (see vcpuchar_ppc_libvirt_parse())");
	/* QEMU takes white space as part of a name or value: " cap-cfpc" is no property. */
	for (p = line; *p; p++)
		if (*p == ' ' || (*p >= '\t' && *p <= '\r'))
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"white space at byte %u: the -machine line is one comma-separated word",
						(unsigned)(p - line) + 1);
	out = in->caps;
	for (p = line; p; ) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		const char *eq = memchr(p, '=', len);
		size_t name_len = eq ? (size_t)(eq - p) : len;

		item++;
		/* QEMU's ",," is a comma inside a value: no cap or type value has one. */
		if (!len)
			return vcpuchar_set_err(err, err_size, -EINVAL, "item %u is empty", item);
		/* QEMU's keyval: only the first item may lack "=" (it is the type); no name is refused too. */
		if (item > 1 && !eq)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len,
						     "item %u '%s' has no '=': QEMU refuses it (only the first item, "
						     "the machine type, goes without one)", item, VCPUCHAR_ECHO);
		if (eq == p)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len,
						     "item %u '%s' has no property name", item, VCPUCHAR_ECHO);
		if ((item == 1 && !eq) || is_word(p, name_len, "type")) {
			if (have_type)
				return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len,
							     "item %u '%s': the machine type is given twice", item,
							     VCPUCHAR_ECHO);
			have_type = true;
			r = eq ? line_type(eq + 1, len - name_len - 1, qemu_version, qp, &type, err, err_size)
			       : line_type(p, len, qemu_version, qp, &type, err, err_size);
			if (r < 0)
				return r;
			unknown = r;
		} else if (is_word(p, name_len, "accel")) {
			if (have_accel)
				return vcpuchar_set_err(err, err_size, -EINVAL,
							"item %u: the accelerator is given twice; give it once", item);
			have_accel = true;
			if ((r = line_accel(p + name_len + 1, len - name_len - 1, item, &accel, err, err_size)) < 0)
				return r;
		} else if (name_len > 4 && !memcmp(p, "cap-", 4) && cap_named(p + 4, name_len - 4, false) >= 0) {
			if ((r = line_cap(p, len, &out, &seen, item, err, err_size)) < 0)
				return r;
		} else if (name_len > 4 && vcpuchar_ascii_ncaseeq(p, "cap-", 4)) {
			int k = -1, profiled;

			for (size_t i = 0; i < sizeof(other_caps) / sizeof(other_caps[0]); i++)
				if (!memcmp(p, "cap-", 4) && is_word(p + 4, name_len - 4, other_caps[i].name))
					k = (int)i;
			/* A QEMU profile's type decides which caps QEMU takes (lib/ppc.md#qemu-profiles). */
			if ((profiled = line_profile_cap(qp, line, p, name_len, item, err, err_size)) < 0)
				return profiled;
			/* A cap of the binary the library does not know: QEMU takes it, not judged here. */
			if (k < 0 && profiled) {
				note_other(err, err_size, &used, p, len);
				p = end ? end + 1 : NULL;
				continue;
			}
			/* QOM property names are exact: QEMU refuses CAP-CFPC and cap-HTM. */
			if (k < 0)
				return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, name_len,
							     "unknown cap '%s': QEMU's pseries has no such property",
							     VCPUCHAR_ECHO);
			r = line_other_cap(p, len, name_len, (size_t)k, qemu_version, profiled, item, &start, err,
					   err_size);
			if (r < 0)
				return r;
			if (r == 0)
				note_other(err, err_size, &used, p, len);
		} else if (is_word(p, name_len, "max-cpu-compat") &&
			   (r = line_compat(p + name_len + 1, len - name_len - 1)) > 0) {
			/* power7 to power11 lower the start verdict's defaults; power5+ and power6 are not judged. */
			start.compat = (uint32_t)r;
		} else if (is_word(p, name_len, "max-cpu-compat") && !is_word(p + 15, len - 15, "power5+") &&
			   !is_word(p + 15, len - 15, "power6")) {
			/* target/ppc/compat.c knows these names only, spelled so (measured: POWER9, power99). */
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len,
						     "'%s': QEMU refuses it (\"Invalid compatibility mode\"); its "
						     "levels are power5+, power6, power7, power8, power9, power10 and "
						     "power11 (9.2 and later)", VCPUCHAR_ECHO);
		} else if (cap_named(p, name_len, true) >= 0) {
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len,
						     "'%s': QEMU's pseries has no property by that name and would refuse "
						     "it; the cap is cap-%s", VCPUCHAR_ECHO,
						     vcpuchar_ppc_cap_name((uint32_t)cap_named(p, name_len, true)));
		} else if (name_len >= 7 && !memcmp(p, "pseries", 7)) {
			/* "pseries-7.2=" is no property: QEMU refuses it, and the type would silently be pseries. */
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len,
						     "item %u '%s': a machine type written as a property; the type "
						     "goes first without '=', or as type=", item, VCPUCHAR_ECHO);
		} else {
			if ((r = line_profile_other(qp, line, p, name_len, item, err, err_size)) < 0)
				return r;
			note_other(err, err_size, &used, p, len);
		}
		p = end ? end + 1 : NULL;
	}
	/*
	 * The start verdict's caps and max-cpu-compat go where the caller's
	 * struct has room (1.3); an older caller's request gets them named
	 * among the items not read.
	 */
	if (start.set || start.compat) {
		if (vcpuchar_size_of(req) >= VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_request, max_cpu_compat)) {
			req->start_set |= start.set;
			for (uint32_t cap = 0; cap < VCPUCHAR_PPC_START_LEVELS; cap++)
				if (start.set & (1u << cap))
					req->start_levels[cap] = start.levels[cap];
			if (start.compat)
				req->max_cpu_compat = start.compat;
		} else {
			note_older(err, err_size, &used, line);
		}
	}
	req->machine = type;
	req->accel = accel;
	req->caps = out;
	req->caps_set |= seen;
	if (err && err_size && !used)
		err[0] = '\0';
	return unknown;
}

/* Elements inside <features> nest this deep at most here (libvirt's have two levels). */
#define XML_DEPTH_MAX 32

/* Attributes of one tag checked for repeats; libvirt's feature elements have one or two. */
#define XML_ATTRS_MAX 16

/* The libvirt fragment: a cursor and the error it ends with. */
struct xml {
	const char *s, *p;
	char *err;
	size_t err_size;
};

static int xml_err(struct xml *x, const char *what)
{
	return vcpuchar_set_err(x->err, x->err_size, -EINVAL, "byte %u: %s", (unsigned)(x->p - x->s) + 1, what);
}

static void xml_space(struct xml *x)
{
	while (*x->p == ' ' || *x->p == '\t' || *x->p == '\n' || *x->p == '\r')
		x->p++;
}

/* An attribute's "= 'value'" after its name: @v and @len the value's bytes, or -EINVAL. */
static int xml_attr_value(struct xml *x, const char **v, size_t *len)
{
	char q;

	xml_space(x);
	if (*x->p++ != '=')
		return xml_err(x, "expected '=' after the attribute name");
	xml_space(x);
	q = *x->p++;
	if (q != '\'' && q != '"')
		return xml_err(x, "expected a quoted attribute value");
	*v = x->p;
	while (*x->p && *x->p != q && *x->p != '<')
		x->p++;
	if (*x->p != q)
		return xml_err(x, "unterminated attribute value");
	*len = (size_t)(x->p++ - *v);
	return 0;
}

static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == '_' || c == '.' || c == ':';
}

static size_t xml_name(struct xml *x)
{
	const char *q = x->p;

	/* XML names start with a letter, '_' or ':' (XML 1.0 NameStartChar, ASCII part). */
	if (!((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') || *q == '_' || *q == ':'))
		return 0;
	while (name_char(*q))
		q++;
	return (size_t)(q - x->p);
}

/* After '<', no element name: say what the markup is when it is XML's other kind (the byte of its '<'). */
static int xml_no_name(struct xml *x)
{
	const char *what = "expected an element name after '<'";

	if (*x->p == '?')
		what = "an XML declaration or processing instruction ('<?'): paste the fragment alone";
	else if (!strncmp(x->p, "![CDATA[", 8))
		what = "a CDATA section: libvirt's <features> holds only elements";
	else if (*x->p == '!')
		what = "a markup declaration ('<!', e.g. <!DOCTYPE>): paste the fragment alone";
	else
		return xml_err(x, what);
	x->p--;
	return xml_err(x, what);
}

/*
 * libvirt's elements (src/conf/schemas/domaincommon.rng, "features"): the
 * attribute and its values. The four caps, then the two on/off elements
 * libvirt passes to QEMU as cap-htm and cap-nested-hv (lib/ppc.md#pasted-lines).
 */
#define LV_HTM 4
#define LV_NESTED_HV 5
#define LV_ELEMS 6
static const struct {
	const char *name, *attr;
	const char *values[6];
} libvirt_caps[LV_ELEMS] = {
	{ "cfpc", "value", { "broken", "workaround", "fixed" } },
	{ "sbbc", "value", { "broken", "workaround", "fixed" } },
	{ "ibs", "value", { "broken", "workaround", "fixed-ibs", "fixed-ccd", "fixed-na" } },
	{ "ccf-assist", "state", { "off", "on" } },
	{ "htm", "state", { "off", "on" } },
	{ "nested-hv", "state", { "off", "on" } },
};

/*
 * A start tag after its '<': the name, the attributes, then "/>" or ">".
 * @cap >= 0 reads the cap's one attribute into @level; other elements'
 * attributes are only checked for form. Returns 1 when the tag was "/>".
 */
static int xml_tag(struct xml *x, int cap, int *level)
{
	const char *names[XML_ATTRS_MAX];
	size_t name_len[XML_ATTRS_MAX];
	unsigned n = 0;
	bool have = false;

	x->p += xml_name(x);
	for (;;) {
		const char *a, *v;
		size_t alen, vlen;
		int r;

		if (x->p[0] == '/' && x->p[1] == '>') {
			x->p += 2;
			break;
		}
		if (x->p[0] == '>') {
			x->p++;
			break;
		}
		if (*x->p != ' ' && *x->p != '\t' && *x->p != '\n' && *x->p != '\r')
			return xml_err(x, "expected white space, '>' or '/>' in a tag");
		xml_space(x);
		if (*x->p == '/' || *x->p == '>')
			continue;
		a = x->p;
		if (!(alen = xml_name(x)))
			return xml_err(x, "expected an attribute name");
		x->p += alen;
		if ((r = xml_attr_value(x, &v, &vlen)) < 0)
			return r;
		/* XML refuses an attribute given twice in a tag. */
		for (unsigned i = 0; i < n; i++)
			if (name_len[i] == alen && !memcmp(names[i], a, alen))
				return vcpuchar_set_err_echo(x->err, x->err_size, -EINVAL, a, alen,
							     "attribute '%s' is given twice in one tag", VCPUCHAR_ECHO);
		if (n == XML_ATTRS_MAX)
			return xml_err(x, "more attributes in one tag than a <features> element has");
		names[n] = a;
		name_len[n++] = alen;
		if (cap < 0)
			continue;
		if (!is_word(a, alen, libvirt_caps[cap].attr))
			return vcpuchar_set_err_echo(x->err, x->err_size, -EINVAL, a, alen,
						     "<%s>: libvirt's schema has no attribute '%s' here",
						     libvirt_caps[cap].name, VCPUCHAR_ECHO);
		have = true; /* once: a repeat was refused above */
		*level = -1;
		for (int l = 0; libvirt_caps[cap].values[l]; l++)
			if (is_word(v, vlen, libvirt_caps[cap].values[l]))
				*level = l;
		/* The schema's values are exact: "Broken" is refused by libvirt. */
		for (int l = 0; *level < 0 && libvirt_caps[cap].values[l]; l++)
			if (strlen(libvirt_caps[cap].values[l]) == vlen &&
			    vcpuchar_ascii_ncaseeq(v, libvirt_caps[cap].values[l], vlen))
				return vcpuchar_set_err_echo(x->err, x->err_size, -EINVAL, v, vlen,
							     "<%s %s='%s'/>: libvirt's values are lower case "
							     "('%s'); it refuses this one",
							     libvirt_caps[cap].name,
							     libvirt_caps[cap].attr, VCPUCHAR_ECHO,
							     libvirt_caps[cap].values[l]);
		if (*level < 0)
			return vcpuchar_set_err_echo(x->err, x->err_size, -EINVAL, v, vlen,
						     "<%s %s='%s'/>: libvirt's schema has no such value", 
						     libvirt_caps[cap].name, libvirt_caps[cap].attr,
						     VCPUCHAR_ECHO);
	}
	if (cap >= 0 && !have)
		return vcpuchar_set_err(x->err, x->err_size, -EINVAL, "<%s/> needs %s='...'",
					libvirt_caps[cap].name, libvirt_caps[cap].attr);
	return x->p[-2] == '/';
}

/* Skips a comment after its "<!--". */
static int xml_comment(struct xml *x)
{
	const char *end = strstr(x->p, "--");

	if (!end)
		return xml_err(x, "unterminated comment");
	/* XML 1.0 (production 15): "--" only as the comment's end, which libxml2 and so libvirt hold to. */
	if (end[2] != '>') {
		x->p = end;
		return xml_err(x, "'--' inside a comment (XML allows it only in the closing '-->')");
	}
	x->p = end + 3;
	return 0;
}

/* White space and comments, as XML allows them around the root element. */
static int xml_space_comments(struct xml *x)
{
	int r;

	for (xml_space(x); !strncmp(x->p, "<!--", 4); xml_space(x)) {
		x->p += 4;
		if ((r = xml_comment(x)) < 0)
			return r;
	}
	return 0;
}

/*
 * Skips the content of the element @parent up to and with its end tag (any
 * depth). A cap element in there is refused: libvirt reads the caps only
 * directly inside <features>, so the user's cap would be lost.
 */
static int xml_skip(struct xml *x, const char *parent, size_t parent_len)
{
	/* The open elements, to match each end tag with its start tag. */
	const char *open[XML_DEPTH_MAX];
	size_t open_len[XML_DEPTH_MAX];
	int depth = 1, r;

	open[0] = parent;
	open_len[0] = parent_len;
	while (depth) {
		while (*x->p && *x->p != '<')
			x->p++;
		if (!*x->p)
			return xml_err(x, "an element is not closed");
		x->p++;
		if (!strncmp(x->p, "!--", 3)) {
			x->p += 3;
			if ((r = xml_comment(x)) < 0)
				return r;
		} else if (*x->p == '/') {
			size_t len;

			x->p++;
			len = xml_name(x);
			if (len != open_len[depth - 1] || memcmp(x->p, open[depth - 1], len))
				return xml_err(x, "an end tag that does not match its start tag");
			x->p += len;
			xml_space(x);
			if (*x->p++ != '>')
				return xml_err(x, "expected '>' to end an end tag");
			depth--;
		} else {
			size_t len = xml_name(x);
			char echo[VCPUCHAR_ECHO_MAX + 8];
			const char *name = x->p;

			if (!len)
				return xml_no_name(x);
			if (cap_named(x->p, len, true) >= 0) {
				vcpuchar_echo(echo, VCPUCHAR_ECHO_MAX + 3, parent, parent_len);
				return vcpuchar_set_err_echo(x->err, x->err_size, -EINVAL, x->p, len,
							     "<%s> inside <%s>: libvirt reads it only directly inside "
							     "<features>", VCPUCHAR_ECHO, echo);
			}
			if ((r = xml_tag(x, -1, NULL)) < 0)
				return r;
			if (!r) {
				if (depth == XML_DEPTH_MAX)
					return xml_err(x, "elements nested too deep for a <features> fragment");
				open[depth] = name;
				open_len[depth++] = len;
			}
		}
	}
	return 0;
}

/*
 * libvirt's scaled integer (src/util/virutil.c virScaleInteger()): "b",
 * "byte" or "bytes", or K, M, G, T, P, E alone or with "iB" (1024) or "B"
 * (1000), in any case; none: KiB. The page shift of a power of two from
 * 4 KiB to 16 GiB (the start verdict's range), else -1.
 */
static int libvirt_page_shift(const char *num, size_t nlen, const char *unit, size_t ulen)
{
	static const char units[] = "kmgtpe";
	uint64_t n = 0, scale = 1024;
	int shift = 0;

	for (size_t i = 0; i < nlen; i++) {
		if (num[i] < '0' || num[i] > '9' || n >= (UINT64_C(1) << 40))
			return -1;
		n = n * 10 + (uint64_t)(num[i] - '0');
	}
	if (!nlen)
		return -1;
	if (unit && ulen) {
		const char *u = strchr(units, unit[0] | 0x20);
		bool bytes = (ulen == 1 && (unit[0] | 0x20) == 'b') ||
			     (ulen == 4 && vcpuchar_ascii_ncaseeq(unit, "byte", 4)) ||
			     (ulen == 5 && vcpuchar_ascii_ncaseeq(unit, "bytes", 5));

		if (bytes)
			scale = 1;
		else if (!u || !*u || !(ulen == 1 || (ulen == 3 && vcpuchar_ascii_ncaseeq(unit + 1, "ib", 2)) ||
					(ulen == 2 && (unit[1] | 0x20) == 'b')))
			return -1;
		else
			for (scale = 1; u >= units; u--)
				scale *= ulen == 2 ? 1000 : 1024;
	}
	if (n > (UINT64_C(1) << 34) / scale)
		return -1;
	n *= scale;
	if (n < 4096 || (n & (n - 1)))
		return -1;
	while (n >>= 1)
		shift++;
	return shift;
}

/*
 * The content of <hpt> (libvirt's schema: an optional <maxpagesize
 * unit='...'>N</maxpagesize>), up to and with </hpt>: its page shift in
 * @shift, 0 when not given.
 */
static int xml_hpt(struct xml *x, int *shift)
{
	const char *unit = NULL, *num;
	size_t ulen = 0, nlen;
	int r;

	*shift = 0;
	for (;;) {
		if ((r = xml_space_comments(x)) < 0)
			return r;
		if (!strncmp(x->p, "</hpt", 5) && !name_char(x->p[5])) {
			x->p += 5;
			xml_space(x);
			if (*x->p++ != '>')
				return xml_err(x, "expected '>' to end an end tag");
			return 0;
		}
		if (*shift || strncmp(x->p, "<maxpagesize", 12) || name_char(x->p[12]))
			return xml_err(x, "<hpt> holds at most one <maxpagesize> in libvirt's schema");
		x->p += 12;
		xml_space(x);
		if (!strncmp(x->p, "unit", 4)) {
			x->p += 4;
			if ((r = xml_attr_value(x, &unit, &ulen)) < 0)
				return r;
			xml_space(x);
		}
		if (*x->p++ != '>')
			return xml_err(x, "<maxpagesize> takes only unit='...' in libvirt's schema");
		xml_space(x);
		for (num = x->p; *x->p >= '0' && *x->p <= '9'; x->p++)
			;
		nlen = (size_t)(x->p - num);
		xml_space(x);
		if (strncmp(x->p, "</maxpagesize", 13))
			return xml_err(x, "<maxpagesize> holds a number, then </maxpagesize>");
		x->p += 13;
		xml_space(x);
		if (*x->p++ != '>')
			return xml_err(x, "expected '>' to end an end tag");
		if ((*shift = libvirt_page_shift(num, nlen, unit, ulen)) < 0)
			return vcpuchar_set_err_echo(x->err, x->err_size, -EINVAL, num, nlen,
						     "<maxpagesize>%s</maxpagesize>: not a page size libvirt passes to "
						     "QEMU's cap-hpt-max-page-size (a power of two from 4 KiB to "
						     "16 GiB; unit b, KiB, MiB, GiB, k, M, G, KB, MB or GB, KiB when "
						     "none)", VCPUCHAR_ECHO);
	}
}

/*
 * vcpuchar_ppc_libvirt_parse(); with @st, <htm>, <nested-hv> and <hpt>'s
 * <maxpagesize> too, as libvirt passes them to QEMU (lib/ppc.md#pasted-lines).
 */
static int libvirt_parse(const char *xml, struct vcpuchar_ppc_caps *caps, uint32_t *set, struct line_start *st,
			 char *err, size_t err_size)
{
	struct xml x = { xml, xml, err, err_size };
	struct vcpuchar_ppc_caps out;
	struct line_start got = { 0 };
	uint32_t seen = 0, more = 0;
	bool wrapped;
	size_t used = 0;
	int r;

	if (!xml || !caps || !set)
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument");
	out = *caps;
	if ((r = xml_space_comments(&x)) < 0)
		return r;
	if (!*x.p)
		return xml_err(&x, "the libvirt fragment is empty");
	/* Without <features> around them: the elements a user copies out of it. */
	wrapped = !strncmp(x.p, "<features", 9) && !name_char(x.p[9]);
	if (wrapped) {
		x.p += 9;
		xml_space(&x);
		if (*x.p == '/' && x.p[1] == '>') {
			x.p += 2;
			goto tail;
		}
		if (*x.p++ != '>')
			return xml_err(&x, "<features> takes no attribute in libvirt's schema");
	}
	for (;;) {
		const char *name;
		size_t len;
		int cap, level = -1;

		xml_space(&x);
		if (!wrapped && !*x.p)
			break;
		if (*x.p != '<')
			return xml_err(&x, !*x.p   ? "<features> is not closed"
					   : wrapped ? "text inside <features>: libvirt's schema allows only elements"
						     : "text outside the elements: <features> holds only elements");
		x.p++;
		if (!strncmp(x.p, "!--", 3)) {
			x.p += 3;
			if ((r = xml_comment(&x)) < 0)
				return r;
			continue;
		}
		if (*x.p == '/') {
			if (!wrapped)
				return xml_err(&x, "an end tag with no start tag (<features>, if meant, goes first)");
			x.p++;
			if (!is_word(x.p, xml_name(&x), "features"))
				return xml_err(&x, "expected </features>");
			x.p += 8;
			xml_space(&x);
			if (*x.p++ != '>')
				return xml_err(&x, "expected '>' after </features");
			break;
		}
		name = x.p;
		if (!(len = xml_name(&x)))
			return xml_no_name(&x);
		if (is_word(name, len, "features"))
			return xml_err(&x, "<features> inside the fragment: give the cap elements inside one "
					   "<features>, or alone");
		cap = cap_named(name, len, false);
		if (cap < 0 && st && is_word(name, len, "htm"))
			cap = LV_HTM;
		else if (cap < 0 && st && is_word(name, len, "nested-hv"))
			cap = LV_NESTED_HV;
		else if (cap < 0 && st && is_word(name, len, "hpt")) {
			int shift;

			if (more & (1u << LV_ELEMS))
				return vcpuchar_set_err(err, err_size, -EINVAL, "%s", "<hpt> is given twice; give it once");
			more |= 1u << LV_ELEMS;
			/* Its resizing attribute is no cap (QEMU's resize-hpt): checked for form only. */
			if ((r = xml_tag(&x, -1, NULL)) < 0)
				return r;
			if (!r && (r = xml_hpt(&x, &shift)) < 0)
				return r;
			if (!r && shift) {
				got.set |= 1u << VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE;
				got.levels[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE] = (uint32_t)shift;
			} else {
				note_other(err, err_size, &used, name, len);
			}
			continue;
		}
		if (cap < 0 && cap_named(name, len, true) >= 0)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, len,
						     "<%s>: libvirt's element names are lower case (<%s>); it would not "
						     "read this one", VCPUCHAR_ECHO,
						     vcpuchar_ppc_cap_name((uint32_t)cap_named(name, len, true)));
		if ((r = xml_tag(&x, cap, &level)) < 0)
			return r;
		if (cap < 0) {
			note_other(err, err_size, &used, name, len);
			if (!r && (r = xml_skip(&x, name, len)) < 0)
				return r;
			continue;
		}
		/* The schema gives the cap elements no content: only an end tag right after. */
		if (!r) {
			xml_space(&x);
			if (!*x.p)
				return vcpuchar_set_err(err, err_size, -EINVAL, "<%s> is not closed",
							libvirt_caps[cap].name);
			if (strncmp(x.p, "</", 2) || strncmp(x.p + 2, name, len) || name_char(x.p[2 + len]))
				return vcpuchar_set_err(err, err_size, -EINVAL, "<%s> has content; libvirt's schema "
							"has it empty", libvirt_caps[cap].name);
			/* XML allows white space before the end tag's '>'. */
			x.p += 2 + len;
			xml_space(&x);
			if (*x.p != '>')
				return xml_err(&x, "expected '>' to end an end tag");
			x.p++;
		}
		if ((seen | more) & (1u << cap))
			return vcpuchar_set_err(err, err_size, -EINVAL, "<%s> is given twice; give it once",
						libvirt_caps[cap].name);
		if (cap >= VCPUCHAR_PPC_N_CAPS) {
			uint32_t sc = cap == LV_HTM ? VCPUCHAR_PPC_START_HTM : VCPUCHAR_PPC_START_NESTED_HV;

			more |= 1u << cap;
			got.set |= 1u << sc;
			got.levels[sc] = (uint32_t)level;
			continue;
		}
		seen |= 1u << cap;
		*ppc_cap_field(&out, (uint32_t)cap) = (uint8_t)level;
	}
tail:
	if ((r = xml_space_comments(&x)) < 0)
		return r;
	if (*x.p)
		return xml_err(&x, "text after </features>");
	/* Elements alone with no cap among them (a whole <domain>, <featuresx/>): nothing was meant for here. */
	if (!wrapped && !seen && !got.set)
		return vcpuchar_set_err(err, err_size, -EINVAL, "expected <features>, or the cap elements "
					"(<cfpc>, <sbbc>, <ibs>, <ccf-assist>) alone");
	*caps = out;
	*set = seen;
	if (st)
		*st = got;
	if (err && err_size && !used)
		err[0] = '\0';
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_libvirt_parse(const char *xml, struct vcpuchar_ppc_caps *caps, uint32_t *set,
					       char *err, size_t err_size)
{
	return libvirt_parse(xml, caps, set, NULL, err, err_size);
}

/*
 * The successors (doc/stability.md#growing-the-api): @opts->err carries the
 * error only, the items not read go to @opts->others. The parsers are pure
 * and leave their outputs unchanged on failure, so a refusal is parsed again
 * to word the error for its own buffer and size.
 */
static int parse_split(int r, const struct vcpuchar_ppc_parse_opts *opts)
{
	if (r < 0 && opts->others_size)
		opts->others[0] = '\0';
	if (r >= 0 && opts->err_size)
		opts->err[0] = '\0';
	return r < 0 ? r : 0;
}

static bool parse_opts_ok(const struct vcpuchar_ppc_parse_opts *opts)
{
	return VCPUCHAR_SIZE_OK(opts) && opts->flags == 0 && (opts->err || !opts->err_size) &&
	       (opts->others || !opts->others_size);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_machine_line_parse_ext(const char *line, struct vcpuchar_ppc_request *req,
							const struct vcpuchar_ppc_parse_opts *opts)
{
	static const struct vcpuchar_ppc_parse_opts none = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	struct vcpuchar_ppc_parse_opts obuf;
	int r;

	return_val_if_fail(!opts || parse_opts_ok(opts), -EINVAL);
	opts = opts ? VCPUCHAR_IN(opts, &obuf) : &none;
	r = vcpuchar_ppc_machine_line_parse(line, req, opts->others, opts->others_size);
	if (r < 0 && opts->err_size)
		vcpuchar_ppc_machine_line_parse(line, req, opts->err, opts->err_size);
	return parse_split(r, opts);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_libvirt_parse_ext(const char *xml, struct vcpuchar_ppc_caps *caps, uint32_t *set,
						   const struct vcpuchar_ppc_parse_opts *opts)
{
	static const struct vcpuchar_ppc_parse_opts none = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	struct vcpuchar_ppc_parse_opts obuf;
	int r;

	struct line_start st;
	struct vcpuchar_ppc_request *req;

	return_val_if_fail(!opts || parse_opts_ok(opts), -EINVAL);
	opts = opts ? VCPUCHAR_IN(opts, &obuf) : &none;
	/* A request for the start verdict's caps: one with room for them (1.3). */
	req = opts->request;
	if (req && (!VCPUCHAR_SIZE_OK(req) ||
		    vcpuchar_size_of(req) < VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_request, start_levels)))
		return parse_split(vcpuchar_set_err(opts->err, opts->err_size, -EINVAL, "%s",
						    "opts->request is no struct vcpuchar_ppc_request of 1.3 or later "
						    "(its size has no start_set and start_levels)"),
				   opts);
	r = libvirt_parse(xml, caps, set, req ? &st : NULL, opts->others, opts->others_size);
	if (r < 0 && opts->err_size)
		libvirt_parse(xml, caps, set, req ? &st : NULL, opts->err, opts->err_size);
	if (r >= 0 && req) {
		req->start_set |= st.set;
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_START_LEVELS; cap++)
			if (st.set & (1u << cap))
				req->start_levels[cap] = st.levels[cap];
	}
	return parse_split(r, opts);
}

/*
 * A cap named in two texts of one request (a pasted -machine line and a
 * --caps list): refused, though QEMU takes the last of repeated
 * properties, since the reader of the line cannot tell which one counts
 * (lib/ppc.md#pasted-lines). Library choice.
 */
VCPUCHAR_EXPORT int vcpuchar_ppc_caps_merge(struct vcpuchar_ppc_caps *caps, uint32_t *set,
					    const struct vcpuchar_ppc_caps *more, uint32_t more_set, char *err,
					    size_t err_size)
{
	const uint32_t all = (1u << VCPUCHAR_PPC_N_CAPS) - 1;
	struct vcpuchar_ppc_caps out;

	return_val_if_fail(caps && set && more && (err || !err_size), -EINVAL);
	return_val_if_fail(!(*set & ~all) && !(more_set & ~all), -EINVAL);
	out = *caps;
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		if (!(more_set & (1u << cap)))
			continue;
		if (*set & (1u << cap))
			return vcpuchar_set_err(err, err_size, -EEXIST, "cap-%s is given in both; give it once",
						vcpuchar_ppc_cap_name(cap));
		if (vcpuchar_ppc_caps_set(&out, cap, (uint32_t)vcpuchar_ppc_caps_get(more, cap)) < 0)
			return vcpuchar_set_err(err, err_size, -EINVAL, "cap-%s: level %d is not one of its levels",
						vcpuchar_ppc_cap_name(cap), vcpuchar_ppc_caps_get(more, cap));
	}
	*caps = out;
	*set |= more_set;
	vcpuchar_set_err(err, err_size, 0, "%s", "");
	return 0;
}

/* The start caps' side of vcpuchar_ppc_caps_merge(), with its rule (lib/ppc.md#pasted-lines). */
VCPUCHAR_EXPORT int vcpuchar_ppc_start_merge(uint32_t *start_set, uint32_t *start_levels, uint32_t more_set,
					     const uint32_t *more_levels, char *err, size_t err_size)
{
	return_val_if_fail(start_set && start_levels && more_levels && (err || !err_size), -EINVAL);
	return_val_if_fail(!(*start_set & ~VCPUCHAR_PPC_START_SET_ALL) && !(more_set & ~VCPUCHAR_PPC_START_SET_ALL),
			   -EINVAL);
	for (uint32_t cap = VCPUCHAR_PPC_START_HTM; cap < VCPUCHAR_PPC_START_CAPS; cap++) {
		bool pages = cap == VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE;
		uint32_t v = more_levels[cap];
		const char *name = "";

		if (!(more_set & (1u << cap)))
			continue;
		for (size_t i = 0; i < sizeof(other_caps) / sizeof(other_caps[0]); i++)
			if (other_caps[i].start == (int)cap)
				name = other_caps[i].name;
		if (*start_set & (1u << cap))
			return vcpuchar_set_err(err, err_size, -EEXIST, "cap-%s is given in both; give it once", name);
		if (pages ? v < 12 || v > 34 : v > 1)
			return vcpuchar_set_err(err, err_size, -EINVAL, "cap-%s: level %u is out of range (%s)", name, v,
						pages ? "a page shift, 12 to 34" : "0 off or 1 on");
	}
	for (uint32_t cap = VCPUCHAR_PPC_START_HTM; cap < VCPUCHAR_PPC_START_CAPS; cap++)
		if (more_set & (1u << cap))
			start_levels[cap] = more_levels[cap];
	*start_set |= more_set;
	vcpuchar_set_err(err, err_size, 0, "%s", "");
	return 0;
}

/* The four positional values of a migrate list, "cfpc,sbbc,ibs,ccf-assist", one cap at a time. */
static int four_values(const char *list, struct vcpuchar_ppc_caps *caps, char *err, size_t err_size)
{
	struct vcpuchar_ppc_caps out = *caps;
	const char *p = list;

	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		char item[96];
		uint32_t set;

		if ((cap < VCPUCHAR_PPC_N_CAPS - 1) != (end != NULL))
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, list, strlen(list),
						     "'%s': want cap-NAME=VALUE items or four values "
						     "cfpc,sbbc,ibs,ccf-assist",
						     VCPUCHAR_ECHO);
		/* A value longer than every level is no level: named cut, as the parse would. */
		if (len > 32)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len, "cap-%s: '%s' is not one of its levels",
						     vcpuchar_ppc_cap_name(cap), VCPUCHAR_ECHO);
		snprintf(item, sizeof(item), "cap-%s=%.*s", vcpuchar_ppc_cap_name(cap), (int)len, p);
		if (vcpuchar_ppc_caps_parse(item, &out, &set, err, err_size) < 0)
			return -EINVAL;
		p += len + 1;
	}
	*caps = out;
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_migrate_caps_parse(const char *list, uint32_t qemu_version,
						    struct vcpuchar_ppc_caps *caps,
						    const struct vcpuchar_ppc_parse_opts *opts)
{
	static const struct vcpuchar_ppc_parse_opts none = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_parse_opts obuf;
	struct vcpuchar_ppc_caps out;
	const char *p = list;
	uint32_t set = 0;
	bool past;
	int r;

	return_val_if_fail(list && caps && (!opts || parse_opts_ok(opts)), -EINVAL);
	opts = opts ? VCPUCHAR_IN(opts, &obuf) : &none;
	/* The defaults of the target's newest type: a TCG caps-mode request's caps (lib/ppc.md#migration). */
	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	req.accel = VCPUCHAR_ACCEL_TCG;
	req.qemu_version = qemu_version;
	/* A QEMU profile: its default type's defaults, with that type's default CPU (lib/ppc.md#qemu-profiles). */
	req.qemu_profile = opts->qemu_profile;
	/* Past the table's newest row the default cap-sbbc is unknown: the list must give it (below). */
	past = !req.qemu_profile && vcpuchar_ppc_qemu_past_table(qemu_version);
	if (past)
		req.caps_set = 1u << VCPUCHAR_PPC_CAP_SBBC;
	if ((r = vcpuchar_ppc_decide(NULL, &req, &res)) < 0) {
		char why[160];

		/* With a profile the cause is the request's: its version is not the profile's, or the profile's default type's CPU. */
		if (!req.qemu_profile || vcpuchar_ppc_request_check(&req, why, sizeof(why)) == 0)
			snprintf(why, sizeof(why), "%u is not a supported QEMU version number", qemu_version);
		return parse_split(vcpuchar_set_err(opts->err, opts->err_size, r, "%s", why), opts);
	}
	out = res.effective_caps;
	while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
		p++;
	if (*p == '<') {
		/* A libvirt fragment, as ppc hcall --caps takes it: its other elements in @opts->others. */
		if ((r = vcpuchar_ppc_libvirt_parse_ext(list, &out, &set, opts)) < 0)
			return r;
	} else {
		if (opts->others_size)
			opts->others[0] = '\0';
		if (*list && !strchr(list, '=')) {
			r = four_values(list, &out, opts->err, opts->err_size);
			set = (1u << VCPUCHAR_PPC_N_CAPS) - 1; /* all four, in order */
		} else
			r = vcpuchar_ppc_caps_parse(list, &out, &set, opts->err, opts->err_size);
		if (r < 0)
			return parse_split(r, opts);
	}
	if (past && !(set & (1u << VCPUCHAR_PPC_CAP_SBBC))) {
		char want[12];

		vcpuchar_ppc_qemu_version_text(qemu_version, want);
		return parse_split(vcpuchar_set_err(opts->err, opts->err_size, -EINVAL,
						    "QEMU %s is newer than the newest QEMU in this library's release "
						    "table: its default cap-sbbc is unknown here, so the list must give "
						    "cap-sbbc",
						    want),
				   opts);
	}
	*caps = out;
	return parse_split(0, opts);
}
