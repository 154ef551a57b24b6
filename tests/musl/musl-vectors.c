/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The musl tier's runner, built with musl-gcc and linked statically against
 * a libvcpuchar.a built with musl-gcc (tests/musl/run-musl.sh): the x86
 * decision vectors (x86_vector_files of tests/unit/x86-vectors.c) and the
 * bundled host profiles (loaded, compared with their rows of
 * ppc-host-levels.tsv, saved and loaded back). The POWER vectors run in
 * the cross runner's code, tests/cross/vectors/vectors.c, built alongside.
 * Plain C: no GLib or Check exists for musl on Debian 12.
 *
 * Usage: musl-vectors DATA_DIR PROFILE_DIR
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vcpuchar.h>

#include "plain-check.h"
#include "tsv.h"
#include "x86-vectors.h"

/* Every code of the comma list @want is among the reasons; with @exact no other is. */
static void check_codes(const char *id, const struct vcpuchar_x86_policy *p, const char *want, int exact)
{
	char list[2048], *save = NULL;
	unsigned n_want = 0;

	snprintf(list, sizeof(list), "%s", want);
	for (char *c = strtok_r(list, ",", &save); c; c = strtok_r(NULL, ",", &save)) {
		int code = vcpuchar_x86_reason_from_name(c);
		int found = 0;

		n_want++;
		for (uint32_t k = 0; k < p->n_reasons; k++)
			found |= code > 0 && p->reasons[k].code == (uint32_t)code;
		expect(found, "%s: reason %s missing", id, c);
	}
	if (exact)
		expect(p->n_reasons == n_want, "%s: %u reasons, the vector lists %u", id, p->n_reasons, n_want);
}

static void check_x86(const char *dir)
{
	for (unsigned f = 0; f < x86_n_vector_files; f++) {
		struct tsv t;

		if (!expect(tsv_load(&t, dir, x86_vector_files[f].name) == 0, "%s not loaded", x86_vector_files[f].name))
			continue;
		expect(t.n_rows >= x86_vector_files[f].min_rows, "%s: %u rows", x86_vector_files[f].name, t.n_rows);
		for (unsigned i = 0; i < t.n_rows; i++) {
			const char *id = tsv_get(&t, i, "id");
			const char *err = tsv_has(&t, "expect_error") ? tsv_get(&t, i, "expect_error") : "0";
			struct vcpuchar_x86_host h;
			struct vcpuchar_x86_vm vm;
			struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
			char de[64];
			int r;

			x86_row_host(&t, i, &h);
			x86_row_vm(&t, i, &vm);
			r = vcpuchar_x86_decide(&h, &vm, &p);
			if (!strcmp(err, "EINVAL")) {
				expect(r == -EINVAL, "%s: want -EINVAL, got %d", id, r);
				continue;
			}
			if (!expect(r == 0, "%s: decide returned %d", id, r))
				continue;
			x86_flags_str(p.disable_exits, de, sizeof(de));
			expect(!strcmp(de, tsv_get(&t, i, "expect_disable_exits")), "%s: disable_exits %s, want %s", id, de,
			       tsv_get(&t, i, "expect_disable_exits"));
			expect(p.hints_realtime == tsv_u64(&t, i, "expect_hints_realtime", NULL), "%s: hints_realtime", id);
			if (strcmp(tsv_get(&t, i, "expect_pv_unhalt"), "any"))
				expect(p.pv_unhalt == tsv_u64(&t, i, "expect_pv_unhalt", NULL), "%s: pv_unhalt", id);
			expect(p.expose_idle_hlt == tsv_u64(&t, i, "expect_expose_idle_hlt", NULL), "%s: expose_idle_hlt", id);
			expect(p.idle_hlt_active == tsv_u64(&t, i, "expect_idle_hlt_active", NULL), "%s: idle_hlt_active", id);
			check_codes(id, &p, tsv_get(&t, i, "expect_reason_codes"), x86_vector_files[f].exact);
		}
		printf("%s: %u vectors\n", x86_vector_files[f].name, t.n_rows);
		tsv_free(&t);
	}
}

/* The bundled profiles and their rows of ppc-host-levels.tsv (examples/profiles/README.md). */
static const struct {
	const char *file, *row;
} profiles[] = {
	{ "power9-dd2.3-opal.profile", "hl-p9-dd23-risk0" },
	{ "power9-nested-hv-qemu.profile", "hl-e2e-wa" },
	{ "power9-nested-hv-qemu-fixed-ccd.profile", "hl-e2e-p9-fixed-fixed-ccd" },
	{ "power10-nested-hv-qemu-fixed-na.profile", "hl-e2e-p10-wa-fixed-broken-off" },
	{ "no-information.profile", "hl-all-zero-unknown" },
};

static int same_words(const struct vcpuchar_ppc_host *h, const struct tsv *t, unsigned row)
{
	return h->character == tsv_u64(t, row, "character", NULL) && h->behaviour == tsv_u64(t, row, "behaviour", NULL) &&
	       h->character_mask == tsv_u64(t, row, "character_mask", NULL) &&
	       h->behaviour_mask == tsv_u64(t, row, "behaviour_mask", NULL);
}

static void check_profiles(const char *data, const char *dir)
{
	char path[4096], tmp[64], err[512];
	struct tsv t;

	if (!expect(tsv_load(&t, data, "ppc-host-levels.tsv") == 0, "ppc-host-levels.tsv not loaded"))
		return;
	snprintf(tmp, sizeof(tmp), "/tmp/vcpuchar-musl-%d.profile", (int)getpid());
	for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++) {
		struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		struct vcpuchar_ppc_host back = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		unsigned row = t.n_rows;

		for (unsigned r = 0; r < t.n_rows; r++)
			if (!strcmp(tsv_get(&t, r, "id"), profiles[i].row))
				row = r;
		snprintf(path, sizeof(path), "%s/%s", dir, profiles[i].file);
		if (!expect(row < t.n_rows, "%s: no row %s", profiles[i].file, profiles[i].row) ||
		    !expect(vcpuchar_profile_load(path, &h, NULL, err, sizeof(err)) == 0, "%s: %s", profiles[i].file, err))
			continue;
		expect(same_words(&h, &t, row), "%s: words differ from %s", profiles[i].file, profiles[i].row);
		expect(vcpuchar_profile_save(tmp, &h, NULL, err, sizeof(err)) == 0, "%s: save: %s", profiles[i].file, err);
		expect(vcpuchar_profile_load(tmp, &back, NULL, err, sizeof(err)) == 0 && same_words(&back, &t, row) &&
			       back.power8 == h.power8 && back.pvr == h.pvr && !strcmp(back.kernel_release, h.kernel_release),
		       "%s: saved and loaded back differs (%s)", profiles[i].file, err);
	}
	unlink(tmp);
	/* A syntax error: the message names the line (lib/keyfile.c), and strerror text comes through. */
	expect(vcpuchar_profile_load_data("[ppc]\nnot a line\n", 17, NULL, NULL, err, sizeof(err)) == -EINVAL &&
		       strstr(err, "line 2"), "syntax error message: %s", err);
	expect(vcpuchar_profile_load("/nonexistent/x.profile", NULL, NULL, err, sizeof(err)) == -ENOENT &&
		       strstr(err, "No such file or directory"), "missing file message: %s", err);
	printf("profiles: %zu bundled files\n", sizeof(profiles) / sizeof(profiles[0]));
	tsv_free(&t);
}

int main(int argc, char **argv)
{
	if (!plain_check_args(argc, argv, 3, "DATA_DIR PROFILE_DIR"))
		return 2;
	printf("musl: library %s\n", vcpuchar_version());
	check_x86(argv[1]);
	check_profiles(argv[1], argv[2]);
	return plain_check_end();
}
