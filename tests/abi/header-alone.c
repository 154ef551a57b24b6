/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* One public header alone (VCPUCHAR_HEADER names it), as strict C99 and as
 * C++ (header-alone.cc): each domain header must stand on its own. */
#include VCPUCHAR_HEADER

int main(void)
{
	return VCPUCHAR_CHECK_VERSION(1, 0) && VCPUCHAR_SIZE_GROWTH_MAX > 0 ? 0 : 1;
}
