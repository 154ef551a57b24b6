/* SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause */
/* The only POWER code that touches the kernel: KVM_PPC_GET_CPU_CHAR, the PVR and the start facts (lib/ppc.md#the-ioctl, #probe, #start). */
#include <dirent.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "ppc-internal.h"
#include "ppc-kvm.h"
#include "vcpuchar-private.h"

/* The first processor entry, which holds the PVR, is far inside this. */
#define CPUINFO_READ_MAX 4096

/* Reads "(pvr XXXX YYYY)" from <root>/proc/cpuinfo (Linux show_cpuinfo()); 0 when unknown. */
static uint32_t read_pvr(const char *root)
{
	char buf[CPUINFO_READ_MAX + 1], *p;
	unsigned int hi, lo;
	uint32_t pvr = 0;

	if (vcpuchar_read_text(root, "proc/cpuinfo", buf, sizeof(buf)) < 0)
		return 0;
	p = strstr(buf, "(pvr ");
	if (p && sscanf(p, "(pvr %4x %4x)", &hi, &lo) == 2)
		pvr = (uint32_t)hi << 16 | lo;
	return pvr;
}


/* 1 when KVM offers capability @cap on @vm_fd, 0 when not, -1 when the check fails (unknown). */
static int kvm_offers(int vm_fd, int cap)
{
	int r = ioctl(vm_fd, KVM_CHECK_EXTENSION, cap);

	return r < 0 ? -1 : r > 0;
}

/* A fact bit from a check: read when @v >= 0, holding when @v > 0. */
static void set_fact(struct vcpuchar_ppc_host *h, uint32_t bit, int v)
{
	if (v < 0)
		return;
	h->facts_read |= bit;
	if (v)
		h->facts |= bit;
}

/*
 * QEMU target/ppc/kvm.c kvmppc_find_cpu_dt() and kvmppc_get_dec_bits(): the
 * first node under /proc/device-tree/cpus with a clock-frequency, its
 * ibm,dec-bits as one big-endian cell. -1 when there is no such node
 * (unknown), 0 when the node lacks the property, else the width.
 */
static int read_dec_bits(const char *root)
{
	char path[PATH_MAX], buf[8];
	struct dirent *d;
	int r = -1;
	DIR *dir;

	if ((size_t)snprintf(path, sizeof(path), "%s/proc/device-tree/cpus", root) >= sizeof(path))
		return -1;
	dir = opendir(path);
	if (!dir)
		return -1;
	while (r < 0 && (d = readdir(dir))) {
		char rel[PATH_MAX];
		int n;

		if (d->d_name[0] == '.')
			continue;
		snprintf(rel, sizeof(rel), "proc/device-tree/cpus/%s/clock-frequency", d->d_name);
		if (vcpuchar_read_text(root, rel, buf, sizeof(buf)) < 0)
			continue;
		snprintf(rel, sizeof(rel), "proc/device-tree/cpus/%s/ibm,dec-bits", d->d_name);
		n = vcpuchar_read_bytes(root, rel, buf, sizeof(buf));
		r = n == 4 ? (int)((uint32_t)(uint8_t)buf[0] << 24 | (uint32_t)(uint8_t)buf[1] << 16 |
				   (uint32_t)(uint8_t)buf[2] << 8 | (uint8_t)buf[3])
			   : 0;
		if (r < 0 || r > 64)
			r = 0;
	}
	closedir(dir);
	return r;
}

/* The facts QEMU checks at start besides the words (lib/ppc.md#start). */
static void read_start_facts(int vm_fd, const char *root, struct vcpuchar_ppc_host *h)
{
	struct vcpuchar_kvm_ppc_smmu_info smmu;
	long page = sysconf(_SC_PAGESIZE);
	int bits;

	set_fact(h, VCPUCHAR_PPC_FACT_HTM, kvm_offers(vm_fd, VCPUCHAR_KVM_CAP_PPC_HTM));
	set_fact(h, VCPUCHAR_PPC_FACT_NESTED_HV, kvm_offers(vm_fd, VCPUCHAR_KVM_CAP_PPC_NESTED_HV));
	set_fact(h, VCPUCHAR_PPC_FACT_FWNMI, kvm_offers(vm_fd, VCPUCHAR_KVM_CAP_PPC_FWNMI));
	/* QEMU 8.1's kvm_arch_init() asks it on the VM fd too (kvmppc_supports_ail_3()). */
	set_fact(h, VCPUCHAR_PPC_FACT_AIL_MODE_3, kvm_offers(vm_fd, VCPUCHAR_KVM_CAP_PPC_AIL_MODE_3));
	memset(&smmu, 0, sizeof(smmu));
	if (ioctl(vm_fd, VCPUCHAR_KVM_PPC_GET_SMMU_INFO, &smmu) == 0)
		set_fact(h, VCPUCHAR_PPC_FACT_PAGES_REAL, (smmu.flags & VCPUCHAR_KVM_PPC_PAGE_SIZES_REAL) != 0);
	if (page >= 4096 && page <= (1L << 30) && !(page & (page - 1)))
		h->page_size = (uint32_t)page;
	bits = read_dec_bits(root);
	set_fact(h, VCPUCHAR_PPC_FACT_DEC_BITS, bits);
	if (bits > 0)
		h->dec_bits = (uint32_t)bits;
}

/* Copies a NUL-terminated string, truncated to @size - 1 bytes. */
static void copy_str(char *dst, size_t size, const char *src)
{
	size_t n = strnlen(src, size - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * The kernel's errno for a KVM fd. Files that do not know an ioctl answer
 * ENOTTY, EINVAL (/dev/urandom, epoll) or EBADF (O_PATH): for any file that
 * is not KVM's those mean -ENOTTY, or -EBADF when it is not open.
 */
static int refused(int fd)
{
	int err = errno, not_kvm;

	if (err != ENOTTY && err != EINVAL && err != EBADF)
		return -err;
	not_kvm = vcpuchar_fd_not_kvm(fd);
	return not_kvm ? not_kvm : -err;
}

static int get_cpu_char(int vm_fd, struct vcpuchar_kvm_ppc_cpu_char *cc)
{
	int r = ioctl(vm_fd, KVM_CHECK_EXTENSION, VCPUCHAR_KVM_CAP_PPC_GET_CPU_CHAR);

	if (r < 0)
		return refused(vm_fd);
	if (r == 0)
		return -ENOTSUP;
	if (ioctl(vm_fd, VCPUCHAR_KVM_PPC_GET_CPU_CHAR, cc) < 0)
		return refused(vm_fd);
	return 0;
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_probe(int vm_fd, const struct vcpuchar_probe_opts *opts,
					    struct vcpuchar_ppc_host *out)
{
	struct vcpuchar_ppc_host buf, *ret;
	struct vcpuchar_probe_opts obuf;
	struct vcpuchar_kvm_ppc_cpu_char cc = { 0 };
	struct utsname u;
	int r;

	return_val_if_fail(out && VCPUCHAR_SIZE_OK(out), -EINVAL);
	return_val_if_fail(!opts || (VCPUCHAR_SIZE_OK(opts) && opts->flags == 0), -EINVAL);
	opts = VCPUCHAR_IN(opts, &obuf);

	ret = VCPUCHAR_OUT(out, &buf);
	ret->source = VCPUCHAR_SOURCE_KVM;
	r = get_cpu_char(vm_fd, &cc);
	if (r < 0) {
		/* "No information", never guessed bits; the errno says why. */
		ret->error = r;
		VCPUCHAR_OUT_END(out, ret);
		return r;
	}
	ret->character = cc.character;
	ret->behaviour = cc.behaviour;
	ret->character_mask = cc.character_mask;
	ret->behaviour_mask = cc.behaviour_mask;
	/* Zero masks are the kernel's "I know nothing" (lib/ppc.md#probe). */
	ret->valid = (cc.character_mask || cc.behaviour_mask) ? 1 : 0;
	ret->pvr = read_pvr(opts && opts->root ? opts->root : "");
	ret->power8 = ppc_pvr_is_power8(ret->pvr);
	read_start_facts(vm_fd, opts && opts->root ? opts->root : "", ret);
	if (uname(&u) == 0) {
		copy_str(ret->arch, sizeof(ret->arch), u.machine);
		copy_str(ret->kernel_release, sizeof(ret->kernel_release), u.release);
	}
	VCPUCHAR_OUT_END(out, ret);
	return 0;
}

static const char *source_name(uint32_t source)
{
	switch (source) {
	case VCPUCHAR_SOURCE_KVM:
		return "KVM_PPC_GET_CPU_CHAR";
	case VCPUCHAR_SOURCE_PROFILE:
		return "a host profile";
	default:
		return "the caller";
	}
}

VCPUCHAR_EXPORT int vcpuchar_ppc_host_describe(const struct vcpuchar_ppc_host *host, char *buf, size_t size)
{
	struct vcpuchar_ppc_host hbuf;
	const char *why;

	return_val_if_fail(host && ppc_host_ok(host) && (buf || !size), -EINVAL);
	host = VCPUCHAR_IN(host, &hbuf);

	if (ppc_host_has_info(host))
		return snprintf(buf, size,
				"from %s: character 0x%016" PRIx64 " (mask 0x%016" PRIx64 "), behaviour 0x%016" PRIx64
				" (mask 0x%016" PRIx64 ")%s",
				source_name(host->source), host->character, host->character_mask, host->behaviour,
				host->behaviour_mask, host->power8 ? ", POWER8-family host" : "");
	if (host->source == VCPUCHAR_SOURCE_NONE)
		return snprintf(buf, size, "no information: nothing was read");

	switch (host->error) {
	case 0:
		if (host->source != VCPUCHAR_SOURCE_KVM)
			return snprintf(buf, size, "no information: %s gave zero masks", source_name(host->source));
		why = "KVM_PPC_GET_CPU_CHAR answered with zero masks (the host firmware or parent hypervisor "
		      "reported nothing); this is not a finding that the host is vulnerable";
		break;
	case -ENOTSUP:
		why = "KVM_CAP_PPC_GET_CPU_CHAR (151) is not offered by this kernel (not a POWER Book3S-64 KVM "
		      "host)";
		break;
	case -EBADF:
		why = "the file descriptor is not open (EBADF)";
		break;
	case -ENOTTY:
		why = "the file descriptor is not a KVM VM fd (ENOTTY)";
		break;
	case -EINVAL:
		/* Only KVM's own fds get here: others are ENOTTY or EBADF. */
		why = "the kernel rejected KVM_PPC_GET_CPU_CHAR on this KVM fd (EINVAL): it is a VM ioctl and "
		      "needs a VM fd from KVM_CREATE_VM, not a system or vCPU fd";
		break;
	case -ENOSYS:
		why = "KVM ioctls are not implemented here (ENOSYS), e.g. under qemu-user";
		break;
	case -ENODATA:
		if (host->source == VCPUCHAR_SOURCE_PROFILE)
			why = "the host profile has no [ppc] group: it holds no POWER facts";
		else
			why = "no data (ENODATA)";
		break;
	/* The rest reach a VMM from KVM itself or from opening /dev/kvm. */
	case -EINTR:
		why = "a signal interrupted the KVM call (EINTR); probing again may succeed";
		break;
	case -EFAULT:
		why = "the kernel could not copy the answer (EFAULT): the caller's memory is bad";
		break;
	case -ENOMEM:
		why = "the kernel is short of memory (ENOMEM); probing again may succeed";
		break;
	case -EACCES:
	case -EPERM:
		why = "permission denied opening or using /dev/kvm (EACCES/EPERM): the user needs read-write "
		      "access to it (usually the kvm group)";
		break;
	case -ENOENT:
	case -ENXIO:
	case -ENODEV:
		why = "/dev/kvm does not exist or has no driver (ENOENT/ENXIO/ENODEV): the KVM module is not "
		      "loaded";
		break;
	case -EMFILE:
	case -ENFILE:
		why = "out of file descriptors (EMFILE/ENFILE)";
		break;
	default:
		return snprintf(buf, size, "no information: the KVM call failed with errno %d", -host->error);
	}
	return snprintf(buf, size, "no information: %s", why);
}
