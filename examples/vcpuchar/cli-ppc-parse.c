/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Option parsers of the POWER subcommands: --chars, --machine, --libvirt, --caps */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-ppc.h"

/* The four words by the library's one number rule (vcpuchar_ppc_host_parse()), as profiles. */
int parse_chars(const char *arg, struct vcpuchar_ppc_host *h)
{
	size_t err_size = CLI_ERR_SIZE(arg);
	g_autofree char *err = g_malloc0(err_size);

	if (vcpuchar_ppc_host_parse(arg, h, err, err_size) < 0)
		return cli_usage("--chars: %s", err);
	return CLI_OK;
}

int parse_enum(const char *opt, const char *arg, const char *const *names, const uint32_t *values,
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
int parse_libvirt(const char *opt, const char *arg, GString *list, GPtrArray *ignored)
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

/*
 * --machine and --caps together: each cap at most once. QEMU itself takes
 * the last of repeated properties, but a pasted line that names a cap twice
 * is ambiguous to the person reading it, so it is refused.
 */
int parse_request_caps(const char *machine, const char *caps, struct vcpuchar_ppc_request *req,
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
void drop_defaults_warnings(struct vcpuchar_ppc_warnings *w)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < w->n_entries && i < VCPUCHAR_PPC_WARNING_MAX; i++)
		if (w->entries[i].code != VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED &&
		    w->entries[i].code != VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST)
			w->entries[n++] = w->entries[i];
	w->n_entries = n;
	w->codes &= ~((1u << VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED) | (1u << VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST));
}

