/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar ppc hcall | migrate */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
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
	json_builder_set_member_name(b, "guest_view");
	json_builder_begin_object(b);
	json_str(b, "meltdown", v->meltdown);
	json_str(b, "l1tf", v->l1tf);
	json_str(b, "spectre_v1", v->spectre_v1);
	json_str(b, "spectre_v2", v->spectre_v2);
	json_str(b, "spec_store_bypass", v->spec_store_bypass);
	json_builder_end_object(b);
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

void cli_json_ppc_spellings(JsonBuilder *b, const struct vcpuchar_ppc_result *r,
			    const struct vcpuchar_ppc_warnings *w)
{
	char qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN];

	spellings(r, qemu, libvirt);
	json_str(b, "qemu", qemu);
	json_str(b, "libvirt", libvirt);
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

void cli_text_ppc_spellings(const struct vcpuchar_ppc_result *r, const struct vcpuchar_ppc_warnings *w)
{
	char qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN];

	spellings(r, qemu, libvirt);
	printf("paste (either gives the guest view above):\n  qemu     -machine pseries,%s\n  libvirt  %s\n", qemu,
	       libvirt);
	for (uint32_t i = 0; w && i < w->n_entries && i < VCPUCHAR_PPC_WARNING_MAX; i++)
		printf("warning %s: %s\n", vcpuchar_ppc_warning_name(w->entries[i].code), w->entries[i].text);
}

static void text_caps(const char *label, const struct vcpuchar_ppc_caps *c)
{
	printf("%-16s", label);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		printf(" cap-%s=%s", vcpuchar_ppc_cap_name(cap),
		       vcpuchar_ppc_level_name(cap, vcpuchar_ppc_caps_get(c, cap)));
	putchar('\n');
}

void cli_text_ppc_result(const struct vcpuchar_ppc_result *r, uint32_t cpu)
{
	const struct vcpuchar_ppc_guest_view *v = &r->guest_view;

	printf("mode            %s\n", r->mode_reason);
	text_caps("host levels", &r->host_caps);
	if (r->flags & VCPUCHAR_PPC_RESULT_HOST_NO_INFO)
		printf("                (no host information: QEMU's fallback levels, not a finding)\n");
	text_caps("effective caps", &r->effective_caps);
	printf("R4 (character)  0x%016" PRIx64 "\nR5 (behaviour)  0x%016" PRIx64 "\n", r->r4, r->r5);
	for (uint32_t n = 0; n < 64; n++) {
		if (r->unexpressed_r4 & VCPUCHAR_PPC_BIT(n))
			printf("not passed on   %s (the caps cannot express it)\n", vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R4, n));
		if (r->unexpressed_r5 & VCPUCHAR_PPC_BIT(n))
			printf("not passed on   %s (the caps cannot express it)\n", vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R5, n));
	}
	for (uint32_t i = 0; i < r->n_conflicts && i < VCPUCHAR_PPC_N_CAPS; i++) {
		const struct vcpuchar_ppc_conflict *c = &r->conflicts[i];

		printf("%-7s cap-%s: %s\n", c->severity < 3 ? severity_names[c->severity] : "?",
		       vcpuchar_ppc_cap_name(c->cap), c->message);
		if (c->hint && *c->hint)
			printf("        %s\n", c->hint);
		if (c->explanation && *c->explanation)
			printf("        %s\n", c->explanation);
	}
	printf("guest view (Linux pseries guest, POWER%u):\n", cpu ? cpu : 9);
	printf("  meltdown           %s\n  l1tf               %s\n  spectre_v1         %s\n"
	       "  spectre_v2         %s\n  spec_store_bypass  %s\n",
	       v->meltdown, v->l1tf, v->spectre_v1, v->spectre_v2, v->spec_store_bypass);
}

/* Strict hex u64, with or without 0x; the whole string must be used. */
static gboolean parse_hex64(const char *s, uint64_t *ret)
{
	char *end;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	if (!g_ascii_isxdigit(*s) || strlen(s) > 16)
		return FALSE;
	*ret = g_ascii_strtoull(s, &end, 16);
	return *end == '\0';
}

static int parse_chars(const char *arg, struct vcpuchar_ppc_host *h)
{
	g_auto(GStrv) parts = g_strsplit(arg, ",", -1);
	uint64_t w[4];

	if (g_strv_length(parts) != 4)
		return cli_usage("--chars '%s': want four hex words C,B,CM,BM (character, behaviour, "
				 "character_mask, behaviour_mask)", arg);
	for (int i = 0; i < 4; i++)
		if (!parse_hex64(g_strstrip(parts[i]), &w[i]))
			return cli_usage("--chars: '%s' is not a hex 64-bit word", parts[i]);
	h->source = VCPUCHAR_SOURCE_CALLER;
	h->character = w[0];
	h->behaviour = w[1];
	h->character_mask = w[2];
	h->behaviour_mask = w[3];
	h->valid = (w[2] | w[3]) != 0;
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
 * A pasted -machine value, e.g. "pseries-8.0,cap-cfpc=broken,x-vof=on": the
 * type first (or type=), the four caps into @caps_list. Other properties
 * are ignored and named in @ignored: a pasted line carries many that do not
 * change R4/R5 (x-vof, cap-nested-hv, usb, ...), QEMU checks them itself,
 * and refusing them would only make the user edit the line. A cap- name
 * that QEMU does not have is refused: it is most likely a typo of one of the
 * four, which would otherwise pass unnoticed.
 */
static int parse_machine_line(const char *arg, uint32_t *machine, GString *caps_list, GPtrArray *ignored)
{
	g_auto(GStrv) items = g_strsplit(arg, ",", -1);
	char err[256];

	for (guint i = 0; items[i]; i++) {
		const char *it = items[i];
		const char *eq = strchr(it, '=');

		if (i == 0 && !eq && *it) {
			if (vcpuchar_ppc_machine_parse(it, machine, err, sizeof(err)) < 0)
				return cli_usage("--machine: %s", err);
			continue;
		}
		if (!*it)
			return cli_usage("--machine '%s': item %u is empty", arg, i + 1);
		if (g_str_has_prefix(it, "type=")) {
			if (vcpuchar_ppc_machine_parse(it + 5, machine, err, sizeof(err)) < 0)
				return cli_usage("--machine: %s", err);
			continue;
		}
		if (g_ascii_strncasecmp(it, "cap-", 4) == 0) {
			g_autofree char *name = g_strndup(it + 4, eq ? (gsize)(eq - it - 4) : strlen(it + 4));
			gboolean other = FALSE;

			if (is_our_cap(name)) {
				g_string_append_printf(caps_list, "%s%s", caps_list->len ? "," : "", it);
				continue;
			}
			for (size_t k = 0; k < G_N_ELEMENTS(other_caps); k++)
				other |= !g_ascii_strcasecmp(name, other_caps[k]);
			if (!other)
				return cli_usage("--machine: unknown cap 'cap-%s': QEMU's pseries has no such property "
						 "and would refuse it (the caps decided here: cfpc, sbbc, ibs, ccf-assist)",
						 name);
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
};

static void libvirt_start(GMarkupParseContext *mc, const char *name, const char **attr_names,
			  const char **attr_values, gpointer data, GError **error)
{
	struct libvirt_ctx *ctx = data;
	const char *value = NULL;
	uint32_t cap;

	(void)mc;
	ctx->depth++;
	/* Depth 1 is the wrapper added around the fragment; <features> may or may not be given. */
	if (ctx->depth == 1 || (ctx->depth == 2 && !strcmp(name, "features")))
		return;
	for (cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		if (!strcmp(name, libvirt_caps[cap].element))
			break;
	if (cap == VCPUCHAR_PPC_N_CAPS) {
		/* Other features (<acpi/>, <htm state='on'/>, ...) and their children. */
		if (ctx->depth <= 3)
			g_ptr_array_add(ctx->ignored, g_strdup_printf("<%s>", name));
		return;
	}
	for (guint i = 0; attr_names[i]; i++)
		if (!strcmp(attr_names[i], libvirt_caps[cap].attr))
			value = attr_values[i];
	if (!value) {
		g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "<%s/> needs %s='...'", name,
			    libvirt_caps[cap].attr);
		return;
	}
	for (guint i = 0; libvirt_caps[cap].values[i]; i++)
		if (!strcmp(value, libvirt_caps[cap].values[i])) {
			g_string_append_printf(ctx->list, "%scap-%s=%s", ctx->list->len ? "," : "",
					       vcpuchar_ppc_cap_name(cap), value);
			return;
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
static int parse_libvirt(const char *arg, GString *list, GPtrArray *ignored)
{
	static const GMarkupParser parser = { .start_element = libvirt_start, .end_element = libvirt_end };
	struct libvirt_ctx ctx = { list, ignored, 0 };
	g_autofree char *doc = g_strconcat("<fragment>", arg, "</fragment>", NULL);
	g_autoptr(GMarkupParseContext) mc = g_markup_parse_context_new(&parser, 0, &ctx, NULL);
	g_autoptr(GError) error = NULL;

	if (!g_markup_parse_context_parse(mc, doc, -1, &error) || !g_markup_parse_context_end_parse(mc, &error))
		return cli_usage("--caps (libvirt XML): %s", error->message);
	return CLI_OK;
}

/*
 * --machine and --caps together: each cap at most once. QEMU itself takes
 * the last of repeated properties, but a pasted line that names a cap twice
 * is ambiguous to the person reading it, so it is refused.
 */
static int parse_request_caps(const char *machine, const char *caps, struct vcpuchar_ppc_request *req,
			      GPtrArray *ignored)
{
	g_autoptr(GString) mlist = g_string_new(NULL);
	g_autoptr(GString) clist = g_string_new(NULL);
	struct vcpuchar_ppc_caps c = { 0 };
	uint32_t mset = 0, cset = 0;
	char err[256];
	int r;

	if (machine && (r = parse_machine_line(machine, &req->machine, mlist, ignored)))
		return r;
	if (caps) {
		if (*caps == '<') {
			if ((r = parse_libvirt(caps, clist, ignored)))
				return r;
		} else {
			g_string_assign(clist, caps);
		}
	}
	if (vcpuchar_ppc_caps_parse(mlist->str, &c, &mset, err, sizeof(err)) < 0)
		return cli_usage("--machine: %s", err);
	if (vcpuchar_ppc_caps_parse(clist->str, &c, &cset, err, sizeof(err)) < 0)
		return cli_usage("--caps: %s", err);
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
		if (mset & cset & (1u << cap))
			return cli_usage("cap-%s is given in both --machine and --caps; give it once",
					 vcpuchar_ppc_cap_name(cap));
	req->caps = c;
	req->caps_set = mset | cset;
	return CLI_OK;
}

static int cmd_hcall(int argc, char **argv)
{
	g_autofree char *host_file = NULL, *chars = NULL, *caps = NULL, *machine = NULL;
	g_autofree char *mode = NULL, *accel = NULL, *cpu = NULL;
	gboolean json = FALSE, power8 = FALSE;
	GOptionEntry entries[] = {
		{ "host", 0, 0, G_OPTION_ARG_FILENAME, &host_file, "Host facts from a profile file", "FILE" },
		{ "chars", 0, 0, G_OPTION_ARG_STRING, &chars, "KVM_PPC_GET_CPU_CHAR words as hex", "C,B,CM,BM" },
		{ "power8-host", 0, 0, G_OPTION_ARG_NONE, &power8, "The --chars come from a POWER8-family host", NULL },
		{ "caps", 0, 0, G_OPTION_ARG_STRING, &caps,
		  "Requested caps: QEMU spelling, or a libvirt <features> fragment", "LIST" },
		{ "machine", 0, 0, G_OPTION_ARG_STRING, &machine,
		  "pseries machine type, or a whole pasted -machine value (TYPE,cap-NAME=VALUE,...; other "
		  "properties are ignored and named)", "TYPE[,PROPS]" },
		{ "mode", 0, 0, G_OPTION_ARG_STRING, &mode, "host-max (default), caps or host", "MODE" },
		{ "accel", 0, 0, G_OPTION_ARG_STRING, &accel, "kvm (default) or tcg", "ACCEL" },
		{ "guest-cpu", 0, 0, G_OPTION_ARG_STRING, &cpu, "power7, power8, power9 (default), power10, power11", "CPU" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- the guest's H_GET_CPU_CHARACTERISTICS answer");
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings warn = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	g_autoptr(GPtrArray) ignored = g_ptr_array_new_with_free_func(g_free);
	gboolean have_host = FALSE;
	char err[256];
	int r;

	g_option_context_add_main_entries(ctx, entries, NULL);
	g_option_context_set_summary(ctx, "Computes cap levels, conflicts, R4/R5 and the Linux guest's view.");
	if ((r = cli_parse(ctx, &argc, &argv)))
		return r;
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

		if ((r = parse_enum("--guest-cpu", cpu, n, v, 5, &req.cpu)))
			return r;
	}
	if ((r = parse_request_caps(machine, caps, &req, ignored)))
		return r;

	if (chars) {
		if ((r = parse_chars(chars, &host)))
			return r;
		host.power8 = power8;
		have_host = TRUE;
	} else if (host_file) {
		if (vcpuchar_profile_load(host_file, &host, NULL, err, sizeof(err)) < 0)
			return cli_usage("--host: %s", err);
		/* Zero masks are an answer; no group is no answer at all. */
		if (host.error == -ENODATA)
			return cli_usage("--host %s: the profile has no [ppc] group: there is no POWER information in "
					 "that file", host_file);
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

	r = vcpuchar_ppc_decide(have_host ? &host : NULL, &req, &res);
	if (r == -ENODATA) {
		char why[256];

		vcpuchar_ppc_host_describe(&host, why, sizeof(why));
		return cli_usage("--mode host needs host information (--chars, --host, or a POWER KVM host); "
				 "this host: %s", why);
	}
	if (r < 0)
		return cli_usage("cannot decide: %s", g_strerror(-r));
	if ((r = vcpuchar_ppc_warnings_check(have_host ? &host : NULL, &req, &warn)) < 0)
		return cli_usage("cannot check the warnings: %s", g_strerror(-r));

	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		cli_json_ppc_result(b, &res);
		cli_json_ppc_spellings(b, &res, &warn);
		json_builder_set_member_name(b, "ignored");
		json_builder_begin_array(b);
		for (guint i = 0; i < ignored->len; i++)
			json_builder_add_string_value(b, g_ptr_array_index(ignored, i));
		json_builder_end_array(b);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		if (have_host) {
			char why[256];

			vcpuchar_ppc_host_describe(&host, why, sizeof(why));
			printf("host            %s\n", why);
		}
		for (guint i = 0; i < ignored->len; i++)
			printf("ignored         %s (does not change H_GET_CPU_CHARACTERISTICS)\n",
			       (const char *)g_ptr_array_index(ignored, i));
		cli_text_ppc_result(&res, req.cpu);
		cli_text_ppc_spellings(&res, &warn);
	}
	return res.n_errors ? CLI_NO : CLI_OK;
}

/* A migrate LIST: QEMU spelling (unlisted caps from the newest defaults), or
 * four positional values "cfpc,sbbc,ibs,ccf-assist". */
static int parse_migrate_caps(const char *opt, const char *arg, struct vcpuchar_ppc_caps *caps)
{
	g_auto(GStrv) parts = g_strsplit(arg, ",", -1);
	uint32_t set = 0;
	char err[256];

	vcpuchar_ppc_machine_defaults(VCPUCHAR_PPC_MACHINE_PSERIES, 0, caps);
	if (!strchr(arg, '=') && *arg) {
		g_autoptr(GString) q = g_string_new(NULL);

		if (g_strv_length(parts) != VCPUCHAR_PPC_N_CAPS)
			return cli_usage("%s '%s': want cap-NAME=VALUE items or four values cfpc,sbbc,ibs,ccf-assist",
					 opt, arg);
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			g_string_append_printf(q, "%scap-%s=%s", cap ? "," : "", vcpuchar_ppc_cap_name(cap), parts[cap]);
		if (vcpuchar_ppc_caps_parse(q->str, caps, &set, err, sizeof(err)) < 0)
			return cli_usage("%s: %s", opt, err);
		return CLI_OK;
	}
	if (vcpuchar_ppc_caps_parse(arg, caps, &set, err, sizeof(err)) < 0)
		return cli_usage("%s: %s", opt, err);
	return CLI_OK;
}

static int cmd_migrate(int argc, char **argv)
{
	g_autofree char *src = NULL, *dst = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "src", 0, 0, G_OPTION_ARG_STRING, &src, "Source caps", "LIST" },
		{ "dst", 0, 0, G_OPTION_ARG_STRING, &dst, "Destination caps", "LIST" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- check a migration between two cap sets");
	struct vcpuchar_ppc_caps s, d;
	struct vcpuchar_ppc_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
	int r;

	g_option_context_add_main_entries(ctx, entries, NULL);
	g_option_context_set_summary(ctx, "LIST: cap-NAME=VALUE,... (unlisted caps take the newest pseries "
					  "defaults) or four values cfpc,sbbc,ibs,ccf-assist.");
	if ((r = cli_parse(ctx, &argc, &argv)))
		return r;
	if (!src || !dst)
		return cli_usage("ppc migrate needs both --src and --dst");
	if ((r = parse_migrate_caps("--src", src, &s)) || (r = parse_migrate_caps("--dst", dst, &d)))
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
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		for (uint32_t i = 0; i < m.n_entries && i < VCPUCHAR_PPC_N_CAPS; i++)
			printf("%s: %s\n", m.entries[i].severity == VCPUCHAR_SEVERITY_ERROR ? "error" : "warning",
			       m.entries[i].message);
		if (m.note && *m.note)
			printf("note: %s\n", m.note);
		printf("%s\n", m.ok ? "migration ok" : "migration refused");
	}
	return m.ok ? CLI_OK : CLI_NO;
}

int cmd_ppc(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "hcall"))
		return cmd_hcall(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "migrate"))
		return cmd_migrate(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		puts("Usage: vcpuchar ppc hcall [OPTIONS] | vcpuchar ppc migrate --src LIST --dst LIST");
		return CLI_OK;
	}
	if (argc < 2)
		return cli_usage("ppc: missing subcommand (hcall or migrate)");
	return cli_usage("ppc: unknown subcommand '%s'", argv[1]);
}
