/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The x86 calls under a seccomp filter built from their documented system
 * calls (the "System calls" paragraph of each function in
 * include/vcpuchar/x86.h, SYSTEM CALLS in its man page), as a sandboxed VMM
 * (rust-vmm VMMs, crosvm, Firecracker's jailer) would install one. Anything
 * else, and any other ioctl, raises SIGSYS (SECCOMP_RET_TRAP); the handler
 * reports the call and ends the child. No libseccomp: the BPF program is
 * written out below. Real /dev/kvm; exit 77 without it. x86_64 only.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/kvm.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vcpuchar.h>

#include "test-common.h"

static int kvm_fd = -1;
static int report_fd = -1;

/*
 * The union of the documented lists. Which function names which call:
 * apply: fcntl, fstat (glibc: newfstatat), readlink; probe: uname, stat
 * (newfstatat), open (openat), fstat, read, getdents64, close, fcntl,
 * readlink, calloc (brk, mmap, munmap); vcpu_stats_read: pread64, close,
 * malloc (brk, mmap, munmap), fcntl, fstat, readlink. The harness itself:
 * write (the report pipe), exit_group, exit.
 */
static const int allowed_nr[] = {
	__NR_fcntl, __NR_fstat, __NR_newfstatat, __NR_readlink, __NR_uname, __NR_stat, __NR_open,
	__NR_openat, __NR_read, __NR_getdents64, __NR_close, __NR_brk, __NR_mmap, __NR_munmap,
	__NR_pread64, __NR_write, __NR_exit_group, __NR_exit,
};

/* Every ioctl the x86 functions document; nothing else (KVM_GET_API_VERSION and
 * KVM_SET_IDENTITY_MAP_ADDR included). */
static const unsigned long allowed_ioctl[] = {
	KVM_CHECK_EXTENSION, KVM_ENABLE_CAP, KVM_GET_SUPPORTED_CPUID, KVM_GET_STATS_FD,
};

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define ARG1_LO offsetof(struct seccomp_data, args[1])
#define ARG1_HI (offsetof(struct seccomp_data, args[1]) + 4)

static int install_filter(void)
{
	struct sock_filter f[64];
	struct sock_fprog prog = { .filter = f };
	unsigned n = 0;

	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch));
	f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr));
	for (size_t i = 0; i < N(allowed_nr); i++) {
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)allowed_nr[i], 0, 1);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	}
	f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_ioctl, 1, 0);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
	/* ioctl: the request's high word must be 0, its low word one of the list. */
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG1_HI);
	f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0, 1, 0);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
	f[n++] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, ARG1_LO);
	for (size_t i = 0; i < N(allowed_ioctl); i++) {
		f[n++] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)allowed_ioctl[i], 0, 1);
		f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	}
	f[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP);
	prog.len = (unsigned short)n;
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return (int)syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog);
}

/* SIGSYS: name the call (and the ioctl request) on the report pipe, then end. */
static void on_sigsys(int sig, siginfo_t *si, void *uc_)
{
	ucontext_t *uc = uc_;
	char msg[96];
	int len;

	(void)sig;
	len = snprintf(msg, sizeof(msg), "TRAP syscall %d arg1 %#llx\n", si->si_syscall,
		       (unsigned long long)uc->uc_mcontext.gregs[REG_RSI]);
	if (write(report_fd, msg, (size_t)len) < 0)
		_exit(4);
	_exit(3);
}

/* What the child found, written as one line; "" when all went well. */
static void say(const char *what, int a, int b)
{
	char msg[128];
	int len = snprintf(msg, sizeof(msg), "%s: %d %d\n", what, a, b);

	if (write(report_fd, msg, (size_t)len) < 0)
		_exit(4);
}

/*
 * Runs @body in a child under the filter; returns what the child wrote and
 * its wait status in *status.
 */
static void run_filtered(void (*body)(int vm_fd, int vcpu_fd), char *out, size_t size, int *status)
{
	int pfd[2], vm_fd, vcpu_fd;
	pid_t pid;
	ssize_t n, len = 0;

	ck_assert_int_eq(pipe(pfd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct sigaction sa = { .sa_sigaction = on_sigsys, .sa_flags = SA_SIGINFO };
		int stats_vm = ioctl(kvm_fd, KVM_CREATE_VM, 0);

		close(pfd[0]);
		report_fd = pfd[1];
		/*
		 * The VMM's own work, before its filter (KVM wants VM ioctls from the process
		 * that created the VM): the VM, and a second VM with one vCPU for the statistics.
		 */
		vm_fd = ioctl(kvm_fd, KVM_CREATE_VM, 0);
		vcpu_fd = stats_vm >= 0 ? ioctl(stats_vm, KVM_CREATE_VCPU, 0) : -1;
		sigaction(SIGSYS, &sa, NULL);
		if (install_filter()) {
			say("seccomp filter not installed", errno, 0);
			_exit(2);
		}
		if (vm_fd < 0) {
			say("KVM_CREATE_VM", errno, 0);
			_exit(2);
		}
		body(vm_fd, vcpu_fd);
		_exit(0);
	}
	close(pfd[1]);
	while (len < (ssize_t)size - 1 && (n = read(pfd[0], out + len, size - 1 - (size_t)len)) > 0)
		len += n;
	out[len] = '\0';
	close(pfd[0]);
	ck_assert_int_eq(waitpid(pid, status, 0), pid);
}

static const struct vcpuchar_x86_vm passthrough_vm = {
	.size = sizeof(struct vcpuchar_x86_vm),
	.flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY,
	.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE,
};

static void probe_and_apply(int vm_fd, int vcpu_fd)
{
	struct vcpuchar_x86_host h = { .size = sizeof(h) };
	struct vcpuchar_x86_policy p = { .size = sizeof(p) }, d = { .size = sizeof(d) };
	struct vcpuchar_x86_guest_view gv = { .size = sizeof(gv) };
	struct vcpuchar_x86_vcpu_stats st = { .size = sizeof(st) };
	struct vcpuchar_x86_cpuid_entry e[2] = {
		{ .function = 0x40000000, .eax = 0x40000001 }, { .function = 0x40000001 },
	};
	char text[256];
	int r;

	memcpy(&e[0].ebx, "KVMK", 4);
	memcpy(&e[0].ecx, "VMKV", 4);
	memcpy(&e[0].edx, "M\0\0\0", 4);
	if ((r = vcpuchar_x86_host_probe(kvm_fd, NULL, &h)) != 0)
		say("probe", r, 0);
	if ((r = vcpuchar_x86_decide(&h, &passthrough_vm, &d)) != 0)
		say("decide", r, 0);
	if ((r = vcpuchar_x86_apply(vm_fd, &h, &passthrough_vm, 0, &p)) != 0)
		say("apply", r, 0);
	/* The flag refuses before any ioctl. */
	if ((r = vcpuchar_x86_apply(vm_fd, &h, &passthrough_vm, VCPUCHAR_X86_APPLY_VCPUS_EXIST, &d)) != 0 &&
	    r != -EBUSY)
		say("apply with VCPUS_EXIST", r, 0);
	/* Refused fds: the system fd, and a vCPU fd (the readlink path). */
	if ((r = vcpuchar_x86_apply(kvm_fd, &h, &passthrough_vm, 0, &d)) != -EINVAL)
		say("apply on /dev/kvm", r, 0);
	if (vcpu_fd >= 0 && (r = vcpuchar_x86_apply(vcpu_fd, &h, &passthrough_vm, 0, &d)) != -EINVAL)
		say("apply on a vCPU fd", r, 0);
	if ((r = vcpuchar_x86_guest_view(&p, 2, &gv)) != 0)
		say("guest_view", r, 0);
	if ((r = vcpuchar_x86_cpuid_patch(e, 2, &h, &p)) != 0)
		say("cpuid_patch", r, 0);
	for (uint32_t i = 0; i < p.n_reasons; i++)
		if (vcpuchar_x86_reason_text(&p.reasons[i], text, sizeof(text)) < 0 ||
		    !vcpuchar_x86_reason_name(p.reasons[i].code))
			say("reason", (int)p.reasons[i].code, 0);
	if (vcpuchar_x86_host_describe(&h, VCPUCHAR_X86_FACT_DISABLE_EXITS, text, sizeof(text)) < 0)
		say("host_describe", 0, 0);
	if (vcpu_fd >= 0 && (r = vcpuchar_x86_vcpu_stats_read(vcpu_fd, &st)) != 0)
		say("vcpu_stats_read", r, 0);
}

START_TEST(documented_calls_suffice)
{
	char out[512];
	int status;

	run_filtered(probe_and_apply, out, sizeof(out), &status);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || out[0])
		ck_abort_msg("under the filter: status %#x, %s", status, out);
}
END_TEST

static void old_vcpu_probe(int vm_fd, int vcpu_fd)
{
	(void)vcpu_fd;
	/* What 1.0 to 1.2 asked to find vCPUs: not in the list, so the filter traps it. */
	ioctl(vm_fd, KVM_SET_IDENTITY_MAP_ADDR, NULL);
}

static void api_version(int vm_fd, int vcpu_fd)
{
	(void)vcpu_fd;
	ioctl(vm_fd, KVM_GET_API_VERSION, 0);
}

/* The filter bites: the calls apply no longer makes are trapped. */
START_TEST(filter_traps_others)
{
	char out[512], want[96];
	int status;

	run_filtered(old_vcpu_probe, out, sizeof(out), &status);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 3);
	snprintf(want, sizeof(want), "TRAP syscall %d arg1 %#lx\n", __NR_ioctl, (unsigned long)KVM_SET_IDENTITY_MAP_ADDR);
	ck_assert_str_eq(out, want);
	run_filtered(api_version, out, sizeof(out), &status);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 3);
	snprintf(want, sizeof(want), "TRAP syscall %d arg1 %#lx\n", __NR_ioctl, (unsigned long)KVM_GET_API_VERSION);
	ck_assert_str_eq(out, want);
}
END_TEST

/*
 * Whether this process may install a seccomp filter at all: valgrind runs
 * the program on its own CPU and has no seccomp(2) (ENOSYS). Tried the
 * test's way in a child with a filter that allows everything, so nothing stays installed here.
 */
static bool seccomp_works(void)
{
	struct sock_filter allow = BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct sock_fprog prog = { .len = 1, .filter = &allow };
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
		      syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0 ? 0 : 1);
	return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Built for x86_64 only (tests/unit/meson.build): the syscall numbers are its. */
int main(void)
{
	TCase *tc;
	Suite *s;
	const char *why = NULL;
	int r;

#if defined(__SANITIZE_ADDRESS__)
	/* The sanitizer's runtime makes calls of its own (sigaltstack) that no VMM's list holds. */
	why = "under AddressSanitizer, whose runtime makes system calls the documented list does not hold";
#endif
	if (!why && !seccomp_works())
		why = "this process cannot install a seccomp filter (under valgrind, or a kernel without it)";
	/* Without /dev/kvm, the suite below says that first (the skip-path test expects it). */
	if (why && access("/dev/kvm", R_OK | W_OK) == 0) {
		printf("SKIP: %s\n", why);
		return 77;
	}
	s = test_kvm_suite("x86-seccomp", &kvm_fd, &tc);
	if (!s)
		return 77;
	if (why) {
		printf("SKIP: %s\n", why);
		close(kvm_fd);
		return 77;
	}
	tcase_add_test(tc, documented_calls_suffice);
	tcase_add_test(tc, filter_traps_others);
	r = run_suite(s);
	close(kvm_fd);
	return r;
}
