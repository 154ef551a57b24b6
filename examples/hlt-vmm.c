/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * hlt-vmm: a minimal x86 VMM on the real /dev/kvm. It decides and applies
 * libvcpuchar's HLT-exit policy (KVM capabilities before the vCPU exists,
 * then the guest CPUID), runs a few bytes of real-mode code that
 * executes HLT a known number of times, and prints the exits KVM reports
 * next to what the policy predicted.
 *
 * By default no in-kernel irqchip is created, so KVM hands every
 * intercepted HLT to userspace as KVM_EXIT_HLT (arch/x86/kvm/x86.c
 * __kvm_emulate_halt(), which also counts halt_exits); this VMM resumes at
 * once, since nothing could ever wake the vCPU. With --passthrough HLT
 * exits are disabled (KVM_X86_DISABLE_EXITS_HLT): the vCPU halts in the
 * guest and no exit reaches KVM's halt path (on SVM a host interrupt ends
 * each HLT, so the guest advances one HLT per host timer tick; on VMX it
 * may stay halted), and a timer signal ends the run if the guest has not
 * finished. That needs hardware virtualization (kvm_intel or kvm_amd): a
 * software vendor module such as kvm_pvm (no VMX/SVM; the guest runs
 * deprivileged) accepts KVM_X86_DISABLE_EXITS_HLT but still traps every
 * HLT, and this program says so.
 *
 * With --irqchip the VM has KVM's in-kernel irqchip (KVM_CREATE_IRQCHIP):
 * the guest programs the PIC and runs "sti; hlt" N times, a second thread
 * raises IRQ0 (KVM_IRQ_LINE) about every 20 us, and KVM blocks the vCPU on
 * each intercepted HLT itself, so there is no KVM_EXIT_HLT, halt_exits
 * counts the halts, and KVM may halt-poll (halt_attempted_poll) once the
 * vCPU's poll window has grown after short halts.
 *
 * With --pending (which implies --irqchip) each HLT is reached the way an
 * idle Linux guest reaches it, with an interrupt already waiting: the guest
 * runs "cli", tells the VMM (an OUT to port 0x11), the VMM raises IRQ0
 * (KVM_IRQ_LINE) before it re-enters, and the guest goes on with
 * "sti; hlt". KVM, unable to inject while IF is clear, asks for an
 * interrupt window (on SVM: V_IRQ pending), so the HLT meets a pending
 * virtual interrupt. With the plain HLT intercept it exits all the same
 * (SVM_EXIT_HLT, halt_exits grows, KVM sees the event and does not block);
 * with the Idle HLT intercept (Linux 6.15+ on a CPU with IDLE_HLT) it does
 * not exit at all (lib/x86.md#how-kvm-uses-idle-hlt). The "predicted:" line
 * says which from the policy's idle_hlt_active, including the SVM exit code
 * KVM's kvm_exit tracepoint should show (svm_exit=0x78, 0xa6 or none).
 *
 * The last lines are libvcpuchar's verification (vcpuchar_x86_policy_verify)
 * of the applied policy from the vCPU's statistics before and after the
 * run, with the number of HLTs the guest executed taken from its registers:
 *
 *   verdict: hlt=<honoured|not_honoured|cannot_tell> halt_poll=<active|inactive|cannot_tell>
 *            guest_hlts=N halt_exits=N|unknown halt_attempted_poll=N|unknown reasons=<code>,...
 *   verdict_reason: <code>: <sentence>          (one line per reason)
 *
 * (each one line; the names are the library's stable ones). Before them,
 * "stats_before: {...}" and "stats_after: {...}": the two snapshots as JSON
 * objects, the input of `vcpuchar x86 verify`.
 *
 *   hlt-vmm [--passthrough] [--irqchip] [--pending] [--count N]
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/kvm.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <unistd.h>
#include <vcpuchar.h>

#define GUEST_MEM 0x10000
#define CODE_ADDR 0x1000
#define DONE_PORT 0x10
#define PENDING_PORT 0x11  /* --pending: "raise IRQ0 now" */
#define IRQ0_VECTOR 0x08   /* the PIC's base vector as the guest programs it */
#define HANDLER_ADDR 0x2000
#define STACK_TOP 0x8000

static void on_alarm(int sig)
{
	(void)sig; /* only interrupts KVM_RUN */
}

/*
 * HLTs the guest executed, from its registers: the loop runs HLT, then
 * LOOP (CX - 1). Finished: all of them. Else N - CX, plus the HLT just
 * before LOOP when the vCPU stopped there (halted in it, or woken from it).
 */
static uint64_t guest_hlts(unsigned long count, int done, uint64_t loop_addr, const struct kvm_regs *regs)
{
	uint64_t cx = regs->rcx & 0xffff;

	if (done)
		return count;
	if (cx > count)
		return VCPUCHAR_X86_GUEST_HLTS_UNKNOWN; /* not our loop: do not guess */
	return count - cx + (regs->rip == loop_addr);
}

/* --irqchip: IRQ0 edges from a thread of their own, until the run ends. */
static atomic_int stop_irqs;

static void *raise_irq0(void *arg)
{
	int vmfd = *(int *)arg;

	while (!atomic_load(&stop_irqs)) {
		struct kvm_irq_level l = { .irq = 0, .level = 1 };

		if (ioctl(vmfd, KVM_IRQ_LINE, &l) < 0)
			break;
		l.level = 0;
		ioctl(vmfd, KVM_IRQ_LINE, &l);
		usleep(20);
	}
	return NULL;
}

/* One line of JSON, KVM statistic name to count: what `vcpuchar x86 verify` reads. */
static void print_stats(const char *label, const struct vcpuchar_x86_vcpu_stats *st)
{
	const char *sep = "";

	printf("%s: {", label);
	for (uint32_t s = 0; s < VCPUCHAR_X86_N_STATS; s++) {
		if (!(st->have & (1u << s)))
			continue;
		printf("%s\"%s\": %" PRIu64, sep, vcpuchar_x86_stat_name(s), st->values[s]);
		sep = ", ";
	}
	printf("}\n");
}

static int die(const char *what, int err)
{
	fprintf(stderr, "hlt-vmm: %s: %s\n", what, strerror(err));
	return 1;
}

int main(int argc, char **argv)
{
	/* mov cx, N; L: hlt; loop L; mov al, 0x42; out 0x10, al; hlt */
	uint8_t plain[] = { 0xb9, 0, 0, 0xf4, 0xe2, 0xfd, 0xb0, 0x42, 0xe6, DONE_PORT, 0xf4 };
	/* cli; PIC ICW1-4 (vector base 8) and unmask IRQ0; mov cx, N; L: sti; hlt; loop L;
	 * cli; mov al, 0x42; out 0x10, al; hlt. STI's one-instruction shadow: HLT runs first. */
	uint8_t pic[] = { 0xfa, 0xb0, 0x11, 0xe6, 0x20, 0xb0, IRQ0_VECTOR, 0xe6, 0x21, 0xb0, 0x04, 0xe6, 0x21,
			  0xb0, 0x01, 0xe6, 0x21, 0xb0, 0xfe, 0xe6, 0x21, 0xb9, 0, 0, 0xfb, 0xf4, 0xe2, 0xfc,
			  0xfa, 0xb0, 0x42, 0xe6, DONE_PORT, 0xf4 };
	/* IRQ0 handler: EOI to the PIC, iret. */
	static const uint8_t handler[] = { 0xb0, 0x20, 0xe6, 0x20, 0xcf };
	uint8_t *code;
	size_t code_size, count_at;
	uint64_t loop_addr;
	pthread_t irq_thread;
	sigset_t alrm;
	struct vcpuchar_x86_host host = { .size = sizeof(host) };
	struct vcpuchar_x86_vm vm = { .size = sizeof(vm) };
	struct vcpuchar_x86_policy pol = { .size = sizeof(pol) };
	struct vcpuchar_x86_vcpu_stats st0 = { .size = sizeof(st0) }, st = { .size = sizeof(st) };
	struct vcpuchar_x86_verdict verdict = { .size = sizeof(verdict) };
	struct sigaction sa = { .sa_handler = on_alarm };
	struct itimerval it = { .it_value = { .tv_usec = 300000 } };
	unsigned long count = 5, kvm_exit_hlt = 0, runs = 0;
	/* --pending: PIC set-up as above; mov cx, N; L: cli; out 0x11, al; sti; hlt; loop L;
	 * cli; mov al, 0x42; out 0x10, al; hlt. IRQ0 is raised while IF is clear. */
	uint8_t idle[] = { 0xfa, 0xb0, 0x11, 0xe6, 0x20, 0xb0, IRQ0_VECTOR, 0xe6, 0x21, 0xb0, 0x04, 0xe6, 0x21,
			   0xb0, 0x01, 0xe6, 0x21, 0xb0, 0xfe, 0xe6, 0x21, 0xb9, 0, 0, 0xfa, 0xe6, PENDING_PORT, 0xfb,
			   0xf4, 0xe2, 0xf9, 0xfa, 0xb0, 0x42, 0xe6, DONE_PORT, 0xf4 };
	unsigned long pending_raised = 0, pred_halt_exits;
	const char *pred_svm_exit;
	int passthrough = 0, irqchip = 0, pending = 0, kvm, vmfd, vcpu, r, done = 0, interrupted = 0;
	struct kvm_userspace_memory_region mem;
	struct kvm_cpuid2 *cpuid;
	struct kvm_sregs sregs;
	struct kvm_regs regs;
	struct kvm_run *run;
	uint8_t *ram;
	long run_size;
	char text[512], module[sizeof(host.vendor_module) + 1];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--passthrough")) {
			passthrough = 1;
		} else if (!strcmp(argv[i], "--irqchip")) {
			irqchip = 1;
		} else if (!strcmp(argv[i], "--pending")) {
			pending = irqchip = 1;
		} else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
			char *end;

			count = strtoul(argv[++i], &end, 0);
			if (*end || count == 0 || count > 0xffff) {
				fprintf(stderr, "hlt-vmm: bad --count '%s' (1..65535)\n", argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr, "hlt-vmm: unknown argument '%s'\nusage: hlt-vmm [--passthrough] [--irqchip] [--pending] [--count N]\n",
				argv[i]);
			return 2;
		}
	}
	code = pending ? idle : irqchip ? pic : plain;
	code_size = pending ? sizeof(idle) : irqchip ? sizeof(pic) : sizeof(plain);
	count_at = irqchip ? 22 : 1;
	loop_addr = CODE_ADDR + (pending ? 29 : irqchip ? 26 : 4);
	code[count_at] = count & 0xff;
	code[count_at + 1] = count >> 8;

	kvm = open("/dev/kvm", O_RDWR | O_CLOEXEC);
	if (kvm < 0)
		return die("open /dev/kvm", errno);
	r = vcpuchar_x86_host_probe(kvm, NULL, &host);
	if (r)
		return die("probe", -r);
	/* KVM's vendor module decides how HLT is trapped: the probe names it from /sys/module. */
	snprintf(module, sizeof(module), "%s",
		 (host.have & (1u << VCPUCHAR_X86_FACT_VENDOR_MODULE)) && host.vendor_module[0] ? host.vendor_module
												 : "unknown");

	/* The VM this program makes: no in-kernel irqchip unless --irqchip.
	 * --passthrough asks for HLT pass-through on "dedicated" CPUs, forced
	 * because the soft checks (e.g. a host that is itself a VM) would refuse it. */
	vm.flags = irqchip ? 0 : VCPUCHAR_X86_VM_NO_IRQCHIP;
	if (passthrough) {
		vm.flags |= VCPUCHAR_X86_VM_PINNED | VCPUCHAR_X86_VM_LATENCY;
		vm.hlt_passthrough = VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE;
	}

	vmfd = ioctl(kvm, KVM_CREATE_VM, 0);
	if (vmfd < 0)
		return die("KVM_CREATE_VM", errno);
	/* Real mode on VMX without unrestricted guest needs a TSS area. */
	if (ioctl(vmfd, KVM_SET_TSS_ADDR, 0xfffbd000UL) < 0)
		return die("KVM_SET_TSS_ADDR", errno);
	/* Before any vCPU exists (lib/x86.md#apply). */
	r = vcpuchar_x86_apply(vmfd, &host, &vm, 0, &pol);
	if (r)
		return die("vcpuchar_x86_apply", -r);
	/* PIC, IOAPIC and a LAPIC per vCPU: must exist before the vCPU. */
	if (irqchip && ioctl(vmfd, KVM_CREATE_IRQCHIP, 0) < 0)
		return die("KVM_CREATE_IRQCHIP", errno);

	printf("policy: disable_exits=0x%x idle_hlt_active=%u pv_unhalt=%u hints_realtime=%u\n", pol.disable_exits,
	       pol.idle_hlt_active, pol.pv_unhalt, pol.hints_realtime);
	for (uint32_t i = 0; i < pol.n_reasons; i++) {
		vcpuchar_x86_reason_text(&pol.reasons[i], text, sizeof(text));
		printf("  %s: %s\n", vcpuchar_x86_reason_name(pol.reasons[i].code), text);
	}

	/* Before the run. An in-kernel irqchip keeps intercepted HLTs in KVM: halt_exits, no KVM_EXIT_HLT.
	 * The SVM exit code follows the policy's Idle HLT answer; Idle HLT does not
	 * exit when an interrupt is pending (lib/x86.md#how-kvm-uses-idle-hlt). */
	if (pol.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT)
		pred_svm_exit = "none", pred_halt_exits = 0;
	else if (pol.idle_hlt_active)
		pred_svm_exit = pending ? "none" : "0xa6", pred_halt_exits = pending ? 0 : count;
	else
		pred_svm_exit = "0x78", pred_halt_exits = count;
	printf("predicted: kvm_exit_hlt=%lu halt_exits=%lu svm_exit=%s idle_hlt_active=%u\n",
	       (pol.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT) || irqchip ? 0UL : count, pred_halt_exits,
	       pred_svm_exit, pol.idle_hlt_active);
	ram = mmap(NULL, GUEST_MEM, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (ram == MAP_FAILED)
		return die("mmap", errno);
	memcpy(ram + CODE_ADDR, code, code_size);
	if (irqchip) {
		/* Real-mode IVT entry of IRQ0's vector: offset, then segment 0. */
		ram[IRQ0_VECTOR * 4] = HANDLER_ADDR & 0xff;
		ram[IRQ0_VECTOR * 4 + 1] = HANDLER_ADDR >> 8;
		memcpy(ram + HANDLER_ADDR, handler, sizeof(handler));
	}
	mem = (struct kvm_userspace_memory_region){ .memory_size = GUEST_MEM, .userspace_addr = (uintptr_t)ram };
	if (ioctl(vmfd, KVM_SET_USER_MEMORY_REGION, &mem) < 0)
		return die("KVM_SET_USER_MEMORY_REGION", errno);

	vcpu = ioctl(vmfd, KVM_CREATE_VCPU, 0);
	if (vcpu < 0)
		return die("KVM_CREATE_VCPU", errno);
	/* Guest CPUID: KVM's supported set with the policy's PV bits (and never IDLE_HLT). */
	cpuid = calloc(1, sizeof(*cpuid) + 256 * sizeof(cpuid->entries[0]));
	if (!cpuid)
		return die("calloc", ENOMEM);
	cpuid->nent = 256;
	if (ioctl(kvm, KVM_GET_SUPPORTED_CPUID, cpuid) < 0)
		return die("KVM_GET_SUPPORTED_CPUID", errno);
	r = vcpuchar_x86_cpuid_patch((struct vcpuchar_x86_cpuid_entry *)cpuid->entries, cpuid->nent, &host, &pol);
	if (r)
		return die("vcpuchar_x86_cpuid_patch", -r);
	if (ioctl(vcpu, KVM_SET_CPUID2, cpuid) < 0)
		return die("KVM_SET_CPUID2", errno);
	free(cpuid);
	run_size = ioctl(kvm, KVM_GET_VCPU_MMAP_SIZE, 0);
	if (run_size < (long)sizeof(*run))
		return die("KVM_GET_VCPU_MMAP_SIZE", errno);
	run = mmap(NULL, (size_t)run_size, PROT_READ | PROT_WRITE, MAP_SHARED, vcpu, 0);
	if (run == MAP_FAILED)
		return die("mmap kvm_run", errno);
	if (ioctl(vcpu, KVM_GET_SREGS, &sregs) < 0)
		return die("KVM_GET_SREGS", errno);
	sregs.cs.base = 0;
	sregs.cs.selector = 0;
	if (ioctl(vcpu, KVM_SET_SREGS, &sregs) < 0)
		return die("KVM_SET_SREGS", errno);
	memset(&regs, 0, sizeof(regs));
	regs.rip = CODE_ADDR;
	regs.rsp = STACK_TOP; /* for the IRQ0 handler's iret frame */
	regs.rflags = 0x2; /* IF clear: only --irqchip's guest sets it, with sti */
	if (ioctl(vcpu, KVM_SET_REGS, &regs) < 0)
		return die("KVM_SET_REGS", errno);

	/* The "before" snapshot: the counters of this vCPU before the guest ran. */
	r = vcpuchar_x86_vcpu_stats_read(vcpu, &st0);
	if (r)
		return die("vcpuchar_x86_vcpu_stats_read", -r);

	/* A halted vCPU with HLT pass-through never exits on its own. */
	sigaction(SIGALRM, &sa, NULL);
	if (pending || !(pol.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT)) {
		/* The guest ends the run itself (each HLT exits, or ends with the interrupt
		 * raised before it): the timer is only a bound, generous for loaded hosts. */
		it.it_value.tv_sec = 5;
		it.it_value.tv_usec = 0;
	}
	if (irqchip && !pending) {
		/* The alarm must interrupt KVM_RUN in this thread, never the IRQ thread. */
		sigemptyset(&alrm);
		sigaddset(&alrm, SIGALRM);
		pthread_sigmask(SIG_BLOCK, &alrm, NULL);
		r = pthread_create(&irq_thread, NULL, raise_irq0, &vmfd);
		pthread_sigmask(SIG_UNBLOCK, &alrm, NULL);
		if (r)
			return die("pthread_create", r);
		it.it_value.tv_sec = 2; /* N short halts, each ended by the next IRQ0 */
		it.it_value.tv_usec = 0;
	}
	setitimer(ITIMER_REAL, &it, NULL);
	while (!done && !interrupted) {
		runs++;
		if (ioctl(vcpu, KVM_RUN, 0) < 0) {
			if (errno == EINTR) {
				interrupted = 1;
				break;
			}
			return die("KVM_RUN", errno);
		}
		if (vcpuchar_x86_exit_class(VCPUCHAR_X86_EXIT_KIND_KVM, run->exit_reason) == VCPUCHAR_X86_EXIT_CLASS_HALT) {
			kvm_exit_hlt++;
			continue;
		}
		switch (run->exit_reason) {
		case KVM_EXIT_IO:
			if (run->io.port == DONE_PORT && run->io.direction == KVM_EXIT_IO_OUT) {
				done = 1;
				break;
			}
			if (pending && run->io.port == PENDING_PORT && run->io.direction == KVM_EXIT_IO_OUT) {
				/* An IRQ0 edge while the guest's IF is clear: pending at its next HLT. */
				struct kvm_irq_level l = { .irq = 0, .level = 1 };

				if (ioctl(vmfd, KVM_IRQ_LINE, &l) < 0)
					return die("KVM_IRQ_LINE", errno);
				l.level = 0;
				if (ioctl(vmfd, KVM_IRQ_LINE, &l) < 0)
					return die("KVM_IRQ_LINE", errno);
				pending_raised++;
				break;
			}
			fprintf(stderr, "hlt-vmm: unexpected I/O on port 0x%x\n", run->io.port);
			return 1;
		case KVM_EXIT_INTR:
			interrupted = 1;
			break;
		default:
			fprintf(stderr, "hlt-vmm: unexpected exit reason %u\n", run->exit_reason);
			return 1;
		}
	}
	it = (struct itimerval){ 0 };
	setitimer(ITIMER_REAL, &it, NULL);
	if (irqchip && !pending) {
		atomic_store(&stop_irqs, 1);
		pthread_join(irq_thread, NULL);
	}

	r = vcpuchar_x86_vcpu_stats_read(vcpu, &st);
	if (r)
		return die("vcpuchar_x86_vcpu_stats_read", -r);
	if (ioctl(vcpu, KVM_GET_REGS, &regs) < 0)
		return die("KVM_GET_REGS", errno);

	printf("guest: %lu HLT instructions to run, %s, rip=0x%llx, rcx=%llu\n", count,
	       done ? "finished" : "still halted when the timer fired", (unsigned long long)regs.rip,
	       (unsigned long long)(regs.rcx & 0xffff));
	if (pending)
		printf("pending: irq0_raised=%lu\n", pending_raised);
	printf("observed: kvm_exit_hlt=%lu halt_exits=%" PRIu64 " exits=%" PRIu64 " kvm_run_calls=%lu finished=%d\n",
	       kvm_exit_hlt, st.values[VCPUCHAR_X86_STAT_HALT_EXITS], st.values[VCPUCHAR_X86_STAT_EXITS], runs, done);
	printf("vendor_module: %s\n", module);
	if ((pol.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT) &&
	    st.values[VCPUCHAR_X86_STAT_HALT_EXITS] - st0.values[VCPUCHAR_X86_STAT_HALT_EXITS] >= count)
		printf("note: KVM accepted KVM_X86_DISABLE_EXITS_HLT, yet every HLT exited: the vendor module "
		       "%s does not run the guest under VMX/SVM and traps HLT itself.\n",
		       module);
	else if (!(pol.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT) && !irqchip && kvm_exit_hlt == count)
		printf("note: without an in-kernel irqchip each intercepted HLT reaches userspace as KVM_EXIT_HLT; "
		       "halt_exits counts the same exits.\n");
	else if (!(pol.disable_exits & VCPUCHAR_X86_DISABLE_EXITS_HLT) && irqchip)
		printf("note: with an in-kernel irqchip KVM blocks the vCPU on each intercepted HLT itself "
		       "(no KVM_EXIT_HLT); halt_exits counts the halts.\n");

	print_stats("stats_before", &st0);
	print_stats("stats_after", &st);
	r = vcpuchar_x86_policy_verify(&pol, &st0, &st, guest_hlts(count, done, loop_addr, &regs), &verdict);
	if (r)
		return die("vcpuchar_x86_policy_verify", -r);
	printf("verdict: hlt=%s halt_poll=%s guest_hlts=", vcpuchar_x86_hlt_verdict_name(verdict.hlt),
	       vcpuchar_x86_halt_poll_verdict_name(verdict.halt_poll));
	if (verdict.guest_hlts == VCPUCHAR_X86_GUEST_HLTS_UNKNOWN)
		printf("unknown");
	else
		printf("%" PRIu64, verdict.guest_hlts);
	/* A statistic this kernel does not have is unknown, not 0. */
	if (verdict.have & (1u << VCPUCHAR_X86_STAT_HALT_EXITS))
		printf(" halt_exits=%" PRIu64, verdict.halt_exits);
	else
		printf(" halt_exits=unknown");
	if (verdict.have & (1u << VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL))
		printf(" halt_attempted_poll=%" PRIu64, verdict.halt_attempted_poll);
	else
		printf(" halt_attempted_poll=unknown");
	printf(" reasons=");
	for (uint32_t i = 0; i < verdict.n_reasons; i++)
		printf("%s%s", i ? "," : "", vcpuchar_x86_reason_name(verdict.reasons[i].code));
	printf("\n");
	for (uint32_t i = 0; i < verdict.n_reasons; i++) {
		vcpuchar_x86_reason_text(&verdict.reasons[i], text, sizeof(text));
		printf("verdict_reason: %s: %s\n", vcpuchar_x86_reason_name(verdict.reasons[i].code), text);
	}

	munmap(run, (size_t)run_size);
	munmap(ram, GUEST_MEM);
	close(vcpu);
	close(vmfd);
	close(kvm);
	return 0;
}
