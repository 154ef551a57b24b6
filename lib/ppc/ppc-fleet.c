/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * A fleet's baseline with its guest CPU (lib/ppc.md#fleet-baseline): the
 * hosts are of one architecture, the guest CPU runs on each, and the caps
 * are the baseline limited by that CPU.
 */
#include <string.h>

#include "ppc-internal.h"
#include "vcpuchar-private.h"

static int fleet_baseline(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts, uint32_t cpu,
			  struct vcpuchar_ppc_caps *levels, uint32_t *held_back, struct vcpuchar_ppc_baseline *ret,
			  uint32_t *ret_cpu, uint32_t *refused, char *err, size_t err_size)
{
	uint32_t guest = cpu, arch_from = UINT32_MAX, got;
	int r;

	return_val_if_fail(hosts && n_hosts && ret && ret_cpu && ppc_cpu_ok(cpu) && (err || !err_size), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(ret), -EINVAL);
	for (uint32_t i = 0; i < n_hosts; i++)
		return_val_if_fail(hosts[i] && ppc_host_power_ok(hosts[i]), -EINVAL);
	vcpuchar_set_err(err, err_size, 0, "%s", "");
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
		return fleet_baseline(hosts, n_hosts, 0, NULL, NULL, ret, ret_cpu, NULL, NULL, 0);
	return fleet_baseline(hosts, n_hosts, opts->cpu, opts->levels, opts->held_back, ret, ret_cpu, opts->refused,
			      opts->err, opts->err_size);
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
