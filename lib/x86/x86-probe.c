/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* The x86 host probe: CPUID, KVM system ioctls, /proc and /sys (lib/x86.md#cpuid, #host-facts). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <linux/kvm.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "vcpuchar-private.h"

/* Bound of the E2BIG loop of KVM_GET_SUPPORTED_CPUID (KVM allows 256 today). */
#define SUPPORTED_CPUID_MAX 4096

struct probe {
	struct vcpuchar_x86_host *h;
	const char *root;
};

static void fact_ok(struct vcpuchar_x86_host *h, uint32_t fact)
{
	h->have |= 1u << fact;
	h->error[fact] = 0;
}

static void fact_err(struct vcpuchar_x86_host *h, uint32_t fact, int err)
{
	h->have &= ~(1u << fact);
	h->error[fact] = err;
}

static int read_text(const struct probe *p, const char *rel, char *buf, size_t size)
{
	return vcpuchar_read_text(p->root, rel, buf, size);
}

static void chomp(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' '))
		s[--n] = '\0';
}

static int parse_u64(const char *s, uint64_t *ret)
{
	char *end;
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -EINVAL;
	*ret = v;
	return 0;
}

/* Module bool parameters read back as Y/N (int ones as 1/0). */
static int parse_bool(const char *s, uint32_t *ret)
{
	if (!strcmp(s, "Y") || !strcmp(s, "1"))
		*ret = 1;
	else if (!strcmp(s, "N") || !strcmp(s, "0"))
		*ret = 0;
	else
		return -EINVAL;
	return 0;
}

enum kind { KIND_U64, KIND_U32, KIND_BOOL };

static void param(struct probe *p, uint32_t fact, const char *rel, enum kind kind, void *field)
{
	char buf[64];
	uint64_t v;
	int r = read_text(p, rel, buf, sizeof(buf));

	if (r == 0) {
		chomp(buf);
		if (kind == KIND_BOOL) {
			r = parse_bool(buf, field);
		} else {
			r = parse_u64(buf, &v);
			if (!r && kind == KIND_U32 && v > UINT32_MAX)
				r = -EINVAL;
			if (!r && kind == KIND_U32)
				*(uint32_t *)field = (uint32_t)v;
			else if (!r)
				*(uint64_t *)field = v;
		}
	}
	if (r)
		fact_err(p->h, fact, r);
	else
		fact_ok(p->h, fact);
}

/* Every clearcpuid= token; the value is a comma list of feature numbers. */
static void cmdline(struct probe *p)
{
	char buf[4096];
	char *save = NULL;
	int r = read_text(p, "proc/cmdline", buf, sizeof(buf));

	if (r) {
		fact_err(p->h, VCPUCHAR_X86_FACT_CLEARCPUID, r);
		return;
	}
	p->h->clearcpuid_510 = 0;
	for (char *tok = strtok_r(buf, " \t\n", &save); tok; tok = strtok_r(NULL, " \t\n", &save)) {
		char *save2 = NULL;

		if (strncmp(tok, "clearcpuid=", 11))
			continue;
		for (char *n = strtok_r(tok + 11, ",", &save2); n; n = strtok_r(NULL, ",", &save2)) {
			uint64_t v;

			if (!parse_u64(n, &v) && v == 510)
				p->h->clearcpuid_510 = 1;
		}
	}
	fact_ok(p->h, VCPUCHAR_X86_FACT_CLEARCPUID);
}

/*
 * The first bugs line is in the first processor's block, a few KiB in: a
 * bounded read, not the whole file (the kernel formats every CPU's block
 * for a full read, which on big hosts costs milliseconds).
 */
#define CPUINFO_READ_MAX 16384

/* X86_BUG_SMT_RSB shows as "smt_rsb" on the first bugs line of /proc/cpuinfo. */
static void cpuinfo_bugs(struct probe *p)
{
	char buf[CPUINFO_READ_MAX];
	char *line, *save = NULL;
	int r;

	r = read_text(p, "proc/cpuinfo", buf, sizeof(buf));
	if (r) {
		fact_err(p->h, VCPUCHAR_X86_FACT_SMT_RSB_BUG, r);
		return;
	}
	p->h->smt_rsb_bug = 0;
	line = strstr(buf, "\nbugs");
	if (line) {
		char *eol = strchr(line + 1, '\n');
		char *colon;

		if (eol)
			*eol = '\0';
		colon = strchr(line, ':');
		for (char *w = colon ? strtok_r(colon + 1, " \t", &save) : NULL; w; w = strtok_r(NULL, " \t", &save))
			if (!strcmp(w, "smt_rsb"))
				p->h->smt_rsb_bug = 1;
	}
	fact_ok(p->h, VCPUCHAR_X86_FACT_SMT_RSB_BUG);
}

static void smt_control(struct probe *p)
{
	char buf[32];
	int r = read_text(p, "sys/devices/system/cpu/smt/control", buf, sizeof(buf));

	if (!r) {
		chomp(buf);
		if (!strcmp(buf, "on") || !strcmp(buf, "off"))
			p->h->smt_possible = 1;
		else if (!strcmp(buf, "forceoff") || !strcmp(buf, "notsupported") || !strcmp(buf, "notimplemented"))
			p->h->smt_possible = 0;
		else
			r = -EINVAL;
	}
	if (r) {
		p->h->smt_possible = 1;
		fact_err(p->h, VCPUCHAR_X86_FACT_SMT_CONTROL, r);
	} else {
		fact_ok(p->h, VCPUCHAR_X86_FACT_SMT_CONTROL);
	}
}

/*
 * KVM's vendor module: kvm_amd or kvm_intel when their /sys/module
 * directory exists (loaded, or built in with parameters), else the first
 * other "kvm_*" entry in byte order (kvm_pvm, ...). The kvm module itself
 * is no vendor module; /sys/module/kvm/holders is absent when kvm is built
 * in, so the entry names are the one source on every kernel.
 */
static void vendor_module(struct probe *p)
{
	static const char *const known[] = { "kvm_amd", "kvm_intel" };
	struct vcpuchar_x86_host *h = p->h;
	char path[PATH_MAX], best[sizeof(h->vendor_module)] = "";
	/* Aligned for struct dirent64; /sys/module lists about 200 entries: a few calls. */
	char ents[4096] __attribute__((aligned(8)));
	struct stat st;
	ssize_t n;
	int fd, err;

	/* The kvm_amd fact already stat()ed its directory: no second call for it. */
	if ((h->have & (1u << VCPUCHAR_X86_FACT_KVM_AMD)) && h->kvm_amd) {
		snprintf(h->vendor_module, sizeof(h->vendor_module), "%s", known[0]);
		fact_ok(h, VCPUCHAR_X86_FACT_VENDOR_MODULE);
		return;
	}
	for (size_t i = 1; i < sizeof(known) / sizeof(known[0]); i++) {
		if ((size_t)snprintf(path, sizeof(path), "%s/sys/module/%s", p->root, known[i]) >= sizeof(path)) {
			fact_err(h, VCPUCHAR_X86_FACT_VENDOR_MODULE, -ENAMETOOLONG);
			return;
		}
		if (stat(path, &st) == 0) {
			snprintf(h->vendor_module, sizeof(h->vendor_module), "%s", known[i]);
			fact_ok(h, VCPUCHAR_X86_FACT_VENDOR_MODULE);
			return;
		}
	}
	/*
	 * getdents64 into a stack buffer, not opendir: the probe allocates
	 * nothing. glibc declares its buffer void *, musl struct dirent *.
	 */
	snprintf(path, sizeof(path), "%s/sys/module", p->root);
	fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		fact_err(h, VCPUCHAR_X86_FACT_VENDOR_MODULE, -errno);
		return;
	}
	while ((n = getdents64(fd, (void *)ents, sizeof(ents))) > 0) {
		for (ssize_t off = 0; off < n;) {
			const struct dirent64 *d = (const struct dirent64 *)(ents + off);

			if (d->d_reclen == 0)
				break; /* never from the kernel; no endless loop either */
			off += d->d_reclen;
			/* Names that do not fit are no module KVM knows of: skip them. */
			if (strncmp(d->d_name, "kvm_", 4) || strlen(d->d_name) >= sizeof(best))
				continue;
			if (!best[0] || strcmp(d->d_name, best) < 0)
				snprintf(best, sizeof(best), "%s", d->d_name);
		}
	}
	err = n < 0 ? -errno : 0;
	close(fd);
	if (err) {
		fact_err(h, VCPUCHAR_X86_FACT_VENDOR_MODULE, err);
		return;
	}
	memcpy(h->vendor_module, best, sizeof(best));
	fact_ok(h, VCPUCHAR_X86_FACT_VENDOR_MODULE);
}

static void files(struct probe *p)
{
	struct vcpuchar_x86_host *h = p->h;
	struct utsname u;
	char path[PATH_MAX];
	struct stat st;
	int r;

	/* The machine is this one whatever the root; the release can be a fixture's. */
	if (uname(&u) == 0)
		snprintf(h->arch, sizeof(h->arch), "%.15s", u.machine);
	r = read_text(p, "proc/sys/kernel/osrelease", h->kernel_release, sizeof(h->kernel_release));
	if (r) {
		h->kernel_release[0] = '\0';
		fact_err(h, VCPUCHAR_X86_FACT_KERNEL_RELEASE, r);
	} else {
		chomp(h->kernel_release);
		fact_ok(h, VCPUCHAR_X86_FACT_KERNEL_RELEASE);
	}

	param(p, VCPUCHAR_X86_FACT_HALT_POLL_NS, "sys/module/kvm/parameters/halt_poll_ns", KIND_U64, &h->halt_poll_ns);
	param(p, VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW, "sys/module/kvm/parameters/halt_poll_ns_grow", KIND_U32,
	      &h->halt_poll_ns_grow);
	param(p, VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START, "sys/module/kvm/parameters/halt_poll_ns_grow_start",
	      KIND_U32, &h->halt_poll_ns_grow_start);
	param(p, VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK, "sys/module/kvm/parameters/halt_poll_ns_shrink", KIND_U32,
	      &h->halt_poll_ns_shrink);
	param(p, VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB, "sys/module/kvm/parameters/mitigate_smt_rsb", KIND_BOOL,
	      &h->mitigate_smt_rsb);

	/* The directory exists exactly when the module is loaded (or built in). */
	if ((size_t)snprintf(path, sizeof(path), "%s/sys/module/kvm_amd", p->root) >= sizeof(path)) {
		fact_err(h, VCPUCHAR_X86_FACT_KVM_AMD, -ENAMETOOLONG);
	} else if (stat(path, &st) == 0) {
		h->kvm_amd = 1;
		fact_ok(h, VCPUCHAR_X86_FACT_KVM_AMD);
	} else if (errno == ENOENT) {
		h->kvm_amd = 0;
		fact_ok(h, VCPUCHAR_X86_FACT_KVM_AMD);
	} else {
		fact_err(h, VCPUCHAR_X86_FACT_KVM_AMD, -errno);
	}
	param(p, VCPUCHAR_X86_FACT_AVIC, "sys/module/kvm_amd/parameters/avic", KIND_BOOL, &h->avic);
	param(p, VCPUCHAR_X86_FACT_ENABLE_IPIV, "sys/module/kvm_amd/parameters/enable_ipiv", KIND_BOOL,
	      &h->enable_ipiv);
	param(p, VCPUCHAR_X86_FACT_NESTED, "sys/module/kvm_amd/parameters/nested", KIND_BOOL, &h->nested);
	param(p, VCPUCHAR_X86_FACT_SEV, "sys/module/kvm_amd/parameters/sev", KIND_BOOL, &h->sev);
	param(p, VCPUCHAR_X86_FACT_SEV_ES, "sys/module/kvm_amd/parameters/sev_es", KIND_BOOL, &h->sev_es);
	param(p, VCPUCHAR_X86_FACT_SEV_SNP, "sys/module/kvm_amd/parameters/sev_snp", KIND_BOOL, &h->sev_snp);
	/* kvm_intel.tdx (Linux 6.16, arch/x86/kvm/vmx/tdx.c): -ENOENT before, or without kvm_intel. */
	param(p, VCPUCHAR_X86_FACT_TDX, "sys/module/kvm_intel/parameters/tdx", KIND_BOOL, &h->tdx);

	vendor_module(p);
	cmdline(p);
	cpuinfo_bugs(p);
	smt_control(p);
}

static uint32_t vendor_of(const uint32_t r[4])
{
	char v[13];

	memcpy(v, &r[1], 4);
	memcpy(v + 4, &r[3], 4);
	memcpy(v + 8, &r[2], 4);
	v[12] = '\0';
	if (!strcmp(v, "AuthenticAMD"))
		return VCPUCHAR_X86_VENDOR_AMD;
	if (!strcmp(v, "GenuineIntel"))
		return VCPUCHAR_X86_VENDOR_INTEL;
	if (!strcmp(v, "HygonGenuine"))
		return VCPUCHAR_X86_VENDOR_HYGON;
	return VCPUCHAR_X86_VENDOR_OTHER;
}

static bool have_ext_svm(const struct vcpuchar_x86_host *h)
{
	return (h->have & (1u << VCPUCHAR_X86_FACT_CPUID_EXT)) && h->cpuid_max_ext >= 0x8000000A &&
	       (h->cpuid_80000001_ecx & VCPUCHAR_X86_CPUID_80000001_ECX_SVM);
}

static void cpuid_facts(struct probe *p, vcpuchar_cpuid_fn cpuid, void *ctx)
{
	struct vcpuchar_x86_host *h = p->h;
	uint32_t r[4];
	bool amd;

	cpuid(0, 0, r, ctx);
	h->cpuid_max_basic = r[0];
	h->vendor = vendor_of(r);
	fact_ok(h, VCPUCHAR_X86_FACT_CPUID_VENDOR);
	amd = h->vendor == VCPUCHAR_X86_VENDOR_AMD || h->vendor == VCPUCHAR_X86_VENDOR_HYGON;

	if (h->cpuid_max_basic >= 1) {
		cpuid(1, 0, r, ctx);
		h->cpuid_1_ecx = r[2];
		h->hypervisor = !!(r[2] & VCPUCHAR_X86_CPUID_1_ECX_HYPERVISOR);
		fact_ok(h, VCPUCHAR_X86_FACT_CPUID_HYPERVISOR);
		h->cpuid_1_eax = r[0];
		vcpuchar_x86_signature(r[0], &h->family, &h->model);
		fact_ok(h, VCPUCHAR_X86_FACT_CPUID_SIGNATURE);
	} else {
		fact_err(h, VCPUCHAR_X86_FACT_CPUID_HYPERVISOR, -ENOTSUP);
		fact_err(h, VCPUCHAR_X86_FACT_CPUID_SIGNATURE, -ENOTSUP);
	}

	cpuid(0x80000000, 0, r, ctx);
	h->cpuid_max_ext = r[0];
	if (h->cpuid_max_ext >= 0x80000001 && h->cpuid_max_ext <= 0x8fffffff) {
		cpuid(0x80000001, 0, r, ctx);
		h->cpuid_80000001_ecx = r[2];
		fact_ok(h, VCPUCHAR_X86_FACT_CPUID_EXT);
	} else {
		fact_err(h, VCPUCHAR_X86_FACT_CPUID_EXT, -ENOTSUP);
	}

	/* Vendor gate (lib/x86.md#cpuid): Intel answers out-of-range leaves with other data. */
	if (amd && have_ext_svm(h)) {
		cpuid(0x8000000A, 0, r, ctx);
		h->cpuid_8000000a_eax = r[0];
		h->cpuid_8000000a_ebx = r[1];
		h->cpuid_8000000a_edx = r[3];
		fact_ok(h, VCPUCHAR_X86_FACT_CPUID_SVM);
	} else {
		fact_err(h, VCPUCHAR_X86_FACT_CPUID_SVM, -ENOTSUP);
	}
}

static const uint32_t kvm_facts[] = {
	VCPUCHAR_X86_FACT_DISABLE_EXITS,
	VCPUCHAR_X86_FACT_HALT_POLL_CAP,
	VCPUCHAR_X86_FACT_BINARY_STATS_CAP,
	VCPUCHAR_X86_FACT_SUPPORTED_CPUID,
};

/*
 * Why @fd refused a KVM system ioctl with @err: -EINVAL for a VM or vCPU
 * fd, -ENOTTY for an fd that is not KVM's, else -@err (-EBADF ...).
 */
static int not_system_fd(int fd, int err)
{
	int not_kvm = vcpuchar_fd_not_kvm(fd);

	/* Not KVM's: -ENOTTY (O_PATH's EBADF included), -EBADF when closed. */
	if (not_kvm)
		return not_kvm;
	if (err != ENOTTY && err != EINVAL)
		return -err;
	/* VM and vCPU fds answer ENOTTY or EINVAL too; tell them apart by their inode name. */
	return vcpuchar_fd_is_kvm_anon(fd, "kvm-") ? -EINVAL : -ENOTTY;
}

#if defined(__x86_64__) || defined(__i386__)
static void cap(struct vcpuchar_x86_host *h, int fd, uint32_t fact, long capno, uint32_t *field)
{
	int r = ioctl(fd, KVM_CHECK_EXTENSION, capno);

	if (r < 0) {
		fact_err(h, fact, -errno);
		return;
	}
	*field = (uint32_t)r;
	fact_ok(h, fact);
}

/* KVM_MAX_CPUID_ENTRIES (arch/x86/include/asm/kvm_host.h): one call fits every kernel so far. */
#define SUPPORTED_CPUID_FIRST 256

/* Stores the leaves the policy reads; @nent entries were filled. */
static void supported_cpuid_facts(struct vcpuchar_x86_host *h, const struct kvm_cpuid2 *c, uint32_t nent)
{
	h->supported_nent = c->nent;
	for (uint32_t i = 0; i < c->nent && i < nent; i++) {
		const struct kvm_cpuid_entry2 *e = &c->entries[i];

		if (e->function == 0x40000001) {
			h->kvm_features = e->eax;
			h->kvm_hints = e->edx;
		} else if (e->function == 0x8000000A) {
			h->supported_8000000a_edx = e->edx;
		}
	}
	fact_ok(h, VCPUCHAR_X86_FACT_SUPPORTED_CPUID);
}

/*
 * KVM_GET_SUPPORTED_CPUID, first into a table on the stack as big as KVM's
 * maximum, then (a future kernel answering E2BIG) doubling on the heap.
 * It is a system ioctl, so its first answer also tells the /dev/kvm fd
 * from others, with no extra call: 0 for the system fd (the fact itself
 * may still be missing), else not_system_fd().
 */
static int supported_cpuid(struct vcpuchar_x86_host *h, int fd)
{
	/* u64 words: aligned for the header, and no struct with a flexible array inside a struct. */
	uint64_t words[(sizeof(struct kvm_cpuid2) + SUPPORTED_CPUID_FIRST * sizeof(struct kvm_cpuid_entry2)) / 8];
	struct kvm_cpuid2 *first = (struct kvm_cpuid2 *)words;
	uint32_t nent = SUPPORTED_CPUID_FIRST;

	memset(words, 0, sizeof(words));
	first->nent = nent;
	if (ioctl(fd, KVM_GET_SUPPORTED_CPUID, first) == 0) {
		supported_cpuid_facts(h, first, nent);
		return 0;
	}
	if (errno != E2BIG) {
		int err = errno;

		if (err == ENOTTY || err == EINVAL || err == EBADF)
			return not_system_fd(fd, err);
		fact_err(h, VCPUCHAR_X86_FACT_SUPPORTED_CPUID, -err);
		return 0;
	}
	while (nent < SUPPORTED_CPUID_MAX) {
		struct kvm_cpuid2 *c;
		int err;

		nent *= 2;
		c = calloc(1, sizeof(*c) + nent * sizeof(c->entries[0]));
		if (!c) {
			fact_err(h, VCPUCHAR_X86_FACT_SUPPORTED_CPUID, -ENOMEM);
			return 0;
		}
		c->nent = nent;
		err = ioctl(fd, KVM_GET_SUPPORTED_CPUID, c) < 0 ? errno : 0;
		if (!err)
			supported_cpuid_facts(h, c, nent);
		free(c);
		if (err != E2BIG) {
			if (err)
				fact_err(h, VCPUCHAR_X86_FACT_SUPPORTED_CPUID, -err);
			return 0;
		}
	}
	fact_err(h, VCPUCHAR_X86_FACT_SUPPORTED_CPUID, -E2BIG);
	return 0;
}

static void real_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t regs[4], void *ctx)
{
	(void)ctx;
	__cpuid_count(leaf, subleaf, regs[0], regs[1], regs[2], regs[3]);
}
#endif

static int probe_root(const struct vcpuchar_probe_opts *opts, const char **root)
{
	struct vcpuchar_probe_opts buf;

	*root = "";
	if (!opts)
		return 0;
	return_val_if_fail(VCPUCHAR_SIZE_OK(opts), -EINVAL);
	return_val_if_fail(opts->flags == 0, -EINVAL);
	opts = VCPUCHAR_IN(opts, &buf);
	/* "/" + "/proc/..." is fine, but keep paths tidy: the root is a prefix. */
	if (opts->root && strcmp(opts->root, "/"))
		*root = opts->root;
	return 0;
}

int vcpuchar_x86_host_probe_with(int kvm_fd, const struct vcpuchar_probe_opts *opts, vcpuchar_cpuid_fn cpuid,
				 void *ctx, struct vcpuchar_x86_host *ret)
{
	struct vcpuchar_x86_host h;
	struct probe p = { .h = &h };
	int fd_err;

	return_val_if_fail(ret && VCPUCHAR_SIZE_OK(ret), -EINVAL);
	return_val_if_fail(probe_root(opts, &p.root) == 0, -EINVAL);

	memset(&h, 0, sizeof(h));
	h.size = sizeof(h);
	h.source = VCPUCHAR_SOURCE_KVM;
	h.smt_possible = 1;
	files(&p);

#if defined(__x86_64__) || defined(__i386__)
	/* The first system ioctl also checks the fd: no call only for that. */
	fd_err = kvm_fd < 0 ? -EBADF : supported_cpuid(&h, kvm_fd);
	if (!fd_err) {
		cap(&h, kvm_fd, VCPUCHAR_X86_FACT_DISABLE_EXITS, KVM_CAP_X86_DISABLE_EXITS, &h.disable_exits_allowed);
		cap(&h, kvm_fd, VCPUCHAR_X86_FACT_HALT_POLL_CAP, KVM_CAP_HALT_POLL, &h.halt_poll_cap);
		cap(&h, kvm_fd, VCPUCHAR_X86_FACT_BINARY_STATS_CAP, KVM_CAP_BINARY_STATS_FD, &h.binary_stats_cap);
	}
#else
	/* Nothing x86 to ask: KVM_GET_API_VERSION, a system ioctl, checks the fd. */
	if (kvm_fd < 0)
		fd_err = -EBADF;
	else
		fd_err = ioctl(kvm_fd, KVM_GET_API_VERSION, 0) >= 0 ? -ENOTSUP : not_system_fd(kvm_fd, errno);
#endif
	if (fd_err == -EINVAL) {
		/* A VM or vCPU fd is a caller error: write nothing. */
		return -EINVAL;
	}
	if (cpuid)
		cpuid_facts(&p, cpuid, ctx);
	else
	{
		for (uint32_t f = VCPUCHAR_X86_FACT_CPUID_VENDOR; f <= VCPUCHAR_X86_FACT_CPUID_SVM; f++)
			fact_err(&h, f, -ENOTSUP);
		fact_err(&h, VCPUCHAR_X86_FACT_CPUID_SIGNATURE, -ENOTSUP);
	}
	if (fd_err)
		for (size_t i = 0; i < sizeof(kvm_facts) / sizeof(kvm_facts[0]); i++)
			fact_err(&h, kvm_facts[i], fd_err);
	vcpuchar_x86_host_out(ret, &h);
	return fd_err;
}

VCPUCHAR_EXPORT int vcpuchar_x86_host_probe(int kvm_fd, const struct vcpuchar_probe_opts *opts,
					    struct vcpuchar_x86_host *ret)
{
#if defined(__x86_64__) || defined(__i386__)
	return vcpuchar_x86_host_probe_with(kvm_fd, opts, real_cpuid, NULL, ret);
#else
	return vcpuchar_x86_host_probe_with(kvm_fd, opts, NULL, NULL, ret);
#endif
}
