/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
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

/* The number of elements of an array. */
#define VCPUCHAR_N_ELEMENTS(a) (sizeof(a) / sizeof((a)[0]))

/* Marks a definition as part of the ABI; everything else is hidden. */
#define VCPUCHAR_EXPORT __attribute__((visibility("default")))

/* Public entry points check their arguments with this: no abort, -EINVAL. */
#define return_val_if_fail(expr, val) \
	do { \
		if (__builtin_expect(!(expr), 0)) \
			return (val); \
	} while (0)

/*
 * Structs with a leading uint32_t size (the rule of include/vcpuchar/common.h,
 * as libbpf's OPTS_VALID/OPTS_HAS): a caller built against an older, smaller
 * struct keeps working without a shim per struct, and one built against a
 * newer, bigger struct works as long as it asks for nothing this library
 * cannot give.
 *
 * VCPUCHAR_FIRST_SIZE(s): the size of the struct *s as its first release
 * had it. Only structs that grew since their first release are listed:
 * the others' first size is today's.
 */
#define VCPUCHAR_OFFSETOFEND(type, member) (offsetof(type, member) + sizeof(((type *)0)->member))
#define VCPUCHAR_FIRST_SIZE(s) \
	_Generic(*(s), \
		struct vcpuchar_ppc_request: VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_request, caps), \
		struct vcpuchar_ppc_host: VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_host, reserved), \
		struct vcpuchar_x86_host: VCPUCHAR_OFFSETOFEND(struct vcpuchar_x86_host, reserved1), \
		struct vcpuchar_x86_vm: VCPUCHAR_OFFSETOFEND(struct vcpuchar_x86_vm, halt_poll_ns), \
		struct vcpuchar_x86_guest_view: VCPUCHAR_OFFSETOFEND(struct vcpuchar_x86_guest_view, halt_exits_grow), \
		struct vcpuchar_ppc_qemu_release: VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_qemu_release, has_power11), \
		struct vcpuchar_ppc_fleet_opts: VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_fleet_opts, err_size), \
		struct vcpuchar_ppc_parse_opts: VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_parse_opts, err_size), \
		struct vcpuchar_ppc_start: offsetof(struct vcpuchar_ppc_start, entries) + \
			9 * sizeof(struct vcpuchar_ppc_start_entry), \
		default: sizeof(*(s)))

/* The caller's size of a size-led struct (read without alignment assumptions). */
static inline uint32_t vcpuchar_size_of(const void *s)
{
	uint32_t size;

	memcpy(&size, s, sizeof(size));
	return size;
}

/*
 * Accept any size from @first up to VCPUCHAR_SIZE_GROWTH_MAX past @known,
 * whose bytes past @known are zero (a newer caller asks for nothing we do
 * not know). Every release's size is a sizeof(), so a multiple of the
 * struct's alignment @align then: another size cuts a member and is
 * refused. A struct that gained a pointer (struct vcpuchar_ppc_request in
 * 1.3) raised its alignment: its first size is accepted as it was.
 */
static inline bool vcpuchar_size_valid(const void *s, size_t first, size_t known, size_t align)
{
	const unsigned char *p = s;
	uint32_t size;

	if (!s)
		return false;
	size = vcpuchar_size_of(s);
	if (__builtin_expect(size == known, 1))
		return true;
	/* The first release's size stays valid when a later member raised the alignment (a pointer). */
	if (size < first || size > known + VCPUCHAR_SIZE_GROWTH_MAX || (size % align && size != first))
		return false;
	for (size_t i = known; i < size; i++)
		if (p[i])
			return false;
	return true;
}

/* Every entry point checks each size-led argument with this: false for NULL. */
#define VCPUCHAR_SIZE_OK(s) vcpuchar_size_valid((s), VCPUCHAR_FIRST_SIZE(s), sizeof(*(s)), _Alignof(__typeof__(*(s))))

/*
 * Input structs: the struct to read. The caller's own when it has every
 * member this library knows (no copy: the common case), else a copy in
 * @buf of the bytes it has, the members it lacks read as 0 (each member's
 * documented default), with the size this library knows (so that a nested
 * public call takes the same fast path); NULL for NULL. @s passed
 * VCPUCHAR_SIZE_OK(). Every entry point reads its size-led arguments
 * through this, after its checks: a struct that grows needs nothing more
 * than its first size in VCPUCHAR_FIRST_SIZE().
 */
static inline const void *vcpuchar_in_view(const void *s, void *buf, size_t known)
{
	uint32_t size;

	if (!s)
		return NULL;
	size = vcpuchar_size_of(s);
	if (__builtin_expect(size >= known, 1))
		return s;
	memset(buf, 0, known);
	memcpy(buf, s, size);
	memcpy(buf, &(uint32_t){ (uint32_t)known }, sizeof(uint32_t));
	return buf;
}
#define VCPUCHAR_IN(s, buf) ((__typeof__(s))vcpuchar_in_view((s), (buf), sizeof(*(s))))

/*
 * Output structs: where to write the result, zeroed but for its size. The
 * caller's own when it has room for every member (the common case), else
 * @buf, that VCPUCHAR_OUT_END() copies back as far as the caller's size
 * goes: the members past it are never written. @s passed VCPUCHAR_SIZE_OK().
 */
static inline void *vcpuchar_out_begin(void *s, void *buf, size_t known)
{
	void *p = __builtin_expect(vcpuchar_size_of(s) >= known, 1) ? s : buf;

	memset((char *)p + sizeof(uint32_t), 0, known - sizeof(uint32_t));
	if (p == buf)
		memcpy(buf, &(uint32_t){ (uint32_t)known }, sizeof(uint32_t));
	return p;
}
#define VCPUCHAR_OUT(s, buf) ((__typeof__(s))vcpuchar_out_begin((s), (buf), sizeof(*(s))))

/*
 * After VCPUCHAR_OUT(), or for a result built in a local @p of the
 * library's struct: the caller's bytes of it (at most the @known ones the
 * library has), its size kept.
 */
static inline void vcpuchar_out_end(void *s, const void *p, size_t known)
{
	uint32_t size = vcpuchar_size_of(s);

	if (p == s)
		return;
	if (size > known)
		size = (uint32_t)known;
	memcpy((char *)s + sizeof(size), (const char *)p + sizeof(size), size - sizeof(size));
}
#define VCPUCHAR_OUT_END(s, p) vcpuchar_out_end((s), (p), sizeof(*(s)))

/*
 * How many entries of the array member @m of *s the caller's size covers,
 * at most @n (what the library found): the count a caller reads.
 */
#define VCPUCHAR_ENTRIES(s, m, n) \
	vcpuchar_entries(vcpuchar_size_of(s), offsetof(__typeof__(*(s)), m), sizeof((s)->m[0]), (n))
static inline uint32_t vcpuchar_entries(uint32_t size, size_t offset, size_t entry, uint32_t n)
{
	size_t room = size > offset ? (size - offset) / entry : 0;

	return room < n ? (uint32_t)room : n;
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
/* The same, returning the number of bytes read (a file with NULs, such as a device-tree cell). */
int vcpuchar_read_bytes(const char *root, const char *rel, char *buf, size_t size);

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
 * WORD (register words and bit masks) is 0x and hex digits (at most 16
 * significant, leading zeros fine), or a single digit 0-9, which reads the
 * same in both bases: more digits without 0x are
 * refused, never silently decimal. COUNT (nanoseconds, factors) is decimal or
 * 0x hex. "0x0x..." and anything else are refused. Returns 0, or -EINVAL
 * with *why set to a phrase for the message.
 */
enum vcpuchar_num_kind { VCPUCHAR_NUM_WORD = 0, VCPUCHAR_NUM_COUNT = 1 };
int vcpuchar_parse_u64(const char *s, int kind, uint64_t *ret, const char **why);
/* The same over @len bytes of @s (not NUL-terminated there). */
int vcpuchar_parse_u64n(const char *s, size_t len, int kind, uint64_t *ret, const char **why);

/*
 * The text of @errnum, thread-safe, in @buf or a static string: strerror_r()
 * is the GNU one (returns the text) in glibc with _GNU_SOURCE and the POSIX
 * one (returns 0 and fills @buf) in musl; this works with either.
 */
const char *vcpuchar_strerror(int errnum, char *buf, size_t size);

/* snprintf into an optional (err, err_size) buffer; always returns @code. */
int vcpuchar_set_err(char *err, size_t err_size, int code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * Echoing a caller's value in a message: at most VCPUCHAR_ECHO_MAX bytes of
 * it, then "..." when cut; control bytes, DEL and bytes that are not valid UTF-8 as
 * \xNN, so a message never carries raw bytes from a file or argument.
 * vcpuchar_echo() writes at most @budget bytes and a NUL into @out and
 * returns the length. vcpuchar_set_err_echo() formats @fmt, whose one
 * VCPUCHAR_ECHO argument (a "%s") marks where @value goes, and gives the
 * echo only the room the rest of the message leaves in @err: the echo is
 * cut, never the cause. Only a cause too long for @err on its own is cut
 * (at its end); the echo then keeps its first bytes, a quarter of @err at
 * most, so that the item is still named.
 */
#define VCPUCHAR_ECHO_MAX 64
#define VCPUCHAR_ECHO "\x01"
size_t vcpuchar_echo(char *out, size_t budget, const char *s, size_t len);
int vcpuchar_set_err_echo(char *err, size_t err_size, int code, const char *value, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));


/* The size and every per-fact error of x86 facts from a caller (see vcpuchar_errno_ok). */
/* CPUID.1:EAX to family and model, as Linux arch/x86/lib/cpu.c x86_family() and x86_model(). */
static inline void vcpuchar_x86_signature(uint32_t eax, uint32_t *family, uint32_t *model)
{
	*family = eax >> 8 & 0xf;
	if (*family == 0xf)
		*family += eax >> 20 & 0xff;
	*model = eax >> 4 & 0xf;
	if (*family >= 0x6)
		*model += (eax >> 16 & 0xf) << 4;
}

/*
 * Write facts @h to a caller's @out (probe, profile load). A caller built
 * before 1.2 has no room for the 1.2 facts, one built before 1.3 none for
 * the 1.3 fact: their have bits are cleared, so that its struct never
 * claims a fact whose fields it lacks.
 */
static inline void vcpuchar_x86_host_out(struct vcpuchar_x86_host *out, struct vcpuchar_x86_host *h)
{
	if (vcpuchar_size_of(out) < VCPUCHAR_OFFSETOFEND(struct vcpuchar_x86_host, enable_ipiv))
		h->have &= ~(1u << VCPUCHAR_X86_FACT_CPUID_SIGNATURE | 1u << VCPUCHAR_X86_FACT_ENABLE_IPIV);
	if (vcpuchar_size_of(out) < VCPUCHAR_OFFSETOFEND(struct vcpuchar_x86_host, tdx))
		h->have &= ~(1u << VCPUCHAR_X86_FACT_TDX);
	VCPUCHAR_OUT_END(out, h);
}

static inline bool vcpuchar_x86_host_ok(const struct vcpuchar_x86_host *h)
{
	uint32_t bad, err = 0;

	if (!VCPUCHAR_SIZE_OK(h))
		return false;
	/* Reserved bytes are zero: a later release may give them a meaning. */
	bad = h->reserved0 | h->reserved1[0] | h->reserved1[1] | h->reserved1[2];
	/* reserved2 (1.3) only where the caller's struct has it. */
	if (vcpuchar_size_of(h) >= VCPUCHAR_OFFSETOFEND(struct vcpuchar_x86_host, reserved2))
		bad |= h->reserved2;
	/*
	 * vcpuchar_errno_ok() of each: e is in [-MAX, 0] exactly when the
	 * unsigned e + MAX is in [0, MAX], that is (MAX + 1 being a power of
	 * two) has no bit above MAX's: one test after the loop, not one per fact.
	 */
	_Static_assert((VCPUCHAR_ERRNO_MAX & (VCPUCHAR_ERRNO_MAX + 1)) == 0, "VCPUCHAR_ERRNO_MAX + 1 is a power of two");
	/* Four at a time (fewer loop instructions: the decision's cost, tests/bench), then the rest. */
	uint32_t f = 0;

	for (; f + 4 <= VCPUCHAR_X86_N_FACTS; f += 4)
		err |= ((uint32_t)h->error[f] + VCPUCHAR_ERRNO_MAX) | ((uint32_t)h->error[f + 1] + VCPUCHAR_ERRNO_MAX) |
		       ((uint32_t)h->error[f + 2] + VCPUCHAR_ERRNO_MAX) | ((uint32_t)h->error[f + 3] + VCPUCHAR_ERRNO_MAX);
	for (; f < VCPUCHAR_X86_N_FACTS; f++)
		err |= (uint32_t)h->error[f] + VCPUCHAR_ERRNO_MAX;
	return !bad && !(err & ~(uint32_t)VCPUCHAR_ERRNO_MAX);
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
/* lib/x86/x86-guest.c: 1 the guest kernel has the 2025 kvm_spinlock_init() reorder, 0 not, -1 unknown. */
int vcpuchar_x86_guest_kernel_reordered(uint32_t guest_kernel);

/* The x86 policy (lib/x86/x86-policy.c): pure; @live NULL decides from @host alone. */
int vcpuchar_x86_policy_decide(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
			       const struct vcpuchar_x86_live *live, struct vcpuchar_x86_policy *ret);

/*
 * A whole policy @p (the library's size) to the caller's @out: the reasons
 * its size covers, lowest codes first, n_reasons and n_refusals counting
 * those (lib/x86/x86-policy.c).
 */
void vcpuchar_x86_policy_out(struct vcpuchar_x86_policy *out, struct vcpuchar_x86_policy *p);

/* One reason code's stable name, class and sentence (lib/x86/x86-reasons.c). */
struct vcpuchar_x86_reason_info {
	const char *name;
	uint32_t class;
	const char *text; /* a printf format when the reason carries a value */
};

/* Indexed by code; entry 0 is empty. */
extern const struct vcpuchar_x86_reason_info vcpuchar_x86_reasons[VCPUCHAR_X86_REASON_MAX + 1];

/* Words of a bitmap with a bit for every code of this release, however many. */
#define VCPUCHAR_X86_REASON_WORDS (VCPUCHAR_X86_REASON_MAX / 64 + 1)

/*
 * The reasons of one decision, as a bitmap (bit c % 64 of word c / 64): the
 * policy (lib/x86/x86-policy.c) and the verification (lib/x86/x86-verify.c)
 * both collect here and write their result through the one emitter below,
 * so each code appears at most once and in code order. value[c] is defined
 * only where has_value has bit c.
 */
struct vcpuchar_x86_reason_set {
	uint64_t set[VCPUCHAR_X86_REASON_WORDS];
	uint64_t has_value[VCPUCHAR_X86_REASON_WORDS];
	uint64_t value[VCPUCHAR_X86_REASON_MAX + 1];
};

static inline void vcpuchar_x86_reason_add(struct vcpuchar_x86_reason_set *a, uint32_t code)
{
	a->set[code / 64] |= UINT64_C(1) << (code % 64);
}

static inline void vcpuchar_x86_reason_add_value(struct vcpuchar_x86_reason_set *a, uint32_t code, uint64_t value)
{
	vcpuchar_x86_reason_add(a, code);
	a->value[code] = value;
	a->has_value[code / 64] |= UINT64_C(1) << (code % 64);
}

/*
 * Writes every code of @a, lowest first, to @out (the caller sized it for
 * every code its step can add); the entries after them are not written.
 * Returns how many it wrote; *n_refusals, when not NULL, gets how many of
 * them are of class refusal.
 */
static inline uint32_t vcpuchar_x86_reason_emit(const struct vcpuchar_x86_reason_set *a,
						struct vcpuchar_x86_reason *out, uint32_t *n_refusals)
{
	uint32_t n = 0, k = 0;

	for (uint32_t w = 0; w < VCPUCHAR_X86_REASON_WORDS; w++) {
		for (uint64_t set = a->set[w]; set; set &= set - 1) {
			uint32_t c = w * 64 + (uint32_t)__builtin_ctzll(set);
			struct vcpuchar_x86_reason *r = &out[n++];

			r->code = c;
			r->has_value = (uint32_t)((a->has_value[w] >> (c % 64)) & 1);
			r->value = r->has_value ? a->value[c] : 0;
			k += vcpuchar_x86_reasons[c].class == VCPUCHAR_X86_REASON_CLASS_REFUSAL;
		}
	}
	if (n_refusals)
		*n_refusals = k;
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
