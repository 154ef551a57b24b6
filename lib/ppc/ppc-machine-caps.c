/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * Every cap of the target machine type with its default, the value QEMU
 * starts with and the start verdict (lib/ppc.md#machine-caps).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

/* Room for a type name and one pasted -machine value. */
#define TYPE_MAX 96
/* cap-hpt-max-page-size of pseries-2.12 and older as qom-get gives it under TCG: 16 GiB (the 7.2 profile). */
#define HPT_OLD_TCG "17179869184"

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A boolean value as QEMU's qapi_bool_parse() takes it, spelled on or off; else the value as given. */
static void spell(char *buf, const char *v, size_t len)
{
	static const char *const on[] = { "on", "yes", "true", "y" }, *const off[] = { "off", "no", "false", "n" };

	for (size_t i = 0; i < 4; i++) {
		if (strlen(on[i]) == len && !memcmp(v, on[i], len)) {
			snprintf(buf, VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN, "on");
			return;
		}
		if (strlen(off[i]) == len && !memcmp(v, off[i], len)) {
			snprintf(buf, VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN, "off");
			return;
		}
	}
	snprintf(buf, VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN, "%.*s", (int)len, v);
}

/* The value of "cap-@name=" in the pasted @line (after its type), spelled into @buf; false when absent. */
static bool pasted(const char *line, const char *name, char *buf)
{
	size_t nlen = strlen(name);
	bool found = false;

	for (const char *p = line; p && *p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);

		if (len > nlen + 5 && !memcmp(p, "cap-", 4) && !memcmp(p + 4, name, nlen) && p[4 + nlen] == '=') {
			spell(buf, p + 5 + nlen, len - 5 - nlen);
			found = true; /* QEMU takes the last; the line parser refuses a repeated cap */
		}
		p = end ? end + 1 : NULL;
	}
	return found;
}

/* The type of a pasted -machine value: its first item without '=', or type=; "" for none. */
static int type_of_line(const char *line, char *type)
{
	type[0] = '\0';
	for (const char *p = line; p && *p;) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		const char *eq = memchr(p, '=', len);

		if (!eq && p != line)
			return -EINVAL;
		if ((!eq || (len > 5 && !memcmp(p, "type=", 5))) && !type[0]) {
			const char *v = eq ? p + 5 : p;
			size_t vlen = eq ? len - 5 : len;

			if (!vlen || vlen >= TYPE_MAX)
				return -EINVAL;
			memcpy(type, v, vlen);
			type[vlen] = '\0';
		}
		p = end ? end + 1 : NULL;
	}
	return 0;
}

/* A start entry's level in QEMU's spelling (as qom-get gives it), "" where the type's default stands. */
static void level_text(char *buf, const struct vcpuchar_ppc_start_entry *e, const struct vcpuchar_ppc_caps *caps)
{
	if (e->cap < VCPUCHAR_PPC_N_CAPS)
		snprintf(buf, VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN, "%s",
			 vcpuchar_ppc_level_name(e->cap, ppc_cap_level(caps, e->cap)));
	else if (e->cap == VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE && !e->level)
		buf[0] = '\0'; /* QEMU computes it at start (pseries-2.12 and older) */
	else if (e->cap == VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)
		snprintf(buf, VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN, "%" PRIu64, UINT64_C(1) << e->level);
	else
		snprintf(buf, VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN, "%s", e->level ? "on" : "off");
}

/* Why a cap without a start entry is not judged (lib/ppc.md#machine-caps). */
static const char *why_not(const char *name)
{
	if (!strcmp(name, "vsx") || !strcmp(name, "dfp"))
		return "QEMU checks it against the guest CPU model, not against KVM (hw/ppc/spapr_caps.c); this library "
		       "does not model it";
	if (!strcmp(name, "rpt-invalidate"))
		return "cap-rpt-invalidate=on needs KVM's H_RPT_INVALIDATE (KVM_CAP_PPC_RPT_INVALIDATE), which no host "
		       "fact read here says; off is QEMU's default";
	if (!strcmp(name, "dawr1"))
		return "cap-dawr1=on needs a POWER10 or later guest CPU and, under KVM, KVM_CAP_PPC_DAWR1 "
		       "(hw/ppc/spapr_caps.c cap_dawr1_apply()), which no host fact read here says";
	if (!strcmp(name, "nested-papr"))
		return "cap-nested-papr=on (the nested PAPR API, hw/ppc/spapr_caps.c cap_nested_papr_apply()) "
		       "depends on the accelerator and guest CPU, which this library does not model; off is QEMU's "
		       "default";
	return "a cap this library does not know: QEMU judges it at start";
}

/*
 * The table's default of a cap without a start entry, for guest CPU @cpu
 * under max-cpu-compat @compat (0: none), as lib/ppc.md#machine-caps gives
 * them with their sources: vsx and dfp on, rpt-invalidate and nested-papr
 * off for every type and CPU; dawr1 on for POWER10 and later, which
 * default_caps_with_cpu() turns off below ISA 3.1; else unknown.
 */
static const char *table_default(const char *name, uint32_t cpu, uint32_t compat)
{
	if (!strcmp(name, "vsx") || !strcmp(name, "dfp"))
		return "on";
	if (!strcmp(name, "rpt-invalidate") || !strcmp(name, "nested-papr"))
		return "off";
	if (!strcmp(name, "dawr1"))
		return (compat && compat < cpu ? compat : cpu) >= VCPUCHAR_PPC_CPU_POWER10 ? "on" : "off";
	return "unknown";
}

VCPUCHAR_EXPORT int vcpuchar_ppc_machine_caps_check(const struct vcpuchar_ppc_host *host,
						    const struct vcpuchar_ppc_request *req, const char *machine,
						    struct vcpuchar_ppc_machine_caps *ret)
{
	struct vcpuchar_ppc_start eff = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	struct vcpuchar_ppc_start def = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	struct vcpuchar_ppc_request rq, dreq;
	struct vcpuchar_ppc_machine_caps out;
	struct ppc_start_ctx ctx;
	const char *const *raw_names = NULL, *const *raw_values = NULL;
	const char *names[VCPUCHAR_PPC_MACHINE_CAPS_MAX];
	char type[TYPE_MAX] = "";
	uint32_t n, version;
	int r;

	return_val_if_fail(ret && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	if (machine && type_of_line(machine, type) < 0)
		return -EINVAL;
	if ((r = vcpuchar_ppc_start_run(host, req, type[0] ? type : NULL, &eff, &ctx)) < 0)
		return r;
	/* The type's defaults: the same request without the caller's own start levels. */
	dreq = *VCPUCHAR_IN(req, &rq);
	dreq.size = sizeof(dreq);
	dreq.start_set = 0;
	if ((r = vcpuchar_ppc_start_run(host, &dreq, type[0] ? type : NULL, &def, NULL)) < 0)
		return r;

	memset(&out, 0, sizeof(out));
	out.size = sizeof(out);
	n = vcpuchar_ppc_target_raw_caps(&ctx.target, ctx.cpu, &raw_names, &raw_values);
	if (n) {
		out.source = VCPUCHAR_PPC_MACHINE_CAPS_PROFILE;
		for (uint32_t i = 0; i < n; i++)
			names[i] = raw_names[i];
	} else {
		/* The release's caps: the four and those of ppc-parse.c's table it has (lib/ppc.md#pasted-lines). */
		const char *name;
		uint32_t since;

		version =
			ctx.target.profile ? vcpuchar_ppc_qemu_profile_version(ctx.target.profile) : dreq.qemu_version;
		for (uint32_t cap = 0; cap < VCPUCHAR_PPC_N_CAPS; cap++)
			names[n++] = vcpuchar_ppc_cap_name(cap);
		/* By release, as the -machine parser refuses them: 9.1.90, a candidate of 9.2, has nested-papr. */
		for (uint32_t i = 0; (name = vcpuchar_ppc_other_cap(i, &since)) && n < VCPUCHAR_PPC_MACHINE_CAPS_MAX;
		     i++)
			if (!since || (version && vcpuchar_ppc_qemu_release(version) >= vcpuchar_ppc_qemu_release(since)))
				names[n++] = name;
		qsort(names, n, sizeof(names[0]), by_name);
	}

	for (uint32_t i = 0; i < n; i++) {
		struct vcpuchar_ppc_machine_cap *c = &out.caps[out.n_caps++];
		const struct vcpuchar_ppc_start_entry *e = NULL, *d = NULL;

		snprintf(c->name, sizeof(c->name), "%s", names[i]);
		for (uint32_t k = 0; k < eff.n_entries; k++)
			if (!strcmp(eff.entries[k].name, names[i])) {
				e = &eff.entries[k];
				d = &def.entries[k];
			}
		/* The default: the profile's, as probed; else the table's, where it knows it. */
		if (raw_values)
			snprintf(c->default_value, sizeof(c->default_value), "%s", raw_values[i]);
		else if (!e)
			snprintf(c->default_value, sizeof(c->default_value), "%s",
				 ctx.unknown ? "unknown" : table_default(names[i], ctx.cpu, dreq.max_cpu_compat));
		else if (ctx.unknown ||
			 (ctx.old_types &&
			  (e->cap == VCPUCHAR_PPC_START_HTM || e->cap == VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE)) ||
			 /* Past the table's newest row, given or host-max (lib/ppc.md#qemu-versions). */
			 (e->cap == VCPUCHAR_PPC_CAP_SBBC && ctx.td.sbbc_unknown &&
			  dreq.max_cpu_compat != VCPUCHAR_PPC_CPU_POWER7))
			snprintf(c->default_value, sizeof(c->default_value), "unknown");
		else
			level_text(c->default_value, d, &ctx.td.caps);
		if (!c->default_value[0])
			snprintf(c->default_value, sizeof(c->default_value), HPT_OLD_TCG);

		if (!e) {
			c->verdict = VCPUCHAR_PPC_VERDICT_NOT_JUDGED;
			c->start_cap = VCPUCHAR_PPC_MACHINE_CAP_NO_ENTRY;
			if (!machine || !pasted(machine, names[i], c->effective))
				memcpy(c->effective, c->default_value, sizeof(c->effective));
			snprintf(c->reason, sizeof(c->reason), "%s", why_not(names[i]));
			out.n_not_judged++;
			continue;
		}
		c->verdict = e->verdict;
		c->start_cap = e->cap;
		snprintf(c->fix, sizeof(c->fix), "%s", e->fix);
		/* A Spectre cap's hint: the host's level, which QEMU's own message names (lib/ppc.md#validation). */
		if (!c->fix[0] && e->cap < VCPUCHAR_PPC_N_CAPS && e->verdict == VCPUCHAR_PPC_VERDICT_REFUSED)
			snprintf(c->fix, sizeof(c->fix), "cap-%s=%s", e->name,
				 vcpuchar_ppc_level_name(e->cap, ppc_cap_level(&ctx.res.host_caps, e->cap)));
		snprintf(c->reason, sizeof(c->reason), "%s", e->reason);
		level_text(c->effective, e, &ctx.res.effective_caps);
		if (!c->effective[0]) {
			/* pseries-2.12 and older: under KVM the host's page size (lib/ppc.md#start), else the default. */
			if (ctx.kvm && host && host->page_size)
				snprintf(c->effective, sizeof(c->effective), "%u", host->page_size);
			else if (ctx.kvm)
				snprintf(c->effective, sizeof(c->effective), "unknown");
			else
				memcpy(c->effective, c->default_value, sizeof(c->effective));
		}
		out.n_refused += c->verdict == VCPUCHAR_PPC_VERDICT_REFUSED;
		out.n_unknown += c->verdict == VCPUCHAR_PPC_VERDICT_UNKNOWN;
	}
	out.n_caps = VCPUCHAR_ENTRIES(ret, caps, out.n_caps);
	VCPUCHAR_OUT_END(ret, &out);
	return 0;
}
