/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
#include <fcntl.h>
#include <stdarg.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "vcpuchar-private.h"

int vcpuchar_read_bytes(const char *root, const char *rel, char *buf, size_t size)
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
	return (int)len;
}

int vcpuchar_read_text(const char *root, const char *rel, char *buf, size_t size)
{
	int r = vcpuchar_read_bytes(root, rel, buf, size);

	return r < 0 ? r : 0;
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

/* Length of the valid UTF-8 sequence at @s (at most @len bytes), 0 when it is not one. */
static size_t utf8_len(const unsigned char *s, size_t len)
{
	size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : 0;

	if (s[0] >= 0xf5 || n > len)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

size_t vcpuchar_echo(char *out, size_t budget, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t o = 0, i = 0;

	while (i < len) {
		size_t n = u[i] >= 0x20 && u[i] < 0x7f ? 1 : u[i] >= 0x80 ? utf8_len(u + i, len - i) : 0;
		size_t w = n ? n : 4; /* an escaped byte is \xNN */

		/* Room for this piece, and for "..." if more follows. */
		if (o + w + (i + (n ? n : 1) < len ? 3 : 0) > budget) {
			o = o + 3 <= budget ? o : (budget >= 3 ? budget - 3 : 0);
			memcpy(out + o, "...", budget >= 3 ? 3 : 0);
			o += budget >= 3 ? 3 : 0;
			break;
		}
		if (n) {
			memcpy(out + o, s + i, n);
		} else {
			snprintf(out + o, 5, "\\x%02x", u[i]);
			n = 1;
		}
		o += w;
		i += n;
	}
	out[o] = '\0';
	return o;
}

int vcpuchar_set_err_echo(char *err, size_t err_size, int code, const char *value, size_t len, const char *fmt, ...)
{
	char msg[1024], echo[VCPUCHAR_ECHO_MAX + 4];
	const char *mark;
	size_t fixed, budget;
	va_list ap;

	if (!err || !err_size)
		return code;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	mark = strchr(msg, VCPUCHAR_ECHO[0]);
	if (!mark) /* GCOVR_EXCL_LINE: every caller's format holds the mark */
		return vcpuchar_set_err(err, err_size, code, "%s", msg);
	/*
	 * The message's own words first: the echo gets what is left, at most
	 * VCPUCHAR_ECHO_MAX bytes and "...". When the words do not fit whole
	 * anyway, the echo keeps its first bytes (up to a quarter of the
	 * buffer): the item is then named, and the words are cut at their end.
	 */
	fixed = strlen(msg) - 1;
	budget = err_size - 1 > fixed ? err_size - 1 - fixed : (err_size - 1) / 4;
	vcpuchar_echo(echo, budget < VCPUCHAR_ECHO_MAX + 3 ? budget : VCPUCHAR_ECHO_MAX + 3, value, len);
	snprintf(err, err_size, "%.*s%s%s", (int)(mark - msg), msg, echo, mark + 1);
	return code;
}

int vcpuchar_parse_u64(const char *s, int kind, uint64_t *ret, const char **why)
{
	return vcpuchar_parse_u64n(s, strlen(s), kind, ret, why);
}

int vcpuchar_parse_u64n(const char *s, size_t len, int kind, uint64_t *ret, const char **why)
{
	uint64_t v = 0;
	size_t n = 0;

	if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		size_t sig = 0;

		/* Only hex digits follow: a second "0x" is refused, not skipped as strtoull would. */
		for (s += 2, len -= 2; n < len; n++) {
			char c = s[n];
			unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') :
				     c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) :
				     c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;

			if (d == 16) {
				*why = "after 0x only hex digits may follow";
				return -EINVAL;
			}
			/* Leading zeros are harmless; 17 significant digits are not. */
			if ((sig || d) && ++sig > 16) {
				*why = "more than 16 significant hex digits: it does not fit in 64 bits";
				return -EINVAL;
			}
			v = v << 4 | d;
		}
		if (!n) {
			*why = "0x without digits";
			return -EINVAL;
		}
		*ret = v;
		return 0;
	}
	for (; n < len; n++) {
		char c = s[n];

		if (c < '0' || c > '9') {
			*why = (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ? "hex needs the 0x prefix" :
										"not an unsigned number";
			return -EINVAL;
		}
		/* UINT64_MAX is 18446744073709551615. */
		if (v > (UINT64_MAX - (uint64_t)(c - '0')) / 10) {
			*why = "does not fit in 64 bits";
			return -EINVAL;
		}
		v = v * 10 + (uint64_t)(c - '0');
	}
	if (!n) {
		*why = "empty";
		return -EINVAL;
	}
	/* Digits without 0x read differently as hex and as decimal, except one digit. */
	if (kind == VCPUCHAR_NUM_WORD && n > 1) {
		*why = "a register word or mask needs 0x: without it the digits would read differently as hex and "
		       "as decimal";
		return -EINVAL;
	}
	*ret = v;
	return 0;
}

/* Which strerror_r() this libc has, told by its return type (lib/vcpuchar-private.h). */
static const char *strerror_posix(int r, char *buf, size_t size, int errnum)
{
	if (r)
		snprintf(buf, size, "error %d", errnum);
	return buf;
}

static const char *strerror_gnu(const char *r, char *buf, size_t size, int errnum)
{
	return r;
}

const char *vcpuchar_strerror(int errnum, char *buf, size_t size)
{
	return _Generic(strerror_r(0, buf, 0), int: strerror_posix, default: strerror_gnu)(
		strerror_r(errnum, buf, size), buf, size, errnum);
}
