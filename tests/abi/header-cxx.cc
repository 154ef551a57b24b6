// SPDX-License-Identifier: LGPL-2.1-or-later
// The public header from C++: it must compile and link with C linkage.
#include <vcpuchar.h>

int main()
{
	vcpuchar_ppc_caps caps = {};
	return vcpuchar_version() && vcpuchar_ppc_caps_get(&caps, VCPUCHAR_PPC_CAP_CFPC) == 0 ? 0 : 1;
}
