/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The x86 policy against the vectors and this project's own rows (lib/x86.md#test-vectors). */
#include <vcpuchar.h>

#include "test-common.h"
#include "x86-vectors.h"

static void check_codes(const char *id, const struct vcpuchar_x86_policy *p, const char *want, bool exact)
{
	g_auto(GStrv) codes = g_strsplit(want, ",", -1);
	GString *got = g_string_new(NULL);
	uint32_t last = 0, refusals = 0;

	for (uint32_t k = 0; k < p->n_reasons; k++) {
		const char *name = vcpuchar_x86_reason_name(p->reasons[k].code);

		ck_assert_msg(name, "%s: reason %u has no name", id, p->reasons[k].code);
		/* Table order, each code once. */
		ck_assert_msg(p->reasons[k].code > last, "%s: reasons out of order", id);
		last = p->reasons[k].code;
		if (vcpuchar_x86_reason_class(p->reasons[k].code) == VCPUCHAR_X86_REASON_CLASS_REFUSAL)
			refusals++;
		g_string_append_printf(got, "%s%s", got->len ? "," : "", name);
	}
	ck_assert_uint_eq(refusals, p->n_refusals);
	if (exact)
		ck_assert_msg(!strcmp(got->str, want), "%s: reasons\n got  %s\n want %s", id, got->str, want);
	for (int c = 0; codes[c]; c++) {
		int code = vcpuchar_x86_reason_from_name(codes[c]);
		bool found = false;

		ck_assert_msg(code > 0, "%s: unknown code %s in the vectors", id, codes[c]);
		for (uint32_t k = 0; k < p->n_reasons; k++)
			found |= p->reasons[k].code == (uint32_t)code;
		ck_assert_msg(found, "%s: missing %s; got %s", id, codes[c], got->str);
	}
	g_string_free(got, TRUE);
}

/* "code:words;code:words": the sentence of each named reason holds those words. */
static void check_texts(const char *id, const struct vcpuchar_x86_policy *p, const char *want)
{
	g_auto(GStrv) items = g_strsplit(want, ";", -1);

	for (int k = 0; items[k]; k++) {
		g_auto(GStrv) cw = g_strsplit(items[k], ":", 2);
		int code = vcpuchar_x86_reason_from_name(cw[0]);
		bool found = false;

		ck_assert_msg(code > 0 && cw[1], "%s: bad expect_texts item '%s'", id, items[k]);
		for (uint32_t r = 0; r < p->n_reasons; r++) {
			char buf[1024];

			if (p->reasons[r].code != (uint32_t)code)
				continue;
			found = true;
			vcpuchar_x86_reason_text(&p->reasons[r], buf, sizeof(buf));
			ck_assert_msg(strstr(buf, cw[1]), "%s: %s says '%s', without '%s'", id, cw[0], buf, cw[1]);
		}
		ck_assert_msg(found, "%s: no %s", id, cw[0]);
	}
}

static void run_row(const struct tsv *t, guint i, bool exact)
{
	const char *id = tsv_get(t, i, "id");
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm;
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	const char *err = tsv_has(t, "expect_error") ? tsv_get(t, i, "expect_error") : "0";
	const char *pvu = tsv_get(t, i, "expect_pv_unhalt");
	char de[64];
	int r;

	x86_row_host(t, i, &h);
	x86_row_vm(t, i, &vm);
	r = vcpuchar_x86_decide(&h, &vm, &p);
	if (!strcmp(err, "EINVAL")) {
		ck_assert_msg(r == -EINVAL, "%s: want -EINVAL, got %d", id, r);
		ck_assert_uint_eq(p.n_reasons, TEST_GARBAGE_U32); /* untouched */
		return;
	}
	ck_assert_msg(r == 0, "%s: decide returned %d", id, r);
	x86_flags_str(p.disable_exits, de, sizeof(de));
	ck_assert_msg(!strcmp(de, tsv_get(t, i, "expect_disable_exits")), "%s: disable_exits %s, want %s", id, de,
		      tsv_get(t, i, "expect_disable_exits"));
	/* Never outside the allowed mask (lib/x86.md#global-rules G3). */
	ck_assert_uint_eq(p.disable_exits & ~h.disable_exits_allowed, 0);
	ck_assert_msg(p.hints_realtime == tsv_u64(t, i, "expect_hints_realtime", NULL), "%s: hints_realtime", id);
	if (strcmp(pvu, "any"))
		ck_assert_msg(p.pv_unhalt == tsv_u64(t, i, "expect_pv_unhalt", NULL), "%s: pv_unhalt", id);
	/* lib/x86.md#global-rules G2: no PV_UNHALT without HLT exits. */
	if (p.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT)
		ck_assert_uint_eq(p.pv_unhalt, 0);
	ck_assert_msg(p.expose_idle_hlt == tsv_u64(t, i, "expect_expose_idle_hlt", NULL), "%s: expose_idle_hlt", id);
	ck_assert_uint_eq(p.expose_idle_hlt, 0);
	ck_assert_msg(p.idle_hlt_active == tsv_u64(t, i, "expect_idle_hlt_active", NULL), "%s: idle_hlt_active", id);
	if (tsv_has(t, "expect_poll_control")) {
		const char *hp = tsv_get(t, i, "expect_halt_poll_ns");

		ck_assert_msg(p.poll_control == tsv_u64(t, i, "expect_poll_control", NULL), "%s: poll_control", id);
		if (!strcmp(hp, "null"))
			ck_assert_msg(!p.halt_poll_set, "%s: halt_poll_ns should be null", id);
		else
			ck_assert_msg(p.halt_poll_set && p.halt_poll_ns == tsv_u64(t, i, "expect_halt_poll_ns", NULL),
				      "%s: halt_poll_ns", id);
	} else {
		/* lib/x86.md#row-selection: POLL_CONTROL goes with REALTIME; no overrides, so no value. */
		ck_assert_uint_eq(p.poll_control, p.hints_realtime);
		ck_assert_uint_eq(p.halt_poll_set, 0);
	}
	check_codes(id, &p, tsv_get(t, i, "expect_reason_codes"), exact);
	/* vcpuchar_x86_policy_lifted() agrees with the override_lifted_refusal value, code by code. */
	for (uint32_t c = 0; c <= VCPUCHAR_X86_REASON_MAX; c++) {
		uint64_t lifted = 0;

		for (uint32_t k = 0; k < p.n_reasons; k++)
			if (p.reasons[k].code == VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL)
				lifted = p.reasons[k].value;
		ck_assert_msg(vcpuchar_x86_policy_lifted(&p, c) == (c < 64 && (lifted >> c & 1)), "%s: lifted %u", id, c);
	}
	if (tsv_has(t, "expect_texts") && strcmp(tsv_get(t, i, "expect_texts"), "-"))
		check_texts(id, &p, tsv_get(t, i, "expect_texts"));
}

/* The x86 decision vectors (x86_vector_files in tests/unit/x86-vectors.c), one file per iteration. */
START_TEST(decision_vectors)
{
	const struct x86_vector_file *f = &x86_vector_files[_i];

	tsv_each_row(f->name, f->min_rows, run_row, f->exact);
}
END_TEST

static void default_amd(struct vcpuchar_x86_host *h)
{
	struct tsv *t = tsv_open("x86-policy.tsv");

	x86_row_host(t, 0, h); /* x86-01: AMD, Idle HLT, 6.15, mask 0xe */
	tsv_close(t);
}

#define BAD_VM(member, v) { #member, offsetof(struct vcpuchar_x86_vm, member), v }

START_TEST(bad_arguments)
{
	static const struct {
		const char *field;
		size_t offset;
		uint32_t value;
	} bad_vm[] = {
		BAD_VM(flags, 1u << 20), /* unknown flag */
		BAD_VM(cvm, 4),
		BAD_VM(hlt_passthrough, 3),
		BAD_VM(cpu_mode, 3),
		BAD_VM(idle_hlt_kvm, 3),
		BAD_VM(size, 4),
	};
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);

	default_amd(&h);
	ck_assert_int_eq(vcpuchar_x86_decide(NULL, &vm, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, NULL, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, NULL), -EINVAL);
	/* Each VM field out of range, alone. */
	for (size_t k = 0; k < G_N_ELEMENTS(bad_vm); k++) {
		struct vcpuchar_x86_vm bad = vm;

		memcpy((char *)&bad + bad_vm[k].offset, &bad_vm[k].value, sizeof(uint32_t));
		ck_assert_msg(vcpuchar_x86_decide(&h, &bad, &p) == -EINVAL, "%s = %u accepted", bad_vm[k].field,
			      bad_vm[k].value);
	}
	h.size = 8;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
	h.size = sizeof(h);
	p.size = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
	ck_assert_uint_eq(p.n_reasons, TEST_GARBAGE_U32);
	p.size = sizeof(p);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.size, sizeof(p));
}
END_TEST

START_TEST(missing_facts_are_conservative)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY };
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);

	/* A mask that was not read allows nothing (lib/x86.md#global-rules G3), whatever the field says. */
	default_amd(&h);
	h.have &= ~(1u << VCPUCHAR_X86_FACT_DISABLE_EXITS);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert_int_eq(p.reasons[0].code, VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK);
	ck_assert_uint_eq(p.n_refusals, 1);
	/* Leaf 0x8000000A without the gate's fact is not trusted. */
	default_amd(&h);
	h.have &= ~(1u << VCPUCHAR_X86_FACT_CPUID_SVM);
	vm.flags = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.idle_hlt_active, 0);
}
END_TEST

/* Whether @code is among the reasons of @p. */
static bool policy_has(const struct vcpuchar_x86_policy *p, uint32_t code)
{
	for (uint32_t k = 0; k < p->n_reasons && k < VCPUCHAR_X86_MAX_REASONS; k++)
		if (p->reasons[k].code == code)
			return true;
	return false;
}

/* The release is read without a NUL and without reading past "X.Y" (lib/x86/x86-policy.c kernel_version()). */
START_TEST(kernel_release_edges)
{
	static const struct {
		const char *release;
		uint32_t code; /* the Idle HLT reason it gives on an Idle HLT host */
	} rows[] = {
		{ "6.15", VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE },
		{ "6.15.0-1-amd64", VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE },
		{ "65535.0", VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE },
		{ "6.14.11", VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD },
		{ "65536.0", VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN },
		{ "6.100000", VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN },
		{ "6", VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN },
		{ "6.x", VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN },
		{ ".15", VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN },
		{ "", VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN },
	};
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);

	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		default_amd(&h);
		memset(h.kernel_release, 0, sizeof(h.kernel_release));
		memcpy(h.kernel_release, rows[k].release, strlen(rows[k].release));
		ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
		ck_assert_msg(policy_has(&p, rows[k].code), "release \"%s\": no %s", rows[k].release,
			      vcpuchar_x86_reason_name(rows[k].code));
	}
	/* All 65 bytes digits, no NUL: unknown, and nothing past the array is read (valgrind, ASan). */
	default_amd(&h);
	memset(h.kernel_release, '7', sizeof(h.kernel_release));
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_UNKNOWN));
}
END_TEST

/* The entries after n_reasons keep what the caller had (include/vcpuchar/x86.h, struct vcpuchar_x86_policy). */
START_TEST(unused_reasons_not_written)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy p;

	default_amd(&h);
	memset(&p, 0x5a, sizeof(p));
	p.size = sizeof(p);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_gt(p.n_reasons, 0);
	ck_assert_uint_lt(p.n_reasons, VCPUCHAR_X86_MAX_REASONS);
	for (uint32_t k = 0; k < p.n_reasons; k++)
		ck_assert_uint_ne(p.reasons[k].code, 0x5a5a5a5a);
	for (uint32_t k = p.n_reasons; k < VCPUCHAR_X86_MAX_REASONS; k++)
		ck_assert_uint_eq(p.reasons[k].code, 0x5a5a5a5a);
}
END_TEST

/*
 * Which refusals force lifted, asked by code: a code above the library's
 * highest is outside every policy's set (-ERANGE), whatever the value's 64 bits.
 */
START_TEST(lifted_by_code)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .flags = VCPUCHAR_X86_VM_PINNED,
				      .hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE };
	struct vcpuchar_x86_policy p = { .size = sizeof(p) };
	uint64_t highest = 0;

	default_amd(&h);
	h.hypervisor = 1;
	h.have |= 1u << VCPUCHAR_X86_FACT_CPUID_HYPERVISOR;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT, VCPUCHAR_X86_DISABLE_EXITS_HLT);
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, VCPUCHAR_X86_REASON_HOST_IS_GUEST), 1);
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED), 0);
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, VCPUCHAR_X86_REASON_SMT_RSB_FORBIDS_HLT_PASSTHROUGH), 0);
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, 0), 0);
	ck_assert_int_eq(vcpuchar_limit(VCPUCHAR_LIMIT_X86_REASON_MAX, &highest), 0);
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, (uint32_t)highest), 0);
	/* Beyond the set's size: above the highest code, 64 (past one word) and the largest. */
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, (uint32_t)highest + 1), -ERANGE);
	if (highest < 64)
		ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, 64), -ERANGE);
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, UINT32_MAX), -ERANGE);
	/* Bad policies. */
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(NULL, VCPUCHAR_X86_REASON_HOST_IS_GUEST), -EINVAL);
	p.n_reasons = VCPUCHAR_X86_MAX_REASONS + 1;
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, VCPUCHAR_X86_REASON_HOST_IS_GUEST), -EINVAL);
	p.n_reasons = 0;
	p.size = 4;
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, VCPUCHAR_X86_REASON_HOST_IS_GUEST), -EINVAL);
	/* Without force nothing is lifted: host_is_guest is a refusal again. */
	vm.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO;
	vm.flags |= VCPUCHAR_X86_VM_LATENCY;
	p.size = sizeof(p);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_HOST_IS_GUEST));
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, VCPUCHAR_X86_REASON_HOST_IS_GUEST), 0);
}
END_TEST

/* Every VM flag the header defines is accepted; every other bit is -EINVAL, and nothing is written. */
START_TEST(vm_flags_known_exactly)
{
	const uint32_t defined = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY | VCPUCHAR_X86_VM_NESTED_GUEST |
				 VCPUCHAR_X86_VM_NO_IRQCHIP | VCPUCHAR_X86_VM_WANT_MWAIT | VCPUCHAR_X86_VM_WANT_CSTATE |
				 VCPUCHAR_X86_VM_HALT_POLL_NS;
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };

	default_amd(&h);
	for (uint32_t b = 0; b < 32; b++) {
		struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);

		vm.flags = 1u << b;
		if (defined & vm.flags) {
			ck_assert_msg(vcpuchar_x86_decide(&h, &vm, &p) == 0, "flag bit %u refused", b);
		} else {
			ck_assert_msg(vcpuchar_x86_decide(&h, &vm, &p) == -EINVAL, "unknown flag bit %u accepted", b);
			ck_assert_uint_eq(p.n_reasons, TEST_GARBAGE_U32);
		}
	}
}
END_TEST

/*
 * The nested notes are for a VM given SVM on an AMD host only, and "SVM
 * unavailable" needs kvm_amd.nested read as 0: an unread parameter is not
 * a refusal.
 */
START_TEST(nested_guest_gates)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	struct tsv *t = tsv_open("x86-policy.tsv");

	/* An AMD host without the flag: no note. */
	default_amd(&h);
	h.nested = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED));
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE));
	/* With it: the note, and the refusal since nested=0 was read. */
	vm.flags = VCPUCHAR_X86_VM_NESTED_GUEST;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED));
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE));
	ck_assert_uint_eq(p.n_refusals, 1);
	/* kvm_amd.nested not read: unknown, not refused. */
	h.have &= ~(1u << VCPUCHAR_X86_FACT_NESTED);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED));
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE));
	ck_assert_uint_eq(p.n_refusals, 0);
	/* An Intel host (x86-04 of the shared vectors): Idle HLT and kvm_amd do not apply. */
	for (guint i = 0; i < t->n_rows; i++)
		if (!strcmp(tsv_get(t, i, "vendor"), "intel")) {
			x86_row_host(t, i, &h);
			break;
		}
	ck_assert_uint_eq(h.vendor, VCPUCHAR_X86_VENDOR_INTEL);
	h.have |= 1u << VCPUCHAR_X86_FACT_NESTED;
	h.nested = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_NESTED_IDLE_HLT_NOT_EMULATED));
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_NESTED_SVM_UNAVAILABLE));
	tsv_close(t);
}
END_TEST

/* A per-VM halt-poll value needs KVM_CAP_HALT_POLL: read as 0 it is not set; unread it is assumed. */
START_TEST(halt_poll_needs_the_capability)
{
	struct vcpuchar_x86_host h;
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .flags = VCPUCHAR_X86_VM_HALT_POLL_NS, .halt_poll_ns = 5000 };
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);

	default_amd(&h);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.halt_poll_set, 1);
	ck_assert_uint_eq(p.halt_poll_ns, 5000);
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT));
	h.halt_poll_cap = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.halt_poll_set, 0);
	ck_assert_uint_eq(p.halt_poll_ns, 0);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_HALT_POLL_CALLER_VALUE));
	/* From the one emitter, and not a refusal. */
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT));
	ck_assert_uint_eq(p.n_refusals, 0);
	h.have &= ~(1u << VCPUCHAR_X86_FACT_HALT_POLL_CAP);
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.halt_poll_set, 1);
}
END_TEST

START_TEST(reason_names_and_texts)
{
	char buf[256], small[8];
	struct vcpuchar_x86_reason r = { .code = VCPUCHAR_X86_REASON_HLT_NOT_IN_ALLOWED_MASK, .has_value = 1, .value = 0x14 };

	for (uint32_t c = 1; c <= VCPUCHAR_X86_REASON_MAX; c++) {
		struct vcpuchar_x86_reason any = { .code = c };
		const char *name = vcpuchar_x86_reason_name(c);

		ck_assert_ptr_nonnull(name);
		ck_assert_int_eq(vcpuchar_x86_reason_from_name(name), (int)c);
		ck_assert_int_ge(vcpuchar_x86_reason_class(c), 0);
		ck_assert_int_gt(vcpuchar_x86_reason_text(&any, buf, sizeof(buf)), 0);
		ck_assert_msg(!strchr(buf, '%'), "%s: unfilled format: %s", name, buf);
	}
	ck_assert_ptr_null(vcpuchar_x86_reason_name(0));
	ck_assert_ptr_null(vcpuchar_x86_reason_name(VCPUCHAR_X86_REASON_MAX + 1));
	ck_assert_int_eq(vcpuchar_x86_reason_from_name("no_such_code"), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_reason_from_name(NULL), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_reason_class(99), -EINVAL);

	/* Refusal class: what makes the CLI exit 1. */
	ck_assert_int_eq(vcpuchar_x86_reason_class(VCPUCHAR_X86_REASON_HOST_IS_GUEST), VCPUCHAR_X86_REASON_CLASS_REFUSAL);
	ck_assert_int_eq(vcpuchar_x86_reason_class(VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED), VCPUCHAR_X86_REASON_CLASS_REFUSAL);
	ck_assert_int_eq(vcpuchar_x86_reason_class(VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE), VCPUCHAR_X86_REASON_CLASS_DIAGNOSTIC);
	ck_assert_int_eq(vcpuchar_x86_reason_class(VCPUCHAR_X86_REASON_HALT_POLL_CAP_ABSENT), VCPUCHAR_X86_REASON_CLASS_APPLY);

	vcpuchar_x86_reason_text(&r, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "mask 0x14"));
	r.code = VCPUCHAR_X86_REASON_DISABLE_EXITS_MASKED;
	r.value = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE;
	vcpuchar_x86_reason_text(&r, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "MWAIT|PAUSE"));
	r.code = VCPUCHAR_X86_REASON_IDLE_HLT_KERNEL_TOO_OLD;
	r.value = 6u << 16 | 14;
	vcpuchar_x86_reason_text(&r, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "this kernel is 6.14"));
	r.code = VCPUCHAR_X86_REASON_HALT_POLL_LEAVE_DEFAULT;
	r.value = 200000;
	vcpuchar_x86_reason_text(&r, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "(200000 ns)"));
	r.code = VCPUCHAR_X86_REASON_IDLE_HLT_ACTIVE;
	vcpuchar_x86_reason_text(&r, buf, sizeof(buf));
	ck_assert_ptr_nonnull(strstr(buf, "clearcpuid=510"));
	/* Truncation as snprintf; NULL buffer only with size 0. */
	ck_assert_int_eq(vcpuchar_x86_reason_text(&r, small, sizeof(small)), (int)strlen(buf));
	ck_assert_uint_eq(strlen(small), sizeof(small) - 1);
	ck_assert_int_eq(vcpuchar_x86_reason_text(&r, NULL, 0), (int)strlen(buf));
	ck_assert_int_eq(vcpuchar_x86_reason_text(&r, NULL, 4), -EINVAL);
	r.code = 0;
	ck_assert_int_eq(vcpuchar_x86_reason_text(&r, buf, sizeof(buf)), -EINVAL);
}
END_TEST

/* The reason @code of @p, or NULL. */
static const struct vcpuchar_x86_reason *policy_reason(const struct vcpuchar_x86_policy *p, uint32_t code)
{
	for (uint32_t k = 0; k < p->n_reasons && k < VCPUCHAR_X86_MAX_REASONS; k++)
		if (p->reasons[k].code == code)
			return &p->reasons[k];
	return NULL;
}

/*
 * A TD (lib/x86.md#tdx), from Linux 6.16 arch/x86/kvm/vmx/tdx.c:
 * tdcall_to_vmx_exit_reason() turns TDG.VP.VMCALL<Instruction.HLT> into
 * EXIT_REASON_HLT and tdx_handle_exit() calls kvm_emulate_halt_noskip(), so
 * a TD never gets HLT pass-through, whatever KVM_CAP_X86_DISABLE_EXITS
 * allows (kvm_vm_ioctl_enable_cap() has no TD check in 6.16);
 * tdx_protected_apic_has_interrupt() reads the pending interrupt from the
 * TDX module (no VMM re-check); tdx_vcpu_create() needs a split irqchip;
 * kvm_intel.tdx (module_param_named(tdx, enable_tdx, ...)) switches it on.
 */
START_TEST(tdx_rules)
{
	struct vcpuchar_x86_host h = { .size = sizeof(h) };
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm), .cvm = VCPUCHAR_X86_CVM_TDX,
				      .flags = VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY };
	struct vcpuchar_x86_policy p = TEST_OUT(struct vcpuchar_x86_policy);
	const struct vcpuchar_x86_reason *r;
	char err[512], buf[512];

	h.have = 1u << VCPUCHAR_X86_FACT_CPUID_VENDOR | 1u << VCPUCHAR_X86_FACT_DISABLE_EXITS | 1u << VCPUCHAR_X86_FACT_TDX;
	h.vendor = VCPUCHAR_X86_VENDOR_INTEL;
	h.disable_exits_allowed = VCPUCHAR_X86_DISABLE_EXITS_MWAIT | VCPUCHAR_X86_DISABLE_EXITS_HLT |
				  VCPUCHAR_X86_DISABLE_EXITS_PAUSE | VCPUCHAR_X86_DISABLE_EXITS_CSTATE;
	h.tdx = 1;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	/* Pinned and latency-sensitive, every bit allowed: still no exit disabled. */
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS));
	ck_assert_int_eq(vcpuchar_x86_reason_class(VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS),
			 VCPUCHAR_X86_REASON_CLASS_REFUSAL);
	ck_assert_uint_eq(p.n_refusals, 1);
	/* The TD rule replaces the SEV ones: not "unverified", no VMM re-check, but the TDVMCALL path. */
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED));
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_CVM_RECHECK_PENDING_IRQ));
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_TDX_HLT_VIA_TDVMCALL));
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN));
	/* HLT exits kept: PV unhalt (the kick is a TDG.VP.VMCALL KVM serves) and halt polling as for any VM. */
	ck_assert_uint_eq(p.pv_unhalt, 1);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_HLT_HANDLED_IN_KERNEL));
	ck_assert_uint_eq(p.hints_realtime, 1);
	ck_assert_uint_eq(p.poll_control, 1);

	/* force lifts the soft checks only: this one stays, and force says it changed nothing. */
	vm.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	ck_assert_uint_eq(p.disable_exits, 0);
	ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS));
	ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_OVERRIDE_LIFTED_REFUSAL));
	ck_assert_int_eq(vcpuchar_x86_policy_lifted(&p, VCPUCHAR_X86_REASON_TDX_HLT_ALWAYS_EXITS), 0);
	r = policy_reason(&p, VCPUCHAR_X86_REASON_OVERRIDE_NO_EFFECT);
	ck_assert_ptr_nonnull(r);
	ck_assert(r->value & VCPUCHAR_X86_OVERRIDE_HLT_PASSTHROUGH_FORCE);
	vm.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_AUTO;

	/* An SEV-SNP guest on AMD with the same placement keeps its own rules (code 8, then 55). */
	{
		struct vcpuchar_x86_host a = h;
		struct vcpuchar_x86_vm snp = vm;

		a.vendor = VCPUCHAR_X86_VENDOR_AMD;
		a.have &= ~(1u << VCPUCHAR_X86_FACT_TDX);
		snp.cvm = VCPUCHAR_X86_CVM_SEV_SNP;
		ck_assert_int_eq(vcpuchar_x86_decide(&a, &snp, &p), 0);
		ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_CVM_HLT_PASSTHROUGH_UNVERIFIED));
		ck_assert(policy_has(&p, VCPUCHAR_X86_REASON_CVM_RECHECK_PENDING_IRQ));
		ck_assert(!policy_has(&p, VCPUCHAR_X86_REASON_TDX_HLT_VIA_TDVMCALL));
	}

	/* kvm_intel.tdx unknown: missing (-ENOENT: no kvm_intel, or before 6.16) is value 1, unread 2. */
	h.have &= ~(1u << VCPUCHAR_X86_FACT_TDX);
	h.error[VCPUCHAR_X86_FACT_TDX] = -ENOENT;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	r = policy_reason(&p, VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->has_value, 1);
	ck_assert_uint_eq(r->value, 1);
	ck_assert_int_gt(vcpuchar_x86_reason_text(r, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "kvm_intel has no tdx parameter"));
	h.error[VCPUCHAR_X86_FACT_TDX] = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), 0);
	r = policy_reason(&p, VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(r->value, 2);
	ck_assert_int_gt(vcpuchar_x86_reason_text(r, buf, sizeof(buf)), 0);
	ck_assert_ptr_nonnull(strstr(buf, "kvm_intel.tdx was not read"));
	/* Values outside 1-2 are not this code's. */
	{
		struct vcpuchar_x86_reason bad = { .code = VCPUCHAR_X86_REASON_TDX_HOST_UNKNOWN, .has_value = 1, .value = 3 };

		ck_assert_int_eq(vcpuchar_x86_reason_text(&bad, buf, sizeof(buf)), -EINVAL);
	}

	/* Read as off: bad input, in the decision and in the check, which names the module and parameter. */
	h.have |= 1u << VCPUCHAR_X86_FACT_TDX;
	h.tdx = 0;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 2, 0, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "kvm_intel.tdx is off"));
	h.source = VCPUCHAR_SOURCE_KVM;
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 2, 0, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "/sys/module/kvm_intel/parameters"));
	h.tdx = 1;

	/* TDX is Intel's: an AMD or Hygon host is bad input. */
	h.vendor = VCPUCHAR_X86_VENDOR_AMD;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 2, 0, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "cvm tdx needs an Intel host");
	h.vendor = VCPUCHAR_X86_VENDOR_INTEL;

	/* No in-kernel irqchip: tdx_vcpu_create() refuses the vCPU (it needs a split irqchip). */
	vm.flags |= VCPUCHAR_X86_VM_NO_IRQCHIP;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 2, 0, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "split irqchip"));
	vm.flags &= ~VCPUCHAR_X86_VM_NO_IRQCHIP;
	ck_assert_int_eq(vcpuchar_x86_vm_check(&h, &vm, 2, 0, err, sizeof(err)), 0);

	/* One past the last CVM type is still bad input. */
	vm.cvm = VCPUCHAR_X86_CVM_TDX + 1;
	ck_assert_int_eq(vcpuchar_x86_decide(&h, &vm, &p), -EINVAL);
}
END_TEST

START_TEST(every_code_is_reachable_by_decide_or_apply)
{
	/* Codes the vector files never show must be apply-class (covered in test-x86-apply)
	 * or verify-class (every one reached by a row of x86-verify.tsv in test-x86-verify). */
	struct tsv *files[3] = { tsv_open("x86-policy.tsv"), tsv_open("x86-policy-extra.tsv"),
				 tsv_open("x86-field-rules.tsv") };
	bool seen[VCPUCHAR_X86_REASON_MAX + 1] = { false };

	for (int f = 0; f < 3; f++) {
		for (guint i = 0; i < files[f]->n_rows; i++) {
			g_auto(GStrv) codes = g_strsplit(tsv_get(files[f], i, "expect_reason_codes"), ",", -1);

			for (int c = 0; codes[c]; c++) {
				int code = vcpuchar_x86_reason_from_name(codes[c]);

				if (code > 0 && code <= VCPUCHAR_X86_REASON_MAX)
					seen[code] = true;
			}
		}
		tsv_close(files[f]);
	}
	/* Not emitted since 1.3, when the CPU mode stopped turning REALTIME off
	 * (lib/x86.md#reason-codes): names kept for answers of older releases. */
	seen[VCPUCHAR_X86_REASON_REALTIME_HINT_NEEDS_HOST_PASSTHROUGH] = true;
	for (uint32_t c = 1; c <= VCPUCHAR_X86_REASON_MAX; c++)
		if (vcpuchar_x86_reason_name(c) && vcpuchar_x86_reason_class(c) != VCPUCHAR_X86_REASON_CLASS_APPLY &&
		    vcpuchar_x86_reason_class(c) != VCPUCHAR_X86_REASON_CLASS_VERIFY)
			ck_assert_msg(seen[c], "no vector row shows %s", vcpuchar_x86_reason_name(c));
}
END_TEST

START_TEST(exit_classes)
{
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_SVM, 0x78), VCPUCHAR_X86_EXIT_CLASS_HALT);
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_SVM, 0xa6), VCPUCHAR_X86_EXIT_CLASS_HALT);
	/* 0x7b is SVM_EXIT_IOIO, 0x77 PAUSE. */
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_SVM, 0x7b), VCPUCHAR_X86_EXIT_CLASS_OTHER);
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_SVM, 0x77), VCPUCHAR_X86_EXIT_CLASS_OTHER);
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_SVM, 0x78 | (UINT64_C(1) << 32)),
			 VCPUCHAR_X86_EXIT_CLASS_OTHER);
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_KVM, 5), VCPUCHAR_X86_EXIT_CLASS_HALT);
	/* KVM_EXIT_IO = 2; in the KVM space 0x78 means nothing. */
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_KVM, 2), VCPUCHAR_X86_EXIT_CLASS_OTHER);
	ck_assert_int_eq(vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_KVM, 0x78), VCPUCHAR_X86_EXIT_CLASS_OTHER);
	ck_assert_int_eq(vcpuchar_x86_exit_class(2, 0x78), -EINVAL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-policy");
	TCase *tc = tcase_create("x86-policy");

	tcase_add_loop_test(tc, decision_vectors, 0, x86_n_vector_files);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, missing_facts_are_conservative);
	tcase_add_test(tc, vm_flags_known_exactly);
	tcase_add_test(tc, nested_guest_gates);
	tcase_add_test(tc, halt_poll_needs_the_capability);
	tcase_add_test(tc, reason_names_and_texts);
	tcase_add_test(tc, every_code_is_reachable_by_decide_or_apply);
	tcase_add_test(tc, exit_classes);
	tcase_add_test(tc, kernel_release_edges);
	tcase_add_test(tc, unused_reasons_not_written);
	tcase_add_test(tc, lifted_by_code);
	tcase_add_test(tc, tdx_rules);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
