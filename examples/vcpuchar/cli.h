/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The vcpuchar command: shared helpers of its subcommands. */
#ifndef VCPUCHAR_CLI_H
#define VCPUCHAR_CLI_H

#include <string.h>
#include <sys/stat.h>

#include <glib.h>
#include <json-glib/json-glib.h>
#include <vcpuchar.h>

/* Exit status contract (examples/vcpuchar/README.md). */
enum {
	CLI_OK = 0,    /* success */
	CLI_NO = 1,    /* the answer is "no"; the JSON is still printed */
	CLI_USAGE = 2, /* bad usage or input: message on stderr, no JSON but a ppc command's JSON error */
	CLI_IO = 3,    /* stdout could not be written in full: message on stderr */
};

/* The errno of the first failed write to stdout that is known, else 0 (main.c checks stdout at exit). */
extern int cli_stdout_errno;

/*
 * printf() to stdout that keeps the errno of a write that fails mid-way
 * (an answer longer than stdio's buffer is written before the end, where
 * later calls would lose that errno). Every answer on stdout goes through it.
 */
int cli_printf(const char *fmt, ...) G_GNUC_PRINTF(1, 2);

/*
 * Prints "vcpuchar: <message>" on stderr; returns CLI_USAGE. A quoted
 * value longer than 64 bytes shows its first 64; an unquoted run (a path)
 * is shown in full when it could name a file, else its first and last 64
 * bytes; control bytes are escaped (\n, \t, \xNN).
 */
int cli_usage(const char *fmt, ...) G_GNUC_PRINTF(1, 2);

/*
 * With --json on a `ppc` command (cli_json_errors), a refusal also prints
 * {"error": {"errno", "member", "item", "message"}} on stdout: why, in
 * members a program compares (vcpuchar(1) "JSON errors"). cli_usage_why()
 * is cli_usage() that says why: @err the library's negative errno (0: the
 * CLI's own check, null), @member the option refused (NULL: none), @item
 * the item of its value the refusal names (NULL: none).
 */
extern gboolean cli_json_errors;
int cli_usage_why(int err, const char *member, const char *item, const char *fmt, ...) G_GNUC_PRINTF(4, 5);

/* "an" before an architecture name said with a vowel sound (x86_64, aarch64), else "a" (ppc64le). */
static inline const char *cli_article(const char *word)
{
	return word[0] && strchr("aeioux", word[0]) ? "an" : "a";
}

/* @s with its control bytes escaped as cli_usage() does, for g_free(): a file name in a text answer. */
char *cli_shown(const char *s);

/*
 * The size of a buffer for a library message that echoes @path: the path
 * in full (twice: a save names the path and its directory) and room for
 * its cause (a fixed buffer cut the cause away).
 */
#define CLI_ERR_SIZE(path) (2 * strlen(path) + 1024)

/*
 * Adds @entries to @ctx and parses them; on error prints the message and
 * returns CLI_USAGE. An option that takes a value may be given once and
 * not empty, a flag takes no =VALUE; arguments that are no option are refused
 * unless @positional. --help is printed here and exits (3 when stdout
 * could not be written).
 */
int cli_parse(GOptionContext *ctx, const GOptionEntry *entries, gboolean positional, int *argc, char ***argv);

/*
 * The index of @arg among @names (case-insensitive; NULL names are
 * skipped), or -1 with @choices set to "a, b, c" for the message. Every
 * enum option of every subcommand goes through here.
 */
int cli_enum_index(const char *arg, const char *const *names, size_t n, GString *choices);

/*
 * The one number rule of every numeric option (README "Numbers"), as the
 * library's QEMU version parse has it: decimal digits only, no sign, no
 * white space, and no leading zero but "0" itself (QEMU's own option
 * parser and GOption's int options read "010" as octal 8; a reader sees
 * ten). CLI_OK with *@ret, or the usage error naming @opt; a value above
 * @max is refused naming it, unless @max is UINT64_MAX (the range is then
 * the caller's, and a value past 64 bits reads UINT64_MAX).
 */
int cli_number(const char *opt, const char *arg, uint64_t max, uint64_t *ret);

/*
 * Loads the JSON file @path given to @opt into @parser: a regular file of
 * at most 1 MiB, nested at most 32 deep, no member name twice in an
 * object. Returns the root, or NULL with the message printed (CLI_USAGE).
 */
JsonNode *cli_json_load(JsonParser *parser, const char *opt, const char *path);

/* Prints the builder's root as pretty JSON on stdout, newline-terminated. */
void cli_print_json(JsonBuilder *b);

/* "0x%016" PRIx64 */
void cli_json_hex(JsonBuilder *b, const char *key, uint64_t v);

/* Opens /dev/kvm and creates a VM; each fd is -1 when that step failed and
 * *err holds why (negative errno). */
void cli_open_kvm(int *kvm_fd, int *vm_fd, int *err);
/* This host's POWER facts through a new VM's KVM_PPC_GET_CPU_CHAR; without a
 * VM, source KVM with the reason in @host->error. */
void cli_probe_ppc_host(struct vcpuchar_ppc_host *host);

/* Members "host_caps"/"effective_caps"/"conflicts"/"r4"/"r5"/"guest_view"... */
void cli_json_ppc_result(JsonBuilder *b, const struct vcpuchar_ppc_result *r);
void cli_text_ppc_result(const struct vcpuchar_ppc_result *r, uint32_t cpu, uint32_t compat);
void cli_json_ppc_host(JsonBuilder *b, const struct vcpuchar_ppc_host *h);
/* Members "qemu", "libvirt", "warnings" and, with @st, "start"; in text, the lines to paste
 * (the qemu line with @st's paste), the caps QEMU refuses or the facts cannot judge, and the warnings. */
void cli_json_ppc_spellings(JsonBuilder *b, const struct vcpuchar_ppc_result *r,
			    const struct vcpuchar_ppc_warnings *w, const struct vcpuchar_ppc_start *st);
/* @machine: the --machine value given, or NULL: the paste line keeps its type. */
void cli_text_ppc_spellings(const struct vcpuchar_ppc_result *r, const struct vcpuchar_ppc_warnings *w,
			    const char *machine, const struct vcpuchar_ppc_start *st);

/* --help of --qemu-version (ppc hcall, migrate, baseline and probe). */
#define QEMU_VERSION_HELP \
	"Target QEMU version (7.2, 10.0, 10.0.13; default: 7.2, the oldest supported): its machine types and " \
	"texts"

/* The QEMU release a POWER answer is for (--qemu-version V, or none given). */
struct cli_qemu_target {
	uint32_t version;  /* 0 when not given */
	uint32_t answered; /* the release whose row answers */
	int kind;          /* vcpuchar_ppc_qemu_version_check() */
	char note[384];
	char unknown[128]; /* the release's facts without a source, "" when none */
};

/* Parses --qemu-version @arg (NULL: not given) into @q; a warning on stderr when another release answers. */
int cli_qemu_version_parse(const char *arg, struct cli_qemu_target *q);
/*
 * --qemu FILE (lib/ppc.md#qemu-profiles): the QEMU profile into @req
 * (qemu_profile, qemu_version, and qemu_machine for the type of the
 * --machine value @machine, the default type when NULL) and @q; @profile
 * owns it.
 * Unreadable or malformed: exit 2 naming the file. Call before
 * parse_request_caps().
 */
int cli_qemu_profile_load(const char *file, const char *machine, struct vcpuchar_ppc_qemu_profile **profile,
			  struct vcpuchar_ppc_request *req, struct cli_qemu_target *q);
/*
 * The target QEMU of a command: --qemu FILE (cli_qemu_profile_load()) or
 * --qemu-version (cli_qemu_version_parse()), never both (exit 2).
 */
int cli_qemu_target_load(const char *file, const char *version, const char *machine,
			 struct vcpuchar_ppc_qemu_profile **profile, struct vcpuchar_ppc_request *req,
			 struct cli_qemu_target *q);
typedef struct vcpuchar_ppc_qemu_profile cli_qemu_profile_t;
G_DEFINE_AUTOPTR_CLEANUP_FUNC(cli_qemu_profile_t, vcpuchar_ppc_qemu_profile_free)
/* --help of --qemu. */
#define QEMU_PROFILE_HELP \
	"A QEMU profile of the binary that runs the guest (vcpuchar qemu probe --save): its machine types, " \
	"CPU models and cap defaults replace the release table's"
/* The target release as text ("7.2", "10.0.13"): the one given, else the one answered. */
void cli_qemu_version_target(const struct cli_qemu_target *q, char *buf, size_t size);
/* Member "qemu_version": {"target", "answered", "assumed", "note", "unknown"}. */
void cli_qemu_version_caps(struct cli_qemu_target *q, const struct vcpuchar_ppc_caps *caps);
void cli_json_qemu_version(JsonBuilder *b, const struct cli_qemu_target *q);
/* Member "guest_cpu": "power9" for VCPUCHAR_PPC_CPU_POWER9, the guest CPU a POWER answer is for. */
void cli_json_guest_cpu(JsonBuilder *b, uint32_t cpu);
/* The "qemu" text line, when the answer is not for the given version itself, and the unknown facts. */
void cli_text_qemu_version(const struct cli_qemu_target *q);

/* Members "disable_exits" ... "reasons" of examples/vcpuchar/README.md; one line per output and reason. */
void cli_json_x86_policy(JsonBuilder *b, const struct vcpuchar_x86_policy *p);
void cli_text_x86_policy(const struct vcpuchar_x86_policy *p);
/* Member "facts": per fact its name, whether it was read, why not, and a sentence;
 * member "vendor_module": KVM's vendor module by name ("" when not read or none). */
void cli_json_x86_host(JsonBuilder *b, const struct vcpuchar_x86_host *h);

/* Flushes stdout; @rc, or CLI_IO with the message when a write failed (main.c). */
int cli_finish(int rc);

/*
 * The save rule of export, probe --save and qemu probe --save: an existing
 * regular file at @path (a symbolic link followed) is replaced only when
 * it starts with @header, this tool's own output of that kind, or with
 * @force. CLI_OK (also when @path is missing or no regular file: the
 * writer refuses those), else CLI_USAGE with the message printed.
 */
int cli_save_check(const char *opt, const char *path, const char *header, gboolean force);

/* The first bytes of each file vcpuchar writes: what cli_save_check() replaces. */
#define CLI_HEADER_NFD "# vcpuchar export: "
#define CLI_HEADER_PROM "# HELP vcpuchar_export_info "
#define CLI_HEADER_HOST_PROFILE "# libvcpuchar host profile"
#define CLI_HEADER_QEMU_PROFILE "# A QEMU profile (/usr/share/doc/libvcpuchar/profiles.md"

/* One file vcpuchar writes: its option, its name, its contents (cli-export-write.c). */
struct cli_export_file {
	const char *opt, *path;
	GString *data;
	const char *header; /* cli_save_check()'s */
	gboolean force;     /* cli_save_check()'s */
	int fd;             /* -1 before cli_export_write() */
	char *real;         /* @path, or the file its symbolic link names */
	char *canon;        /* @real with its folder resolved: two targets are compared by it */
	char *tmp;          /* a dotfile in @real's folder, NULL once renamed or removed */
	gboolean exists;    /* @real exists: @st is its stat, its mode and owner kept */
	struct stat st;
};
/*
 * Writes every file atomically: each target is checked and its temporary
 * file created, then each written and synced, and only then each renamed
 * over its file, so a target that cannot be used or a write that fails
 * leaves every file as it was. A rename that fails after an earlier one
 * names the files that were written. CLI_OK, CLI_USAGE or CLI_IO, the
 * message printed.
 */
int cli_export_write(struct cli_export_file *t, size_t n);

int cmd_export(int argc, char **argv);
int cmd_probe(int argc, char **argv);
int cmd_ppc(int argc, char **argv);
int cmd_x86(int argc, char **argv);
int cmd_qemu(int argc, char **argv);
int cmd_libvirt_hook(int argc, char **argv);

#endif
