/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar ppc hcall | migrate | baseline: the dispatcher */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli-ppc.h"

int cmd_ppc(int argc, char **argv)
{
	/* --json: a refusal is printed as JSON too (cli_usage_why()). */
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--json"))
			cli_json_errors = TRUE;
	if (argc >= 2 && !strcmp(argv[1], "hcall"))
		return cmd_hcall(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "migrate"))
		return cmd_migrate(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "baseline"))
		return cmd_baseline(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		if (argc > 2)
			return cli_usage("%s takes no argument (given '%s')", argv[1], argv[2]);
		cli_printf("%s\n", "Usage: vcpuchar ppc hcall [OPTIONS]\n"
		     "       vcpuchar ppc migrate --src LIST --dst LIST\n"
		     "       vcpuchar ppc migrate --src-host FILE --dst-host FILE [--caps LIST] [--machine TYPE] "
		     "[--mode caps|host-max] [--qemu-version V]\n"
		     "       vcpuchar ppc baseline PROFILE... [--machine TYPE] [--guest-cpu CPU] [--qemu-version V]\n"
		     "Each takes --help and --json.");
		return CLI_OK;
	}
	if (argc < 2)
		return cli_usage("ppc: missing subcommand (hcall, migrate or baseline)");
	return cli_usage("ppc: unknown subcommand '%s'", argv[1]);
}
