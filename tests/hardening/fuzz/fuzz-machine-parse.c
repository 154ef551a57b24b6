/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer: vcpuchar_ppc_machine_parse() on any string (QEMU machine type
 * names), the same string per target QEMU (vcpuchar_ppc_machine_parse_qemu())
 * and as a QEMU version (vcpuchar_ppc_qemu_version_parse()).
 */
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
	/*
	 * Per target QEMU (not given, 7.2, 10.0.13, a newer one): only what the
	 * version-free parse takes, to the same class; a refusal of a name it
	 * takes is -ENOENT (the target lacks it), of any other -EINVAL.
	 */
	static const uint32_t targets[] = { 0, 70200, 100013, 110100 };
	for (size_t i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		uint32_t mq = 0xdead;
		int rq = vcpuchar_ppc_machine_parse_qemu(s, targets[i], &mq, err, sizeof(err));

		if (rq == 0 ? r != 0 || mq != m : mq != 0xdead || rq != (r == 0 ? -ENOENT : -EINVAL) ||
						   !memchr(err, '\0', sizeof(err)))
			abort();
	}
	/* As a QEMU version: a supported number, or -EINVAL with the output untouched. */
	{
		uint32_t v = 0xdead;

		r = vcpuchar_ppc_qemu_version_parse(s, &v, err, sizeof(err));
		if (r == 0 ? v < 70200 || v > 999999 || vcpuchar_ppc_qemu_version_check(v, NULL, NULL, 0) < 0
			   : r != -EINVAL || v != 0xdead || !memchr(err, '\0', sizeof(err)))
			abort();
	}
	free(s);
	return 0;
}
