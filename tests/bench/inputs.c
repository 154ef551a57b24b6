/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "inputs.h"
#include "tsv.h"

struct vcpuchar_ppc_caps caps_in[N_IN];
struct vcpuchar_ppc_host host_in[N_IN];
struct view_in view_in[N_IN];
struct decide_in decide_in[N_IN];

static const char *const cap_cols[VCPUCHAR_PPC_N_CAPS] = { "cfpc", "sbbc", "ibs", "ccf_assist" };

static uint8_t level(uint32_t cap, const char *name)
{
	for (uint32_t l = 0; vcpuchar_ppc_level_name(cap, l); l++)
		if (strcmp(vcpuchar_ppc_level_name(cap, l), name) == 0)
			return (uint8_t)l;
	die("unknown level '%s' of cap %u", name, cap);
}

static struct vcpuchar_ppc_caps caps_row(const struct tsv *t, size_t row, const char *prefix)
{
	uint8_t l[VCPUCHAR_PPC_N_CAPS];
	char col[64];

	for (uint32_t c = 0; c < VCPUCHAR_PPC_N_CAPS; c++) {
		snprintf(col, sizeof(col), "%s%s", prefix, cap_cols[c]);
		l[c] = level(c, tsv_get(t, row, col));
	}
	return (struct vcpuchar_ppc_caps){ l[0], l[1], l[2], l[3] };
}

static uint32_t cpu_of(const char *isa)
{
	if (strcmp(isa, "p7") == 0)
		return VCPUCHAR_PPC_CPU_POWER7;
	if (strcmp(isa, "p8") == 0)
		return VCPUCHAR_PPC_CPU_POWER8;
	if (strcmp(isa, "p9") == 0)
		return VCPUCHAR_PPC_CPU_POWER9;
	if (strcmp(isa, "p10") == 0)
		return VCPUCHAR_PPC_CPU_POWER10;
	die("unknown guest_isa '%s'", isa);
}

/* "none", or flag names separated by commas. */
static uint32_t view_flags(const char *s)
{
	uint32_t f = 0;

	while (*s) {
		size_t n = strcspn(s, ",");

		if (n == 4 && strncmp(s, "none", 4) == 0)
			;
		else if (n == 8 && strncmp(s, "pre-5.14", 8) == 0)
			f |= VCPUCHAR_PPC_GUEST_LINUX_PRE_5_14;
		else if (n == 15 && strncmp(s, "mitigations-off", 15) == 0)
			f |= VCPUCHAR_PPC_GUEST_MITIGATIONS_OFF;
		else
			die("unknown guest flag '%.*s'", (int)n, s);
		s += n + (s[n] == ',');
	}
	return f;
}

void inputs_load(void)
{
	struct tsv hc, hl, gv, gvf, val;
	size_t n, i;

	tsv_load(&hc, VCPUCHAR_TEST_DATA, "ppc-hcall.tsv");
	for (i = 0; i < N_IN; i++)
		caps_in[i] = caps_row(&hc, i % hc.n_rows, "");

	tsv_load(&hl, VCPUCHAR_TEST_DATA, "ppc-host-levels.tsv");
	for (i = 0; i < N_IN; i++) {
		size_t r = i % hl.n_rows;
		struct vcpuchar_ppc_host *h = &host_in[i];

		memset(h, 0, sizeof(*h));
		h->size = sizeof(*h);
		h->source = VCPUCHAR_SOURCE_CALLER;
		h->character = tsv_u64(&hl, r, "character", NULL);
		h->behaviour = tsv_u64(&hl, r, "behaviour", NULL);
		h->character_mask = tsv_u64(&hl, r, "character_mask", NULL);
		h->behaviour_mask = tsv_u64(&hl, r, "behaviour_mask", NULL);
		h->valid = h->character_mask || h->behaviour_mask;
		h->power8 = (uint32_t)tsv_u64(&hl, r, "power8_host", NULL);
	}

	/* Guest-view vectors, the kernel-flag ones interleaved. */
	tsv_load(&gv, VCPUCHAR_TEST_DATA, "ppc-guest-view.tsv");
	tsv_load(&gvf, VCPUCHAR_TEST_DATA, "ppc-guest-view-flags.tsv");
	n = gv.n_rows + gvf.n_rows;
	for (i = 0; i < N_IN; i++) {
		size_t r = i % n;
		const struct tsv *t = r < gv.n_rows ? &gv : &gvf;

		r = r < gv.n_rows ? r : r - gv.n_rows;
		view_in[i] = (struct view_in){ tsv_u64(t, r, "r4", NULL), tsv_u64(t, r, "r5", NULL),
					       cpu_of(tsv_get(t, r, "guest_isa")),
					       t == &gvf ? view_flags(tsv_get(t, r, "flags")) : 0 };
	}

	/*
	 * decide: the validation vectors' requests, each mode in turn, against
	 * the real host words above; every other request leaves the caps to
	 * their defaults. Host mode needs information, so it takes the next
	 * host that has some.
	 */
	tsv_load(&val, VCPUCHAR_TEST_DATA, "ppc-validate.tsv");
	for (i = 0; i < N_IN; i++) {
		size_t r = i % val.n_rows;
		struct decide_in *d = &decide_in[i];
		const struct vcpuchar_ppc_host *h = &host_in[i];
		static const uint32_t cpus[] = { VCPUCHAR_PPC_CPU_DEFAULT, VCPUCHAR_PPC_CPU_POWER7,
						 VCPUCHAR_PPC_CPU_POWER8, VCPUCHAR_PPC_CPU_POWER10 };

		memset(&d->req, 0, sizeof(d->req));
		d->req.size = sizeof(d->req);
		d->req.mode = (uint32_t)(i % 3);
		d->req.accel = strcmp(tsv_get(&val, r, "accel"), "tcg") == 0 ? VCPUCHAR_ACCEL_TCG : VCPUCHAR_ACCEL_KVM;
		d->req.cpu = cpus[i % 4];
		d->req.caps = caps_row(&val, r, "req_");
		d->req.caps_set = (i / 3) % 2 ? 0 : 0xf;
		for (size_t k = 1; d->req.mode == VCPUCHAR_PPC_MODE_HOST && !h->valid; k++)
			h = &host_in[(i + k) % N_IN];
		d->host = h;
	}
	tsv_free(&hc);
	tsv_free(&hl);
	tsv_free(&gv);
	tsv_free(&gvf);
	tsv_free(&val);
}
