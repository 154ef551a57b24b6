/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdarg.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ioctl-hook.h"

ioctl_hook_fn ioctl_hook;

/* The system call itself: no dlsym(), which may allocate inside a shim that fails malloc. */
int ioctl_real(int fd, unsigned long req, void *arg)
{
	return (int)syscall(SYS_ioctl, fd, req, arg);
}

int ioctl(int fd, unsigned long req, ...)
{
	const void *caller = __builtin_return_address(0);
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (ioctl_hook && ioctl_hook(fd, req, arg, caller, &ret))
		return ret;
	return ioctl_real(fd, req, arg);
}
