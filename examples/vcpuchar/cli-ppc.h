/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The vcpuchar ppc subcommands: helpers shared between their files. */
#ifndef VCPUCHAR_CLI_PPC_H
#define VCPUCHAR_CLI_PPC_H

#include "cli.h"

/* What --machine says besides the caps: accel= (-1 when not given), a pseries type the library does not know. */
struct machine_extra {
	int accel;
	char *unknown; /* "NAME\nwhy", NULL when the type is known */
	char *note;    /* said with the answer when @unknown */
	char *type;    /* without a QEMU profile, the exact type given: the request's qemu_machine */
};

static inline void machine_extra_clear(struct machine_extra *x)
{
	g_free(x->unknown);
	g_free(x->note);
	g_free(x->type);
}

typedef struct machine_extra machine_extra_t;
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(machine_extra_t, machine_extra_clear)

/* JSON and text pieces of an answer (cli-ppc-print.c). */
void json_caps(JsonBuilder *b, const char *key, const struct vcpuchar_ppc_caps *c);
void json_str(JsonBuilder *b, const char *key, const char *v);
/* The machine caps of ppc hcall (lib/ppc.md#machine-caps). */
void cli_json_ppc_machine_caps(JsonBuilder *b, const struct vcpuchar_ppc_machine_caps *mc);
void cli_text_ppc_machine_caps(const struct vcpuchar_ppc_machine_caps *mc);
void json_bool(JsonBuilder *b, const char *key, gboolean v);
void json_view(JsonBuilder *b, const struct vcpuchar_ppc_guest_view *v);
void text_caps(const char *label, const struct vcpuchar_ppc_caps *c);

/* Option parsers (cli-ppc-parse.c). */
int parse_chars(const char *arg, struct vcpuchar_ppc_host *h);
int parse_enum(const char *opt, const char *arg, const char *const *names, const uint32_t *values,
	       size_t n, uint32_t *ret);
int parse_libvirt(const char *opt, const char *arg, struct vcpuchar_ppc_caps *caps, uint32_t *set,
		  struct vcpuchar_ppc_request *start, GPtrArray *ignored);
char *cli_machine_type(const char *machine);
int parse_request_caps(const char *machine, const char *caps, struct vcpuchar_ppc_request *req,
		       GPtrArray *ignored, struct machine_extra *x);

/* Profiles, --caps and --cpu of migrate and baseline (cli-ppc-profile.c). */
int load_ppc_profile(const char *opt, const char *path, struct vcpuchar_ppc_host *h);
/* The library's list of items a text named but did not read, into @ignored (<NAME> for @elements). */
void cli_add_others(GPtrArray *ignored, const char *others, gboolean elements);
int parse_migrate_caps(const char *opt, const char *arg, uint32_t qemu_version,
		       const struct vcpuchar_ppc_qemu_profile *profile, struct vcpuchar_ppc_caps *caps, GPtrArray *ignored);
int parse_cpu_opt(const char *cpu, uint32_t *ret);
void text_view(const struct vcpuchar_ppc_guest_view *v, uint32_t cpu);

/* The subcommands, one file each. */
int cmd_hcall(int argc, char **argv);
int cmd_baseline(int argc, char **argv);
int cmd_migrate(int argc, char **argv);

#endif
