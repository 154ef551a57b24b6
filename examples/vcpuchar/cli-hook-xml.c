/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar libvirt-hook: the domain XML read with GMarkup, keeping what the
 * hook judges: <domain type>, <os><type arch machine>, <emulator>,
 * <cpu><model>, <vcpu>, <cputune><vcpupin>, <qemu:commandline> arguments and
 * the direct children of <features>, rebuilt empty for the library's parser.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "cli-hook.h"

void hook_domain_clear(struct domain *d)
{
	for (int i = 0; i < (int)G_N_ELEMENTS(d->path); i++)
		g_free(d->path[i]);
	g_free(d->type);
	g_free(d->arch);
	g_free(d->machine);
	g_string_free(d->emulator, TRUE);
	g_string_free(d->cpu_model, TRUE);
	g_string_free(d->vcpus, TRUE);
	g_string_free(d->features, TRUE);
	g_ptr_array_unref(d->qemu_args);
	g_array_unref(d->pins);
}

static gboolean at(const struct domain *d, int depth, const char *const *names)
{
	if (d->depth != depth)
		return FALSE;
	for (int i = 0; i < depth; i++)
		if (!d->path[i] || strcmp(d->path[i], names[i]))
			return FALSE;
	return TRUE;
}

/* A namespaced name: libvirt writes <qemu:commandline>, another prefix is the same namespace if declared so. */
static gboolean local_is(const char *name, const char *local)
{
	const char *c = strchr(name, ':');

	return c && !strcmp(c + 1, local);
}

static const char *attr(const char **names, const char **values, const char *name)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], name))
			return values[i];
	return NULL;
}

static void on_start(GMarkupParseContext *ctx, const char *name, const char **names, const char **values,
		     gpointer data, GError **error)
{
	struct domain *d = data;
	static const char *const dom[] = { "domain", "os", "type" };
	static const char *const tune[] = { "domain", "cputune", "vcpupin" };
	static const char *const feat[] = { "domain", "features" };

	if (d->depth == 0 && strcmp(name, "domain")) {
		g_set_error(error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
			    "the root element is <%.32s>, not <domain>", name);
		return;
	}
	if (d->depth < (int)G_N_ELEMENTS(d->path))
		d->path[d->depth] = g_strdup(name);
	d->depth++;
	if (d->depth == 1)
		d->type = g_strdup(attr(names, values, "type"));
	if (at(d, 3, dom)) {
		g_free(d->arch);
		g_free(d->machine);
		d->arch = g_strdup(attr(names, values, "arch"));
		d->machine = g_strdup(attr(names, values, "machine"));
	}
	if (at(d, 2, feat))
		d->has_features = TRUE;
	if (d->depth == 3 && !strcmp(d->path[0], "domain") && !strcmp(d->path[1], "features")) {
		/* A direct child of <features>, given to the library as libvirt wrote it, empty. */
		g_string_append_printf(d->features, "<%s", name);
		for (int i = 0; names[i]; i++) {
			g_autofree char *v = g_markup_escape_text(values[i], -1);

			g_string_append_printf(d->features, " %s='%s'", names[i], v);
		}
		g_string_append(d->features, "/>");
		if (!strcmp(name, "cfpc") || !strcmp(name, "sbbc") || !strcmp(name, "ibs") ||
		    !strcmp(name, "ccf-assist"))
			d->caps_named++;
	}
	if (d->depth == 4 && d->path[2] && !strcmp(d->path[1], "features") &&
	    (!strcmp(d->path[2], "cfpc") || !strcmp(d->path[2], "sbbc") || !strcmp(d->path[2], "ibs") ||
	     !strcmp(d->path[2], "ccf-assist")))
		d->bad_cap = TRUE;
	if (d->depth == 3 && local_is(d->path[1], "commandline") && local_is(name, "arg")) {
		const char *v = attr(names, values, "value");

		g_ptr_array_add(d->qemu_args, g_strdup(v ? v : ""));
	}
	if (at(d, 3, tune)) {
		const char *v = attr(names, values, "vcpu"), *set = attr(names, values, "cpuset");
		struct vcpuchar_x86_vcpu_pin pin = { UINT32_MAX, VCPUCHAR_X86_PIN_NOT_ONE_CPU };
		guint64 n, c;

		/* Only the reading: what the pins mean is the library's (vcpuchar_x86_pins_flags()). */
		if (v && g_ascii_string_to_unsigned(v, 10, 0, 4096, &n, NULL))
			pin.vcpu = (uint32_t)n;
		if (set && g_ascii_string_to_unsigned(set, 10, 0, 1u << 20, &c, NULL))
			pin.cpu = (uint32_t)c;
		g_array_append_val(d->pins, pin);
	}
	(void)ctx;
}

static void on_end(GMarkupParseContext *ctx, const char *name, gpointer data, GError **error)
{
	struct domain *d = data;

	d->depth--;
	if (d->depth < (int)G_N_ELEMENTS(d->path))
		g_clear_pointer(&d->path[d->depth], g_free);
	(void)ctx;
	(void)name;
	(void)error;
}

static void on_text(GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
	struct domain *d = data;
	static const char *const dev[] = { "domain", "devices", "emulator" };
	static const char *const cpu[] = { "domain", "cpu", "model" };
	static const char *const vcpu[] = { "domain", "vcpu" };

	if (at(d, 3, dev))
		g_string_append_len(d->emulator, text, (gssize)len);
	else if (at(d, 3, cpu))
		g_string_append_len(d->cpu_model, text, (gssize)len);
	else if (at(d, 2, vcpu))
		g_string_append_len(d->vcpus, text, (gssize)len);
	else if (d->depth == 3 && d->path[1] && !strcmp(d->path[0], "domain") && !strcmp(d->path[1], "features") &&
		 (!strcmp(d->path[2], "cfpc") || !strcmp(d->path[2], "sbbc") || !strcmp(d->path[2], "ibs") ||
		  !strcmp(d->path[2], "ccf-assist"))) {
		for (gsize i = 0; i < len; i++)
			if (!g_ascii_isspace(text[i]))
				d->bad_cap = TRUE;
	}
	(void)ctx;
	(void)error;
}

char *hook_read_stdin(size_t *len, int *err)
{
	GString *s = g_string_new(NULL);
	char buf[65536];
	gboolean over = FALSE;

	*err = 0;
	for (;;) {
		ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*err = errno;
			break;
		}
		if (n == 0)
			break;
		/* Stops at HOOK_XML_MAX + 1 bytes: an endless stdin (/dev/zero) ends here, not never. */
		if (s->len + (size_t)n > HOOK_XML_MAX) {
			over = TRUE;
			break;
		}
		g_string_append_len(s, buf, n);
	}
	if (over || *err) {
		if (over)
			*err = EFBIG;
		g_string_free(s, TRUE);
		return NULL;
	}
	*len = s->len;
	return g_string_free(s, FALSE);
}

int hook_domain_parse(const char *xml, size_t len, struct domain *d, GError **error)
{
	GMarkupParser parser = { on_start, on_end, on_text, NULL, NULL };
	g_autoptr(GMarkupParseContext) mp = NULL;

	memset(d, 0, sizeof(*d));
	d->emulator = g_string_new(NULL);
	d->cpu_model = g_string_new(NULL);
	d->vcpus = g_string_new(NULL);
	d->features = g_string_new(NULL);
	d->qemu_args = g_ptr_array_new_with_free_func(g_free);
	d->pins = g_array_new(FALSE, FALSE, sizeof(struct vcpuchar_x86_vcpu_pin));
	mp = g_markup_parse_context_new(&parser, G_MARKUP_PREFIX_ERROR_POSITION, d, NULL);
	if (!g_markup_parse_context_parse(mp, xml, (gssize)len, error) || !g_markup_parse_context_end_parse(mp, error))
		return -EINVAL;
	return 0;
}
