/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Start-up reference: GLib alone, loaded and initialised as libvcpuchar needs it. */
#include <glib.h>

int main(void)
{
	return glib_check_version(2, 0, 0) != NULL;
}
