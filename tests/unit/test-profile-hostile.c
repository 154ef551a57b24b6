/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Hostile host profiles: huge files, binary garbage, groups and keys
 * repeated by the hundred thousand, values that overflow. Each load must end
 * within bounded memory, with -EFBIG or -EINVAL and a message that names
 * what is wrong; nothing is written to the facts. No wall-clock bound (a
 * loaded builder would miss one): the test case's timeout catches a hang.
 */
#include <errno.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "test-common.h"

#include <vcpuchar.h>

#define MIB (1024 * 1024)
/*
 * A generous bound: a real profile loads in a few KiB.
 * VCPUCHAR_BOUND_SCALE stretches it under valgrind and the sanitizers.
 */
#define MAX_GROWTH_KIB (160 * 1024)

static double bound_scale(void)
{
	const char *s = g_getenv("VCPUCHAR_BOUND_SCALE");

	return s ? g_ascii_strtod(s, NULL) : 1.0;
}

static long rss_kib(void)
{
	long pages = 0, resident = 0;
	FILE *f = fopen("/proc/self/statm", "r");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fscanf(f, "%ld %ld", &pages, &resident), 2);
	fclose(f);
	return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static long peak_kib(void)
{
	struct rusage u;

	ck_assert_int_eq(getrusage(RUSAGE_SELF, &u), 0);
	return u.ru_maxrss;
}

/* Loads @data both from memory and from a file; both must fail with @want and @words in the message. */
static void refused(const char *name, const GString *data, int want, const char *words)
{
	struct vcpuchar_ppc_host h;
	struct vcpuchar_x86_host x;
	char err[256] = "";
	long before = rss_kib();
	g_autofree char *path = NULL;
	int fd, r;

	memset(&h, 0x5a, sizeof(h));
	h.size = sizeof(h);
	memset(&x, 0x5a, sizeof(x));
	x.size = sizeof(x);
	r = vcpuchar_profile_load_data(data->str, data->len, &h, &x, err, sizeof(err));
	ck_assert_msg(r == want, "%s: %d, expected %d (%s)", name, r, want, err);
	ck_assert_msg(strstr(err, words), "%s: message '%s' lacks '%s'", name, err, words);
	ck_assert_uint_eq(h.source, 0x5a5a5a5a);
	ck_assert_uint_eq(x.source, 0x5a5a5a5a);

	fd = g_file_open_tmp("vcpuchar-hostile-XXXXXX", &path, NULL);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, data->str, data->len), (ssize_t)data->len);
	close(fd);
	err[0] = '\0';
	r = vcpuchar_profile_load(path, &h, &x, err, sizeof(err));
	g_unlink(path);
	ck_assert_msg(r == want, "%s (file): %d, expected %d (%s)", name, r, want, err);
	ck_assert_msg(g_str_has_prefix(err, path) && strstr(err, words), "%s (file): message '%s'", name, err);
	ck_assert_uint_eq(h.source, 0x5a5a5a5a);
	ck_assert_uint_eq(x.source, 0x5a5a5a5a);

	ck_assert_msg(peak_kib() - before < MAX_GROWTH_KIB * bound_scale(), "%s: peak RSS grew by %ld KiB", name,
		      peak_kib() - before);
}

/* A valid [ppc] group with one key's value replaced. */
static GString *ppc_with(const char *key, const char *value)
{
	static const char *const keys[] = { "character", "behaviour", "character_mask", "behaviour_mask" };
	GString *s = g_string_new("[ppc]\n");

	for (int i = 0; i < 4; i++)
		g_string_append_printf(s, "%s=%s\n", keys[i], g_str_equal(key, keys[i]) ? value : "0x1");
	if (!g_str_equal(key, "character") && !g_str_equal(key, "behaviour") && !g_str_equal(key, "character_mask") &&
	    !g_str_equal(key, "behaviour_mask"))
		g_string_append_printf(s, "%s=%s\n", key, value);
	return s;
}

START_TEST(huge_file)
{
	g_autoptr(GString) s = g_string_new("[ppc]\n");

	while (s->len <= MIB)
		g_string_append(s, "# padding padding padding padding padding padding padding padding\n");
	refused("1 MiB + comments", s, -EFBIG, "1048576");
}
END_TEST

START_TEST(binary_garbage)
{
	g_autoptr(GString) zeros = g_string_new_len("[ppc]\n\0\0\0", 9);
	g_autoptr(GString) noise = g_string_new(NULL);
	uint32_t x = 2463534242u;

	refused("NUL bytes", zeros, -EINVAL, "NUL");
	/* Every byte value but NUL, 1 MiB of it: not UTF-8, not a key file. */
	while (noise->len < MIB) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		g_string_append_c(noise, (char)(x % 255 + 1));
	}
	refused("1 MiB of noise", noise, -EINVAL, "not a key file");
}
END_TEST

START_TEST(repeated_groups)
{
	g_autoptr(GString) same = g_string_new(NULL);
	g_autoptr(GString) many = g_string_new(NULL);
	g_autoptr(GString) keys = g_string_new("[ppc]\n");
	g_autoptr(GString) dup = g_string_new("[ppc]\n");
	g_autoptr(GString) longname = g_string_new("[");

	/* The same group ~170,000 times: refused at its second line (GKeyFile would merge them silently). */
	while (same->len < MIB - 8)
		g_string_append(same, "[ppc]\n");
	refused("[ppc] repeated", same, -EINVAL, "line 2: group [ppc] given twice");
	/* ~80,000 distinct groups, then a bad value the loader must still reach. */
	for (unsigned i = 0; many->len < MIB - 64; i++)
		g_string_append_printf(many, "[g%u]\n", i);
	g_string_append(many, "[ppc]\ncharacter=oops\n");
	refused("80k groups", many, -EINVAL, "[ppc] character: 'oops'");
	/* ~90,000 distinct keys in [ppc]. */
	for (unsigned i = 0; keys->len < MIB - 64; i++)
		g_string_append_printf(keys, "k%u=1\n", i);
	g_string_append(keys, "character=-1\n");
	refused("90k keys", keys, -EINVAL, "[ppc] character: '-1'");
	/* One key set 70,000 times: refused at its second line (GKeyFile would keep the last value silently). */
	while (dup->len < MIB - 64)
		g_string_append(dup, "character=0x1\n");
	g_string_append(dup, "character=0x\n");
	refused("one key 70k times", dup, -EINVAL, "line 3: [ppc] character given twice");
	/* A group name of nearly 1 MiB, then an unterminated group line. */
	while (longname->len < MIB - 8)
		g_string_append_c(longname, 'a');
	refused("1 MiB group name", longname, -EINVAL, "not a key file");
}
END_TEST

START_TEST(overflowing_values)
{
	static const struct {
		const char *key, *value, *words;
	} cases[] = {
		{ "character", "0x10000000000000000", "is not an unsigned 64-bit number" },
		{ "behaviour", "18446744073709551616", "is not an unsigned 64-bit number" },
		{ "character_mask", "99999999999999999999999999999999999999", "is not an unsigned 64-bit number" },
		{ "behaviour_mask", "-1", "is not an unsigned 64-bit number" },
		{ "character", "+1", "is not an unsigned 64-bit number" },
		{ "character", "0x-1", "is not an unsigned 64-bit number" },
		{ "character", "1e3", "is not an unsigned 64-bit number" },
		{ "character", "0x 1", "is not an unsigned 64-bit number" },
		{ "pvr", "0x100000000", "does not fit in 32 bits" },
		/* A decimal register word is refused before its size is looked at (numbers.tsv). */
		{ "pvr", "4294967296", "needs 0x" },
		{ "power8", "2", "is not a boolean" },
		{ "power8", "yes please", "is not a boolean" },
	};
	g_autoptr(GString) long_num = g_string_new(NULL);
	g_autoptr(GString) s = NULL;

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GString) p = ppc_with(cases[i].key, cases[i].value);
		g_autofree char *name = g_strdup_printf("%s=%s", cases[i].key, cases[i].value);

		refused(name, p, -EINVAL, cases[i].words);
	}
	/* 64 Ki digits: overflows, and the message stays one bounded sentence. */
	while (long_num->len < 65536)
		g_string_append_c(long_num, '9');
	s = ppc_with("character", long_num->str);
	refused("64 Ki digits", s, -EINVAL, "[ppc] character:");
}
END_TEST

START_TEST(x86_values)
{
	static const struct {
		const char *text, *words;
	} cases[] = {
		{ "disable_exits_allowed=0x100000000", "[x86] disable_exits_allowed: '0x100000000' does not fit in 32 bits" },
		{ "halt_poll_ns=18446744073709551616", "[x86] halt_poll_ns:" },
		{ "halt_poll_ns_grow=-2", "[x86] halt_poll_ns_grow: '-2'" },
		{ "cpuid_8000000a_edx=0x1ffffffff", "[x86] cpuid_8000000a_edx:" },
		{ "clearcpuid=510,99999999999999999999999", "[x86] clearcpuid:" },
		{ "clearcpuid=,,510", "[x86] clearcpuid:" },
		{ "vendor=AuthenticAMDAuthenticAMDAuthenticAMD", "[x86] vendor:" },
		{ "kvm_amd=maybe", "[x86] kvm_amd: 'maybe' is not a boolean" },
	};
	g_autoptr(GString) list = g_string_new("[x86]\nclearcpuid=");

	for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
		g_autoptr(GString) p = g_string_new("[x86]\n");

		g_string_append_printf(p, "%s\n", cases[i].text);
		refused(cases[i].text, p, -EINVAL, cases[i].words);
	}
	/* A clearcpuid list of ~200,000 numbers, one of them bad at the end. */
	while (list->len < MIB - 16)
		g_string_append(list, "123,");
	g_string_append(list, "12x\n");
	refused("1 MiB clearcpuid list", list, -EINVAL, "[x86] clearcpuid:");
}
END_TEST

/*
 * A long echoed value and a small message buffer: the echo is cut (at most
 * 64 bytes and "..."), never the cause; bytes that are not printable text
 * are escaped as \xNN, never copied raw into a caller's terminal.
 */
static void ends_with(const char *msg, const char *cause)
{
	size_t m = strlen(msg), c = strlen(cause);

	ck_assert_msg(m >= c && !strcmp(msg + m - c, cause), "message lost its cause: '%s'", msg);
}

START_TEST(echo_cut_never_cause)
{
	g_autofree char *long_val = g_strnfill(300, 'v');
	g_autofree char *vendor = g_strdup_printf("[host]\narch=x86_64\n[x86]\nvendor=%s\n", long_val);
	g_autofree char *caps = g_strdup_printf("cap-%s=on", long_val);
	g_autofree char *value = g_strdup_printf("cfpc=%s", long_val);
	g_autofree char *machine = g_strdup_printf("pseries-%s", long_val);
	struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_ppc_caps c;
	uint32_t set, m;
	char err[72], mid[120], big[512];

	ck_assert_int_eq(vcpuchar_profile_load_data(vendor, strlen(vendor), NULL, &x, err, sizeof(err)), -EINVAL);
	ends_with(err, "is longer than 31 bytes");
	ck_assert_ptr_nonnull(strstr(err, "v..."));
	ck_assert_int_eq(vcpuchar_profile_load_data(vendor, strlen(vendor), NULL, &x, big, sizeof(big)), -EINVAL);
	/* With room, 64 bytes of the value and "...". */
	ck_assert_ptr_nonnull(strstr(big, "'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv...'"));
	ck_assert_int_eq(vcpuchar_ppc_caps_parse(caps, &c, &set, mid, sizeof(mid)), -EINVAL);
	ends_with(mid, "property names are lower case)");
	ck_assert_int_eq(vcpuchar_ppc_caps_parse(value, &c, &set, mid, sizeof(mid)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(mid, "cap-cfpc: unknown value 'vvv"));
	ck_assert_int_eq(vcpuchar_ppc_machine_parse(machine, &m, mid, sizeof(mid)), -EINVAL);
	ends_with(mid, "pseries-2.12-sxxm)");
}
END_TEST

START_TEST(echo_escapes_bytes)
{
	static const char data[] = "[host]\narch=x86_64\n[x86]\nkvm_amd=a\xff\x01"
				   "b\xc3\xa9\n";
	struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	char err[256];

	ck_assert_int_eq(vcpuchar_profile_load_data(data, strlen(data), NULL, &x, err, sizeof(err)), -EINVAL);
	/* 0xff and 0x01 escaped, the valid UTF-8 "é" kept. */
	ck_assert_msg(strstr(err, "'a\\xff\\x01b\xc3\xa9'"), "%s", err);
	for (const unsigned char *p = (const unsigned char *)err; *p; p++)
		ck_assert_msg(*p >= 0x20 && *p != 0x7f && *p != 0xff, "raw byte 0x%02x in '%s'", *p, err);
}
END_TEST

/* Escape sequences a file could carry into a caller's terminal or log: refused, and echoed escaped. */
START_TEST(no_raw_control_bytes)
{
	static const struct {
		const char *data, *words;
	} rows[] = {
		{ "\x1b]0;owned\a\x1b[2J garbage\n", "line 1: \u201c\\x1b]0;owned\\x07\\x1b[2J garbage\u201d" },
		{ "[host]\narch=\x1b[2Jx\n", "[host] arch: '\\x1b[2Jx' holds a control character (byte 1)" },
		{ "[host]\nkernel_release=6.1\x1b[2J\n", "kernel_release: '6.1\\x1b[2J' holds a control character (byte 4)" },
		{ "[host]\nke\x1by=1\nke\x1by=2\n", "[host] ke\\x1by given twice" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		g_autoptr(GString) d = g_string_new(rows[i].data);
		char err[256];

		refused(rows[i].data, d, -EINVAL, rows[i].words);
		vcpuchar_profile_load_data(d->str, d->len, NULL, NULL, err, sizeof(err));
		for (const unsigned char *p = (const unsigned char *)err; *p; p++)
			ck_assert_msg(*p >= 0x20 && *p != 0x7f, "row %zu: raw byte 0x%02x in '%s'", i, *p, err);
	}
	/* And a caller's facts with one are not saved, so no file holds them. */
	{
		struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		g_autofree char *dir = g_dir_make_tmp("vcpuchar-XXXXXX", NULL);
		g_autofree char *path = g_build_filename(dir, "p.profile", NULL);
		char err[256];

		snprintf(h.kernel_release, sizeof(h.kernel_release), "6.1\x1b[2J");
		ck_assert_int_eq(vcpuchar_profile_save(path, &h, NULL, err, sizeof(err)), -EINVAL);
		ck_assert_msg(strstr(err, "kernel_release: a control character (byte 4)"), "%s", err);
		ck_assert(!g_file_test(path, G_FILE_TEST_EXISTS));
		g_rmdir(dir);
	}
}
END_TEST

START_TEST(limits_still_load)
{
	/* The largest values that fit are accepted, as is a profile of exactly 1 MiB. */
	g_autoptr(GString) s = g_string_new("[ppc]\ncharacter=0xffffffffffffffff\nbehaviour=0xFFFFFFFFFFFFFFFF\n"
					    "character_mask=0x0000000000000000000000000001\nbehaviour_mask=0\n"
					    "pvr=0xffffffff\n");
	struct vcpuchar_ppc_host h = TEST_OUT(struct vcpuchar_ppc_host);
	char err[256] = "";

	while (s->len < MIB - 1)
		g_string_append_c(s, '#');
	g_string_append_c(s, '\n');
	ck_assert_uint_eq(s->len, MIB);
	ck_assert_msg(vcpuchar_profile_load_data(s->str, s->len, &h, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(h.character, UINT64_MAX);
	ck_assert_uint_eq(h.behaviour, UINT64_MAX);
	ck_assert_uint_eq(h.character_mask, 1);
	ck_assert_uint_eq(h.pvr, UINT32_MAX);
	ck_assert_uint_eq(h.valid, 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("profile-hostile");
	TCase *tc = tcase_create("hostile");

	tcase_add_test(tc, huge_file);
	tcase_add_test(tc, binary_garbage);
	tcase_add_test(tc, repeated_groups);
	tcase_add_test(tc, overflowing_values);
	tcase_add_test(tc, x86_values);
	tcase_add_test(tc, limits_still_load);
	tcase_add_test(tc, echo_cut_never_cause);
	tcase_add_test(tc, echo_escapes_bytes);
	tcase_add_test(tc, no_raw_control_bytes);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
