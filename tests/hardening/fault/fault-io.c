/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * One profile call under tests/hardening/fault/run-io.sh's injected fault: prints the
 * return value and message, and exits 0 only when the call returned the
 * expected negative errno with a message that names it.
 *   fault-io load PATH ERRNO   vcpuchar_profile_load(PATH, both facts)
 *   fault-io save PATH ERRNO   vcpuchar_profile_save(PATH, one x86 fact)
 * ERRNO is a number; 0 expects success.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vcpuchar.h>

int main(int argc, char **argv)
{
	struct vcpuchar_ppc_host ppc = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host x86 = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	char err[512] = "";
	int want, r;

	if (argc != 4)
		return fprintf(stderr, "usage: fault-io load|save PATH ERRNO\n"), 2;
	want = atoi(argv[3]);
	if (!strcmp(argv[1], "load")) {
		/* Poison: a failed load must leave the facts as they were. */
		memset(&ppc.character, 0xa5, sizeof(ppc.character));
		r = vcpuchar_profile_load(argv[2], &ppc, &x86, err, sizeof(err));
		if (r < 0 && ppc.character != 0xa5a5a5a5a5a5a5a5ull)
			return printf("load wrote the facts on failure\n"), 1;
	} else if (!strcmp(argv[1], "save")) {
		x86.source = VCPUCHAR_SOURCE_CALLER;
		x86.have = 1u << VCPUCHAR_X86_FACT_HALT_POLL_NS;
		x86.halt_poll_ns = 200000;
		r = vcpuchar_profile_save(argv[2], NULL, &x86, err, sizeof(err));
	} else {
		return fprintf(stderr, "fault-io: unknown call '%s'\n", argv[1]), 2;
	}
	printf("%s: %d (%s)\n", argv[1], r, err);
	if (r != -want)
		return printf("expected %d\n", -want), 1;
	if (want && !strstr(err, strerror(want)))
		return printf("the message does not name %s\n", strerror(want)), 1;
	return 0;
}
