/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Option parsing shared by every subcommand: cli_parse() */
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
 * GOption converts string values from the locale's character set and, on
 * failure, names neither the option nor the value: find them in @argv.
 */
static int bad_text_option(char **argv, int argc)
{
	for (int i = 1; i < argc; i++) {
		g_autofree char *conv = g_locale_to_utf8(argv[i], -1, NULL, NULL, NULL);
		g_autofree char *shown = NULL;
		const char *eq, *charset;

		if (conv)
			continue;
		g_get_charset(&charset);
		eq = argv[i][0] == '-' ? strchr(argv[i], '=') : NULL;
		shown = g_strescape(eq ? eq + 1 : argv[i], NULL);
		if (eq)
			return cli_usage("%.*s: value '%s' is not text in this locale's character set (%s)",
					 (int)(eq - argv[i]), argv[i], shown, charset);
		if (i > 1 && argv[i - 1][0] == '-')
			return cli_usage("%s: value '%s' is not text in this locale's character set (%s)", argv[i - 1],
					 shown, charset);
		return cli_usage("argument '%s' is not text in this locale's character set (%s)", shown, charset);
	}
	return 0;
}


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
			exit(cli_finish(CLI_OK));
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

int cli_number(const char *opt, const char *arg, uint64_t max, uint64_t *ret)
{
	uint64_t v = 0;
	size_t n = 0;

	for (; g_ascii_isdigit(arg[n]); n++) {
		unsigned d = (unsigned)(arg[n] - '0');

		v = v > (UINT64_MAX - d) / 10 ? UINT64_MAX : v * 10 + d;
	}
	if (!n || arg[n] || (arg[0] == '0' && n > 1))
		return cli_usage("bad value '%s' for %s: want a decimal number without a sign, white space or "
				 "leading zeros%s",
				 arg, opt, arg[0] == '0' && n > 1 ? " (QEMU would read '010' as octal 8)" : "");
	if (max != UINT64_MAX && v > max)
		return cli_usage("bad value '%s' for %s (0 to %" PRIu64 ")", arg, opt, max);
	*ret = v;
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
