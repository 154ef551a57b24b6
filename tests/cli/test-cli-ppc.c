/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The `vcpuchar ppc` commands against every POWER vector of tests/data, through the
 * JSON contract of examples/vcpuchar/README.md (exit codes included), as the tests
 * outside the project drive them.
 */
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <vcpuchar.h>

#include "ppc-host-words.h"
#include "test-cli.h"
#include "test-ppc-util.h"

static const char *cli;

struct run {
	int status;
	char *out;
	char *err;
	JsonNode *json;
};

static void run_free(struct run *r)
{
	g_free(r->out);
	g_free(r->err);
	if (r->json)
		json_node_unref(r->json);
}

/* Runs the CLI with a NULL-terminated argument list; parses stdout as JSON when asked. */
static void run_cli(struct run *r, gboolean want_json, const char *first, ...)
{
	g_autoptr(GError) error = NULL;
	va_list ap;

	memset(r, 0, sizeof(*r));
	va_start(ap, first);
	r->status = cli_run_va(cli, &r->out, &r->err, first, ap);
	va_end(ap);
	if (want_json) {
		r->json = json_from_string(r->out, &error);
		ck_assert_msg(r->json && JSON_NODE_HOLDS_OBJECT(r->json), "not a JSON object: %s\nstderr: %s",
			      r->out, r->err);
	}
}

static const char *jstr(JsonNode *root, const char *path)
{
	g_autoptr(GError) error = NULL;
	g_autoptr(JsonNode) hit = json_path_query(path, root, &error);
	JsonArray *a;

	ck_assert_msg(hit, "%s: %s", path, error ? error->message : "");
	a = json_node_get_array(hit);
	ck_assert_msg(json_array_get_length(a) == 1, "%s: not found", path);
	/* The string lives in the tree, which outlives the query result. */
	return json_node_get_string(json_array_get_element(a, 0));
}

static JsonObject *jobj(JsonNode *root)
{
	return json_node_get_object(root);
}

/*
 * KVM_PPC_GET_CPU_CHAR words for --chars that parse to the given host
 * levels under QEMU's rules (lib/ppc.md#host-levels; tests/unit/ppc-host-words.h).
 * The test checks them with the library's own vcpuchar_ppc_host_levels()
 * before using them.
 */
static void words_for_levels(const char *cfpc, const char *sbbc, const char *ibs, const char *ccf, char *out,
			     size_t size)
{
	struct vcpuchar_ppc_caps want = { test_level(0, cfpc), test_level(1, sbbc), test_level(2, ibs),
					  test_level(3, ccf) };
	struct vcpuchar_ppc_host h = ppc_host_words(want);
	struct vcpuchar_ppc_caps got;

	snprintf(out, size, "0x%016" PRIx64 ",0x%016" PRIx64 ",0x%016" PRIx64 ",0x%016" PRIx64, h.character,
		 h.behaviour, h.character_mask, h.behaviour_mask);
	ck_assert_int_eq(vcpuchar_ppc_host_levels(&h, &got), 1);
	ck_assert_caps_eq(out, got, want);
}

static char *caps_arg(const char *cfpc, const char *sbbc, const char *ibs, const char *ccf)
{
	return g_strdup_printf("cap-cfpc=%s,cap-sbbc=%s,cap-ibs=%s,cap-ccf-assist=%s", cfpc, sbbc, ibs, ccf);
}

START_TEST(hcall_vectors)
{
	struct tsv *t = tsv_open("ppc-hcall.tsv");
	static const char *const modes[] = { "caps", "host-max" };

	for (guint i = 0; i < t->n_rows; i++) {
		g_autofree char *caps = caps_arg(tsv_get(t, i, "cfpc"), tsv_get(t, i, "sbbc"), tsv_get(t, i, "ibs"),
						 tsv_get(t, i, "ccf_assist"));

		/* TCG: no host facts are read; with every cap given, host-max equals caps. */
		for (int m = 0; m < 2; m++) {
			struct run r;

			run_cli(&r, TRUE, "ppc", "hcall", "--accel", "tcg", "--mode", modes[m], "--caps", caps,
				"--json", NULL);
			ck_assert_msg(r.status == 0, "%s: exit %d", tsv_get(t, i, "id"), r.status);
			ck_assert_msg(!strcmp(jstr(r.json, "$.r4"), tsv_get(t, i, "expect_r4")) &&
					      !strcmp(jstr(r.json, "$.r5"), tsv_get(t, i, "expect_r5")),
				      "%s (%s): r4 %s r5 %s, want %s %s", tsv_get(t, i, "id"), modes[m],
				      jstr(r.json, "$.r4"), jstr(r.json, "$.r5"), tsv_get(t, i, "expect_r4"),
				      tsv_get(t, i, "expect_r5"));
			ck_assert_str_eq(jstr(r.json, "$.effective_caps.ibs"), tsv_get(t, i, "ibs"));
			run_free(&r);
		}
	}
	tsv_close(t);
}
END_TEST

START_TEST(host_level_vectors)
{
	struct tsv *t = tsv_open("ppc-host-levels.tsv");
	static const char *const keys[] = { "cfpc", "sbbc", "ibs", "ccf_assist" };

	for (guint i = 0; i < t->n_rows; i++) {
		g_autofree char *chars = g_strdup_printf("%s,%s,%s,%s", tsv_get(t, i, "character"),
							 tsv_get(t, i, "behaviour"), tsv_get(t, i, "character_mask"),
							 tsv_get(t, i, "behaviour_mask"));
		gboolean p8 = !strcmp(tsv_get(t, i, "power8_host"), "1");
		struct run r;

		run_cli(&r, TRUE, "ppc", "hcall", "--chars", chars, "--mode", "host-max", "--json",
			p8 ? "--power8-host" : NULL, NULL);
		ck_assert_msg(r.status == 0, "%s: exit %d: %s", tsv_get(t, i, "id"), r.status, r.err);
		for (int k = 0; k < 4; k++) {
			g_autofree char *path = g_strdup_printf("$.host_caps.%s", keys[k]);
			g_autofree char *col = g_strdup_printf("expect_%s", keys[k]);

			ck_assert_msg(!strcmp(jstr(r.json, path), tsv_get(t, i, col)), "%s: %s is %s, want %s",
				      tsv_get(t, i, "id"), keys[k], jstr(r.json, path), tsv_get(t, i, col));
		}
		/* host-max with nothing requested runs at exactly the host's levels. */
		for (int k = 0; k < 4; k++) {
			g_autofree char *path = g_strdup_printf("$.effective_caps.%s", keys[k]);
			g_autofree char *col = g_strdup_printf("expect_%s", keys[k]);

			ck_assert_msg(!strcmp(jstr(r.json, path), tsv_get(t, i, col)), "%s: effective %s is %s",
				      tsv_get(t, i, "id"), keys[k], jstr(r.json, path));
		}
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

START_TEST(validate_vectors)
{
	struct tsv *t = tsv_open("ppc-validate.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		gboolean tcg = !strcmp(tsv_get(t, i, "accel"), "tcg");
		g_autofree char *caps = caps_arg(tsv_get(t, i, "req_cfpc"), tsv_get(t, i, "req_sbbc"),
						 tsv_get(t, i, "req_ibs"), tsv_get(t, i, "req_ccf_assist"));
		g_autoptr(GString) got = g_string_new(NULL);
		gboolean has_error = FALSE;
		char chars[128];
		JsonArray *conflicts;
		struct run r;

		words_for_levels(tsv_get(t, i, "host_cfpc"), tsv_get(t, i, "host_sbbc"), tsv_get(t, i, "host_ibs"),
				 tsv_get(t, i, "host_ccf_assist"), chars, sizeof(chars));
		run_cli(&r, TRUE, "ppc", "hcall", "--mode", "caps", "--chars", chars, "--caps", caps, "--accel",
			tcg ? "tcg" : "kvm", "--json", NULL);
		conflicts = json_object_get_array_member(jobj(r.json), "conflicts");
		for (guint k = 0; k < json_array_get_length(conflicts); k++) {
			JsonObject *c = json_array_get_object_element(conflicts, k);
			const char *sev = json_object_get_string_member(c, "severity");
			const char *field = "-";

			if (!strcmp(sev, "error")) {
				const char *hint = json_object_get_string_member(c, "hint");

				has_error = TRUE;
				ck_assert_msg(g_str_has_prefix(hint, "Try appending -machine "), "%s: hint '%s'", id, hint);
				field = hint + strlen("Try appending -machine ");
			} else if (!strcmp(sev, "info")) {
				field = json_object_get_string_member(c, "code");
			} else {
				ck_assert_str_eq(json_object_get_string_member(c, "hint"), "");
			}
			g_string_append_printf(got, "%s%s:%s:%s", got->len ? ";" : "",
					       json_object_get_string_member(c, "cap"), sev, field);
		}
		if (!got->len)
			g_string_assign(got, "none");
		ck_assert_msg(!strcmp(got->str, tsv_get(t, i, "expect")), "%s: got %s, want %s", id, got->str,
			      tsv_get(t, i, "expect"));
		ck_assert_msg(r.status == (has_error ? 1 : 0), "%s: exit %d", id, r.status);
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

START_TEST(guest_view_vectors)
{
	struct tsv *t = tsv_open("ppc-guest-view.tsv");
	static const char *const files[] = { "meltdown", "l1tf", "spectre_v1", "spectre_v2", "spec_store_bypass" };

	for (guint i = 0; i < t->n_rows; i++) {
		const char *isa = tsv_get(t, i, "guest_isa");
		/* Host mode with full masks passes R4/R5 through unchanged. */
		g_autofree char *chars = g_strdup_printf("%s,%s,0xffffffffffffffff,0xffffffffffffffff",
							 tsv_get(t, i, "r4"), tsv_get(t, i, "r5"));
		struct run r;

		g_autofree char *cpu = NULL;

		ck_assert_msg(isa[0] == 'p' && g_ascii_isdigit(isa[1]), "guest_isa %s", isa);
		cpu = g_strdup_printf("power%s", isa + 1);
		run_cli(&r, TRUE, "ppc", "hcall", "--mode", "host", "--chars", chars, "--guest-cpu", cpu, "--json",
			NULL);
		ck_assert_str_eq(jstr(r.json, "$.r4"), tsv_get(t, i, "r4"));
		ck_assert_str_eq(jstr(r.json, "$.r5"), tsv_get(t, i, "r5"));
		for (int k = 0; k < 5; k++) {
			g_autofree char *path = g_strdup_printf("$.guest_view.%s", files[k]);
			g_autofree char *col = g_strdup_printf("expect_%s", files[k]);

			ck_assert_msg(!strcmp(jstr(r.json, path), tsv_get(t, i, col)), "%s: %s is '%s', want '%s'",
				      tsv_get(t, i, "id"), files[k], jstr(r.json, path), tsv_get(t, i, col));
		}
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

static char *join_strings(JsonArray *a)
{
	g_autoptr(GString) s = g_string_new(NULL);

	for (guint k = 0; k < json_array_get_length(a); k++)
		g_string_append_printf(s, "%s%s", k ? ";" : "", json_array_get_string_element(a, k));
	return g_strdup(s->len ? s->str : "none");
}

START_TEST(migrate_vectors)
{
	struct tsv *t = tsv_open("ppc-migrate.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		gboolean ok = !strcmp(tsv_get(t, i, "expect_ok"), "1");
		g_autofree char *errors = NULL, *warnings = NULL;
		struct run r;

		run_cli(&r, TRUE, "ppc", "migrate", "--src", tsv_get(t, i, "src_caps"), "--dst",
			tsv_get(t, i, "dst_caps"), "--json", NULL);
		ck_assert_msg(r.status == (ok ? 0 : 1), "%s: exit %d", id, r.status);
		ck_assert_int_eq(json_object_get_boolean_member(jobj(r.json), "ok"), ok);
		errors = join_strings(json_object_get_array_member(jobj(r.json), "errors"));
		warnings = join_strings(json_object_get_array_member(jobj(r.json), "warnings"));
		ck_assert_msg(!strcmp(errors, tsv_get(t, i, "expect_errors")), "%s: errors %s", id, errors);
		ck_assert_msg(!strcmp(warnings, tsv_get(t, i, "expect_warnings")), "%s: warnings %s", id, warnings);
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

/* Bad usage: exit 2, a message naming the bad argument, no JSON on stdout. */
/*
 * The stdout of a refusal: nothing without --json; with it one JSON object,
 * {"error": {"errno", "member", "item", "message"}}, whose message is the
 * one on stderr (vcpuchar(1) "JSON errors"). Returns the error object's
 * node (NULL for an empty stdout), for json_node_unref().
 */
static JsonNode *usage_stdout(const char *what, const char *out, const char *err)
{
	g_autoptr(GError) error = NULL;
	JsonNode *root;
	JsonObject *e;

	if (!*out)
		return NULL;
	root = json_from_string(out, &error);
	ck_assert_msg(root && JSON_NODE_HOLDS_OBJECT(root), "%s: stdout is no JSON object: %s", what, out);
	ck_assert_msg(json_object_get_size(jobj(root)) == 1 && json_object_has_member(jobj(root), "error"),
		      "%s: stdout is no JSON error: %s", what, out);
	e = json_object_get_object_member(jobj(root), "error");
	ck_assert_msg(e && json_object_get_size(e) == 4 && json_object_has_member(e, "errno") &&
			      json_object_has_member(e, "member") && json_object_has_member(e, "item"),
		      "%s: an error without errno, member and item: %s", what, out);
	ck_assert_msg(strstr(err, json_object_get_string_member(e, "message")), "%s: message not the one on stderr: %s",
		      what, out);
	return root;
}

static void expect_usage(const char *needle, const char *first, ...)
{
	g_autofree char *out = NULL, *err = NULL;
	gboolean json = FALSE;
	const char *a;
	va_list ap;
	int status;

	va_start(ap, first);
	status = cli_run_va(cli, &out, &err, first, ap);
	va_end(ap);
	va_start(ap, first);
	for (a = first; a; a = va_arg(ap, const char *))
		json |= !strcmp(a, "--json");
	va_end(ap);
	ck_assert_msg(status == 2, "want exit 2 for '%s', stderr: %s", needle, err);
	ck_assert_msg(strstr(err, needle), "stderr '%s' does not name '%s'", err, needle);
	if (json && !strcmp(first, "ppc")) {
		JsonNode *root = usage_stdout(needle, out, err);

		ck_assert_msg(root, "%s: --json, but no JSON error", needle);
		json_node_unref(root);
	} else {
		ck_assert_msg(!*out, "stdout not empty: %s", out);
	}
}

/* A refusal of `vcpuchar ARGS --json`: its errno, member and item ("null" for none), compared as text. */
static void expect_why(const char *want_errno, const char *want_member, const char *want_item, const char *first,
		       ...)
{
	g_autofree char *out = NULL, *err = NULL;
	JsonNode *root;
	JsonObject *e;
	const char *got[3], *want[3] = { want_errno, want_member, want_item };
	static const char *const keys[] = { "errno", "member", "item" };
	va_list ap;
	int status;

	va_start(ap, first);
	status = cli_run_va(cli, &out, &err, first, ap);
	va_end(ap);
	ck_assert_msg(status == 2, "want exit 2 for %s %s %s, stderr: %s", want_errno, want_member, want_item, err);
	root = usage_stdout(want_member, out, err);
	ck_assert_msg(root, "no JSON error: stderr %s", err);
	e = json_object_get_object_member(jobj(root), "error");
	for (int i = 0; i < 3; i++) {
		got[i] = json_object_get_null_member(e, keys[i]) ? "null" : json_object_get_string_member(e, keys[i]);
		ck_assert_msg(!strcmp(got[i], want[i]), "%s: want %s, got %s (%s)", keys[i], want[i], got[i], out);
	}
	json_node_unref(root);
}

/* The codes of $.warnings joined with ';' ("none" when empty), in printed order. */
static char *warning_codes(JsonNode *root)
{
	JsonArray *a = json_object_get_array_member(jobj(root), "warnings");
	GString *g = g_string_new(NULL);

	for (guint i = 0; i < json_array_get_length(a); i++)
		g_string_append_printf(g, "%s%s", i ? ";" : "",
				       json_object_get_string_member(json_array_get_object_element(a, i), "code"));
	if (!g->len)
		g_string_assign(g, "none");
	return g_string_free(g, FALSE);
}

/* Effective caps as "cfpc,sbbc,ibs,ccf_assist" values. */
static char *effective(JsonNode *root)
{
	return g_strdup_printf("%s,%s,%s,%s", jstr(root, "$.effective_caps.cfpc"), jstr(root, "$.effective_caps.sbbc"),
			       jstr(root, "$.effective_caps.ibs"), jstr(root, "$.effective_caps.ccf_assist"));
}

START_TEST(spelling_vectors)
{
	struct tsv *t = tsv_open("ppc-format.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		g_autofree char *caps = g_strdup_printf("cap-cfpc=%s,cap-sbbc=%s,cap-ibs=%s,cap-ccf-assist=%s",
							tsv_get(t, i, "cfpc"), tsv_get(t, i, "sbbc"),
							tsv_get(t, i, "ibs"), tsv_get(t, i, "ccf_assist"));
		g_autofree char *machine = g_strdup_printf("pseries-8.0,%s,x-vof=on", tsv_get(t, i, "expect_qemu"));
		g_autofree char *codes = NULL, *eff_q = NULL, *eff_l = NULL, *eff_m = NULL;
		struct run r;

		run_cli(&r, TRUE, "ppc", "hcall", "--accel", "tcg", "--mode", "caps", "--caps", caps, "--json", NULL);
		ck_assert_msg(g_str_equal(jstr(r.json, "$.qemu"), tsv_get(t, i, "expect_qemu")), "%s: qemu %s", id,
			      jstr(r.json, "$.qemu"));
		ck_assert_msg(g_str_equal(jstr(r.json, "$.libvirt"), tsv_get(t, i, "expect_libvirt")), "%s: libvirt %s",
			      id, jstr(r.json, "$.libvirt"));
		codes = warning_codes(r.json);
		ck_assert_msg(g_str_equal(codes, tsv_get(t, i, "expect_warnings")), "%s: warnings %s", id, codes);
		run_free(&r);

		/* Each spelling pasted back gives the same caps; the -machine extras are named. */
		run_cli(&r, TRUE, "ppc", "hcall", "--accel", "tcg", "--mode", "caps", "--caps",
			tsv_get(t, i, "expect_qemu"), "--json", NULL);
		eff_q = effective(r.json);
		run_free(&r);
		run_cli(&r, TRUE, "ppc", "hcall", "--accel", "tcg", "--mode", "caps", "--caps",
			tsv_get(t, i, "expect_libvirt"), "--json", NULL);
		eff_l = effective(r.json);
		run_free(&r);
		/* pseries-8.0 is a QEMU 10.0 type, not 7.2's (lib/ppc.md#qemu-versions). */
		run_cli(&r, TRUE, "ppc", "hcall", "--accel", "tcg", "--mode", "caps", "--machine", machine,
			"--qemu-version", "10.0", "--json", NULL);
		eff_m = effective(r.json);
		ck_assert_str_eq(jstr(r.json, "$.not_judged[0]"), "x-vof=on");
		run_free(&r);
		ck_assert_msg(g_str_equal(eff_q, eff_l) && g_str_equal(eff_q, eff_m), "%s: %s / %s / %s", id, eff_q,
			      eff_l, eff_m);
	}
	tsv_close(t);
}
END_TEST

START_TEST(warning_vectors)
{
	struct tsv *t = tsv_open("ppc-warnings.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *caps = tsv_get(t, i, "caps");
		g_autofree char *chars = g_strdup_printf("%s,%s,%s,%s", tsv_get(t, i, "character"),
							 tsv_get(t, i, "behaviour"), tsv_get(t, i, "character_mask"),
							 tsv_get(t, i, "behaviour_mask"));
		g_autofree char *codes = NULL;
		struct run r;

		/* "-": no --caps (an empty value is refused). */
		if (g_str_equal(caps, "-"))
			run_cli(&r, TRUE, "ppc", "hcall", "--chars", chars, "--mode", tsv_get(t, i, "mode"), "--accel",
				tsv_get(t, i, "accel"), "--json", NULL);
		else
			run_cli(&r, TRUE, "ppc", "hcall", "--chars", chars, "--mode", tsv_get(t, i, "mode"), "--accel",
				tsv_get(t, i, "accel"), "--caps", caps, "--json", NULL);
		codes = warning_codes(r.json);
		ck_assert_msg(g_str_equal(codes, tsv_get(t, i, "expect_codes")), "%s: warnings %s", id, codes);
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

START_TEST(bad_usage)
{
	expect_usage("cap-foo", "ppc", "hcall", "--caps", "cap-foo=bar", "--accel", "tcg", "--json", NULL);
	expect_usage("sideways", "ppc", "hcall", "--caps", "cap-cfpc=sideways", "--accel", "tcg", NULL);
	expect_usage("--chars", "ppc", "hcall", "--chars", "1,2,3", "--json", NULL);
	expect_usage("0xzz", "ppc", "hcall", "--chars", "0xzz,0,0,0", "--json", NULL);
	expect_usage("--mode", "ppc", "hcall", "--mode", "fast", "--accel", "tcg", NULL);
	expect_usage("q35", "ppc", "hcall", "--machine", "q35", "--accel", "tcg", NULL);
	expect_usage("power42", "ppc", "hcall", "--guest-cpu", "power42", "--accel", "tcg", NULL);
	expect_usage("/nonexistent/profile", "ppc", "hcall", "--host", "/nonexistent/profile", NULL);
	/* Host mode never answers a guest from "no information". */
	expect_usage("--mode host", "ppc", "hcall", "--mode", "host", "--chars", "0,0,0,0", "--json", NULL);
	expect_usage("--src", "ppc", "migrate", "--dst", "broken,broken,broken,off", NULL);
	expect_usage("fixed-xyz", "ppc", "migrate", "--src", "fixed-xyz,broken,broken,off", "--dst",
		     "broken,broken,broken,off", NULL);
	expect_usage("bogus", "ppc", "bogus", NULL);
	/* Pasted spellings: a cap QEMU does not have, a value libvirt does not know, a cap given twice. */
	expect_usage("cap-cfcp", "ppc", "hcall", "--machine", "pseries,cap-cfcp=broken", "--accel", "tcg", NULL);
	expect_usage("fixd", "ppc", "hcall", "--caps", "<features><cfpc value='fixd'/></features>", "--accel", "tcg",
		     NULL);
	expect_usage("no attribute 'state'", "ppc", "hcall", "--caps", "<ibs state='on'/>", "--accel", "tcg", NULL);
	expect_usage("libvirt XML", "ppc", "hcall", "--caps", "<features><cfpc value='fixed'>", "--accel", "tcg",
		     NULL);
	expect_usage("given twice", "ppc", "hcall", "--machine", "pseries,cap-ibs=broken,cap-ibs=fixed-ccd",
		     "--accel", "tcg", NULL);
	expect_usage("--machine and --caps: cap-sbbc is given in both", "ppc", "hcall", "--machine",
		     "pseries,cap-sbbc=fixed", "--caps", "<sbbc value='fixed'/>", "--accel", "tcg", NULL);
	expect_usage("not a pseries", "ppc", "hcall", "--machine", "q35,cap-cfpc=broken", "--accel", "tcg", NULL);
	expect_usage("unknown command", "frobnicate", NULL);
}
END_TEST

/*
 * Why a POWER command refuses, in its JSON error: the library's errno (by
 * Linux's name), the option and the item named. Each is the library's
 * return of the call that refused (include/vcpuchar/ppc*.h), the same
 * tests/golden compares for its 830 refused rows.
 */
START_TEST(json_errors)
{
	g_autofree char *p9 = g_build_filename(VCPUCHAR_PROFILES, "power9-dd2.3-opal.profile", NULL);
	g_autofree char *amd = g_build_filename(VCPUCHAR_PROFILES, "amd-zen5-idle-hlt-6.15.profile", NULL);
	g_autofree char *none = g_build_filename(VCPUCHAR_PROFILES, "no-information.profile", NULL);

	/* vcpuchar_ppc_machine_line_parse(): -ENOENT, a type QEMU 10.0 removed. */
	expect_why("ENOENT", "--machine", "pseries-2.12-sxxm", "ppc", "hcall", "--accel", "tcg", "--qemu-version",
		   "10.0", "--machine", "pseries-2.12-sxxm", "--json", NULL);
	/* vcpuchar_ppc_request_check(): -EINVAL, a type of unknown defaults without all four caps. */
	expect_why("EINVAL", "--machine", "pseries-rhel9.2.0", "ppc", "hcall", "--accel", "tcg", "--machine",
		   "pseries-rhel9.2.0", "--json", NULL);
	/* vcpuchar_ppc_caps_merge(): -EEXIST, naming the cap given twice. */
	expect_why("EEXIST", "--caps", "cap-ibs", "ppc", "hcall", "--accel", "tcg", "--machine",
		   "pseries-7.2,cap-ibs=broken", "--caps", "cap-ibs=broken", "--json", NULL);
	/* vcpuchar_ppc_profile_load(): -EINVAL, an x86 profile; the option that gave it. */
	expect_why("EINVAL", "--host", amd, "ppc", "hcall", "--host", amd, "--json", NULL);
	expect_why("EINVAL", "--dst-host", amd, "ppc", "migrate", "--src-host", p9, "--dst-host", amd, "--json", NULL);
	expect_why("EINVAL", "PROFILE", amd, "ppc", "baseline", p9, amd, "--json", NULL);
	/* vcpuchar_ppc_host_cpu(): -ENOENT, a guest CPU newer than the POWER8 host. */
	expect_why("ENOENT", "--guest-cpu", "power9", "ppc", "hcall", "--chars",
		   "0xa000000000000000,0xe400000000000000,0xf940000000000000,0xe400000000000000", "--power8-host",
		   "--guest-cpu", "power9", "--json", NULL);
	/* vcpuchar_ppc_decide(): -ENODATA, host mode without host information. */
	expect_why("ENODATA", "--mode", "host", "ppc", "hcall", "--host", none, "--mode", "host", "--json", NULL);
	/* vcpuchar_ppc_qemu_version_parse(): -EINVAL. */
	expect_why("EINVAL", "--qemu-version", "10", "ppc", "hcall", "--accel", "tcg", "--qemu-version", "10", "--json",
		   NULL);
	/* vcpuchar_ppc_fleet_baseline_ext(): -EEXIST, the same host twice. */
	expect_why("EEXIST", "PROFILE", p9, "ppc", "baseline", p9, p9, "--json", NULL);
	/* The CLI's own checks: no errno, the option and its value. */
	expect_why("null", "--mode", "fast", "ppc", "hcall", "--accel", "tcg", "--mode", "fast", "--json", NULL);
	expect_why("null", "--chars", "null", "ppc", "hcall", "--host", p9, "--chars", "0,0,0,0", "--json", NULL);
}
END_TEST

START_TEST(bundled_profile)
{
	g_autofree char *p = g_build_filename(VCPUCHAR_PROFILES, "power9-dd2.3-opal.profile", NULL);
	struct run r;

	/* POWER9 DD2.3: host-max keeps every cap at the host's level, with no conflict. */
	run_cli(&r, TRUE, "ppc", "hcall", "--host", p, "--json", NULL);
	ck_assert_int_eq(r.status, 0);
	ck_assert_str_eq(jstr(r.json, "$.mode"), "host-max");
	ck_assert_str_eq(jstr(r.json, "$.r4"), "0xbc40000000000000");
	ck_assert_str_eq(jstr(r.json, "$.r5"), "0xe400000000000000");
	ck_assert_int_eq(json_array_get_length(json_object_get_array_member(jobj(r.json), "conflicts")), 0);
	run_free(&r);
}
END_TEST

/* Placeholders of the bad-input vectors: {P} bundled profiles, {F} tests/hardening/fault, {T} a temp dir. */
static char *expand(const char *s, const char *profiles, const char *fault, const char *tmp)
{
	g_autoptr(GString) g = g_string_new(s);

	g_string_replace(g, "{P}", profiles, 0);
	g_string_replace(g, "{F}", fault, 0);
	g_string_replace(g, "{T}", tmp, 0);
	return g_string_free(g_steal_pointer(&g), FALSE);
}

/* Every row of cli-bad-input.tsv with its files under @tmp and its profiles in @profiles and @fault. */
static void bad_input_rows(struct tsv *t, const char *profiles, const char *fault, const char *tmp)
{
	g_autofree char *host_only = g_build_filename(tmp, "host-only.profile", NULL);
	g_autofree char *be = g_build_filename(tmp, "ppc32.profile", NULL);
	g_autofree char *link = g_build_filename(tmp, "link.profile", NULL);
	g_autofree char *ppcx = g_build_filename(tmp, "ppcx.profile", NULL);
	g_autofree char *opal = g_build_filename(profiles, "power9-dd2.3-opal.profile", NULL);

	ck_assert(g_file_set_contents(host_only, "[host]\narch=ppc64le\n", -1, NULL));
	ck_assert(g_file_set_contents(ppcx, "[host]\narch=ppcx\n[ppc]\ncharacter=0x9840000000000000\n"
				      "behaviour=0xe400000000000000\ncharacter_mask=0xf940000000000000\n"
				      "behaviour_mask=0xe400000000000000\n", -1, NULL));
	ck_assert(g_file_set_contents(be, "[host]\narch=ppc\n[ppc]\ncharacter=0x9840000000000000\n"
				      "behaviour=0xe400000000000000\ncharacter_mask=0xf940000000000000\n"
				      "behaviour_mask=0xe400000000000000\n", -1, NULL));
	ck_assert_int_eq(symlink(opal, link), 0);
	for (guint i = 0; i < t->n_rows; i++) {
		g_autofree char *args = expand(tsv_get(t, i, "args"), profiles, fault, tmp);
		g_autofree char *needle = expand(tsv_get(t, i, "expect_stderr"), profiles, fault, tmp);
		g_auto(GStrv) v = g_strsplit(args, " ", -1);
		g_autoptr(GPtrArray) argv = g_ptr_array_new();
		g_autofree char *out = NULL, *err = NULL;
		int wait;

		g_ptr_array_add(argv, (char *)cli);
		for (guint k = 0; v[k]; k++)
			g_ptr_array_add(argv, v[k]);
		g_ptr_array_add(argv, (char *)"--json");
		g_ptr_array_add(argv, NULL);
		ck_assert(g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
				       &wait, NULL));
		ck_assert_msg(WIFEXITED(wait) && WEXITSTATUS(wait) == 2, "%s: want exit 2, stderr: %s",
			      tsv_get(t, i, "id"), err);
		ck_assert_msg(strstr(err, needle), "%s: stderr '%s' does not name '%s'", tsv_get(t, i, "id"), err,
			      needle);
		/* ppc --json: the JSON error, with the message on stderr. */
		if (g_str_has_prefix(args, "ppc ")) {
			JsonNode *root = usage_stdout(tsv_get(t, i, "id"), out, err);

			ck_assert_msg(root, "%s: --json, but no JSON error", tsv_get(t, i, "id"));
			json_node_unref(root);
		} else {
			ck_assert_msg(!*out, "%s: stdout not empty", tsv_get(t, i, "id"));
		}
	}
	g_unlink(link);
	g_unlink(ppcx);
	g_unlink(be);
	g_unlink(host_only);
}

START_TEST(bad_input_vectors)
{
	struct tsv *t = tsv_open("cli-bad-input.tsv");
	g_autofree char *tmp = g_dir_make_tmp("vcpuchar-bad-XXXXXX", NULL);
	g_autofree char *fault = g_canonicalize_filename(VCPUCHAR_TEST_DATA "/../hardening/fault", NULL);
	g_autoptr(GString) deep = NULL;
	g_autofree char *deep_profiles = NULL, *deep_fault = NULL;

	ck_assert(tmp);
	bad_input_rows(t, VCPUCHAR_PROFILES, fault, tmp);
	/*
	 * Again from a checkout and a temp dir at a 431-byte path: every file
	 * name the messages echo is printed in full (a 64-byte cut of a path
	 * failed these rows from a checkout deeper than about 28 bytes).
	 */
	deep = g_string_new(tmp);
	while (deep->len < 431)
		g_string_append(deep, "/a-checkout-at-a-long-path");
	ck_assert_int_eq(g_mkdir_with_parents(deep->str, 0700), 0);
	deep_profiles = g_build_filename(deep->str, "profiles", NULL);
	deep_fault = g_build_filename(deep->str, "fault", NULL);
	ck_assert_int_eq(symlink(VCPUCHAR_PROFILES, deep_profiles), 0);
	ck_assert_int_eq(symlink(fault, deep_fault), 0);
	bad_input_rows(t, deep_profiles, deep_fault, deep->str);
	g_unlink(deep_profiles);
	g_unlink(deep_fault);
	while (deep->len > strlen(tmp)) {
		ck_assert_int_eq(g_rmdir(deep->str), 0);
		g_string_truncate(deep, (gsize)(strrchr(deep->str, '/') - deep->str));
	}
	g_rmdir(tmp);
	tsv_close(t);
}
END_TEST

/* The JSON of `ppc baseline` (examples/vcpuchar/README.md) against tests/data/ppc-baseline.tsv. */
START_TEST(baseline_vectors)
{
	struct tsv *t = tsv_open("ppc-baseline.tsv");
	static const char *const keys[] = { "cfpc", "sbbc", "ibs", "ccf_assist" };

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id");
		g_auto(GStrv) names = g_strsplit(tsv_get(t, i, "profiles"), ",", -1);
		g_auto(GStrv) want = g_strsplit(tsv_get(t, i, "expect_caps"), ",", -1);
		g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func(g_free);
		g_autoptr(GString) held = g_string_new(NULL);
		JsonArray *a;
		struct run r;
		guint n = g_strv_length(names);

		for (guint k = 0; k < n; k++) {
			g_autofree char *f = g_strconcat(names[k], ".profile", NULL);

			g_ptr_array_add(argv, g_build_filename(VCPUCHAR_PROFILES, f, NULL));
		}
		/* Up to five hosts: the vectors name at most that many. */
		ck_assert_uint_le(n, 5);
		run_cli(&r, TRUE, "ppc", "baseline", "--json", n > 0 ? (char *)argv->pdata[0] : NULL,
			n > 1 ? (char *)argv->pdata[1] : NULL, n > 2 ? (char *)argv->pdata[2] : NULL,
			n > 3 ? (char *)argv->pdata[3] : NULL, n > 4 ? (char *)argv->pdata[4] : NULL, NULL);
		ck_assert_msg(r.status == 0, "%s: exit %d: %s", id, r.status, r.err);
		for (int c = 0; c < 4; c++) {
			g_autofree char *path = g_strdup_printf("$.caps.%s", keys[c]);

			ck_assert_msg(g_str_equal(jstr(r.json, path), want[c]), "%s: %s", id, path);
		}
		a = json_object_get_array_member(jobj(r.json), "held_back");
		for (guint k = 0; k < json_array_get_length(a); k++) {
			JsonObject *o = json_array_get_object_element(a, k);
			g_autofree char *base = g_path_get_basename(json_object_get_string_member(o, "host"));

			*strrchr(base, '.') = '\0';
			g_string_append_printf(held, "%s%s:%s", held->len ? ";" : "",
					       json_object_get_string_member(o, "cap"), base);
		}
		if (!held->len)
			g_string_append(held, "none");
		ck_assert_msg(g_str_equal(held->str, tsv_get(t, i, "expect_held")), "%s: held_back %s", id, held->str);
		ck_assert_str_eq(jstr(r.json, "$.qemu"), tsv_get(t, i, "expect_qemu"));
		ck_assert_int_eq(json_array_get_length(json_object_get_array_member(jobj(r.json), "hosts")), n);
		/* Each key of the contract is there. */
		jstr(r.json, "$.r4");
		jstr(r.json, "$.r5");
		jstr(r.json, "$.libvirt");
		jstr(r.json, "$.guest_view.spectre_v2");
		ck_assert(json_object_has_member(jobj(r.json), "warnings"));
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

/* `ppc migrate --src-host A --dst-host B` (examples/vcpuchar/README.md) against tests/data/ppc-migrate-hosts.tsv. */
START_TEST(migrate_host_vectors)
{
	struct tsv *t = tsv_open("ppc-migrate-hosts.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *caps = tsv_get(t, i, "caps");
		g_autofree char *sf = g_strconcat(tsv_get(t, i, "src"), ".profile", NULL);
		g_autofree char *df = g_strconcat(tsv_get(t, i, "dst"), ".profile", NULL);
		g_autofree char *src = g_build_filename(VCPUCHAR_PROFILES, sf, NULL);
		g_autofree char *dst = g_build_filename(VCPUCHAR_PROFILES, df, NULL);
		g_auto(GStrv) want = g_strsplit(tsv_get(t, i, "expect_errors"), ";", -1);
		gboolean ok = tsv_u64(t, i, "expect_ok", NULL) != 0;
		JsonArray *errors, *warnings;
		guint n_want = g_str_equal(want[0], "none") ? 0 : g_strv_length(want);
		struct run r;

		run_cli(&r, TRUE, "ppc", "migrate", "--src-host", src, "--dst-host", dst, "--mode", tsv_get(t, i, "mode"),
			"--json", g_str_equal(caps, "-") ? NULL : "--caps", caps, NULL);
		ck_assert_msg(r.status == (ok ? 0 : 1), "%s: exit %d: %s", id, r.status, r.err);
		ck_assert_msg(json_object_get_boolean_member(jobj(r.json), "ok") == ok, "%s: ok", id);
		errors = json_object_get_array_member(jobj(r.json), "errors");
		warnings = json_object_get_array_member(jobj(r.json), "warnings");
		ck_assert_msg(json_array_get_length(errors) == n_want, "%s: %u errors", id, json_array_get_length(errors));
		for (guint k = 0; k < n_want; k++)
			ck_assert_msg(strstr(json_array_get_string_element(errors, k), want[k]), "%s: error %u '%s'", id, k,
				      json_array_get_string_element(errors, k));
		ck_assert_msg(json_array_get_length(warnings) == tsv_u64(t, i, "expect_warnings", NULL), "%s: %u warnings",
			      id, json_array_get_length(warnings));
		/* The boot-time view is always stated, and the effective caps are there. */
		ck_assert_msg(strstr(jstr(r.json, "$.note"), "until it reboots"), "%s: note", id);
		jstr(r.json, "$.effective_caps.ccf_assist");
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

/* --chars reads words by the profile rule (tests/data/numbers.tsv, rows "chars"). */
START_TEST(chars_number_vectors)
{
	struct tsv *t = tsv_open("numbers.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *v = tsv_get(t, i, "value");
		g_autofree char *chars = g_strdup_printf("%s,0xe400000000000000,0xff40000000000000,0xe400000000000000", v);

		if (!g_str_equal(tsv_get(t, i, "where"), "chars"))
			continue;
		if (g_str_equal(tsv_get(t, i, "expect"), "refused")) {
			expect_usage(v, "ppc", "hcall", "--chars", chars, "--json", NULL);
		} else {
			struct run r;

			run_cli(&r, TRUE, "ppc", "hcall", "--chars", chars, "--mode", "host", "--json", NULL);
			/* Host mode passes the masked character word through as R4. */
			{
				uint64_t want = tsv_u64(t, i, "expect", NULL) & UINT64_C(0xff40000000000000);
				g_autofree char *hex = g_strdup_printf("0x%016" G_GINT64_MODIFIER "x", want);

				ck_assert_msg(g_str_equal(jstr(r.json, "$.r4"), hex), "%s: r4 %s", id, jstr(r.json, "$.r4"));
			}
			run_free(&r);
		}
	}
	tsv_close(t);
}
END_TEST

/* Which guest --power8-host predicts (tests/data/ppc-power8-guest.tsv), in JSON and in the text header. */
START_TEST(power8_guest_vectors)
{
	struct tsv *t = tsv_open("ppc-power8-guest.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *cpu = tsv_get(t, i, "guest_cpu");
		gboolean p8 = tsv_u64(t, i, "power8_host", NULL) != 0;
		g_autofree char *header = g_strdup_printf("guest view (Linux pseries guest, %s)",
							  tsv_get(t, i, "expect_guest_cpu"));
		const char *opt[4] = { NULL, NULL, NULL, NULL };
		int n = 0;
		struct run r;

		/* The optional arguments go last, so a NULL among them only ends the list early. */
		if (p8)
			opt[n++] = "--power8-host";
		if (strcmp(cpu, "-")) {
			opt[n++] = "--guest-cpu";
			opt[n++] = cpu;
		}
		/* A guest CPU the host cannot run: exit 2, the message names both. */
		if (g_str_has_prefix(tsv_get(t, i, "expect_guest_cpu"), "refused: ")) {
			run_cli(&r, FALSE, "ppc", "hcall", "--json", "--mode", "host", "--chars", tsv_get(t, i, "chars"),
				opt[0], opt[1], opt[2], NULL);
			ck_assert_msg(r.status == 2 && strstr(r.err, tsv_get(t, i, "expect_guest_cpu") + 9),
				      "%s: exit %d, stderr %s", id, r.status, r.err);
			run_free(&r);
			continue;
		}
		run_cli(&r, TRUE, "ppc", "hcall", "--json", "--mode", "host", "--chars", tsv_get(t, i, "chars"), opt[0],
			opt[1], opt[2], NULL);
		ck_assert_msg(g_str_equal(jstr(r.json, "$.guest_view.spec_store_bypass"),
					  tsv_get(t, i, "expect_spec_store_bypass")),
			      "%s: %s", id, jstr(r.json, "$.guest_view.spec_store_bypass"));
		run_free(&r);
		run_cli(&r, FALSE, "ppc", "hcall", "--mode", "host", "--chars", tsv_get(t, i, "chars"), opt[0], opt[1],
			opt[2], NULL);
		ck_assert_msg(strstr(r.out, header), "%s: text lacks '%s'", id, header);
		run_free(&r);
	}
	tsv_close(t);
}
END_TEST

/* The paste line keeps the machine type given: pasting it must not undo a pinned type. */
START_TEST(paste_keeps_machine_type)
{
	static const char *const words = "0xa000000000000000,0xe400000000000000,0xf940000000000000,0xe400000000000000";
	static const char *const rows[][2] = {
		{ "pseries-4.2", "  qemu     -machine pseries-4.2,cap-cfpc=" },
		{ "type=pseries-5.2,x-vof=on", "  qemu     -machine pseries-5.2,cap-cfpc=" },
		/* A distribution type is answered when all four caps are given, and kept too. */
		{ "pseries-rhel8.6.0,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off",
		  "  qemu     -machine pseries-rhel8.6.0,cap-cfpc=broken," },
		{ NULL, "  qemu     -machine pseries,cap-cfpc=" },
	};
	g_autofree char *profile = g_build_filename(VCPUCHAR_PROFILES, "power9-dd2.3-opal.profile", NULL);
	struct run r;

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		run_cli(&r, FALSE, "ppc", "hcall", "--chars", words, rows[i][0] ? "--machine" : NULL, rows[i][0], NULL);
		ck_assert_msg(strstr(r.out, rows[i][1]), "--machine %s: no '%s' in\n%s", rows[i][0], rows[i][1], r.out);
		run_free(&r);
	}
	run_cli(&r, FALSE, "ppc", "baseline", "--machine", "pseries-4.2", profile, NULL);
	ck_assert_msg(strstr(r.out, "  qemu     -machine pseries-4.2,cap-cfpc="), "%s", r.out);
	run_free(&r);
}
END_TEST

int main(int argc, char **argv)
{
	Suite *s = suite_create("cli-ppc");
	TCase *tc = tcase_create("vectors");

	cli = argc > 1 ? argv[1] : getenv("VCPUCHAR_CLI");
	if (!cli) {
		fprintf(stderr, "usage: test-cli-ppc PATH-TO-vcpuchar\n");
		return EXIT_FAILURE;
	}
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, hcall_vectors);
	tcase_add_test(tc, paste_keeps_machine_type);
	tcase_add_test(tc, host_level_vectors);
	tcase_add_test(tc, validate_vectors);
	tcase_add_test(tc, guest_view_vectors);
	tcase_add_test(tc, migrate_vectors);
	tcase_add_test(tc, spelling_vectors);
	tcase_add_test(tc, warning_vectors);
	tcase_add_test(tc, bad_usage);
	tcase_add_test(tc, json_errors);
	tcase_add_test(tc, bundled_profile);
	tcase_add_test(tc, bad_input_vectors);
	tcase_add_test(tc, baseline_vectors);
	tcase_add_test(tc, migrate_host_vectors);
	tcase_add_test(tc, chars_number_vectors);
	tcase_add_test(tc, power8_guest_vectors);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
