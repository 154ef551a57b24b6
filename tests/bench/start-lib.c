/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Start-up with libvcpuchar: loaded (with what it needs) and called once. */
#include <vcpuchar.h>

int main(void)
{
	return vcpuchar_version()[0] == '\0';
}
