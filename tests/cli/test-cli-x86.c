/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * `vcpuchar x86 policy --json --host <profile>` for every row of the x86
 * vector files: a profile per row in a temporary directory (keys of
 * examples/profiles/README.md), the row's VM as command-line options, and the JSON and
 * exit status compared with the row.
 */
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <sys/wait.h>
#include <vcpuchar.h>

#include "test-cli.h"
#include "x86-vectors.h"

static char *tmpdir;

static char *write_profile(const struct vcpuchar_x86_host *h, const char *id)
{
	static const char *const vendors[] = { "other", "amd", "intel", "hygon", "other" };
	g_autofree char *name = g_strdup_printf("%s.profile", id);
	char *path = g_build_filename(tmpdir, name, NULL);
	GString *s = g_string_new("[host]\narch=x86_64\n");

	if (h->kernel_release[0])
		g_string_append_printf(s, "kernel_release=%s\n", h->kernel_release);
	g_string_append_printf(s, "[x86]\nvendor=%s\n", vendors[h->vendor]);
	if (h->have & (1u << VCPUCHAR_X86_FACT_CPUID_EXT))
		g_string_append_printf(s, "cpuid_80000001_ecx=0x%08x\n", h->cpuid_80000001_ecx);
	g_string_append_printf(s, "cpuid_8000000a_edx=0x%08x\n", h->cpuid_8000000a_edx);
	g_string_append_printf(s, "hypervisor=%s\n", h->hypervisor ? "true" : "false");
	g_string_append_printf(s, "disable_exits_allowed=0x%x\nhalt_poll=%s\nhalt_poll_ns=%" G_GUINT64_FORMAT "\n",
			       h->disable_exits_allowed, h->halt_poll_cap ? "true" : "false", h->halt_poll_ns);
	if (h->have & (1u << VCPUCHAR_X86_FACT_CPUID_SIGNATURE))
		g_string_append_printf(s, "cpuid_1_eax=0x%08x\n", h->cpuid_1_eax);
	if (h->have & (1u << VCPUCHAR_X86_FACT_ENABLE_IPIV))
		g_string_append_printf(s, "enable_ipiv=%s\n", h->enable_ipiv ? "true" : "false");
	if (h->have & (1u << VCPUCHAR_X86_FACT_TDX))
		g_string_append_printf(s, "tdx=%s\n", h->tdx ? "true" : "false");
	if (h->have & (1u << VCPUCHAR_X86_FACT_SUPPORTED_CPUID))
		g_string_append_printf(s, "supported_40000001_eax=0x%08x\n", h->kvm_features);
	g_string_append_printf(s, "mitigate_smt_rsb=%s\n", h->mitigate_smt_rsb ? "true" : "false");
	g_string_append_printf(s, "# numbers from clearcpuid=\nclearcpuid=%s\n", h->clearcpuid_510 ? "304,510" : "");
	g_string_append_printf(s, "kvm_amd=%s\n", h->kvm_amd ? "true" : "false");
	if (h->have & (1u << VCPUCHAR_X86_FACT_NESTED))
		g_string_append_printf(s, "avic=%s\nnested=%s\n", h->avic ? "true" : "false", h->nested ? "true" : "false");
	g_string_append_printf(s, "smt_rsb_bug=%s\nsmt_possible=%s\n", h->smt_rsb_bug ? "true" : "false",
			       h->smt_possible ? "true" : "false");
	ck_assert(g_file_set_contents(path, s->str, -1, NULL));
	g_string_free(s, TRUE);
	return path;
}

/* The row's VM and overrides as command-line options. */
static GPtrArray *args_for(const struct tsv *t, guint i, const char *profile)
{
	GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
	const char *ov = tsv_has(t, "overrides") ? tsv_get(t, i, "overrides") : "-";
	g_auto(GStrv) items = g_strsplit(ov, ",", -1);

	g_ptr_array_add(a, g_strdup(VCPUCHAR_CLI));
	g_ptr_array_add(a, g_strdup("x86"));
	g_ptr_array_add(a, g_strdup("policy"));
	g_ptr_array_add(a, g_strdup("--json"));
	g_ptr_array_add(a, g_strdup("--host"));
	g_ptr_array_add(a, g_strdup(profile));
	if (tsv_u64(t, i, "pinned", NULL))
		g_ptr_array_add(a, g_strdup("--pinned"));
	if (tsv_u64(t, i, "latency", NULL))
		g_ptr_array_add(a, g_strdup("--latency"));
	if (tsv_u64(t, i, "nested_guest", NULL))
		g_ptr_array_add(a, g_strdup("--nested-guest"));
	g_ptr_array_add(a, g_strdup("--cvm"));
	g_ptr_array_add(a, g_strdup(tsv_get(t, i, "cvm")));
	for (int k = 0; items[k] && strcmp(items[k], "-"); k++) {
		g_auto(GStrv) kv = g_strsplit(items[k], "=", 2);

		if (!strcmp(kv[0], "want_mwait"))
			g_ptr_array_add(a, g_strdup("--want-mwait"));
		else if (!strcmp(kv[0], "want_cstate"))
			g_ptr_array_add(a, g_strdup("--want-cstate"));
		else if (!strcmp(kv[0], "irqchip"))
			g_ptr_array_add(a, g_strdup("--no-irqchip"));
		else {
			g_autofree char *opt = g_strdup_printf("--%s", kv[0]);

			g_strdelimit(opt + 2, "_", '-');
			g_ptr_array_add(a, g_strdup(opt));
			g_ptr_array_add(a, g_strdelimit(g_strdup(kv[1]), "_", '-'));
		}
	}
	g_ptr_array_add(a, NULL);
	return a;
}

static void check_row(const struct tsv *t, guint i, bool exact)
{
	const char *id = tsv_get(t, i, "id");
	const char *err_col = tsv_has(t, "expect_error") ? tsv_get(t, i, "expect_error") : "0";
	struct vcpuchar_x86_host h;
	g_autofree char *profile = NULL;
	g_autoptr(GPtrArray) argv = NULL;
	g_autofree char *out = NULL, *err = NULL;
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o;
	JsonArray *de, *reasons;
	GString *flags = g_string_new(NULL), *codes = g_string_new(NULL);
	bool want_refusal = false;
	g_auto(GStrv) want = NULL;
	int status;

	x86_row_host(t, i, &h);
	profile = write_profile(&h, id);
	argv = args_for(t, i, profile);
	status = cli_run((const char *const *)argv->pdata, &out, &err);
	if (!strcmp(err_col, "EINVAL")) {
		ck_assert_msg(status == 2, "%s: exit %d, want 2", id, status);
		ck_assert_msg(!*out, "%s: printed JSON on bad input", id);
		ck_assert_msg(strstr(err, "--"), "%s: message names no argument: %s", id, err);
		return;
	}
	ck_assert_msg(json_parser_load_from_data(parser, out, -1, NULL), "%s: not JSON: %s (stderr %s)", id, out, err);
	o = json_node_get_object(json_parser_get_root(parser));
	de = json_object_get_array_member(o, "disable_exits");
	for (guint k = 0; k < json_array_get_length(de); k++)
		g_string_append_printf(flags, "%s%s", flags->len ? "|" : "", json_array_get_string_element(de, k));
	if (!flags->len)
		g_string_append(flags, "none");
	ck_assert_msg(!strcmp(flags->str, tsv_get(t, i, "expect_disable_exits")), "%s: disable_exits %s", id, flags->str);
	ck_assert_int_eq(json_object_get_boolean_member(o, "hints_realtime"), (int)tsv_u64(t, i, "expect_hints_realtime", NULL));
	if (strcmp(tsv_get(t, i, "expect_pv_unhalt"), "any"))
		ck_assert_int_eq(json_object_get_boolean_member(o, "pv_unhalt"), (int)tsv_u64(t, i, "expect_pv_unhalt", NULL));
	ck_assert_int_eq(json_object_get_boolean_member(o, "expose_idle_hlt"), 0);
	ck_assert_int_eq(json_object_get_boolean_member(o, "idle_hlt_active"),
			 (int)tsv_u64(t, i, "expect_idle_hlt_active", NULL));
	if (tsv_has(t, "expect_halt_poll_ns") && strcmp(tsv_get(t, i, "expect_halt_poll_ns"), "null"))
		ck_assert_int_eq(json_object_get_int_member(o, "halt_poll_ns"), (gint64)tsv_u64(t, i, "expect_halt_poll_ns", NULL));
	else
		ck_assert_msg(json_object_get_null_member(o, "halt_poll_ns"), "%s: halt_poll_ns not null", id);
	if (tsv_has(t, "expect_poll_control"))
		ck_assert_int_eq(json_object_get_boolean_member(o, "poll_control"), (int)tsv_u64(t, i, "expect_poll_control", NULL));
	else
		ck_assert_int_eq(json_object_get_boolean_member(o, "poll_control"),
				 json_object_get_boolean_member(o, "hints_realtime"));

	reasons = json_object_get_array_member(o, "reasons");
	for (guint k = 0; k < json_array_get_length(reasons); k++) {
		JsonObject *r = json_array_get_object_element(reasons, k);
		const char *code = json_object_get_string_member(r, "code");

		ck_assert_msg(*json_object_get_string_member(r, "text"), "%s: empty text for %s", id, code);
		g_string_append_printf(codes, "%s%s", codes->len ? "," : "", code);
	}
	want = g_strsplit(tsv_get(t, i, "expect_reason_codes"), ",", -1);
	for (int k = 0; want[k]; k++) {
		g_autofree char *needle = g_strdup_printf(",%s,", want[k]);
		g_autofree char *hay = g_strdup_printf(",%s,", codes->str);

		ck_assert_msg(strstr(hay, needle), "%s: missing %s in %s", id, want[k], codes->str);
		if (vcpuchar_x86_reason_class(vcpuchar_x86_reason_from_name(want[k])) == VCPUCHAR_X86_REASON_CLASS_REFUSAL)
			want_refusal = true;
	}
	if (exact)
		ck_assert_msg(!strcmp(codes->str, tsv_get(t, i, "expect_reason_codes")), "%s: reasons %s", id, codes->str);
	/* Exit 1 exactly when a refusal-class reason is present; JSON printed either way. */
	ck_assert_msg(status == (want_refusal ? 1 : 0), "%s: exit %d", id, status);
	g_string_free(flags, TRUE);
	g_string_free(codes, TRUE);
	unlink(profile);
}

/* The x86 decision vectors (x86_vector_files in tests/unit/x86-vectors.c), one file per iteration. */
START_TEST(decision_vectors)
{
	const struct x86_vector_file *f = &x86_vector_files[_i];

	tsv_each_row(f->name, f->min_rows, check_row, f->exact);
}
END_TEST

/* qemu, libvirt and not_expressible of x86 policy --json (tests/data/x86-spellings.tsv). */
START_TEST(spelling_vectors)
{
	struct tsv *t = tsv_open("x86-spellings.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *ne_want = tsv_get(t, i, "expect_not_expressible");
		struct vcpuchar_x86_host h;
		g_autofree char *profile = NULL, *out = NULL, *err = NULL;
		g_autoptr(GPtrArray) argv = NULL;
		g_autoptr(JsonParser) parser = json_parser_new();
		g_autoptr(GString) q = g_string_new(NULL);
		JsonObject *o;
		JsonArray *a, *ne;
		int status;

		x86_row_host(t, i, &h);
		profile = write_profile(&h, id);
		argv = args_for(t, i, profile);
		ck_assert(g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status,
				       NULL));
		ck_assert_msg(json_parser_load_from_data(parser, out, -1, NULL), "%s: not JSON: %s", id, err);
		o = json_node_get_object(json_parser_get_root(parser));
		a = json_object_get_array_member(o, "qemu");
		ck_assert_msg(a, "%s: no qemu", id);
		for (guint k = 0; k < json_array_get_length(a); k++)
			g_string_append_printf(q, "%s%s", k ? "|" : "", json_array_get_string_element(a, k));
		ck_assert_msg(g_str_equal(q->str, tsv_get(t, i, "expect_qemu")), "%s: qemu %s", id, q->str);
		ck_assert_msg(g_str_equal(json_object_get_string_member(o, "libvirt"), tsv_get(t, i, "expect_libvirt")),
			      "%s: libvirt %s", id, json_object_get_string_member(o, "libvirt"));
		ne = json_object_get_array_member(o, "not_expressible");
		ck_assert_msg(ne, "%s: no not_expressible", id);
		if (g_str_equal(ne_want, "none")) {
			ck_assert_msg(json_array_get_length(ne) == 0, "%s: not_expressible not empty", id);
		} else {
			gboolean found = FALSE;

			for (guint k = 0; k < json_array_get_length(ne); k++)
				found |= strstr(json_array_get_string_element(ne, k), ne_want) != NULL;
			ck_assert_msg(found, "%s: not_expressible lacks '%s'", id, ne_want);
		}
		unlink(profile);
	}
	tsv_close(t);
}
END_TEST

START_TEST(bad_usage)
{
	static const struct {
		const char *args[6];
		const char *names;
	} cases[] = {
		{ { "x86", "policy", "--cvm", "tdz" }, "'tdz'" },
		{ { "x86", "policy", "--cvm" }, "--cvm" },
		{ { "x86", "policy", "--pinnned" }, "--pinnned" },
		{ { "x86", "policy", "--host", "/nonexistent/profile" }, "/nonexistent/profile" },
		{ { "x86", "policy", "--cvm", "sev", "--cvm", "sev-snp" }, "--cvm" },
		{ { "x86", "policy", "--halt-poll-ns", "-1" }, "--halt-poll-ns" },
		{ { "x86", "policy", "--hlt-passthrough", "always" }, "'always'" },
	};

	for (size_t c = 0; c < G_N_ELEMENTS(cases); c++) {
		const char *argv[8] = { VCPUCHAR_CLI };
		g_autofree char *out = NULL, *err = NULL;

		for (int k = 0; k < 6 && cases[c].args[k]; k++)
			argv[k + 1] = cases[c].args[k];
		ck_assert_int_eq(cli_run(argv, &out, &err), 2);
		ck_assert_str_eq(out, "");
		ck_assert_msg(strstr(err, cases[c].names), "case %zu: '%s' does not name %s", c, err, cases[c].names);
	}
}
END_TEST

START_TEST(bad_profile_value)
{
	g_autofree char *path = g_build_filename(tmpdir, "bad.profile", NULL);
	const char *argv[] = { VCPUCHAR_CLI, "x86", "policy", "--json", "--host", path, NULL };
	g_autofree char *out = NULL, *err = NULL;

	ck_assert(g_file_set_contents(path, "[x86]\nvendor=amd\ndisable_exits_allowed=lots\n", -1, NULL));
	ck_assert_int_eq(cli_run(argv, &out, &err), 2);
	ck_assert_str_eq(out, "");
	ck_assert_ptr_nonnull(strstr(err, "[x86] disable_exits_allowed: 'lots' is not"));
	unlink(path);
}
END_TEST

START_TEST(this_host_without_host_file)
{
	const char *argv[] = { VCPUCHAR_CLI, "x86", "policy", "--json", NULL };
	g_autofree char *out = NULL, *err = NULL;
	g_autoptr(JsonParser) parser = json_parser_new();
	int rc = cli_run(argv, &out, &err);

	/* A default VM on any host: no refusal, HLT exits kept. */
	ck_assert_int_eq(rc, 0);
	ck_assert(json_parser_load_from_data(parser, out, -1, NULL));
	ck_assert_uint_eq(json_array_get_length(json_object_get_array_member(
				  json_node_get_object(json_parser_get_root(parser)), "disable_exits")),
			  0);
}
END_TEST

/* The probe's saved profile gives the same policy as probing again, and the JSON carries every fact. */
START_TEST(probe_save_round_trip)
{
	g_autofree char *path = g_build_filename(tmpdir, "this-host.profile", NULL);
	const char *save[] = { VCPUCHAR_CLI, "probe", "--json", "--save", path, NULL };
	const char *from_file[] = { VCPUCHAR_CLI, "x86", "policy", "--json", "--pinned", "--latency", "--host", path, NULL };
	const char *live[] = { VCPUCHAR_CLI, "x86", "policy", "--json", "--pinned", "--latency", NULL };
	g_autofree char *out = NULL, *err = NULL, *a = NULL, *b = NULL, *e1 = NULL, *e2 = NULL;
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *x86;
	int rc;

	ck_assert_int_eq(cli_run(save, &out, &err), 0);
	ck_assert(json_parser_load_from_data(parser, out, -1, NULL));
	x86 = json_object_get_object_member(json_node_get_object(json_parser_get_root(parser)), "x86");
	ck_assert_ptr_nonnull(x86);
	ck_assert_uint_eq(json_array_get_length(json_object_get_array_member(x86, "facts")), VCPUCHAR_X86_N_FACTS);
	ck_assert(json_object_has_member(json_object_get_object_member(x86, "default_vm"), "reasons"));
	/* The vendor module by value, as the library probed it, and in the saved profile. */
	{
		struct vcpuchar_x86_host h = TEST_OUT(struct vcpuchar_x86_host), l = TEST_OUT(struct vcpuchar_x86_host);
		const char *m = json_object_get_string_member(x86, "vendor_module");

		ck_assert_ptr_nonnull(m);
		vcpuchar_x86_host_probe(-1, NULL, &l);
		ck_assert_str_eq(m, l.vendor_module);
		ck_assert_int_eq(vcpuchar_profile_load(path, NULL, &h, NULL, 0), 0);
		ck_assert(h.have & (1u << VCPUCHAR_X86_FACT_VENDOR_MODULE));
		ck_assert_str_eq(h.vendor_module, m);
	}
	rc = cli_run(from_file, &a, &e1);
	ck_assert_int_eq(cli_run(live, &b, &e2), rc);
	/* The same facts not read; why differs ("not in the profile", the probe's errno). */
	{
		g_autoptr(GRegex) why = g_regex_new("\"error\" : \"[^\"]*\"", 0, 0, NULL);
		g_autofree char *a2 = g_regex_replace_literal(why, a, -1, 0, "\"error\"", 0, NULL);
		g_autofree char *b2 = g_regex_replace_literal(why, b, -1, 0, "\"error\"", 0, NULL);

		ck_assert_str_eq(a2, b2);
	}
	unlink(path);
}
END_TEST

/* Runs the CLI; returns the exit status, stdout in *out. */
static int run_cli(const char *const *argv, char **out)
{
	g_autofree char *err = NULL;
	int status = cli_run(argv, out, &err);

	if (status == 2)
		ck_assert_msg(*err, "exit 2 without a message");
	return status;
}

static char *write_file(const char *name, const char *text)
{
	char *path = g_build_filename(tmpdir, name, NULL);

	ck_assert(g_file_set_contents(path, text, -1, NULL));
	return path;
}

/* A stats cell of x86-verify.tsv ("name=value,...") as the JSON object the CLI reads. */
static char *stats_json(const char *name, const char *cell)
{
	g_auto(GStrv) items = g_strsplit(cell, ",", -1);
	GString *s = g_string_new("{");

	for (int i = 0; strcmp(cell, "-") && items[i]; i++) {
		g_auto(GStrv) kv = g_strsplit(items[i], "=", 2);

		g_string_append_printf(s, "%s\"%s\": %s", i ? ", " : "", kv[0], kv[1]);
	}
	/* Statistics the library does not read are ignored, as in a full dump. */
	g_string_append(s, strcmp(cell, "-") ? ", \"fpu_reload\": 6}" : "\"fpu_reload\": 6}");
	{
		char *path = write_file(name, s->str);

		g_string_free(s, TRUE);
		return path;
	}
}

/*
 * `x86 verify` on every row of x86-verify.tsv: the policy is what
 * `x86 policy --json` prints for the row's VM on an AMD host profile, the
 * snapshots are the row's; the verdict line and the exit status must match.
 */
START_TEST(verify_vectors)
{
	struct tsv *t = tsv_open("x86-verify.tsv");
	g_autofree char *host = write_file("amd-6.12.profile", "[host]\nkernel_release=6.12.0\n[x86]\nvendor=amd\n"
					   "cpuid_80000001_ecx=0x00000004\ncpuid_8000000a_edx=0x00000000\n"
					   "disable_exits_allowed=0xe\nkvm_amd=true\nnested=true\n");
	g_autofree char *idle = write_file("amd-6.15.profile", "[host]\nkernel_release=6.15.0\n[x86]\nvendor=amd\n"
					   "cpuid_80000001_ecx=0x00000004\ncpuid_8000000a_edx=0x40000000\n"
					   "disable_exits_allowed=0xe\nkvm_amd=true\nnested=true\n");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *kind = tsv_get(t, i, "policy");
		bool pt = g_str_has_prefix(kind, "passthrough"), noirq = g_str_has_suffix(kind, "_no_irqchip");
		const char *pol_argv[] = { VCPUCHAR_CLI, "x86", "policy", "--json", "--host",
					   !strcmp(kind, "kept_idle_hlt") ? idle : host, NULL, NULL, NULL, NULL, NULL, NULL };
		g_autofree char *pol = NULL, *out = NULL, *line = NULL, *want = NULL, *pol_path = NULL;
		g_autofree char *before = stats_json("before.json", tsv_get(t, i, "before"));
		g_autofree char *after = stats_json("after.json", tsv_get(t, i, "after"));
		int k = 6, rc;

		if (pt) {
			pol_argv[k++] = "--pinned";
			pol_argv[k++] = "--latency";
			pol_argv[k++] = "--hlt-passthrough";
			pol_argv[k++] = "force";
		}
		if (noirq)
			pol_argv[k++] = "--no-irqchip";
		ck_assert_int_eq(run_cli(pol_argv, &pol), 0);
		pol_path = write_file("policy.json", pol);
		{
			const char *argv[] = { VCPUCHAR_CLI, "x86", "verify", "--policy", pol_path, "--before", before,
					       "--after", after, "--guest-hlts", tsv_get(t, i, "guest_hlts"), NULL };

			rc = run_cli(argv, &out);
		}
		line = g_strndup(out, strcspn(out, "\n"));
		/* The library's growth is 0 for a statistic not in both snapshots; the CLI says unknown. */
		want = g_strdup_printf("verdict: hlt=%s halt_poll=%s guest_hlts=%s halt_exits=%s ",
				       tsv_get(t, i, "expect_hlt"), tsv_get(t, i, "expect_halt_poll"),
				       tsv_get(t, i, "guest_hlts"),
				       strstr(tsv_get(t, i, "before"), "halt_exits=") &&
						       strstr(tsv_get(t, i, "after"), "halt_exits=") ?
					       tsv_get(t, i, "expect_halt_exits") :
					       "unknown");
		ck_assert_msg(g_str_has_prefix(line, want), "%s: '%s', want '%s...'", id, line, want);
		g_free(want);
		want = g_strdup_printf(" reasons=%s", tsv_get(t, i, "expect_reasons"));
		ck_assert_msg(g_str_has_suffix(line, want), "%s: '%s', want '...%s'", id, line, want);
		/* Exit 0 only for "honoured". */
		ck_assert_msg(rc == (strcmp(tsv_get(t, i, "expect_hlt"), "honoured") ? 1 : 0), "%s: exit %d", id, rc);
		unlink(before);
		unlink(after);
		unlink(pol_path);
	}
	tsv_close(t);
	unlink(host);
	unlink(idle);
}
END_TEST

/* Bad input: exit 2, a message, nothing on stdout. */
START_TEST(verify_bad_input)
{
	g_autofree char *pol = write_file("p.json", "{\"disable_exits\": [\"HLT\"], \"idle_hlt_active\": false, "
						    "\"reasons\": []}");
	g_autofree char *b = write_file("b.json", "{\"halt_exits\": 5}");
	g_autofree char *a = write_file("a.json", "{\"halt_exits\": 9}");
	g_autofree char *neg = write_file("neg.json", "{\"halt_exits\": -1}");
	g_autofree char *junk = write_file("junk.json", "[1, 2]");
	g_autofree char *badflag = write_file("f.json", "{\"disable_exits\": [\"SLEEP\"], \"idle_hlt_active\": false, "
							"\"reasons\": []}");
	const char *cases[][12] = {
		{ VCPUCHAR_CLI, "x86", "verify", "--policy", pol, "--before", b, NULL },
		{ VCPUCHAR_CLI, "x86", "verify", "--policy", pol, "--before", a, "--after", b, NULL },
		{ VCPUCHAR_CLI, "x86", "verify", "--policy", pol, "--before", neg, "--after", a, NULL },
		{ VCPUCHAR_CLI, "x86", "verify", "--policy", junk, "--before", b, "--after", a, NULL },
		{ VCPUCHAR_CLI, "x86", "verify", "--policy", badflag, "--before", b, "--after", a, NULL },
		{ VCPUCHAR_CLI, "x86", "verify", "--policy", pol, "--before", b, "--after", "/nonexistent.json", NULL },
		{ VCPUCHAR_CLI, "x86", "verify", "--policy", pol, "--before", b, "--after", a, "--guest-hlts", "many" },
	};
	const char *ok[] = { VCPUCHAR_CLI, "x86", "verify", "--policy", pol, "--before", b, "--after", a, NULL };

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autofree char *out = NULL;

		ck_assert_msg(run_cli(cases[i], &out) == 2, "case %zu", i);
		ck_assert_msg(!*out, "case %zu printed: %s", i, out);
	}
	/* The same files in the right order: HLT exits disabled, 4 halt exits: not honoured. */
	{
		g_autofree char *out = NULL;

		ck_assert_int_eq(run_cli(ok, &out), 1);
		/* halt_attempted_poll is in neither snapshot: unknown, not 0. */
		ck_assert_ptr_nonnull(strstr(out, "verdict: hlt=not_honoured halt_poll=cannot_tell guest_hlts=unknown "
						  "halt_exits=4 halt_attempted_poll=unknown "
						  "reasons=hlt_passthrough_not_honoured,halt_poll_stats_absent\n"));
	}
	/* In JSON, the statistics absent from the snapshots are null; halt_exits is a count. */
	{
		const char *json[] = { VCPUCHAR_CLI, "x86", "verify", "--policy", pol, "--before", b, "--after", a,
				       "--json", NULL };
		g_autofree char *out = NULL;
		g_autoptr(JsonParser) p = json_parser_new();
		JsonObject *o;

		ck_assert_int_eq(run_cli(json, &out), 1);
		ck_assert(json_parser_load_from_data(p, out, -1, NULL));
		o = json_node_get_object(json_parser_get_root(p));
		ck_assert_int_eq(json_object_get_int_member(o, "halt_exits"), 4);
		ck_assert(json_object_get_null_member(o, "halt_attempted_poll"));
		ck_assert(json_object_get_null_member(o, "halt_successful_poll"));
		ck_assert(json_object_get_null_member(o, "exits"));
	}
	unlink(pol);
	unlink(b);
	unlink(a);
	unlink(neg);
	unlink(junk);
	unlink(badflag);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("cli-x86");
	TCase *tc = tcase_create("cli-x86");
	int r;

	tmpdir = g_dir_make_tmp("vcpuchar-cli-x86-XXXXXX", NULL);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, decision_vectors, 0, x86_n_vector_files);
	tcase_add_test(tc, spelling_vectors);
	tcase_add_test(tc, bad_usage);
	tcase_add_test(tc, bad_profile_value);
	tcase_add_test(tc, this_host_without_host_file);
	tcase_add_test(tc, probe_save_round_trip);
	tcase_add_test(tc, verify_vectors);
	tcase_add_test(tc, verify_bad_input);
	suite_add_tcase(s, tc);
	r = run_suite(s);
	g_rmdir(tmpdir);
	g_free(tmpdir);
	return r;
}
