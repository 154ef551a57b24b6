/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* What every emulated-host /init does before and after its checks. */
#ifndef E2E_INIT_UTIL_H
#define E2E_INIT_UTIL_H

#include <stddef.h>

/* Mounts @type on @dir (created); a failure is a FAIL line. */
void e2e_mount(const char *type, const char *dir);
/* The value of vcpuchar.@key=VALUE on the kernel command line, "" when absent. */
void e2e_cmdline_param(const char *key, char *buf, size_t size);
/* finit_module(@path, @params): 0 or the errno. */
int e2e_load_module(const char *path, const char *params);
/* Prints E2E-DONE with the counts, syncs and powers the machine off. */
void e2e_power_off(void);

#endif
