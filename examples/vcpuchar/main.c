/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar: the library's facts and decisions on the command line. */
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

int cli_usage(const char *fmt, ...)
{
	g_autofree char *msg = NULL;
	va_list ap;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
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

/*
 * GOption converts string values from the locale's character set and, on
 * failure, names neither the option nor the value: find them in @argv.
 */
static int bad_text_option(char **argv, int argc)
{
	for (int i = 1; i < argc; i++) {
		g_autofree char *conv = g_locale_to_utf8(argv[i], -1, NULL, NULL, NULL);
		g_autofree char *shown = NULL;
		const char *eq;

		if (conv)
			continue;
		eq = argv[i][0] == '-' ? strchr(argv[i], '=') : NULL;
		shown = g_strescape(eq ? eq + 1 : argv[i], NULL);
		if (eq)
			return cli_usage("%.*s: value '%s' is not text in this locale's character set (option values are "
					 "ASCII)", (int)(eq - argv[i]), argv[i], shown);
		if (i > 1 && argv[i - 1][0] == '-')
			return cli_usage("%s: value '%s' is not text in this locale's character set (option values are "
					 "ASCII)", argv[i - 1], shown);
		return cli_usage("argument '%s' is not text in this locale's character set", shown);
	}
	return 0;
}

static int finish(int rc);

/*
 * Before GOption sees @argv: --help is printed here, so that a failed
 * write is reported (GOption's own --help exits 0 whatever happened); an
 * option that takes a value may be given once (GOption keeps the last
 * silently); a value may not be empty; a flag takes no "=value"
 * (GOption ignores the value and sets the flag).
 */
static int check_args(GOptionContext *ctx, const GOptionEntry *entries, int argc, char **argv)
{
	uint64_t seen = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq, *value;
		const GOptionEntry *e;
		size_t len;
		int k;

		if (!strcmp(a, "--"))
			break;
		if (!strcmp(a, "-h") || !strcmp(a, "-?") || !strcmp(a, "--help") || !strcmp(a, "--help-all")) {
			g_autofree char *help = g_option_context_get_help(ctx, strcmp(a, "--help-all") != 0, NULL);

			/* In the locale's character set, as GOption prints it; g_print flushes: keep its errno. */
			errno = 0;
			g_print("%s", help);
			if (ferror(stdout) && !cli_stdout_errno)
				cli_stdout_errno = errno;
			/* As GOption would, but through the check of stdout. */
			exit(finish(CLI_OK));
		}
		if (strncmp(a, "--", 2))
			continue;
		eq = strchr(a, '=');
		len = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
		for (k = 0, e = entries; e->long_name; k++, e++)
			if (strlen(e->long_name) == len && !strncmp(e->long_name, a + 2, len))
				break;
		if (!e->long_name)
			continue;
		if (e->arg == G_OPTION_ARG_NONE ||
		    (e->arg == G_OPTION_ARG_CALLBACK && (e->flags & G_OPTION_FLAG_NO_ARG))) {
			/* GOption ignores it: --pinned=no would pin. */
			if (eq)
				return cli_usage("--%s is a flag and takes no value (given '%s'): give --%s, or leave "
						 "it out", e->long_name, eq + 1, e->long_name);
			continue;
		}
		value = eq ? eq + 1 : i + 1 < argc ? argv[++i] : NULL;
		if (!value)
			continue; /* GOption says it is missing */
		if (seen & (1ull << k))
			return cli_usage("--%s given twice; give it once (the second value is '%s')", e->long_name,
					 value);
		seen |= 1ull << k;
		if (e->arg == G_OPTION_ARG_FILENAME && !*value)
			return cli_usage("--%s: empty file name", e->long_name);
		/* An empty value read as the option's default: --machine '' answered for pseries. */
		if (!*value)
			return cli_usage("--%s: empty value; give one, or leave the option out", e->long_name);
	}
	return CLI_OK;
}

int cli_parse(GOptionContext *ctx, const GOptionEntry *entries, gboolean positional, int *argc, char ***argv)
{
	g_autoptr(GError) error = NULL;
	/* A shallow copy: parsing removes the options from @argv. */
	g_autofree char **orig = g_memdup2(*argv, sizeof(char *) * (size_t)(*argc + 1));
	int orig_argc = *argc, dashdash = 1, r;

	/* The name GOption's parse would give the "Usage:" line. */
	if (!g_get_prgname() && *argc > 0) {
		g_autofree char *base = g_path_get_basename((*argv)[0]);

		g_set_prgname(base);
	}
	g_option_context_add_main_entries(ctx, entries, NULL);
	if ((r = check_args(ctx, entries, *argc, *argv)))
		return r;
	/*
	 * "--" ends the options: what follows is an operand even when it starts
	 * with '-'. GOption strips "--" only in some cases, so it sees just the
	 * part before.
	 */
	while (dashdash < orig_argc && strcmp(orig[dashdash], "--"))
		dashdash++;
	*argc = dashdash;
	if (!g_option_context_parse(ctx, argc, argv, &error)) {
		if (error->domain == G_CONVERT_ERROR && bad_text_option(orig, orig_argc))
			return CLI_USAGE;
		return cli_usage("%s", error->message);
	}
	/* The operands after "--", as given: GOption never saw them. */
	for (int i = dashdash + 1; i < orig_argc; i++)
		(*argv)[(*argc)++] = orig[i];
	(*argv)[*argc] = NULL;
	if (*argc > 1 && !positional)
		return cli_usage("unexpected argument '%s'", (*argv)[1]);
	return CLI_OK;
}

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

void cli_open_kvm(int *kvm_fd, int *vm_fd, int *err)
{
	*vm_fd = -1;
	*err = 0;
	*kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (*kvm_fd < 0) {
		*err = -errno;
		return;
	}
	do
		*vm_fd = ioctl(*kvm_fd, KVM_CREATE_VM, 0);
	while (*vm_fd < 0 && errno == EINTR);
	if (*vm_fd < 0)
		*err = -errno;
}

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "probe", cmd_probe, "probe [--json] [--save FILE [--force]] this host's facts and default decisions" },
	{ "ppc", cmd_ppc, "ppc hcall|migrate|baseline ...         POWER caps, H_GET_CPU_CHARACTERISTICS, migration, fleets" },
	{ "x86", cmd_x86, "x86 policy|verify ...                  HLT exits, Idle HLT, KVM PV hints (also as QEMU/libvirt options); did KVM honour them" },
};

static void usage(FILE *f)
{
	fputs("Usage: vcpuchar COMMAND [OPTIONS]\n\nCommands:\n", f);
	for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
		fprintf(f, "  %s\n", commands[i].help);
	fputs("\nEach command takes --help. Exit status: 0 ok, 1 the answer is no, 2 bad usage,\n"
	      "3 the output could not be written.\n", f);
}

/*
 * Every byte printed must have reached stdout: stdio reports a failed
 * write (ENOSPC, EPIPE, EIO) only through ferror() and fflush()/fclose().
 * A truncated answer that exits 0 would be taken as the answer.
 */
int cli_stdout_errno;

int cli_printf(const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vprintf(fmt, ap);
	va_end(ap);
	if (r < 0 && !cli_stdout_errno)
		cli_stdout_errno = errno ? errno : EIO;
	return r;
}

static int finish(int rc)
{
	bool failed = ferror(stdout);

	/*
	 * fflush gives the errno of the last write; an earlier one was kept by
	 * cli_print_json. No fclose: the fuzzer (tests/hardening/fuzz/fuzz-cli.c) calls
	 * this main again and again in one process.
	 */
	if (fflush(stdout) != 0) {
		failed = true;
		if (!cli_stdout_errno)
			cli_stdout_errno = errno;
	}
	if (!failed)
		return rc;
	if (cli_stdout_errno)
		fprintf(stderr, "vcpuchar: cannot write standard output: %s; the output is incomplete\n",
			g_strerror(cli_stdout_errno));
	else
		fputs("vcpuchar: cannot write standard output (a write failed); the output is incomplete\n", stderr);
	return CLI_IO;
}

static int run(int argc, char **argv)
{
	if (argc < 2)
		return usage(stderr), CLI_USAGE;
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help") ||
	    !strcmp(argv[1], "--version")) {
		/* Nothing may follow: "--version extra" is a mistake, not a version. */
		if (argc > 2)
			return cli_usage("%s takes no argument (given '%s')", argv[1], argv[2]);
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
		return usage(stdout), CLI_OK;
	if (!strcmp(argv[1], "--version")) {
		cli_printf("vcpuchar %s (library %s)\n", VCPUCHAR_VERSION_STRING, vcpuchar_version());
		return CLI_OK;
	}
	for (size_t i = 0; i < G_N_ELEMENTS(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	usage(stderr);
	return cli_usage("unknown command '%s'", argv[1]);
}

int main(int argc, char **argv)
{
	/* A closed pipe: the write fails with EPIPE and finish() says so (exit 3), rather than a silent death. */
	signal(SIGPIPE, SIG_IGN);
	return finish(run(argc, argv));
}
