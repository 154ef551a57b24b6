/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Helpers for the POWER suites: level names as the vector files spell them. */
#ifndef TEST_PPC_UTIL_H
#define TEST_PPC_UTIL_H

#include <inttypes.h>

#include <vcpuchar.h>

#include "test-common.h"

/*
 * Test-side copy of QEMU's value lists (hw/ppc/spapr_caps.c), so the
 * expectations do not depend on the library's own tables.
 */
static inline uint8_t test_level(uint32_t cap, const char *name)
{
	static const char *const names[4][5] = {
		{ "broken", "workaround", "fixed" },
		{ "broken", "workaround", "fixed" },
		{ "broken", "workaround", "fixed-ibs", "fixed-ccd", "fixed-na" },
		{ "off", "on" },
	};

	for (uint8_t l = 0; l < 5; l++)
		if (names[cap][l] && g_str_equal(names[cap][l], name))
			return l;
	ck_abort_msg("unknown level '%s' for cap %u", name, cap);
	return 0;
}

/* Caps from four vector columns named prefix + cfpc/sbbc/ibs/ccf_assist. */
static inline struct vcpuchar_ppc_caps test_caps(const struct tsv *t, guint row, const char *prefix)
{
	static const char *const cols[4] = { "cfpc", "sbbc", "ibs", "ccf_assist" };
	uint8_t l[4];

	for (uint32_t c = 0; c < 4; c++) {
		g_autofree char *col = g_strconcat(prefix, cols[c], NULL);

		l[c] = test_level(c, tsv_get(t, row, col));
	}
	return (struct vcpuchar_ppc_caps){ l[0], l[1], l[2], l[3] };
}

/* Caps from "cfpc,sbbc,ibs,ccf-assist" values. */
static inline struct vcpuchar_ppc_caps test_caps_list(const char *list)
{
	g_auto(GStrv) v = g_strsplit(list, ",", -1);

	ck_assert_msg(g_strv_length(v) == 4, "bad cap list '%s'", list);
	return (struct vcpuchar_ppc_caps){ test_level(0, v[0]), test_level(1, v[1]), test_level(2, v[2]),
					   test_level(3, v[3]) };
}

static inline struct vcpuchar_ppc_host test_host(uint64_t c, uint64_t b, uint64_t cm, uint64_t bm, uint32_t p8)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

	h.source = VCPUCHAR_SOURCE_CALLER;
	h.valid = (cm || bm) ? 1 : 0;
	h.character = c;
	h.behaviour = b;
	h.character_mask = cm;
	h.behaviour_mask = bm;
	h.power8 = p8;
	return h;
}

#define ck_assert_caps_eq(id, got, want) \
	ck_assert_msg((got).cfpc == (want).cfpc && (got).sbbc == (want).sbbc && (got).ibs == (want).ibs && \
			      (got).ccf_assist == (want).ccf_assist, \
		      "%s: caps %u,%u,%u,%u, expected %u,%u,%u,%u", id, (got).cfpc, (got).sbbc, (got).ibs, \
		      (got).ccf_assist, (want).cfpc, (want).sbbc, (want).ibs, (want).ccf_assist)

/* The start verdict's entry for @cap (enum vcpuchar_ppc_cap or vcpuchar_ppc_start_cap); fails the test without one. */
static inline const struct vcpuchar_ppc_start_entry *start_entry(const struct vcpuchar_ppc_start *s, uint32_t cap)
{
	for (uint32_t i = 0; i < s->n_entries; i++)
		if (s->entries[i].cap == cap)
			return &s->entries[i];
	ck_abort_msg("no entry for cap %u", cap);
	return NULL;
}

#endif
