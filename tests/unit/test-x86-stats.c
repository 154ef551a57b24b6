/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The binary stats parser on hostile files: a memfd stands in for the fd
 * KVM_GET_STATS_FD returns (layout of include/uapi/linux/kvm.h). Every
 * malformed file must give -EINVAL, never a crash or an out-of-range read.
 */
#define _GNU_SOURCE
#include <sys/mman.h>
#include <unistd.h>
#include <vcpuchar.h>

#include "test-common.h"
#include "vcpuchar-private.h"

#define NAME_SIZE 48

struct file {
	unsigned char buf[4096];
	size_t len;
};

static void put32(struct file *f, size_t off, uint32_t v)
{
	memcpy(f->buf + off, &v, 4);
	if (off + 4 > f->len)
		f->len = off + 4;
}

/* A well-formed file: header, id, two descriptors, data. */
static void good(struct file *f)
{
	const size_t desc = 24 + NAME_SIZE, stride = 16 + NAME_SIZE, data = desc + 2 * stride;
	uint16_t one = 1;
	uint64_t v0 = 7, v1 = 42;

	memset(f, 0, sizeof(*f));
	put32(f, 4, NAME_SIZE);
	put32(f, 8, 2);
	put32(f, 12, 24);
	put32(f, 16, (uint32_t)desc);
	put32(f, 20, (uint32_t)data);
	memcpy(f->buf + 24, "kvm-1/vcpu-0", 12);
	memcpy(f->buf + desc + 6, &one, 2);
	put32(f, desc + 8, 0);
	strcpy((char *)f->buf + desc + 16, "exits");
	memcpy(f->buf + desc + stride + 6, &one, 2);
	put32(f, desc + stride + 8, 8);
	strcpy((char *)f->buf + desc + stride + 16, "halt_exits");
	memcpy(f->buf + data, &v0, 8);
	memcpy(f->buf + data + 8, &v1, 8);
	f->len = data + 16;
}

static int parse(const struct file *f, uint64_t *values, uint32_t *have)
{
	static const char *const names[] = { "halt_exits", "exits", "halt_wait_ns" };
	int fd = memfd_create("stats", 0), r;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, f->buf, f->len), (ssize_t)f->len);
	r = vcpuchar_stats_read_fd(fd, names, 3, values, have);
	close(fd);
	return r;
}

START_TEST(well_formed)
{
	struct file f;
	uint64_t v[3] = { 0 };
	uint32_t have = 0;

	good(&f);
	ck_assert_int_eq(parse(&f, v, &have), 0);
	ck_assert_uint_eq(have, 3); /* halt_wait_ns absent */
	ck_assert_uint_eq(v[0], 42);
	ck_assert_uint_eq(v[1], 7);
}
END_TEST

START_TEST(hostile)
{
	const size_t desc = 24 + NAME_SIZE, stride = 16 + NAME_SIZE;
	struct file f;
	uint64_t v[3];
	uint32_t have = 0xdead;
	uint16_t zero = 0;

	good(&f);
	f.len = 10; /* truncated header */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	put32(&f, 4, 0); /* name_size 0 */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	put32(&f, 4, 0xffffffff); /* huge names */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	put32(&f, 8, 0xffffffff); /* huge descriptor count */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	put32(&f, 8, 50); /* descriptors past the end of the file */
	f.len = desc + 2 * stride + 16;
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	put32(&f, 16, 0xfffffff0); /* descriptor offset past the end */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	put32(&f, 20, 0xfffffff0); /* data offset past the end */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	put32(&f, desc + stride + 8, 0xfffffff8); /* one value offset past the end */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	memset(f.buf + desc + 16, 'x', NAME_SIZE); /* name without NUL */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	good(&f);
	memcpy(f.buf + desc + 6, &zero, 2); /* a wanted statistic with no values */
	ck_assert_int_eq(parse(&f, v, &have), -EINVAL);
	ck_assert_uint_eq(have, 0xdead); /* untouched on failure */
	/* No descriptors at all is valid and finds nothing. */
	good(&f);
	put32(&f, 8, 0);
	ck_assert_int_eq(parse(&f, v, &have), 0);
	ck_assert_uint_eq(have, 0);
}
END_TEST

/* The names KVM's vCPU stats descriptors carry (virt/kvm/kvm_main.c, arch/x86/kvm/x86.c). */
START_TEST(names)
{
	static const char *const kvm_names[] = {
		[VCPUCHAR_X86_STAT_HALT_EXITS] = "halt_exits",
		[VCPUCHAR_X86_STAT_HALT_SUCCESSFUL_POLL] = "halt_successful_poll",
		[VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL] = "halt_attempted_poll",
		[VCPUCHAR_X86_STAT_HALT_WAIT_NS] = "halt_wait_ns",
		[VCPUCHAR_X86_STAT_EXITS] = "exits",
	};

	ck_assert_uint_eq(G_N_ELEMENTS(kvm_names), VCPUCHAR_X86_N_STATS);
	ck_assert_names(vcpuchar_x86_stat_name, kvm_names, G_N_ELEMENTS(kvm_names));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("x86-stats");
	TCase *tc = tcase_create("parser");

	tcase_add_test(tc, well_formed);
	tcase_add_test(tc, hostile);
	tcase_add_test(tc, names);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
