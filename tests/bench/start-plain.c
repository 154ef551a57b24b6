/* SPDX-License-Identifier: LGPL-2.1-or-later */
/* Start-up reference: a program that links nothing but libc. */
int main(void)
{
	return 0;
}
