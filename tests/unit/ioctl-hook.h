/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The tests' one ioctl() interposer, for fault injection. An executable
 * built with tests/unit/ioctl-hook.c and linked with -rdynamic (or a preloaded
 * module built with it) receives every ioctl() of the process, the
 * library's included, and offers each to ioctl_hook; what the hook does not
 * answer goes to the kernel. Plain C: the LD_PRELOAD fault shim uses it too.
 */
#ifndef IOCTL_HOOK_H
#define IOCTL_HOOK_H

#include <stdbool.h>

/*
 * Answers one ioctl() in place of the kernel: returns true with *ret set
 * (and errno, when *ret is -1), or false to pass the call on. @caller is
 * the return address of the ioctl() call, for hooks that pick callers.
 */
typedef bool (*ioctl_hook_fn)(int fd, unsigned long req, void *arg, const void *caller, int *ret);

/* NULL (the start): every call goes to the kernel. */
extern ioctl_hook_fn ioctl_hook;

/* The kernel's ioctl(2), bypassing the hook. */
int ioctl_real(int fd, unsigned long req, void *arg);

#endif
