/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar probe: this host's facts, what failed and why, and the decisions
 * for a default VM. */
#include <errno.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/*
 * What a profile already at @path holds that the new facts lack: "" when
 * nothing (or no file), else a list for the message. -1 with @why set when
 * the file exists but is not a profile this version reads.
 */
static int save_losses(const char *path, const struct vcpuchar_ppc_host *ppc, const struct vcpuchar_x86_host *x86,
		       GString *lost, char *why, size_t why_size)
{
	struct vcpuchar_ppc_host old_ppc = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host old_x86 = VCPUCHAR_INIT(struct vcpuchar_x86_host);

	struct stat st;

	/* Nothing there, or no regular file: the library's save says what is wrong (it never replaces those). */
	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	if (vcpuchar_profile_load(path, &old_ppc, &old_x86, why, why_size) < 0)
		return -1;
	if ((old_ppc.character_mask | old_ppc.behaviour_mask) && !(ppc->character_mask | ppc->behaviour_mask))
		g_string_append(lost, "the POWER facts ([ppc])");
	for (uint32_t f = 0, n = 0; f < VCPUCHAR_X86_N_FACTS; f++)
		if ((old_x86.have & (1u << f)) && !(x86->have & (1u << f)))
			g_string_append_printf(lost, "%s%s", n++ ? ", " : lost->len ? " and the x86 facts " : "the x86 facts ",
					       vcpuchar_x86_fact_name(f));
	return 0;
}

int cmd_probe(int argc, char **argv)
{
	g_autofree char *save = NULL;
	gboolean json = FALSE, force = FALSE;
	GOptionEntry entries[] = {
		{ "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print one JSON object", NULL },
		{ "save", 0, 0, G_OPTION_ARG_FILENAME, &save, "Save the facts as a host profile", "FILE" },
		{ "force", 0, 0, G_OPTION_ARG_NONE, &force,
		  "With --save: replace a profile even when the new one holds less, or the file is no profile", NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- probe this host through /dev/kvm");
	struct vcpuchar_ppc_host ppc = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings warn = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	struct vcpuchar_ppc_start start = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	struct vcpuchar_x86_host x86 = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm x86_vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy x86_pol = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	int kvm_fd, vm_fd, kvm_err, api = -1, api_err = 0, r, x86_r, x86_dr;
	uint32_t no_kvm_facts = 0;
	struct cli_qemu_target qv;
	char why[256], api_text[96];
	g_autofree char *err = NULL;
	size_t err_size;

	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	/*
	 * The POWER default VM's machine types and texts are those of one QEMU
	 * release, the oldest supported: said in the JSON and the text.
	 */
	if ((r = cli_qemu_version_parse(NULL, &qv)))
		return r;
	err_size = CLI_ERR_SIZE(save ? save : "");
	err = g_malloc0(err_size);

	cli_open_kvm(&kvm_fd, &vm_fd, &kvm_err);
	if (kvm_fd >= 0 && (api = ioctl(kvm_fd, KVM_GET_API_VERSION, 0)) < 0)
		api_err = errno;
	if (vm_fd >= 0) {
		vcpuchar_ppc_host_probe(vm_fd, NULL, &ppc);
	} else {
		/* No VM fd, so KVM_PPC_GET_CPU_CHAR cannot be asked: no information. */
		ppc.source = VCPUCHAR_SOURCE_KVM;
		ppc.error = kvm_err;
	}
	vcpuchar_ppc_host_describe(&ppc, why, sizeof(why));
	r = vcpuchar_ppc_decide(&ppc, &req, &res);
	/* The same warnings as ppc hcall (the request is valid, so this cannot fail once decide did not). */
	if (r == 0) {
		vcpuchar_ppc_warnings_check(&ppc, &req, &warn);
		vcpuchar_ppc_start_check(&ppc, &req, &start);
	}
	/* x86: CPUID and files are read even without /dev/kvm; each fact says why it is missing. */
	x86_r = vcpuchar_x86_host_probe(kvm_fd, NULL, &x86);
	/*
	 * Without /dev/kvm the probe was given -1 and its KVM facts say EBADF;
	 * the cause is the open's error (ENOENT, EACCES): put that in their place.
	 */
	if (kvm_fd < 0) {
		for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++)
			if (x86.error[f] == -EBADF) {
				x86.error[f] = kvm_err;
				no_kvm_facts |= 1u << f;
			}
		if (x86_r == -EBADF)
			x86_r = kvm_err;
	}
	x86_dr = vcpuchar_x86_decide(&x86, &x86_vm, &x86_pol);

	if (force && !save) {
		r = cli_usage("--force qualifies --save; it needs it");
		goto out;
	}
	/*
	 * Never silently replace a richer profile with a poorer one (a probe
	 * without /dev/kvm, say): name what would be lost, and ask for --force.
	 */
	if (save) {
		g_autoptr(GString) lost = g_string_new(NULL);
		char why_kvm[160] = "";

		if (kvm_fd < 0 || vm_fd < 0)
			snprintf(why_kvm, sizeof(why_kvm), " (here %s: %s)",
				 kvm_fd < 0 ? "/dev/kvm cannot be opened" : "KVM_CREATE_VM failed", g_strerror(-kvm_err));
		/* export's save rule: only this command's own output is replaced without --force. */
		if (cli_save_check("--save", save, CLI_HEADER_HOST_PROFILE, force)) {
			r = CLI_USAGE;
			goto out;
		}
		if (save_losses(save, &ppc, &x86, lost, err, err_size) < 0 && !force) {
			r = cli_usage("--save %s: the file exists and is not a profile this version reads (%s); "
				      "nothing was written (--force replaces it)", save, err);
			goto out;
		}
		if (lost->len && !force) {
			r = cli_usage("--save %s: the new profile would lack %s, which the file holds%s; nothing was "
				      "written (--force replaces it anyway)", save, lost->str, why_kvm);
			goto out;
		}
		if (lost->len) {
			g_autofree char *shown = cli_shown(save);

			fprintf(stderr, "vcpuchar: --save %s: replaced with --force; lost %s%s\n", shown, lost->str,
				why_kvm);
		}
	}
	/*
	 * A failed save prints nothing else. Refused for its target (a FIFO, a
	 * directory, no such directory, no permission): bad input, exit 2. The
	 * writing itself failed (the file is unchanged): exit 3, as for stdout.
	 */
	if (save && (r = vcpuchar_profile_save(save, &ppc, x86.have ? &x86 : NULL, err, err_size)) < 0) {
		gboolean io = r == -ENOSPC || r == -EDQUOT || r == -EIO || r == -EFBIG;

		/* The library's file errors start with the path; its fact errors do not. */
		r = g_str_has_prefix(err, save) ? cli_usage("--save: %s", err) : cli_usage("--save %s: %s", save, err);
		if (io)
			r = CLI_IO;
		goto out;
	}

	if (json) {
		g_autoptr(JsonBuilder) b = json_builder_new();

		json_builder_begin_object(b);
		json_builder_set_member_name(b, "kvm");
		json_builder_begin_object(b);
		json_builder_set_member_name(b, "device_opened");
		json_builder_add_boolean_value(b, kvm_fd >= 0);
		json_builder_set_member_name(b, "api_version");
		json_builder_add_int_value(b, api);
		json_builder_set_member_name(b, "vm_created");
		json_builder_add_boolean_value(b, vm_fd >= 0);
		json_builder_set_member_name(b, "error");
		json_builder_add_string_value(b, kvm_err ? g_strerror(-kvm_err) : "");
		json_builder_end_object(b);

		json_builder_set_member_name(b, "ppc");
		json_builder_begin_object(b);
		cli_json_ppc_host(b, &ppc);
		json_builder_set_member_name(b, "default_vm");
		json_builder_begin_object(b);
		/* The machine types and texts are those of one QEMU release: say which. */
		cli_json_qemu_version(b, &qv);
		if (r == 0) {
			cli_json_ppc_result(b, &res);
			cli_json_ppc_spellings(b, &res, &warn, &start);
		}
		json_builder_end_object(b);
		json_builder_end_object(b);

		json_builder_set_member_name(b, "x86");
		json_builder_begin_object(b);
		json_builder_set_member_name(b, "error");
		json_builder_add_string_value(b, x86_r < 0 ? g_strerror(-x86_r) : "");
		cli_json_x86_host(b, &x86);
		json_builder_set_member_name(b, "default_vm");
		json_builder_begin_object(b);
		if (x86_dr == 0)
			cli_json_x86_policy(b, &x86_pol);
		json_builder_end_object(b);
		json_builder_end_object(b);
		json_builder_end_object(b);
		cli_print_json(b);
	} else {
		if (api_err)
			snprintf(api_text, sizeof(api_text), "API unknown (KVM_GET_API_VERSION: %s)", g_strerror(api_err));
		else
			snprintf(api_text, sizeof(api_text), "API %d", api);
		if (kvm_fd < 0)
			cli_printf("kvm             /dev/kvm cannot be opened: %s\n", g_strerror(-kvm_err));
		else if (vm_fd < 0)
			cli_printf("kvm             /dev/kvm %s, but KVM_CREATE_VM failed: %s\n", api_text, g_strerror(-kvm_err));
		else
			cli_printf("kvm             /dev/kvm %s, a VM was created for the probes\n", api_text);
		cli_printf("\n== POWER (KVM_PPC_GET_CPU_CHAR)\nhost            %s\n", why);
		if (r == 0) {
			char target[16];
			uint32_t guest = VCPUCHAR_PPC_CPU_POWER9;

			/* The guest CPU the library decided for: the host's own (lib/ppc.md#guest-cpu). */
			vcpuchar_ppc_host_cpu(&ppc, 0, &guest, NULL, 0);
			cli_qemu_version_target(&qv, target, sizeof(target));
			cli_printf("-- a default VM (pseries of QEMU %s, POWER%u guest; for another QEMU: vcpuchar ppc hcall "
				   "--host PROFILE --qemu-version V)\n", target, guest);
			cli_text_qemu_version(&qv);
			cli_text_ppc_result(&res, guest, 0);
			cli_text_ppc_spellings(&res, &warn, NULL, &start);
		}
		cli_printf("\n== x86 (CPUID, KVM capabilities, kvm and kvm_amd parameters)\n");
		{
			g_autoptr(GString) no_kvm = g_string_new(NULL);

			for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f++) {
				/* The KVM facts missing for want of /dev/kvm: one line, the cause said once above. */
				if (no_kvm_facts & (1u << f)) {
					g_string_append_printf(no_kvm, "%s%s", no_kvm->len ? ", " : "",
							       vcpuchar_x86_fact_name(f));
					continue;
				}
				vcpuchar_x86_host_describe(&x86, f, why, sizeof(why));
				cli_printf("  %s\n", why);
			}
			if (no_kvm->len)
				cli_printf("  %s: not read: /dev/kvm cannot be opened\n", no_kvm->str);
		}
		if (x86_dr == 0) {
			cli_printf("-- a default VM (shared pCPUs, in-kernel irqchip)\n");
			cli_text_x86_policy(&x86_pol);
		}
	}
	r = r < 0 ? CLI_USAGE : CLI_OK;
out:
	if (vm_fd >= 0)
		close(vm_fd);
	if (kvm_fd >= 0)
		close(kvm_fd);
	return r;
}
