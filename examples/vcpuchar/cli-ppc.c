/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar ppc hcall | migrate */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static const char *const severity_names[] = { "info", "warning", "error" };

static const char *const code_names[] = { "", "above-host", "tcg-unsupported", "below-host" };

static void json_caps(JsonBuilder *b, const char *key, const struct vcpuchar_ppc_caps *c)
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

static void json_str(JsonBuilder *b, const char *key, const char *v)
{
	json_builder_set_member_name(b, key);
	json_builder_add_string_value(b, v ? v : "");
}

static void json_bool(JsonBuilder *b, const char *key, gboolean v)
{
	json_builder_set_member_name(b, key);
	json_builder_add_boolean_value(b, v);
}

static void json_view(JsonBuilder *b, const struct vcpuchar_ppc_guest_view *v)
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
	gboolean dep, fna;

	if (vcpuchar_ppc_qemu_release_get(q->version, &r) < 0)
		return;
	dep = r.deprecated_upto == VCPUCHAR_PPC_QEMU_FACT_UNKNOWN;
	fna = fixed_na && r.fixed_na_aborts == VCPUCHAR_PPC_QEMU_FACT_UNKNOWN;
	g_snprintf(q->unknown, sizeof(q->unknown), "%s%s%s", dep ? "its deprecated machine types" : "",
		   dep && fna ? ", " : "", fna ? "whether cap-ibs=fixed-na aborts it" : "");
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

	memset(q, 0, sizeof(*q));
	if (arg && vcpuchar_ppc_qemu_version_parse(arg, &q->version, err, err_size) < 0)
		return cli_usage("--qemu-version: %s", err);
	q->kind = vcpuchar_ppc_qemu_version_check(q->version, &q->answered, q->note, sizeof(q->note));
	if (q->kind < 0)
		return cli_usage("--qemu-version: %s", g_strerror(-q->kind));
	if (q->kind == 2)
		g_printerr("vcpuchar: warning: %s\n", q->note);
	unknown_facts(q, TRUE);
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
 * The machine type of a --machine value that parse_request_caps() accepted:
 * its first item without "=", or the value of type=; "pseries" without one.
 * The paste line keeps it, so pasting never undoes a pinned type.
 */
static char *cli_machine_type(const char *machine)
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

static void text_caps(const char *label, const struct vcpuchar_ppc_caps *c)
{
	cli_printf("%-16s", label);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		cli_printf(" cap-%s=%s", vcpuchar_ppc_cap_name(cap),
		       vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(c, cap)));
	cli_printf("\n");
}

void cli_text_ppc_result(const struct vcpuchar_ppc_result *r, uint32_t cpu)
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
	cli_printf("guest view (Linux pseries guest, POWER%u):\n", cpu ? cpu : 9);
	cli_printf("  meltdown           %s\n  l1tf               %s\n  spectre_v1         %s\n"
	       "  spectre_v2         %s\n  spec_store_bypass  %s\n",
	       v->meltdown, v->l1tf, v->spectre_v1, v->spectre_v2, v->spec_store_bypass);
}

/* The four words by the library's one number rule (vcpuchar_ppc_host_parse()), as profiles. */
static int parse_chars(const char *arg, struct vcpuchar_ppc_host *h)
{
	size_t err_size = CLI_ERR_SIZE(arg);
	g_autofree char *err = g_malloc0(err_size);

	if (vcpuchar_ppc_host_parse(arg, h, err, err_size) < 0)
		return cli_usage("--chars: %s", err);
	return CLI_OK;
}

static int parse_enum(const char *opt, const char *arg, const char *const *names, const uint32_t *values,
		      size_t n, uint32_t *ret)
{
	g_autoptr(GString) list = g_string_new(NULL);
	int i = cli_enum_index(arg, names, n, list);

	if (i < 0)
		return cli_usage("%s '%s': expected one of %s", opt, arg, list->str);
	*ret = values[i];
	return CLI_OK;
}

/*
 * spapr caps of QEMU (hw/ppc/spapr_caps.c capability_table, 7.2 to 10.x)
 * besides the four: they do not change H_GET_CPU_CHARACTERISTICS.
 */
static const char *const other_caps[] = {
	"htm", "vsx", "dfp", "hpt-max-page-size", "nested-hv", "large-decr", "fwnmi", "rpt-invalidate",
	"ail-mode-3", "nested-papr",
};

static gboolean is_our_cap(const char *name)
{
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		if (!g_ascii_strcasecmp(name, vcpuchar_ppc_cap_name(cap)))
			return TRUE;
	return FALSE;
}

/*
 * The machine type of --machine: one QEMU knows by name. A type this
 * library does not know but that is named pseries-... (a distribution's
 * pseries-rhel9.2.0, a newer QEMU's) is kept in @unknown: its defaults do
 * not matter once all four caps are given (parse_request_caps() checks).
 */
static int parse_machine_type(const char *name, uint32_t qemu_version, uint32_t *machine, char **unknown)
{
	size_t err_size = CLI_ERR_SIZE(name);
	g_autofree char *err = g_malloc0(err_size);
	int r = vcpuchar_ppc_machine_parse_qemu(name, qemu_version, machine, err, err_size);

	/* What that QEMU prints for a deprecated type (lib/ppc.md#qemu-versions). */
	if (r == 0 && vcpuchar_ppc_machine_deprecated(name, qemu_version, err, err_size) == 1)
		g_printerr("vcpuchar: warning: %s\n", err);
	if (r == 0)
		return CLI_OK;
	/* A type upstream QEMU had, but not the target (lib/ppc.md#qemu-versions). */
	if (r == -ENOENT)
		return cli_usage("--machine: %s; give --qemu-version for another QEMU", err);
	if (!g_str_has_prefix(name, "pseries-") || !name[8])
		return cli_usage("--machine: %s", err);
	/* The name, then the library's advice for the message when not all four caps are given. */
	*unknown = g_strdup_printf("%s\n%s", name, err);
	*machine = VCPUCHAR_PPC_MACHINE_PSERIES;
	return CLI_OK;
}

/*
 * A pasted -machine value, e.g. "pseries-8.0,cap-cfpc=broken,x-vof=on": the
 * type first (or type=), the four caps into @caps_list, accel= into
 * @accel. Other properties are ignored and named in @ignored: a pasted line
 * carries many that do not change R4/R5 (x-vof, cap-nested-hv, usb, ...),
 * QEMU checks them itself, and refusing them would only make the user edit
 * the line. What would be read wrongly is refused: a cap- name that QEMU
 * does not have (most likely a typo of one of the four), white space (QEMU
 * takes it as part of the name or value, so " cap-cfpc=broken" would pass
 * unnoticed as an unknown property), a libvirt fragment, the type twice.
 */
static int parse_machine_line(const char *arg, uint32_t qemu_version, uint32_t *machine, char **unknown,
			      GString *caps_list, GPtrArray *ignored, int *accel)
{
	g_auto(GStrv) items = NULL;
	gboolean have_type = FALSE;
	int r;

	if (strchr(arg, '<'))
		return cli_usage("--machine takes QEMU's -machine value (TYPE,cap-NAME=VALUE,...); a libvirt "
				 "fragment goes to --caps");
	for (const char *p = arg; *p; p++)
		if (g_ascii_isspace(*p))
			return cli_usage("--machine '%s': white space at byte %u: QEMU's -machine value is one "
					 "comma-separated word (TYPE,cap-NAME=VALUE,...), with no space before or after "
					 "an item", arg, (unsigned)(p - arg) + 1);
	items = g_strsplit(arg, ",", -1);
	for (guint i = 0; items[i]; i++) {
		const char *it = items[i];
		const char *eq = strchr(it, '=');

		if (!*it)
			return cli_usage("--machine '%s': item %u is empty", arg, i + 1);
		if ((i == 0 && !eq) || g_str_has_prefix(it, "type=")) {
			if (have_type)
				return cli_usage("--machine '%s': the machine type is given twice (item %u '%s'); "
						 "give it once", arg, i + 1, it);
			have_type = TRUE;
			if ((r = parse_machine_type(eq ? eq + 1 : it, qemu_version, machine, unknown)))
				return r;
			continue;
		}
		/* -machine accel=tcg is QEMU's older spelling of -accel: it changes R4. */
		if (g_str_has_prefix(it, "accel=")) {
			if (!strcmp(eq + 1, "kvm"))
				*accel = VCPUCHAR_ACCEL_KVM;
			else if (!strcmp(eq + 1, "tcg"))
				*accel = VCPUCHAR_ACCEL_TCG;
			else
				return cli_usage("--machine: '%s': the accelerators decided here are kvm and tcg "
						 "(a list such as kvm:tcg falls back at start: give the one used)", it);
			continue;
		}
		if (g_ascii_strncasecmp(it, "cap-", 4) == 0) {
			g_autofree char *name = g_strndup(it + 4, eq ? (gsize)(eq - it - 4) : strlen(it + 4));
			gboolean other = FALSE;

			/* Any case here: the library refuses CAP-CFPC as QEMU does, saying why. */
			if (is_our_cap(name)) {
				g_string_append_printf(caps_list, "%s%s", caps_list->len ? "," : "", it);
				continue;
			}
			/* QOM property names are exact: QEMU refuses cap-HTM. */
			for (size_t k = 0; k < G_N_ELEMENTS(other_caps); k++)
				other |= !strncmp(it, "cap-", 4) && !strcmp(name, other_caps[k]);
			if (!other)
				return cli_usage("--machine: unknown cap '%.*s': QEMU's pseries has no such property "
						 "and would refuse it (its names are lower case; the caps decided here: "
						 "cfpc, sbbc, ibs, ccf-assist)", (int)(eq ? eq - it : (long)strlen(it)), it);
		}
		/* One of the four without its prefix: meant as a cap, yet QEMU has no such property and refuses it. */
		{
			g_autofree char *name = g_strndup(it, eq ? (gsize)(eq - it) : strlen(it));
			g_autofree char *lower = g_ascii_strdown(name, -1);

			if (is_our_cap(name))
				return cli_usage("--machine: '%s': QEMU's pseries has no property '%s' and would refuse "
						 "it; the cap is cap-%s", it, name, lower);
		}
		g_ptr_array_add(ignored, g_strdup(it));
	}
	return CLI_OK;
}

/* libvirt's elements and the QEMU caps they set (libvirt docs/formatdomain.rst, "Hypervisor features"). */
static const struct {
	const char *element, *attr;
	const char *values[6];
} libvirt_caps[VCPUCHAR_PPC_N_CAPS] = {
	{ "cfpc", "value", { "broken", "workaround", "fixed" } },
	{ "sbbc", "value", { "broken", "workaround", "fixed" } },
	{ "ibs", "value", { "broken", "workaround", "fixed-ibs", "fixed-ccd", "fixed-na" } },
	{ "ccf-assist", "state", { "on", "off" } },
};

struct libvirt_ctx {
	GString *list;
	GPtrArray *ignored;
	int depth;
	gboolean features; /* the cap elements are inside <features> */
	uint32_t seen;     /* caps given so far */
};

static void libvirt_start(GMarkupParseContext *mc, const char *name, const char **attr_names,
			  const char **attr_values, gpointer data, GError **error)
{
	struct libvirt_ctx *ctx = data;
	const char *value = NULL;
	uint32_t cap;

	(void)mc;
	ctx->depth++;
	/* <features> may or may not be given around the cap elements. */
	if (ctx->depth == 1 && !strcmp(name, "features")) {
		ctx->features = TRUE;
		return;
	}
	/* libvirt's names are case-sensitive: <CFPC> would be dropped by libvirt, not read. */
	for (cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		if (!g_ascii_strcasecmp(name, libvirt_caps[cap].element))
			break;
	if (cap == VCPUCHAR_PPC_N_CAPS) {
		/* Other features (<acpi/>, <htm state='on'/>, ...) and their children. */
		if (ctx->depth <= 1 + ctx->features)
			g_ptr_array_add(ctx->ignored, g_strdup_printf("<%s>", name));
		return;
	}
	if (strcmp(name, libvirt_caps[cap].element)) {
		g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
			    "<%s>: libvirt's element names are lower case (<%s>); libvirt would not read this one", name,
			    libvirt_caps[cap].element);
		return;
	}
	/* Only directly in <features> (or at the top of a fragment): libvirt reads no cap inside <kvm>, <hyperv>... */
	if (ctx->depth != 1 + ctx->features) {
		g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
			    "<%s> inside another element (such as <kvm>): libvirt reads it only directly inside "
			    "<features>", name);
		return;
	}
	if (ctx->seen & (1u << cap)) {
		g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "<%s> is given twice; give it once",
			    name);
		return;
	}
	ctx->seen |= 1u << cap;
	for (guint i = 0; attr_names[i]; i++) {
		if (strcmp(attr_names[i], libvirt_caps[cap].attr))
			continue;
		if (value) {
			g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
				    "<%s>: attribute %s is given twice", name, attr_names[i]);
			return;
		}
		value = attr_values[i];
	}
	if (!value) {
		g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "<%s/> needs %s='...'", name,
			    libvirt_caps[cap].attr);
		return;
	}
	for (guint i = 0; libvirt_caps[cap].values[i]; i++) {
		if (!strcmp(value, libvirt_caps[cap].values[i])) {
			g_string_append_printf(ctx->list, "%scap-%s=%s", ctx->list->len ? "," : "",
					       vcpuchar_ppc_cap_name(cap), value);
			return;
		}
		if (!g_ascii_strcasecmp(value, libvirt_caps[cap].values[i])) {
			g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
				    "<%s %s='%s'/>: libvirt's values are lower case ('%s'); libvirt refuses this one",
				    name, libvirt_caps[cap].attr, value, libvirt_caps[cap].values[i]);
			return;
		}
	}
	g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
		    "<%s %s='%s'/>: neither libvirt nor QEMU knows this value", name, libvirt_caps[cap].attr, value);
}

static void libvirt_end(GMarkupParseContext *mc, const char *name, gpointer data, GError **error)
{
	(void)mc;
	(void)name;
	(void)error;
	((struct libvirt_ctx *)data)->depth--;
}

/* A pasted libvirt fragment ("<features><cfpc value='broken'/>...</features>") into a QEMU list. */
static int parse_libvirt(const char *opt, const char *arg, GString *list, GPtrArray *ignored)
{
	static const GMarkupParser parser = { .start_element = libvirt_start, .end_element = libvirt_end };
	struct libvirt_ctx ctx = { list, ignored, 0, FALSE, 0 };
	g_autoptr(GMarkupParseContext) mc = g_markup_parse_context_new(&parser, 0, &ctx, NULL);
	g_autoptr(GError) error = NULL;

	/*
	 * The user's text as it is, with no wrapper element around it: an error
	 * then names only their elements, and its column is theirs.
	 */
	if (!g_markup_parse_context_parse(mc, arg, -1, &error) || !g_markup_parse_context_end_parse(mc, &error))
		return cli_usage("%s (libvirt XML): %s", opt, error->message);
	return CLI_OK;
}

/* What --machine says besides the caps: accel= (-1 when not given), a pseries type the library does not know. */
struct machine_extra {
	int accel;
	char *unknown; /* "NAME\nwhy", NULL when the type is known */
	char *note;    /* said with the answer when @unknown */
};

static void machine_extra_clear(struct machine_extra *x)
{
	g_free(x->unknown);
	g_free(x->note);
}

typedef struct machine_extra machine_extra_t;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(machine_extra_t, machine_extra_clear)

/*
 * --machine and --caps together: each cap at most once. QEMU itself takes
 * the last of repeated properties, but a pasted line that names a cap twice
 * is ambiguous to the person reading it, so it is refused.
 */
static int parse_request_caps(const char *machine, const char *caps, struct vcpuchar_ppc_request *req,
			      GPtrArray *ignored, struct machine_extra *x)
{
	g_autoptr(GString) mlist = g_string_new(NULL);
	g_autoptr(GString) clist = g_string_new(NULL);
	struct vcpuchar_ppc_caps c = { 0 };
	uint32_t mset = 0, cset = 0;
	g_autofree char *err = NULL;
	size_t err_size;
	int r;

	x->accel = -1;
	if (machine && (r = parse_machine_line(machine, req->qemu_version, &req->machine, &x->unknown, mlist, ignored,
					       &x->accel)))
		return r;
	if (caps) {
		/* A fragment copied out of a domain XML often starts with its indentation. */
		const char *p = caps;

		while (g_ascii_isspace(*p))
			p++;
		if (*p == '<') {
			if ((r = parse_libvirt("--caps", caps, clist, ignored)))
				return r;
		} else {
			g_string_assign(clist, caps);
		}
	}
	err_size = CLI_ERR_SIZE(mlist->str) + CLI_ERR_SIZE(clist->str);
	err = g_malloc0(err_size);
	if (vcpuchar_ppc_caps_parse(mlist->str, &c, &mset, err, err_size) < 0)
		return cli_usage("--machine: %s", err);
	if (vcpuchar_ppc_caps_parse(clist->str, &c, &cset, err, err_size) < 0)
		return cli_usage("--caps: %s", err);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		if (mset & cset & (1u << cap))
			return cli_usage("cap-%s is given in both --machine and --caps; give it once",
					 vcpuchar_ppc_cap_name(cap));
	req->caps = c;
	req->caps_set = mset | cset;
	if (x->unknown) {
		char *why = strchr(x->unknown, '\n');

		*why++ = '\0';
		/* Without all four caps the type's defaults decide some: they are not known here. */
		if (req->caps_set != (1u << VCPUCHAR_PPC_N_CAPS) - 1)
			return cli_usage("--machine: %s", why);
		x->note = g_strdup_printf("machine type '%s' is not known here; answered because all four caps are "
					  "given, so its default caps do not matter (QEMU still has to know the type); "
					  "the defaults_* warnings are left out: for them, give the upstream pseries-X.Y "
					  "the type derives from", x->unknown);
	}
	return CLI_OK;
}

/* The defaults_* warnings are about a machine type's defaults: none when the type is not known. */
static void drop_defaults_warnings(struct vcpuchar_ppc_warnings *w)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < w->n_entries && i < VCPUCHAR_PPC_WARNING_MAX; i++)
		if (w->entries[i].code != VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED &&
		    w->entries[i].code != VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST)
			w->entries[n++] = w->entries[i];
	w->n_entries = n;
	w->codes &= ~((1u << VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED) | (1u << VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST));
}

static int load_ppc_profile(const char *path, struct vcpuchar_ppc_host *h);

static int cmd_hcall(int argc, char **argv)
{
	g_autofree char *host_file = NULL, *chars = NULL, *caps = NULL, *machine = NULL;
	g_autofree char *mode = NULL, *accel = NULL, *cpu = NULL, *qemu_version = NULL;
	gboolean json = FALSE, power8 = FALSE;
	GOptionEntry entries[] = {
		{ "host", 0, 0, G_OPTION_ARG_FILENAME, &host_file, "Host facts from a profile file", "FILE" },
		{ "chars", 0, 0, G_OPTION_ARG_STRING, &chars, "KVM_PPC_GET_CPU_CHAR words, each 0x and hex digits", "C,B,CM,BM" },
		{ "power8-host", 0, 0, G_OPTION_ARG_NONE, &power8,
		  "The --chars come from a POWER8-family host (the guest is then POWER8 unless --guest-cpu)", NULL },
		{ "caps", 0, 0, G_OPTION_ARG_STRING, &caps,
		  "Requested caps: QEMU spelling, or a libvirt <features> fragment", "LIST" },
		{ "machine", 0, 0, G_OPTION_ARG_STRING, &machine,
		  "pseries machine type, or a whole pasted -machine value (TYPE,cap-NAME=VALUE,...; other "
		  "properties are ignored and named)", "TYPE[,PROPS]" },
		{ "mode", 0, 0, G_OPTION_ARG_STRING, &mode, "host-max (default), caps or host", "MODE" },
		{ "accel", 0, 0, G_OPTION_ARG_STRING, &accel, "kvm (default) or tcg", "ACCEL" },
		{ "guest-cpu", 0, 0, G_OPTION_ARG_STRING, &cpu,
		  "power7, power8, power9, power10, power11 (default power9; power8 on a POWER8-family host)", "CPU" },
		{ "qemu-version", 0, 0, G_OPTION_ARG_STRING, &qemu_version, QEMU_VERSION_HELP, "V" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- the guest's H_GET_CPU_CHARACTERISTICS answer");
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings warn = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_start start = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	g_autoptr(GPtrArray) ignored = g_ptr_array_new_with_free_func(g_free);
	g_auto(machine_extra_t) mx = { -1, NULL, NULL };
	struct cli_qemu_target qv;
	gboolean have_host = FALSE;
	char cpu_note[512] = "";
	uint32_t shown_cpu;
	int r;

	g_option_context_set_summary(ctx, "Computes cap levels, conflicts, R4/R5 and the Linux guest's view.");
	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	if ((r = cli_qemu_version_parse(qemu_version, &qv)))
		return r;
	req.qemu_version = qv.version;
	if (host_file && chars)
		return cli_usage("--host and --chars both give host facts; use one");
	if (power8 && !chars)
		return cli_usage("--power8-host qualifies --chars; it needs them");
	if (mode) {
		static const char *const n[] = { "host-max", "caps", "host" };
		static const uint32_t v[] = { VCPUCHAR_PPC_MODE_HOST_MAX, VCPUCHAR_PPC_MODE_CAPS, VCPUCHAR_PPC_MODE_HOST };

		if ((r = parse_enum("--mode", mode, n, v, 3, &req.mode)))
			return r;
	}
	if (accel) {
		static const char *const n[] = { "kvm", "tcg" };
		static const uint32_t v[] = { VCPUCHAR_ACCEL_KVM, VCPUCHAR_ACCEL_TCG };

		if ((r = parse_enum("--accel", accel, n, v, 2, &req.accel)))
			return r;
	}
	if (cpu) {
		static const char *const n[] = { "power7", "power8", "power9", "power10", "power11" };
		static const uint32_t v[] = { 7, 8, 9, 10, 11 };

		/* QEMU's CPU names, in any case as QEMU takes them (target/ppc/cpu_init.c ppc_cpu_class_by_name()). */
		g_autofree char *lc = g_ascii_strdown(cpu, -1);

		if ((r = parse_enum("--guest-cpu", lc, n, v, 5, &req.cpu)))
			return r;
	}
	if ((r = parse_request_caps(machine, caps, &req, ignored, &mx)))
		return r;
	if (mx.accel >= 0) {
		if (accel && (uint32_t)mx.accel != req.accel)
			return cli_usage("--accel %s and --machine accel=%s disagree; give the accelerator once", accel,
					 mx.accel == VCPUCHAR_ACCEL_TCG ? "tcg" : "kvm");
		req.accel = (uint32_t)mx.accel;
	}

	if (chars) {
		if ((r = parse_chars(chars, &host)))
			return r;
		host.power8 = power8;
		have_host = TRUE;
	} else if (host_file) {
		/* The bad-input rules of every ppc command: readable, [ppc], a POWER host. */
		if ((r = load_ppc_profile(host_file, &host)))
			return r;
		have_host = TRUE;
	} else if (req.accel == VCPUCHAR_ACCEL_KVM) {
		/* No facts given: ask this host's KVM, as QEMU would at start-up. */
		int kvm_fd, vm_fd, e;

		cli_open_kvm(&kvm_fd, &vm_fd, &e);
		if (vm_fd >= 0)
			vcpuchar_ppc_host_probe(vm_fd, NULL, &host);
		else {
			host.source = VCPUCHAR_SOURCE_KVM;
			host.error = e;
		}
		if (vm_fd >= 0)
			close(vm_fd);
		if (kvm_fd >= 0)
			close(kvm_fd);
		have_host = TRUE;
	}

	/* The guest CPU the library decides for (lib/ppc.md#guest-cpu): for the header, the note and a refusal. */
	shown_cpu = req.cpu ? req.cpu : VCPUCHAR_PPC_CPU_POWER9;
	if (req.accel == VCPUCHAR_ACCEL_KVM) {
		r = vcpuchar_ppc_host_cpu(have_host ? &host : NULL, req.cpu, &shown_cpu, cpu_note, sizeof(cpu_note));
		if (r < 0)
			return cli_usage("%s: %s", host_file ? host_file : chars ? "--chars" : "this host", cpu_note);
	}

	r = vcpuchar_ppc_decide(have_host ? &host : NULL, &req, &res);
	if (r == -ENODATA) {
		char why[256];

		vcpuchar_ppc_host_describe(&host, why, sizeof(why));
		return cli_usage("--mode host needs host information (--chars, --host, or a POWER KVM host); "
				 "this host: %s", why);
	}
	if (r == -EINVAL && req.mode == VCPUCHAR_PPC_MODE_HOST && req.accel == VCPUCHAR_ACCEL_TCG)
		return cli_usage("--mode host needs --accel kvm: under TCG the host does not run the guest, so its "
				 "words are not the guest's (--mode host-max or caps)");
	if (r < 0)
		return cli_usage("cannot decide: %s", g_strerror(-r));
	if ((r = vcpuchar_ppc_warnings_check(have_host ? &host : NULL, &req, &warn)) < 0)
		return cli_usage("cannot check the warnings: %s", g_strerror(-r));
	if ((r = vcpuchar_ppc_start_check(have_host ? &host : NULL, &req, &start)) < 0)
		return cli_usage("cannot check the start: %s", g_strerror(-r));
	cli_qemu_version_caps(&qv, &res.effective_caps);
	if (mx.unknown)
		drop_defaults_warnings(&warn);

	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		cli_json_qemu_version(b, &qv);
		cli_json_ppc_result(b, &res);
		cli_json_ppc_spellings(b, &res, &warn, &start);
		json_builder_set_member_name(b, "ignored");
		json_builder_begin_array(b);
		for (guint i = 0; i < ignored->len; i++)
			json_builder_add_string_value(b, g_ptr_array_index(ignored, i));
		json_builder_end_array(b);
		json_builder_set_member_name(b, "notes");
		json_builder_begin_array(b);
		if (mx.note)
			json_builder_add_string_value(b, mx.note);
		if (*cpu_note)
			json_builder_add_string_value(b, cpu_note);
		json_builder_end_array(b);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		if (have_host) {
			char why[256];

			vcpuchar_ppc_host_describe(&host, why, sizeof(why));
			cli_printf("host            %s\n", why);
		}
		/* The user's words, so control bytes escaped (as in messages). */
		for (guint i = 0; i < ignored->len; i++) {
			g_autofree char *shown = cli_shown(g_ptr_array_index(ignored, i));

			cli_printf("ignored         %s (does not change H_GET_CPU_CHARACTERISTICS)\n", shown);
		}
		if (mx.note) {
			g_autofree char *shown = cli_shown(mx.note);

			cli_printf("note            %s\n", shown);
		}
		cli_text_qemu_version(&qv);
		if (*cpu_note) {
			g_autofree char *shown = cli_shown(cpu_note);

			cli_printf("note            %s\n", shown);
		}
		cli_text_ppc_result(&res, shown_cpu);
		cli_text_ppc_spellings(&res, &warn, machine, &start);
	}
	return res.n_errors || start.n_refused ? CLI_NO : CLI_OK;
}

/*
 * A migrate LIST: QEMU spelling (unlisted caps from the newest pseries
 * defaults of the target QEMU @qemu_version, as the library decides them:
 * the caps-mode caps of a TCG request, which are the defaults), or four
 * positional values "cfpc,sbbc,ibs,ccf-assist".
 */
static int parse_migrate_caps(const char *opt, const char *arg, uint32_t qemu_version, struct vcpuchar_ppc_caps *caps,
			      GPtrArray *ignored)
{
	g_auto(GStrv) parts = g_strsplit(arg, ",", -1);
	uint32_t set = 0;
	size_t err_size = CLI_ERR_SIZE(arg) + 64;
	g_autofree char *err = g_malloc0(err_size);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	req.accel = VCPUCHAR_ACCEL_TCG;
	req.qemu_version = qemu_version;
	if (vcpuchar_ppc_decide(NULL, &req, &res) < 0)
		return cli_usage("%s: cannot decide the defaults of that QEMU", opt);
	*caps = res.effective_caps;
	/* The --caps spelling includes a libvirt fragment, as the man page says for LIST. */
	for (const char *p = arg; *p; p++) {
		g_autoptr(GString) q = NULL;
		int r;

		if (g_ascii_isspace(*p))
			continue;
		if (*p != '<')
			break;
		q = g_string_new(NULL);
		if ((r = parse_libvirt(opt, arg, q, ignored)))
			return r;
		if (vcpuchar_ppc_caps_parse(q->str, caps, &set, err, err_size) < 0)
			return cli_usage("%s: %s", opt, err);
		return CLI_OK;
	}
	if (!strchr(arg, '=') && *arg) {
		g_autoptr(GString) q = g_string_new(NULL);

		if (g_strv_length(parts) != VCPUCHAR_PPC_N_CAPS)
			return cli_usage("%s '%s': want cap-NAME=VALUE items or four values cfpc,sbbc,ibs,ccf-assist",
					 opt, arg);
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			g_string_append_printf(q, "%scap-%s=%s", cap ? "," : "", vcpuchar_ppc_cap_name(cap), parts[cap]);
		if (vcpuchar_ppc_caps_parse(q->str, caps, &set, err, err_size) < 0)
			return cli_usage("%s: %s", opt, err);
		return CLI_OK;
	}
	if (vcpuchar_ppc_caps_parse(arg, caps, &set, err, err_size) < 0)
		return cli_usage("%s: %s", opt, err);
	return CLI_OK;
}

/*
 * A POWER machine as uname -m names it (ppc64le, ppc64; ppc and ppcle for
 * 32-bit). Whole names: a prefix test took arch=ppcx for POWER.
 */
static gboolean is_power_arch(const char *arch)
{
	static const char *const names[] = { "ppc64le", "ppc64", "ppc", "ppcle" };

	for (size_t i = 0; i < G_N_ELEMENTS(names); i++)
		if (!strcmp(arch, names[i]))
			return TRUE;
	return FALSE;
}

/*
 * One host profile for a ppc command: the file must be readable, hold a
 * [ppc] group and describe a POWER host. Every refusal names the file
 * (examples/vcpuchar/README.md, "Bad input").
 */
static int load_ppc_profile(const char *path, struct vcpuchar_ppc_host *h)
{
	struct vcpuchar_x86_host x86 = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	size_t err_size = CLI_ERR_SIZE(path);
	g_autofree char *err = g_malloc0(err_size);

	if (vcpuchar_profile_load(path, h, &x86, err, err_size) < 0)
		return cli_usage("%s", err);
	if (h->arch[0] && !is_power_arch(h->arch))
		return cli_usage("%s: describes %s %s host (arch=%s in [host]); a ppc command needs a POWER host "
				 "profile", path, cli_article(h->arch), h->arch, h->arch);
	/* Zero masks are an answer; no group is no answer at all. */
	if (h->error == -ENODATA)
		return cli_usage("%s: no [ppc] group: there is no POWER information in that file%s; a ppc command "
				 "needs the KVM_PPC_GET_CPU_CHAR words (/usr/share/doc/libvcpuchar/profiles.md)", path,
				 x86.error[0] != -ENODATA ? " (it is an x86 host profile)" : "");
	return CLI_OK;
}

/*
 * ppc64 (big-endian) and ppc64le hosts run the same pseries guests: the
 * guest's endianness is its own, and QEMU's migration stream is the same
 * target's. Only another architecture family is refused.
 */
static gboolean same_arch(const char *a, const char *b)
{
	if (!a[0] || !b[0])
		return TRUE;
	if (g_str_has_prefix(a, "ppc64") && g_str_has_prefix(b, "ppc64"))
		return TRUE; /* ppc64 and ppc64le only: load_ppc_profile() let no other name through */
	return !strcmp(a, b);
}

static int parse_cpu_opt(const char *cpu, uint32_t *ret)
{
	static const char *const n[] = { "power7", "power8", "power9", "power10", "power11" };
	static const uint32_t v[] = { 7, 8, 9, 10, 11 };

	g_autofree char *lc = cpu ? g_ascii_strdown(cpu, -1) : NULL;

	/* Any case, as QEMU's -cpu (target/ppc/cpu_init.c ppc_cpu_class_by_name() lowers the name). */
	return cpu ? parse_enum("--guest-cpu", lc, n, v, 5, ret) : CLI_OK;
}

static void text_view(const struct vcpuchar_ppc_guest_view *v, uint32_t cpu)
{
	cli_printf("guest view (Linux pseries guest, POWER%u):\n", cpu ? cpu : 9);
	cli_printf("  meltdown           %s\n  l1tf               %s\n  spectre_v1         %s\n"
	       "  spectre_v2         %s\n  spec_store_bypass  %s\n",
	       v->meltdown, v->l1tf, v->spectre_v1, v->spectre_v2, v->spec_store_bypass);
}

/* A file by (device, inode), for the baseline's hash table of files given. */
struct file_id {
	dev_t dev;
	ino_t ino;
};

static guint file_id_hash(gconstpointer p)
{
	const struct file_id *f = p;

	return (guint)(f->ino ^ (f->ino >> 32) ^ f->dev);
}

static gboolean file_id_equal(gconstpointer a, gconstpointer b)
{
	const struct file_id *x = a, *y = b;

	return x->dev == y->dev && x->ino == y->ino;
}

/* One baseline warning: a code and a text, the host's file in front where it is about one host. */
struct bwarn {
	const char *code;
	char *text;
};

static int cmd_baseline(int argc, char **argv)
{
	g_autofree char *machine = NULL, *cpu = NULL, *qemu_version = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "machine", 0, 0, G_OPTION_ARG_STRING, &machine,
		  "pseries machine type the fleet's guests use: warnings say on which hosts its default caps would "
		  "refuse to start or run below the host", "TYPE" },
		{ "guest-cpu", 0, 0, G_OPTION_ARG_STRING, &cpu, "power7, power8, power9 (default), power10, power11",
		  "CPU" },
		{ "qemu-version", 0, 0, G_OPTION_ARG_STRING, &qemu_version, QEMU_VERSION_HELP, "V" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("PROFILE... - the caps every host of a fleet accepts");
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_baseline base = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_guest_view view = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
	struct vcpuchar_ppc_warnings w = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	char qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN];
	g_autofree struct vcpuchar_ppc_host *hosts = NULL;
	g_autofree const struct vcpuchar_ppc_host **ptrs = NULL;
	g_autofree struct vcpuchar_ppc_caps *levels = NULL;
	g_autofree uint32_t *held = NULL;
	g_autoptr(GArray) warns = g_array_new(FALSE, FALSE, sizeof(struct bwarn));
	g_autoptr(GHashTable) files = NULL;
	struct cli_qemu_target qv;
	uint64_t r4, r5;
	uint32_t host_cpu;
	int n, r, arch_from = -1;

	g_option_context_set_summary(ctx, "Per cap the highest level QEMU accepts on every host profile given, the "
					  "hosts that hold each cap back, and what a guest with those caps is told.");
	/* PROFILE... are positional. */
	if ((r = cli_parse(ctx, entries, TRUE, &argc, &argv)))
		return r;
	n = argc - 1;
	if (n < 1)
		return cli_usage("ppc baseline needs at least one host PROFILE");
	if ((r = cli_qemu_version_parse(qemu_version, &qv)))
		return r;
	req.qemu_version = qv.version;
	if (machine) {
		size_t err_size = CLI_ERR_SIZE(machine);
		g_autofree char *err = g_malloc0(err_size);

		if (vcpuchar_ppc_machine_parse_qemu(machine, req.qemu_version, &req.machine, err, err_size) < 0)
			return cli_usage("--machine: %s", err);
	}
	if ((r = parse_cpu_opt(cpu, &req.cpu)))
		return r;

	hosts = g_new0(struct vcpuchar_ppc_host, n);
	ptrs = g_new0(const struct vcpuchar_ppc_host *, n);
	levels = g_new0(struct vcpuchar_ppc_caps, n);
	held = g_new0(uint32_t, n);
	/*
	 * Linear in the fleet: each file's (device, inode) goes into a hash
	 * table (the same file under any name is the same host counted twice),
	 * and each arch is compared with the first host that names one.
	 */
	files = g_hash_table_new_full(file_id_hash, file_id_equal, g_free, NULL);
	for (int i = 0; i < n; i++) {
		struct stat st;

		hosts[i].size = sizeof(hosts[i]);
		if ((r = load_ppc_profile(argv[i + 1], &hosts[i])))
			return r;
		/* The loader has just read it: a stat that fails now is a file that went away. */
		if (stat(argv[i + 1], &st) < 0)
			return cli_usage("%s: %s", argv[i + 1], g_strerror(errno));
		{
			struct file_id *id = g_new(struct file_id, 1);
			gpointer first;

			id->dev = st.st_dev;
			id->ino = st.st_ino;
			if (g_hash_table_lookup_extended(files, id, NULL, &first)) {
				g_free(id);
				return cli_usage("%s: the same host as %s, given twice", argv[i + 1],
						 argv[GPOINTER_TO_INT(first)]);
			}
			g_hash_table_insert(files, id, GINT_TO_POINTER(i + 1));
		}
		if (arch_from < 0 && hosts[i].arch[0])
			arch_from = i;
		if (arch_from >= 0 && !same_arch(hosts[i].arch, hosts[arch_from].arch))
			return cli_usage("%s: arch=%s, but %s is arch=%s: a fleet baseline needs hosts of one "
					 "architecture", argv[i + 1], hosts[i].arch, argv[arch_from + 1],
					 hosts[arch_from].arch);
		/* The fleet's guest CPU must run on every host (lib/ppc.md#guest-cpu). */
		if (cpu) {
			char err[512];

			if (vcpuchar_ppc_host_cpu(&hosts[i], req.cpu, &host_cpu, err, sizeof(err)) < 0)
				return cli_usage("%s: %s", argv[i + 1], err);
		}
		ptrs[i] = &hosts[i];
	}
	/* Without --guest-cpu the fleet's guests are the oldest host's own, so that they run everywhere. */
	for (int i = 0; i < n && !cpu; i++)
		if (vcpuchar_ppc_host_cpu(&hosts[i], 0, &host_cpu, NULL, 0) >= 0 && (!req.cpu || host_cpu < req.cpu))
			req.cpu = host_cpu;
	if ((r = vcpuchar_ppc_baseline(ptrs, (uint32_t)n, levels, held, &base)) < 0)
		return cli_usage("cannot compute the baseline: %s", g_strerror(-r));
	/* A POWER7 guest CPU lacks ISA 2.07: QEMU gives it cfpc=broken (lib/ppc.md#machine-defaults). */
	if (req.cpu == VCPUCHAR_PPC_CPU_POWER7)
		vcpuchar_ppc_caps_set(&base.caps, VCPUCHAR_PPC_CAP_CFPC, VCPUCHAR_PPC_LEVEL_BROKEN);
	vcpuchar_ppc_caps_to_hcall(&base.caps, &r4, &r5);
	vcpuchar_ppc_guest_view(r4, r5, req.cpu, 0, &view);
	if (vcpuchar_ppc_caps_format(&base.caps, VCPUCHAR_PPC_FORMAT_QEMU, qemu, sizeof(qemu), NULL) < 0 ||
	    vcpuchar_ppc_caps_format(&base.caps, VCPUCHAR_PPC_FORMAT_LIBVIRT, libvirt, sizeof(libvirt), NULL) < 0)
		return cli_usage("cannot spell the baseline caps");

	/* The baseline's own warnings (fixed-na): the caps, given in full, on no host in particular. */
	{
		struct vcpuchar_ppc_request all = req;

		all.mode = VCPUCHAR_PPC_MODE_CAPS;
		all.caps_set = (1u << VCPUCHAR_PPC_N_CAPS) - 1;
		all.caps = base.caps;
		if (vcpuchar_ppc_warnings_check(NULL, &all, &w) > 0)
			for (uint32_t k = 0; k < w.n_entries && k < VCPUCHAR_PPC_WARNING_MAX; k++) {
				struct bwarn bw = { vcpuchar_ppc_warning_name(w.entries[k].code),
						    g_strdup(w.entries[k].text) };
				g_array_append_val(warns, bw);
			}
	}
	/*
	 * Per host: what it reports outside its masks, and what --machine's
	 * defaults do there. The guest has the baseline caps on every host, so
	 * the texts (what the guest still gets) read the baseline's R4/R5;
	 * host-max mode keeps the defaults warnings.
	 */
	for (int i = 0; i < n; i++) {
		struct vcpuchar_ppc_warnings hw = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
		struct vcpuchar_ppc_request fleet = req;

		fleet.caps = base.caps;
		fleet.caps_set = (1u << VCPUCHAR_PPC_N_CAPS) - 1;
		if (vcpuchar_ppc_warnings_check(&hosts[i], &fleet, &hw) <= 0)
			continue;
		for (uint32_t k = 0; k < hw.n_entries && k < VCPUCHAR_PPC_WARNING_MAX; k++) {
			struct bwarn bw;

			if (hw.entries[k].code == VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT)
				continue;
			bw.code = vcpuchar_ppc_warning_name(hw.entries[k].code);
			bw.text = g_strdup_printf("%s: %s", argv[i + 1], hw.entries[k].text);
			g_array_append_val(warns, bw);
		}
	}

	cli_qemu_version_caps(&qv, &base.caps);
	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		cli_json_qemu_version(b, &qv);
		json_caps(b, "caps", &base.caps);
		json_builder_set_member_name(b, "hosts");
		json_builder_begin_array(b);
		for (int i = 0; i < n; i++) {
			json_builder_begin_object(b);
			json_str(b, "host", argv[i + 1]);
			json_caps(b, "caps", &levels[i]);
			json_bool(b, "host_info", hosts[i].character_mask || hosts[i].behaviour_mask);
			json_builder_end_object(b);
		}
		json_builder_end_array(b);
		json_builder_set_member_name(b, "held_back");
		json_builder_begin_array(b);
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			for (int i = 0; i < n; i++) {
				if (!(held[i] & (1u << cap)))
					continue;
				json_builder_begin_object(b);
				json_str(b, "cap", vcpuchar_ppc_cap_name(cap));
				json_str(b, "host", argv[i + 1]);
				json_str(b, "level", vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(&levels[i], cap)));
				json_builder_end_object(b);
			}
		json_builder_end_array(b);
		cli_json_hex(b, "r4", r4);
		cli_json_hex(b, "r5", r5);
		json_view(b, &view);
		json_str(b, "qemu", qemu);
		json_str(b, "libvirt", libvirt);
		json_builder_set_member_name(b, "warnings");
		json_builder_begin_array(b);
		for (guint k = 0; k < warns->len; k++) {
			json_builder_begin_object(b);
			json_str(b, "code", g_array_index(warns, struct bwarn, k).code);
			json_str(b, "text", g_array_index(warns, struct bwarn, k).text);
			json_builder_end_object(b);
		}
		json_builder_end_array(b);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		cli_text_qemu_version(&qv);
		text_caps("baseline", &base.caps);
		/* File names as the user can read them: a control byte in one is escaped, never printed raw. */
		g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func(g_free);

		for (int i = 0; i < n; i++)
			g_ptr_array_add(shown, cli_shown(argv[i + 1]));
		for (int i = 0; i < n; i++) {
			cli_printf("host            %s%s\n", (const char *)g_ptr_array_index(shown, i),
			       hosts[i].character_mask || hosts[i].behaviour_mask ? "" : " (no information)");
			text_caps("", &levels[i]);
		}
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			for (int i = 0; i < n; i++)
				if (held[i] & (1u << cap))
					cli_printf("held back       cap-%s at %s by %s\n", vcpuchar_ppc_cap_name(cap),
					       vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(&levels[i], cap)),
					       (const char *)g_ptr_array_index(shown, i));
		cli_printf("R4 (character)  0x%016" PRIx64 "\nR5 (behaviour)  0x%016" PRIx64 "\n", r4, r5);
		text_view(&view, req.cpu);
		cli_printf("paste (every host accepts it):\n  qemu     -machine %s,%s\n  libvirt  %s\n",
			   machine ? machine : "pseries", qemu, libvirt);
		for (guint k = 0; k < warns->len; k++)
			cli_printf("warning %s: %s\n", g_array_index(warns, struct bwarn, k).code,
			       g_array_index(warns, struct bwarn, k).text);
	}
	for (guint k = 0; k < warns->len; k++)
		g_free(g_array_index(warns, struct bwarn, k).text);
	return CLI_OK;
}

/* The verdict when the guest CPU cannot run on A or B: nothing else to decide. */
static int migrate_cpu_refused(GPtrArray *errors, const struct cli_qemu_target *qv, gboolean json)
{
	if (json) {
		g_autoptr(JsonBuilder) jb = json_builder_new();

		json_builder_begin_object(jb);
		cli_json_qemu_version(jb, qv);
		json_bool(jb, "ok", FALSE);
		json_builder_set_member_name(jb, "errors");
		json_builder_begin_array(jb);
		for (guint i = 0; i < errors->len; i++)
			json_builder_add_string_value(jb, g_ptr_array_index(errors, i));
		json_builder_end_array(jb);
		json_builder_end_object(jb);
		cli_print_json(jb);
	} else {
		cli_text_qemu_version(qv);
		for (guint i = 0; i < errors->len; i++)
			cli_printf("error: %s\n", (const char *)g_ptr_array_index(errors, i));
		cli_printf("migration refused\n");
	}
	return CLI_NO;
}

/*
 * ppc migrate --src-host A --dst-host B (lib/ppc.md#migration-between-hosts):
 * the caps are decided on A; QEMU on B is started with the same command
 * line, i.e. with those caps given explicitly, and its migration check
 * compares the incoming caps with the ones it runs with. Where B could
 * offer more, the guest still keeps what A told it: a warning per cap.
 */
static int migrate_hosts(const char *src_file, const char *dst_file, const char *caps, const char *machine,
			 const char *mode, const char *cpu, const struct cli_qemu_target *qv, gboolean json)
{
	struct vcpuchar_ppc_host a = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_host b = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result ra = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_host_migration hm = VCPUCHAR_INIT(struct vcpuchar_ppc_host_migration);
	g_autoptr(GPtrArray) ignored = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) explain = g_ptr_array_new_with_free_func(g_free);
	g_autofree char *note = NULL;
	g_auto(machine_extra_t) mx = { -1, NULL, NULL };
	char err[512];
	int r;

	if (mode) {
		static const char *const n[] = { "host-max", "caps" };
		static const uint32_t v[] = { VCPUCHAR_PPC_MODE_HOST_MAX, VCPUCHAR_PPC_MODE_CAPS };

		if ((r = parse_enum("--mode", mode, n, v, 2, &req.mode)))
			return r;
	}
	req.qemu_version = qv->version;
	if ((r = parse_cpu_opt(cpu, &req.cpu)) || (r = parse_request_caps(machine, caps, &req, ignored, &mx)))
		return r;
	if (mx.accel >= 0)
		req.accel = (uint32_t)mx.accel;
	if ((r = load_ppc_profile(src_file, &a)) || (r = load_ppc_profile(dst_file, &b)))
		return r;
	/* The rules (lib/ppc.md#migration-between-hosts) are the library's; this names the files. */
	if ((r = vcpuchar_ppc_migrate_hosts(&a, &b, &req, &ra, &hm, err, sizeof(err))) < 0)
		return cli_usage("%s: %s", dst_file, *err ? err : g_strerror(-r));
	for (uint32_t i = 0; i < hm.n_entries; i++) {
		const struct vcpuchar_ppc_host_migration_entry *e = &hm.entries[i];
		const char *file = e->where == VCPUCHAR_PPC_AT_SOURCE ? src_file : dst_file;
		GPtrArray *list = e->severity == VCPUCHAR_SEVERITY_ERROR ? errors : warnings;

		if (e->cap == VCPUCHAR_PPC_CAP_GUEST_CPU)
			g_ptr_array_add(list, g_strdup_printf("%s: %s", file, e->message));
		else if (e->where == VCPUCHAR_PPC_AT_SOURCE)
			g_ptr_array_add(list, g_strdup_printf("%s: QEMU does not start the guest there: %s", file,
							      e->message));
		else
			g_ptr_array_add(list, g_strdup_printf("%s: %s (cap-%s=%s from %s; this host: %s)", file,
							      e->message, vcpuchar_ppc_cap_name(e->cap),
							      vcpuchar_ppc_level_name(e->cap, e->requested), src_file,
							      vcpuchar_ppc_level_name(e->cap, e->host)));
		if (*e->explanation)
			g_ptr_array_add(explain, g_strdup_printf("%s: cap-%s: %s", file, vcpuchar_ppc_cap_name(e->cap),
								 e->explanation));
	}
	/* The library decides nothing for a guest CPU a host cannot run. */
	if (hm.n_entries && hm.entries[0].cap == VCPUCHAR_PPC_CAP_GUEST_CPU)
		return migrate_cpu_refused(errors, qv, json);
	/* Always said: whatever B offers, the guest keeps what A told it at boot. */
	note = g_strdup_printf("the guest keeps the view it got at boot on %s (R4 0x%016" PRIx64 ", R5 0x%016" PRIx64
			       ") until it reboots: Linux re-reads H_GET_CPU_CHARACTERISTICS only after a PowerVM "
			       "partition migration, never after a KVM migration",
			       src_file, hm.r4, hm.r5);

	if (json) {
		g_autoptr(JsonBuilder) jb = json_builder_new();
		GPtrArray *lists[] = { errors, warnings, explain };
		static const char *const names[] = { "errors", "warnings", "explanations" };

		json_builder_begin_object(jb);
		cli_json_qemu_version(jb, qv);
		json_bool(jb, "ok", errors->len == 0);
		for (int l = 0; l < 3; l++) {
			json_builder_set_member_name(jb, names[l]);
			json_builder_begin_array(jb);
			for (guint i = 0; i < lists[l]->len; i++)
				json_builder_add_string_value(jb, g_ptr_array_index(lists[l], i));
			json_builder_end_array(jb);
		}
		json_str(jb, "mode", vcpuchar_ppc_mode_name(req.mode));
		json_caps(jb, "effective_caps", &ra.effective_caps);
		json_caps(jb, "dst_host_caps", &hm.dst_host_caps);
		json_str(jb, "note", note);
		json_view(jb, &ra.guest_view);
		json_builder_end_object(jb);
		cli_print_json(jb);
	} else {
		cli_text_qemu_version(qv);
		text_caps("effective caps", &ra.effective_caps);
		g_autofree char *src_shown = cli_shown(src_file), *dst_shown = cli_shown(dst_file);

		cli_printf("                (decided on %s, %s mode)\n", src_shown, vcpuchar_ppc_mode_name(req.mode));
		text_caps("destination", &hm.dst_host_caps);
		cli_printf("                (the levels %s supports)\n", dst_shown);
		for (guint i = 0; i < errors->len; i++)
			cli_printf("error: %s\n", (const char *)g_ptr_array_index(errors, i));
		for (guint i = 0; i < explain->len; i++)
			cli_printf("       %s\n", (const char *)g_ptr_array_index(explain, i));
		for (guint i = 0; i < warnings->len; i++)
			cli_printf("warning: %s\n", (const char *)g_ptr_array_index(warnings, i));
		cli_printf("note: %s\n", note);
		text_view(&ra.guest_view, hm.cpu);
		cli_printf("%s\n", errors->len ? "migration refused" : "migration ok");
	}
	return errors->len ? CLI_NO : CLI_OK;
}

static int cmd_migrate(int argc, char **argv)
{
	g_autofree char *src = NULL, *dst = NULL, *src_host = NULL, *dst_host = NULL;
	g_autofree char *caps = NULL, *machine = NULL, *mode = NULL, *cpu = NULL, *qemu_version = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "src", 0, 0, G_OPTION_ARG_STRING, &src, "Source caps, as for ppc hcall --caps, or four values", "LIST" },
		{ "dst", 0, 0, G_OPTION_ARG_STRING, &dst, "Destination caps, the same spellings", "LIST" },
		{ "src-host", 0, 0, G_OPTION_ARG_FILENAME, &src_host, "Source host profile: the caps are decided there",
		  "FILE" },
		{ "dst-host", 0, 0, G_OPTION_ARG_FILENAME, &dst_host, "Destination host profile", "FILE" },
		{ "caps", 0, 0, G_OPTION_ARG_STRING, &caps, "With --src-host: requested caps, as for ppc hcall", "LIST" },
		{ "machine", 0, 0, G_OPTION_ARG_STRING, &machine, "With --src-host: pseries machine type", "TYPE" },
		{ "mode", 0, 0, G_OPTION_ARG_STRING, &mode, "With --src-host: host-max (default) or caps", "MODE" },
		{ "guest-cpu", 0, 0, G_OPTION_ARG_STRING, &cpu, "With --src-host: guest CPU for the guest view", "CPU" },
		{ "qemu-version", 0, 0, G_OPTION_ARG_STRING, &qemu_version, QEMU_VERSION_HELP, "V" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- check a migration between two cap sets");
	struct vcpuchar_ppc_caps s, d;
	struct vcpuchar_ppc_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
	g_autoptr(GPtrArray) ignored = g_ptr_array_new_with_free_func(g_free);
	struct cli_qemu_target qv;
	int r;

	g_option_context_set_summary(ctx, "Either two cap sets (--src LIST --dst LIST; LIST: cap-NAME=VALUE,... or a "
					  "libvirt <features> fragment, unlisted caps take the newest pseries defaults of "
					  "--qemu-version's QEMU (7.2 when not given), "
					  "or four values "
					  "cfpc,sbbc,ibs,ccf-assist), or two host profiles (--src-host A --dst-host B): "
					  "the caps decided on A, whether QEMU on B starts with them, and B's migration "
					  "check.");
	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	if ((src_host || dst_host) && (src || dst))
		return cli_usage("ppc migrate takes either --src-host and --dst-host or --src and --dst, not both forms");
	if (src_host || dst_host) {
		if (!src_host || !dst_host)
			return cli_usage("ppc migrate needs both --src-host and --dst-host");
		if ((r = cli_qemu_version_parse(qemu_version, &qv)))
			return r;
		return migrate_hosts(src_host, dst_host, caps, machine, mode, cpu, &qv, json);
	}
	/*
	 * Two cap sets: QEMU's migration check, the same function in every
	 * supported version; --qemu-version gives the defaults of unlisted caps.
	 */
	if (caps || machine || mode || cpu)
		return cli_usage("--caps, --machine, --mode and --guest-cpu go with --src-host/--dst-host");
	if (!src || !dst)
		return cli_usage("ppc migrate needs both --src and --dst (or --src-host and --dst-host)");
	if ((r = cli_qemu_version_parse(qemu_version, &qv)))
		return r;
	if ((r = parse_migrate_caps("--src", src, qv.version, &s, ignored)) ||
	    (r = parse_migrate_caps("--dst", dst, qv.version, &d, ignored)))
		return r;
	if ((r = vcpuchar_ppc_migration_check(&s, &d, &m)) < 0)
		return cli_usage("cannot check the migration: %s", g_strerror(-r));

	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		json_bool(b, "ok", m.ok);
		for (int sev = VCPUCHAR_SEVERITY_ERROR; sev >= VCPUCHAR_SEVERITY_WARNING; sev--) {
			json_builder_set_member_name(b, sev == VCPUCHAR_SEVERITY_ERROR ? "errors" : "warnings");
			json_builder_begin_array(b);
			for (uint32_t i = 0; i < m.n_entries && i < VCPUCHAR_PPC_N_CAPS; i++)
				if (m.entries[i].severity == (uint32_t)sev)
					json_builder_add_string_value(b, m.entries[i].message);
			json_builder_end_array(b);
		}
		json_str(b, "note", m.note);
		json_builder_set_member_name(b, "ignored");
		json_builder_begin_array(b);
		for (guint i = 0; i < ignored->len; i++)
			json_builder_add_string_value(b, g_ptr_array_index(ignored, i));
		json_builder_end_array(b);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		/* Other <features> elements of a pasted fragment: not part of QEMU's cap check. */
		for (guint i = 0; i < ignored->len; i++) {
			g_autofree char *shown = cli_shown(g_ptr_array_index(ignored, i));

			cli_printf("ignored: %s (not a cap)\n", shown);
		}
		for (uint32_t i = 0; i < m.n_entries && i < VCPUCHAR_PPC_N_CAPS; i++)
			cli_printf("%s: %s\n", m.entries[i].severity == VCPUCHAR_SEVERITY_ERROR ? "error" : "warning",
			       m.entries[i].message);
		if (m.note && *m.note)
			cli_printf("note: %s\n", m.note);
		cli_printf("%s\n", m.ok ? "migration ok" : "migration refused");
	}
	return m.ok ? CLI_OK : CLI_NO;
}

int cmd_ppc(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "hcall"))
		return cmd_hcall(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "migrate"))
		return cmd_migrate(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "baseline"))
		return cmd_baseline(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		if (argc > 2)
			return cli_usage("%s takes no argument (given '%s')", argv[1], argv[2]);
		cli_printf("%s\n", "Usage: vcpuchar ppc hcall [OPTIONS]\n"
		     "       vcpuchar ppc migrate --src LIST --dst LIST\n"
		     "       vcpuchar ppc migrate --src-host FILE --dst-host FILE [--caps LIST] [--machine TYPE] "
		     "[--mode caps|host-max] [--qemu-version V]\n"
		     "       vcpuchar ppc baseline PROFILE... [--machine TYPE] [--guest-cpu CPU] [--qemu-version V]\n"
		     "Each takes --help and --json.");
		return CLI_OK;
	}
	if (argc < 2)
		return cli_usage("ppc: missing subcommand (hcall, migrate or baseline)");
	return cli_usage("ppc: unknown subcommand '%s'", argv[1]);
}
