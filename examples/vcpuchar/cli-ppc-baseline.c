/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar ppc baseline */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-ppc.h"

/* One baseline warning: a code and a text, the host's file in front where it is about one host. */
struct bwarn {
	const char *code;
	char *text;
};

int cmd_baseline(int argc, char **argv)
{
	g_autofree char *machine = NULL, *cpu = NULL, *qemu_version = NULL, *qemu_file = NULL;
	g_autoptr(cli_qemu_profile_t) profile = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "machine", 0, 0, G_OPTION_ARG_STRING, &machine,
		  "pseries machine type the fleet's guests use: warnings say on which hosts its default caps would "
		  "refuse to start or run below the host", "TYPE" },
		{ "guest-cpu", 0, 0, G_OPTION_ARG_STRING, &cpu,
		  "power7, power8, power9, power10, power11 (default: the oldest host's family, which runs on every "
		  "host)", "CPU" },
		{ "qemu-version", 0, 0, G_OPTION_ARG_STRING, &qemu_version, QEMU_VERSION_HELP, "V" },
		{ "qemu", 0, 0, G_OPTION_ARG_FILENAME, &qemu_file, QEMU_PROFILE_HELP, "FILE" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("PROFILE... - the caps every host of a fleet accepts");
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_baseline base = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
	struct vcpuchar_ppc_guest_view view = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
	char qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN];
	g_autofree struct vcpuchar_ppc_host *hosts = NULL;
	g_autofree const struct vcpuchar_ppc_host **ptrs = NULL;
	g_autofree struct vcpuchar_ppc_caps *levels = NULL;
	g_autofree uint32_t *held = NULL;
	g_autoptr(GArray) warns = g_array_new(FALSE, FALSE, sizeof(struct bwarn));
	g_autofree uint64_t *ids = NULL;
	struct cli_qemu_target qv;
	uint64_t r4, r5;
	int n, r;

	g_option_context_set_summary(ctx, "Per cap the highest level QEMU accepts on every host profile given, the "
					  "hosts that hold each cap back, and what a guest with those caps is told.");
	/* PROFILE... are positional. */
	if ((r = cli_parse(ctx, entries, TRUE, &argc, &argv)))
		return r;
	n = argc - 1;
	if (n < 1)
		return cli_usage("ppc baseline needs at least one host PROFILE");
	/* A profile's type for --machine (its default without): the warnings take its defaults. */
	if ((r = cli_qemu_target_load(qemu_file, qemu_version, machine, &profile, &req, &qv)))
		return r;
	req.qemu_version = qv.version;
	if (machine && !profile) {
		size_t err_size = CLI_ERR_SIZE(machine);
		g_autofree char *err = g_malloc0(err_size);

		if ((r = vcpuchar_ppc_machine_parse_qemu(machine, req.qemu_version, &req.machine, err, err_size)) < 0)
			return cli_usage_why(r, "--machine", machine, "--machine: %s", err);
	}
	if ((r = parse_cpu_opt(cpu, &req.cpu)))
		return r;

	hosts = g_new0(struct vcpuchar_ppc_host, n);
	ptrs = g_new0(const struct vcpuchar_ppc_host *, n);
	levels = g_new0(struct vcpuchar_ppc_caps, n);
	held = g_new0(uint32_t, n);
	/*
	 * Each file's (device, inode): the same file under any name is the same
	 * host, which the library refuses counted twice (n log n in the fleet).
	 */
	ids = g_new0(uint64_t, 2 * (gsize)n);
	for (int i = 0; i < n; i++) {
		struct stat st;

		hosts[i].size = sizeof(hosts[i]);
		if ((r = load_ppc_profile("PROFILE", argv[i + 1], &hosts[i])))
			return r;
		/* The loader has just read it: a stat that fails now is a file that went away. */
		if (stat(argv[i + 1], &st) < 0)
			return cli_usage_why(-errno, "PROFILE", argv[i + 1], "%s: %s", argv[i + 1], g_strerror(errno));
		ids[2 * i] = (uint64_t)st.st_dev;
		ids[2 * i + 1] = (uint64_t)st.st_ino;
		ptrs[i] = &hosts[i];
	}
	/* The fleet's rules (arch, guest CPU, its caps) are the library's (lib/ppc.md#fleet-baseline). */
	{
		struct vcpuchar_ppc_fleet_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);
		char err[512];
		uint32_t bad[2];

		o.cpu = req.cpu;
		o.levels = levels;
		o.held_back = held;
		o.refused = bad;
		o.err = err;
		o.err_size = sizeof(err);
		o.ids = ids;
		o.qemu_profile = profile;
		r = vcpuchar_ppc_fleet_baseline_ext(ptrs, (uint32_t)n, &o, &base, &req.cpu);
		if (r == -EEXIST)
			return cli_usage_why(r, "PROFILE", argv[bad[0] + 1], "%s: the same host as %s, given twice", argv[bad[0] + 1], argv[bad[1] + 1]);
		if (r == -EXDEV)
			return cli_usage_why(r, "PROFILE", argv[bad[0] + 1], "%s: arch=%s, but %s is arch=%s: a fleet baseline needs hosts of one "
					 "architecture", argv[bad[0] + 1], hosts[bad[0]].arch, argv[bad[1] + 1],
					 hosts[bad[1]].arch);
		if (r == -ENOENT && bad[0] == UINT32_MAX)
			return cli_usage_why(r, "--qemu", NULL, "--qemu: %s", err);
		if (r == -ENOENT)
			return cli_usage_why(r, "PROFILE", argv[bad[0] + 1], "%s: %s", argv[bad[0] + 1], err);
		if (r < 0)
			return cli_usage_why(r, NULL, NULL, "cannot compute the baseline: %s", g_strerror(-r));
	}
	vcpuchar_ppc_caps_to_hcall(&base.caps, &r4, &r5);
	vcpuchar_ppc_guest_view(r4, r5, req.cpu, 0, &view);
	if (vcpuchar_ppc_caps_format(&base.caps, VCPUCHAR_PPC_FORMAT_QEMU, qemu, sizeof(qemu), NULL) < 0 ||
	    vcpuchar_ppc_caps_format(&base.caps, VCPUCHAR_PPC_FORMAT_LIBVIRT, libvirt, sizeof(libvirt), NULL) < 0)
		return cli_usage("cannot spell the baseline caps");

	/*
	 * File names as the user can read them, in text and JSON alike: a control
	 * byte is escaped (a name cannot forge a line) and so is a byte that is no
	 * UTF-8 (the JSON stays valid).
	 */
	g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func(g_free);

	for (int i = 0; i < n; i++)
		g_ptr_array_add(shown, cli_shown(argv[i + 1]));
	/*
	 * The fleet's warnings are the library's (vcpuchar_ppc_fleet_warnings()):
	 * the caps' own (fixed-na), then per host what it reports outside its
	 * masks and what --machine's defaults do there, with the baseline caps.
	 */
	{
		g_autofree struct vcpuchar_ppc_warnings *ws = g_new0(struct vcpuchar_ppc_warnings, (gsize)n + 1);
		g_autofree struct vcpuchar_ppc_warnings **wp = g_new0(struct vcpuchar_ppc_warnings *, (gsize)n + 1);

		for (int i = 0; i <= n; i++) {
			ws[i].size = sizeof(ws[i]);
			wp[i] = &ws[i];
		}
		if ((r = vcpuchar_ppc_fleet_warnings(ptrs, (uint32_t)n, &req, &base.caps, wp)) < 0)
			return cli_usage_why(r, NULL, NULL, "cannot check the warnings: %s", g_strerror(-r));
		for (int i = 0; i <= n; i++)
			for (uint32_t k = 0; k < ws[i].n_entries && k < VCPUCHAR_PPC_WARNING_MAX; k++) {
				struct bwarn bw = { vcpuchar_ppc_warning_name(ws[i].entries[k].code),
						    i ? g_strdup_printf("%s: %s", (const char *)g_ptr_array_index(shown, i - 1),
									ws[i].entries[k].text)
						      : g_strdup(ws[i].entries[k].text) };
				g_array_append_val(warns, bw);
			}
	}

	cli_qemu_version_caps(&qv, &base.caps);
	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		cli_json_qemu_version(b, &qv);
		cli_json_guest_cpu(b, req.cpu);
		json_caps(b, "caps", &base.caps);
		json_builder_set_member_name(b, "hosts");
		json_builder_begin_array(b);
		for (int i = 0; i < n; i++) {
			json_builder_begin_object(b);
			json_str(b, "host", g_ptr_array_index(shown, i));
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
				json_str(b, "host", g_ptr_array_index(shown, i));
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
