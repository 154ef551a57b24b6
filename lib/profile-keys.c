/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Host profiles: reading one key of a GKeyFile group, for every domain. */
#include "profile-keys.h"

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
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, v, strlen(v), "[%s] %s: '%s' is longer than %zu bytes",
					     group, key, VCPUCHAR_ECHO, size - 1);
	memcpy(buf, v, strlen(v) + 1);
	return 0;
}

int vcpuchar_profile_get_u64(GKeyFile *kf, const char *group, const char *key, int kind, uint64_t *ret,
		    char *err, size_t err_size)
{
	g_autofree char *v = NULL;
	const char *s, *why = "";

	if (!g_key_file_has_key(kf, group, key, NULL))
		return 1;
	v = g_key_file_get_value(kf, group, key, NULL);
	s = v ? g_strstrip(v) : "";
	if (vcpuchar_parse_u64(s, kind, ret, &why) < 0)
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, s, strlen(s),
					     "[%s] %s: '%s' is not an unsigned 64-bit number here: %s (%s)", group, key,
					     VCPUCHAR_ECHO, why,
					kind == VCPUCHAR_NUM_WORD ? "register words and masks: 0x and hex digits"
								  : "numbers: decimal, or 0x and hex digits");
	return 0;
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
	/* Y and N as sysfs prints boolean module parameters (param_get_bool()). */
	if (!g_ascii_strcasecmp(s, "true") || !strcmp(s, "1") || !g_ascii_strcasecmp(s, "y"))
		*ret = 1;
	else if (!g_ascii_strcasecmp(s, "false") || !strcmp(s, "0") || !g_ascii_strcasecmp(s, "n"))
		*ret = 0;
	else
		return vcpuchar_set_err_echo(err, err_size, -EINVAL, s, strlen(s),
					     "[%s] %s: '%s' is not a boolean (true/false, 1/0, or Y/N as sysfs prints)",
					     group, key, VCPUCHAR_ECHO);
	return 0;
}
