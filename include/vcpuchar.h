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
 *     zero; a size below the 1.0 size is -EINVAL.
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

/* Initialiser for a struct with a leading `size` member (C only). */
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
/* Every defined R4 bit: 0xff50000000000000 */
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
/* Every defined R5 bit: 0xf7c0000000000000 */
#define VCPUCHAR_H_CPU_BEHAV_ALL UINT64_C(0xf7c0000000000000)
/* The R5 bits a Linux guest assumes set when it is told nothing. */
#define VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT UINT64_C(0xe000000000000000)

/**
 * vcpuchar_ppc_bit_name() - the Linux hvcall.h name of one R4 or R5 bit
 * @reg: 4 for R4 (character), 5 for R5 (behaviour)
 * @ibm_bit: IBM bit number, 0 = most significant
 *
 * Return: e.g. "H_CPU_CHAR_L1D_THREAD_PRIV", or NULL for an undefined bit or
 * a @reg other than 4 or 5.
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
 *
 * Facts can come from vcpuchar_ppc_host_probe(), a profile file, or the
 * caller (set @source to VCPUCHAR_SOURCE_CALLER and @valid by the masks).
 * Functions that read facts decide "information" by the masks alone, the
 * kernel's own test (@valid summarises it for the caller), and return
 * -EINVAL for a bad @size or for @source, @valid or @power8 out of range.
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
};

/**
 * vcpuchar_ppc_host_probe() - read the host's POWER characteristics via KVM
 * @vm_fd: a KVM VM fd (from KVM_CREATE_VM), owned by the caller. The ioctl
 *         is a VM ioctl; the /dev/kvm fd fails with -EINVAL.
 * @opts: probe options, or NULL (root "/", used to read /proc/cpuinfo's PVR)
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
 * -EBADF for an fd that is not open; -ENOTTY for an fd that is not a KVM
 * VM fd; -EINVAL when the kernel rejects the ioctl on this fd (the system
 * fd); -ENOSYS under qemu-user; other negative errnos from ioctl(2).
 *
 * Since: 1.0
 */
int vcpuchar_ppc_host_probe(int vm_fd, const struct vcpuchar_probe_opts *opts,
			    struct vcpuchar_ppc_host *ret);

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
 * @host, a bad @host->size, or NULL @buf with @size > 0.
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
#define VCPUCHAR_PPC_N_CAPS 4

/* Levels (QEMU SPAPR_CAP_*). Since: 1.0 */
enum vcpuchar_ppc_level {
	VCPUCHAR_PPC_BROKEN = 0,     /* cfpc, sbbc, ibs */
	VCPUCHAR_PPC_WORKAROUND = 1, /* cfpc, sbbc, ibs */
	VCPUCHAR_PPC_FIXED = 2,      /* cfpc, sbbc */
	VCPUCHAR_PPC_FIXED_IBS = 2,  /* ibs: indirect branch serialisation */
	VCPUCHAR_PPC_FIXED_CCD = 3,  /* ibs: count cache disabled */
	VCPUCHAR_PPC_FIXED_NA = 4,   /* ibs: fixed in hardware, not applicable */
	VCPUCHAR_PPC_OFF = 0,        /* ccf-assist */
	VCPUCHAR_PPC_ON = 1,         /* ccf-assist */
};

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
 * Names from QEMU hw/ppc/spapr_caps.c cap_*_possible (spec/ppc.md
 * section 5.1).
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
 * get returns the level, or -EINVAL for a NULL @caps or unknown @cap; set
 * returns 0, or -EINVAL also for a level out of range for @cap.
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
 * On failure neither @caps nor @set is changed.
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
 * @name: "pseries", "pseries-X.Y" (any version QEMU ever had, newer ones
 *        included), or "pseries-2.12-sxxm"
 * @ret: receives an enum vcpuchar_ppc_machine value
 * @err, @err_size: optional message buffer
 *
 * Versions map by number (QEMU hw/ppc/spapr.c, spec/ppc.md section 5.3):
 * 5.0 and later -> PSERIES, 4.x -> PSERIES_4, older -> PSERIES_3_1.
 * Names are case-sensitive, as QEMU's.
 *
 * Return: 0; -EINVAL for NULL arguments or a name that is not a pseries
 * machine type.
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

/* How R4/R5 are built (spec section 9). Since: 1.0 */
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
 * vcpuchar_ppc_mode_name() - "host-max", "caps" or "host"; NULL when unknown
 * @mode: enum vcpuchar_ppc_mode
 *
 * Since: 1.0
 */
const char *vcpuchar_ppc_mode_name(uint32_t mode);

/* Why a conflict entry exists. Since: 1.0 */
enum vcpuchar_ppc_conflict_code {
	VCPUCHAR_PPC_CONFLICT_ABOVE_HOST = 1,      /* KVM: requested above host: QEMU refuses to start */
	VCPUCHAR_PPC_CONFLICT_TCG_UNSUPPORTED = 2, /* TCG: QEMU warns and goes on */
	VCPUCHAR_PPC_CONFLICT_BELOW_HOST = 3,      /* KVM: requested below host: the guest runs mitigations the host says it does not need */
};

/* Conflict flags. Since: 1.0 */
#define VCPUCHAR_PPC_CONFLICT_FROM_DEFAULT (1u << 0) /* the requested level is a machine-type default, not the caller's */
#define VCPUCHAR_PPC_CONFLICT_HOST_NO_INFO (1u << 1) /* the host level is the no-information fallback */

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

/* Length of each guest-view string buffer, NUL included. */
#define VCPUCHAR_PPC_VIEW_LEN 160

/**
 * struct vcpuchar_ppc_guest_view - what a Linux pseries guest prints
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
 * @ret: receives the five strings
 *
 * Return: 0; -EINVAL for NULL @ret, an unknown @cpu or unknown @flags.
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
 * @r5: receives (behaviour & behaviour_mask), with the three default-on bits
 *      (VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT) set where the mask does not
 *      cover them, so an unknown bit never switches a guest mitigation off
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
 * @r4: H_GET_CPU_CHARACTERISTICS R4 to return to the guest
 * @r5: H_GET_CPU_CHARACTERISTICS R5 to return to the guest
 * @unexpressed_r4: known-set host R4 bits the guest is not told (e.g.
 *                  BCCTR_LINK_FLUSH_ASSIST): caps cannot express them
 * @unexpressed_r5: the same for R5 (FAVOUR_SECURITY_H, FLUSH_LINK_STACK,
 *                  NO_STF_BARRIER, NO_L1D_FLUSH_* where no cap gives them)
 * @n_errors: number of ERROR conflicts: QEMU would refuse to start
 * @n_conflicts: entries used in @conflicts, in cap order
 * @conflicts: at most one per cap
 * @mode_reason: a sentence on what the mode means for this VM
 * @guest_view: what a Linux guest of the requested CPU prints for @r4/@r5
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_result {
	uint32_t size;
	uint32_t flags;
	uint32_t mode;
	struct vcpuchar_ppc_caps host_caps;
	struct vcpuchar_ppc_caps effective_caps;
	uint64_t r4;
	uint64_t r5;
	uint64_t unexpressed_r4;
	uint64_t unexpressed_r5;
	uint32_t n_errors;
	uint32_t n_conflicts;
	struct vcpuchar_ppc_conflict conflicts[VCPUCHAR_PPC_N_CAPS];
	const char *mode_reason;
	struct vcpuchar_ppc_guest_view guest_view;
};

/**
 * vcpuchar_ppc_decide() - caps, conflicts, R4/R5 and guest view for one VM
 * @host: host facts, or NULL for "no information"
 * @req: the VMM's request
 * @ret: receives the result (@ret->size set by the caller)
 *
 * Effective caps: caller's caps, else machine-type defaults adjusted for
 * the guest CPU (caps and host mode) or the host's levels (host-max mode).
 * Under KVM every cap above the host level is an ERROR (QEMU
 * hw/ppc/spapr_caps.c cap_*_apply, which stops at the first; all are
 * listed here), except ccf-assist=on on a host whose ibs is fixed-ccd; a cap
 * below the host level is an INFO notice (caps and host-max mode only: in
 * host mode the guest gets the host's words, so a low cap costs it
 * nothing). Under TCG every cap that is not broken/off is a WARNING and the
 * host is ignored: host-max mode then takes broken/off, QEMU's quiet TCG
 * set. Rules: spec/ppc.md sections 7 and 9.
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
 * struct vcpuchar_ppc_migration - source caps against destination caps
 * @ok: 1 when the migration proceeds (no ERROR entry)
 * @n_errors: entries with ERROR severity (source above destination)
 * @n_warnings: entries with WARNING severity (source below destination)
 * @n_entries: entries used, in cap order
 * @entries: per cap that differs: cap, severity, source and destination
 *           levels, and QEMU's message (hw/ppc/spapr_caps.c
 *           spapr_caps_post_migration), e.g. "cap-cfpc higher level (1) in
 *           incoming stream than on destination (0)"
 * @note: when a warning exists, why it matters: the guest keeps the
 *        mitigations it chose at boot until it reboots (Linux re-reads the
 *        hcall only after a PowerVM partition migration); else ""
 *
 * Since: 1.0
 */
struct vcpuchar_ppc_migration {
	uint32_t ok;
	uint32_t n_errors;
	uint32_t n_warnings;
	uint32_t n_entries;
	struct {
		uint32_t cap;
		uint32_t severity;
		uint8_t src;
		uint8_t dst;
		char message[96];
	} entries[VCPUCHAR_PPC_N_CAPS];
	const char *note;
};

/**
 * vcpuchar_ppc_migrate() - check a migration from @src caps to @dst caps
 * @src: effective caps of the source VM
 * @dst: effective caps of the destination VM
 * @ret: receives the findings
 *
 * QEMU requires the same machine type on both ends; compare the effective
 * caps of both (vcpuchar_ppc_result.effective_caps).
 *
 * Return: 0 (see @ret->ok); -EINVAL for NULL arguments or levels out of range.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_migrate(const struct vcpuchar_ppc_caps *src, const struct vcpuchar_ppc_caps *dst,
			 struct vcpuchar_ppc_migration *ret);

/* ==== 3. x86: SVM Idle HLT and the HLT-exit policy ======================= */

struct vcpuchar_x86_host;

/* ==== 4. Host profile files ============================================== */

/*
 * A profile is a GLib key file (groups [host], [ppc], [x86]; DESIGN.md
 * section 6). An absent group means "no information" for that architecture.
 * Unknown keys are ignored; a bad value is an error naming group, key and
 * value. Numbers are hex (0x...) or decimal.
 */

/**
 * vcpuchar_profile_load() - read host facts from a profile file
 * @path: file name
 * @ppc: receives the [ppc] facts (source PROFILE; valid 0 when the group is
 *       absent), or NULL; @ppc->size must be set
 * @x86: receives the [x86] facts likewise, or NULL
 * @err, @err_size: optional message buffer
 *
 * Return: 0; -ENOENT, -EACCES ... when the file cannot be read; -EINVAL for
 * a malformed file or value (the message names it); -EFBIG for a file over
 * 1 MiB. Nothing is written on failure.
 *
 * Since: 1.0
 */
int vcpuchar_profile_load(const char *path, struct vcpuchar_ppc_host *ppc, struct vcpuchar_x86_host *x86,
			  char *err, size_t err_size);

/**
 * vcpuchar_profile_load_data() - vcpuchar_profile_load() from memory
 * @data: file contents (need not be NUL-terminated)
 * @len: length of @data in bytes, at most 1 MiB
 *
 * Return: as vcpuchar_profile_load(), without the file errors.
 *
 * Since: 1.0
 */
int vcpuchar_profile_load_data(const char *data, size_t len, struct vcpuchar_ppc_host *ppc,
			       struct vcpuchar_x86_host *x86, char *err, size_t err_size);

/**
 * vcpuchar_profile_save() - write host facts to a profile file
 * @path: file name, replaced atomically
 * @ppc: facts for [ppc], or NULL; a group is written only for valid facts
 * @x86: facts for [x86], or NULL
 *
 * [host] takes arch and kernel_release from whichever facts have them.
 *
 * Return: 0; -EINVAL for NULL @path or bad sizes; a negative errno from the
 * file system.
 *
 * Since: 1.0
 */
int vcpuchar_profile_save(const char *path, const struct vcpuchar_ppc_host *ppc,
			  const struct vcpuchar_x86_host *x86, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif

#endif /* VCPUCHAR_H */
