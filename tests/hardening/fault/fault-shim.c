/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * LD_PRELOAD fault injector for the probes (tests/hardening/fault/run-fault.sh).
 * It counts the calls that code in FAULT_SCOPE makes to open, read, ioctl,
 * malloc/calloc/realloc, write and fstat, and fails one of them. Everything is set from
 * the environment:
 *   FAULT_SCOPE=libvcpuchar   callers whose object path contains this
 *                             (the CLI: "vcpuchar" covers it and the library)
 *   FAULT_CALL=open|read|ioctl|malloc|write|fstat   the call to fail
 *                             (write: only calls of write(2) by name;
 *                             stdio's own writes inside libc are not seen)
 *   FAULT_NTH=n               the n-th in-scope call of that kind (1-based)
 *   FAULT_ERRNO=EINTR         the error it fails with
 *   FAULT_TIMES=forever       fail it and every later one (default: once)
 *   FAULT_READ=short|empty|garbage  instead of an error: reads (read and
 *                             pread) return 1 byte, or 0, or 0xff bytes
 *   FAULT_ALWAYS_IOCTL=0xREQ:ERRNO  besides, every in-scope ioctl REQ fails
 *                             with ERRNO (not counted), e.g. an E2BIG that
 *                             never ends, so the calls behind it are reached
 *   FAULT_FAKE_PPC=1          answer KVM_CHECK_EXTENSION(151) and
 *                             KVM_PPC_GET_CPU_CHAR like a POWER9 host, so the
 *                             POWER probe's later calls exist on x86;
 *                             uname() then says machine ppc64le, since the
 *                             library refuses a POWER answer from another arch
 *   FAULT_COUNT_FILE=path     at exit, write "CALL COUNT" lines of in-scope calls
 * It is a mock for fault injection only: every call it does not fail goes to
 * the real function.
 */
/* open and open64 are both defined here: no redirection of one to the other. */
#undef _FILE_OFFSET_BITS
/* It defines read, pread and friends itself: the fortified inline wrappers
 * (a distribution's -D_FORTIFY_SOURCE) would clash with those definitions. */
#undef _FORTIFY_SOURCE
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "ioctl-hook.h"
#include "ppc-kvm.h"

enum call { C_OPEN, C_READ, C_IOCTL, C_MALLOC, C_WRITE, C_FSTAT, N_CALLS };
static const char *const call_names[N_CALLS] = { "open", "read", "ioctl", "malloc", "write", "fstat" };

static struct {
	bool ready;
	int call;
	unsigned long nth;
	int err;
	bool forever;
	int read_mode; /* 0 error, 1 short, 2 empty, 3 garbage */
	unsigned long always_req;
	int always_err;
	bool fake_ppc;
	const char *scope;
	const char *count_file;
} cfg = { .call = -1 };

static unsigned long in_scope[N_CALLS], total[N_CALLS];

/* Address ranges of the objects in scope, found once at load. */
#define MAX_RANGES 16
static struct {
	uintptr_t lo, hi;
} ranges[MAX_RANGES];
static int n_ranges;

static const struct {
	const char *name;
	int value;
} errnos[] = {
	{ "EINTR", EINTR }, { "EINVAL", EINVAL }, { "ENOTTY", ENOTTY }, { "EFAULT", EFAULT }, { "ENOMEM", ENOMEM },
	{ "E2BIG", E2BIG }, { "ENOENT", ENOENT }, { "EACCES", EACCES }, { "EIO", EIO }, { "EMFILE", EMFILE },
	{ "EBADF", EBADF }, { "EPERM", EPERM }, { "EAGAIN", EAGAIN }, { "ENXIO", ENXIO },
	{ "ENOSPC", ENOSPC }, { "EDQUOT", EDQUOT }, { "EPIPE", EPIPE }, { "EOVERFLOW", EOVERFLOW },
};

static int errno_by_name(const char *s)
{
	for (size_t i = 0; i < sizeof(errnos) / sizeof(errnos[0]); i++)
		if (!strcmp(s, errnos[i].name))
			return errnos[i].value;
	return 0;
}

static int collect(struct dl_phdr_info *info, size_t size, void *data)
{
	const char *path = info->dlpi_name && *info->dlpi_name ? info->dlpi_name : program_invocation_name;
	const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

	/* The file name only: a checkout's directory may well contain "vcpuchar". */
	if (!strstr(name, cfg.scope) || strstr(name, "fault-shim") || n_ranges == MAX_RANGES)
		return 0;
	for (int i = 0; i < info->dlpi_phnum && n_ranges < MAX_RANGES; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
			ranges[n_ranges].lo = info->dlpi_addr + ph->p_vaddr;
			ranges[n_ranges].hi = ranges[n_ranges].lo + ph->p_memsz;
			n_ranges++;
		}
	}
	return 0;
}

static bool shim_ioctl(int fd, unsigned long req, void *arg, const void *caller, int *ret);

__attribute__((constructor)) static void setup(void)
{
	const char *s;

	cfg.scope = getenv("FAULT_SCOPE") ? getenv("FAULT_SCOPE") : "libvcpuchar";
	cfg.count_file = getenv("FAULT_COUNT_FILE");
	cfg.fake_ppc = getenv("FAULT_FAKE_PPC") != NULL;
	if ((s = getenv("FAULT_CALL")))
		for (int i = 0; i < N_CALLS; i++)
			if (!strcmp(s, call_names[i]))
				cfg.call = i;
	cfg.nth = (s = getenv("FAULT_NTH")) ? strtoul(s, NULL, 0) : 0;
	cfg.forever = (s = getenv("FAULT_TIMES")) && !strcmp(s, "forever");
	if ((s = getenv("FAULT_READ")))
		cfg.read_mode = !strcmp(s, "short") ? 1 : !strcmp(s, "empty") ? 2 : !strcmp(s, "garbage") ? 3 : 0;
	if ((s = getenv("FAULT_ERRNO")))
		cfg.err = errno_by_name(s);
	if ((s = getenv("FAULT_ALWAYS_IOCTL")) && strchr(s, ':')) {
		cfg.always_req = strtoul(s, NULL, 0);
		cfg.always_err = errno_by_name(strchr(s, ':') + 1);
	}
	dl_iterate_phdr(collect, NULL);
	ioctl_hook = shim_ioctl;
	cfg.ready = true;
}

__attribute__((destructor)) static void report(void)
{
	FILE *f;

	if (!cfg.count_file || !(f = fopen(cfg.count_file, "w")))
		return;
	for (int i = 0; i < N_CALLS; i++)
		fprintf(f, "%s %lu\n", call_names[i], in_scope[i]);
	fclose(f);
}

/* For the driver: calls of @name made by anyone since load. */
unsigned long fault_shim_total(const char *name);
unsigned long fault_shim_total(const char *name)
{
	for (int i = 0; i < N_CALLS; i++)
		if (!strcmp(name, call_names[i]))
			return total[i];
	return 0;
}

static bool caller_in_scope(const void *ret)
{
	for (int i = 0; i < n_ranges; i++)
		if ((uintptr_t)ret >= ranges[i].lo && (uintptr_t)ret < ranges[i].hi)
			return true;
	return false;
}

/*
 * Nothing after exit() began is counted or failed: a -Db_coverage build's
 * runtime, linked into the objects in scope, writes its counters from their
 * destructors (tests/hardening/coverage.sh). Registered at the first call in
 * scope, once the program runs, this handler runs before the destructors.
 */
static void exiting(void)
{
	cfg.ready = false;
}

/* Counts the call; true when it must fail. */
static bool hit(enum call c, const void *ret)
{
	static bool registered;

	if (!cfg.ready)
		return false;
	total[c]++;
	if (!caller_in_scope(ret))
		return false;
	if (!registered) {
		registered = true;
		atexit(exiting);
	}
	in_scope[c]++;
	if ((int)c != cfg.call || !cfg.nth)
		return false;
	return cfg.forever ? in_scope[c] >= cfg.nth : in_scope[c] == cfg.nth;
}

static void *next(const char *name)
{
	return dlsym(RTLD_NEXT, name);
}

static int open_common(const void *ret, int dirfd, const char *path, int flags, mode_t mode)
{
	static int (*real)(int, const char *, int, ...);

	if (hit(C_OPEN, ret)) {
		errno = cfg.err;
		return -1;
	}
	if (!real)
		real = next("openat");
	return real(dirfd, path, flags, mode);
}

#define MODE_ARG(flags, mode) \
	do { \
		if ((flags) & (O_CREAT | O_TMPFILE)) { \
			va_list ap; \
			va_start(ap, flags); \
			mode = va_arg(ap, mode_t); \
			va_end(ap); \
		} \
	} while (0)

int open(const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	return open_common(__builtin_return_address(0), AT_FDCWD, path, flags, mode);
}

int open64(const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	return open_common(__builtin_return_address(0), AT_FDCWD, path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;

	MODE_ARG(flags, mode);
	return open_common(__builtin_return_address(0), dirfd, path, flags, mode);
}

/* read(2) and pread(2) share the count: both are "a read" of a file. */
static ssize_t read_fault(ssize_t (*real)(int, void *, size_t, off_t), int fd, void *buf, size_t count, off_t off,
			  const void *ret)
{
	ssize_t n;

	if (!hit(C_READ, ret))
		return real(fd, buf, count, off);
	switch (cfg.read_mode) {
	case 1:
		return real(fd, buf, count ? 1 : 0, off);
	case 2:
		return 0;
	case 3:
		n = real(fd, buf, count, off);
		if (n > 0)
			memset(buf, 0xff, (size_t)n);
		return n;
	default:
		errno = cfg.err;
		return -1;
	}
}

static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_pread)(int, void *, size_t, off_t);

static ssize_t plain_read(int fd, void *buf, size_t count, off_t off)
{
	(void)off;
	return real_read(fd, buf, count);
}

ssize_t read(int fd, void *buf, size_t count)
{
	if (!real_read)
		real_read = next("read");
	return read_fault(plain_read, fd, buf, count, 0, __builtin_return_address(0));
}

ssize_t pread(int fd, void *buf, size_t count, off_t off)
{
	if (!real_pread)
		real_pread = next("pread64");
	return read_fault(real_pread, fd, buf, count, off, __builtin_return_address(0));
}

ssize_t pread64(int fd, void *buf, size_t count, off_t off)
{
	if (!real_pread)
		real_pread = next("pread64");
	return read_fault(real_pread, fd, buf, count, off, __builtin_return_address(0));
}

/* write(2): an error, or with FAULT_READ=short a short write of one byte. */
ssize_t write(int fd, const void *buf, size_t count)
{
	static ssize_t (*real)(int, const void *, size_t);

	if (!real)
		real = next("write");
	if (hit(C_WRITE, __builtin_return_address(0))) {
		if (cfg.read_mode == 1)
			return real(fd, buf, count ? 1 : 0);
		errno = cfg.err;
		return -1;
	}
	return real(fd, buf, count);
}

static int fstat_common(const void *ret, int fd, struct stat64 *st)
{
	static int (*real)(int, struct stat64 *);

	if (!real)
		real = next("fstat64");
	if (hit(C_FSTAT, ret)) {
		errno = cfg.err;
		return -1;
	}
	return real(fd, st);
}

int fstat64(int fd, struct stat64 *st)
{
	return fstat_common(__builtin_return_address(0), fd, st);
}

int fstat(int fd, struct stat *st)
{
	return fstat_common(__builtin_return_address(0), fd, (struct stat64 *)st);
}

int uname(struct utsname *u)
{
	static int (*real_uname)(struct utsname *);

	if (!real_uname)
		real_uname = next("uname");
	int r = real_uname(u);

	if (r == 0 && cfg.fake_ppc)
		snprintf(u->machine, sizeof(u->machine), "%s", "ppc64le");
	return r;
}

/* The POWER9 DD2.3 answer of examples/profiles/power9-dd2.3-opal.profile. */
static int fake_ppc(unsigned long req, void *arg)
{
	static const struct vcpuchar_kvm_ppc_cpu_char p9 = {
		0x9840000000000000ull, 0xe400000000000000ull, 0xf940000000000000ull, 0xe400000000000000ull,
	};

	if (req == KVM_CHECK_EXTENSION && (uintptr_t)arg == VCPUCHAR_KVM_CAP_PPC_GET_CPU_CHAR)
		return 1;
	memcpy(arg, &p9, sizeof(p9));
	return 0;
}

static bool shim_ioctl(int fd, unsigned long req, void *arg, const void *caller, int *ret)
{
	bool in = caller_in_scope(caller);

	if (hit(C_IOCTL, caller)) {
		errno = cfg.err;
		*ret = -1;
		return true;
	}
	if (in && cfg.always_req == req && cfg.always_err) {
		errno = cfg.always_err;
		*ret = -1;
		return true;
	}
	if (in && cfg.fake_ppc &&
	    ((req == KVM_CHECK_EXTENSION && (uintptr_t)arg == VCPUCHAR_KVM_CAP_PPC_GET_CPU_CHAR) ||
	     req == VCPUCHAR_KVM_PPC_GET_CPU_CHAR)) {
		*ret = fake_ppc(req, arg);
		return true;
	}
	return false;
}

/*
 * Allocation. dlsym() may itself allocate before the real functions are
 * known; those few requests come from a static arena that free() ignores.
 */
static char arena[4096] __attribute__((aligned(16)));
static size_t arena_used;
static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static bool resolving;

static void *arena_alloc(size_t size)
{
	size_t at = (arena_used + 15) & ~(size_t)15;

	if (at + size > sizeof(arena))
		return NULL;
	arena_used = at + size;
	return memset(arena + at, 0, size);
}

static bool in_arena(const void *p)
{
	return (const char *)p >= arena && (const char *)p < arena + sizeof(arena);
}

static bool resolve(void)
{
	if (real_free)
		return true;
	if (resolving)
		return false;
	resolving = true;
	real_malloc = next("malloc");
	real_calloc = next("calloc");
	real_realloc = next("realloc");
	real_free = next("free");
	resolving = false;
	return real_free != NULL;
}

void *malloc(size_t size)
{
	if (!resolve())
		return arena_alloc(size);
	if (hit(C_MALLOC, __builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return real_malloc(size);
}

void *calloc(size_t n, size_t size)
{
	if (!resolve())
		return size && n > sizeof(arena) / size ? NULL : arena_alloc(n * size);
	if (hit(C_MALLOC, __builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return real_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
	if (!resolve() || in_arena(p)) {
		void *q = resolve() ? real_malloc(size) : arena_alloc(size);

		if (q && p)
			memcpy(q, p, size < (size_t)(arena + sizeof(arena) - (char *)p) ? size
				   : (size_t)(arena + sizeof(arena) - (char *)p));
		return q;
	}
	if (hit(C_MALLOC, __builtin_return_address(0))) {
		errno = ENOMEM;
		return NULL;
	}
	return real_realloc(p, size);
}

void free(void *p)
{
	if (!p || in_arena(p))
		return;
	if (resolve())
		real_free(p);
}
