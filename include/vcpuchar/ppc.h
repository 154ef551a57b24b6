/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * libvcpuchar, POWER (pseries): what a VMM calls. In order:
 *   1. vcpuchar_ppc_host_probe   the host's facts (KVM_PPC_GET_CPU_CHAR)
 *   2. vcpuchar_ppc_caps_parse   the caps the user asked for, if any
 *   3. vcpuchar_ppc_decide       (or _decide_ext()) the answer for one VM
 *   4. the result's r4/r5: what H_GET_CPU_CHARACTERISTICS returns to the guest
 * The QEMU model and the orchestrator's calls (releases, pasted text, start
 * verdict, warnings, baseline, migration) are in <vcpuchar/ppc-qemu.h>, which
 * this header includes at its end. Rules: /usr/share/doc/libvcpuchar/ppc.md;
 * conventions: <vcpuchar/common.h>.
 *
 * Bit numbering on POWER: PAPR and the kernel number bits the IBM way, bit 0
 * being the most significant: IBM bit n == (1ULL << (63 - n)), written here as
 * VCPUCHAR_PPC_BIT(n). The KVM words and the hcall registers hold the same
 * values; only masking differs.
 * The bit constants below are plain literals (for binding generators),
 * each with the VCPUCHAR_PPC_BIT(n) it equals.
 */
#ifndef VCPUCHAR_PUBLIC_PPC_H
#define VCPUCHAR_PUBLIC_PPC_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- types ---- */

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
#define VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31         0x8000000000000000u /* VCPUCHAR_PPC_BIT(0) */
#define VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED      0x4000000000000000u /* VCPUCHAR_PPC_BIT(1) */
#define VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_ORI30        0x2000000000000000u /* VCPUCHAR_PPC_BIT(2) */
#define VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_TRIG2        0x1000000000000000u /* VCPUCHAR_PPC_BIT(3) */
#define VCPUCHAR_H_CPU_CHAR_L1D_THREAD_PRIV        0x0800000000000000u /* VCPUCHAR_PPC_BIT(4) */
#define VCPUCHAR_H_CPU_CHAR_BRANCH_HINTS_HONORED   0x0400000000000000u /* VCPUCHAR_PPC_BIT(5) */
#define VCPUCHAR_H_CPU_CHAR_THREAD_RECONFIG_CTRL   0x0200000000000000u /* VCPUCHAR_PPC_BIT(6) */
#define VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED   0x0100000000000000u /* VCPUCHAR_PPC_BIT(7) */
#define VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST     0x0040000000000000u /* VCPUCHAR_PPC_BIT(9) */
#define VCPUCHAR_H_CPU_CHAR_BCCTR_LINK_FLUSH_ASSIST 0x0010000000000000u /* VCPUCHAR_PPC_BIT(11) */
/* Every defined R4 bit: this release's value, see vcpuchar_limit(). */
#define VCPUCHAR_H_CPU_CHAR_ALL 0xff50000000000000u

/* R5 = behaviour. Since: 1.0 */
#define VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY       0x8000000000000000u /* VCPUCHAR_PPC_BIT(0) */
#define VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR          0x4000000000000000u /* VCPUCHAR_PPC_BIT(1) */
#define VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR     0x2000000000000000u /* VCPUCHAR_PPC_BIT(2) */
#define VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY_H     0x1000000000000000u /* VCPUCHAR_PPC_BIT(3) */
#define VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE     0x0400000000000000u /* VCPUCHAR_PPC_BIT(5) */
#define VCPUCHAR_H_CPU_BEHAV_FLUSH_LINK_STACK      0x0200000000000000u /* VCPUCHAR_PPC_BIT(6) */
#define VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_ENTRY    0x0100000000000000u /* VCPUCHAR_PPC_BIT(7) */
#define VCPUCHAR_H_CPU_BEHAV_NO_L1D_FLUSH_UACCESS  0x0080000000000000u /* VCPUCHAR_PPC_BIT(8) */
#define VCPUCHAR_H_CPU_BEHAV_NO_STF_BARRIER        0x0040000000000000u /* VCPUCHAR_PPC_BIT(9) */
/* Every defined R5 bit: this release's value, see vcpuchar_limit(). */
#define VCPUCHAR_H_CPU_BEHAV_ALL 0xf7c0000000000000u
/* The R5 bits a Linux guest assumes set when it is told nothing. */
#define VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT 0xe000000000000000u

/* The hcall return registers that carry the characteristics, numbered as
 * PAPR numbers them. Since: 1.0 */
enum vcpuchar_ppc_reg {
	VCPUCHAR_PPC_REG_R4 = 4, /* character */
	VCPUCHAR_PPC_REG_R5 = 5, /* behaviour */
};

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
 * @facts_read: (Since: 1.2) VCPUCHAR_PPC_FACT_* bits of the facts that were
 *              read; a fact whose bit is clear is unknown (0: none read, a
 *              1.0 or 1.1 caller's struct, which ends before this member)
 * @facts: (Since: 1.2) of @facts_read, the facts that hold (KVM offers the
 *         capability, the device tree has the property); no bit outside
 *         @facts_read
 * @page_size: (Since: 1.2) the host's base page size in bytes
 *             (sysconf(_SC_PAGESIZE)): 4096 or 65536 on ppc64el kernels;
 *             0 when unknown, else a power of two from 4096 to 1 GiB
 * @dec_bits: (Since: 1.2) the host's decrementer width, the
 *            "ibm,dec-bits" property of its first CPU node in the device
 *            tree (QEMU target/ppc/kvm.c kvmppc_get_dec_bits()), 1-64;
 *            read only with VCPUCHAR_PPC_FACT_DEC_BITS in @facts, else 0
 *
 * Facts can come from vcpuchar_ppc_host_probe(), a profile file, or the
 * caller (set @source to VCPUCHAR_SOURCE_CALLER and @valid by the masks).
 * Functions that read facts decide "information" by the masks alone, the
 * kernel's own test (@valid summarises it for the caller), and return
 * -EINVAL for a bad @size, for @source, @valid or @power8 out of range,
 * for @error outside 0 and -1 ... -4095 (the kernel's errno range), or for
 * a @reserved byte that is not zero (since 1.2). The functions that decide
 * for a pseries guest (decide, host levels, hcall, baseline, guest CPU
 * checks, migrate hosts) also return -EINVAL (since 1.2) for an @arch that
 * is set and is not POWER (ppc64le, ppc64, ppc, ppcle): an x86 profile's
 * facts describe no pseries host. @arch
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
	uint32_t facts_read;
	uint32_t facts;
	uint32_t page_size;
	uint32_t dec_bits;
};

/*
 * Host facts QEMU checks at start besides the characteristics words
 * (hw/ppc/spapr_caps.c cap_*_apply(), target/ppc/kvm.c kvm_arch_init()),
 * one bit each in vcpuchar_ppc_host.facts_read and .facts. The KVM ones are
 * KVM_CHECK_EXTENSION on the VM fd, as QEMU asks. Since: 1.2
 */
#define VCPUCHAR_PPC_FACT_HTM        (1u << 0) /* KVM_CAP_PPC_HTM (129): cap-htm=on */
#define VCPUCHAR_PPC_FACT_NESTED_HV  (1u << 1) /* KVM_CAP_PPC_NESTED_HV (160): cap-nested-hv=on */
#define VCPUCHAR_PPC_FACT_FWNMI      (1u << 2) /* KVM_CAP_PPC_FWNMI (182): cap-fwnmi=on */
/* KVM_PPC_GET_SMMU_INFO flags hold KVM_PPC_PAGE_SIZES_REAL (KVM-HV): a guest
 * page must be backed by a host page as large (cap-hpt-max-page-size) */
#define VCPUCHAR_PPC_FACT_PAGES_REAL (1u << 3)
#define VCPUCHAR_PPC_FACT_DEC_BITS   (1u << 4) /* the device tree gives ibm,dec-bits: cap-large-decr=on */
/* KVM_CAP_PPC_AIL_MODE_3 (210): cap-ail-mode-3=on, QEMU 8.1 and later. Since: 1.3 */
#define VCPUCHAR_PPC_FACT_AIL_MODE_3 (1u << 5)
/* Every fact bit of this release (1.2: 0x1f). */
#define VCPUCHAR_PPC_FACT_ALL        0x3fu

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
 * macros, so that the enum has one name per value; plain literals, so that
 * binding generators see them. Since: 1.0 */
#define VCPUCHAR_PPC_LEVEL_FIXED_IBS 2 /* = VCPUCHAR_PPC_LEVEL_FIXED; ibs: indirect branch serialisation */
#define VCPUCHAR_PPC_LEVEL_OFF       0 /* = VCPUCHAR_PPC_LEVEL_BROKEN; ccf-assist */
#define VCPUCHAR_PPC_LEVEL_ON        1 /* = VCPUCHAR_PPC_LEVEL_WORKAROUND; ccf-assist */

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

/* Machine types whose cap defaults differ (QEMU hw/ppc/spapr.c). Since: 1.0 */
enum vcpuchar_ppc_machine {
	VCPUCHAR_PPC_MACHINE_PSERIES = 0,      /* pseries-5.0 and later, and the "pseries" alias */
	VCPUCHAR_PPC_MACHINE_PSERIES_4 = 1,    /* pseries-4.0, 4.1, 4.2 */
	VCPUCHAR_PPC_MACHINE_PSERIES_3_1 = 2,  /* pseries-3.1 and older */
	VCPUCHAR_PPC_MACHINE_PSERIES_2_12_SXXM = 3, /* pseries-2.12-sxxm */
	/* (Since: 1.2) a pseries type whose cap defaults this library does not
	 * know: a distribution's (pseries-rhel9.2.0) or, for a target QEMU newer
	 * than the release table, a pseries-X.Y newer than pseries-11.1. Only
	 * the -machine line parser (vcpuchar_ppc_machine_line_parse) gives it.
	 * A request with it is answered only with all four caps in @caps_set
	 * (no default is read), gets no defaults_* warning, and its start
	 * verdict says UNKNOWN where the type's own default could refuse
	 * (/usr/share/doc/libvcpuchar/ppc.md#unknown-types). */
	VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN = 4,
};

/*
 * A QEMU version as one number: major * 10000 + minor * 100 + micro, each of
 * minor and micro 0-99, the numbers QEMU's own build defines as
 * QEMU_VERSION_MAJOR, QEMU_VERSION_MINOR and QEMU_VERSION_MICRO: 70200 is
 * 7.2.0, 100013 is 10.0.13. 0 means "not given". Since: 1.1
 */
#define VCPUCHAR_PPC_QEMU_VERSION(major, minor, micro) \
	((uint32_t)(major) * 10000u + (uint32_t)(minor) * 100u + (uint32_t)(micro))

/* Guest CPU model: its ISA level decides cap defaults and the STF barrier type. Since: 1.0 */
enum vcpuchar_ppc_cpu {
	VCPUCHAR_PPC_CPU_DEFAULT = 0,  /* POWER9 */
	VCPUCHAR_PPC_CPU_POWER7 = 7,   /* ISA 2.06 */
	VCPUCHAR_PPC_CPU_POWER8 = 8,   /* ISA 2.07S */
	VCPUCHAR_PPC_CPU_POWER9 = 9,   /* ISA 3.0 */
	VCPUCHAR_PPC_CPU_POWER10 = 10, /* ISA 3.1 */
	VCPUCHAR_PPC_CPU_POWER11 = 11, /* ISA 3.1 */
};

/* Accelerator the VM runs under. Since: 1.0 */
enum vcpuchar_accel {
	VCPUCHAR_ACCEL_KVM = 0,
	VCPUCHAR_ACCEL_TCG = 1,
};

/* How R4/R5 are built (/usr/share/doc/libvcpuchar/ppc.md#modes). Since: 1.0 */
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

/* Room for levels by enum vcpuchar_ppc_start_cap in struct vcpuchar_ppc_request. Since: 1.3 */
#define VCPUCHAR_PPC_START_LEVELS 16

/**
 * struct vcpuchar_ppc_request - what the VMM asks for
 * @size: sizeof(struct vcpuchar_ppc_request)
 * @mode: enum vcpuchar_ppc_mode (0 = host-max, the recommended default)
 * @accel: enum vcpuchar_accel
 * @machine: enum vcpuchar_ppc_machine (0 = the newest pseries;
 *           VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN only with all four caps
 *           in @caps_set)
 * @cpu: enum vcpuchar_ppc_cpu; 0 = none given: under KVM the host's own
 *       family, as QEMU's default CPU there is the host's
 *       (vcpuchar_ppc_host_cpu(); POWER9 with VCPUCHAR_PPC_RESULT_CPU_ASSUMED
 *       when the facts name none), under TCG the machine type's default
 *       CPU, as QEMU's (power7 for pseries-2.1 to 2.7, power8 to 3.1,
 *       power9 to 8.2, power10 to 11.0, power11 for 11.1: see
 *       @qemu_machine and vcpuchar_ppc_request_cpu()), POWER9 with
 *       VCPUCHAR_PPC_RESULT_CPU_ASSUMED where it is unknown.
 * @caps_set: bit (1u << enum vcpuchar_ppc_cap) for each cap the caller set
 *            in @caps; the others take defaults (machine type and CPU in
 *            caps and host mode, the host's level in host-max mode)
 * @caps: the caller's levels, read only where @caps_set says so
 * @qemu_version: (Since: 1.1) the target QEMU's version,
 *                VCPUCHAR_PPC_QEMU_VERSION(major, minor, micro), e.g. the
 *                version the VMM links against; 0 = not given: the answer
 *                is for the oldest supported QEMU (7.2).
 *                What it changes: machine types the target lacks are
 *                refused (pseries-2.12-sxxm from 9.2 on) and message texts
 *                name it (/usr/share/doc/libvcpuchar/ppc.md#qemu-versions). A 1.0 caller's struct
 *                ends before this member (its size is 28 bytes): it is
 *                read as 0. Values: see vcpuchar_ppc_qemu_version_check().
 * @qemu_profile: (Since: 1.3) optional: the target QEMU's own facts, read
 *                from a QEMU profile (vcpuchar_ppc_qemu_profile_parse());
 *                NULL: the release table of @qemu_version. When set it
 *                replaces the table for every fact it holds: the machine
 *                types the binary registers, its CPU models (a guest CPU
 *                family it has no model of is refused, -ENOENT), each
 *                type's default CPU (the guest CPU under TCG when @cpu is
 *                0) and each type's cap defaults per CPU family
 *                (/usr/share/doc/libvcpuchar/ppc.md#qemu-profiles).
 *                @qemu_version is then 0 or the profile's version. The
 *                profile must outlive the calls that read the request.
 * @qemu_machine: (Since: 1.3) optional: the exact machine type. With
 *                @qemu_profile a name the profile lists (e.g.
 *                "pseries-rhel9.2.0", "pseries-4.1"), whose measured
 *                defaults answer (vcpuchar_ppc_qemu_profile_machine()
 *                gives it and its class). Without, an upstream type the
 *                target release has, as vcpuchar_ppc_machine_parse_qemu()
 *                accepts it for @qemu_version ("pseries-2.5",
 *                "pseries-2.12-sxxm", "pseries"; -EINVAL or -ENOENT with
 *                its message otherwise): its default CPU is the guest's
 *                under TCG when @cpu is 0
 *                (/usr/share/doc/libvcpuchar/ppc.md#tcg-default-cpu).
 *                @machine must be its class. NULL: the type of @machine's
 *                class: the profile's default type, or the release's
 *                newest (the "pseries" alias), for
 *                VCPUCHAR_PPC_MACHINE_PSERIES, pseries-4.2, pseries-3.1 or
 *                pseries-2.12-sxxm for the others.
 * @start_set: (Since: 1.3) bit (1u << enum vcpuchar_ppc_start_cap) for
 *             each cap besides the four the caller set, e.g. from a pasted
 *             "cap-fwnmi=off": the start verdict judges @start_levels[cap]
 *             in place of the machine type's default
 *             (/usr/share/doc/libvcpuchar/ppc.md#start); bits 4 to 9
 * @start_levels: (Since: 1.3) indexed by enum vcpuchar_ppc_start_cap, read
 *                only where @start_set says so: 0 (off) or 1 (on), and for
 *                hpt-max-page-size the page shift, 12 (4 KiB) to 34 (16 GiB)
 * @max_cpu_compat: (Since: 1.3) the -machine max-cpu-compat CPU, enum
 *                  vcpuchar_ppc_cpu (7 to 11), 0 for none: the start
 *                  verdict's defaults are lowered as QEMU's
 *                  default_caps_with_cpu() lowers them for that compat
 *                  level. A level above the guest CPU's family is refused
 *                  (-EINVAL): QEMU does not start it ("Compatibility PVR
 *                  ... not valid for CPU", measured on 7.2, 10.0, 11.1).
 *
 * Structs of 1.0 (28 bytes) and 1.2 (32 bytes) are still accepted, their
 * missing members read as 0 and NULL.
 *
 * Since: 1.0 (@qemu_version 1.1, @qemu_profile, @qemu_machine, @start_set,
 * @start_levels and @max_cpu_compat 1.3)
 */
struct vcpuchar_ppc_qemu_profile;
struct vcpuchar_ppc_request {
	uint32_t size;
	uint32_t mode;
	uint32_t accel;
	uint32_t machine;
	uint32_t cpu;
	uint32_t caps_set;
	struct vcpuchar_ppc_caps caps;
	uint32_t qemu_version;
	const struct vcpuchar_ppc_qemu_profile *qemu_profile;
	const char *qemu_machine;
	uint32_t start_set;
	uint32_t start_levels[VCPUCHAR_PPC_START_LEVELS];
	uint32_t max_cpu_compat;
};

/* Result flags. Since: 1.0 */
#define VCPUCHAR_PPC_RESULT_HOST_NO_INFO      (1u << 0) /* host levels are the no-information fallback */
#define VCPUCHAR_PPC_RESULT_MIGRATION_UNSAFE  (1u << 1) /* host mode: R4/R5 depend on the boot host */
#define VCPUCHAR_PPC_RESULT_NOT_EXPRESSIBLE   (1u << 2) /* host bits the caps cannot pass on, see unexpressed_r4/r5 */
/* Under KVM with no guest CPU given, the host facts name no CPU family (no
 * known pvr, power8 0): POWER9 was assumed, where QEMU gives the host's own
 * (vcpuchar_ppc_host_cpu() says so in words). Since 1.3 also under TCG with
 * no guest CPU given when the machine type's default CPU is not known here
 * (vcpuchar_ppc_request_cpu() says so in words). Since: 1.2 */
#define VCPUCHAR_PPC_RESULT_CPU_ASSUMED       (1u << 3)

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
 * @guest_view: what a Linux guest of the requested CPU prints for @r4/@r5:
 *              the five files of 1.0 for ever (a later file appears in
 *              struct vcpuchar_ppc_result_ext, vcpuchar_ppc_decide_ext())
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

/*
 * The parts of a decision that grow. struct vcpuchar_ppc_caps (four named
 * levels) and the guest view inside struct vcpuchar_ppc_result sit in the
 * middle of larger structs, so they keep their 1.0 layout for ever: a cap
 * or a vulnerability file a later release adds appears only here, in a
 * struct of its own whose arrays are indexed (caps) or grow at its end
 * (files). Since: 1.2
 */

/* Room for every cap a request's caps_set can name (one bit each). Since: 1.2 */
#define VCPUCHAR_PPC_CAPS_ROOM 32

/* Guest view files in this release: see vcpuchar_limit(). Since: 1.2 */
#define VCPUCHAR_PPC_GUEST_FILES 5

/* Room for a file's name, NUL included. Since: 1.2 */
#define VCPUCHAR_PPC_FILE_NAME_LEN 32

/**
 * struct vcpuchar_ppc_guest_file - one file of a guest's vulnerability view
 * @name: its name under /sys/devices/system/cpu/vulnerabilities, e.g.
 *        "meltdown", NUL-terminated
 * @text: its text without the newline, as in struct vcpuchar_ppc_guest_view
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_guest_file {
	char name[VCPUCHAR_PPC_FILE_NAME_LEN];
	char text[VCPUCHAR_PPC_VIEW_LEN];
};

/**
 * struct vcpuchar_ppc_result_ext - the growable parts of a decision
 * @size: sizeof(struct vcpuchar_ppc_result_ext), set by the caller; any
 *        size from 1.2's up (the include/vcpuchar/common.h rule)
 * @n_caps: caps this library decides (VCPUCHAR_PPC_N_CAPS in this release):
 *          entries used in @host_levels and @effective_levels
 * @host_levels: per cap (index enum vcpuchar_ppc_cap) the host's level, as
 *               vcpuchar_ppc_result.host_caps has the first four
 * @effective_levels: per cap the level the VM runs with, as
 *                    vcpuchar_ppc_result.effective_caps has the first four
 * @n_files: entries written in @files: every file this library predicts,
 *           or as many as the caller's @size holds
 * @reserved: zero
 * @files: what a Linux guest of the request's CPU prints for the result's
 *         R4/R5, in the order of struct vcpuchar_ppc_guest_view, then any
 *         file a later release adds; last, so that it grows at the end
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_result_ext {
	uint32_t size;
	uint32_t n_caps;
	uint8_t host_levels[VCPUCHAR_PPC_CAPS_ROOM];
	uint8_t effective_levels[VCPUCHAR_PPC_CAPS_ROOM];
	uint32_t n_files;
	uint32_t reserved;
	struct vcpuchar_ppc_guest_file files[VCPUCHAR_PPC_GUEST_FILES];
};

/* ---- the VMM calls ---- */

/**
 * vcpuchar_ppc_host_probe() - read the host's POWER characteristics via KVM
 * @vm_fd: a KVM VM fd (from KVM_CREATE_VM), owned by the caller
 * @opts: probe options, or NULL (root "/", for /proc/cpuinfo's PVR and the
 *        device tree; only regular files are read, never blocking on a FIFO)
 * @ret: facts (@ret->size set by the caller); written whenever the
 *       arguments are valid: on failure "no information" (valid 0, source
 *       KVM, error the return value, all else zero), never guessed bits;
 *       @pvr, @power8, @arch, @kernel_release and, where @ret's size has
 *       them, the start facts (each unreadable one left unknown, its
 *       @facts_read bit clear) only when the ioctl answered
 *
 * KVM_PPC_GET_CPU_CHAR on @vm_fd (Linux arch/powerpc/kvm/powerpc.c
 * kvmppc_get_cpu_char()) after KVM_CHECK_EXTENSION(151), then the start
 * facts: /usr/share/doc/libvcpuchar/ppc.md#probe and #start.
 *
 * Return: 0 when the ioctl answered (still "no information" for zero masks:
 * check @ret->valid); -EINVAL for NULL @ret, a bad size or @opts, or a KVM fd
 * of another kind (the system fd on POWER, a vCPU fd); -ENOTSUP without the
 * capability (x86, BookE, Linux before 4.16); -EBADF for an fd not open (-1
 * included); -ENOTTY for any open file that is not KVM's (O_PATH included);
 * -ENOSYS under qemu-user; other negative errnos from ioctl(2) on a KVM fd.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_host_probe(int vm_fd, const struct vcpuchar_probe_opts *opts,
			    struct vcpuchar_ppc_host *ret);

/**
 * vcpuchar_ppc_caps_parse() - parse a cap list in QEMU's -machine spelling
 * @list: comma-separated "cap-NAME=VALUE" items, e.g.
 *        "cap-cfpc=workaround,cap-ibs=fixed-ccd,cap-ccf-assist=on"; the
 *        "cap-" prefix is optional, names match exactly, values as QEMU
 *        takes them (/usr/share/doc/libvcpuchar/ppc.md#caps-and-levels);
 *        "" sets nothing
 * @caps: levels are written here for the caps named in @list; other caps
 *        are left as they are (so @caps can hold defaults)
 * @set: receives the bit (1u << enum vcpuchar_ppc_cap) of each cap named,
 *       replacing what it held (OR it into a request's caps_set yourself)
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
 * vcpuchar_ppc_caps_get() / vcpuchar_ppc_caps_set() - access a cap by number
 * @caps: the cap set to read or write
 * @cap: enum vcpuchar_ppc_cap
 * @level: (set only) enum vcpuchar_ppc_level valid for @cap
 *
 * Return: get: the level (0-4), or -EINVAL for a NULL @caps or unknown
 * @cap; set: 0, or -EINVAL for those or a level out of range for @cap
 * (/usr/share/doc/libvcpuchar/ppc.md#caps-and-levels), @caps then unchanged.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_caps_get(const struct vcpuchar_ppc_caps *caps, uint32_t cap);
int vcpuchar_ppc_caps_set(struct vcpuchar_ppc_caps *caps, uint32_t cap, uint32_t level);

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

/**
 * vcpuchar_ppc_decide() - caps, conflicts, R4/R5 and guest view for one VM
 * @host: host facts, or NULL for "no information"
 * @req: the VMM's request
 * @ret: receives the result (@ret->size set by the caller)
 *
 * The guest CPU is @req->cpu, else under KVM the host's family
 * (vcpuchar_ppc_host_cpu()). The caps are the caller's, else the machine
 * type's defaults (caps and host mode) or the host's levels (host-max),
 * never above what the guest CPU can use; each cap QEMU would refuse or warn
 * about is a conflict (/usr/share/doc/libvcpuchar/ppc.md#validation, #modes).
 *
 * Return: 0, also with ERROR conflicts (@ret->n_errors); -ENODATA in host
 * mode without host information; -ENOENT under KVM for a guest CPU newer
 * than the host's family, or for a machine type the target QEMU lacks;
 * -EINVAL for NULL @req or @ret, bad sizes or request fields (see
 * vcpuchar_ppc_request_check()), host mode under TCG, or (since 1.3)
 * @req->max_cpu_compat above the guest CPU's family, which QEMU refuses to
 * start (under KVM with no CPU given, the host's family from its PVR). On
 * failure @ret is unchanged.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_decide(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
			struct vcpuchar_ppc_result *ret);

/**
 * vcpuchar_ppc_decide_ext() - vcpuchar_ppc_decide(), and the parts that grow
 * @host: as for vcpuchar_ppc_decide()
 * @req: as for vcpuchar_ppc_decide()
 * @ret: receives the result (@ret->size set by the caller)
 * @ext: receives every cap's levels and every guest file (@ext->size set
 *       by the caller)
 *
 * One decision, both structs filled from it: a caller that wants a cap or
 * a guest file a later release adds reads @ext, and keeps reading @ret for
 * everything else.
 *
 * Return: as vcpuchar_ppc_decide(); also -EINVAL for NULL @ext or a bad
 * @ext->size. On failure @ret and @ext are unchanged.
 *
 * Since: 1.2
 */
int vcpuchar_ppc_decide_ext(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
			    struct vcpuchar_ppc_result *ret, struct vcpuchar_ppc_result_ext *ext);

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
 * @r5: receives behaviour & behaviour_mask, and outside the mask the
 *      default-on bits (VCPUCHAR_H_CPU_BEHAV_GUEST_DEFAULT) and host-max's
 *      other bits, so host mode never asks more of a guest than host-max
 *      (/usr/share/doc/libvcpuchar/ppc.md#modes)
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

/* ---- names and text ---- */

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
 * (/usr/share/doc/libvcpuchar/ppc.md#caps-and-levels).
 *
 * Return: e.g. "workaround", "fixed-ccd", "on"; NULL when either argument
 * is out of range for that cap.
 *
 * Since: 1.0
 */
const char *vcpuchar_ppc_level_name(uint32_t cap, uint32_t level);

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

#ifdef __cplusplus
}
#endif

/* The model and orchestrator calls: declared after the VMM core, which they use. */
#include "ppc-qemu.h"

#endif /* VCPUCHAR_PUBLIC_PPC_H */
