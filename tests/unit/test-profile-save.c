/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * vcpuchar_profile_save() on what a careless --save meets: device nodes,
 * FIFOs, symbolic links, files with their own modes; and facts that the
 * loader would refuse. Each save is atomic and leaves no temporary file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "ppc-host-words.h"
#include "test-common.h"

#include <vcpuchar.h>

static char *dir;

static void setup(void)
{
	dir = g_dir_make_tmp("vcpuchar-save-XXXXXX", NULL);
	ck_assert_ptr_nonnull(dir);
}

/* Every entry of the directory, to prove no temporary file was left. */
static guint entries(void)
{
	GDir *d = g_dir_open(dir, 0, NULL);
	guint n = 0;

	ck_assert_ptr_nonnull(d);
	while (g_dir_read_name(d))
		n++;
	g_dir_close(d);
	return n;
}

static void teardown(void)
{
	test_rm_tree(dir);
	g_free(dir);
}

static struct vcpuchar_x86_host facts(void)
{
	struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);

	x.source = VCPUCHAR_SOURCE_CALLER;
	x.have = 1u << VCPUCHAR_X86_FACT_HALT_POLL_NS;
	x.halt_poll_ns = 123456;
	strcpy(x.arch, "x86_64");
	return x;
}

/* Saving over @p, a node of type @type, is -EINVAL with a message naming
 * @what; the node stays as it was and no temporary file is left. */
static void assert_node_refused(const char *p, mode_t type, const char *what)
{
	struct vcpuchar_x86_host x = facts();
	struct stat st;
	char err[256] = "";

	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, what), "%s", err);
	ck_assert_int_eq(lstat(p, &st), 0);
	ck_assert_uint_eq(st.st_mode & S_IFMT, type);
	ck_assert_uint_eq(entries(), 1);
}

START_TEST(refuses_fifo)
{
	g_autofree char *p = g_build_filename(dir, "fifo", NULL);

	ck_assert_int_eq(mkfifo(p, 0600), 0);
	assert_node_refused(p, S_IFIFO, "FIFO");
}
END_TEST

START_TEST(refuses_socket)
{
	g_autofree char *p = g_build_filename(dir, "sock", NULL);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	ck_assert_int_ge(fd, 0);
	ck_assert_uint_lt(strlen(p), sizeof(sa.sun_path));
	strcpy(sa.sun_path, p);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_node_refused(p, S_IFSOCK, "a socket");
	close(fd);
}
END_TEST

/* A private device node @name (@mode, @dev), never opened, is refused naming
 * @what; making it needs CAP_MKNOD, without which there is nothing to test. */
static void assert_device_refused(const char *name, mode_t mode, dev_t dev, const char *what)
{
	g_autofree char *p = g_build_filename(dir, name, NULL);

	if (mknod(p, mode, dev) < 0) {
		ck_assert_int_eq(errno, EPERM);
		return;
	}
	assert_node_refused(p, mode & S_IFMT, what);
}

START_TEST(refuses_char_device)
{
	/* A private /dev/null (1:3), never the real one. */
	assert_device_refused("null", S_IFCHR | 0666, makedev(1, 3), "character device");
}
END_TEST

START_TEST(refuses_block_device)
{
	/* A private node of loop0 (7:0). */
	assert_device_refused("loop", S_IFBLK | 0600, makedev(7, 0), "a block device");
}
END_TEST

/* A link whose target is missing: refused naming why, the link left as it was. */
START_TEST(refuses_dangling_symlink)
{
	g_autofree char *p = g_build_filename(dir, "dangling", NULL);
	struct vcpuchar_x86_host x = facts();
	char err[256] = "";

	ck_assert_int_eq(symlink("nowhere/at-all.profile", p), 0);
	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "a symbolic link whose target cannot be used"), "%s", err);
	ck_assert_uint_eq(entries(), 1);
}
END_TEST

/* A path without a directory part: the temporary file goes to the working directory. */
START_TEST(relative_path)
{
	g_autofree char *cwd = g_get_current_dir();
	struct vcpuchar_x86_host x = facts(), back = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	char err[256] = "";

	ck_assert_int_eq(chdir(dir), 0);
	ck_assert_int_eq(vcpuchar_profile_save("rel.profile", NULL, &x, err, sizeof(err)), 0);
	ck_assert_int_eq(vcpuchar_profile_load("rel.profile", NULL, &back, err, sizeof(err)), 0);
	ck_assert_uint_eq(back.halt_poll_ns, 123456);
	ck_assert_uint_eq(entries(), 1);
	ck_assert_int_eq(chdir(cwd), 0);
}
END_TEST

/* Arguments: no path, a bad size; facts load would refuse; loading what is no regular file. */
START_TEST(bad_arguments)
{
	struct vcpuchar_x86_host x = facts();
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	g_autofree char *p = g_build_filename(dir, "p.profile", NULL);
	char err[256] = "";

	ck_assert_int_eq(vcpuchar_profile_save(NULL, NULL, &x, err, sizeof(err)), -EINVAL);
	h.size = 3;
	ck_assert_int_eq(vcpuchar_profile_save(p, &h, NULL, err, sizeof(err)), -EINVAL);
	memset(x.kernel_release, 'r', sizeof(x.kernel_release));
	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "x86 facts kernel_release: not NUL-terminated"), "%s", err);
	ck_assert_uint_eq(entries(), 0);
	/* /dev/null is a character device: not a profile, and no message asked for. */
	ck_assert_int_eq(vcpuchar_profile_load("/dev/null", NULL, &x, NULL, 0), -EINVAL);
	/* A load error without a message buffer. */
	ck_assert_int_eq(g_file_set_contents(p, "no key file", -1, NULL), TRUE);
	ck_assert_int_eq(vcpuchar_profile_load(p, NULL, &x, NULL, 0), -EINVAL);
	/* Two bytes: too short for a byte order mark, and no key file. */
	ck_assert_int_eq(vcpuchar_profile_load_data("\xef\xbb", 2, NULL, &x, err, sizeof(err)), -EINVAL);
}
END_TEST

START_TEST(refuses_directory)
{
	g_autofree char *p = g_build_filename(dir, "sub", NULL);
	struct vcpuchar_x86_host x = facts();

	ck_assert_int_eq(g_mkdir(p, 0700), 0);
	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, NULL, 0), -EISDIR);
	ck_assert(g_file_test(p, G_FILE_TEST_IS_DIR));
	rmdir(p);
}
END_TEST

START_TEST(keeps_mode)
{
	static const mode_t modes[] = { 0600, 0640, 0444 };
	g_autofree char *p = g_build_filename(dir, "host.profile", NULL);
	struct vcpuchar_x86_host x = facts(), back = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct stat st;

	for (size_t i = 0; i < G_N_ELEMENTS(modes); i++) {
		ck_assert(g_file_set_contents(p, "# old\n", -1, NULL));
		ck_assert_int_eq(chmod(p, modes[i]), 0);
		ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, NULL, 0), 0);
		ck_assert_int_eq(stat(p, &st), 0);
		ck_assert_uint_eq(st.st_mode & 07777, modes[i]);
		ck_assert_int_eq(vcpuchar_profile_load(p, NULL, &back, NULL, 0), 0);
		ck_assert_uint_eq(back.halt_poll_ns, 123456);
		ck_assert_uint_eq(entries(), 1);
		chmod(p, 0600);
	}
}
END_TEST

START_TEST(through_symlink)
{
	g_autofree char *target = g_build_filename(dir, "real.profile", NULL);
	g_autofree char *link = g_build_filename(dir, "link.profile", NULL);
	struct vcpuchar_x86_host x = facts(), back = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	struct stat st;

	ck_assert(g_file_set_contents(target, "# old\n", -1, NULL));
	ck_assert_int_eq(chmod(target, 0640), 0);
	ck_assert_int_eq(symlink("real.profile", link), 0);
	ck_assert_int_eq(vcpuchar_profile_save(link, NULL, &x, NULL, 0), 0);
	/* The link stays a link; its target has the new facts and its mode. */
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
	ck_assert_int_eq(stat(target, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0640);
	ck_assert_int_eq(vcpuchar_profile_load(target, NULL, &back, NULL, 0), 0);
	ck_assert_uint_eq(back.halt_poll_ns, 123456);
	ck_assert_uint_eq(entries(), 2);
	/* A dangling link is refused, not replaced by a file. */
	unlink(target);
	ck_assert_int_eq(vcpuchar_profile_save(link, NULL, &x, NULL, 0), -ENOENT);
	ck_assert_int_eq(lstat(link, &st), 0);
	ck_assert(S_ISLNK(st.st_mode));
}
END_TEST

START_TEST(new_file_and_missing_dir)
{
	g_autofree char *p = g_build_filename(dir, "new.profile", NULL);
	g_autofree char *q = g_build_filename(dir, "no-such-dir", "x.profile", NULL);
	struct vcpuchar_x86_host x = facts();
	char err[256] = "";

	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, NULL, 0), 0);
	ck_assert_uint_eq(entries(), 1);
	ck_assert_int_eq(vcpuchar_profile_save(q, NULL, &x, err, sizeof(err)), -ENOENT);
	ck_assert_msg(strstr(err, "no-such-dir"), "%s", err);
}
END_TEST

/* Item: save must not write what load rejects. */
START_TEST(validates_before_writing)
{
	g_autofree char *p = g_build_filename(dir, "bad.profile", NULL);
	struct vcpuchar_x86_host x = facts();
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	char err[256] = "";

	strcpy(x.arch, "x86_\xff\xfe");
	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "arch") && strstr(err, "UTF-8"), "%s", err);
	ck_assert(!g_file_test(p, G_FILE_TEST_EXISTS));

	h.source = VCPUCHAR_SOURCE_CALLER;
	h.character_mask = 1;
	memset(h.kernel_release, 'r', sizeof(h.kernel_release));
	ck_assert_int_eq(vcpuchar_profile_save(p, &h, NULL, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "kernel_release"), "%s", err);
	ck_assert(!g_file_test(p, G_FILE_TEST_EXISTS));
	memset(h.kernel_release, 0, sizeof(h.kernel_release));
	h.error = INT32_MIN;
	ck_assert_int_eq(vcpuchar_profile_save(p, &h, NULL, err, sizeof(err)), -EINVAL);
	ck_assert(!g_file_test(p, G_FILE_TEST_EXISTS));

	/* Longest good strings round-trip (an arch no POWER host has: without the [ppc] words it carries). */
	h.error = -ENODATA;
	h.valid = 0;
	h.character_mask = 0;
	memset(h.arch, 'a', sizeof(h.arch) - 1);
	memset(h.kernel_release, 'k', sizeof(h.kernel_release) - 1);
	ck_assert_msg(vcpuchar_profile_save(p, &h, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(vcpuchar_profile_load(p, &h, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(strlen(h.kernel_release), sizeof(h.kernel_release) - 1);
}
END_TEST

/* Saves @ppc/@x86, loads them back and compares every byte; @what names the case. */
static void round_trip(const char *what, const struct vcpuchar_ppc_host *ppc, const struct vcpuchar_x86_host *x86)
{
	g_autofree char *p = g_build_filename(dir, "rt.profile", NULL);
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
	char err[512] = "";

	ck_assert_msg(vcpuchar_profile_save(p, ppc, x86, err, sizeof(err)) == 0, "%s: save: %s", what, err);
	ck_assert_msg(vcpuchar_profile_load(p, &h, &x, err, sizeof(err)) == 0, "%s: load: %s", what, err);
	/* The source of loaded facts is the profile; the rest must be what was saved. */
	if (ppc) {
		struct vcpuchar_ppc_host want = *ppc;

		want.source = VCPUCHAR_SOURCE_PROFILE;
		ck_assert_msg(!memcmp(&h, &want, sizeof(h)), "%s: the POWER facts differ after a round trip", what);
	}
	if (x86)
		ck_assert_msg(!memcmp(&x, x86, sizeof(x)), "%s: the x86 facts differ after a round trip", what);
}

/* Every bundled profile, loaded, saved and loaded again, is the same. */
START_TEST(bundled_profiles_round_trip)
{
	GDir *d = g_dir_open(VCPUCHAR_PROFILES, 0, NULL);
	const char *name;
	guint n = 0;

	ck_assert_ptr_nonnull(d);
	while ((name = g_dir_read_name(d))) {
		g_autofree char *path = g_build_filename(VCPUCHAR_PROFILES, name, NULL);
		struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
		struct vcpuchar_x86_host x = VCPUCHAR_INIT(struct vcpuchar_x86_host);
		char err[512] = "";

		if (!g_str_has_suffix(name, ".profile"))
			continue;
		ck_assert_msg(vcpuchar_profile_load(path, &h, &x, err, sizeof(err)) == 0, "%s: %s", name, err);
		round_trip(name, &h, &x);
		n++;
	}
	g_dir_close(d);
	ck_assert_uint_ge(n, 7);
}
END_TEST

/* Generated POWER facts: consistent ones round-trip; pvr against power8 is refused as the loader does. */
START_TEST(generated_ppc_facts)
{
	static const struct {
		uint32_t pvr, power8;
		int ret;
	} rows[] = {
		{ 0, 0, 0 },		{ 0, 1, 0 },	      { 0x004b0201, 1, 0 }, { 0x004c0100, 1, 0 },
		{ 0x004d0200, 1, 0 },	{ 0x004e1202, 0, 0 }, { 0x00800200, 0, 0 }, { 0x00820200, 0, 0 },
		{ 0x004d0200, 0, -EINVAL }, { 0x004e1202, 1, -EINVAL }, { 0x00800200, 1, -EINVAL },
	};
	g_autofree char *p = g_build_filename(dir, "gen.profile", NULL);

	for (size_t i = 0; i < G_N_ELEMENTS(rows); i++) {
		struct vcpuchar_ppc_host h = ppc_host_raw(VCPUCHAR_SOURCE_PROFILE, 0xa000000000000000, 0xe400000000000000,
							  0xf940000000000000, 0xe400000000000000);
		g_autofree char *what = g_strdup_printf("pvr 0x%08x power8 %u", rows[i].pvr, rows[i].power8);
		char err[512] = "";

		h.pvr = rows[i].pvr;
		h.power8 = rows[i].power8;
		strcpy(h.arch, "ppc64le");
		if (!rows[i].ret) {
			round_trip(what, &h, NULL);
			continue;
		}
		ck_assert_int_eq(vcpuchar_profile_save(p, &h, NULL, err, sizeof(err)), rows[i].ret);
		ck_assert_msg(strstr(err, "[ppc] power8=") && strstr(err, "POWER8-family PVR"), "%s: %s", what, err);
		ck_assert(!g_file_test(p, G_FILE_TEST_EXISTS));
	}
}
END_TEST

/* Facts of a failed probe (an x86 host) write no [ppc] group; an answer of zero masks writes one. */
START_TEST(no_information_keeps_its_kind)
{
	g_autofree char *p = g_build_filename(dir, "noinfo.profile", NULL);
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_host back = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	char err[512] = "";

	h.source = VCPUCHAR_SOURCE_KVM;
	h.error = -ENOTSUP;
	ck_assert_msg(vcpuchar_profile_save(p, &h, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(vcpuchar_profile_load(p, &back, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(back.error, -ENODATA);
	h.error = 0;
	ck_assert_msg(vcpuchar_profile_save(p, &h, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(vcpuchar_profile_load(p, &back, NULL, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(back.error, 0);
	ck_assert_uint_eq(back.valid, 0);
}
END_TEST

/* A save that succeeds leaves "" in err, as a load does: no stale text from an earlier call. */
START_TEST(clears_err_on_success)
{
	g_autofree char *p = g_build_filename(dir, "ok.profile", NULL);
	struct vcpuchar_x86_host x = facts();
	char err[256];

	strcpy(err, "stale text of an earlier call");
	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");
}
END_TEST

/* A path under a regular file: lstat() fails with ENOTDIR, named, and nothing is written. */
START_TEST(path_under_a_file)
{
	g_autofree char *f = g_build_filename(dir, "file", NULL);
	g_autofree char *p = g_build_filename(f, "host.profile", NULL);
	struct vcpuchar_x86_host x = facts();
	char err[512] = "";

	ck_assert(g_file_set_contents(f, "", 0, NULL));
	ck_assert_int_eq(vcpuchar_profile_save(p, NULL, &x, err, sizeof(err)), -ENOTDIR);
	ck_assert_msg(g_str_has_suffix(err, "/file/host.profile: Not a directory"), "%s", err);
	ck_assert_uint_eq(entries(), 1);
	/* A vendor past VCPUCHAR_X86_VENDOR_OTHER is refused before any file is touched. */
	x.vendor = VCPUCHAR_X86_VENDOR_OTHER + 1;
	ck_assert_int_eq(vcpuchar_profile_save(f, NULL, &x, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "x86 facts: vendor or an error out of range");
	/* Success without a message buffer. */
	x = facts();
	ck_assert_int_eq(vcpuchar_profile_save(f, NULL, &x, NULL, 0), 0);
	ck_assert_int_eq(vcpuchar_profile_load_data("[host]\narch=x86_64\n", 19, NULL, &x, NULL, 0), 0);
}
END_TEST

/* Loading what is no regular file: a socket, a private block device node. */
START_TEST(load_refuses_nodes)
{
	g_autofree char *sock = g_build_filename(dir, "sock", NULL);
	g_autofree char *blk = g_build_filename(dir, "loop", NULL);
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct vcpuchar_x86_host x = facts();
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	char err[512] = "";

	ck_assert_int_ge(fd, 0);
	ck_assert_uint_lt(strlen(sock), sizeof(sa.sun_path));
	strcpy(sa.sun_path, sock);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	/* open(2) of a socket is ENXIO, before any check of the kind. */
	ck_assert_int_eq(vcpuchar_profile_load(sock, NULL, &x, err, sizeof(err)), -ENXIO);
	ck_assert_msg(strstr(err, "/sock: No such device or address"), "%s", err);
	close(fd);
	/* A private node of loop0 (7:0); making it needs CAP_MKNOD (fakeroot makes a regular file). */
	if (mknod(blk, S_IFBLK | 0600, makedev(7, 0)) == 0) {
		struct stat st;
		int r = vcpuchar_profile_load(blk, NULL, &x, err, sizeof(err));

		ck_assert_int_eq(lstat(blk, &st), 0);
		/* Opening it needs the device itself; where it opens, its kind is refused. */
		if (S_ISBLK(st.st_mode) && r != -ENXIO && r != -ENOENT && r != -EACCES && r != -EPERM) {
			ck_assert_int_eq(r, -EINVAL);
			ck_assert_msg(strstr(err, "/loop: is a block device; a profile is read only from a regular file"),
				      "%s", err);
		}
	} else {
		ck_assert_int_eq(errno, EPERM);
	}
}
END_TEST

/*
 * "PATH: CAUSE" cut to the caller's buffer: the path's last bytes after
 * "...", from a character's first byte, the cause whole; a cause longer
 * than the buffer cut after the path.
 */
START_TEST(message_cut_to_buffer)
{
	g_autofree char *sub = g_build_filename(dir, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", NULL);
	g_autofree char *p = g_build_filename(sub, "missing.profile", NULL);
	struct vcpuchar_x86_host x = facts();
	const char *cause = ": No such file or directory";
	size_t plen = strlen(p), clen = strlen(cause);
	char err[512];

	ck_assert_int_eq(g_mkdir(sub, 0700), 0);
	/* Every size that cuts the path inside the eight two-byte characters. */
	for (size_t size = clen + 3 + strlen("/missing.profile") + 2; size < plen + clen + 1; size++) {
		memset(err, 'x', sizeof(err));
		ck_assert_int_eq(vcpuchar_profile_load(p, NULL, &x, err, size), -ENOENT);
		ck_assert_msg(strlen(err) < size, "%zu: %s", size, err);
		ck_assert_msg(g_str_has_prefix(err, "..."), "%zu: %s", size, err);
		ck_assert_msg(g_str_has_suffix(err, cause), "%zu: %s", size, err);
		ck_assert_msg(g_utf8_validate(err, -1, NULL), "%zu: '%s' cuts a character", size, err);
	}
	/* A buffer too small for the cause: the path first, cut by the buffer. */
	ck_assert_int_eq(vcpuchar_profile_load(p, NULL, &x, err, 8), -ENOENT);
	ck_assert_int_eq(strncmp(err, p, 7), 0);
	ck_assert_uint_eq(strlen(err), 7);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("profile-save");
	TCase *tc = tcase_create("profile-save");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, refuses_fifo);
	tcase_add_test(tc, clears_err_on_success);
	tcase_add_test(tc, refuses_socket);
	tcase_add_test(tc, refuses_char_device);
	tcase_add_test(tc, refuses_block_device);
	tcase_add_test(tc, refuses_dangling_symlink);
	tcase_add_test(tc, relative_path);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, refuses_directory);
	tcase_add_test(tc, keeps_mode);
	tcase_add_test(tc, through_symlink);
	tcase_add_test(tc, new_file_and_missing_dir);
	tcase_add_test(tc, validates_before_writing);
	tcase_add_test(tc, bundled_profiles_round_trip);
	tcase_add_test(tc, generated_ppc_facts);
	tcase_add_test(tc, path_under_a_file);
	tcase_add_test(tc, load_refuses_nodes);
	tcase_add_test(tc, message_cut_to_buffer);
	tcase_add_test(tc, no_information_keeps_its_kind);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
