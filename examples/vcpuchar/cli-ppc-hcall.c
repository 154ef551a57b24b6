/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar ppc hcall */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-ppc.h"

int cmd_hcall(int argc, char **argv)
{
	g_autofree char *host_file = NULL, *chars = NULL, *caps = NULL, *machine = NULL;
	g_autofree char *mode = NULL, *accel = NULL, *cpu = NULL, *qemu_version = NULL, *qemu_file = NULL;
	g_autoptr(cli_qemu_profile_t) profile = NULL;
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
		  "power7, power8, power9, power10, power11 (default under KVM: the host's own family, as QEMU's; "
		  "power9 under TCG or when the host facts name no CPU)", "CPU" },
		{ "qemu-version", 0, 0, G_OPTION_ARG_STRING, &qemu_version, QEMU_VERSION_HELP, "V" },
		{ "qemu", 0, 0, G_OPTION_ARG_FILENAME, &qemu_file, QEMU_PROFILE_HELP, "FILE" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- the guest's H_GET_CPU_CHARACTERISTICS answer");
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings warn = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_start start = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	struct vcpuchar_ppc_machine_caps mcaps = VCPUCHAR_INIT(struct vcpuchar_ppc_machine_caps);
	g_autoptr(GPtrArray) ignored = g_ptr_array_new_with_free_func(g_free);
	g_auto(machine_extra_t) mx = { -1, NULL, NULL };
	struct cli_qemu_target qv;
	gboolean have_host = FALSE;
	char cpu_note[512] = "";
	uint32_t shown_cpu, type_cpu = 0;
	int r;

	g_option_context_set_summary(ctx, "Computes cap levels, conflicts, R4/R5 and the Linux guest's view.");
	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	if ((r = cli_qemu_target_load(qemu_file, qemu_version, machine, &profile, &req, &qv, &type_cpu)))
		return r;
	req.qemu_version = qv.version;
	if (host_file && chars)
		return cli_usage_why(0, "--chars", NULL, "--host and --chars both give host facts; use one");
	if (power8 && !chars)
		return cli_usage_why(0, "--power8-host", NULL, "--power8-host qualifies --chars; it needs them");
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
			return cli_usage_why(0, "--accel", accel, "--accel %s and --machine accel=%s disagree; give the accelerator once", accel,
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
		if ((r = load_ppc_profile("--host", host_file, &host)))
			return r;
		have_host = TRUE;
	} else if (req.accel == VCPUCHAR_ACCEL_KVM) {
		/* No facts given: ask this host's KVM, as QEMU would at start-up. */
		cli_probe_ppc_host(&host);
		have_host = TRUE;
	}

	/* The guest CPU the library decides for (lib/ppc.md#guest-cpu): for the header, the note and a refusal. */
	/* Under TCG with a QEMU profile: the type's own default CPU, as the library takes it. */
	shown_cpu = req.cpu ? req.cpu : type_cpu ? type_cpu : VCPUCHAR_PPC_CPU_POWER9;
	if (req.accel == VCPUCHAR_ACCEL_KVM) {
		r = vcpuchar_ppc_host_cpu(have_host ? &host : NULL, req.cpu, &shown_cpu, cpu_note, sizeof(cpu_note));
		if (r < 0) {
			g_autofree char *family = g_strdup_printf("power%u", req.cpu);

			return cli_usage_why(r, "--guest-cpu", family, "%s: %s",
					     host_file ? host_file : chars ? "--chars" : "this host", cpu_note);
		}
	}

	r = vcpuchar_ppc_decide(have_host ? &host : NULL, &req, &res);
	if (r == -ENODATA) {
		char why[256];

		vcpuchar_ppc_host_describe(&host, why, sizeof(why));
		return cli_usage_why(r, "--mode", "host", "--mode host needs host information (--chars, --host, or a POWER KVM host); "
				 "this host: %s", why);
	}
	if (r < 0) {
		char why[1024];
		const char *member = NULL;
		g_autofree char *family = NULL;
		int c;

		/* The library's reason for a request it refuses (host mode under TCG, ...). */
		if ((c = vcpuchar_ppc_request_check(&req, why, sizeof(why))) < 0) {
			struct vcpuchar_ppc_request no_cpu = req;

			/* The member: the guest CPU when the library takes the request without it. */
			no_cpu.cpu = 0;
			if (req.cpu && vcpuchar_ppc_request_check(&no_cpu, NULL, 0) == 0) {
				member = "--guest-cpu";
				family = g_strdup_printf("power%u", req.cpu);
			}
			return cli_usage_why(c, member, family, "cannot decide: %s", why);
		}
		return cli_usage_why(r, NULL, NULL, "cannot decide: %s", g_strerror(-r));
	}
	if ((r = vcpuchar_ppc_warnings_check(have_host ? &host : NULL, &req, &warn)) < 0)
		return cli_usage_why(r, NULL, NULL, "cannot check the warnings: %s", g_strerror(-r));
	{
		/* The exact type given, whose defaults its class may not fix (lib/ppc.md#start). */
		g_autofree char *type = cli_machine_type(machine);

		if ((r = vcpuchar_ppc_start_check_type(have_host ? &host : NULL, &req, type, &start)) < 0)
			return cli_usage_why(r, NULL, NULL, "cannot check the start: %s", g_strerror(-r));
	}
	/* Every cap of the type, its default, effective value and start verdict: the library's answer. */
	if ((r = vcpuchar_ppc_machine_caps_check(have_host ? &host : NULL, &req, machine, &mcaps)) < 0)
		return cli_usage("cannot list the machine caps: %s", g_strerror(-r));
	cli_qemu_version_caps(&qv, &res.effective_caps);

	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		cli_json_qemu_version(b, &qv);
		/* The guest CPU the answer is for: given, or the library's choice (lib/ppc.md#guest-cpu). */
		cli_json_guest_cpu(b, shown_cpu);
		cli_json_ppc_result(b, &res);
		cli_json_ppc_spellings(b, &res, &warn, &start);
		cli_json_ppc_machine_caps(b, &mcaps);
		json_builder_set_member_name(b, "not_judged");
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

			const char *item = g_ptr_array_index(ignored, i);
			/* Why, where the library knows QEMU checks it at start (lib/ppc.md#pasted-lines). */
			const char *why =
				g_str_has_prefix(item, "kernel_irqchip=") || g_str_has_prefix(item, "ic-mode=")
					? "QEMU fails at start where KVM has no XIVE device for the guest, as on a "
					  "nested host; no host XIVE fact is read here"
				: g_str_has_prefix(item, "cap-")
					? "a spapr cap QEMU checks against the CPU model or KVM; this library does not "
					  "judge it"
					: "does not change H_GET_CPU_CHARACTERISTICS, and QEMU's start does not check it "
					  "against this host's facts here";

			cli_printf("not judged      %s (%s)\n", shown, why);
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
		cli_text_ppc_machine_caps(&mcaps);
	}
	return res.n_errors || start.n_refused ? CLI_NO : CLI_OK;
}
