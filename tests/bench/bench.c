/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libvcpuchar benchmark: the library's pure paths and probes side by side
 * with what a VMM would write without it. Every mode first checks that both
 * sides give the same answers; --check does only that, once per row.
 *
 *   vcpuchar-bench                the timing table (ns/call, ratio, allocations/call)
 *   vcpuchar-bench --check        TAP: each row once, its answers compared, no timing (meson test)
 *   vcpuchar-bench --tsv          the same rows, tab-separated, for run.sh
 *   vcpuchar-bench --count N      each pure row N times per side, one callgrind dump each
 *   vcpuchar-bench --run ID SIDE N  one row's loop (SIDE lib or base) N times, for strace/valgrind
 *   vcpuchar-bench --startup N    exec start-plain and start-lib N times each
 */
#define _GNU_SOURCE
#include <sched.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#ifdef HAVE_CALLGRIND_H
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS
#define CALLGRIND_DUMP_STATS_AT(s) ((void)(s))
#endif

#include "bench.h"
#include "inputs.h"
#include "tsv.h"
#include "rows.h"

extern char **environ;

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("bench: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

const char *disagree(const char *fmt, ...)
{
	static char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return buf;
}

/* Nothing is measured where the two sides disagree. */
static void agree(const struct row *rows)
{
	const char *why;

	for (const struct row *r = rows; r->id; r++)
		if ((why = r->check()))
			die("%s: %s", r->id, why);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size);

	if (!p)
		die("out of memory");
	return p;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double run_ns(void (*fn)(size_t), size_t iters)
{
	double t0 = now_ns();

	fn(iters);
	return now_ns() - t0;
}

/*
 * Iterations that take about 1 ms: long against the clock's resolution,
 * short enough that many rounds run without being preempted on a busy machine.
 */
static size_t calibrate(void (*fn)(size_t))
{
	size_t iters = 64;

	while (run_ns(fn, iters) < 1e6 && iters < (1u << 28))
		iters *= 2;
	return iters;
}

struct timing {
	double lib_ns, base_ns;   /* best round, per call */
	double lib_allocs, base_allocs; /* per call */
};

/* One round of one side: the time per call, and the allocations per call. */
static void round_of(void (*fn)(size_t), size_t iters, double *best_ns, double *allocs)
{
	uint64_t a0 = bench_allocs();
	double ns = run_ns(fn, iters) / (double)iters;

	*allocs = (double)(bench_allocs() - a0) / (double)iters;
	if (ns < *best_ns)
		*best_ns = ns;
}

/*
 * The best of 31 rounds per side (noise only ever adds). Rounds interleave
 * the sides and swap which goes first, so that a neighbour with a period
 * near two rounds cannot land on one side only.
 */
static struct timing measure(const struct row *r)
{
	size_t li = calibrate(r->lib), bi = calibrate(r->base);
	struct timing t = { 1e30, 1e30, 0, 0 };

	for (int round = 0; round < 31; round++) {
		if (round & 1) {
			round_of(r->base, bi, &t.base_ns, &t.base_allocs);
			round_of(r->lib, li, &t.lib_ns, &t.lib_allocs);
		} else {
			round_of(r->lib, li, &t.lib_ns, &t.lib_allocs);
			round_of(r->base, bi, &t.base_ns, &t.base_allocs);
		}
	}
	return t;
}

/* ns below 10 us, else us: the probes and the pure paths in one column. */
static const char *human(double ns, char *buf, size_t size)
{
	if (ns < 1e4)
		snprintf(buf, size, "%.1f ns", ns);
	else
		snprintf(buf, size, "%.0f us", ns / 1e3);
	return buf;
}

static void table(int tsv)
{
	char lb[32], bb[32];

	const struct row *sets[] = { pure_rows, probe_rows };
	const char *probe_skip;

	pure_setup();
	agree(pure_rows);
	probe_skip = probe_setup();
	if (!probe_skip)
		agree(probe_rows);
	/* 100 ms of work first: the first row should not pay for the clock speeding up. */
	for (double t0 = now_ns(); now_ns() - t0 < 1e8;)
		pure_rows[0].lib(1000);
	if (!tsv) {
		printf("%-30s %-28s %10s %10s %7s %12s\n", "what", "library call", "library", "baseline", "ratio",
		       "allocs/call");
	}
	for (size_t s = 0; s < 2; s++) {
		for (const struct row *r = sets[s]; r->id; r++) {
			struct timing t;

			if (s == 1 && probe_skip) {
				printf(tsv ? "%s\tskipped: %s\n" : "%-30s skipped: %s\n", tsv ? r->id : r->what,
				       probe_skip);
				continue;
			}
			t = measure(r);
			if (tsv)
				printf("%s\t%s\t%s\t%.1f\t%.1f\t%.2f\t%g\t%g\n", r->id, r->what, r->call, t.lib_ns,
				       t.base_ns, t.lib_ns / t.base_ns, t.lib_allocs, t.base_allocs);
			else
				printf("%-30s %-28s %10s %10s %6.2fx %12g\n", r->what, r->call,
				       human(t.lib_ns, lb, sizeof(lb)), human(t.base_ns, bb, sizeof(bb)), t.lib_ns / t.base_ns,
				       t.lib_allocs);
		}
	}
}

static const struct row *find_row(const char *id)
{
	const struct row *sets[] = { pure_rows, probe_rows };

	for (size_t s = 0; s < 2; s++)
		for (const struct row *r = sets[s]; r->id; r++)
			if (strcmp(r->id, id) == 0)
				return r;
	die("no row '%s'", id);
}

/* Under callgrind: one dump per row and side, named "<id>.lib" / "<id>.base". */
static void count(size_t n)
{
	char name[64];

	pure_setup();
	agree(pure_rows);
	for (const struct row *r = pure_rows; r->id; r++) {
		/* The first call resolves the PLT entry; it is not the function's cost. */
		r->lib(1);
		r->base(1);
		CALLGRIND_ZERO_STATS;
		r->lib(n);
		snprintf(name, sizeof(name), "%s.lib", r->id);
		CALLGRIND_DUMP_STATS_AT(name);
		r->base(n);
		snprintf(name, sizeof(name), "%s.base", r->id);
		CALLGRIND_DUMP_STATS_AT(name);
	}
}

static void run_one(const char *id, const char *side, size_t n)
{
	const struct row *r = find_row(id);
	const char *skip;

	if (strncmp(id, "probe-", 6) == 0) {
		if ((skip = probe_setup()))
			die("%s", skip);
		agree(probe_rows);
	} else {
		pure_setup();
		agree(pure_rows);
	}
	if (strcmp(side, "lib") == 0)
		r->lib(n);
	else if (strcmp(side, "base") == 0)
		r->base(n);
	else
		die("side must be lib or base, not '%s'", side);
}

/*
 * One TAP line per row: both loops run once over every input, the library's
 * side allocates nothing, and the row's check finds the same answers. Nothing
 * is timed. The probes need /dev/kvm and are skipped without it.
 */
static int check(void)
{
	const char *probe_skip;
	int n = 0, failed = 0;

	pure_setup();
	probe_skip = probe_setup();
	for (int s = 0; s < 2; s++) {
		for (const struct row *r = s ? probe_rows : pure_rows; r->id; r++) {
			size_t iters = s ? 1 : N_IN;
			const char *why;
			uint64_t a0;

			n++;
			if (s && probe_skip) {
				printf("ok %d - %s # SKIP %s\n", n, r->id, probe_skip);
				continue;
			}
			a0 = bench_allocs();
			r->lib(iters);
			a0 = bench_allocs() - a0;
			r->base(iters);
			if (a0)
				why = disagree("the library allocated %llu times in %zu calls", (unsigned long long)a0,
					       iters);
			else
				why = r->check();
			if (why)
				printf("not ok %d - %s: %s\n", n, r->id, why);
			else
				printf("ok %d - %s\n", n, r->id);
			failed += why != NULL;
		}
	}
	printf("1..%d\n", n);
	return failed ? 1 : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median wall time of fork+exec+exit+wait of each program, runs interleaved. */
static void startup(size_t n)
{
	static const char *const progs[] = { "start-plain", "start-lib" };
	double *t[2], med[2];
	char path[4096];

	for (size_t p = 0; p < 2; p++)
		t[p] = xmalloc(n * sizeof(double));
	for (size_t i = 0; i < n; i++) {
		for (size_t p = 0; p < 2; p++) {
			char *argv[] = { path, NULL };
			double t0;
			pid_t pid;
			int st;

			snprintf(path, sizeof(path), "%s/%s", BENCH_DIR, progs[p]);
			t0 = now_ns();
			if (posix_spawn(&pid, path, NULL, NULL, argv, environ) || waitpid(pid, &st, 0) != pid ||
			    !WIFEXITED(st) || WEXITSTATUS(st))
				die("%s did not run", path);
			t[p][i] = now_ns() - t0;
		}
	}
	for (size_t p = 0; p < 2; p++) {
		qsort(t[p], n, sizeof(double), cmp_double);
		med[p] = t[p][n / 2] / 1e3;
		printf("%s\t%.0f\t%+.0f\n", progs[p], med[p], med[p] - med[0]);
		free(t[p]);
	}
}

static size_t num(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (!*s || *end)
		die("'%s' is not a count", s);
	return (size_t)v;
}

/* A vector file the benchmark cannot read is fatal. */
static void tsv_die(const char *msg)
{
	die("%s", msg);
}

int main(int argc, char **argv)
{
	cpu_set_t one;

	tsv_fail = tsv_die;
	/* One CPU: no migration in the middle of a round. */
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	sched_setaffinity(0, sizeof(one), &one);

	if (argc == 2 && strcmp(argv[1], "--check") == 0)
		return check();
	if (argc == 1)
		table(0);
	else if (argc == 2 && strcmp(argv[1], "--tsv") == 0)
		table(1);
	else if (argc == 3 && strcmp(argv[1], "--count") == 0)
		count(num(argv[2]));
	else if (argc == 5 && strcmp(argv[1], "--run") == 0)
		run_one(argv[2], argv[3], num(argv[4]));
	else if (argc == 3 && strcmp(argv[1], "--startup") == 0)
		startup(num(argv[2]));
	else
		die("usage: vcpuchar-bench [--check | --tsv | --count N | --run ID lib|base N | --startup N]");
	return 0;
}
