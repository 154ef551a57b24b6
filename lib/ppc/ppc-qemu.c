/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * The target QEMU's version: which release's row answers for it, and
 * which machine types it has (lib/ppc.md#qemu-versions).
 */
#include <stdio.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

/*
 * One row per QEMU release from 7.2 to 11.1, oldest first
 * (lib/ppc.md#qemu-versions, where each fact names its source). Types are
 * major * 100 + minor; FACT_UNKNOWN marks a fact no source was found for,
 * which the library answers as unknown, never borrowed from another row.
 */
#define FACT_UNKNOWN VCPUCHAR_PPC_QEMU_FACT_UNKNOWN
static const struct release {
	uint32_t version;
	const char *name, *source;
	unsigned first_type;      /* the oldest pseries-X.Y it registers */
	bool sxxm;                /* it has pseries-2.12-sxxm */
	uint32_t deprecated_upto; /* the newest type it marks deprecated, 0 none */
	bool sbbc_p8_broken;      /* the default cap-sbbc is broken for every CPU but POWER7 */
	uint32_t fixed_na_aborts; /* 1: cap-ibs=fixed-na aborts at the first hcall (measured) */
	bool power11;             /* it has the power11 CPU model */
	const char *reason;       /* its deprecation reason when not the lifecycle's, else NULL */
} releases[] = {
	{ VCPUCHAR_PPC_QEMU_VERSION(7, 2, 0), "7.2", "Debian 12", 201, true, 0, false, 1, false, NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(8, 0, 0), "8.0", "upstream commits", 201, true, FACT_UNKNOWN, false, FACT_UNKNOWN,
	  false, NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(8, 1, 0), "8.1", "upstream commits", 201, true, FACT_UNKNOWN, false, FACT_UNKNOWN,
	  false, NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(8, 2, 0), "8.2", "upstream commits", 201, true, FACT_UNKNOWN, false, FACT_UNKNOWN,
	  false, NULL },
	/* 1392617d35 "spapr: Tag pseries-2.1 - 2.11 machines as deprecated", by hand (lib/ppc.md#qemu-versions). */
	{ VCPUCHAR_PPC_QEMU_VERSION(9, 0, 0), "9.0", "upstream commits", 201, true, 211, false, FACT_UNKNOWN, false,
	  "old and not maintained - use a 2.12+ version" },
	{ VCPUCHAR_PPC_QEMU_VERSION(9, 1, 0), "9.1", "upstream commits", 201, true, 601, false, FACT_UNKNOWN, false,
	  NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(9, 2, 0), "9.2", "upstream commits", 300, false, 602, true, FACT_UNKNOWN, true,
	  NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0), "10.0", "Debian 13", 300, false, 700, true, 1, true, NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(10, 1, 0), "10.1", "upstream commits", 402, false, 701, true, FACT_UNKNOWN, true,
	  NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(10, 2, 0), "10.2", "upstream commits", 500, false, 702, true, FACT_UNKNOWN, true,
	  NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(11, 0, 0), "11.0", "upstream commits", 501, false, 800, true, FACT_UNKNOWN, true,
	  NULL },
	{ VCPUCHAR_PPC_QEMU_VERSION(11, 1, 0), "11.1", "Debian sid", 502, false, 801, true, FACT_UNKNOWN, true, NULL },
};
#define N_RELEASES (int)(sizeof(releases) / sizeof(releases[0]))
/* The newest type vcpuchar_ppc_machine_parse() knows (lib/ppc.md#machine-defaults): pseries-11.1. */
#define UPSTREAM_NEWEST 1101u
/* The highest version the encoding holds: 99.99.99. */
#define VERSION_MAX VCPUCHAR_PPC_QEMU_VERSION(99, 99, 99)

/*
 * A release candidate is numbered x.y.90 and up (9.2.0-rc0 reports 9.1.90):
 * the version of the release it leads to, else @v (lib/ppc.md#qemu-versions).
 */
static uint32_t coming(uint32_t v)
{
	unsigned major = v / 10000, minor = v / 100 % 100;

	if (!v || v % 100 < 90 || (minor >= 2 && major >= 99))
		return v;
	return minor >= 2 ? VCPUCHAR_PPC_QEMU_VERSION(major + 1, 0, 0) : VCPUCHAR_PPC_QEMU_VERSION(major, minor + 1, 0);
}

/*
 * Past the newest row, the types follow QEMU's versioned-machine lifecycle
 * for the target itself (include/hw/boards.h): pseries-A.B is deleted once
 * X - A > 6, or X - A = 6 and Y >= B (MACHINE_VER_DELETION_MAJOR), and
 * deprecated by the same test with 3 (MACHINE_VER_DEPRECATION_MAJOR), for
 * QEMU X.Y. Within the table, the row's own facts (lib/ppc.md#qemu-versions).
 */
static bool past_table(uint32_t target)
{
	return target / 100 > releases[N_RELEASES - 1].version / 100;
}

bool vcpuchar_ppc_qemu_past_table(uint32_t qemu_version)
{
	return vcpuchar_ppc_qemu_release(qemu_version) >= 0 && past_table(coming(qemu_version));
}

static unsigned first_type(const struct release *r, uint32_t target)
{
	unsigned x = target / 10000, y = target / 100 % 100;

	if (!past_table(target))
		return r->first_type;
	/* The oldest of pseries-(X-6).(Y+1) and .0 that survives: types are A.0 to A.2. */
	return y >= 2 ? (x - 5) * 100 : (x - 6) * 100 + y + 1;
}

static uint32_t deprecated_upto(const struct release *r, uint32_t target)
{
	unsigned x = target / 10000, y = target / 100 % 100;

	if (!past_table(target))
		return r->deprecated_upto;
	return (x - 3) * 100 + (y < 2 ? y : 2);
}

int vcpuchar_ppc_qemu_release(uint32_t v)
{
	int i;

	if (!v)
		return 0;
	/* 7.1.90 and up, the candidates of 7.2, are older than 7.2 and refused as the parse refuses them. */
	if (v < releases[0].version || v > VERSION_MAX)
		return -1;
	v = coming(v);
	/* The newest release not newer than @v, by major.minor. */
	for (i = N_RELEASES - 1; i > 0; i--)
		if (v / 100 >= releases[i].version / 100)
			break;
	return i;
}

const char *vcpuchar_ppc_qemu_release_name(int release)
{
	return releases[release].name;
}

const char *vcpuchar_ppc_qemu_release_source(int release)
{
	return releases[release].source;
}

uint32_t vcpuchar_ppc_qemu_release_fixed_na(int release)
{
	return releases[release].fixed_na_aborts;
}

bool vcpuchar_ppc_qemu_release_power11(int release)
{
	return releases[release].power11;
}

void vcpuchar_ppc_qemu_release_defaults(int release, uint32_t cpu, struct vcpuchar_ppc_caps *caps)
{
	if (releases[release].sbbc_p8_broken && cpu != VCPUCHAR_PPC_CPU_POWER7)
		caps->sbbc = VCPUCHAR_PPC_LEVEL_BROKEN;
}

bool vcpuchar_ppc_qemu_release_has(int release, uint32_t machine)
{
	const struct release *r = &releases[release];

	switch (machine) {
	case VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM:
		return r->sxxm;
	case VCPUCHAR_PPC_MACHINE_PSERIES_3_1:
		return r->first_type <= 301;
	case VCPUCHAR_PPC_MACHINE_PSERIES_4:
		return r->first_type <= 402;
	default:
		/* PSERIES; for DEFAULTS_UNKNOWN only the target QEMU knows (lib/ppc.md#unknown-types). */
		return true;
	}
}

bool vcpuchar_ppc_qemu_release_has_older(int release, unsigned type)
{
	return type >= releases[release].first_type;
}

bool vcpuchar_ppc_qemu_deprecates(uint32_t qemu_version, unsigned type)
{
	int rel = vcpuchar_ppc_qemu_release(qemu_version);
	uint32_t upto;

	if (rel < 0)
		return false;
	upto = deprecated_upto(&releases[rel], coming(qemu_version));
	return upto != FACT_UNKNOWN && type <= upto;
}

void vcpuchar_ppc_qemu_version_text(uint32_t v, char buf[12])
{
	if (v % 100)
		snprintf(buf, 12, "%u.%u.%u", v / 10000 % 100, v / 100 % 100, v % 100);
	else
		snprintf(buf, 12, "%u.%u", v / 10000 % 100, v / 100 % 100);
}

/* Decimal without a leading zero, at most two digits; the number of characters used, 0 on failure. */
static size_t parse_part(const char *s, unsigned *v)
{
	size_t n = 0;

	*v = 0;
	if (s[0] == '0' && s[1] >= '0' && s[1] <= '9')
		return 0;
	while (n < 3 && s[n] >= '0' && s[n] <= '9')
		*v = *v * 10 + (unsigned)(s[n++] - '0');
	return n == 3 ? 0 : n;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_qemu_version_parse(const char *s, uint32_t *ret, char *err, size_t err_size)
{
	unsigned part[3] = { 0, 0, 0 };
	const char *p;
	uint32_t v;
	int n = 0;

	if (!s || !ret)
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument");
	/* Parts separated by single dots; a dot must be followed by a part. */
	for (p = s; n < 3; n++) {
		size_t len = parse_part(p, &part[n]);

		if (!len) {
			n = 0; /* an empty or malformed part */
			break;
		}
		p += len;
		if (*p != '.')
			break;
		p++;
	}
	if (n < 1 || n > 2 || *p || part[0] == 0)
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, s, strlen(s),
					     "'%s' is not a QEMU version: want MAJOR.MINOR or MAJOR.MINOR.MICRO, "
					     "decimal numbers below 100 without leading zeros (e.g. 7.2, 10.0.13: what "
					     "qemu-system-ppc64 --version prints)",
					     VCPUCHAR_ECHO);
	v = VCPUCHAR_PPC_QEMU_VERSION(part[0], part[1], part[2]);
	if (v < releases[0].version)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"QEMU %s is older than %s, the oldest QEMU this library supports (%s); "
					"its machine types and messages were never measured",
					s, releases[0].name, releases[0].source);
	*ret = v;
	return vcpuchar_set_err(err, err_size, 0, "%s", "");
}

VCPUCHAR_EXPORT int vcpuchar_ppc_qemu_version_check(uint32_t qemu_version, uint32_t *answered, char *note,
						    size_t note_size)
{
	int rel = vcpuchar_ppc_qemu_release(qemu_version);
	const struct release *r;
	char want[12];
	int kind;

	return_val_if_fail(rel >= 0 && (note || !note_size), -EINVAL);
	r = &releases[rel];
	vcpuchar_ppc_qemu_version_text(qemu_version, want);
	if (!qemu_version) {
		kind = 1;
		if (note_size)
			snprintf(note, note_size,
				 "no QEMU version given: the answer is for QEMU %s (%s), the oldest supported; give "
				 "the target QEMU's version for its own answer",
				 r->name, r->source);
	} else if (coming(qemu_version) / 100 == r->version / 100 && coming(qemu_version) == qemu_version) {
		kind = 0;
		if (note_size)
			note[0] = '\0';
	} else if (coming(qemu_version) == r->version) {
		kind = 2;
		if (note_size)
			snprintf(note, note_size,
				 "QEMU %s is a release candidate of %s (QEMU numbers them x.y.90 and up): the "
				 "answer is for QEMU %s (%s)",
				 want, r->name, r->name, r->source);
	} else {
		kind = 2;
		if (note_size && rel == N_RELEASES - 1)
			snprintf(note, note_size,
				 "QEMU %s is newer than %s, the newest QEMU in this library's release table: the "
				 "answer is for QEMU %s (%s), but the types QEMU %s deletes and deprecates follow "
				 "QEMU's machine lifecycle (deleted after 6 years, deprecated after 3); unknown "
				 "here: pseries types newer than pseries-%u.%u, its default cap-sbbc (give it) and "
				 "whether it has power11",
				 want, r->name, r->name, r->source, want, UPSTREAM_NEWEST / 100, UPSTREAM_NEWEST % 100);
		else if (note_size)
			snprintf(note, note_size,
				 "QEMU %s is no release in this library's table (QEMU releases X.0 to X.2 a year): "
				 "the answer is for QEMU %s (%s), the nearest release before it, with the machine "
				 "types upstream added up to %s",
				 want, r->name, r->source, want);
	}
	if (answered)
		*answered = r->version;
	return kind;
}

/*
 * A type newer than every type known, of a release the target may have
 * (X.0 to X.2, not newer than the target): not "never had", but unknown
 * here (lib/ppc.md#qemu-versions).
 */
static bool newer_than_known(const char *name, uint32_t qemu_version)
{
	unsigned major, minor;
	char again[24];

	return sscanf(name, "pseries-%3u.%1u", &major, &minor) == 2 &&
	       snprintf(again, sizeof(again), "pseries-%u.%u", major, minor) > 0 && !strcmp(again, name) &&
	       minor <= 2 && major * 100 + minor > UPSTREAM_NEWEST && major * 100 + minor <= coming(qemu_version) / 100;
}

bool vcpuchar_ppc_machine_defaults_unknown(const char *name, uint32_t qemu_version)
{
	return vcpuchar_ppc_qemu_release(qemu_version) >= 0 &&
	       (vcpuchar_ppc_machine_downstream(name) || newer_than_known(name, qemu_version));
}

VCPUCHAR_EXPORT int vcpuchar_ppc_machine_parse_qemu(const char *name, uint32_t qemu_version, uint32_t *ret, char *err,
						    size_t err_size)
{
	int rel = vcpuchar_ppc_qemu_release(qemu_version);
	const struct release *r;
	unsigned major, minor, type, newest, first;
	char want[12], range[128], who[80];
	uint32_t m, target;
	int rc;

	if (!name || !ret)
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument");
	if (rel < 0)
		return vcpuchar_set_err(err, err_size, -EINVAL, "%u is not a supported QEMU version number",
					qemu_version);
	r = &releases[rel];
	if (!qemu_version)
		snprintf(want, sizeof(want), "%s", r->name);
	else
		vcpuchar_ppc_qemu_version_text(qemu_version, want);
	/* A release candidate has its release's types: pseries-9.2 is in 9.1.90. */
	target = coming(qemu_version);
	if (newer_than_known(name, qemu_version))
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, strlen(name),
					     "'%s' is newer than pseries-%u.%u, the newest pseries type this library "
					     "knows: its defaults in QEMU %s are unknown here; give all four caps "
					     "explicitly, which makes the machine type irrelevant",
					     VCPUCHAR_ECHO, UPSTREAM_NEWEST / 100, UPSTREAM_NEWEST % 100, want);
	if ((rc = vcpuchar_ppc_machine_parse(name, &m, err, err_size)) < 0)
		return rc;
	/* The newest type the range can name: the target's own, at most the newest upstream type known. */
	newest = target / 100 > r->version / 100 ? target / 100 : r->version / 100;
	if (newest > UPSTREAM_NEWEST)
		newest = UPSTREAM_NEWEST;
	first = first_type(r, target);
	/* Far past the table, the lifecycle's oldest type is newer than any this library knows. */
	if (first > newest)
		snprintf(range, sizeof(range), "pseries-%u.%u and later, none known here (pseries-%u.%u is the newest known)",
			 first / 100, first % 100, newest / 100, newest % 100);
	else
		snprintf(range, sizeof(range), "pseries-%u.%u to pseries-%u.%u%s", first / 100, first % 100,
			 newest / 100, newest % 100, r->sxxm ? " and pseries-2.12-sxxm" : "");
	if (strcmp(name, "pseries") == 0) {
		*ret = m;
		return 0;
	}
	if (m == VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM) {
		if (r->sxxm) {
			*ret = m;
			return 0;
		}
		type = 212; /* a 2.12 variant */
	} else {
		/* The 1.0 parse accepted it: "pseries-" then two numbers. */
		if (sscanf(name + 8, "%u.%u", &major, &minor) != 2)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, name, strlen(name),
						     "'%s': cannot read its version", VCPUCHAR_ECHO);
		type = major * 100 + minor;
		/* Types the release has, and the newer upstream types up to an unmeasured target. */
		if (type >= first && (type <= r->version / 100 || (target && type <= target / 100))) {
			*ret = m;
			return 0;
		}
	}
	if (!qemu_version)
		snprintf(who, sizeof(who), " (no QEMU version given: the oldest supported)");
	else if (target != qemu_version && target == r->version)
		snprintf(who, sizeof(who), " (a release candidate of %s)", r->name);
	else if (target / 100 != r->version / 100)
		snprintf(who, sizeof(who), " (answered as %s, the %s)", r->name,
			 rel == N_RELEASES - 1 ? "newest in the table" : "nearest release before it");
	else
		who[0] = '\0';
	return vcpuchar_set_err_echo(err, err_size, -ENOENT, name, strlen(name),
				     "'%s' is not a machine type of QEMU %s%s: it has %s%s", VCPUCHAR_ECHO, want, who,
				     range, type && type < first ? "; the older ones were removed" : "");
}

VCPUCHAR_EXPORT int vcpuchar_ppc_qemu_release_get(uint32_t qemu_version, struct vcpuchar_ppc_qemu_release *ret)
{
	int rel = vcpuchar_ppc_qemu_release(qemu_version);
	struct vcpuchar_ppc_qemu_release buf, *out;
	const struct release *r;

	return_val_if_fail(rel >= 0 && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	r = &releases[rel];
	out = VCPUCHAR_OUT(ret, &buf);
	out->answered = r->version;
	out->oldest_type = first_type(r, coming(qemu_version));
	out->newest_type = r->version / 100;
	out->has_sxxm = r->sxxm;
	out->deprecated_upto = deprecated_upto(r, coming(qemu_version));
	out->sbbc_broken_p8 = r->sbbc_p8_broken;
	out->fixed_na_aborts = r->fixed_na_aborts;
	out->has_power11 = r->power11;
	/*
	 * Past the newest row the deletion rule fixes the types, not the
	 * default cap-sbbc or the CPU models: unknown (lib/ppc.md#qemu-versions).
	 * Only for a caller whose size has unknown_facts: 1.2 documented both
	 * as 0 or 1, and a 1.2 struct keeps the newest row's.
	 */
	if (vcpuchar_size_of(ret) >= VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_qemu_release, unknown_facts) &&
	    past_table(coming(qemu_version))) {
		out->sbbc_broken_p8 = FACT_UNKNOWN;
		out->has_power11 = FACT_UNKNOWN;
	}
	out->unknown_facts = (out->deprecated_upto == FACT_UNKNOWN ? VCPUCHAR_PPC_QEMU_UNKNOWN_DEPRECATED_UPTO : 0) |
			     (out->sbbc_broken_p8 == FACT_UNKNOWN ? VCPUCHAR_PPC_QEMU_UNKNOWN_SBBC_BROKEN_P8 : 0) |
			     (out->fixed_na_aborts == FACT_UNKNOWN ? VCPUCHAR_PPC_QEMU_UNKNOWN_FIXED_NA_ABORTS : 0) |
			     (out->has_power11 == FACT_UNKNOWN ? VCPUCHAR_PPC_QEMU_UNKNOWN_HAS_POWER11 : 0);
	VCPUCHAR_OUT_END(ret, out);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_machine_deprecated(const char *name, uint32_t qemu_version, char *note,
						    size_t note_size)
{
	const struct release *r;
	char want[12];
	unsigned major, minor, type, newest;
	uint32_t m, upto;
	int rc;

	return_val_if_fail(note || !note_size, -EINVAL);
	if ((rc = vcpuchar_ppc_machine_parse_qemu(name, qemu_version, &m, note, note_size)) < 0)
		return rc;
	if (note_size)
		note[0] = '\0';
	r = &releases[vcpuchar_ppc_qemu_release(qemu_version)];
	upto = deprecated_upto(r, coming(qemu_version));
	if (qemu_version)
		vcpuchar_ppc_qemu_version_text(qemu_version, want);
	else
		snprintf(want, sizeof(want), "%s", r->name);
	if (strcmp(name, "pseries") == 0)
		return 0; /* the newest type, never deprecated */
	if (upto == FACT_UNKNOWN) {
		if (note_size)
			snprintf(note, note_size,
				 "whether QEMU %s marks '%s' deprecated is unknown: no source for its deprecations "
				 "was found",
				 want, name);
		return 2;
	}
	type = 212; /* pseries-2.12-sxxm */
	if (m != VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM) {
		/* The parse above took "pseries-X.Y". */
		sscanf(name + 8, "%u.%u", &major, &minor);
		type = major * 100 + minor;
	}
	if (type > upto)
		return 0;
	/* The oldest type it does not deprecate, the next after deprecated_upto (X.0 to X.2 from 4.0 on). */
	newest = upto % 100 == 2 ? (upto / 100 + 1) * 100 : upto + 1;
	if (r->reason && !past_table(coming(qemu_version))) {
		/* 9.0's own reason; 9.2 then removed every 2.x type (pull-ppc-for-9.2-1-20241104). */
		if (note_size)
			snprintf(note, note_size,
				 "QEMU %s warns \"Machine type '%s' is deprecated: %s\" and starts; QEMU 9.2 removes "
				 "every pseries-2.x type, so pin pseries-3.0 or newer to keep the guest past it",
				 want, name, r->reason);
		return 1;
	}
	if (note_size)
		snprintf(note, note_size,
			 "QEMU %s warns \"Machine type '%s' is deprecated: machines more than 3 years old are "
			 "subject to deletion after 6 years\" and starts; pin pseries-%u.%u or newer to keep the "
			 "type past its deletion",
			 want, name, newest / 100, newest % 100);
	return 1;
}

unsigned vcpuchar_ppc_qemu_alias_type(uint32_t qemu_version)
{
	/* The "pseries" alias is the target's own pseries-X.Y; a candidate's, its coming release's. */
	return qemu_version ? coming(qemu_version) / 100 : releases[0].version / 100;
}
