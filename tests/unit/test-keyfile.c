/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The profile's key file reader and writer (lib/keyfile.c) against GLib's
 * GKeyFile, which read profiles up to 1.1: the same text is accepted or
 * refused alike, and gives the same groups, values and strings, over
 * generated files of every kind of line. Where the library is stricter by
 * design (a group or key given twice, names that are not UTF-8, a string
 * with an invalid escape), the difference is asserted as such.
 */
#include "keyfile.h"
#include "test-common.h"

/* Lines of every kind GKeyFile tells apart (glib/gkeyfile.c g_key_file_parse_line()). */
static const char *const lines[] = {
	"[ppc]", "[x86]", "[host]", "  [ppc]", "[ppc] \t", "[ g ]", "[]", "[a[b]", "[ppc] x", "[ppc", "[a\tb]",
	"[caf\xc3\xa9]", "a=1", " a = 1 ", "a b=2", "=x", "a", "a[C]=1", "a]=1", "k\t=v", "k=  v  ", "k=",
	"Encoding=UTF-8", "Encoding=utf-8", "Encoding=latin1", "s=\\s x\\n\\t\\r\\\\y", "s=bad\\q", "s=end\\",
	"s=\xff", "s=caf\xc3\xa9", " # comment", "#", "", "   ", "\t", "a =", "k=v=w", "[x86]#", "s= \\s",
};
static const char *const groups[] = { "ppc", "x86", "host", " g ", "a[b", "caf\xc3\xa9" };
static const char *const keys[] = { "a", "a b", "k", "Encoding", "s", "a[C]" };

static bool stricter_by_design(const char *err)
{
	return strstr(err, "given twice") != NULL;
}

static void compare(const char *text, size_t len)
{
	g_autoptr(GKeyFile) gkf = g_key_file_new();
	struct vcpuchar_kf kf;
	char err[512] = "";
	bool glib_ok = g_key_file_load_from_data(gkf, text, len, G_KEY_FILE_NONE, NULL);
	int r = vcpuchar_kf_parse(&kf, text, len, err, sizeof(err));

	if (r < 0 && glib_ok) {
		ck_assert_msg(stricter_by_design(err), "refused what GKeyFile reads: '%s': %s", text, err);
		vcpuchar_kf_free(&kf);
		return;
	}
	ck_assert_msg((r == 0) == glib_ok, "'%s': library %d (%s), GKeyFile %d", text, r, err, glib_ok);
	if (r == 0) {
		for (size_t g = 0; g < G_N_ELEMENTS(groups); g++) {
			ck_assert_msg(vcpuchar_kf_has_group(&kf, groups[g]) == g_key_file_has_group(gkf, groups[g]),
				      "'%s': group [%s]", text, groups[g]);
			for (size_t k = 0; k < G_N_ELEMENTS(keys); k++) {
				g_autofree char *gv = g_key_file_get_value(gkf, groups[g], keys[k], NULL);
				g_autoptr(GError) gerr = NULL;
				g_autofree char *gs = g_key_file_get_string(gkf, groups[g], keys[k], &gerr);
				char buf[256], *why = NULL;
				size_t vlen;
				const char *v = vcpuchar_kf_value(&kf, groups[g], keys[k], &vlen);

				ck_assert_msg(!v == !gv, "'%s': [%s] %s present %d, GKeyFile %d", text, groups[g], keys[k],
					      !!v, !!gv);
				if (!v)
					continue;
				ck_assert_msg(vlen == strlen(gv) && !memcmp(v, gv, vlen), "'%s': [%s] %s: '%.*s', GKeyFile '%s'",
					      text, groups[g], keys[k], (int)vlen, v, gv);
				r = vcpuchar_kf_string(v, vlen, buf, sizeof(buf), (const char **)&why);
				/*
				 * GKeyFile returns a value with a bad escape (kept, or a
				 * last backslash dropped) and an error beside it, which
				 * profiles up to 1.1 ignored: the library refuses it.
				 */
				if (gs && gerr) {
					ck_assert_msg(r == -EINVAL && strstr(why, "escape"), "'%s': [%s] %s: bad escape read", text,
						      groups[g], keys[k]);
					continue;
				}
				ck_assert_msg((r == 0) == (gs != NULL), "'%s': [%s] %s as a string: %d, GKeyFile %s", text,
					      groups[g], keys[k], r, gs ? gs : "(error)");
				if (gs)
					ck_assert_str_eq(buf, gs);
			}
		}
	}
	vcpuchar_kf_free(&kf);
}

START_TEST(same_as_gkeyfile)
{
	uint32_t x = 2463534242u;
	/* Under valgrind a tenth: the same kinds of line, 90 s less of the tier. */
	unsigned n_files = g_getenv("VCPUCHAR_UNDER_VALGRIND") ? 3000 : 30000;

	for (unsigned i = 0; i < n_files; i++) {
		g_autoptr(GString) s = g_string_new(NULL);
		unsigned n = 1 + i % 6;

		for (unsigned l = 0; l < n; l++) {
			x ^= x << 13;
			x ^= x >> 17;
			x ^= x << 5;
			g_string_append(s, lines[x % G_N_ELEMENTS(lines)]);
			/* LF, CR LF, or none after the last line. */
			if (l + 1 < n || x & 0x100)
				g_string_append(s, x & 0x200 ? "\r\n" : "\n");
		}
		compare(s->str, s->len);
	}
}
END_TEST

/* Edge cases of key names, blanks and Encoding=, each against GKeyFile. */
START_TEST(edges_as_gkeyfile)
{
	static const char *const texts[] = {
		"[g]\na[de_DE.UTF-8@euro]=1\n", "[g]\na[x y]=1\n", "[g]\na[C=1\n", "[g]\na[C]x=1\n", "[g]\na[]=1\n",
		"[g]\n a b =1\n", "\f[ppc]\v\n\fk\v=\fv\n", "[g]\nk]=1\n", "[g]\n]k=1\n", "[g]\nEncoding=UTF-8x\n",
		"[g]\nEncoding=utf-8\n", "[a]\n[b]\nEncoding=latin1\n", "[g]\ns=\\ x\n", "[g]\ns=\xc3\x28\n",
		"[g]\ns=\xe2\x82\n", "[g]\na\tb=1\n", "[g]\nk==\n", "[g]\r\nk=v\r\n",
	};

	for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
		compare(texts[i], strlen(texts[i]));
}
END_TEST

static void refused(const char *text, const char *needle)
{
	struct vcpuchar_kf kf;
	char err[256] = "";

	ck_assert_int_eq(vcpuchar_kf_parse(&kf, text, strlen(text), err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, needle), "'%s': message '%s' lacks '%s'", text, err, needle);
	vcpuchar_kf_free(&kf);
}

/* Each refusal names its line; the text of a line is quoted only when it is UTF-8. */
START_TEST(messages)
{
	refused("[ppc]\n\nnot a line\n", "not a key file: line 3: \u201cnot a line\u201d is not a key-value pair");
	refused("# c\nk=v\n", "line 2: Key file does not start with a group");
	refused("[ppc]\n[a\x01]\n", "line 2: invalid group name");
	refused("[ppc]\na]=1\n", "line 2: invalid key name");
	refused("[ppc]\n\xff\xfe\n", "line 2 is not UTF-8 text");
	refused("[ppc]\nEncoding=latin1\n", "line 2: unsupported encoding");
	refused("[ppc]\nk=1\n[x86]\n[ppc]\n", "line 4: group [ppc] given twice");
	refused("[ppc]\nk=1\nk =2\n", "line 3: [ppc] k given twice");
	/* A syntax error anywhere wins over a repeat before it (GKeyFile read the whole file first). */
	refused("[ppc]\n[ppc]\nbad\n", "line 3:");
	/* Names GKeyFile would take as bytes: the library wants UTF-8. */
	refused("[\xff]\n", "invalid group name");
	refused("[ppc]\n\xff=1\n", "invalid key name");
}
END_TEST

/* A repeat found early is still named after the entry table has grown (and moved) past it. */
START_TEST(repeat_after_growth)
{
	g_autoptr(GString) s = g_string_new("[ppc]\nk=1\nk=2\n");

	for (unsigned i = 0; i < 200; i++)
		g_string_append_printf(s, "k%u=%u\n", i, i);
	refused(s->str, "line 3: [ppc] k given twice");
}
END_TEST

START_TEST(strings)
{
	char buf[8];
	const char *why = "";

	ck_assert_int_eq(vcpuchar_kf_string("\\s a\\t", 6, buf, sizeof(buf), &why), 0);
	ck_assert_str_eq(buf, "  a\t");
	ck_assert_int_eq(vcpuchar_kf_string("12345678", 8, buf, sizeof(buf), &why), -ERANGE);
	ck_assert_int_eq(vcpuchar_kf_string("a\\x", 3, buf, sizeof(buf), &why), -EINVAL);
	ck_assert(strstr(why, "invalid escape"));
	ck_assert_int_eq(vcpuchar_kf_string("a\\", 2, buf, sizeof(buf), &why), -EINVAL);
	ck_assert_int_eq(vcpuchar_kf_string("\xc0\x80", 2, buf, sizeof(buf), &why), -EINVAL);
	ck_assert(strstr(why, "UTF-8"));
}
END_TEST

/* RFC 3629: what g_utf8_validate() refuses, the library refuses. */
START_TEST(utf8)
{
	static const char *const bad[] = { "\x80", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
					   "\xf8\x88\x80\x80\x80", "\xc3", "\xe2\x82" };
	static const char *const good[] = { "a", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf" };

	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++)
		ck_assert_msg(!vcpuchar_utf8_valid(bad[i], strlen(bad[i])) && !g_utf8_validate(bad[i], -1, NULL), "bad %zu", i);
	for (size_t i = 0; i < G_N_ELEMENTS(good); i++)
		ck_assert_msg(vcpuchar_utf8_valid(good[i], strlen(good[i])) && g_utf8_validate(good[i], -1, NULL), "good %zu", i);
}
END_TEST

/* The writer gives g_key_file_to_data()'s bytes for the same calls. */
START_TEST(writer_as_gkeyfile)
{
	static const char *const values[] = { "plain", "  lead", "\tx", "a\nb", "c\\d", "e\rf", "trail  ", "" };
	g_autoptr(GKeyFile) gkf = g_key_file_new();
	struct vcpuchar_kf_out o = { 0 };
	g_autofree char *want = NULL;

	/* A group first, with no comment before it: no empty line either. */
	{
		g_autoptr(GKeyFile) g1 = g_key_file_new();
		struct vcpuchar_kf_out o1 = { 0 };
		g_autofree char *w1 = NULL;

		g_key_file_set_value(g1, "x86", "k", "v");
		vcpuchar_kf_out_group(&o1, "x86");
		vcpuchar_kf_out_value(&o1, "k", "v");
		w1 = g_key_file_to_data(g1, NULL, NULL);
		ck_assert_str_eq(o1.buf, w1);
		free(o1.buf);
	}
	g_key_file_set_comment(gkf, NULL, NULL, " top", NULL);
	vcpuchar_kf_out_comment(&o, " top");
	vcpuchar_kf_out_group(&o, "host");
	for (size_t i = 0; i < G_N_ELEMENTS(values); i++) {
		char key[8];

		snprintf(key, sizeof(key), "k%zu", i);
		g_key_file_set_string(gkf, "host", key, values[i]);
		vcpuchar_kf_out_string(&o, key, values[i]);
	}
	g_key_file_set_boolean(gkf, "ppc", "b", TRUE);
	g_key_file_set_value(gkf, "ppc", "v", "0x1");
	vcpuchar_kf_out_group(&o, "ppc");
	vcpuchar_kf_out_bool(&o, "b", true);
	vcpuchar_kf_out_value(&o, "v", "0x1");
	want = g_key_file_to_data(gkf, NULL, NULL);
	ck_assert(!o.failed);
	ck_assert_str_eq(o.buf, want);
	free(o.buf);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("keyfile");
	TCase *tc = tcase_create("keyfile");

	tcase_add_test(tc, same_as_gkeyfile);
	tcase_add_test(tc, edges_as_gkeyfile);
	tcase_add_test(tc, messages);
	tcase_add_test(tc, repeat_after_growth);
	tcase_add_test(tc, strings);
	tcase_add_test(tc, utf8);
	tcase_add_test(tc, writer_as_gkeyfile);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
