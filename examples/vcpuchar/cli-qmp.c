/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * QMP with a child QEMU for vcpuchar qemu probe. The child runs paused
 * under TCG, its QMP monitor on its stdin/stdout, one end of a socketpair;
 * its stderr goes to an unlinked temporary file read after it exits, so it
 * can never block on a full pipe. It dies with the thread that started it
 * (PR_SET_PDEATHSIG), runs in a process group of its own, and qmp_kill()
 * kills that group and reaps the child: no QEMU, nor a process a wrapper
 * script started, outlives the probe, unless it left the group (setsid) or
 * the probe itself was killed (then only the child dies with it).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli-qemu.h"

/* What went wrong, for the message: the child's stderr, its exit status. */
static char *child_stderr(int fd)
{
	char buf[4096];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	g_autofree char *s = NULL;

	if (n <= 0)
		return g_strdup("");
	buf[n] = '\0';
	s = g_strstrip(g_strdup(buf));
	/* The message is one line: QEMU's error lines joined. */
	for (char *p = s; *p; p++)
		if (*p == '\n')
			*p = ' ';
	return g_steal_pointer(&s);
}

char *qmp_command(const char *execute, ...)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autoptr(JsonGenerator) g = json_generator_new();
	g_autoptr(JsonNode) root = NULL;
	const char *key;
	va_list ap;

	json_builder_begin_object(b);
	json_builder_set_member_name(b, "execute");
	json_builder_add_string_value(b, execute);
	va_start(ap, execute);
	if ((key = va_arg(ap, const char *))) {
		json_builder_set_member_name(b, "arguments");
		json_builder_begin_object(b);
		for (; key; key = va_arg(ap, const char *)) {
			json_builder_set_member_name(b, key);
			json_builder_add_string_value(b, va_arg(ap, const char *));
		}
		json_builder_end_object(b);
	}
	va_end(ap);
	json_builder_end_object(b);
	root = json_builder_get_root(b);
	json_generator_set_root(g, root);
	/* json-glib escapes control bytes and quotes: the command stays one line. */
	g_autofree char *text = json_generator_to_data(g, NULL);

	return g_strconcat(text, "\n", NULL);
}

/* SIGKILL to the child's process group (the child a zombie at worst: its pid is not reused). */
static void kill_group(pid_t pid)
{
	if (kill(-pid, SIGKILL) < 0)
		kill(pid, SIGKILL);
}

void qmp_kill(struct qmp *q)
{
	if (q->pid > 0) {
		kill_group(q->pid);
		while (waitpid(q->pid, NULL, 0) < 0 && errno == EINTR)
			;
		q->pid = -1;
	}
	if (q->fd >= 0)
		close(q->fd);
	if (q->err_fd >= 0)
		close(q->err_fd);
	q->fd = q->err_fd = -1;
	if (q->buf)
		g_string_free(q->buf, TRUE);
	q->buf = NULL;
}

/* Why the child stopped answering: its exit and its stderr, or the timeout. */
static char *qmp_gone(struct qmp *q, bool timed_out)
{
	int status = 0;
	g_autofree char *err = NULL;
	char how[96];

	if (timed_out) {
		kill_group(q->pid);
		while (waitpid(q->pid, &status, 0) < 0 && errno == EINTR)
			;
		q->pid = -1;
		err = child_stderr(q->err_fd);
		return g_strdup_printf("no answer within the timeout; killed%s%s", *err ? "; it said: " : "", err);
	}
	/* EOF: it exited, or is exiting; what it started in its group goes with it. */
	kill_group(q->pid);
	while (waitpid(q->pid, &status, 0) < 0 && errno == EINTR)
		;
	q->pid = -1;
	if (WIFEXITED(status))
		snprintf(how, sizeof(how), "exited with status %d", WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		snprintf(how, sizeof(how), "was killed by signal %d", WTERMSIG(status));
	else
		snprintf(how, sizeof(how), "stopped");
	err = child_stderr(q->err_fd);
	return g_strdup_printf("%s%s%s", how, *err ? ": " : "", err);
}

/* One line from QMP, or NULL with *why set (EOF, timeout, a line over 4 MiB). */
static char *qmp_line(struct qmp *q, char **why)
{
	for (;;) {
		char *nl = memchr(q->buf->str, '\n', q->buf->len);
		char chunk[65536];
		struct pollfd p = { .fd = q->fd, .events = POLLIN };
		gint64 left = (q->deadline - g_get_monotonic_time()) / 1000;
		ssize_t n;
		int r;

		if (nl) {
			char *line = g_strndup(q->buf->str, (gsize)(nl - q->buf->str));

			g_string_erase(q->buf, 0, nl - q->buf->str + 1);
			return line;
		}
		if (q->buf->len > 4 << 20) {
			*why = g_strdup("a QMP line longer than 4 MiB");
			return NULL;
		}
		if (left <= 0) {
			*why = qmp_gone(q, true);
			return NULL;
		}
		r = poll(&p, 1, (int)MIN(left, 60000));
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			*why = g_strdup_printf("poll: %s", g_strerror(errno));
			return NULL;
		}
		if (r == 0)
			continue;
		n = read(q->fd, chunk, sizeof(chunk));
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0) {
			*why = qmp_gone(q, false);
			return NULL;
		}
		g_string_append_len(q->buf, chunk, n);
	}
}

/* The next reply that is no event, parsed; NULL with *why. */
static JsonNode *qmp_reply(struct qmp *q, char **why)
{
	for (;;) {
		g_autofree char *line = qmp_line(q, why);
		g_autoptr(JsonParser) parser = NULL;
		g_autoptr(GError) e = NULL;
		JsonObject *o;

		if (!line)
			return NULL;
		parser = json_parser_new();
		if (!json_parser_load_from_data(parser, line, -1, &e) ||
		    !JSON_NODE_HOLDS_OBJECT(json_parser_get_root(parser))) {
			g_autofree char *shown = g_strndup(line, 80);

			*why = g_strdup_printf("not QMP: the line '%s' is no JSON object", shown);
			return NULL;
		}
		o = json_node_get_object(json_parser_get_root(parser));
		if (json_object_has_member(o, "event"))
			continue;
		return json_node_copy(json_parser_get_root(parser));
	}
}

/* Runs @cmd; the "return" member, or NULL with *why (QEMU's error description, or the transport's). */
JsonNode *qmp_exec(struct qmp *q, const char *cmd, char **why)
{
	g_autoptr(JsonNode) reply = NULL;
	JsonObject *o;
	size_t off = 0, len = strlen(cmd);

	while (off < len) {
		ssize_t n = send(q->fd, cmd + off, len - off, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*why = errno == EPIPE || errno == ECONNRESET ? qmp_gone(q, false)
								     : g_strdup_printf("send: %s", g_strerror(errno));
			return NULL;
		}
		off += (size_t)n;
	}
	if (!(reply = qmp_reply(q, why)))
		return NULL;
	o = json_node_get_object(reply);
	if (json_object_has_member(o, "return"))
		return json_node_copy(json_object_get_member(o, "return"));
	if (json_object_has_member(o, "error")) {
		JsonObject *e = json_object_get_object_member(o, "error");
		const char *d =
			e && json_object_has_member(e, "desc") ? json_object_get_string_member(e, "desc") : NULL;

		*why = g_strdup_printf("QMP error: %s", d ? d : "(no description)");
		return NULL;
	}
	*why = g_strdup("not QMP: a reply with neither return nor error");
	return NULL;
}

/*
 * Starts @binary paused under TCG with @args and QMP on its stdio, reads the
 * greeting and enters command mode. 0, or -1 with *why; the child is gone then.
 */
int qmp_start(struct qmp *q, const char *binary, const char *const *args, int timeout_s, char **why)
{
	g_autoptr(GPtrArray) argv = g_ptr_array_new();
	int sv[2];
	char tmpl[] = "/tmp/vcpuchar-qemu-XXXXXX";
	pid_t parent = getpid();
	g_autoptr(JsonNode) greeting = NULL;
	g_autoptr(JsonNode) ok = NULL;

	memset(q, 0, sizeof(*q));
	q->pid = -1;
	q->fd = q->err_fd = -1;
	q->buf = g_string_new(NULL);
	q->deadline = g_get_monotonic_time() + (gint64)timeout_s * G_USEC_PER_SEC;
	g_ptr_array_add(argv, (char *)binary);
	for (const char *const *a = args; *a; a++)
		g_ptr_array_add(argv, (char *)*a);
	for (const char *a = "-S\0-nodefaults\0-nographic\0-accel\0tcg\0-qmp\0stdio\0"; *a; a += strlen(a) + 1)
		g_ptr_array_add(argv, (char *)a);
	g_ptr_array_add(argv, NULL);

	if ((q->err_fd = g_mkstemp_full(tmpl, O_RDWR | O_CLOEXEC, 0600)) < 0) {
		*why = g_strdup_printf("cannot create a temporary file for its stderr: %s", g_strerror(errno));
		qmp_kill(q);
		return -1;
	}
	unlink(tmpl);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		*why = g_strdup_printf("socketpair: %s", g_strerror(errno));
		qmp_kill(q);
		return -1;
	}
	q->pid = fork();
	if (q->pid < 0) {
		*why = g_strdup_printf("fork: %s", g_strerror(errno));
		close(sv[0]);
		close(sv[1]);
		qmp_kill(q);
		return -1;
	}
	if (q->pid == 0) {
		/* The child: only async-signal-safe calls. It dies with the thread that started it. */
		static const char msg[] = "vcpuchar: exec failed\n";

		prctl(PR_SET_PDEATHSIG, SIGKILL);
		if (getppid() != parent)
			_exit(127);
		/* A group of its own, killed as one: a wrapper script's children too. */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0 || dup2(q->err_fd, 2) < 0)
			_exit(127);
		execv(binary, (char **)argv->pdata);
		if (write(2, msg, sizeof(msg) - 1) < 0)
			_exit(127);
		_exit(127);
	}
	/* Also here, so the group exists before any kill whichever runs first. */
	setpgid(q->pid, q->pid);
	close(sv[1]);
	q->fd = sv[0];

	if (!(greeting = qmp_reply(q, why))) {
		qmp_kill(q);
		return -1;
	}
	if (!json_object_has_member(json_node_get_object(greeting), "QMP")) {
		*why = g_strdup("not QMP: its first line is no QMP greeting");
		qmp_kill(q);
		return -1;
	}
	if (!(ok = qmp_exec(q, "{\"execute\": \"qmp_capabilities\"}\n", why))) {
		qmp_kill(q);
		return -1;
	}
	return 0;
}
