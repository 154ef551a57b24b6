/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer: the vcpuchar command's argument parsing and everything behind
 * it. The CLI sources are built into this target with main() renamed.
 *   fuzz-cli:        NUL-separated arguments after "vcpuchar"
 *   fuzz-hex-quads:  the value of "ppc hcall --accel tcg --chars VALUE"
 *                    (FUZZ_HEX_QUADS), the four KVM_PPC_GET_CPU_CHAR words
 * Inputs that ask for --help (cli_parse() or GOption prints it and exits) or for
 * "probe" (which creates VMs and may --save files), "export" (which probes and
 * writes files) or "qemu" (which starts programs) are skipped.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int vcpuchar_cli_main(int argc, char **argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 24

#ifndef FUZZ_HEX_QUADS
static int wants_help(const char *a)
{
	if (!strncmp(a, "--help", 6))
		return 1;
	/* A cluster of short options: -h or -? anywhere in it is help. */
	return a[0] == '-' && a[1] != '-' && (strchr(a, 'h') || strchr(a, '?'));
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	char *argv[MAX_ARGS + 8];
	int argc = 0;

	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[argc++] = "vcpuchar";
#ifdef FUZZ_HEX_QUADS
	argv[argc++] = "ppc";
	argv[argc++] = "hcall";
	argv[argc++] = "--accel";
	argv[argc++] = "tcg";
	argv[argc++] = "--chars";
	argv[argc++] = copy;
#else
	for (char *p = copy; p <= copy + size && argc < MAX_ARGS; p += strlen(p) + 1) {
		if (wants_help(p))
			goto out;
		argv[argc++] = p;
	}
	if (argc > 1 && (!strcmp(argv[1], "probe") || !strcmp(argv[1], "export") || !strcmp(argv[1], "qemu")))
		goto out;
#endif
	argv[argc] = NULL;
	/* GOption reorders argv but frees nothing: every string lives in @copy. */
	vcpuchar_cli_main(argc, argv);
#ifndef FUZZ_HEX_QUADS
out:
#endif
	free(copy);
	return 0;
}
