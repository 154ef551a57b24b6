/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* x86 answers as JSON and text: policy, host facts, spellings */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli-x86.h"

void cli_json_x86_policy(JsonBuilder *b, const struct vcpuchar_x86_policy *p)
{
	char text[1024];

	json_builder_set_member_name(b, "disable_exits");
	json_builder_begin_array(b);
	for (unsigned i = 0; i < G_N_ELEMENTS(flag_names); i++)
		if (p->disable_exits & (1u << i))
			json_builder_add_string_value(b, flag_names[i]);
	json_builder_end_array(b);
	json_builder_set_member_name(b, "hints_realtime");
	json_builder_add_boolean_value(b, p->hints_realtime);
	json_builder_set_member_name(b, "pv_unhalt");
	json_builder_add_boolean_value(b, p->pv_unhalt);
	json_builder_set_member_name(b, "poll_control");
	json_builder_add_boolean_value(b, p->poll_control);
	json_builder_set_member_name(b, "expose_idle_hlt");
	json_builder_add_boolean_value(b, p->expose_idle_hlt);
	json_builder_set_member_name(b, "halt_poll_ns");
	if (p->halt_poll_set)
		json_builder_add_int_value(b, p->halt_poll_ns);
	else
		json_builder_add_null_value(b);
	json_builder_set_member_name(b, "idle_hlt_active");
	json_builder_add_boolean_value(b, p->idle_hlt_active);
	json_builder_set_member_name(b, "reasons");
	json_builder_begin_array(b);
	for (uint32_t i = 0; i < p->n_reasons && i < VCPUCHAR_X86_MAX_REASONS; i++) {
		vcpuchar_x86_reason_text(&p->reasons[i], text, sizeof(text));
		json_builder_begin_object(b);
		json_builder_set_member_name(b, "code");
		json_builder_add_string_value(b, vcpuchar_x86_reason_name(p->reasons[i].code));
		json_builder_set_member_name(b, "text");
		json_builder_add_string_value(b, text);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

void cli_text_x86_policy(const struct vcpuchar_x86_policy *p)
{
	char text[1024];

	cli_printf("disable_exits   ");
	if (!p->disable_exits)
		cli_printf("none");
	for (unsigned i = 0, n = 0; i < G_N_ELEMENTS(flag_names); i++)
		if (p->disable_exits & (1u << i))
			cli_printf("%s%s", n++ ? "|" : "", flag_names[i]);
	cli_printf("\nhints_realtime  %s\npv_unhalt       %s\npoll_control    %s\nexpose_idle_hlt %s\n",
	       p->hints_realtime ? "yes" : "no", p->pv_unhalt ? "yes" : "no", p->poll_control ? "yes" : "no",
	       p->expose_idle_hlt ? "yes" : "no");
	if (p->halt_poll_set)
		cli_printf("halt_poll_ns    %u\n", p->halt_poll_ns);
	else
		cli_printf("halt_poll_ns    leave default\n");
	cli_printf("idle_hlt_active %s\nreasons\n", p->idle_hlt_active ? "yes" : "no");
	for (uint32_t i = 0; i < p->n_reasons && i < VCPUCHAR_X86_MAX_REASONS; i++) {
		gboolean refusal = vcpuchar_x86_reason_class(p->reasons[i].code) == VCPUCHAR_X86_REASON_CLASS_REFUSAL;

		vcpuchar_x86_reason_text(&p->reasons[i], text, sizeof(text));
		cli_printf("  %s%s: %s\n", refusal ? "REFUSED " : "", vcpuchar_x86_reason_name(p->reasons[i].code), text);
	}
}

void cli_json_x86_host(JsonBuilder *b, const struct vcpuchar_x86_host *h)
{
	char text[256];

	json_builder_set_member_name(b, "facts");
	json_builder_begin_array(b);
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++) {
		vcpuchar_x86_host_describe(h, f, text, sizeof(text));
		json_builder_begin_object(b);
		json_builder_set_member_name(b, "name");
		json_builder_add_string_value(b, vcpuchar_x86_fact_name(f));
		json_builder_set_member_name(b, "read");
		json_builder_add_boolean_value(b, (h->have >> f) & 1);
		json_builder_set_member_name(b, "error");
		json_builder_add_string_value(b, h->error[f] ? g_strerror(-h->error[f]) : "");
		json_builder_set_member_name(b, "description");
		json_builder_add_string_value(b, text);
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
	/* The fact scripts ask for most, by value: "" when not read or none. */
	json_builder_set_member_name(b, "vendor_module");
	{
		char m[sizeof(h->vendor_module) + 1];

		snprintf(m, sizeof(m), "%.*s", (int)sizeof(h->vendor_module),
			 (h->have & (1u << VCPUCHAR_X86_FACT_VENDOR_MODULE)) ? h->vendor_module : "");
		json_builder_add_string_value(b, m);
	}
}

/*
 * The decision in QEMU's and libvirt's words (examples/vcpuchar/README.md,
 * lib/x86.md#qemu-and-libvirt). This lives in the CLI, not the library: the
 * library's contract is KVM's interface (the disable-exits mask, CPUID bits,
 * KVM_CAP_HALT_POLL), while these spellings are other programs' command-line
 * and XML text, which change with their releases and are lists of strings a
 * C API would need a buffer protocol for. Spellings and their sources:
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
 *    on unchanged; hint-dedicated needs <cpu mode='host-passthrough'/>
 *    (src/qemu/qemu_validate.c, lib/x86.md#field-reports 3).
 * @qemu gets one argv word per element.
 */
void x86_spellings(const struct vcpuchar_x86_policy *p, const struct vcpuchar_x86_host *h,
			  const struct vcpuchar_x86_vm *vm, GPtrArray *qemu, GString *libvirt, GPtrArray *ne)
{
	const uint32_t pm = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT |
			    VCPUCHAR_X86_DISABLE_EXITS_PAUSE | VCPUCHAR_X86_DISABLE_EXITS_CSTATE;
	uint32_t allowed = (h->have & (1u << VCPUCHAR_X86_FACT_DISABLE_EXITS)) ? h->disable_exits_allowed : 0;
	gboolean other = vm->cpu_mode == VCPUCHAR_X86_CPU_MODE_OTHER;

	if (!p->disable_exits) {
		g_ptr_array_add(qemu, g_strdup("-overcommit"));
		g_ptr_array_add(qemu, g_strdup("cpu-pm=off"));
	} else if (p->disable_exits == (allowed & pm)) {
		/* cpu-pm=on asks for exactly these here: everything of the four that KVM allows. */
		g_ptr_array_add(qemu, g_strdup("-overcommit"));
		g_ptr_array_add(qemu, g_strdup("cpu-pm=on"));
		g_ptr_array_add(ne, g_strdup("disabling exits: libvirt's domain XML has no element for -overcommit "
					     "cpu-pm (none found in docs/formatdomain.rst); a libvirt user can only pass "
					     "it through <qemu:commandline>, or the VMM calls KVM_ENABLE_CAP("
					     "KVM_CAP_X86_DISABLE_EXITS) itself"));
	} else {
		char flags[64] = "";

		for (unsigned i = 0; i < G_N_ELEMENTS(flag_names); i++) {
			if (!(p->disable_exits & (1u << i)))
				continue;
			if (flags[0])
				g_strlcat(flags, "|", sizeof(flags));
			g_strlcat(flags, flag_names[i], sizeof(flags));
		}
		g_ptr_array_add(ne, g_strdup_printf(
			"disabling exactly %s exits: KVM_ENABLE_CAP(KVM_CAP_X86_DISABLE_EXITS, args[0]=0x%x) on the VM fd "
			"before any vCPU exists; QEMU's -overcommit cpu-pm=on would ask for 0x%x (MWAIT, HLT, PAUSE and "
			"CSTATE, as far as KVM allows), and libvirt has no element for it",
			flags, p->disable_exits, allowed & pm));
	}
	g_ptr_array_add(qemu, g_strdup("-cpu"));
	g_ptr_array_add(qemu, g_strdup_printf("%s,kvm-pv-unhalt=%s,kvm-hint-dedicated=%s,kvm-poll-control=%s",
					      other ? "<model>" : "host", p->pv_unhalt ? "on" : "off",
					      p->hints_realtime ? "on" : "off", p->poll_control ? "on" : "off"));
	g_string_append_printf(libvirt, "<features><pvspinlock state='%s'/>", p->pv_unhalt ? "on" : "off");
	/* Only "on" has an effect in libvirt (see above): "off" elements would be empty words. */
	if (p->hints_realtime || p->poll_control)
		g_string_append_printf(libvirt, "<kvm>%s%s</kvm>",
				       p->hints_realtime ? "<hint-dedicated state='on'/>" : "",
				       p->poll_control ? "<poll-control state='on'/>" : "");
	g_string_append(libvirt, "</features>");
	/* -cpu host is host-passthrough; another model is the domain's own choice. */
	if (!other)
		g_string_append(libvirt, "<cpu mode='host-passthrough'/>");
	/*
	 * POLL_CONTROL off under the host model: the one way libvirt passes on
	 * (it marks the domain tainted, custom-argv). A named model has no
	 * POLL_CONTROL unless asked (QEMU's KVM defaults lack it).
	 */
	if (!other && !p->poll_control)
		g_string_append(libvirt, "<qemu:commandline xmlns:qemu='http://libvirt.org/schemas/domain/qemu/1.0'>"
					 "<qemu:arg value='-global'/>"
					 "<qemu:arg value='host-x86_64-cpu.kvm-poll-control=off'/></qemu:commandline>");
	if (p->halt_poll_set)
		g_ptr_array_add(ne, g_strdup_printf("halt polling of %u ns for this VM: KVM_ENABLE_CAP(KVM_CAP_HALT_POLL, "
						    "args[0]=%u) on the VM fd; neither QEMU nor libvirt has an option "
						    "for it (kvm.halt_poll_ns is host-wide)",
						    p->halt_poll_ns, p->halt_poll_ns));
}

/* The argv words as one line a shell reads back into the same words. */
char *shell_line(GPtrArray *words)
{
	GString *s = g_string_new(NULL);

	for (guint i = 0; i < words->len; i++) {
		const char *w = g_ptr_array_index(words, i);
		g_autofree char *q = NULL;
		gboolean plain = *w != 0;

		for (const char *c = w; *c; c++)
			plain = plain && (g_ascii_isalnum(*c) || strchr("-_=,.:/+@%", *c));
		if (i)
			g_string_append_c(s, ' ');
		q = plain ? g_strdup(w) : g_shell_quote(w);
		g_string_append(s, q);
	}
	return g_string_free(s, FALSE);
}

/* The guest's view (lib/x86.md#guest-view), keys as in the tier's table. */
void json_guest(JsonBuilder *b, const struct vcpuchar_x86_guest_view *g, uint32_t vcpus)
{
	json_builder_set_member_name(b, "guest");
	json_builder_begin_object(b);
	json_builder_set_member_name(b, "vcpus");
	json_builder_add_int_value(b, vcpus);
	json_builder_set_member_name(b, "kvm_feature_pv_unhalt");
	json_builder_add_boolean_value(b, g->kvm_features & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT);
	json_builder_set_member_name(b, "kvm_feature_poll_control");
	json_builder_add_boolean_value(b, g->kvm_features & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL);
	json_builder_set_member_name(b, "kvm_hints_realtime");
	json_builder_add_boolean_value(b, g->kvm_hints & VCPUCHAR_X86_KVM_HINTS_REALTIME);
	json_builder_set_member_name(b, "cpuidle_driver");
	json_builder_add_string_value(b, vcpuchar_x86_cpuidle_name(g->cpuidle));
	json_builder_set_member_name(b, "pv_spinlocks");
	json_builder_add_string_value(b, vcpuchar_x86_pv_spinlocks_name(g->pv_spinlocks));
	json_builder_set_member_name(b, "halt_exits_grow");
	json_builder_add_boolean_value(b, g->halt_exits_grow);
	json_builder_end_object(b);
}

void text_guest(const struct vcpuchar_x86_guest_view *g, uint32_t vcpus)
{
	const char *yn[] = { "no", "yes" };

	cli_printf("guest (%u vCPUs)\n", vcpus);
	cli_printf("  kvm_feature_pv_unhalt    %s\n", yn[!!(g->kvm_features & VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT)]);
	cli_printf("  kvm_feature_poll_control %s\n", yn[!!(g->kvm_features & VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL)]);
	cli_printf("  kvm_hints_realtime       %s\n", yn[!!(g->kvm_hints & VCPUCHAR_X86_KVM_HINTS_REALTIME)]);
	cli_printf("  cpuidle_driver           %s\n", vcpuchar_x86_cpuidle_name(g->cpuidle));
	cli_printf("  pv_spinlocks             %s\n", vcpuchar_x86_pv_spinlocks_name(g->pv_spinlocks));
	cli_printf("  halt_exits_grow          %s\n", yn[!!g->halt_exits_grow]);
}

/* Member "facts_not_read": each fact the decision went without, and why. */
void json_facts_not_read(JsonBuilder *b, const struct vcpuchar_x86_host *h, uint32_t no_kvm)
{
	json_builder_set_member_name(b, "facts_not_read");
	json_builder_begin_array(b);
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++) {
		if ((h->have >> f) & 1)
			continue;
		json_builder_begin_object(b);
		json_builder_set_member_name(b, "fact");
		json_builder_add_string_value(b, vcpuchar_x86_fact_name(f));
		json_builder_set_member_name(b, "error");
		if (no_kvm & (1u << f)) {
			g_autofree char *why = g_strdup_printf("/dev/kvm cannot be opened: %s",
							       g_strerror(-h->error[f]));

			json_builder_add_string_value(b, why);
		} else if (h->error[f] && h->error[f] != -ENODATA) {
			/* The library's sentence without "NAME: not read: ": the cause and where it was read. */
			char why[512];
			const char *cause = why;

			vcpuchar_x86_host_describe(h, f, why, sizeof(why));
			if (g_str_has_prefix(why, vcpuchar_x86_fact_name(f)))
				cause = why + strlen(vcpuchar_x86_fact_name(f));
			if (g_str_has_prefix(cause, ": not read: "))
				cause += strlen(": not read: ");
			json_builder_add_string_value(b, cause);
		} else {
			json_builder_add_string_value(b, h->source == VCPUCHAR_SOURCE_PROFILE ? "not in the profile"
											   : "not read");
		}
		json_builder_end_object(b);
	}
	json_builder_end_array(b);
}

void json_strings(JsonBuilder *b, const char *key, GPtrArray *a)
{
	json_builder_set_member_name(b, key);
	json_builder_begin_array(b);
	for (guint i = 0; i < a->len; i++)
		json_builder_add_string_value(b, g_ptr_array_index(a, i));
	json_builder_end_array(b);
}
