/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * /init of the L2 guest (tests/x86-guest-e2e/README.md): prints what the
 * guest kernel found (CPUID 0x40000000/0x40000001, the cpuidle driver, the
 * kernel's PV spinlock line, the CPU count, whether /proc/cpuinfo lists
 * the monitor flag), then marks a fixed idle period
 * for L1 to count halt_exits over, then powers off. Static, no libraries.
 */
#include <cpuid.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <time.h>
#include <unistd.h>

#define IDLE_SECONDS 4

static void line(const char *fmt, const char *s)
{
	printf(fmt, s);
	fflush(stdout);
}

/* Whether the first line of @flags (a cpuinfo "flags : ..." line) lists @name. */
static int has_flag(const char *flags, const char *name)
{
	size_t len = strlen(name), end = strcspn(flags, "\n");

	for (const char *q = strstr(flags, name); q && (size_t)(q - flags) < end; q = strstr(q + 1, name))
		if (q[-1] == ' ' && (q[len] == ' ' || q[len] == '\n' || !q[len]))
			return 1;
	return 0;
}

int main(void)
{
	static char log[1 << 17], info[1 << 16];
	unsigned a, b, c, d;
	char sig[13], drv[64] = "absent";
	struct timespec idle = { IDLE_SECONDS, 0 };
	const char *p;
	int fd, n;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	__cpuid(0x40000000, a, b, c, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	sig[12] = 0;
	printf("L2-FACT: kvm_signature=%s max_leaf=0x%x\n", strcmp(sig, "KVMKVMKVM") ? "absent" : "KVMKVMKVM", a);
	__cpuid(0x40000001, a, b, c, d);
	printf("L2-FACT: cpuid_40000001_eax=0x%x\nL2-FACT: cpuid_40000001_edx=0x%x\n", a, d);
	printf("L2-FACT: cpus=%ld\n", sysconf(_SC_NPROCESSORS_CONF));
	fd = open("/sys/devices/system/cpu/cpuidle/current_driver", O_RDONLY);
	if (fd >= 0) {
		n = read(fd, drv, sizeof(drv) - 1);
		drv[n > 0 ? n : 0] = 0;
		drv[strcspn(drv, "\n")] = 0;
		close(fd);
	}
	line("L2-FACT: cpuidle_driver=%s\n", drv);
	/* MONITOR/MWAIT as the guest kernel lists it: " monitor" among the flags. */
	fd = open("/proc/cpuinfo", O_RDONLY);
	n = fd >= 0 ? read(fd, info, sizeof(info) - 1) : -1;
	info[n > 0 ? n : 0] = 0;
	if (fd >= 0)
		close(fd);
	p = strstr(info, "\nflags");
	line("L2-FACT: monitor=%s\n", !p ? "unread" : has_flag(p + 1, "monitor") ? "yes" : "no");
	n = klogctl(3, log, sizeof(log) - 1); /* SYSLOG_ACTION_READ_ALL */
	log[n > 0 ? n : 0] = 0;
	p = strstr(log, "PV spinlocks");
	if (p)
		printf("L2-FACT: spinlock_line=%.*s\n", (int)strcspn(p, "\n"), p);
	else
		line("L2-FACT: spinlock_line=%s\n", "absent");
	line("%s", "L2-IDLE-START\n");
	nanosleep(&idle, NULL);
	line("%s", "L2-IDLE-END\n");
	sync();
	reboot(RB_POWER_OFF);
	return 0;
}
