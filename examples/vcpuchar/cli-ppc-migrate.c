/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar ppc migrate */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-ppc.h"

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
			 const char *mode, const char *cpu, const char *qemu_version, const char *qemu_file,
			 gboolean json)
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
	g_autoptr(cli_qemu_profile_t) profile = NULL;
	struct cli_qemu_target q, *qv = &q;
	char err[512];
	int r;

	/* Both hosts run the target QEMU: its profile (--qemu) or its table row (--qemu-version). */
	if ((r = cli_qemu_target_load(qemu_file, qemu_version, machine, &profile, &req, &q)))
		return r;
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
	if ((r = load_ppc_profile("--src-host", src_file, &a)) || (r = load_ppc_profile("--dst-host", dst_file, &b)))
		return r;
	/* The rules (lib/ppc.md#migration-between-hosts) are the library's; this names the files. */
	r = vcpuchar_ppc_migrate_hosts(&a, &b, &req, &ra, &hm, err, sizeof(err));
	/* The profiled QEMU lacks the guest CPU: no host is at fault (lib/ppc.md#qemu-profiles). */
	if (r == -ENOENT && profile)
		return cli_usage_why(r, "--qemu", NULL, "--qemu: %s", err);
	if (r < 0)
		return cli_usage_why(r, "--dst-host", dst_file, "%s: %s", dst_file, *err ? err : g_strerror(-r));
	/* The names escaped in every line and JSON string: no forged line, no byte that is no UTF-8. */
	g_autofree char *src_shown = cli_shown(src_file), *dst_shown = cli_shown(dst_file);

	for (uint32_t i = 0; i < hm.n_entries; i++) {
		const struct vcpuchar_ppc_host_migration_entry *e = &hm.entries[i];
		const char *file = e->where == VCPUCHAR_PPC_AT_SOURCE ? src_shown : dst_shown;
		GPtrArray *list = e->severity == VCPUCHAR_SEVERITY_ERROR ? errors : warnings;

		if (e->cap == VCPUCHAR_PPC_CAP_GUEST_CPU)
			g_ptr_array_add(list, g_strdup_printf("%s: %s", file, e->message));
		else if (e->where == VCPUCHAR_PPC_AT_SOURCE)
			g_ptr_array_add(list, g_strdup_printf("%s: QEMU does not start the guest there: %s", file,
							      e->message));
		else
			g_ptr_array_add(list, g_strdup_printf("%s: %s (cap-%s=%s from %s; this host: %s)", file,
							      e->message, vcpuchar_ppc_cap_name(e->cap),
							      vcpuchar_ppc_level_name(e->cap, e->requested), src_shown,
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
			       src_shown, hm.r4, hm.r5);

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
		cli_json_guest_cpu(jb, hm.cpu);
		json_caps(jb, "effective_caps", &ra.effective_caps);
		json_caps(jb, "dst_host_caps", &hm.dst_host_caps);
		json_str(jb, "note", note);
		/* As ppc hcall's: the sentence for a machine type whose defaults are unknown here. */
		json_builder_set_member_name(jb, "notes");
		json_builder_begin_array(jb);
		if (mx.note)
			json_builder_add_string_value(jb, mx.note);
		json_builder_end_array(jb);
		json_view(jb, &ra.guest_view);
		json_builder_end_object(jb);
		cli_print_json(jb);
	} else {
		cli_text_qemu_version(qv);
		text_caps("effective caps", &ra.effective_caps);
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
		if (mx.note) {
			g_autofree char *shown = cli_shown(mx.note);

			cli_printf("note: %s\n", shown);
		}
		text_view(&ra.guest_view, hm.cpu);
		cli_printf("%s\n", errors->len ? "migration refused" : "migration ok");
	}
	return errors->len ? CLI_NO : CLI_OK;
}

int cmd_migrate(int argc, char **argv)
{
	g_autofree char *src = NULL, *dst = NULL, *src_host = NULL, *dst_host = NULL;
	g_autofree char *caps = NULL, *machine = NULL, *mode = NULL, *cpu = NULL, *qemu_version = NULL;
	g_autofree char *qemu_file = NULL;
	g_autoptr(cli_qemu_profile_t) profile = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "src", 0, 0, G_OPTION_ARG_STRING, &src, "Source caps, as for ppc hcall --caps, or four values", "LIST" },
		{ "dst", 0, 0, G_OPTION_ARG_STRING, &dst, "Destination caps, the same spellings", "LIST" },
		{ "src-host", 0, 0, G_OPTION_ARG_FILENAME, &src_host, "Source host profile: the caps are decided there",
		  "FILE" },
		{ "dst-host", 0, 0, G_OPTION_ARG_FILENAME, &dst_host, "Destination host profile", "FILE" },
		{ "caps", 0, 0, G_OPTION_ARG_STRING, &caps, "With --src-host: requested caps, as for ppc hcall", "LIST" },
		{ "machine", 0, 0, G_OPTION_ARG_STRING, &machine, "With --src-host: QEMU's -machine value (TYPE[,cap-NAME=VALUE,...]), as ppc hcall takes it", "TYPE[,PROPS]" },
		{ "mode", 0, 0, G_OPTION_ARG_STRING, &mode, "With --src-host: host-max (default) or caps", "MODE" },
		{ "guest-cpu", 0, 0, G_OPTION_ARG_STRING, &cpu, "With --src-host: guest CPU for the guest view", "CPU" },
		{ "qemu-version", 0, 0, G_OPTION_ARG_STRING, &qemu_version, QEMU_VERSION_HELP, "V" },
		{ "qemu", 0, 0, G_OPTION_ARG_FILENAME, &qemu_file, QEMU_PROFILE_HELP, "FILE" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- check a migration between two cap sets");
	struct vcpuchar_ppc_caps s, d;
	struct vcpuchar_ppc_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
	g_autoptr(GPtrArray) ignored = g_ptr_array_new_with_free_func(g_free);
	struct cli_qemu_target qv;
	struct vcpuchar_ppc_request unused = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	int r;

	g_option_context_set_summary(ctx, "Either two cap sets (--src LIST --dst LIST; LIST: cap-NAME=VALUE,... or a "
					  "libvirt <features> fragment, unlisted caps take the newest pseries defaults of "
					  "--qemu-version's QEMU (7.2 when not given) or the defaults of --qemu's default "
					  "type, "
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
		return migrate_hosts(src_host, dst_host, caps, machine, mode, cpu, qemu_version, qemu_file, json);
	}
	/*
	 * Two cap sets: QEMU's migration check, the same function in every
	 * supported version; --qemu-version gives the defaults of unlisted caps.
	 */
	if (caps || machine || mode || cpu)
		return cli_usage("--caps, --machine, --mode and --guest-cpu go with --src-host/--dst-host");
	if (!src || !dst)
		return cli_usage("ppc migrate needs both --src and --dst (or --src-host and --dst-host)");
	/* A profile's default type gives the unlisted caps (lib/ppc.md#migration). */
	if ((r = cli_qemu_target_load(qemu_file, qemu_version, NULL, &profile, &unused, &qv)))
		return r;
	if ((r = parse_migrate_caps("--src", src, qv.version, profile, &s, ignored)) ||
	    (r = parse_migrate_caps("--dst", dst, qv.version, profile, &d, ignored)))
		return r;
	if ((r = vcpuchar_ppc_migration_check(&s, &d, &m)) < 0)
		return cli_usage_why(r, NULL, NULL, "cannot check the migration: %s", g_strerror(-r));

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
		json_builder_set_member_name(b, "not_judged");
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

			cli_printf("not judged: %s (not a cap)\n", shown);
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
