/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /init of L1, the KVM host: Debian's ppc64el kernel with kvm-hv, a pseries
 * guest of the TCG L0 whose caps play the hardware. It prints its own view,
 * lets the library (built from the tree) probe the real KVM_PPC_GET_CPU_CHAR,
 * decide host-max and spell the caps for QEMU, predicts what QEMU does with
 * its defaults, then runs Debian's unmodified qemu-system-ppc64 -accel kvm
 * twice: (a) with the defaults, (b) with the library's string; when the
 * runner put the patched QEMU (examples/qemu) in /patched, also (c)
 * cpu-char-mode=host-max, (d) host and (e) seed. Every line
 * is "N: <key>: <value>"; the runner on the x86 side does the comparing.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/kvm.h>
#include <vcpuchar.h>

#include "nested-read.h"

/* One L2 run under TCG-in-TCG takes 4-30 s; a hung one is killed here. */
#define L2_TIMEOUT_S 150

static void mount_fs(const char *type, const char *dir)
{
	mkdir(dir, 0755);
	if (mount(type, dir, type, 0, NULL) < 0)
		printf("N: mount.%s: %s\n", type, strerror(errno));
}

static int load_module(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int r;

	if (fd < 0)
		return errno;
	r = (int)syscall(SYS_finit_module, fd, "", 0);
	r = r < 0 ? errno : 0;
	close(fd);
	return r;
}

/* vcpuchar.cpu=POWER10 on the command line: the guest CPU model for the predictions. */
static uint32_t guest_cpu(void)
{
	char cmdline[1024];

	nested_read_line("/proc/cmdline", cmdline, sizeof(cmdline));
	return strstr(cmdline, "vcpuchar.cpu=POWER10") ? VCPUCHAR_PPC_CPU_POWER10 : VCPUCHAR_PPC_CPU_POWER9;
}

/*
 * vcpuchar.qemu=X.Y on the command line: L1's QEMU, the version the library
 * answers for (lib/ppc.md#qemu-versions); 0 (the oldest supported) without it.
 */
static uint32_t target_qemu(void)
{
	char cmdline[1024], v[16], err[256];
	const char *p;
	uint32_t ret = 0;

	nested_read_line("/proc/cmdline", cmdline, sizeof(cmdline));
	p = strstr(cmdline, "vcpuchar.qemu=");
	if (!p)
		return 0;
	p += strlen("vcpuchar.qemu=");
	snprintf(v, sizeof(v), "%.*s", (int)strcspn(p, " "), p);
	if (vcpuchar_ppc_qemu_version_parse(v, &ret, err, sizeof(err)))
		printf("N: qemu_version.error: %s\n", err);
	return ret;
}

static void print_view(const char *key, const struct vcpuchar_ppc_guest_view *v)
{
	printf("N: %s.meltdown: %s\nN: %s.l1tf: %s\nN: %s.spectre_v1: %s\nN: %s.spectre_v2: %s\n"
	       "N: %s.spec_store_bypass: %s\n",
	       key, v->meltdown, key, v->l1tf, key, v->spectre_v1, key, v->spectre_v2, key, v->spec_store_bypass);
}

/*
 * What every L2 -M gets besides its caps: the library's start verdict's
 * paste line (vcpuchar_ppc_start_check()), e.g. cap-hpt-max-page-size=4k on
 * a kernel built with 4K pages; main() fills it once from the probe.
 */
static char l2_paste[VCPUCHAR_PPC_START_PASTE_LEN + 1];

static const char *l2_extra(void)
{
	return l2_paste;
}

/*
 * Runs L1's QEMU for L2 with @machine, relays every output line as
 * "N: <tag>.out: <line>", kills it by pid after L2_TIMEOUT_S, and prints
 * "N: <tag>.rc: <exit status or -signal>" ("timeout" when killed).
 */
#define PATCHED "/patched"
#define PATCHED_QEMU PATCHED "/usr/bin/qemu-system-ppc64"

static void run_l2(const char *tag, const char *machine_in, int patched)
{
	char machine[512];
	/* The patched tree runs through its own loader and libraries (examples/qemu/README.md). */
	char *loader[] = { PATCHED "/lib64/ld64.so.2", "--library-path", PATCHED "/lib/powerpc64le-linux-gnu",
			   PATCHED_QEMU, "-L", PATCHED "/usr/share/qemu" };
	char *rest[] = { "-accel", "kvm", "-M", NULL, "-m", "512M", "-smp", "1", "-nodefaults",
			 "-nographic", "-chardev", "stdio,id=c,signal=off", "-device", "spapr-vty,chardev=c",
			 "-no-reboot", "-kernel", "/l2/vmlinux", "-initrd", "/l2/init.cpio", "-append",
			 "console=hvc0 panic=-1 loglevel=4", NULL };
	char *argv[sizeof(loader) / sizeof(loader[0]) + sizeof(rest) / sizeof(rest[0]) + 1];
	size_t argc = 0;
	char buf[4096], line[1024];
	size_t len = 0;
	int pipefd[2], status = 0, timed_out = 0;
	time_t start = time(NULL);
	pid_t pid;

	snprintf(machine, sizeof(machine), "%s%s", machine_in, l2_extra());
	rest[3] = machine;
	if (patched)
		for (size_t i = 0; i < sizeof(loader) / sizeof(loader[0]); i++)
			argv[argc++] = loader[i];
	else
		argv[argc++] = "/usr/bin/qemu-system-ppc64";
	for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++)
		argv[argc++] = rest[i];
	printf("N: %s.machine: %s%s\n", tag, patched ? "(patched) " : "", machine);
	if (pipe(pipefd) < 0) {
		printf("N: %s.rc: pipe: %s\n", tag, strerror(errno));
		return;
	}
	pid = fork();
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		dup2(null, 0);
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		close(pipefd[0]);
		execv(argv[0], argv);
		printf("exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	for (;;) {
		struct pollfd p = { pipefd[0], POLLIN, 0 };
		int left = L2_TIMEOUT_S - (int)(time(NULL) - start);
		ssize_t n;

		if (left <= 0) {
			kill(pid, SIGKILL);
			timed_out = 1;
			break;
		}
		if (poll(&p, 1, left * 1000) <= 0)
			continue;
		n = read(pipefd[0], buf, sizeof(buf));
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++) {
			if (buf[i] == '\r')
				continue;
			if (buf[i] == '\n' || len == sizeof(line) - 1) {
				line[len] = 0;
				printf("N: %s.out: %s\n", tag, line);
				len = 0;
				continue;
			}
			line[len++] = buf[i];
		}
	}
	if (len) {
		line[len] = 0;
		printf("N: %s.out: %s\n", tag, line);
	}
	close(pipefd[0]);
	waitpid(pid, &status, 0);
	if (timed_out)
		printf("N: %s.rc: timeout\n", tag);
	else
		printf("N: %s.rc: %d\n", tag, WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status));
	printf("N: %s.secs: %ld\n", tag, (long)(time(NULL) - start));
}

int main(void)
{
	struct vcpuchar_ppc_host host = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_result def = VCPUCHAR_INIT(struct vcpuchar_ppc_result);
	struct vcpuchar_ppc_warnings warn = VCPUCHAR_INIT(struct vcpuchar_ppc_warnings);
	char qemu[VCPUCHAR_PPC_FORMAT_LEN], libvirt[VCPUCHAR_PPC_FORMAT_LEN], machine[256];
	int sys_fd, vm_fd, r;

	setvbuf(stdout, NULL, _IOLBF, 0);
	mount_fs("proc", "/proc");
	mount_fs("sysfs", "/sys");
	mount_fs("devtmpfs", "/dev");
	mount_fs("debugfs", "/sys/kernel/debug");
	printf("NESTED-START\n");
	nested_print_state("N: L1");
	printf("N: module.kvm: %d\n", load_module("/kvm.ko"));
	printf("N: module.kvm-hv: %d\n", load_module("/kvm-hv.ko"));

	/* The probe on a VM of this host, as a VMM would call it. */
	sys_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	vm_fd = sys_fd < 0 ? -1 : ioctl(sys_fd, KVM_CREATE_VM, 0);
	r = vcpuchar_ppc_host_probe(vm_fd, NULL, &host);
	printf("N: probe: %d\nN: probe.words: 0x%016" PRIx64 ",0x%016" PRIx64 ",0x%016" PRIx64 ",0x%016" PRIx64 "\n",
	       r, host.character, host.behaviour, host.character_mask, host.behaviour_mask);
	if (vm_fd >= 0)
		close(vm_fd);
	if (sys_fd >= 0)
		close(sys_fd);

	req.cpu = guest_cpu();
	req.qemu_version = target_qemu();
	{
		char note[256] = "";
		uint32_t answered = 0;

		r = vcpuchar_ppc_qemu_version_check(req.qemu_version, &answered, note, sizeof(note));
		printf("N: qemu_version: %u (check %d, answered %u)%s%s\n", req.qemu_version, r, answered,
		       *note ? ": " : "", note);
	}
	req.mode = VCPUCHAR_PPC_MODE_HOST_MAX;
	r = vcpuchar_ppc_decide(&host, &req, &res);
	printf("N: hostmax.decide: %d\n", r);
	vcpuchar_ppc_caps_format(&res.effective_caps, VCPUCHAR_PPC_FORMAT_QEMU, qemu, sizeof(qemu), NULL);
	vcpuchar_ppc_caps_format(&res.effective_caps, VCPUCHAR_PPC_FORMAT_LIBVIRT, libvirt, sizeof(libvirt), NULL);
	printf("N: hostmax.qemu: %s\nN: hostmax.libvirt: %s\n", qemu, libvirt);
	printf("N: hostmax.not_expressible: 0x%016" PRIx64 ",0x%016" PRIx64 "\n", res.unexpressed_r4,
	       res.unexpressed_r5);
	print_view("hostmax.view", &res.guest_view);
	r = vcpuchar_ppc_warnings_check(&host, &req, &warn);
	printf("N: warnings.n: %d\n", r);
	for (uint32_t i = 0; r > 0 && i < warn.n_entries; i++)
		printf("N: warning.%s: %s\n", vcpuchar_ppc_warning_name(warn.entries[i].code), warn.entries[i].text);

	/* Every cap QEMU checks at start: what L2's -M needs on this L1 (README.md, "Stacks"). */
	{
		struct vcpuchar_ppc_start st = VCPUCHAR_INIT(struct vcpuchar_ppc_start);

		printf("N: probe.facts: 0x%x/0x%x page_size %u dec_bits %u\n", host.facts_read, host.facts,
		       host.page_size, host.dec_bits);
		r = vcpuchar_ppc_start_check(&host, &req, &st);
		printf("N: start.check: %d\nN: start.paste: %s\n", r, st.paste);
		for (uint32_t i = 0; r == 0 && i < st.n_entries; i++)
			if (st.entries[i].verdict != VCPUCHAR_PPC_VERDICT_STARTS)
				printf("N: start.%s: %s: %s\n", st.entries[i].name,
				       st.entries[i].verdict == VCPUCHAR_PPC_VERDICT_REFUSED ? "refused" : "unknown",
				       st.entries[i].reason);
		if (r == 0 && st.paste[0])
			snprintf(l2_paste, sizeof(l2_paste), ",%s", st.paste);
	}

	/* What QEMU does with the machine type's defaults: caps mode, nothing set. */
	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	r = vcpuchar_ppc_decide(&host, &req, &def);
	printf("N: defaults.decide: %d\nN: defaults.n_errors: %u\n", r, def.n_errors);
	for (uint32_t i = 0; i < def.n_conflicts; i++)
		if (def.conflicts[i].severity == VCPUCHAR_SEVERITY_ERROR) {
			/* QEMU stops at the first refused cap: its message and hint. */
			printf("N: defaults.message: %s\nN: defaults.hint: %s\n", def.conflicts[i].message,
			       def.conflicts[i].hint);
			break;
		}
	print_view("defaults.view", &def.guest_view);

	run_l2("a", "pseries,x-vof=on", 0);
	snprintf(machine, sizeof(machine), "pseries,x-vof=on,%s", qemu);
	run_l2("b", machine, 0);
	/* (c)-(e): the patched QEMU, when the runner put its tree in /patched. */
	if (access(PATCHED_QEMU, X_OK) == 0) {
		printf("N: patched: 1\n");
		/*
		 * host and seed answer the hcall from the host's words but leave
		 * the caps at the defaults, which QEMU refuses on the hosts the
		 * caps-mode decision refused ((a)); there they get the library's
		 * caps string too, as a user would have to give.
		 */
		char mode_caps[256];

		run_l2("c", "pseries,x-vof=on,cpu-char-mode=host-max", 1);
		snprintf(mode_caps, sizeof(mode_caps), "pseries,x-vof=on,cpu-char-mode=host%s%s",
			 def.n_errors ? "," : "", def.n_errors ? qemu : "");
		run_l2("d", mode_caps, 1);
		snprintf(mode_caps, sizeof(mode_caps), "pseries,x-vof=on,cpu-char-mode=seed%s%s",
			 def.n_errors ? "," : "", def.n_errors ? qemu : "");
		run_l2("e", mode_caps, 1);
	} else {
		printf("N: patched: 0\n");
	}
	if (warn.codes & (1u << VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT)) {
		/* (f) what the warning is about: the same caps with fixed-na spelled out. */
		char *ibs = strstr(machine, "cap-ibs=broken");

		if (ibs) {
			memmove(ibs + strlen("cap-ibs=fixed-na"), ibs + strlen("cap-ibs=broken"),
				strlen(ibs + strlen("cap-ibs=broken")) + 1);
			memcpy(ibs, "cap-ibs=fixed-na", strlen("cap-ibs=fixed-na"));
			run_l2("f", machine, 0);
		}
	}

	printf("NESTED-DONE\n");
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
