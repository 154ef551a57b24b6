/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar x86 verify --policy FILE --before FILE --after FILE
 *                     [--guest-hlts N] [--json]
 * whether KVM honoured a policy (the JSON of `x86 policy --json`), from two
 * vCPU statistics snapshots (JSON objects, KVM statistic name to count, as
 * hlt-vmm prints them): exit 0 when the HLT verdict is "honoured", 1 when it
 * is "not_honoured" or "cannot_tell", 2 for bad usage or input.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli-x86.h"

/* The root object of a JSON file, or NULL with the message printed. */
static JsonObject *load_object(JsonParser *parser, const char *opt, const char *path)
{
	JsonNode *root = cli_json_load(parser, opt, path);

	if (!root)
		return NULL;
	if (!JSON_NODE_HOLDS_OBJECT(root)) {
		cli_usage("%s %s: not a JSON object", opt, path);
		return NULL;
	}
	return json_node_get_object(root);
}

/* A member that is a JSON integer >= 0. */
static gboolean json_count(JsonObject *o, const char *name, uint64_t *ret)
{
	JsonNode *n = json_object_get_member(o, name);

	if (!n || !JSON_NODE_HOLDS_VALUE(n) || json_node_get_value_type(n) != G_TYPE_INT64 || json_node_get_int(n) < 0)
		return FALSE;
	*ret = (uint64_t)json_node_get_int(n);
	return TRUE;
}

/* The statistics the library knows, by KVM name; other names are ignored (a full dump is fine). */
static int load_stats(const char *opt, const char *path, struct vcpuchar_x86_vcpu_stats *st)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o = load_object(parser, opt, path);

	if (!o)
		return CLI_USAGE;
	for (uint32_t s = 0; s < VCPUCHAR_X86_N_STATS; s++) {
		const char *name = vcpuchar_x86_stat_name(s);

		if (!json_object_has_member(o, name))
			continue;
		if (!json_count(o, name, &st->values[s]))
			return cli_usage("%s %s: %s is not a count (an integer from 0 to 9223372036854775807, "
					 "as json-glib reads them)", opt, path, name);
		st->have |= 1u << s;
	}
	return 0;
}

/* A JSON scalar of @type (NULL, null, arrays and objects are not). */
static gboolean is_type(JsonNode *n, GType type)
{
	return n && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == type;
}

/* Back from the JSON of `x86 policy --json`: the members the verification reads. */
static int load_policy(const char *path, struct vcpuchar_x86_policy *p)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o = load_object(parser, "--policy", path);
	char err[256];
	JsonArray *a;

	if (!o)
		return CLI_USAGE;
	if (!json_object_has_member(o, "disable_exits") || !json_object_has_member(o, "idle_hlt_active") ||
	    !json_object_has_member(o, "reasons"))
		return cli_usage("--policy %s: not the JSON of 'vcpuchar x86 policy --json' "
				 "(needs disable_exits, idle_hlt_active, reasons)", path);
	/* Every member of the type the policy JSON has: json-glib reads a wrong one as 0 or empty. */
	if (!JSON_NODE_HOLDS_ARRAY(json_object_get_member(o, "disable_exits")))
		return cli_usage("--policy %s: disable_exits is not an array of flag names", path);
	if (!JSON_NODE_HOLDS_ARRAY(json_object_get_member(o, "reasons")))
		return cli_usage("--policy %s: reasons is not an array of objects", path);
	if (!is_type(json_object_get_member(o, "idle_hlt_active"), G_TYPE_BOOLEAN))
		return cli_usage("--policy %s: idle_hlt_active is not true or false", path);
	a = json_object_get_array_member(o, "disable_exits");
	for (guint i = 0; i < json_array_get_length(a); i++) {
		JsonNode *n = json_array_get_element(a, i);
		const char *f = is_type(n, G_TYPE_STRING) ? json_node_get_string(n) : NULL;
		int k = f ? vcpuchar_x86_from_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, f) : -EINVAL;

		if (k < 0)
			return cli_usage("--policy %s: disable_exits[%u]: unknown flag '%s'", path, i,
					 f ? f : "(not a string)");
		/* x86 policy prints each flag once: a repeat is a hand edit, or another program's JSON. */
		if (p->disable_exits & (1u << k))
			return cli_usage("--policy %s: disable_exits[%u]: flag '%s' given twice", path, i, f);
		p->disable_exits |= 1u << k;
	}
	p->idle_hlt_active = json_object_get_boolean_member(o, "idle_hlt_active");
	a = json_object_get_array_member(o, "reasons");
	/* The count as read, even past the room: the library's check says "too many" (lib/x86.md#policy-check). */
	p->n_reasons = json_array_get_length(a);
	for (guint i = 0; p->n_reasons <= VCPUCHAR_X86_MAX_REASONS && i < p->n_reasons; i++) {
		JsonNode *n = json_array_get_element(a, i);
		JsonObject *r = JSON_NODE_HOLDS_OBJECT(n) ? json_node_get_object(n) : NULL;
		JsonNode *c = r ? json_object_get_member(r, "code") : NULL;
		const char *name = is_type(c, G_TYPE_STRING) ? json_node_get_string(c) : NULL;
		int code = name ? vcpuchar_x86_reason_from_name(name) : -EINVAL;

		if (!r)
			return cli_usage("--policy %s: reasons[%u] is not an object", path, i);
		if (code < 0)
			return cli_usage("--policy %s: reasons[%u]: unknown code '%s'", path, i,
					 name ? name : "(no code string)");
		p->reasons[i].code = (uint32_t)code;
	}
	/* Repeats, verification codes and too many: the library's rules. */
	if (vcpuchar_x86_policy_validate(p, err, sizeof(err)) < 0)
		return cli_usage("--policy %s: %s", path, err);
	return 0;
}

int cmd_verify(int argc, char **argv)
{
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_vcpu_stats before = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_vcpu_stats after = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_verdict v = VCPUCHAR_INIT(struct vcpuchar_x86_verdict);
	g_autofree char *policy_file = NULL, *before_file = NULL, *after_file = NULL, *hlts = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "policy", 0, 0, G_OPTION_ARG_FILENAME, &policy_file, "The JSON of 'x86 policy --json'", "FILE" },
		{ "before", 0, 0, G_OPTION_ARG_FILENAME, &before_file, "vCPU statistics before the run (JSON)", "FILE" },
		{ "after", 0, 0, G_OPTION_ARG_FILENAME, &after_file, "vCPU statistics after the run (JSON)", "FILE" },
		{ "guest-hlts", 0, 0, G_OPTION_ARG_STRING, &hlts, "HLTs the guest executed (default: unknown)", "N" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- did KVM honour the policy? (vCPU statistics)");
	uint64_t guest = VCPUCHAR_X86_GUEST_HLTS_UNKNOWN;
	/* A statistic absent from a snapshot is unknown, never 0 (the library leaves its growth at 0). */
	const struct {
		const char *name;
		uint32_t stat;
		const uint64_t *value;
	} counts[] = {
		{ "halt_exits", VCPUCHAR_X86_STAT_HALT_EXITS, &v.halt_exits },
		{ "halt_attempted_poll", VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL, &v.halt_attempted_poll },
		{ "halt_successful_poll", VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL, &v.halt_successful_poll },
		{ "exits", VCPUCHAR_X86_STAT_EXITS, &v.exits },
	};
	char text[512];
	int r;

	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	if (!policy_file || !before_file || !after_file)
		return cli_usage("x86 verify needs --policy, --before and --after");
	/* The JSON answer holds it as a signed 64-bit integer, as the statistics are read. */
	if (hlts && strcmp(hlts, "unknown") && (r = cli_number("--guest-hlts", hlts, (uint64_t)INT64_MAX, &guest)))
		return r;
	if ((r = load_policy(policy_file, &p)) || (r = load_stats("--before", before_file, &before)) ||
	    (r = load_stats("--after", after_file, &after)))
		return r;
	r = vcpuchar_x86_policy_verify(&p, &before, &after, guest, &v);
	if (r == -EINVAL)
		return cli_usage("a statistic in --after %s is below its value in --before %s "
				 "(swapped, or of different vCPUs)", after_file, before_file);
	if (r < 0)
		return cli_usage("cannot verify: %s", g_strerror(-r));

	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "hlt");
		json_builder_add_string_value(b, vcpuchar_x86_hlt_verdict_name(v.hlt));
		json_builder_set_member_name(b, "halt_poll");
		json_builder_add_string_value(b, vcpuchar_x86_halt_poll_verdict_name(v.halt_poll));
		json_builder_set_member_name(b, "guest_hlts");
		if (guest == VCPUCHAR_X86_GUEST_HLTS_UNKNOWN)
			json_builder_add_null_value(b);
		else
			json_builder_add_int_value(b, (gint64)guest);
		for (size_t i = 0; i < G_N_ELEMENTS(counts); i++) {
			json_builder_set_member_name(b, counts[i].name);
			if (v.have & (1u << counts[i].stat))
				json_builder_add_int_value(b, (gint64)*counts[i].value);
			else
				json_builder_add_null_value(b);
		}
		json_builder_set_member_name(b, "reasons");
		json_builder_begin_array(b);
		for (uint32_t i = 0; i < v.n_reasons; i++) {
			vcpuchar_x86_reason_text(&v.reasons[i], text, sizeof(text));
			json_builder_begin_object(b);
			json_builder_set_member_name(b, "code");
			json_builder_add_string_value(b, vcpuchar_x86_reason_name(v.reasons[i].code));
			json_builder_set_member_name(b, "text");
			json_builder_add_string_value(b, text);
			json_builder_end_object(b);
		}
		json_builder_end_array(b);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		/* The same lines as examples/hlt-vmm prints. */
		cli_printf("verdict: hlt=%s halt_poll=%s guest_hlts=", vcpuchar_x86_hlt_verdict_name(v.hlt),
		       vcpuchar_x86_halt_poll_verdict_name(v.halt_poll));
		if (guest == VCPUCHAR_X86_GUEST_HLTS_UNKNOWN)
			cli_printf("unknown");
		else
			cli_printf("%" G_GUINT64_FORMAT, guest);
		for (size_t i = 0; i < 2; i++)
			if (v.have & (1u << counts[i].stat))
				cli_printf(" %s=%" G_GUINT64_FORMAT, counts[i].name, *counts[i].value);
			else
				cli_printf(" %s=unknown", counts[i].name);
		cli_printf(" reasons=");
		for (uint32_t i = 0; i < v.n_reasons; i++)
			cli_printf("%s%s", i ? "," : "", vcpuchar_x86_reason_name(v.reasons[i].code));
		cli_printf("\n");
		for (uint32_t i = 0; i < v.n_reasons; i++) {
			vcpuchar_x86_reason_text(&v.reasons[i], text, sizeof(text));
			cli_printf("verdict_reason: %s: %s\n", vcpuchar_x86_reason_name(v.reasons[i].code), text);
		}
	}
	return v.hlt == VCPUCHAR_X86_HLT_VERDICT_HONOURED ? CLI_OK : CLI_NO;
}
