/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libFuzzer: the whole pasted texts on any string, each with a message
 * buffer of every size from the first byte: vcpuchar_ppc_machine_line_parse()
 * (a QEMU -machine value into a request) and vcpuchar_ppc_libvirt_parse()
 * (a libvirt <features> fragment). Accepted: only the four caps, at valid
 * levels, and what libvirt reads back reads to the same caps. Refused:
 * -EINVAL or -ENOENT, nothing written, a terminated message.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <vcpuchar.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t max_level[VCPUCHAR_PPC_N_CAPS] = { 2, 2, 4, 1 };

static void check_levels(const struct vcpuchar_ppc_caps *c)
{
	if (c->cfpc > max_level[0] || c->sbbc > max_level[1] || c->ibs > max_level[2] || c->ccf_assist > max_level[3])
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t err_size = size ? data[0] % 128 : 0;
	char *s = malloc(size + 1), *err = malloc(err_size + 1);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request), before;
	struct vcpuchar_ppc_caps caps = { 0, 1, 2, 1 }, kept = caps, back = { 0, 0, 0, 0 };
	char xml[VCPUCHAR_PPC_FORMAT_LEN];
	uint32_t set = 0xdead, back_set = 0;
	int r;

	memcpy(s, data, size);
	s[size] = '\0';
	memset(err, 'x', err_size + 1);
	/* 120000: newer than the table, so a pseries-12.x can be a type whose defaults are unknown. */
	req.qemu_version = size > 1 ? (uint32_t[]){ 0, 70200, 100013, 110100, 120000 }[data[1] % 5] : 0;
	req.caps_set = 1u << VCPUCHAR_PPC_CAP_IBS;
	req.caps.ibs = VCPUCHAR_PPC_LEVEL_FIXED_CCD;
	before = req;
	r = vcpuchar_ppc_machine_line_parse(s, &req, err, err_size);
	if (err_size && !memchr(err, '\0', err_size))
		abort();
	if (err[err_size] != 'x') /* nothing past the buffer */
		abort();
	if (r == 0 || r == 1) {
		/* 1 exactly for a type whose defaults are unknown here (lib/ppc.md#unknown-types). */
		if ((r == 1) != (req.machine == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN) ||
		    req.machine > VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN || req.caps_set & ~0xfu ||
		    !(req.caps_set & (1u << VCPUCHAR_PPC_CAP_IBS)) || req.accel > VCPUCHAR_ACCEL_TCG ||
		    req.mode != before.mode || req.cpu != before.cpu || req.qemu_version != before.qemu_version)
			abort();
		check_levels(&req.caps);
	} else if ((r != -EINVAL && r != -ENOENT) || memcmp(&req, &before, sizeof(req))) {
		abort();
	}

	memset(err, 'x', err_size + 1);
	r = vcpuchar_ppc_libvirt_parse(s, &caps, &set, err, err_size);
	if ((err_size && !memchr(err, '\0', err_size)) || err[err_size] != 'x')
		abort();
	if (r == 0) {
		if (set & ~0xfu)
			abort();
		check_levels(&caps);
		/* What libvirt would be given back reads to the same guest answer (fixed-na is written as broken). */
		if (vcpuchar_ppc_caps_format(&caps, VCPUCHAR_PPC_FORMAT_LIBVIRT, xml, sizeof(xml), NULL) < 0 ||
		    vcpuchar_ppc_libvirt_parse(xml, &back, &back_set, NULL, 0) || back_set != 0xf)
			abort();
		if (back.cfpc != caps.cfpc || back.sbbc != caps.sbbc || back.ccf_assist != caps.ccf_assist ||
		    (back.ibs != caps.ibs && caps.ibs != VCPUCHAR_PPC_LEVEL_FIXED_NA))
			abort();
	} else if (r != -EINVAL || set != 0xdead || memcmp(&caps, &kept, sizeof(caps))) {
		abort();
	}
	free(s);
	free(err);
	return 0;
}
