/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * Host profiles: the public load and save, the file handling and [host];
 * each domain reads and writes its own group (lib/ppc/ppc-profile.c,
 * lib/x86/x86-profile.c) with the key readers of lib/profile-keys.c over
 * the key file of lib/keyfile.c.
 * Format: examples/profiles/README.md (installed as /usr/share/doc/libvcpuchar/profiles.md).
 */
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ppc/ppc-internal.h"
#include "profile-keys.h"

static int load_keyfile(const struct vcpuchar_kf *kf, struct vcpuchar_ppc_host *ppc, struct vcpuchar_x86_host *x86,
			char *err, size_t err_size)
{
	struct vcpuchar_ppc_host p;
	struct vcpuchar_x86_host x;
	char arch[sizeof(p.arch)] = "";
	char release[sizeof(p.kernel_release)] = "";
	int r;

	r = vcpuchar_profile_get_str(kf, "host", "arch", arch, sizeof(arch), err, err_size);
	if (r < 0)
		return r;
	r = vcpuchar_profile_get_str(kf, "host", "kernel_release", release, sizeof(release), err, err_size);
	if (r < 0)
		return r;

	/* The [ppc] group: lib/ppc/ppc-profile.c. */
	if (ppc) {
		memset(&p, 0, sizeof(p));
		p.size = sizeof(p);
		memcpy(p.arch, arch, sizeof(arch));
		memcpy(p.kernel_release, release, sizeof(release));
		r = vcpuchar_profile_ppc_read(kf, &p, err, err_size);
		if (r < 0)
			return r;
	}
	/* The [x86] group: lib/x86/x86-profile.c. */
	if (x86) {
		x.size = sizeof(x);
		r = vcpuchar_profile_x86_read(kf, arch, release, &x, err, err_size);
		if (r < 0)
			return r;
	}
	if (ppc)
		VCPUCHAR_OUT_END(ppc, &p);
	if (x86)
		VCPUCHAR_OUT_END(x86, &x);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_profile_load_data(const char *data, size_t len, struct vcpuchar_ppc_host *ppc,
					       struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	struct vcpuchar_kf kf;
	int r;

	return_val_if_fail(data || !len, -EINVAL);
	return_val_if_fail(!ppc || VCPUCHAR_SIZE_OK(ppc), -EINVAL);
	return_val_if_fail(!x86 || VCPUCHAR_SIZE_OK(x86), -EINVAL);
	if (len > VCPUCHAR_PROFILE_MAX)
		return vcpuchar_set_err(err, err_size, -EFBIG,
					"profile is %zu bytes; at most %d are read", len, VCPUCHAR_PROFILE_MAX);
	/* memchr(NULL, 0, 0) is undefined: the empty profile skips it. */
	if (len && memchr(data, '\0', len))
		return vcpuchar_set_err(err, err_size, -EINVAL, "profile contains a NUL byte: not a text key file");
	/* Editors on some systems start UTF-8 text with a byte order mark: skip it. */
	if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3)) {
		data += 3;
		len -= 3;
	}
	/*
	 * The parser refuses a group or a key given twice, naming the line:
	 * GKeyFile, which read profiles up to 1.1, merged the groups or kept
	 * the last value silently.
	 */
	r = vcpuchar_kf_parse(&kf, data, len, err, err_size);
	if (r == -ENOMEM)
		r = vcpuchar_set_err(err, err_size, r, "out of memory reading the profile");
	if (!r)
		r = load_keyfile(&kf, ppc, x86, err, err_size);
	vcpuchar_kf_free(&kf);
	/* "" on success, as every function with a message buffer: a caller may print it either way. */
	if (!r && err && err_size)
		err[0] = '\0';
	return r;
}

/*
 * "PATH: CAUSE" into @err. When @err_size cannot hold both, the path's
 * echo is cut to its last bytes (the file name) after "...", never the
 * cause: a caller's fixed buffer and a long path lost the reason. A cause
 * too long for the buffer on its own is cut after the whole path.
 */
static int path_err(char *err, size_t err_size, int code, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int path_err(char *err, size_t err_size, int code, const char *path, const char *fmt, ...)
{
	char cause[1024];
	size_t plen = strlen(path), clen, room;
	const char *tail;
	va_list ap;

	if (!err || !err_size)
		return code;
	/* The longest cause is a loader message, cut to the caller's buffer already; or it is cut here. */
	va_start(ap, fmt);
	vsnprintf(cause, sizeof(cause), fmt, ap);
	va_end(ap);
	clen = strlen(cause);
	room = err_size - 1;
	if (plen + 2 + clen <= room) {
		snprintf(err, err_size, "%s: %s", path, cause);
	} else if (clen + 2 + 3 < room) {
		/* The path's last bytes that fit, from a character's first byte. */
		tail = path + plen - (room - clen - 2 - 3);
		while ((*tail & 0xc0) == 0x80)
			tail++;
		snprintf(err, err_size, "...%s: %s", tail, cause);
	} else {
		/* A cause longer than the buffer is cut anyway: the file first, whole. */
		snprintf(err, err_size, "%s: %s", path, cause);
	}
	return code;
}

static const char *file_kind(mode_t mode)
{
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISSOCK(mode))
		return "a socket";
	return "a file of another kind";
}

VCPUCHAR_EXPORT int vcpuchar_profile_load(const char *path, struct vcpuchar_ppc_host *ppc,
					  struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	char *data = NULL, eb[128];
	struct stat st;
	int fd, r;
	ssize_t n;
	size_t len = 0, cap;

	return_val_if_fail(path, -EINVAL);
	/* O_NONBLOCK: a FIFO must not block us before the regular-file check. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return path_err(err, err_size, -errno, path, "%s", vcpuchar_strerror(errno, eb, sizeof(eb)));
	/* A failed fstat leaves @st undefined: report its errno, read nothing of @st. */
	if (fstat(fd, &st) < 0) {
		r = -errno;
		close(fd);
		return path_err(err, err_size, r, path, "%s", vcpuchar_strerror(-r, eb, sizeof(eb)));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return path_err(err, err_size, -EISDIR, path, "is a directory");
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return path_err(err, err_size, -EINVAL, path, "is %s; a profile is read only from a regular file",
				file_kind(st.st_mode));
	}
	/*
	 * Read one byte past the limit, so a file that grew is still caught.
	 * The buffer starts at the file's size (a profile is a few hundred
	 * bytes; a fleet loads 100,000 of them) and grows only if it grew.
	 */
	cap = (st.st_size > 0 && st.st_size < VCPUCHAR_PROFILE_MAX ? (size_t)st.st_size : VCPUCHAR_PROFILE_MAX) + 1;
	data = malloc(cap);
	while (data && len <= VCPUCHAR_PROFILE_MAX) {
		if (len == cap) {
			char *bigger = realloc(data, VCPUCHAR_PROFILE_MAX + 1);

			if (!bigger) {
				free(data);
				data = NULL;
				break;
			}
			data = bigger;
			cap = VCPUCHAR_PROFILE_MAX + 1;
		}
		n = read(fd, data + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			r = -errno;
			close(fd);
			free(data);
			return path_err(err, err_size, r, path, "%s", vcpuchar_strerror(-r, eb, sizeof(eb)));
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	if (!data)
		return path_err(err, err_size, -ENOMEM, path, "out of memory reading it");
	if (len > VCPUCHAR_PROFILE_MAX) {
		free(data);
		return path_err(err, err_size, -EFBIG, path, "larger than %d bytes; not a profile",
				VCPUCHAR_PROFILE_MAX);
	}
	r = vcpuchar_profile_load_data(data, len, ppc, x86, err, err_size);
	free(data);
	if (r < 0 && err && err_size) {
		char msg[1024];

		snprintf(msg, sizeof(msg), "%s", err);
		path_err(err, err_size, r, path, "%s", msg);
	}
	return r;
}

/* "an" before an architecture name said with a vowel sound (x86_64, aarch64), else "a" (s390x). */
static const char *article(const char *word)
{
	return word[0] && strchr("aeioux", word[0]) ? "an" : "a";
}

VCPUCHAR_EXPORT int vcpuchar_ppc_profile_load(const char *path, struct vcpuchar_ppc_host *ret, char *err,
					      size_t err_size)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host x86 = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	int r;

	if (!path || !ret)
		return vcpuchar_set_err(err, err_size, -EINVAL, "missing argument");
	if (!VCPUCHAR_SIZE_OK(ret))
		return vcpuchar_set_err(err, err_size, -EINVAL, "the host's size (%u) is not one of struct "
					"vcpuchar_ppc_host's, or its bytes past this library's members are not zero",
					vcpuchar_size_of(ret));
	if ((r = vcpuchar_profile_load(path, &h, &x86, err, err_size)) < 0)
		return r;
	/* lib/ppc.md#probe: KVM_PPC_GET_CPU_CHAR and the caps exist on POWER only. */
	if (!ppc_arch_is_power(h.arch, sizeof(h.arch)))
		return path_err(err, err_size, -EINVAL, path,
				"describes %s %s host (arch=%s in [host]); a POWER host profile is needed",
				article(h.arch), h.arch, h.arch);
	/* Zero masks are an answer ("no information" from the kernel); no group is no answer at all. */
	if (h.error == -ENODATA)
		return path_err(err, err_size, -ENODATA, path,
				"no [ppc] group: there is no POWER information in that file%s; the KVM_PPC_GET_CPU_CHAR "
				"words are needed (/usr/share/doc/libvcpuchar/profiles.md)",
				x86.error[0] != -ENODATA ? " (it is an x86 host profile)" : "");
	VCPUCHAR_OUT_END(ret, &h);
	return 0;
}

static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/*
 * Replaces @path with @data atomically: a temporary file in the same
 * directory, written in full, synced, then renamed over it. An existing
 * file keeps its mode (and owner, where permitted); a symbolic link is
 * followed and its target replaced; anything else that is not a regular
 * file is refused, never replaced. On failure nothing is left behind.
 */
/*
 * A new file next to @target, named .BASE.XXXXXX, created 0666 less the
 * umask as open(2) would create it (mkstemp() makes 0600). The name in
 * @tmp (malloc'd). -errno.
 */
static int create_temp(const char *target, char **tmp)
{
	static const char chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	const char *slash = strrchr(target, '/');
	size_t dlen = slash ? (size_t)(slash - target) + 1 : 0;
	/* DIR/ . BASE .XXXXXX NUL */
	size_t size = dlen + 1 + strlen(target + dlen) + 7 + 1;
	struct timespec ts;
	uint64_t x;
	char *p;

	*tmp = malloc(size);
	if (!*tmp)
		return -ENOMEM;
	snprintf(*tmp, size, "%.*s.%s.XXXXXX", (int)dlen, target, target + dlen);
	p = *tmp + size - 7;
	clock_gettime(CLOCK_REALTIME, &ts);
	x = (uint64_t)ts.tv_nsec ^ (uint64_t)ts.tv_sec << 20 ^ (uint64_t)getpid() << 40 ^ (uintptr_t)*tmp;
	for (int tries = 0; tries < 1000; tries++) {
		int fd;

		for (int i = 0; i < 6; i++) {
			/* xorshift64: names need to differ, not to be secret (O_EXCL does the rest). */
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			p[i] = chars[x % (sizeof(chars) - 1)];
		}
		fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd >= 0 || errno != EEXIST)
			return fd >= 0 ? fd : -errno;
	}
	return -EEXIST;
}

/*
 * Replaces @path with @data atomically: a temporary file in the same
 * directory, written in full, synced, then renamed over it. An existing
 * file keeps its mode (and owner, where permitted); a symbolic link is
 * followed and its target replaced; anything else that is not a regular
 * file is refused, never replaced. On failure nothing is left behind.
 */
static int save_atomic(const char *path, const char *data, size_t len, char *err, size_t err_size)
{
	char *target = NULL, *tmp = NULL, eb[128];
	struct stat st;
	bool exists = false;
	int fd, r;

	if (lstat(path, &st) == 0) {
		exists = true;
		if (S_ISLNK(st.st_mode)) {
			/* Deliberately through the link: replacing the link itself would cut it. */
			target = realpath(path, NULL);
			if (!target || stat(target, &st) < 0) {
				r = -errno;
				free(target);
				return path_err(err, err_size, r, path, "a symbolic link whose target cannot be used: %s",
						vcpuchar_strerror(-r, eb, sizeof(eb)));
			}
		}
		if (S_ISDIR(st.st_mode))
			r = path_err(err, err_size, -EISDIR, path, "is a directory");
		else if (!S_ISREG(st.st_mode))
			r = path_err(err, err_size, -EINVAL, path,
				     "is %s; a profile is saved only as a regular file, never in place of another kind",
				     file_kind(st.st_mode));
		else
			r = 0;
		if (r) {
			free(target);
			return r;
		}
	} else if (errno != ENOENT) {
		r = -errno;
		return path_err(err, err_size, r, path, "%s", vcpuchar_strerror(-r, eb, sizeof(eb)));
	}
	fd = create_temp(target ? target : path, &tmp);
	if (fd < 0) {
		r = fd;
		/* The directory is named only when it is not the path's own (a link's target). */
		if (target && strcmp(target, path)) {
			char *slash = strrchr(target, '/');

			path_err(err, err_size, r, path, "cannot create a temporary file in %.*s, the link "
				 "target's directory: %s", slash == target ? 1 : (int)(slash - target), target,
				 vcpuchar_strerror(-r, eb, sizeof(eb)));
		} else {
			path_err(err, err_size, r, path, "cannot create a temporary file in its directory: %s",
				 vcpuchar_strerror(-r, eb, sizeof(eb)));
		}
		goto out;
	}
	r = 0;
	if (exists) {
		if (fchmod(fd, st.st_mode & 07777) < 0)
			r = -errno;
		/* Keeping the owner needs privilege; without it the file becomes the caller's, as any rewrite. */
		else if (fchown(fd, st.st_uid, st.st_gid) < 0 && errno != EPERM)
			r = -errno;
	}
	if (!r)
		r = write_all(fd, data, len);
	if (!r && fsync(fd) < 0)
		r = -errno;
	/* close(2) can report a deferred write error (NFS): it counts. */
	if (close(fd) < 0 && !r && errno != EINTR)
		r = -errno;
	if (!r && rename(tmp, target ? target : path) < 0)
		r = -errno;
	if (r) {
		unlink(tmp);
		path_err(err, err_size, r, path, "%s (the file is unchanged)", vcpuchar_strerror(-r, eb, sizeof(eb)));
	}
out:
	free(target);
	free(tmp);
	return r;
}

/* A [host] string load would take back: terminated within its array, valid UTF-8. */
static int check_str(const char *what, const char *field, const char *s, size_t size, char *err, size_t err_size)
{
	size_t n = strnlen(s, size);

	if (n == size)
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s %s: not NUL-terminated within its %zu bytes",
					what, field, size);
	if (!vcpuchar_utf8_valid(s, n))
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s %s: not valid UTF-8, which a profile cannot hold",
					what, field);
	/* What vcpuchar_profile_get_str() refuses on load. */
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return vcpuchar_set_err(err, err_size, -EINVAL, "%s %s: a control character (byte %zu), "
						"which a profile does not hold", what, field, i + 1);
	return 0;
}

/* Refuse what vcpuchar_profile_load would reject or misread: facts a caller filled. */
static int check_facts(const struct vcpuchar_ppc_host *ppc, const struct vcpuchar_x86_host *x86, char *err,
		       size_t err_size)
{
	int r;

	if (ppc) {
		if (!ppc_host_ok(ppc))
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"POWER facts: source, valid, power8 or error out of range");
		if ((r = check_str("POWER facts", "arch", ppc->arch, sizeof(ppc->arch), err, err_size)) ||
		    (r = check_str("POWER facts", "kernel_release", ppc->kernel_release, sizeof(ppc->kernel_release),
				   err, err_size)))
			return r;
		/* What the loader checks between the keys it reads back. */
		if (ppc_profile_has_group(ppc) && (r = vcpuchar_profile_ppc_check(ppc, err, err_size)))
			return r;
	}
	if (x86) {
		if (!vcpuchar_x86_host_ok(x86) || x86->vendor > VCPUCHAR_X86_VENDOR_OTHER)
			return vcpuchar_set_err(err, err_size, -EINVAL, "x86 facts: vendor or an error out of range");
		if ((r = check_str("x86 facts", "arch", x86->arch, sizeof(x86->arch), err, err_size)) ||
		    (r = check_str("x86 facts", "kernel_release", x86->kernel_release, sizeof(x86->kernel_release),
				   err, err_size)))
			return r;
	}
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_profile_save(const char *path, const struct vcpuchar_ppc_host *ppc,
					  const struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	struct vcpuchar_ppc_host pbuf;
	struct vcpuchar_x86_host xbuf;
	struct vcpuchar_kf_out out = { 0 };
	const char *arch = NULL, *release = NULL;
	bool with_x86;
	int r;

	return_val_if_fail(path, -EINVAL);
	return_val_if_fail(!ppc || VCPUCHAR_SIZE_OK(ppc), -EINVAL);
	return_val_if_fail(!x86 || VCPUCHAR_SIZE_OK(x86), -EINVAL);
	ppc = VCPUCHAR_IN(ppc, &pbuf);
	x86 = VCPUCHAR_IN(x86, &xbuf);
	/* Never write a profile the loader would then refuse. */
	r = check_facts(ppc, x86, err, err_size);
	if (r)
		return r;

	/*
	 * Facts without a single have bit still get the (empty) [x86] group
	 * unless they say there was none (-ENODATA, as loaded from a file
	 * without it): a reload must tell the two apart as the original did.
	 */
	with_x86 = x86 && (x86->have || x86->error[0] != -ENODATA);
	/* [host] holds what the POWER facts say, else what the x86 facts say. */
	if (ppc && ppc->arch[0])
		arch = ppc->arch;
	else if (with_x86 && x86->arch[0])
		arch = x86->arch;
	if (ppc && ppc->kernel_release[0])
		release = ppc->kernel_release;
	else if (with_x86 && x86->kernel_release[0])
		release = x86->kernel_release;

	vcpuchar_kf_out_comment(&out, " libvcpuchar host profile (keys: /usr/share/doc/libvcpuchar/profiles.md)");
	if (arch || release)
		vcpuchar_kf_out_group(&out, "host");
	if (arch)
		vcpuchar_kf_out_string(&out, "arch", arch);
	if (release)
		vcpuchar_kf_out_string(&out, "kernel_release", release);
	/* The [ppc] group: lib/ppc/ppc-profile.c. */
	if (ppc)
		vcpuchar_profile_ppc_write(&out, ppc);
	/* The [x86] group: lib/x86/x86-profile.c. */
	if (with_x86)
		vcpuchar_profile_x86_write(&out, x86);
	if (out.failed)
		r = vcpuchar_set_err(err, err_size, -ENOMEM, "out of memory writing the profile");
	else
		r = save_atomic(path, out.buf, out.len, err, err_size);
	free(out.buf);
	/* "" on success, as vcpuchar_profile_load(): a caller's buffer keeps no stale message. */
	if (!r && err && err_size)
		err[0] = '\0';
	return r;
}
