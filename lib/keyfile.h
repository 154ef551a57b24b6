/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * Private: the host profile's text format, read and written without GLib.
 * The format is GLib's key file (GKeyFile, as profiles were read up to
 * 1.1): [group] lines, key=value lines, # comment lines. The reader is
 * stricter than GKeyFile: a group or a key given twice is refused, naming
 * the line (GKeyFile merged them silently).
 */
#ifndef VCPUCHAR_KEYFILE_H
#define VCPUCHAR_KEYFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct vcpuchar_kf_entry;

/* A parsed key file: spans into the caller's text, which must outlive it. */
struct vcpuchar_kf {
	struct vcpuchar_kf_entry *entries;
	uint32_t *slots; /* open addressing: index + 1 into entries, 0 free */
	size_t n, cap, n_slots;
};

/*
 * Parse @len bytes of @data (no NUL inside). 0, or -EINVAL with "not a
 * key file: ..." or "line N: ... given twice" in @err, -ENOMEM. Free
 * with vcpuchar_kf_free() either way.
 */
int vcpuchar_kf_parse(struct vcpuchar_kf *kf, const char *data, size_t len, char *err, size_t err_size);
void vcpuchar_kf_free(struct vcpuchar_kf *kf);
bool vcpuchar_kf_has_group(const struct vcpuchar_kf *kf, const char *group);
/* The raw value of @key (leading blanks skipped, not unescaped), @len bytes; NULL when absent. */
const char *vcpuchar_kf_value(const struct vcpuchar_kf *kf, const char *group, const char *key, size_t *len);
/* The line (from 1) of @key in @group, or of the [@group] line itself for a NULL @key; 0 when absent. */
uint32_t vcpuchar_kf_line(const struct vcpuchar_kf *kf, const char *group, const char *key);
/*
 * The value as a string, unescaped (\s \n \t \r \\) into @buf of @size
 * bytes: 0, or -EINVAL with the reason in @why (not UTF-8, a bad escape),
 * -ERANGE when it does not fit. @key must be present.
 */
int vcpuchar_kf_string(const char *value, size_t len, char *buf, size_t size, const char **why);

/* RFC 3629 UTF-8: no overlong forms, surrogates or code points past U+10FFFF. */
bool vcpuchar_utf8_valid(const char *s, size_t len);
/* @s without ASCII blanks at either end, in place (g_strstrip()). */
char *vcpuchar_strip(char *s);

/* A key file being written: groups and keys in the order given. */
struct vcpuchar_kf_out {
	char *buf;
	size_t len, cap;
	bool failed; /* out of memory: nothing to write */
};

void vcpuchar_kf_out_comment(struct vcpuchar_kf_out *o, const char *text);
void vcpuchar_kf_out_group(struct vcpuchar_kf_out *o, const char *group);
/* @value as is; vcpuchar_kf_out_string() escapes what a reload would change. */
void vcpuchar_kf_out_value(struct vcpuchar_kf_out *o, const char *key, const char *value);
void vcpuchar_kf_out_string(struct vcpuchar_kf_out *o, const char *key, const char *value);
void vcpuchar_kf_out_bool(struct vcpuchar_kf_out *o, const char *key, bool value);

#endif
