/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * The guest CPU a host runs under KVM-HV (lib/ppc.md#guest-cpu): QEMU's
 * default is the host's own family, and KVM-HV runs the host's generation
 * or an older one in a compatibility mode, never a newer one.
 */
#include <inttypes.h>
#include <stdio.h>

#include "ppc-cpu.h"
#include "ppc-internal.h"
#include "vcpuchar-private.h"

/* PVR version (the upper half) to family: QEMU target/ppc/cpu-models.h CPU_POWERPC_*_BASE. */
static const struct {
	uint16_t version;
	uint8_t cpu;
	const char *name;
} families[] = {
	{ 0x003f, VCPUCHAR_PPC_CPU_POWER7, "POWER7" },   { 0x004a, VCPUCHAR_PPC_CPU_POWER7, "POWER7+" },
	{ 0x004b, VCPUCHAR_PPC_CPU_POWER8, "POWER8E" },  { 0x004c, VCPUCHAR_PPC_CPU_POWER8, "POWER8NVL" },
	{ 0x004d, VCPUCHAR_PPC_CPU_POWER8, "POWER8" },   { 0x004e, VCPUCHAR_PPC_CPU_POWER9, "POWER9" },
	{ 0x0080, VCPUCHAR_PPC_CPU_POWER10, "POWER10" }, { 0x0082, VCPUCHAR_PPC_CPU_POWER11, "POWER11" },
};

/* The host's family from its PVR, else from the POWER8 flag; 0 when neither says. */
static uint32_t host_family(const struct vcpuchar_ppc_host *host, const char **name)
{
	*name = NULL;
	if (!host)
		return 0;
	for (size_t i = 0; host->pvr && i < sizeof(families) / sizeof(families[0]); i++)
		if (host->pvr >> 16 == families[i].version) {
			*name = families[i].name;
			return families[i].cpu;
		}
	if (host->power8) {
		*name = "POWER8-family";
		return VCPUCHAR_PPC_CPU_POWER8;
	}
	return 0;
}

int vcpuchar_ppc_cpu_resolve(const struct vcpuchar_ppc_host *host, uint32_t cpu, uint32_t *ret, char *err,
			     size_t err_size)
{
	const char *name;
	uint32_t family = host_family(host, &name);

	if (family && cpu > family) {
		char pvr[24] = "power8 flag";

		if (host->pvr)
			snprintf(pvr, sizeof(pvr), "pvr 0x%08" PRIx32, host->pvr);
		return vcpuchar_set_err(err, err_size, -ENOENT,
					"a POWER%" PRIu32 " guest CPU cannot run on this %s host (%s): KVM-HV runs "
					"the host's own generation or an older one in a compatibility mode, so "
					"POWER%" PRIu32 " or older",
					cpu, name, pvr, family);
	}
	if (cpu) {
		*ret = cpu;
		/* Facts without a CPU cannot refuse a newer guest CPU: say it was not checked. */
		if (host && !family)
			return vcpuchar_set_err(err, err_size, 2,
						"the host facts carry no CPU (no pvr, not marked POWER8-family): whether a "
						"POWER%" PRIu32 " guest CPU runs there is not checked (KVM-HV runs the "
						"host's own generation or an older one)", cpu);
		vcpuchar_set_err(err, err_size, 0, "%s", "");
		return 0;
	}
	if (family) {
		/* QEMU under KVM: the pseries default CPU is "host" (kvm_ppc_register_host_cpu_type()). */
		*ret = family;
		vcpuchar_set_err(err, err_size, 0, "%s", "");
		return 0;
	}
	*ret = VCPUCHAR_PPC_CPU_POWER9;
	if (host && host->pvr)
		return vcpuchar_set_err(err, err_size, 1,
					"the host's pvr 0x%08" PRIx32
					" is no POWER7 to POWER11 this library knows: the "
					"guest CPU is assumed POWER9; give it explicitly",
					host->pvr);
	return vcpuchar_set_err(err, err_size, 1,
				"the host facts carry no CPU (no pvr, not marked POWER8-family): the guest CPU is "
				"assumed POWER9, while QEMU under KVM gives the host's own; give it explicitly");
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_cpu(const struct vcpuchar_ppc_host *host, uint32_t cpu, uint32_t *ret, char *err,
					  size_t err_size)
{
	return_val_if_fail(ret && ppc_host_power_ok(host) && ppc_cpu_ok(cpu) && (err || !err_size), -EINVAL);
	return vcpuchar_ppc_cpu_resolve(host, cpu, ret, err, err_size);
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_cpus(const struct vcpuchar_ppc_host *host, uint32_t *ret)
{
	struct vcpuchar_ppc_host hbuf;
	const char *name;
	uint32_t family;

	return_val_if_fail(ret && ppc_host_power_ok(host), -EINVAL);
	/* An older caller's struct lacks pvr: it reads as 0. */
	family = host_family(host ? VCPUCHAR_IN(host, &hbuf) : NULL, &name);
	/* POWER7 up to the family: kvmppc_set_arch_compat() takes every level up to the host's. */
	*ret = ((2u << (family ? family : VCPUCHAR_PPC_CPU_POWER11)) - 1) & ~((1u << VCPUCHAR_PPC_CPU_POWER7) - 1);
	return family ? 0 : 1;
}

/* The successor (doc/stability.md#growing-the-api): the second kinds of success are fields, not returns. */
VCPUCHAR_EXPORT int vcpuchar_ppc_host_cpu_ext(const struct vcpuchar_ppc_host *host, uint32_t cpu,
					      struct vcpuchar_ppc_guest_cpu *ret, char *err, size_t err_size)
{
	struct vcpuchar_ppc_guest_cpu out = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);
	int r;

	return_val_if_fail(ret && VCPUCHAR_SIZE_OK(ret) && (err || !err_size), -EINVAL);
	r = vcpuchar_ppc_host_cpu(host, cpu, &out.cpu, out.note, sizeof(out.note));
	if (r < 0) {
		/* Pure and unchanged on failure: asked again for the caller's buffer and size. */
		if (err_size)
			vcpuchar_ppc_host_cpu(host, cpu, &out.cpu, err, err_size);
		return r;
	}
	out.basis = (uint32_t)r;
	if (vcpuchar_ppc_host_cpus(host, &out.families) < 0)
		return -EINVAL;
	if (err_size)
		err[0] = '\0';
	vcpuchar_out_end(ret, &out, sizeof(out));
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_request_cpu(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
					     struct vcpuchar_ppc_guest_cpu *ret, char *err, size_t err_size)
{
	struct vcpuchar_ppc_guest_cpu out = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_cpu);
	struct vcpuchar_ppc_request rq;
	struct ppc_target t;
	int r;

	if (!req || !ret || !VCPUCHAR_SIZE_OK(ret) || !VCPUCHAR_SIZE_OK(req) || !ppc_host_power_ok(host) ||
	    (!err && err_size))
		return vcpuchar_set_err(err, err_size, -EINVAL, "%s", "missing or bad argument");
	req = VCPUCHAR_IN(req, &rq);
	/* The request's own refusals first, as vcpuchar_ppc_decide() gives them. */
	if ((r = vcpuchar_ppc_request_why(req, &t, err, err_size)) < 0)
		return r;
	/* Under KVM the host's family (lib/ppc.md#guest-cpu). */
	if (req->accel == VCPUCHAR_ACCEL_KVM)
		return vcpuchar_ppc_host_cpu_ext(host, req->cpu, ret, err, err_size);
	/* Under TCG the machine type's default CPU (lib/ppc.md#tcg-default-cpu). */
	out.cpu = req->cpu ? req->cpu : t.default_cpu;
	out.families = t.families;
	if (!req->cpu && t.cpu_assumed) {
		out.basis = VCPUCHAR_PPC_CPU_BASIS_ASSUMED;
		snprintf(out.note, sizeof(out.note), "%s",
			 t.profile ? "the QEMU profile's machine type names no power7 to power11 default CPU: the "
				     "guest CPU is assumed POWER9; give it explicitly"
				   : "the machine type's default CPU under TCG is not known here (a type whose "
				     "defaults are unknown, or one newer than pseries-11.1): the guest CPU is assumed "
				     "POWER9; give it explicitly");
	}
	vcpuchar_set_err(err, err_size, 0, "%s", "");
	vcpuchar_out_end(ret, &out, sizeof(out));
	return 0;
}
