/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Private to lib/: never installed, never included by tests of the public API. */
#ifndef VCPUCHAR_PRIVATE_H
#define VCPUCHAR_PRIVATE_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vcpuchar.h"

/* Marks a definition as part of the ABI; everything else is hidden. */
#define VCPUCHAR_EXPORT __attribute__((visibility("default")))

/* Public entry points check their arguments with this: no abort, -EINVAL. */
#define return_val_if_fail(expr, val) \
	do { \
		if (__builtin_expect(!(expr), 0)) \
			return (val); \
	} while (0)

/*
 * A struct with a leading uint32_t size: accept any size from the 1.0 size
 * up to VCPUCHAR_SIZE_GROWTH_MAX more (the header's contract), but a newer
 * caller's bytes past what we know must be zero. Inline
 * and without calls: every entry point checks, the common exact size costs
 * one compare, and a hot caller needs no stack frame for it.
 */
static inline bool vcpuchar_size_ok(const void *s, size_t known)
{
	const unsigned char *p = s;
	uint32_t size;

	if (!s)
		return false;
	memcpy(&size, s, sizeof(size));
	if (__builtin_expect(size == known, 1))
		return true;
	if (size < known || size > known + VCPUCHAR_SIZE_GROWTH_MAX)
		return false;
	for (size_t i = known; i < size; i++)
		if (p[i])
			return false;
	return true;
}

/*
 * A facts struct's error field: 0 or a negative errno no smaller than the
 * kernel's -MAX_ERRNO. Anything else (INT32_MIN above all, whose negation
 * is undefined) is a caller's programming error.
 */
#define VCPUCHAR_ERRNO_MAX 4095
static inline bool vcpuchar_errno_ok(int32_t e)
{
	return e <= 0 && e >= -VCPUCHAR_ERRNO_MAX;
}

/*
 * Case-insensitive compare of @n bytes, folding ASCII letters only: the
 * C library's strncasecmp() follows the caller's locale (in a Turkish one
 * 'I' does not fold to 'i'), and a library must not depend on it.
 */
static inline bool vcpuchar_ascii_ncaseeq(const char *a, const char *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];

		if (x >= 'A' && x <= 'Z')
			x = (unsigned char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (unsigned char)(y - 'A' + 'a');
		if (x != y)
			return false;
		if (!x)
			return true;
	}
	return true;
}

/*
 * Reads <root>/<rel> into @buf, NUL-terminated, at most @size - 1 bytes
 * (the rest of a longer file is not read). 0, or a negative errno
 * (-ENAMETOOLONG for a path that does not fit, -EISDIR for a directory,
 * -EINVAL for any other file that is not regular: never blocks on a FIFO).
 */
int vcpuchar_read_text(const char *root, const char *rel, char *buf, size_t size);

/*
 * What a file descriptor that refused a KVM ioctl is, from its
 * /proc/self/fd link: 1 when it is a KVM anon inode whose name starts with
 * @kind ("kvm-" for VM or vCPU, "kvm-vcpu" for a vCPU), else 0.
 */
bool vcpuchar_fd_is_kvm_anon(int fd, const char *kind);

/*
 * Why @fd refused a KVM ioctl, when it is not KVM's: -EBADF when it is not
 * open, -ENOTTY for any other file (O_PATH, /dev/urandom and epoll fds
 * included, whatever errno their ioctl gave). 0 for a KVM fd (the /dev/kvm
 * device or a KVM anon inode): the caller keeps the kernel's errno.
 * Called on error paths only (fcntl, readlink, fstat).
 */
int vcpuchar_fd_not_kvm(int fd);

/*
 * The one number rule of profiles and --chars (examples/profiles/README.md#format):
 * WORD (register words and bit masks) is 0x and 1-16 hex digits, or a single
 * digit 0-9, which reads the same in both bases: more digits without 0x are
 * refused, never silently decimal. COUNT (nanoseconds, factors) is decimal or
 * 0x hex. "0x0x..." and anything else are refused. Returns 0, or -EINVAL
 * with *why set to a phrase for the message.
 */
enum vcpuchar_num_kind { VCPUCHAR_NUM_WORD = 0, VCPUCHAR_NUM_COUNT = 1 };
int vcpuchar_parse_u64(const char *s, int kind, uint64_t *ret, const char **why);
/* The same over @len bytes of @s (not NUL-terminated there). */
int vcpuchar_parse_u64n(const char *s, size_t len, int kind, uint64_t *ret, const char **why);

/* snprintf into an optional (err, err_size) buffer; always returns @code. */
int vcpuchar_set_err(char *err, size_t err_size, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));


/* The size and every per-fact error of x86 facts from a caller (see vcpuchar_errno_ok). */
static inline bool vcpuchar_x86_host_ok(const struct vcpuchar_x86_host *h)
{
	typedef uint32_t u32x4 __attribute__((vector_size(16)));
	u32x4 bad = { 0 }, e;

	if (!vcpuchar_size_ok(h, sizeof(*h)))
		return false;
	/*
	 * vcpuchar_errno_ok() of every fact, four at a time and without a
	 * branch per fact: e is in [-MAX, 0] exactly when the unsigned e + MAX
	 * is in [0, MAX]. (GCC vectors: plain code where there is no SIMD.)
	 */
	_Static_assert(VCPUCHAR_X86_N_FACTS % 4 == 0, "facts in steps of four");
#pragma GCC unroll 8
	for (uint32_t f = 0; f < VCPUCHAR_X86_N_FACTS; f += 4) {
		memcpy(&e, &h->error[f], sizeof(e));
		bad |= (u32x4)(e + VCPUCHAR_ERRNO_MAX > VCPUCHAR_ERRNO_MAX);
	}
	return !(bad[0] | bad[1] | bad[2] | bad[3]);
}

/*
 * What KVM answers for one VM during the apply step (lib/x86/x86-apply.c). These
 * live facts replace the host facts' disable-exits mask and halt-poll
 * capability, which may come from a profile or another host.
 */
struct vcpuchar_x86_live {
	uint32_t disable_exits_allowed; /* KVM_CHECK_EXTENSION(KVM_CAP_X86_DISABLE_EXITS) on the VM fd */
	uint32_t halt_poll_cap;         /* KVM_CHECK_EXTENSION(KVM_CAP_HALT_POLL) > 0 */
	uint32_t exits_refused;         /* the flags KVM_ENABLE_CAP refused with EINVAL; 0 before it */
};

/* The x86 policy's argument checks: 0 or -EINVAL, no output (lib/x86/x86-policy.c). */
int vcpuchar_x86_policy_check(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm);

/* The x86 policy (lib/x86/x86-policy.c): pure; @live NULL decides from @host alone. */
int vcpuchar_x86_policy_decide(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
			       const struct vcpuchar_x86_live *live, struct vcpuchar_x86_policy *ret);

/* One reason code's stable name, class and sentence (lib/x86/x86-reasons.c). */
struct vcpuchar_x86_reason_info {
	const char *name;
	uint32_t class;
	const char *text; /* a printf format when the reason carries a value */
};

/* Indexed by code; entry 0 is empty. */
extern const struct vcpuchar_x86_reason_info vcpuchar_x86_reasons[VCPUCHAR_X86_REASON_MAX + 1];
/* Bit c set when code c is of class refusal (tests/unit/test-x86-reasons.c checks it against the table). */
extern const uint64_t vcpuchar_x86_refusal_codes;

/*
 * The reasons of one decision, as a bitmap: the policy (lib/x86/x86-policy.c)
 * and the verification (lib/x86/x86-verify.c) both collect here and write their
 * result through the one emitter below, so each code appears at most once
 * and in code order. value[c] is defined only where has_value has bit c:
 * nothing to clear per call but the two words.
 */
struct vcpuchar_x86_reason_set {
	uint64_t set;
	uint64_t has_value;
	uint64_t value[VCPUCHAR_X86_REASON_MAX + 1];
};
/* The bitmap holds every code: 63 is the highest a uint64_t can. */
_Static_assert(VCPUCHAR_X86_REASON_MAX < 64, "reason bitmap too small");

static inline void vcpuchar_x86_reason_add(struct vcpuchar_x86_reason_set *a, uint32_t code)
{
	a->set |= UINT64_C(1) << code;
}

static inline void vcpuchar_x86_reason_add_value(struct vcpuchar_x86_reason_set *a, uint32_t code, uint64_t value)
{
	vcpuchar_x86_reason_add(a, code);
	a->value[code] = value;
	a->has_value |= UINT64_C(1) << code;
}

/*
 * Writes every code of @a, lowest first, to @out (the caller sized it for
 * every code its step can add). The entries after them are not
 * written: zeroing them was a fifth of the decision's time (tests/bench).
 * Returns how many it wrote; *n_refusals, when not NULL, gets how many of
 * them are of class refusal.
 */
static inline uint32_t vcpuchar_x86_reason_emit(const struct vcpuchar_x86_reason_set *a,
						struct vcpuchar_x86_reason *out, uint32_t *n_refusals)
{
	uint32_t n = 0;

	for (uint64_t set = a->set; set; set &= set - 1) {
		uint32_t c = (uint32_t)__builtin_ctzll(set);
		struct vcpuchar_x86_reason *r = &out[n++];

		r->code = c;
		r->has_value = (uint32_t)((a->has_value >> c) & 1);
		r->value = r->has_value ? a->value[c] : 0;
	}
	/* The refusal bits counted with one mask instead of a class lookup per code. */
	if (n_refusals) {
		uint32_t k = 0;

		for (uint64_t m = a->set & vcpuchar_x86_refusal_codes; m; m &= m - 1)
			k++;
		*n_refusals = k;
	}
	return n;
}

/*
 * Private seam of the x86 probe, for the fixture tests only (never exported,
 * not in vcpuchar.h): the CPUID instruction replaced by @cpuid, which fills
 * regs[] = { eax, ebx, ecx, edx } for (leaf, subleaf). The public probe
 * passes the real instruction.
 */
typedef void (*vcpuchar_cpuid_fn)(uint32_t leaf, uint32_t subleaf, uint32_t regs[4], void *ctx);
int vcpuchar_x86_host_probe_with(int kvm_fd, const struct vcpuchar_probe_opts *opts, vcpuchar_cpuid_fn cpuid,
				 void *ctx, struct vcpuchar_x86_host *ret);

/*
 * Binary stats of an already open KVM stats fd (lib/x86/x86-stats.c): finds
 * each of @names and stores its first value. Private so that tests can feed
 * hostile files through a memfd.
 */
int vcpuchar_stats_read_fd(int stats_fd, const char *const *names, uint32_t n, uint64_t *values,
			   uint32_t *have);

#endif
