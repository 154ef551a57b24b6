/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer: vcpuchar_profile_load_data() on any bytes (host profile files,
 * [ppc] and [x86]), and what it accepts through the describe and decide
 * functions; a saved copy of accepted facts must load back to the same
 * [ppc] facts and the same x86 facts and policy.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdbool.h>
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

static void same_x86_or_abort(const struct vcpuchar_x86_host *a, const struct vcpuchar_x86_host *b)
{
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_policy q = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	int r = vcpuchar_x86_decide(a, &vm, &p);

	if (a->have != b->have || r != vcpuchar_x86_decide(b, &vm, &q))
		abort();
	if (r == 0 && (p.disable_exits != q.disable_exits || p.pv_unhalt != q.pv_unhalt ||
		       p.hints_realtime != q.hints_realtime || p.idle_hlt_active != q.idle_hlt_active ||
		       p.halt_poll_set != q.halt_poll_set || p.n_reasons != q.n_reasons))
		abort();
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++) {
		char x[256], y[256];

		vcpuchar_x86_host_describe(a, f, x, sizeof(x));
		vcpuchar_x86_host_describe(b, f, y, sizeof(y));
		if (strcmp(x, y))
			abort();
	}
}

static bool power_or_unsaid(const char arch[16])
{
	static const char *const power[] = { "", "ppc64le", "ppc64", "ppc", "ppcle" };

	for (size_t i = 0; i < sizeof(power) / sizeof(power[0]); i++)
		if (!strncmp(arch, power[i], 16))
			return true;
	return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vcpuchar_x86_host x, xback;
	struct vcpuchar_ppc_host h, back;
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	char err[256], text[256];
	int r;

	memset(&h, 0x5a, sizeof(h));
	h.size = sizeof(h);
	memset(&x, 0x5a, sizeof(x));
	x.size = sizeof(x);
	r = vcpuchar_profile_load_data((const char *)data, size, &h, &x, err, sizeof(err));
	if (r < 0) {
		if ((r != -EINVAL && r != -EFBIG) || h.source != 0x5a5a5a5a || x.source != 0x5a5a5a5a ||
		    !memchr(err, '\0', sizeof(err)) || !err[0])
			abort();
		return 0;
	}
	/* A pseries decision takes a POWER host, or one whose arch is not said; any other is -EINVAL. */
	r = vcpuchar_ppc_decide(&h, &req, &res);
	if (h.source != VCPUCHAR_SOURCE_PROFILE || vcpuchar_ppc_host_describe(&h, text, sizeof(text)) <= 0 ||
	    (power_or_unsaid(h.arch) ? r < 0 : r != -EINVAL))
		abort();
	/* A per-process file name: libFuzzer may run jobs side by side. */
	if (!path[0])
		snprintf(path, sizeof(path), "/tmp/vcpuchar-fuzz-profile-%d", (int)getpid());
	if (vcpuchar_profile_save(path, &h, &x, err, sizeof(err)) < 0)
		abort();
	memset(&back, 0, sizeof(back));
	back.size = sizeof(back);
	memset(&xback, 0, sizeof(xback));
	xback.size = sizeof(xback);
	if (vcpuchar_profile_load(path, &back, &xback, err, sizeof(err)) < 0)
		abort();
	unlink(path);
	same_or_abort(&h, &back);
	same_x86_or_abort(&x, &xback);
	return 0;
}
