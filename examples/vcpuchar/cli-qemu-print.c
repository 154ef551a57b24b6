/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar qemu probe: the QEMU profile, the JSON and the text of a probe. */
#include <stdio.h>
#include <string.h>

#include "cli-qemu.h"

GKeyFile *cli_qemu_profile(const struct probe *p, const char *binary, const char *when)
{
	GKeyFile *kf = g_key_file_new();
	g_autofree char *comment = NULL;
	/* A comment is one line each: control bytes of the path escaped (the key keeps it exact). */
	g_autofree char *shown = cli_shown(binary);
	g_autofree char *package = cli_shown(p->package);
	g_autoptr(GPtrArray) names = g_ptr_array_new();

	g_key_file_set_string(kf, "qemu", "binary", binary);
	g_key_file_set_string(kf, "qemu", "version", p->version);
	g_key_file_set_string(kf, "qemu", "package", p->package);
	g_key_file_set_string(kf, "qemu", "probed", when);
	g_key_file_set_string(kf, "qemu", "accel", "tcg");
	if (p->default_machine)
		g_key_file_set_string(kf, "qemu", "default_machine", p->default_machine);
	for (guint i = 0; i < p->machines->len; i++)
		g_ptr_array_add(names, ((struct machine *)p->machines->pdata[i])->name);
	g_key_file_set_string_list(kf, "qemu", "machines", (const char *const *)names->pdata, names->len);
	g_key_file_set_string_list(kf, "qemu", "cpu_models", (const char *const *)p->cpu_models->pdata,
				   p->cpu_models->len);
	g_key_file_set_string_list(kf, "qemu", "caps_cpus", (const char *const *)p->cpus->pdata, p->cpus->len);
	comment = g_strdup_printf(
		" A QEMU profile (/usr/share/doc/libvcpuchar/profiles.md, \"QEMU profiles\"): the facts of\n"
		" %s, QEMU %s%s%s%s, read over QMP under TCG\n"
		" by vcpuchar qemu probe %s on %s.",
		shown, p->version, *package ? " (" : "", package, *package ? ")" : "", VCPUCHAR_VERSION_STRING, when);
	g_key_file_set_comment(kf, "qemu", NULL, comment, NULL);

	for (guint i = 0; i < p->machines->len; i++) {
		const struct machine *m = p->machines->pdata[i];
		g_autofree char *g = g_strdup_printf("machine %s", m->name);

		if (m->alias)
			g_key_file_set_string(kf, g, "alias", m->alias);
		if (m->have_deprecated)
			g_key_file_set_boolean(kf, g, "deprecated", m->deprecated);
		if (m->default_cpu)
			g_key_file_set_string(kf, g, "default_cpu", m->default_cpu);
		g_key_file_set_string_list(kf, g, "properties", (const char *const *)m->properties->pdata,
					   m->properties->len);
		for (guint c = 0; c < p->cpus->len; c++) {
			const struct caps_job *j = &p->jobs[i * p->cpus->len + c];
			g_autofree char *cg = g_strdup_printf("caps %s %s", m->name, j->cpu);

			if (j->refused) {
				g_key_file_set_string(kf, cg, "start", j->refused);
				continue;
			}
			if (j->given)
				g_key_file_set_string(kf, cg, "tcg_given", j->given);
			for (guint k = 0; k < j->names->len; k++)
				g_key_file_set_string(kf, cg, j->names->pdata[k], j->values->pdata[k]);
		}
	}
	return kf;
}

void cli_qemu_json(const struct probe *p, const char *binary, const char *when, double seconds, int jobs)
{
	g_autoptr(JsonBuilder) b = json_builder_new();

	json_builder_begin_object(b);
	json_builder_set_member_name(b, "binary");
	json_builder_add_string_value(b, binary);
	json_builder_set_member_name(b, "version");
	json_builder_add_string_value(b, p->version);
	json_builder_set_member_name(b, "package");
	json_builder_add_string_value(b, p->package);
	json_builder_set_member_name(b, "probed");
	json_builder_add_string_value(b, when);
	json_builder_set_member_name(b, "seconds");
	json_builder_add_double_value(b, seconds);
	json_builder_set_member_name(b, "jobs");
	json_builder_add_int_value(b, jobs);
	json_builder_set_member_name(b, "default_machine");
	json_builder_add_string_value(b, p->default_machine ? p->default_machine : "");
	json_builder_set_member_name(b, "cpu_models");
	json_builder_begin_array(b);
	for (guint i = 0; i < p->cpu_models->len; i++)
		json_builder_add_string_value(b, p->cpu_models->pdata[i]);
	json_builder_end_array(b);
	json_builder_set_member_name(b, "machines");
	json_builder_begin_array(b);
	for (guint i = 0; i < p->machines->len; i++) {
		const struct machine *m = p->machines->pdata[i];

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "name");
		json_builder_add_string_value(b, m->name);
		json_builder_set_member_name(b, "alias");
		json_builder_add_string_value(b, m->alias ? m->alias : "");
		json_builder_set_member_name(b, "deprecated");
		json_builder_add_boolean_value(b, m->deprecated);
		json_builder_set_member_name(b, "default_cpu");
		json_builder_add_string_value(b, m->default_cpu ? m->default_cpu : "");
		json_builder_set_member_name(b, "properties");
		json_builder_begin_array(b);
		for (guint k = 0; k < m->properties->len; k++)
			json_builder_add_string_value(b, m->properties->pdata[k]);
		json_builder_end_array(b);
		json_builder_set_member_name(b, "caps");
		json_builder_begin_object(b);
		for (guint c = 0; c < p->cpus->len; c++) {
			const struct caps_job *j = &p->jobs[i * p->cpus->len + c];

			json_builder_set_member_name(b, j->cpu);
			json_builder_begin_object(b);
			json_builder_set_member_name(b, "start");
			json_builder_add_string_value(b, j->refused ? j->refused : "starts");
			json_builder_set_member_name(b, "tcg_given");
			json_builder_add_string_value(b, j->given ? j->given : "");
			json_builder_set_member_name(b, "defaults");
			json_builder_begin_object(b);
			for (guint k = 0; k < j->names->len; k++) {
				json_builder_set_member_name(b, (const char *)j->names->pdata[k] + 4);
				json_builder_add_string_value(b, j->values->pdata[k]);
			}
			json_builder_end_object(b);
			json_builder_end_object(b);
		}
		json_builder_end_object(b);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	json_builder_end_object(b);
	cli_print_json(b);
}

/* @s with its control bytes escaped, as cli_usage() does; freed with @keep. Every text QEMU gave goes through it. */
static const char *esc(GPtrArray *keep, const char *s)
{
	char *e = cli_shown(s);

	g_ptr_array_add(keep, e);
	return e;
}

void cli_qemu_text(const struct probe *p, const char *binary, double seconds, int jobs)
{
	g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func(g_free);

	cli_printf("qemu            %s: QEMU %s%s%s%s\n", esc(keep, binary), esc(keep, p->version),
		   *p->package ? " (" : "", esc(keep, p->package), *p->package ? ")" : "");
	cli_printf("default type    %s\n", p->default_machine ? esc(keep, p->default_machine) : "(none)");
	cli_printf("cpu models      ");
	for (guint i = 0; i < p->cpu_models->len; i++)
		cli_printf("%s%s", i ? " " : "", esc(keep, p->cpu_models->pdata[i]));
	cli_printf("\nprobed in       %.1f s, %u QEMU instances, up to %d at a time\n", seconds, p->n_jobs + 1, jobs);
	for (guint i = 0; i < p->machines->len; i++) {
		const struct machine *m = p->machines->pdata[i];

		cli_printf("\n%s%s%s%s, default CPU %s\n", esc(keep, m->name), m->alias ? " (alias " : "",
			   m->alias ? esc(keep, m->alias) : "", m->alias ? ")" : "",
			   m->default_cpu ? esc(keep, m->default_cpu) : "(none)");
		if (m->deprecated)
			cli_printf("  deprecated\n");
		for (guint c = 0; c < p->cpus->len; c++) {
			const struct caps_job *j = &p->jobs[i * p->cpus->len + c];

			cli_printf("  %-8s", j->cpu);
			if (j->refused) {
				cli_printf(" does not start: %s\n", esc(keep, j->refused));
				continue;
			}
			for (guint k = 0; k < j->names->len; k++)
				cli_printf(" %s=%s", esc(keep, (const char *)j->names->pdata[k] + 4),
					   esc(keep, j->values->pdata[k]));
			if (j->given)
				cli_printf(" (under TCG with %s given)", esc(keep, j->given));
			cli_printf("\n");
		}
	}
}
