/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* As meson generated it for 1.0.0 (kept for tests/abi/old-caller-1.0.c). */
#ifndef VCPUCHAR_VERSION_H
#define VCPUCHAR_VERSION_H

#define VCPUCHAR_VERSION_MAJOR 1
#define VCPUCHAR_VERSION_MINOR 0
#define VCPUCHAR_VERSION_MICRO 0
#define VCPUCHAR_VERSION_STRING "1.0.0"

/* True when the headers are at least version maj.min. */
#define VCPUCHAR_CHECK_VERSION(maj, min) \
	(VCPUCHAR_VERSION_MAJOR > (maj) || \
	 (VCPUCHAR_VERSION_MAJOR == (maj) && VCPUCHAR_VERSION_MINOR >= (min)))

#endif
