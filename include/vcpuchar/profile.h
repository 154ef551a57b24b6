/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * libvcpuchar, host profile files: load and save the facts of both domains
 * (struct vcpuchar_ppc_host, struct vcpuchar_x86_host).
 */
#ifndef VCPUCHAR_PUBLIC_PROFILE_H
#define VCPUCHAR_PUBLIC_PROFILE_H

#include "common.h"
#include "ppc.h"
#include "x86.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A profile is a GLib key file (groups [host], [ppc], [x86]; format:
 * /usr/share/doc/libvcpuchar/profiles.md). An absent group means "no information"
 * for that architecture.
 * Unknown keys are ignored; a bad value is an error naming group, key and
 * value. Register words and masks are 0x and hex digits (a single digit 0-9
 * aside: digits without 0x are refused, never read as decimal); counts are
 * decimal or 0x hex; "0x0x..." is refused; booleans are true/false, 1/0 or
 * Y/N as sysfs prints them (/usr/share/doc/libvcpuchar/profiles.md#format).
 */

/**
 * vcpuchar_profile_load() - read host facts from a profile file
 * @path: file name of a regular file (opened without blocking: a FIFO or
 *        device never hangs the call)
 * @ppc: receives the [ppc] facts (source PROFILE; valid 0 and error
 *       -ENODATA when the group is absent, error 0 with zero masks), or
 *       NULL; @ppc->size must be set
 * @x86: receives the [x86] facts likewise, or NULL (no have bit and every
 *       fact's error -ENODATA when the group is absent; a group without a
 *       key this version knows gives no have bit and errors 0)
 * @err, @err_size: optional message buffer: "PATH: cause", cut as for
 *                  vcpuchar_profile_save(); "" on success
 *
 * Return: 0; -EINVAL for NULL @path or bad sizes; -ENOENT, -EACCES, -EIO
 * ... (the errno of open(2), fstat(2) or read(2)) when the file cannot be
 * read; -EISDIR for a directory; -EINVAL for another file that is not
 * regular, a malformed file or value (the message names it), or
 * contradictory facts (a pvr and power8 that disagree, [ppc] words with a
 * [host] arch no POWER host has; since 1.2); -EFBIG for a file over 1 MiB.
 * Nothing is written to @ppc or @x86 on failure.
 *
 * Since: 1.0
 */
int vcpuchar_profile_load(const char *path, struct vcpuchar_ppc_host *ppc, struct vcpuchar_x86_host *x86,
			  char *err, size_t err_size);

/**
 * vcpuchar_profile_load_data() - vcpuchar_profile_load() from memory
 * @data: file contents (need not be NUL-terminated); may be NULL when @len
 *        is 0, which reads as the empty profile
 * @len: length of @data in bytes, at most 1 MiB
 *
 * A leading UTF-8 byte order mark is skipped.
 *
 * Return: as vcpuchar_profile_load(), without the file errors.
 *
 * Since: 1.0
 */
int vcpuchar_profile_load_data(const char *data, size_t len, struct vcpuchar_ppc_host *ppc,
			       struct vcpuchar_x86_host *x86, char *err, size_t err_size);

/**
 * vcpuchar_ppc_profile_load() - read a POWER host's facts from a profile file
 * @path: file name
 * @ret: receives the [ppc] facts as vcpuchar_profile_load() gives them
 *       (@ret->size set by the caller; unchanged on failure)
 * @err, @err_size: optional message buffer, "PATH: cause" as for
 *                  vcpuchar_profile_load()
 *
 * vcpuchar_profile_load() for the functions that decide for a pseries
 * guest: a file that holds no POWER host is refused here, once, with one
 * message for every front end, where those functions would answer
 * -EINVAL without words (another arch) or read it as a host without
 * information (no [ppc] group, which is no answer, unlike zero masks: a
 * kernel that knows nothing). Rules:
 * /usr/share/doc/libvcpuchar/ppc.md#probe.
 *
 * Return: 0; the errors of vcpuchar_profile_load(); -EINVAL also for NULL
 * @path or @ret, a bad @ret->size, or a [host] arch that is not POWER
 * (ppc64le, ppc64, ppc, ppcle; the message names it); -ENODATA for a file
 * without a [ppc] group (the message says whether it is an x86 profile).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_profile_load(const char *path, struct vcpuchar_ppc_host *ret, char *err, size_t err_size);

/**
 * vcpuchar_profile_save() - write host facts to a profile file
 * @path: file name, replaced atomically; a symbolic link's target is replaced;
 *        a directory, device node, FIFO or socket is refused
 * @ppc, @x86: facts for [ppc] and [x86]; either or both may be NULL
 * @err, @err_size: optional message buffer: "PATH: cause"; when both do not
 *        fit, the path is cut to its last bytes after "..."; "" on success
 *        (since 1.3: before, a success left the buffer as it was)
 *
 * How the file is replaced and what each group holds:
 * /usr/share/doc/libvcpuchar/profiles.md#saving. Facts are checked first:
 * what this writes, vcpuchar_profile_load() reads back.
 *
 * Return: 0; -EINVAL for NULL @path, bad sizes, facts out of range (as for
 * their readers), an @arch or @kernel_release not NUL-terminated or not
 * UTF-8, @ppc facts whose non-zero @pvr and @power8 disagree, or a @path
 * that is a device node, FIFO or socket; -EISDIR for a directory; else the
 * errno of the call that failed: lstat(2), realpath(3), creating the
 * temporary file, write(2), fsync(2), close(2) or rename(2) (-ENOENT,
 * -EACCES, -EPERM, -ENOTDIR, -ELOOP, -EROFS, -ENOSPC, -EDQUOT, -EIO,
 * -ENAMETOOLONG ...). On failure @path is untouched and no temporary file
 * is left.
 *
 * Since: 1.0
 */
int vcpuchar_profile_save(const char *path, const struct vcpuchar_ppc_host *ppc,
			  const struct vcpuchar_x86_host *x86, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif /* VCPUCHAR_PUBLIC_PROFILE_H */
