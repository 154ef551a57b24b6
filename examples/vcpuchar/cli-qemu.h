/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar qemu probe: QMP with a child QEMU (cli-qmp.c), the probe's results and their output. */
#ifndef VCPUCHAR_CLI_QEMU_H
#define VCPUCHAR_CLI_QEMU_H

#include <stdbool.h>
#include <sys/types.h>

#include "cli.h"

struct qmp {
	pid_t pid;
	int fd;     /* our end of the socketpair: QMP */
	int err_fd; /* the child's stderr, an unlinked temporary file */
	gint64 deadline;
	GString *buf; /* bytes read, not yet a line */
};

/*
 * Starts @binary with @args (NULL-terminated) and "-S -nodefaults -nographic
 * -accel tcg -qmp stdio", reads the QMP greeting and enters command mode
 * within @timeout_s seconds (the deadline of every later command too).
 * 0, or -1 with *why; the child is gone then.
 */
int qmp_start(struct qmp *q, const char *binary, const char *const *args, int timeout_s, char **why);
/* Runs @cmd (one JSON line); the "return" member, or NULL with *why (QEMU's error, or the transport's). */
JsonNode *qmp_exec(struct qmp *q, const char *cmd, char **why);
/* {"execute": @execute, "arguments": {@key: @value, ...}} as one JSON line, built by json-glib
 * (a name QEMU gave is escaped, never pasted): @... is NULL-terminated key/value pairs. */
char *qmp_command(const char *execute, ...) G_GNUC_NULL_TERMINATED;
/* Kills and reaps the child and its process group, closes everything. */
void qmp_kill(struct qmp *q);

/* One (type, CPU) to start. */
struct caps_job {
	const char *type;
	const char *cpu;
	/* Results. */
	GPtrArray *names;  /* cap-* in QEMU's order, sorted later */
	GPtrArray *values; /* as qom-get gives them: on/off, a string, a number */
	char *given;       /* "cap-htm=off" when TCG could start the type only with it */
	char *refused;     /* why QEMU did not start, NULL when it did */
};

/* One pseries type, as query-machines and qom-list-properties give it. */
struct machine {
	char *name;
	char *alias;
	char *default_cpu;
	gboolean deprecated, is_default, have_deprecated;
	GPtrArray *properties;
};

struct probe {
	char *version; /* "7.2.22" */
	char *package; /* "Debian 1:7.2+dfsg-7+deb12u18+b3", "" when none */
	char *default_machine;
	GPtrArray *machines;   /* struct machine, pseries types only, sorted */
	GPtrArray *cpu_models; /* every model whose name starts with "power", sorted */
	GPtrArray *cpus;       /* the family models read */
	struct caps_job *jobs; /* machines->len * cpus->len, by type then CPU */
	guint n_jobs;
};

/* The profile (examples/profiles/README.md, "QEMU profiles"), JSON and text of a probe (cli-qemu-print.c). */
GKeyFile *cli_qemu_profile(const struct probe *p, const char *binary, const char *when);
void cli_qemu_json(const struct probe *p, const char *binary, const char *when, double seconds, int jobs);
void cli_qemu_text(const struct probe *p, const char *binary, double seconds, int jobs);

#endif
