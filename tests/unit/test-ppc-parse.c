/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Whole pasted texts: a -machine line and a libvirt <features> fragment (lib/ppc.md#pasted-lines). */
#include <errno.h>
#include <string.h>

#include "test-ppc-util.h"

/* The line into a request holding @c, then the members the tests look at. */
static int line_parse(const char *line, uint32_t qemu_version, uint32_t *machine, struct vcpuchar_ppc_caps *c,
		      uint32_t *set, char *err, size_t size)
{
	struct vcpuchar_ppc_request rq = { .size = sizeof(rq), .caps = *c, .qemu_version = qemu_version };
	int r = vcpuchar_ppc_machine_line_parse(line, &rq, err, size);

	if (r == 0 || r == 1) {
		*machine = rq.machine;
		*c = rq.caps;
		*set = rq.caps_set;
	}
	return r;
}

static int parse_row(const char *kind, const char *text, uint32_t *machine, struct vcpuchar_ppc_caps *c,
		     uint32_t *set, char *err, size_t size)
{
	if (!strcmp(kind, "machine"))
		return line_parse(text, 0, machine, c, set, err, size);
	ck_assert_str_eq(kind, "libvirt");
	return vcpuchar_ppc_libvirt_parse(text, c, set, err, size);
}

/* Every corpus row: the verdict, the caps named, the items reported as not caps. */
START_TEST(corpus)
{
	struct tsv *t = tsv_open("ppc-pasted.tsv");

	for (guint i = 0; i < t->n_rows; i++) {
		const char *id = tsv_get(t, i, "id"), *expect = tsv_get(t, i, "expect");
		g_autofree char *text = g_strcompress(tsv_get(t, i, "text"));
		struct vcpuchar_ppc_caps got = { 0, 0, 0, 0 }, want = { 0, 0, 0, 0 };
		uint32_t machine = 99, set = 0xdead, want_set = 0;
		char err[512] = "junk";
		int r = parse_row(tsv_get(t, i, "kind"), text, &machine, &got, &set, err, sizeof(err));

		if (strcmp(expect, "ok") && strcmp(expect, "unknown")) {
			ck_assert_msg(r == (!strcmp(expect, "ENOENT") ? -ENOENT : -EINVAL), "%s: returned %d (%s)", id,
				      r, err);
			ck_assert_msg(set == 0xdead && got.cfpc == 0, "%s: outputs written on failure", id);
			ck_assert_msg(*err && strcmp(err, "junk"), "%s: no message", id);
			continue;
		}
		if (!strcmp(expect, "unknown")) {
			/* A type whose defaults are unknown here: read, and said so (lib/ppc.md#unknown-types). */
			ck_assert_msg(r == 1 && machine == VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, "%s: returned %d (%s)",
				      id, r, err);
		} else {
			ck_assert_msg(r == 0, "%s: returned %d (%s)", id, r, err);
		}
		ck_assert_int_eq(vcpuchar_ppc_caps_parse(tsv_get(t, i, "caps"), &want, &want_set, NULL, 0), 0);
		ck_assert_msg(set == want_set, "%s: set 0x%x, expected 0x%x", id, set, want_set);
		ck_assert_caps_eq(id, got, want);
		ck_assert_msg(!strcmp(err, tsv_get(t, i, "others")), "%s: others '%s', expected '%s'", id, err,
			      tsv_get(t, i, "others"));
	}
	tsv_close(t);
}
END_TEST

/* Every level of every cap through both format functions and back. */
START_TEST(round_trip)
{
	for (uint32_t n = 0; n < 3 * 3 * 5 * 2; n++) {
		struct vcpuchar_ppc_caps c = { n % 3, n / 3 % 3, n / 9 % 5, n / 45 % 2 }, want = c;
		char q[VCPUCHAR_PPC_FORMAT_LEN + 8] = "pseries,", x[VCPUCHAR_PPC_FORMAT_LEN], err[128];

		/* fixed-na is written as broken: the guest is told the same (vcpuchar_ppc_caps_format()). */
		if (want.ibs == VCPUCHAR_PPC_LEVEL_FIXED_NA)
			want.ibs = VCPUCHAR_PPC_LEVEL_BROKEN;
		for (uint32_t f = 0; f < 2; f++) {
			struct vcpuchar_ppc_caps got = { 7, 7, 7, 7 };
			uint32_t set = 0, machine = 99;
			int r;

			ck_assert_int_gt(vcpuchar_ppc_caps_format(&c, f, f ? x : q + 8, f ? sizeof(x) : sizeof(q) - 8,
								  NULL), 0);
			r = f ? vcpuchar_ppc_libvirt_parse(x, &got, &set, err, sizeof(err))
			      : line_parse(q, 0, &machine, &got, &set, err, sizeof(err));
			ck_assert_msg(r == 0, "%s: %s", f ? x : q, err);
			ck_assert_uint_eq(set, 0xf);
			ck_assert_str_eq(err, "");
			ck_assert_caps_eq(f ? x : q, got, want);
			if (!f)
				ck_assert_uint_eq(machine, VCPUCHAR_PPC_MACHINE_PSERIES);
		}
	}
}
END_TEST

/* The type decides the machine; caps not named keep the caller's defaults. */
START_TEST(machine_and_defaults)
{
	struct vcpuchar_ppc_caps c = { 1, 1, 1, 1 };
	uint32_t machine = 99, set = 0;

	ck_assert_int_eq(line_parse("pseries-4.1,cap-sbbc=fixed", 0, &machine, &c, &set, NULL, 0),
			 0);
	ck_assert_uint_eq(machine, VCPUCHAR_PPC_MACHINE_PSERIES_4);
	ck_assert_uint_eq(set, 1u << VCPUCHAR_PPC_CAP_SBBC);
	ck_assert_caps_eq("defaults kept", c, ((struct vcpuchar_ppc_caps){ 1, 2, 1, 1 }));
	ck_assert_int_eq(line_parse("cap-cfpc=fixed,type=pseries-3.1", 0, &machine, &c, &set,
							 NULL, 0), 0);
	ck_assert_uint_eq(machine, VCPUCHAR_PPC_MACHINE_PSERIES_3_1);
	/* QEMU 10.1 no longer has pseries-3.1: the target's verdict. */
	ck_assert_int_eq(line_parse("pseries-3.1", VCPUCHAR_PPC_QEMU_VERSION(10, 1, 0), &machine,
							 &c, &set, NULL, 0), -ENOENT);
	/* No type: QEMU's default machine for qemu-system-ppc64 is pseries. */
	machine = 99;
	ck_assert_int_eq(line_parse("cap-ibs=fixed-ibs", 0, &machine, &c, &set, NULL, 0), 0);
	ck_assert_uint_eq(machine, VCPUCHAR_PPC_MACHINE_PSERIES);
}
END_TEST

/* Messages name the item; a small buffer still gets the start of the list of others. */
START_TEST(messages)
{
	struct vcpuchar_ppc_caps c = { 0 };
	uint32_t machine, set;
	char err[256], small[8];

	ck_assert_int_eq(line_parse("pseries,cap-cfpc=broken,cap-cfpc=fixed", 0, &machine, &c,
							 &set, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "item 3") && strstr(err, "twice"), "%s", err);
	ck_assert_int_eq(line_parse("pseries,cfpc=broken", 0, &machine, &c, &set, err,
							 sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "'cfpc=broken'") && strstr(err, "cap-cfpc"), "%s", err);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("<features><ibs value='fixed'/></features>", &c, &set, err,
						    sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "<ibs value='fixed'/>"), "%s", err);
	ck_assert_int_eq(line_parse("pseries,x-vof=on,usb=off", 0, &machine, &c, &set, small,
							 sizeof(small)), 0);
	ck_assert_str_eq(small, "x-vof=o");
}
END_TEST

/*
 * An item longer than an echo is cut with "..." in the list of others (the
 * fuzz-pasted input regress/pasted/note-other-echo-overflow wrote one byte
 * past the echo buffer: ASan's unit run checks it).
 */
START_TEST(long_other_item)
{
	char line[160], err[512];
	uint32_t machine, set;
	struct vcpuchar_ppc_caps c = { 0 };

	memset(line, 'a', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	memcpy(line, "pseries,x-", 10);
	memcpy(line + sizeof(line) - 4, "=on", 3);
	ck_assert_int_eq(line_parse(line, 0, &machine, &c, &set, err, sizeof(err)), 0);
	ck_assert_uint_eq(strlen(err), 64 + 3);
	ck_assert_str_eq(err + 64, "...");
	ck_assert_int_eq(strncmp(err, "x-aaaa", 6), 0);
}
END_TEST

/* accel= sets the request's accelerator; the rest of the request is the caller's; a failure leaves it whole. */
START_TEST(request_members)
{
	struct vcpuchar_ppc_request rq = { .size = sizeof(rq), .mode = VCPUCHAR_PPC_MODE_CAPS, .cpu = 3,
					   .caps_set = 1u << VCPUCHAR_PPC_CAP_IBS, .caps = { 0, 0, 3, 0 } };
	struct vcpuchar_ppc_request before;
	char err[256];

	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-4.2,accel=tcg,cap-cfpc=fixed", &rq, err,
							 sizeof(err)), 0);
	ck_assert_uint_eq(rq.accel, VCPUCHAR_ACCEL_TCG);
	ck_assert_uint_eq(rq.machine, VCPUCHAR_PPC_MACHINE_PSERIES_4);
	ck_assert_uint_eq(rq.caps_set, (1u << VCPUCHAR_PPC_CAP_IBS) | (1u << VCPUCHAR_PPC_CAP_CFPC));
	ck_assert_uint_eq(rq.caps.ibs, 3);
	ck_assert_uint_eq(rq.caps.cfpc, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_uint_eq(rq.mode, VCPUCHAR_PPC_MODE_CAPS);
	ck_assert_uint_eq(rq.cpu, 3);
	ck_assert_str_eq(err, "");
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("accel=kvm", &rq, NULL, 0), 0);
	ck_assert_uint_eq(rq.accel, VCPUCHAR_ACCEL_KVM);
	ck_assert_uint_eq(rq.machine, VCPUCHAR_PPC_MACHINE_PSERIES);
	before = rq;
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries,accel=kvm:tcg", &rq, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "item 2 'accel=kvm:tcg'") && strstr(err, "kvm and tcg"), "%s", err);
	ck_assert_mem_eq(&rq, &before, sizeof(rq));
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries-3.1,cap-sbbc=fixed", &(struct vcpuchar_ppc_request){
		.size = sizeof(rq), .qemu_version = VCPUCHAR_PPC_QEMU_VERSION(11, 1, 0) }, err, sizeof(err)), -ENOENT);
}
END_TEST

/* The elements copied out of <features>, without it: read the same as with it. */
START_TEST(libvirt_bare)
{
	struct vcpuchar_ppc_caps c = { 0 };
	uint32_t set = 0;
	char err[256];

	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("  <cfpc value='fixed'/>\n  <acpi/><ccf-assist state='on'/>\n", &c,
						    &set, err, sizeof(err)), 0);
	ck_assert_uint_eq(set, (1u << VCPUCHAR_PPC_CAP_CFPC) | (1u << VCPUCHAR_PPC_CAP_CCF_ASSIST));
	ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_uint_eq(c.ccf_assist, 1);
	ck_assert_str_eq(err, "acpi");
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("<cfpc value='fixed'/></features>", &c, &set, err, sizeof(err)),
			 -EINVAL);
	ck_assert_msg(strstr(err, "end tag"), "%s", err);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("<cfpc value='fixed'/> text", &c, &set, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse(" \n", &c, &set, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "empty"), "%s", err);
}
END_TEST

/* Malformed texts: -EINVAL, nothing written, a message with the expected words. */
START_TEST(malformed)
{
	static const struct {
		const char *kind, *text, *words;
	} rows[] = {
		{ "machine", "pseries\tcap-cfpc=broken", "white space at byte 8" },
		{ "machine", "<features/>", "libvirt fragment" },
		{ "machine", "pseries,type=pseries", "type is given twice" },
		{ "machine", "pseries-7.2xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
		  "too long" },
		{ "machine", "pseries,cap-ibs=workaroundxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
			     "xxxxxxxxxxxxxxx", "too long for a cap" },
		{ "machine", "pseries,cap-ibs", "has no '='" },
		{ "machine", "pseries-rhel9.2.0=,cap-cfpc=broken", "item 1 'pseries-rhel9.2.0=': a machine type written as a property" },
		{ "machine", "cap-cfpc=broken,pseries-7.2=on", "item 2 'pseries-7.2=on'" },
		{ "libvirt", "<features a='b'></features>", "no attribute" },
		{ "libvirt", "<featuresx/>", "expected <features>" },
		{ "libvirt", "<features><!-- open", "unterminated comment" },
		{ "libvirt", "<features><cfpc value=broken/></features>", "quoted attribute value" },
		{ "libvirt", "<features><cfpc value='broken/></features>", "unterminated attribute value" },
		{ "libvirt", "<features><cfpc value 'broken'/></features>", "expected '='" },
		{ "libvirt", "<features><cfpc value='broken'x/></features>", "expected white space" },
		{ "libvirt", "<features><cfpc ='broken'/></features>", "attribute name" },
		{ "libvirt", "<features><cfpc state='on'/></features>", "no attribute 'state'" },
		{ "libvirt", "<features><cfpc value='broken' value='fixed'/></features>", "given twice" },
		{ "libvirt", "<features><cfpc value='&amp;'/></features>", "no such value" },
		{ "libvirt", "<features><![CDATA[x]]></features>", "byte 11: a CDATA section" },
		{ "libvirt", "<features><kvm><![CDATA[x]]></kvm></features>", "byte 16: a CDATA section" },
		{ "libvirt", "<?xml version='1.0'?><features/>", "byte 1: an XML declaration" },
		{ "libvirt", "<features><?pi x?></features>", "byte 11: an XML declaration or processing instruction" },
		{ "libvirt", "<!DOCTYPE domain><features/>", "byte 1: a markup declaration" },
		{ "libvirt", "<features><1cfpc/></features>", "byte 12: expected an element name" },
		{ "libvirt", "<features><!-- a ---><cfpc value='broken'/></features>", "byte 18: '--' inside a comment" },
		{ "libvirt", "<features><cfpc value='broken'>", "<cfpc> is not closed" },
		{ "libvirt", "<features><cfpc value='broken'></cfpc x></features>", "expected '>' to end an end tag" },
		{ "libvirt", "hello<cfpc value='broken'/>", "byte 1: text outside the elements" },
		{ "libvirt", "<features><kvm><hidden state='on'/>", "not closed" },
		{ "libvirt", "<features><kvm></kvm x></features>", "end an end tag" },
		{ "libvirt", "<features></feature>", "expected </features>" },
		{ "libvirt", "<features></features x>", "expected '>' after" },
		{ "libvirt", "<features>", "not closed" },
		{ "libvirt", "<features><kvm a=1/></features>", "quoted attribute value" },
		{ "machine", "pseries,accel=tcg,accel=kvm", "accelerator is given twice" },
		{ "machine", "pseries,x-vof=on,pseries-3.1", "has no '='" },
		{ "machine", "pseries,=on", "no property name" },
		{ "libvirt", "<!-- open <features/>", "unterminated comment" },
		{ "libvirt", "<features><kvm><!-- open </kvm></features>", "unterminated comment" },
		{ "libvirt", "<features><kvm><x a=1/></kvm></features>", "quoted attribute value" },
		{ "libvirt", "<features><kvm></x></features>", "does not match" },
		{ "libvirt", "<features><acpi a='1' a='2'/></features>", "'a' is given twice" },
		{ "libvirt", "<features><a b='' c='' d='' e='' f='' g='' h='' i='' j='' k='' l='' m='' n='' o='' p='' "
			     "q='' r=''/></features>", "more attributes" },
		{ "libvirt", "<features><1a/></features>", "element name" },
		{ "libvirt", "<cfpc value='broken'/><features/>", "<features> inside" },
		{ "libvirt", "<features><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a><a>"
			     "<a><a><a><a><a><a><a><a><a></features>", "nested too deep" },
	};

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_caps c = { 1, 1, 1, 1 };
		uint32_t machine = 99, set = 0xdead;
		char err[256] = "";
		int r = parse_row(rows[i].kind, rows[i].text, &machine, &c, &set, err, sizeof(err));

		ck_assert_msg(r == -EINVAL, "'%s': returned %d", rows[i].text, r);
		ck_assert_msg(strstr(err, rows[i].words), "'%s': message '%s'", rows[i].text, err);
		ck_assert_msg(set == 0xdead && machine == 99 && c.cfpc == 1, "'%s': outputs written", rows[i].text);
	}
}
END_TEST

/* Other elements with content and comments at any depth are skipped whole. */
START_TEST(skipped_content)
{
	struct vcpuchar_ppc_caps c = { 0 };
	uint32_t set = 0;
	char err[256];

	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("<features ><kvm><hidden state='on'/><!-- x --><x>t</x></kvm >"
						    "<ibs\tvalue = \"fixed-ibs\" /></features >", &c, &set, err,
						    sizeof(err)), 0);
	ck_assert_str_eq(err, "kvm");
	ck_assert_uint_eq(set, 1u << VCPUCHAR_PPC_CAP_IBS);
	ck_assert_uint_eq(c.ibs, VCPUCHAR_PPC_LEVEL_FIXED_IBS);
	/* Without a message buffer the others are not listed, and nothing breaks. */
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("<features><acpi/></features>", &c, &set, NULL, 0), 0);
}
END_TEST

START_TEST(null_args)
{
	struct vcpuchar_ppc_caps c = { 0 };
	struct vcpuchar_ppc_request rq = { .size = sizeof(rq) }, odd = { .size = 3 };
	uint32_t set;

	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse(NULL, &rq, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries", NULL, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("pseries", &odd, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_machine_line_parse("", &rq, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse(NULL, &c, &set, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("<features/>", NULL, &set, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse("<features/>", &c, NULL, NULL, 0), -EINVAL);
}
END_TEST

/* A cap in a -machine line and in --caps: refused by the library, naming the cap (lib/ppc.md#pasted-lines). */
START_TEST(caps_merge)
{
	struct vcpuchar_ppc_caps c = { 1, 1, 1, 1 }, more = { 2, 0, 3, 0 };
	uint32_t set = 1u << VCPUCHAR_PPC_CAP_SBBC;
	char err[128];

	ck_assert_int_eq(vcpuchar_ppc_caps_merge(&c, &set, &more, 1u << VCPUCHAR_PPC_CAP_CFPC | 1u << VCPUCHAR_PPC_CAP_IBS,
						 err, sizeof(err)),
			 0);
	ck_assert_str_eq(err, "");
	ck_assert_uint_eq(set, 0x7);
	ck_assert_uint_eq(c.cfpc, 2);
	ck_assert_uint_eq(c.sbbc, 1);
	ck_assert_uint_eq(c.ibs, 3);
	ck_assert_uint_eq(c.ccf_assist, 1);
	/* ibs again: -EEXIST, nothing changed. */
	more.ibs = 1;
	ck_assert_int_eq(vcpuchar_ppc_caps_merge(&c, &set, &more, 1u << VCPUCHAR_PPC_CAP_IBS, err, sizeof(err)), -EEXIST);
	ck_assert_str_eq(err, "cap-ibs is given in both; give it once");
	ck_assert_uint_eq(c.ibs, 3);
	ck_assert_uint_eq(set, 0x7);
	/* Bits past the four caps, a level past its cap's, NULL arguments. */
	ck_assert_int_eq(vcpuchar_ppc_caps_merge(&c, &set, &more, 0x10, err, sizeof(err)), -EINVAL);
	more.ccf_assist = 2;
	ck_assert_int_eq(vcpuchar_ppc_caps_merge(&c, &set, &more, 1u << VCPUCHAR_PPC_CAP_CCF_ASSIST, err, sizeof(err)),
			 -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_merge(NULL, &set, &more, 0, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_caps_merge(&c, &set, &more, 0, NULL, 1), -EINVAL);
}
END_TEST

/* The start caps' side (vcpuchar_ppc_start_merge()): the same rule, with the start verdict's levels. */
START_TEST(start_merge)
{
	uint32_t set = 1u << VCPUCHAR_PPC_START_FWNMI, levels[VCPUCHAR_PPC_START_LEVELS] = { 0 };
	uint32_t more[VCPUCHAR_PPC_START_LEVELS] = { 0 };
	char err[128];

	levels[VCPUCHAR_PPC_START_FWNMI] = 0;
	more[VCPUCHAR_PPC_START_HTM] = 1;
	more[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE] = 16;
	ck_assert_int_eq(vcpuchar_ppc_start_merge(&set, levels,
						  1u << VCPUCHAR_PPC_START_HTM | 1u << VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE,
						  more, err, sizeof(err)),
			 0);
	ck_assert_str_eq(err, "");
	ck_assert_uint_eq(set, 1u << VCPUCHAR_PPC_START_FWNMI | 1u << VCPUCHAR_PPC_START_HTM |
				       1u << VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE);
	ck_assert_uint_eq(levels[VCPUCHAR_PPC_START_HTM], 1);
	ck_assert_uint_eq(levels[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE], 16);
	/* htm again, with nested-hv: -EEXIST naming htm, nothing changed. */
	more[VCPUCHAR_PPC_START_HTM] = 0;
	ck_assert_int_eq(vcpuchar_ppc_start_merge(&set, levels,
						  1u << VCPUCHAR_PPC_START_NESTED_HV | 1u << VCPUCHAR_PPC_START_HTM, more,
						  err, sizeof(err)),
			 -EEXIST);
	ck_assert_str_eq(err, "cap-htm is given in both; give it once");
	ck_assert_uint_eq(levels[VCPUCHAR_PPC_START_HTM], 1);
	ck_assert_uint_eq(set & (1u << VCPUCHAR_PPC_START_NESTED_HV), 0);
	/* A level out of range, a bit past the start caps, NULL arguments. */
	more[VCPUCHAR_PPC_START_NESTED_HV] = 2;
	ck_assert_int_eq(vcpuchar_ppc_start_merge(&set, levels, 1u << VCPUCHAR_PPC_START_NESTED_HV, more, err,
						  sizeof(err)),
			 -EINVAL);
	ck_assert_str_eq(err, "cap-nested-hv: level 2 is out of range (0 off or 1 on)");
	more[VCPUCHAR_PPC_START_LARGE_DECR] = 0;
	set = 0;
	more[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE] = 11;
	ck_assert_int_eq(vcpuchar_ppc_start_merge(&set, levels, 1u << VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE, more, err,
						  sizeof(err)),
			 -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_start_merge(&set, levels, 1u << 1, more, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_start_merge(NULL, levels, 0, more, NULL, 0), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_start_merge(&set, levels, 0, more, NULL, 1), -EINVAL);
	ck_assert_uint_eq(set, 0);
}
END_TEST

/*
 * A libvirt fragment's other cap elements into a request (since 1.3,
 * opts->request): libvirt's QEMU driver writes <htm state>, <nested-hv
 * state> and <hpt><maxpagesize> as ",cap-htm=%s", ",cap-nested-hv=%s" and
 * ",cap-hpt-max-page-size=%lluk" (its format strings in Debian 12's 9.0.0
 * and trixie's 11.3.0, lib/ppc.md#pasted-lines); sizes as virScaleInteger().
 */
START_TEST(libvirt_start_caps)
{
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	struct vcpuchar_ppc_caps caps = { 0 };
	char others[256], err[256];
	uint32_t set = 0;
	static const struct {
		const char *unit, *n;
		int shift; /* -1 refused */
	} sizes[] = {
		{ NULL, "64", 16 },     { "KiB", "64", 16 },  { "k", "64", 16 },   { "K", "64", 16 },
		{ "kib", "64", 16 },    { "b", "65536", 16 }, { "bytes", "4096", 12 }, { "MiB", "16", 24 },
		{ "M", "16", 24 },      { "GiB", "16", 34 },  { "G", "1", 30 },    { "KB", "64", -1 },
		{ "MB", "16", -1 },     { "KiB", "2", -1 },   { "GiB", "32", -1 }, { "KiB", "48", -1 },
		{ "kB", "4096", -1 },   { "Ki", "64", -1 },   { NULL, "", -1 },    { "KiB", "0", -1 },
		{ "byte", "4096", 12 }, { "BYTES", "8192", 13 }, { "", "64", 16 }, { "EiB", "1", -1 }, { "T", "1", -1 },
	};

	o.others = others;
	o.others_size = sizeof(others);
	o.err = err;
	o.err_size = sizeof(err);
	/* Without a request, as in 1.2: named, not read. */
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext("<features><htm state='on'/><ccf-assist state='off'/></features>",
							&caps, &set, &o), 0);
	ck_assert_str_eq(others, "htm");
	ck_assert_uint_eq(set, 1u << VCPUCHAR_PPC_CAP_CCF_ASSIST);

	o.request = &req;
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext("<features>\n  <htm state='on'/>\n  <nested-hv state='off'/>\n"
							"  <hpt resizing='enabled'>\n    <maxpagesize unit='KiB'>64"
							"</maxpagesize>\n  </hpt>\n  <cfpc value='broken'/>\n</features>",
							&caps, &set, &o), 0);
	ck_assert_str_eq(others, "");
	ck_assert_uint_eq(set, 1u << VCPUCHAR_PPC_CAP_CFPC);
	ck_assert_uint_eq(req.start_set, (1u << VCPUCHAR_PPC_START_HTM) | (1u << VCPUCHAR_PPC_START_NESTED_HV) |
						 (1u << VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE));
	ck_assert_uint_eq(req.start_levels[VCPUCHAR_PPC_START_HTM], 1);
	ck_assert_uint_eq(req.start_levels[VCPUCHAR_PPC_START_NESTED_HV], 0);
	ck_assert_uint_eq(req.start_levels[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE], 16);
	/* The start verdict judges the given htm: TCG refuses it, as QEMU says. */
	{
		struct vcpuchar_ppc_start st = TEST_OUT(struct vcpuchar_ppc_start);

		req.accel = VCPUCHAR_ACCEL_TCG;
		req.mode = VCPUCHAR_PPC_MODE_CAPS;
		req.cpu = VCPUCHAR_PPC_CPU_POWER9;
		ck_assert_int_eq(vcpuchar_ppc_start_check(NULL, &req, &st), 0);
		ck_assert_uint_eq(st.entries[VCPUCHAR_PPC_START_HTM].verdict, VCPUCHAR_PPC_VERDICT_REFUSED);
		ck_assert_msg(strstr(st.entries[VCPUCHAR_PPC_START_HTM].reason, "No Transactional Memory support in TCG"),
			      "%s", st.entries[VCPUCHAR_PPC_START_HTM].reason);
	}

	/* The elements alone; <hpt> without <maxpagesize> is no cap (resize-hpt): named. */
	req = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	set = 0;
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext("<htm state='off'/><hpt resizing='disabled'/>", &caps, &set, &o),
			 0);
	ck_assert_uint_eq(set, 0);
	ck_assert_uint_eq(req.start_set, 1u << VCPUCHAR_PPC_START_HTM);
	ck_assert_str_eq(others, "hpt");

	/* Each size as libvirt scales it; QEMU's page sizes only. */
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		g_autofree char *xml = g_strdup_printf("<hpt><maxpagesize%s%s%s>%s</maxpagesize></hpt>",
						       sizes[i].unit ? " unit='" : "", sizes[i].unit ? sizes[i].unit : "",
						       sizes[i].unit ? "'" : "", sizes[i].n);

		req = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		ck_assert_msg(vcpuchar_ppc_libvirt_parse_ext(xml, &caps, &set, &o) == (sizes[i].shift < 0 ? -EINVAL : 0),
			      "%s: %s", xml, err);
		if (sizes[i].shift < 0) {
			ck_assert_uint_eq(req.start_set, 0);
			ck_assert_msg(strstr(err, "not a page size libvirt passes"), "%s: %s", xml, err);
		} else {
			ck_assert_uint_eq(req.start_levels[VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE], sizes[i].shift);
		}
	}

	/* Refused as libvirt's schema refuses them, or as given twice. */
	static const struct {
		const char *xml, *why;
	} bad[] = {
		{ "<htm state='on'/><htm state='off'/>", "<htm> is given twice" },
		{ "<nested-hv state='yes'/>", "<nested-hv state='yes'/>: libvirt's schema has no such value" },
		{ "<htm value='on'/>", "<htm>: libvirt's schema has no attribute 'value'" },
		{ "<htm/>", "<htm/> needs state='...'" },
		{ "<htm state='On'/>", "libvirt's values are lower case ('on')" },
		{ "<hpt><maxpagesize>64</maxpagesize></hpt><hpt/>", "<hpt> is given twice" },
		{ "<hpt><maxpagesize>64</maxpagesize><maxpagesize>64</maxpagesize></hpt>", "at most one <maxpagesize>" },
		{ "<hpt><foo/></hpt>", "at most one <maxpagesize>" },
		{ "<hpt><maxpagesize size='64'>64</maxpagesize></hpt>", "takes only unit=" },
		{ "<hpt><maxpagesize>64<b/></maxpagesize></hpt>", "holds a number" },
		{ "<hpt><maxpagesize unit='KiB>64</maxpagesize></hpt>", "unterminated attribute value" },
		{ "<hpt><maxpagesize unit 'KiB'>64</maxpagesize></hpt>", "expected '=' after the attribute name" },
		{ "<hpt><maxpagesize unit=KiB>64</maxpagesize></hpt>", "expected a quoted attribute value" },
		{ "<hpt><maxpagesize>64</maxpagesize </hpt>", "expected '>' to end an end tag" },
		{ "<hpt><maxpagesize>64</maxpagesize></hpt x>", "expected '>' to end an end tag" },
		{ "<hpt><maxpagesize>99999999999999999999</maxpagesize></hpt>", "not a page size libvirt passes" },
		{ "<hpt><maxpagesize unit='Q'>64</maxpagesize></hpt>", "not a page size libvirt passes" },
		{ "<hpt><maxpagesize unit='KiBB'>64</maxpagesize></hpt>", "not a page size libvirt passes" },
		{ "<hpt><!-- x -- y --></hpt>", "'--' inside a comment" },
		{ "<hpt resizing='enabled'>", "at most one <maxpagesize>" },
		{ "<hpt resizing=enabled/>", "expected a quoted attribute value" },
		{ "<htm state='on'>x</htm>", "<htm> has content" },
		{ "<nested-hv state='on'>", "<nested-hv> is not closed" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		req = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext(bad[i].xml, &caps, &set, &o), -EINVAL);
		ck_assert_msg(strstr(err, bad[i].why), "%s: %s", bad[i].xml, err);
		ck_assert_uint_eq(req.start_set, 0);
	}

	/* A request of 1.2's size (32 bytes) has no room: refused, naming it. */
	req = (struct vcpuchar_ppc_request)VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	req.size = 32;
	ck_assert_int_eq(vcpuchar_ppc_libvirt_parse_ext("<htm state='on'/>", &caps, &set, &o), -EINVAL);
	ck_assert_msg(strstr(err, "opts->request is no struct vcpuchar_ppc_request of 1.3"), "%s", err);
}
END_TEST

/* A migrate LIST: unlisted caps take the target's newest pseries defaults (sbbc broken from 9.2). */
START_TEST(migrate_caps)
{
	struct vcpuchar_ppc_parse_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_parse_opts);
	struct vcpuchar_ppc_caps c = { 0 }, before;
	char err[256], others[64];

	o.err = err;
	o.err_size = sizeof(err);
	o.others = others;
	o.others_size = sizeof(others);
	/* 7.2's pseries: workaround x3, ccf-assist on. */
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("cap-ibs=fixed-ccd", 0, &c, &o), 0);
	ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_uint_eq(c.ibs, VCPUCHAR_PPC_LEVEL_FIXED_CCD);
	ck_assert_uint_eq(c.ccf_assist, 1);
	ck_assert_str_eq(err, "");
	/* 10.0: sbbc broken by default for POWER8 and later. */
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("", VCPUCHAR_PPC_QEMU_VERSION(10, 0, 0), &c, &o), 0);
	ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_BROKEN);
	/* Four values in cap order. */
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("broken,fixed,fixed-ibs,off", 0, &c, &o), 0);
	ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_BROKEN);
	ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_uint_eq(c.ibs, VCPUCHAR_PPC_LEVEL_FIXED_IBS);
	ck_assert_uint_eq(c.ccf_assist, 0);
	/* A libvirt fragment, its other elements named. */
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("  <features><cfpc value='fixed'/><acpi/></features>", 0, &c, &o),
			 0);
	ck_assert_uint_eq(c.cfpc, VCPUCHAR_PPC_LEVEL_FIXED);
	ck_assert_uint_eq(c.sbbc, VCPUCHAR_PPC_LEVEL_WORKAROUND);
	ck_assert_str_eq(others, "acpi");
	/* Refusals: three values, a bad value, an unsupported QEMU; @caps unchanged. */
	before = c;
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("broken,fixed,on", 0, &c, &o), -EINVAL);
	ck_assert_msg(strstr(err, "want cap-NAME=VALUE items or four values"), "%s", err);
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("broken,fixed,fixed-ibs,off,on", 0, &c, &o), -EINVAL);
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("broken,fixed,maybe,off", 0, &c, &o), -EINVAL);
	ck_assert_msg(strstr(err, "maybe"), "%s", err);
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse("cap-ibs=broken", 60000, &c, &o), -EINVAL);
	ck_assert_mem_eq(&c, &before, sizeof(c));
	ck_assert_int_eq(vcpuchar_ppc_migrate_caps_parse(NULL, 0, &c, NULL), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("ppc-parse");
	TCase *tc = tcase_create("ppc-parse");

	tcase_add_test(tc, corpus);
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, machine_and_defaults);
	tcase_add_test(tc, messages);
	tcase_add_test(tc, malformed);
	tcase_add_test(tc, skipped_content);
	tcase_add_test(tc, null_args);
	tcase_add_test(tc, request_members);
	tcase_add_test(tc, libvirt_bare);
	tcase_add_test(tc, long_other_item);
	tcase_add_test(tc, caps_merge);
	tcase_add_test(tc, start_merge);
	tcase_add_test(tc, migrate_caps);
	tcase_add_test(tc, libvirt_start_caps);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
