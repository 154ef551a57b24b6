/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Host profiles: reading one key of a group (lib/keyfile.h), for every domain. */
#include "profile-keys.h"

int vcpuchar_profile_get_str(const struct vcpuchar_kf *kf, const char *group, const char *key, char *buf, size_t size,
			     char *err, size_t err_size)
{
	const char *why = "";
	size_t len;
	const char *v = vcpuchar_kf_value(kf, group, key, &len);
	int r;

	if (!v)
		return 1;
	r = vcpuchar_kf_string(v, len, buf, size, &why);
	if (r == -ERANGE)
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, v, len, "[%s] %s: '%s' is longer than %zu bytes",
					     group, key, VCPUCHAR_ECHO, size - 1);
	if (r < 0)
		return vcpuchar_set_err(err, err_size, -EINVAL, "[%s] %s: %s", group, key, why);
	/* A host's name for itself has no control bytes; in a caller's log or terminal they would act. */
	for (const char *c = buf; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return vcpuchar_set_err_echo(err, err_size, -EINVAL, buf, strlen(buf),
						     "[%s] %s: '%s' holds a control character (byte %u)", group, key,
						     VCPUCHAR_ECHO, (unsigned)(c - buf) + 1);
	return 0;
}

/* The value without blanks at either end (g_strstrip()), @len bytes; NULL when absent. */
static const char *stripped(const struct vcpuchar_kf *kf, const char *group, const char *key, size_t *len)
{
	const char *v = vcpuchar_kf_value(kf, group, key, len);

	while (v && *len && strchr(" \t\n\r\f\v", v[*len - 1]))
		(*len)--;
	return v;
}

int vcpuchar_profile_get_u64(const struct vcpuchar_kf *kf, const char *group, const char *key, int kind, uint64_t *ret,
			     char *err, size_t err_size)
{
	const char *why = "";
	size_t len;
	const char *s = stripped(kf, group, key, &len);

	if (!s)
		return 1;
	if (vcpuchar_parse_u64n(s, len, kind, ret, &why) < 0)
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, s, len,
					     "[%s] %s: '%s' is not an unsigned 64-bit number here: %s (%s)", group, key,
					     VCPUCHAR_ECHO, why,
					kind == VCPUCHAR_NUM_WORD ? "register words and masks: 0x and hex digits"
								  : "numbers: decimal, or 0x and hex digits");
	return 0;
}

static bool is(const char *s, size_t len, const char *word)
{
	return len == strlen(word) && vcpuchar_ascii_ncaseeq(s, word, len);
}

int vcpuchar_profile_get_bool(const struct vcpuchar_kf *kf, const char *group, const char *key, uint32_t *ret,
			      char *err, size_t err_size)
{
	size_t len;
	const char *s = stripped(kf, group, key, &len);

	if (!s)
		return 1;
	/* Y and N as sysfs prints boolean module parameters (param_get_bool()). */
	if (is(s, len, "true") || is(s, len, "1") || is(s, len, "y"))
		*ret = 1;
	else if (is(s, len, "false") || is(s, len, "0") || is(s, len, "n"))
		*ret = 0;
	else
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, s, len,
					     "[%s] %s: '%s' is not a boolean (true/false, 1/0, or Y/N as sysfs prints)",
					     group, key, VCPUCHAR_ECHO);
	return 0;
}
