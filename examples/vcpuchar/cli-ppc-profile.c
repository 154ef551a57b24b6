/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* POWER host profiles and --caps/--cpu of migrate and baseline */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-ppc.h"

/*
 * A migrate LIST through the library (vcpuchar_ppc_migrate_caps_parse()):
 * QEMU's spelling, a libvirt fragment or four positional values; unlisted
 * caps take the newest pseries defaults of the target QEMU @qemu_version, or
 * those of @profile's default type (--qemu FILE) when it is not NULL.
 */
int parse_migrate_caps(const char *opt, const char *arg, uint32_t qemu_version,
		       const struct vcpuchar_ppc_qemu_profile *profile, struct vcpuchar_ppc_caps *caps, GPtrArray *ignored)
{
	size_t err_size = CLI_ERR_SIZE(arg) + 64;
	g_autofree char *err = g_malloc0(err_size);
	g_autofree char *others = g_malloc0(err_size);
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);

	o.err = err;
	o.err_size = err_size;
	o.others = others;
	o.others_size = err_size;
	int r;

	o.qemu_profile = profile;
	if ((r = vcpuchar_ppc_migrate_caps_parse(arg, qemu_version, caps, &o)) < 0)
		return cli_usage_why(r, opt, NULL, "%s%s: %s", opt, strchr(arg, '<') ? " (libvirt XML)" : "", err);
	cli_add_others(ignored, others, TRUE);
	return CLI_OK;
}

/*
 * One host profile for a ppc command: the library refuses a file that is
 * unreadable, holds no [ppc] group or describes another arch, naming the
 * file (examples/vcpuchar/README.md, "Bad input"); @opt is the option
 * (or PROFILE) that gave it, the member of the JSON error.
 */
int load_ppc_profile(const char *opt, const char *path, struct vcpuchar_ppc_host *h)
{
	size_t err_size = CLI_ERR_SIZE(path);
	g_autofree char *err = g_malloc0(err_size);
	int r;

	if ((r = vcpuchar_ppc_profile_load(path, h, err, err_size)) < 0)
		return cli_usage_why(r, opt, path, "%s", err);
	return CLI_OK;
}

int parse_cpu_opt(const char *cpu, uint32_t *ret)
{
	static const char *const n[] = { "power7", "power8", "power9", "power10", "power11" };
	static const uint32_t v[] = { 7, 8, 9, 10, 11 };

	g_autofree char *lc = cpu ? g_ascii_strdown(cpu, -1) : NULL;

	/* Any case, as QEMU's -cpu (target/ppc/cpu_init.c ppc_cpu_class_by_name() lowers the name). */
	return cpu ? parse_enum("--guest-cpu", lc, n, v, 5, ret) : CLI_OK;
}

void text_view(const struct vcpuchar_ppc_guest_view *v, uint32_t cpu)
{
	cli_printf("guest view (Linux pseries guest, POWER%u):\n", cpu ? cpu : 9);
	cli_printf("  meltdown           %s\n  l1tf               %s\n  spectre_v1         %s\n"
	       "  spectre_v2         %s\n  spec_store_bypass  %s\n",
	       v->meltdown, v->l1tf, v->spectre_v1, v->spectre_v2, v->spec_store_bypass);
}