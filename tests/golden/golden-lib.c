/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The golden rows answered through the library alone (tests/golden/README.md):
 * each stdin line is one JSON array of `vcpuchar` arguments; each stdout
 * line is {"exit": N, "json": {...}} with the fields golden.py compares, or
 * {"pending": "WHY"} for a row whose rule the library does not hold yet.
 * GLib and json-glib read and write the rows; every answer comes from
 * libvcpuchar: this file holds no POWER or x86 rule, so a row it answers
 * differently from the CLI is a rule the CLI keeps to itself. x86 verify:
 * the policy JSON and snapshots read by the library's names, then
 * vcpuchar_x86_policy_verify().
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>
#include <json-glib/json-glib.h>
#include <vcpuchar/ppc.h>
#include <vcpuchar/profile.h>
#include <vcpuchar/x86.h>

static const char *const severity_names[] = { "info", "warning", "error" };
static const char *const code_names[] = { "", "above-host", "tcg-unsupported", "below-host" };

struct args {
	const char *cmd, *host, *chars, *caps, *machine, *mode, *accel, *cpu, *qemu, *src_host, *dst_host, *src, *dst;
	const char *qemu_file; /* --qemu FILE: a QEMU profile */
	gboolean power8;
};

/* The QEMU profile of --qemu, kept for the row being answered (the request points at it). */
static struct vcpuchar_ppc_qemu_profile *row_profile;
/* The exact type of --machine without a profile, kept likewise (the request's qemu_machine). */
static char *row_type;

static void put_caps(JsonBuilder *b, const char *key, const struct vcpuchar_ppc_caps *c)
{
	static const char *const keys[] = { "cfpc", "sbbc", "ibs", "ccf_assist" };

	json_builder_set_member_name(b, key);
	json_builder_begin_object(b);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		json_builder_set_member_name(b, keys[cap]);
		json_builder_add_string_value(b, vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(c, cap)));
	}
	json_builder_end_object(b);
}

static void put_str(JsonBuilder *b, const char *key, const char *v)
{
	json_builder_set_member_name(b, key);
	json_builder_add_string_value(b, v);
}

/* One entry of a list of codes: {"code": NAME}. */
static void put_code(JsonBuilder *b, const char *name)
{
	json_builder_begin_object(b);
	put_str(b, "code", name);
	json_builder_end_object(b);
}

static void put_hex(JsonBuilder *b, const char *key, uint64_t v)
{
	char buf[19];

	snprintf(buf, sizeof(buf), "0x%016" PRIx64, v);
	put_str(b, key, buf);
}

static void put_bits(JsonBuilder *b, const char *key, uint32_t reg, uint64_t bits)
{
	json_builder_set_member_name(b, key);
	json_builder_begin_array(b);
	for (uint32_t bit = 0; bit < 64; bit++)
		if (bits & (1ull << (63 - bit))) {
			const char *n = vcpuchar_ppc_bit_name(reg, bit);
			char buf[16];

			if (!n) {
				snprintf(buf, sizeof(buf), "bit %u", bit);
				n = buf;
			}
			json_builder_add_string_value(b, n);
		}
	json_builder_end_array(b);
}

static char *pending(const char *why)
{
	return g_strdup_printf("{\"pending\": \"%s\"}", why);
}

static char *exit_only(int status)
{
	return g_strdup_printf("{\"exit\": %d}", status);
}

/*
 * Why a POWER row is refused (exit 2), as the CLI's JSON error says it:
 * the library's errno (0: a check of the arguments alone), the option
 * (member) and the item of its value the refusal names.
 */
static struct {
	int err;
	const char *member;
	char *item;
} row_why;

/* Keeps why the row is refused; returns 2. */
static int why(int err, const char *member, const char *item)
{
	row_why.err = err < 0 ? -err : 0;
	row_why.member = member;
	g_free(row_why.item);
	row_why.item = g_strdup(item);
	return 2;
}

/* {"exit": 2, "why": {"errno": N, "member": M, "item": I}}, null for what is not said; golden.py names N. */
static char *refused(void)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonNode) root = NULL;

	json_builder_begin_object(b);
	json_builder_set_member_name(b, "exit");
	json_builder_add_int_value(b, 2);
	json_builder_set_member_name(b, "why");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "errno");
	if (row_why.err)
		json_builder_add_int_value(b, row_why.err);
	else
		json_builder_add_null_value(b);
	json_builder_set_member_name(b, "member");
	if (row_why.member)
		json_builder_add_string_value(b, row_why.member);
	else
		json_builder_add_null_value(b);
	json_builder_set_member_name(b, "item");
	if (row_why.item)
		json_builder_add_string_value(b, row_why.item);
	else
		json_builder_add_null_value(b);
	json_builder_end_object(b);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	g_clear_pointer(&row_why.item, g_free);
	row_why.err = 0;
	row_why.member = NULL;
	return json_to_string(root, FALSE);
}

/* The type of a -machine value, as the refusal names it: its first item unless a property, or type=. */
static char *machine_type(const char *machine)
{
	g_auto(GStrv) items = g_strsplit(machine, ",", -1);

	for (guint i = 0; items[i]; i++) {
		if (i == 0 && !strchr(items[i], '='))
			return g_strdup(items[i]);
		if (g_str_has_prefix(items[i], "type="))
			return g_strdup(items[i] + 5);
	}
	return g_strdup("pseries");
}

/* The guest CPU family the library refuses, as the refusal names it. */
static int why_cpu(int err, uint32_t cpu)
{
	g_autofree char *family = g_strdup_printf("power%u", cpu);

	return why(err, "--guest-cpu", family);
}

/* An answer: {"exit": @status, "json": {...}}; the caller fills the inner object. */
static void begin_answer(JsonBuilder *b, int status)
{
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "exit");
	json_builder_add_int_value(b, status);
	json_builder_set_member_name(b, "json");
	json_builder_begin_object(b);
}

static char *end_answer(JsonBuilder *b)
{
	g_autoptr(JsonNode) root = NULL;

	json_builder_end_object(b);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	return json_to_string(root, FALSE);
}

static void put_answered(JsonBuilder *b, uint32_t ans)
{
	char answered[16];

	if (ans % 100)
		snprintf(answered, sizeof(answered), "%u.%u.%u", ans / 10000, ans / 100 % 100, ans % 100);
	else
		snprintf(answered, sizeof(answered), "%u.%u", ans / 10000, ans / 100 % 100);
	json_builder_set_member_name(b, "qemu_version");
	json_builder_begin_object(b);
	put_str(b, "answered", answered);
	json_builder_end_object(b);
}

static int parse_name(const char *s, const char *const *names, size_t n, uint32_t *ret, const uint32_t *values)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(s, names[i])) {
			*ret = values[i];
			return 0;
		}
	return -1;
}

/*
 * --caps: QEMU's cap list, or a libvirt <features> fragment (what the CLI tells apart the same way),
 * whose <htm>, <nested-hv> and <hpt> go into @req's start caps.
 */
static int caps_arg(const char *caps, struct vcpuchar_ppc_request *req, uint32_t *set, char *err, size_t size)
{
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	const char *p = caps;

	while (g_ascii_isspace(*p))
		p++;
	if (*p != '<')
		return vcpuchar_ppc_caps_parse(caps, &req->caps, set, err, size);
	o.err = err;
	o.err_size = size;
	o.request = req;
	return vcpuchar_ppc_libvirt_parse_ext(caps, &req->caps, set, &o);
}

/*
 * --machine through vcpuchar_ppc_machine_line_parse(), after --caps (its
 * caps in @req, named in @set): 0, or 2 when the CLI exits 2. A type whose
 * defaults the library does not know is answered from all four caps.
 */
static int machine_arg(const char *machine, const char *accel, struct vcpuchar_ppc_request *req, uint32_t *set)
{
	struct vcpuchar_ppc_request line = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	g_autofree char *type = machine_type(machine);
	uint32_t both;
	char err[1024];
	int r, m;

	line.qemu_version = req->qemu_version;
	line.qemu_profile = req->qemu_profile; /* the profile's type decides which caps QEMU takes */
	line.accel = req->accel;
	r = vcpuchar_ppc_machine_line_parse(machine, &line, err, sizeof(err));
	if (r < 0)
		return why(r, "--machine", type);
	/* A cap in both --machine and --caps: the library's refusal, naming the first such cap. */
	both = line.caps_set;
	if ((m = vcpuchar_ppc_caps_merge(&line.caps, &both, &req->caps, *set, err, sizeof(err))) < 0) {
		g_autofree char *cap = NULL;

		for (uint32_t c = 0; c < VCPUCHAR_PPC_N_CAPS && !cap; c++)
			if (line.caps_set & *set & (1u << c))
				cap = g_strconcat("cap-", vcpuchar_ppc_cap_name(c), NULL);
		return why(m, "--caps", cap);
	}
	/* A type whose defaults are unknown: the library's request check (a QEMU profile's type has its own). */
	if (r == 1 && !req->qemu_machine) {
		struct vcpuchar_ppc_request rq = *req;

		rq.machine = line.machine;
		rq.caps = line.caps;
		rq.caps_set = both;
		rq.start_set = line.start_set;
		memcpy(rq.start_levels, line.start_levels, sizeof(rq.start_levels));
		rq.max_cpu_compat = line.max_cpu_compat;
		if ((m = vcpuchar_ppc_request_check(&rq, NULL, 0)) < 0)
			return why(m, "--machine", type);
	}
	if (accel && line.accel != req->accel)
		return why(0, "--accel", accel);
	/* A start cap in both (a libvirt fragment's <htm> and the line's cap-htm): the library's refusal. */
	if ((m = vcpuchar_ppc_start_merge(&line.start_set, line.start_levels, req->start_set, req->start_levels, err,
					  sizeof(err))) < 0) {
		err[strcspn(err, " ")] = '\0';
		return why(m, "--caps", m == -EEXIST ? err : NULL);
	}
	req->machine = line.machine;
	/* The exact type for the release table too: its default CPU under TCG (lib/ppc.md#tcg-default-cpu). */
	if (r == 0 && !req->qemu_profile) {
		g_free(row_type);
		row_type = g_strdup(type);
		req->qemu_machine = row_type;
	}
	req->accel = line.accel;
	req->caps = line.caps;
	*set = both;
	req->start_set = line.start_set;
	memcpy(req->start_levels, line.start_levels, sizeof(req->start_levels));
	req->max_cpu_compat = line.max_cpu_compat;
	return 0;
}

/* A POWER host profile given to @opt: 0, or 2 when the library refuses it (unreadable, no [ppc] group, another arch). */
static int load(const char *opt, const char *path, struct vcpuchar_ppc_host *host)
{
	char err[1024];
	int r = vcpuchar_ppc_profile_load(path, host, err, sizeof(err));

	return r < 0 ? why(r, opt, path) : 0;
}

/* The CLI's words for a request's mode, accel and cpu, and their values. */
static const char *const modes[] = { "host-max", "caps", "host" };
static const uint32_t mode_v[] = { VCPUCHAR_PPC_MODE_HOST_MAX, VCPUCHAR_PPC_MODE_CAPS, VCPUCHAR_PPC_MODE_HOST };
static const char *const accels[] = { "kvm", "tcg" };
static const uint32_t accel_v[] = { VCPUCHAR_ACCEL_KVM, VCPUCHAR_ACCEL_TCG };
static const char *const cpus[] = { "power7", "power8", "power9", "power10", "power11" };
static const uint32_t cpu_v[] = { 7, 8, 9, 10, 11 };

/* --qemu-version @v (NULL: not given) through the library: 0, or 2. */
static int qemu_version(const char *v, uint32_t *version, uint32_t *answered)
{
	char err[1024];
	int r;

	if (v && (r = vcpuchar_ppc_qemu_version_parse(v, version, err, sizeof(err))) < 0)
		return why(r, "--qemu-version", v);
	if ((r = vcpuchar_ppc_qemu_version_check(*version, answered, err, sizeof(err))) < 0)
		return why(r, "--qemu-version", v);
	return 0;
}

/* The request options hcall and migrate share; 0, or 2 for bad usage. */
static int request(const struct args *a, struct vcpuchar_ppc_request *req, uint32_t *answered)
{
	char err[1024];
	uint32_t set = 0;
	int r;

	if (a->qemu && a->qemu_file)
		return why(0, "--qemu", NULL);
	if (a->qemu_file) {
		g_autofree char *text = NULL, *type = NULL;
		gsize len;

		if (!g_file_get_contents(a->qemu_file, &text, &len, NULL))
			return why(0, "--qemu", a->qemu_file);
		if ((r = vcpuchar_ppc_qemu_profile_parse(text, len, &row_profile, err, sizeof(err))) < 0)
			return why(r, "--qemu", a->qemu_file);
		req->qemu_profile = row_profile;
		req->qemu_version = *answered = vcpuchar_ppc_qemu_profile_version(row_profile);
		/* The type of the -machine value: its first item, when it is no property. */
		type = a->machine ? g_strndup(a->machine, strcspn(a->machine, ",")) : NULL;
		if (type && g_str_has_prefix(type, "type="))
			memmove(type, type + 5, strlen(type + 5) + 1);
		if (type && !strchr(type, '=')) {
			struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);

			if ((r = vcpuchar_ppc_qemu_profile_machine(row_profile, type, &m, err, sizeof(err))) < 0)
				return why(r, "--machine", type);
			req->machine = m.machine;
			req->qemu_machine = m.name;
		}
	} else if ((r = qemu_version(a->qemu, &req->qemu_version, answered))) {
		return r;
	}
	if (a->mode && parse_name(a->mode, modes, 3, &req->mode, mode_v))
		return why(0, "--mode", a->mode);
	if (a->accel && parse_name(a->accel, accels, 2, &req->accel, accel_v))
		return why(0, "--accel", a->accel);
	if (a->cpu && parse_name(a->cpu, cpus, 5, &req->cpu, cpu_v))
		return why(0, "--guest-cpu", a->cpu);
	if (a->caps && (r = caps_arg(a->caps, req, &set, err, sizeof(err))) < 0)
		return why(r, "--caps", NULL);
	if (a->machine && machine_arg(a->machine, a->accel, req, &set))
		return 2;
	req->caps_set = set;
	return 0;
}

/* Every cap of the type, keyed by its name, as golden.py compares them (lib/ppc.md#machine-caps). */
static void put_machine_caps(JsonBuilder *b, const struct vcpuchar_ppc_machine_caps *mc)
{
	static const char *const start[] = { "starts", "refused", "not judged", "not judged" };

	put_str(b, "machine_caps_source", mc->source == VCPUCHAR_PPC_MACHINE_CAPS_PROFILE ? "profile" : "table");
	json_builder_set_member_name(b, "machine_caps");
	json_builder_begin_object(b);
	for (uint32_t i = 0; i < mc->n_caps && i < VCPUCHAR_PPC_MACHINE_CAPS_MAX; i++) {
		const struct vcpuchar_ppc_machine_cap *c = &mc->caps[i];

		json_builder_set_member_name(b, c->name);
		json_builder_begin_object(b);
		put_str(b, "default", c->default_value);
		put_str(b, "effective", c->effective);
		put_str(b, "start", c->verdict < 4 ? start[c->verdict] : "?");
		if (c->verdict == VCPUCHAR_PPC_VERDICT_REFUSED)
			put_str(b, "message", c->reason);
		else if (c->verdict != VCPUCHAR_PPC_VERDICT_STARTS)
			put_str(b, "why", c->reason);
		if (c->verdict != VCPUCHAR_PPC_VERDICT_STARTS && *c->fix)
			put_str(b, "hint", c->fix);
		json_builder_end_object(b);
	}
	json_builder_end_object(b);
}

/* One `ppc hcall` row: vcpuchar_ppc_decide(), vcpuchar_ppc_warnings_check() and vcpuchar_ppc_start_check_type(). */
static char *hcall(const struct args *a)
{
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings warn = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_start start = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	struct vcpuchar_ppc_machine_caps mc = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	struct vcpuchar_ppc_guest_cpu gc = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);
	char err[1024], qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN];
	uint32_t cpu, ans;
	gboolean have_host = a->host || a->chars;
	int r;

	if (!have_host && (!a->accel || !strcmp(a->accel, "kvm")))
		return pending("this host's KVM");
	if (request(a, &req, &ans))
		return refused();
	if (a->chars) {
		if ((r = vcpuchar_ppc_host_parse(a->chars, &host, err, sizeof(err))) < 0)
			return why(r, "--chars", NULL), refused();
		host.power8 = a->power8;
	} else if (a->host && load("--host", a->host, &host)) {
		return refused();
	}
	if (req.accel == VCPUCHAR_ACCEL_KVM &&
	    (r = vcpuchar_ppc_host_cpu(have_host ? &host : NULL, req.cpu, &cpu, err, sizeof(err))) < 0)
		return why_cpu(r, req.cpu), refused();
	/* The exact type of --machine (its first item, or type=), which the CLI passes too (lib/ppc.md#start). */
	g_autofree char *type = NULL;

	for (const char *p = a->machine; p && !type; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t len = strcspn(p, ",");

		if (p == a->machine && !memchr(p, '=', len))
			type = g_strndup(p, len);
		else if (len > 5 && !strncmp(p, "type=", 5))
			type = g_strndup(p + 5, len - 5);
	}
	r = vcpuchar_ppc_decide(have_host ? &host : NULL, &req, &res);
	if (r == -ENODATA)
		return why(r, "--mode", "host"), refused();
	if (r < 0) {
		struct vcpuchar_ppc_request no_cpu = req;
		int c = vcpuchar_ppc_request_check(&req, NULL, 0);

		/* The member: the guest CPU when the library takes the request without it. */
		no_cpu.cpu = 0;
		if (c < 0 && req.cpu && vcpuchar_ppc_request_check(&no_cpu, NULL, 0) == 0)
			return why_cpu(c, req.cpu), refused();
		return why(c < 0 ? c : r, NULL, NULL), refused();
	}
	if ((r = vcpuchar_ppc_warnings_check(have_host ? &host : NULL, &req, &warn)) < 0 ||
	    (r = vcpuchar_ppc_start_check_type(have_host ? &host : NULL, &req, type ? type : "pseries", &start)) < 0 ||
	    (r = vcpuchar_ppc_machine_caps_check(have_host ? &host : NULL, &req, a->machine, &mc)) < 0)
		return why(r, NULL, NULL), refused();

	/* The guest CPU the answer is for, as the library names it (lib/ppc.md#tcg-default-cpu). */
	if ((r = vcpuchar_ppc_request_cpu(have_host ? &host : NULL, &req, &gc, NULL, 0)) < 0)
		return why(r, NULL, NULL), refused();

	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autofree char *family = g_strdup_printf("power%u", gc.cpu);
	/* Exit 1 when QEMU refuses: a conflict of the four caps, or a cap the start verdict refuses (lib/ppc.md#start). */
	begin_answer(b, res.n_errors || start.n_refused ? 1 : 0);
	put_answered(b, ans);
	put_str(b, "guest_cpu", family);
	put_str(b, "mode", vcpuchar_ppc_mode_name(res.mode));
	json_builder_set_member_name(b, "host_info");
	json_builder_add_boolean_value(b, !(res.flags & VCPUCHAR_PPC_RESULT_HOST_NO_INFO));
	json_builder_set_member_name(b, "migration_safe");
	json_builder_add_boolean_value(b, !(res.flags & VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE));
	put_caps(b, "host_caps", &res.host_caps);
	put_caps(b, "effective_caps", &res.effective_caps);
	json_builder_set_member_name(b, "conflicts");
	json_builder_begin_array(b);
	for (uint32_t i = 0; i < res.n_conflicts && i < VCPUCHAR_PPC_N_CAPS; i++) {
		const struct vcpuchar_ppc_conflict *c = &res.conflicts[i];

		json_builder_begin_object(b);
		put_str(b, "cap", vcpuchar_ppc_cap_name(c->cap));
		put_str(b, "requested", vcpuchar_ppc_level_name(c->cap, c->requested));
		put_str(b, "severity", c->severity < 3 ? severity_names[c->severity] : "unknown");
		put_str(b, "code", c->code < 4 ? code_names[c->code] : "unknown");
		json_builder_set_member_name(b, "from_default");
		json_builder_add_boolean_value(b, !!(c->flags & VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT));
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	put_hex(b, "r4", res.r4);
	put_hex(b, "r5", res.r5);
	json_builder_set_member_name(b, "not_expressible");
	json_builder_begin_object(b);
	put_bits(b, "r4", VCPUCHAR_PPC_REG_R4, res.unexpressed_r4);
	put_bits(b, "r5", VCPUCHAR_PPC_REG_R5, res.unexpressed_r5);
	json_builder_end_object(b);
	json_builder_set_member_name(b, "guest_view");
	json_builder_begin_object(b);
	put_str(b, "meltdown", res.guest_view.meltdown);
	put_str(b, "l1tf", res.guest_view.l1tf);
	put_str(b, "spectre_v1", res.guest_view.spectre_v1);
	put_str(b, "spectre_v2", res.guest_view.spectre_v2);
	put_str(b, "spec_store_bypass", res.guest_view.spec_store_bypass);
	json_builder_end_object(b);
	if (vcpuchar_ppc_caps_format(&res.effective_caps, VCPUCHAR_PPC_FORMAT_QEMU, qemu, sizeof(qemu), NULL) < 0 ||
	    vcpuchar_ppc_caps_format(&res.effective_caps, VCPUCHAR_PPC_FORMAT_LIBVIRT, libvirt, sizeof(libvirt), NULL) <
		    0)
		return exit_only(3);
	put_str(b, "qemu", qemu);
	put_str(b, "libvirt", libvirt);
	json_builder_set_member_name(b, "warnings");
	json_builder_begin_array(b);
	for (uint32_t i = 0; i < warn.n_entries && i < VCPUCHAR_PPC_WARNING_MAX; i++) {
		put_code(b, vcpuchar_ppc_warning_name(warn.entries[i].code));
	}
	json_builder_end_array(b);
	put_machine_caps(b, &mc);
	return end_answer(b);
}

static void put_view(JsonBuilder *b, const struct vcpuchar_ppc_guest_view *v)
{
	json_builder_set_member_name(b, "guest_view");
	json_builder_begin_object(b);
	put_str(b, "meltdown", v->meltdown);
	put_str(b, "l1tf", v->l1tf);
	put_str(b, "spectre_v1", v->spectre_v1);
	put_str(b, "spectre_v2", v->spectre_v2);
	put_str(b, "spec_store_bypass", v->spec_store_bypass);
	json_builder_end_object(b);
}

/*
 * `ppc migrate --src-host --dst-host`: vcpuchar_ppc_migrate_hosts(). Each
 * finding as "FILE: ... cap-NAME", the host and cap golden.py compares.
 */
static char *migrate_hosts(const struct args *a)
{
	struct vcpuchar_ppc_host src = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_host dst = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result rs = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_host_migration hm = VCPUCHAR_INIT(struct vcpuchar_ppc_host_migration);
	uint32_t ans;
	int r;

	/* migrate takes two modes (host mode needs this host). */
	if (a->mode && !strcmp(a->mode, "host"))
		return why(0, "--mode", a->mode), refused();
	if (request(a, &req, &ans))
		return refused();
	if (load("--src-host", a->src_host, &src) || load("--dst-host", a->dst_host, &dst))
		return refused();
	r = vcpuchar_ppc_migrate_hosts(&src, &dst, &req, &rs, &hm, NULL, 0);
	/* The profiled QEMU lacks the guest CPU: no host is at fault. */
	if (r == -ENOENT && req.qemu_profile)
		return why(r, "--qemu", NULL), refused();
	if (r < 0)
		return why(r, "--dst-host", a->dst_host), refused();

	g_autoptr(JsonBuilder) b = json_builder_new();
	gboolean cpu_refused = hm.n_entries && hm.entries[0].cap == VCPUCHAR_PPC_CAP_GUEST_CPU;

	begin_answer(b, hm.ok ? 0 : 1);
	put_answered(b, ans);
	json_builder_set_member_name(b, "ok");
	json_builder_add_boolean_value(b, hm.ok);
	for (uint32_t sev = VCPUCHAR_SEVERITY_ERROR; sev >= VCPUCHAR_SEVERITY_WARNING; sev--) {
		json_builder_set_member_name(b, sev == VCPUCHAR_SEVERITY_ERROR ? "errors" : "warnings");
		json_builder_begin_array(b);
		for (uint32_t i = 0; i < hm.n_entries; i++) {
			const struct vcpuchar_ppc_host_migration_entry *e = &hm.entries[i];
			/* The CLI's source errors are QEMU's start-up message alone: no cap- named. */
			gboolean named = e->cap != VCPUCHAR_PPC_CAP_GUEST_CPU && e->where != VCPUCHAR_PPC_AT_SOURCE;
			g_autofree char *t = NULL;

			if (e->severity != sev)
				continue;
			t = g_strdup_printf("%s: %s%s", e->where == VCPUCHAR_PPC_AT_SOURCE ? a->src_host : a->dst_host,
					    named ? "cap-" : "", named ? vcpuchar_ppc_cap_name(e->cap) : "");
			json_builder_add_string_value(b, t);
		}
		json_builder_end_array(b);
	}
	if (!cpu_refused) {
		g_autofree char *family = g_strdup_printf("power%u", hm.cpu);

		put_str(b, "guest_cpu", family);
		put_str(b, "mode", vcpuchar_ppc_mode_name(req.mode));
		put_caps(b, "effective_caps", &rs.effective_caps);
		put_caps(b, "dst_host_caps", &hm.dst_host_caps);
		put_view(b, &rs.guest_view);
	}
	return end_answer(b);
}

/* A migrate LIST: the library's (vcpuchar_ppc_migrate_caps_parse()), defaults included. */
static int migrate_list(const char *list, uint32_t qemu_version, struct vcpuchar_ppc_caps *caps)
{
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);

	/* --qemu FILE: the profile's default type gives the unlisted caps. */
	o.qemu_profile = row_profile;
	return vcpuchar_ppc_migrate_caps_parse(list, qemu_version, caps, &o);
}

/* --qemu FILE for the rows that take no request: the profile, kept for the row, or 2. */
static int row_qemu_profile(const char *file, uint32_t *version)
{
	g_autofree char *text = NULL;
	char err[1024];
	gsize len;

	int r;

	if (!g_file_get_contents(file, &text, &len, NULL))
		return why(0, "--qemu", file);
	if ((r = vcpuchar_ppc_qemu_profile_parse(text, len, &row_profile, err, sizeof(err))) < 0)
		return why(r, "--qemu", file);
	*version = vcpuchar_ppc_qemu_profile_version(row_profile);
	return 0;
}

/* `ppc migrate --src LIST --dst LIST`: vcpuchar_ppc_migration_check(). */
static char *migrate_lists(const struct args *a)
{
	struct vcpuchar_ppc_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
	struct vcpuchar_ppc_caps s, d;
	uint32_t qv = 0, ans;
	int r;

	if (a->host || a->chars || a->caps || a->machine || a->mode || a->cpu || a->accel || !a->src || !a->dst)
		return refused();
	if (a->qemu && a->qemu_file)
		return why(0, "--qemu", NULL), refused();
	if (a->qemu_file ? row_qemu_profile(a->qemu_file, &qv) : qemu_version(a->qemu, &qv, &ans))
		return refused();
	if ((r = migrate_list(a->src, qv, &s)) < 0)
		return why(r, "--src", NULL), refused();
	if ((r = migrate_list(a->dst, qv, &d)) < 0)
		return why(r, "--dst", NULL), refused();
	if ((r = vcpuchar_ppc_migration_check(&s, &d, &m)) < 0)
		return why(r, NULL, NULL), refused();

	g_autoptr(JsonBuilder) b = json_builder_new();

	begin_answer(b, m.ok ? 0 : 1);
	json_builder_set_member_name(b, "ok");
	json_builder_add_boolean_value(b, m.ok);
	for (uint32_t sev = VCPUCHAR_SEVERITY_ERROR; sev >= VCPUCHAR_SEVERITY_WARNING; sev--) {
		json_builder_set_member_name(b, sev == VCPUCHAR_SEVERITY_ERROR ? "errors" : "warnings");
		json_builder_begin_array(b);
		for (uint32_t i = 0; i < m.n_entries && i < VCPUCHAR_PPC_N_CAPS; i++)
			if (m.entries[i].severity == sev)
				json_builder_add_string_value(b, m.entries[i].message);
		json_builder_end_array(b);
	}
	return end_answer(b);
}

/* The warning codes of `ppc baseline`: the library's fleet warnings, the baseline's own first. */
static void put_baseline_warnings(JsonBuilder *b, const struct vcpuchar_ppc_host *const *hosts, int n,
				  const struct vcpuchar_ppc_request *req, const struct vcpuchar_ppc_caps *caps)
{
	g_autofree struct vcpuchar_ppc_warnings *ws = g_new0(struct vcpuchar_ppc_warnings, (gsize)n + 1);
	g_autofree struct vcpuchar_ppc_warnings **wp = g_new0(struct vcpuchar_ppc_warnings *, (gsize)n + 1);

	for (int i = 0; i <= n; i++) {
		ws[i].size = sizeof(ws[i]);
		wp[i] = &ws[i];
	}
	json_builder_set_member_name(b, "warnings");
	json_builder_begin_array(b);
	if (vcpuchar_ppc_fleet_warnings(hosts, (uint32_t)n, req, caps, wp) > 0)
		for (int i = 0; i <= n; i++)
			for (uint32_t k = 0; k < ws[i].n_entries && k < VCPUCHAR_PPC_WARNING_MAX; k++)
				put_code(b, vcpuchar_ppc_warning_name(ws[i].entries[k].code));
	json_builder_end_array(b);
}

/* `ppc baseline PROFILE...`: vcpuchar_ppc_fleet_baseline(), and what a guest with its caps is told. */
static char *baseline(JsonArray *argv)
{
	guint argc = json_array_get_length(argv);
	g_autofree struct vcpuchar_ppc_host *hosts = g_new0(struct vcpuchar_ppc_host, argc);
	g_autofree const struct vcpuchar_ppc_host **ptrs = g_new0(const struct vcpuchar_ppc_host *, argc);
	g_autofree struct vcpuchar_ppc_caps *levels = g_new0(struct vcpuchar_ppc_caps, argc);
	g_autofree uint32_t *held = g_new0(uint32_t, argc);
	g_autofree const char **names = g_new0(const char *, argc);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_baseline base = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_guest_view view = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
	const char *machine = NULL, *cpu = NULL, *qemu = NULL, *qemu_file = NULL;
	char err[1024], q[VCPUCHAR_PPC_FORMAT_LEN], l[VCPUCHAR_PPC_FORMAT_LEN];
	uint32_t ans, cpu_arg = 0, bad[2] = { 0, 0 };
	uint64_t r4, r5;
	int n = 0, r;

	for (guint i = 2; i < argc; i++) {
		const char *o = json_array_get_string_element(argv, i);
		const char **v = !strcmp(o, "--machine")      ? &machine
				 : !strcmp(o, "--guest-cpu")   ? &cpu
				 : !strcmp(o, "--qemu-version") ? &qemu
				 : !strcmp(o, "--qemu")         ? &qemu_file
							       : NULL;

		if (v && i + 1 < argc)
			*v = json_array_get_string_element(argv, ++i);
		else if (v || o[0] == '-')
			return refused();
		else
			names[n++] = o;
	}
	if (!n)
		return refused();
	if (qemu && qemu_file)
		return why(0, "--qemu", NULL), refused();
	if (qemu_file) {
		/* The profile's type for --machine, its default without (the warnings take its defaults). */
		struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);

		if (row_qemu_profile(qemu_file, &req.qemu_version))
			return refused();
		if ((r = vcpuchar_ppc_qemu_profile_machine(row_profile, machine ? machine : "pseries", &m, err,
							   sizeof(err))) < 0)
			return why(r, "--machine", machine), refused();
		ans = req.qemu_version;
		req.qemu_profile = row_profile;
		req.machine = m.machine;
		req.qemu_machine = m.name;
	} else {
		if (qemu_version(qemu, &req.qemu_version, &ans))
			return refused();
		if (machine && (r = vcpuchar_ppc_machine_parse_qemu(machine, req.qemu_version, &req.machine, err,
								    sizeof(err))) < 0)
			return why(r, "--machine", machine), refused();
	}
	if (cpu && parse_name(cpu, cpus, 5, &cpu_arg, cpu_v))
		return why(0, "--guest-cpu", cpu), refused();
	g_autofree uint64_t *ids = g_new0(uint64_t, 2 * (gsize)n);
	struct vcpuchar_ppc_fleet_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);

	for (int i = 0; i < n; i++) {
		struct stat st;

		hosts[i].size = sizeof(hosts[i]);
		if (load("PROFILE", names[i], &hosts[i]))
			return refused();
		if (stat(names[i], &st) < 0)
			return why(-errno, "PROFILE", names[i]), refused();
		/* The file names the host: the library refuses one given twice. */
		ids[2 * i] = (uint64_t)st.st_dev;
		ids[2 * i + 1] = (uint64_t)st.st_ino;
		ptrs[i] = &hosts[i];
	}
	o.cpu = cpu_arg;
	o.levels = levels;
	o.held_back = held;
	o.ids = ids;
	o.refused = bad;
	o.qemu_profile = row_profile;
	r = vcpuchar_ppc_fleet_baseline_ext(ptrs, (uint32_t)n, &o, &base, &req.cpu);
	/* The profiled QEMU lacks the guest CPU: no host is at fault (both refused UINT32_MAX). */
	if (r == -ENOENT && bad[0] == UINT32_MAX)
		return why(r, "--qemu", NULL), refused();
	if (r < 0)
		/* The library names the host it refuses (struct vcpuchar_ppc_fleet_opts @refused). */
		return why(r, "PROFILE", r == -EEXIST || r == -EXDEV || r == -ENOENT ? names[bad[0]] : NULL), refused();
	vcpuchar_ppc_caps_to_hcall(&base.caps, &r4, &r5);
	vcpuchar_ppc_guest_view(r4, r5, req.cpu, 0, &view);
	if (vcpuchar_ppc_caps_format(&base.caps, VCPUCHAR_PPC_FORMAT_QEMU, q, sizeof(q), NULL) < 0 ||
	    vcpuchar_ppc_caps_format(&base.caps, VCPUCHAR_PPC_FORMAT_LIBVIRT, l, sizeof(l), NULL) < 0)
		return exit_only(2);

	g_autoptr(JsonBuilder) b = json_builder_new();

	begin_answer(b, 0);
	put_answered(b, ans);
	put_caps(b, "caps", &base.caps);
	put_hex(b, "r4", r4);
	put_hex(b, "r5", r5);
	put_view(b, &view);
	put_str(b, "qemu", q);
	put_str(b, "libvirt", l);
	json_builder_set_member_name(b, "held_back");
	json_builder_begin_array(b);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		for (int i = 0; i < n; i++)
			if (held[i] & (1u << cap)) {
				json_builder_begin_object(b);
				put_str(b, "cap", vcpuchar_ppc_cap_name(cap));
				put_str(b, "host", names[i]);
				put_str(b, "level", vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(&levels[i], cap)));
				json_builder_end_object(b);
			}
	json_builder_end_array(b);
	put_baseline_warnings(b, ptrs, n, &req, &base.caps);
	return end_answer(b);
}

/* x86 policy ------------------------------------------------------------- */

static void put_bool(JsonBuilder *b, const char *key, gboolean v)
{
	json_builder_set_member_name(b, key);
	json_builder_add_boolean_value(b, v);
}

/* One vcpuchar_x86_policy_format() text; split at newlines into an array when @key_list. */
static gboolean put_format(JsonBuilder *b, const char *key, gboolean list, const struct vcpuchar_x86_policy *p,
			   const struct vcpuchar_x86_host *h, const struct vcpuchar_x86_vm *vm, uint32_t format)
{
	int n = vcpuchar_x86_policy_format(p, h, vm, format, NULL, 0);
	g_autofree char *buf = NULL;

	if (n < 0)
		return FALSE;
	buf = g_malloc((size_t)n + 1);
	if (vcpuchar_x86_policy_format(p, h, vm, format, buf, (size_t)n + 1) != n)
		return FALSE;
	json_builder_set_member_name(b, key);
	if (!list) {
		json_builder_add_string_value(b, buf);
		return TRUE;
	}
	json_builder_begin_array(b);
	if (*buf) {
		g_auto(GStrv) lines = g_strsplit(buf, "\n", -1);

		for (char **l = lines; *l; l++)
			json_builder_add_string_value(b, *l);
	}
	json_builder_end_array(b);
	return TRUE;
}

/* A number as the CLI parses one: digits only, at most @max; else FALSE. */
static gboolean number(const char *s, guint64 max, guint64 *ret)
{
	char *end;

	errno = 0;
	*ret = g_ascii_strtoull(s, &end, 10);
	return g_ascii_isdigit(*s) && !errno && !*end && *ret <= max;
}

static char *x86_policy(JsonArray *argv)
{
	static const char *const enum_opts[] = { "--cvm", "--hlt-passthrough", "--cpu-mode", "--idle-hlt-kvm" };
	static const uint32_t sets[] = { VCPUCHAR_X86_NAMES_CVM, VCPUCHAR_X86_NAMES_HLT_PASSTHROUGH,
					 VCPUCHAR_X86_NAMES_CPU_MODE, VCPUCHAR_X86_NAMES_IDLE_HLT_KVM };
	static const struct {
		const char *opt;
		uint32_t flag;
	} flags[] = {
		{ "--pinned", VCPUCHAR_X86_VM_PINNED },		{ "--latency", VCPUCHAR_X86_VM_LATENCY },
		{ "--nested-guest", VCPUCHAR_X86_VM_NESTED_GUEST }, { "--no-irqchip", VCPUCHAR_X86_VM_NO_IRQCHIP },
		{ "--want-mwait", VCPUCHAR_X86_VM_WANT_MWAIT },	{ "--want-cstate", VCPUCHAR_X86_VM_WANT_CSTATE },
	};
	struct vcpuchar_x86_host host = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_guest_view gv = VCPUCHAR_INIT(struct vcpuchar_x86_guest_view);
	uint32_t *fields[] = { &vm.cvm, &vm.hlt_passthrough, &vm.cpu_mode, &vm.idle_hlt_kvm };
	const char *host_file = NULL, *vcpus_arg = NULL;
	g_autoptr(JsonBuilder) b = json_builder_new();
	guint n = json_array_get_length(argv), seen = 0;
	uint32_t vcpus = 1;
	char err[512];
	guint64 v;
	int r;

	for (guint i = 2; i < n; i++) {
		const char *o = json_array_get_string_element(argv, i), *val;
		size_t k;

		for (k = 0; k < G_N_ELEMENTS(flags) && strcmp(o, flags[k].opt); k++)
			;
		if (k < G_N_ELEMENTS(flags)) {
			vm.flags |= flags[k].flag;
			continue;
		}
		if (i + 1 >= n)
			return exit_only(2);
		val = json_array_get_string_element(argv, ++i);
		for (k = 0; k < G_N_ELEMENTS(enum_opts) && strcmp(o, enum_opts[k]); k++)
			;
		if (k < G_N_ELEMENTS(enum_opts)) {
			/* Each once, a name of the library's. */
			if (seen & (1u << k) || (r = vcpuchar_x86_from_name(sets[k], val)) < 0)
				return exit_only(2);
			seen |= 1u << k;
			*fields[k] = (uint32_t)r;
		} else if (!strcmp(o, "--host")) {
			host_file = val;
		} else if (!strcmp(o, "--vcpus")) {
			vcpus_arg = val;
		} else if (!strcmp(o, "--halt-poll-ns")) {
			if (!number(val, UINT32_MAX, &v))
				return exit_only(2);
			vm.flags |= VCPUCHAR_X86_VM_HALT_POLL_NS;
			vm.halt_poll_ns = (uint32_t)v;
		} else if (!strcmp(o, "--guest-kernel")) {
			if (vcpuchar_x86_kernel_parse(val, &vm.guest_kernel) < 0)
				return exit_only(2);
		} else {
			return exit_only(2);
		}
	}
	if (vcpus_arg)
		vcpus = number(vcpus_arg, UINT32_MAX, &v) ? (uint32_t)v : 0;
	if (vcpuchar_x86_vm_check(NULL, NULL, vcpus, 0, NULL, 0) == -ERANGE)
		return exit_only(2);
	if (!host_file)
		return pending("this host's KVM");
	/* A profile without x86 facts: vcpuchar_x86_vm_check() refuses it (-ENODATA). */
	if (vcpuchar_profile_load(host_file, NULL, &host, err, sizeof(err)) < 0)
		return exit_only(2);
	if (vcpuchar_x86_vm_check(&host, &vm, vcpus, 0, err, sizeof(err)) < 0)
		return exit_only(2);
	gv.guest_kernel = vm.guest_kernel;
	if (vcpuchar_x86_decide(&host, &vm, &p) < 0 || vcpuchar_x86_guest_view(&p, vcpus, &gv) < 0)
		return exit_only(2);

	begin_answer(b, p.n_refusals ? 1 : 0);
	json_builder_set_member_name(b, "disable_exits");
	json_builder_begin_array(b);
	for (uint32_t bit = 0; bit < 32; bit++)
		if ((p.disable_exits & (1u << bit)) && vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, bit))
			json_builder_add_string_value(b, vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, bit));
	json_builder_end_array(b);
	put_bool(b, "hints_realtime", p.hints_realtime);
	put_bool(b, "pv_unhalt", p.pv_unhalt);
	put_bool(b, "poll_control", p.poll_control);
	put_bool(b, "expose_idle_hlt", p.expose_idle_hlt);
	json_builder_set_member_name(b, "halt_poll_ns");
	if (p.halt_poll_set)
		json_builder_add_int_value(b, p.halt_poll_ns);
	else
		json_builder_add_null_value(b);
	put_bool(b, "idle_hlt_active", p.idle_hlt_active);
	json_builder_set_member_name(b, "reasons");
	json_builder_begin_array(b);
	for (uint32_t i = 0; i < p.n_reasons && i < VCPUCHAR_X86_MAX_REASONS; i++) {
		put_code(b, vcpuchar_x86_reason_name(p.reasons[i].code));
	}
	json_builder_end_array(b);
	json_builder_set_member_name(b, "guest");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "vcpus");
	json_builder_add_int_value(b, vcpus);
	put_bool(b, "kvm_feature_pv_unhalt", !!(gv.kvm_features & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT));
	put_bool(b, "kvm_feature_poll_control", !!(gv.kvm_features & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL));
	put_bool(b, "kvm_hints_realtime", !!(gv.kvm_hints & VCPUCHAR_X86_KVM_HINTS_REALTIME));
	put_str(b, "cpuidle_driver", vcpuchar_x86_cpuidle_name(gv.cpuidle));
	put_str(b, "pv_spinlocks", vcpuchar_x86_pv_spinlocks_name(gv.pv_spinlocks));
	put_bool(b, "halt_exits_grow", gv.halt_exits_grow);
	if (gv.guest_kernel)
		snprintf(err, sizeof(err), "%u.%u.%u", gv.guest_kernel >> 24, gv.guest_kernel >> 16 & 0xff,
			 gv.guest_kernel & 0xffff);
	put_str(b, "guest_kernel", gv.guest_kernel ? err : "unknown");
	json_builder_end_object(b);
	if (!put_format(b, "qemu", TRUE, &p, &host, &vm, VCPUCHAR_X86_FORMAT_QEMU) ||
	    !put_format(b, "qemu_shell", FALSE, &p, &host, &vm, VCPUCHAR_X86_FORMAT_QEMU_SHELL) ||
	    !put_format(b, "libvirt", FALSE, &p, &host, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT) ||
	    !put_format(b, "not_expressible", TRUE, &p, &host, &vm, VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE))
		return exit_only(2);
	return end_answer(b);
}

/* x86 verify ------------------------------------------------------------- */

/* The root object of a JSON file, or NULL. */
static JsonObject *json_file(JsonParser *parser, const char *path)
{
	JsonNode *root;

	if (!json_parser_load_from_file(parser, path, NULL))
		return NULL;
	root = json_parser_get_root(parser);
	return root && JSON_NODE_HOLDS_OBJECT(root) ? json_node_get_object(root) : NULL;
}

/* A snapshot (KVM statistic name to count): the names the library gives. */
static gboolean stats_file(const char *path, struct vcpuchar_x86_vcpu_stats *st)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o = json_file(parser, path);

	if (!o)
		return FALSE;
	for (uint32_t s = 0; s < VCPUCHAR_X86_N_STATS; s++) {
		const char *name = vcpuchar_x86_stat_name(s);

		if (!name || !json_object_has_member(o, name))
			continue;
		st->values[s] = (uint64_t)json_object_get_int_member(o, name);
		st->have |= 1u << s;
	}
	return TRUE;
}

/* The members of `x86 policy --json` a verification reads, by the library's names. */
static gboolean policy_file(const char *path, struct vcpuchar_x86_policy *p)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o = json_file(parser, path);
	JsonArray *a;

	if (!o || !json_object_has_member(o, "disable_exits") || !json_object_has_member(o, "reasons"))
		return FALSE;
	a = json_object_get_array_member(o, "disable_exits");
	for (guint i = 0; a && i < json_array_get_length(a); i++) {
		int k = vcpuchar_x86_from_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, json_array_get_string_element(a, i));

		if (k < 0)
			return FALSE;
		p->disable_exits |= 1u << k;
	}
	p->idle_hlt_active = json_object_get_boolean_member(o, "idle_hlt_active");
	a = json_object_get_array_member(o, "reasons");
	p->n_reasons = a ? json_array_get_length(a) : 0;
	for (guint i = 0; p->n_reasons <= VCPUCHAR_X86_MAX_REASONS && i < p->n_reasons; i++) {
		JsonObject *r = json_array_get_object_element(a, i);
		int code = vcpuchar_x86_reason_from_name(json_object_get_string_member(r, "code"));

		if (code < 0)
			return FALSE;
		p->reasons[i].code = (uint32_t)code;
	}
	/* Too many, repeats, verification codes: the library's checks. */
	return vcpuchar_x86_policy_validate(p, NULL, 0) == 0;
}

static char *x86_verify(JsonArray *argv)
{
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };
	struct vcpuchar_x86_vcpu_stats before = { .size = sizeof(before) }, after = { .size = sizeof(after) };
	struct vcpuchar_x86_verdict v = { .size = sizeof(v) };
	const char *policy = NULL, *bf = NULL, *af = NULL, *hlts = NULL;
	const char **val[] = { &policy, &bf, &af, &hlts };
	static const char *const opts[] = { "--policy", "--before", "--after", "--guest-hlts" };
	const struct {
		const char *name;
		uint32_t stat;
		const uint64_t *value;
	} counts[] = {
		{ "halt_exits", VCPUCHAR_X86_STAT_HALT_EXITS, &v.halt_exits },
		{ "halt_attempted_poll", VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL, &v.halt_attempted_poll },
		{ "halt_successful_poll", VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL, &v.halt_successful_poll },
		{ "exits", VCPUCHAR_X86_STAT_EXITS, &v.exits },
	};
	uint64_t guest = VCPUCHAR_X86_GUEST_HLTS_UNKNOWN;
	g_autoptr(JsonBuilder) b = json_builder_new();

	for (guint i = 2; i < json_array_get_length(argv); i++) {
		const char *o = json_array_get_string_element(argv, i);
		size_t k;

		for (k = 0; k < G_N_ELEMENTS(opts) && strcmp(o, opts[k]); k++)
			;
		if (k == G_N_ELEMENTS(opts) || i + 1 >= json_array_get_length(argv))
			return exit_only(2);
		*val[k] = json_array_get_string_element(argv, ++i);
	}
	if (!policy || !bf || !af || (hlts && strcmp(hlts, "unknown") && !number(hlts, INT64_MAX, &guest)))
		return exit_only(2);
	if (!policy_file(policy, &p) || !stats_file(bf, &before) || !stats_file(af, &after) ||
	    vcpuchar_x86_policy_verify(&p, &before, &after, guest, &v))
		return exit_only(2);
	begin_answer(b, v.hlt == VCPUCHAR_X86_HLT_VERDICT_HONOURED ? 0 : 1);
	put_str(b, "hlt", vcpuchar_x86_hlt_verdict_name(v.hlt));
	put_str(b, "halt_poll", vcpuchar_x86_halt_poll_verdict_name(v.halt_poll));
	json_builder_set_member_name(b, "guest_hlts");
	if (guest == VCPUCHAR_X86_GUEST_HLTS_UNKNOWN)
		json_builder_add_null_value(b);
	else
		json_builder_add_int_value(b, (gint64)guest);
	for (size_t i = 0; i < G_N_ELEMENTS(counts); i++) {
		json_builder_set_member_name(b, counts[i].name);
		if (v.have & (1u << counts[i].stat))
			json_builder_add_int_value(b, (gint64)*counts[i].value);
		else
			json_builder_add_null_value(b);
	}
	json_builder_set_member_name(b, "reasons");
	json_builder_begin_array(b);
	for (uint32_t i = 0; i < v.n_reasons; i++)
		put_code(b, vcpuchar_x86_reason_name(v.reasons[i].code));
	json_builder_end_array(b);
	return end_answer(b);
}

static char *answer(JsonArray *argv)
{
	struct args a = { 0 };
	guint n = json_array_get_length(argv);
	const char **val[] = { &a.host, &a.chars, &a.caps,     &a.machine,  &a.mode, &a.accel,
			       &a.cpu,  &a.qemu,  &a.src_host, &a.dst_host, &a.src,  &a.dst, &a.qemu_file };
	static const char *const opts[] = { "--host",     "--chars",    "--caps",      "--machine",
					    "--mode",     "--accel",    "--guest-cpu", "--qemu-version",
					    "--src-host", "--dst-host", "--src",       "--dst", "--qemu" };

	if (n >= 2 && !strcmp(json_array_get_string_element(argv, 0), "x86") &&
	    !strcmp(json_array_get_string_element(argv, 1), "policy"))
		return x86_policy(argv);
	if (n >= 2 && !strcmp(json_array_get_string_element(argv, 0), "x86") &&
	    !strcmp(json_array_get_string_element(argv, 1), "verify"))
		return x86_verify(argv);
	if (n < 2 || strcmp(json_array_get_string_element(argv, 0), "ppc"))
		return exit_only(2);
	/* From here every refusal is a POWER row's: it says why. */
	a.cmd = json_array_get_string_element(argv, 1);
	if (!strcmp(a.cmd, "baseline"))
		return baseline(argv);
	for (guint i = 2; i < n; i++) {
		const char *o = json_array_get_string_element(argv, i);
		size_t k;

		if (!strcmp(o, "--power8-host")) {
			a.power8 = TRUE;
			continue;
		}
		for (k = 0; k < G_N_ELEMENTS(opts) && strcmp(o, opts[k]); k++)
			;
		if (k == G_N_ELEMENTS(opts) || i + 1 >= n)
			return refused();
		*val[k] = json_array_get_string_element(argv, ++i);
	}
	if (!strcmp(a.cmd, "migrate"))
		return !a.src_host && !a.dst_host ? migrate_lists(&a)
		       : a.src_host && a.dst_host && !a.src && !a.dst ? migrate_hosts(&a)
								       : refused();
	if (a.qemu && a.qemu_file)
		return why(0, "--qemu", NULL), refused();
	if (a.host && a.chars)
		return why(0, "--chars", NULL), refused();
	if (a.power8 && !a.chars)
		return why(0, "--power8-host", NULL), refused();
	return hcall(&a);
}

int main(void)
{
	g_autoptr(JsonParser) p = json_parser_new();
	char line[65536];

	while (fgets(line, sizeof(line), stdin)) {
		g_autoptr(GError) e = NULL;
		g_autofree char *out = NULL;

		if (!json_parser_load_from_data(p, line, -1, &e) || !JSON_NODE_HOLDS_ARRAY(json_parser_get_root(p))) {
			fprintf(stderr, "golden-lib: not a JSON array: %s", line);
			return 1;
		}
		out = answer(json_node_get_array(json_parser_get_root(p)));
		vcpuchar_ppc_qemu_profile_free(row_profile);
		row_profile = NULL;
		g_clear_pointer(&row_type, g_free);
		printf("%s\n", out);
	}
	return ferror(stdout) || fflush(stdout) ? 1 : 0;
}
