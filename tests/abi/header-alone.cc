// SPDX-License-Identifier: LGPL-2.1-or-later
// One public header alone (VCPUCHAR_HEADER names it) from C++, with C linkage.
#include VCPUCHAR_HEADER

int main()
{
	return vcpuchar_version() ? 0 : 1;
}
