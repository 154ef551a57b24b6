/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The library inside the L1 guest: its real probe against the raw ioctl, its
 * host levels against the caps QEMU was given, its R4/R5 for those caps
 * against what the kernel received, and its predicted guest view against this
 * kernel's own sysfs strings.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <vcpuchar.h>

#include "guest.h"
#include "report.h"

static const char *const cap_names[VCPUCHAR_PPC_N_CAPS] = { "cfpc", "sbbc", "ibs", "ccf-assist" };

static void caps_str(const struct vcpuchar_ppc_caps *c, char *buf, size_t size)
{
	snprintf(buf, size, "cfpc=%s,sbbc=%s,ibs=%s,ccf-assist=%s",
		 vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_CFPC, c->cfpc),
		 vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_SBBC, c->sbbc),
		 vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_IBS, c->ibs),
		 vcpuchar_ppc_level_name(VCPUCHAR_PPC_CAP_CCF_ASSIST, c->ccf_assist));
}

static uint32_t cpu_model(const char *name)
{
	return !strcmp(name, "POWER10") ? VCPUCHAR_PPC_CPU_POWER10 : VCPUCHAR_PPC_CPU_POWER9;
}

/* The caps QEMU ran with: the list given on -M, or pseries-7.2's defaults. */
static int given_caps(const struct e2e_params *p, struct vcpuchar_ppc_caps *caps)
{
	char err[160] = "";
	uint32_t set = 0;
	int r;

	if (!strcmp(p->caps, "defaults")) {
		r = vcpuchar_ppc_machine_defaults(VCPUCHAR_PPC_MACHINE_PSERIES, cpu_model(p->cpu), caps);
		return e2e_int("lib.machine-defaults", 0, r);
	}
	r = vcpuchar_ppc_caps_parse(p->caps, caps, &set, err, sizeof(err));
	return e2e_ok("lib.caps-parse", r == 0 && set == 0xf, "\"%s\": returned %d, set 0x%x%s%s", p->caps, r, set,
		      *err ? ": " : "", err);
}

/* PVR from /proc/cpuinfo's "(pvr XXXX YYYY)", read here independently of the probe. */
static uint32_t cpuinfo_pvr(void)
{
	char line[256];
	unsigned hi, lo;
	uint32_t pvr = 0;
	FILE *f = fopen("/proc/cpuinfo", "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		const char *p = strstr(line, "(pvr ");

		if (p && sscanf(p, "(pvr %x %x)", &hi, &lo) == 2) {
			pvr = hi << 16 | lo;
			break;
		}
	}
	fclose(f);
	return pvr;
}

/*
 * What vcpuchar_ppc_host_levels() must say for the words QEMU's hcall built
 * from @given (lib/ppc.md#host-levels and #r4-and-r5-from-caps):
 *   - ccf-assist: the hcall sets BCCTR_FLUSH_ASSIST only with ibs=workaround;
 *   - ibs=broken: the hcall emits no ibs bits and the kernel's masks cover all
 *     three, so the nested host parses fixed-na (lib/ppc.md#host-levels, "Nested hosts").
 * Everything else maps back to the level QEMU was given.
 */
static struct vcpuchar_ppc_caps expected_levels(struct vcpuchar_ppc_caps given)
{
	if (given.ibs != VCPUCHAR_PPC_LEVEL_WORKAROUND && given.ccf_assist == VCPUCHAR_PPC_LEVEL_ON) {
		e2e_info("rule", "ccf-assist=on with ibs!=workaround: the hcall omits BCCTR_FLUSH_ASSIST, host level off");
		given.ccf_assist = VCPUCHAR_PPC_LEVEL_OFF;
	}
	if (given.ibs == VCPUCHAR_PPC_LEVEL_BROKEN) {
		e2e_info("rule", "ibs=broken upstairs: FLUSH_COUNT_CACHE, COUNT_CACHE_DIS, BCCTRL_SERIALISED known-clear, host level fixed-na");
		given.ibs = VCPUCHAR_PPC_LEVEL_FIXED_NA;
	}
	return given;
}

static void check_probe_facts(const struct e2e_guest *g, const struct vcpuchar_ppc_host *h)
{
	struct utsname u;

	e2e_int("probe.valid", 1, h->valid);
	e2e_int("probe.source", VCPUCHAR_SOURCE_KVM, h->source);
	e2e_int("probe.error", 0, h->error);
	e2e_u64("probe.character=raw", g->raw.character, h->character);
	e2e_u64("probe.behaviour=raw", g->raw.behaviour, h->behaviour);
	e2e_u64("probe.character_mask=raw", g->raw.character_mask, h->character_mask);
	e2e_u64("probe.behaviour_mask=raw", g->raw.behaviour_mask, h->behaviour_mask);
	e2e_u64("probe.pvr", cpuinfo_pvr(), h->pvr);
	e2e_int("probe.power8", 0, h->power8);
	uname(&u);
	e2e_str("probe.arch", u.machine, h->arch);
	e2e_str("probe.kernel_release", u.release, h->kernel_release);
}

/* Each file of @v against this kernel's own sysfs text. */
static void compare_view(const char *prefix, const struct vcpuchar_ppc_guest_view *v)
{
	const struct {
		const char *file;
		const char *predicted;
	} files[] = {
		{ "meltdown", v->meltdown },
		{ "l1tf", v->l1tf },
		{ "spectre_v1", v->spectre_v1 },
		{ "spectre_v2", v->spectre_v2 },
		{ "spec_store_bypass", v->spec_store_bypass },
	};

	for (unsigned i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char name[64], sysfs[256];
		int r = e2e_read_vuln(files[i].file, sysfs, sizeof(sysfs));

		snprintf(name, sizeof(name), "%s.%s", prefix, files[i].file);
		if (r < 0)
			e2e_ok(name, 0, "cannot read sysfs: %s", strerror(-r));
		else
			e2e_str(name, sysfs, files[i].predicted);
	}
}

static void check_guest_view(const struct e2e_params *p, const struct vcpuchar_ppc_host *h)
{
	struct vcpuchar_ppc_guest_view v = VCPUCHAR_INIT(struct vcpuchar_ppc_guest_view);

	/* This kernel is a pseries guest: its sysfs reflects the R4/R5 QEMU
	 * answered, which KVM_PPC_GET_CPU_CHAR returned unmasked. */
	if (e2e_int("lib.guest-view", 0, vcpuchar_ppc_guest_view(h->character, h->behaviour, cpu_model(p->cpu), 0, &v)))
		compare_view("guest-view", &v);
}

/*
 * What a VMM on this host would call: caps mode with the caps QEMU was given.
 * R4/R5 and the guest view must be this kernel's; conflicts are printed, as
 * they are predictions about a QEMU that would run here (none runs).
 */
static void check_decide(const struct e2e_params *p, const struct vcpuchar_ppc_host *h,
			 const struct vcpuchar_ppc_caps *given, const struct vcpuchar_ppc_caps *levels)
{
	static const char *const severity[] = { "info", "warning", "error" };
	struct vcpuchar_ppc_request req = VCPUCHAR_INIT(struct vcpuchar_ppc_request);
	struct vcpuchar_ppc_result res = VCPUCHAR_INIT(struct vcpuchar_ppc_result);

	req.mode = VCPUCHAR_PPC_MODE_CAPS;
	req.accel = VCPUCHAR_ACCEL_KVM;
	req.cpu = cpu_model(p->cpu);
	req.caps_set = 0xf;
	req.caps = *given;
	if (!e2e_int("decide", 0, vcpuchar_ppc_decide(h, &req, &res)))
		return;
	e2e_ok("decide.host_caps", !memcmp(&res.host_caps, levels, sizeof(*levels)), "%u/%u/%u/%u",
	       res.host_caps.cfpc, res.host_caps.sbbc, res.host_caps.ibs, res.host_caps.ccf_assist);
	e2e_u64("decide.r4=probe.character", h->character, res.r4);
	e2e_u64("decide.r5=probe.behaviour", h->behaviour, res.r5);
	for (uint32_t i = 0; i < res.n_conflicts && i < VCPUCHAR_PPC_N_CAPS; i++)
		e2e_info("decide.conflict", "cap-%s %s: %s (%s)", vcpuchar_ppc_cap_name(res.conflicts[i].cap),
			 res.conflicts[i].severity < 3 ? severity[res.conflicts[i].severity] : "?",
			 res.conflicts[i].message, res.conflicts[i].hint);
	compare_view("decide.guest-view", &res.guest_view);
}

/* The probe on fds that are not a KVM VM: clean errors, "no information" facts. */
static void check_probe_error(const char *check, int fd, int expected)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_caps levels = { 9, 9, 9, 9 };
	char text[256] = "";
	int r = vcpuchar_ppc_host_probe(fd, NULL, &h);
	char name[64];
	int n;

	e2e_int(check, expected, r);
	snprintf(name, sizeof(name), "%s.no-information", check);
	e2e_ok(name, h.valid == 0 && h.error == r && h.character_mask == 0 && h.behaviour_mask == 0,
	       "valid %u, error %d, masks 0x%llx/0x%llx", h.valid, h.error, (unsigned long long)h.character_mask,
	       (unsigned long long)h.behaviour_mask);
	snprintf(name, sizeof(name), "%s.levels-fallback", check);
	n = vcpuchar_ppc_host_levels(&h, &levels);
	e2e_ok(name, n == 0 && levels.cfpc == 0 && levels.sbbc == 0 && levels.ibs == 0 && levels.ccf_assist == 0,
	       "returned %d, levels %u/%u/%u/%u", n, levels.cfpc, levels.sbbc, levels.ibs, levels.ccf_assist);
	snprintf(name, sizeof(name), "%s.describe", check);
	n = vcpuchar_ppc_host_describe(&h, text, sizeof(text));
	e2e_ok(name, n > 0 && !strncmp(text, "no information", 14), "\"%s\"", text);
}

void e2e_lib_checks(struct e2e_guest *g)
{
	struct vcpuchar_ppc_host h = VCPUCHAR_INIT(struct vcpuchar_ppc_host);
	struct vcpuchar_ppc_caps given, want, levels;
	uint64_t r4, r5;
	char buf[128], buf2[128];
	int fd;

	if (g->sys_fd >= 0)
		check_probe_error("probe.sys-fd", g->sys_fd, -EINVAL);
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	check_probe_error("probe.non-kvm-fd", fd, -ENOTTY);
	close(fd);
	if (g->vm_fd < 0) {
		/* No VM fd (no kvm-hv backend): what a VMM would hand over is no fd. */
		check_probe_error("probe.no-vm", g->vm_fd, -EBADF);
		printf("E2E-SUMMARY: no VM (KVM_CREATE_VM errno %d); probe: no information\n", g->create_vm_errno);
		return;
	}
	if (!g->raw_ok || !given_caps(&g->p, &given))
		return;

	if (!e2e_int("probe.vm-fd", 0, vcpuchar_ppc_host_probe(g->vm_fd, NULL, &h)))
		return;
	check_probe_facts(g, &h);

	/* The L0 QEMU answered the L1 kernel's hcall from its caps alone (lib/ppc.md#r4-and-r5-from-caps). */
	if (e2e_int("lib.caps-to-hcall", 0, vcpuchar_ppc_caps_to_hcall(&given, &r4, &r5))) {
		e2e_u64("lib.hcall-r4=probe.character", r4, h.character);
		e2e_u64("lib.hcall-r5=probe.behaviour", r5, h.behaviour);
	}

	want = expected_levels(given);
	if (e2e_int("lib.host-levels", 1, vcpuchar_ppc_host_levels(&h, &levels))) {
		caps_str(&want, buf, sizeof(buf));
		caps_str(&levels, buf2, sizeof(buf2));
		for (uint32_t c = 0; c < VCPUCHAR_PPC_N_CAPS; c++) {
			char name[48];

			snprintf(name, sizeof(name), "lib.host-level.%s", cap_names[c]);
			e2e_str(name, vcpuchar_ppc_level_name(c, (uint32_t)vcpuchar_ppc_caps_get(&want, c)),
				vcpuchar_ppc_level_name(c, (uint32_t)vcpuchar_ppc_caps_get(&levels, c)));
		}
	}
	check_guest_view(&g->p, &h);
	check_decide(&g->p, &h, &given, &want);
	caps_str(&given, buf, sizeof(buf));
	printf("E2E-SUMMARY: caps %s; character=0x%016llx behaviour=0x%016llx; host levels %s\n", buf,
	       (unsigned long long)h.character, (unsigned long long)h.behaviour, buf2);
}
