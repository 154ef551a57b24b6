/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* Private helpers shared by the lib/ppc/ppc-*.c files (rules: lib/ppc.md). */
#ifndef VCPUCHAR_PPC_INTERNAL_H
#define VCPUCHAR_PPC_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "vcpuchar-private.h"

/*
 * The checks below run on every decide call: they are inline so that a
 * hot path pays for the tests, not for calls between files.
 */

/* lib/ppc.md#masks: a bit counts only inside its mask; outside it is neither set nor clear. */
static inline bool ppc_known_set(uint64_t word, uint64_t mask, uint64_t bits)
{
	return (word & mask & bits) != 0;
}

static inline bool ppc_known_clear(uint64_t word, uint64_t mask, uint64_t bits)
{
	return (~word & mask & bits) != 0;
}

/*
 * A POWER machine as uname -m names it (ppc64le, ppc64; ppc and ppcle for
 * 32-bit), whole names only; "" is unknown and passes. KVM_PPC_GET_CPU_CHAR
 * and the pseries caps exist only there, so another arch's facts answer
 * nothing about a pseries guest.
 */
static inline bool ppc_arch_is_power(const char *arch, size_t size)
{
	/*
	 * Each name with its NUL, so the whole name only: what strncmp(arch,
	 * name, size) answers, as a compare of a few bytes with no call.
	 */
#define PPC_ARCH_IS(name) (size >= sizeof(name) && !memcmp(arch, name, sizeof(name)))
	return !arch[0] || PPC_ARCH_IS("ppc64le") || PPC_ARCH_IS("ppc64") || PPC_ARCH_IS("ppc") || PPC_ARCH_IS("ppcle");
#undef PPC_ARCH_IS
}

/*
 * The 1.2 start facts of a struct that has them (lib/ppc.md#start): only
 * known fact bits, each fact also read; a page size that is a power of two
 * from 4 KiB to 1 GiB or 0; dec_bits 1..64 only with its fact, else 0. It
 * lives here, below every file, so that the struct checks call nothing above.
 */
static inline bool ppc_host_facts_ok(const struct vcpuchar_ppc_host *host)
{
	uint32_t p = host->page_size;

	if ((host->facts_read | host->facts) & ~VCPUCHAR_PPC_FACT_ALL || host->facts & ~host->facts_read)
		return false;
	if (p && (p & (p - 1) || p < 4096 || p > (1u << 30)))
		return false;
	if (host->facts & VCPUCHAR_PPC_FACT_DEC_BITS)
		return host->dec_bits >= 1 && host->dec_bits <= 64;
	return host->dec_bits == 0;
}

/* NULL or a struct of acceptable size with in-range enum fields. */
static inline bool ppc_host_ok(const struct vcpuchar_ppc_host *host)
{
	static const uint8_t zero[sizeof(host->reserved)];

	if (!host)
		return true;
	if (!VCPUCHAR_SIZE_OK(host))
		return false;
	/* Reserved bytes are zero: a later release may give them a meaning. */
	if (memcmp(host->reserved, zero, sizeof(zero)))
		return false;
	/*
	 * source <= 3, valid and power8 0 or 1: one test of the bits that
	 * must be clear; @error 0 or a negative errno the describe text can
	 * negate (INT32_MIN cannot be).
	 */
	if (((host->source >> 2) | ((host->valid | host->power8) >> 1)) || !vcpuchar_errno_ok(host->error))
		return false;
	/* The 1.2 facts, where the caller's struct has them (lib/ppc.md#start). */
	if (host->size < VCPUCHAR_OFFSETOFEND(struct vcpuchar_ppc_host, dec_bits))
		return true;
	return ppc_host_facts_ok(host);
}

/*
 * ppc_host_ok() for an entry point that decides for a pseries guest: the
 * host is also a POWER machine (a saved x86 profile's ppc struct is not).
 */
static inline bool ppc_host_power_ok(const struct vcpuchar_ppc_host *host)
{
	return ppc_host_ok(host) && (!host || ppc_arch_is_power(host->arch, sizeof(host->arch)));
}

/*
 * ppc64 (big-endian) and ppc64le hosts run the same pseries guests: the
 * guest's endianness is its own and QEMU's migration stream is the same
 * target's. Only another architecture is refused; an unknown one matches.
 */
static inline bool ppc_same_arch(const char *a, const char *b)
{
	if (!a[0] || !b[0])
		return true;
	if (!strncmp(a, "ppc64", 5) && !strncmp(b, "ppc64", 5))
		return true;
	return !strncmp(a, b, sizeof(((struct vcpuchar_ppc_host *)0)->arch));
}

/*
 * The facts carry information: at least one mask is non-zero. The masks
 * are the kernel's validity test; character == 0 is not (lib/ppc.md#pitfalls 2).
 * @valid only summarises them for the caller.
 */
/* target/ppc/kvm.c kvmppc_power8_host(): POWER8E, POWER8NVL, POWER8 (lib/ppc.md#probe). */
static inline uint32_t ppc_pvr_is_power8(uint32_t pvr)
{
	uint32_t ver = pvr >> 16;

	return ver == 0x004b || ver == 0x004c || ver == 0x004d;
}

static inline bool ppc_host_has_info(const struct vcpuchar_ppc_host *host)
{
	return host && (host->character_mask || host->behaviour_mask);
}

/*
 * lib/ppc.md#qemu-versions (lib/ppc/ppc-qemu.c). The measured release whose
 * facts answer for @v (0 = not given: the oldest): an index into the
 * releases table, -1 for a value that is no supported version.
 */
int vcpuchar_ppc_qemu_release(uint32_t v) __attribute__((visibility("hidden")));
/*
 * @qemu_version is newer than the table's newest row, or a candidate of
 * such a release (11.1.90): the facts the deletion rule does not fix (the
 * default cap-sbbc, the CPU models) are unknown (lib/ppc.md#qemu-versions).
 */
bool vcpuchar_ppc_qemu_past_table(uint32_t qemu_version) __attribute__((visibility("hidden")));
/* The release's name, "7.2" or "10.0", and its source, "Debian 12" or "Debian 13". */
const char *vcpuchar_ppc_qemu_release_name(int release) __attribute__((visibility("hidden")));
const char *vcpuchar_ppc_qemu_release_source(int release) __attribute__((visibility("hidden")));
/* The release still has the machine-type class @machine (enum vcpuchar_ppc_machine). */
bool vcpuchar_ppc_qemu_release_has(int release, uint32_t machine) __attribute__((visibility("hidden")));
/* The machine types of a class as messages name them (enum vcpuchar_ppc_machine, checked by the caller). */
const char *vcpuchar_ppc_machine_words(uint32_t machine) __attribute__((visibility("hidden")));
/* A downstream type (pseries-rhel9.2.0): a vendor tag of two letters or more, then a digit. */
bool vcpuchar_ppc_machine_downstream(const char *name) __attribute__((visibility("hidden")));
/*
 * A pseries type whose cap defaults are unknown here, for a QEMU of
 * @qemu_version: downstream, or newer than pseries-11.1 where the target
 * may have it (VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, lib/ppc.md#unknown-types).
 */
bool vcpuchar_ppc_machine_defaults_unknown(const char *name, uint32_t qemu_version)
	__attribute__((visibility("hidden")));
/*
 * The target QEMU's facts, resolved once per request (lib/ppc.md#qemu-profiles,
 * lib/ppc/ppc-qemu-profile.c): from the request's QEMU profile when it has
 * one, else from the release table. The decisions read this, not the
 * table or the profile.
 */
struct ppc_qmachine;
struct ppc_target {
	int release;                                     /* the table's row (texts; the table's facts without a profile) */
	const struct vcpuchar_ppc_qemu_profile *profile; /* NULL: the table */
	const struct ppc_qmachine *type;                 /* the profile's type; NULL without a profile or for an unknown type */
	uint32_t default_cpu;                            /* the guest CPU under TCG when none is given */
	bool cpu_assumed; /* default_cpu is POWER9 assumed: the type's default CPU is unknown here */
	uint32_t families; /* bit (1u << family) of each CPU family the target has a model of */
	bool past;                                       /* the table past its newest row: the default sbbc is unknown */
};
/* A type's defaults for one guest CPU family. */
struct ppc_type_defaults {
	struct vcpuchar_ppc_caps caps;  /* the four Spectre caps */
	uint8_t htm, large_decr, fwnmi; /* start caps, 0 off, 1 on (the table: on where the class may be on) */
	uint8_t hpt;                    /* cap-hpt-max-page-size's page shift, 0 the host's page size (exact only) */
	bool exact;                     /* the exact type's defaults (a profile), not a class's (the table) */
	bool sbbc_unknown;              /* caps.sbbc is a guess: the table past its newest row, a CPU but POWER7 */
};
/*
 * max-cpu-compat against the guest CPU family (0: not known): 0, or -EINVAL
 * when the level is above the CPU's, which QEMU refuses (lib/ppc.md#start).
 */
int vcpuchar_ppc_compat_check(uint32_t max_cpu_compat, uint32_t cpu, char *err, size_t err_size)
	__attribute__((visibility("hidden")));
/* The request's target: 0, or -EINVAL/-ENOENT with the cause in @err. */
int vcpuchar_ppc_target_resolve(const struct vcpuchar_ppc_request *req, struct ppc_target *t, char *err, size_t err_size)
	__attribute__((visibility("hidden")));
/*
 * Whether the profile's type @type (the first @type_len bytes; 0: its default
 * type) has the -machine property @prop (@prop_len bytes): 1 yes, 0 no (@err
 * says QEMU refuses it), -1 the profile does not list its properties, or
 * -ENOENT for a type it lacks (@err names its types).
 */
int vcpuchar_ppc_qemu_profile_property(const struct vcpuchar_ppc_qemu_profile *p, const char *type, size_t type_len,
				       const char *prop, size_t prop_len, char *err, size_t err_size)
	__attribute__((visibility("hidden")));
/* The defaults of @machine (the request's class) with @cpu (7 to 11): 0, or -ENOENT when the type does not start with it. */
/*
 * Lower @caps, a type's defaults for guest CPU @cpu, as QEMU's
 * default_caps_with_cpu() does for -machine max-cpu-compat=@max_cpu_compat
 * (0: not given): power7 on a newer CPU turns cfpc and sbbc broken
 * (lib/ppc.md#start, measured on QEMU 7.2.22, 10.0.13 and 11.1.3).
 */
void vcpuchar_ppc_compat_defaults(struct vcpuchar_ppc_caps *caps, uint32_t cpu, uint32_t max_cpu_compat)
	__attribute__((visibility("hidden")));
int vcpuchar_ppc_target_defaults(const struct ppc_target *t, uint32_t machine, uint32_t cpu, struct ppc_type_defaults *d,
			char *err, size_t err_size) __attribute__((visibility("hidden")));

/* What the start verdict found about the target type, for the machine caps (lib/ppc.md#machine-caps). */
struct ppc_start_ctx {
	struct ppc_target target;
	struct ppc_type_defaults td;
	struct vcpuchar_ppc_result res; /* the decision: effective caps */
	uint32_t cpu;                   /* the guest CPU judged */
	unsigned type;                  /* the exact type's version, X * 100 + Y, or 0 */
	bool kvm, old_types, unknown;   /* as in the start verdict (lib/ppc.md#start) */
};
/* vcpuchar_ppc_start_check_type(), and what it found in @ctx (optional). */
int vcpuchar_ppc_start_run(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
			   const char *machine, struct vcpuchar_ppc_start *ret, struct ppc_start_ctx *ctx)
	__attribute__((visibility("hidden")));
/* The target's exact type as its QEMU profile names it, NULL without one. */
const char *vcpuchar_ppc_target_type_name(const struct ppc_target *t) __attribute__((visibility("hidden")));
/* What a QEMU profile offers to pin for a default above the host (lib/ppc.md#qemu-profiles). */
enum ppc_pin {
	PPC_PIN_NONE = 0,       /* no other type has a default at or below the level */
	PPC_PIN_OTHERS = 1,     /* the named type does not, but another type does */
	PPC_PIN_CURRENT = 2,    /* the named type does, not marked deprecated (or the profile does not say) */
	PPC_PIN_DEPRECATED = 3, /* the named type does, and the binary marks it deprecated */
};
/*
 * For the profile's target (@t->profile set): whether its type @name, other
 * than the target's own, has a measured default for @cap with guest CPU
 * @cpu at or below @level; @vendor: the profile has a downstream-named type.
 */
enum ppc_pin vcpuchar_ppc_target_pin(const struct ppc_target *t, const char *name, uint32_t cap, uint32_t cpu,
				     uint32_t level, bool *vendor) __attribute__((visibility("hidden")));
/* The caps the profile lists for the target type and @cpu, without "cap-": their number (0 without a type). */
uint32_t vcpuchar_ppc_target_raw_caps(const struct ppc_target *t, uint32_t cpu, const char *const **names,
				      const char *const **values) __attribute__((visibility("hidden")));
/* The spapr caps besides the four, in QEMU's order (ppc-parse.c): the @i-th name and the release that added it, or NULL. */
const char *vcpuchar_ppc_other_cap(uint32_t i, uint32_t *since) __attribute__((visibility("hidden")));

/*
 * vcpuchar_ppc_request_check() for a request of the library's size: 0, or
 * the errno vcpuchar_ppc_decide() gives for @req alone, its reason in @err
 * (optional); @t receives the target QEMU's facts (vcpuchar_ppc_target_resolve()).
 */
int vcpuchar_ppc_request_why(const struct vcpuchar_ppc_request *req, struct ppc_target *t, char *err,
			     size_t err_size) __attribute__((visibility("hidden")));
/* The release still has the older pseries-X.Y, @type = X * 100 + Y (not newer than any release). */
bool vcpuchar_ppc_qemu_release_has_older(int release, unsigned type) __attribute__((visibility("hidden")));
/* Whether QEMU @qemu_version marks pseries-@type deprecated (known to); X * 100 + Y. */
bool vcpuchar_ppc_qemu_deprecates(uint32_t qemu_version, unsigned type) __attribute__((visibility("hidden")));
/* 1 when cap-ibs=fixed-na aborts it (measured), else VCPUCHAR_PPC_QEMU_FACT_UNKNOWN. */
uint32_t vcpuchar_ppc_qemu_release_fixed_na(int release) __attribute__((visibility("hidden")));
/*
 * The type QEMU @qemu_version's "pseries" alias names, X * 100 + Y: the
 * target's own pseries-X.Y (a release candidate's: its coming release's),
 * pseries-7.2 for 0 (lib/ppc.md#tcg-default-cpu).
 */
unsigned vcpuchar_ppc_qemu_alias_type(uint32_t qemu_version) __attribute__((visibility("hidden")));
/* Whether release row @release has the power11 CPU model (lib/ppc.md#qemu-versions). */
bool vcpuchar_ppc_qemu_release_power11(int release) __attribute__((visibility("hidden")));
/*
 * vcpuchar_ppc_machine_defaults() and vcpuchar_ppc_guest_view() for values
 * the caller checked: vcpuchar_ppc_decide() checks its request once and
 * hands the resolved machine, CPU and release on.
 */
void vcpuchar_ppc_machine_caps(uint32_t machine, uint32_t cpu, struct vcpuchar_ppc_caps *ret)
	__attribute__((visibility("hidden")));
void vcpuchar_ppc_guest_view_fill(uint64_t r4, uint64_t r5, uint32_t cpu, uint32_t flags,
				  struct vcpuchar_ppc_guest_view *ret) __attribute__((visibility("hidden")));
/*
 * The release's own change to a machine type's default @caps for the guest
 * CPU @cpu: QEMU 9.2 and later lower cap-sbbc to broken for every CPU newer
 * than POWER7 (lib/ppc.md#qemu-versions). Defaults only: caps the caller or
 * host-max sets are not touched.
 */
void vcpuchar_ppc_qemu_release_defaults(int release, uint32_t cpu, struct vcpuchar_ppc_caps *caps)
	__attribute__((visibility("hidden")));
/* "7.2", "10.0.13": the version's text, at most 12 bytes with the NUL. */
void vcpuchar_ppc_qemu_version_text(uint32_t v, char buf[12]) __attribute__((visibility("hidden")));

/* Highest level of @cap (which must be < VCPUCHAR_PPC_N_CAPS): lib/ppc.md#caps-and-levels. */
static inline uint32_t ppc_level_max(uint32_t cap)
{
	switch (cap) {
	case VCPUCHAR_PPC_CAP_CFPC:
	case VCPUCHAR_PPC_CAP_SBBC:
		return VCPUCHAR_PPC_LEVEL_FIXED;
	case VCPUCHAR_PPC_CAP_IBS:
		return VCPUCHAR_PPC_LEVEL_FIXED_NA;
	default:
		return VCPUCHAR_PPC_LEVEL_ON;
	}
}

/*
 * Where cap @cap (< VCPUCHAR_PPC_N_CAPS) lives in @caps. A loop over the
 * caps with these inline compiles to plain field accesses.
 */
static inline uint8_t *ppc_cap_field(struct vcpuchar_ppc_caps *caps, uint32_t cap)
{
	switch (cap) {
	case VCPUCHAR_PPC_CAP_CFPC:
		return &caps->cfpc;
	case VCPUCHAR_PPC_CAP_SBBC:
		return &caps->sbbc;
	case VCPUCHAR_PPC_CAP_IBS:
		return &caps->ibs;
	default:
		return &caps->ccf_assist;
	}
}

static inline uint8_t ppc_cap_level(const struct vcpuchar_ppc_caps *caps, uint32_t cap)
{
	switch (cap) {
	case VCPUCHAR_PPC_CAP_CFPC:
		return caps->cfpc;
	case VCPUCHAR_PPC_CAP_SBBC:
		return caps->sbbc;
	case VCPUCHAR_PPC_CAP_IBS:
		return caps->ibs;
	default:
		return caps->ccf_assist;
	}
}

/* Every level within its cap's range (the highest levels of lib/ppc.md#caps-and-levels). */
static inline bool ppc_caps_ok(const struct vcpuchar_ppc_caps *caps)
{
	return caps->cfpc <= VCPUCHAR_PPC_LEVEL_FIXED && caps->sbbc <= VCPUCHAR_PPC_LEVEL_FIXED &&
	       caps->ibs <= VCPUCHAR_PPC_LEVEL_FIXED_NA && caps->ccf_assist <= VCPUCHAR_PPC_LEVEL_ON;
}

/*
 * Lowers @caps to what the guest CPU model can use (QEMU hw/ppc/spapr_caps.c
 * default_caps_with_cpu()): without ISA 2.07 (POWER7) cfpc is broken.
 */
void vcpuchar_ppc_caps_limit_cpu(struct vcpuchar_ppc_caps *caps, uint32_t cpu);

/* A known enum vcpuchar_ppc_cpu value. */
static inline bool ppc_cpu_ok(uint32_t cpu)
{
	return cpu == VCPUCHAR_PPC_CPU_DEFAULT || (cpu >= VCPUCHAR_PPC_CPU_POWER7 && cpu <= VCPUCHAR_PPC_CPU_POWER11);
}

/*
 * lib/ppc.md#host-levels: the levels QEMU derives from host words that carry
 * information (ppc_host_has_info()); no checks, the callers made them.
 * Inline: host mode and the decide path call it on every answer.
 */
static inline void ppc_levels(const struct vcpuchar_ppc_host *host, struct vcpuchar_ppc_caps *ret)
{
	uint64_t c = host->character, b = host->behaviour, cm = host->character_mask, bm = host->behaviour_mask;
	struct vcpuchar_ppc_caps l = { 0 };

	/* target/ppc/kvm.c parse_cap_ppc_safe_cache(); POWER8 needs no private L1D (QEMU 072f416a53). */
	if (ppc_known_clear(b, bm, VCPUCHAR_H_CPU_BEHAV_L1D_FLUSH_PR))
		l.cfpc = VCPUCHAR_PPC_LEVEL_FIXED;
	else if ((ppc_known_set(c, cm, VCPUCHAR_H_CPU_CHAR_L1D_THREAD_PRIV) || host->power8) &&
		 ppc_known_set(c, cm, VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_ORI30 | VCPUCHAR_H_CPU_CHAR_L1D_FLUSH_TRIG2))
		l.cfpc = VCPUCHAR_PPC_LEVEL_WORKAROUND;

	/* parse_cap_ppc_safe_bounds_check() */
	if (ppc_known_clear(b, bm, VCPUCHAR_H_CPU_BEHAV_BNDS_CHK_SPEC_BAR))
		l.sbbc = VCPUCHAR_PPC_LEVEL_FIXED;
	else if (ppc_known_set(c, cm, VCPUCHAR_H_CPU_CHAR_SPEC_BAR_ORI31))
		l.sbbc = VCPUCHAR_PPC_LEVEL_WORKAROUND;

	/* parse_cap_ppc_safe_indirect_branch(): first matching row wins. */
	if (ppc_known_clear(b, bm, VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE) &&
	    ppc_known_clear(c, cm, VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED) &&
	    ppc_known_clear(c, cm, VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED))
		l.ibs = VCPUCHAR_PPC_LEVEL_FIXED_NA;
	else if (ppc_known_set(b, bm, VCPUCHAR_H_CPU_BEHAV_FLUSH_COUNT_CACHE))
		l.ibs = VCPUCHAR_PPC_LEVEL_WORKAROUND;
	else if (ppc_known_set(c, cm, VCPUCHAR_H_CPU_CHAR_COUNT_CACHE_DISABLED))
		l.ibs = VCPUCHAR_PPC_LEVEL_FIXED_CCD;
	else if (ppc_known_set(c, cm, VCPUCHAR_H_CPU_CHAR_BCCTRL_SERIALISED))
		l.ibs = VCPUCHAR_PPC_LEVEL_FIXED_IBS;

	/* parse_cap_ppc_count_cache_flush_assist(): independent of ibs. */
	if (ppc_known_set(c, cm, VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST))
		l.ccf_assist = VCPUCHAR_PPC_LEVEL_ON;

	*ret = l;
}

/* The R4 and R5 bits one cap level adds: [cap][level] (lib/ppc-hcall.c). */
struct ppc_hcall_bits {
	uint64_t r4, r5;
};
extern const struct ppc_hcall_bits vcpuchar_ppc_level_bits[3][5] __attribute__((visibility("hidden")));

/* lib/ppc.md#r4-and-r5-from-caps for caps that passed ppc_caps_ok(): three lookups, no branch per cap. */
static inline void ppc_caps_hcall(const struct vcpuchar_ppc_caps *caps, uint64_t *r4, uint64_t *r5)
{
	const struct ppc_hcall_bits *cfpc = &vcpuchar_ppc_level_bits[VCPUCHAR_PPC_CAP_CFPC][caps->cfpc];
	const struct ppc_hcall_bits *sbbc = &vcpuchar_ppc_level_bits[VCPUCHAR_PPC_CAP_SBBC][caps->sbbc];
	const struct ppc_hcall_bits *ibs = &vcpuchar_ppc_level_bits[VCPUCHAR_PPC_CAP_IBS][caps->ibs];

	/* QEMU starts from HON_BRANCH_HINTS & ~THR_RECONF_TRIG and FAVOUR_SECURITY. */
	*r4 = VCPUCHAR_H_CPU_CHAR_BRANCH_HINTS_HONORED | cfpc->r4 | sbbc->r4 | ibs->r4 |
	      /* ccf-assist counts only with ibs=workaround. */
	      (caps->ibs == VCPUCHAR_PPC_LEVEL_WORKAROUND && caps->ccf_assist == VCPUCHAR_PPC_LEVEL_ON ?
		       VCPUCHAR_H_CPU_CHAR_BCCTR_FLUSH_ASSIST : 0);
	*r5 = VCPUCHAR_H_CPU_BEHAV_FAVOUR_SECURITY | cfpc->r5 | sbbc->r5 | ibs->r5;
}

#endif
