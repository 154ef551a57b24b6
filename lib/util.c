/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "vcpuchar-private.h"

int vcpuchar_read_text(const char *root, const char *rel, char *buf, size_t size)
{
	char path[PATH_MAX];
	struct stat st;
	size_t len = 0;
	ssize_t n;
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", root, rel) >= sizeof(path))
		return -ENAMETOOLONG;
	/*
	 * O_NONBLOCK and a regular-file check, as the profile loader: a FIFO
	 * or device under a fixture root must never block the probe.
	 */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		int err = -errno;

		close(fd);
		return err;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
	}
	while (len < size - 1) {
		n = read(fd, buf + len, size - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int err = -errno;

			close(fd);
			return err;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	return 0;
}

bool vcpuchar_fd_is_kvm_anon(int fd, const char *kind)
{
	char link[64], target[64];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, target, sizeof(target) - 1);
	if (n <= 0)
		return false;
	target[n] = '\0';
	return !strncmp(target, "anon_inode:", 11) && !strncmp(target + 11, kind, strlen(kind));
}

/* /dev/kvm is the misc device 10:232 (Linux include/linux/miscdevice.h KVM_MINOR). */
#define MISC_MAJOR 10
#define KVM_MINOR 232

int vcpuchar_fd_not_kvm(int fd)
{
	struct stat st;

	if (fd < 0 || fcntl(fd, F_GETFD) < 0)
		return -EBADF;
	if (vcpuchar_fd_is_kvm_anon(fd, "kvm-"))
		return 0;
	/* fstat works on O_PATH fds too; only the device number says /dev/kvm. */
	if (fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && major(st.st_rdev) == MISC_MAJOR &&
	    minor(st.st_rdev) == KVM_MINOR)
		return 0;
	return -ENOTTY;
}

int vcpuchar_set_err(char *err, size_t err_size, int code, const char *fmt, ...)
{
	va_list ap;

	if (err && err_size) {
		va_start(ap, fmt);
		vsnprintf(err, err_size, fmt, ap);
		va_end(ap);
	}
	return code;
}
