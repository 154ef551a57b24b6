/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar x86 policy | verify: the dispatcher */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli-x86.h"

int cmd_x86(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "policy"))
		return cmd_policy(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "verify"))
		return cmd_verify(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		if (argc > 2)
			return cli_usage("%s takes no argument (given '%s')", argv[1], argv[2]);
		cli_printf("%s\n", "Usage: vcpuchar x86 policy [OPTIONS]\n       vcpuchar x86 verify [OPTIONS]");
		return CLI_OK;
	}
	if (argc < 2)
		return cli_usage("x86: missing subcommand (policy, verify)");
	return cli_usage("x86: unknown subcommand '%s'", argv[1]);
}
