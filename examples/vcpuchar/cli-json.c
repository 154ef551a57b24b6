/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* JSON input and output shared by every subcommand */
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
 * The rules of the library's profile loader (lib/profile.c) for a JSON
 * input: a regular file only (a FIFO or /dev/zero would hang or fill
 * memory), opened O_NONBLOCK so that a FIFO cannot block the check, and at
 * most CLI_INPUT_MAX bytes (ours are a few KiB).
 */
#define CLI_INPUT_MAX (1024 * 1024)

static char *read_input(const char *opt, const char *path, size_t *len)
{
	g_autofree char *data = NULL;
	struct stat st;
	int fd, e;
	ssize_t n;

	*len = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		e = errno;
		cli_usage("%s %s: %s", opt, path, g_strerror(e));
		return NULL;
	}
	if (fstat(fd, &st) < 0) {
		e = errno;
		close(fd);
		cli_usage("%s %s: %s", opt, path, g_strerror(e));
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		cli_usage("%s %s: %s", opt, path, S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		return NULL;
	}
	/* One byte past the limit, so a file that grew is still caught. */
	data = g_malloc(CLI_INPUT_MAX + 1);
	while (*len <= CLI_INPUT_MAX) {
		n = read(fd, data + *len, CLI_INPUT_MAX + 1 - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			e = errno;
			close(fd);
			cli_usage("%s %s: %s", opt, path, g_strerror(e));
			return NULL;
		}
		if (n == 0)
			break;
		*len += (size_t)n;
	}
	close(fd);
	if (*len > CLI_INPUT_MAX) {
		cli_usage("%s %s: larger than %d bytes; not this input", opt, path, CLI_INPUT_MAX);
		return NULL;
	}
	return g_steal_pointer(&data);
}

/*
 * json-glib's parser recurses once per level: 100,000 '[' overflow the
 * stack. Ours are 3 deep; count [ and { outside strings first.
 */
#define CLI_JSON_DEPTH_MAX 32

static gboolean too_deep(const char *data, size_t len)
{
	gboolean in_string = FALSE;
	int depth = 0;

	for (size_t i = 0; i < len; i++) {
		char c = data[i];

		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = FALSE;
		} else if (c == '"') {
			in_string = TRUE;
		} else if (c == '[' || c == '{') {
			if (++depth > CLI_JSON_DEPTH_MAX)
				return TRUE;
		} else if (c == ']' || c == '}') {
			depth--;
		}
	}
	return FALSE;
}

/*
 * json-glib's scanner reads more than RFC 8259 JSON: 010 as 8, 0x10 as
 * 16, 0b101 as 5, comments, single quotes, raw control bytes in strings.
 * A snapshot so written is not what its author meant: refuse it. Returns
 * NULL, or why the text at *at is not JSON (*tok bytes of it are echoed).
 */
static gboolean in_set(const char *set, char c)
{
	return c && strchr(set, c);
}

/* One \\uXXXX at @esc, or a surrogate pair: 0 (*at, *tok set) or where the escape ends. */
static size_t u_escape(const char *data, size_t len, size_t esc, size_t *at, size_t *tok)
{
	unsigned unit[2] = { 0, 0 };
	size_t i = esc + 1;

	*at = esc;
	*tok = 1;
	for (int u = 0; u < 2; u++) {
		for (int k = 0; k < 4; k++) {
			if (++i >= len || !g_ascii_isxdigit(data[i]))
				return u ? esc + 5 : 0;
			unit[u] = unit[u] * 16 + (unsigned)g_ascii_xdigit_value(data[i]);
		}
		/* A high surrogate must come with a low one, and a low one never alone. */
		if (u == 0 && (unit[0] < 0xd800 || unit[0] > 0xdfff))
			return i;
		if (u == 0 && unit[0] <= 0xdbff && i + 2 < len && data[i + 1] == '\\' && data[i + 2] == 'u') {
			i += 2;
			continue;
		}
		if (u == 1 && unit[1] >= 0xdc00 && unit[1] <= 0xdfff)
			return i;
		break;
	}
	*tok = 6;
	return 0;
}

static const char *not_json(const char *data, size_t len, size_t *at, size_t *tok)
{
	static const char *const words[] = { "true", "false", "null" };

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)data[i];
		size_t n;

		*at = i;
		*tok = 1;
		if (in_set(" \t\n\r{}[]:,", (char)c))
			continue;
		if (c == '"') {
			for (i++; i < len && data[i] != '"'; i++) {
				*at = i;
				if ((unsigned char)data[i] < 0x20)
					return "a control byte in a string (JSON strings escape them)";
				if (data[i] != '\\')
					continue;
				if (++i < len && !in_set("\"\\/bfnrtu", data[i]))
					return "an escape JSON does not have";
				/* A NUL would cut the name or value where C strings end: "halt_exits\u0000junk". */
				if (i + 4 < len && data[i] == 'u' && !strncmp(data + i + 1, "0000", 4)) {
					*at = i - 1;
					*tok = 6;
					return "\\u0000, a NUL, in a string: JSON allows it, but here no member name or value may hold one (C strings end there)";
				}
				if (i < len && data[i] == 'u' && !(i = u_escape(data, len, i - 1, at, tok)))
					return *tok == 6 ? "a UTF-16 surrogate escape without its pair, which is no character (section 8.2)"
							 : "\\u without four hexadecimal digits";
			}
			if (i >= len)
				return "a string without its closing quote";
			continue;
		}
		for (n = 0; i + n < len && (g_ascii_isalnum(data[i + n]) || in_set("+-._", data[i + n])); n++)
			;
		*tok = n ? n : 1;
		if (c == '/' || c == '#')
			return "a comment: JSON has none";
		if (!n)
			return "a character JSON does not have here";
		if (c == '-' || g_ascii_isdigit(c)) {
			/* -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
			size_t k = c == '-';

			if (k < n && data[i + k] == '0')
				k++;
			else if (k < n && g_ascii_isdigit(data[i + k]))
				while (k < n && g_ascii_isdigit(data[i + k]))
					k++;
			else
				return "not a JSON number";
			if (k < n && data[i + k] == '.') {
				if (++k >= n || !g_ascii_isdigit(data[i + k]))
					return "not a JSON number";
				while (k < n && g_ascii_isdigit(data[i + k]))
					k++;
			}
			if (k < n && (data[i + k] == 'e' || data[i + k] == 'E')) {
				if (++k < n && (data[i + k] == '+' || data[i + k] == '-'))
					k++;
				if (k >= n || !g_ascii_isdigit(data[i + k]))
					return "not a JSON number";
				while (k < n && g_ascii_isdigit(data[i + k]))
					k++;
			}
			if (k != n)
				return "not a JSON number (decimal, no leading zero, no 0x or 0b)";
		} else {
			size_t w;

			for (w = 0; w < G_N_ELEMENTS(words); w++)
				if (strlen(words[w]) == n && !memcmp(data + i, words[w], n))
					break;
			if (w == G_N_ELEMENTS(words))
				return "not JSON (a string needs double quotes; the literals are true, false, null)";
		}
		i += n - 1;
	}
	return NULL;
}

/* json-glib keeps the last of two members of one name: find the first repeated name. */
struct dup_check {
	GHashTable *count; /* JsonObject -> members parsed so far */
	char *name;
};

static void on_member(JsonParser *parser, JsonObject *o, const char *name, gpointer data)
{
	struct dup_check *d = data;
	guint n = GPOINTER_TO_UINT(g_hash_table_lookup(d->count, o)) + 1;

	(void)parser;
	g_hash_table_insert(d->count, o, GUINT_TO_POINTER(n));
	if (n > json_object_get_size(o) && !d->name)
		d->name = g_strdup(name);
}

JsonNode *cli_json_load(JsonParser *parser, const char *opt, const char *path)
{
	g_autoptr(GError) error = NULL;
	g_autofree char *data = NULL;
	struct dup_check d = { g_hash_table_new(NULL, NULL), NULL };
	size_t len, at, tok;
	const char *why;
	gulong id;
	gboolean ok;

	data = read_input(opt, path, &len);
	if (!data) {
		g_hash_table_destroy(d.count);
		return NULL;
	}
	/* Characters first: a binary file is not JSON, whatever its brackets would nest to. */
	if ((why = not_json(data, len, &at, &tok))) {
		g_autoptr(GString) shown = g_string_new(NULL);
		unsigned line = 1, col = 1;

		g_hash_table_destroy(d.count);
		/* A NUL would end the message: spelled out, as cli_usage() spells other control bytes. */
		for (size_t i = at; i < at + MIN(tok, 64); i++)
			if (data[i])
				g_string_append_c(shown, data[i]);
			else
				g_string_append(shown, "\\x00");
		for (size_t i = 0; i < at; i++, col++)
			if (data[i] == '\n')
				line++, col = 0;
		cli_usage("%s %s:%u:%u: \"%s\": %s (RFC 8259)", opt, path, line, col, shown->str, why);
		return NULL;
	}
	if (too_deep(data, len)) {
		g_hash_table_destroy(d.count);
		cli_usage("%s %s: JSON nested deeper than %d levels", opt, path, CLI_JSON_DEPTH_MAX);
		return NULL;
	}
	id = g_signal_connect(parser, "object-member", G_CALLBACK(on_member), &d);
	ok = json_parser_load_from_data(parser, data, (gssize)len, &error);
	g_signal_handler_disconnect(parser, id);
	g_hash_table_destroy(d.count);
	if (!ok) {
		g_free(d.name);
		/* json-glib names parsed text "<data>": the user's name for it is the file's. */
		if (g_str_has_prefix(error->message, "<data>:"))
			cli_usage("%s %s:%s", opt, path, error->message + strlen("<data>:"));
		else
			cli_usage("%s %s: %s", opt, path, error->message);
		return NULL;
	}
	if (d.name) {
		cli_usage("%s %s: member '%s' given twice in one object", opt, path, d.name);
		g_free(d.name);
		return NULL;
	}
	if (!json_parser_get_root(parser)) {
		cli_usage("%s %s: empty, not JSON", opt, path);
		return NULL;
	}
	return json_parser_get_root(parser);
}

int cli_enum_index(const char *arg, const char *const *names, size_t n, GString *choices)
{
	/* Exact, as the pages spell them (lower case): SEV or Host-Max is refused, naming the choices. */
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(arg, names[i]))
			return (int)i;
	for (size_t i = 0; i < n; i++)
		if (names[i])
			g_string_append_printf(choices, "%s%s", choices->len ? ", " : "", names[i]);
	return -1;
}

void cli_print_json(JsonBuilder *b)
{
	g_autoptr(JsonGenerator) gen = json_generator_new();
	g_autoptr(JsonNode) root = json_builder_get_root(b);
	g_autofree char *text = NULL;

	json_generator_set_root(gen, root);
	json_generator_set_pretty(gen, TRUE);
	text = json_generator_to_data(gen, NULL);
	/* Keep the first write error's errno: stdio forgets it (main.c finish()). */
	if ((fputs(text, stdout) == EOF || putchar('\n') == EOF) && !cli_stdout_errno)
		cli_stdout_errno = errno;
}

void cli_json_hex(JsonBuilder *b, const char *key, uint64_t v)
{
	char buf[19];

	snprintf(buf, sizeof(buf), "0x%016" PRIx64, v);
	json_builder_set_member_name(b, key);
	json_builder_add_string_value(b, buf);
}
