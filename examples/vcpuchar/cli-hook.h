/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* vcpuchar libvirt-hook: what it reads from the domain XML (cli-hook-xml.c). */
#ifndef VCPUCHAR_CLI_HOOK_H
#define VCPUCHAR_CLI_HOOK_H

#include "cli.h"

/* libvirt's domain XML is tens of KiB; more is no domain libvirt wrote. */
#define HOOK_XML_MAX (4u << 20)

/* What the hook reads from the domain XML. */
struct domain {
	int depth;
	char *path[8];        /* element names from the root, as deep as read */
	char *type;           /* <domain type=> */
	char *arch, *machine; /* <os><type arch= machine=> */
	GString *emulator;    /* <devices><emulator> text */
	GString *cpu_model;   /* <cpu><model> text */
	GString *vcpus;       /* <vcpu> text */
	gboolean has_features, bad_cap;
	GString *features;    /* the direct children of <features>, rebuilt for the library */
	int caps_named;
	GPtrArray *qemu_args; /* <qemu:commandline><qemu:arg value=> in order */
	GArray *pins;         /* <cputune><vcpupin vcpu= cpuset=>, struct vcpuchar_x86_vcpu_pin in order */
};

/* Reads @xml (GMarkup: well-formed, no DTD) into @d, which hook_domain_clear() frees also on failure. */
int hook_domain_parse(const char *xml, size_t len, struct domain *d, GError **error);
void hook_domain_clear(struct domain *d);
/* stdin up to its end or HOOK_XML_MAX + 1 bytes, whichever first (an endless stdin ends); NULL with
 * @err EFBIG past HOOK_XML_MAX. */
char *hook_read_stdin(size_t *len, int *err);

#endif
