/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libvcpuchar: the facts about a host's vCPU security and idle-exit features,
 * read through the real KVM ioctls, and a correct, explained decision of what
 * to tell and give the guest.
 *
 * Read this header top to bottom:
 *   1. Conventions, versions, shared types
 *   2. POWER (pseries): H_GET_CPU_CHARACTERISTICS bits, host facts and probe,
 *      spapr caps, validation, R4/R5, guest view, migration
 *   3. x86: SVM Idle HLT intercept and the HLT-exit policy
 *   4. Host profile files
 *
 * Conventions (every function):
 *   - Fallible functions return 0 (or a documented non-negative value) on
 *     success and a negative errno on failure. Programming errors (NULL where
 *     not allowed, unknown flags, out-of-range enum values, bad size fields)
 *     return -EINVAL.
 *   - Out-parameters are written only on success, unless a function says
 *     otherwise.
 *   - Functions that parse outside input take an optional message buffer
 *     (err, err_size): on failure it receives one NUL-terminated sentence
 *     naming what was wrong, fit for showing to a person.
 *   - The library never prints, never aborts, keeps no global state and
 *     allocates nothing on the decision paths; every "decide" function is
 *     pure and safe to call from any thread.
 *   - Structs whose first member is `size` may grow at the end in later
 *     releases. Set `size = sizeof(struct ...)` (VCPUCHAR_INIT does it). A
 *     bigger struct from newer headers is accepted when its unknown tail is
 *     zero and at most VCPUCHAR_SIZE_GROWTH_MAX (4096) bytes long; a size
 *     below the 1.0 size, a non-zero tail or a longer one is -EINVAL, in
 *     every call that takes such a struct. (The bound keeps a garbage size
 *     from sending the library through gigabytes of the caller's memory.)
 *   - Enum values are explicit and never renumbered. Flags are 1u << n.
 *   - `const char *` results point to static strings owned by the library.
 *
 * Bit numbering on POWER: PAPR and the kernel number bits the IBM way, bit 0
 * being the most significant: IBM bit n == (1ULL << (63 - n)), written here as
 * VCPUCHAR_PPC_BIT(n). The KVM words and the hcall registers hold the same
 * values; only masking differs.
 */
#ifndef VCPUCHAR_H
#define VCPUCHAR_H

#include <stddef.h>
#include <stdint.h>

#include "vcpuchar-version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ==== 1. Conventions, versions, shared types ============================ */

/*
 * The most a `size` may exceed the size this library knows: a struct
 * bigger than that is -EINVAL, whatever its tail holds. Since: 1.0
 */
#define VCPUCHAR_SIZE_GROWTH_MAX 4096

/* Initialiser for a struct with a leading `size` member (C only). Since: 1.0 */
#define VCPUCHAR_INIT(type) { .size = sizeof(type) }

/**
 * vcpuchar_version() - the library's run-time version
 *
 * Return: "MAJOR.MINOR.MICRO" of the loaded library (compare with
 * VCPUCHAR_VERSION_STRING for the headers a program was built with).
 *
 * Since: 1.0
 */
const char *vcpuchar_version(void);

/*
 * Counts and masks that a later release may change. Each has a macro with
 * this release's value (for array sizes at compile time) and an entry here,
 * so that a program can ask the library it runs with. Since: 1.0
 */
enum vcpuchar_limit {
	VCPUCHAR_LIMIT_PPC_N_CAPS = 0,              /* VCPUCHAR_PPC_N_CAPS */
	VCPUCHAR_LIMIT_H_CPU_CHAR_ALL = 1,          /* VCPUCHAR_H_CPU_CHAR_ALL */
	VCPUCHAR_LIMIT_H_CPU_BEHAV_ALL = 2,         /* VCPUCHAR_H_CPU_BEHAV_ALL */
	VCPUCHAR_LIMIT_X86_DISABLE_EXITS_KNOWN = 3, /* VCPUCHAR_X86_DISABLE_EXITS_KNOWN */
	VCPUCHAR_LIMIT_X86_N_FACTS = 4,             /* VCPUCHAR_X86_N_FACTS */
	VCPUCHAR_LIMIT_X86_REASON_MAX = 5,          /* VCPUCHAR_X86_REASON_MAX */
	VCPUCHAR_LIMIT_X86_MAX_REASONS = 6,         /* VCPUCHAR_X86_MAX_REASONS */
	VCPUCHAR_LIMIT_X86_N_STATS = 7,             /* VCPUCHAR_X86_N_STATS */
	VCPUCHAR_LIMIT_X86_VERDICT_MAX_REASONS = 8, /* VCPUCHAR_X86_VERDICT_MAX_REASONS */
};

/**
 * vcpuchar_limit() - the loaded library's value of a count or mask
 * @limit: enum vcpuchar_limit
 * @ret: receives the value (a count, a highest code, or a bit mask)
 *
 * The macros named in enum vcpuchar_limit hold the values of the headers a
 * program was built with; this returns the ones of the library it runs
 * with, which may be newer.
 *
 * Return: 0; -EINVAL for NULL @ret or an unknown @limit (@ret unchanged).
 *
 * Since: 1.0
 */
int vcpuchar_limit(uint32_t limit, uint64_t *ret);

/* Where a set of facts came from. Since: 1.0 */
enum vcpuchar_source {
	VCPUCHAR_SOURCE_NONE = 0,    /* nothing was read */
	VCPUCHAR_SOURCE_KVM = 1,     /* a probe on this host (KVM ioctls, CPUID, sysfs) */
	VCPUCHAR_SOURCE_PROFILE = 2, /* a host profile file */
	VCPUCHAR_SOURCE_CALLER = 3,  /* filled in by the caller */
};

/* Severity of a conflict or migration finding. Since: 1.0 */
enum vcpuchar_severity {
	VCPUCHAR_SEVERITY_INFO = 0,    /* no action needed; explains a cost */
	VCPUCHAR_SEVERITY_WARNING = 1, /* QEMU warns and goes on */
	VCPUCHAR_SEVERITY_ERROR = 2,   /* QEMU refuses (to start, or to migrate) */
};

/**
 * struct vcpuchar_probe_opts - options of the probe functions
 * @size: sizeof(struct vcpuchar_probe_opts)
 * @flags: must be 0
 * @root: directory that stands for "/" when reading /proc and /sys
 *        (tests point it at a fixture tree); NULL means "/"
 *
 * Since: 1.0
 */
struct vcpuchar_probe_opts {
	uint32_t size;
	uint32_t flags;
	const char *root;
};

/* ==== 2. POWER (pseries) ================================================= */

/*
 * H_GET_CPU_CHARACTERISTICS return registers (PAPR; Linux
 * arch/powerpc/include/asm/hvcall.h). R4 ("character") bits are positive:
 * 1 = the CPU has the property. R5 ("behaviour") bits are recommendations;
 * three default on in a Linux guest (FAVOUR_SECURITY, L1D_FLUSH_PR,
 * BNDS_CHK_SPEC_BAR) and the NO_* bits are negative. Names follow Linux's
 * hvcall.h, which is the only one that defines all of them; QEMU and the KVM
 * UAPI spell bits 5-7 of R4 differently (HON_BRANCH_HINTS,
 * THR_RECONF_TRIG, CACHE_COUNT_DIS) and lack bit 11 of R4 and bits 3, 6, 9
 * of R5.
 */
#define VCPUCHAR_PPC_BIT(n) (UINT64_C(1) << (63 - (n)))

/* R4 = character. Since: 1.0 */
#define VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31         VCPUCHAR_PPC_BIT(0)  /* 0x8000000000000000 */
#define VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED      VCPUCHAR_PPC_BIT(1)  /* 0x4000000000000000 */
#define VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_ORI30        VCPUCHAR_PPC_BIT(2)  /* 0x2000000000000000 */
#define VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_TRIG2        VCPUCHAR_PPC_BIT(3)  /* 0x1000000000000000 */
#define VCPUCHAR_H_CPU_CHAR_L1D_THREAD_PRIV        VCPUCHAR_PPC_BIT(4)  /* 0x0800000000000000 */
#define VCPUCHAR_H_CPU_CHAR_BRANCH_HINTS_HONORED   VCPUCHAR_PPC_BIT(5)  /* 0x0400000000000000 */
#define VCPUCHAR_H_CPU_CHAR_THREAD_RECONFIG_CTRL   VCPUCHAR_PPC_BIT(6)  /* 0x0200000000000000 */
#define VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED   VCPUCHAR_PPC_BIT(7)  /* 0x0100000000000000 */
#define VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST     VCPUCHAR_PPC_BIT(9)  /* 0x0040000000000000 */
#define VCPUCHAR_H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST VCPUCHAR_PPC_BIT(11) /* 0x0010000000000000 */
/* Every defined R4 bit: this release's value, see vcpuchar_limit(). */
#define VCPUCHAR_H_CPU_CHAR_ALL UINT64_C(0xff50000000000000)

/* R5 = behaviour. Since: 1.0 */
#define VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY       VCPUCHAR_PPC_BIT(0)  /* 0x8000000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR          VCPUCHAR_PPC_BIT(1)  /* 0x4000000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR     VCPUCHAR_PPC_BIT(2)  /* 0x2000000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY_H     VCPUCHAR_PPC_BIT(3)  /* 0x1000000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE     VCPUCHAR_PPC_BIT(5)  /* 0x0400000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_FLUSH_LINK_STACK      VCPUCHAR_PPC_BIT(6)  /* 0x0200000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY    VCPUCHAR_PPC_BIT(7)  /* 0x0100000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS  VCPUCHAR_PPC_BIT(8)  /* 0x0080000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_NO_STF_BARRIER        VCPUCHAR_PPC_BIT(9)  /* 0x0040000000000000 */
/* Every defined R5 bit: this release's value, see vcpuchar_limit(). */
#define VCPUCHAR_H_CPU_BEHAV_ALL UINT64_C(0xf7c0000000000000)
/* The R5 bits a Linux guest assumes set when it is told nothing. */
#define VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT UINT64_C(0xe000000000000000)

/* The hcall return registers that carry the characteristics, numbered as
 * PAPR numbers them. Since: 1.0 */
enum vcpuchar_ppc_reg {
	VCPUCHAR_PPC_REG_R4 = 4, /* character */
	VCPUCHAR_PPC_REG_R5 = 5, /* behaviour */
};

/**
 * vcpuchar_ppc_bit_name() - the Linux hvcall.h name of one R4 or R5 bit
 * @reg: enum vcpuchar_ppc_reg: VCPUCHAR_PPC_REG_R4 (character) or
 *       VCPUCHAR_PPC_REG_R5 (behaviour)
 * @ibm_bit: IBM bit number, 0 = most significant
 *
 * Return: e.g. "H_CPU_CHAR_L1D_THREAD_PRIV", or NULL for an undefined bit or
 * an unknown @reg.
 *
 * Since: 1.0
 */
const char *vcpuchar_ppc_bit_name(uint32_t reg, uint32_t ibm_bit);

/**
 * struct vcpuchar_ppc_host - what the host says about its POWER CPU
 * @size: sizeof(struct vcpuchar_ppc_host)
 * @source: enum vcpuchar_source
 * @valid: 1 when the words carry information (character_mask or
 *         behaviour_mask non-zero), 0 for "no information". Zero masks are
 *         the kernel's "I know nothing"; character == 0 is not.
 * @error: 0, or the negative errno that left the facts without information
 *         (-ENOTTY, -EINVAL, -EBADF, -ENOSYS ... from the probe)
 * @character: KVM_PPC_GET_CPU_CHAR character word exactly as returned
 *             (R4 bits; bits outside @character_mask are unknown and the
 *             kernel does not clear them)
 * @behaviour: behaviour word as returned (R5 bits; same caveat)
 * @character_mask: which bits of @character the kernel vouches for
 * @behaviour_mask: which bits of @behaviour the kernel vouches for
 * @power8: 1 when the host CPU is POWER8 family (PVR version 0x004b,
 *          0x004c, 0x004d): QEMU's private-L1D exemption
 *          (target/ppc/kvm.c kvmppc_power8_host())
 * @pvr: processor version register, 0 when unknown
 * @arch: `uname -m` of the host these facts describe, "" when unknown
 * @kernel_release: `uname -r` of that host, "" when unknown
 * @reserved: zero (explicit, so that a later member always grows the size)
 *
 * Facts can come from vcpuchar_ppc_host_probe(), a profile file, or the
 * caller (set @source to VCPUCHAR_SOURCE_CALLER and @valid by the masks).
 * Functions that read facts decide "information" by the masks alone, the
 * kernel's own test (@valid summarises it for the caller), and return
 * -EINVAL for a bad @size, for @source, @valid or @power8 out of range, or
 * for @error outside 0 and -1 ... -4095 (the kernel's errno range). @arch
 * and @kernel_release need no terminating NUL when full: they are never
 * read past their size.
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_host {
	uint32_t size;
	uint32_t source;
	uint32_t valid;
	int32_t error;
	uint64_t character;
	uint64_t behaviour;
	uint64_t character_mask;
	uint64_t behaviour_mask;
	uint32_t power8;
	uint32_t pvr;
	char arch[16];
	char kernel_release[65];
	uint8_t reserved[7];
};

/**
 * vcpuchar_ppc_host_probe() - read the host's POWER characteristics via KVM
 * @vm_fd: a KVM VM fd (from KVM_CREATE_VM), owned by the caller. The ioctl
 *         is a VM ioctl: on a POWER host the /dev/kvm fd fails with
 *         -EINVAL; elsewhere the capability check fails first (-ENOTSUP).
 * @opts: probe options, or NULL (root "/", used to read /proc/cpuinfo's PVR;
 *        only a regular file is read, never blocking on a FIFO)
 * @ret: facts; @ret->size must be set by the caller
 *
 * Calls KVM_CHECK_EXTENSION(KVM_CAP_PPC_GET_CPU_CHAR = 151) then
 * KVM_PPC_GET_CPU_CHAR (0x4020aeb1 on powerpc: powerpc's own _IOR encoding)
 * on @vm_fd (Linux arch/powerpc/kvm/powerpc.c kvmppc_get_cpu_char()), and
 * the PVR for the POWER8 test.
 *
 * Unlike other functions, @ret is written whenever the arguments are valid:
 * on failure it holds "no information" facts (valid 0, source KVM, error set
 * to the return value, every other field zero), never guessed bits. @pvr and
 * @power8 (from "(pvr XXXX YYYY)" in <root>/proc/cpuinfo; 0 when unreadable)
 * and @arch/@kernel_release (uname(2)) are filled only when the ioctl
 * answered.
 *
 * Return: 0 when the ioctl answered (the facts may still be "no
 * information" when the kernel returned zero masks: check @ret->valid);
 * -EINVAL for NULL @ret, a bad @ret->size or bad @opts;
 * -ENOTSUP when the capability is absent (not a Book3S-64 KVM: any x86
 * host, BookE, or a kernel older than Linux 4.16);
 * -EBADF for an fd that is not open (-1 included); -ENOTTY for any open
 * file that is not KVM's, whether its driver answers ENOTTY, EINVAL or
 * EBADF (device nodes, pipes, sockets, directories, O_PATH, eventfd, epoll,
 * timerfd, memfd and regular files alike); -EINVAL when KVM rejects the
 * ioctl on one of its fds of another kind (the system fd on POWER, a vCPU
 * fd); -ENOSYS under qemu-user; other negative errnos from ioctl(2) on a
 * KVM fd.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_host_probe(int vm_fd, const struct vcpuchar_probe_opts *opts,
			    struct vcpuchar_ppc_host *ret);

/**
 * vcpuchar_ppc_host_parse() - host facts from the four words as text
 * @words: "C,B,CM,BM": character, behaviour, character_mask and
 *         behaviour_mask exactly as KVM_PPC_GET_CPU_CHAR returns them, each
 *         0x and 1-16 hex digits (or a single digit 0-9, the same in either
 *         base), no spaces; the CLI's --chars
 * @ret: receives the facts (@ret->size set by the caller): source CALLER,
 *       valid by the masks, the four words; every other field zero (set
 *       @ret->power8 afterwards for a POWER8-family host)
 * @err, @err_size: optional message buffer, naming the word and its value
 *
 * The number rule is the one of host profiles
 * (examples/profiles/README.md#format): digits without 0x are refused, never
 * read as decimal (9840000000000000 is a hex word with its prefix lost), and
 * "0x0x..." is refused. Pure: no allocation.
 *
 * Return: 0; -EINVAL for NULL arguments, a bad @ret->size, not exactly four
 * words, or a word that breaks the rule (@ret unchanged).
 *
 * Since: 1.0
 */
int vcpuchar_ppc_host_parse(const char *words, struct vcpuchar_ppc_host *ret, char *err, size_t err_size);

/**
 * vcpuchar_ppc_host_describe() - one sentence on what the facts say, and why
 * @host: facts
 * @buf: receives a NUL-terminated sentence, truncated to @size
 * @size: size of @buf in bytes
 *
 * E.g. "no information: KVM_CAP_PPC_GET_CPU_CHAR (151) is not offered by
 * this kernel (not a POWER Book3S-64 KVM host)".
 *
 * Return: length of the full sentence (as snprintf); -EINVAL for NULL
 * @host, a bad @host->size, fields out of range (@host->error outside 0 and
 * -1 ... -4095 among them), or NULL @buf with @size > 0.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_host_describe(const struct vcpuchar_ppc_host *host, char *buf, size_t size);

/*
 * spapr capabilities (QEMU hw/ppc/spapr_caps.c). One numbering everywhere,
 * QEMU's own except fixed-na, which is 4 (QEMU stores 4 from the command line
 * and 0x10 from the host parse; 0x10 never appears here). These numbers are
 * the ones migration messages print. Since: 1.0
 */
enum vcpuchar_ppc_cap {
	VCPUCHAR_PPC_CAP_CFPC = 0,       /* cap-cfpc: cache flush on privilege change */
	VCPUCHAR_PPC_CAP_SBBC = 1,       /* cap-sbbc: speculation barrier bounds checking */
	VCPUCHAR_PPC_CAP_IBS = 2,        /* cap-ibs: indirect branch speculation */
	VCPUCHAR_PPC_CAP_CCF_ASSIST = 3, /* cap-ccf-assist: count cache flush assist */
};
/* Number of caps; arrays of one entry per cap use it. This release's
 * value: a later release may add caps, see vcpuchar_limit(). Since: 1.0 */
#define VCPUCHAR_PPC_N_CAPS 4

/* Levels (QEMU SPAPR_CAP_*). Since: 1.0 */
enum vcpuchar_ppc_level {
	VCPUCHAR_PPC_LEVEL_BROKEN = 0,     /* cfpc, sbbc, ibs */
	VCPUCHAR_PPC_LEVEL_WORKAROUND = 1, /* cfpc, sbbc, ibs */
	VCPUCHAR_PPC_LEVEL_FIXED = 2,      /* cfpc, sbbc */
	VCPUCHAR_PPC_LEVEL_FIXED_CCD = 3,  /* ibs: count cache disabled */
	VCPUCHAR_PPC_LEVEL_FIXED_NA = 4,   /* ibs: fixed in hardware, not applicable */
};
/* The other names of the same numbers (QEMU's SPAPR_CAP_* share them too);
 * macros, so that the enum has one name per value. Since: 1.0 */
#define VCPUCHAR_PPC_LEVEL_FIXED_IBS VCPUCHAR_PPC_LEVEL_FIXED      /* ibs: indirect branch serialisation */
#define VCPUCHAR_PPC_LEVEL_OFF       VCPUCHAR_PPC_LEVEL_BROKEN     /* ccf-assist */
#define VCPUCHAR_PPC_LEVEL_ON        VCPUCHAR_PPC_LEVEL_WORKAROUND /* ccf-assist */

/**
 * struct vcpuchar_ppc_caps - one level per cap (enum vcpuchar_ppc_level)
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_caps {
	uint8_t cfpc;
	uint8_t sbbc;
	uint8_t ibs;
	uint8_t ccf_assist;
};

/**
 * vcpuchar_ppc_cap_name() - QEMU's name of a cap without the "cap-" prefix
 * @cap: enum vcpuchar_ppc_cap
 *
 * Names from QEMU hw/ppc/spapr_caps.c capability_table.
 *
 * Return: "cfpc", "sbbc", "ibs", "ccf-assist"; NULL when out of range.
 *
 * Since: 1.0
 */
const char *vcpuchar_ppc_cap_name(uint32_t cap);

/**
 * vcpuchar_ppc_level_name() - QEMU's value name of a level of a cap
 * @cap: enum vcpuchar_ppc_cap
 * @level: enum vcpuchar_ppc_level, in the library numbering (fixed-na = 4)
 *
 * Names from QEMU hw/ppc/spapr_caps.c cap_*_possible
 * (lib/ppc.md#caps-and-levels).
 *
 * Return: e.g. "workaround", "fixed-ccd", "on"; NULL when either argument
 * is out of range for that cap.
 *
 * Since: 1.0
 */
const char *vcpuchar_ppc_level_name(uint32_t cap, uint32_t level);

/**
 * vcpuchar_ppc_caps_get() / vcpuchar_ppc_caps_set() - access a cap by number
 * @caps: the cap set to read or write
 * @cap: enum vcpuchar_ppc_cap
 * @level: (set only) enum vcpuchar_ppc_level valid for @cap
 *
 * Return: get: the level (0-4), or -EINVAL for a NULL @caps or unknown
 * @cap; set: 0, or -EINVAL for those or a level out of range for @cap
 * (lib/ppc.md#caps-and-levels), @caps then unchanged.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_caps_get(const struct vcpuchar_ppc_caps *caps, uint32_t cap);
int vcpuchar_ppc_caps_set(struct vcpuchar_ppc_caps *caps, uint32_t cap, uint32_t level);

/**
 * vcpuchar_ppc_caps_parse() - parse a cap list in QEMU's -machine spelling
 * @list: comma-separated "cap-NAME=VALUE" items, e.g.
 *        "cap-cfpc=workaround,cap-ibs=fixed-ccd,cap-ccf-assist=on". The
 *        "cap-" prefix is optional; names and values match case-insensitively
 *        as in QEMU; ccf-assist also takes QEMU's boolean spellings
 *        (on/off, yes/no, true/false, y/n: qapi/qapi-util.c
 *        qapi_bool_parse()). An empty string sets nothing.
 * @caps: levels are written here for the caps named in @list; other caps
 *        are left as they are (so @caps can hold defaults)
 * @set: receives the bit (1u << enum vcpuchar_ppc_cap) of each cap named
 * @err, @err_size: optional message buffer
 *
 * On failure neither @caps nor @set is changed. Names and values compare
 * case-insensitively in ASCII, whatever the caller's locale.
 *
 * Return: 0; -EINVAL for NULL arguments, an unknown cap, an unknown value,
 * a repeated cap, an empty item or a missing "=".
 *
 * Since: 1.0
 */
int vcpuchar_ppc_caps_parse(const char *list, struct vcpuchar_ppc_caps *caps,
			    uint32_t *set, char *err, size_t err_size);

/**
 * vcpuchar_ppc_host_levels() - the cap levels the host supports
 * @host: facts, or NULL for "no information"
 * @ret: receives the levels
 *
 * QEMU's rules (target/ppc/kvm.c parse_cap_ppc_safe_cache,
 * _safe_bounds_check, _safe_indirect_branch (first matching row wins),
 * _count_cache_flush_assist), applied only to bits inside the masks, with
 * the POWER8 private-L1D exemption. Without information the levels are
 * broken/broken/broken/off, QEMU's fallback, not a finding.
 *
 * Return: 1 when @host carried information, 0 when the levels are the
 * no-information fallback; -EINVAL for NULL @ret or a bad @host->size.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_host_levels(const struct vcpuchar_ppc_host *host, struct vcpuchar_ppc_caps *ret);

/* Machine types whose cap defaults differ (QEMU hw/ppc/spapr.c). Since: 1.0 */
enum vcpuchar_ppc_machine {
	VCPUCHAR_PPC_MACHINE_PSERIES = 0,      /* pseries-5.0 and later, and the "pseries" alias */
	VCPUCHAR_PPC_MACHINE_PSERIES_4 = 1,    /* pseries-4.0, 4.1, 4.2 */
	VCPUCHAR_PPC_MACHINE_PSERIES_3_1 = 2,  /* pseries-3.1 and older */
	VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM = 3, /* pseries-2.12-sxxm */
};

/**
 * vcpuchar_ppc_machine_parse() - map a QEMU machine type name to its defaults
 * @name: "pseries", "pseries-X.Y" (two numbers without leading zeros, a
 *        version QEMU had: 2.1-2.12, 3.0-3.1, X.0-X.2 for 4 to 10, 11.0), or
 *        "pseries-2.12-sxxm"
 * @ret: receives an enum vcpuchar_ppc_machine value
 * @err, @err_size: optional message buffer
 *
 * Versions map by number (QEMU hw/ppc/spapr.c, lib/ppc.md#machine-defaults):
 * 5.0 and later -> PSERIES, 4.x -> PSERIES_4, older -> PSERIES_3_1.
 * Names are case-sensitive, as QEMU's.
 *
 * Return: 0; -EINVAL for NULL arguments, a name that is not a pseries
 * machine type, a version QEMU never had (pseries-0.0, pseries-99.0: the
 * message names the known range) or a downstream type such as
 * pseries-rhel8.6.0 (its defaults are the distribution's; the message says
 * how to find the upstream type it derives from, or to give all four caps).
 *
 * Since: 1.0
 */
int vcpuchar_ppc_machine_parse(const char *name, uint32_t *ret, char *err, size_t err_size);

/* Guest CPU model: its ISA level decides cap defaults and the STF barrier type. Since: 1.0 */
enum vcpuchar_ppc_cpu {
	VCPUCHAR_PPC_CPU_DEFAULT = 0,  /* POWER9 */
	VCPUCHAR_PPC_CPU_POWER7 = 7,   /* ISA 2.06 */
	VCPUCHAR_PPC_CPU_POWER8 = 8,   /* ISA 2.07S */
	VCPUCHAR_PPC_CPU_POWER9 = 9,   /* ISA 3.0 */
	VCPUCHAR_PPC_CPU_POWER10 = 10, /* ISA 3.1 */
	VCPUCHAR_PPC_CPU_POWER11 = 11, /* ISA 3.1 */
};

/**
 * vcpuchar_ppc_machine_defaults() - default caps of a machine type and guest CPU
 * @machine: enum vcpuchar_ppc_machine
 * @cpu: enum vcpuchar_ppc_cpu; models older than ISA 2.07 lower cfpc to
 *       broken (QEMU hw/ppc/spapr_caps.c default_caps_with_cpu())
 * @ret: receives the defaults
 *
 * Return: 0; -EINVAL for an unknown @machine or @cpu, or NULL @ret.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_machine_defaults(uint32_t machine, uint32_t cpu, struct vcpuchar_ppc_caps *ret);

/* Accelerator the VM runs under. Since: 1.0 */
enum vcpuchar_accel {
	VCPUCHAR_ACCEL_KVM = 0,
	VCPUCHAR_ACCEL_TCG = 1,
};

/* How R4/R5 are built (lib/ppc.md#modes). Since: 1.0 */
enum vcpuchar_ppc_mode {
	/* Recommended default: caps the caller did not set take the host's
	 * levels, then R4/R5 come from the caps. Fixes the guest/host
	 * mismatch and keeps QEMU's migration checks. */
	VCPUCHAR_PPC_MODE_HOST_MAX = 0,
	/* Classic QEMU: R4/R5 from the effective caps, bit for bit. */
	VCPUCHAR_PPC_MODE_CAPS = 1,
	/* Masked host words passed through: the host's own view. Not
	 * migration-safe; needs host information. */
	VCPUCHAR_PPC_MODE_HOST = 2,
};

/**
 * vcpuchar_ppc_mode_name() - the name of a mode
 * @mode: enum vcpuchar_ppc_mode
 *
 * Return: "host-max", "caps" or "host" (the CLI's --mode values); NULL for
 * an unknown @mode.
 *
 * Since: 1.0
 */
const char *vcpuchar_ppc_mode_name(uint32_t mode);

/* Why a conflict entry exists. Since: 1.0 */
enum vcpuchar_ppc_conflict_code {
	VCPUCHAR_PPC_CONFLICT_CODE_ABOVE_HOST = 1,      /* KVM: requested above host: QEMU refuses to start */
	VCPUCHAR_PPC_CONFLICT_CODE_TCG_UNSUPPORTED = 2, /* TCG: QEMU warns and goes on */
	VCPUCHAR_PPC_CONFLICT_CODE_BELOW_HOST = 3,      /* KVM: requested below host: the guest runs mitigations the host says it does not need */
};

/* Conflict flags. Since: 1.0 */
#define VCPUCHAR_PPC_CONFLICT_FLAG_FROM_DEFAULT (1u << 0) /* the requested level is a machine-type default, not the caller's */
#define VCPUCHAR_PPC_CONFLICT_FLAG_HOST_NO_INFO (1u << 1) /* the host level is the no-information fallback */

/**
 * struct vcpuchar_ppc_conflict - one finding of the cap validation
 * @cap: enum vcpuchar_ppc_cap
 * @severity: enum vcpuchar_severity (ERROR for ABOVE_HOST, WARNING for
 *            TCG_UNSUPPORTED, INFO for BELOW_HOST)
 * @code: enum vcpuchar_ppc_conflict_code
 * @flags: VCPUCHAR_PPC_CONFLICT_* flags
 * @requested: the effective requested level
 * @host: the host level (broken/off without information; meaningless
 *        under TCG)
 * @reserved: zero (explicit padding)
 * @message: QEMU's text without program prefix or newline, e.g.
 *           "Requested safe cache capability level not supported by KVM";
 *           for BELOW_HOST a library sentence
 * @hint: QEMU's hint, e.g. "Try appending -machine cap-cfpc=broken"; for
 *        BELOW_HOST "cap-cfpc=fixed" (the host level); "" under TCG
 * @explanation: a sentence on the cause when it is not the host (a
 *               machine-type default, or no host information), else ""
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_conflict {
	uint32_t cap;
	uint32_t severity;
	uint32_t code;
	uint32_t flags;
	uint8_t requested;
	uint8_t host;
	uint8_t reserved[6];
	const char *message;
	const char *hint;
	const char *explanation;
};

/**
 * struct vcpuchar_ppc_request - what the VMM asks for
 * @size: sizeof(struct vcpuchar_ppc_request)
 * @mode: enum vcpuchar_ppc_mode (0 = host-max, the recommended default)
 * @accel: enum vcpuchar_accel
 * @machine: enum vcpuchar_ppc_machine (0 = the newest pseries)
 * @cpu: enum vcpuchar_ppc_cpu (0 = POWER9)
 * @caps_set: bit (1u << enum vcpuchar_ppc_cap) for each cap the caller set
 *            in @caps; the others take defaults (machine type and CPU in
 *            caps and host mode, the host's level in host-max mode)
 * @caps: the caller's levels, read only where @caps_set says so
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_request {
	uint32_t size;
	uint32_t mode;
	uint32_t accel;
	uint32_t machine;
	uint32_t cpu;
	uint32_t caps_set;
	struct vcpuchar_ppc_caps caps;
};

/* Result flags. Since: 1.0 */
#define VCPUCHAR_PPC_RESULT_HOST_NO_INFO      (1u << 0) /* host levels are the no-information fallback */
#define VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE  (1u << 1) /* host mode: R4/R5 depend on the boot host */
#define VCPUCHAR_PPC_RESULT_NOT_EXPRESSIBLE   (1u << 2) /* host bits the caps cannot pass on, see unexpressed_r4/r5 */

/* Length of each guest-view string buffer, NUL included. Since: 1.0 */
#define VCPUCHAR_PPC_VIEW_LEN 160

/**
 * struct vcpuchar_ppc_guest_view - what a Linux pseries guest prints
 * @size: sizeof(struct vcpuchar_ppc_guest_view), set by the caller (set by
 *        the library in struct vcpuchar_ppc_result)
 *
 * Each member is the exact text of
 * /sys/devices/system/cpu/vulnerabilities/<name> without the newline
 * (lscpu shows "Mitigation;" for "Mitigation:"). Rules from Linux
 * arch/powerpc/platforms/pseries/setup.c init_cpu_char_feature_flags()
 * and arch/powerpc/kernel/security.c cpu_show_*().
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_guest_view {
	uint32_t size;
	char meltdown[VCPUCHAR_PPC_VIEW_LEN];
	char l1tf[VCPUCHAR_PPC_VIEW_LEN];
	char spectre_v1[VCPUCHAR_PPC_VIEW_LEN];
	char spectre_v2[VCPUCHAR_PPC_VIEW_LEN];
	char spec_store_bypass[VCPUCHAR_PPC_VIEW_LEN];
};

/* Guest kernel flags of vcpuchar_ppc_guest_view(). Since: 1.0 */
#define VCPUCHAR_PPC_GUEST_LINUX_PRE_5_14   (1u << 0) /* guest kernel older than 5.14 (STF barrier follows L1D_FLUSH_PR) */
#define VCPUCHAR_PPC_GUEST_MITIGATIONS_OFF  (1u << 1) /* guest booted with mitigations=off */

/**
 * vcpuchar_ppc_guest_view() - predict a Linux guest's vulnerability files
 * @r4: character register the guest receives
 * @r5: behaviour register the guest receives
 * @cpu: guest CPU model (enum vcpuchar_ppc_cpu; POWER7 or later); the STF
 *       barrier type follows its ISA: eieio (ISA 3.0+), hwsync (POWER8),
 *       fallback (POWER7)
 * @flags: VCPUCHAR_PPC_GUEST_* flags, 0 for Linux >= 5.14 with a default
 *         command line
 * @ret: receives the five strings (@ret->size set by the caller)
 *
 * Return: 0; -EINVAL for NULL @ret, a bad @ret->size, an unknown @cpu or
 * unknown @flags.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_guest_view(uint64_t r4, uint64_t r5, uint32_t cpu, uint32_t flags,
			    struct vcpuchar_ppc_guest_view *ret);

/**
 * vcpuchar_ppc_caps_to_hcall() - QEMU's R4/R5 for a set of caps
 * @caps: effective caps
 * @r4: receives the character register
 * @r5: receives the behaviour register
 *
 * Bit for bit QEMU hw/ppc/spapr_hcall.c h_get_cpu_characteristics() (since
 * QEMU commit 17fd09c021), with fixed-na handled (no ibs bits) where QEMU
 * 7.2 aborts. ccf-assist counts only with ibs=workaround.
 *
 * Return: 0; -EINVAL for NULL arguments or a level out of range.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_caps_to_hcall(const struct vcpuchar_ppc_caps *caps, uint64_t *r4, uint64_t *r5);

/**
 * vcpuchar_ppc_host_to_hcall() - masked host words, as host mode passes them
 * @host: facts with information
 * @r4: receives character & character_mask
 * @r5: receives (behaviour & behaviour_mask); where the mask does not cover
 *      a bit, the three default-on bits (VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT)
 *      are set, so an unknown bit never switches a guest mitigation off, and
 *      any other bit is host-max's: what vcpuchar_ppc_caps_to_hcall() sends
 *      for vcpuchar_ppc_host_levels(), so host mode never asks a guest for
 *      more than host-max on the same host (lib/ppc.md#modes; measured with
 *      Debian 6.1's masks, which leave out NO_L1D_FLUSH_ENTRY/UACCESS)
 *
 * Both are unchanged on failure.
 *
 * Return: 0; -ENODATA when @host carries no information (never answer a
 * guest with zeros); -EINVAL for NULL arguments or a bad @host->size.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_host_to_hcall(const struct vcpuchar_ppc_host *host, uint64_t *r4, uint64_t *r5);

/**
 * struct vcpuchar_ppc_result - the full answer for one VM
 * @size: sizeof(struct vcpuchar_ppc_result), set by the caller
 * @flags: VCPUCHAR_PPC_RESULT_* flags
 * @mode: the mode used (enum vcpuchar_ppc_mode)
 * @host_caps: levels the host supports (no-information fallback:
 *             broken/off, with VCPUCHAR_PPC_RESULT_HOST_NO_INFO)
 * @effective_caps: the caps the VM runs with (and migrates)
 * @n_errors: number of ERROR conflicts: QEMU would refuse to start
 * @r4: H_GET_CPU_CHARACTERISTICS R4 to return to the guest
 * @r5: H_GET_CPU_CHARACTERISTICS R5 to return to the guest
 * @unexpressed_r4: known-set host R4 bits the guest is not told (e.g.
 *                  BCCTR_LINK_FLUSH_ASSIST): caps cannot express them
 * @unexpressed_r5: the same for R5 (FAVOUR_SECURITY_H, FLUSH_LINK_STACK,
 *                  NO_STF_BARRIER, NO_L1D_FLUSH_* where no cap gives them)
 * @mode_reason: a sentence on what the mode means for this VM
 * @guest_view: what a Linux guest of the requested CPU prints for @r4/@r5
 * @n_conflicts: entries used in @conflicts, in cap order
 * @conflicts: at most one per cap; last, so that a later cap grows the
 *             struct at its end
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_result {
	uint32_t size;
	uint32_t flags;
	uint32_t mode;
	struct vcpuchar_ppc_caps host_caps;
	struct vcpuchar_ppc_caps effective_caps;
	uint32_t n_errors;
	uint64_t r4;
	uint64_t r5;
	uint64_t unexpressed_r4;
	uint64_t unexpressed_r5;
	const char *mode_reason;
	struct vcpuchar_ppc_guest_view guest_view;
	uint32_t n_conflicts;
	struct vcpuchar_ppc_conflict conflicts[VCPUCHAR_PPC_N_CAPS];
};

/**
 * vcpuchar_ppc_decide() - caps, conflicts, R4/R5 and guest view for one VM
 * @host: host facts, or NULL for "no information"
 * @req: the VMM's request
 * @ret: receives the result (@ret->size set by the caller)
 *
 * Effective caps: caller's caps, else machine-type defaults adjusted for
 * the guest CPU (caps and host mode) or the host's levels (host-max mode),
 * never above what the guest CPU model can use (a POWER7 guest keeps
 * cfpc=broken, as QEMU's default_caps_with_cpu() gives it).
 * Under KVM every cap above the host level is an ERROR (QEMU
 * hw/ppc/spapr_caps.c cap_*_apply, which stops at the first; all are
 * listed here), except ccf-assist=on on a host whose ibs is fixed-ccd; a cap
 * below the host level is an INFO notice (caps and host-max mode only: in
 * host mode the guest gets the host's words, so a low cap costs it
 * nothing). Under TCG every cap that is not broken/off is a WARNING and the
 * host is ignored: host-max mode then takes broken/off, QEMU's quiet TCG
 * set. Rules: lib/ppc.md#validation and #modes.
 *
 * Return: 0, also when conflicts have ERROR severity (see @ret->n_errors);
 * -ENODATA in host mode without host information; -EINVAL for NULL @req or
 * @ret, bad sizes or out-of-range request fields.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_decide(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
			struct vcpuchar_ppc_result *ret);

/**
 * struct vcpuchar_ppc_migration_entry - one cap whose levels differ
 * @cap: enum vcpuchar_ppc_cap
 * @severity: ERROR (source above destination) or WARNING (below)
 * @src: the source level (library numbering: fixed-na is 4)
 * @dst: the destination level
 * @reserved: zero
 * @message: QEMU's text (hw/ppc/spapr_caps.c spapr_caps_post_migration()),
 *           e.g. "cap-cfpc higher level (1) in incoming stream than on
 *           destination (0)", NUL-terminated
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_migration_entry {
	uint32_t cap;
	uint32_t severity;
	uint8_t src;
	uint8_t dst;
	uint8_t reserved[2];
	char message[96];
};

/**
 * struct vcpuchar_ppc_migration - source caps against destination caps
 * @size: sizeof(struct vcpuchar_ppc_migration), set by the caller
 * @ok: 1 when the migration proceeds (no ERROR entry)
 * @n_errors: entries with ERROR severity (source above destination)
 * @n_warnings: entries with WARNING severity (source below destination)
 * @n_entries: entries used, in cap order
 * @reserved: zero (explicit padding)
 * @entries: one per cap that differs, in cap order
 * @note: when a warning exists, why it matters: the guest keeps the
 *        mitigations it chose at boot until it reboots (Linux re-reads the
 *        hcall only after a PowerVM partition migration); else ""
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_migration {
	uint32_t size;
	uint32_t ok;
	uint32_t n_errors;
	uint32_t n_warnings;
	uint32_t n_entries;
	uint32_t reserved;
	const char *note;
	struct vcpuchar_ppc_migration_entry entries[VCPUCHAR_PPC_N_CAPS];
};

/**
 * vcpuchar_ppc_migration_check() - check a migration from @src caps to @dst caps
 * @src: effective caps of the source VM
 * @dst: effective caps of the destination VM
 * @ret: receives the findings
 *
 * QEMU requires the same machine type on both ends; compare the effective
 * caps of both (vcpuchar_ppc_result.effective_caps).
 *
 * Return: 0 (see @ret->ok); -EINVAL for NULL arguments, levels out of
 * range or a bad @ret->size.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_migration_check(const struct vcpuchar_ppc_caps *src, const struct vcpuchar_ppc_caps *dst,
				 struct vcpuchar_ppc_migration *ret);

/**
 * struct vcpuchar_ppc_baseline - the caps every host of a fleet accepts
 * @size: sizeof(struct vcpuchar_ppc_baseline), set by the caller
 * @n_hosts: number of hosts considered
 * @n_no_info: hosts without information (each holds every cap at
 *             broken/off, QEMU's fallback)
 * @held_back: bit (1u << enum vcpuchar_ppc_cap) for each cap that at least
 *             one host holds back (see vcpuchar_ppc_baseline())
 * @reserved: zero (explicit padding)
 * @caps: per cap, the highest level QEMU accepts on every host
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_baseline {
	uint32_t size;
	uint32_t n_hosts;
	uint32_t n_no_info;
	uint32_t held_back;
	struct vcpuchar_ppc_caps caps;
	uint32_t reserved;
};

/**
 * vcpuchar_ppc_baseline() - the caps a guest can have on every host of a fleet
 * @hosts: array of @n_hosts pointers to host facts (pointers, so that the
 *         array does not depend on sizeof(struct vcpuchar_ppc_host)); a NULL
 *         entry or facts with zero masks mean "no information"
 * @n_hosts: number of entries in @hosts, at least 1
 * @levels: optional array of @n_hosts entries; receives each host's own
 *          levels (vcpuchar_ppc_host_levels(); broken/off without
 *          information)
 * @held_back: optional array of @n_hosts entries; receives for each host the
 *             bits (1u << enum vcpuchar_ppc_cap) of the caps it holds back:
 *             the level QEMU accepts on it equals the baseline while another
 *             host accepts more; a host without information holds back every
 *             cap
 * @ret: receives the baseline (@ret->size set by the caller)
 *
 * What "accepts" means is QEMU's start-up check (hw/ppc/spapr_caps.c
 * cap_*_apply(): a requested level above the host's refuses; the numeric
 * order of lib/ppc.md#caps-and-levels): per cap the baseline is the lowest
 * of the hosts' levels, except that ccf-assist=on counts as accepted on a
 * host whose ibs is fixed-ccd (cap_ccf_assist_apply()). The baseline may be
 * ibs=fixed-na; vcpuchar_ppc_caps_format() spells it as QEMU can take it.
 * Like `virsh hypervisor-cpu-baseline` for x86 CPU models. Rules:
 * lib/ppc.md#fleet-baseline. Pure: no allocation, no global state.
 *
 * Return: 0; -EINVAL for NULL @hosts or @ret, @n_hosts 0, a bad
 * @ret->size, or a host with a bad size or out-of-range fields. On failure
 * nothing is written (@levels, @held_back and @ret unchanged).
 *
 * Since: 1.0
 */
int vcpuchar_ppc_baseline(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts,
			  struct vcpuchar_ppc_caps *levels, uint32_t *held_back,
			  struct vcpuchar_ppc_baseline *ret);

/*
 * Caps in the spellings users paste: QEMU's -machine properties and
 * libvirt's domain XML. Users of an unmodified QEMU or libvirt can only
 * give caps, so the host-max answer reaches them this way.
 */

/* Output formats of vcpuchar_ppc_caps_format. Since: 1.0 */
enum vcpuchar_ppc_format {
	/* "cap-cfpc=V,cap-sbbc=V,cap-ibs=V,cap-ccf-assist=V", to append to
	 * "-machine pseries," (QEMU hw/ppc/spapr_caps.c names and values) */
	VCPUCHAR_PPC_FORMAT_QEMU = 0,
	/* "<features><cfpc value='V'/><sbbc value='V'/><ibs value='V'/>
	 * <ccf-assist state='on|off'/></features>" (one line, no spaces
	 * between elements), the libvirt domain XML elements of the same caps */
	VCPUCHAR_PPC_FORMAT_LIBVIRT = 1,
};

/* Room for the longest caps text, NUL included. Since: 1.0 */
#define VCPUCHAR_PPC_FORMAT_LEN 128

/*
 * Warning codes of the caps spellings and of the warnings check.
 * Stable: never renamed, renumbered or reused; the name function
 * gives the snake_case name the CLI's JSON prints. A set of codes is a word
 * with bit (1u << code) per code. Since: 1.0
 */
enum vcpuchar_ppc_warning {
	/* The caps hold cap-ibs=fixed-na, on which QEMU 7.2 (Debian 12) aborts
	 * at the guest's first H_GET_CPU_CHARACTERISTICS; the spellings give
	 * cap-ibs=broken, which gives the guest identical R4/R5. */
	VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT = 1,
	/* The host set bits that its masks do not vouch for (Linux < the 2025
	 * mask change: NO_L1D_FLUSH_ENTRY/UACCESS, NO_STF_BARRIER, ...). */
	VCPUCHAR_PPC_WARNING_HOST_BITS_OUTSIDE_MASKS = 2,
	/* The masks are non-zero but hold no bit the library knows. */
	VCPUCHAR_PPC_WARNING_MASKS_WITHOUT_KNOWN_BITS = 3,
	/* host-max or host mode: QEMU with the machine type's defaults would
	 * refuse to start on this host. */
	VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED = 4,
	/* host-max or host mode: it would start, but the guest would run
	 * mitigations the host does not need. */
	VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST = 5,
};
/* Highest warning code in this release. Since: 1.0 */
#define VCPUCHAR_PPC_WARNING_MAX 5

/**
 * vcpuchar_ppc_warning_name() - the stable name of a warning code
 * @code: enum vcpuchar_ppc_warning
 *
 * Return: e.g. "qemu_fixed_na_abort"; NULL for an unknown @code.
 *
 * Since: 1.0
 */
const char *vcpuchar_ppc_warning_name(uint32_t code);

/**
 * vcpuchar_ppc_caps_format() - caps as QEMU's -machine string or libvirt XML
 * @caps: the caps (usually vcpuchar_ppc_result.effective_caps)
 * @format: enum vcpuchar_ppc_format
 * @buf: receives the NUL-terminated text; may be NULL when @size is 0
 * @size: size of @buf in bytes
 * @warnings: optional; on success receives the set of warning codes (bit
 *            1u << code): only VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT, when
 *            @caps->ibs is fixed-na, else 0
 *
 * Writes all four caps in the order cfpc, sbbc, ibs, ccf-assist, with
 * QEMU's value names (hw/ppc/spapr_caps.c cap_*_possible, lower case as
 * QEMU prints them). libvirt's elements and attribute names are those of
 * its domain XML "Hypervisor features" (docs/formatdomain.rst; cfpc, sbbc,
 * ibs take value=, ccf-assist takes state=); libvirt passes the values to
 * QEMU's properties of the same names. Pure: no allocation, no global state.
 *
 * Never writes ibs fixed-na: QEMU 7.2 stores the command-line value as 4,
 * which h_get_cpu_characteristics() does not handle, and aborts at the
 * guest's first hcall (measured; lib/ppc.md#qemu-and-libvirt-spellings). broken is written
 * instead: QEMU adds no ibs bit to R4/R5 for either level, so the guest is
 * told exactly the same, and broken never exceeds a host level. ccf-assist is
 * written as given (QEMU reads it only with ibs=workaround).
 *
 * Like snprintf() with two differences: a buffer that is too small is an
 * error, not a truncation, and a query is only @buf NULL with @size 0.
 *
 * Return: the length of the text without the NUL (at most
 * VCPUCHAR_PPC_FORMAT_LEN - 1), when @buf was written, or for the query
 * (@buf NULL, @size 0: nothing written); -ENOSPC when @size is not larger
 * than that length (@buf and @warnings unchanged); -EINVAL for NULL @caps, a
 * level out of range for its cap, an unknown @format, or NULL @buf with
 * @size > 0 (@buf and @warnings unchanged).
 *
 * Since: 1.0
 */
int vcpuchar_ppc_caps_format(const struct vcpuchar_ppc_caps *caps, uint32_t format, char *buf, size_t size,
			     uint32_t *warnings);

/* Length of each warning text buffer, NUL included. Since: 1.0 */
#define VCPUCHAR_PPC_WARNING_TEXT_LEN 640

/**
 * struct vcpuchar_ppc_warning_entry - one warning
 * @code: enum vcpuchar_ppc_warning
 * @caps: bit (1u << enum vcpuchar_ppc_cap) of each cap it names:
 *        ibs for QEMU_FIXED_NA_ABORT; the refused caps for DEFAULTS_REFUSED
 *        (the first of them is the one QEMU reports); the caps below the
 *        host for DEFAULTS_BELOW_HOST; 0 otherwise
 * @reserved: zero
 * @r4: HOST_BITS_OUTSIDE_MASKS: the host's character bits set outside
 *      character_mask; MASKS_WITHOUT_KNOWN_BITS: character_mask; else 0
 * @r5: the same for behaviour and behaviour_mask
 * @text: one NUL-terminated paragraph: what happens, what the guest loses
 *        or gets instead, and what to do (for DEFAULTS_REFUSED it quotes
 *        QEMU's message and hint for the first refused cap)
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_warning_entry {
	uint32_t code;
	uint32_t caps;
	uint64_t r4;
	uint64_t r5;
	char text[VCPUCHAR_PPC_WARNING_TEXT_LEN];
};

/**
 * struct vcpuchar_ppc_warnings - every warning for one VM
 * @size: sizeof(struct vcpuchar_ppc_warnings), set by the caller
 * @codes: bit (1u << code) for each entry
 * @n_entries: entries used, in code order, at most one per code
 * @reserved: zero
 * @entries: the warnings
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_warnings {
	uint32_t size;
	uint32_t codes;
	uint32_t n_entries;
	uint32_t reserved;
	struct vcpuchar_ppc_warning_entry entries[VCPUCHAR_PPC_WARNING_MAX];
};

/**
 * vcpuchar_ppc_warnings_check() - what a user of unmodified QEMU should know
 * @host: host facts, or NULL for "no information"
 * @req: the request, as for vcpuchar_ppc_decide()
 * @ret: receives the warnings (@ret->size set by the caller)
 *
 * Decides @req as vcpuchar_ppc_decide() does, then reports:
 * QEMU_FIXED_NA_ABORT when the effective ibs is fixed-na (any mode: the
 * spellings of the effective caps replace it); with host information,
 * HOST_BITS_OUTSIDE_MASKS when @host->character or @host->behaviour has bits
 * set outside its mask (each known bit named, with whether the guest still
 * gets it from the caps or loses the behaviour it allows, and the Linux
 * change that widens the pseries masks: "KVM: PPC: Add the missing
 * character/behaviour bits for KVM_PPC_GET_CPU_CHAR ioctl", 2025), and
 * MASKS_WITHOUT_KNOWN_BITS when neither mask covers a bit of
 * VCPUCHAR_H_CPU_CHAR_ALL / VCPUCHAR_H_CPU_BEHAV_ALL; in host-max and host
 * mode under KVM with host information, what QEMU would do with the same
 * request in caps mode, i.e. the caps the caller did not set at the machine
 * type's defaults for the guest CPU: DEFAULTS_REFUSED when it would refuse
 * to start (ERROR conflicts), else DEFAULTS_BELOW_HOST when some cap is below
 * the host (INFO conflicts). Pure: no allocation, no global state.
 *
 * Return: the number of entries (0 to VCPUCHAR_PPC_WARNING_MAX);
 * -ENODATA in host mode without host information (as vcpuchar_ppc_decide());
 * -EINVAL for NULL @req or @ret, bad sizes or out-of-range request fields.
 * On failure @ret is unchanged.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_warnings_check(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
				struct vcpuchar_ppc_warnings *ret);

/* ==== 3. x86: SVM Idle HLT and the HLT-exit policy ======================= */

/*
 * Sources for this section: lib/x86.md (its #decision-table is
 * the contract), Linux arch/x86/kvm/x86.c, arch/x86/kvm/svm/svm.c,
 * arch/x86/kvm/cpuid.c, include/uapi/linux/kvm.h and
 * Documentation/virt/kvm/api.rst. CPUID bits are numbered from 0 = least
 * significant, as in the AMD APM and the Intel SDM.
 */

/* KVM_CAP_X86_DISABLE_EXITS flags (include/uapi/linux/kvm.h). Since: 1.0 */
#define VCPUCHAR_X86_DISABLE_EXITS_MWAIT      (1u << 0)
#define VCPUCHAR_X86_DISABLE_EXITS_HLT        (1u << 1)
#define VCPUCHAR_X86_DISABLE_EXITS_PAUSE      (1u << 2)
#define VCPUCHAR_X86_DISABLE_EXITS_CSTATE     (1u << 3)
#define VCPUCHAR_X86_DISABLE_EXITS_APERFMPERF (1u << 4) /* Linux 6.17 */
/* Every flag the library knows (the uAPI macro for this was removed): this
 * release's value, see vcpuchar_limit(). */
#define VCPUCHAR_X86_DISABLE_EXITS_KNOWN      0x1fu

/* CPUID bits the library reads or patches. Since: 1.0 */
#define VCPUCHAR_X86_CPUID_1_ECX_HYPERVISOR        (1u << 31) /* the host is itself a guest */
#define VCPUCHAR_X86_CPUID_80000001_ECX_SVM        (1u << 2)
#define VCPUCHAR_X86_CPUID_8000000A_EDX_IDLE_HLT   (1u << 30) /* X86_FEATURE_IDLE_HLT, Linux feature 510 */
#define VCPUCHAR_X86_KVM_FEATURE_PV_UNHALT         (1u << 7)  /* leaf 0x40000001 EAX */
#define VCPUCHAR_X86_KVM_FEATURE_POLL_CONTROL      (1u << 12) /* leaf 0x40000001 EAX */
#define VCPUCHAR_X86_KVM_HINTS_REALTIME            (1u << 0)  /* leaf 0x40000001 EDX */

/* CPU vendor from CPUID leaf 0. Since: 1.0 */
enum vcpuchar_x86_vendor {
	VCPUCHAR_X86_VENDOR_UNKNOWN = 0, /* not read */
	VCPUCHAR_X86_VENDOR_AMD = 1,     /* "AuthenticAMD" */
	VCPUCHAR_X86_VENDOR_INTEL = 2,   /* "GenuineIntel" */
	VCPUCHAR_X86_VENDOR_HYGON = 3,   /* "HygonGenuine" */
	VCPUCHAR_X86_VENDOR_OTHER = 4,   /* any other string */
};

/*
 * The facts of struct vcpuchar_x86_host. Each is bit (1u << n) of
 * vcpuchar_x86_host.have and index n of vcpuchar_x86_host.error.
 * Since: 1.0
 */
enum vcpuchar_x86_fact {
	VCPUCHAR_X86_FACT_CPUID_VENDOR = 0,       /* leaf 0: vendor, highest basic leaf */
	VCPUCHAR_X86_FACT_CPUID_HYPERVISOR = 1,   /* leaf 1 ECX[31] */
	VCPUCHAR_X86_FACT_CPUID_EXT = 2,          /* leaves 0x80000000 and 0x80000001 ECX */
	VCPUCHAR_X86_FACT_CPUID_SVM = 3,          /* leaf 0x8000000A, read only after the vendor gate */
	VCPUCHAR_X86_FACT_DISABLE_EXITS = 4,      /* KVM_CHECK_EXTENSION(KVM_CAP_X86_DISABLE_EXITS) */
	VCPUCHAR_X86_FACT_HALT_POLL_CAP = 5,      /* KVM_CHECK_EXTENSION(KVM_CAP_HALT_POLL) */
	VCPUCHAR_X86_FACT_BINARY_STATS_CAP = 6,   /* KVM_CHECK_EXTENSION(KVM_CAP_BINARY_STATS_FD) */
	VCPUCHAR_X86_FACT_SUPPORTED_CPUID = 7,    /* KVM_GET_SUPPORTED_CPUID */
	VCPUCHAR_X86_FACT_KERNEL_RELEASE = 8,     /* /proc/sys/kernel/osrelease (uname -r) */
	VCPUCHAR_X86_FACT_HALT_POLL_NS = 9,       /* /sys/module/kvm/parameters/halt_poll_ns */
	VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW = 10,
	VCPUCHAR_X86_FACT_HALT_POLL_NS_GROW_START = 11,
	VCPUCHAR_X86_FACT_HALT_POLL_NS_SHRINK = 12,
	VCPUCHAR_X86_FACT_MITIGATE_SMT_RSB = 13,  /* /sys/module/kvm/parameters/mitigate_smt_rsb */
	VCPUCHAR_X86_FACT_KVM_AMD = 14,           /* /sys/module/kvm_amd exists */
	VCPUCHAR_X86_FACT_AVIC = 15,              /* /sys/module/kvm_amd/parameters/avic */
	VCPUCHAR_X86_FACT_NESTED = 16,            /* /sys/module/kvm_amd/parameters/nested */
	VCPUCHAR_X86_FACT_SEV = 17,               /* /sys/module/kvm_amd/parameters/sev */
	VCPUCHAR_X86_FACT_SEV_ES = 18,            /* .../sev_es */
	VCPUCHAR_X86_FACT_SEV_SNP = 19,           /* .../sev_snp */
	VCPUCHAR_X86_FACT_CLEARCPUID = 20,        /* clearcpuid= on /proc/cmdline */
	VCPUCHAR_X86_FACT_SMT_RSB_BUG = 21,       /* "smt_rsb" on the bugs line of /proc/cpuinfo */
	VCPUCHAR_X86_FACT_SMT_CONTROL = 22,       /* /sys/devices/system/cpu/smt/control */
	VCPUCHAR_X86_FACT_VENDOR_MODULE = 23,     /* KVM's vendor module, named from /sys/module */
};
/* Number of facts: this release's value; later releases may add facts, see
 * vcpuchar_limit(). Since: 1.0 */
#define VCPUCHAR_X86_N_FACTS 24

/**
 * vcpuchar_x86_fact_name() - short name of a fact, e.g. "disable_exits"
 * @fact: enum vcpuchar_x86_fact
 *
 * Return: a static string, or NULL for an unknown @fact.
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_fact_name(uint32_t fact);

/**
 * struct vcpuchar_x86_host - what an x86 host and its KVM offer
 * @size: sizeof(struct vcpuchar_x86_host)
 * @source: enum vcpuchar_source
 * @have: bit (1u << enum vcpuchar_x86_fact) for each fact that was read;
 *        fields of a fact without its bit are 0 and mean "unknown"
 * @error: per fact, 0 when read, else the negative errno saying why not:
 *         -ENOENT (file or directory absent: module not loaded, parameter
 *         missing in this kernel), -EACCES, -EINVAL (a value the library
 *         could not parse), -ENOTSUP (leaf 0x8000000A: the vendor gate of
 *         lib/x86.md#cpuid failed), -EBADF / -ENOTTY (the KVM fd was
 *         not usable), or the errno of ioctl(2); 32 slots so that later
 *         facts fit
 * @vendor: enum vcpuchar_x86_vendor
 * @cpuid_max_basic: CPUID.0:EAX
 * @cpuid_1_ecx: CPUID.1:ECX
 * @cpuid_max_ext: CPUID.80000000h:EAX
 * @cpuid_80000001_ecx: CPUID.80000001h:ECX (bit 2 SVM)
 * @cpuid_8000000a_eax: SVM revision
 * @cpuid_8000000a_ebx: number of ASIDs
 * @cpuid_8000000a_edx: SVM feature bits of the host CPU (raw instruction;
 *                      bit 30 IDLE_HLT); valid only with the CPUID_SVM fact
 * @hypervisor: 1 when CPUID.1:ECX[31] is set: the host is itself a guest
 * @disable_exits_allowed: VCPUCHAR_X86_DISABLE_EXITS_* mask KVM allows
 *                         (kvm_get_allowed_disable_exits()); 0 = none
 * @halt_poll_cap: KVM_CHECK_EXTENSION(KVM_CAP_HALT_POLL), 0 = absent
 * @binary_stats_cap: KVM_CHECK_EXTENSION(KVM_CAP_BINARY_STATS_FD)
 * @kvm_features: KVM_GET_SUPPORTED_CPUID leaf 0x40000001 EAX
 *                (VCPUCHAR_X86_KVM_FEATURE_*)
 * @kvm_hints: KVM_GET_SUPPORTED_CPUID leaf 0x40000001 EDX
 * @supported_8000000a_edx: KVM_GET_SUPPORTED_CPUID leaf 0x8000000A EDX
 *                          (what KVM can give an L1; never has bit 30)
 * @supported_nent: number of entries KVM_GET_SUPPORTED_CPUID returned
 * @halt_poll_ns: kvm.halt_poll_ns, nanoseconds
 * @halt_poll_ns_grow: kvm.halt_poll_ns_grow (factor)
 * @halt_poll_ns_grow_start: kvm.halt_poll_ns_grow_start, nanoseconds
 * @halt_poll_ns_shrink: kvm.halt_poll_ns_shrink (divisor, 0 = reset)
 * @mitigate_smt_rsb: kvm.mitigate_smt_rsb (1 = Y)
 * @kvm_amd: 1 when /sys/module/kvm_amd exists (the module is loaded)
 * @avic: kvm_amd.avic (1 = Y)
 * @nested: kvm_amd.nested (1 = SVM can be given to guests)
 * @sev: kvm_amd.sev
 * @sev_es: kvm_amd.sev_es
 * @sev_snp: kvm_amd.sev_snp
 * @clearcpuid_510: 1 when a clearcpuid= list on the host's command line
 *                  holds 510 (X86_FEATURE_IDLE_HLT): Idle HLT is off
 * @smt_rsb_bug: 1 when the host has X86_BUG_SMT_RSB
 * @smt_possible: 1 unless SMT control reads forceoff, notsupported or
 *                notimplemented (KVM's cpu_smt_possible()); 1 when unread
 * @vendor_module: KVM's vendor module, the one that runs the guests and
 *                 so decides how HLT is trapped: "kvm_amd" or "kvm_intel"
 *                 when /sys/module holds that directory (loaded or built
 *                 in), else the first other /sys/module entry named
 *                 "kvm_*" in byte order (e.g. "kvm_pvm", a software
 *                 vendor module without SVM/VMX); NUL-terminated, "" when
 *                 unknown. Fact VCPUCHAR_X86_FACT_VENDOR_MODULE: read
 *                 with "" when /sys/module has none (-ENOENT in @error
 *                 when /sys/module itself is missing)
 * @arch: `uname -m` of the host these facts describe, "" when unknown
 * @kernel_release: `uname -r` of the host, "" when unknown
 * @reserved0, @reserved1: zero (explicit padding, so that a later member
 *                         always grows the size)
 *
 * Facts come from vcpuchar_x86_host_probe(), vcpuchar_profile_load(), or
 * the caller (set @source to VCPUCHAR_SOURCE_CALLER and @have). Every
 * function reading facts returns -EINVAL when an @error entry of a known
 * fact is outside 0 and -1 ... -4095 (the kernel's errno range). @arch and
 * @kernel_release need no terminating NUL when full: they are never read
 * past their size.
 *
 * Since: 1.0
 */
struct vcpuchar_x86_host {
	uint32_t size;
	uint32_t source;
	uint32_t have;
	int32_t error[32];
	uint32_t vendor;
	uint32_t cpuid_max_basic;
	uint32_t cpuid_1_ecx;
	uint32_t cpuid_max_ext;
	uint32_t cpuid_80000001_ecx;
	uint32_t cpuid_8000000a_eax;
	uint32_t cpuid_8000000a_ebx;
	uint32_t cpuid_8000000a_edx;
	uint32_t hypervisor;
	uint32_t disable_exits_allowed;
	uint32_t halt_poll_cap;
	uint32_t binary_stats_cap;
	uint32_t kvm_features;
	uint32_t kvm_hints;
	uint32_t supported_8000000a_edx;
	uint32_t supported_nent;
	uint32_t reserved0;
	uint64_t halt_poll_ns;
	uint32_t halt_poll_ns_grow;
	uint32_t halt_poll_ns_grow_start;
	uint32_t halt_poll_ns_shrink;
	uint32_t mitigate_smt_rsb;
	uint32_t kvm_amd;
	uint32_t avic;
	uint32_t nested;
	uint32_t sev;
	uint32_t sev_es;
	uint32_t sev_snp;
	uint32_t clearcpuid_510;
	uint32_t smt_rsb_bug;
	uint32_t smt_possible;
	char vendor_module[32];
	char arch[16];
	char kernel_release[65];
	uint8_t reserved1[3];
};

/**
 * vcpuchar_x86_host_probe() - read the host's CPU, KVM and module facts
 * @kvm_fd: the /dev/kvm system fd, owned by the caller (a VM fd is refused)
 * @opts: probe options, or NULL; @opts->root replaces "/" for every /proc
 *        and /sys file read
 * @ret: facts; @ret->size must be set by the caller
 *
 * Reads: the CPUID instruction (leaves 0, 1, 0x80000000, 0x80000001, and
 * 0x8000000A only when the vendor is AMD or Hygon, the highest extended
 * leaf is at least 0x8000000A and SVM is set: lib/x86.md#cpuid);
 * KVM_CHECK_EXTENSION for KVM_CAP_X86_DISABLE_EXITS (143),
 * KVM_CAP_HALT_POLL (182), KVM_CAP_BINARY_STATS_FD (203);
 * KVM_GET_SUPPORTED_CPUID (one call with room for 256 entries, KVM's
 * KVM_MAX_CPUID_ENTRIES; on E2BIG doubling up to 4096, -E2BIG in the fact's
 * error beyond), whose answer also tells the system fd from others;
 * uname(2) for @arch; proc/sys/kernel/osrelease, proc/cmdline, the first 16 KiB of
 * proc/cpuinfo, the parameters in sys/module/kvm and sys/module/kvm_amd
 * and sys/devices/system/cpu/smt/control under the root, and the entries of
 * sys/module under the root (for @vendor_module). No other system call is
 * made, except fstat(2) of each file opened (only regular files are read;
 * they are opened with O_NONBLOCK, so a FIFO never blocks: its fact says
 * -EINVAL, a directory's -EISDIR), and fcntl(2), fstat(2) and a readlink(2)
 * of /proc/self/fd/N to name a refused fd.
 *
 * Unlike other functions, @ret is written whenever the arguments are valid:
 * every fact says in @ret->have and @ret->error whether it was read and,
 * if not, why. CPUID and file facts are read even when @kvm_fd is bad.
 *
 * Return: 0 when @kvm_fd answered as a KVM system fd (single facts may
 * still be missing: see @ret->error); -EINVAL for NULL @ret, a bad size,
 * bad @opts or a KVM VM or vCPU fd in @kvm_fd (@ret untouched); -EBADF for
 * a closed fd or -1; -ENOTTY for any open file that is not KVM's, whether
 * its driver answers ENOTTY, EINVAL or EBADF (O_PATH fds included);
 * -ENOTSUP on a build for a non-x86 CPU (nothing but the files is read). With -EBADF and -ENOTTY the
 * KVM facts carry that errno in @ret->error.
 *
 * Since: 1.0
 */
int vcpuchar_x86_host_probe(int kvm_fd, const struct vcpuchar_probe_opts *opts,
			    struct vcpuchar_x86_host *ret);

/**
 * vcpuchar_x86_host_describe() - one sentence per fact: read, or why not
 * @host: facts
 * @fact: enum vcpuchar_x86_fact
 * @buf: receives a NUL-terminated sentence, truncated to @size
 * @size: size of @buf in bytes
 *
 * E.g. "disable_exits_allowed: 0xe (KVM_CHECK_EXTENSION(KVM_CAP_X86_DISABLE_EXITS))"
 * or "avic: not read: No such file or directory
 * (/sys/module/kvm_amd/parameters/avic)".
 *
 * Return: length of the full sentence (as snprintf); -EINVAL for NULL
 * @host, a bad @host->size, an @host->error entry outside the errno range,
 * an unknown @fact, or NULL @buf with @size > 0.
 *
 * Since: 1.0
 */
int vcpuchar_x86_host_describe(const struct vcpuchar_x86_host *host, uint32_t fact, char *buf,
			       size_t size);

/* Confidential VM type (AMD SEV family). Since: 1.0 */
enum vcpuchar_x86_cvm {
	VCPUCHAR_X86_CVM_NONE = 0,
	VCPUCHAR_X86_CVM_SEV = 1,
	VCPUCHAR_X86_CVM_SEV_ES = 2,
	VCPUCHAR_X86_CVM_SEV_SNP = 3,
};

/* Override hlt_passthrough (lib/x86.md#overrides). Since: 1.0 */
enum vcpuchar_x86_hlt_passthrough {
	VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO = 0,
	VCPUCHAR_X86_HLT_PASSTHROUGH_NEVER = 1,
	/* lifts the soft checks (latency, host is a guest, CVM, SMT_RSB bug
	 * without mitigation); never pinning, the KVM mask or
	 * kvm.mitigate_smt_rsb=1 */
	VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE = 2,
};

/* Override cpu_mode: the guest CPU model (libvirt's modes). Since: 1.0 */
enum vcpuchar_x86_cpu_mode {
	VCPUCHAR_X86_CPU_MODE_UNSPECIFIED = 0,
	VCPUCHAR_X86_CPU_MODE_HOST_PASSTHROUGH = 1,
	VCPUCHAR_X86_CPU_MODE_OTHER = 2, /* turns KVM_HINTS_REALTIME off */
};

/* Override idle_hlt_kvm: does this kernel's KVM use Idle HLT. Since: 1.0 */
enum vcpuchar_x86_idle_hlt_kvm {
	VCPUCHAR_X86_IDLE_HLT_KVM_AUTO = 0,    /* from the kernel release (>= 6.15) */
	VCPUCHAR_X86_IDLE_HLT_KVM_PRESENT = 1, /* replaces only the kernel test (backports) */
	VCPUCHAR_X86_IDLE_HLT_KVM_ABSENT = 2,  /* Idle HLT is not used */
};

/* VM profile flags. Since: 1.0 */
#define VCPUCHAR_X86_VM_PINNED         (1u << 0) /* every vCPU pinned 1:1 to a dedicated pCPU */
#define VCPUCHAR_X86_VM_LATENCY        (1u << 1) /* latency-sensitive */
#define VCPUCHAR_X86_VM_NESTED_GUEST   (1u << 2) /* the guest is given SVM (it is a hypervisor) */
#define VCPUCHAR_X86_VM_NO_IRQCHIP     (1u << 3) /* no in-kernel irqchip (userspace LAPIC) */
#define VCPUCHAR_X86_VM_WANT_MWAIT     (1u << 4) /* add MWAIT to HLT pass-through, masked */
#define VCPUCHAR_X86_VM_WANT_CSTATE    (1u << 5) /* add CSTATE to HLT pass-through, masked */
#define VCPUCHAR_X86_VM_HALT_POLL_NS   (1u << 6) /* @halt_poll_ns holds a per-VM value */

/**
 * struct vcpuchar_x86_vm - the VM a policy is decided for
 * @size: sizeof(struct vcpuchar_x86_vm)
 * @flags: VCPUCHAR_X86_VM_* flags
 * @cvm: enum vcpuchar_x86_cvm
 * @hlt_passthrough: enum vcpuchar_x86_hlt_passthrough
 * @cpu_mode: enum vcpuchar_x86_cpu_mode
 * @idle_hlt_kvm: enum vcpuchar_x86_idle_hlt_kvm
 * @halt_poll_ns: per-VM maximum halt-poll time in nanoseconds for
 *                KVM_CAP_HALT_POLL, read only with VCPUCHAR_X86_VM_HALT_POLL_NS
 *
 * All zero (with @size set) is the default VM: shared pCPUs, in-kernel
 * irqchip, no CVM, no overrides.
 *
 * Since: 1.0
 */
struct vcpuchar_x86_vm {
	uint32_t size;
	uint32_t flags;
	uint32_t cvm;
	uint32_t hlt_passthrough;
	uint32_t cpu_mode;
	uint32_t idle_hlt_kvm;
	uint32_t halt_poll_ns;
};

/*
 * Reason codes (lib/x86.md#reason-codes). Stable API: never renamed,
 * renumbered or reused. Numbered in the order of that table, which is
 * also the order they appear in a result. Since: 1.0
 */
enum vcpuchar_x86_reason_code {
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT = 1,
	VCPUCHAR_X86_REASON_LATENCY_NEEDS_PINNING = 2,
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_DEDICATED = 3,
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCED = 4,
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_PINNED_THROUGHPUT = 5,
	VCPUCHAR_X86_REASON_CALLER_FORBIDS_HLT_PASSTHROUGH = 6,
	VCPUCHAR_X86_REASON_HOST_IS_GUEST = 7,
	VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED = 8,
	VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH = 9,
	VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK = 10,
	VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED = 11,
	VCPUCHAR_X86_REASON_PV_UNHALT_OFF_HLT_PASSTHROUGH = 12,
	VCPUCHAR_X86_REASON_PV_UNHALT_WITH_HLT_EXITS = 13,
	VCPUCHAR_X86_REASON_PV_UNHALT_NEEDS_IRQCHIP = 14,
	VCPUCHAR_X86_REASON_REALTIME_HINT_DEDICATED = 15,
	VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_PINNING = 16,
	VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_HOST_PASSTHROUGH = 17,
	VCPUCHAR_X86_REASON_POLL_CONTROL_WITH_REALTIME = 18,
	VCPUCHAR_X86_REASON_POLL_CONTROL_NEEDS_DEDICATED = 19,
	VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT = 20,
	VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE = 21,
	VCPUCHAR_X86_REASON_HALT_POLL_MOOT_HLT_PASSTHROUGH = 22,
	VCPUCHAR_X86_REASON_IDLE_HLT_NEVER_EXPOSED = 23,
	VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE = 24,
	VCPUCHAR_X86_REASON_IDLE_HLT_MOOT_HLT_PASSTHROUGH = 25,
	VCPUCHAR_X86_REASON_IDLE_HLT_NOT_AMD = 26,
	VCPUCHAR_X86_REASON_IDLE_HLT_CPU_LACKS = 27,
	VCPUCHAR_X86_REASON_IDLE_HLT_KVM_AMD_ABSENT = 28,
	VCPUCHAR_X86_REASON_IDLE_HLT_CALLER_OVERRIDE = 29,
	VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD = 30,
	VCPUCHAR_X86_REASON_IDLE_HLT_CLEARED_BY_CLEARCPUID = 31,
	VCPUCHAR_X86_REASON_SEV_AVIC_INHIBITED = 32,
	VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED = 33,
	VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE = 34,
	VCPUCHAR_X86_REASON_AVIC_GLOBAL_ON = 35,
	VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK = 36,
	VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT = 37,
	/*
	 * Class VERIFY: only from the verification step
	 * (vcpuchar_x86_policy_verify), which says whether KVM honoured a
	 * policy, from two vCPU statistics snapshots.
	 * Since: 1.0
	 */
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_HONOURED = 38,
	VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_NOT_HONOURED = 39,
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_HONOURED = 40,
	VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_NOT_HONOURED = 41,
	VCPUCHAR_X86_REASON_GUEST_HLTS_UNKNOWN = 42,
	VCPUCHAR_X86_REASON_GUEST_NEVER_HALTED = 43,
	VCPUCHAR_X86_REASON_HALT_EXITS_STAT_ABSENT = 44,
	VCPUCHAR_X86_REASON_HALT_EXITS_EXCEED_GUEST_HLTS = 45,
	VCPUCHAR_X86_REASON_IDLE_HLT_FEWER_HALT_EXITS = 46,
	VCPUCHAR_X86_REASON_HALT_POLL_ACTIVE = 47,
	VCPUCHAR_X86_REASON_HALT_POLL_INACTIVE = 48,
	VCPUCHAR_X86_REASON_HALT_POLL_NO_IRQCHIP = 49,
	VCPUCHAR_X86_REASON_HALT_POLL_NO_HALT_IN_KERNEL = 50,
	VCPUCHAR_X86_REASON_HALT_POLL_STATS_ABSENT = 51,
	/* Since: 1.0 */
	/* The kernel release is missing or does not parse as X.Y: whether KVM
	 * uses Idle HLT is unknown (not "too old"). */
	VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN = 52,
	/* hlt_passthrough=force lifted refusals; value: bit (1 << code) per
	 * refusal code it lifted. */
	VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL = 53,
	/* Overrides that changed nothing for this VM; value:
	 * VCPUCHAR_X86_OVERRIDE_* bits. */
	VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT = 54,
	/* A CVM whose HLT exits without Idle HLT: the VMM cannot see the
	 * guest's pending interrupts at HLT and must re-check them before
	 * blocking the vCPU. */
	VCPUCHAR_X86_REASON_CVM_RECHECK_PENDING_IRQ = 55,
};
/* Highest reason code: this release's value; later releases add codes, see
 * vcpuchar_limit(). Since: 1.0 */
#define VCPUCHAR_X86_REASON_MAX 55

/* Values of VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT: which override. Since: 1.0 */
#define VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_FORCE (1u << 0)
#define VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_NEVER (1u << 1)
#define VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_PRESENT  (1u << 2)
#define VCPUCHAR_X86_OVERRIDE_IDLE_HLT_KVM_ABSENT   (1u << 3)
#define VCPUCHAR_X86_OVERRIDE_CPU_MODE_OTHER        (1u << 4)

/* Reason classes (lib/x86.md#reason-codes). Since: 1.0 */
enum vcpuchar_x86_reason_class {
	VCPUCHAR_X86_REASON_CLASS_DECISION = 0,   /* explains an output */
	VCPUCHAR_X86_REASON_CLASS_REFUSAL = 1,    /* the profile asked for something not given */
	VCPUCHAR_X86_REASON_CLASS_DIAGNOSTIC = 2, /* information */
	VCPUCHAR_X86_REASON_CLASS_APPLY = 3,      /* what KVM answers for the VM (known for sure at apply) */
	VCPUCHAR_X86_REASON_CLASS_VERIFY = 4,      /* from the verification step only */
};

/**
 * struct vcpuchar_x86_reason - one reason in a result
 * @code: enum vcpuchar_x86_reason_code
 * @has_value: 1 when @value fills the %-value of the code's text
 * @value: the value: a mask (hlt_not_in_allowed_mask, disable_exits_masked:
 *         the dropped flags), nanoseconds (halt_poll_*), an enum
 *         vcpuchar_x86_idle_hlt_kvm (idle_hlt_caller_override),
 *         major << 16 | minor (idle_hlt_kernel_too_old), bit (1 << code) per
 *         lifted refusal (override_lifted_refusal),
 *         VCPUCHAR_X86_OVERRIDE_* bits (override_no_effect), or a count
 *         (class VERIFY: guest HLTs for hlt_passthrough_honoured, the
 *         growth of halt_exits for the other hlt_* and halt_exits_* codes,
 *         of halt_attempted_poll for halt_poll_active)
 *
 * Since: 1.0
 */
struct vcpuchar_x86_reason {
	uint32_t code;
	uint32_t has_value;
	uint64_t value;
};

/**
 * vcpuchar_x86_reason_name() - the stable snake_case name of a code
 * @code: enum vcpuchar_x86_reason_code
 *
 * Return: e.g. "idle_hlt_active"; NULL for an unknown @code.
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_reason_name(uint32_t code);

/**
 * vcpuchar_x86_reason_from_name() - the code of a snake_case name
 * @name: e.g. "host_is_guest"
 *
 * Return: the enum vcpuchar_x86_reason_code; -EINVAL for NULL or an
 * unknown name.
 *
 * Since: 1.0
 */
int vcpuchar_x86_reason_from_name(const char *name);

/**
 * vcpuchar_x86_reason_class() - the class of a code
 * @code: enum vcpuchar_x86_reason_code
 *
 * Return: enum vcpuchar_x86_reason_class; -EINVAL for an unknown @code.
 *
 * Since: 1.0
 */
int vcpuchar_x86_reason_class(uint32_t code);

/**
 * vcpuchar_x86_reason_text() - the sentence of a reason, values filled in
 * @reason: a reason from a result
 * @buf: receives a NUL-terminated sentence, truncated to @size; nothing is
 *       allocated
 * @size: size of @buf in bytes
 *
 * Return: length of the full sentence (as snprintf); -EINVAL for NULL
 * @reason, an unknown code, or NULL @buf with @size > 0.
 *
 * Since: 1.0
 */
int vcpuchar_x86_reason_text(const struct vcpuchar_x86_reason *reason, char *buf, size_t size);

/* Room for every decide and apply code once (VERIFY codes never appear in
 * a policy): this release's value, see vcpuchar_limit(). A
 * later release that raises it still fills only the entries a caller's
 * @size covers. Since: 1.0 */
#define VCPUCHAR_X86_MAX_REASONS 64

/**
 * struct vcpuchar_x86_policy - the HLT-exit policy of one VM
 * @size: sizeof(struct vcpuchar_x86_policy), set by the caller
 * @disable_exits: VCPUCHAR_X86_DISABLE_EXITS_* for KVM_CAP_X86_DISABLE_EXITS;
 *                 always inside the host's allowed mask
 * @hints_realtime: set KVM_HINTS_REALTIME (leaf 0x40000001 EDX[0])
 * @pv_unhalt: offer KVM_FEATURE_PV_UNHALT (leaf 0x40000001 EAX[7]); 0
 *             whenever HLT exits are disabled
 * @poll_control: offer KVM_FEATURE_POLL_CONTROL (leaf 0x40000001 EAX[12])
 * @expose_idle_hlt: give CPUID 0x8000000A EDX[30] to the guest: always 0
 * @idle_hlt_active: 1 when KVM will use the Idle HLT intercept for the
 *                   VM's vCPUs (lib/x86.md#idle-hlt-inference)
 * @halt_poll_set: 1 when @halt_poll_ns is to be set with KVM_CAP_HALT_POLL;
 *                 0 = leave kvm.halt_poll_ns
 * @halt_poll_ns: per-VM halt-poll maximum, nanoseconds
 * @n_refusals: reasons of class REFUSAL in @reasons
 * @n_reasons: entries used in @reasons
 * @reserved: zero (explicit padding)
 * @reasons: the reasons, each code at most once, in code order
 *
 * Since: 1.0
 */
struct vcpuchar_x86_policy {
	uint32_t size;
	uint32_t disable_exits;
	uint32_t hints_realtime;
	uint32_t pv_unhalt;
	uint32_t poll_control;
	uint32_t expose_idle_hlt;
	uint32_t idle_hlt_active;
	uint32_t halt_poll_set;
	uint32_t halt_poll_ns;
	uint32_t n_refusals;
	uint32_t n_reasons;
	uint32_t reserved;
	struct vcpuchar_x86_reason reasons[VCPUCHAR_X86_MAX_REASONS];
};

/**
 * vcpuchar_x86_decide() - the HLT-exit policy for a VM on a host
 * @host: host facts (a fact without its @have bit counts as 0)
 * @vm: the VM profile
 * @ret: receives the policy (@ret->size set by the caller)
 *
 * Pure: no I/O, no allocation, no global state. Implements the row
 * selection, decision table and global rules G1-G3 of lib/x86.md and
 * its Idle HLT inference. Leaf 0x8000000A bit 30 counts
 * only with the CPUID_SVM fact, an AMD or Hygon vendor and, where the
 * CPUID_EXT fact was read, the SVM bit of leaf 0x80000001 ECX. A per-VM
 * halt-poll value is set only when KVM_CAP_HALT_POLL is offered: with the
 * HALT_POLL_CAP fact read as 0 the result says halt_poll_cap_absent (an
 * unread fact counts as offered, Linux 5.8 and later).
 *
 * Return: 0, also when the result holds refusals (see @ret->n_refusals);
 * -EINVAL for NULL arguments, bad sizes, unknown flags or enum values, an
 * @host->error entry outside the errno range, a CVM on a host that is not
 * AMD or Hygon, or a contradictory profile (hlt_passthrough=never together
 * with WANT_MWAIT or WANT_CSTATE, which only add to HLT pass-through).
 *
 * Since: 1.0
 */
int vcpuchar_x86_decide(const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
			struct vcpuchar_x86_policy *ret);

/* Flags of the apply step (the @flags of the function below). Since: 1.0 */
#define VCPUCHAR_X86_APPLY_VCPUS_EXIST (1u << 0) /* the caller has created vCPUs already */

/**
 * vcpuchar_x86_apply() - decide, then apply the policy to a new VM
 * @vm_fd: KVM VM fd (from KVM_CREATE_VM), owned by the caller, with no
 *         vCPU yet
 * @host: host facts, as for vcpuchar_x86_decide()
 * @vm: the VM profile
 * @flags: VCPUCHAR_X86_APPLY_* flags
 * @ret: receives the effective policy (@ret->size set by the caller)
 *
 * Steps (lib/x86.md#apply): the live facts are read first: what
 * KVM_CHECK_EXTENSION answers on @vm_fd now for KVM_CAP_X86_DISABLE_EXITS
 * and KVM_CAP_HALT_POLL replaces @host->disable_exits_allowed and
 * @host->halt_poll_cap (lib/x86.md#global-rules G3: facts from a profile or another host may allow
 * more). The policy is decided once with them; then
 * KVM_ENABLE_CAP(KVM_CAP_X86_DISABLE_EXITS) with args[0] = that decision,
 * skipped when 0; KVM_ENABLE_CAP(KVM_CAP_HALT_POLL) when the policy sets a
 * value. The guest CPUID is patched separately (vcpuchar_x86_cpuid_patch()).
 *
 * Existing vCPUs are detected before disabling exits with
 * KVM_SET_IDENTITY_MAP_ADDR on a NULL address, which KVM rejects with
 * EINVAL once a vCPU was created and with EFAULT before (arch/x86/kvm/x86.c
 * kvm_arch_vm_ioctl(), since Linux 4.14); it changes nothing. Limits: it
 * sees vCPUs of this VM only, and a caller-side race (a vCPU created by
 * another thread during the call) is not detected. valgrind reports the
 * deliberate NULL argument ("Syscall param ioctl(generic) points to
 * unaddressable byte(s)"); tests/valgrind.supp in the source tree
 * suppresses it.
 *
 * When KVM answers EINVAL to the disable-exits call (a bit outside the
 * allowed mask, or a vCPU created meanwhile on Linux 6.14+), nothing is
 * retried: the policy is decided a second time, knowing that KVM refused
 * those flags: @ret has no exits disabled, with
 * disable_exits_einval_fallback, and the call returns 0.
 *
 * Return: 0; -EINVAL for bad arguments (as vcpuchar_x86_decide()), unknown
 * @flags, or the /dev/kvm system fd or a vCPU fd in @vm_fd; -EBUSY when vCPUs exist (flag, or
 * detected) and exits would be disabled; -EBADF for an fd that is not open
 * (-1 included); -ENOTTY for any open file that is not KVM's (O_PATH fds
 * included); other negative errnos from KVM_ENABLE_CAP. Nothing is applied
 * on failure, except that a failing KVM_CAP_HALT_POLL leaves the
 * disable-exits step done.
 *
 * Since: 1.0
 */
int vcpuchar_x86_apply(int vm_fd, const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_vm *vm,
		       uint32_t flags, struct vcpuchar_x86_policy *ret);

/**
 * struct vcpuchar_x86_cpuid_entry - one entry, laid out as struct
 * kvm_cpuid_entry2 (include/uapi/asm/kvm.h); a struct kvm_cpuid2's entries
 * can be passed as they are
 *
 * Since: 1.0
 */
struct vcpuchar_x86_cpuid_entry {
	uint32_t function;
	uint32_t index;
	uint32_t flags;
	uint32_t eax;
	uint32_t ebx;
	uint32_t ecx;
	uint32_t edx;
	uint32_t padding[3];
};

/**
 * vcpuchar_x86_cpuid_patch() - put the policy into a guest CPUID table
 * @entries: the entries of the struct kvm_cpuid2 the VMM will give
 *           KVM_SET_CPUID2 (usually from KVM_GET_SUPPORTED_CPUID)
 * @nent: number of entries
 * @host: host facts, or NULL; with the SUPPORTED_CPUID fact, PV_UNHALT and
 *        POLL_CONTROL are set only when KVM lists them
 * @policy: the decided (or applied) policy
 *
 * Finds the KVM leaves by the "KVMKVMKVM\0\0\0" signature at 0x40000000
 * (or at a 0x100 step above it, as KVM allows); in base+1 sets or clears EAX
 * bit 7 (PV_UNHALT) and bit 12 (POLL_CONTROL) and EDX bit 0
 * (KVM_HINTS_REALTIME); in 0x8000000A clears EDX bit 30 (IDLE_HLT, rule G1
 * of lib/x86.md#global-rules). Pure: writes only @entries.
 *
 * Return: 0; -ENOENT when no KVM signature leaf (or no base+1 leaf) is in
 * the table, with 0x8000000A still cleared; -EINVAL for NULL arguments or
 * bad sizes.
 *
 * Since: 1.0
 */
int vcpuchar_x86_cpuid_patch(struct vcpuchar_x86_cpuid_entry *entries, uint32_t nent,
			     const struct vcpuchar_x86_host *host, const struct vcpuchar_x86_policy *policy);

/* Per-vCPU statistics the library reads (kvm_vcpu_stats_desc). Since: 1.0 */
enum vcpuchar_x86_stat {
	VCPUCHAR_X86_STAT_HALT_EXITS = 0,           /* HLT and IDLE_HLT exits (x86) */
	VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL = 1, /* halts ended by polling (generic) */
	VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL = 2,  /* halts that polled (generic) */
	VCPUCHAR_X86_STAT_HALT_WAIT_NS = 3,         /* ns spent waiting after polling (generic) */
	VCPUCHAR_X86_STAT_EXITS = 4,                /* all VM exits (x86) */
};
/* Number of statistics: this release's value, see vcpuchar_limit(). Since: 1.0 */
#define VCPUCHAR_X86_N_STATS 5

/**
 * vcpuchar_x86_stat_name() - the KVM name of a statistic, e.g. "halt_exits"
 * @stat: enum vcpuchar_x86_stat
 *
 * Return: a static string; NULL for an unknown @stat.
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_stat_name(uint32_t stat);

/**
 * struct vcpuchar_x86_vcpu_stats - halt statistics of one vCPU
 * @size: sizeof(struct vcpuchar_x86_vcpu_stats)
 * @have: bit (1u << enum vcpuchar_x86_stat) for each value found
 * @values: cumulative counters indexed by enum vcpuchar_x86_stat (raw
 *          values; halt_wait_ns is in nanoseconds)
 *
 * Since: 1.0
 */
struct vcpuchar_x86_vcpu_stats {
	uint32_t size;
	uint32_t have;
	uint64_t values[VCPUCHAR_X86_N_STATS];
};

/**
 * vcpuchar_x86_vcpu_stats_read() - read halt statistics through KVM_GET_STATS_FD
 * @vcpu_fd: a KVM vCPU fd, owned by the caller
 * @ret: receives the values (@ret->size set by the caller)
 *
 * Opens the binary stats fd (KVM_GET_STATS_FD, KVM_CAP_BINARY_STATS_FD,
 * Linux 5.14), finds the statistics by name in the descriptors and reads
 * their data, checking every offset and size against the file; closes the
 * stats fd. Statistics missing from the kernel leave their @have bit clear.
 *
 * Return: 0; -EINVAL for NULL @ret, a bad size, a malformed stats header
 * or descriptor, or the /dev/kvm system fd (KVM's own answer); -EBADF for
 * an fd that is not open (-1 included); -ENOTTY for any open file that is
 * not KVM's, whether its driver answers ENOTTY, EINVAL (/dev/urandom,
 * epoll) or EBADF (O_PATH); -ENOMEM; other negative errnos from ioctl(2)
 * or pread(2). @ret is untouched on failure. A VM fd succeeds with no
 * @have bits: the statistics are per vCPU.
 *
 * Since: 1.0
 */
int vcpuchar_x86_vcpu_stats_read(int vcpu_fd, struct vcpuchar_x86_vcpu_stats *ret);

/* Did KVM honour the HLT part of a policy? Since: 1.0 */
enum vcpuchar_x86_hlt_verdict {
	VCPUCHAR_X86_HLT_VERDICT_CANNOT_TELL = 0,  /* the guest never halted, or no halt_exits */
	VCPUCHAR_X86_HLT_VERDICT_HONOURED = 1,     /* HLT exited, or not, as the policy said */
	VCPUCHAR_X86_HLT_VERDICT_NOT_HONOURED = 2, /* it did not */
};

/* Did KVM poll before blocking a halted vCPU? Since: 1.0 */
enum vcpuchar_x86_halt_poll_verdict {
	VCPUCHAR_X86_HALT_POLL_VERDICT_CANNOT_TELL = 0, /* no halt-poll statistics */
	VCPUCHAR_X86_HALT_POLL_VERDICT_ACTIVE = 1,      /* halt_attempted_poll grew */
	VCPUCHAR_X86_HALT_POLL_VERDICT_INACTIVE = 2,    /* it did not */
};

/**
 * vcpuchar_x86_hlt_verdict_name() - stable name of an HLT verdict
 * @verdict: enum vcpuchar_x86_hlt_verdict
 *
 * Return: "cannot_tell", "honoured" or "not_honoured" (static strings);
 * NULL for an unknown @verdict.
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_hlt_verdict_name(uint32_t verdict);

/**
 * vcpuchar_x86_halt_poll_verdict_name() - stable name of a halt-poll verdict
 * @verdict: enum vcpuchar_x86_halt_poll_verdict
 *
 * Return: "cannot_tell", "active" or "inactive" (static strings); NULL for
 * an unknown @verdict.
 *
 * Since: 1.0
 */
const char *vcpuchar_x86_halt_poll_verdict_name(uint32_t verdict);

/* guest_hlts of the verification step when the caller does not know. Since: 1.0 */
#define VCPUCHAR_X86_GUEST_HLTS_UNKNOWN UINT64_MAX

/* Room for every reason a verdict can hold (at most four today): this
 * release's value, see vcpuchar_limit(). Since: 1.0 */
#define VCPUCHAR_X86_VERDICT_MAX_REASONS 8

/**
 * struct vcpuchar_x86_verdict - whether KVM honoured a policy, and why
 * @size: sizeof(struct vcpuchar_x86_verdict), set by the caller
 * @hlt: enum vcpuchar_x86_hlt_verdict
 * @halt_poll: enum vcpuchar_x86_halt_poll_verdict
 * @have: bit (1u << enum vcpuchar_x86_stat) for each statistic present in
 *        both snapshots; the deltas below are 0 for the others
 * @guest_hlts: the caller's count, as passed (VCPUCHAR_X86_GUEST_HLTS_UNKNOWN
 *              when unknown)
 * @halt_exits: growth of halt_exits between the snapshots (a count)
 * @halt_attempted_poll: growth of halt_attempted_poll (halts that polled)
 * @halt_successful_poll: growth of halt_successful_poll (polls that ended
 *                        the halt without the vCPU being scheduled out)
 * @exits: growth of exits (every VM exit; information only)
 * @n_reasons: entries used in @reasons
 * @reserved: zero (explicit padding)
 * @reasons: class VERIFY reasons, each code at most once, in code order:
 *           first the one that explains @hlt, then at most one diagnostic
 *           about the counts, then the one that explains @halt_poll
 *
 * Since: 1.0
 */
struct vcpuchar_x86_verdict {
	uint32_t size;
	uint32_t hlt;
	uint32_t halt_poll;
	uint32_t have;
	uint64_t guest_hlts;
	uint64_t halt_exits;
	uint64_t halt_attempted_poll;
	uint64_t halt_successful_poll;
	uint64_t exits;
	uint32_t n_reasons;
	uint32_t reserved;
	struct vcpuchar_x86_reason reasons[VCPUCHAR_X86_VERDICT_MAX_REASONS];
};

/**
 * vcpuchar_x86_policy_verify() - did KVM honour the policy it accepted?
 * @policy: what vcpuchar_x86_apply() returned for the VM (its effective
 *          result: after an EINVAL fallback, HLT exits are kept)
 * @before: statistics of one vCPU (vcpuchar_x86_vcpu_stats_read()) before
 *          the VMM ran the guest
 * @after: statistics of the same vCPU after; cumulative counters, so no
 *         value may be below @before's
 * @guest_hlts: how many HLT instructions the guest executed between the
 *              snapshots, as the caller knows it (e.g. its own test code,
 *              or a guest agent), or VCPUCHAR_X86_GUEST_HLTS_UNKNOWN
 * @ret: receives the verdict (@ret->size set by the caller)
 *
 * Pure: no I/O, no allocation, no global state. Why @guest_hlts: with HLT
 * pass-through the CPU halts in guest mode and no KVM statistic counts it
 * (halt_exits, halt_wakeup and the halt_*poll* counters all grow only when
 * KVM itself handles a halt: __kvm_emulate_halt() and kvm_vcpu_halt() in
 * arch/x86/kvm/x86.c and virt/kvm/kvm_main.c), so "no halt exit" proves
 * nothing unless the guest is known to have halted. Rules, with dh the
 * growth of halt_exits (HLT and IDLE_HLT exits, and every other halt KVM
 * emulates, counted whether or not an in-kernel irqchip then blocks the vCPU):
 *
 * HLT, when @policy->disable_exits has VCPUCHAR_X86_DISABLE_EXITS_HLT:
 * dh > 0: NOT_HONOURED, hlt_passthrough_not_honoured (KVM still handled
 * halts: a vendor module without hardware HLT pass-through, such as
 * kvm_pvm, or KVM emulating the guest's code); dh = 0 and @guest_hlts > 0
 * (known): HONOURED, hlt_passthrough_honoured.
 * When HLT exits are kept: dh > 0 and (@guest_hlts unknown or dh >=
 * @guest_hlts): HONOURED, hlt_exits_kept_honoured; dh < @guest_hlts (known):
 * with @policy->idle_hlt_active HONOURED plus idle_hlt_fewer_halt_exits
 * (an HLT with a virtual interrupt pending does not exit under Idle HLT,
 * lib/x86.md#how-kvm-uses-idle-hlt), without it NOT_HONOURED,
 * hlt_exits_kept_not_honoured.
 * Either way, dh > @guest_hlts (known) adds halt_exits_exceed_guest_hlts
 * (KVM counts other halts there too, e.g. an SEV-ES AP reset hold, or the
 * count is off); dh = 0 with @guest_hlts 0 gives CANNOT_TELL,
 * guest_never_halted; with @guest_hlts unknown, CANNOT_TELL,
 * guest_hlts_unknown; halt_exits missing from a snapshot gives CANNOT_TELL,
 * halt_exits_stat_absent.
 *
 * Halt polling (KVM polls only inside kvm_vcpu_halt(), on a halt it handles
 * with an in-kernel irqchip, and only once the vCPU's own poll window has
 * grown from 0 after a short halt; Documentation/virt/kvm/halt-polling.rst):
 * halt_attempted_poll missing from a snapshot: CANNOT_TELL,
 * halt_poll_stats_absent; grown: ACTIVE, halt_poll_active; else INACTIVE
 * with halt_poll_no_irqchip when @policy has reason pv_unhalt_needs_irqchip
 * (halts go to userspace as KVM_EXIT_HLT), halt_poll_no_halt_in_kernel when
 * halt_exits is in both snapshots and dh = 0, else halt_poll_inactive.
 *
 * Return: 0; -EINVAL for NULL pointers, a bad size, an unknown bit in
 * @policy->disable_exits or in a snapshot's @have, more reasons in
 * @policy than it holds, or a counter in @after below @before (snapshots
 * swapped or of different vCPUs). Nothing is written on failure.
 *
 * Since: 1.0
 */
int vcpuchar_x86_policy_verify(const struct vcpuchar_x86_policy *policy, const struct vcpuchar_x86_vcpu_stats *before,
			       const struct vcpuchar_x86_vcpu_stats *after, uint64_t guest_hlts,
			       struct vcpuchar_x86_verdict *ret);

/* Exit code spaces of the exit classification below. Since: 1.0 */
enum vcpuchar_x86_exit_kind {
	VCPUCHAR_X86_EXIT_KIND_SVM = 0, /* raw SVM exit code (VMCB EXITCODE) */
	VCPUCHAR_X86_EXIT_KIND_KVM = 1, /* struct kvm_run exit_reason */
};

/* What an exit means for the vCPU's run loop. Since: 1.0 */
enum vcpuchar_x86_exit_class {
	VCPUCHAR_X86_EXIT_CLASS_OTHER = 0,
	/* the vCPU halted: block until an event (interrupt, NMI, ...) is
	 * pending, never re-enter at once */
	VCPUCHAR_X86_EXIT_CLASS_HALT = 1,
};

#define VCPUCHAR_X86_SVM_EXIT_HLT      0x78u /* arch/x86/include/uapi/asm/svm.h */
#define VCPUCHAR_X86_SVM_EXIT_IDLE_HLT 0xa6u
#define VCPUCHAR_X86_KVM_EXIT_HLT      5u    /* KVM_EXIT_HLT */

/**
 * vcpuchar_x86_exit_class() - classify an exit code
 * @kind: enum vcpuchar_x86_exit_kind
 * @code: the exit code in that space
 *
 * SVM_EXIT_HLT (0x78) and SVM_EXIT_IDLE_HLT (0xA6) are both HALT, as KVM's
 * svm_invoke_exit_handler() treats them (lib/x86.md#exit-classification;
 * openvmm PR 2858 is the bug when they are not); so is KVM_EXIT_HLT (5).
 *
 * Return: enum vcpuchar_x86_exit_class; -EINVAL for an unknown @kind.
 *
 * Since: 1.0
 */
int vcpuchar_x86_exit_class(uint32_t kind, uint64_t code);

/* ==== 4. Host profile files ============================================== */

/*
 * A profile is a GLib key file (groups [host], [ppc], [x86]; format:
 * examples/profiles/README.md). An absent group means "no information"
 * for that architecture.
 * Unknown keys are ignored; a bad value is an error naming group, key and
 * value. Register words and masks are 0x and hex digits (a single digit 0-9
 * aside: digits without 0x are refused, never read as decimal); counts are
 * decimal or 0x hex; "0x0x..." is refused; booleans are true/false, 1/0 or
 * Y/N as sysfs prints them (examples/profiles/README.md#format).
 */

/**
 * vcpuchar_profile_load() - read host facts from a profile file
 * @path: file name
 * @ppc: receives the [ppc] facts (source PROFILE; valid 0 and error
 *       -ENODATA when the group is absent, error 0 with zero masks), or
 *       NULL; @ppc->size must be set
 * @x86: receives the [x86] facts likewise, or NULL (no have bit and every
 *       fact's error -ENODATA when the group is absent; a group without a
 *       key this version knows gives no have bit and errors 0)
 * @err, @err_size: optional message buffer
 *
 * The file is opened without blocking (a FIFO or device never hangs the
 * call) and must be a regular file.
 *
 * Return: 0; -EINVAL for NULL @path or bad sizes; -ENOENT, -EACCES, -EIO
 * ... (the errno of open(2), fstat(2) or read(2)) when the file cannot be
 * read; -EISDIR for a directory; -EINVAL for another file that is not
 * regular, or a malformed file or value (the message names it); -EFBIG for
 * a file over 1 MiB. Nothing is written to @ppc or @x86 on failure.
 *
 * Since: 1.0
 */
int vcpuchar_profile_load(const char *path, struct vcpuchar_ppc_host *ppc, struct vcpuchar_x86_host *x86,
			  char *err, size_t err_size);

/**
 * vcpuchar_profile_load_data() - vcpuchar_profile_load() from memory
 * @data: file contents (need not be NUL-terminated); may be NULL when @len
 *        is 0, which reads as the empty profile
 * @len: length of @data in bytes, at most 1 MiB
 *
 * A leading UTF-8 byte order mark is skipped.
 *
 * Return: as vcpuchar_profile_load(), without the file errors.
 *
 * Since: 1.0
 */
int vcpuchar_profile_load_data(const char *data, size_t len, struct vcpuchar_ppc_host *ppc,
			       struct vcpuchar_x86_host *x86, char *err, size_t err_size);

/**
 * vcpuchar_profile_save() - write host facts to a profile file
 * @path: file name, replaced atomically (written in full to a temporary
 *        file ".NAME.XXXXXX" in the same directory, synced, then renamed
 *        over it). An existing file keeps its permission bits (and its
 *        owner and group where the caller may set them; otherwise they
 *        become the caller's, as with any rewrite). A symbolic link is
 *        followed on purpose: its target is replaced and the link stays.
 *        An existing directory, device node, FIFO or socket is refused,
 *        never replaced.
 * @ppc: facts for [ppc], or NULL; the group is written only when a mask is
 *       non-zero (facts that carry information)
 * @x86: facts for [x86], or NULL; one key per fact whose have bit is set.
 *       Facts without any have bit write an empty [x86] group, unless
 *       their error[0] is -ENODATA (loaded from a file without the group),
 *       so that a reload tells the two apart as the original did
 * @err, @err_size: optional message buffer
 *
 * [host] takes arch and kernel_release from whichever facts have them
 * (both facts structs carry them). Facts are checked first: what this
 * writes, vcpuchar_profile_load() reads back.
 *
 * Return: 0; -EINVAL for NULL @path, bad sizes, facts out of range (as for
 * the functions that read them), an @arch or @kernel_release that is not
 * NUL-terminated within its array or not valid UTF-8, or a @path that
 * exists and is a device node, FIFO or socket; -EISDIR for a directory;
 * otherwise the errno of the file system call that failed: lstat(2),
 * realpath(3), creating the temporary file, write(2), fsync(2), close(2)
 * or rename(2) (-ENOENT, -EACCES, -EPERM, -ENOTDIR, -ELOOP, -EROFS,
 * -ENOSPC, -EDQUOT, -EIO, -ENAMETOOLONG ...). On failure @path is
 * untouched and no temporary file is left.
 *
 * Since: 1.0
 */
int vcpuchar_profile_save(const char *path, const struct vcpuchar_ppc_host *ppc,
			  const struct vcpuchar_x86_host *x86, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif /* VCPUCHAR_H */
