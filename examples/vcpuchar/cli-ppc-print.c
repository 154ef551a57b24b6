/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* POWER answers as JSON and text: caps, guest view, spellings, --qemu-version */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-ppc.h"

static const char *const severity_names[] = { "info", "warning", "error" };

static const char *const code_names[] = { "", "above-host", "tcg-unsupported", "below-host" };

void json_caps(JsonBuilder *b, const char *key, const struct vcpuchar_ppc_caps *c)
{
	/* JSON keys use '_' (ccf_assist); conflict "cap" values use QEMU's names. */
	static const char *const keys[] = { "cfpc", "sbbc", "ibs", "ccf_assist" };

	json_builder_set_member_name(b, key);
	json_builder_begin_object(b);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		json_builder_set_member_name(b, keys[cap]);
		json_builder_add_string_value(b, vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(c, cap)));
	}
	json_builder_end_object(b);
}

void json_str(JsonBuilder *b, const char *key, const char *v)
{
	json_builder_set_member_name(b, key);
	json_builder_add_string_value(b, v ? v : "");
}

void json_bool(JsonBuilder *b, const char *key, gboolean v)
{
	json_builder_set_member_name(b, key);
	json_builder_add_boolean_value(b, v);
}

void json_view(JsonBuilder *b, const struct vcpuchar_ppc_guest_view *v)
{
	json_builder_set_member_name(b, "guest_view");
	json_builder_begin_object(b);
	json_str(b, "meltdown", v->meltdown);
	json_str(b, "l1tf", v->l1tf);
	json_str(b, "spectre_v1", v->spectre_v1);
	json_str(b, "spectre_v2", v->spectre_v2);
	json_str(b, "spec_store_bypass", v->spec_store_bypass);
	json_builder_end_object(b);
}

/*
 * --qemu-version (lib/ppc.md#qemu-versions; examples/vcpuchar/README.md):
 * the number for the request and what to say about it. Malformed or older
 * than supported: exit 2. Answered by another release's row (a newer
 * version, or one that is no release): a warning on stderr naming both. Not given: the
 * answer is for the oldest supported, which the note says.
 */
static void unknown_facts(struct cli_qemu_target *q, gboolean fixed_na)
{
	struct vcpuchar_ppc_qemu_release r = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_release);
	static const struct {
		uint32_t bit;
		const char *what;
	} facts[] = {
		{ VCPUCHAR_PPC_QEMU_UNKNOWN_DEPRECATED_UPTO, "its deprecated machine types" },
		/* Past the newest row (lib/ppc.md#qemu-versions). */
		{ VCPUCHAR_PPC_QEMU_UNKNOWN_SBBC_BROKEN_P8, "its default cap-sbbc" },
		{ VCPUCHAR_PPC_QEMU_UNKNOWN_HAS_POWER11, "whether it has the power11 CPU model" },
		{ VCPUCHAR_PPC_QEMU_UNKNOWN_FIXED_NA_ABORTS, "whether cap-ibs=fixed-na aborts it" },
	};
	q->unknown[0] = '\0';
	if (vcpuchar_ppc_qemu_release_get(q->version, &r) < 0)
		return;
	if (!fixed_na)
		r.unknown_facts &= ~VCPUCHAR_PPC_QEMU_UNKNOWN_FIXED_NA_ABORTS;
	for (size_t i = 0; i < G_N_ELEMENTS(facts); i++)
		if (r.unknown_facts & facts[i].bit) {
			if (q->unknown[0])
				g_strlcat(q->unknown, ", ", sizeof(q->unknown));
			g_strlcat(q->unknown, facts[i].what, sizeof(q->unknown));
		}
}

/* Once the caps are decided: the fixed-na abort is unknown only for a guest that uses fixed-na. */
void cli_qemu_version_caps(struct cli_qemu_target *q, const struct vcpuchar_ppc_caps *caps)
{
	unknown_facts(q, caps->ibs == VCPUCHAR_PPC_LEVEL_FIXED_NA);
}

int cli_qemu_version_parse(const char *arg, struct cli_qemu_target *q)
{
	size_t err_size = CLI_ERR_SIZE(arg ? arg : "");
	g_autofree char *err = g_malloc0(err_size);

	int r;

	memset(q, 0, sizeof(*q));
	if (arg && (r = vcpuchar_ppc_qemu_version_parse(arg, &q->version, err, err_size)) < 0)
		return cli_usage_why(r, "--qemu-version", arg, "--qemu-version: %s", err);
	q->kind = vcpuchar_ppc_qemu_version_check(q->version, &q->answered, q->note, sizeof(q->note));
	if (q->kind < 0)
		return cli_usage_why(q->kind, "--qemu-version", arg, "--qemu-version: %s", g_strerror(-q->kind));
	if (q->kind == 2)
		g_printerr("vcpuchar: warning: %s\n", q->note);
	unknown_facts(q, TRUE);
	return CLI_OK;
}

int cli_qemu_target_load(const char *file, const char *version, const char *machine,
			 struct vcpuchar_ppc_qemu_profile **profile, struct vcpuchar_ppc_request *req,
			 struct cli_qemu_target *q)
{
	if (file && version)
		return cli_usage_why(0, "--qemu", NULL, "--qemu and --qemu-version both name the target QEMU; use one");
	if (file)
		return cli_qemu_profile_load(file, machine, profile, req, q);
	return cli_qemu_version_parse(version, q);
}

int cli_qemu_profile_load(const char *file, const char *machine, struct vcpuchar_ppc_qemu_profile **profile,
			  struct vcpuchar_ppc_request *req, struct cli_qemu_target *q)
{
	struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
	g_autofree char *text = NULL, *type = NULL, *shown = cli_shown(file);
	g_autoptr(GError) error = NULL;
	char err[1024];
	gsize len;

	int r;

	if (!g_file_get_contents(file, &text, &len, &error))
		return cli_usage_why(0, "--qemu", file, "--qemu: %s", error->message);
	if ((r = vcpuchar_ppc_qemu_profile_parse(text, len, profile, err, sizeof(err))) < 0)
		return cli_usage_why(r, "--qemu", file, "--qemu: %s: %s", shown, err);
	memset(q, 0, sizeof(*q));
	q->version = q->answered = vcpuchar_ppc_qemu_profile_version(*profile);
	req->qemu_profile = *profile;
	req->qemu_version = q->version;
	/* The type QEMU starts without --machine: the profile's default (its "pseries" alias). */
	type = g_strdup(machine ? machine : "pseries");
	/* The type of a pasted -machine value: its first item, "type=" or not; a property alone is the default type. */
	type[strcspn(type, ",")] = '\0';
	if (g_str_has_prefix(type, "type="))
		memmove(type, type + 5, strlen(type + 5) + 1);
	if (strchr(type, '='))
		strcpy(type, "pseries");
	if ((r = vcpuchar_ppc_qemu_profile_machine(*profile, type, &m, err, sizeof(err))) < 0)
		return cli_usage_why(r, "--machine", type, "--machine: %s", err);
	req->machine = m.machine;
	req->qemu_machine = m.name;
	return CLI_OK;
}

static void version_text(uint32_t v, char *buf, size_t size)
{
	if (v % 100)
		g_snprintf(buf, size, "%u.%u.%u", v / 10000, v / 100 % 100, v % 100);
	else
		g_snprintf(buf, size, "%u.%u", v / 10000, v / 100 % 100);
}

void cli_qemu_version_target(const struct cli_qemu_target *q, char *buf, size_t size)
{
	version_text(q->version ? q->version : q->answered, buf, size);
}

/* "qemu_version": {"target", "answered", "assumed", "note"}. */
void cli_json_guest_cpu(JsonBuilder *b, uint32_t cpu)
{
	g_autofree char *name = g_strdup_printf("power%u", cpu);

	json_str(b, "guest_cpu", name);
}

void cli_json_qemu_version(JsonBuilder *b, const struct cli_qemu_target *q)
{
	char target[16], answered[16];

	version_text(q->version ? q->version : q->answered, target, sizeof(target));
	version_text(q->answered, answered, sizeof(answered));
	json_builder_set_member_name(b, "qemu_version");
	json_builder_begin_object(b);
	json_str(b, "target", target);
	json_str(b, "answered", answered);
	json_bool(b, "assumed", q->kind == 1);
	json_str(b, "note", q->note);
	json_str(b, "unknown", q->unknown);
	json_builder_end_object(b);
}

/* The text output's line: only when the answer is not for the given version itself. */
void cli_text_qemu_version(const struct cli_qemu_target *q)
{
	char target[16];

	if (q->kind)
		cli_printf("qemu            %s\n", q->note);
	if (q->unknown[0] && q->kind != 1) {
		cli_qemu_version_target(q, target, sizeof(target));
		cli_printf("qemu unknown    no source found for QEMU %s: %s\n", target, q->unknown);
	}
}

static void json_bit_names(JsonBuilder *b, const char *key, uint32_t reg, uint64_t bits)
{
	json_builder_set_member_name(b, key);
	json_builder_begin_array(b);
	for (uint32_t n = 0; n < 64; n++)
		if (bits & VCPUCHAR_PPC_BIT(n))
			json_builder_add_string_value(b, vcpuchar_ppc_bit_name(reg, n) ?: "undefined");
	json_builder_end_array(b);
}

void cli_json_ppc_host(JsonBuilder *b, const struct vcpuchar_ppc_host *h)
{
	char why[256];
	static const char *const sources[] = { "none", "kvm", "profile", "caller" };

	vcpuchar_ppc_host_describe(h, why, sizeof(why));
	json_bool(b, "valid", h->valid);
	json_str(b, "source", h->source < G_N_ELEMENTS(sources) ? sources[h->source] : "unknown");
	json_str(b, "error", h->error ? g_strerror(-h->error) : "");
	json_str(b, "description", why);
	cli_json_hex(b, "character", h->character);
	cli_json_hex(b, "behaviour", h->behaviour);
	cli_json_hex(b, "character_mask", h->character_mask);
	cli_json_hex(b, "behaviour_mask", h->behaviour_mask);
	json_bool(b, "power8", h->power8);
}

void cli_json_ppc_result(JsonBuilder *b, const struct vcpuchar_ppc_result *r)
{
	const struct vcpuchar_ppc_guest_view *v = &r->guest_view;

	json_str(b, "mode", vcpuchar_ppc_mode_name(r->mode));
	json_str(b, "mode_reason", r->mode_reason);
	json_bool(b, "host_info", !(r->flags & VCPUCHAR_PPC_RESULT_HOST_NO_INFO));
	json_bool(b, "migration_safe", !(r->flags & VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE));
	json_caps(b, "host_caps", &r->host_caps);
	json_caps(b, "effective_caps", &r->effective_caps);
	json_builder_set_member_name(b, "conflicts");
	json_builder_begin_array(b);
	for (uint32_t i = 0; i < r->n_conflicts && i < VCPUCHAR_PPC_N_CAPS; i++) {
		const struct vcpuchar_ppc_conflict *c = &r->conflicts[i];

		json_builder_begin_object(b);
		json_str(b, "cap", vcpuchar_ppc_cap_name(c->cap));
		json_str(b, "requested", vcpuchar_ppc_level_name(c->cap, c->requested));
		json_str(b, "host", vcpuchar_ppc_level_name(c->cap, c->host));
		json_str(b, "severity", c->severity < 3 ? severity_names[c->severity] : "unknown");
		json_str(b, "code", c->code < 4 ? code_names[c->code] : "unknown");
		json_str(b, "message", c->message);
		json_str(b, "hint", c->hint);
		json_str(b, "explanation", c->explanation);
		json_bool(b, "from_default", !!(c->flags & VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT));
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	cli_json_hex(b, "r4", r->r4);
	cli_json_hex(b, "r5", r->r5);
	json_builder_set_member_name(b, "not_expressible");
	json_builder_begin_object(b);
	json_bit_names(b, "r4", VCPUCHAR_PPC_REG_R4, r->unexpressed_r4);
	json_bit_names(b, "r5", VCPUCHAR_PPC_REG_R5, r->unexpressed_r5);
	json_builder_end_object(b);
	json_view(b, v);
}

/* "qemu", "libvirt" and "warnings" (examples/vcpuchar/README.md). */
static void spellings(const struct vcpuchar_ppc_result *r, char *qemu, char *libvirt)
{
	/* Buffers of VCPUCHAR_PPC_FORMAT_LEN always fit; a failure would be a library bug. */
	if (vcpuchar_ppc_caps_format(&r->effective_caps, VCPUCHAR_PPC_FORMAT_QEMU, qemu, VCPUCHAR_PPC_FORMAT_LEN,
				     NULL) < 0)
		g_strlcpy(qemu, "(cannot format)", VCPUCHAR_PPC_FORMAT_LEN);
	if (vcpuchar_ppc_caps_format(&r->effective_caps, VCPUCHAR_PPC_FORMAT_LIBVIRT, libvirt,
				     VCPUCHAR_PPC_FORMAT_LEN, NULL) < 0)
		g_strlcpy(libvirt, "(cannot format)", VCPUCHAR_PPC_FORMAT_LEN);
}

/*
 * In host mode the guest view comes from the host's words, which only a VMM
 * answering H_GET_CPU_CHARACTERISTICS in host mode passes on: QEMU answers
 * from the caps. Empty in the other modes, where the caps give the view,
 * unless QEMU would refuse them.
 */
static char *paste_note(const struct vcpuchar_ppc_result *r)
{
	uint64_t r4, r5;

	/* Nor does a line QEMU refuses to start with give any view. */
	if (r->n_errors)
		return g_strdup("QEMU refuses to start with these caps on this host (the errors above); the guest "
				"view above is what a guest is told where they are accepted");
	if (r->mode != VCPUCHAR_PPC_MODE_HOST)
		return g_strdup("");
	vcpuchar_ppc_caps_to_hcall(&r->effective_caps, &r4, &r5);
	return g_strdup_printf("the caps alone give R4 0x%016" PRIx64 ", R5 0x%016" PRIx64 " (QEMU answers from the "
			       "caps); the guest view above is the host's words, and host mode needs a VMM that "
			       "answers H_GET_CPU_CHARACTERISTICS from them "
			       "(/usr/share/doc/libvcpuchar/ppc.md#modes)", r4, r5);
}

/* The start verdict's entries that are not "starts" (lib/ppc.md#start). */
static const char *const verdict_names[] = { "starts", "refused", "unknown" };

static void json_start(JsonBuilder *b, const struct vcpuchar_ppc_start *st)
{
	json_builder_set_member_name(b, "start");
	json_builder_begin_object(b);
	json_str(b, "paste", st->paste);
	json_builder_set_member_name(b, "caps");
	json_builder_begin_array(b);
	for (uint32_t i = 0; i < st->n_entries && i < VCPUCHAR_PPC_START_CAPS; i++) {
		const struct vcpuchar_ppc_start_entry *e = &st->entries[i];

		json_builder_begin_object(b);
		json_str(b, "cap", e->name);
		json_str(b, "verdict", e->verdict < 3 ? verdict_names[e->verdict] : "?");
		json_builder_set_member_name(b, "level");
		json_builder_add_int_value(b, e->level);
		json_str(b, "fix", e->fix);
		json_str(b, "reason", e->reason);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	json_builder_end_object(b);
}

void cli_json_ppc_spellings(JsonBuilder *b, const struct vcpuchar_ppc_result *r,
			    const struct vcpuchar_ppc_warnings *w, const struct vcpuchar_ppc_start *st)
{
	char qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN];

	g_autofree char *note = paste_note(r);

	spellings(r, qemu, libvirt);
	json_str(b, "qemu", qemu);
	json_str(b, "libvirt", libvirt);
	json_str(b, "paste_note", note);
	if (st)
		json_start(b, st);
	json_builder_set_member_name(b, "warnings");
	json_builder_begin_array(b);
	for (uint32_t i = 0; w && i < w->n_entries && i < VCPUCHAR_PPC_WARNING_MAX; i++) {
		json_builder_begin_object(b);
		json_str(b, "code", vcpuchar_ppc_warning_name(w->entries[i].code));
		json_str(b, "text", w->entries[i].text);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

/*
 * The machine type of a --machine value (parse_request_caps() reads it):
 * its first item without "=", or the value of type=; "pseries" without one.
 * The paste line keeps it, so pasting never undoes a pinned type.
 */
char *cli_machine_type(const char *machine)
{
	g_auto(GStrv) items = machine ? g_strsplit(machine, ",", -1) : NULL;

	for (guint i = 0; items && items[i]; i++) {
		if (i == 0 && !strchr(items[i], '='))
			return g_strdup(items[i]);
		if (g_str_has_prefix(items[i], "type="))
			return g_strdup(items[i] + 5);
	}
	return g_strdup("pseries");
}

void cli_text_ppc_spellings(const struct vcpuchar_ppc_result *r, const struct vcpuchar_ppc_warnings *w,
			    const char *machine, const struct vcpuchar_ppc_start *st)
{
	char qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN];
	g_autofree char *note = paste_note(r);
	g_autofree char *type = cli_machine_type(machine);

	spellings(r, qemu, libvirt);
	if (*note)
		cli_printf("paste: %s\n", note);
	else
		cli_printf("paste (either gives the guest view above):\n");
	/* The other caps QEMU refuses on this host go on the qemu line; libvirt's XML has no room for them. */
	cli_printf("  qemu     -machine %s,%s%s%s\n  libvirt  %s\n", type, qemu, st && *st->paste ? "," : "",
		   st ? st->paste : "", libvirt);
	for (uint32_t i = 0; st && i < st->n_entries && i < VCPUCHAR_PPC_START_CAPS; i++) {
		const struct vcpuchar_ppc_start_entry *e = &st->entries[i];

		if (e->verdict == VCPUCHAR_PPC_VERDICT_REFUSED)
			cli_printf("start   cap-%s refused: %s%s%s\n", e->name, e->reason, *e->fix ? "; the qemu line adds " : "",
				   e->fix);
		else if (e->verdict == VCPUCHAR_PPC_VERDICT_UNKNOWN)
			cli_printf("start   cap-%s not judged: %s; if QEMU refuses it, add %s\n", e->name, e->reason,
				   *e->fix ? e->fix : "the caps above");
	}
	for (uint32_t i = 0; w && i < w->n_entries && i < VCPUCHAR_PPC_WARNING_MAX; i++)
		cli_printf("warning %s: %s\n", vcpuchar_ppc_warning_name(w->entries[i].code), w->entries[i].text);
}

void text_caps(const char *label, const struct vcpuchar_ppc_caps *c)
{
	cli_printf("%-16s", label);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		cli_printf(" cap-%s=%s", vcpuchar_ppc_cap_name(cap),
		       vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(c, cap)));
	cli_printf("\n");
}

void cli_text_ppc_result(const struct vcpuchar_ppc_result *r, uint32_t cpu, uint32_t compat)
{
	const struct vcpuchar_ppc_guest_view *v = &r->guest_view;

	cli_printf("mode            %s\n", r->mode_reason);
	text_caps("host levels", &r->host_caps);
	if (r->flags & VCPUCHAR_PPC_RESULT_HOST_NO_INFO)
		cli_printf("                (no host information: QEMU's fallback levels, not a finding)\n");
	text_caps("effective caps", &r->effective_caps);
	cli_printf("R4 (character)  0x%016" PRIx64 "\nR5 (behaviour)  0x%016" PRIx64 "\n", r->r4, r->r5);
	for (uint32_t n = 0; n < 64; n++) {
		if (r->unexpressed_r4 & VCPUCHAR_PPC_BIT(n))
			cli_printf("not passed on   %s (the caps cannot express it)\n", vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R4, n));
		if (r->unexpressed_r5 & VCPUCHAR_PPC_BIT(n))
			cli_printf("not passed on   %s (the caps cannot express it)\n", vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R5, n));
	}
	for (uint32_t i = 0; i < r->n_conflicts && i < VCPUCHAR_PPC_N_CAPS; i++) {
		const struct vcpuchar_ppc_conflict *c = &r->conflicts[i];

		cli_printf("%-7s cap-%s: %s\n", c->severity < 3 ? severity_names[c->severity] : "?",
		       vcpuchar_ppc_cap_name(c->cap), c->message);
		if (c->hint && *c->hint)
			cli_printf("        %s\n", c->hint);
		if (c->explanation && *c->explanation)
			cli_printf("        %s\n", c->explanation);
	}
	if (compat && compat < cpu)
		cli_printf("guest view (Linux pseries guest, POWER%u in POWER%u compat mode):\n", cpu, compat);
	else
		cli_printf("guest view (Linux pseries guest, POWER%u):\n", cpu ? cpu : 9);
	cli_printf("  meltdown           %s\n  l1tf               %s\n  spectre_v1         %s\n"
	       "  spectre_v2         %s\n  spec_store_bypass  %s\n",
	       v->meltdown, v->l1tf, v->spectre_v1, v->spectre_v2, v->spec_store_bypass);
}

/* What QEMU does with a machine cap at start: starts, refused or not judged (lib/ppc.md#machine-caps). */
static const char *mc_start(uint32_t verdict)
{
	return verdict == VCPUCHAR_PPC_VERDICT_STARTS    ? "starts"
	       : verdict == VCPUCHAR_PPC_VERDICT_REFUSED ? "refused"
							 : "not judged";
}

void cli_json_ppc_machine_caps(JsonBuilder *b, const struct vcpuchar_ppc_machine_caps *mc)
{
	json_str(b, "machine_caps_source", mc->source == VCPUCHAR_PPC_MACHINE_CAPS_PROFILE ? "profile" : "table");
	json_builder_set_member_name(b, "machine_caps");
	json_builder_begin_object(b);
	for (uint32_t i = 0; i < mc->n_caps && i < VCPUCHAR_PPC_MACHINE_CAPS_MAX; i++) {
		const struct vcpuchar_ppc_machine_cap *c = &mc->caps[i];

		json_builder_set_member_name(b, c->name);
		json_builder_begin_object(b);
		json_str(b, "default", c->default_value);
		json_str(b, "effective", c->effective);
		json_str(b, "start", mc_start(c->verdict));
		if (c->verdict == VCPUCHAR_PPC_VERDICT_REFUSED)
			json_str(b, "message", c->reason);
		else if (c->verdict != VCPUCHAR_PPC_VERDICT_STARTS)
			json_str(b, "why", c->reason);
		if (c->verdict != VCPUCHAR_PPC_VERDICT_STARTS && *c->fix)
			json_str(b, "hint", c->fix);
		json_builder_end_object(b);
	}
	json_builder_end_object(b);
}

void cli_text_ppc_machine_caps(const struct vcpuchar_ppc_machine_caps *mc)
{
	cli_printf("machine caps (%s):\n", mc->source == VCPUCHAR_PPC_MACHINE_CAPS_PROFILE
						   ? "every cap the QEMU profile lists for the type"
						   : "the caps of the QEMU release, from the table");
	for (uint32_t i = 0; i < mc->n_caps && i < VCPUCHAR_PPC_MACHINE_CAPS_MAX; i++) {
		const struct vcpuchar_ppc_machine_cap *c = &mc->caps[i];

		/* Refusals and unknown facts are spelled out under "start" above. */
		cli_printf("  %-18s default %-12s effective %-12s %s%s%s\n", c->name, c->default_value, c->effective,
			   mc_start(c->verdict), c->verdict == VCPUCHAR_PPC_VERDICT_NOT_JUDGED ? ": " : "",
			   c->verdict == VCPUCHAR_PPC_VERDICT_NOT_JUDGED ? c->reason : "");
	}
}
