/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer: vcpuchar_profile_load_data() on any bytes (host profile files),
 * and what it accepts through the describe and decide functions; a saved
 * copy of accepted facts must load back to the same facts.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vcpuchar.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

static void same_or_abort(const struct vcpuchar_ppc_host *a, const struct vcpuchar_ppc_host *b)
{
	if (a->valid != b->valid || (a->valid && (a->character != b->character || a->behaviour != b->behaviour ||
						  a->character_mask != b->character_mask ||
						  a->behaviour_mask != b->behaviour_mask || a->power8 != b->power8 ||
						  a->pvr != b->pvr)) ||
	    strcmp(a->arch, b->arch) || strcmp(a->kernel_release, b->kernel_release))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vcpuchar_ppc_host h, back;
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	char err[256], text[256];
	int r;

	memset(&h, 0x5a, sizeof(h));
	h.size = sizeof(h);
	r = vcpuchar_profile_load_data((const char *)data, size, &h, NULL, err, sizeof(err));
	if (r < 0) {
		if ((r != -EINVAL && r != -EFBIG) || h.source != 0x5a5a5a5a || !memchr(err, '\0', sizeof(err)) || !err[0])
			abort();
		return 0;
	}
	if (h.source != VCPUCHAR_SOURCE_PROFILE || vcpuchar_ppc_host_describe(&h, text, sizeof(text)) <= 0 ||
	    vcpuchar_ppc_decide(&h, &req, &res) < 0)
		abort();
	/* A per-process file name: libFuzzer may run jobs side by side. */
	if (!path[0])
		snprintf(path, sizeof(path), "/tmp/vcpuchar-fuzz-profile-%d", (int)getpid());
	if (vcpuchar_profile_save(path, &h, NULL, err, sizeof(err)) < 0)
		abort();
	memset(&back, 0, sizeof(back));
	back.size = sizeof(back);
	if (vcpuchar_profile_load(path, &back, NULL, err, sizeof(err)) < 0)
		abort();
	unlink(path);
	same_or_abort(&h, &back);
	return 0;
}
