/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Option parsers of the POWER subcommands: --chars, --machine, --caps (the library reads the texts) */
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

	int r = vcpuchar_ppc_host_parse(arg, h, err, err_size);

	if (r < 0)
		return cli_usage_why(r, "--chars", NULL, "--chars: %s", err);
	return CLI_OK;
}

int parse_enum(const char *opt, const char *arg, const char *const *names, const uint32_t *values,
		      size_t n, uint32_t *ret)
{
	g_autoptr(GString) list = g_string_new(NULL);
	int i = cli_enum_index(arg, names, n, list);

	if (i < 0)
		return cli_usage_why(0, opt, arg, "%s '%s': expected one of %s", opt, arg, list->str);
	*ret = values[i];
	return CLI_OK;
}

/* The library's list of what a text named but does not read ("x-vof=on, usb=off") into @ignored. */
void cli_add_others(GPtrArray *ignored, const char *others, gboolean elements)
{
	g_auto(GStrv) items = g_strsplit(others, ", ", -1);

	for (guint i = 0; *others && items[i]; i++)
		g_ptr_array_add(ignored, elements ? g_strdup_printf("<%s>", items[i]) : g_strdup(items[i]));
}

/*
 * A pasted -machine value, e.g. "pseries-8.0,cap-cfpc=broken,x-vof=on",
 * read by vcpuchar_ppc_machine_line_parse() into @line. For a pseries type
 * whose defaults the library does not know (a distribution's
 * pseries-rhel9.2.0, a newer QEMU's) it says 1: the library's reason is
 * kept in @x->unknown, to be shown unless all four caps are given.
 */
static int parse_machine_line(const char *arg, struct vcpuchar_ppc_request *line, GPtrArray *ignored,
			      struct machine_extra *x)
{
	size_t err_size = CLI_ERR_SIZE(arg);
	g_autofree char *err = g_malloc0(err_size);
	g_autofree char *type = cli_machine_type(arg);
	uint32_t m;
	int r;

	if (strchr(arg, '<'))
		return cli_usage_why(0, "--machine", NULL, "--machine takes QEMU's -machine value (TYPE,cap-NAME=VALUE,...); a libvirt "
				 "fragment goes to --caps");
	r = vcpuchar_ppc_machine_line_parse(arg, line, err, err_size);
	/* A type upstream QEMU had, but not the target (lib/ppc.md#qemu-versions). */
	if (r == -ENOENT && !line->qemu_profile)
		return cli_usage_why(r, "--machine", type, "--machine: %s; give --qemu-version for another QEMU", err);
	if (r < 0)
		return cli_usage_why(r, "--machine", type, "--machine: %s", err);
	cli_add_others(ignored, err, FALSE);
	if (r == 1) {
		vcpuchar_ppc_machine_parse_qemu(type, line->qemu_version, &m, err, err_size);
		x->unknown = g_strdup_printf("%s\n%s", type, err);
	} else if (line->qemu_profile) {
		/* A QEMU profile: the binary's own flag (lib/ppc.md#qemu-profiles); a type it lacks was refused before. */
		g_autofree char *note = g_malloc0(err_size + 512);

		if (vcpuchar_ppc_qemu_profile_deprecated(line->qemu_profile, type, note, err_size + 512) == 1)
			g_printerr("vcpuchar: warning: %s\n", note);
	} else if (vcpuchar_ppc_machine_deprecated(type, line->qemu_version, err, err_size) == 1) {
		/* What that QEMU prints for a deprecated type (lib/ppc.md#qemu-versions). */
		g_printerr("vcpuchar: warning: %s\n", err);
	}
	return CLI_OK;
}

/*
 * A pasted libvirt fragment ("<features><cfpc value='broken'/>...</features>") through the library;
 * with @start, its <htm>, <nested-hv> and <hpt> too, for the start verdict (lib/ppc.md#pasted-lines).
 */
int parse_libvirt(const char *opt, const char *arg, struct vcpuchar_ppc_caps *caps, uint32_t *set,
		  struct vcpuchar_ppc_request *start, GPtrArray *ignored)
{
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	size_t err_size = CLI_ERR_SIZE(arg);
	g_autofree char *err = g_malloc0(err_size);
	g_autofree char *others = g_malloc0(err_size);
	int r;

	o.others = others;
	o.others_size = err_size;
	o.err = err;
	o.err_size = err_size;
	o.request = start;
	if ((r = vcpuchar_ppc_libvirt_parse_ext(arg, caps, set, &o)) < 0)
		return cli_usage_why(r, opt, NULL, "%s (libvirt XML): %s", opt, err);
	cli_add_others(ignored, others, TRUE);
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
	struct vcpuchar_ppc_request line = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_request frag = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_caps more = { 0 };
	uint32_t cset = 0, set;
	char twice[128];
	int r;

	line.qemu_version = req->qemu_version;
	/* Read by parse_machine_line() only, for the deprecation warning; the line's parse takes the version. */
	line.qemu_profile = req->qemu_profile;
	line.accel = UINT32_MAX; /* not named by the line */
	x->accel = -1;
	if (machine && (r = parse_machine_line(machine, &line, ignored, x)))
		return r;
	if (line.accel != UINT32_MAX)
		x->accel = (int)line.accel;
	if (caps) {
		/* A fragment copied out of a domain XML often starts with its indentation. */
		const char *p = caps;

		while (g_ascii_isspace(*p))
			p++;
		if (*p == '<') {
			if ((r = parse_libvirt("--caps", caps, &more, &cset, &frag, ignored)))
				return r;
		} else {
			size_t err_size = CLI_ERR_SIZE(caps);
			g_autofree char *err = g_malloc0(err_size);

			if ((r = vcpuchar_ppc_caps_parse(caps, &more, &cset, err, err_size)) < 0)
				return cli_usage_why(r, "--caps", NULL, "--caps: %s", err);
		}
	}
	/* A cap in both is the library's refusal (vcpuchar_ppc_caps_merge()). */
	set = line.caps_set;
	if ((r = vcpuchar_ppc_caps_merge(&line.caps, &set, &more, cset, twice, sizeof(twice))) < 0) {
		/* The item: the first cap named in both. */
		g_autofree char *cap = NULL;

		for (uint32_t c = 0; c < VCPUCHAR_PPC_N_CAPS && !cap; c++)
			if (line.caps_set & cset & (1u << c))
				cap = g_strconcat("cap-", vcpuchar_ppc_cap_name(c), NULL);
		return cli_usage_why(r, "--caps", cap, "--machine and --caps: %s", twice);
	}
	if (machine)
		req->machine = line.machine;
	/*
	 * The exact type, for the release table too: the library takes its
	 * default CPU under TCG (lib/ppc.md#tcg-default-cpu). A type whose
	 * defaults are unknown is no type the table checks.
	 */
	if (machine && !req->qemu_profile && !x->unknown) {
		x->type = cli_machine_type(machine);
		req->qemu_machine = x->type;
	}
	req->caps = line.caps;
	req->caps_set = set;
	/*
	 * The fragment's start caps (<htm>, <nested-hv>, <hpt>) with the line's: one named in both is
	 * refused, as the four are (vcpuchar_ppc_caps_merge(), lib/ppc.md#pasted-lines).
	 */
	r = vcpuchar_ppc_start_merge(&line.start_set, line.start_levels, frag.start_set, frag.start_levels, twice,
				     sizeof(twice));
	if (r < 0) {
		g_autofree char *cap = g_strndup(twice, strcspn(twice, " "));

		return cli_usage_why(r, "--caps", r == -EEXIST ? cap : NULL, "--machine and --caps: %s", twice);
	}
	/* The other caps and max-cpu-compat the line gave: the start verdict judges them (lib/ppc.md#start). */
	req->start_set = line.start_set;
	memcpy(req->start_levels, line.start_levels, sizeof(req->start_levels));
	req->max_cpu_compat = line.max_cpu_compat;
	/* A QEMU profile's type has its measured defaults (lib/ppc.md#qemu-profiles). */
	if (x->unknown && !req->qemu_machine) {
		char *why = strchr(x->unknown, '\n');

		*why++ = '\0';
		/* The library refuses such a type without all four caps (lib/ppc.md#unknown-types): say what it is. */
		if ((r = vcpuchar_ppc_request_check(req, NULL, 0)) < 0)
			return cli_usage_why(r, "--machine", x->unknown, "--machine: %s", why);
		x->note = g_strdup_printf("machine type '%s' is not known here; answered because all four caps are "
					  "given, so its default caps do not matter (QEMU still has to know the type); "
					  "no defaults_* warning is given: for them, give the upstream pseries-X.Y "
					  "the type derives from", x->unknown);
	}
	return CLI_OK;
}
