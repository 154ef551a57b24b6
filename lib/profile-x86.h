/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The [x86] group of host profiles (lib/profile-x86.c), for lib/profile.c. Private. */
#ifndef VCPUCHAR_PROFILE_X86_H
#define VCPUCHAR_PROFILE_X86_H

#include <glib.h>

#include "vcpuchar-private.h"

/*
 * Fills @x86 from [x86] (and [host] kernel_release): source PROFILE, a have
 * bit per key present; no group means no facts. -EINVAL with a message
 * naming group, key and value; @x86 is written only on success.
 */
int vcpuchar_profile_x86_load(GKeyFile *kf, struct vcpuchar_x86_host *x86, char *err, size_t err_size);

/* Writes the [x86] keys of every fact @x86 has ([host] is the caller's). */
void vcpuchar_profile_x86_save(GKeyFile *kf, const struct vcpuchar_x86_host *x86);

#endif
