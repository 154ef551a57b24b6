/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * libvcpuchar, POWER (pseries): the QEMU model and the orchestrator's calls,
 * beside the VMM core of <vcpuchar/ppc.h> (which includes this header, so
 * either include works). What is here: QEMU releases and versions, machine
 * types and their defaults, parsers of pasted text (host words, -machine
 * lines, libvirt XML), the request check, the start verdict, the warnings,
 * migration checks, the fleet baseline and the caps in QEMU's and libvirt's
 * spellings. Rules: /usr/share/doc/libvcpuchar/ppc.md.
 */
#ifndef VCPUCHAR_PUBLIC_PPC_QEMU_H
#define VCPUCHAR_PUBLIC_PPC_QEMU_H

#include "ppc.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- types ---- */

/* A fact of a QEMU release no source was found for (/usr/share/doc/libvcpuchar/ppc.md#qemu-versions). Since: 1.2 */
#define VCPUCHAR_PPC_QEMU_FACT_UNKNOWN 0xffffffffu

/**
 * struct vcpuchar_ppc_qemu_release - what one QEMU release has
 * @size: sizeof(struct vcpuchar_ppc_qemu_release), set by the caller
 * @answered: the release whose row answers, VCPUCHAR_PPC_QEMU_VERSION(major,
 *            minor, 0), as vcpuchar_ppc_qemu_version_check() names it
 * @oldest_type: the oldest pseries-X.Y it registers, as X * 100 + Y (201 for
 *               pseries-2.1; 502 for 11.1)
 * @newest_type: the newest, X * 100 + Y: the release's own version (the
 *               "pseries" alias)
 * @has_sxxm: 1 when it has pseries-2.12-sxxm, else 0
 * @deprecated_upto: the newest type it marks deprecated (X * 100 + Y; every
 *                   type from @oldest_type up to it warns), 0 for none, or
 *                   VCPUCHAR_PPC_QEMU_FACT_UNKNOWN
 * @sbbc_broken_p8: 1 when the default cap-sbbc is broken for every guest CPU
 *                  but POWER7, 0 when it is the machine type's
 * @fixed_na_aborts: 1 when cap-ibs=fixed-na aborts QEMU at the guest's first
 *                   H_GET_CPU_CHARACTERISTICS (measured), or
 *                   VCPUCHAR_PPC_QEMU_FACT_UNKNOWN
 * @has_power11: 1 when it has the power11 CPU model, else 0
 * @unknown_facts: since 1.3: the members this version's answer does not
 *                 know, VCPUCHAR_PPC_QEMU_UNKNOWN_* bits; each reads
 *                 VCPUCHAR_PPC_QEMU_FACT_UNKNOWN
 *
 * A member that may be VCPUCHAR_PPC_QEMU_FACT_UNKNOWN says so; the others
 * are sourced for every release (/usr/share/doc/libvcpuchar/ppc.md#qemu-versions).
 * A release candidate (micro 90 and up) is answered as the release it leads
 * to; past the newest row, @oldest_type and @deprecated_upto follow QEMU's
 * machine lifecycle for the version itself (since 1.3; 1.2 gave the newest
 * row's).
 * Past the newest row (a version newer than 11.1, or a candidate of one:
 * 11.1.90), @sbbc_broken_p8 and @has_power11 are unknown: since 1.3 they
 * read VCPUCHAR_PPC_QEMU_FACT_UNKNOWN, with their bits in @unknown_facts,
 * for a caller whose @size covers @unknown_facts. A smaller (1.2) struct
 * keeps the 1.2 contract, 0 or 1: the newest row's values there.
 * Grows at its end (@size). Since: 1.2
 */
struct vcpuchar_ppc_qemu_release {
	uint32_t size;
	uint32_t answered;
	uint32_t oldest_type;
	uint32_t newest_type;
	uint32_t has_sxxm;
	uint32_t deprecated_upto;
	uint32_t sbbc_broken_p8;
	uint32_t fixed_na_aborts;
	uint32_t has_power11;
	uint32_t unknown_facts;
};

/* Bits of struct vcpuchar_ppc_qemu_release's unknown_facts: the member is unknown. Since: 1.3 */
#define VCPUCHAR_PPC_QEMU_UNKNOWN_DEPRECATED_UPTO (1u << 0)
#define VCPUCHAR_PPC_QEMU_UNKNOWN_SBBC_BROKEN_P8 (1u << 1)
#define VCPUCHAR_PPC_QEMU_UNKNOWN_FIXED_NA_ABORTS (1u << 2)
#define VCPUCHAR_PPC_QEMU_UNKNOWN_HAS_POWER11 (1u << 3)

/*
 * The start verdict: every cap QEMU checks against KVM when it starts a
 * pseries machine (hw/ppc/spapr_caps.c spapr_caps_apply(), which stops at
 * the first refusal), with the levels QEMU's machine type gives it.
 * Since: 1.2
 */

/* Caps of the start verdict besides enum vcpuchar_ppc_cap, numbered after
 * them. Since: 1.2 */
enum vcpuchar_ppc_start_cap {
	VCPUCHAR_PPC_START_HTM = 4,               /* cap-htm */
	VCPUCHAR_PPC_START_HPT_MAX_PAGE_SIZE = 5, /* cap-hpt-max-page-size */
	VCPUCHAR_PPC_START_NESTED_HV = 6,         /* cap-nested-hv */
	VCPUCHAR_PPC_START_LARGE_DECR = 7,        /* cap-large-decr */
	VCPUCHAR_PPC_START_FWNMI = 8,             /* cap-fwnmi */
	VCPUCHAR_PPC_START_AIL_MODE_3 = 9,        /* cap-ail-mode-3, QEMU 8.1 and later (Since: 1.3) */
};
/*
 * Entries of struct vcpuchar_ppc_start in this release: 9 in 1.2, 10 from
 * 1.3. A caller built against 1.2 passes a struct with room for 9; it gets
 * the first 9 (n_entries 9) and the counts and paste of every entry.
 * Since: 1.2
 */
#define VCPUCHAR_PPC_START_CAPS 10
/* The bits of struct vcpuchar_ppc_request's start_set: caps 4 to 9. Since: 1.3 */
#define VCPUCHAR_PPC_START_SET_ALL 0x3f0u

/* What QEMU does with one cap at start. Since: 1.2 */
enum vcpuchar_ppc_verdict {
	VCPUCHAR_PPC_VERDICT_STARTS = 0,  /* QEMU accepts the level */
	VCPUCHAR_PPC_VERDICT_REFUSED = 1, /* QEMU refuses to start: @fix lifts it */
	VCPUCHAR_PPC_VERDICT_UNKNOWN = 2, /* a fact it needs is unknown: @reason names it */
	/* Only in struct vcpuchar_ppc_machine_cap: a cap this library does not
	 * judge at start; @reason says why. Since: 1.3 */
	VCPUCHAR_PPC_VERDICT_NOT_JUDGED = 3,
};

/* Room for a start entry's texts, NUL included. Since: 1.2 */
#define VCPUCHAR_PPC_START_NAME_LEN 24
#define VCPUCHAR_PPC_START_FIX_LEN 40
#define VCPUCHAR_PPC_START_REASON_LEN 256
#define VCPUCHAR_PPC_START_PASTE_LEN 256

/**
 * struct vcpuchar_ppc_start_entry - what QEMU does with one cap at start
 * @cap: enum vcpuchar_ppc_cap or enum vcpuchar_ppc_start_cap
 * @verdict: enum vcpuchar_ppc_verdict
 * @level: the level QEMU starts with: for the caps of enum
 *         vcpuchar_ppc_cap the effective level of the decision; for on/off
 *         caps 0 (off) or 1 (on); for hpt-max-page-size the page shift
 *         (16: 64 KiB), 0 when QEMU computes it at start (pseries-2.12 and
 *         older: from the host, never refused)
 * @reserved: zero
 * @name: QEMU's cap name without "cap-", e.g. "fwnmi"
 * @fix: for REFUSED and UNKNOWN, the -machine property that lets QEMU
 *       start whatever the unknown fact is, e.g. "cap-fwnmi=off",
 *       "cap-hpt-max-page-size=4k"; "" when there is none (STARTS, or a
 *       Spectre cap whose fix is the decision's own caps)
 * @reason: one sentence naming the fact and its source, e.g. QEMU's message
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_start_entry {
	uint32_t cap;
	uint32_t verdict;
	uint32_t level;
	uint32_t reserved;
	char name[VCPUCHAR_PPC_START_NAME_LEN];
	char fix[VCPUCHAR_PPC_START_FIX_LEN];
	char reason[VCPUCHAR_PPC_START_REASON_LEN];
};

/**
 * struct vcpuchar_ppc_start - will QEMU start, cap by cap
 * @size: sizeof(struct vcpuchar_ppc_start), set by the caller
 * @n_refused: entries whose verdict is REFUSED
 * @n_unknown: entries whose verdict is UNKNOWN
 * @n_entries: entries written: every cap this library judges, in @cap
 *             order, or as many as the caller's @size holds
 * @paste: the @fix of every REFUSED entry, comma-separated, to append to
 *         the decision's caps on "-machine pseries,"; "" when none is
 *         needed. An UNKNOWN entry's @fix is not in it: it would cost a
 *         guest whose host may not need it
 * @entries: one per cap; last, so that a later cap grows the struct
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_start {
	uint32_t size;
	uint32_t n_refused;
	uint32_t n_unknown;
	uint32_t n_entries;
	char paste[VCPUCHAR_PPC_START_PASTE_LEN];
	struct vcpuchar_ppc_start_entry entries[VCPUCHAR_PPC_START_CAPS];
};

/* Room for a machine cap's value text, NUL included. Since: 1.3 */
#define VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN 24
/*
 * Entries of struct vcpuchar_ppc_machine_caps in this release: room for
 * every cap of a machine type (QEMU 7.2 has 12, 10.0 has 15). Since: 1.3
 */
#define VCPUCHAR_PPC_MACHINE_CAPS_MAX 32
/* @start_cap of a machine cap without a start entry. Since: 1.3 */
#define VCPUCHAR_PPC_MACHINE_CAP_NO_ENTRY 0xffffffffu

/**
 * struct vcpuchar_ppc_machine_cap - one cap of the target machine type
 * @verdict: enum vcpuchar_ppc_verdict: STARTS, REFUSED, UNKNOWN (a fact
 *           the judgement needs is unknown) or NOT_JUDGED (this library
 *           does not judge the cap)
 * @start_cap: the @cap of its struct vcpuchar_ppc_start_entry (enum
 *             vcpuchar_ppc_cap or enum vcpuchar_ppc_start_cap), or
 *             VCPUCHAR_PPC_MACHINE_CAP_NO_ENTRY
 * @name: QEMU's cap name without "cap-", e.g. "hpt-max-page-size"
 * @default_value: the type's default in QEMU's spelling: a level name
 *                 ("broken", "fixed-ccd"), "on" or "off", a page size in
 *                 bytes as QEMU's qom-get gives it ("65536"); "unknown"
 *                 where neither the profile nor the table knows it
 * @effective: the value QEMU starts with, in the same spelling: the
 *             request's (the decision's effective caps, the caller's
 *             start_levels, a cap-NAME=VALUE of the pasted line), else
 *             @default_value
 * @fix: for REFUSED and UNKNOWN, the -machine property that lets QEMU
 *       start (QEMU's hint), else ""
 * @reason: for REFUSED, QEMU's message in a sentence; for UNKNOWN and
 *          NOT_JUDGED, why it is not judged; for STARTS, why it starts
 *
 * Since: 1.3
 */
struct vcpuchar_ppc_machine_cap {
	uint32_t verdict;
	uint32_t start_cap;
	char name[VCPUCHAR_PPC_START_NAME_LEN];
	char default_value[VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN];
	char effective[VCPUCHAR_PPC_MACHINE_CAP_VALUE_LEN];
	char fix[VCPUCHAR_PPC_START_FIX_LEN];
	char reason[VCPUCHAR_PPC_START_REASON_LEN];
};

/* Where the list of a type's caps comes from. Since: 1.3 */
enum vcpuchar_ppc_machine_caps_source {
	VCPUCHAR_PPC_MACHINE_CAPS_TABLE = 0,   /* the caps of the release (the table) */
	VCPUCHAR_PPC_MACHINE_CAPS_PROFILE = 1, /* every cap-* the QEMU profile lists for the type */
};

/**
 * struct vcpuchar_ppc_machine_caps - every cap of the target machine type
 * @size: sizeof(struct vcpuchar_ppc_machine_caps), set by the caller
 * @source: enum vcpuchar_ppc_machine_caps_source
 * @n_refused: entries whose verdict is REFUSED
 * @n_unknown: entries whose verdict is UNKNOWN
 * @n_not_judged: entries whose verdict is NOT_JUDGED
 * @n_caps: entries written, in QEMU's order of the names (alphabetical,
 *          as qom-list and the profile give them), or as many as the
 *          caller's @size holds
 * @caps: one per cap; last, so that the struct grows at its end
 *
 * Since: 1.3
 */
struct vcpuchar_ppc_machine_caps {
	uint32_t size;
	uint32_t source;
	uint32_t n_refused;
	uint32_t n_unknown;
	uint32_t n_not_judged;
	uint32_t n_caps;
	struct vcpuchar_ppc_machine_cap caps[VCPUCHAR_PPC_MACHINE_CAPS_MAX];
};

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

/* Where a finding of a host-to-host migration arises. Since: 1.2 */
enum vcpuchar_ppc_host_migration_where {
	VCPUCHAR_PPC_AT_SOURCE = 0,      /* QEMU on the source host */
	VCPUCHAR_PPC_AT_DESTINATION = 1, /* QEMU on the destination, started with the source's caps */
};

/* @cap of an entry about the guest CPU rather than a cap. Since: 1.2 */
#define VCPUCHAR_PPC_CAP_GUEST_CPU VCPUCHAR_PPC_N_CAPS

/**
 * struct vcpuchar_ppc_host_migration_entry - one finding of a host-to-host migration
 * @where: enum vcpuchar_ppc_host_migration_where
 * @severity: VCPUCHAR_SEVERITY_ERROR (QEMU refuses to start or to migrate)
 *            or VCPUCHAR_SEVERITY_WARNING (it goes on; for a cap below the
 *            destination's level: the guest keeps the source's view)
 * @cap: enum vcpuchar_ppc_cap, or VCPUCHAR_PPC_CAP_GUEST_CPU when the guest
 *       CPU cannot run on the host at @where
 * @requested: the level QEMU is started with (the source's decision)
 * @host: the level the host at @where supports
 * @reserved: zero (explicit padding)
 * @explanation: for a destination ERROR, what that host would have to
 *               change (static text), else ""
 * @message: QEMU's words, or the library's for the guest CPU,
 *           NUL-terminated; front ends name the host in front
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_host_migration_entry {
	uint32_t where;
	uint32_t severity;
	uint32_t cap;
	uint8_t requested;
	uint8_t host;
	uint8_t reserved[2];
	const char *explanation;
	char message[256];
};

/* Entries of struct vcpuchar_ppc_host_migration: two guest CPU refusals, or
 * per cap a source error and a destination finding. Since: 1.2 */
#define VCPUCHAR_PPC_HOST_MIGRATION_MAX (2 * VCPUCHAR_PPC_N_CAPS)

/**
 * struct vcpuchar_ppc_host_migration - a guest decided on one host and migrated to another
 * @size: sizeof(struct vcpuchar_ppc_host_migration), set by the caller
 * @ok: 1 when QEMU starts the guest on both hosts and migrates it (no
 *      ERROR entry)
 * @n_errors: ERROR entries
 * @n_warnings: WARNING entries
 * @n_entries: entries used: source, then destination findings
 * @cpu: the guest CPU (enum vcpuchar_ppc_cpu): the given one, else the
 *       source host's family under KVM (vcpuchar_ppc_host_cpu()); POWER9
 *       under TCG when none is given
 * @run_caps: the caps QEMU runs with on both hosts: the source's decision
 *            spelled as the paste line (vcpuchar_ppc_caps_format(), so
 *            ibs=fixed-na runs as broken, the same R4/R5)
 * @dst_host_caps: the levels the destination supports
 *                 (vcpuchar_ppc_host_levels())
 * @r4: R4 the guest was told at boot on the source, and keeps
 * @r5: R5 likewise
 * @entries: the findings
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_host_migration {
	uint32_t size;
	uint32_t ok;
	uint32_t n_errors;
	uint32_t n_warnings;
	uint32_t n_entries;
	uint32_t cpu;
	struct vcpuchar_ppc_caps run_caps;
	struct vcpuchar_ppc_caps dst_host_caps;
	uint64_t r4;
	uint64_t r5;
	struct vcpuchar_ppc_host_migration_entry entries[VCPUCHAR_PPC_HOST_MIGRATION_MAX];
};

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
	/* The caps hold cap-ibs=fixed-na, on which QEMU 7.2 (Debian 12) and
	 * 10.0 (Debian 13) abort at the guest's first
	 * H_GET_CPU_CHARACTERISTICS; the spellings give cap-ibs=broken, which
	 * gives the guest identical R4/R5. The text names the request's
	 * qemu_version (Since: 1.1), and says so where that release's abort is
	 * unknown (Since: 1.2). */
	VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT = 1,
	/* The host set bits that its masks do not vouch for (Linux < the 2025
	 * mask change: NO_L1D_FLUSH_ENTRY/UACCESS, NO_STF_BARRIER, ...). */
	VCPUCHAR_PPC_WARNING_HOST_BITS_OUTSIDE_MASKS = 2,
	/* The masks are non-zero but hold no bit the library knows. */
	VCPUCHAR_PPC_WARNING_MASKS_WITHOUT_KNOWN_BITS = 3,
	/* host-max or host mode: QEMU with the machine type's defaults would
	 * refuse to start on this host. */
	VCPUCHAR_PPC_WARNING_DEFAULTS_REFUSED = 4,
	/* host-max or host mode: the defaults pass the Spectre caps' check,
	 * but the guest would run mitigations the host does not need (since
	 * 1.2 the text adds the other caps QEMU refuses or may refuse at start,
	 * vcpuchar_ppc_start_check()). */
	VCPUCHAR_PPC_WARNING_DEFAULTS_BELOW_HOST = 5,
};
/* Highest warning code in this release. Since: 1.0 */
#define VCPUCHAR_PPC_WARNING_MAX 5

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
 * struct vcpuchar_ppc_fleet_opts - optional arguments of vcpuchar_ppc_fleet_baseline_ext()
 * @size: sizeof(struct vcpuchar_ppc_fleet_opts)
 * @flags: must be 0
 * @cpu: enum vcpuchar_ppc_cpu the fleet's guests use; 0 = none given
 * @reserved: must be 0
 * @levels: optional out, as for vcpuchar_ppc_baseline()
 * @held_back: optional out, as for vcpuchar_ppc_baseline()
 * @refused: optional out, an array of 2: on -EXDEV the host refused and the
 *           first host that names an architecture; on -ENOENT the host twice;
 *           on -EEXIST the host given again and its first place
 * @err: optional; on failure one sentence naming the refusal, "" on success
 * @err_size: size of @err in bytes (0 with a NULL @err)
 * @ids: (since 1.3) optional, 2 * @n_hosts values: one pair per host, in
 *       order, that names it (for a profile, its file's st_dev and st_ino):
 *       two hosts with one pair are the same host given twice, refused
 *       before any other rule
 * @qemu_profile: (since 1.3) optional: the target QEMU's profile
 *       (vcpuchar_ppc_qemu_profile_parse()): the fleet's guest CPU, given
 *       or the oldest host's, must be one of its CPU models (-ENOENT, both
 *       @refused entries UINT32_MAX: no host is at fault). NULL: the CPU is
 *       not checked against a QEMU. The fleet's warnings take the profile
 *       in their request (vcpuchar_ppc_fleet_warnings())
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_fleet_opts {
	uint32_t size;
	uint32_t flags;
	uint32_t cpu;
	uint32_t reserved;
	struct vcpuchar_ppc_caps *levels;
	uint32_t *held_back;
	uint32_t *refused;
	char *err;
	size_t err_size;
	const uint64_t *ids;
	const struct vcpuchar_ppc_qemu_profile *qemu_profile;
};

/**
 * struct vcpuchar_ppc_migrate_opts - optional arguments of vcpuchar_ppc_migrate_hosts_ext()
 * @size: sizeof(struct vcpuchar_ppc_migrate_opts)
 * @flags: must be 0
 * @src_result: optional out: the decision on the source host (@size set by
 *              the caller), unless the guest CPU is refused
 *
 * The target QEMU, its table row or its profile, is the request's
 * (@req->qemu_version, @req->qemu_profile): both hosts run it.
 * @err: optional; on failure one sentence naming the refusal, "" on success
 * @err_size: size of @err in bytes (0 with a NULL @err)
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_migrate_opts {
	uint32_t size;
	uint32_t flags;
	struct vcpuchar_ppc_result *src_result;
	char *err;
	size_t err_size;
};

/**
 * struct vcpuchar_ppc_parse_opts - where the pasted-text parsers write their words
 * @size: sizeof(struct vcpuchar_ppc_parse_opts)
 * @flags: must be 0
 * @others: optional out: on success the items read but not used,
 *          comma-separated ("x-vof=on, acpi"), "" when none, each cut to 64
 *          bytes and "...", the list cut to @others_size; "" on failure
 * @others_size: size of @others in bytes (0 with a NULL @others)
 * @err: optional out: on failure the cause, naming the item; "" on success
 * @err_size: size of @err in bytes (0 with a NULL @err)
 * @qemu_profile: (since 1.3) optional: the target QEMU's profile
 *       (vcpuchar_ppc_qemu_profile_parse()) in place of the release table:
 *       vcpuchar_ppc_migrate_caps_parse() takes the defaults of its default
 *       type ("pseries") for the caps a list leaves out
 * @request: (since 1.3) optional, read by vcpuchar_ppc_libvirt_parse_ext()
 *       only: a request (of 1.3 or later, else -EINVAL) that receives the
 *       start verdict's levels of the elements libvirt passes to QEMU as
 *       caps besides the four: <htm state>, <nested-hv state> (0 off, 1 on)
 *       and <hpt><maxpagesize unit>N</maxpagesize></hpt> (its page shift,
 *       12 to 34), each bit ORed into @request->start_set and its level
 *       into @request->start_levels; NULL: those elements are named among
 *       the items not read
 *       (/usr/share/doc/libvcpuchar/ppc.md#pasted-lines)
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_parse_opts {
	uint32_t size;
	uint32_t flags;
	char *others;
	size_t others_size;
	char *err;
	size_t err_size;
	const struct vcpuchar_ppc_qemu_profile *qemu_profile;
	struct vcpuchar_ppc_request *request;
};

/* How vcpuchar_ppc_host_cpu_ext() came to its guest CPU. Since: 1.2 */
enum vcpuchar_ppc_cpu_basis {
	VCPUCHAR_PPC_CPU_BASIS_CHECKED = 0,   /* the caller's CPU checked against the host's family, or the family */
	VCPUCHAR_PPC_CPU_BASIS_ASSUMED = 1,   /* no CPU given and no family known: POWER9 assumed */
	VCPUCHAR_PPC_CPU_BASIS_UNCHECKED = 2, /* the caller's CPU; the host names no family to check it against */
};

/* Room for the note of struct vcpuchar_ppc_guest_cpu, NUL included. Since: 1.2 */
#define VCPUCHAR_PPC_CPU_NOTE_LEN 256

/**
 * struct vcpuchar_ppc_guest_cpu - the guest CPU a host runs, and how it was found
 * @size: sizeof(struct vcpuchar_ppc_guest_cpu), set by the caller
 * @cpu: the guest CPU (enum vcpuchar_ppc_cpu, never 0)
 * @basis: enum vcpuchar_ppc_cpu_basis
 * @families: bit (1u << enum vcpuchar_ppc_cpu) of every CPU the host runs
 *            under KVM-HV, as vcpuchar_ppc_host_cpus() gives them
 * @note: for ASSUMED and UNCHECKED the sentence that says so, else ""
 *
 * Since: 1.2
 */
struct vcpuchar_ppc_guest_cpu {
	uint32_t size;
	uint32_t cpu;
	uint32_t basis;
	uint32_t families;
	char note[VCPUCHAR_PPC_CPU_NOTE_LEN];
};

/* ---- the model and orchestrator calls ---- */

/**
 * vcpuchar_ppc_host_parse() - host facts from the four words as text
 * @words: "C,B,CM,BM": character, behaviour, character_mask and
 *         behaviour_mask exactly as KVM_PPC_GET_CPU_CHAR returns them, each
 *         0x and hex digits, at most 16 of them significant (leading zeros
 *         are fine), or a single digit 0-9 without 0x (the same in either
 *         base, so "1,2,3,4" is four words); no spaces; the CLI's --chars
 * @ret: receives the facts (@ret->size set by the caller): source CALLER,
 *       valid by the masks, the four words; every other field zero (set
 *       @ret->power8 afterwards for a POWER8-family host)
 * @err, @err_size: optional message buffer, naming the word and its value
 *
 * The number rule is the one of host profiles
 * (/usr/share/doc/libvcpuchar/profiles.md#format): digits without 0x are refused, never
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
 * vcpuchar_ppc_machine_parse() - map a QEMU machine type name to its defaults
 * @name: "pseries", "pseries-X.Y" (two numbers without leading zeros, a
 *        version QEMU had: 2.1-2.12, 3.0-3.1, X.0-X.2 for 4 to 10, 11.0-11.1), or
 *        "pseries-2.12-sxxm"
 * @ret: receives an enum vcpuchar_ppc_machine value
 * @err, @err_size: optional message buffer
 *
 * Versions map by number (QEMU hw/ppc/spapr.c, /usr/share/doc/libvcpuchar/ppc.md#machine-defaults):
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

/**
 * vcpuchar_ppc_qemu_version_parse() - a QEMU version from its text
 * @s: "MAJOR.MINOR" or "MAJOR.MINOR.MICRO" in decimal, no leading zeros,
 *     minor and micro 0-99 (what `qemu-system-ppc64 --version` prints after
 *     "QEMU emulator version"), e.g. "7.2", "10.0", "10.0.13"; the CLI's
 *     --qemu-version
 * @ret: receives VCPUCHAR_PPC_QEMU_VERSION(major, minor, micro)
 * @err, @err_size: optional message buffer, naming @s and the rule it breaks
 *
 * A version newer than any in this library's release table is accepted (0
 * is returned): vcpuchar_ppc_qemu_version_check() says whose row answers
 * for it. Pure: no allocation.
 *
 * Return: 0; -EINVAL for NULL @s or @ret, a malformed version, or one older
 * than QEMU 7.2, the oldest supported (/usr/share/doc/libvcpuchar/ppc.md#qemu-versions); @ret is
 * then unchanged.
 *
 * Since: 1.1
 */
int vcpuchar_ppc_qemu_version_parse(const char *s, uint32_t *ret, char *err, size_t err_size);

/**
 * vcpuchar_ppc_qemu_version_check() - whose facts answer for a QEMU version
 * @qemu_version: VCPUCHAR_PPC_QEMU_VERSION() value, or 0 for "not given"
 * @answered: optional; receives the release whose row answers, as
 *            VCPUCHAR_PPC_QEMU_VERSION(major, minor, 0): 70200 to 110100
 * @note, @note_size: optional: one sentence a caller should show whenever the
 *        return is not 0, naming both versions ("QEMU 12.0 is newer than
 *        11.1, ...: the answer is for QEMU 11.1"), "" for 0; cut to @note_size
 *
 * A row per QEMU release from 7.2 to 11.1 answers for its major.minor (any
 * micro); a version that is no release (8.3) or newer than 11.1 is answered
 * by the release before it, plus the machine types upstream added up to the
 * version: /usr/share/doc/libvcpuchar/ppc.md#qemu-versions. Pure.
 *
 * Return: 0 when @qemu_version belongs to a release with a row; 1 when it
 * is 0 (the answer is for QEMU 7.2, the oldest supported); 2 when another
 * release's row stands in; -EINVAL for a non-zero value below 70200 or
 * above 999999 (99.99.99, the encoding's highest), or NULL @note with
 * @note_size > 0 (@answered and @note then unchanged).
 *
 * Since: 1.1
 */
int vcpuchar_ppc_qemu_version_check(uint32_t qemu_version, uint32_t *answered, char *note, size_t note_size);

/**
 * vcpuchar_ppc_machine_parse_qemu() - a machine type, as a given QEMU knows it
 * @name: as for vcpuchar_ppc_machine_parse()
 * @qemu_version: the target QEMU, VCPUCHAR_PPC_QEMU_VERSION() value, or 0
 *                for the oldest supported (7.2)
 * @ret: receives an enum vcpuchar_ppc_machine value, only on success
 * @err, @err_size: optional message buffer
 *
 * vcpuchar_ppc_machine_parse() (every type upstream QEMU ever had), then
 * whether the target QEMU has the type; the types of each release, and of a
 * version without a row: /usr/share/doc/libvcpuchar/ppc.md#qemu-versions.
 *
 * Return: 0; -EINVAL as vcpuchar_ppc_machine_parse(), for an invalid
 * @qemu_version, or (since 1.2) for a pseries-X.Y newer than pseries-11.1
 * that a target newer than the table may have (the message says its
 * defaults are unknown here: /usr/share/doc/libvcpuchar/ppc.md#unknown-types);
 * -ENOENT for a type the target QEMU does not have (the message names the
 * type, the target version and the range it has).
 *
 * Since: 1.1
 */
int vcpuchar_ppc_machine_parse_qemu(const char *name, uint32_t qemu_version, uint32_t *ret, char *err,
				    size_t err_size);

/**
 * vcpuchar_ppc_machine_line_parse() - read a whole QEMU -machine value into a request
 * @line: what follows "-machine", e.g. "pseries-7.1,cap-cfpc=broken,x-vof=on"
 * @req: the request to fill (@size set): reads @qemu_version; writes only
 *       @machine, @accel ("accel=kvm|tcg"), the caps named into @caps and
 *       their bits (1u << enum vcpuchar_ppc_cap) into @caps_set, and (since
 *       1.3, where @size has them) the other caps with a start entry into
 *       @start_levels and @start_set, "max-cpu-compat=powerN" (7 to 11)
 *       into @max_cpu_compat
 * @err, @err_size: optional: on failure the cause, naming the item; on
 *        success the other items, not judged ("x-vof=on, cap-vsx=on"; a 1.2
 *        caller's request also lists the 1.3 ones), "" when none, each cut
 *        to 64 bytes and "...", the list to @err_size
 *
 * The type as vcpuchar_ppc_machine_parse_qemu() reads it, the caps as
 * vcpuchar_ppc_caps_parse(); what is refused and why:
 * /usr/share/doc/libvcpuchar/ppc.md#pasted-lines. Pure: no allocation.
 * Since 1.3, with @req->qemu_profile the type is the binary's (-ENOENT
 * naming its types), and a cap-* item is taken when the type's properties
 * in the profile have it (judged where the library knows it, else named
 * among the other items) and refused when they do not
 * (/usr/share/doc/libvcpuchar/ppc.md#qemu-profiles).
 *
 * Return: 0; 1 for a type read as VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, @req
 * and @err written as for 0 (/usr/share/doc/libvcpuchar/ppc.md#unknown-types);
 * -EINVAL for NULL @line, a NULL or bad-sized @req, an empty @line or a
 * refused item; -EINVAL or -ENOENT for the type, from
 * vcpuchar_ppc_machine_parse_qemu(). On failure @req is unchanged. Superseded
 * by vcpuchar_ppc_machine_line_parse_ext() (doc/stability.md#growing-the-api).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_machine_line_parse(const char *line, struct vcpuchar_ppc_request *req, char *err,
				    size_t err_size);

/**
 * vcpuchar_ppc_libvirt_parse() - read a libvirt <features> fragment
 * @xml: "<features>...</features>" or the elements inside it alone
 *       ("<cfpc value='broken'/><ibs value='fixed-ccd'/>"), white space allowed
 * @caps: receives the levels of the caps named; other caps are left as they are
 * @set: receives the bit (1u << enum vcpuchar_ppc_cap) of each cap named
 * @err, @err_size: optional: on failure the cause, naming the element or
 *        byte; on success the other elements directly inside <features>
 *        ("acpi, htm"), "" when none, each cut to 64 bytes and "...", the
 *        list to @err_size
 *
 * Reads <cfpc>, <sbbc>, <ibs> and <ccf-assist> as libvirt's schema does; what
 * is refused and skipped: /usr/share/doc/libvcpuchar/ppc.md#pasted-lines.
 * Reads VCPUCHAR_PPC_FORMAT_LIBVIRT text back. Pure: no allocation.
 *
 * Return: 0; -EINVAL for NULL arguments or a refused fragment (@caps and
 * @set then unchanged). Superseded by vcpuchar_ppc_libvirt_parse_ext()
 * (doc/stability.md#growing-the-api).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_libvirt_parse(const char *xml, struct vcpuchar_ppc_caps *caps, uint32_t *set, char *err,
			       size_t err_size);

/**
 * vcpuchar_ppc_qemu_release_get() - the release table's row for a QEMU version
 * @qemu_version: VCPUCHAR_PPC_QEMU_VERSION() value, or 0 for the oldest (7.2)
 * @ret: receives the row (as much as @ret->size holds)
 *
 * The row answers as vcpuchar_ppc_qemu_version_check() says: its own row
 * for a release from 7.2 to 11.1 (any micro), the nearest release before a
 * version that is no release (8.3), the newest row for a newer version,
 * whose facts the row does not fix read as unknown (see the struct; since
 * 1.3). Pure: no allocation.
 *
 * Return: 0; -EINVAL for an invalid @qemu_version, NULL @ret or a @size
 * below the 1.2 struct's (@ret unchanged).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_qemu_release_get(uint32_t qemu_version, struct vcpuchar_ppc_qemu_release *ret);

/*
 * QEMU profiles: what one qemu-system-ppc64 binary answered over QMP
 * (vcpuchar qemu probe --save), read with libc alone
 * (/usr/share/doc/libvcpuchar/profiles.md, "QEMU profiles";
 * /usr/share/doc/libvcpuchar/ppc.md#qemu-profiles).
 *
 * struct vcpuchar_ppc_qemu_profile is opaque: a binary's facts vary in
 * size (tens of machine types, downstream ones included, and CPU models
 * with their defaults), so a caller-owned struct would need fixed maxima
 * that a later QEMU outgrows and a layout that could only grow at its end
 * (doc/stability.md#growing-the-api). The parse allocates once; every
 * decision that reads it afterwards allocates nothing. Since: 1.3
 */

/**
 * vcpuchar_ppc_qemu_profile_parse() - read a QEMU profile's text
 * @text: the file's bytes (need not be NUL-terminated)
 * @len: their number, at most 1 MiB
 * @ret: receives the profile; free it with vcpuchar_ppc_qemu_profile_free()
 * @err: optional; on failure the cause with its line number ("line 12:
 *       [caps pseries-7.2 power9] cap-cfpc: 'maybe' is not a level ..."),
 *       "" on success
 * @err_size: size of @err in bytes (0 with a NULL @err)
 *
 * Return: 0; -EINVAL for NULL arguments or a malformed profile (a missing
 * [qemu] group or key, a type listed without its [machine TYPE] or
 * [caps TYPE CPU] groups, a value that is not one QEMU gives), @ret then
 * NULL; -ENOMEM.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_qemu_profile_parse(const char *text, size_t len, struct vcpuchar_ppc_qemu_profile **ret,
				    char *err, size_t err_size);

/**
 * vcpuchar_ppc_qemu_profile_free() - free a profile
 * @profile: from vcpuchar_ppc_qemu_profile_parse(), or NULL
 *
 * Return: nothing; the requests that point at @profile must not be used
 * afterwards.
 *
 * Since: 1.3
 */
void vcpuchar_ppc_qemu_profile_free(struct vcpuchar_ppc_qemu_profile *profile);

/**
 * vcpuchar_ppc_qemu_profile_version() - the version of the profiled QEMU
 * @profile: a parsed profile
 *
 * Return: its query-version, VCPUCHAR_PPC_QEMU_VERSION(major, minor,
 * micro); 0 for a NULL @profile. Pure: no allocation.
 *
 * Since: 1.3
 */
uint32_t vcpuchar_ppc_qemu_profile_version(const struct vcpuchar_ppc_qemu_profile *profile);

/**
 * struct vcpuchar_ppc_qemu_machine - one machine type of a profiled QEMU
 * @size: sizeof(struct vcpuchar_ppc_qemu_machine), set by the caller
 * @machine: its class (enum vcpuchar_ppc_machine;
 *           VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN for a downstream type or
 *           one newer than this library's names), for the request's @machine
 * @default_cpu: the family (enum vcpuchar_ppc_cpu) of the model the type
 *               starts with when -cpu is not given, 0 when it is none of
 *               POWER7 to POWER11
 * @deprecated: 1 when the binary marks the type deprecated (it warns and
 *              starts), 0 when not, 2 when the profile does not say
 * @reserved: zero
 * @name: the profile's own copy of the type's name (the alias resolved),
 *        for the request's @qemu_machine; valid while the profile lives
 *
 * Grows at its end (@size). Since: 1.3
 */
struct vcpuchar_ppc_qemu_machine {
	uint32_t size;
	uint32_t machine;
	uint32_t default_cpu;
	uint32_t deprecated;
	const char *name;
};

/**
 * vcpuchar_ppc_qemu_profile_machine() - a machine type of the profiled QEMU
 * @profile: a parsed profile
 * @name: a type name as -machine takes it: "pseries" (the profile's
 *        default type), "pseries-7.2", "pseries-rhel9.2.0"
 * @ret: receives the type (as much as @ret->size holds)
 * @err: optional; on failure the cause, naming the binary's types
 * @err_size: size of @err in bytes (0 with a NULL @err)
 *
 * Pure: no allocation.
 *
 * Return: 0; -EINVAL for NULL arguments or a bad @ret->size; -ENOENT when
 * the binary has no such type.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_qemu_profile_machine(const struct vcpuchar_ppc_qemu_profile *profile, const char *name,
				      struct vcpuchar_ppc_qemu_machine *ret, char *err, size_t err_size);

/**
 * vcpuchar_ppc_qemu_profile_deprecated() - whether a profiled QEMU warns for a machine type
 * @profile: a parsed QEMU profile
 * @name: one of its machine types ("pseries": its default type)
 * @note: optional; receives what QEMU does and what to do ("QEMU 7.2.22
 *        (/usr/bin/qemu-system-ppc64, its profile) marks machine type
 *        'pseries-X.Y' deprecated: it warns and starts; pin pseries-X.Z or
 *        newer ..."), "" when it is not deprecated; on -ENOENT the types
 *        the binary has
 * @note_size: size of @note in bytes (0 with a NULL @note)
 *
 * vcpuchar_ppc_machine_deprecated() for a QEMU profile: the binary's own
 * flag (QMP query-machines "deprecated", /usr/share/doc/libvcpuchar/ppc.md#qemu-profiles),
 * downstream types included, in place of the release table's lifecycle.
 * The pin is the oldest newer upstream-named type the binary does not mark
 * deprecated (none named when there is none).
 *
 * Return: 1 deprecated, 0 not, 2 unknown (the profile does not say);
 * -ENOENT when the binary has no such type; -EINVAL for NULL arguments.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_qemu_profile_deprecated(const struct vcpuchar_ppc_qemu_profile *profile, const char *name,
					 char *note, size_t note_size);

/**
 * vcpuchar_ppc_machine_deprecated() - whether a QEMU release warns for a machine type
 * @name: a machine type name vcpuchar_ppc_machine_parse_qemu() accepts for
 *        @qemu_version
 * @qemu_version: VCPUCHAR_PPC_QEMU_VERSION() value, or 0 for the oldest (7.2)
 * @note: optional; receives QEMU's warning and what to do ("QEMU 10.0 warns:
 *        Machine type 'pseries-6.0' is deprecated ...; pin pseries-7.1 or
 *        newer"), or why it is unknown; "" for 0; cut to @note_size
 * @note_size: size of @note in bytes (0 with a NULL @note)
 *
 * Return: 0 when the release does not mark the type deprecated; 1 when it
 * does (QEMU prints its warning at start and starts); 2 when the release's
 * deprecations are unknown (no source found); -EINVAL or -ENOENT as
 * vcpuchar_ppc_machine_parse_qemu() (@note then holds its message).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_machine_deprecated(const char *name, uint32_t qemu_version, char *note, size_t note_size);

/**
 * vcpuchar_ppc_host_cpu() - the guest CPU a host runs under KVM-HV
 * @host: host facts, or NULL for none
 * @cpu: enum vcpuchar_ppc_cpu the caller asks for; 0 = none given
 * @ret: receives the guest CPU (enum vcpuchar_ppc_cpu, never 0): @cpu when
 *       given, else the host's family (QEMU under KVM makes the default CPU
 *       the host's), else POWER9
 * @err, @err_size: optional: one sentence, "" for 0, the note for 1 and 2,
 *        the refusal for -ENOENT; cut to @err_size (0 with a NULL @err)
 *
 * The family comes from @host->pvr's version, else from @host->power8; a
 * @cpu newer than it is refused, as KVM-HV runs only the host's generation
 * or older ones: /usr/share/doc/libvcpuchar/ppc.md#guest-cpu. Pure.
 *
 * Return: 0 when @ret is the caller's CPU or the host's family; 1 when the
 * facts name no family (NULL @host, no known pvr and power8 0) and @ret is
 * the assumed POWER9; 2 when @cpu is given but non-NULL @host names no
 * family, so it could not be checked (@ret is @cpu); -ENOENT when @cpu is
 * newer than the host's family (@ret unchanged; @err names the host and the
 * guest CPU); -EINVAL for NULL @ret, bad @host, an unknown @cpu, or NULL
 * @err with @err_size > 0. Superseded by vcpuchar_ppc_host_cpu_ext()
 * (doc/stability.md#growing-the-api).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_host_cpu(const struct vcpuchar_ppc_host *host, uint32_t cpu, uint32_t *ret, char *err,
			  size_t err_size);

/**
 * vcpuchar_ppc_host_cpus() - every guest CPU a host runs under KVM-HV
 * @host: host facts, or NULL for none
 * @ret: receives bits (1u << enum vcpuchar_ppc_cpu): POWER7 up to the
 *       host's family (each older one in a compatibility mode), exactly the
 *       CPUs vcpuchar_ppc_host_cpu() accepts; every CPU this library knows
 *       when the facts name no family
 *
 * The family as vcpuchar_ppc_host_cpu() reads it; the levels KVM-HV and QEMU
 * accept, with their sources: /usr/share/doc/libvcpuchar/ppc.md#guest-cpu.
 * For an orchestrator choosing a CPU model per host. Pure: no allocation.
 *
 * Return: 0 when the host's family is known; 1 when the facts name none
 * (NULL @host, no known pvr and power8 0: QEMU and KVM decide at start);
 * -EINVAL for NULL @ret or bad @host (@ret unchanged). Superseded by
 * vcpuchar_ppc_host_cpu_ext() (doc/stability.md#growing-the-api).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_host_cpus(const struct vcpuchar_ppc_host *host, uint32_t *ret);

/**
 * vcpuchar_ppc_machine_defaults() - default caps of a machine type and guest CPU
 * @machine: enum vcpuchar_ppc_machine
 * @cpu: enum vcpuchar_ppc_cpu; models older than ISA 2.07 lower cfpc to
 *       broken (QEMU hw/ppc/spapr_caps.c default_caps_with_cpu())
 * @ret: receives the defaults
 *
 * The defaults of QEMU 7.2. QEMU 9.2 and later also lower cap-sbbc to broken for
 * every CPU newer than POWER7; vcpuchar_ppc_decide() applies that for a
 * request whose qemu_version is 9.2 or newer (/usr/share/doc/libvcpuchar/ppc.md#qemu-versions).
 *
 * Return: 0; -EINVAL for an unknown @machine (also
 * VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN, whose defaults are not known) or
 * @cpu, or NULL @ret.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_machine_defaults(uint32_t machine, uint32_t cpu, struct vcpuchar_ppc_caps *ret);

/**
 * vcpuchar_ppc_request_check() - whether the decision functions take a request, and why not
 * @req: the request (@req->size set by the caller)
 * @err, @err_size: optional message buffer: on failure one sentence naming
 *                  the member and the rule it breaks (e.g. "the machine
 *                  type's default caps are not known here: all four caps
 *                  are needed ..."), "" on success; cut to @err_size
 *
 * The checks vcpuchar_ppc_decide(), vcpuchar_ppc_warnings_check(),
 * vcpuchar_ppc_start_check() and vcpuchar_ppc_migrate_hosts() make of
 * @req alone, in the same order, with the reason their return value
 * carries no room for. What needs the host (host mode without host
 * information, a guest CPU newer than the host: vcpuchar_ppc_host_cpu()
 * says that one) is not checked here. Pure: no allocation.
 *
 * Return: 0; -EINVAL for NULL @req, NULL @err with @err_size > 0, a bad
 * @req->size, a member out of range (qemu_version, mode, accel, machine,
 * cpu, caps_set bits past the four, a level past its cap's), host mode
 * under TCG, or VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN without all four
 * caps; -ENOENT for a machine type the target QEMU lacks.
 *
 * Since: 1.2
 */
int vcpuchar_ppc_request_check(const struct vcpuchar_ppc_request *req, char *err, size_t err_size);

/**
 * vcpuchar_ppc_start_check() - will QEMU start this VM on this host
 * @host: host facts, or NULL for "no information"
 * @req: the VMM's request, as for vcpuchar_ppc_decide()
 * @ret: receives the verdict (@ret->size set by the caller)
 *
 * The Spectre caps at the levels vcpuchar_ppc_decide() gives @req (REFUSED
 * for its ERROR conflicts, UNKNOWN under KVM without host information);
 * htm, nested-hv, fwnmi, large-decr and hpt-max-page-size at the levels of
 * @req->machine and the guest CPU, judged under KVM from @host's 1.2 facts
 * (@facts_read, @facts, @page_size, @dec_bits), each unknown fact an UNKNOWN
 * entry naming it. Under TCG every entry STARTS but htm=on and nested-hv=on.
 * For VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN a refusal at the level QEMU may
 * take is UNKNOWN. A @req->qemu_machine without a QEMU profile (Since 1.3)
 * is judged as vcpuchar_ppc_start_check_type() judges that type. Rules and
 * sources: /usr/share/doc/libvcpuchar/ppc.md#start and #unknown-types. Pure:
 * no allocation.
 *
 * Return: 0 (see @ret->n_refused and @ret->n_unknown); the errors of
 * vcpuchar_ppc_decide() (@ret unchanged); -EINVAL for NULL @ret or a bad
 * @ret->size.
 *
 * Since: 1.2
 */
int vcpuchar_ppc_start_check(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
			     struct vcpuchar_ppc_start *ret);

/**
 * vcpuchar_ppc_start_check_type() - will QEMU start this VM, for the exact machine type
 * @host: host facts, or NULL for "no information"
 * @req: the VMM's request, as for vcpuchar_ppc_decide()
 * @machine: the -machine type as QEMU takes it ("pseries-3.1",
 *           "pseries-2.12-sxxm", "pseries"), of @req->machine's class for
 *           @req->qemu_version; NULL: as vcpuchar_ppc_start_check()
 * @ret: receives the verdict (@ret->size set by the caller)
 *
 * vcpuchar_ppc_start_check() with the type's own defaults where its class
 * holds types whose defaults differ: htm on for pseries-2.11 and older,
 * hpt-max-page-size from the host for pseries-2.12 and older, 64 KiB for
 * pseries-3.0 and 3.1 (so a 4 KiB-page KVM-HV host is REFUSED, not UNKNOWN);
 * under TCG htm=on is REFUSED. pseries-2.12-sxxm has 2.12's htm (off) with
 * or without @machine. Rules: /usr/share/doc/libvcpuchar/ppc.md#start.
 * Pure: no allocation.
 *
 * Return: 0; the errors of vcpuchar_ppc_start_check(); -EINVAL for a
 * @machine the target QEMU lacks or of another class than @req->machine.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_start_check_type(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
				  const char *machine, struct vcpuchar_ppc_start *ret);

/**
 * vcpuchar_ppc_machine_caps_check() - every cap of the target machine type, with its start verdict
 * @host: host facts, or NULL for "no information"
 * @req: the VMM's request, as for vcpuchar_ppc_start_check()
 * @machine: the -machine type as vcpuchar_ppc_start_check_type() takes it,
 *           or a whole pasted -machine value whose first item (or type=)
 *           is the type and whose cap-NAME=VALUE items give the effective
 *           value of the caps without a start entry; NULL: the request's
 *           class
 * @ret: receives the caps (@ret->size set by the caller)
 *
 * One entry per cap of the type: from @req->qemu_profile every cap-* the
 * profile lists for the type, its defaults as probed; without a profile the
 * caps of @req->qemu_version's release, their defaults from the table.
 * The caps with a start entry carry vcpuchar_ppc_start_check_type()'s
 * verdict, the others NOT_JUDGED with why. Rules and sources:
 * /usr/share/doc/libvcpuchar/ppc.md#machine-caps. Pure: no allocation.
 *
 * Return: 0; the errors of vcpuchar_ppc_start_check_type(); -EINVAL for
 * NULL @ret, a bad @ret->size, or a pasted item that is not NAME=VALUE.
 * On failure @ret is unchanged.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_machine_caps_check(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
				    const char *machine, struct vcpuchar_ppc_machine_caps *ret);

/**
 * vcpuchar_ppc_caps_merge() - add the caps of a second text of one request
 * @caps: the levels read so far (a -machine line's); receives @more's too
 * @set: the caps named so far (1u << enum vcpuchar_ppc_cap); receives @more_set's
 * @more: the levels of the second text (a --caps list or libvirt fragment)
 * @more_set: the caps it names
 * @err, @err_size: optional message buffer: on failure the cause naming the
 *                  cap ("cap-cfpc is given in both; give it once"), "" on success
 *
 * A cap both texts name is refused, though QEMU takes the last of repeated
 * properties: the reader of the pasted line cannot tell which one counts
 * (/usr/share/doc/libvcpuchar/ppc.md#pasted-lines). Pure: no allocation.
 *
 * Return: 0; -EEXIST for a cap named in both; -EINVAL for a NULL argument,
 * bits past the four caps, a level past its cap's, or NULL @err with
 * @err_size > 0. On failure @caps and @set are unchanged.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_caps_merge(struct vcpuchar_ppc_caps *caps, uint32_t *set, const struct vcpuchar_ppc_caps *more,
			    uint32_t more_set, char *err, size_t err_size);

/**
 * vcpuchar_ppc_start_merge() - add the start caps of a second text of one request
 * @start_set: the start caps named so far (bits 4 to 9, as struct
 *             vcpuchar_ppc_request's start_set); receives @more_set's
 * @start_levels: VCPUCHAR_PPC_START_LEVELS entries indexed by enum
 *                vcpuchar_ppc_start_cap, the levels so far; receives
 *                @more_levels' where @more_set says so
 * @more_set: the start caps the second text names (a libvirt fragment's
 *            <htm>, <nested-hv>, <hpt>)
 * @more_levels: VCPUCHAR_PPC_START_LEVELS entries, read where @more_set
 *               says so: 0 (off) or 1 (on), for hpt-max-page-size the page
 *               shift, 12 to 34
 * @err, @err_size: optional message buffer: on failure the cause naming the
 *                  cap ("cap-htm is given in both; give it once"), "" on success
 *
 * The start caps' counterpart of vcpuchar_ppc_caps_merge(), with its rule:
 * a cap both texts name is refused
 * (/usr/share/doc/libvcpuchar/ppc.md#pasted-lines). Pure: no allocation.
 *
 * Return: 0; -EEXIST for a cap named in both; -EINVAL for a NULL argument,
 * bits outside VCPUCHAR_PPC_START_SET_ALL, a level out of range, or NULL
 * @err with @err_size > 0. On failure @start_set and @start_levels are
 * unchanged.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_start_merge(uint32_t *start_set, uint32_t *start_levels, uint32_t more_set,
			     const uint32_t *more_levels, char *err, size_t err_size);

/**
 * vcpuchar_ppc_migrate_caps_parse() - one side's caps of a caps-only migration check
 * @list: QEMU's cap list ("cap-cfpc=broken,cap-ibs=fixed-ccd", as
 *        vcpuchar_ppc_caps_parse(); "" names none), a libvirt <features>
 *        fragment (as vcpuchar_ppc_libvirt_parse(), white space before it
 *        allowed), or four values in cap order ("broken,workaround,fixed-ccd,on")
 * @qemu_version: the target QEMU, 0 for 7.2 (VCPUCHAR_PPC_QEMU_VERSION()),
 *        or 0 or the profile's version with @opts->qemu_profile
 * @caps: receives every cap's level: those @list names, the others the
 *        defaults of @qemu_version's newest pseries type (sbbc broken from
 *        9.2 on), as vcpuchar_ppc_decide() gives a caps-mode TCG request;
 *        with @opts->qemu_profile the defaults of the profile's default
 *        type with its default CPU, as measured
 * @opts: optional: @opts->others gets a fragment's other elements, @opts->err the error
 *
 * The caps `vcpuchar ppc migrate --src LIST --dst LIST` compares with
 * vcpuchar_ppc_migration_check() (/usr/share/doc/libvcpuchar/ppc.md#migration).
 * Pure: no allocation.
 *
 * Return: 0; -EINVAL for NULL @list or @caps, an unsupported @qemu_version,
 * a list the parsers refuse, values that are not four, or a bad @opts.
 * On failure @caps is unchanged.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_migrate_caps_parse(const char *list, uint32_t qemu_version, struct vcpuchar_ppc_caps *caps,
				    const struct vcpuchar_ppc_parse_opts *opts);

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
 * vcpuchar_ppc_baseline() - the caps a guest can have on every host of a fleet
 * @hosts: array of @n_hosts pointers to host facts (so that it does not
 *         depend on sizeof(struct vcpuchar_ppc_host)); a NULL entry or facts
 *         with zero masks mean "no information"
 * @n_hosts: number of entries in @hosts, at least 1
 * @levels: optional array of @n_hosts; receives each host's own levels
 *          (vcpuchar_ppc_host_levels(); broken/off without information)
 * @held_back: optional array of @n_hosts; receives per host the bits
 *             (1u << enum vcpuchar_ppc_cap) of the caps it holds back
 *             (every cap for a host without information)
 * @ret: receives the baseline (@ret->size set by the caller)
 *
 * Per cap the lowest level every host's QEMU accepts at start, as
 * `virsh hypervisor-cpu-baseline` does for x86 CPU models; the rules
 * (ccf-assist on fixed-ccd hosts, holding back, fixed-na):
 * /usr/share/doc/libvcpuchar/ppc.md#fleet-baseline. Pure: no allocation.
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

/**
 * vcpuchar_ppc_fleet_baseline() - a fleet's baseline caps and guest CPU
 * @hosts, @n_hosts: array of @n_hosts (>= 1) pointers to POWER host facts
 * @cpu: enum vcpuchar_ppc_cpu the fleet's guests use; 0 = none given
 * @levels, @held_back: optional, as for vcpuchar_ppc_baseline()
 * @ret: receives the baseline (@ret->size set by the caller)
 * @ret_cpu: receives the guest CPU: @cpu, else the oldest host's family
 * @refused: optional array of 2: on -EXDEV the host refused and the first
 *           host naming an architecture; on -ENOENT the host, twice
 * @err, @err_size: optional: "" for 0, else the refusal, cut to @err_size
 *
 * vcpuchar_ppc_baseline() plus the fleet's rules, hosts checked in order,
 * and the warnings to check with the result:
 * /usr/share/doc/libvcpuchar/ppc.md#fleet-baseline. Pure: no allocation.
 *
 * Return: 0; -EXDEV for hosts of two architectures; -ENOENT for @cpu newer
 * than a host's family; -EINVAL for NULL @hosts, an entry, @ret or @ret_cpu,
 * @n_hosts 0, an unknown @cpu, bad sizes or fields, a host that is no POWER
 * machine, or NULL @err with @err_size > 0. On failure @levels, @held_back,
 * @ret and @ret_cpu are unchanged. Superseded by
 * vcpuchar_ppc_fleet_baseline_ext() (doc/stability.md#growing-the-api).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_fleet_baseline(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts, uint32_t cpu,
				struct vcpuchar_ppc_caps *levels, uint32_t *held_back,
				struct vcpuchar_ppc_baseline *ret, uint32_t *ret_cpu, uint32_t *refused, char *err,
				size_t err_size);

/**
 * vcpuchar_ppc_migrate_hosts() - migrate a guest from host @src to host @dst
 * @src, @dst: the source and destination hosts' facts (@src's information
 *             is needed for host-max mode)
 * @req: the request as for vcpuchar_ppc_decide() on @src; @req->mode is
 *       VCPUCHAR_PPC_MODE_HOST_MAX or VCPUCHAR_PPC_MODE_CAPS (host mode
 *       depends on the boot host: not migratable, -EINVAL)
 * @src_result: optional; receives the decision on @src (effective caps,
 *              guest view) unless the guest CPU is refused
 * @ret: receives the verdict (@ret->size set by the caller)
 * @err, @err_size: optional message buffer: for -EINVAL on host mode, hosts
 *        of two architectures ("arch=DST, but the source is arch=SRC: ...")
 *        or a request vcpuchar_ppc_request_check() refuses, the reason;
 *        else ""
 *
 * Decides the caps on @src, then starts QEMU on @dst with them as pasted;
 * the rules: /usr/share/doc/libvcpuchar/ppc.md#migration-between-hosts.
 * Pure: no allocation, no global state.
 *
 * Return: 0 (see @ret->ok); -EINVAL for NULL arguments, bad sizes or
 * fields, host mode, or hosts of different architectures (ppc64 and
 * ppc64le are one); -ENOENT for a machine type the target QEMU lacks (as
 * vcpuchar_ppc_decide()). On failure @ret and @src_result are unchanged.
 * Superseded by vcpuchar_ppc_migrate_hosts_ext() (doc/stability.md#growing-the-api).
 *
 * Since: 1.2
 */
int vcpuchar_ppc_migrate_hosts(const struct vcpuchar_ppc_host *src, const struct vcpuchar_ppc_host *dst,
			       const struct vcpuchar_ppc_request *req, struct vcpuchar_ppc_result *src_result,
			       struct vcpuchar_ppc_host_migration *ret, char *err, size_t err_size);

/**
 * vcpuchar_ppc_warnings_check() - what a user of unmodified QEMU should know
 * @host: host facts, or NULL for "no information"
 * @req: the request, as for vcpuchar_ppc_decide()
 * @ret: receives the warnings (@ret->size set by the caller)
 *
 * Decides @req as vcpuchar_ppc_decide() does, then reports QEMU_FIXED_NA_ABORT
 * (effective ibs fixed-na); with host information HOST_BITS_OUTSIDE_MASKS
 * and MASKS_WITHOUT_KNOWN_BITS; in host-max and host mode under KVM, for the
 * machine type's default caps, DEFAULTS_REFUSED or DEFAULTS_BELOW_HOST.
 * Texts name the QEMU of @req->qemu_version (0: 7.2). Rules:
 * /usr/share/doc/libvcpuchar/ppc.md#warnings. Pure: no allocation.
 *
 * Return: the number of entries (0 to VCPUCHAR_PPC_WARNING_MAX); -ENODATA
 * in host mode without host information; -ENOENT for a machine type the
 * target QEMU lacks or a guest CPU the host cannot run; -EINVAL for NULL
 * @req or @ret, bad sizes, out-of-range request fields, or host mode under
 * TCG (all as vcpuchar_ppc_decide()). On failure @ret is unchanged.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_warnings_check(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
				struct vcpuchar_ppc_warnings *ret);

/**
 * vcpuchar_ppc_fleet_baseline_ext() - a fleet's baseline caps and guest CPU
 * @hosts: array of @n_hosts pointers to POWER host facts (none NULL)
 * @n_hosts: number of entries in @hosts, at least 1
 * @opts: optional (NULL: no guest CPU given, no optional output)
 * @ret: receives the baseline (@ret->size set by the caller)
 * @ret_cpu: receives the guest CPU (enum vcpuchar_ppc_cpu)
 *
 * The successor of vcpuchar_ppc_fleet_baseline(), whose rules and answers
 * it keeps, with the optional arguments in a size-led struct.
 *
 * Return: 0; -EXDEV, -ENOENT as vcpuchar_ppc_fleet_baseline(); (since 1.3)
 * -ENOENT also when @opts->qemu_profile has no model of the guest CPU;
 * -EEXIST for two hosts with one @opts->ids pair, -ENOMEM when the ids
 * cannot be sorted (the check allocates 24 bytes a host, freed before it
 * returns); -EINVAL as it, or for a bad @opts->size (too small, or larger
 * with a non-zero tail) or non-zero @opts->flags or @opts->reserved. On
 * failure the outputs are unchanged.
 *
 * Since: 1.2
 */
int vcpuchar_ppc_fleet_baseline_ext(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts,
				    const struct vcpuchar_ppc_fleet_opts *opts, struct vcpuchar_ppc_baseline *ret,
				    uint32_t *ret_cpu);

/**
 * vcpuchar_ppc_fleet_warnings() - what the guests of a fleet are warned of, with its caps
 * @hosts: array of @n_hosts pointers to POWER host facts (none NULL)
 * @n_hosts: number of entries in @hosts, at least 1
 * @req: the fleet's request: machine, guest CPU (the fleet's, e.g. from
 *       vcpuchar_ppc_fleet_baseline_ext()), mode and QEMU version; its caps
 *       are replaced by @caps, all four given
 * @caps: the caps every guest runs with (the baseline's)
 * @ret: array of @n_hosts + 1 pointers (none NULL), each @size set by the
 *       caller: [0] receives the caps' own warnings (no host, caps mode:
 *       the QEMU fixed-na abort), [1 + i] host i's in @req->mode (what it
 *       reports outside its masks, what @req->machine's defaults do there),
 *       without the fixed-na abort [0] says once
 *
 * vcpuchar_ppc_warnings_check() for each guest of the fleet, as `vcpuchar
 * ppc baseline` prints them (/usr/share/doc/libvcpuchar/ppc.md#fleet-baseline).
 * Pure: no allocation.
 *
 * Return: the number of entries written in all; the errors of
 * vcpuchar_ppc_warnings_check(); -EINVAL for a NULL argument or a bad
 * size. On failure @ret is unchanged.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_fleet_warnings(const struct vcpuchar_ppc_host *const *hosts, uint32_t n_hosts,
				const struct vcpuchar_ppc_request *req, const struct vcpuchar_ppc_caps *caps,
				struct vcpuchar_ppc_warnings *const *ret);

/**
 * vcpuchar_ppc_migrate_hosts_ext() - migrate a guest from host @src to host @dst
 * @src: the source host's facts
 * @dst: the destination host's facts
 * @req: the request as for vcpuchar_ppc_migrate_hosts()
 * @opts: optional (NULL: no source result, no message)
 * @ret: receives the verdict (@ret->size set by the caller)
 *
 * The successor of vcpuchar_ppc_migrate_hosts(), whose rules and answers it
 * keeps, with the optional arguments in a size-led struct.
 *
 * Return: 0 (see @ret->ok); -EINVAL, -ENOENT as vcpuchar_ppc_migrate_hosts(),
 * or -EINVAL for a bad @opts->size (too small, or larger with a non-zero
 * tail) or non-zero @opts->flags. On failure the outputs are unchanged.
 *
 * Since: 1.2
 */
int vcpuchar_ppc_migrate_hosts_ext(const struct vcpuchar_ppc_host *src, const struct vcpuchar_ppc_host *dst,
				   const struct vcpuchar_ppc_request *req, const struct vcpuchar_ppc_migrate_opts *opts,
				   struct vcpuchar_ppc_host_migration *ret);

/**
 * vcpuchar_ppc_machine_line_parse_ext() - read a pasted -machine line into a request
 * @line: as for vcpuchar_ppc_machine_line_parse()
 * @req: as for vcpuchar_ppc_machine_line_parse(); a type whose defaults are
 *       not known here leaves @req->machine VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN
 * @opts: optional: @opts->others gets the items not read, @opts->err the error
 *
 * The successor of vcpuchar_ppc_machine_line_parse(), with its rules, that
 * returns no 1 and writes no success data into the error buffer.
 *
 * Return: 0; the errors of vcpuchar_ppc_machine_line_parse(); -EINVAL for a
 * bad @opts->size (too small, or larger with a non-zero tail), non-zero
 * @opts->flags, or a NULL buffer with a non-zero size. On failure @req is unchanged.
 *
 * Since: 1.2
 */
int vcpuchar_ppc_machine_line_parse_ext(const char *line, struct vcpuchar_ppc_request *req,
					const struct vcpuchar_ppc_parse_opts *opts);

/**
 * vcpuchar_ppc_libvirt_parse_ext() - read a libvirt <features> fragment
 * @xml: as for vcpuchar_ppc_libvirt_parse()
 * @caps: levels are written here for the caps the fragment names
 * @set: receives the bit (1u << enum vcpuchar_ppc_cap) of each cap named
 * @opts: optional: @opts->others gets the other elements, @opts->err the
 *        error; (since 1.3) @opts->request the levels of <htm>,
 *        <nested-hv> and <hpt>'s <maxpagesize>
 *
 * The successor of vcpuchar_ppc_libvirt_parse(), with its rules, that writes
 * no success data into the error buffer. With @opts->request, the elements
 * libvirt passes to QEMU as cap-htm, cap-nested-hv and
 * cap-hpt-max-page-size are read too, each at most once, as libvirt's
 * schema has them (/usr/share/doc/libvcpuchar/ppc.md#pasted-lines); a
 * fragment of those alone is accepted.
 *
 * Return: 0; the errors of vcpuchar_ppc_libvirt_parse(); -EINVAL for a bad
 * @opts->size (too small, or larger with a non-zero tail), non-zero
 * @opts->flags, a NULL buffer with a non-zero size, an @opts->request of a
 * size before 1.3, or (with @opts->request) one of those elements given
 * twice, with another value, or a <maxpagesize> that is no power of two
 * from 4 KiB to 16 GiB. On failure @caps, @set and @opts->request are
 * unchanged.
 *
 * Since: 1.2 (@opts->request 1.3)
 */
int vcpuchar_ppc_libvirt_parse_ext(const char *xml, struct vcpuchar_ppc_caps *caps, uint32_t *set,
				   const struct vcpuchar_ppc_parse_opts *opts);

/**
 * vcpuchar_ppc_host_cpu_ext() - the guest CPU a host runs, with how it was found
 * @host: host facts, or NULL for none
 * @cpu: enum vcpuchar_ppc_cpu the caller asks for; 0 = none given
 * @ret: receives the CPU, its basis, the host's CPU set and the note
 *       (@ret->size set by the caller); unchanged on failure
 * @err, @err_size: optional message buffer: on failure the refusal, "" on success
 *
 * The successor of vcpuchar_ppc_host_cpu() and vcpuchar_ppc_host_cpus(),
 * with their rules: the answer they returned as 1 or 2 is @ret->basis, the
 * note they wrote to the error buffer is @ret->note.
 *
 * Return: 0; -ENOENT when @cpu is newer than the host's family; -EINVAL for
 * NULL @ret, a bad @ret->size, bad @host, an unknown @cpu, or NULL @err
 * with @err_size > 0.
 *
 * Since: 1.2
 */
int vcpuchar_ppc_host_cpu_ext(const struct vcpuchar_ppc_host *host, uint32_t cpu, struct vcpuchar_ppc_guest_cpu *ret,
			      char *err, size_t err_size);

/**
 * vcpuchar_ppc_request_cpu() - the guest CPU a request is answered for
 * @host: host facts, or NULL for none (read under KVM only)
 * @req: the VMM's request, as for vcpuchar_ppc_decide()
 * @ret: receives the CPU, its basis, the CPU set and the note (@ret->size
 *       set by the caller); unchanged on failure
 * @err, @err_size: optional message buffer: on failure the refusal, "" on success
 *
 * The CPU vcpuchar_ppc_decide(), the start verdict and the machine caps
 * take for @req, so that a front end names it rather than guessing. Under
 * KVM, vcpuchar_ppc_host_cpu_ext() for @host and @req->cpu. Under TCG,
 * @req->cpu when given, else the default CPU QEMU gives the target machine
 * type (@req->qemu_machine, else the type of @req->machine's class):
 * power7 for pseries-2.1 to 2.7, power8 for 2.8 to 3.1 and
 * pseries-2.12-sxxm, power9 for 4.0 to 8.2, power10 for 9.0 to 11.0,
 * power11 for 11.1, the alias "pseries" being the target's newest type; a
 * QEMU profile's type its measured one
 * (/usr/share/doc/libvcpuchar/ppc.md#tcg-default-cpu). Where that default
 * is unknown (VCPUCHAR_PPC_MACHINE_DEFAULTS_UNKNOWN without a profile, a
 * QEMU newer than the table) it is POWER9 with
 * VCPUCHAR_PPC_CPU_BASIS_ASSUMED and a note, as the decision's
 * VCPUCHAR_PPC_RESULT_CPU_ASSUMED says. Under TCG @ret->families holds
 * the CPU families the target QEMU has a model of. Pure: no allocation.
 *
 * Return: 0; the errors of vcpuchar_ppc_request_check() for @req; -ENOENT
 * under KVM when @req->cpu is newer than the host's family; -EINVAL for
 * NULL @req or @ret, a bad size, bad @host, or NULL @err with @err_size > 0.
 *
 * Since: 1.3
 */
int vcpuchar_ppc_request_cpu(const struct vcpuchar_ppc_host *host, const struct vcpuchar_ppc_request *req,
			     struct vcpuchar_ppc_guest_cpu *ret, char *err, size_t err_size);

/* ---- names and text ---- */

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
 * @buf, @size: buffer for the NUL-terminated text; @buf NULL only with @size 0
 * @warnings: optional; on success the warning codes (bit 1u << code):
 *            VCPUCHAR_PPC_WARNING_QEMU_FIXED_NA_ABORT for ibs fixed-na, else 0
 *
 * All four caps (cfpc, sbbc, ibs, ccf-assist) in QEMU's or libvirt's names;
 * ibs fixed-na, on which QEMU aborts, is written as broken, which tells the
 * guest the same: /usr/share/doc/libvcpuchar/ppc.md#qemu-and-libvirt-spellings.
 * Pure: no allocation, no global state.
 *
 * Return: as snprintf(), the length without the NUL (at most
 * VCPUCHAR_PPC_FORMAT_LEN - 1), also for the query (@buf NULL, @size 0);
 * but -ENOSPC when @size is not larger than it; -EINVAL for NULL @caps, a
 * level out of range for its cap, an unknown @format, or NULL @buf with
 * @size > 0. On failure @buf and @warnings are unchanged.
 *
 * Since: 1.0
 */
int vcpuchar_ppc_caps_format(const struct vcpuchar_ppc_caps *caps, uint32_t format, char *buf, size_t size,
			     uint32_t *warnings);

#ifdef __cplusplus
}
#endif

#endif /* VCPUCHAR_PUBLIC_PPC_QEMU_H */
