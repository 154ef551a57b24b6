/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Host profiles: the public load and save, the file handling and [host];
 * each domain reads and writes its own group (lib/ppc/ppc-profile.c,
 * lib/x86/x86-profile.c) with the key readers of lib/profile-keys.c.
 * Format: examples/profiles/README.md (installed as /usr/share/doc/libvcpuchar/profiles.md).
 */
#include <fcntl.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ppc/ppc-internal.h"
#include "profile-keys.h"

static int load_keyfile(GKeyFile *kf, struct vcpuchar_ppc_host *ppc, struct vcpuchar_x86_host *x86,
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

/*
 * GKeyFile merges a group given twice and keeps the last of a key given
 * twice: a hand-edited profile would then silently say something else than
 * one of its lines. Both are refused, naming the line. Runs on text that
 * GKeyFile has parsed already, so every line is a comment, blank, [group]
 * or key=value.
 */
static int find_repeats(const char *data, size_t len, char *err, size_t err_size)
{
	g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	g_autofree char *group = NULL;
	const char *p = data, *end = data + len;
	unsigned line = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *e = eol ? eol : end;
		g_autofree char *text = NULL;

		line++;
		text = g_strstrip(g_strndup(p, (size_t)(e - p)));
		p = eol ? eol + 1 : end;
		if (!*text || *text == '#')
			continue;
		if (*text == '[') {
			char *close = strrchr(text, ']');
			g_autofree char *key = NULL;

			if (close)
				*close = '\0';
			g_free(group);
			group = g_strdup(text + 1);
			key = g_strdup_printf("[%s]", group);
			if (g_hash_table_contains(seen, key))
				return vcpuchar_set_err(err, err_size, -EINVAL,
							"line %u: group [%s] given twice (the groups would be merged "
							"silently); give each group once", line, group);
			g_hash_table_add(seen, g_steal_pointer(&key));
			continue;
		}
		{
			char *eq = strchr(text, '=');
			g_autofree char *key = NULL;

			if (!eq || !group)
				continue;
			*eq = '\0';
			g_strchomp(text);
			key = g_strdup_printf("%s\n%s", group, text);
			if (g_hash_table_contains(seen, key))
				return vcpuchar_set_err(err, err_size, -EINVAL,
							"line %u: [%s] %s given twice (the last would win silently); "
							"give each key once", line, group, text);
			g_hash_table_add(seen, g_steal_pointer(&key));
		}
	}
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_profile_load_data(const char *data, size_t len, struct vcpuchar_ppc_host *ppc,
					       struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	g_autoptr(GKeyFile) kf = NULL;
	g_autoptr(GError) error = NULL;
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
	kf = g_key_file_new();
	if (!g_key_file_load_from_data(kf, data ? data : "", len, G_KEY_FILE_NONE, &error))
		return vcpuchar_set_err(err, err_size, -EINVAL, "not a key file: %s", error->message);
	if ((r = find_repeats(data ? data : "", len, err, err_size)) < 0)
		return r;
	return load_keyfile(kf, ppc, x86, err, err_size);
}

/*
 * "PATH: CAUSE" into @err. When @err_size cannot hold both, the path's
 * echo is cut to its last bytes (the file name) after "...", never the
 * cause: a caller's fixed buffer and a long path lost the reason. A cause
 * too long for the buffer on its own is cut after the whole path.
 */
static int path_err(char *err, size_t err_size, int code, const char *path, const char *fmt, ...)
	G_GNUC_PRINTF(5, 6);

static int path_err(char *err, size_t err_size, int code, const char *path, const char *fmt, ...)
{
	g_autofree char *cause = NULL;
	size_t plen = strlen(path), clen, room;
	const char *tail;
	va_list ap;

	if (!err || !err_size)
		return code;
	va_start(ap, fmt);
	cause = g_strdup_vprintf(fmt, ap);
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

VCPUCHAR_EXPORT int vcpuchar_profile_load(const char *path, struct vcpuchar_ppc_host *ppc,
					  struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	g_autofree char *data = NULL;
	struct stat st;
	int fd, r;
	ssize_t n;
	size_t len = 0, cap;

	return_val_if_fail(path, -EINVAL);
	/* O_NONBLOCK: a FIFO must not block us before the regular-file check. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return path_err(err, err_size, -errno, path, "%s", g_strerror(errno));
	/* A failed fstat leaves @st undefined: report its errno, read nothing of @st. */
	if (fstat(fd, &st) < 0) {
		r = -errno;
		close(fd);
		return path_err(err, err_size, r, path, "%s", g_strerror(-r));
	}
	if (!S_ISREG(st.st_mode)) {
		r = S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
		close(fd);
		return path_err(err, err_size, r, path, "not a regular file");
	}
	/*
	 * Read one byte past the limit, so a file that grew is still caught.
	 * The buffer starts at the file's size (a profile is a few hundred
	 * bytes; a fleet loads 100,000 of them) and grows only if it grew.
	 */
	cap = (size_t)MIN(st.st_size > 0 ? st.st_size : 0, VCPUCHAR_PROFILE_MAX) + 1;
	data = g_malloc(cap);
	while (len <= VCPUCHAR_PROFILE_MAX) {
		if (len == cap) {
			cap = VCPUCHAR_PROFILE_MAX + 1;
			data = g_realloc(data, cap);
		}
		n = read(fd, data + len, cap - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			r = -errno;
			close(fd);
			return path_err(err, err_size, r, path, "%s", g_strerror(-r));
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	if (len > VCPUCHAR_PROFILE_MAX)
		return path_err(err, err_size, -EFBIG, path, "larger than %d bytes; not a profile",
				VCPUCHAR_PROFILE_MAX);
	r = vcpuchar_profile_load_data(data, len, ppc, x86, err, err_size);
	if (r < 0 && err && err_size) {
		g_autofree char *msg = g_strdup(err);

		path_err(err, err_size, r, path, "%s", msg);
	}
	return r;
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
	return "not a regular file";
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
static int save_atomic(const char *path, const char *data, size_t len, char *err, size_t err_size)
{
	g_autofree char *target = NULL, *dir = NULL, *base = NULL, *tmp = NULL;
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
				return path_err(err, err_size, r, path, "a symbolic link whose target cannot be used: %s",
						g_strerror(-r));
			}
		}
		if (S_ISDIR(st.st_mode))
			return path_err(err, err_size, -EISDIR, path, "is a directory");
		if (!S_ISREG(st.st_mode))
			return path_err(err, err_size, -EINVAL, path,
					"is %s; a profile is saved only as a regular file, never in place of another kind",
					file_kind(st.st_mode));
	} else if (errno != ENOENT) {
		r = -errno;
		return path_err(err, err_size, r, path, "%s", g_strerror(-r));
	}
	if (!target)
		target = g_strdup(path);
	dir = g_path_get_dirname(target);
	base = g_path_get_basename(target);
	tmp = g_strdup_printf("%s/.%s.XXXXXX", dir, base);
	/* 0666 less the umask for a new file, as open(2) would create it. */
	fd = g_mkstemp_full(tmp, O_WRONLY | O_CLOEXEC, 0666);
	if (fd < 0) {
		r = -errno;
		/* The directory is named only when it is not the path's own (a link's target). */
		if (strcmp(target, path))
			return path_err(err, err_size, r, path, "cannot create a temporary file in %s, the link "
					"target's directory: %s", dir, g_strerror(-r));
		return path_err(err, err_size, r, path, "cannot create a temporary file in its directory: %s",
				g_strerror(-r));
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
	if (!r && rename(tmp, target) < 0)
		r = -errno;
	if (r) {
		unlink(tmp);
		return path_err(err, err_size, r, path, "%s (the file is unchanged)", g_strerror(-r));
	}
	return 0;
}

/* A [host] string load would take back: terminated within its array, valid UTF-8. */
static int check_str(const char *what, const char *field, const char *s, size_t size, char *err, size_t err_size)
{
	size_t n = strnlen(s, size);

	if (n == size)
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s %s: not NUL-terminated within its %zu bytes",
					what, field, size);
	if (!g_utf8_validate(s, (gssize)n, NULL))
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s %s: not valid UTF-8, which a profile cannot hold",
					what, field);
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
	g_autoptr(GKeyFile) kf = g_key_file_new();
	g_autofree char *data = NULL;
	gsize len;
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

	g_key_file_set_comment(kf, NULL, NULL,
			       " libvcpuchar host profile (keys: /usr/share/doc/libvcpuchar/profiles.md)", NULL);
	if (ppc && ppc->arch[0])
		g_key_file_set_string(kf, "host", "arch", ppc->arch);
	if (ppc && ppc->kernel_release[0])
		g_key_file_set_string(kf, "host", "kernel_release", ppc->kernel_release);
	/* The [ppc] group: lib/ppc/ppc-profile.c. */
	if (ppc)
		vcpuchar_profile_ppc_write(kf, ppc);
	/*
	 * The [x86] group: lib/x86/x86-profile.c. Facts without a single have bit
	 * still get the (empty) group unless they say there was none
	 * (-ENODATA, as loaded from a file without it): a reload must tell
	 * the two apart as the original did.
	 */
	if (x86 && (x86->have || x86->error[0] != -ENODATA)) {
		if (x86->arch[0] && !g_key_file_has_key(kf, "host", "arch", NULL))
			g_key_file_set_string(kf, "host", "arch", x86->arch);
		if (x86->kernel_release[0] && !g_key_file_has_key(kf, "host", "kernel_release", NULL))
			g_key_file_set_string(kf, "host", "kernel_release", x86->kernel_release);
		vcpuchar_profile_x86_write(kf, x86);
		/*
		 * Facts whose only keys live in [host] (kernel_release) still
		 * need the group: without it a reload means "no x86
		 * information". GKeyFile creates a group only with a key.
		 */
		if (!g_key_file_has_group(kf, "x86")) {
			g_key_file_set_value(kf, "x86", "vendor", "");
			g_key_file_remove_key(kf, "x86", "vendor", NULL);
		}
	}
	data = g_key_file_to_data(kf, &len, NULL);
	return save_atomic(path, data, len, err, err_size);
}
