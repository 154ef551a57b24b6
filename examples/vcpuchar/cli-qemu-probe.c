/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar qemu probe: ask a qemu-system-ppc64 binary what it has, over QMP,
 * and keep the answer as a QEMU profile (examples/profiles/README.md).
 *
 * Every QEMU runs paused under TCG (-S -accel tcg, no KVM, no guest code),
 * its QMP monitor on its stdin/stdout, one end of a socketpair; stderr goes
 * to an unlinked temporary file read after it exits. One instance with
 * -machine none answers query-version, query-machines,
 * query-cpu-definitions and the -machine properties of each pseries type
 * (qom-list-properties); then every pseries type is started once per POWER
 * family model the binary has, and qom-get on /machine reads each cap-*:
 * QEMU's default_caps_with_cpu() (hw/ppc/spapr_caps.c) lowers some caps for
 * older CPUs, so the defaults exist only in an instance. A child dies with
 * the thread that started it (PR_SET_PDEATHSIG), and every child's process
 * group is killed and the child reaped before its thread goes on
 * (cli-qmp.c says what can still escape). Names QEMU gives are checked
 * (type_name_ok()) before they go anywhere.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-qemu.h"

/* The POWER family models whose caps are read: QEMU's default_caps_with_cpu() tests
 * ppc_type_compat() against ISA 3.00, 2.07 and 2.06, so one model per family answers for
 * its variants (power8e, power8nvl, power7+, power9_v2.0 ...). */
static const char *const family_models[] = { "power7", "power8", "power9", "power10", "power11" };

/*
 * A name QEMU gives (machine type, alias, CPU type, property) in QEMU's
 * type-name characters: letters, digits, '-', '_', '.', '+' (qom/object.c
 * type names; every pseries type, CPU model and cap- property is such a
 * word). Anything else (']', a comma, ESC, a newline) would break the key
 * file's group names, the -machine argument or the text output: such a
 * binary is refused, with *@why naming what it said.
 */
static gboolean type_name_ok(const char *what, const char *name, char **why)
{
	if (*name && strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.+") == strlen(name))
		return TRUE;
	*why = g_strdup_printf("not QEMU's answer: %s \"%s\" holds characters outside QEMU's type names (letters, "
			       "digits, -, _, ., +)", what, name);
	return FALSE;
}

/* "-powerpc64-cpu" off a CPU type name: the model as -cpu takes it. */
static char *cpu_model_name(const char *type)
{
	const char *suffix = "-powerpc64-cpu";

	if (g_str_has_suffix(type, suffix))
		return g_strndup(type, strlen(type) - strlen(suffix));
	return g_strdup(type);
}

struct probe_opts {
	const char *binary;
	int timeout;
};

static char *value_text(JsonNode *n)
{
	if (JSON_NODE_HOLDS_VALUE(n)) {
		GType t = json_node_get_value_type(n);

		if (t == G_TYPE_BOOLEAN)
			return g_strdup(json_node_get_boolean(n) ? "on" : "off");
		if (t == G_TYPE_INT64)
			return g_strdup_printf("%" G_GINT64_FORMAT, json_node_get_int(n));
		if (t == G_TYPE_STRING)
			return g_strdup(json_node_get_string(n));
	}
	return g_strdup("?");
}

/* Starts @j's type with its CPU; reads every cap-* of /machine. 0, or -1 with *why (a transport failure). */
static int read_caps(struct caps_job *j, const struct probe_opts *o, const char *extra, char **why)
{
	struct qmp q;
	g_autofree char *machine = g_strdup_printf("%s%s", j->type, extra ? extra : "");
	const char *args[] = { "-machine", machine, "-m", "256", "-cpu", j->cpu, NULL };
	g_autoptr(JsonNode) list = NULL;
	JsonArray *a;
	int r = -1;

	if (qmp_start(&q, o->binary, args, o->timeout, why) < 0)
		return -1;
	if (!(list = qmp_exec(&q, "{\"execute\": \"qom-list\", \"arguments\": {\"path\": \"/machine\"}}\n", why)))
		goto out;
	if (!JSON_NODE_HOLDS_ARRAY(list)) {
		*why = g_strdup("not QMP: qom-list returned no array");
		goto out;
	}
	a = json_node_get_array(list);
	for (guint i = 0; i < json_array_get_length(a); i++) {
		JsonObject *p = json_array_get_object_element(a, i);
		const char *name =
			p && json_object_has_member(p, "name") ? json_object_get_string_member(p, "name") : NULL;
		g_autofree char *cmd = NULL;
		g_autoptr(JsonNode) v = NULL;

		if (!name || !g_str_has_prefix(name, "cap-"))
			continue;
		if (!type_name_ok("the /machine property", name, why))
			goto out;
		cmd = qmp_command("qom-get", "path", "/machine", "property", name, NULL);
		if (!(v = qmp_exec(&q, cmd, why)))
			goto out;
		g_ptr_array_add(j->names, g_strdup(name));
		g_ptr_array_add(j->values, value_text(v));
	}
	r = 0;
out:
	qmp_kill(&q);
	return r;
}

static void caps_job_run(gpointer data, gpointer user)
{
	struct caps_job *j = data;
	const struct probe_opts *o = user;
	g_autofree char *why = NULL;

	if (read_caps(j, o, NULL, &why) == 0)
		return;
	/* QEMU 7.2's pseries-2.8 to 2.11 default cap-htm to on, which TCG refuses ("No Transactional
	 * Memory support in TCG", hw/ppc/spapr_caps.c cap_htm_apply()): the default is on, read the rest with it off. */
	if (strstr(why, "cap-htm=off")) {
		g_autofree char *why2 = NULL;

		g_ptr_array_set_size(j->names, 0);
		g_ptr_array_set_size(j->values, 0);
		if (read_caps(j, o, ",cap-htm=off", &why2) == 0) {
			j->given = g_strdup("cap-htm=off");
			for (guint i = 0; i < j->names->len; i++)
				if (!strcmp(j->names->pdata[i], "cap-htm")) {
					g_free(j->values->pdata[i]);
					j->values->pdata[i] = g_strdup("on");
				}
			return;
		}
	}
	j->refused = g_steal_pointer(&why);
}

static void machine_free(gpointer p)
{
	struct machine *m = p;

	g_free(m->name);
	g_free(m->alias);
	g_free(m->default_cpu);
	g_ptr_array_unref(m->properties);
	g_free(m);
}

/* pseries-2.12 before pseries-2.12-sxxm before pseries-3.0 before pseries-10.0; others by name. */
static int type_cmp(const char *a, const char *b)
{
	unsigned am = 0, an = 0, bm = 0, bn = 0;
	int ac = sscanf(a, "pseries-%u.%u", &am, &an), bc = sscanf(b, "pseries-%u.%u", &bm, &bn);

	if (ac == 2 && bc == 2 && (am != bm || an != bn))
		return am != bm ? (am < bm ? -1 : 1) : (an < bn ? -1 : 1);
	if ((ac == 2) != (bc == 2))
		return ac == 2 ? -1 : 1;
	return strcmp(a, b);
}

static gint machine_cmp(gconstpointer a, gconstpointer b)
{
	return type_cmp((*(struct machine *const *)a)->name, (*(struct machine *const *)b)->name);
}

static gint str_cmp(gconstpointer a, gconstpointer b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char *member_string(JsonObject *o, const char *name)
{
	JsonNode *n = json_object_get_member(o, name);

	return n && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == G_TYPE_STRING ? json_node_get_string(n)
											     : NULL;
}

/* The -machine none instance: version, machine types, CPU models, each type's -machine properties. */
static int probe_global(struct probe *p, const struct probe_opts *o, char **why)
{
	struct qmp q;
	const char *args[] = { "-machine", "none", NULL };
	g_autoptr(JsonNode) ver = NULL, machines = NULL, cpus = NULL;
	JsonObject *qv;
	JsonArray *a;
	int r = -1;

	if (qmp_start(&q, o->binary, args, o->timeout, why) < 0)
		return -1;
	if (!(ver = qmp_exec(&q, "{\"execute\": \"query-version\"}\n", why)) ||
	    !(machines = qmp_exec(&q, "{\"execute\": \"query-machines\"}\n", why)) ||
	    !(cpus = qmp_exec(&q, "{\"execute\": \"query-cpu-definitions\"}\n", why)))
		goto out;
	if (!JSON_NODE_HOLDS_OBJECT(ver) || !JSON_NODE_HOLDS_ARRAY(machines) || !JSON_NODE_HOLDS_ARRAY(cpus) ||
	    !(qv = json_object_get_object_member(json_node_get_object(ver), "qemu"))) {
		*why = g_strdup("not QMP: query-version, query-machines or query-cpu-definitions has the wrong shape");
		goto out;
	}
	p->version = g_strdup_printf("%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT,
				     json_object_get_int_member(qv, "major"), json_object_get_int_member(qv, "minor"),
				     json_object_get_int_member(qv, "micro"));
	p->package = g_strdup(member_string(json_node_get_object(ver), "package") ?: "");
	g_strstrip(p->package);

	a = json_node_get_array(machines);
	for (guint i = 0; i < json_array_get_length(a); i++) {
		JsonObject *m = json_array_get_object_element(a, i);
		const char *name = m ? member_string(m, "name") : NULL;
		const char *cpu = m ? member_string(m, "default-cpu-type") : NULL;
		struct machine *mt;

		if (!name || !g_str_has_prefix(name, "pseries"))
			continue;
		if (!type_name_ok("the machine type", name, why) ||
		    (member_string(m, "alias") && !type_name_ok("the alias", member_string(m, "alias"), why)) ||
		    (cpu && !type_name_ok("the CPU type", cpu, why)))
			goto out;
		mt = g_new0(struct machine, 1);
		mt->name = g_strdup(name);
		mt->alias = g_strdup(member_string(m, "alias"));
		mt->default_cpu = cpu ? cpu_model_name(cpu) : NULL;
		mt->have_deprecated = json_object_has_member(m, "deprecated");
		mt->deprecated = mt->have_deprecated && json_object_get_boolean_member(m, "deprecated");
		mt->is_default =
			json_object_has_member(m, "is-default") && json_object_get_boolean_member(m, "is-default");
		mt->properties = g_ptr_array_new_with_free_func(g_free);
		if (mt->is_default)
			p->default_machine = g_strdup(name);
		g_ptr_array_add(p->machines, mt);
	}
	g_ptr_array_sort(p->machines, machine_cmp);

	a = json_node_get_array(cpus);
	for (guint i = 0; i < json_array_get_length(a); i++) {
		JsonObject *c = json_array_get_object_element(a, i);
		const char *name = c ? member_string(c, "name") : NULL;

		if (name && g_ascii_strncasecmp(name, "power", 5) == 0) {
			if (!type_name_ok("the CPU model", name, why))
				goto out;
			g_ptr_array_add(p->cpu_models, g_strdup(name));
		}
	}
	g_ptr_array_sort(p->cpu_models, str_cmp);
	for (size_t f = 0; f < G_N_ELEMENTS(family_models); f++)
		for (guint i = 0; i < p->cpu_models->len; i++)
			if (!strcmp(p->cpu_models->pdata[i], family_models[f]))
				g_ptr_array_add(p->cpus, (char *)family_models[f]);

	/* The -machine properties of each type: its QOM class is "<type>-machine". */
	for (guint i = 0; i < p->machines->len; i++) {
		struct machine *mt = p->machines->pdata[i];
		g_autofree char *type = g_strconcat(mt->name, "-machine", NULL);
		g_autofree char *cmd = qmp_command("qom-list-properties", "typename", type, NULL);
		g_autoptr(JsonNode) props = qmp_exec(&q, cmd, why);

		if (!props)
			goto out;
		if (!JSON_NODE_HOLDS_ARRAY(props)) {
			*why = g_strdup("not QMP: qom-list-properties returned no array");
			goto out;
		}
		for (guint k = 0; k < json_array_get_length(json_node_get_array(props)); k++) {
			JsonObject *pr = json_array_get_object_element(json_node_get_array(props), k);
			const char *name = pr ? member_string(pr, "name") : NULL;

			if (name && !type_name_ok("the machine property", name, why))
				goto out;
			if (name)
				g_ptr_array_add(mt->properties, g_strdup(name));
		}
		g_ptr_array_sort(mt->properties, str_cmp);
	}
	r = 0;
out:
	qmp_kill(&q);
	return r;
}

static void probe_clear(struct probe *p)
{
	for (guint i = 0; i < p->n_jobs; i++) {
		g_ptr_array_unref(p->jobs[i].names);
		g_ptr_array_unref(p->jobs[i].values);
		g_free(p->jobs[i].given);
		g_free(p->jobs[i].refused);
	}
	g_free(p->jobs);
	g_ptr_array_unref(p->machines);
	g_ptr_array_unref(p->cpu_models);
	g_ptr_array_unref(p->cpus);
	g_free(p->version);
	g_free(p->package);
	g_free(p->default_machine);
}

/* The caps of a job sorted by name (QEMU lists them in hash order). */
static void job_sort(struct caps_job *j)
{
	for (guint a = 1; a < j->names->len; a++)
		for (guint b = a; b > 0 && strcmp(j->names->pdata[b - 1], j->names->pdata[b]) > 0; b--) {
			gpointer t = j->names->pdata[b];

			j->names->pdata[b] = j->names->pdata[b - 1];
			j->names->pdata[b - 1] = t;
			t = j->values->pdata[b];
			j->values->pdata[b] = j->values->pdata[b - 1];
			j->values->pdata[b - 1] = t;
		}
}

static int cmd_qemu_probe(int argc, char **argv)
{
	g_autofree char *binary_opt = NULL;
	g_autofree char *save = NULL;
	g_autofree char *binary = NULL;
	gboolean json = FALSE, force = FALSE;
	g_autofree char *jobs_arg = NULL, *timeout_arg = NULL;
	guint64 jobs = 0, timeout = 30;
	GOptionEntry entries[] = { { "binary", 0, 0, G_OPTION_ARG_FILENAME, &binary_opt,
				     "The qemu-system-ppc64 to ask (default: the one on PATH)", "PATH" },
				   { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, "Save the facts as a QEMU profile",
				     "FILE" },
				   { "force", 0, 0, G_OPTION_ARG_NONE, &force,
				     "With --save: replace a file that is not a QEMU profile this command wrote", NULL },
				   { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON", NULL },
				   { "jobs", 0, 0, G_OPTION_ARG_STRING, &jobs_arg,
				     "QEMU instances at a time (default: the number of CPUs)", "N" },
				   { "timeout", 0, 0, G_OPTION_ARG_STRING, &timeout_arg,
				     "Seconds each QEMU instance may take to answer (default: 30)", "SECONDS" },
				   { NULL } };
	g_autoptr(GOptionContext) ctx = g_option_context_new("- ask a qemu-system-ppc64 binary what it has, over QMP");
	struct probe_opts o;
	struct probe p = { 0 };
	g_autofree char *why = NULL;
	g_autoptr(GDateTime) now = g_date_time_new_now_utc();
	g_autofree char *when = g_date_time_format(now, "%Y-%m-%dT%H:%M:%SZ");
	gint64 t0 = g_get_monotonic_time();
	GThreadPool *pool;
	double seconds;
	int r;

	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	/* The one number rule (cli_number()): GOption's int options read "010" as octal 8. */
	if (jobs_arg && (r = cli_number("--jobs", jobs_arg, UINT64_MAX, &jobs)))
		return r;
	if (jobs > 64)
		return cli_usage("--jobs %s: give 1 to 64 (0: the number of CPUs)", jobs_arg);
	if (timeout_arg && (r = cli_number("--timeout", timeout_arg, UINT64_MAX, &timeout)))
		return r;
	if (timeout < 1 || timeout > 3600)
		return cli_usage("--timeout %s: give 1 to 3600 seconds", timeout_arg);
	if (force && !save)
		return cli_usage("--force qualifies --save; it needs it");
	/* Refused before QEMU runs (checked again when written): what is no regular file, or not our profile. */
	if (save) {
		struct stat st;

		if (stat(save, &st) == 0 && !S_ISREG(st.st_mode))
			return cli_usage("--save %s: not a regular file; nothing was written", save);
		if (cli_save_check("--save", save, CLI_HEADER_QEMU_PROFILE, force))
			return CLI_USAGE;
	}
	if (!jobs)
		jobs = (guint64)MIN(g_get_num_processors(), 64);
	if (!binary_opt) {
		if (!(binary = g_find_program_in_path("qemu-system-ppc64")))
			return cli_usage("qemu-system-ppc64 is not on PATH; give --binary PATH");
	} else if (!strchr(binary_opt, '/')) {
		if (!(binary = g_find_program_in_path(binary_opt)))
			return cli_usage("--binary %s: no such program on PATH", binary_opt);
	} else {
		if (access(binary_opt, X_OK) < 0)
			return cli_usage("--binary %s: %s", binary_opt, g_strerror(errno));
		binary = g_strdup(binary_opt);
	}
	o.binary = binary;
	o.timeout = (int)timeout;

	p.machines = g_ptr_array_new_with_free_func(machine_free);
	p.cpu_models = g_ptr_array_new_with_free_func(g_free);
	p.cpus = g_ptr_array_new();
	if (probe_global(&p, &o, &why) < 0) {
		r = cli_usage("%s -machine none: %s", binary, why);
		goto out;
	}
	if (!p.machines->len) {
		r = cli_usage("%s: QEMU %s has no pseries machine type; is it a qemu-system-ppc64?", binary, p.version);
		goto out;
	}
	p.n_jobs = p.machines->len * p.cpus->len;
	p.jobs = g_new0(struct caps_job, p.n_jobs);
	pool = g_thread_pool_new(caps_job_run, &o, (gint)jobs, TRUE, NULL);
	for (guint i = 0; i < p.machines->len; i++)
		for (guint c = 0; c < p.cpus->len; c++) {
			struct caps_job *j = &p.jobs[i * p.cpus->len + c];

			j->type = ((struct machine *)p.machines->pdata[i])->name;
			j->cpu = p.cpus->pdata[c];
			j->names = g_ptr_array_new_with_free_func(g_free);
			j->values = g_ptr_array_new_with_free_func(g_free);
			g_thread_pool_push(pool, j, NULL);
		}
	/* Waits for every job: each has killed and reaped its QEMU. */
	g_thread_pool_free(pool, FALSE, TRUE);
	for (guint i = 0; i < p.n_jobs; i++) {
		job_sort(&p.jobs[i]);
		/* A transport failure (timeout, not QMP) is no answer about the type: the probe fails. */
		if (p.jobs[i].refused && (g_str_has_prefix(p.jobs[i].refused, "no answer") ||
					  g_str_has_prefix(p.jobs[i].refused, "not QMP"))) {
			r = cli_usage("%s -machine %s -cpu %s: %s", binary, p.jobs[i].type, p.jobs[i].cpu,
				      p.jobs[i].refused);
			goto out;
		}
	}
	seconds = (double)(g_get_monotonic_time() - t0) / G_USEC_PER_SEC;

	if (save) {
		g_autoptr(GKeyFile) kf = cli_qemu_profile(&p, binary, when);
		gsize len;
		g_autofree char *data = g_key_file_to_data(kf, &len, NULL);
		/* export's writer: atomic, a link followed, mode and owner kept, no FIFO or device. */
		struct cli_export_file t = { .opt = "--save", .path = save, .fd = -1,
					     .data = g_string_new_len(data, (gssize)len), .header = CLI_HEADER_QEMU_PROFILE,
					     .force = force };

		r = cli_export_write(&t, 1);
		g_string_free(t.data, TRUE);
		if (r)
			goto out;
	}
	if (json)
		cli_qemu_json(&p, binary, when, seconds, (int)jobs);
	else
		cli_qemu_text(&p, binary, seconds, (int)jobs);
	r = CLI_OK;
out:
	probe_clear(&p);
	return r;
}

int cmd_qemu(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		FILE *f = argc < 2 ? stderr : stdout;

		fputs("Usage: vcpuchar qemu probe [--binary PATH] [--save FILE [--force]] [--json] [--jobs N] [--timeout SECONDS]\n"
		      "  ask a qemu-system-ppc64 binary over QMP (paused, under TCG) for its version, machine types,\n"
		      "  CPU models and the default of every cap of every pseries type; --save writes a QEMU profile\n",
		      f);
		return argc < 2 ? CLI_USAGE : CLI_OK;
	}
	if (!strcmp(argv[1], "probe"))
		return cmd_qemu_probe(argc - 1, argv + 1);
	return cli_usage("qemu: unknown subcommand '%s' (probe)", argv[1]);
}
