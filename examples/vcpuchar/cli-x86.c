/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar x86 policy [--host FILE] [--pinned] [--latency]
 *                     [--cvm none|sev|sev-es|sev-snp] [--nested-guest] [--json]
 * plus the overrides of lib/x86.md#overrides. JSON keys and exit codes:
 * examples/vcpuchar/README.md.
 *
 * vcpuchar x86 verify --policy FILE --before FILE --after FILE
 *                     [--guest-hlts N] [--json]
 * whether KVM honoured a policy (the JSON of `x86 policy --json`), from two
 * vCPU statistics snapshots (JSON objects, KVM statistic name to count, as
 * hlt-vmm prints them): exit 0 when the HLT verdict is "honoured", 1 when it
 * is "not_honoured" or "cannot_tell", 2 for bad usage or input.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli.h"

static const char *const flag_names[] = { "MWAIT", "HLT", "PAUSE", "CSTATE", "APERFMPERF" };

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
static void x86_spellings(const struct vcpuchar_x86_policy *p, const struct vcpuchar_x86_host *h,
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
static char *shell_line(GPtrArray *words)
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
static void json_guest(JsonBuilder *b, const struct vcpuchar_x86_guest_view *g, uint32_t vcpus)
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

static void text_guest(const struct vcpuchar_x86_guest_view *g, uint32_t vcpus)
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
static void json_facts_not_read(JsonBuilder *b, const struct vcpuchar_x86_host *h, uint32_t no_kvm)
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

static void json_strings(JsonBuilder *b, const char *key, GPtrArray *a)
{
	json_builder_set_member_name(b, key);
	json_builder_begin_array(b);
	for (guint i = 0; i < a->len; i++)
		json_builder_add_string_value(b, g_ptr_array_index(a, i));
	json_builder_end_array(b);
}

/* Enum options: each may be given once (cli_parse). */
struct enum_opt {
	const char *name;
	const char *const *values;
	uint32_t n;
	uint32_t *field;
};

static struct enum_opt enum_opts[4];

static gboolean on_enum(const char *name, const char *value, gpointer data, GError **error)
{
	for (size_t i = 0; i < G_N_ELEMENTS(enum_opts); i++) {
		struct enum_opt *o = &enum_opts[i];
		g_autoptr(GString) list = NULL;
		int v;

		if (strcmp(name, o->name))
			continue;
		list = g_string_new(NULL);
		v = cli_enum_index(value, o->values, o->n, list);
		if (v < 0) {
			g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s '%s': expected one of %s", name,
				    value, list->str);
			return FALSE;
		}
		*o->field = (uint32_t)v;
		return TRUE;
	}
	return FALSE;
}

/*
 * Whatever the probe could read; without /dev/kvm the KVM facts stay empty.
 * Returns the facts missing because /dev/kvm could not be opened.
 */
static uint32_t probe_this_host(struct vcpuchar_x86_host *h)
{
	uint32_t no_kvm = 0;
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	int open_err = fd < 0 ? errno : 0;
	int r = vcpuchar_x86_host_probe(fd, NULL, h);

	/* Given -1, the KVM facts say EBADF: the open's error is the cause (as probe says). */
	for (uint32_t f = 0; open_err && f < VCPUCHAR_X86_N_FACTS; f++)
		if (h->error[f] == -EBADF) {
			h->error[f] = -open_err;
			no_kvm |= 1u << f;
		}

	/* The open's own error says what to fix; the probe's EBADF would not. */
	if (open_err)
		fprintf(stderr, "vcpuchar: note: cannot open /dev/kvm: %s; KVM facts are missing\n",
			g_strerror(open_err));
	else if (r)
		fprintf(stderr, "vcpuchar: note: x86 probe of /dev/kvm: %s; KVM facts are missing\n", g_strerror(-r));
	if (fd >= 0)
		close(fd);
	return no_kvm;
}

/*
 * The most vCPUs any x86 KVM gives one VM: KVM_MAX_VCPUS
 * (arch/x86/include/asm/kvm_host.h), a fixed 1024 (288 in older kernels)
 * until it became CONFIG_KVM_MAX_NR_VCPUS (arch/x86/kvm/Kconfig: range
 * 1024 to 4096, 4096 with MAXSMP). This host's own limit is
 * KVM_CHECK_EXTENSION(KVM_CAP_MAX_VCPUS) on /dev/kvm.
 */
#define CLI_X86_MAX_VCPUS 4096

/* KVM_CAP_MAX_VCPUS of this host's /dev/kvm, or 0 when it cannot be asked. */
static uint32_t this_host_max_vcpus(void)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	int n = fd < 0 ? -1 : ioctl(fd, KVM_CHECK_EXTENSION, KVM_CAP_MAX_VCPUS);

	if (fd >= 0)
		close(fd);
	return n > 0 ? (uint32_t)n : 0;
}

static int cmd_policy(int argc, char **argv)
{
	static const char *const cvms[] = { "none", "sev", "sev-es", "sev-snp" };
	static const char *const hpts[] = { "auto", "never", "force" };
	static const char *const modes[] = { NULL, "host-passthrough", "other" };
	static const char *const ihk[] = { "auto", "present", "absent" };
	struct vcpuchar_x86_host host = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_guest_view gv = VCPUCHAR_INIT(struct vcpuchar_x86_guest_view);
	g_autofree char *host_file = NULL, *halt_poll = NULL, *vcpus_arg = NULL, *shell = NULL;
	uint32_t vcpus = 1;
	gboolean json = FALSE, pinned = FALSE, latency = FALSE, nested = FALSE, no_irqchip = FALSE;
	gboolean mwait = FALSE, cstate = FALSE;
	GOptionEntry entries[] = {
		{ "host", 0, 0, G_OPTION_ARG_FILENAME, &host_file, "Host profile (default: probe this host)", "FILE" },
		{ "pinned", 0, 0, G_OPTION_ARG_NONE, &pinned, "Every vCPU pinned 1:1 to a dedicated pCPU", NULL },
		{ "latency", 0, 0, G_OPTION_ARG_NONE, &latency, "Latency-sensitive VM", NULL },
		{ "cvm", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Confidential VM type", "none|sev|sev-es|sev-snp" },
		{ "nested-guest", 0, 0, G_OPTION_ARG_NONE, &nested, "The guest is given SVM", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ "hlt-passthrough", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Override", "auto|never|force" },
		{ "want-mwait", 0, 0, G_OPTION_ARG_NONE, &mwait, "Add MWAIT to HLT pass-through", NULL },
		{ "want-cstate", 0, 0, G_OPTION_ARG_NONE, &cstate, "Add CSTATE to HLT pass-through", NULL },
		{ "halt-poll-ns", 0, 0, G_OPTION_ARG_STRING, &halt_poll, "Per-VM halt polling while HLT exits", "NS" },
		{ "cpu-mode", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Guest CPU model", "host-passthrough|other" },
		{ "no-irqchip", 0, 0, G_OPTION_ARG_NONE, &no_irqchip, "No in-kernel irqchip", NULL },
		{ "idle-hlt-kvm", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Does KVM use Idle HLT", "auto|present|absent" },
		{ "vcpus", 0, 0, G_OPTION_ARG_STRING, &vcpus_arg, "vCPUs of the VM, for the guest view (default 1)", "N" },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- HLT-exit policy of one VM");
	g_autoptr(GPtrArray) qemu = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GPtrArray) ne = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GString) libvirt = g_string_new(NULL);
	uint32_t no_kvm = 0;
	int r;

	enum_opts[0] = (struct enum_opt){ "--cvm", cvms, 4, &vm.cvm };
	enum_opts[1] = (struct enum_opt){ "--hlt-passthrough", hpts, 3, &vm.hlt_passthrough };
	enum_opts[2] = (struct enum_opt){ "--cpu-mode", modes, 3, &vm.cpu_mode };
	enum_opts[3] = (struct enum_opt){ "--idle-hlt-kvm", ihk, 3, &vm.idle_hlt_kvm };
	g_option_context_set_summary(ctx, "Decides the VM's HLT exits, KVM PV hints, halt polling and whether KVM uses "
					  "Idle HLT, with a reason for each; prints the decision also as QEMU options "
					  "(qemu), a libvirt domain XML fragment (libvirt) and what neither can express "
					  "with the KVM call to make instead (not_expressible).");
	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	vm.flags = (pinned ? VCPUCHAR_X86_VM_PINNED : 0) | (latency ? VCPUCHAR_X86_VM_LATENCY : 0) |
		   (nested ? VCPUCHAR_X86_VM_NESTED_GUEST : 0) | (no_irqchip ? VCPUCHAR_X86_VM_NO_IRQCHIP : 0) |
		   (mwait ? VCPUCHAR_X86_VM_WANT_MWAIT : 0) | (cstate ? VCPUCHAR_X86_VM_WANT_CSTATE : 0);
	if (halt_poll) {
		char *end;
		guint64 n;

		errno = 0;
		n = g_ascii_strtoull(halt_poll, &end, 10);
		if (!g_ascii_isdigit(*halt_poll) || errno || *end || n > UINT32_MAX)
			return cli_usage("bad value '%s' for --halt-poll-ns (0 to 4294967295)", halt_poll);
		vm.flags |= VCPUCHAR_X86_VM_HALT_POLL_NS;
		vm.halt_poll_ns = (uint32_t)n;
	}

	if (vcpus_arg) {
		char *end;
		guint64 n;

		errno = 0;
		n = g_ascii_strtoull(vcpus_arg, &end, 10);
		if (!g_ascii_isdigit(*vcpus_arg) || errno || *end || n < 1 || n > CLI_X86_MAX_VCPUS)
			return cli_usage("bad value '%s' for --vcpus (1 to %d: no x86 KVM runs more vCPUs in one VM, "
					 "KVM_MAX_VCPUS being at most %d)", vcpus_arg, CLI_X86_MAX_VCPUS, CLI_X86_MAX_VCPUS);
		vcpus = (uint32_t)n;
	}

	if (host_file) {
		size_t err_size = CLI_ERR_SIZE(host_file);
		g_autofree char *err = g_malloc0(err_size);

		r = vcpuchar_profile_load(host_file, NULL, &host, err, err_size);
		if (r < 0)
			return cli_usage("--host %s", err);
		if (!host.have && host.error[0] == -ENODATA)
			return cli_usage("--host %s: the profile has no [x86] group: there is no x86 information in "
					 "that file", host_file);
		if (!host.have)
			return cli_usage("--host %s: the [x86] group holds no key this version knows (vendor, "
					 "disable_exits_allowed, ...): there is no x86 fact to decide from", host_file);
	} else {
		uint32_t max = this_host_max_vcpus();

		no_kvm = probe_this_host(&host);
		if (max && vcpus > max)
			return cli_usage("bad value '%s' for --vcpus: this host's KVM runs at most %u vCPUs in one VM "
					 "(KVM_CAP_MAX_VCPUS)", vcpus_arg, max);
	}

	/* A confidential VM needs an AMD (or Hygon) host whose kvm_amd offers that type. */
	if (vm.cvm != VCPUCHAR_X86_CVM_NONE) {
		static const uint32_t facts[] = { 0, VCPUCHAR_X86_FACT_SEV, VCPUCHAR_X86_FACT_SEV_ES,
						  VCPUCHAR_X86_FACT_SEV_SNP };
		const uint32_t on[] = { 0, host.sev, host.sev_es, host.sev_snp };
		uint32_t f = facts[vm.cvm];

		if (!(host.have & (1u << VCPUCHAR_X86_FACT_CPUID_VENDOR)))
			return cli_usage("--cvm %s: the host's CPU vendor was not read (%s), and SEV guests run only on "
					 "AMD or Hygon hosts: give vendor= in the profile's [x86] group", cvms[vm.cvm],
					 host_file ? "not in the profile" : "CPUID not read");
		if (host.vendor != VCPUCHAR_X86_VENDOR_AMD && host.vendor != VCPUCHAR_X86_VENDOR_HYGON)
			return cli_usage("--cvm %s needs an AMD host", cvms[vm.cvm]);
		if ((host.have & (1u << f)) && !on[vm.cvm])
			return cli_usage("--cvm %s: kvm_amd.%s is off on this host (%s), so KVM cannot create this "
					 "confidential VM here", cvms[vm.cvm], vcpuchar_x86_fact_name(f),
					 host_file ? "the profile says so" : "/sys/module/kvm_amd/parameters");
	}
	r = vcpuchar_x86_decide(&host, &vm, &p);
	if (r == -ENOTSUP)
		return cli_usage("%s%s describes %s %.*s host: the x86 policy (KVM's x86 exits and CPUID hints such as "
				 "kvm-hint-dedicated) applies to x86 hosts only", host_file ? "--host " : "this host",
				 host_file ? host_file : "", cli_article(host.arch), (int)sizeof(host.arch), host.arch);
	if (r == -EINVAL)
		return cli_usage("contradictory profile: --hlt-passthrough never with --want-mwait or --want-cstate");
	if (r < 0)
		return cli_usage("cannot decide: %s", g_strerror(-r));

	x86_spellings(&p, &host, &vm, qemu, libvirt, ne);
	shell = shell_line(qemu);
	r = vcpuchar_x86_guest_view(&p, vcpus, &gv);
	if (r < 0)
		return cli_usage("cannot tell the guest's view: %s", g_strerror(-r));
	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		cli_json_x86_policy(b, &p);
		json_guest(b, &gv, vcpus);
		json_strings(b, "qemu", qemu);
		json_builder_set_member_name(b, "qemu_shell");
		json_builder_add_string_value(b, shell);
		json_builder_set_member_name(b, "libvirt");
		json_builder_add_string_value(b, libvirt->str);
		json_strings(b, "not_expressible", ne);
		json_facts_not_read(b, &host, no_kvm);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		cli_text_x86_policy(&p);
		text_guest(&gv, vcpus);
		cli_printf("qemu\n  %s\n", shell);
		cli_printf("libvirt\n  %s\n", libvirt->str);
		for (guint i = 0; i < ne->len; i++)
			cli_printf("not expressible: %s\n", (const char *)g_ptr_array_index(ne, i));
	}
	/* A refusal-class reason: the profile asked for something not given. */
	return p.n_refusals ? CLI_NO : CLI_OK;
}

/* The root object of a JSON file, or NULL with the message printed. */
static JsonObject *load_object(JsonParser *parser, const char *opt, const char *path)
{
	JsonNode *root = cli_json_load(parser, opt, path);

	if (!root)
		return NULL;
	if (!JSON_NODE_HOLDS_OBJECT(root)) {
		cli_usage("%s %s: not a JSON object", opt, path);
		return NULL;
	}
	return json_node_get_object(root);
}

/* A member that is a JSON integer >= 0. */
static gboolean json_count(JsonObject *o, const char *name, uint64_t *ret)
{
	JsonNode *n = json_object_get_member(o, name);

	if (!n || !JSON_NODE_HOLDS_VALUE(n) || json_node_get_value_type(n) != G_TYPE_INT64 || json_node_get_int(n) < 0)
		return FALSE;
	*ret = (uint64_t)json_node_get_int(n);
	return TRUE;
}

/* The statistics the library knows, by KVM name; other names are ignored (a full dump is fine). */
static int load_stats(const char *opt, const char *path, struct vcpuchar_x86_vcpu_stats *st)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o = load_object(parser, opt, path);

	if (!o)
		return CLI_USAGE;
	for (uint32_t s = 0; s < VCPUCHAR_X86_N_STATS; s++) {
		const char *name = vcpuchar_x86_stat_name(s);

		if (!json_object_has_member(o, name))
			continue;
		if (!json_count(o, name, &st->values[s]))
			return cli_usage("%s %s: %s is not a count (an integer from 0 to 9223372036854775807, "
					 "as json-glib reads them)", opt, path, name);
		st->have |= 1u << s;
	}
	return 0;
}

/* A JSON scalar of @type (NULL, null, arrays and objects are not). */
static gboolean is_type(JsonNode *n, GType type)
{
	return n && JSON_NODE_HOLDS_VALUE(n) && json_node_get_value_type(n) == type;
}

/* Back from the JSON of `x86 policy --json`: the members the verification reads. */
static int load_policy(const char *path, struct vcpuchar_x86_policy *p)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o = load_object(parser, "--policy", path);
	JsonArray *a;

	if (!o)
		return CLI_USAGE;
	if (!json_object_has_member(o, "disable_exits") || !json_object_has_member(o, "idle_hlt_active") ||
	    !json_object_has_member(o, "reasons"))
		return cli_usage("--policy %s: not the JSON of 'vcpuchar x86 policy --json' "
				 "(needs disable_exits, idle_hlt_active, reasons)", path);
	/* Every member of the type the policy JSON has: json-glib reads a wrong one as 0 or empty. */
	if (!JSON_NODE_HOLDS_ARRAY(json_object_get_member(o, "disable_exits")))
		return cli_usage("--policy %s: disable_exits is not an array of flag names", path);
	if (!JSON_NODE_HOLDS_ARRAY(json_object_get_member(o, "reasons")))
		return cli_usage("--policy %s: reasons is not an array of objects", path);
	if (!is_type(json_object_get_member(o, "idle_hlt_active"), G_TYPE_BOOLEAN))
		return cli_usage("--policy %s: idle_hlt_active is not true or false", path);
	a = json_object_get_array_member(o, "disable_exits");
	for (guint i = 0; i < json_array_get_length(a); i++) {
		JsonNode *n = json_array_get_element(a, i);
		const char *f = is_type(n, G_TYPE_STRING) ? json_node_get_string(n) : NULL;
		guint k;

		for (k = 0; f && k < G_N_ELEMENTS(flag_names); k++)
			if (!strcmp(f, flag_names[k]))
				break;
		if (!f || k == G_N_ELEMENTS(flag_names))
			return cli_usage("--policy %s: disable_exits[%u]: unknown flag '%s'", path, i,
					 f ? f : "(not a string)");
		/* x86 policy prints each flag once: a repeat is a hand edit, or another program's JSON. */
		if (p->disable_exits & (1u << k))
			return cli_usage("--policy %s: disable_exits[%u]: flag '%s' given twice", path, i, f);
		p->disable_exits |= 1u << k;
	}
	p->idle_hlt_active = json_object_get_boolean_member(o, "idle_hlt_active");
	a = json_object_get_array_member(o, "reasons");
	if (json_array_get_length(a) > VCPUCHAR_X86_MAX_REASONS)
		return cli_usage("--policy %s: reasons: %u entries, more than a policy has (%d)", path,
				 json_array_get_length(a), VCPUCHAR_X86_MAX_REASONS);
	for (guint i = 0; i < json_array_get_length(a); i++) {
		JsonNode *n = json_array_get_element(a, i);
		JsonObject *r = JSON_NODE_HOLDS_OBJECT(n) ? json_node_get_object(n) : NULL;
		JsonNode *c = r ? json_object_get_member(r, "code") : NULL;
		const char *name = is_type(c, G_TYPE_STRING) ? json_node_get_string(c) : NULL;
		int code = name ? vcpuchar_x86_reason_from_name(name) : -EINVAL;

		if (!r)
			return cli_usage("--policy %s: reasons[%u] is not an object", path, i);
		if (code < 0)
			return cli_usage("--policy %s: reasons[%u]: unknown code '%s'", path, i,
					 name ? name : "(no code string)");
		/* A policy holds each code once, and never a verification's own (a verdict is no policy). */
		if (vcpuchar_x86_reason_class((uint32_t)code) == VCPUCHAR_X86_REASON_CLASS_VERIFY)
			return cli_usage("--policy %s: reasons[%u]: '%s' is a reason of x86 verify, never of a policy",
					 path, i, name);
		for (uint32_t k = 0; k < p->n_reasons; k++)
			if (p->reasons[k].code == (uint32_t)code)
				return cli_usage("--policy %s: reasons[%u]: code '%s' given twice", path, i, name);
		p->reasons[p->n_reasons++].code = (uint32_t)code;
	}
	return 0;
}

static int cmd_verify(int argc, char **argv)
{
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_vcpu_stats before = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_vcpu_stats after = VCPUCHAR_INIT(struct vcpuchar_x86_vcpu_stats);
	struct vcpuchar_x86_verdict v = VCPUCHAR_INIT(struct vcpuchar_x86_verdict);
	g_autofree char *policy_file = NULL, *before_file = NULL, *after_file = NULL, *hlts = NULL;
	gboolean json = FALSE;
	GOptionEntry entries[] = {
		{ "policy", 0, 0, G_OPTION_ARG_FILENAME, &policy_file, "The JSON of 'x86 policy --json'", "FILE" },
		{ "before", 0, 0, G_OPTION_ARG_FILENAME, &before_file, "vCPU statistics before the run (JSON)", "FILE" },
		{ "after", 0, 0, G_OPTION_ARG_FILENAME, &after_file, "vCPU statistics after the run (JSON)", "FILE" },
		{ "guest-hlts", 0, 0, G_OPTION_ARG_STRING, &hlts, "HLTs the guest executed (default: unknown)", "N" },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- did KVM honour the policy? (vCPU statistics)");
	uint64_t guest = VCPUCHAR_X86_GUEST_HLTS_UNKNOWN;
	/* A statistic absent from a snapshot is unknown, never 0 (the library leaves its growth at 0). */
	const struct {
		const char *name;
		uint32_t stat;
		const uint64_t *value;
	} counts[] = {
		{ "halt_exits", VCPUCHAR_X86_STAT_HALT_EXITS, &v.halt_exits },
		{ "halt_attempted_poll", VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL, &v.halt_attempted_poll },
		{ "halt_successful_poll", VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL, &v.halt_successful_poll },
		{ "exits", VCPUCHAR_X86_STAT_EXITS, &v.exits },
	};
	char text[512];
	int r;

	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	if (!policy_file || !before_file || !after_file)
		return cli_usage("x86 verify needs --policy, --before and --after");
	if (hlts && strcmp(hlts, "unknown")) {
		char *end;

		errno = 0;
		guest = g_ascii_strtoull(hlts, &end, 10);
		/* The JSON answer holds it as a signed 64-bit integer, as the statistics are read. */
		if (!g_ascii_isdigit(*hlts) || errno || *end || guest > (uint64_t)INT64_MAX)
			return cli_usage("bad value '%s' for --guest-hlts (a count up to 9223372036854775807, or "
					 "unknown)", hlts);
	}
	if ((r = load_policy(policy_file, &p)) || (r = load_stats("--before", before_file, &before)) ||
	    (r = load_stats("--after", after_file, &after)))
		return r;
	r = vcpuchar_x86_policy_verify(&p, &before, &after, guest, &v);
	if (r == -EINVAL)
		return cli_usage("a statistic in --after %s is below its value in --before %s "
				 "(swapped, or of different vCPUs)", after_file, before_file);
	if (r < 0)
		return cli_usage("cannot verify: %s", g_strerror(-r));

	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "hlt");
		json_builder_add_string_value(b, vcpuchar_x86_hlt_verdict_name(v.hlt));
		json_builder_set_member_name(b, "halt_poll");
		json_builder_add_string_value(b, vcpuchar_x86_halt_poll_verdict_name(v.halt_poll));
		json_builder_set_member_name(b, "guest_hlts");
		if (guest == VCPUCHAR_X86_GUEST_HLTS_UNKNOWN)
			json_builder_add_null_value(b);
		else
			json_builder_add_int_value(b, (gint64)guest);
		for (size_t i = 0; i < G_N_ELEMENTS(counts); i++) {
			json_builder_set_member_name(b, counts[i].name);
			if (v.have & (1u << counts[i].stat))
				json_builder_add_int_value(b, (gint64)*counts[i].value);
			else
				json_builder_add_null_value(b);
		}
		json_builder_set_member_name(b, "reasons");
		json_builder_begin_array(b);
		for (uint32_t i = 0; i < v.n_reasons; i++) {
			vcpuchar_x86_reason_text(&v.reasons[i], text, sizeof(text));
			json_builder_begin_object(b);
			json_builder_set_member_name(b, "code");
			json_builder_add_string_value(b, vcpuchar_x86_reason_name(v.reasons[i].code));
			json_builder_set_member_name(b, "text");
			json_builder_add_string_value(b, text);
			json_builder_end_object(b);
		}
		json_builder_end_array(b);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		/* The same lines as examples/hlt-vmm prints. */
		cli_printf("verdict: hlt=%s halt_poll=%s guest_hlts=", vcpuchar_x86_hlt_verdict_name(v.hlt),
		       vcpuchar_x86_halt_poll_verdict_name(v.halt_poll));
		if (guest == VCPUCHAR_X86_GUEST_HLTS_UNKNOWN)
			cli_printf("unknown");
		else
			cli_printf("%" G_GUINT64_FORMAT, guest);
		for (size_t i = 0; i < 2; i++)
			if (v.have & (1u << counts[i].stat))
				cli_printf(" %s=%" G_GUINT64_FORMAT, counts[i].name, *counts[i].value);
			else
				cli_printf(" %s=unknown", counts[i].name);
		cli_printf(" reasons=");
		for (uint32_t i = 0; i < v.n_reasons; i++)
			cli_printf("%s%s", i ? "," : "", vcpuchar_x86_reason_name(v.reasons[i].code));
		cli_printf("\n");
		for (uint32_t i = 0; i < v.n_reasons; i++) {
			vcpuchar_x86_reason_text(&v.reasons[i], text, sizeof(text));
			cli_printf("verdict_reason: %s: %s\n", vcpuchar_x86_reason_name(v.reasons[i].code), text);
		}
	}
	return v.hlt == VCPUCHAR_X86_HLT_VERDICT_HONOURED ? CLI_OK : CLI_NO;
}

int cmd_x86(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "policy"))
		return cmd_policy(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "verify"))
		return cmd_verify(argc - 1, argv + 1);
	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		if (argc > 2)
			return cli_usage("%s takes no argument (given '%s')", argv[1], argv[2]);
		cli_printf("%s\n", "Usage: vcpuchar x86 policy [OPTIONS]\n       vcpuchar x86 verify [OPTIONS]");
		return CLI_OK;
	}
	if (argc < 2)
		return cli_usage("x86: missing subcommand (policy, verify)");
	return cli_usage("x86: unknown subcommand '%s'", argv[1]);
}
