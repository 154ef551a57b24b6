/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libFuzzer: vcpuchar_ppc_machine_parse() on any string (QEMU machine type names). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <vcpuchar.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), err[96];
	uint32_t m = 0xdead;
	struct vcpuchar_ppc_caps caps;
	int r;

	memcpy(s, data, size);
	s[size] = '\0';
	r = vcpuchar_ppc_machine_parse(s, &m, err, sizeof(err));
	if (r == 0) {
		/* Only pseries names are accepted, and each maps to a machine with defaults. */
		if (strncmp(s, "pseries", 7) || vcpuchar_ppc_machine_defaults(m, 0, &caps))
			abort();
	} else if (r != -EINVAL || m != 0xdead || !memchr(err, '\0', sizeof(err))) {
		abort();
	}
	free(s);
	return 0;
}
