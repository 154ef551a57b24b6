/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar export: this host's facts for the engines operators run, as a
 * Node Feature Discovery feature file and a node_exporter textfile. Every
 * level, verdict and guest view is a library answer; this file formats
 * them (examples/vcpuchar/README.md, "vcpuchar export").
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

/* NFD's vendor prefix: a sub-namespace of feature.node.kubernetes.io, which NFD allows. */
#define NFD_PREFIX "vcpuchar.feature.node.kubernetes.io/"
/* A run a day (the timer) and one missed run: the labels vanish after two days without one. */
#define EXPIRY_SECONDS (2 * 24 * 3600)
/* 9999-12-31T23:59:59Z: the last expiry time RFC 3339's four-digit year can write. */
#define MAX_EXPIRY 253402300799LL

/* The facts export writes, from the probe or a profile. */
struct facts {
	char arch[65];
	const char *source; /* "probe" or "profile" */
	gboolean ppc, x86;  /* which architecture's facts apply */
	struct vcpuchar_ppc_host ppc_host;
	struct vcpuchar_x86_host x86_host;
	/* POWER: the library's answers. */
	int info;                         /* vcpuchar_ppc_host_levels(): 1 with information */
	struct vcpuchar_ppc_caps levels;  /* the host's levels */
	struct vcpuchar_ppc_caps fleet;   /* a fleet of this host alone: what it accepts */
	gboolean mode_ok[3];              /* the default VM starts in this mode */
	struct vcpuchar_ppc_result res[3];
	/* x86: the library's answers. */
	int x86_default_r, x86_pinned_r;
	struct vcpuchar_x86_policy x86_default, x86_pinned;
};

static gboolean arch_is_power(const char *a)
{
	return !strcmp(a, "ppc64le") || !strcmp(a, "ppc64") || !strcmp(a, "ppc") || !strcmp(a, "ppcle");
}

static gboolean arch_is_x86(const char *a)
{
	return !strcmp(a, "x86_64") || (strlen(a) == 4 && a[0] == 'i' && a[1] >= '3' && a[1] <= '6' &&
					!strcmp(a + 2, "86"));
}

/* This host's facts, probed as `vcpuchar probe` probes them. */
static void probe_host(struct facts *f)
{
	int kvm_fd, vm_fd, kvm_err;
	struct utsname u;

	f->source = "probe";
	cli_open_kvm(&kvm_fd, &vm_fd, &kvm_err);
	if (vm_fd >= 0) {
		vcpuchar_ppc_host_probe(vm_fd, NULL, &f->ppc_host);
	} else {
		f->ppc_host.source = VCPUCHAR_SOURCE_KVM;
		f->ppc_host.error = kvm_err;
	}
	vcpuchar_x86_host_probe(kvm_fd, NULL, &f->x86_host);
	if (vm_fd >= 0)
		close(vm_fd);
	if (kvm_fd >= 0)
		close(kvm_fd);
	if (uname(&u) == 0)
		g_strlcpy(f->arch, u.machine, sizeof(f->arch));
}

/* The library's answers for the facts; CLI_OK, or CLI_USAGE with the message printed. */
static int decide(struct facts *f, const char *host_file)
{
	if (f->ppc) {
		const struct vcpuchar_ppc_host *p = &f->ppc_host;
		struct vcpuchar_ppc_baseline base = VCPUCHAR_INIT(struct vcpuchar_ppc_baseline);
		uint32_t cpu;
		char err[512];
		int r;

		if ((f->info = vcpuchar_ppc_host_levels(p, &f->levels)) < 0)
			return cli_usage("%s: the POWER facts are not valid: %s", host_file, g_strerror(-f->info));
		/* What this host adds to any pool's baseline (lib/ppc.md#fleet-baseline): a fleet of one. */
		r = vcpuchar_ppc_fleet_baseline(&p, 1, 0, NULL, NULL, &base, &cpu, NULL, err, sizeof(err));
		if (r < 0)
			return cli_usage("%s: %s", host_file, err[0] ? err : g_strerror(-r));
		f->fleet = base.caps;
		for (uint32_t m = 0; m < 3; m++) {
			struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

			req.mode = m;
			f->res[m].size = sizeof(f->res[m]);
			/* Host mode needs information; a default VM QEMU refuses to start has no guest view. */
			f->mode_ok[m] = vcpuchar_ppc_decide(p, &req, &f->res[m]) == 0 && f->res[m].n_errors == 0;
		}
	}
	if (f->x86) {
		struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);

		f->x86_default.size = f->x86_pinned.size = sizeof(f->x86_default);
		f->x86_default_r = vcpuchar_x86_decide(&f->x86_host, &vm, &f->x86_default);
		vm.flags = VCPUCHAR_X86_VM_PINNED;
		f->x86_pinned_r = vcpuchar_x86_decide(&f->x86_host, &vm, &f->x86_pinned);
	}
	return CLI_OK;
}

/*
 * A sysfs vulnerability text split as node_exporter's cpu_vulnerabilities
 * collector splits it (prometheus/procfs sysfs/vulnerability.go
 * parseVulnerability(), README "Guest vulnerabilities"): @state from the
 * first word, @mitigation the words after it joined by one space.
 */
static void split_vulnerability(const char *text, const char **state, GString *mitigation)
{
	static const char *const states[] = { "not affected", "vulnerable", "mitigation", "unknown" };
	g_autofree char *trimmed = g_strstrip(g_strdup(text));
	g_auto(GStrv) words = NULL;

	g_string_truncate(mitigation, 0);
	*state = NULL;
	for (size_t i = 0; i < G_N_ELEMENTS(states) && !*state; i++)
		if (!g_ascii_strncasecmp(trimmed, states[i], strlen(states[i])))
			*state = states[i];
	if (!*state) {
		*state = "unknown";
		g_string_assign(mitigation, trimmed);
		return;
	}
	if (!strcmp(*state, "not affected"))
		return;
	words = g_strsplit_set(trimmed, " \t\n\v\f\r", -1);
	for (size_t i = 1; words[0] && words[i]; i++)
		if (words[i][0])
			g_string_append_printf(mitigation, "%s%s", mitigation->len ? " " : "", words[i]);
}

/* A label value of the exposition format: backslash, double quote and newline escaped. */
static void prom_label(GString *out, const char *name, const char *value, gboolean last)
{
	g_string_append_printf(out, "%s=\"", name);
	for (const char *c = value; *c; c++) {
		if (*c == '\\' || *c == '"')
			g_string_append_c(out, '\\');
		if (*c == '\n')
			g_string_append(out, "\\n");
		else
			g_string_append_c(out, *c);
	}
	g_string_append(out, last ? "\"}" : "\",");
}

static void prom_head(GString *out, const char *name, const char *help)
{
	g_string_append_printf(out, "# HELP %s %s\n# TYPE %s gauge\n", name, help, name);
}

static const char *const view_names[] = { "meltdown", "l1tf", "spectre_v1", "spectre_v2", "spec_store_bypass" };

static const char *view_text(const struct vcpuchar_ppc_guest_view *v, size_t i)
{
	const char *t[] = { v->meltdown, v->l1tf, v->spectre_v1, v->spectre_v2, v->spec_store_bypass };

	return t[i];
}

/* The node_exporter textfile; vcpuchar(1) lists every metric. */
static void format_prom(const struct facts *f, GString *out)
{
	g_autoptr(GString) mit = g_string_new(NULL);

	prom_head(out, "vcpuchar_export_info", "What the vcpuchar facts are of: architecture, source, version.");
	g_string_append(out, "vcpuchar_export_info{");
	prom_label(out, "arch", f->arch, FALSE);
	prom_label(out, "source", f->source, FALSE);
	prom_label(out, "version", VCPUCHAR_VERSION_STRING, TRUE);
	g_string_append(out, " 1\n");
	if (f->ppc) {
		prom_head(out, "vcpuchar_ppc_host_information",
			  "1 when the host's KVM_PPC_GET_CPU_CHAR facts carry information; 0: the levels are QEMU's "
			  "broken/off fallback.");
		g_string_append_printf(out, "vcpuchar_ppc_host_information %d\n", f->info);
		prom_head(out, "vcpuchar_ppc_host_cap_level",
			  "The host's level of a spapr cap as the library numbers it (broken/off 0, workaround/on 1, "
			  "fixed 2, fixed-ccd 3, fixed-na 4).");
		for (uint32_t c = 0; c < VCPUCHAR_PPC_N_CAPS; c++)
			g_string_append_printf(out, "vcpuchar_ppc_host_cap_level{cap=\"%s\"} %u\n", vcpuchar_ppc_cap_name(c),
					       (uint32_t)vcpuchar_ppc_caps_get(&f->levels, c));
		prom_head(out, "vcpuchar_ppc_fleet_cap_level",
			  "The highest level of a spapr cap QEMU accepts on this host, as a pool baseline counts it "
			  "(the library's numbers).");
		for (uint32_t c = 0; c < VCPUCHAR_PPC_N_CAPS; c++)
			g_string_append_printf(out, "vcpuchar_ppc_fleet_cap_level{cap=\"%s\"} %u\n", vcpuchar_ppc_cap_name(c),
					       (uint32_t)vcpuchar_ppc_caps_get(&f->fleet, c));
		prom_head(out, "vcpuchar_ppc_hcall_info",
			  "H_GET_CPU_CHARACTERISTICS R4 and R5 a default VM is given in each mode.");
		for (uint32_t m = 0; m < 3; m++)
			if (f->mode_ok[m])
				g_string_append_printf(out,
						       "vcpuchar_ppc_hcall_info{mode=\"%s\",r4=\"0x%016" PRIx64
						       "\",r5=\"0x%016" PRIx64 "\"} 1\n",
						       vcpuchar_ppc_mode_name(m), f->res[m].r4, f->res[m].r5);
		prom_head(out, "vcpuchar_guest_vulnerability_info",
			  "What a Linux guest of this host prints in /sys/devices/system/cpu/vulnerabilities, split as "
			  "node_cpu_vulnerabilities_info.");
		for (uint32_t m = 0; m < 3; m++)
			for (size_t i = 0; f->mode_ok[m] && i < G_N_ELEMENTS(view_names); i++) {
				const char *state;

				split_vulnerability(view_text(&f->res[m].guest_view, i), &state, mit);
				g_string_append(out, "vcpuchar_guest_vulnerability_info{");
				prom_label(out, "codename", view_names[i], FALSE);
				prom_label(out, "mitigation", mit->str, FALSE);
				prom_label(out, "mode", vcpuchar_ppc_mode_name(m), FALSE);
				prom_label(out, "state", state, TRUE);
				g_string_append(out, " 1\n");
			}
	}
	if (f->x86) {
		const struct vcpuchar_x86_host *h = &f->x86_host;

		if (f->x86_default_r == 0) {
			prom_head(out, "vcpuchar_x86_idle_hlt",
				  "1 when KVM uses the SVM Idle HLT intercept for this host's guests.");
			g_string_append_printf(out, "vcpuchar_x86_idle_hlt %u\n", f->x86_default.idle_hlt_active ? 1u : 0u);
		}
		if (h->have & (1u << VCPUCHAR_X86_FACT_DISABLE_EXITS)) {
			prom_head(out, "vcpuchar_x86_hlt_exits_disable_allowed",
				  "1 when KVM_CAP_X86_DISABLE_EXITS offers to disable HLT exits.");
			g_string_append_printf(out, "vcpuchar_x86_hlt_exits_disable_allowed %u\n",
					       h->disable_exits_allowed & VCPUCHAR_X86_DISABLE_EXITS_HLT ? 1u : 0u);
		}
		if (f->x86_pinned_r == 0) {
			prom_head(out, "vcpuchar_x86_pinned_vm_hlt_exits_disabled",
				  "1 when the policy disables HLT exits for a VM with every vCPU pinned.");
			g_string_append_printf(out, "vcpuchar_x86_pinned_vm_hlt_exits_disabled %u\n",
					       f->x86_pinned.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT ? 1u : 0u);
		}
	}
}

/* A Kubernetes label value: at most 63 characters of [-_.A-Za-z0-9], alphanumeric at both ends. */
static gboolean nfd_value_ok(const char *v)
{
	size_t n = strlen(v);

	if (!n || n > 63 || !g_ascii_isalnum(v[0]) || !g_ascii_isalnum(v[n - 1]))
		return FALSE;
	for (size_t i = 0; i < n; i++)
		if (!g_ascii_isalnum(v[i]) && !strchr("-_.", v[i]))
			return FALSE;
	return TRUE;
}

static void nfd_label(GString *out, const char *name, const char *value)
{
	g_string_append_printf(out, NFD_PREFIX "%s=%s\n", name, value);
}

/* The NFD feature file; vcpuchar(1) lists every label. */
static void format_nfd(const struct facts *f, time_t now, GString *out)
{
	time_t expiry = now + EXPIRY_SECONDS;
	struct tm tm;
	char when[32];

	/* cmd_export() keeps the expiry within 9999 (and time(2) will not pass it). */
	if (!gmtime_r(&expiry, &tm) || !strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm))
		g_strlcpy(when, "9999-12-31T23:59:59Z", sizeof(when));
	g_string_append_printf(out, "# vcpuchar export: %s facts from a %s (vcpuchar %s); labels expire unless rewritten\n",
			       f->arch[0] ? f->arch : "unknown-arch", f->source, VCPUCHAR_VERSION_STRING);
	g_string_append_printf(out, "# +expiry-time=%s\n", when);
	/* A label value NFD takes (at most 63 of [-_.A-Za-z0-9], alphanumeric ends). */
	if (nfd_value_ok(f->arch))
		nfd_label(out, "arch", f->arch);
	if (f->ppc) {
		g_autoptr(GString) pool = g_string_new(NULL);

		nfd_label(out, "ppc-host-information", f->info ? "true" : "false");
		for (uint32_t c = 0; c < VCPUCHAR_PPC_N_CAPS; c++) {
			uint32_t l = (uint32_t)vcpuchar_ppc_caps_get(&f->levels, c);
			const char *name = vcpuchar_ppc_cap_name(c), *level = vcpuchar_ppc_level_name(c, l);
			g_autofree char *k = g_strdup_printf("ppc-%s", name);
			g_autofree char *kl = g_strdup_printf("ppc-%s-level", name);
			g_autofree char *n = g_strdup_printf("%u", l);

			nfd_label(out, k, level);
			nfd_label(out, kl, n);
			g_string_append_printf(pool, "%s%s-%s", c ? "." : "", name, level);
		}
		nfd_label(out, "ppc-pool", pool->str);
		for (uint32_t m = 0; m < 3; m++) {
			if (!f->mode_ok[m])
				continue;
			g_string_append_printf(out, "# +no-label\n" NFD_PREFIX "ppc-r4-%s=0x%016" PRIx64 "\n",
					       vcpuchar_ppc_mode_name(m), f->res[m].r4);
			g_string_append_printf(out, "# +no-label\n" NFD_PREFIX "ppc-r5-%s=0x%016" PRIx64 "\n",
					       vcpuchar_ppc_mode_name(m), f->res[m].r5);
		}
	}
	if (f->x86) {
		const struct vcpuchar_x86_host *h = &f->x86_host;

		if (f->x86_default_r == 0)
			nfd_label(out, "x86-idle-hlt", f->x86_default.idle_hlt_active ? "true" : "false");
		nfd_label(out, "x86-hlt-exits-disable-allowed",
			  !(h->have & (1u << VCPUCHAR_X86_FACT_DISABLE_EXITS))             ? "unknown"
			  : h->disable_exits_allowed & VCPUCHAR_X86_DISABLE_EXITS_HLT ? "true"
										     : "false");
		if (f->x86_pinned_r == 0)
			nfd_label(out, "x86-pinned-vm-hlt-exits",
				  f->x86_pinned.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT ? "disabled" : "kept");
	}
}

int cmd_export(int argc, char **argv)
{
	g_autofree char *host_file = NULL, *nfd = NULL, *prom = NULL;
	gboolean force = FALSE;
	GOptionEntry entries[] = {
		{ "host", 0, 0, G_OPTION_ARG_FILENAME, &host_file, "Host profile to export (default: probe this host)",
		  "PROFILE" },
		{ "nfd", 0, 0, G_OPTION_ARG_FILENAME, &nfd, "Write the Node Feature Discovery feature file", "FILE" },
		{ "prometheus", 0, 0, G_OPTION_ARG_FILENAME, &prom, "Write the node_exporter textfile (name it *.prom)",
		  "FILE" },
		{ "force", 0, 0, G_OPTION_ARG_NONE, &force, "Replace a file that is not export's own output of its kind",
		  NULL },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("- this host's facts for NFD and node_exporter");
	struct cli_export_file t[2];
	size_t n_t = 0;
	g_autofree struct facts *f = g_new0(struct facts, 1);
	const char *epoch = getenv("SOURCE_DATE_EPOCH");
	time_t now = time(NULL);
	int r;

	g_option_context_set_summary(ctx, "Writes the host's cap levels, R4/R5, guest view and x86 HLT facts as "
					  "Kubernetes node labels (NFD's local source) and Prometheus metrics (the "
					  "textfile collector), each file atomically.");
	if ((r = cli_parse(ctx, entries, FALSE, &argc, &argv)))
		return r;
	if (!nfd && !prom)
		return cli_usage("export needs --nfd FILE, --prometheus FILE or both");
	/* Reproducible files (the tests): the expiry counts from this time. */
	if (epoch) {
		char *end;
		long long v;

		errno = 0;
		v = strtoll(epoch, &end, 10);
		if (errno || end == epoch || *end || v < 0)
			return cli_usage("SOURCE_DATE_EPOCH '%s': expected seconds since 1970", epoch);
		/* The expiry is written as RFC 3339 with a four-digit year: at most 9999-12-31T23:59:59Z. */
		if (v > MAX_EXPIRY - EXPIRY_SECONDS)
			return cli_usage("SOURCE_DATE_EPOCH '%s': the labels' expiry would be past 9999-12-31T23:59:59Z; "
					 "give at most %lld", epoch, (long long)(MAX_EXPIRY - EXPIRY_SECONDS));
		now = (time_t)v;
	}
	f->ppc_host.size = sizeof(f->ppc_host);
	f->x86_host.size = sizeof(f->x86_host);
	if (host_file) {
		size_t err_size = CLI_ERR_SIZE(host_file);
		g_autofree char *err = g_malloc0(err_size);

		f->source = "profile";
		if (vcpuchar_profile_load(host_file, &f->ppc_host, &f->x86_host, err, err_size) < 0)
			return cli_usage("--host %s", err);
		/* [host] arch= fills both; it needs no NUL when it fills the member. */
		memcpy(f->arch, f->ppc_host.arch[0] ? f->ppc_host.arch : f->x86_host.arch, sizeof(f->ppc_host.arch));
	} else {
		probe_host(f);
	}
	/*
	 * Which facts apply: those of the host's architecture; a profile that
	 * names none, by the group it holds. An x86 host gets no POWER facts
	 * and a POWER host no x86 facts (README, "Other architectures").
	 */
	if (f->arch[0]) {
		f->ppc = arch_is_power(f->arch);
		f->x86 = arch_is_x86(f->arch);
	} else {
		f->ppc = f->ppc_host.error != -ENODATA;
		f->x86 = f->x86_host.have != 0;
	}
	/* A profile of another architecture, or without the facts of its own, has nothing to export. */
	if (host_file && !(f->ppc && f->ppc_host.error != -ENODATA) &&
	    !(f->x86 && (f->x86_host.have || f->x86_host.error[0] != -ENODATA)))
		return cli_usage("--host %s: holds neither POWER facts ([ppc], arch ppc64le, ppc64, ppc or ppcle) nor "
				 "x86 facts ([x86], arch x86_64 or i386..i686) that export uses%s%s%s",
				 host_file, f->arch[0] ? " (arch=" : "", f->arch, f->arch[0] ? ")" : "");
	if ((r = decide(f, host_file ? host_file : "this host")))
		return r;
	if (nfd) {
		t[n_t] = (struct cli_export_file){ .opt = "--nfd", .path = nfd, .fd = -1, .data = g_string_new(NULL),
						   .header = CLI_HEADER_NFD, .force = force };
		format_nfd(f, now, t[n_t++].data);
	}
	if (prom) {
		t[n_t] = (struct cli_export_file){ .opt = "--prometheus", .path = prom, .fd = -1,
						   .data = g_string_new(NULL), .header = CLI_HEADER_PROM, .force = force };
		format_prom(f, t[n_t++].data);
	}
	r = cli_export_write(t, n_t);
	for (size_t i = 0; i < n_t; i++)
		g_string_free(t[i].data, TRUE);
	return r;
}
