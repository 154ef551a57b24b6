/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * A fleet's baseline with its guest CPU (lib/ppc.md#fleet-baseline): the
 * hosts are of one architecture, the guest CPU runs on each, and the caps
 * are the baseline limited by that CPU.
 */
#include <stdlib.h>
#include <string.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

/* A host's id pair and its place, sorted by id then place. */
struct id_at {
	uint64_t id[2];
	uint32_t at;
};

static int id_cmp(const void *a, const void *b)
{
	const struct id_at *x = a, *y = b;

	for (int k = 0; k < 2; k++)
		if (x->id[k] != y->id[k])
			return x->id[k] < y->id[k] ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

static bool id_same(const struct id_at *x, const struct id_at *y)
{
	return x->id[0] == y->id[0] && x->id[1] == y->id[1];
}

/*
 * The same host given twice (lib/ppc.md#fleet-baseline): of the ids given
 * again, the one given again first, with its first place, as a reader
 * going through the list meets it. n log n, so a fleet of 100,000 stays
 * fast. 1 found, 0 none, -ENOMEM.
 */
static int repeated(const uint64_t *ids, uint32_t n, uint32_t *later, uint32_t *first)
{
	struct id_at *v = malloc((size_t)n * sizeof(*v));
	uint32_t start = 0;
	int found = 0;

	if (!v)
		return -ENOMEM;
	for (uint32_t i = 0; i < n; i++)
		v[i] = (struct id_at){ { ids[2 * i], ids[2 * i + 1] }, i };
	qsort(v, n, sizeof(*v), id_cmp);
	for (uint32_t i = 1; i < n; i++) {
		if (!id_same(&v[i], &v[i - 1])) {
			start = i;
			continue;
		}
		if (i == start + 1 && (!found || v[i].at < *later)) {
			*later = v[i].at;
			*first = v[start].at;
			found = 1;
		}
	}
	free(v);
	return found;
}

static int fleet_baseline(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts, uint32_t cpu,
			  struct vcpuchar_ppc_caps *levels, uint32_t *held_back, struct vcpuchar_ppc_baseline *ret,
			  uint32_t *ret_cpu, uint32_t *refused, char *err, size_t err_size, const uint64_t *ids,
			  const struct vcpuchar_ppc_qemu_profile *qemu)
{
	uint32_t guest = cpu, arch_from = UINT32_MAX, got, later = 0, first = 0;
	int r;

	return_val_if_fail(hosts && n_hosts && ret && ret_cpu && ppc_cpu_ok(cpu) && (err || !err_size), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(ret), -EINVAL);
	for (uint32_t i = 0; i < n_hosts; i++)
		return_val_if_fail(hosts[i] && ppc_host_power_ok(hosts[i]), -EINVAL);
	vcpuchar_set_err(err, err_size, 0, "%s", "");
	/* Each host once: the same host twice would be counted twice (library choice). */
	if (ids && (r = repeated(ids, n_hosts, &later, &first)) != 0) {
		if (r < 0)
			return vcpuchar_set_err(err, err_size, r, "no memory to compare the hosts' ids");
		if (refused)
			refused[0] = later, refused[1] = first;
		return vcpuchar_set_err(err, err_size, -EEXIST,
					"host %u is host %u given again: a fleet counts each host once", later, first);
	}
	for (uint32_t i = 0; i < n_hosts; i++) {
		if (arch_from == UINT32_MAX && hosts[i]->arch[0])
			arch_from = i;
		if (arch_from != UINT32_MAX && !ppc_same_arch(hosts[i]->arch, hosts[arch_from]->arch)) {
			if (refused)
				refused[0] = i, refused[1] = arch_from;
			return vcpuchar_set_err(err, err_size, -EXDEV,
						"arch=%.16s, but host %u is arch=%.16s: a fleet baseline needs hosts "
						"of one architecture",
						hosts[i]->arch, arch_from, hosts[arch_from]->arch);
		}
		/* The fleet's guest CPU must run on every host (lib/ppc.md#guest-cpu). */
		if (cpu && (r = vcpuchar_ppc_host_cpu(hosts[i], cpu, &got, err, err_size)) < 0) {
			if (refused)
				refused[0] = refused[1] = i;
			return r;
		}
	}
	/* Without a guest CPU the fleet's guests are the oldest host's own, so that they run everywhere. */
	for (uint32_t i = 0; i < n_hosts && !cpu; i++)
		if (vcpuchar_ppc_host_cpu(hosts[i], 0, &got, NULL, 0) >= 0 && (!guest || got < guest))
			guest = got;
	/* The target QEMU must have the guest CPU as a model (lib/ppc.md#qemu-profiles): no host is at fault. */
	if (qemu && guest) {
		struct vcpuchar_ppc_request q = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
		struct ppc_target t;

		q.qemu_profile = qemu;
		q.cpu = guest;
		if ((r = vcpuchar_ppc_target_resolve(&q, &t, err, err_size)) < 0) {
			if (refused)
				refused[0] = refused[1] = UINT32_MAX;
			return r;
		}
	}
	if ((r = vcpuchar_ppc_baseline(hosts, n_hosts, levels, held_back, ret)) < 0)
		return r;
	/* A POWER7 guest CPU lacks ISA 2.07: QEMU gives it cfpc=broken (lib/ppc.md#machine-defaults). */
	vcpuchar_ppc_caps_limit_cpu(&ret->caps, guest);
	*ret_cpu = guest;
	return 0;
}

/* The successor (doc/stability.md#growing-the-api): the optional members in a size-led struct. */
VCPUCHAR_EXPORT int vcpuchar_ppc_fleet_baseline_ext(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts,
						    const struct vcpuchar_ppc_fleet_opts *opts,
						    struct vcpuchar_ppc_baseline *ret, uint32_t *ret_cpu)
{
	struct vcpuchar_ppc_fleet_opts obuf;

	return_val_if_fail(!opts || (VCPUCHAR_SIZE_OK(opts) && !opts->flags && !opts->reserved), -EINVAL);
	opts = VCPUCHAR_IN(opts, &obuf);
	if (!opts)
		return fleet_baseline(hosts, n_hosts, 0, NULL, NULL, ret, ret_cpu, NULL, NULL, 0, NULL, NULL);
	return fleet_baseline(hosts, n_hosts, opts->cpu, opts->levels, opts->held_back, ret, ret_cpu, opts->refused,
			      opts->err, opts->err_size, opts->ids, opts->qemu_profile);
}

/* Superseded by vcpuchar_ppc_fleet_baseline_ext(), which it calls. */
VCPUCHAR_EXPORT int vcpuchar_ppc_fleet_baseline(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts,
						uint32_t cpu, struct vcpuchar_ppc_caps *levels, uint32_t *held_back,
						struct vcpuchar_ppc_baseline *ret, uint32_t *ret_cpu, uint32_t *refused,
						char *err, size_t err_size)
{
	struct vcpuchar_ppc_fleet_opts o = VCPUCHAR_INIT(struct vcpuchar_ppc_fleet_opts);

	o.cpu = cpu;
	o.levels = levels;
	o.held_back = held_back;
	o.refused = refused;
	o.err = err;
	o.err_size = err_size;
	return vcpuchar_ppc_fleet_baseline_ext(hosts, n_hosts, &o, ret, ret_cpu);
}

/* One guest of the fleet with the baseline caps: @host's warnings, or the caps' own without one. */
static int fleet_warn(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *all,
		      struct vcpuchar_ppc_warnings *w)
{
	uint32_t n = 0;
	int r;

	*w = (struct vcpuchar_ppc_warnings)VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	if ((r = vcpuchar_ppc_warnings_check(host, all, w)) < 0)
		return r;
	/* The fixed-na abort is the caps' own, said once, without a host. */
	for (uint32_t k = 0; k < w->n_entries && k < VCPUCHAR_PPC_WARNING_MAX; k++)
		if (!host || w->entries[k].code != VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT)
			w->entries[n++] = w->entries[k];
	if (host)
		w->codes &= ~(1u << VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT);
	w->n_entries = n;
	return (int)n;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_fleet_warnings(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts,
						const struct vcpuchar_ppc_request *req,
						const struct vcpuchar_ppc_caps *caps,
						struct vcpuchar_ppc_warnings *const *ret)
{
	struct vcpuchar_ppc_request rq, all;
	struct vcpuchar_ppc_warnings w;
	int total = 0, r;

	return_val_if_fail(hosts && n_hosts && n_hosts < INT32_MAX && req && VCPUCHAR_SIZE_OK(req) && caps && ret,
			   -EINVAL);
	for (uint32_t i = 0; i <= n_hosts; i++)
		return_val_if_fail(ret[i] && VCPUCHAR_SIZE_OK(ret[i]) && (!i || hosts[i - 1]), -EINVAL);
	all = *VCPUCHAR_IN(req, &rq);
	all.size = sizeof(all);
	all.caps = *caps;
	all.caps_set = (1u << VCPUCHAR_PPC_N_CAPS) - 1;
	/* Every check first, so that a refusal leaves @ret unchanged. */
	for (uint32_t i = 0; i <= n_hosts; i++) {
		all.mode = i ? req->mode : VCPUCHAR_PPC_MODE_CAPS;
		if ((r = fleet_warn(i ? hosts[i - 1] : NULL, &all, &w)) < 0)
			return r;
	}
	for (uint32_t i = 0; i <= n_hosts; i++) {
		all.mode = i ? req->mode : VCPUCHAR_PPC_MODE_CAPS;
		fleet_warn(i ? hosts[i - 1] : NULL, &all, &w);
		w.n_entries = VCPUCHAR_ENTRIES(ret[i], entries, w.n_entries);
		total += (int)w.n_entries;
		VCPUCHAR_OUT_END(ret[i], &w);
	}
	return total;
}
