/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Cross vector runner: the library's pure POWER functions against the
 * tests/data/ppc-*.tsv vectors, plus the ioctl number and struct layout from
 * the target's own <linux/kvm.h>. Built statically for ppc64le and
 * big-endian ppc64 and run under qemu-user, so byte order and powerpc's _IOR
 * encoding are exercised on the target ISA. Plain C: neither GLib nor Check
 * exists for these targets on Debian 12. The musl tier (tests/musl/) runs
 * the same vectors natively: there the powerpc-only checks are left out.
 *
 * Usage: vectors DATA_DIR
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <unistd.h>

#ifdef __powerpc64__
#include <linux/kvm.h>
#endif

#include <vcpuchar.h>

#include "ppc-kvm.h"
#include "ppc-host-words.h"
#include "plain-check.h"
#include "tsv.h"

/* QEMU's value names (hw/ppc/spapr_caps.c), kept here so expectations do not
 * come from the library's own tables. */
static const char *const level_names[VCPUCHAR_PPC_N_CAPS][5] = {
	{ "broken", "workaround", "fixed" },
	{ "broken", "workaround", "fixed" },
	{ "broken", "workaround", "fixed-ibs", "fixed-ccd", "fixed-na" },
	{ "off", "on" },
};
static const char *const cap_names[VCPUCHAR_PPC_N_CAPS] = { "cfpc", "sbbc", "ibs", "ccf-assist" };
static const char *const cap_cols[VCPUCHAR_PPC_N_CAPS] = { "cfpc", "sbbc", "ibs", "ccf_assist" };

static int level_of(unsigned cap, const char *name)
{
	for (int l = 0; l < 5; l++)
		if (name && level_names[cap][l] && !strcmp(level_names[cap][l], name))
			return l;
	return -1;
}

/* Caps from the four columns @prefix + cfpc/sbbc/ibs/ccf_assist; 0 on error. */
static int row_caps(const struct tsv *t, unsigned row, const char *prefix, struct vcpuchar_ppc_caps *caps)
{
	uint8_t l[VCPUCHAR_PPC_N_CAPS];

	for (unsigned c = 0; c < VCPUCHAR_PPC_N_CAPS; c++) {
		char col[64];
		const char *v;
		int level;

		snprintf(col, sizeof(col), "%s%s", prefix, cap_cols[c]);
		v = tsv_get(t, row, col);
		level = level_of(c, v);
		if (!expect(level >= 0, "%s row %u: bad level '%s' in %s", t->name, row + 1, v ? v : "", col))
			return 0;
		l[c] = (uint8_t)level;
	}
	*caps = (struct vcpuchar_ppc_caps){ l[0], l[1], l[2], l[3] };
	return 1;
}

static const char *level_str(unsigned cap, unsigned level)
{
	return level < 5 && level_names[cap][level] ? level_names[cap][level] : "?";
}

#ifdef __powerpc64__
static void check_abi(void)
{
	uint64_t word = VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31;
	unsigned char bytes[8];

	expect(KVM_PPC_GET_CPU_CHAR == 0x4020aeb1, "KVM_PPC_GET_CPU_CHAR is 0x%lx, powerpc _IOR gives 0x4020aeb1",
	       (unsigned long)KVM_PPC_GET_CPU_CHAR);
	expect(VCPUCHAR_KVM_PPC_GET_CPU_CHAR == KVM_PPC_GET_CPU_CHAR, "library's ioctl number 0x%lx, the target header's 0x%lx",
	       (unsigned long)VCPUCHAR_KVM_PPC_GET_CPU_CHAR, (unsigned long)KVM_PPC_GET_CPU_CHAR);
	expect(KVM_CAP_PPC_GET_CPU_CHAR == 151, "KVM_CAP_PPC_GET_CPU_CHAR is %d", KVM_CAP_PPC_GET_CPU_CHAR);
	expect(sizeof(struct kvm_ppc_cpu_char) == 32, "struct kvm_ppc_cpu_char has %zu bytes",
	       sizeof(struct kvm_ppc_cpu_char));
	expect(offsetof(struct kvm_ppc_cpu_char, character) == 0 &&
		       offsetof(struct kvm_ppc_cpu_char, behaviour) == 8 &&
		       offsetof(struct kvm_ppc_cpu_char, character_mask) == 16 &&
		       offsetof(struct kvm_ppc_cpu_char, behaviour_mask) == 24,
	       "struct kvm_ppc_cpu_char offsets differ from 0/8/16/24");
	/* IBM bit 0 is the most significant bit whatever the byte order. */
	memcpy(bytes, &word, sizeof(bytes));
	expect(bytes[CROSS_BIG_ENDIAN ? 0 : 7] == 0x80, "IBM bit 0 not in the %s byte of a u64 (target byte order?)",
	       CROSS_BIG_ENDIAN ? "first" : "last");
	expect((__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__) == CROSS_BIG_ENDIAN, "binary byte order differs from the cross file");
}

/* qemu-user translates no KVM ioctl: every one fails with ENOSYS. */
static void check_probe_qemu_user(void)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	int r = vcpuchar_ppc_host_probe(fd, NULL, &h);

	expect(r == -ENOSYS && h.valid == 0 && h.error == -ENOSYS && h.source == VCPUCHAR_SOURCE_KVM,
	       "probe under qemu-user returned %d (valid %u, error %d, source %u), expected -ENOSYS", r, h.valid,
	       h.error, h.source);
	if (fd >= 0)
		close(fd);
}

#endif

static void check_names(void)
{
	for (uint32_t bit = 0; bit < 64; bit++) {
		expect((vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R4, bit) != NULL) == !!(VCPUCHAR_H_CPU_CHAR_ALL & VCPUCHAR_PPC_BIT(bit)),
		       "bit_name(VCPUCHAR_PPC_REG_R4, %u) disagrees with VCPUCHAR_H_CPU_CHAR_ALL", bit);
		expect((vcpuchar_ppc_bit_name(VCPUCHAR_PPC_REG_R5, bit) != NULL) == !!(VCPUCHAR_H_CPU_BEHAV_ALL & VCPUCHAR_PPC_BIT(bit)),
		       "bit_name(VCPUCHAR_PPC_REG_R5, %u) disagrees with VCPUCHAR_H_CPU_BEHAV_ALL", bit);
	}
	for (unsigned c = 0; c < VCPUCHAR_PPC_N_CAPS; c++) {
		const char *name = vcpuchar_ppc_cap_name(c);

		expect(name && !strcmp(name, cap_names[c]), "cap_name(%u) = %s, expected %s", c, name ? name : "NULL",
		       cap_names[c]);
		for (unsigned l = 0; l < 5 && level_names[c][l]; l++) {
			struct vcpuchar_ppc_caps caps = { 0 };
			uint32_t set = 0;
			char list[64], err[128] = "";
			const char *ln = vcpuchar_ppc_level_name(c, l);
			int r;

			expect(ln && !strcmp(ln, level_names[c][l]), "level_name(%u, %u) = %s, expected %s", c, l,
			       ln ? ln : "NULL", level_names[c][l]);
			r = vcpuchar_ppc_caps_set(&caps, c, l);
			expect(r == 0 && vcpuchar_ppc_caps_get(&caps, c) == (int)l, "caps_set(%u, %u) = %d, get %d", c, l, r,
			       vcpuchar_ppc_caps_get(&caps, c));
			caps = (struct vcpuchar_ppc_caps){ 0 };
			snprintf(list, sizeof(list), "cap-%s=%s", cap_names[c], level_names[c][l]);
			r = vcpuchar_ppc_caps_parse(list, &caps, &set, err, sizeof(err));
			expect(r == 0 && set == 1u << c && vcpuchar_ppc_caps_get(&caps, c) == (int)l,
			       "caps_parse(\"%s\") = %d (%s), set 0x%x, level %d", list, r, err, set,
			       vcpuchar_ppc_caps_get(&caps, c));
		}
		{
			struct vcpuchar_ppc_caps caps = { 0 };
			unsigned top = 0;

			while (top + 1 < 5 && level_names[c][top + 1])
				top++;
			expect(vcpuchar_ppc_caps_set(&caps, c, top + 1) == -EINVAL && vcpuchar_ppc_level_name(c, top + 1) == NULL,
			       "level %u of cap %u accepted", top + 1, c);
		}
	}
}

static void check_hcall(const char *dir)
{
	struct tsv t;

	if (!expect(tsv_load(&t, dir, "ppc-hcall.tsv") == 0, "ppc-hcall.tsv not loaded"))
		return;
	for (unsigned i = 0; i < t.n_rows; i++) {
		const char *id = tsv_get(&t, i, "id");
		struct vcpuchar_ppc_caps caps;
		uint64_t r4 = 0, r5 = 0, want4, want5;
		int ok = 1, r;

		want4 = tsv_u64(&t, i, "expect_r4", &ok);
		want5 = tsv_u64(&t, i, "expect_r5", &ok);
		if (!row_caps(&t, i, "", &caps) || !expect(ok, "%s: bad row", id))
			continue;
		r = vcpuchar_ppc_caps_to_hcall(&caps, &r4, &r5);
		expect(r == 0 && r4 == want4 && r5 == want5,
		       "hcall %s: returned %d, R4 0x%016llx R5 0x%016llx, expected R4 0x%016llx R5 0x%016llx", id, r,
		       (unsigned long long)r4, (unsigned long long)r5, (unsigned long long)want4,
		       (unsigned long long)want5);
	}
	printf("ppc-hcall.tsv: %u vectors\n", t.n_rows);
	tsv_free(&t);
}

static void check_host_levels(const char *dir)
{
	struct tsv t;

	if (!expect(tsv_load(&t, dir, "ppc-host-levels.tsv") == 0, "ppc-host-levels.tsv not loaded"))
		return;
	for (unsigned i = 0; i < t.n_rows; i++) {
		const char *id = tsv_get(&t, i, "id");
		struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		struct vcpuchar_ppc_caps want, got = { 0 };
		int ok = 1, r;

		h.source = VCPUCHAR_SOURCE_CALLER;
		h.character = tsv_u64(&t, i, "character", &ok);
		h.behaviour = tsv_u64(&t, i, "behaviour", &ok);
		h.character_mask = tsv_u64(&t, i, "character_mask", &ok);
		h.behaviour_mask = tsv_u64(&t, i, "behaviour_mask", &ok);
		h.power8 = (uint32_t)tsv_u64(&t, i, "power8_host", &ok);
		h.valid = h.character_mask || h.behaviour_mask;
		if (!row_caps(&t, i, "expect_", &want) || !expect(ok, "%s: bad row", id))
			continue;
		r = vcpuchar_ppc_host_levels(&h, &got);
		expect(r == (int)h.valid && !memcmp(&got, &want, sizeof(got)),
		       "host-levels %s: returned %d, %s/%s/%s/%s, expected %d, %s/%s/%s/%s", id, r,
		       level_str(0, got.cfpc), level_str(1, got.sbbc), level_str(2, got.ibs),
		       level_str(3, got.ccf_assist), (int)h.valid, level_str(0, want.cfpc), level_str(1, want.sbbc),
		       level_str(2, want.ibs), level_str(3, want.ccf_assist));
	}
	printf("ppc-host-levels.tsv: %u vectors\n", t.n_rows);
	tsv_free(&t);
}

/* Machine types and their defaults (lib/ppc.md#machine-defaults, POWER9 guest). */
static void check_machines(void)
{
	static const struct {
		const char *name;
		uint32_t machine;
		struct vcpuchar_ppc_caps caps;
	} m[] = {
		{ "pseries", VCPUCHAR_PPC_MACHINE_PSERIES, { 1, 1, 1, 1 } },
		{ "pseries-7.2", VCPUCHAR_PPC_MACHINE_PSERIES, { 1, 1, 1, 1 } },
		{ "pseries-4.2", VCPUCHAR_PPC_MACHINE_PSERIES_4, { 1, 1, 1, 0 } },
		{ "pseries-3.1", VCPUCHAR_PPC_MACHINE_PSERIES_3_1, { 0, 0, 0, 0 } },
		{ "pseries-2.12-sxxm", VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM, { 1, 1, 3, 0 } },
	};
	static const char *const modes[] = { "host-max", "caps", "host" };

	for (unsigned i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		struct vcpuchar_ppc_caps caps = { 9, 9, 9, 9 };
		uint32_t machine = 99;
		int r = vcpuchar_ppc_machine_parse(m[i].name, &machine, NULL, 0);

		expect(r == 0 && machine == m[i].machine, "machine_parse(%s) = %d, machine %u, expected %u", m[i].name, r,
		       machine, m[i].machine);
		r = vcpuchar_ppc_machine_defaults(m[i].machine, VCPUCHAR_PPC_CPU_POWER9, &caps);
		expect(r == 0 && !memcmp(&caps, &m[i].caps, sizeof(caps)),
		       "machine_defaults(%s) = %d, %u/%u/%u/%u, expected %u/%u/%u/%u", m[i].name, r, caps.cfpc, caps.sbbc,
		       caps.ibs, caps.ccf_assist, m[i].caps.cfpc, m[i].caps.sbbc, m[i].caps.ibs, m[i].caps.ccf_assist);
	}
	expect(vcpuchar_ppc_machine_parse("q35", &(uint32_t){ 0 }, NULL, 0) == -EINVAL, "machine_parse(q35) accepted");
	for (uint32_t i = 0; i < 3; i++) {
		const char *name = vcpuchar_ppc_mode_name(i);

		expect(name && !strcmp(name, modes[i]), "mode_name(%u) = %s, expected %s", i, name ? name : "NULL", modes[i]);
	}
}

/* Host mode: masked words, the three default-on R5 bits kept where unmasked (header). */
static void check_host_to_hcall(void)
{
	struct vcpuchar_ppc_host h = ppc_host_raw(VCPUCHAR_SOURCE_CALLER, 0xbc50000000000000, 0x0580000000000000,
						  0xff40000000000000, 0x0400000000000000);
	uint64_t r4 = 0, r5 = 0;
	int r;

	r = vcpuchar_ppc_host_to_hcall(&h, &r4, &r5);
	expect(r == 0 && r4 == 0xbc40000000000000 && r5 == 0xe400000000000000,
	       "host_to_hcall = %d, R4 0x%016llx R5 0x%016llx, expected 0xbc40000000000000 0xe400000000000000", r,
	       (unsigned long long)r4, (unsigned long long)r5);
	{
		char text[256] = "";

		/* The words as the 64-bit formats print them on this byte order. */
		r = vcpuchar_ppc_host_describe(&h, text, sizeof(text));
		expect(r > 0 && strstr(text, "0xbc50000000000000") && strstr(text, "0xff40000000000000") &&
			       strstr(text, "0x0580000000000000"),
		       "host_describe = %d, \"%s\" lacks the words", r, text);
	}
	h.valid = 0;
	h.character_mask = h.behaviour_mask = 0;
	r = vcpuchar_ppc_host_to_hcall(&h, &r4, &r5);
	expect(r == -ENODATA, "host_to_hcall without information = %d, expected -ENODATA", r);
}

/* Guest ISA column of ppc-guest-view.tsv to enum vcpuchar_ppc_cpu. */
static int isa_cpu(const char *isa)
{
	static const struct {
		const char *isa;
		int cpu;
	} map[] = { { "p7", VCPUCHAR_PPC_CPU_POWER7 },   { "p8", VCPUCHAR_PPC_CPU_POWER8 },
		    { "p9", VCPUCHAR_PPC_CPU_POWER9 },   { "p10", VCPUCHAR_PPC_CPU_POWER10 },
		    { "p11", VCPUCHAR_PPC_CPU_POWER11 } };

	for (unsigned i = 0; isa && i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(map[i].isa, isa))
			return map[i].cpu;
	return -1;
}

static void check_guest_view(const char *dir)
{
	struct tsv t;

	if (!expect(tsv_load(&t, dir, "ppc-guest-view.tsv") == 0, "ppc-guest-view.tsv not loaded"))
		return;
	for (unsigned i = 0; i < t.n_rows; i++) {
		const char *id = tsv_get(&t, i, "id");
		const char *isa = tsv_get(&t, i, "guest_isa");
		struct vcpuchar_ppc_guest_view v = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
		int ok = 1, cpu = isa_cpu(isa), r;
		uint64_t r4 = tsv_u64(&t, i, "r4", &ok), r5 = tsv_u64(&t, i, "r5", &ok);
		const struct {
			const char *col;
			const char *got;
		} files[] = {
			{ "expect_meltdown", v.meltdown },
			{ "expect_l1tf", v.l1tf },
			{ "expect_spectre_v1", v.spectre_v1 },
			{ "expect_spectre_v2", v.spectre_v2 },
			{ "expect_spec_store_bypass", v.spec_store_bypass },
		};

		if (!expect(ok && cpu >= 0, "%s: bad row (guest_isa '%s')", id, isa ? isa : ""))
			continue;
		r = vcpuchar_ppc_guest_view(r4, r5, (uint32_t)cpu, 0, &v);
		if (!expect(r == 0, "guest-view %s: returned %d", id, r))
			continue;
		for (unsigned f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
			const char *want = tsv_get(&t, i, files[f].col);

			expect(want && !strcmp(want, files[f].got), "guest-view %s %s: \"%s\", expected \"%s\"", id,
			       files[f].col + 7, files[f].got, want ? want : "");
		}
	}
	printf("ppc-guest-view.tsv: %u vectors\n", t.n_rows);
	tsv_free(&t);
}

/* Caps from "cfpc,sbbc,ibs,ccf-assist" level names; 0 on error. */
static int list_caps(const char *list, struct vcpuchar_ppc_caps *caps)
{
	char copy[128], *save = NULL, *tok;
	uint8_t l[VCPUCHAR_PPC_N_CAPS];
	unsigned c = 0;

	snprintf(copy, sizeof(copy), "%s", list ? list : "");
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save), c++) {
		int level = c < VCPUCHAR_PPC_N_CAPS ? level_of(c, tok) : -1;

		if (level < 0)
			return 0;
		l[c] = (uint8_t)level;
	}
	if (c != VCPUCHAR_PPC_N_CAPS)
		return 0;
	*caps = (struct vcpuchar_ppc_caps){ l[0], l[1], l[2], l[3] };
	return 1;
}

/* The messages of @severity joined with ';' as the vectors spell them, "none" if none. */
static void joined(const struct vcpuchar_ppc_migration *m, uint32_t severity, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = 0;
	for (uint32_t i = 0; i < m->n_entries; i++)
		if (m->entries[i].severity == severity)
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? ";" : "",
					      m->entries[i].message);
	if (!n)
		snprintf(buf, size, "none");
}

static void check_migrate(const char *dir)
{
	struct tsv t;

	if (!expect(tsv_load(&t, dir, "ppc-migrate.tsv") == 0, "ppc-migrate.tsv not loaded"))
		return;
	for (unsigned i = 0; i < t.n_rows; i++) {
		const char *id = tsv_get(&t, i, "id");
		const char *want_err = tsv_get(&t, i, "expect_errors");
		const char *want_warn = tsv_get(&t, i, "expect_warnings");
		struct vcpuchar_ppc_caps src, dst;
		struct vcpuchar_ppc_migration m = VCPUCHAR_INIT(struct vcpuchar_ppc_migration);
		char errs[512], warns[512];
		int ok = 1, r;
		uint64_t want_ok = tsv_u64(&t, i, "expect_ok", &ok);

		if (!expect(ok && want_err && want_warn && list_caps(tsv_get(&t, i, "src_caps"), &src) &&
				    list_caps(tsv_get(&t, i, "dst_caps"), &dst),
			    "%s: bad row", id))
			continue;
		r = vcpuchar_ppc_migration_check(&src, &dst, &m);
		if (!expect(r == 0, "migrate %s: returned %d", id, r))
			continue;
		joined(&m, VCPUCHAR_SEVERITY_ERROR, errs, sizeof(errs));
		joined(&m, VCPUCHAR_SEVERITY_WARNING, warns, sizeof(warns));
		expect(m.ok == want_ok, "migrate %s: ok %u, expected %u", id, m.ok, (unsigned)want_ok);
		expect(!strcmp(errs, want_err), "migrate %s: errors \"%s\", expected \"%s\"", id, errs, want_err);
		expect(!strcmp(warns, want_warn), "migrate %s: warnings \"%s\", expected \"%s\"", id, warns, want_warn);
	}
	printf("ppc-migrate.tsv: %u vectors\n", t.n_rows);
	tsv_free(&t);
}

/* Conflicts as ppc-validate.tsv spells them: cap:error:cap-X=HOST, cap:warning:-, cap:info:below-host. */
static void conflicts_str(const struct vcpuchar_ppc_result *res, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = 0;
	for (uint32_t i = 0; i < res->n_conflicts && i < VCPUCHAR_PPC_N_CAPS; i++) {
		const struct vcpuchar_ppc_conflict *c = &res->conflicts[i];
		const char *cap = c->cap < VCPUCHAR_PPC_N_CAPS ? cap_names[c->cap] : "?";
		const char *sep = n ? ";" : "";
		unsigned cap_i = c->cap < VCPUCHAR_PPC_N_CAPS ? c->cap : 0;

		if (c->severity == VCPUCHAR_SEVERITY_ERROR)
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s:error:cap-%s=%s", sep, cap, cap,
					      level_str(cap_i, c->host));
		else if (c->severity == VCPUCHAR_SEVERITY_WARNING)
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s:warning:-", sep, cap);
		else
			n += (size_t)snprintf(buf + n, n < size ? size - n : 0, "%s%s:info:below-host", sep, cap);
	}
	if (!n)
		snprintf(buf, size, "none");
}

static void check_validate(const char *dir)
{
	struct tsv t;

	if (!expect(tsv_load(&t, dir, "ppc-validate.tsv") == 0, "ppc-validate.tsv not loaded"))
		return;
	for (unsigned i = 0; i < t.n_rows; i++) {
		const char *id = tsv_get(&t, i, "id");
		const char *accel = tsv_get(&t, i, "accel");
		const char *want = tsv_get(&t, i, "expect");
		struct vcpuchar_ppc_caps hl, req;
		struct vcpuchar_ppc_host h;
		struct vcpuchar_ppc_request r = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
		struct vcpuchar_ppc_guest_view v = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);
		char got[512];
		int tcg, ret;

		if (!row_caps(&t, i, "host_", &hl) || !row_caps(&t, i, "req_", &req) || !expect(accel && want, "%s: bad row", id))
			continue;
		tcg = !strcmp(accel, "tcg");
		h = ppc_host_words(hl);
		r.mode = VCPUCHAR_PPC_MODE_CAPS;
		r.accel = tcg ? VCPUCHAR_ACCEL_TCG : VCPUCHAR_ACCEL_KVM;
		r.caps_set = 0xf;
		r.caps = req;
		ret = vcpuchar_ppc_decide(&h, &r, &res);
		if (!expect(ret == 0, "validate %s: decide returned %d", id, ret))
			continue;
		conflicts_str(&res, got, sizeof(got));
		expect(!strcmp(got, want), "validate %s: conflicts \"%s\", expected \"%s\"", id, got, want);
		expect(!memcmp(&res.effective_caps, &req, sizeof(req)), "validate %s: effective caps differ from the request", id);
		expect(tcg || !memcmp(&res.host_caps, &hl, sizeof(hl)), "validate %s: host caps differ from the host levels", id);
		/* caps mode: R4/R5 are QEMU's for the effective caps, and the view is theirs. */
		{
			uint64_t r4 = 0, r5 = 0;

			vcpuchar_ppc_caps_to_hcall(&req, &r4, &r5);
			expect(res.r4 == r4 && res.r5 == r5, "validate %s: R4/R5 0x%016llx/0x%016llx, caps give 0x%016llx/0x%016llx",
			       id, (unsigned long long)res.r4, (unsigned long long)res.r5, (unsigned long long)r4,
			       (unsigned long long)r5);
			vcpuchar_ppc_guest_view(r4, r5, VCPUCHAR_PPC_CPU_POWER9, 0, &v);
			expect(!memcmp(&v, &res.guest_view, sizeof(v)), "validate %s: guest view differs from guest_view()", id);
		}
	}
	printf("ppc-validate.tsv: %u vectors\n", t.n_rows);
	tsv_free(&t);
}

int main(int argc, char **argv)
{
	if (!plain_check_args(argc, argv, 2, "DATA_DIR"))
		return 2;
#ifdef __powerpc64__
	printf("target: %s-endian ppc64, library %s\n", CROSS_BIG_ENDIAN ? "big" : "little", vcpuchar_version());
	check_abi();
	check_probe_qemu_user();
#else
	printf("target: native, library %s\n", vcpuchar_version());
#endif
	check_names();
	check_machines();
	check_host_to_hcall();
	check_hcall(argv[1]);
	check_host_levels(argv[1]);
	check_guest_view(argv[1]);
	check_migrate(argv[1]);
	check_validate(argv[1]);
	return plain_check_end();
}
