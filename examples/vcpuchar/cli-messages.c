/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Messages on stderr: cli_usage() and the escaping of the values it echoes */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/kvm.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/*
 * Longest quoted value a message echoes: a 100 KB argument must not flood
 * the terminal. An unquoted run (a path) that could name a file is shown
 * in full; a longer one keeps its first and last CLI_SHOWN_MAX bytes. The
 * cause after it is always printed.
 */
#define CLI_SHOWN_MAX 64

/* Whether @n bytes at @s could name a file: at most PATH_MAX - 1 bytes, no component above NAME_MAX. */
static gboolean could_name_file(const char *s, size_t n)
{
	size_t comp = 0;

	if (n >= PATH_MAX)
		return FALSE;
	for (size_t i = 0; i < n; i++) {
		comp = s[i] == '/' ? 0 : comp + 1;
		if (comp > NAME_MAX)
			return FALSE;
	}
	return TRUE;
}

/* At most @max bytes of @s, not ending in the middle of a UTF-8 sequence. */
static int shown_len(const char *s, size_t max)
{
	const char *end = s + max;

	while (end > s && (*end & 0xc0) == 0x80)
		end--;
	return (int)(end - s);
}

/* Bytes of the valid UTF-8 character at @s (at most @n), 0 when the bytes are not one. */
static size_t utf8_char(const char *s, size_t n)
{
	gunichar c = g_utf8_get_char_validated(s, (gssize)n);

	return c == (gunichar)-1 || c == (gunichar)-2 ? 0 : (size_t)g_utf8_skip[(unsigned char)*s];
}

/*
 * @n bytes of @s to @f, a control byte (a file name may hold any) as \n,
 * \t or \xNN, and so every byte that is not valid UTF-8: never raw.
 */
static void put_shown(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t k = c >= 0x80 ? utf8_char(s + i, n - i) : 1;

		if (c >= 0x80 && k) {
			fwrite(s + i, 1, k, f);
			i += k - 1;
		} else if (c >= 0x80)
			fprintf(f, "\\x%02x", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\x%02x", c);
		else
			fputc(c, f);
	}
}

char *cli_shown(const char *s)
{
	g_autofree char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return g_strdup(s);
	put_shown(f, s, strlen(s));
	fclose(f);
	return g_strndup(buf, len);
}

gboolean cli_json_errors;

/* Linux's names of the errnos the library returns (include/uapi/asm-generic/errno-base.h, errno.h). */
static const struct {
	int value;
	const char *name;
} errno_names[] = {
	{ EPERM, "EPERM" },	  { ENOENT, "ENOENT" },	    { EIO, "EIO" },	      { ENXIO, "ENXIO" },
	{ E2BIG, "E2BIG" },	  { ENOEXEC, "ENOEXEC" },   { ENOMEM, "ENOMEM" },     { EACCES, "EACCES" },
	{ EFAULT, "EFAULT" },	  { EBUSY, "EBUSY" },	    { EEXIST, "EEXIST" },     { EXDEV, "EXDEV" },
	{ ENOTDIR, "ENOTDIR" },	  { EISDIR, "EISDIR" },	    { EINVAL, "EINVAL" },     { EFBIG, "EFBIG" },
	{ ENOSPC, "ENOSPC" },	  { ERANGE, "ERANGE" },	    { EDOM, "EDOM" },	      { ENAMETOOLONG, "ENAMETOOLONG" },
	{ ELOOP, "ELOOP" },	  { ENODATA, "ENODATA" },   { EPROTO, "EPROTO" },     { EBADMSG, "EBADMSG" },
	{ EOVERFLOW, "EOVERFLOW" }, { EILSEQ, "EILSEQ" },   { ENOTSUP, "ENOTSUP" }, { ENOSYS, "ENOSYS" },
	{ ENOTTY, "ENOTTY" },	  { EAGAIN, "EAGAIN" },	    { EMSGSIZE, "EMSGSIZE" }, { ESRCH, "ESRCH" },
};

/* The why of the next refusal (cli_usage_why()). */
static struct {
	int err;
	const char *member, *item;
} why;

int cli_usage_why(int err, const char *member, const char *item, const char *fmt, ...)
{
	g_autofree char *msg = NULL;
	va_list ap;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	why.err = err < 0 ? err : 0;
	why.member = member;
	why.item = item;
	return cli_usage("%s", msg);
}

/* {"error": {"errno", "member", "item", "message"}} on stdout (vcpuchar(1) "JSON errors"). */
static void json_error(const char *msg)
{
	g_autoptr(JsonBuilder) b = json_builder_new();
	g_autofree char *shown = cli_shown(msg), *item = why.item ? cli_shown(why.item) : NULL;
	g_autofree char *number = NULL;
	const char *name = NULL;

	for (size_t i = 0; why.err && !name && i < G_N_ELEMENTS(errno_names); i++)
		if (errno_names[i].value == -why.err)
			name = errno_names[i].name;
	if (why.err && !name)
		name = number = g_strdup_printf("%d", -why.err);
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "error");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "errno");
	name ? json_builder_add_string_value(b, name) : json_builder_add_null_value(b);
	json_builder_set_member_name(b, "member");
	why.member ? json_builder_add_string_value(b, why.member) : json_builder_add_null_value(b);
	json_builder_set_member_name(b, "item");
	item ? json_builder_add_string_value(b, item) : json_builder_add_null_value(b);
	json_builder_set_member_name(b, "message");
	json_builder_add_string_value(b, shown);
	json_builder_end_object(b);
	json_builder_end_object(b);
	cli_print_json(b);
}

int cli_usage(const char *fmt, ...)
{
	g_autofree char *msg = NULL;
	va_list ap;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	if (cli_json_errors)
		json_error(msg);
	memset(&why, 0, sizeof(why));
	fputs("vcpuchar: ", stderr);
	/*
	 * Values are echoed in 'quotes' (ours and the library's): show the first
	 * bytes of a long one. An apostrophe within a word opens no quote.
	 * Unquoted runs (a path, GOption's "Unknown option --...") that could
	 * not name a file keep their first and last bytes; what follows the
	 * run, the cause, is always printed. Spaces delimit runs; a control
	 * byte of a value is escaped, never a run's end.
	 */
	for (const char *p = msg, *close; *p;) {
		size_t run = strcspn(p, " ");
		gboolean quote = *p == '\'' && (p == msg || !g_ascii_isalnum(p[-1]));

		/* A quote the library's buffer cut before its end runs to the end of the message. */
		close = quote ? strchr(p + 1, '\'') : NULL;
		if (quote && !close)
			close = p + strlen(p);
		if (quote) {
			size_t n = (size_t)(close - p - 1);

			fputc('\'', stderr);
			put_shown(stderr, p + 1, n > CLI_SHOWN_MAX ? (size_t)shown_len(p + 1, CLI_SHOWN_MAX) : n);
			if (n > CLI_SHOWN_MAX)
				fputs("...'", stderr);
			else if (*close)
				fputc('\'', stderr);
			p = *close ? close + 1 : close;
		} else if (run > 2 * CLI_SHOWN_MAX + 3 && (p == msg || p[-1] == ' ') && !could_name_file(p, run)) {
			const char *tail = p + run - CLI_SHOWN_MAX;

			while ((*tail & 0xc0) == 0x80)
				tail++;
			put_shown(stderr, p, (size_t)shown_len(p, CLI_SHOWN_MAX));
			fputs("...", stderr);
			put_shown(stderr, tail, (size_t)(p + run - tail));
			p += run;
		} else {
			/* One character: a UTF-8 sequence whole, so that it is not taken for stray bytes. */
			size_t k = (unsigned char)*p >= 0x80 ? utf8_char(p, strlen(p)) : 1;

			put_shown(stderr, p, k ? k : 1);
			p += k ? k : 1;
		}
	}
	fputc('\n', stderr);
	return CLI_USAGE;
}
