/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * QEMU profiles read with libc alone (lib/ppc.md#qemu-profiles), and the
 * target QEMU's facts resolved once per request, from a profile or from
 * the release table, for the decisions to read (struct ppc_target).
 */
#include <stdio.h>
#include <stdlib.h>

#include "keyfile.h"
#include "ppc-internal.h"
#include "vcpuchar-private.h"

#define FAMILIES (VCPUCHAR_PPC_CPU_POWER11 - VCPUCHAR_PPC_CPU_POWER7 + 1)
#define PROFILE_MAX (1u << 20)

/* One [caps TYPE CPU] group. */
struct qcaps {
	uint8_t read;  /* the group was read: caps hold its defaults */
	uint8_t htm, large_decr, fwnmi;
	uint8_t hpt;   /* cap-hpt-max-page-size as a page shift (12 to 34), 0 when the type has none */
	struct vcpuchar_ppc_caps caps;
	char *start;   /* QEMU's message when the type does not start with the CPU, else NULL */
	/* Every cap-* the type lists, as probed: names without "cap-", values as the profile spells them. */
	uint32_t n_raw;
	char *raw_name[VCPUCHAR_PPC_MACHINE_CAPS_MAX], *raw_value[VCPUCHAR_PPC_MACHINE_CAPS_MAX];
};

struct ppc_qmachine {
	char *name;
	uint32_t machine;     /* its class, enum vcpuchar_ppc_machine */
	uint32_t default_cpu; /* the family of its default CPU model, 0 when none of 7 to 11 */
	int deprecated;       /* 1, 0, -1 unknown */
	char *properties;     /* ";append;boot;cap-ccf-assist;...;": its -machine properties, NULL when not read */
	struct qcaps caps[FAMILIES];
};

struct vcpuchar_ppc_qemu_profile {
	uint32_t version;
	char *binary;
	size_t n_machines, default_machine;
	struct ppc_qmachine *machines;
	char *models;      /* the POWER CPU models, "power10, power10_v1.0, ..." */
	uint32_t families; /* bit (1u << family) of each family the binary has a model of */
};

/* The family (7 to 11) of a CPU model name "powerN..." not followed by a digit, else 0. */
static uint32_t model_family(const char *s, size_t len)
{
	uint32_t n = 0;
	size_t i = 5;

	if (len < 6 || memcmp(s, "power", 5))
		return 0;
	while (i < len && s[i] >= '0' && s[i] <= '9' && n < 100)
		n = n * 10 + (uint32_t)(s[i++] - '0');
	if (i == 5 || n < VCPUCHAR_PPC_CPU_POWER7 || n > VCPUCHAR_PPC_CPU_POWER11)
		return 0;
	return n;
}

/* A GKeyFile list item: up to the next ';' (items each followed by ';'). */
static bool next_item(const char **p, const char *end, const char **item, size_t *len)
{
	const char *semi;

	if (*p >= end)
		return false;
	semi = memchr(*p, ';', (size_t)(end - *p));
	*item = *p;
	*len = semi ? (size_t)(semi - *p) : (size_t)(end - *p);
	*p = semi ? semi + 1 : end;
	return true;
}

struct reader {
	const struct vcpuchar_kf *kf;
	char *err;
	size_t err_size;
};

/* A required key's raw value; -EINVAL naming the group's line when absent. */
static int need(struct reader *r, const char *group, const char *key, const char **v, size_t *len)
{
	*v = vcpuchar_kf_value(r->kf, group, key, len);
	if (*v)
		return 0;
	return vcpuchar_set_err(r->err, r->err_size, -EINVAL, "line %u: [%s] has no %s key",
				vcpuchar_kf_line(r->kf, group, NULL), group, key);
}

static int bad_value(struct reader *r, const char *group, const char *key, const char *v, size_t len,
		     const char *want)
{
	return vcpuchar_set_err_echo(r->err, r->err_size, -EINVAL, v, len, "line %u: [%s] %s: '%s' is not %s",
				     vcpuchar_kf_line(r->kf, group, key), group, key, VCPUCHAR_ECHO, want);
}

static int read_bool(struct reader *r, const char *group, const char *key, int *ret)
{
	size_t len;
	const char *v = vcpuchar_kf_value(r->kf, group, key, &len);

	if (!v)
		return 0; /* absent: left as it is */
	if (len == 2 && !memcmp(v, "on", 2))
		*ret = 1;
	else if (len == 3 && !memcmp(v, "off", 3))
		*ret = 0;
	else if (len == 4 && !memcmp(v, "true", 4))
		*ret = 1;
	else if (len == 5 && !memcmp(v, "false", 5))
		*ret = 0;
	else
		return bad_value(r, group, key, v, len, "on, off, true or false");
	return 0;
}

static char *dup_span(const char *s, size_t len)
{
	char *p = malloc(len + 1);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/* One raw cap: its name (after "cap-") and the group's value, when the group has it. */
static int add_raw(struct reader *r, struct qcaps *c, const char *group, const char *cap, size_t len)
{
	char key[96];
	const char *v;
	size_t vlen;

	if (len <= 4 || len > 64)
		return 0;
	snprintf(key, sizeof(key), "%.*s", (int)len, cap);
	if (!(v = vcpuchar_kf_value(r->kf, group, key, &vlen)))
		return 0; /* listed, not read: the machine caps name it from the table */
	if (c->n_raw >= VCPUCHAR_PPC_MACHINE_CAPS_MAX)
		return vcpuchar_set_err(r->err, r->err_size, -EINVAL, "line %u: [%s] has more than %u caps",
					vcpuchar_kf_line(r->kf, group, NULL), group, VCPUCHAR_PPC_MACHINE_CAPS_MAX);
	if (vlen >= VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN)
		return bad_value(r, group, key, v, vlen, "a value QEMU gives (at most 23 bytes)");
	if (!(c->raw_name[c->n_raw] = dup_span(cap + 4, len - 4)) || !(c->raw_value[c->n_raw] = dup_span(v, vlen)))
		return -ENOMEM;
	c->n_raw++;
	return 0;
}

/*
 * Every cap-* the type's properties list (lib/ppc.md#machine-caps), in its
 * order; a profile without the list: the caps this library knows that the
 * group has.
 */
static int read_raw(struct reader *r, const struct ppc_qmachine *m, struct qcaps *c, const char *group)
{
	static const char *const spectre[] = { "cap-ccf-assist", "cap-cfpc", "cap-ibs", "cap-sbbc" };
	const char *q, *end, *item;
	size_t ilen;
	int rc;

	if (m->properties) {
		/* The list as the profile holds it, without the ';' read_machine() put around it. */
		for (q = m->properties + 1, end = m->properties + strlen(m->properties) - 1;
		     next_item(&q, end, &item, &ilen);)
			if (ilen > 4 && !memcmp(item, "cap-", 4) && (rc = add_raw(r, c, group, item, ilen)) < 0)
				return rc;
		return 0;
	}
	for (size_t i = 0; i < 4; i++)
		if ((rc = add_raw(r, c, group, spectre[i], strlen(spectre[i]))) < 0)
			return rc;
	for (uint32_t i = 0, since; (item = vcpuchar_ppc_other_cap(i, &since)); i++) {
		char key[64];

		snprintf(key, sizeof(key), "cap-%s", item);
		if ((rc = add_raw(r, c, group, key, strlen(key))) < 0)
			return rc;
	}
	return 0;
}

static int read_caps(struct reader *r, struct ppc_qmachine *m, uint32_t family)
{
	static const char *const spectre[] = { "cap-cfpc", "cap-sbbc", "cap-ibs", "cap-ccf-assist" };
	struct qcaps *c = &m->caps[family - VCPUCHAR_PPC_CPU_POWER7];
	char group[160], item[96];
	const char *v;
	size_t len;
	int on, rc;

	snprintf(group, sizeof(group), "caps %s power%u", m->name, family);
	if (!vcpuchar_kf_has_group(r->kf, group))
		return vcpuchar_set_err(r->err, r->err_size, -EINVAL,
					"line %u: caps_cpus names power%u and machines %s, but there is no [%s] group",
					vcpuchar_kf_line(r->kf, "qemu", "caps_cpus"), family, m->name, group);
	if ((v = vcpuchar_kf_value(r->kf, group, "start", &len))) {
		if (!(c->start = dup_span(v, len)))
			return -ENOMEM;
		return 0;
	}
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		uint32_t set = 0;

		if ((rc = need(r, group, spectre[cap], &v, &len)) < 0)
			return rc;
		/* The library's own spelling parser: QEMU's level names (lib/ppc.md#caps-and-levels). */
		if (len > 64 || snprintf(item, sizeof(item), "%s=%.*s", spectre[cap], (int)len, v) < 0 ||
		    vcpuchar_ppc_caps_parse(item, &c->caps, &set, NULL, 0) < 0 || set != 1u << cap)
			return bad_value(r, group, spectre[cap], v, len,
					 cap == VCPUCHAR_PPC_CAP_CCF_ASSIST ? "on or off"
					 : cap == VCPUCHAR_PPC_CAP_IBS
						 ? "a level (broken, workaround, fixed-ibs, fixed-ccd, fixed-na)"
						 : "a level (broken, workaround, fixed)");
	}
	/* Absent: the type has no such property, so QEMU checks nothing for it (off). */
	on = 0;
	if ((rc = read_bool(r, group, "cap-htm", &on)) < 0)
		return rc;
	c->htm = (uint8_t)on;
	on = 0;
	if ((rc = read_bool(r, group, "cap-large-decr", &on)) < 0)
		return rc;
	c->large_decr = (uint8_t)on;
	on = 0;
	if ((rc = read_bool(r, group, "cap-fwnmi", &on)) < 0)
		return rc;
	c->fwnmi = (uint8_t)on;
	/* cap-hpt-max-page-size in bytes, as qom-get gives it: a power of two from 4 KiB to 16 GiB. */
	if ((v = vcpuchar_kf_value(r->kf, group, "cap-hpt-max-page-size", &len)) != NULL) {
		uint64_t bytes = 0;
		size_t i;

		for (i = 0; i < len && v[i] >= '0' && v[i] <= '9' && bytes <= UINT64_C(1) << 40; i++)
			bytes = bytes * 10 + (uint64_t)(v[i] - '0');
		if (i != len || !len || (len > 1 && v[0] == '0') || bytes < 4096 ||
		    bytes > UINT64_C(1) << 34 || (bytes & (bytes - 1)))
			return bad_value(r, group, "cap-hpt-max-page-size", v, len,
					 "a power of two in bytes from 4096 to 17179869184");
		while (bytes >> (c->hpt + 1))
			c->hpt++;
	}
	c->read = 1;
	return read_raw(r, m, c, group);
}

/* @s (@len bytes) is one of the profile's CPU models (p->models: "a, b, c"). */
static bool has_model(const struct vcpuchar_ppc_qemu_profile *p, const char *s, size_t len)
{
	for (const char *at = p->models; at && *at;) {
		const char *comma = strstr(at, ", ");
		size_t n = comma ? (size_t)(comma - at) : strlen(at);

		if (n == len && !memcmp(at, s, len))
			return true;
		at = comma ? comma + 2 : NULL;
	}
	return false;
}

static int read_machine(struct reader *r, struct vcpuchar_ppc_qemu_profile *p, struct ppc_qmachine *m,
			uint32_t list_line)
{
	char group[128];
	const char *v;
	size_t len;
	int rc, dep = -1;

	snprintf(group, sizeof(group), "machine %s", m->name);
	if (!vcpuchar_kf_has_group(r->kf, group))
		return vcpuchar_set_err(r->err, r->err_size, -EINVAL,
					"line %u: machines names %s, but there is no [%s] group", list_line, m->name,
					group);
	/* Its class, as the request names it (lib/ppc.md#unknown-types for the others). */
	if (vcpuchar_ppc_machine_downstream(m->name))
		m->machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
	else if (vcpuchar_ppc_machine_parse(m->name, &m->machine, NULL, 0) < 0)
		return vcpuchar_set_err(r->err, r->err_size, -EINVAL,
					"line %u: '%s' is not a pseries machine type", list_line, m->name);
	else if (vcpuchar_ppc_machine_defaults_unknown(m->name, p->version))
		m->machine = VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN;
	if ((rc = need(r, group, "default_cpu", &v, &len)) < 0)
		return rc;
	/* QEMU's default is one of its own models: a probe never writes another. */
	if (!has_model(p, v, len))
		return bad_value(r, group, "default_cpu", v, len, "one of cpu_models");
	m->default_cpu = model_family(v, len);
	if ((rc = read_bool(r, group, "deprecated", &dep)) < 0)
		return rc;
	m->deprecated = dep;
	/* Its -machine properties, as QMP qom-list-properties gives them: the caps its parser accepts. */
	if ((v = vcpuchar_kf_value(r->kf, group, "properties", &len)) != NULL) {
		if (!(m->properties = malloc(len + 3)))
			return vcpuchar_set_err(r->err, r->err_size, -ENOMEM, "%s", "no memory for a type's properties");
		m->properties[0] = ';';
		memcpy(m->properties + 1, v, len);
		m->properties[len + 1] = ';';
		m->properties[len + 2] = '\0';
	}
	for (uint32_t f = VCPUCHAR_PPC_CPU_POWER7; f <= VCPUCHAR_PPC_CPU_POWER11; f++)
		if ((p->families & (1u << f)) && (rc = read_caps(r, m, f)) < 0)
			return rc;
	return 0;
}

static int read_version(struct reader *r, struct vcpuchar_ppc_qemu_profile *p)
{
	unsigned part[3] = { 0, 0, 0 }, n = 0;
	const char *v;
	size_t len, i;
	int rc;

	if ((rc = need(r, "qemu", "version", &v, &len)) < 0)
		return rc;
	/* query-version's major.minor.micro: three decimal numbers below 100. */
	for (i = 0; i < len && n < 3; i++) {
		if (v[i] == '.' && i && v[i - 1] != '.') {
			n++;
			continue;
		}
		if (v[i] < '0' || v[i] > '9' || part[n] >= 10)
			break;
		part[n] = part[n] * 10 + (unsigned)(v[i] - '0');
	}
	if (i != len || n != 2 || v[len - 1] == '.' || !part[0])
		return bad_value(r, "qemu", "version", v, len, "MAJOR.MINOR.MICRO (query-version)");
	p->version = VCPUCHAR_PPC_QEMU_VERSION(part[0], part[1], part[2]);
	return 0;
}

static int read_profile(struct reader *r, struct vcpuchar_ppc_qemu_profile *p)
{
	const char *v, *item, *end, *q;
	size_t len, ilen, n = 0, mlen = 0;
	uint32_t line;
	int rc;

	if (!vcpuchar_kf_has_group(r->kf, "qemu"))
		return vcpuchar_set_err(r->err, r->err_size, -EINVAL, "%s",
					"no [qemu] group: not a QEMU profile (vcpuchar qemu probe --save writes one)");
	if ((rc = read_version(r, p)) < 0)
		return rc;
	if ((rc = need(r, "qemu", "binary", &v, &len)) < 0)
		return rc;
	if (!(p->binary = dup_span(v, len)))
		return -ENOMEM;

	/* The CPU models: the families the binary has, and their names for messages. */
	if ((rc = need(r, "qemu", "cpu_models", &v, &len)) < 0)
		return rc;
	if (!(p->models = malloc(2 * len + 1)))
		return -ENOMEM;
	for (q = v, end = v + len; next_item(&q, end, &item, &ilen);) {
		p->families |= 1u << model_family(item, ilen);
		mlen += (size_t)snprintf(p->models + mlen, 2 * len + 1 - mlen, "%s%.*s", mlen ? ", " : "", (int)ilen,
					 item);
	}
	p->families &= ~1u; /* bit 0: models of no family here */

	/* caps_cpus: the families whose defaults each type holds; each must have a model. */
	if ((rc = need(r, "qemu", "caps_cpus", &v, &len)) < 0)
		return rc;
	{
		uint32_t fams = 0;

		for (q = v, end = v + len; next_item(&q, end, &item, &ilen);) {
			uint32_t f = model_family(item, ilen);

			if (!f || ilen != (f >= 10 ? 7u : 6u))
				return bad_value(r, "qemu", "caps_cpus", item, ilen,
						 "a POWER family (power7, power8, power9, power10, power11)");
			fams |= 1u << f;
		}
		if (fams & ~p->families)
			return bad_value(r, "qemu", "caps_cpus", v, len, "a list of families cpu_models has");
		p->families = fams;
	}

	if ((rc = need(r, "qemu", "machines", &v, &len)) < 0)
		return rc;
	line = vcpuchar_kf_line(r->kf, "qemu", "machines");
	for (q = v, end = v + len; next_item(&q, end, &item, &ilen);)
		n++;
	if (!n)
		return bad_value(r, "qemu", "machines", v, len, "a list of pseries types");
	if (!(p->machines = calloc(n, sizeof(*p->machines))))
		return -ENOMEM;
	for (q = v, end = v + len; next_item(&q, end, &item, &ilen);) {
		struct ppc_qmachine *m = &p->machines[p->n_machines];

		if (!ilen || ilen > 64)
			return bad_value(r, "qemu", "machines", item, ilen, "a machine type name");
		for (size_t i = 0; i < p->n_machines; i++)
			if (strlen(p->machines[i].name) == ilen && !memcmp(p->machines[i].name, item, ilen))
				return bad_value(r, "qemu", "machines", item, ilen, "listed once (it is listed twice)");
		if (!(m->name = dup_span(item, ilen)))
			return -ENOMEM;
		p->n_machines++;
		if ((rc = read_machine(r, p, m, line)) < 0)
			return rc;
	}
	if ((rc = need(r, "qemu", "default_machine", &v, &len)) < 0)
		return rc;
	for (p->default_machine = 0; p->default_machine < p->n_machines; p->default_machine++) {
		const char *name = p->machines[p->default_machine].name;

		if (strlen(name) == len && !memcmp(name, v, len))
			return 0;
	}
	return bad_value(r, "qemu", "default_machine", v, len, "one of machines");
}

VCPUCHAR_EXPORT void vcpuchar_ppc_qemu_profile_free(struct vcpuchar_ppc_qemu_profile *p)
{
	if (!p)
		return;
	for (size_t i = 0; i < p->n_machines; i++) {
		for (size_t f = 0; f < FAMILIES; f++) {
			struct qcaps *c = &p->machines[i].caps[f];

			free(c->start);
			for (uint32_t k = 0; k < c->n_raw; k++) {
				free(c->raw_name[k]);
				free(c->raw_value[k]);
			}
		}
		free(p->machines[i].name);
		free(p->machines[i].properties);
	}
	free(p->machines);
	free(p->models);
	free(p->binary);
	free(p);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_qemu_profile_parse(const char *text, size_t len,
						    struct vcpuchar_ppc_qemu_profile **ret, char *err,
						    size_t err_size)
{
	struct vcpuchar_ppc_qemu_profile *p;
	struct vcpuchar_kf kf;
	struct reader r = { &kf, err, err_size };
	int rc;

	if (ret)
		*ret = NULL;
	if (!text || !ret || (!err && err_size))
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s", "missing argument");
	if (len > PROFILE_MAX || memchr(text, '\0', len))
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s",
					"not a QEMU profile: larger than 1 MiB or holds a NUL byte");
	if (!(p = calloc(1, sizeof(*p))))
		return vcpuchar_set_err(err, err_size, -ENOMEM, "%s", "out of memory");
	rc = vcpuchar_kf_parse(&kf, text, len, err, err_size);
	if (!rc)
		rc = read_profile(&r, p);
	vcpuchar_kf_free(&kf);
	if (rc < 0) {
		if (rc == -ENOMEM)
			vcpuchar_set_err(err, err_size, rc, "%s", "out of memory");
		vcpuchar_ppc_qemu_profile_free(p);
		return rc;
	}
	*ret = p;
	return vcpuchar_set_err(err, err_size, 0, "%s", "");
}

VCPUCHAR_EXPORT uint32_t vcpuchar_ppc_qemu_profile_version(const struct vcpuchar_ppc_qemu_profile *p)
{
	return p ? p->version : 0;
}

/* The profile's type named @name ("pseries": its default type), else NULL. */
static const struct ppc_qmachine *find_machine(const struct vcpuchar_ppc_qemu_profile *p, const char *name)
{
	if (!strcmp(name, "pseries"))
		return &p->machines[p->default_machine];
	for (size_t i = 0; i < p->n_machines; i++)
		if (!strcmp(p->machines[i].name, name))
			return &p->machines[i];
	return NULL;
}

/* "QEMU 7.2.22 (/usr/bin/qemu-system-ppc64) has no machine type 'X': it has pseries-2.1, ..." */
static int no_machine(const struct vcpuchar_ppc_qemu_profile *p, const char *name, char *err, size_t err_size)
{
	char want[12], list[512];
	size_t n = 0;

	vcpuchar_ppc_qemu_version_text(p->version, want);
	list[0] = '\0';
	for (size_t i = 0; i < p->n_machines && n < sizeof(list); i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i ? ", " : "", p->machines[i].name);
	return vcpuchar_set_err_echo(err, err_size, -ENOENT, name, strlen(name),
				     "QEMU %s (%s, its profile) has no machine type '%s': it has %s", want, p->binary,
				     VCPUCHAR_ECHO, list);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_qemu_profile_machine(const struct vcpuchar_ppc_qemu_profile *p, const char *name,
						      struct vcpuchar_ppc_qemu_machine *ret, char *err,
						      size_t err_size)
{
	struct vcpuchar_ppc_qemu_machine buf, *out;
	const struct ppc_qmachine *m;

	if (!p || !name || !ret || !VCPUCHAR_SIZE_OK(ret) || (!err && err_size))
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s", "missing argument");
	if (!(m = find_machine(p, name)))
		return no_machine(p, name, err, err_size);
	out = VCPUCHAR_OUT(ret, &buf);
	out->machine = m->machine;
	out->default_cpu = m->default_cpu;
	out->deprecated = m->deprecated < 0 ? 2u : (uint32_t)m->deprecated;
	out->name = m->name;
	VCPUCHAR_OUT_END(ret, out);
	return vcpuchar_set_err(err, err_size, 0, "%s", "");
}

/* X * 100 + Y of an upstream-named "pseries-X.Y", else 0. */
static unsigned upstream_type(const char *name)
{
	unsigned x = 0, y = 0;
	int end = 0;

	if (sscanf(name, "pseries-%u.%u%n", &x, &y, &end) != 2 || name[end] || y > 99)
		return 0;
	return x * 100 + y;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_qemu_profile_deprecated(const struct vcpuchar_ppc_qemu_profile *p, const char *name,
							 char *note, size_t note_size)
{
	const struct ppc_qmachine *m, *pin = NULL;
	unsigned type, pin_type = 0;
	char want[12];

	return_val_if_fail(p && name && (note || !note_size), -EINVAL);
	if (!(m = find_machine(p, name)))
		return no_machine(p, name, note, note_size);
	vcpuchar_set_err(note, note_size, 0, "%s", "");
	if (m->deprecated == 0)
		return 0;
	vcpuchar_ppc_qemu_version_text(p->version, want);
	if (m->deprecated < 0) {
		vcpuchar_set_err(note, note_size, 0,
				 "whether QEMU %s (%s, its profile) marks '%s' deprecated is unknown: the profile does "
				 "not say",
				 want, p->binary, m->name);
		return 2;
	}
	/* The oldest upstream-named type newer than it that the binary does not mark deprecated. */
	type = upstream_type(m->name);
	for (size_t i = 0; i < p->n_machines && type; i++) {
		unsigned t = upstream_type(p->machines[i].name);

		if (t > type && p->machines[i].deprecated == 0 && (!pin || t < pin_type)) {
			pin = &p->machines[i];
			pin_type = t;
		}
	}
	vcpuchar_set_err(note, note_size, 0,
			 "QEMU %s (%s, its profile) marks machine type '%s' deprecated: it warns and starts%s%s%s", want,
			 p->binary, m->name, pin ? "; pin " : "", pin ? pin->name : "",
			 pin ? " or newer to keep the guest past the type's deletion" : "");
	return 1;
}

int vcpuchar_ppc_qemu_profile_property(const struct vcpuchar_ppc_qemu_profile *p, const char *type, size_t type_len,
				       const char *prop, size_t prop_len, char *err, size_t err_size)
{
	const struct ppc_qmachine *m = NULL;
	char name[128], want[12];
	const char *at;

	if (!type_len || type_len >= sizeof(name))
		snprintf(name, sizeof(name), "pseries");
	else
		snprintf(name, sizeof(name), "%.*s", (int)type_len, type);
	if (!(m = find_machine(p, name)))
		return no_machine(p, name, err, err_size);
	if (!m->properties)
		return -1;
	for (at = m->properties; (at = strstr(at, ";")) != NULL; at++)
		if (!strncmp(at + 1, prop, prop_len) && at[1 + prop_len] == ';')
			return 1;
	vcpuchar_ppc_qemu_version_text(p->version, want);
	return vcpuchar_set_err_echo(err, err_size, 0, prop, prop_len,
				     "QEMU %s (%s, its profile): %s has no property '%s' (it refuses it)", want, p->binary,
				     m->name, VCPUCHAR_ECHO);
}

/*
 * QEMU 9.0.0 made POWER10 the default of every type that names none
 * (51113013f3), pseries-4.0 to 8.2 included, until 1490d0bcdf gave them
 * POWER9 back: in 10.0 and in the 9.2.3 stable release
 * (lib/ppc.md#tcg-default-cpu). @v's coming release is 9.0 to 9.2.2.
 */
static bool older_types_power10(uint32_t v)
{
	unsigned t = vcpuchar_ppc_qemu_alias_type(v);

	return v && t >= 900 && t <= 902 && (t < 902 || v / 100 != 902 || v % 100 < 3);
}

/*
 * The family of the CPU QEMU @qemu_version's pseries-X.Y (@type = X * 100
 * + Y; 212 for pseries-2.12-sxxm) starts with under TCG when -cpu is not
 * given, 0 when unknown here (lib/ppc.md#tcg-default-cpu: hw/ppc/spapr.c's
 * default_cpu_type per class options, measured on 7.2.22, 10.0.2, 10.0.13
 * and 11.1.3).
 */
static uint32_t type_default_cpu(unsigned type, uint32_t qemu_version)
{
	if (!type || type > 1101)
		return 0;
	if (type <= 207)
		return VCPUCHAR_PPC_CPU_POWER7;
	if (type <= 301)
		return VCPUCHAR_PPC_CPU_POWER8;
	if (type <= 802)
		return older_types_power10(qemu_version) ? VCPUCHAR_PPC_CPU_POWER10 : VCPUCHAR_PPC_CPU_POWER9;
	return type <= 1100 ? VCPUCHAR_PPC_CPU_POWER10 : VCPUCHAR_PPC_CPU_POWER11;
}

/*
 * Without a profile: the exact type the request names, checked by the
 * release table's own rules, else its class's type (PSERIES: the alias,
 * the release's newest type); the type's default CPU under TCG.
 */
static int table_type(const struct vcpuchar_ppc_request *req, struct ppc_target *t, char *err, size_t err_size)
{
	static const unsigned by_class[] = {
		[VCPUCHAR_PPC_MACHINE_PSERIES_4] = 402,
		[VCPUCHAR_PPC_MACHINE_PSERIES_3_1] = 301,
		[VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM] = 212,
	};
	const char *name = req->qemu_machine;
	unsigned type = 0, x = 0, y = 0;
	uint32_t m;
	int r;

	if (name) {
		if ((r = vcpuchar_ppc_machine_parse_qemu(name, req->qemu_version, &m, err, err_size)) < 0)
			return r;
		if (m != req->machine)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"machine %u is not the class of qemu_machine '%s' (%u): "
						"vcpuchar_ppc_machine_parse_qemu() gives it",
						req->machine, name, m);
		if (!strcmp(name, "pseries"))
			type = vcpuchar_ppc_qemu_alias_type(req->qemu_version);
		else if (m == VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM)
			type = 212;
		else if (sscanf(name, "pseries-%u.%u", &x, &y) == 2) /* the parse took "pseries-X.Y" */
			type = x * 100 + y;
	} else if (req->machine == VCPUCHAR_PPC_MACHINE_PSERIES) {
		type = vcpuchar_ppc_qemu_alias_type(req->qemu_version);
	} else if (req->machine < sizeof(by_class) / sizeof(by_class[0])) {
		type = by_class[req->machine];
	}
	if ((t->default_cpu = type_default_cpu(type, req->qemu_version)))
		return 0;
	/* A type newer than the table's or a class of unknown types (lib/ppc.md#unknown-types): assumed. */
	t->default_cpu = VCPUCHAR_PPC_CPU_POWER9;
	t->cpu_assumed = true;
	return 0;
}

int vcpuchar_ppc_target_resolve(const struct vcpuchar_ppc_request *req, struct ppc_target *t, char *err, size_t err_size)
{
	static const char *const by_class[] = {
		[VCPUCHAR_PPC_MACHINE_PSERIES_4] = "pseries-4.2",
		[VCPUCHAR_PPC_MACHINE_PSERIES_3_1] = "pseries-3.1",
		[VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM] = "pseries-2.12-sxxm",
	};
	const struct vcpuchar_ppc_qemu_profile *p = req->qemu_profile;
	const struct ppc_qmachine *m = NULL;
	char want[12];

	memset(t, 0, sizeof(*t));
	t->release = vcpuchar_ppc_qemu_release(req->qemu_version);
	t->default_cpu = VCPUCHAR_PPC_CPU_POWER9;
	if (!p) {
		int r;

		/* Past the newest row, what the deletion rule does not fix is unknown (lib/ppc.md#qemu-versions). */
		t->past = vcpuchar_ppc_qemu_past_table(req->qemu_version);
		/* Every family; without power11 for a named release before 9.2 (lib/ppc.md#qemu-versions). */
		t->families = (2u << VCPUCHAR_PPC_CPU_POWER11) - (1u << VCPUCHAR_PPC_CPU_POWER7);
		if (req->qemu_version && t->release >= 0 && !vcpuchar_ppc_qemu_release_power11(t->release))
			t->families &= ~(1u << VCPUCHAR_PPC_CPU_POWER11);
		if (t->release >= 0 && (r = table_type(req, t, err, err_size)) < 0)
			return r;
		/*
		 * A release the caller named and the table has lacks power11 before
		 * 9.2 (lib/ppc.md#qemu-versions); past the newest row it is unknown,
		 * so not refused.
		 */
		if (req->qemu_version && t->release >= 0 && req->cpu == VCPUCHAR_PPC_CPU_POWER11 &&
		    !vcpuchar_ppc_qemu_release_power11(t->release))
			return vcpuchar_set_err(err, err_size, -ENOENT,
						"QEMU %s has no power11 CPU model: its POWER families are power7, power8, "
						"power9 and power10 (power11 came in 9.2)",
						vcpuchar_ppc_qemu_release_name(t->release));
		return 0;
	}
	vcpuchar_ppc_qemu_version_text(p->version, want);
	if (req->qemu_version && req->qemu_version != p->version)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"qemu_version %u is not the profile's QEMU %s: give 0 or its version",
					req->qemu_version, want);
	/* Texts that name a release take the table's row for the profile's version (7.2 for older ones). */
	t->release = vcpuchar_ppc_qemu_release(p->version);
	if (t->release < 0)
		t->release = 0;
	t->profile = p;
	t->families = p->families;
	if (req->qemu_machine) {
		if (!(m = find_machine(p, req->qemu_machine)))
			return no_machine(p, req->qemu_machine, err, err_size);
		if (m->machine != req->machine)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"machine %u is not the class of qemu_machine '%s' (%u): "
						"vcpuchar_ppc_qemu_profile_machine() gives both",
						req->machine, m->name, m->machine);
	} else if (req->machine == VCPUCHAR_PPC_MACHINE_PSERIES) {
		m = &p->machines[p->default_machine];
	} else if (req->machine != VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN) {
		if (!(m = find_machine(p, by_class[req->machine])))
			return no_machine(p, by_class[req->machine], err, err_size);
	}
	t->type = m;
	if (m && m->default_cpu)
		t->default_cpu = m->default_cpu;
	else
		t->cpu_assumed = true; /* a class of unknown types, or a default CPU none of power7 to power11 */
	if (req->cpu && !(p->families & (1u << req->cpu)))
		return vcpuchar_set_err(err, err_size, -ENOENT,
					"QEMU %s (%s, its profile) has no power%u CPU model: its POWER models are %s", want,
					p->binary, req->cpu, p->models);
	return 0;
}

int vcpuchar_ppc_compat_check(uint32_t max_cpu_compat, uint32_t cpu, char *err, size_t err_size)
{
	/* Measured with QEMU 7.2.22, 10.0.13 and 11.1.3 under TCG: every lower level starts. */
	if (!max_cpu_compat || !cpu || max_cpu_compat <= cpu)
		return 0;
	return vcpuchar_set_err(err, err_size, -EINVAL,
				"max-cpu-compat=power%u is above the guest CPU (power%u): QEMU refuses to start "
				"(\"Compatibility PVR 0x%08x not valid for CPU\"); give power%u or lower",
				max_cpu_compat, cpu, 0x0f000000u + max_cpu_compat - 4, cpu);
}

void vcpuchar_ppc_compat_defaults(struct vcpuchar_ppc_caps *caps, uint32_t cpu, uint32_t max_cpu_compat)
{
	/* ISA 2.06+ is checked against max_compat_pvr too: POWER7's 2.06 fails it. */
	if (max_cpu_compat == VCPUCHAR_PPC_CPU_POWER7 && cpu > VCPUCHAR_PPC_CPU_POWER7) {
		caps->cfpc = VCPUCHAR_PPC_LEVEL_BROKEN;
		caps->sbbc = VCPUCHAR_PPC_LEVEL_BROKEN;
	}
}

int vcpuchar_ppc_target_defaults(const struct ppc_target *t, uint32_t machine, uint32_t cpu, struct ppc_type_defaults *d,
			char *err, size_t err_size)
{
	const struct qcaps *c;
	char want[12];

	memset(d, 0, sizeof(*d));
	if (!t->type) {
		/* The table (lib/ppc.md#machine-defaults, #qemu-versions): the class's defaults. */
		if (machine != VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN)
			vcpuchar_ppc_machine_caps(machine, cpu, &d->caps);
		vcpuchar_ppc_qemu_release_defaults(t->release, cpu, &d->caps);
		/* Past the newest row: broken (9.2 to 11.1) or the type's, unknown but for POWER7 (both). */
		d->sbbc_unknown = t->past && cpu != VCPUCHAR_PPC_CPU_POWER7;
		/* htm: on before pseries-2.12, a version the class does not hold: judged where it may be on. */
		d->htm = ((machine == VCPUCHAR_PPC_MACHINE_PSERIES_3_1 &&
			   vcpuchar_ppc_qemu_release_has(t->release, VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM)) ||
			  machine == VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM) &&
			 cpu >= VCPUCHAR_PPC_CPU_POWER8;
		/* large-decr on from pseries-4.0 for POWER9 and later; fwnmi on from pseries-5.0. */
		d->large_decr = cpu >= VCPUCHAR_PPC_CPU_POWER9 &&
				(machine == VCPUCHAR_PPC_MACHINE_PSERIES || machine == VCPUCHAR_PPC_MACHINE_PSERIES_4);
		d->fwnmi = machine == VCPUCHAR_PPC_MACHINE_PSERIES;
		return 0;
	}
	c = &t->type->caps[cpu - VCPUCHAR_PPC_CPU_POWER7];
	vcpuchar_ppc_qemu_version_text(t->profile->version, want);
	if (c->start)
		return vcpuchar_set_err(err, err_size, -ENOENT, "QEMU %s does not start %s with a power%u CPU: %s", want,
					t->type->name, cpu, c->start);
	if (!c->read)
		return vcpuchar_set_err(err, err_size, -ENOENT,
					"QEMU %s (%s, its profile) has no power%u CPU model: its POWER models are %s",
					want, t->profile->binary, cpu, t->profile->models);
	d->caps = c->caps;
	d->htm = c->htm;
	d->large_decr = c->large_decr;
	d->fwnmi = c->fwnmi;
	/*
	 * The probe runs under TCG: a type that takes the host's page size
	 * (pseries-2.12 and older, lib/ppc.md#start) reads TCG's 16 GiB there,
	 * which is 0 here, the host's page size, as the table's rule says.
	 */
	d->hpt = c->hpt == 34 ? 0 : c->hpt;
	d->exact = true;
	return 0;
}

uint32_t vcpuchar_ppc_target_raw_caps(const struct ppc_target *t, uint32_t cpu, const char *const **names,
				      const char *const **values)
{
	const struct qcaps *c;

	if (!t->type || cpu < VCPUCHAR_PPC_CPU_POWER7 || cpu > VCPUCHAR_PPC_CPU_POWER11)
		return 0;
	c = &t->type->caps[cpu - VCPUCHAR_PPC_CPU_POWER7];
	*names = (const char *const *)c->raw_name;
	*values = (const char *const *)c->raw_value;
	return c->read ? c->n_raw : 0;
}

const char *vcpuchar_ppc_target_type_name(const struct ppc_target *t)
{
	return t->type ? t->type->name : NULL;
}

/* @m's measured default for @cap with @cpu is at or below @level: a type to pin for it. */
static bool lower_default(const struct ppc_qmachine *m, uint32_t cap, uint32_t cpu, uint32_t level)
{
	const struct qcaps *c;

	if (cpu < VCPUCHAR_PPC_CPU_POWER7 || cpu > VCPUCHAR_PPC_CPU_POWER11)
		return false;
	c = &m->caps[cpu - VCPUCHAR_PPC_CPU_POWER7];
	return c->read && !c->start && ppc_cap_level(&c->caps, cap) <= level;
}

enum ppc_pin vcpuchar_ppc_target_pin(const struct ppc_target *t, const char *name, uint32_t cap, uint32_t cpu,
				     uint32_t level, bool *vendor)
{
	const struct vcpuchar_ppc_qemu_profile *p = t->profile;
	const struct ppc_qmachine *m = NULL;
	bool others = false;

	*vendor = false;
	for (size_t i = 0; i < p->n_machines; i++) {
		const struct ppc_qmachine *q = &p->machines[i];

		*vendor |= vcpuchar_ppc_machine_downstream(q->name);
		if (!strcmp(q->name, name))
			m = q;
		else if (q != t->type && lower_default(q, cap, cpu, level))
			others = true;
	}
	if (m && m != t->type && lower_default(m, cap, cpu, level))
		return m->deprecated == 1 ? PPC_PIN_DEPRECATED : PPC_PIN_CURRENT;
	return others ? PPC_PIN_OTHERS : PPC_PIN_NONE;
}
