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
	for (unsigned i = 0; i < 32; i++)
		if ((p->disable_exits & (1u << i)) && vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, i))
			json_builder_add_string_value(b, vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, i));
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
	for (unsigned i = 0, n = 0; i < 32; i++)
		if ((p->disable_exits & (1u << i)) && vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, i))
			cli_printf("%s%s", n++ ? "|" : "", vcpuchar_x86_name(VCPUCHAR_X86_NAMES_DISABLE_EXIT, i));
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

/* One format of vcpuchar_x86_policy_format(), allocated; NULL when the library refuses. */
char *x86_format(const struct vcpuchar_x86_policy *p, const struct vcpuchar_x86_host *h,
		 const struct vcpuchar_x86_vm *vm, uint32_t format)
{
	int n = vcpuchar_x86_policy_format(p, h, vm, format, NULL, 0);
	char *buf;

	if (n < 0)
		return NULL;
	buf = g_malloc((size_t)n + 1);
	if (vcpuchar_x86_policy_format(p, h, vm, format, buf, (size_t)n + 1) != n) {
		g_free(buf);
		return NULL;
	}
	return buf;
}

/* The guest's view (lib/x86.md#guest-view), keys as in the tier's table. */
/* The guest kernel as the view took it: "a.b.c", or "unknown" (not given, or an ABI name). */
static void kernel_text(uint32_t k, char *buf, size_t size)
{
	if (k)
		snprintf(buf, size, "%u.%u.%u", k >> 24, k >> 16 & 0xff, k & 0xffff);
	else
		snprintf(buf, size, "unknown");
}

void json_guest(JsonBuilder *b, const struct vcpuchar_x86_guest_view *g, uint32_t vcpus)
{
	char guest_kernel[24];

	kernel_text(g->guest_kernel, guest_kernel, sizeof(guest_kernel));
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
	json_builder_set_member_name(b, "guest_kernel");
	json_builder_add_string_value(b, guest_kernel);
	json_builder_end_object(b);
}

void text_guest(const struct vcpuchar_x86_guest_view *g, uint32_t vcpus)
{
	const char *yn[] = { "no", "yes" };

	char guest_kernel[24];

	kernel_text(g->guest_kernel, guest_kernel, sizeof(guest_kernel));
	cli_printf("guest (%u vCPUs, kernel %s)\n", vcpus, guest_kernel);
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

void json_strings(JsonBuilder *b, const char *key, char **a)
{
	json_builder_set_member_name(b, key);
	json_builder_begin_array(b);
	for (guint i = 0; a[i]; i++)
		json_builder_add_string_value(b, a[i]);
	json_builder_end_array(b);
}
