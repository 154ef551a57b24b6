/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Host profile files: the examples/profiles/README.md format, round trips, and bad input. */
#include <errno.h>
#include <stddef.h>
#include <glib/gstdio.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>
#include <vcpuchar.h>

#include "test-common.h"

static int load(const char *text, struct vcpuchar_ppc_host *h, char *err, size_t size)
{
	*h = (struct vcpuchar_ppc_host)VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	return vcpuchar_profile_load_data(text, strlen(text), h, NULL, err, size);
}

START_TEST(design_example)
{
	/* [host] and [ppc] groups as examples/profiles/README.md describes them. */
	static const char text[] = "[host]\n# uname -m\narch=ppc64le\nkernel_release=6.15.0\n[ppc]\n"
				   "character=0x9840000000000000\nbehaviour=0xe400000000000000\n"
				   "character_mask=0xf940000000000000\nbehaviour_mask=0xe400000000000000\n"
				   "power8=false\nfuture_key=ignored\n";
	struct vcpuchar_ppc_host h;
	char err[256] = "";

	ck_assert_int_eq(load(text, &h, err, sizeof(err)), 0);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_PROFILE);
	ck_assert_uint_eq(h.valid, 1);
	ck_assert_uint_eq(h.character, UINT64_C(0x9840000000000000));
	ck_assert_uint_eq(h.behaviour, UINT64_C(0xe400000000000000));
	ck_assert_uint_eq(h.character_mask, UINT64_C(0xf940000000000000));
	ck_assert_uint_eq(h.behaviour_mask, UINT64_C(0xe400000000000000));
	ck_assert_uint_eq(h.power8, 0);
	ck_assert_str_eq(h.arch, "ppc64le");
	ck_assert_str_eq(h.kernel_release, "6.15.0");
}
END_TEST

/* The last line needs no newline, and a repeat is still found on it. */
START_TEST(last_line_without_newline)
{
	struct vcpuchar_ppc_host h;
	char err[256] = "";

#define PPC_WORDS "[host]\narch=ppc64le\n[ppc]\ncharacter=0x9840000000000000\nbehaviour=0xe400000000000000\n" \
		  "character_mask=0xf940000000000000\nbehaviour_mask=0xe400000000000000"
	ck_assert_msg(load(PPC_WORDS, &h, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(h.behaviour_mask, UINT64_C(0xe400000000000000));
	ck_assert_int_eq(load(PPC_WORDS "\ncharacter=0x1", &h, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "line 8") && strstr(err, "character"), "%s", err);
#undef PPC_WORDS
}
END_TEST

START_TEST(absent_group_and_zero_masks_mean_no_information)
{
	struct vcpuchar_ppc_host h;

	ck_assert_int_eq(load("[host]\narch=x86_64\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.valid, 0);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_PROFILE);
	/* Words without masks are not information (lib/ppc.md#pitfalls 2). */
	ck_assert_int_eq(load("[ppc]\ncharacter=0x8000000000000000\nbehaviour=0xe000000000000000\n"
			      "character_mask=0\nbehaviour_mask=0\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.valid, 0);
	ck_assert_uint_eq(h.character, UINT64_C(0x8000000000000000));
}
END_TEST

/* No group and a group without known keys are told apart, and describe says which. */
START_TEST(absent_group_is_named)
{
	static const char no_groups[] = "[host]\narch=x86_64\n";
	static const char unknown_only[] = "[x86]\nfuture_key=1\n";
	struct vcpuchar_ppc_host h;
	struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	char why[256];

	ck_assert_int_eq(load(no_groups, &h, NULL, 0), 0);
	ck_assert_int_eq(h.error, -ENODATA);
	ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, why, sizeof(why)), 0);
	ck_assert_msg(strstr(why, "no [ppc] group") && !strstr(why, "zero masks"), "%s", why);
	/* Zero masks in a [ppc] group are still "zero masks", error 0. */
	ck_assert_int_eq(load("[ppc]\ncharacter=0\nbehaviour=0\ncharacter_mask=0\nbehaviour_mask=0\n", &h, NULL, 0), 0);
	ck_assert_int_eq(h.error, 0);
	ck_assert_int_gt(vcpuchar_ppc_host_describe(&h, why, sizeof(why)), 0);
	ck_assert_msg(strstr(why, "zero masks"), "%s", why);

	ck_assert_int_eq(vcpuchar_profile_load_data(no_groups, strlen(no_groups), NULL, &x, NULL, 0), 0);
	ck_assert_uint_eq(x.have, 0);
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++) {
		ck_assert_int_eq(x.error[f], -ENODATA);
		ck_assert_int_gt(vcpuchar_x86_host_describe(&x, f, why, sizeof(why)), 0);
		ck_assert_msg(strstr(why, "no [x86] group"), "%s", why);
	}
	ck_assert_int_eq(vcpuchar_profile_load_data(unknown_only, strlen(unknown_only), NULL, &x, NULL, 0), 0);
	ck_assert_uint_eq(x.have, 0);
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++)
		ck_assert_int_eq(x.error[f], 0);
}
END_TEST

/* Save + load keeps "no [x86] group" and "a group without known keys" apart. */
START_TEST(group_kinds_round_trip)
{
	static const char *const texts[] = { "[host]\narch=x86_64\n", "[x86]\nfuture_key=1\n" };
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-profile-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "p.profile", NULL);

	for (size_t i = 0; i < G_N_ELEMENTS(texts); i++) {
		struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
		struct vcpuchar_x86_host back = VCPUCHAR_INIT(struct vcpuchar_x86_host);

		ck_assert_int_eq(vcpuchar_profile_load_data(texts[i], strlen(texts[i]), NULL, &x, NULL, 0), 0);
		ck_assert_int_eq(vcpuchar_profile_save(path, NULL, &x, NULL, 0), 0);
		ck_assert_int_eq(vcpuchar_profile_load(path, NULL, &back, NULL, 0), 0);
		ck_assert_uint_eq(back.have, 0);
		ck_assert_msg(back.error[0] == x.error[0], "%s: error %d, reloaded %d", texts[i], x.error[0], back.error[0]);
	}
	unlink(path);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* A UTF-8 byte order mark before the first line is not part of it. */
START_TEST(utf8_bom_accepted)
{
	static const char text[] = "\xef\xbb\xbf# saved by an editor\n[ppc]\ncharacter=0x1\nbehaviour=0\n"
				   "character_mask=0x1\nbehaviour_mask=0\n";
	struct vcpuchar_ppc_host h;
	char err[256] = "";

	ck_assert_msg(load(text, &h, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(h.character_mask, 1);
	/* Only at the start: elsewhere it is a malformed line. */
	ck_assert_int_eq(load("# x\n\xef\xbb\xbf[ppc]\n", &h, err, sizeof(err)), -EINVAL);
}
END_TEST

/* Words are hex with 0x, a single digit aside (the number rule; decimal words: numbers.tsv n05). */
START_TEST(single_digit_words_and_power8)
{
	struct vcpuchar_ppc_host h;

	ck_assert_int_eq(load("[ppc]\ncharacter=0\nbehaviour=0xe000000000000000\ncharacter_mask=1\n"
			      "behaviour_mask=0xE400000000000000\npower8=true\npvr=0x004d0200\n", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.behaviour, UINT64_C(0xe000000000000000));
	ck_assert_uint_eq(h.behaviour_mask, UINT64_C(0xe400000000000000));
	ck_assert_uint_eq(h.power8, 1);
	ck_assert_uint_eq(h.pvr, 0x004d0200);
}
END_TEST

/* Each bad value fails with -EINVAL, names group, key and value, and writes nothing. */
static void expect_bad(const char *text, int code, const char *needle)
{
	struct vcpuchar_ppc_host h = TEST_OUT(struct vcpuchar_ppc_host);
	char err[256] = "";

	h.character = 42;
	ck_assert_int_eq(vcpuchar_profile_load_data(text, strlen(text), &h, NULL, err, sizeof(err)), code);
	ck_assert_msg(strstr(err, needle), "message '%s' lacks '%s'", err, needle);
	ck_assert_uint_eq(h.character, 42);
}

START_TEST(bad_values)
{
	static const char words[] = "behaviour=0\ncharacter_mask=0\nbehaviour_mask=0\n";
	g_autofree char *overflow = g_strdup_printf("[ppc]\ncharacter=0x10000000000000000\n%s", words);
	g_autofree char *neg = g_strdup_printf("[ppc]\ncharacter=-1\n%s", words);
	g_autofree char *junk = g_strdup_printf("[ppc]\ncharacter=0x12zz\n%s", words);
	g_autofree char *empty = g_strdup_printf("[ppc]\ncharacter=\n%s", words);
	g_autofree char *dec_over = g_strdup_printf("[ppc]\ncharacter=18446744073709551616\n%s", words);
	g_autofree char *p8 = g_strdup_printf("[ppc]\ncharacter=0\n%spower8=maybe\n", words);
	g_autofree char *pvr = g_strdup_printf("[ppc]\ncharacter=0\n%spvr=0x100000000\n", words);
	g_autofree char *longrel = g_strdup_printf("[host]\nkernel_release=%0100d\n", 7);

	expect_bad(overflow, -EINVAL, "[ppc] character: '0x10000000000000000'");
	expect_bad(neg, -EINVAL, "'-1'");
	expect_bad(junk, -EINVAL, "'0x12zz'");
	expect_bad(empty, -EINVAL, "[ppc] character");
	expect_bad(dec_over, -EINVAL, "18446744073709551616");
	expect_bad(p8, -EINVAL, "[ppc] power8: 'maybe'");
	expect_bad(pvr, -EINVAL, "[ppc] pvr");
	expect_bad("[ppc]\ncharacter=0\n", -EINVAL, "[ppc] behaviour: key missing");
	expect_bad(longrel, -EINVAL, "[host] kernel_release");
	expect_bad("this is not a key file\n", -EINVAL, "not a key file");
	expect_bad("[ppc\ncharacter=0\n", -EINVAL, "not a key file");
	/* Contradictory facts: KVM_PPC_GET_CPU_CHAR words with an x86 arch, or a name that only starts with ppc. */
	expect_bad("[host]\narch=x86_64\n[ppc]\ncharacter=0\nbehaviour=0\ncharacter_mask=1\nbehaviour_mask=0\n",
		   -EINVAL, "[host] arch=x86_64, but [ppc] holds KVM_PPC_GET_CPU_CHAR words");
	expect_bad("[host]\narch=ppcx\n[ppc]\ncharacter=0\nbehaviour=0\ncharacter_mask=1\nbehaviour_mask=0\n",
		   -EINVAL, "arch=ppcx");
	expect_bad("[ppc]\ncharacter=0 # trailing comment\nbehaviour=0\ncharacter_mask=0\nbehaviour_mask=0\n",
		   -EINVAL, "trailing comment");
}
END_TEST

START_TEST(hostile_input)
{
	struct vcpuchar_ppc_host h = TEST_OUT(struct vcpuchar_ppc_host);
	static const char nul[] = "[ppc]\ncharacter=0\0x\n";
	size_t big = 1024 * 1024 + 1;
	g_autofree char *huge = g_malloc(big);
	char err[256] = "";

	memset(huge, '#', big);
	ck_assert_int_eq(vcpuchar_profile_load_data(huge, big, &h, NULL, err, sizeof(err)), -EFBIG);
	ck_assert_int_eq(vcpuchar_profile_load_data(nul, sizeof(nul) - 1, &h, NULL, err, sizeof(err)), -EINVAL);
	ck_assert(strstr(err, "NUL"));
	/* Arguments: NULL data with a length, bad size field. */
	ck_assert_int_eq(vcpuchar_profile_load_data(NULL, 3, &h, NULL, NULL, 0), -EINVAL);
	h.size = 8;
	ck_assert_int_eq(vcpuchar_profile_load_data("[host]\n", 7, &h, NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_profile_load(NULL, NULL, NULL, NULL, 0), -EINVAL);
}
END_TEST

START_TEST(file_errors_and_round_trip)
{
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "host.profile", NULL);
	struct vcpuchar_ppc_host in = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_host out = TEST_OUT(struct vcpuchar_ppc_host);
	char err[256] = "";

	ck_assert_int_eq(vcpuchar_profile_load("/nonexistent/x.profile", &out, NULL, err, sizeof(err)), -ENOENT);
	ck_assert(strstr(err, "/nonexistent/x.profile"));
	ck_assert_int_eq(vcpuchar_profile_load(dir, &out, NULL, err, sizeof(err)), -EISDIR);
	/* Each errno its own words: a directory is not called "not a regular file" like a device. */
	ck_assert_msg(strstr(err, ": is a directory"), "%s", err);
	ck_assert_int_eq(vcpuchar_profile_load("/dev/null", &out, NULL, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "/dev/null: is a character device; a profile is read only from a regular file"),
		      "%s", err);

	/* Measured words of a nested KVM-HV host (vector hl-e2e-broken of tests/data/ppc-host-levels.tsv). */
	in.source = VCPUCHAR_SOURCE_KVM;
	in.valid = 1;
	in.character = UINT64_C(0x0400000000000000);
	in.behaviour = UINT64_C(0xe000000000000000);
	in.character_mask = UINT64_C(0xff40000000000000);
	in.behaviour_mask = UINT64_C(0xe400000000000000);
	in.pvr = 0x004e1202;
	g_strlcpy(in.arch, "ppc64le", sizeof(in.arch));
	g_strlcpy(in.kernel_release, "6.1.0-41-powerpc64le", sizeof(in.kernel_release));
	ck_assert_int_eq(vcpuchar_profile_save(path, &in, NULL, err, sizeof(err)), 0);
	ck_assert_int_eq(vcpuchar_profile_load(path, &out, NULL, err, sizeof(err)), 0);
	ck_assert_uint_eq(out.source, VCPUCHAR_SOURCE_PROFILE);
	ck_assert_uint_eq(out.valid, 1);
	ck_assert_uint_eq(out.character, in.character);
	ck_assert_uint_eq(out.behaviour, in.behaviour);
	ck_assert_uint_eq(out.character_mask, in.character_mask);
	ck_assert_uint_eq(out.behaviour_mask, in.behaviour_mask);
	ck_assert_uint_eq(out.pvr, in.pvr);
	ck_assert_str_eq(out.arch, "ppc64le");
	ck_assert_str_eq(out.kernel_release, "6.1.0-41-powerpc64le");

	/* A directory that does not exist: the errno comes back. */
	ck_assert_int_eq(vcpuchar_profile_save("/nonexistent/dir/p.profile", &in, NULL, err, sizeof(err)), -ENOENT);
	g_unlink(path);
	g_rmdir(dir);
}
END_TEST

/* The start facts (lib/ppc.md#start): each key read or unknown, round trip, bad values. */
#define WORDS "[ppc]\ncharacter=0x0\nbehaviour=0x0\ncharacter_mask=0xff40000000000000\nbehaviour_mask=0x0\n"
START_TEST(start_facts)
{
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "host.profile", NULL);
	g_autofree char *text = NULL;
	struct vcpuchar_ppc_host h, back = TEST_OUT(struct vcpuchar_ppc_host);
	char err[256] = "";

	/* A 4 KiB-page POWER9 KVM-HV L1 of the nested tier: no FWNMI said false, HTM unknown. */
	ck_assert_int_eq(load(WORDS "kvm_htm=unknown\nkvm_nested_hv=true\nkvm_fwnmi=false\nkvm_pages_real=Y\n"
				    "kvm_ail_mode_3=false\npage_size=4096\ndec_bits=56\n",
			      &h, err, sizeof(err)),
			 0);
	ck_assert_uint_eq(h.facts_read, VCPUCHAR_PPC_FACT_ALL & ~VCPUCHAR_PPC_FACT_HTM);
	ck_assert_uint_eq(h.facts,
			  VCPUCHAR_PPC_FACT_NESTED_HV | VCPUCHAR_PPC_FACT_PAGES_REAL | VCPUCHAR_PPC_FACT_DEC_BITS);
	ck_assert_uint_eq(h.page_size, 4096);
	ck_assert_uint_eq(h.dec_bits, 56);
	ck_assert_int_eq(vcpuchar_profile_save(path, &h, NULL, err, sizeof(err)), 0);
	ck_assert(g_file_get_contents(path, &text, NULL, NULL));
	ck_assert_msg(strstr(text, "kvm_htm=unknown\n") && strstr(text, "kvm_fwnmi=false\n") &&
			      strstr(text, "kvm_ail_mode_3=false\n"),
		      "%s", text);
	ck_assert_int_eq(vcpuchar_profile_load(path, &back, NULL, err, sizeof(err)), 0);
	ck_assert_uint_eq(back.facts_read, h.facts_read);
	ck_assert_uint_eq(back.facts, h.facts);
	ck_assert_uint_eq(back.page_size, 4096);
	ck_assert_uint_eq(back.dec_bits, 56);
	g_unlink(path);
	g_rmdir(dir);

	/* Absent keys (a 1.1 profile): nothing read. dec_bits=0: the device tree has none. */
	ck_assert_int_eq(load(WORDS "dec_bits=0\n", &h, err, sizeof(err)), 0);
	ck_assert_uint_eq(h.facts_read, VCPUCHAR_PPC_FACT_DEC_BITS);
	ck_assert_uint_eq(h.facts, 0);
	ck_assert_uint_eq(h.page_size, 0);
	/* Bad values name the key. */
	ck_assert_int_eq(load(WORDS "page_size=5000\n", &h, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "page_size"), "%s", err);
	ck_assert_int_eq(load(WORDS "dec_bits=65\n", &h, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "dec_bits"), "%s", err);
	ck_assert_int_eq(load(WORDS "kvm_fwnmi=maybe\n", &h, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "kvm_fwnmi"), "%s", err);
}
END_TEST

/* vcpuchar_ppc_profile_load(): a POWER host, or one refusal for every front end; nothing written on failure. */
START_TEST(ppc_profile_load)
{
	static const struct {
		const char *text;
		int ret;
		const char *says;
	} rows[] = {
		{ "[host]\narch=x86_64\n[x86]\nsvm=true\n", -EINVAL, "describes an x86_64 host (arch=x86_64 in [host])" },
		{ "[host]\narch=s390x\n", -EINVAL, "describes a s390x host" },
		{ "[host]\narch=ppc64le\n", -ENODATA, "no [ppc] group: there is no POWER information in that file;" },
		{ "[x86]\nsvm=true\n", -ENODATA, "in that file (it is an x86 host profile);" },
		{ "[ppc]\ncharacter=0x1x\n", -EINVAL, "[ppc] character: '0x1x'" },
		/* Zero masks are an answer: a kernel that knows nothing. */
		{ "[host]\narch=ppc64le\n[ppc]\ncharacter=0\nbehaviour=0\ncharacter_mask=0\nbehaviour_mask=0\n", 0, "" },
		{ "[ppc]\ncharacter=0x8000000000000000\nbehaviour=0\ncharacter_mask=0xff40000000000000\n"
		  "behaviour_mask=0xe400000000000000\npvr=0x004e1202\n", 0, "" },
	};
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-XXXXXX", NULL);
	g_autofree char *path = g_build_filename(dir, "host.profile", NULL);

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_host got = TEST_OUT(struct vcpuchar_ppc_host), want = TEST_OUT(struct vcpuchar_ppc_host);
		struct vcpuchar_ppc_host before = got;
		char err[512] = "";

		ck_assert(g_file_set_contents(path, rows[i].text, -1, NULL));
		ck_assert_int_eq(vcpuchar_ppc_profile_load(path, &got, err, sizeof(err)), rows[i].ret);
		if (rows[i].ret) {
			ck_assert_msg(g_str_has_prefix(err, path) && strstr(err, rows[i].says), "row %zu: %s", i, err);
			ck_assert_mem_eq(&got, &before, sizeof(got));
			continue;
		}
		/* What the general loader reads. */
		ck_assert_int_eq(vcpuchar_profile_load(path, &want, NULL, NULL, 0), 0);
		ck_assert_mem_eq(&got, &want, sizeof(got));
		/* A 1.0 caller's struct gets the members it has. */
		{
			struct vcpuchar_ppc_host old = TEST_OUT(struct vcpuchar_ppc_host);

			memset(&old, 0xa5, sizeof(old));
			old.size = offsetof(struct vcpuchar_ppc_host, facts_read);
			ck_assert_int_eq(vcpuchar_ppc_profile_load(path, &old, NULL, 0), 0);
			ck_assert_uint_eq(old.character, want.character);
			ck_assert_uint_eq(old.facts_read, 0xa5a5a5a5u);
		}
	}
	{
		struct vcpuchar_ppc_host h = TEST_OUT(struct vcpuchar_ppc_host);
		char err[128];

		ck_assert_int_eq(vcpuchar_ppc_profile_load(NULL, &h, err, sizeof(err)), -EINVAL);
		ck_assert_str_eq(err, "missing argument");
		ck_assert_int_eq(vcpuchar_ppc_profile_load(path, NULL, NULL, 0), -EINVAL);
		h.size = 3;
		ck_assert_int_eq(vcpuchar_ppc_profile_load(path, &h, err, sizeof(err)), -EINVAL);
		ck_assert_msg(strstr(err, "size (3)"), "%s", err);
		h.size = sizeof(h);
		ck_assert_int_eq(vcpuchar_ppc_profile_load(dir, &h, NULL, 0), -EISDIR);
	}
	g_unlink(path);
	g_rmdir(dir);
}
END_TEST

/* A long path in a small buffer: the echo of the path is cut, never the cause. */
START_TEST(long_path_keeps_the_cause)
{
	g_autoptr(GString) path = g_string_new("/nonexistent");
	g_autofree char *dir = g_dir_make_tmp("vcpuchar-XXXXXX", NULL);
	g_autofree char *name = g_strnfill(200, 'd');
	g_autofree char *deep = g_build_filename(dir, name, name, NULL);
	g_autofree char *bad = g_build_filename(deep, "bad.profile", NULL);
	struct vcpuchar_ppc_host out = TEST_OUT(struct vcpuchar_ppc_host);
	char err[128] = "", mid[256] = "", big[1024] = "";

	while (path->len < 431)
		g_string_append(path, "/a-long-directory-name");
	g_string_append(path, "/host.profile");
	ck_assert_int_eq(vcpuchar_profile_load(path->str, &out, NULL, err, sizeof(err)), -ENOENT);
	ck_assert_msg(g_str_has_prefix(err, "...") && g_str_has_suffix(err, "/host.profile: No such file or directory"),
		      "%s", err);
	ck_assert_uint_eq(strlen(err), sizeof(err) - 1);
	/* Room for both: the whole path. */
	ck_assert_int_eq(vcpuchar_profile_load(path->str, &out, NULL, big, sizeof(big)), -ENOENT);
	ck_assert(g_str_has_prefix(big, path->str) && !strcmp(big + path->len, ": No such file or directory"));
	/* A cause from the file's content: whole, after the path's last bytes. */
	ck_assert_int_eq(g_mkdir_with_parents(deep, 0700), 0);
	ck_assert(g_file_set_contents(bad, "[ppc]\ncharacter=0x1x\n", -1, NULL));
	ck_assert_int_eq(vcpuchar_profile_load(bad, &out, NULL, mid, sizeof(mid)), -EINVAL);
	ck_assert_msg(g_str_has_prefix(mid, "...") && strstr(mid, "/bad.profile: [ppc] character: '0x1x'") &&
			      g_str_has_suffix(mid, "hex digits)"),
		      "%s", mid);
	/* A save whose directory does not exist. */
	g_string_truncate(path, path->len - strlen("/host.profile"));
	g_string_append(path, "/p.profile");
	{
		struct vcpuchar_ppc_host in = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

		ck_assert_int_eq(vcpuchar_profile_save(path->str, &in, NULL, err, sizeof(err)), -ENOENT);
		ck_assert_msg(g_str_has_suffix(err, "No such file or directory"), "%s", err);
	}
	g_unlink(bad);
	g_rmdir(deep);
	*strrchr(deep, '/') = '\0';
	g_rmdir(deep);
	g_rmdir(dir);
}
END_TEST

START_TEST(bundled_profiles_load)
{
	static const char *const names[] = {
		"power9-dd2.3-opal.profile", "power9-nested-hv-qemu.profile", "no-information.profile",
	};
	static const uint32_t valid[] = { 1, 1, 0 };

	for (unsigned i = 0; i < G_N_ELEMENTS(names); i++) {
		g_autofree char *p = g_build_filename(VCPUCHAR_PROFILES, names[i], NULL);
		struct vcpuchar_ppc_host h = TEST_OUT(struct vcpuchar_ppc_host);
		char err[256] = "";

		ck_assert_msg(vcpuchar_profile_load(p, &h, NULL, err, sizeof(err)) == 0, "%s: %s", names[i], err);
		ck_assert_uint_eq(h.valid, valid[i]);
		ck_assert_str_eq(h.arch, "ppc64le");
	}
}
END_TEST

/* The number rule of examples/profiles/README.md#format, one row per form (tests/data/numbers.tsv). */
START_TEST(number_rule_vectors)
{
	struct tsv *t = tsv_open("numbers.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *where = tsv_get(t, i, "where"), *v = tsv_get(t, i, "value");
		bool refused = g_str_equal(tsv_get(t, i, "expect"), "refused");
		uint64_t want = refused ? 0 : tsv_u64(t, i, "expect", NULL);
		struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
		g_autofree char *text = NULL;
		char err[256] = "";
		uint64_t got = 0;
		int r;

		if (g_str_equal(where, "chars")) {
			g_autofree char *words = g_strdup_printf("%s,0x0,0xff40000000000000,0x0", v);

			h.character = 42;
			r = vcpuchar_ppc_host_parse(words, &h, err, sizeof(err));
			if (refused) {
				ck_assert_msg(r == -EINVAL && h.character == 42, "%s: '%s' was accepted", id, v);
				ck_assert_msg(strstr(err, v), "%s: message '%s' does not name the value", id, err);
			} else {
				ck_assert_msg(r == 0 && h.character == want && h.valid == 1, "%s: %s", id, err);
			}
			continue;
		}
		if (g_str_equal(where, "profile-word"))
			text = g_strdup_printf("[ppc]\ncharacter=%s\nbehaviour=0x0\ncharacter_mask=0xff40000000000000\n"
					       "behaviour_mask=0x0\n", v);
		else if (g_str_equal(where, "profile-bool"))
			text = g_strdup_printf("[ppc]\ncharacter=0x0\nbehaviour=0x0\ncharacter_mask=0xff40000000000000\n"
					       "behaviour_mask=0x0\npower8=%s\n[x86]\nvendor=amd\navic=%s\n", v, v);
		else if (g_str_equal(where, "profile-count"))
			text = g_strdup_printf("[x86]\nvendor=amd\nhalt_poll_ns=%s\n", v);
		else
			text = g_strdup_printf("[x86]\nvendor=amd\ndisable_exits_allowed=%s\n", v);
		r = vcpuchar_profile_load_data(text, strlen(text), &h, &x, err, sizeof(err));
		if (refused) {
			ck_assert_msg(r == -EINVAL, "%s: '%s' was accepted", id, v);
			ck_assert_msg(strstr(err, v), "%s: message '%s' does not name the value", id, err);
			continue;
		}
		ck_assert_msg(r == 0, "%s: refused: %s", id, err);
		if (g_str_equal(where, "profile-word"))
			got = h.character;
		else if (g_str_equal(where, "profile-bool")) {
			got = h.power8;
			ck_assert_msg(x.avic == h.power8, "%s: [x86] and [ppc] booleans differ", id);
		} else if (g_str_equal(where, "profile-count"))
			got = x.halt_poll_ns;
		else
			got = x.disable_exits_allowed;
		ck_assert_msg(got == want, "%s: read 0x%" G_GINT64_MODIFIER "x", id, got);
	}
	tsv_close(t);
}
END_TEST

/* vcpuchar_ppc_host_parse(): the shape of its argument; nothing written on failure. */
START_TEST(host_parse_arguments)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	static const char *const bad[] = { "0x1,0x2,0x3", "0x1,0x2,0x3,0x4,0x5", "", ",,,", "0x1,0x2,0x3,",
					   "0x1, 0x2,0x3,0x4", "0x1,0x2,0x3,0x" };
	char err[256];

	for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
		h.character = 42;
		ck_assert_msg(vcpuchar_ppc_host_parse(bad[i], &h, err, sizeof(err)) == -EINVAL, "'%s' accepted", bad[i]);
		ck_assert_uint_eq(h.character, 42);
	}
	ck_assert_int_eq(vcpuchar_ppc_host_parse(NULL, &h, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_host_parse("0,0,0,0", NULL, NULL, 0), -EINVAL);
	h.size = 8;
	ck_assert_int_eq(vcpuchar_ppc_host_parse("0,0,0,0", &h, NULL, 0), -EINVAL);
	h.size = sizeof(h);
	/* Zero masks: facts without information, never "all clear". */
	ck_assert_int_eq(vcpuchar_ppc_host_parse("0x8000000000000000,0,0,0", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.valid, 0);
	ck_assert_uint_eq(h.source, VCPUCHAR_SOURCE_CALLER);
	ck_assert_int_eq(vcpuchar_ppc_host_parse("0x9840000000000000,0xe400000000000000,0xf940000000000000,"
						 "0xe400000000000000", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.valid, 1);
	ck_assert_uint_eq(h.behaviour_mask, UINT64_C(0xe400000000000000));
	/* Leading zeros, as a profile takes them. */
	ck_assert_int_eq(vcpuchar_ppc_host_parse("0x00000000000000000000000000001,0,0x1,0", &h, NULL, 0), 0);
	ck_assert_uint_eq(h.character, 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("profile");
	TCase *tc = tcase_create("profile");

	tcase_add_test(tc, design_example);
	tcase_add_test(tc, start_facts);
	tcase_add_test(tc, last_line_without_newline);
	tcase_add_test(tc, absent_group_and_zero_masks_mean_no_information);
	tcase_add_test(tc, absent_group_is_named);
	tcase_add_test(tc, utf8_bom_accepted);
	tcase_add_test(tc, group_kinds_round_trip);
	tcase_add_test(tc, single_digit_words_and_power8);
	tcase_add_test(tc, bad_values);
	tcase_add_test(tc, hostile_input);
	tcase_add_test(tc, file_errors_and_round_trip);
	tcase_add_test(tc, long_path_keeps_the_cause);
	tcase_add_test(tc, bundled_profiles_load);
	tcase_add_test(tc, number_rule_vectors);
	tcase_add_test(tc, host_parse_arguments);
	tcase_add_test(tc, ppc_profile_load);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
