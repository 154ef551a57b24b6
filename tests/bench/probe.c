/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The probe rows: vcpuchar_ppc_host_probe() and vcpuchar_x86_host_probe()
 * against the raw sequence a VMM would write itself, on this machine's
 * /dev/kvm and a real VM fd from it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include <vcpuchar.h>

#include "bench.h"
#include "rows.h"

/* The raw side defines what it needs itself: Linux arch/powerpc/include/uapi/asm/kvm.h. */
struct raw_cpu_char {
	uint64_t character, behaviour, character_mask, behaviour_mask;
};
#define RAW_CAP_PPC_GET_CPU_CHAR 151
#define RAW_PPC_GET_CPU_CHAR _IOR(KVMIO, 0xb1, struct raw_cpu_char)

static int kvm_fd = -1, vm_fd = -1;
static volatile uint64_t sink;

/* KVM_CHECK_EXTENSION, then KVM_PPC_GET_CPU_CHAR where the kernel offers it. */
static int raw_ppc(struct raw_cpu_char *cc)
{
	int r = ioctl(vm_fd, KVM_CHECK_EXTENSION, RAW_CAP_PPC_GET_CPU_CHAR);

	if (r <= 0)
		return r < 0 ? -errno : -ENOTSUP;
	return ioctl(vm_fd, RAW_PPC_GET_CPU_CHAR, cc) < 0 ? -errno : 0;
}

static __attribute__((noinline)) void lib_ppc_probe(size_t iters)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);

	for (size_t i = 0; i < iters; i++)
		sink = (uint64_t)vcpuchar_ppc_host_probe(vm_fd, NULL, &h) ^ h.character;
}

static __attribute__((noinline)) void raw_ppc_probe(size_t iters)
{
	struct raw_cpu_char cc = { 0 };

	for (size_t i = 0; i < iters; i++)
		sink = (uint64_t)raw_ppc(&cc) ^ cc.character;
}

#if defined(__x86_64__) || defined(__i386__)
/*
 * The x86 facts read the plain way: the CPUID instruction, KVM's system
 * ioctls with a table as big as KVM's own limit (KVM_MAX_CPUID_ENTRIES,
 * 256), and each documented file opened, read to its end and closed.
 */
struct raw_x86 {
	uint32_t vendor_ebx, cpuid_1_ecx, max_ext, ext_ecx, svm_edx;
	int caps[3];
	uint32_t nent, kvm_features, kvm_hints;
	uint64_t params[11];
	int param_err[11], kvm_amd;
	char vendor_module[32];
	char osrelease[65], smt[32], machine[65];
	int clearcpuid_510, smt_rsb_bug;
};

static const char *const raw_params[11] = {
	"/sys/module/kvm/parameters/halt_poll_ns", "/sys/module/kvm/parameters/halt_poll_ns_grow",
	"/sys/module/kvm/parameters/halt_poll_ns_grow_start", "/sys/module/kvm/parameters/halt_poll_ns_shrink",
	"/sys/module/kvm/parameters/mitigate_smt_rsb", "/sys/module/kvm_amd/parameters/avic",
	"/sys/module/kvm_amd/parameters/nested", "/sys/module/kvm_amd/parameters/sev",
	"/sys/module/kvm_amd/parameters/sev_es", "/sys/module/kvm_amd/parameters/sev_snp",
	"/sys/devices/system/cpu/smt/control",
};

/* open, read to the end (or @size - 1 bytes), close; the length or -errno. */
static int raw_read(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += (size_t)n;
	close(fd);
	buf[len] = '\0';
	return (int)len;
}

static int raw_x86(struct raw_x86 *o)
{
	static uint64_t words[(sizeof(struct kvm_cpuid2) + 256 * sizeof(struct kvm_cpuid_entry2)) / 8];
	struct kvm_cpuid2 *table = (struct kvm_cpuid2 *)words;
	static const long caps[3] = { KVM_CAP_X86_DISABLE_EXITS, KVM_CAP_HALT_POLL, KVM_CAP_BINARY_STATS_FD };
	unsigned a, b, c, d;
	char buf[16384], *line, *save = NULL, *save2 = NULL;
	struct stat st;

	memset(o, 0, sizeof(*o));
	__cpuid(0, a, o->vendor_ebx, c, d);
	__cpuid(1, a, b, o->cpuid_1_ecx, d);
	__cpuid(0x80000000, o->max_ext, b, c, d);
	__cpuid(0x80000001, a, b, o->ext_ecx, d);
	/* Leaf 0x8000000A only on an AMD-family CPU with SVM. */
	if ((o->vendor_ebx == 0x68747541 || o->vendor_ebx == 0x6f677948) && o->max_ext >= 0x8000000A &&
	    (o->ext_ecx & 4))
		__cpuid(0x8000000A, a, b, c, o->svm_edx);

	for (int i = 0; i < 3; i++)
		if ((o->caps[i] = ioctl(kvm_fd, KVM_CHECK_EXTENSION, caps[i])) < 0)
			return -errno;
	table->nent = 256;
	if (ioctl(kvm_fd, KVM_GET_SUPPORTED_CPUID, table) < 0)
		return -errno;
	o->nent = table->nent;
	for (uint32_t i = 0; i < o->nent; i++)
		if (table->entries[i].function == 0x40000001) {
			o->kvm_features = table->entries[i].eax;
			o->kvm_hints = table->entries[i].edx;
		}

	raw_read("/proc/sys/kernel/osrelease", o->osrelease, sizeof(o->osrelease));
	{
		struct utsname u;

		if (uname(&u) == 0)
			snprintf(o->machine, sizeof(o->machine), "%s", u.machine);
	}
	for (int i = 0; i < 10; i++) {
		int r = raw_read(raw_params[i], buf, 64);

		o->param_err[i] = r < 0 ? r : 0;
		o->params[i] = r > 0 ? (buf[0] == 'Y' ? 1 : buf[0] == 'N' ? 0 : strtoull(buf, NULL, 10)) : 0;
		if (i == 4)
			o->kvm_amd = stat("/sys/module/kvm_amd", &st) == 0;
	}
	/* KVM's vendor module: kvm_amd, kvm_intel, else the first other kvm_* in /sys/module. */
	if (o->kvm_amd) {
		snprintf(o->vendor_module, sizeof(o->vendor_module), "kvm_amd");
	} else if (stat("/sys/module/kvm_intel", &st) == 0) {
		snprintf(o->vendor_module, sizeof(o->vendor_module), "kvm_intel");
	} else {
		DIR *dir = opendir("/sys/module");
		struct dirent *e;

		while (dir && (e = readdir(dir)))
			if (!strncmp(e->d_name, "kvm_", 4) && strlen(e->d_name) < sizeof(o->vendor_module) &&
			    (!o->vendor_module[0] || strcmp(e->d_name, o->vendor_module) < 0))
				snprintf(o->vendor_module, sizeof(o->vendor_module), "%s", e->d_name);
		if (dir)
			closedir(dir);
	}
	raw_read(raw_params[10], o->smt, sizeof(o->smt));
	if (raw_read("/proc/cmdline", buf, 4096) > 0)
		for (char *tok = strtok_r(buf, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save))
			if (!strncmp(tok, "clearcpuid=", 11))
				for (char *n = strtok_r(tok + 11, ",", &save2); n; n = strtok_r(NULL, ",", &save2))
					o->clearcpuid_510 |= strtoul(n, NULL, 10) == 510;
	/* The first "bugs" line is in the first processor's block. */
	if (raw_read("/proc/cpuinfo", buf, sizeof(buf)) > 0 && (line = strstr(buf, "\nbugs"))) {
		line[strcspn(line + 1, "\n") + 1] = '\0';
		o->smt_rsb_bug = strstr(line, " smt_rsb") != NULL;
	}
	return 0;
}

static __attribute__((noinline)) void lib_x86_probe(size_t iters)
{
	static struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);

	for (size_t i = 0; i < iters; i++)
		sink = (uint64_t)vcpuchar_x86_host_probe(kvm_fd, NULL, &h) ^ h.kvm_features;
}

static __attribute__((noinline)) void raw_x86_probe(size_t iters)
{
	static struct raw_x86 o;

	for (size_t i = 0; i < iters; i++)
		sink = (uint64_t)raw_x86(&o) ^ o.kvm_features;
}

/* Both read the same facts: compare the ones the policy uses. */
static const char *check_x86_probe(void)
{
	struct vcpuchar_x86_host h = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct raw_x86 o;
	int lr = vcpuchar_x86_host_probe(kvm_fd, NULL, &h), rr = raw_x86(&o);

	if (lr || rr)
		return disagree("library %d, raw sequence %d", lr, rr);
	if (h.cpuid_1_ecx != o.cpuid_1_ecx || h.cpuid_80000001_ecx != o.ext_ecx || h.cpuid_8000000a_edx != o.svm_edx ||
	    h.disable_exits_allowed != (uint32_t)o.caps[0] || h.halt_poll_cap != (uint32_t)o.caps[1] ||
	    h.binary_stats_cap != (uint32_t)o.caps[2] || h.supported_nent != o.nent ||
	    h.kvm_features != o.kvm_features || h.kvm_hints != o.kvm_hints || h.halt_poll_ns != o.params[0] ||
	    h.mitigate_smt_rsb != o.params[4] || h.kvm_amd != (uint32_t)o.kvm_amd ||
	    h.clearcpuid_510 != (uint32_t)o.clearcpuid_510 || h.smt_rsb_bug != (uint32_t)o.smt_rsb_bug ||
	    strncmp(h.kernel_release, o.osrelease, strlen(h.kernel_release)) || strcmp(h.arch, o.machine) ||
	    strcmp(h.vendor_module, o.vendor_module))
		return disagree("library and raw sequence read different facts");
	return NULL;
}
#endif

/* Same answer on both sides. */
static const char *check_ppc_probe(void)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct raw_cpu_char cc = { 0 };
	int lr = vcpuchar_ppc_host_probe(vm_fd, NULL, &h), rr = raw_ppc(&cc);

	if (lr != rr || (!lr && (h.character != cc.character || h.behaviour != cc.behaviour ||
				 h.character_mask != cc.character_mask || h.behaviour_mask != cc.behaviour_mask)))
		return disagree("library %d (%s), raw sequence %d", lr, strerror(-lr), rr);
	return NULL;
}

const struct row probe_rows[] = {
	{ "probe-ppc", "POWER probe", "vcpuchar_ppc_host_probe", lib_ppc_probe, raw_ppc_probe, check_ppc_probe },
#if defined(__x86_64__) || defined(__i386__)
	{ "probe-x86", "x86 probe", "vcpuchar_x86_host_probe", lib_x86_probe, raw_x86_probe, check_x86_probe },
#endif
	{ NULL },
};

static const char *skip(const char *why, int fd)
{
	if (fd >= 0)
		close(fd);
	return why;
}

const char *probe_setup(void)
{
	kvm_fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm_fd < 0)
		return skip("cannot open /dev/kvm", -1);
	vm_fd = ioctl(kvm_fd, KVM_CREATE_VM, 0);
	if (vm_fd < 0)
		return skip("KVM_CREATE_VM failed", kvm_fd);
	return NULL;
}
