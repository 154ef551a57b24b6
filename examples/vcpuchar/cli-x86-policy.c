/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar x86 policy [--host FILE] [--pinned] [--latency]
 *                     [--cvm none|sev|sev-es|sev-snp] [--nested-guest] [--json]
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

int cmd_policy(int argc, char **argv)
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
