/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The public header alone, as strict C99: built with -std=c99 -pedantic -Werror. */
#include <vcpuchar.h>

/* The struct initialiser is part of the C API. */
static struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);

int main(void)
{
	return req.size == sizeof(req) && VCPUCHAR_CHECK_VERSION(1, 0) ? 0 : 1;
}
