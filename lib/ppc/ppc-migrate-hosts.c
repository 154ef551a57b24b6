/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * A guest decided on one host and migrated to another
 * (lib/ppc.md#migration-between-hosts): QEMU on the destination is started
 * with the source's command line and checks the incoming caps.
 */
#include <stdio.h>
#include <string.h>

#include "ppc-cpu.h"
#include "ppc-internal.h"
#include "vcpuchar-private.h"

/*
 * The caps QEMU runs with when started with the paste line: the qemu
 * spelling read back, so ibs=fixed-na runs as broken
 * (lib/ppc.md#qemu-and-libvirt-spellings).
 */
static void pasted(const struct vcpuchar_ppc_caps *c, struct vcpuchar_ppc_caps *ret)
{
	char q[VCPUCHAR_PPC_FORMAT_LEN] = "";
	uint32_t set;

	*ret = *c;
	/* Both succeed on decided caps (a buffer of VCPUCHAR_PPC_FORMAT_LEN always fits). */
	vcpuchar_ppc_caps_format(c, VCPUCHAR_PPC_FORMAT_QEMU, q, sizeof(q), NULL);
	vcpuchar_ppc_caps_parse(q, ret, &set, NULL, 0);
}

/* Whether @caps with @cap at @level give the guest the same R4/R5 as @caps. */
static bool same_hcall(const struct vcpuchar_ppc_caps *caps, uint32_t cap, uint32_t level)
{
	struct vcpuchar_ppc_caps other = *caps;
	uint64_t r4, r5, o4, o5;

	*ppc_cap_field(&other, cap) = (uint8_t)level;
	ppc_caps_hcall(caps, &r4, &r5);
	ppc_caps_hcall(&other, &o4, &o5);
	return r4 == o4 && r5 == o5;
}

static struct vcpuchar_ppc_host_migration_entry *add(struct vcpuchar_ppc_host_migration *m, uint32_t where,
						     uint32_t severity, uint32_t cap)
{
	struct vcpuchar_ppc_host_migration_entry *e = &m->entries[m->n_entries++];

	e->where = where;
	e->severity = severity;
	e->cap = cap;
	e->explanation = "";
	if (severity == VCPUCHAR_SEVERITY_ERROR)
		m->n_errors++;
	else
		m->n_warnings++;
	return e;
}

/* Every conflict of QEMU on the destination started with @run: its errors, and the warnings that change R4/R5. */
static void destination(struct vcpuchar_ppc_host_migration *m, const struct vcpuchar_ppc_result *rd)
{
	/* At most one conflict per cap: n_conflicts bounds the array. */
	for (uint32_t i = 0; i < rd->n_conflicts; i++) {
		const struct vcpuchar_ppc_conflict *c = &rd->conflicts[i];
		struct vcpuchar_ppc_host_migration_entry *e;

		/* Below the destination's level: the guest keeps the source's view, unless it is the same R4/R5. */
		if (c->severity == VCPUCHAR_SEVERITY_INFO && same_hcall(&m->run_caps, c->cap, c->host))
			continue;
		e = add(m, VCPUCHAR_PPC_AT_DESTINATION,
			c->severity == VCPUCHAR_SEVERITY_ERROR ? VCPUCHAR_SEVERITY_ERROR : VCPUCHAR_SEVERITY_WARNING,
			c->cap);
		e->requested = (uint8_t)c->requested;
		e->host = (uint8_t)c->host;
		if (c->severity == VCPUCHAR_SEVERITY_ERROR)
			e->explanation = c->explanation;
		snprintf(e->message, sizeof(e->message), "%s", c->message);
	}
}

static int migrate_hosts(const struct vcpuchar_ppc_host *src, const struct vcpuchar_ppc_host *dst,
			 const struct vcpuchar_ppc_request *req, struct vcpuchar_ppc_result *src_result,
			 struct vcpuchar_ppc_host_migration *ret, char *err, size_t err_size)
{
	struct vcpuchar_ppc_result rs = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_result rd = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_request rbuf, rq, start;
	struct vcpuchar_ppc_host sbuf, dbuf;
	struct vcpuchar_ppc_host_migration m;
	const struct vcpuchar_ppc_host *hosts[2];
	struct ppc_target target;
	int r;

	return_val_if_fail(src && dst && req && ret && ppc_host_ok(src) && ppc_host_ok(dst), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(req) && VCPUCHAR_SIZE_OK(ret) && (err || !err_size), -EINVAL);
	return_val_if_fail(!src_result || VCPUCHAR_SIZE_OK(src_result), -EINVAL);
	/* An older caller's structs lack the newer members: they read as 0. */
	rq = *VCPUCHAR_IN(req, &rbuf);
	src = hosts[0] = VCPUCHAR_IN(src, &sbuf);
	dst = hosts[1] = VCPUCHAR_IN(dst, &dbuf);
	if (rq.mode == VCPUCHAR_PPC_MODE_HOST)
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s",
					"host mode answers from the boot host's words: a guest in it is not migratable");
	/* Checked first: the guest CPU's refusal below would skip the decision that checks it. */
	if ((r = vcpuchar_ppc_request_why(&rq, &target, err, err_size)) < 0)
		return r;
	if (!ppc_same_arch(src->arch, dst->arch))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"arch=%.16s, but the source is arch=%.16s: a guest does not migrate between "
					"architectures",
					dst->arch, src->arch);
	if (!ppc_arch_is_power(src->arch, sizeof(src->arch)))
		return vcpuchar_set_err(err, err_size, -EINVAL,
					"both hosts are arch=%.16s: a pseries guest needs POWER hosts (ppc64le, ppc64, ppc, ppcle)",
					src->arch);
	memset(&m, 0, sizeof(m));
	/*
	 * lib/ppc.md#guest-cpu: the source's family unless given, and it must
	 * run on both hosts; under TCG the type's default (lib/ppc.md#tcg-default-cpu).
	 */
	m.cpu = rq.cpu ? rq.cpu : target.default_cpu;
	for (uint32_t k = 0; k < 2 && rq.accel == VCPUCHAR_ACCEL_KVM; k++) {
		struct vcpuchar_ppc_host_migration_entry *e = &m.entries[m.n_entries];

		r = vcpuchar_ppc_cpu_resolve(hosts[k], rq.cpu, &rq.cpu, e->message, sizeof(e->message));
		if (r == -ENOENT)
			add(&m, k ? VCPUCHAR_PPC_AT_DESTINATION : VCPUCHAR_PPC_AT_SOURCE, VCPUCHAR_SEVERITY_ERROR,
			    VCPUCHAR_PPC_CAP_GUEST_CPU);
		else
			e->message[0] = '\0';
		if (r >= 0)
			m.cpu = rq.cpu;
	}
	if (!m.n_errors) {
		/*
		 * QEMU on the destination gets the source's command line, every cap
		 * explicit as pasted. Its stream check (spapr_caps_post_migration())
		 * then compares equal caps: it never finds anything, so it is not run.
		 */
		start = rq;
		start.mode = VCPUCHAR_PPC_MODE_CAPS;
		start.caps_set = (1u << VCPUCHAR_PPC_N_CAPS) - 1;
		if ((r = vcpuchar_ppc_decide(src, &rq, &rs)) < 0)
			return vcpuchar_set_err(err, err_size, r, "%s", "the caps cannot be decided on the source");
		pasted(&rs.effective_caps, &start.caps);
		m.run_caps = start.caps;
		/* The request the source took, in caps mode with valid caps: the destination takes it too. */
		vcpuchar_ppc_decide(dst, &start, &rd);
		for (uint32_t i = 0; i < rs.n_conflicts; i++) {
			const struct vcpuchar_ppc_conflict *c = &rs.conflicts[i];
			struct vcpuchar_ppc_host_migration_entry *e;

			if (c->severity != VCPUCHAR_SEVERITY_ERROR)
				continue;
			e = add(&m, VCPUCHAR_PPC_AT_SOURCE, VCPUCHAR_SEVERITY_ERROR, c->cap);
			e->requested = (uint8_t)c->requested;
			e->host = (uint8_t)c->host;
			snprintf(e->message, sizeof(e->message), "%s", c->message);
		}
		destination(&m, &rd);
		m.dst_host_caps = rd.host_caps;
		m.r4 = rs.r4;
		m.r5 = rs.r5;
		if (src_result)
			VCPUCHAR_OUT_END(src_result, &rs);
	}
	m.ok = m.n_errors == 0;
	m.n_entries = VCPUCHAR_ENTRIES(ret, entries, m.n_entries);
	VCPUCHAR_OUT_END(ret, &m);
	vcpuchar_set_err(err, err_size, 0, "%s", "");
	return 0;
}

/* The successor (doc/stability.md#growing-the-api): the optional members in a size-led struct. */
VCPUCHAR_EXPORT int vcpuchar_ppc_migrate_hosts_ext(const struct vcpuchar_ppc_host *src,
						   const struct vcpuchar_ppc_host *dst,
						   const struct vcpuchar_ppc_request *req,
						   const struct vcpuchar_ppc_migrate_opts *opts,
						   struct vcpuchar_ppc_host_migration *ret)
{
	struct vcpuchar_ppc_migrate_opts obuf;

	return_val_if_fail(!opts || (VCPUCHAR_SIZE_OK(opts) && opts->flags == 0), -EINVAL);
	opts = VCPUCHAR_IN(opts, &obuf);
	if (!opts)
		return migrate_hosts(src, dst, req, NULL, ret, NULL, 0);
	return migrate_hosts(src, dst, req, opts->src_result, ret, opts->err, opts->err_size);
}

/* Superseded by vcpuchar_ppc_migrate_hosts_ext(), which it calls. */
VCPUCHAR_EXPORT int vcpuchar_ppc_migrate_hosts(const struct vcpuchar_ppc_host *src,
					       const struct vcpuchar_ppc_host *dst,
					       const struct vcpuchar_ppc_request *req,
					       struct vcpuchar_ppc_result *src_result,
					       struct vcpuchar_ppc_host_migration *ret, char *err, size_t err_size)
{
	struct vcpuchar_ppc_migrate_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_migrate_opts);

	o.src_result = src_result;
	o.err = err;
	o.err_size = err_size;
	return vcpuchar_ppc_migrate_hosts_ext(src, dst, req, &o, ret);
}
