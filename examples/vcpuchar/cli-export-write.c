/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar export's files (and qemu probe --save's) written atomically, all
 * of them or none: every target is checked and its temporary file made
 * before any file is written, under one save rule, cli_save_check()
 * (examples/vcpuchar/README.md, "vcpuchar export").
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static void target_clear(struct cli_export_file *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
	if (t->tmp)
		unlink(t->tmp);
	g_clear_pointer(&t->tmp, g_free);
	g_clear_pointer(&t->real, g_free);
	g_clear_pointer(&t->canon, g_free);
}

int cli_save_check(const char *opt, const char *path, const char *header, gboolean force)
{
	char buf[128];
	struct stat st;
	ssize_t n = 0;
	int fd;

	/* Missing, or no regular file: the writer says what is wrong (it never replaces those). */
	if (force || stat(path, &st) < 0 || !S_ISREG(st.st_mode))
		return CLI_OK;
	g_assert(strlen(header) < sizeof(buf));
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)) >= 0) {
		do
			n = read(fd, buf, strlen(header));
		while (n < 0 && errno == EINTR);
		close(fd);
	}
	if (n == (ssize_t)strlen(header) && !memcmp(buf, header, (size_t)n))
		return CLI_OK;
	return cli_usage("%s %s: the file exists and is not %s's own output (its first line does not start "
			 "\"%s\"); nothing was written (--force replaces it)",
			 opt, path, "vcpuchar", header);
}

/*
 * Checks a target and creates its temporary file, before any file is
 * written: an existing FILE that is no regular file is refused, a
 * symbolic link is followed (its target replaced, as
 * vcpuchar_profile_save() does) and one whose target is missing refused,
 * a folder that is missing or not writable refused; an existing file's
 * stat is kept for its mode and owner and for cli_save_check() (run by
 * cli_export_write() once every target is open). CLI_OK, else CLI_USAGE
 * with the message printed.
 */
static int target_open(struct cli_export_file *t)
{
	g_autofree char *dir = NULL, *base = NULL, *rdir = NULL;
	struct stat st;

	t->fd = -1;
	if (lstat(t->path, &st) == 0 && S_ISLNK(st.st_mode)) {
		if (!(t->real = realpath(t->path, NULL)))
			return cli_usage("%s %s: a symbolic link whose target cannot be used: %s; nothing was written",
					 t->opt, t->path, g_strerror(errno));
	} else {
		t->real = g_strdup(t->path);
	}
	if (stat(t->real, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			return cli_usage("%s %s: not a regular file; nothing was written", t->opt, t->path);
		t->exists = TRUE;
		t->st = st;
	}
	dir = g_path_get_dirname(t->real);
	base = g_path_get_basename(t->real);
	if (!(rdir = realpath(dir, NULL)))
		return cli_usage("%s %s: its folder %s: %s; nothing was written", t->opt, t->path, dir,
				 g_strerror(errno));
	t->canon = g_build_filename(rdir, base, NULL);
	t->tmp = g_strdup_printf("%s/.%s.XXXXXX", rdir, base);
	if ((t->fd = g_mkstemp_full(t->tmp, O_WRONLY | O_CLOEXEC, 0644)) < 0) {
		int e = errno;

		g_clear_pointer(&t->tmp, g_free);
		return cli_usage("%s %s: cannot create a temporary file in its folder: %s; nothing was written", t->opt,
				 t->path, g_strerror(e));
	}
	return CLI_OK;
}

/* Writes and syncs a target's temporary file; 0 or an errno with *@what the step that failed. */
static int target_fill(struct cli_export_file *t, const char **what)
{
	size_t off = 0;
	int fd = t->fd;

	t->fd = -1;
	*what = "write";
	while (off < t->data->len) {
		ssize_t w = write(fd, t->data->str + off, t->data->len - off);

		if (w < 0 && errno != EINTR) {
			int e = errno;

			close(fd);
			return e;
		}
		if (w > 0)
			off += (size_t)w;
	}
	/*
	 * A file replaced keeps its mode and owner (keeping the owner needs
	 * privilege; without it the file becomes the caller's, as any rewrite);
	 * a new one is 0644, whatever the umask: the engines' readers need it.
	 */
	*what = "chmod";
	if (fchmod(fd, t->exists ? t->st.st_mode & 07777 : 0644) < 0 ||
	    (*what = "chown", t->exists && fchown(fd, t->st.st_uid, t->st.st_gid) < 0 && errno != EPERM) ||
	    (*what = "fsync", fsync(fd) < 0)) {
		int e = errno;

		close(fd);
		return e;
	}
	*what = "close";
	return close(fd) < 0 ? errno : 0;
}

static int io_status(int err)
{
	return err == ENOSPC || err == EDQUOT || err == EIO || err == EFBIG ? CLI_IO : CLI_USAGE;
}

int cli_export_write(struct cli_export_file *t, size_t n)
{
	const char *what;
	int r = CLI_OK, err = 0;
	size_t i, done;

	for (i = 0; i < n && !r; i++)
		r = target_open(&t[i]);
	/* One file named twice (the same name, a link to it, a hard link): the second would replace the first. */
	for (i = 0; i < n && !r; i++)
		for (done = 0; done < i && !r; done++)
			if (!strcmp(t[i].canon, t[done].canon) ||
			    (t[i].exists && t[done].exists && t[i].st.st_dev == t[done].st.st_dev &&
			     t[i].st.st_ino == t[done].st.st_ino))
				r = cli_usage("%s %s and %s %s name the same file; nothing was written", t[done].opt,
					      t[done].path, t[i].opt, t[i].path);
	for (i = 0; i < n && !r; i++)
		if (t[i].exists && cli_save_check(t[i].opt, t[i].path, t[i].header, t[i].force))
			r = CLI_USAGE;
	for (i = 0; i < n && !r; i++)
		if ((err = target_fill(&t[i], &what))) {
			fprintf(stderr, "vcpuchar: %s %s: %s failed: %s; nothing was written\n", t[i].opt, t[i].path,
				what, g_strerror(err));
			r = io_status(err);
		}
	for (done = 0; done < n && !r; done++) {
		if (rename(t[done].tmp, t[done].real) < 0) {
			err = errno;
			fprintf(stderr, "vcpuchar: %s %s: rename failed: %s; the file is unchanged", t[done].opt,
				t[done].path, g_strerror(err));
			for (i = 0; i < done; i++)
				fprintf(stderr, "%s %s %s", i ? "," : "; written:", t[i].opt, t[i].path);
			fputc('\n', stderr);
			r = io_status(err);
			break;
		}
		g_clear_pointer(&t[done].tmp, g_free);
	}
	/* A rename is durable once its folder is synced. */
	for (i = 0; i < done; i++) {
		g_autofree char *dir = g_path_get_dirname(t[i].real);
		int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		if (dfd >= 0) {
			fsync(dfd);
			close(dfd);
		}
	}
	for (i = 0; i < n; i++)
		target_clear(&t[i]);
	return r;
}
