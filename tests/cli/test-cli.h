/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Running the vcpuchar CLI from the Check suites (GLib's spawn). */
#ifndef TEST_CLI_H
#define TEST_CLI_H

#include <stdarg.h>
#include <sys/wait.h>

#include "test-common.h"

/*
 * Runs @argv (argv[0] is the program, NULL-terminated) to its end; *out and
 * *err receive stdout and stderr for g_free(). Returns the exit status; the
 * test fails when the program cannot start or dies of a signal.
 */
static inline int cli_run(const char *const *argv, char **out, char **err)
{
	g_autoptr(GError) error = NULL;
	int wait;

	ck_assert_msg(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &wait, &error),
		      "spawn %s: %s", argv[0], error ? error->message : "");
	ck_assert_msg(WIFEXITED(wait), "%s died of a signal", argv[0]);
	return WEXITSTATUS(wait);
}

/* cli_run() of @cli with the NULL-terminated arguments @first, @ap. */
static inline int cli_run_va(const char *cli, char **out, char **err, const char *first, va_list ap)
{
	g_autoptr(GPtrArray) argv = g_ptr_array_new();

	g_ptr_array_add(argv, (char *)cli);
	for (const char *a = first; a; a = va_arg(ap, const char *))
		g_ptr_array_add(argv, (char *)a);
	g_ptr_array_add(argv, NULL);
	return cli_run((const char *const *)argv->pdata, out, err);
}

#endif
