/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar: the library's facts and decisions on the command line. */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <locale.h>
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

void cli_probe_ppc_host(struct vcpuchar_ppc_host *host)
{
	int kvm_fd, vm_fd, e;

	cli_open_kvm(&kvm_fd, &vm_fd, &e);
	if (vm_fd >= 0) {
		vcpuchar_ppc_host_probe(vm_fd, NULL, host);
		close(vm_fd);
	} else {
		host->source = VCPUCHAR_SOURCE_KVM;
		host->error = e;
	}
	if (kvm_fd >= 0)
		close(kvm_fd);
}

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "export", cmd_export, "export [--host PROFILE] [--nfd FILE] [--prometheus FILE]  facts as node labels and metrics" },
	{ "probe", cmd_probe, "probe [--json] [--save FILE [--force]] this host's facts and default decisions" },
	{ "ppc", cmd_ppc, "ppc hcall|migrate|baseline ...         POWER caps, H_GET_CPU_CHARACTERISTICS, migration, fleets" },
	{ "qemu", cmd_qemu, "qemu probe [--binary PATH] ...          a qemu-system-ppc64's machine types, CPU models and cap defaults, over QMP" },
	{ "x86", cmd_x86, "x86 policy|verify ...                  HLT exits, Idle HLT, KVM PV hints (also as QEMU/libvirt options); did KVM honour them" },
	{ "libvirt-hook", cmd_libvirt_hook, "libvirt-hook DOMAIN OPERATION SUB EXTRA libvirt's qemu hook: refuses a pseries domain QEMU would refuse" },
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

int cli_finish(int rc)
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
	/* Set by `ppc ... --json` for this run only: the fuzzer runs many in one process. */
	cli_json_errors = FALSE;
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
	/* A closed pipe: the write fails with EPIPE and cli_finish() says so (exit 3), rather than a silent death. */
	signal(SIGPIPE, SIG_IGN);
	/*
	 * The user's character set, so that option values in it (UTF-8 under
	 * C.UTF-8) are text, as GOption takes them. LC_CTYPE only: numbers and
	 * messages stay the C locale's, and the library compares names in ASCII.
	 */
	setlocale(LC_CTYPE, "");
	return cli_finish(run(argc, argv));
}
