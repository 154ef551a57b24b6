/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /init of the x86-e2e initramfs: PID 1 in Debian's amd64 kernel booted by
 * qemu-system-x86_64 -accel tcg with an AMD CPU that has SVM. Mounts proc,
 * sysfs and devtmpfs, loads kvm-amd and its dependencies with finit_module,
 * prints what it reads itself (CPUID by instruction, module parameters from
 * sysfs, KVM_CHECK_EXTENSION), then runs each command of /e2e/plan with a
 * timeout and copies its output to the console. The host runner
 * (run-e2e.py) judges the output against those facts; this program only
 * reports, so the plan can grow without touching it. Lines:
 *   E2E: <check>: PASS|FAIL|INFO: ...   (tests/e2e-common/report.h)
 *   E2E-FACT: <key>=<value>
 *   E2E-OUT: <step>: <a line the command printed>
 *   E2E-RUN: <step>: exit=<n> | timeout=<s> | exec failed: ...
 *   E2E-DONE: pass=N fail=M
 */
#define _GNU_SOURCE
#include <cpuid.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "init-util.h"
#include "report.h"

/* Loads /e2e/modules/order; kvm-amd gets @amd_params. 1 when all loaded. */
static int load_modules(const char *amd_params)
{
	char name[64], path[128], check[256];
	FILE *f = fopen("/e2e/modules/order", "re");
	int ok = 1, r;

	if (!f)
		return e2e_ok("module.order", 0, "/e2e/modules/order: %s", strerror(errno));
	while (fscanf(f, "%63s", name) == 1) {
		const char *params = strcmp(name, "kvm-amd.ko") ? "" : amd_params;

		snprintf(path, sizeof(path), "/e2e/modules/%s", name);
		snprintf(check, sizeof(check), "module.%s%s%s", name, *params ? " " : "", params);
		r = e2e_load_module(path, params);
		ok &= e2e_ok(check, r == 0, "finit_module: %s", r ? strerror(r) : "loaded");
	}
	fclose(f);
	return ok;
}

static void cpuid_facts(void)
{
	unsigned a, b, c, d, max_ext;
	char vendor[13];

	__cpuid_count(0, 0, a, b, c, d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = 0;
	printf("E2E-FACT: cpuid.vendor=%s\n", vendor);
	__cpuid_count(1, 0, a, b, c, d);
	printf("E2E-FACT: cpuid.1.eax=0x%08x\nE2E-FACT: cpuid.1.ecx=0x%08x\n", a, c);
	__cpuid_count(0x80000000, 0, max_ext, b, c, d);
	__cpuid_count(0x80000001, 0, a, b, c, d);
	printf("E2E-FACT: cpuid.80000001.ecx=0x%08x\n", c);
	/* Leaf 0x8000000A exists only with SVM (CPUID 0x80000001 ECX[2]). */
	if (max_ext >= 0x8000000a && (c & 4)) {
		__cpuid_count(0x8000000a, 0, a, b, c, d);
		printf("E2E-FACT: cpuid.8000000a.eax=0x%08x\nE2E-FACT: cpuid.8000000a.ebx=0x%08x\n"
		       "E2E-FACT: cpuid.8000000a.edx=0x%08x\n", a, b, d);
	}
}

/* One E2E-FACT line per file of /sys/module/@mod/parameters. */
static void sysfs_params(const char *mod)
{
	char dir[96], path[384], val[128];
	struct dirent *e;
	DIR *dp;

	snprintf(dir, sizeof(dir), "/sys/module/%s/parameters", mod);
	dp = opendir(dir);
	if (!dp) {
		printf("E2E-FACT: module.%s=absent\n", mod);
		return;
	}
	printf("E2E-FACT: module.%s=present\n", mod);
	while ((e = readdir(dp))) {
		int fd;
		ssize_t n;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		n = fd < 0 ? -1 : read(fd, val, sizeof(val) - 1);
		if (fd >= 0)
			close(fd);
		if (n < 0)
			continue; /* write-only or unreadable */
		val[n] = 0;
		val[strcspn(val, "\n")] = 0;
		printf("E2E-FACT: %s.%s=%s\n", mod, e->d_name, val);
	}
	closedir(dp);
}

/* KVM's own answers, by raw ioctl with this kernel's <linux/kvm.h>. */
static void kvm_facts(void)
{
	static const struct {
		const char *name;
		long cap;
	} caps[] = {
		{ "x86_disable_exits", KVM_CAP_X86_DISABLE_EXITS },
		{ "halt_poll", KVM_CAP_HALT_POLL },
		{ "binary_stats_fd", KVM_CAP_BINARY_STATS_FD },
	};
	struct kvm_cpuid2 *cpuid;
	int kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);

	if (!e2e_ok("kvm.open", kvm >= 0, "/dev/kvm: %s", kvm >= 0 ? "opened" : strerror(errno)))
		return;
	printf("E2E-FACT: kvm.api_version=%d\n", ioctl(kvm, KVM_GET_API_VERSION, 0));
	for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
		printf("E2E-FACT: kvm.cap.%s=%d\n", caps[i].name, ioctl(kvm, KVM_CHECK_EXTENSION, caps[i].cap));
	cpuid = calloc(1, sizeof(*cpuid) + 512 * sizeof(cpuid->entries[0]));
	if (cpuid)
		cpuid->nent = 512;
	if (cpuid && ioctl(kvm, KVM_GET_SUPPORTED_CPUID, cpuid) == 0) {
		printf("E2E-FACT: kvm.supported_cpuid.nent=%u\n", cpuid->nent);
		for (unsigned i = 0; i < cpuid->nent; i++) {
			const struct kvm_cpuid_entry2 *e = &cpuid->entries[i];

			if (e->function == 0x8000000a || e->function == 0x40000001)
				printf("E2E-FACT: kvm.supported_cpuid.%08x.eax=0x%08x\n"
				       "E2E-FACT: kvm.supported_cpuid.%08x.edx=0x%08x\n",
				       e->function, e->eax, e->function, e->edx);
		}
	} else {
		e2e_ok("kvm.supported_cpuid", 0, "KVM_GET_SUPPORTED_CPUID: %s", strerror(errno));
	}
	free(cpuid);
	close(kvm);
}

/* The first line of @path starting with @prefix, as E2E-FACT @key. */
static void first_line(const char *path, const char *prefix, const char *key)
{
	char line[1024];
	FILE *f = fopen(path, "re");

	while (f && fgets(line, sizeof(line), f)) {
		if (strncmp(line, prefix, strlen(prefix)))
			continue;
		line[strcspn(line, "\n")] = 0;
		printf("E2E-FACT: %s=%s\n", key, line);
		break;
	}
	if (f)
		fclose(f);
}

static void facts(void)
{
	struct utsname u;
	char smt[32] = "";
	int fd = open("/sys/devices/system/cpu/smt/control", O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		ssize_t n = read(fd, smt, sizeof(smt) - 1);

		smt[n > 0 ? n : 0] = 0;
		smt[strcspn(smt, "\n")] = 0;
		close(fd);
	}
	uname(&u);
	printf("E2E-FACT: kernel.release=%s\nE2E-FACT: smt.control=%s\n", u.release, smt);
	first_line("/proc/cmdline", "", "proc.cmdline");
	first_line("/proc/cpuinfo", "bugs", "cpuinfo.bugs");
	cpuid_facts();
	sysfs_params("kvm");
	sysfs_params("kvm_amd");
	sysfs_params("kvm_intel");
	kvm_facts();
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* Copies complete lines of @buf to the console as E2E-OUT; keeps the rest. */
static size_t emit_lines(const char *step, char *buf, size_t len, int flush)
{
	size_t start = 0;

	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\n') {
			printf("E2E-OUT: %s: %.*s\n", step, (int)(i - start), buf + start);
			start = i + 1;
		}
	}
	if (flush && start < len) {
		printf("E2E-OUT: %s: %.*s\n", step, (int)(len - start), buf + start);
		start = len;
	}
	memmove(buf, buf + start, len - start);
	return len - start;
}

/* Runs @argv with its output on a pipe, killed (its process group) after @timeout s. */
static void run_step(const char *step, int timeout, char **argv)
{
	static char buf[8192];
	double deadline = now() + timeout, t0 = now();
	int fds[2], status, timed_out = 0;
	size_t len = 0;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0 || (pid = fork()) < 0) {
		printf("E2E-RUN: %s: exec failed: %s\n", step, strerror(errno));
		return;
	}
	if (pid == 0) {
		setpgid(0, 0);
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		execv(argv[0], argv);
		printf("exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	for (;;) {
		struct pollfd p = { .fd = fds[0], .events = POLLIN };
		int left = (int)((deadline - now()) * 1000);
		ssize_t n;

		if (left <= 0) {
			timed_out = 1;
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			break;
		}
		if (poll(&p, 1, left) <= 0)
			continue;
		n = read(fds[0], buf + len, sizeof(buf) - len);
		if (n <= 0)
			break;
		len += (size_t)n;
		/* Complete lines first: only a line longer than the buffer is cut. */
		len = emit_lines(step, buf, len, 0);
		if (len == sizeof(buf)) {
			printf("E2E-OUT: %s: %.*s\n", step, (int)len, buf);
			len = 0;
		}
	}
	emit_lines(step, buf, len, 1);
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (timed_out)
		printf("E2E-RUN: %s: timeout=%d\n", step, timeout);
	else if (WIFEXITED(status))
		printf("E2E-RUN: %s: exit=%d secs=%.1f\n", step, WEXITSTATUS(status), now() - t0);
	else
		printf("E2E-RUN: %s: signal=%d\n", step, WTERMSIG(status));
}

/* /e2e/plan: one step a line, "name<TAB>timeout<TAB>argv0<TAB>argv1...". */
static void run_plan(void)
{
	char line[1024];
	FILE *f = fopen("/e2e/plan", "re");

	if (!e2e_ok("plan", f != NULL, "/e2e/plan: %s", f ? "read" : strerror(errno)))
		return;
	while (fgets(line, sizeof(line), f)) {
		char *argv[32], *save = NULL, *name, *tmo;
		int n = 0;

		line[strcspn(line, "\n")] = 0;
		name = strtok_r(line, "\t", &save);
		tmo = strtok_r(NULL, "\t", &save);
		if (!name || !tmo)
			continue;
		while (n < 31 && (argv[n] = strtok_r(NULL, "\t", &save)))
			n++;
		argv[n] = NULL;
		if (n == 0)
			continue;
		run_step(name, atoi(tmo), argv);
	}
	fclose(f);
}

int main(void)
{
	char boot[64], amd_params[128];

	setvbuf(stdout, NULL, _IOLBF, 0);
	e2e_mount("proc", "/proc");
	e2e_mount("sysfs", "/sys");
	e2e_mount("devtmpfs", "/dev");
	mkdir("/tmp", 01777);
	printf("E2E-START\n");
	e2e_cmdline_param("boot", boot, sizeof(boot));
	/* vcpuchar.kvm_amd=npt=0,nested=0: the parameters finit_module gets. */
	e2e_cmdline_param("kvm_amd", amd_params, sizeof(amd_params));
	for (char *p = amd_params; *p; p++)
		if (*p == ',')
			*p = ' ';
	e2e_info("params", "boot=%s kvm_amd=\"%s\"", boot, amd_params);

	/* Everything after the modules needs kvm_amd: stop here when it is refused. */
	if (load_modules(amd_params)) {
		facts();
		setenv("PATH", "/bin:/usr/bin", 1);
		setenv("HOME", "/", 1);
		setenv("TMPDIR", "/tmp", 1);
		/* Check's 30 s default is for real hardware; TCG is several times slower. */
		setenv("CK_DEFAULT_TIMEOUT", "60", 1);
		run_plan();
	}

	e2e_power_off();
	return 0;
}
