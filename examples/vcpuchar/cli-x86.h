/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* The vcpuchar x86 subcommands: helpers shared between their files. */
#ifndef VCPUCHAR_CLI_X86_H
#define VCPUCHAR_CLI_X86_H

#include "cli.h"

/* Pieces of the policy answer (cli-x86-print.c). */
char *x86_format(const struct vcpuchar_x86_policy *p, const struct vcpuchar_x86_host *h,
		 const struct vcpuchar_x86_vm *vm, uint32_t format);
void json_guest(JsonBuilder *b, const struct vcpuchar_x86_guest_view *g, uint32_t vcpus);
void text_guest(const struct vcpuchar_x86_guest_view *g, uint32_t vcpus);
void json_facts_not_read(JsonBuilder *b, const struct vcpuchar_x86_host *h, uint32_t no_kvm);
void json_strings(JsonBuilder *b, const char *key, char **a);

/* The subcommands, one file each. */
int cmd_policy(int argc, char **argv);
int cmd_verify(int argc, char **argv);

#endif
