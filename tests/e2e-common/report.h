/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Result lines of the emulated-host guest checkers (tests/ppc-e2e,
 * tests/x86-e2e). Each check prints one line on the serial console that the
 * host runner parses:
 *   E2E: <check>: PASS: <value>
 *   E2E: <check>: FAIL: expected <x>, got <y>
 *   E2E: <check>: INFO: <value>
 * and the run ends with "E2E-DONE: pass=N fail=M". "expected" is always the
 * independent side (the raw ioctl, the kernel's own sysfs text, the caps QEMU
 * was given and the rules of lib/ppc.md) and "got" the side under test.
 */
#ifndef E2E_REPORT_H
#define E2E_REPORT_H

#include <stdint.h>

extern unsigned e2e_pass, e2e_fail;

void e2e_info(const char *check, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Each returns 1 when the values are equal. */
int e2e_int(const char *check, long expected, long got);
int e2e_u64(const char *check, uint64_t expected, uint64_t got);
int e2e_str(const char *check, const char *expected, const char *got);
/* A check whose outcome was decided by the caller; @what describes it. */
int e2e_ok(const char *check, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
