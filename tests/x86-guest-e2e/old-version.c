/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * LD_PRELOADed into the patched QEMU in L1 (run-guest-e2e.py): the library
 * then says it is 1.1.0, older than the 1.2 headers QEMU was built with,
 * and QEMU must refuse hlt-policy with a clear error, not crash.
 */
const char *vcpuchar_version(void);

const char *vcpuchar_version(void)
{
	return "1.1.0";
}
