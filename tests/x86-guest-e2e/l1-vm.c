/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The L1 side of x86-guest-e2e (README.md here), run inside the emulated
 * AMD host where /dev/kvm is the real kvm_amd:
 *
 *   l1-vm domain POLICY.json [current|1.0] > dom.xml
 *       a libvirt domain around the policy's "libvirt" fragment; "1.0"
 *       rebuilds the fragment the 1.0 CLI printed (every hint with its
 *       state, off included) under host-passthrough, the CPU the qemu
 *       spelling's -cpu host means: the run that shows libvirt's fault
 *   l1-vm run NAME TIMEOUT SPELLING FILE -- QEMU ARGV...
 *       starts QEMU (ARGV plus the spelling's words: "defaults" adds none,
 *       "qemu" the "qemu" array of the policy JSON in FILE, "libvirt" the
 *       -cpu, -overcommit and -global words of libvirt's argv in FILE), copies
 *       L2's console, and counts the vCPUs' halt_exits over L2's idle period
 *       from KVM's binary statistics (KVM_GET_STATS_FD), which QEMU reads
 *       for QMP query-stats. Kills QEMU after TIMEOUT s.
 *   l1-vm hold
 *       creates two VMs, each with a vCPU that never runs, and keeps them
 *       until killed. KVM turns jump labels on with its first VM or vCPU
 *       and off with its last: the scheduler's preempt notifiers
 *       (kvm_create_vm(), kvm_destroy_vm(): preempt_notifier_inc()/dec()),
 *       apic_sw_disabled, kvm_has_noapic_vcpu. So every L2 and every QEMU
 *       libvirt probes would patch kernel text; under multi-threaded TCG a
 *       vCPU can then run a stale translation of it (an "Oops: int3").
 *       Held, each label is patched once, before anything else runs.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <inttypes.h>
#include <time.h>
#include <unistd.h>

#include <linux/kvm.h>

#include <glib.h>
#include <json-glib/json-glib.h>

static JsonObject *load(JsonParser *parser, const char *path)
{
	GError *e = NULL;

	if (!json_parser_load_from_file(parser, path, &e)) {
		fprintf(stderr, "l1-vm: %s: %s\n", path, e->message);
		exit(2);
	}
	return json_node_get_object(json_parser_get_root(parser));
}

static int cmd_domain(const char *policy, const char *form)
{
	g_autoptr(JsonParser) parser = json_parser_new();
	JsonObject *o = load(parser, policy);
	gint64 vcpus = json_object_get_int_member(json_object_get_object_member(o, "guest"), "vcpus");
	g_autofree char *old = NULL;
	const char *frag = json_object_get_string_member(o, "libvirt");

	if (!strcmp(form, "1.0")) {
		const char *oo[] = { "off", "on" };

		old = g_strdup_printf("<features><pvspinlock state='%s'/><kvm><hint-dedicated state='%s'/><poll-control "
				      "state='%s'/></kvm></features><cpu mode='host-passthrough'/>",
				      oo[json_object_get_boolean_member(o, "pv_unhalt")],
				      oo[json_object_get_boolean_member(o, "hints_realtime")],
				      oo[json_object_get_boolean_member(o, "poll_control")]);
		frag = old;
	}
	printf("<domain type='kvm'><name>l2</name><memory unit='MiB'>256</memory><vcpu>%" G_GINT64_FORMAT
	       "</vcpu><os><type arch='x86_64' machine='pc'>hvm</type></os>%s</domain>\n",
	       vcpus, frag);
	return 0;
}

/* The words of libvirt's argv that carry CPU and KVM settings. */
static void native_words(const char *path, GPtrArray *argv)
{
	g_autofree char *text = NULL;
	g_auto(GStrv) words = NULL;
	GError *e = NULL;
	int n;

	if (!g_file_get_contents(path, &text, NULL, &e)) {
		fprintf(stderr, "l1-vm: %s: %s\n", path, e->message);
		exit(2);
	}
	/* virsh prints one option per line, joined by backslash-newline. */
	for (char *p = text; (p = strstr(p, "\\\n"));)
		p[0] = p[1] = ' ';
	if (!g_shell_parse_argv(text, &n, &words, &e)) {
		fprintf(stderr, "l1-vm: %s: %s\n", path, e->message);
		exit(2);
	}
	for (int i = 0; i + 1 < n; i++)
		if (!strcmp(words[i], "-cpu") || !strcmp(words[i], "-overcommit") || !strcmp(words[i], "-global")) {
			g_ptr_array_add(argv, g_strdup(words[i]));
			g_ptr_array_add(argv, g_strdup(words[++i]));
		}
}

/*
 * KVM refuses every VM and vCPU ioctl from a process other than the VM's
 * owner (EIO: kvm->mm differs), so L1 cannot open QEMU's stats fds itself.
 * QEMU reads them for us: QMP query-stats (QEMU 7.1+) answers from each
 * vCPU's KVM_GET_STATS_FD. @qmp is QEMU's -qmp unix socket.
 */
static GString *qmp_line(int fd)
{
	GString *s = g_string_new(NULL);
	char c;

	while (read(fd, &c, 1) == 1) {
		if (c == '\n')
			return s;
		g_string_append_c(s, c);
	}
	g_string_free(s, TRUE);
	return NULL;
}

/* The reply to @cmd (events skipped), parsed into @parser; NULL on failure. */
static JsonObject *qmp_call(int fd, const char *cmd, JsonParser *parser)
{
	if (write(fd, cmd, strlen(cmd)) != (ssize_t)strlen(cmd))
		return NULL;
	for (;;) {
		g_autoptr(GString) l = qmp_line(fd);
		JsonObject *o;

		if (!l || !json_parser_load_from_data(parser, l->str, -1, NULL))
			return NULL;
		o = json_node_get_object(json_parser_get_root(parser));
		if (o && (json_object_has_member(o, "return") || json_object_has_member(o, "error")))
			return o;
	}
}

static int snapshot(const char *qmp, uint64_t *halt, uint64_t *exits)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	g_autoptr(JsonParser) p1 = json_parser_new();
	g_autoptr(JsonParser) p2 = json_parser_new();
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0), n = 0;
	JsonObject *o;
	JsonArray *vcpus;
	GString *greeting;

	*halt = *exits = 0;
	g_strlcpy(sa.sun_path, qmp, sizeof(sa.sun_path));
	if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		fprintf(stdout, "L1: qmp %s: %s\n", qmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	greeting = qmp_line(fd);
	if (greeting)
		g_string_free(greeting, TRUE);
	o = qmp_call(fd, "{\"execute\":\"qmp_capabilities\"}\n", p1);
	o = o ? qmp_call(fd, "{\"execute\":\"query-stats\",\"arguments\":{\"target\":\"vcpu\"}}\n", p2) : NULL;
	close(fd);
	if (!o || !json_object_has_member(o, "return")) {
		fprintf(stdout, "L1: query-stats failed\n");
		return -1;
	}
	vcpus = json_object_get_array_member(o, "return");
	for (guint i = 0; i < json_array_get_length(vcpus); i++) {
		JsonArray *stats = json_object_get_array_member(json_array_get_object_element(vcpus, i), "stats");

		for (guint k = 0; stats && k < json_array_get_length(stats); k++) {
			JsonObject *st = json_array_get_object_element(stats, k);
			const char *name = json_object_get_string_member(st, "name");

			if (!strcmp(name, "halt_exits")) {
				*halt += (uint64_t)json_object_get_int_member(st, "value");
				n++;
			} else if (!strcmp(name, "exits")) {
				*exits += (uint64_t)json_object_get_int_member(st, "value");
			}
		}
	}
	return n;
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static int cmd_run(const char *name, int timeout, const char *spelling, const char *file, char **base)
{
	g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func(g_free);
	g_autoptr(GString) buf = g_string_new(NULL);
	uint64_t h0 = 0, e0 = 0, h1, e1;
	double t0 = now(), deadline = t0 + timeout;
	int pipefd[2], status, n0 = -1, killed = 0;
	pid_t pid;

	g_autofree char *qmp = g_strdup_printf("/tmp/qmp-%d.sock", (int)getpid());

	for (char **a = base; *a; a++)
		g_ptr_array_add(argv, g_strdup(*a));
	g_ptr_array_add(argv, g_strdup("-qmp"));
	g_ptr_array_add(argv, g_strdup_printf("unix:%s,server=on,wait=off", qmp));
	if (!strcmp(spelling, "qemu")) {
		g_autoptr(JsonParser) parser = json_parser_new();
		JsonArray *q = json_object_get_array_member(load(parser, file), "qemu");

		for (guint i = 0; i < json_array_get_length(q); i++)
			g_ptr_array_add(argv, g_strdup(json_array_get_string_element(q, i)));
	} else if (!strcmp(spelling, "libvirt")) {
		native_words(file, argv);
	}
	g_ptr_array_add(argv, NULL);
	printf("L1 %s: argv:", name);
	for (guint i = 0; argv->pdata[i]; i++)
		printf(" %s", (char *)argv->pdata[i]);
	printf("\n");
	fflush(stdout);

	if (pipe(pipefd) < 0)
		return 1;
	pid = fork();
	if (pid == 0) {
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		execv(argv->pdata[0], (char **)argv->pdata);
		_exit(127);
	}
	close(pipefd[1]);
	for (;;) {
		struct pollfd pfd = { pipefd[0], POLLIN, 0 };
		char chunk[4096], *nl;
		int left = (int)((deadline - now()) * 1000);
		ssize_t got;

		if (left <= 0 || poll(&pfd, 1, left) == 0) {
			kill(pid, SIGKILL);
			killed = 1;
			break;
		}
		got = read(pipefd[0], chunk, sizeof(chunk));
		if (got <= 0)
			break;
		g_string_append_len(buf, chunk, got);
		while ((nl = strchr(buf->str, '\n'))) {
			*nl = 0;
			g_strchomp(buf->str);
			printf("L2 %s: %s\n", name, buf->str);
			if (strstr(buf->str, "L2-IDLE-START"))
				n0 = snapshot(qmp, &h0, &e0);
			if (strstr(buf->str, "L2-IDLE-END")) {
				int n1 = snapshot(qmp, &h1, &e1);

				if (n0 > 0 && n1 == n0)
					printf("L1 %s: idle vcpus=%d halt_exits=%" PRIu64 " exits=%" PRIu64 "\n", name, n1,
					       h1 - h0, e1 - e0);
				else
					printf("L1 %s: idle stats unreadable (vcpus %d then %d)\n", name, n0, n1);
			}
			fflush(stdout);
			g_string_erase(buf, 0, nl - buf->str + 1);
		}
	}
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	printf("L1 %s: done %s exit=%d secs=%.1f\n", name, killed ? "timeout" : "ok",
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), now() - t0);
	fflush(stdout);
	return 0;
}

/* A VM with one vCPU that never runs; @irqchip gives it KVM's in-kernel APIC. */
static int hold_vm(int kvm, int irqchip)
{
	int vm = ioctl(kvm, KVM_CREATE_VM, 0);

	if (vm < 0)
		return -1;
	if (irqchip && ioctl(vm, KVM_CREATE_IRQCHIP, 0) < 0)
		return -1;
	return ioctl(vm, KVM_CREATE_VCPU, 0);
}

static int cmd_hold(void)
{
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);

	/*
	 * Two VMs, each with a vCPU that never runs: every VM keeps the
	 * preempt-notifier label on; the in-kernel APIC, software-disabled
	 * from reset, keeps apic_sw_disabled's label on; the vCPU without
	 * one keeps kvm_has_noapic_vcpu's on (arch/x86/kvm/lapic.c, x86.c).
	 */
	if (kvm < 0 || hold_vm(kvm, 1) < 0 || hold_vm(kvm, 0) < 0) {
		fprintf(stderr, "l1-vm hold: %s: %s\n", kvm < 0 ? "/dev/kvm" : "a held VM", strerror(errno));
		return 1;
	}
	printf("E2E-FACT: held_vm=yes\n");
	fflush(stdout);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "hold"))
		return cmd_hold();
	if ((argc == 3 || argc == 4) && !strcmp(argv[1], "domain"))
		return cmd_domain(argv[2], argc == 4 ? argv[3] : "current");
	if (argc > 7 && !strcmp(argv[1], "run") && !strcmp(argv[6], "--"))
		return cmd_run(argv[2], atoi(argv[3]), argv[4], argv[5], argv + 7);
	fprintf(stderr, "usage: l1-vm domain POLICY.json [current|1.0] | l1-vm run NAME TIMEOUT SPELLING FILE -- ARGV... "
			"| l1-vm hold\n");
	return 2;
}
