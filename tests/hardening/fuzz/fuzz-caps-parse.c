/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* libFuzzer: vcpuchar_ppc_caps_parse() on any string (QEMU -machine cap lists). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <vcpuchar.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), err[128];
	struct vcpuchar_ppc_caps caps = { 0 }, before;
	uint32_t set = 0xdead;
	/* A small error buffer too: messages quote the input and must truncate. */
	size_t err_size = size % 2 ? sizeof(err) : 7;
	int r;

	memcpy(s, data, size);
	s[size] = '\0';
	before = caps;
	r = vcpuchar_ppc_caps_parse(s, &caps, &set, err, err_size);
	if (r == 0) {
		/* Every level written is one the cap has, and only named caps are set. */
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			if (!vcpuchar_ppc_level_name(cap, (uint32_t)vcpuchar_ppc_caps_get(&caps, cap)) ||
			    (!(set & (1u << cap)) && vcpuchar_ppc_caps_get(&caps, cap) != vcpuchar_ppc_caps_get(&before, cap)))
				abort();
		if (set >> VCPUCHAR_PPC_N_CAPS)
			abort();
	} else if (r != -EINVAL || set != 0xdead || memcmp(&caps, &before, sizeof(caps)) || !memchr(err, '\0', err_size)) {
		abort();
	}
	free(s);
	return 0;
}
