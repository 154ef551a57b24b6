/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Runs examples/hlt-vmm on the real /dev/kvm and checks the exits it
 * observes: with HLT exits kept, every guest HLT is one KVM_EXIT_HLT and one
 * halt_exits count. With HLT pass-through, a hardware vendor module
 * (kvm_intel, kvm_amd) lets the guest halt without any halt exit, while a
 * software one (kvm_pvm, as on this project's CI machine) still traps each
 * HLT: the test asserts whichever the machine has, and which one it was.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/kvm.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <string.h>
#include <unistd.h>
#include <vcpuchar.h>

#include "test-common.h"

static char *run(const char *mode, unsigned count)
{
	g_autofree char *n = g_strdup_printf("%u", count);
	const char *argv[] = { HLT_VMM, "--count", n, mode, NULL };
	g_autoptr(GError) error = NULL;
	char *out = NULL, *err = NULL;
	int status;

	if (!*mode)
		argv[3] = NULL;
	ck_assert_msg(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error),
		      "spawn: %s", error ? error->message : "");
	ck_assert_msg(g_spawn_check_wait_status(status, NULL), "hlt-vmm failed: %s", err);
	g_free(err);
	printf("%s", out);
	return out;
}

/* The number after "key=" on the line starting with @line. */
static uint64_t field(const char *out, const char *line, const char *key)
{
	const char *l = strstr(out, line);
	g_autofree char *k = g_strdup_printf(" %s=", key);
	const char *p;

	ck_assert_msg(l, "no '%s' line", line);
	p = strstr(l, k);
	ck_assert_msg(p && (!strchr(l, '\n') || p < strchr(l, '\n')), "no %s on '%s'", key, line);
	return g_ascii_strtoull(p + strlen(k), NULL, 0);
}

START_TEST(hlt_exits_kept)
{
	g_autofree char *out = run("", 5);

	ck_assert_uint_eq(field(out, "policy:", "disable_exits"), 0);
	ck_assert_uint_eq(field(out, "predicted:", "kvm_exit_hlt"), 5);
	ck_assert_uint_eq(field(out, "observed:", "kvm_exit_hlt"), 5);
	ck_assert_uint_eq(field(out, "observed:", "halt_exits"), 5);
	/* The five HLTs and the final port write; nothing else needed to exit. */
	ck_assert_uint_ge(field(out, "observed:", "exits"), 6);
	ck_assert_uint_eq(field(out, "observed:", "finished"), 1);
}
END_TEST

START_TEST(hlt_passthrough)
{
	g_autofree char *out = run("--passthrough", 4);
	const char *module = strstr(out, "vendor_module: ");
	int kvm = open("/dev/kvm", O_RDWR);
	int allowed = ioctl(kvm, KVM_CHECK_EXTENSION, KVM_CAP_X86_DISABLE_EXITS);

	close(kvm);
	ck_assert_ptr_nonnull(module);
	if (!(allowed & VCPUCHAR_X86_DISABLE_EXITS_HLT)) {
		/* Refused by the mask: exits kept, counted as above. */
		ck_assert_uint_eq(field(out, "policy:", "disable_exits") & VCPUCHAR_X86_DISABLE_EXITS_HLT, 0);
		ck_assert_uint_eq(field(out, "observed:", "halt_exits"), 4);
		return;
	}
	ck_assert_uint_eq(field(out, "policy:", "disable_exits"),
			  (VCPUCHAR_X86_DISABLE_EXITS_HLT | VCPUCHAR_X86_DISABLE_EXITS_PAUSE) & allowed);
	ck_assert_uint_eq(field(out, "predicted:", "kvm_exit_hlt"), 0);
	if (g_str_has_prefix(module, "vendor_module: kvm_intel") || g_str_has_prefix(module, "vendor_module: kvm_amd")) {
		/* The first HLT halts the vCPU in the guest; the timer ends the run. */
		ck_assert_uint_eq(field(out, "observed:", "kvm_exit_hlt"), 0);
		ck_assert_uint_eq(field(out, "observed:", "halt_exits"), 0);
		ck_assert_uint_eq(field(out, "observed:", "finished"), 0);
	} else {
		/* kvm_pvm accepts the flag but traps every HLT: the example says so. */
		ck_assert_uint_eq(field(out, "observed:", "kvm_exit_hlt"), 4);
		ck_assert_uint_eq(field(out, "observed:", "halt_exits"), 4);
		ck_assert_ptr_nonnull(strstr(out, "note: KVM accepted KVM_X86_DISABLE_EXITS_HLT, yet every HLT exited"));
	}
}
END_TEST

START_TEST(bad_usage)
{
	const char *argv[] = { HLT_VMM, "--count", "0", NULL };
	int status;
	char *err = NULL;

	ck_assert(g_spawn_sync(NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status,
			       NULL));
	ck_assert_int_eq(WEXITSTATUS(status), 2);
	ck_assert_ptr_nonnull(strstr(err, "--count"));
	g_free(err);
}
END_TEST

int main(void)
{
	TCase *tc;
	int fd;
	Suite *s = test_kvm_suite("hlt-vmm", &fd, &tc);

	if (!s)
		return 77;
	close(fd);
	tcase_add_test(tc, hlt_exits_kept);
	tcase_add_test(tc, hlt_passthrough);
	tcase_add_test(tc, bad_usage);
	return run_suite(s);
}
