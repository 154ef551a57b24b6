/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar libvirt-hook [--config FILE] DOMAIN OPERATION SUB-OPERATION EXTRA
 *
 * libvirt's qemu hook (its docs/hooks.rst: the domain XML on stdin, a
 * non-zero exit of "prepare begin" aborts the start, of "migrate begin" the
 * incoming migration, and the hook's stderr is shown with the error). The
 * installed script 50-vcpuchar execs this. It never writes stdout (a
 * "migrate begin" hook that prints XML would replace the domain) and never
 * calls libvirt. Every rule is the library's; this reads the XML and the
 * config, and says the verdict in one line. Exit codes:
 * examples/vcpuchar/README.md, "libvirt hook".
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib-unix.h>

#include "cli-ppc.h"
#include "cli-hook.h"

#ifndef CLI_HOOK_CONF
#define CLI_HOOK_CONF "/etc/libvirt/hooks/vcpuchar.conf"
#endif

/* What `qemu-system-* --version` prints is two lines: read at most this much of it. */
#define HOOK_VERSION_MAX 4096
/* How long the emulator has to answer (a real one answers at once). */
#define HOOK_VERSION_SECONDS 5

enum { HOOK_REFUSE = 1, HOOK_CANNOT = 2 };

/* The emulator and whatever it starts form a process group of their own: killed whole at the end. */
static void version_child_setup(gpointer data)
{
	(void)data;
	setpgid(0, 0);
}

/*
 * Run EMULATOR --version and read at most HOOK_VERSION_MAX + 1 bytes of its
 * stdout within HOOK_VERSION_SECONDS; then kill its process group and reap it
 * (no child is left, whatever it does). The output NUL-terminated into OUT;
 * 0 when it exited 0, else the note's reason.
 */
static const char *version_run(const char *emulator, char *out, size_t *len)
{
	const char *argv[] = { emulator, "--version", NULL };
	gint64 deadline = g_get_monotonic_time() + HOOK_VERSION_SECONDS * G_USEC_PER_SEC;
	const char *why = NULL;
	int in = -1, fd = -1, status = 0;
	GPid pid;

	*len = 0;
	out[0] = '\0';
	if (!g_spawn_async_with_pipes(NULL, (char **)argv, NULL,
				      G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDERR_TO_DEV_NULL | G_SPAWN_CLOEXEC_PIPES,
				      version_child_setup, NULL, &pid, &in, &fd, NULL, NULL))
		return "said no version";
	close(in); /* its stdin: at its end at once */
	g_unix_set_fd_nonblocking(fd, TRUE, NULL);
	for (;;) {
		gint64 left = (deadline - g_get_monotonic_time()) / 1000;
		struct pollfd pfd = { fd, POLLIN, 0 };
		ssize_t n;

		if (left <= 0) {
			why = "did not answer within " G_STRINGIFY(HOOK_VERSION_SECONDS) " s";
			break;
		}
		if (poll(&pfd, 1, (int)left) < 0 && errno != EINTR)
			break;
		n = read(fd, out + *len, HOOK_VERSION_MAX + 1 - *len);
		if (n < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (n <= 0)
			break;
		*len += (size_t)n;
		if (*len > HOOK_VERSION_MAX) {
			why = "printed over " G_STRINGIFY(HOOK_VERSION_MAX) " bytes";
			break;
		}
	}
	close(fd);
	out[*len] = '\0';
	/* At its end of output: let it exit until the deadline, without reaping it yet. */
	while (!why) {
		siginfo_t si = { 0 };

		if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0 || si.si_pid == pid)
			break;
		if (g_get_monotonic_time() >= deadline)
			why = "did not answer within " G_STRINGIFY(HOOK_VERSION_SECONDS) " s";
		else
			g_usleep(10000);
	}
	/* The group is still there while its leader is unreaped: kill it all, then reap. */
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	g_spawn_close_pid(pid);
	if (!why && !g_spawn_check_wait_status(status, NULL))
		why = "said no version";
	return why;
}

/* The release the domain's emulator reports ("QEMU emulator version 7.2.19 (Debian ...)"), 0 when unknown. */
static uint32_t emulator_version(const char *emulator, GString *notes)
{
	char out[HOOK_VERSION_MAX + 2];
	const char *why;
	struct stat st;
	uint32_t v = 0;
	size_t len;
	char *p, *end;
	char err[256];

	if (!*emulator) {
		g_string_append(notes, "; the domain names no <emulator>: the answer is for QEMU 7.2");
		return 0;
	}
	if (emulator[0] != '/' || stat(emulator, &st) < 0 || !S_ISREG(st.st_mode) || access(emulator, X_OK) < 0) {
		g_string_append(notes, "; the domain's <emulator> is no executable file here: the answer is for QEMU 7.2");
		return 0;
	}
	why = version_run(emulator, out, &len);
	if (why) {
		g_string_append_printf(notes, "; the domain's <emulator> --version %s: the answer is for QEMU 7.2", why);
		return 0;
	}
	if (memchr(out, '\0', len) || !(p = strstr(out, "QEMU emulator version "))) {
		g_string_append(notes, "; the domain's <emulator> --version said no version: the answer is for QEMU 7.2");
		return 0;
	}
	p += strlen("QEMU emulator version ");
	for (end = p; g_ascii_isdigit(*end) || *end == '.'; end++)
		;
	*end = '\0';
	if (vcpuchar_ppc_qemu_version_parse(p, &v, err, sizeof(err)) < 0) {
		g_string_append_printf(notes, "; the domain's <emulator> --version: %s: the answer is for QEMU 7.2", err);
		return 0;
	}
	return v;
}

/* "power9" from <model>POWER9</model> (libvirt's ppc64 models), 0 for another or none. */
static uint32_t cpu_model(const char *model)
{
	g_autofree char *copy = g_strdup(model);
	g_autofree char *m = g_ascii_strdown(g_strstrip(copy), -1);
	static const char *const n[] = { "power7", "power8", "power9", "power10", "power11" };

	for (uint32_t i = 0; i < G_N_ELEMENTS(n); i++)
		if (!strcmp(m, n[i]) || (g_str_has_prefix(m, n[i]) && m[strlen(n[i])] == '_'))
			return 7 + i;
	return 0;
}

struct conf {
	const char *path; /* the config file read, for messages */
	char *host;     /* a host profile, or NULL: probe */
	gboolean kvm;   /* accel = kvm: judge every pseries domain under KVM */
	char *qemu;     /* a QEMU profile of the domains' emulator, or NULL: its --version and the table */
};

/* The config file; a missing default file is no config (probe, the domain's accelerator). */
static int load_conf(const char *path, gboolean given, struct conf *c)
{
	g_autoptr(GKeyFile) k = g_key_file_new();
	g_autoptr(GError) e = NULL;
	g_autofree char *accel = NULL;
	g_auto(GStrv) keys = NULL;
	struct stat st;
	int fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && !given)
		return 0;
	if (fd < 0)
		return cli_usage("config %s: %s", path, g_strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size > 65536) {
		close(fd);
		return cli_usage("config %s: not a regular file of at most 64 KiB", path);
	}
	close(fd);
	if (!g_key_file_load_from_file(k, path, G_KEY_FILE_NONE, &e))
		return cli_usage("config %s: %s", path, e->message);
	if (!g_key_file_has_group(k, "vcpuchar"))
		return cli_usage("config %s: no [vcpuchar] group", path);
	keys = g_key_file_get_keys(k, "vcpuchar", NULL, NULL);
	for (int i = 0; keys && keys[i]; i++)
		if (strcmp(keys[i], "host") && strcmp(keys[i], "accel") && strcmp(keys[i], "qemu"))
			return cli_usage("config %s: unknown key '%s' (known: host, accel, qemu)", path, keys[i]);
	c->path = path;
	c->host = g_key_file_get_string(k, "vcpuchar", "host", NULL);
	accel = g_key_file_get_string(k, "vcpuchar", "accel", NULL);
	c->qemu = g_key_file_get_string(k, "vcpuchar", "qemu", NULL);
	if (c->host && !*c->host)
		return cli_usage("config %s: host is empty", path);
	if (c->qemu && !*c->qemu)
		return cli_usage("config %s: qemu is empty", path);
	if (accel && strcmp(accel, "kvm") && strcmp(accel, "domain"))
		return cli_usage("config %s: accel '%s': expected domain or kvm", path, accel);
	c->kvm = accel && !strcmp(accel, "kvm");
	return 0;
}

/* A profile's load message without the path it starts with (the caller names it). */
static const char *conf_cause(const char *e, const char *path)
{
	size_t n = strlen(path);

	return !strncmp(e, path, n) && e[n] == ':' && e[n + 1] == ' ' ? e + n + 2 : e;
}

/* The one line of a refusal: the cap, QEMU's message and hint, and libvirt's spelling of the hint. */
static int refuse(const char *name, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
static int refuse(const char *name, const char *fmt, ...)
{
	va_list ap;
	g_autofree char *text = NULL, *shown = NULL, *who = cli_shown(name);

	va_start(ap, fmt);
	text = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	shown = cli_shown(text);
	fprintf(stderr, "vcpuchar: domain '%.64s' refused: %s\n", who, shown);
	return HOOK_REFUSE;
}

/* libvirt's element for a cap level ("<cfpc value='workaround'/>"). */
static char *libvirt_spelling(uint32_t cap, uint32_t level)
{
	const char *n = vcpuchar_ppc_cap_name(cap), *l = vcpuchar_ppc_level_name(cap, level);

	return g_strdup_printf(cap == VCPUCHAR_PPC_CAP_CCF_ASSIST ? "<%s state='%s'/>" : "<%s value='%s'/>", n, l);
}

static int judge_pseries(const char *name, const struct domain *d, const struct conf *c, GString *notes)
{
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_start start = VCPUCHAR_INIT(struct vcpuchar_ppc_start);
	g_autoptr(cli_qemu_profile_t) profile = NULL;
	const char *machine = d->machine && *d->machine ? d->machine : "pseries";
	gboolean kvm = c->kvm || (d->type && !strcmp(d->type, "kvm"));
	gboolean have_host = FALSE;
	char err[1024];
	uint32_t cset = 0, shown_cpu = 0;
	int r;

	req.mode = VCPUCHAR_PPC_MODE_CAPS; /* QEMU's own: the caps given, else the type's defaults */
	req.accel = kvm ? VCPUCHAR_ACCEL_KVM : VCPUCHAR_ACCEL_TCG;
	req.cpu = cpu_model(d->cpu_model->str);
	if (!req.cpu && d->cpu_model->len) {
		g_autofree char *shown = cli_shown(d->cpu_model->str);

		g_string_append_printf(notes, "; <cpu><model> '%.64s' is no POWER7 to POWER11 model: not read", shown);
	}
	if (strchr(machine, ',') || strchr(machine, '='))
		return cli_usage("domain '%s': machine '%s' holds QEMU properties; the hook judges a type only",
				 name, machine);
	if (c->qemu) {
		/* The config's QEMU profile (lib/ppc.md#qemu-profiles) in place of the emulator's --version. */
		struct vcpuchar_ppc_qemu_machine m = VCPUCHAR_INIT(struct vcpuchar_ppc_qemu_machine);
		g_autofree char *text = NULL;
		g_autoptr(GError) e = NULL;
		gsize len;

		if (!g_file_get_contents(c->qemu, &text, &len, &e))
			return cli_usage("config %s: qemu=%s: %s", c->path, c->qemu, e->message);
		if (vcpuchar_ppc_qemu_profile_parse(text, len, &profile, err, sizeof(err)) < 0)
			return cli_usage("config %s: qemu=%s: %s", c->path, c->qemu, err);
		req.qemu_profile = profile;
		if (vcpuchar_ppc_qemu_profile_machine(profile, machine, &m, err, sizeof(err)) < 0)
			return refuse(name, "machine type %s: %s", machine, err);
		req.qemu_machine = m.name;
	} else {
		req.qemu_version = emulator_version(d->emulator->str, notes);
	}
	r = vcpuchar_ppc_machine_line_parse(machine, &req, err, sizeof(err));
	if (r == -ENOENT)
		return refuse(name, "machine type %s: %s", machine, err);
	if (r < 0)
		return cli_usage("domain '%s': machine: %s", name, err);
	/* The exact type for the release table too: its default CPU is the guest's under TCG (lib/ppc.md#tcg-default-cpu). */
	if (r == 0 && !req.qemu_profile)
		req.qemu_machine = machine;
	if (d->bad_cap)
		return cli_usage("domain '%s': a cap element of <features> has content; libvirt's schema has it empty",
				 name);
	if (d->caps_named) {
		g_autofree char *frag = g_strdup_printf("<features>%s</features>", d->features->str);
		g_autofree char *big = g_malloc0(CLI_ERR_SIZE(frag));

		if (vcpuchar_ppc_libvirt_parse(frag, &req.caps, &cset, big, CLI_ERR_SIZE(frag)) < 0)
			return cli_usage("domain '%s': <features>: %s", name, big);
		req.caps_set |= cset;
	}
	if (r == 1 && vcpuchar_ppc_request_check(&req, err, sizeof(err)) < 0) {
		/* A distribution's type: its defaults are unknown here; QEMU decides (README: libvirt hook). */
		g_string_append_printf(notes, "; not judged: %s", err);
		return CLI_OK;
	}
	if (kvm) {
		if (c->host) {
			size_t size = CLI_ERR_SIZE(c->host);
			g_autofree char *e = g_malloc0(size);

			/* Named by the config file and key that gave it: the path alone says nothing to whom reads the log. */
			if (vcpuchar_ppc_profile_load(c->host, &host, e, size) < 0)
				return cli_usage("config %s: host=%s: %s", c->path, c->host, conf_cause(e, c->host));
		} else
			cli_probe_ppc_host(&host);
		have_host = TRUE;
		/* A guest CPU newer than the host's: KVM-HV cannot run it (lib/ppc.md#guest-cpu). */
		r = vcpuchar_ppc_host_cpu(&host, req.cpu, &shown_cpu, err, sizeof(err));
		if (r == -ENOENT)
			return refuse(name, "%s", err);
		/* 1 and 2: the CPU was assumed or not checked against the host; the library's note says which. */
		if (r > 0)
			g_string_append_printf(notes, "; %s", err);
	}
	r = vcpuchar_ppc_decide(have_host ? &host : NULL, &req, &res);
	if (r >= 0)
		r = vcpuchar_ppc_start_check(have_host ? &host : NULL, &req, &start);
	if (r == -ENOENT && vcpuchar_ppc_request_check(&req, err, sizeof(err)) == -ENOENT)
		return refuse(name, "%s", err);
	if (r < 0) {
		/* Under KVM the library took the host's CPU: its reason, with that CPU named. */
		if (!req.cpu && have_host)
			req.cpu = shown_cpu;
		if (vcpuchar_ppc_request_check(&req, err, sizeof(err)) < 0)
			return cli_usage("domain '%s': cannot decide: %s", name, err);
		return cli_usage("domain '%s': cannot decide: %s", name, g_strerror(-r));
	}
	/* The first cap QEMU stops at (hw/ppc/spapr_caps.c spapr_caps_apply() goes in this order). */
	for (uint32_t i = 0; i < start.n_entries; i++) {
		const struct vcpuchar_ppc_start_entry *s = &start.entries[i];

		if (s->verdict != VCPUCHAR_PPC_VERDICT_REFUSED)
			continue;
		for (uint32_t j = 0; s->cap < VCPUCHAR_PPC_N_CAPS && j < res.n_conflicts; j++) {
			const struct vcpuchar_ppc_conflict *k = &res.conflicts[j];
			g_autofree char *fix = NULL;

			if (k->cap != s->cap || k->severity != VCPUCHAR_SEVERITY_ERROR)
				continue;
			fix = libvirt_spelling(k->cap, k->host);
			return refuse(name, "cap-%s=%s: %s (host level %s%s%s); %s, in the domain's <features>: %s",
				      s->name, vcpuchar_ppc_level_name(k->cap, k->requested), k->message,
				      vcpuchar_ppc_level_name(k->cap, k->host), c->host ? ", from " : "",
				      c->host ? c->host : "", k->hint, fix);
		}
		return refuse(name, "cap-%s: %s%s%s", s->name, s->reason, *s->fix ? "; QEMU starts with " : "",
			      s->fix);
	}
	return CLI_OK;
}

/* x86: a warning, never a refusal, for HLT pass-through where the policy keeps the exits. */
static int judge_x86(const char *name, const struct domain *d, const struct conf *c)
{
	struct vcpuchar_x86_host host = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct vcpuchar_x86_vm vm = VCPUCHAR_INIT(struct vcpuchar_x86_vm);
	struct vcpuchar_x86_policy p = VCPUCHAR_INIT(struct vcpuchar_x86_policy);
	uint32_t asked = 0, pinned = 0, mismatch = 0, codes[VCPUCHAR_X86_MAX_REASONS];
	guint64 n = 0;
	int k;
	g_autoptr(GString) why = g_string_new(NULL);
	g_autofree char *who = cli_shown(name);

	/* Every rule is the library's (lib/x86.md#domain-rules): this reads the XML only. */
	if ((k = vcpuchar_x86_qemu_args_exits((const char *const *)d->qemu_args->pdata, d->qemu_args->len, &asked)) < 0) {
		/* QEMU will refuse the line itself: the hook lets QEMU say so. */
		fprintf(stderr, "vcpuchar: note: domain '%.64s': -overcommit has a cpu-pm value QEMU refuses; "
			"not checked\n", who);
		return CLI_OK;
	}
	if (!(asked & VCPUCHAR_X86_DISABLE_EXITS_HLT))
		return CLI_OK;
	if (g_ascii_string_to_unsigned(g_strstrip(d->vcpus->str), 10, 1, VCPUCHAR_X86_MAX_VCPUS, &n, NULL) &&
	    vcpuchar_x86_pins_flags((uint32_t)n, (const struct vcpuchar_x86_vcpu_pin *)(void *)d->pins->data,
				    d->pins->len, &pinned) == 0)
		vm.flags |= pinned;
	if (c->host) {
		size_t size = CLI_ERR_SIZE(c->host);
		g_autofree char *e = g_malloc0(size);

		if (vcpuchar_profile_load(c->host, NULL, &host, e, size) < 0)
			return cli_usage("config %s: host=%s: %s", c->path, c->host, conf_cause(e, c->host));
	} else {
		int fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);

		vcpuchar_x86_host_probe(fd, NULL, &host);
		if (fd >= 0)
			close(fd);
	}
	if ((k = vcpuchar_x86_decide(&host, &vm, &p)) < 0) {
		/* Said, not silent: an operator reads the hook's lines in libvirtd's log. */
		fprintf(stderr, "vcpuchar: note: domain '%.64s' passes HLT exits through (-overcommit cpu-pm=on); not "
			"checked: %s\n", who,
			k == -ENOTSUP ? "the host facts are not an x86 host's (config host=)" : g_strerror(-k));
		return CLI_OK;
	}
	k = vcpuchar_x86_hlt_mismatch(&p, asked, &mismatch, codes, G_N_ELEMENTS(codes));
	if (k < 0 || !mismatch)
		return CLI_OK;
	for (int i = 0; i < k && i < (int)G_N_ELEMENTS(codes); i++)
		g_string_append_printf(why, "%s%s", why->len ? ", " : "", vcpuchar_x86_reason_name(codes[i]));
	fprintf(stderr, "vcpuchar: warning: domain '%.64s' passes HLT exits through (-overcommit cpu-pm=on), where "
		"the policy for this host and a %s VM keeps them (%s); started anyway\n", who,
		vm.flags & VCPUCHAR_X86_VM_PINNED ? "pinned" : "not pinned", why->str);
	return CLI_OK;
}

int cmd_libvirt_hook(int argc, char **argv)
{
	g_autofree char *config = NULL;
	GOptionEntry entries[] = {
		{ "config", 0, 0, G_OPTION_ARG_FILENAME, &config,
		  "Config file (default: " CLI_HOOK_CONF ", none when it is missing)", "FILE" },
		{ NULL },
	};
	g_autoptr(GOptionContext) ctx = g_option_context_new("DOMAIN OPERATION SUB-OPERATION EXTRA - libvirt's qemu hook");
	g_autoptr(GError) e = NULL;
	g_autofree char *xml = NULL;
	g_autoptr(GString) notes = g_string_new(NULL);
	struct conf c = { NULL, FALSE };
	struct domain d = { 0 };
	size_t len = 0;
	int r, err;

	g_option_context_set_summary(ctx, "Installed as libvirt's hook 50-vcpuchar: on \"prepare begin\" and \"migrate "
					  "begin\" it refuses (exit 1, one line on stderr) a pseries domain that QEMU "
					  "would refuse on this host; other operations and domains exit 0.");
	if ((r = cli_parse(ctx, entries, TRUE, &argc, &argv)))
		return r;
	if (argc != 5)
		return cli_usage("libvirt-hook takes DOMAIN OPERATION SUB-OPERATION EXTRA (given %d)", argc - 1);
	/*
	 * Read whatever the operation (libvirt writes the XML to every hook), but
	 * judge it only for the two judged ones: any other exits 0 whatever
	 * stdin holds, as the man page says.
	 */
	xml = hook_read_stdin(&len, &err);
	if (strcmp(argv[3], "begin") || (strcmp(argv[2], "prepare") && strcmp(argv[2], "migrate")))
		return CLI_OK;
	if (!xml && err == EFBIG)
		return cli_usage("domain '%s': the XML on stdin is over %u MiB", argv[1], HOOK_XML_MAX >> 20);
	if (!xml)
		return cli_usage("domain '%s': cannot read stdin: %s", argv[1], g_strerror(err));
	if ((r = load_conf(config ? config : CLI_HOOK_CONF, config != NULL, &c)))
		goto out;
	if (memchr(xml, '\0', len)) {
		r = cli_usage("domain '%s': the XML on stdin holds a NUL byte", argv[1]);
		goto out;
	}
	if (hook_domain_parse(xml, len, &d, &e) < 0) {
		r = cli_usage("domain '%s': the XML on stdin: %s", argv[1], e->message);
		goto out_d;
	}
	if (!d.type) {
		r = cli_usage("domain '%s': the XML on stdin is no <domain type=...>", argv[1]);
		goto out_d;
	}
	if (d.arch && (!strcmp(d.arch, "ppc64") || !strcmp(d.arch, "ppc64le")) &&
	    (!d.machine || g_str_has_prefix(d.machine, "pseries")))
		r = judge_pseries(argv[1], &d, &c, notes);
	else if (d.arch && (!strcmp(d.arch, "x86_64") || !strcmp(d.arch, "i686")))
		r = judge_x86(argv[1], &d, &c);
	else
		r = CLI_OK;
	/* Notes only when the start goes on: a refusal is one line. */
	if (r == CLI_OK && notes->len) {
		g_autofree char *who = cli_shown(argv[1]), *shown = cli_shown(notes->str + 2);

		fprintf(stderr, "vcpuchar: note: domain '%.64s': %s\n", who, shown);
	}
out_d:
	hook_domain_clear(&d);
out:
	g_free(c.host);
	g_free(c.qemu);
	return r;
}
