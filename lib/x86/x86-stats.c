/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * KVM binary statistics (KVM_GET_STATS_FD, lib/x86.md#statistics). The file comes
 * from the kernel, but the parser trusts none of its offsets or sizes: every
 * read is bounded and must return in full.
 */
#include <linux/kvm.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "vcpuchar-private.h"

#define STATS_HEADER_SIZE 24
#define STATS_DESC_SIZE 16
/* Far above what KVM uses (name_size 48, about 60 descriptors). */
#define STATS_NAME_MAX 4096
#define STATS_DESCS_MAX (4u << 20)

static int pread_full(int fd, void *buf, size_t len, uint64_t off)
{
	size_t done = 0;

	if (off > (uint64_t)INT64_MAX - len)
		return -EINVAL;
	while (done < len) {
		ssize_t n = pread(fd, (char *)buf + done, len - done, (off_t)(off + done));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		/* A short file is a malformed file. */
		if (n == 0)
			return -EINVAL;
		done += (size_t)n;
	}
	return 0;
}

static uint32_t u32_at(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

int vcpuchar_stats_read_fd(int stats_fd, const char *const *names, uint32_t n, uint64_t *values, uint32_t *have)
{
	unsigned char hdr[STATS_HEADER_SIZE];
	uint32_t name_size, num_desc, desc_offset, data_offset, found = 0;
	uint64_t stride, total;
	unsigned char *descs;
	int r;

	r = pread_full(stats_fd, hdr, sizeof(hdr), 0);
	if (r)
		return r;
	name_size = u32_at(hdr + 4);
	num_desc = u32_at(hdr + 8);
	desc_offset = u32_at(hdr + 16);
	data_offset = u32_at(hdr + 20);
	if (name_size == 0 || name_size > STATS_NAME_MAX)
		return -EINVAL;
	stride = STATS_DESC_SIZE + (uint64_t)name_size;
	total = stride * num_desc;
	if (total > STATS_DESCS_MAX)
		return -EINVAL;
	descs = malloc(total ? total : 1);
	if (!descs)
		return -ENOMEM;
	r = pread_full(stats_fd, descs, total, desc_offset);
	for (uint32_t i = 0; !r && i < num_desc; i++) {
		const unsigned char *d = descs + i * stride;
		const char *name = (const char *)d + STATS_DESC_SIZE;
		uint16_t count;
		uint32_t offset = u32_at(d + 8);
		uint64_t v;

		memcpy(&count, d + 6, sizeof(count));
		if (!memchr(name, '\0', name_size)) {
			r = -EINVAL;
			break;
		}
		for (uint32_t k = 0; k < n; k++) {
			if (strcmp(name, names[k]) || (found & (1u << k)))
				continue;
			if (count == 0) {
				r = -EINVAL;
				break;
			}
			r = pread_full(stats_fd, &v, sizeof(v), (uint64_t)data_offset + offset);
			if (r)
				break;
			values[k] = v;
			found |= 1u << k;
		}
	}
	free(descs);
	if (r)
		return r;
	*have = found;
	return 0;
}

static const char *const stat_names[VCPUCHAR_X86_N_STATS] = {
	[VCPUCHAR_X86_STAT_HALT_EXITS] = "halt_exits",
	[VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL] = "halt_successful_poll",
	[VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL] = "halt_attempted_poll",
	[VCPUCHAR_X86_STAT_HALT_WAIT_NS] = "halt_wait_ns",
	[VCPUCHAR_X86_STAT_EXITS] = "exits",
};

VCPUCHAR_EXPORT const char *vcpuchar_x86_stat_name(uint32_t stat)
{
	return stat < VCPUCHAR_X86_N_STATS ? stat_names[stat] : NULL;
}

VCPUCHAR_EXPORT int vcpuchar_x86_vcpu_stats_read(int vcpu_fd, struct vcpuchar_x86_vcpu_stats *ret)
{
	uint64_t values[VCPUCHAR_X86_N_STATS] = { 0 };
	uint32_t have = 0;
	int sfd, r;

	return_val_if_fail(ret && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	if (vcpu_fd < 0)
		return -EBADF;
	sfd = ioctl(vcpu_fd, KVM_GET_STATS_FD, 0);
	if (sfd < 0) {
		/* A file that is not KVM's is -ENOTTY whether its driver said ENOTTY, EINVAL or EBADF. */
		int err = errno, not_kvm;

		if (err != ENOTTY && err != EINVAL && err != EBADF)
			return -err;
		not_kvm = vcpuchar_fd_not_kvm(vcpu_fd);
		return not_kvm ? not_kvm : -err;
	}
	r = vcpuchar_stats_read_fd(sfd, stat_names, VCPUCHAR_X86_N_STATS, values, &have);
	close(sfd);
	if (r)
		return r;
	/* Only the values a caller's size covers: a later release may count more. */
	ret->have = have & ((UINT32_C(1) << VCPUCHAR_ENTRIES(ret, values, VCPUCHAR_X86_N_STATS)) - 1);
	memcpy(ret->values, values, VCPUCHAR_ENTRIES(ret, values, VCPUCHAR_X86_N_STATS) * sizeof(values[0]));
	return 0;
}
