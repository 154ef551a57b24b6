/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/*
 * What callers bring from outside the library, checked or read by its rules:
 * a policy read back from text (lib/x86.md#policy-check) and a VM's own
 * configuration, as a libvirt hook reads it from the domain XML
 * (lib/x86.md#domain-rules). Pure: no allocation, no I/O.
 */
#include <stddef.h>
#include <stdint.h>

#include "vcpuchar-private.h"

VCPUCHAR_EXPORT int vcpuchar_x86_policy_validate(const struct vcpuchar_x86_policy *policy, char *err, size_t err_size)
{
	uint64_t seen[(VCPUCHAR_X86_REASON_MAX + 64) / 64] = { 0 };
	uint32_t room;

	return_val_if_fail(err || !err_size, -EINVAL);
	if (err_size)
		err[0] = '\0';
	if (!policy || !VCPUCHAR_SIZE_OK(policy))
		return vcpuchar_set_err(err, err_size, -EINVAL, "no policy, or its size is not one of struct "
					"vcpuchar_x86_policy's");
	room = VCPUCHAR_ENTRIES(policy, reasons, VCPUCHAR_X86_MAX_REASONS);
	/* Before any entry is read: a parser may count entries it had no room for. */
	if (policy->n_reasons > room)
		return vcpuchar_set_err(err, err_size, -E2BIG, "reasons: %u entries, more than a policy has (%u)",
					policy->n_reasons, room);
	if (policy->disable_exits & ~VCPUCHAR_X86_DISABLE_EXITS_KNOWN)
		return vcpuchar_set_err(err, err_size, -EINVAL, "disable_exits: 0x%x holds bits no "
					"KVM_X86_DISABLE_EXITS_* flag this library knows has (0x%x)",
					policy->disable_exits, policy->disable_exits & ~VCPUCHAR_X86_DISABLE_EXITS_KNOWN);
	for (uint32_t i = 0; i < policy->n_reasons; i++) {
		uint32_t code = policy->reasons[i].code;
		const char *name = vcpuchar_x86_reason_name(code);

		if (!name)
			return vcpuchar_set_err(err, err_size, -EINVAL, "reasons[%u]: unknown code %u", i, code);
		/* A verdict is no policy: its codes come from the verification only. */
		if (vcpuchar_x86_reason_class(code) == VCPUCHAR_X86_REASON_CLASS_VERIFY)
			return vcpuchar_set_err(err, err_size, -EINVAL, "reasons[%u]: '%s' is a reason of the "
						"verification (x86 verify), never of a policy", i, name);
		/* A policy holds each code once (struct vcpuchar_x86_policy). */
		if (seen[code / 64] >> (code % 64) & 1)
			return vcpuchar_set_err(err, err_size, -EINVAL, "reasons[%u]: code '%s' given twice", i, name);
		seen[code / 64] |= 1ull << (code % 64);
	}
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_x86_pins_flags(uint32_t n_vcpus, const struct vcpuchar_x86_vcpu_pin *pins, uint32_t n_pins,
					    uint32_t *ret_flags)
{
	uint64_t vcpus[VCPUCHAR_X86_MAX_VCPUS / 64] = { 0 };
	bool pinned;

	return_val_if_fail(ret_flags && (pins || !n_pins), -EINVAL);
	/* lib/x86.md#vcpu-count. */
	if (n_vcpus < 1 || n_vcpus > VCPUCHAR_X86_MAX_VCPUS)
		return -ERANGE;
	/* lib/x86.md#domain-rules: one pin per vCPU, each on one CPU of its own. */
	pinned = n_pins == n_vcpus;
	for (uint32_t i = 0; pinned && i < n_pins; i++) {
		uint32_t v = pins[i].vcpu;

		pinned = v < n_vcpus && pins[i].cpu != VCPUCHAR_X86_PIN_NOT_ONE_CPU && !(vcpus[v / 64] >> (v % 64) & 1);
		if (pinned)
			vcpus[v / 64] |= 1ull << (v % 64);
		for (uint32_t j = 0; pinned && j < i; j++)
			pinned = pins[j].cpu != pins[i].cpu;
	}
	*ret_flags = pinned ? VCPUCHAR_X86_VM_PINNED : 0;
	return 0;
}

/* The @len bytes at @s are @word. */
static bool is(const char *s, size_t len, const char *word)
{
	return len == strlen(word) && !memcmp(s, word, len);
}

/*
 * @item, the @len bytes of one comma-separated item: 1 when it sets cpu-pm
 * on, 0 off, -1 when it does not name cpu-pm, -EINVAL for a value QEMU
 * refuses. lib/x86.md#domain-rules: QEMU's boolean spellings
 * (qapi/qapi-util.c qapi_bool_parse()) and the short forms "cpu-pm" and
 * "nocpu-pm" (util/qemu-option.c, deprecated, still taken by 7.2).
 */
static int cpu_pm_item(const char *item, size_t len)
{
	static const char key[] = "cpu-pm=";
	const char *v;
	size_t n;

	if (is(item, len, "cpu-pm"))
		return 1;
	if (is(item, len, "nocpu-pm"))
		return 0;
	if (len < sizeof(key) - 1 || memcmp(item, key, sizeof(key) - 1))
		return -1;
	v = item + sizeof(key) - 1;
	n = len - (sizeof(key) - 1);
	if (is(v, n, "on") || is(v, n, "yes") || is(v, n, "true") || is(v, n, "y"))
		return 1;
	if (is(v, n, "off") || is(v, n, "no") || is(v, n, "false") || is(v, n, "n"))
		return 0;
	return -EINVAL;
}

VCPUCHAR_EXPORT int vcpuchar_x86_qemu_args_exits(const char *const *args, uint32_t n_args, uint32_t *ret_disable_exits)
{
	int on = 0, got;

	return_val_if_fail(ret_disable_exits && (args || !n_args), -EINVAL);
	for (uint32_t i = 0; i < n_args; i++)
		return_val_if_fail(args[i], -EINVAL);
	*ret_disable_exits = 0;
	/* The last cpu-pm item wins, as in QEMU 9.1 and later (lib/x86.md#domain-rules). */
	for (uint32_t i = 0; i + 1 < n_args; i++) {
		const char *v = args[i + 1];

		if (strcmp(args[i], "-overcommit") && strcmp(args[i], "--overcommit"))
			continue;
		for (const char *item = v;; item++) {
			const char *end = strchr(item, ',');
			size_t len = end ? (size_t)(end - item) : strlen(item);

			if ((got = cpu_pm_item(item, len)) == -EINVAL)
				return got;
			if (got >= 0)
				on = got;
			if (!end)
				break;
			item = end;
		}
	}
	/* QEMU's cpu-pm path asks for these four, masked by KVM's allowed mask. */
	if (on)
		*ret_disable_exits = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT |
				     VCPUCHAR_X86_DISABLE_EXITS_PAUSE | VCPUCHAR_X86_DISABLE_EXITS_CSTATE;
	return 0;
}

/* lib/x86.md#domain-rules: the reasons that decide a policy's HLT exits. */
static bool hlt_decision_code(uint32_t code)
{
	return (code >= VCPUCHAR_X86_REASON_HLT_EXITS_KEPT_OVERCOMMIT && code <= VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED) ||
	       code == VCPUCHAR_X86_REASON_DISABLE_EXITS_EINVAL_FALLBACK ||
	       code == VCPUCHAR_X86_REASON_HLT_PASSTHROUGH_FORCE_NEEDS_PINNING ||
	       code == VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS;
}

VCPUCHAR_EXPORT int vcpuchar_x86_hlt_mismatch(const struct vcpuchar_x86_policy *policy, uint32_t disable_exits,
					      uint32_t *ret_mismatch, uint32_t *codes, uint32_t max_codes)
{
	uint32_t n = 0;

	return_val_if_fail(policy && ret_mismatch && (codes || !max_codes), -EINVAL);
	return_val_if_fail(VCPUCHAR_SIZE_OK(policy), -EINVAL);
	return_val_if_fail(policy->n_reasons <= VCPUCHAR_ENTRIES(policy, reasons, VCPUCHAR_X86_MAX_REASONS), -EINVAL);
	return_val_if_fail(!(disable_exits & ~VCPUCHAR_X86_DISABLE_EXITS_KNOWN), -EINVAL);
	for (uint32_t i = 0; i < policy->n_reasons; i++) {
		if (!hlt_decision_code(policy->reasons[i].code))
			continue;
		if (n < max_codes)
			codes[n] = policy->reasons[i].code;
		n++;
	}
	*ret_mismatch = (disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT) &&
			!(policy->disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT);
	return (int)n;
}
