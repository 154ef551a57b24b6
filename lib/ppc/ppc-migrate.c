/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Migration check of spapr caps, as QEMU's spapr_caps_post_migration() (lib/ppc.md#migration). */
#include <stdio.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

static const char keep_view_note[] =
	"the guest keeps the mitigations it chose at boot until it reboots: Linux re-reads "
	"H_GET_CPU_CHARACTERISTICS only after a PowerVM partition migration, never after a KVM migration";

VCPUCHAR_EXPORT int vcpuchar_ppc_migration_check(const struct vcpuchar_ppc_caps *src,
						 const struct vcpuchar_ppc_caps *dst,
						 struct vcpuchar_ppc_migration *ret)
{
	struct vcpuchar_ppc_migration m;

	return_val_if_fail(src && dst && ret && ppc_caps_ok(src) && ppc_caps_ok(dst), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(ret), -EINVAL);
	memset(&m, 0, sizeof(m));
	for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++) {
		int s = ppc_cap_level(src, cap), d = ppc_cap_level(dst, cap);
		bool higher = s > d;

		if (s == d)
			continue;
		/* Checked cap by cap; QEMU also goes on after the first error. */
		m.entries[m.n_entries].cap = cap;
		m.entries[m.n_entries].severity = higher ? VCPUCHAR_SEVERITY_ERROR : VCPUCHAR_SEVERITY_WARNING;
		m.entries[m.n_entries].src = (uint8_t)s;
		m.entries[m.n_entries].dst = (uint8_t)d;
		snprintf(m.entries[m.n_entries].message, sizeof(m.entries[0].message),
			 "cap-%s %s level (%d) in incoming stream than on destination (%d)",
			 vcpuchar_ppc_cap_name(cap), higher ? "higher" : "lower", s, d);
		m.n_entries++;
		if (higher)
			m.n_errors++;
		else
			m.n_warnings++;
	}
	m.ok = m.n_errors == 0;
	m.note = m.n_warnings ? keep_view_note : "";
	m.n_entries = VCPUCHAR_ENTRIES(ret, entries, m.n_entries);
	VCPUCHAR_OUT_END(ret, &m);
	return 0;
}
