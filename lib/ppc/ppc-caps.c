/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * spapr caps: names, levels, the QEMU -machine spelling, machine-type
 * defaults and the host's levels (lib/ppc.md#caps-and-levels, #machine-defaults, #host-levels).
 */
#include <stddef.h>
#include <stdio.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

static const char *const cap_names[VCPUCHAR_PPC_N_CAPS] = {
	"cfpc", "sbbc", "ibs", "ccf-assist",
};

/* QEMU's value lists (hw/ppc/spapr_caps.c); the index is the library level. */
static const char *const level_names[VCPUCHAR_PPC_N_CAPS][5] = {
	{ "broken", "workaround", "fixed" },
	{ "broken", "workaround", "fixed" },
	{ "broken", "workaround", "fixed-ibs", "fixed-ccd", "fixed-na" },
	{ "off", "on" },
};

VCPUCHAR_EXPORT const char *vcpuchar_ppc_cap_name(uint32_t cap)
{
	return cap < VCPUCHAR_PPC_N_CAPS ? cap_names[cap] : NULL;
}

VCPUCHAR_EXPORT const char *vcpuchar_ppc_level_name(uint32_t cap, uint32_t level)
{
	if (cap >= VCPUCHAR_PPC_N_CAPS || level > ppc_level_max(cap))
		return NULL;
	return level_names[cap][level];
}

VCPUCHAR_EXPORT int vcpuchar_ppc_caps_get(const struct vcpuchar_ppc_caps *caps, uint32_t cap)
{
	return_val_if_fail(caps && cap < VCPUCHAR_PPC_N_CAPS, -EINVAL);
	return ppc_cap_level(caps, cap);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_caps_set(struct vcpuchar_ppc_caps *caps, uint32_t cap, uint32_t level)
{
	return_val_if_fail(caps && cap < VCPUCHAR_PPC_N_CAPS, -EINVAL);
	return_val_if_fail(level <= ppc_level_max(cap), -EINVAL);
	*ppc_cap_field(caps, cap) = (uint8_t)level;
	return 0;
}

/* QOM property names and qapi_bool_parse() compare exactly: "CAP-CFPC" is no property of QEMU's. */
static bool word_eq(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && !memcmp(s, word, len);
}

/* spapr_cap_set_string() compares the value with strcasecmp(): "BROKEN" is broken. */
static bool word_caseeq(const char *s, size_t len, const char *word)
{
	return strlen(word) == len && vcpuchar_ascii_ncaseeq(s, word, len);
}

/* ccf-assist is a QEMU bool property: qapi/qapi-util.c qapi_bool_parse(), exact words. */
static int parse_bool(const char *s, size_t len)
{
	static const char *const yes[] = { "on", "yes", "true", "y" };
	static const char *const no[] = { "off", "no", "false", "n" };

	for (size_t i = 0; i < 4; i++) {
		if (word_eq(s, len, yes[i]))
			return 1;
		if (word_eq(s, len, no[i]))
			return 0;
	}
	return -1;
}

static int parse_level(uint32_t cap, const char *s, size_t len)
{
	if (cap == VCPUCHAR_PPC_CAP_CCF_ASSIST)
		return parse_bool(s, len);
	for (uint32_t l = 0; l <= ppc_level_max(cap); l++)
		if (word_caseeq(s, len, level_names[cap][l]))
			return (int)l;
	return -1;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_caps_parse(const char *list, struct vcpuchar_ppc_caps *caps, uint32_t *set,
					    char *err, size_t err_size)
{
	struct vcpuchar_ppc_caps out;
	uint32_t seen = 0;
	const char *p = list;
	unsigned item = 0;

	if (!list || !caps || !set)
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument");
	out = *caps;
	/* An empty list sets nothing. */
	while (*p) {
		const char *end = strchr(p, ',');
		const char *eq, *name, *val;
		size_t len, name_len, val_len;
		uint32_t cap;
		int level;

		item++;
		len = end ? (size_t)(end - p) : strlen(p);
		if (!len)
			return vcpuchar_set_err(err, err_size, -EINVAL, "item %u is empty", item);
		eq = memchr(p, '=', len);
		if (!eq)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len, "item %u '%s' has no '='", item,
						     VCPUCHAR_ECHO);
		name = p;
		name_len = (size_t)(eq - p);
		if (name_len > 4 && !memcmp(name, "cap-", 4)) {
			name += 4;
			name_len -= 4;
		}
		for (cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			if (word_eq(name, name_len, cap_names[cap]))
				break;
		if (cap == VCPUCHAR_PPC_N_CAPS)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, (size_t)(eq - p),
						     "unknown cap '%s' (known: cfpc, sbbc, ibs, ccf-assist; QEMU's "
						     "property names are lower case)", VCPUCHAR_ECHO);
		if (seen & (1u << cap))
			return vcpuchar_set_err(err, err_size, -EINVAL, "cap-%s is given twice", cap_names[cap]);
		val = eq + 1;
		val_len = len - (size_t)(val - p);
		level = parse_level(cap, val, val_len);
		if (level < 0 && cap == VCPUCHAR_PPC_CAP_CCF_ASSIST)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, val, val_len,
						     "cap-%s: unknown value '%s' (QEMU takes on, off, yes, no, true, "
						     "false, y or n, in lower case)", cap_names[cap], VCPUCHAR_ECHO);
		if (level < 0)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, val, val_len, "cap-%s: unknown value '%s'",
						     cap_names[cap], VCPUCHAR_ECHO);
		*ppc_cap_field(&out, cap) = (uint8_t)level;
		seen |= 1u << cap;
		if (!end)
			break;
		p = end + 1;
		/* A trailing comma leaves an empty last item. */
		if (!*p)
			return vcpuchar_set_err(err, err_size, -EINVAL, "item %u is empty", item + 1);
	}
	*caps = out;
	*set = seen;
	return 0;
}

/*
 * Parses 1-4 decimal digits without a leading zero (QEMU names its versions
 * 2.1 ... 10.0); returns the number of characters used, 0 on failure.
 */
static size_t parse_num(const char *s, unsigned *v)
{
	size_t n = 0;

	*v = 0;
	if (s[0] == '0' && s[1] >= '0' && s[1] <= '9')
		return 0;
	while (n < 5 && s[n] >= '0' && s[n] <= '9') {
		*v = *v * 10 + (unsigned)(s[n] - '0');
		n++;
	}
	return n == 5 ? 0 : n;
}

bool vcpuchar_ppc_machine_downstream(const char *name)
{
	const char *p = name + 8;
	size_t letters = 0;

	if (strncmp(name, "pseries-", 8) != 0)
		return false;
	/* A vendor tag of two letters or more, then its version (numbers joined by dots): rhel8.6.0. */
	while (p[letters] >= 'a' && p[letters] <= 'z')
		letters++;
	if (letters < 2)
		return false;
	p += letters;
	for (;;) {
		if (*p < '0' || *p > '9')
			return false;
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p != '.')
			break;
		p++;
	}
	/* RHEL 7's speculative-execution variants end in -sxxm, as upstream's pseries-2.12-sxxm. */
	return !*p || !strcmp(p, "-sxxm");
}

VCPUCHAR_EXPORT int vcpuchar_ppc_machine_parse(const char *name, uint32_t *ret, char *err, size_t err_size)
{
	unsigned major, minor;
	const char *p;
	size_t n;

	if (!name || !ret)
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument");
	if (strcmp(name, "pseries") == 0) {
		*ret = VCPUCHAR_PPC_MACHINE_PSERIES;
		return 0;
	}
	if (strcmp(name, "pseries-2.12-sxxm") == 0) {
		*ret = VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM;
		return 0;
	}
	if (strncmp(name, "pseries-", 8) != 0)
		goto bad;
	p = name + 8;
	/*
	 * A distribution's type (pseries-rhel8.6.0, ...) takes its defaults from
	 * that distribution's QEMU, which this library does not carry: refuse,
	 * and say how to find what it derives from.
	 */
	if (vcpuchar_ppc_machine_downstream(name)) {
		/*
		 * RHEL 7's QEMU is 2.12 (qemu-kvm-rhev 2.12.0 spec, Source0
		 * qemu-2.12.0): it predates cap-ccf-assist (upstream 4.0,
		 * 8ff43ee404), so a guest there never asked for it. What RHEL
		 * 8's QEMU gives the same type for cfpc, sbbc and ibs is in
		 * RHEL's source, not read here: unknown, not borrowed.
		 */
		if (!strncmp(p, "rhel7", 5))
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, strlen(name),
						     "'%s' is a RHEL 7 machine type: RHEL 7's QEMU (2.12) predates "
						     "cap-ccf-assist (QEMU 4.0), so a guest there never asked for it; its "
						     "cfpc, sbbc and ibs defaults under a later RHEL's QEMU are in RHEL's "
						     "source, not known here: give all four caps (cap-ccf-assist=off for "
						     "what RHEL 7 did), which makes the machine type irrelevant",
						     VCPUCHAR_ECHO);
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, strlen(name),
					     "'%s' is a downstream (distribution) machine type: its cap defaults are "
					     "set in that distribution's QEMU (hw/ppc/spapr.c of its source package), "
					     "not upstream's; give the upstream pseries-X.Y its class options start "
					     "from, or give all four caps explicitly (cap-cfpc, cap-sbbc, cap-ibs, "
					     "cap-ccf-assist, e.g. from the running guest's command line), which makes "
					     "the machine type irrelevant", VCPUCHAR_ECHO);
	}
	if (!(n = parse_num(p, &major)) || p[n] != '.')
		goto bad;
	p += n + 1;
	if (!(n = parse_num(p, &minor)))
		goto bad;
	p += n;
	/* Machine types have two numbers: there is no pseries-4.2.1. */
	if (*p)
		goto bad;
	/*
	 * Only versions QEMU had (hw/ppc/spapr.c DEFINE_SPAPR_MACHINE): 2.1 to
	 * 2.12, 3.0, 3.1, X.0 to X.2 for 4 to 10, and 11.0 and 11.1, the newest in
	 * master (lib/ppc.md#machine-defaults). A name outside is a typo or a
	 * type this library does not know; guessing its defaults would explain
	 * conflicts wrongly.
	 */
	if (!((major == 2 && minor >= 1 && minor <= 12) || (major == 3 && minor <= 1) ||
	      (major >= 4 && major <= 10 && minor <= 2) || (major == 11 && minor <= 1)))
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, strlen(name),
					"'%s': QEMU never had this pseries type; known: pseries-2.1 to pseries-11.1 "
					"(2.1-2.12, 3.0-3.1, then X.0-X.2 up to 10.2, 11.0 and 11.1); for a QEMU newer than "
					"that, 'pseries' gives the newest defaults known here, and its version (a "
					"request's qemu_version) lets a -machine line read its newer types, whose "
					"defaults are unknown here", VCPUCHAR_ECHO);
	/* hw/ppc/spapr.c: mitigations default on from 4.0, ccf-assist on from 5.0. */
	if (major >= 5)
		*ret = VCPUCHAR_PPC_MACHINE_PSERIES;
	else if (major == 4)
		*ret = VCPUCHAR_PPC_MACHINE_PSERIES_4;
	else
		*ret = VCPUCHAR_PPC_MACHINE_PSERIES_3_1;
	return 0;
bad:
	return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, strlen(name),
				"'%s' is not a pseries machine type (pseries, pseries-X.Y, pseries-2.12-sxxm)", VCPUCHAR_ECHO);
}

/* lib/ppc.md#machine-defaults, in enum vcpuchar_ppc_machine order. */
static const struct vcpuchar_ppc_caps machine_caps[] = {
	[VCPUCHAR_PPC_MACHINE_PSERIES] = { VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND,
					   VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_ON },
	[VCPUCHAR_PPC_MACHINE_PSERIES_4] = { VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND,
					     VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_OFF },
	[VCPUCHAR_PPC_MACHINE_PSERIES_3_1] = { VCPUCHAR_PPC_LEVEL_BROKEN, VCPUCHAR_PPC_LEVEL_BROKEN, VCPUCHAR_PPC_LEVEL_BROKEN,
					       VCPUCHAR_PPC_LEVEL_OFF },
	[VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM] = { VCPUCHAR_PPC_LEVEL_WORKAROUND, VCPUCHAR_PPC_LEVEL_WORKAROUND,
						     VCPUCHAR_PPC_LEVEL_FIXED_CCD, VCPUCHAR_PPC_LEVEL_OFF },
};

const char *vcpuchar_ppc_machine_words(uint32_t machine)
{
	static const char *const words[] = {
		[VCPUCHAR_PPC_MACHINE_PSERIES] = "pseries-5.0 and later",
		[VCPUCHAR_PPC_MACHINE_PSERIES_4] = "pseries-4.x",
		[VCPUCHAR_PPC_MACHINE_PSERIES_3_1] = "pseries-3.1 and older",
		[VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM] = "pseries-2.12-sxxm",
		[VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN] = "a type whose defaults are unknown here",
	};

	return words[machine];
}

void vcpuchar_ppc_caps_limit_cpu(struct vcpuchar_ppc_caps *caps, uint32_t cpu)
{
	/*
	 * A CPU without ISA 2.07 gets cfpc=broken. POWER7 is the oldest model
	 * here and still has ISA 2.06, so sbbc and ibs keep their levels.
	 */
	if (cpu == VCPUCHAR_PPC_CPU_POWER7)
		caps->cfpc = VCPUCHAR_PPC_LEVEL_BROKEN;
}

void vcpuchar_ppc_machine_caps(uint32_t machine, uint32_t cpu, struct vcpuchar_ppc_caps *ret)
{
	*ret = machine_caps[machine];
	vcpuchar_ppc_caps_limit_cpu(ret, cpu);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_machine_defaults(uint32_t machine, uint32_t cpu, struct vcpuchar_ppc_caps *ret)
{
	struct vcpuchar_ppc_caps c;

	return_val_if_fail(ret && machine <= VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM && ppc_cpu_ok(cpu), -EINVAL);
	vcpuchar_ppc_machine_caps(machine, cpu, &c);
	*ret = c;
	return 0;
}

static const char *const mode_names[] = {
	[VCPUCHAR_PPC_MODE_HOST_MAX] = "host-max",
	[VCPUCHAR_PPC_MODE_CAPS] = "caps",
	[VCPUCHAR_PPC_MODE_HOST] = "host",
};

VCPUCHAR_EXPORT const char *vcpuchar_ppc_mode_name(uint32_t mode)
{
	return mode <= VCPUCHAR_PPC_MODE_HOST ? mode_names[mode] : NULL;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_levels(const struct vcpuchar_ppc_host *host, struct vcpuchar_ppc_caps *ret)
{
	struct vcpuchar_ppc_host hbuf;

	return_val_if_fail(ret && ppc_host_power_ok(host), -EINVAL);
	host = VCPUCHAR_IN(host, &hbuf);
	if (!ppc_host_has_info(host)) {
		/* QEMU's fallback without information: broken/broken/broken/off. */
		*ret = (struct vcpuchar_ppc_caps){ 0 };
		return 0;
	}
	ppc_levels(host, ret);
	return 1;
}
