/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * Private: the profile key readers (lib/profile-keys.c) that every domain
 * uses, and each domain's group reader and writer, which lib/profile.c
 * calls. The domain files call only the key readers: no cycle.
 */
#ifndef VCPUCHAR_PROFILE_KEYS_H
#define VCPUCHAR_PROFILE_KEYS_H

#include "keyfile.h"
#include "vcpuchar-private.h"

/* Largest profile we read: real ones are under 2 KiB. */
#define VCPUCHAR_PROFILE_MAX (1024 * 1024)

/*
 * Read one key of @group. Each returns 0 and writes @ret, 1 when the key is
 * absent (@ret untouched), or -EINVAL with a message naming group, key and
 * value.
 */
int vcpuchar_profile_get_u64(const struct vcpuchar_kf *kf, const char *group, const char *key, int kind, uint64_t *ret,
		    char *err, size_t err_size);
int vcpuchar_profile_get_bool(const struct vcpuchar_kf *kf, const char *group, const char *key, uint32_t *ret,
		     char *err, size_t err_size);
int vcpuchar_profile_get_str(const struct vcpuchar_kf *kf, const char *group, const char *key, char *buf, size_t size,
		    char *err, size_t err_size);

/*
 * The [ppc] group (lib/ppc/ppc-profile.c). read fills @out (size, arch and
 * kernel_release already set): source PROFILE, error -ENODATA when the group
 * is absent; -EINVAL naming group, key and value. write adds the [ppc] keys
 * when ppc_profile_has_group(): a non-zero mask, or zero masks that were an
 * answer (error 0).
 */
int vcpuchar_profile_ppc_read(const struct vcpuchar_kf *kf, struct vcpuchar_ppc_host *out, char *err, size_t err_size);
void vcpuchar_profile_ppc_write(struct vcpuchar_kf_out *kf, const struct vcpuchar_ppc_host *ppc);
/*
 * The one rule between [ppc] keys, shared by read and by save's check: a
 * non-zero pvr and power8 agree. 0, or -EINVAL with the loader's message.
 */
static inline bool ppc_profile_has_group(const struct vcpuchar_ppc_host *ppc)
{
	return (ppc->character_mask | ppc->behaviour_mask) || !ppc->error;
}
int vcpuchar_profile_ppc_check(const struct vcpuchar_ppc_host *ppc, char *err, size_t err_size);

/*
 * The [x86] group (lib/x86/x86-profile.c). read fills @out (size already set)
 * from [x86] with @arch and @release from [host]: source PROFILE, a have bit per key
 * present, no facts when the group is absent; -EINVAL naming group, key and
 * value. write adds the [x86] keys of every fact @x86 has.
 */
int vcpuchar_profile_x86_read(const struct vcpuchar_kf *kf, const char *arch, const char *release, struct vcpuchar_x86_host *out,
			      char *err, size_t err_size);
void vcpuchar_profile_x86_write(struct vcpuchar_kf_out *kf, const struct vcpuchar_x86_host *x86);

#endif
