/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * The host profile's text format (lib/keyfile.h): GLib's key file syntax
 * (glib/gkeyfile.c, g_key_file_parse_line() and its callers, GLib 2.74),
 * read into a hash of spans over the caller's text and written in the
 * layout g_key_file_to_data() gave, so that files saved before and after
 * 1.2 are the same bytes.
 */
#include <stdio.h>
#include <stdlib.h>

#include "keyfile.h"
#include "vcpuchar-private.h"

struct vcpuchar_kf_entry {
	const char *group, *key, *value; /* key NULL: the group's own entry */
	uint32_t group_len, key_len, value_len, line;
};

static bool is_space(char c)
{
	/* g_ascii_isspace() */
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_cntrl(char c)
{
	return (unsigned char)c < 0x20 || c == 0x7f;
}

bool vcpuchar_utf8_valid(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;

	while (p < end) {
		unsigned char c = *p++;
		uint32_t cp, min;
		int more;

		if (c < 0x80)
			continue;
		if ((c & 0xe0) == 0xc0) {
			cp = c & 0x1f, more = 1, min = 0x80;
		} else if ((c & 0xf0) == 0xe0) {
			cp = c & 0x0f, more = 2, min = 0x800;
		} else if ((c & 0xf8) == 0xf0) {
			cp = c & 0x07, more = 3, min = 0x10000;
		} else {
			return false;
		}
		if (end - p < more)
			return false;
		while (more--) {
			if ((*p & 0xc0) != 0x80)
				return false;
			cp = cp << 6 | (*p++ & 0x3f);
		}
		/* Overlong forms, UTF-16 surrogates and past U+10FFFF are not UTF-8 (RFC 3629). */
		if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
			return false;
	}
	return true;
}

char *vcpuchar_strip(char *s)
{
	size_t len = strlen(s), start = 0;

	while (start < len && is_space(s[start]))
		start++;
	while (len > start && is_space(s[len - 1]))
		len--;
	memmove(s, s + start, len - start);
	s[len - start] = '\0';
	return s;
}

static uint32_t hash(const char *g, size_t glen, const char *k, size_t klen)
{
	/* FNV-1a; the group's entry (no key) hashes differently from any key's. */
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < glen; i++)
		h = (h ^ (unsigned char)g[i]) * 16777619u;
	h = (h ^ (k ? 0xffu : 0xfeu)) * 16777619u;
	for (size_t i = 0; k && i < klen; i++)
		h = (h ^ (unsigned char)k[i]) * 16777619u;
	return h;
}

static bool span_eq(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && !memcmp(a, b, alen);
}

/* The entry of (@g, @k), @k NULL for the group itself; NULL when absent. */
static struct vcpuchar_kf_entry *find(const struct vcpuchar_kf *kf, const char *g, size_t glen, const char *k,
				      size_t klen)
{
	size_t mask = kf->n_slots - 1;

	if (!kf->n_slots)
		return NULL;
	for (size_t i = hash(g, glen, k, klen) & mask;; i = (i + 1) & mask) {
		struct vcpuchar_kf_entry *e;

		if (!kf->slots[i])
			return NULL;
		e = &kf->entries[kf->slots[i] - 1];
		if (span_eq(e->group, e->group_len, g, glen) && !e->key == !k &&
		    (!k || span_eq(e->key, e->key_len, k, klen)))
			return e;
	}
}

static void place(struct vcpuchar_kf *kf, size_t idx)
{
	const struct vcpuchar_kf_entry *e = &kf->entries[idx];
	size_t mask = kf->n_slots - 1, i = hash(e->group, e->group_len, e->key, e->key_len) & mask;

	while (kf->slots[i])
		i = (i + 1) & mask;
	kf->slots[i] = (uint32_t)idx + 1;
}

/* Room for one more entry, the table at most half full. */
static int grow(struct vcpuchar_kf *kf)
{
	struct vcpuchar_kf_entry *entries;
	size_t cap;

	if (kf->n < kf->cap)
		return 0;
	cap = kf->cap ? kf->cap * 2 : 32;
	entries = realloc(kf->entries, cap * sizeof(*entries));
	if (!entries)
		return -ENOMEM;
	kf->entries = entries;
	kf->cap = cap;
	free(kf->slots);
	kf->n_slots = cap * 2;
	kf->slots = calloc(kf->n_slots, sizeof(*kf->slots));
	if (!kf->slots) {
		kf->n_slots = 0;
		return -ENOMEM;
	}
	for (size_t i = 0; i < kf->n; i++)
		place(kf, i);
	return 0;
}

/* g_key_file_is_key_name(), with ASCII locales only in key[locale]. */
static bool key_name_ok(const char *k, size_t len)
{
	size_t i = 0;

	while (i < len && k[i] != '=' && k[i] != '[' && k[i] != ']')
		i++;
	if (!i || k[0] == ' ' || k[i - 1] == ' ')
		return false;
	if (i < len && k[i] == '[') {
		for (i++; i < len && k[i] != ']'; i++)
			if (!(k[i] >= 'a' && k[i] <= 'z') && !(k[i] >= 'A' && k[i] <= 'Z') &&
			    !(k[i] >= '0' && k[i] <= '9') && !strchr("-_.@", k[i]))
				return false;
		if (i == len)
			return false;
		i++;
	}
	return i == len;
}

/* A line that is none of comment, group or key=value; quoted when it is text. */
static int bad_line(const char *p, size_t len, unsigned line, char *err, size_t err_size)
{
	if (!vcpuchar_utf8_valid(p, len))
		return vcpuchar_set_err(err, err_size, -EINVAL, "not a key file: line %u is not UTF-8 text", line);
	/* The line is echoed with its control bytes escaped ("\x1b"): a caller prints this message. */
	return vcpuchar_set_err_echo(err, err_size, -EINVAL, p, len,
				     "not a key file: line %u: \u201c%s\u201d is not a key-value pair, group, or comment",
				     line, VCPUCHAR_ECHO);
}

struct parse_state {
	const char *group; /* the current group, NULL before the first */
	size_t group_len;
	const char *first_group; /* GKeyFile's start group: where Encoding= is checked */
	size_t first_len;
	size_t repeat; /* the first repeated group or key: its entry's index + 1 (entries move as they grow) */
	unsigned repeat_line;
};

static int add(struct vcpuchar_kf *kf, struct parse_state *st, const struct vcpuchar_kf_entry *e)
{
	const struct vcpuchar_kf_entry *old = find(kf, e->group, e->group_len, e->key, e->key_len);
	int r;

	if (old) {
		/* Reported after the whole text parsed, as a syntax error wins. */
		if (!st->repeat) {
			st->repeat = (size_t)(old - kf->entries) + 1;
			st->repeat_line = e->line;
		}
		return 0;
	}
	if ((r = grow(kf)) < 0)
		return r;
	kf->entries[kf->n] = *e;
	place(kf, kf->n++);
	return 0;
}

static int parse_line(struct vcpuchar_kf *kf, struct parse_state *st, const char *line, const char *end,
		      unsigned no, char *err, size_t err_size)
{
	struct vcpuchar_kf_entry e = { .line = no };
	const char *s = line, *close, *eq, *k_end;

	while (s < end && is_space(*s))
		s++;
	if (s == end || *s == '#')
		return 0;
	close = *s == '[' ? memchr(s, ']', (size_t)(end - s)) : NULL;
	if (close) {
		const char *t = close + 1;

		while (t < end && (*t == ' ' || *t == '\t'))
			t++;
		if (t == end) {
			for (const char *c = s + 1; c < close; c++)
				if (*c == '[' || is_cntrl(*c))
					close = NULL;
			if (!close || close == s + 1 || !vcpuchar_utf8_valid(s + 1, (size_t)(close - s - 1))) {
				/* The name may hold control bytes: quoted only when it is printable text. */
				return vcpuchar_set_err(err, err_size, -EINVAL,
							"not a key file: line %u: invalid group name", no);
			}
			st->group = s + 1;
			st->group_len = (size_t)(close - s - 1);
			if (!st->first_group) {
				st->first_group = st->group;
				st->first_len = st->group_len;
			}
			e.group = st->group;
			e.group_len = (uint32_t)st->group_len;
			return add(kf, st, &e);
		}
	}
	eq = memchr(s, '=', (size_t)(end - s));
	if (!eq || eq == s)
		return bad_line(line, (size_t)(end - line), no, err, err_size);
	if (!st->group)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"not a key file: line %u: Key file does not start with a group", no);
	k_end = eq;
	while (k_end > s && is_space(k_end[-1]))
		k_end--;
	if (!key_name_ok(s, (size_t)(k_end - s)) || !vcpuchar_utf8_valid(s, (size_t)(k_end - s)))
		return vcpuchar_set_err(err, err_size, -EINVAL, "not a key file: line %u: invalid key name", no);
	e.group = st->group;
	e.group_len = (uint32_t)st->group_len;
	e.key = s;
	e.key_len = (uint32_t)(k_end - s);
	for (e.value = eq + 1; e.value < end && is_space(*e.value); e.value++)
		;
	e.value_len = (uint32_t)(end - e.value);
	/* GKeyFile reads only UTF-8 and says so at Encoding= of the first group. */
	if (span_eq(e.key, e.key_len, "Encoding", 8) && span_eq(st->group, st->group_len, st->first_group, st->first_len) &&
	    !(e.value_len == 5 && vcpuchar_ascii_ncaseeq(e.value, "UTF-8", 5)))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"not a key file: line %u: unsupported encoding (only UTF-8)", no);
	return add(kf, st, &e);
}

int vcpuchar_kf_parse(struct vcpuchar_kf *kf, const char *data, size_t len, char *err, size_t err_size)
{
	struct parse_state st = { 0 };
	const struct vcpuchar_kf_entry *rep;
	const char *p = data, *end = data + len;
	char group[VCPUCHAR_ECHO_MAX + 8], key[VCPUCHAR_ECHO_MAX + 8];
	unsigned no = 0;
	int r;

	memset(kf, 0, sizeof(*kf));
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *e = eol ? eol : end;

		/* CR LF line ends as GKeyFile reads them. */
		if (eol && e > p && e[-1] == '\r')
			e--;
		r = parse_line(kf, &st, p, e, ++no, err, err_size);
		if (r < 0)
			return r;
		p = eol ? eol + 1 : end;
	}
	if (!st.repeat)
		return 0;
	rep = &kf->entries[st.repeat - 1];
	/* Names echoed with their control bytes escaped, as every echo of the file's text. */
	vcpuchar_echo(group, sizeof(group) - 1, rep->group, rep->group_len);
	if (!rep->key)
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"line %u: group [%s] given twice (the groups would be merged "
					"silently); give each group once",
					st.repeat_line, group);
	vcpuchar_echo(key, sizeof(key) - 1, rep->key, rep->key_len);
	return vcpuchar_set_err(err, err_size, -EINVAL,
				"line %u: [%s] %s given twice (the last would win silently); "
				"give each key once",
				st.repeat_line, group, key);
}

void vcpuchar_kf_free(struct vcpuchar_kf *kf)
{
	free(kf->entries);
	free(kf->slots);
	memset(kf, 0, sizeof(*kf));
}

bool vcpuchar_kf_has_group(const struct vcpuchar_kf *kf, const char *group)
{
	return find(kf, group, strlen(group), NULL, 0) != NULL;
}

const char *vcpuchar_kf_value(const struct vcpuchar_kf *kf, const char *group, const char *key, size_t *len)
{
	const struct vcpuchar_kf_entry *e = find(kf, group, strlen(group), key, strlen(key));

	if (!e)
		return NULL;
	*len = e->value_len;
	return e->value;
}

uint32_t vcpuchar_kf_line(const struct vcpuchar_kf *kf, const char *group, const char *key)
{
	const struct vcpuchar_kf_entry *e = find(kf, group, strlen(group), key, key ? strlen(key) : 0);

	return e ? e->line : 0;
}

int vcpuchar_kf_string(const char *value, size_t len, char *buf, size_t size, const char **why)
{
	size_t n = 0;

	if (!vcpuchar_utf8_valid(value, len)) {
		*why = "value is not valid UTF-8 text";
		return -EINVAL;
	}
	/* The escapes of g_key_file_get_string(). */
	for (size_t i = 0; i < len; i++) {
		char c = value[i];

		if (c == '\\') {
			const char *at = i + 1 < len ? strchr("s n t r \\", value[i + 1]) : NULL;

			if (!at || *at == ' ') {
				*why = "value has an invalid escape sequence (only \\s \\n \\t \\r \\\\)";
				return -EINVAL;
			}
			c = " \n\t\r\\"[(at - "s n t r \\") / 2];
			i++;
		}
		if (n + 1 >= size)
			return -ERANGE;
		buf[n++] = c;
	}
	buf[n] = '\0';
	return 0;
}

static void put(struct vcpuchar_kf_out *o, const char *s, size_t len)
{
	if (o->failed)
		return;
	if (o->len + len + 1 > o->cap) {
		size_t cap = (o->len + len + 1) * 2;
		char *b = realloc(o->buf, cap);

		if (!b) {
			o->failed = true;
			return;
		}
		o->buf = b;
		o->cap = cap;
	}
	memcpy(o->buf + o->len, s, len);
	o->len += len;
	o->buf[o->len] = '\0';
}

static void puts_(struct vcpuchar_kf_out *o, const char *s)
{
	put(o, s, strlen(s));
}

void vcpuchar_kf_out_comment(struct vcpuchar_kf_out *o, const char *text)
{
	puts_(o, "#");
	puts_(o, text);
	puts_(o, "\n");
}

void vcpuchar_kf_out_group(struct vcpuchar_kf_out *o, const char *group)
{
	/* g_key_file_to_data(): groups apart by an empty line. */
	if (o->len >= 2 && o->buf[o->len - 2] != '\n')
		puts_(o, "\n");
	puts_(o, "[");
	puts_(o, group);
	puts_(o, "]\n");
}

void vcpuchar_kf_out_value(struct vcpuchar_kf_out *o, const char *key, const char *value)
{
	puts_(o, key);
	puts_(o, "=");
	puts_(o, value);
	puts_(o, "\n");
}

void vcpuchar_kf_out_string(struct vcpuchar_kf_out *o, const char *key, const char *value)
{
	/* g_key_file_set_string(): leading blanks, line ends and backslashes escaped. */
	bool leading = true;

	puts_(o, key);
	puts_(o, "=");
	for (const char *p = value; *p; p++) {
		if ((*p == ' ' || *p == '\t') && leading)
			puts_(o, *p == ' ' ? "\\s" : "\\t");
		else if (*p == '\n' || *p == '\r' || *p == '\\')
			puts_(o, *p == '\n' ? "\\n" : *p == '\r' ? "\\r" : "\\\\");
		else {
			put(o, p, 1);
			leading = false;
		}
	}
	puts_(o, "\n");
}

void vcpuchar_kf_out_bool(struct vcpuchar_kf_out *o, const char *key, bool value)
{
	vcpuchar_kf_out_value(o, key, value ? "true" : "false");
}
