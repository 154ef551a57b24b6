/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Host profiles: GKeyFile <-> facts structs (format: examples/profiles/README.md). */
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profile.h"

int vcpuchar_profile_get_str(GKeyFile *kf, const char *group, const char *key, char *buf, size_t size, char *err,
			     size_t err_size)
{
	g_autofree char *v = NULL;

	if (!g_key_file_has_key(kf, group, key, NULL))
		return 1;
	v = g_key_file_get_string(kf, group, key, NULL);
	if (!v)
		return vcpuchar_set_err(err, err_size, -EINVAL, "[%s] %s: value is not valid UTF-8 text",
					group, key);
	if (strlen(v) >= size)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[%s] %s: '%s' is longer than %zu bytes", group, key, v, size - 1);
	memcpy(buf, v, strlen(v) + 1);
	return 0;
}

int vcpuchar_profile_get_u64(GKeyFile *kf, const char *group, const char *key, uint64_t *ret, char *err,
			     size_t err_size)
{
	g_autofree char *v = NULL;
	const char *s;
	guint64 n;
	char *end;
	int base = 10;

	if (!g_key_file_has_key(kf, group, key, NULL))
		return 1;
	v = g_key_file_get_value(kf, group, key, NULL);
	s = v ? g_strstrip(v) : "";
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		s += 2;
		base = 16;
	}
	/* strtoull would take signs, spaces and empty strings: refuse them. */
	if (!g_ascii_isxdigit(s[0]) || (base == 10 && !g_ascii_isdigit(s[0])))
		goto bad;
	errno = 0;
	n = g_ascii_strtoull(s, &end, base);
	if (errno || *end)
		goto bad;
	*ret = n;
	return 0;
bad:
	return vcpuchar_set_err(err, err_size, -EINVAL,
				"[%s] %s: '%s' is not an unsigned 64-bit number (hex 0x... or decimal)",
				group, key, v ? v : "");
}

int vcpuchar_profile_get_bool(GKeyFile *kf, const char *group, const char *key, uint32_t *ret, char *err,
			      size_t err_size)
{
	g_autofree char *v = NULL;
	const char *s;

	if (!g_key_file_has_key(kf, group, key, NULL))
		return 1;
	v = g_key_file_get_value(kf, group, key, NULL);
	s = v ? g_strstrip(v) : "";
	if (!g_ascii_strcasecmp(s, "true") || !strcmp(s, "1"))
		*ret = 1;
	else if (!g_ascii_strcasecmp(s, "false") || !strcmp(s, "0"))
		*ret = 0;
	else
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"[%s] %s: '%s' is not a boolean (true or false)",
					group, key, s);
	return 0;
}

static int read_ppc(GKeyFile *kf, struct vcpuchar_ppc_host *out, char *err, size_t err_size)
{
	static const char *const words[] = {
		"character", "behaviour", "character_mask", "behaviour_mask",
	};
	uint64_t w[4];
	int r;

	out->source = VCPUCHAR_SOURCE_PROFILE;
	if (!g_key_file_has_group(kf, "ppc"))
		return 0;
	for (size_t i = 0; i < G_N_ELEMENTS(words); i++) {
		r = vcpuchar_profile_get_u64(kf, "ppc", words[i], &w[i], err, err_size);
		if (r < 0)
			return r;
		if (r > 0)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[ppc] %s: key missing (the group needs all four KVM_PPC_GET_CPU_CHAR words)",
						words[i]);
	}
	out->character = w[0];
	out->behaviour = w[1];
	out->character_mask = w[2];
	out->behaviour_mask = w[3];
	/* Zero masks are the kernel's "no information", whatever the words say. */
	out->valid = (w[2] | w[3]) != 0;
	r = vcpuchar_profile_get_bool(kf, "ppc", "power8", &out->power8, err, err_size);
	if (r < 0)
		return r;
	{
		uint64_t pvr = 0;

		r = vcpuchar_profile_get_u64(kf, "ppc", "pvr", &pvr, err, err_size);
		if (r < 0)
			return r;
		if (pvr > UINT32_MAX)
			return vcpuchar_set_err(err, err_size, -EINVAL,
						"[ppc] pvr: 0x%" PRIx64 " does not fit in 32 bits", pvr);
		out->pvr = (uint32_t)pvr;
	}
	return 0;
}

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

	if (ppc) {
		memset(&p, 0, sizeof(p));
		p.size = ppc->size;
		memcpy(p.arch, arch, sizeof(arch));
		memcpy(p.kernel_release, release, sizeof(release));
		r = read_ppc(kf, &p, err, err_size);
		if (r < 0)
			return r;
	}
	/* The [x86] group: lib/profile-x86.c. */
	if (x86) {
		x.size = x86->size;
		r = vcpuchar_profile_x86_read(kf, arch, release, &x, err, err_size);
		if (r < 0)
			return r;
	}
	if (ppc)
		memcpy(ppc, &p, sizeof(p));
	if (x86)
		memcpy(x86, &x, sizeof(x));
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_profile_load_data(const char *data, size_t len, struct vcpuchar_ppc_host *ppc,
					       struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	g_autoptr(GKeyFile) kf = NULL;
	g_autoptr(GError) error = NULL;

	return_val_if_fail(data || !len, -EINVAL);
	return_val_if_fail(!ppc || vcpuchar_size_ok(ppc, sizeof(*ppc)), -EINVAL);
	return_val_if_fail(!x86 || vcpuchar_size_ok(x86, sizeof(*x86)), -EINVAL);
	if (len > VCPUCHAR_PROFILE_MAX)
		return vcpuchar_set_err(err, err_size, -EFBIG,
					"profile is %zu bytes; at most %d are read", len, VCPUCHAR_PROFILE_MAX);
	if (memchr(data, '\0', len))
		return vcpuchar_set_err(err, err_size, -EINVAL, "profile contains a NUL byte: not a text key file");
	kf = g_key_file_new();
	if (!g_key_file_load_from_data(kf, data ? data : "", len, G_KEY_FILE_NONE, &error))
		return vcpuchar_set_err(err, err_size, -EINVAL, "not a key file: %s", error->message);
	return load_keyfile(kf, ppc, x86, err, err_size);
}

VCPUCHAR_EXPORT int vcpuchar_profile_load(const char *path, struct vcpuchar_ppc_host *ppc,
					  struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	g_autofree char *data = NULL;
	struct stat st;
	int fd, r;
	ssize_t n;
	size_t len = 0;

	return_val_if_fail(path, -EINVAL);
	/* O_NONBLOCK: a FIFO must not block us before the regular-file check. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return vcpuchar_set_err(err, err_size, -errno, "%s: %s", path, g_strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		r = S_ISDIR(st.st_mode) ? -EISDIR : -EINVAL;
		close(fd);
		return vcpuchar_set_err(err, err_size, r, "%s: not a regular file", path);
	}
	/* Read one byte past the limit, so a file that grew is still caught. */
	data = g_malloc(VCPUCHAR_PROFILE_MAX + 1);
	while (len <= VCPUCHAR_PROFILE_MAX) {
		n = read(fd, data + len, VCPUCHAR_PROFILE_MAX + 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			r = -errno;
			close(fd);
			return vcpuchar_set_err(err, err_size, r, "%s: %s", path, g_strerror(-r));
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	if (len > VCPUCHAR_PROFILE_MAX)
		return vcpuchar_set_err(err, err_size, -EFBIG, "%s: larger than %d bytes; not a profile",
					path, VCPUCHAR_PROFILE_MAX);
	r = vcpuchar_profile_load_data(data, len, ppc, x86, err, err_size);
	if (r < 0 && err && err_size) {
		g_autofree char *msg = g_strdup(err);

		snprintf(err, err_size, "%s: %s", path, msg);
	}
	return r;
}

/* GLib maps errno to GFileError but not back; these are the ones a save meets. */
static int file_error_errno(int code)
{
	switch (code) {
	case G_FILE_ERROR_ACCES: return EACCES;
	case G_FILE_ERROR_PERM: return EPERM;
	case G_FILE_ERROR_NOENT: return ENOENT;
	case G_FILE_ERROR_NOTDIR: return ENOTDIR;
	case G_FILE_ERROR_ISDIR: return EISDIR;
	case G_FILE_ERROR_ROFS: return EROFS;
	case G_FILE_ERROR_NOSPC: return ENOSPC;
	case G_FILE_ERROR_NAMETOOLONG: return ENAMETOOLONG;
	default: return EIO;
	}
}

VCPUCHAR_EXPORT int vcpuchar_profile_save(const char *path, const struct vcpuchar_ppc_host *ppc,
					  const struct vcpuchar_x86_host *x86, char *err, size_t err_size)
{
	g_autoptr(GKeyFile) kf = g_key_file_new();
	g_autoptr(GError) error = NULL;
	g_autofree char *data = NULL;
	char hex[19];
	gsize len;

	return_val_if_fail(path, -EINVAL);
	return_val_if_fail(!ppc || vcpuchar_size_ok(ppc, sizeof(*ppc)), -EINVAL);
	return_val_if_fail(!x86 || vcpuchar_size_ok(x86, sizeof(*x86)), -EINVAL);

	g_key_file_set_comment(kf, NULL, NULL,
			       " libvcpuchar host profile (keys: examples/profiles/README.md in the libvcpuchar sources)", NULL);
	if (ppc && ppc->arch[0])
		g_key_file_set_string(kf, "host", "arch", ppc->arch);
	if (ppc && ppc->kernel_release[0])
		g_key_file_set_string(kf, "host", "kernel_release", ppc->kernel_release);
	/* As everywhere, the masks alone say whether the facts carry information. */
	if (ppc && (ppc->character_mask | ppc->behaviour_mask)) {
		const uint64_t w[] = { ppc->character, ppc->behaviour, ppc->character_mask, ppc->behaviour_mask };
		static const char *const keys[] = {
			"character", "behaviour", "character_mask", "behaviour_mask",
		};

		for (size_t i = 0; i < G_N_ELEMENTS(keys); i++) {
			snprintf(hex, sizeof(hex), "0x%016" PRIx64, w[i]);
			g_key_file_set_value(kf, "ppc", keys[i], hex);
		}
		g_key_file_set_boolean(kf, "ppc", "power8", ppc->power8 != 0);
		if (ppc->pvr) {
			snprintf(hex, sizeof(hex), "0x%08" PRIx32, ppc->pvr);
			g_key_file_set_value(kf, "ppc", "pvr", hex);
		}
	}
	/* The [x86] group: lib/profile-x86.c. */
	if (x86 && x86->have) {
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
	if (!g_file_set_contents(path, data, (gssize)len, &error)) {
		int r = error->domain == G_FILE_ERROR ? -file_error_errno(error->code) : -EIO;

		return vcpuchar_set_err(err, err_size, r, "%s", error->message);
	}
	return 0;
}
