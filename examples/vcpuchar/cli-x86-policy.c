/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar x86 policy [--host FILE] [--pinned] [--latency]
 *                     [--cvm none|sev|sev-es|sev-snp|tdx] [--nested-guest] [--json]
 * plus the overrides of lib/x86.md#overrides. JSON keys and exit codes:
 * examples/vcpuchar/README.md.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli-x86.h"

/* Enum options: each may be given once (cli_parse); the names are the library's. */
struct enum_opt {
	const char *name;
	uint32_t set;
	uint32_t *field;
};

static struct enum_opt enum_opts[4];

static gboolean on_enum(const char *name, const char *value, gpointer data, GError **error)
{
	for (size_t i = 0; i < G_N_ELEMENTS(enum_opts); i++) {
		struct enum_opt *o = &enum_opts[i];
		char list[256];
		int v;

		if (strcmp(name, o->name))
			continue;
		v = vcpuchar_x86_from_name(o->set, value);
		if (v < 0) {
			if (vcpuchar_x86_names(o->set, ", ", list, sizeof(list)) < 0)
				list[0] = '\0';
			g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s '%s': expected one of %s", name,
				    value, list);
			return FALSE;
		}
		*o->field = (uint32_t)v;
		return TRUE;
	}
	return FALSE;
}

/* "a|b|c" of a name set, for --help (static: GOption keeps the pointer). */
static const char *choices(uint32_t set)
{
	static char buf[VCPUCHAR_X86_N_NAME_SETS][128];

	if (vcpuchar_x86_names(set, "|", buf[set], sizeof(buf[set])) < 0)
		buf[set][0] = '\0';
	return buf[set];
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

/* KVM_CAP_MAX_VCPUS of this host's /dev/kvm, or 0 when it cannot be asked. */
static uint32_t this_host_max_vcpus(void)
{
	int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	int n = fd < 0 ? -1 : ioctl(fd, KVM_CHECK_EXTENSION, KVM_CAP_MAX_VCPUS);

	if (fd >= 0)
		close(fd);
	return n > 0 ? (uint32_t)n : 0;
}

int cmd_policy(int argc, char **argv)
{
	struct vcpuchar_x86_host host = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	struct vcpuchar_x86_guest_view gv = VCPUCHAR_INIT(struct vcpuchar_x86_guest_view);
	g_autofree char *host_file = NULL, *halt_poll = NULL, *vcpus_arg = NULL, *shell = NULL, *libvirt = NULL;
	g_autofree char *qemu_words = NULL, *ne_lines = NULL, *guest_kernel = NULL;
	uint32_t vcpus = 1, max_vcpus = 0;
	char why[512];
	gboolean json = FALSE, pinned = FALSE, latency = FALSE, nested = FALSE, no_irqchip = FALSE;
	gboolean mwait = FALSE, cstate = FALSE;
	GOptionEntry entries[] = {
		{ "host", 0, 0, G_OPTION_ARG_FILENAME, &host_file, "Host profile (default: probe this host)", "FILE" },
		{ "pinned", 0, 0, G_OPTION_ARG_NONE, &pinned, "Every vCPU pinned 1:1 to a dedicated pCPU", NULL },
		{ "latency", 0, 0, G_OPTION_ARG_NONE, &latency, "Latency-sensitive VM", NULL },
		{ "cvm", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Confidential VM type", choices(VCPUCHAR_X86_NAMES_CVM) },
		{ "nested-guest", 0, 0, G_OPTION_ARG_NONE, &nested, "The guest is given SVM", NULL },
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ "hlt-passthrough", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Override", choices(VCPUCHAR_X86_NAMES_HLT_PASSTHROUGH) },
		{ "want-mwait", 0, 0, G_OPTION_ARG_NONE, &mwait, "Add MWAIT to HLT pass-through", NULL },
		{ "want-cstate", 0, 0, G_OPTION_ARG_NONE, &cstate, "Add CSTATE to HLT pass-through", NULL },
		{ "halt-poll-ns", 0, 0, G_OPTION_ARG_STRING, &halt_poll, "Per-VM halt polling while HLT exits", "NS" },
		{ "cpu-mode", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Guest CPU model", choices(VCPUCHAR_X86_NAMES_CPU_MODE) },
		{ "no-irqchip", 0, 0, G_OPTION_ARG_NONE, &no_irqchip, "No in-kernel irqchip", NULL },
		{ "idle-hlt-kvm", 0, 0, G_OPTION_ARG_CALLBACK, on_enum, "Does KVM use Idle HLT",
		  choices(VCPUCHAR_X86_NAMES_IDLE_HLT_KVM) },
		{ "vcpus", 0, 0, G_OPTION_ARG_STRING, &vcpus_arg, "vCPUs of the VM, for the guest view (default 1)", "N" },
		{ "guest-kernel", 0, 0, G_OPTION_ARG_STRING, &guest_kernel,
		  "The guest's Linux version, for its spinlocks (default unknown)", "VERSION" },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- HLT-exit policy of one VM");
	g_auto(GStrv) qemu = NULL, ne = NULL;
	uint32_t no_kvm = 0;
	int r;

	enum_opts[0] = (struct enum_opt){ "--cvm", VCPUCHAR_X86_NAMES_CVM, &vm.cvm };
	enum_opts[1] = (struct enum_opt){ "--hlt-passthrough", VCPUCHAR_X86_NAMES_HLT_PASSTHROUGH, &vm.hlt_passthrough };
	enum_opts[2] = (struct enum_opt){ "--cpu-mode", VCPUCHAR_X86_NAMES_CPU_MODE, &vm.cpu_mode };
	enum_opts[3] = (struct enum_opt){ "--idle-hlt-kvm", VCPUCHAR_X86_NAMES_IDLE_HLT_KVM, &vm.idle_hlt_kvm };
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
		guint64 n;

		if ((r = cli_number("--halt-poll-ns", halt_poll, UINT32_MAX, &n)))
			return r;
		vm.flags |= VCPUCHAR_X86_VM_HALT_POLL_NS;
		vm.halt_poll_ns = (uint32_t)n;
	}

	/* The parse is the library's; "6.1.0-57-amd64" (Debian's ABI name) reads as unknown. */
	if (guest_kernel && vcpuchar_x86_kernel_parse(guest_kernel, &vm.guest_kernel) < 0)
		return cli_usage("bad value '%s' for --guest-kernel (a Linux version such as 6.1.192 or 6.12.58)",
				 guest_kernel);
	gv.guest_kernel = vm.guest_kernel;

	if (vcpus_arg) {
		guint64 n;

		/* Only the parse here: the range is the library's (vcpuchar_x86_vm_check()). */
		if ((r = cli_number("--vcpus", vcpus_arg, UINT64_MAX, &n)))
			return r;
		vcpus = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
		if (vcpuchar_x86_vm_check(NULL, NULL, vcpus, 0, why, sizeof(why)) == -ERANGE)
			return cli_usage("bad value '%s' for --vcpus (%s)", vcpus_arg, why);
	}

	if (host_file) {
		size_t err_size = CLI_ERR_SIZE(host_file);
		g_autofree char *err = g_malloc0(err_size);

		r = vcpuchar_profile_load(host_file, NULL, &host, err, err_size);
		if (r < 0)
			return cli_usage("--host %s", err);
	} else {
		max_vcpus = this_host_max_vcpus();
		no_kvm = probe_this_host(&host);
	}

	/* Every rule is the library's: the CLI names the option the message's member came from. */
	r = vcpuchar_x86_vm_check(&host, &vm, vcpus, max_vcpus, why, sizeof(why));
	if (r == -ERANGE)
		return cli_usage("bad value '%s' for --vcpus (%s)", vcpus_arg, why);
	if (r == -ENODATA)
		return cli_usage("--host %s: %s", host_file, why);
	if (r == -ENOTSUP)
		return cli_usage("%s%s %s", host_file ? "--host " : "this host", host_file ? host_file : "", why);
	/* The library names the VM's members; the user gave them as options. */
	if (r < 0 && g_str_has_prefix(why, "cvm "))
		return cli_usage("--%s", why);
	if (r < 0 && g_str_has_prefix(why, "contradictory profile"))
		return cli_usage("--hlt-passthrough never with --want-mwait or --want-cstate (%s)", why);
	if (r < 0)
		return cli_usage("%s", why);
	r = vcpuchar_x86_decide(&host, &vm, &p);
	if (r < 0)
		return cli_usage("cannot decide: %s", g_strerror(-r));

	qemu_words = x86_format(&p, &host, &vm, VCPUCHAR_X86_FORMAT_QEMU);
	shell = x86_format(&p, &host, &vm, VCPUCHAR_X86_FORMAT_QEMU_SHELL);
	libvirt = x86_format(&p, &host, &vm, VCPUCHAR_X86_FORMAT_LIBVIRT);
	ne_lines = x86_format(&p, &host, &vm, VCPUCHAR_X86_FORMAT_NOT_EXPRESSIBLE);
	if (!qemu_words || !shell || !libvirt || !ne_lines)
		return cli_usage("cannot spell the policy for QEMU and libvirt");
	qemu = g_strsplit(qemu_words, "\n", -1);
	ne = *ne_lines ? g_strsplit(ne_lines, "\n", -1) : g_new0(char *, 1);
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
		json_builder_add_string_value(b, libvirt);
		json_strings(b, "not_expressible", ne);
		json_facts_not_read(b, &host, no_kvm);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		cli_text_x86_policy(&p);
		text_guest(&gv, vcpus);
		cli_printf("qemu\n  %s\n", shell);
		cli_printf("libvirt\n  %s\n", libvirt);
		for (guint i = 0; ne[i]; i++)
			cli_printf("not expressible: %s\n", ne[i]);
	}
	/* A refusal-class reason: the profile asked for something not given. */
	return p.n_refusals ? CLI_NO : CLI_OK;
}
