/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * A decided x86 policy in QEMU's and libvirt's words (lib/x86.md#qemu-and-libvirt).
 * Spellings and their sources:
 *  - "-overcommit cpu-pm=on|off": QEMU qemu-options.hx; with it QEMU's
 *    target/i386/kvm/kvm.c asks KVM_CAP_X86_DISABLE_EXITS for MWAIT, HLT,
 *    PAUSE and CSTATE, masked by what KVM allows, never a subset;
 *  - "kvm-pv-unhalt", "kvm-poll-control" (FEAT_KVM bits 7 and 12) and
 *    "kvm-hint-dedicated" (FEAT_KVM_HINTS bit 0): QEMU target/i386/cpu.c
 *    feature_word_info names, set as -cpu properties;
 *  - <pvspinlock state=.../>: libvirt docs/formatdomain.rst, written as
 *    kvm-pv-unhalt=on|off (src/qemu/qemu_command.c);
 *  - <kvm><hint-dedicated state='on'/><poll-control state='on'/></kvm>:
 *    libvirt writes kvm-hint-dedicated=on and kvm-poll-control=on, but
 *    nothing for state='off' (src/qemu/qemu_command.c, the kvm features
 *    loop, 9.0), while QEMU's host model sets POLL_CONTROL by itself
 *    (lib/x86.md#qemu-and-libvirt): "off" goes through <qemu:commandline>
 *    as -global host-x86_64-cpu.kvm-poll-control=off, which libvirt passes
 *    on unchanged;
 *  - -overcommit cpu-pm=on: libvirt 9.0 and 11.3 write -overcommit only
 *    with mem-lock (measured, tests/libvirt-hook/x86-spelling.sh), so it
 *    goes through <qemu:commandline> too. Both accept hint-dedicated with
 *    any CPU mode (measured there).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "vcpuchar-private.h"

/* Text being built: counts every byte, writes only while @buf has room (snprintf-like). */
struct out {
	char *buf;
	size_t size, len;
};

__attribute__((format(printf, 2, 3))) static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->len < o->size ? o->buf + o->len : NULL, o->len < o->size ? o->size - o->len : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->len += (size_t)n;
}

/* Between the items of a list format: one a line. */
static void next(struct out *o, size_t start)
{
	if (o->len > start)
		put(o, "\n");
}

static void exit_flags(struct out *o, uint32_t de)
{
	for (uint32_t i = 0, n = 0; i < 32; i++)
		if ((de & (1u << i)) && vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, i))
			put(o, "%s%s", n++ ? "|" : "", vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, i));
}

/* A word as a POSIX shell reads it back: plain when it can be, else in single quotes. */
static void shell_word(struct out *o, const char *w)
{
	bool plain = *w != '\0';

	for (const char *c = w; *c; c++)
		plain = plain && ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
				  strchr("-_=,.:/+@%", *c));
	if (plain) {
		put(o, "%s", w);
		return;
	}
	put(o, "'");
	for (const char *c = w; *c; c++)
		put(o, *c == '\'' ? "'\\''" : "%c", *c);
	put(o, "'");
}

static void qemu_words(struct out *o, const struct vcpuchar_x86_policy *p, uint32_t allowed, bool other,
		       bool shell)
{
	const uint32_t pm = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT |
			    VCPUCHAR_X86_DISABLE_EXITS_PAUSE | VCPUCHAR_X86_DISABLE_EXITS_CSTATE;
	const char *sep = shell ? " " : "\n";
	char cpu[160];

	/* cpu-pm=on asks for exactly what KVM allows of the four; anything else cannot be spelled. */
	if (!p->disable_exits)
		put(o, "-overcommit%scpu-pm=off%s", sep, sep);
	else if (p->disable_exits == (allowed & pm))
		put(o, "-overcommit%scpu-pm=on%s", sep, sep);
	snprintf(cpu, sizeof(cpu), "%s,kvm-pv-unhalt=%s,kvm-hint-dedicated=%s,kvm-poll-control=%s",
		 other ? "<model>" : "host", p->pv_unhalt ? "on" : "off", p->hints_realtime ? "on" : "off",
		 p->poll_control ? "on" : "off");
	put(o, "-cpu%s", sep);
	if (shell)
		shell_word(o, cpu);
	else
		put(o, "%s", cpu);
}

/* -overcommit cpu-pm=on says exactly the decided exits (see qemu_words). */
static bool cpu_pm_on(const struct vcpuchar_x86_policy *p, uint32_t allowed)
{
	const uint32_t pm = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT |
			    VCPUCHAR_X86_DISABLE_EXITS_PAUSE | VCPUCHAR_X86_DISABLE_EXITS_CSTATE;

	return p->disable_exits && p->disable_exits == (allowed & pm);
}

/*
 * lib/x86.md#qemu-and-libvirt (since 1.3): libvirt's own elements; no CPU mode
 * unless the caller declared host-passthrough; <qemu:commandline> only for
 * what libvirt has no element for: -overcommit cpu-pm=on, and POLL_CONTROL
 * off under host-passthrough (checked against libvirt 9.0 and 11.3 by
 * tests/libvirt-hook/x86-spelling.sh).
 */
static void libvirt_xml(struct out *o, const struct vcpuchar_x86_policy *p, uint32_t allowed, uint32_t mode)
{
	bool passthrough = mode == VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH;
	/* A named model has no POLL_CONTROL unless asked (QEMU's KVM defaults lack it). */
	bool poll_off = passthrough && !p->poll_control, cpu_pm = cpu_pm_on(p, allowed);

	put(o, "<features><pvspinlock state='%s'/>", p->pv_unhalt ? "on" : "off");
	/* Only "on" has an effect in libvirt (see above): "off" elements would be empty words. */
	if (p->hints_realtime || p->poll_control)
		put(o, "<kvm>%s%s</kvm>", p->hints_realtime ? "<hint-dedicated state='on'/>" : "",
		    p->poll_control ? "<poll-control state='on'/>" : "");
	put(o, "</features>");
	/* The CPU mode is the domain's, written only when the caller declared it. */
	if (passthrough)
		put(o, "<cpu mode='host-passthrough'/>");
	/* The one way libvirt passes the rest on (it taints the domain, custom-argv: said in not_expressible). */
	if (!cpu_pm && !poll_off)
		return;
	put(o, "<qemu:commandline xmlns:qemu='http://libvirt.org/schemas/domain/qemu/1.0'>");
	if (cpu_pm)
		put(o, "<qemu:arg value='-overcommit'/><qemu:arg value='cpu-pm=on'/>");
	if (poll_off)
		put(o, "<qemu:arg value='-global'/><qemu:arg value='host-x86_64-cpu.kvm-poll-control=off'/>");
	put(o, "</qemu:commandline>");
}

static void not_expressible(struct out *o, const struct vcpuchar_x86_policy *p, uint32_t allowed, uint32_t mode)
{
	const uint32_t pm = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT |
			    VCPUCHAR_X86_DISABLE_EXITS_PAUSE | VCPUCHAR_X86_DISABLE_EXITS_CSTATE;
	size_t start = o->len;

	if (cpu_pm_on(p, allowed)) {
		put(o, "disabling exits in libvirt: no element says -overcommit cpu-pm=on (libvirt writes -overcommit "
		       "only for mem-lock), so the libvirt text passes -overcommit cpu-pm=on through "
		       "<qemu:commandline>, which marks the domain tainted (custom-argv); before QEMU 10.0 a later "
		       "-overcommit resets mem-lock, so a domain with <memoryBacking><locked/> passes "
		       "mem-lock=on,cpu-pm=on instead");
	} else if (p->disable_exits) {
		put(o, "disabling exactly ");
		exit_flags(o, p->disable_exits);
		put(o, " exits: KVM_ENABLE_CAP(KVM_CAP_X86_DISABLE_EXITS, args[0]=0x%x) on the VM fd before any vCPU "
		       "exists; QEMU's -overcommit cpu-pm=on would ask for 0x%x (MWAIT, HLT, PAUSE and CSTATE, as far "
		       "as KVM allows), and libvirt has no element for it",
		    p->disable_exits, allowed & pm);
	}
	if (p->halt_poll_set) {
		next(o, start);
		put(o, "halt polling of %u ns for this VM: KVM_ENABLE_CAP(KVM_CAP_HALT_POLL, args[0]=%u) on the VM fd; "
		       "neither QEMU nor libvirt has an option for it (kvm.halt_poll_ns is host-wide)",
		    p->halt_poll_ns, p->halt_poll_ns);
	}
	/* The libvirt text's limits (lib/x86.md#qemu-and-libvirt, since 1.3). */
	if (mode == VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH && !p->poll_control) {
		next(o, start);
		put(o, "POLL_CONTROL off in libvirt: no element says it (<poll-control state='off'/> writes nothing, "
		       "and QEMU's host model sets it), so the libvirt text passes -global "
		       "host-x86_64-cpu.kvm-poll-control=off through <qemu:commandline>, which marks the domain "
		       "tainted (custom-argv)");
	} else if (mode == VCPUCHAR_X86_CPU_MODE_UNSPECIFIED && !p->poll_control) {
		next(o, start);
		put(o, "POLL_CONTROL off in libvirt: if the domain's CPU is host-passthrough, QEMU's host model "
		       "sets it and no libvirt element clears it; only <qemu:commandline> with -global "
		       "host-x86_64-cpu.kvm-poll-control=off does, which marks the domain tainted (custom-argv)");
	}
}

static void build(struct out *o, const struct vcpuchar_x86_policy *p, const struct vcpuchar_x86_host *h,
		  const struct vcpuchar_x86_vm *vm, uint32_t format)
{
	uint32_t allowed = (h->have & (1u << VCPUCHAR_X86_FACT_DISABLE_EXITS)) ? h->disable_exits_allowed : 0;
	bool other = vm->cpu_mode == VCPUCHAR_X86_CPU_MODE_OTHER;

	switch (format) {
	case VCPUCHAR_X86_FORMAT_QEMU:
		qemu_words(o, p, allowed, other, false);
		break;
	case VCPUCHAR_X86_FORMAT_QEMU_SHELL:
		qemu_words(o, p, allowed, other, true);
		break;
	case VCPUCHAR_X86_FORMAT_LIBVIRT:
		libvirt_xml(o, p, allowed, vm->cpu_mode);
		break;
	default:
		not_expressible(o, p, allowed, vm->cpu_mode);
		break;
	}
}

VCPUCHAR_EXPORT int vcpuchar_x86_policy_format(const struct vcpuchar_x86_policy *policy,
					       const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
					       uint32_t format, char *buf, size_t size)
{
	struct vcpuchar_x86_policy pbuf;
	struct vcpuchar_x86_host hbuf;
	struct vcpuchar_x86_vm vbuf;
	struct out count = { 0 }, o = { .buf = buf, .size = size };

	return_val_if_fail(policy && host && vm && (buf || !size), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(policy) && VCPUCHAR_SIZE_OK(host) && VCPUCHAR_SIZE_OK(vm), -EINVAL);
	return_val_if_fail(format <= VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE, -EINVAL);
	policy = VCPUCHAR_IN(policy, &pbuf);
	host = VCPUCHAR_IN(host, &hbuf);
	vm = VCPUCHAR_IN(vm, &vbuf);
	return_val_if_fail(vm->cpu_mode <= VCPUCHAR_X86_CPU_MODE_OTHER, -EINVAL);
	build(&count, policy, host, vm, format);
	if (!buf)
		return (int)count.len;
	if (size <= count.len)
		return -ENOSPC;
	buf[0] = '\0';
	build(&o, policy, host, vm, format);
	return (int)o.len;
}
