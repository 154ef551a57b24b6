// SPDX-License-Identifier: LGPL-2.1-or-later
//! rust-hlt-vmm: examples/hlt-vmm.c on rust-vmm's kvm-ioctls. It probes the
//! host, asks libvcpuchar for the HLT-exit policy and applies it to the VM
//! before any vCPU exists, runs real-mode code that executes HLT a known
//! number of times, reads the vCPU's binary stats fd through the library and
//! prints the same lines as hlt-vmm ("policy:", "predicted:", "observed:",
//! "stats_before:", "verdict:", ...), so that the two can be compared.
//!
//!   rust-hlt-vmm [--passthrough] [--pending] [--count N] [--apply-after-vcpu]
//!
//! --passthrough asks for HLT pass-through, forced (pinned, latency).
//! --pending gives the VM KVM's in-kernel irqchip and raises IRQ0 while the
//! guest's IF is clear, before each "sti; hlt" (hlt-vmm --pending).
//! --apply-after-vcpu applies only after KVM_CREATE_VCPU, saying so with
//! VCPUCHAR_X86_APPLY_VCPUS_EXIST (KVM has no query for it, and the library
//! makes no ioctl to guess): the library refuses with -EBUSY when it would
//! disable exits (lib/x86.md#apply), which this
//! program prints as "apply_after_vcpu: ..." before running the guest on the
//! VM as it was created (HLT exits kept), to show nothing was half-applied.
use std::ffi::CStr;
use std::os::fd::AsRawFd;
use std::os::raw::c_char;

use kvm_bindings::{kvm_userspace_memory_region, KVM_MAX_CPUID_ENTRIES};
use kvm_ioctls::{Kvm, VcpuExit};
use vcpuchar::sys;

const GUEST_MEM: usize = 0x10000;
const CODE_ADDR: u64 = 0x1000;
const DONE_PORT: u8 = 0x10;
const PENDING_PORT: u8 = 0x11; // --pending: "raise IRQ0 now"
const IRQ0_VECTOR: u8 = 0x08; // the PIC's base vector as the guest programs it
const HANDLER_ADDR: usize = 0x2000;
const STACK_TOP: u64 = 0x8000;

/// mov cx, N; L: hlt; loop L; mov al, 0x42; out 0x10, al; hlt
const PLAIN: [u8; 11] = [0xb9, 0, 0, 0xf4, 0xe2, 0xfd, 0xb0, 0x42, 0xe6, DONE_PORT, 0xf4];
/// cli; PIC ICW1-4 (vector base 8), unmask IRQ0; mov cx, N; L: cli; out 0x11, al;
/// sti; hlt; loop L; cli; mov al, 0x42; out 0x10, al; hlt
#[rustfmt::skip]
const IDLE: [u8; 37] = [
    0xfa, 0xb0, 0x11, 0xe6, 0x20, 0xb0, IRQ0_VECTOR, 0xe6, 0x21, 0xb0, 0x04, 0xe6, 0x21, 0xb0, 0x01, 0xe6, 0x21,
    0xb0, 0xfe, 0xe6, 0x21, 0xb9, 0, 0, 0xfa, 0xe6, PENDING_PORT, 0xfb, 0xf4, 0xe2, 0xf9, 0xfa, 0xb0, 0x42, 0xe6,
    DONE_PORT, 0xf4,
];
/// IRQ0 handler: EOI to the PIC, iret.
const HANDLER: [u8; 5] = [0xb0, 0x20, 0xe6, 0x20, 0xcf];

struct Args {
    passthrough: bool,
    pending: bool,
    apply_after_vcpu: bool,
    count: u64,
}

fn usage(msg: &str) -> ! {
    eprintln!("rust-hlt-vmm: {msg}\nusage: rust-hlt-vmm [--passthrough] [--pending] [--count N] [--apply-after-vcpu]");
    std::process::exit(2);
}

fn parse_args() -> Args {
    let mut a = Args {
        passthrough: false,
        pending: false,
        apply_after_vcpu: false,
        count: 5,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--passthrough" => a.passthrough = true,
            "--pending" => a.pending = true,
            "--apply-after-vcpu" => a.apply_after_vcpu = true,
            "--count" => {
                let v = it.next().unwrap_or_else(|| usage("--count needs a value"));
                a.count = match v.parse::<u64>() {
                    Ok(n) if (1..=0xffff).contains(&n) => n,
                    _ => usage(&format!("bad --count '{v}' (1..65535)")),
                };
            }
            _ => usage(&format!("unknown argument '{arg}'")),
        }
    }
    a
}

fn die(what: &str, errno: i32) -> ! {
    eprintln!(
        "rust-hlt-vmm: {what}: {}",
        std::io::Error::from_raw_os_error(errno.abs())
    );
    std::process::exit(1);
}

/// A library call's negative errno ends the program, naming the call.
fn lib(what: &str, r: i32) {
    if r < 0 {
        die(what, r);
    }
}

fn cstr(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "?";
    }
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("?")
}

fn reason_text(r: &sys::vcpuchar_x86_reason) -> String {
    let mut buf = [0 as c_char; 512];
    unsafe { sys::vcpuchar_x86_reason_text(r, buf.as_mut_ptr(), buf.len() as _) };
    unsafe { CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned()
}

fn stats_read(vcpu_fd: i32) -> sys::vcpuchar_x86_vcpu_stats {
    let mut st: sys::vcpuchar_x86_vcpu_stats = unsafe { std::mem::zeroed() };
    st.size = std::mem::size_of_val(&st) as u32;
    lib("vcpuchar_x86_vcpu_stats_read", unsafe {
        sys::vcpuchar_x86_vcpu_stats_read(vcpu_fd, &mut st)
    });
    st
}

/// One line of JSON, KVM statistic name to count (what `vcpuchar x86 verify` reads).
fn print_stats(label: &str, st: &sys::vcpuchar_x86_vcpu_stats) {
    let fields: Vec<String> = (0..sys::VCPUCHAR_X86_N_STATS)
        .filter(|s| st.have & (1 << s) != 0)
        .map(|s| {
            format!(
                "\"{}\": {}",
                cstr(unsafe { sys::vcpuchar_x86_stat_name(s) }),
                st.values[s as usize]
            )
        })
        .collect();
    println!("{label}: {{{}}}", fields.join(", "));
}

extern "C" fn on_alarm(_: libc::c_int) {} // only interrupts KVM_RUN

/// A SIGALRM to this thread after `timeout` unless the returned sender is
/// dropped first: the handler has no SA_RESTART, so KVM_RUN returns EINTR.
/// (A thread, since the libc crate has no setitimer for Linux.)
fn alarm_after(timeout: std::time::Duration) -> std::sync::mpsc::Sender<()> {
    let (cancel, wait) = std::sync::mpsc::channel::<()>();
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_alarm as extern "C" fn(libc::c_int) as usize;
        libc::sigaction(libc::SIGALRM, &sa, std::ptr::null_mut());
    }
    let target = unsafe { libc::pthread_self() };
    std::thread::spawn(move || {
        if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(timeout) {
            unsafe { libc::pthread_kill(target, libc::SIGALRM) };
        }
    });
    cancel
}

/// HLTs the guest executed, from its registers (as hlt-vmm): the loop runs HLT,
/// then LOOP (CX - 1); unfinished, N - CX plus the HLT it stopped in.
fn guest_hlts(count: u64, done: bool, loop_addr: u64, regs: &kvm_bindings::kvm_regs) -> u64 {
    let cx = regs.rcx & 0xffff;
    if done {
        count
    } else if cx > count {
        sys::VCPUCHAR_X86_GUEST_HLTS_UNKNOWN as u64 // not our loop: do not guess
    } else {
        count - cx + u64::from(regs.rip == loop_addr)
    }
}

enum Ev {
    Done,
    Pending,
    Intr,
    Other,
}

fn main() {
    let args = parse_args();
    let (mut code, count_at, loop_off) = if args.pending {
        (IDLE.to_vec(), 22, 29)
    } else {
        (PLAIN.to_vec(), 1, 4)
    };
    code[count_at] = (args.count & 0xff) as u8;
    code[count_at + 1] = (args.count >> 8) as u8;
    let loop_addr = CODE_ADDR + loop_off;

    let kvm = Kvm::new().unwrap_or_else(|e| die("open /dev/kvm", e.errno()));
    let mut host = vcpuchar::x86_host();
    lib("probe", unsafe {
        sys::vcpuchar_x86_host_probe(kvm.as_raw_fd(), std::ptr::null(), &mut host)
    });
    let have_module = host.have & (1 << sys::vcpuchar_x86_fact_VCPUCHAR_X86_FACT_VENDOR_MODULE) != 0;
    let module = match cstr(host.vendor_module.as_ptr()) {
        m if have_module && !m.is_empty() => m.to_string(),
        _ => "unknown".to_string(),
    };

    // The VM this program makes: no in-kernel irqchip unless --pending; --passthrough
    // asks for HLT pass-through on dedicated CPUs, forced past the soft checks.
    let mut vm_profile = vcpuchar::x86_vm();
    vm_profile.flags = if args.pending {
        0
    } else {
        sys::VCPUCHAR_X86_VM_NO_IRQCHIP
    };
    if args.passthrough {
        vm_profile.flags |= sys::VCPUCHAR_X86_VM_PINNED | sys::VCPUCHAR_X86_VM_LATENCY;
        vm_profile.hlt_passthrough = sys::vcpuchar_x86_hlt_passthrough_VCPUCHAR_X86_HLT_PASSTHROUGH_FORCE;
    }
    // The crate's decision from the probed facts; apply decides again with the live mask.
    let decided = vcpuchar::x86_decide(&host, &vm_profile).unwrap_or_else(|e| die("vcpuchar::x86_decide", e.0));
    let names: Vec<&str> = decided
        .reasons()
        .iter()
        .map(|r| vcpuchar::x86_reason_name(r.code).unwrap_or("?"))
        .collect();
    println!(
        "decided: disable_exits=0x{:x} reasons={}",
        decided.0.disable_exits,
        names.join(",")
    );

    let vm = kvm.create_vm().unwrap_or_else(|e| die("KVM_CREATE_VM", e.errno()));
    // Real mode on VMX without unrestricted guest needs a TSS area.
    vm.set_tss_address(0xfffb_d000)
        .unwrap_or_else(|e| die("KVM_SET_TSS_ADDR", e.errno()));
    let mut pol: sys::vcpuchar_x86_policy = unsafe { std::mem::zeroed() };
    pol.size = std::mem::size_of_val(&pol) as u32;
    let apply = |flags: u32, pol: &mut sys::vcpuchar_x86_policy| unsafe {
        sys::vcpuchar_x86_apply(vm.as_raw_fd(), &host, &vm_profile, flags, pol)
    };
    let mut early_vcpu = None;
    if args.apply_after_vcpu {
        early_vcpu = Some(vm.create_vcpu(0).unwrap_or_else(|e| die("KVM_CREATE_VCPU", e.errno())));
        let r = apply(sys::VCPUCHAR_X86_APPLY_VCPUS_EXIST, &mut pol);
        println!(
            "apply_after_vcpu: ret={} ({})",
            r,
            if r < 0 {
                std::io::Error::from_raw_os_error(-r).to_string()
            } else {
                "accepted".to_string()
            }
        );
        if r == 0 {
            std::process::exit(3); // the library should have refused
        }
        // Nothing was applied: the VM keeps HLT exits, the policy of a VM that asks for nothing.
        let mut kept = vcpuchar::x86_vm();
        kept.flags = vm_profile.flags & sys::VCPUCHAR_X86_VM_NO_IRQCHIP;
        pol = vcpuchar::x86_decide(&host, &kept)
            .unwrap_or_else(|e| die("vcpuchar::x86_decide", e.0))
            .0;
    } else {
        // Before any vCPU exists (lib/x86.md#apply).
        lib("vcpuchar_x86_apply", apply(0, &mut pol));
    }
    // PIC, IOAPIC and a LAPIC per vCPU: before the vCPU.
    if args.pending {
        vm.create_irq_chip()
            .unwrap_or_else(|e| die("KVM_CREATE_IRQCHIP", e.errno()));
    }
    let pol = vcpuchar::X86Policy(pol);
    let hlt_disabled = pol.0.disable_exits & sys::VCPUCHAR_X86_DISABLE_EXITS_HLT != 0;
    println!(
        "policy: disable_exits=0x{:x} idle_hlt_active={} pv_unhalt={} hints_realtime={}",
        pol.0.disable_exits, pol.0.idle_hlt_active, pol.0.pv_unhalt, pol.0.hints_realtime
    );
    for r in pol.reasons() {
        println!(
            "  {}: {}",
            vcpuchar::x86_reason_name(r.code).unwrap_or("?"),
            reason_text(r)
        );
    }
    // Idle HLT does not exit with an interrupt pending (lib/x86.md#how-kvm-uses-idle-hlt).
    let (svm_exit, halt_exits) = if hlt_disabled {
        ("none", 0)
    } else if pol.0.idle_hlt_active != 0 {
        if args.pending {
            ("none", 0)
        } else {
            ("0xa6", args.count)
        }
    } else {
        ("0x78", args.count)
    };
    println!(
        "predicted: kvm_exit_hlt={} halt_exits={} svm_exit={} idle_hlt_active={}",
        if hlt_disabled || args.pending { 0 } else { args.count },
        halt_exits,
        svm_exit,
        pol.0.idle_hlt_active
    );

    // Guest memory: anonymous, private to this process, freed at exit.
    let ram = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            GUEST_MEM,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if ram == libc::MAP_FAILED {
        die("mmap", std::io::Error::last_os_error().raw_os_error().unwrap_or(0));
    }
    let mem = unsafe { std::slice::from_raw_parts_mut(ram as *mut u8, GUEST_MEM) };
    mem[CODE_ADDR as usize..CODE_ADDR as usize + code.len()].copy_from_slice(&code);
    if args.pending {
        // Real-mode IVT entry of IRQ0's vector: offset, then segment 0.
        let v = IRQ0_VECTOR as usize * 4;
        mem[v..v + 2].copy_from_slice(&(HANDLER_ADDR as u16).to_le_bytes());
        mem[HANDLER_ADDR..HANDLER_ADDR + HANDLER.len()].copy_from_slice(&HANDLER);
    }
    let region = kvm_userspace_memory_region {
        slot: 0,
        flags: 0,
        guest_phys_addr: 0,
        memory_size: GUEST_MEM as u64,
        userspace_addr: ram as u64,
    };
    // The mapping outlives the VM: it is never unmapped before exit.
    unsafe { vm.set_user_memory_region(region) }.unwrap_or_else(|e| die("KVM_SET_USER_MEMORY_REGION", e.errno()));

    let mut vcpu = match early_vcpu {
        Some(v) => v,
        None => vm.create_vcpu(0).unwrap_or_else(|e| die("KVM_CREATE_VCPU", e.errno())),
    };
    // Guest CPUID: KVM's supported set with the policy's PV bits (and never IDLE_HLT).
    let mut cpuid = kvm
        .get_supported_cpuid(KVM_MAX_CPUID_ENTRIES)
        .unwrap_or_else(|e| die("KVM_GET_SUPPORTED_CPUID", e.errno()));
    let entries = cpuid.as_mut_slice();
    // kvm_cpuid_entry2 and vcpuchar_x86_cpuid_entry have the same layout (include/vcpuchar/x86.h).
    lib("vcpuchar_x86_cpuid_patch", unsafe {
        sys::vcpuchar_x86_cpuid_patch(entries.as_mut_ptr().cast(), entries.len() as u32, &host, &pol.0)
    });
    vcpu.set_cpuid2(&cpuid)
        .unwrap_or_else(|e| die("KVM_SET_CPUID2", e.errno()));
    let mut sregs = vcpu.get_sregs().unwrap_or_else(|e| die("KVM_GET_SREGS", e.errno()));
    sregs.cs.base = 0;
    sregs.cs.selector = 0;
    vcpu.set_sregs(&sregs)
        .unwrap_or_else(|e| die("KVM_SET_SREGS", e.errno()));
    let mut regs: kvm_bindings::kvm_regs = Default::default();
    regs.rip = CODE_ADDR;
    regs.rsp = STACK_TOP; // for the IRQ0 handler's iret frame
    regs.rflags = 0x2; // IF clear: only --pending's guest sets it, with sti
    vcpu.set_regs(&regs).unwrap_or_else(|e| die("KVM_SET_REGS", e.errno()));

    let st0 = stats_read(vcpu.as_raw_fd());
    // A halted vCPU with HLT pass-through never exits on its own; otherwise
    // the guest ends the run itself and the timer is only a bound.
    let timer = alarm_after(std::time::Duration::from_millis(if args.pending || !hlt_disabled {
        5000
    } else {
        300
    }));
    let (mut done, mut interrupted) = (false, false);
    let (mut kvm_exit_hlt, mut runs, mut pending_raised) = (0u64, 0u64, 0u64);
    while !done && !interrupted {
        runs += 1;
        let ev = match vcpu.run() {
            Err(e) if e.errno() == libc::EINTR => Ev::Intr,
            Err(e) => die("KVM_RUN", e.errno()),
            Ok(VcpuExit::IoOut(port, _)) if port == u16::from(DONE_PORT) => Ev::Done,
            Ok(VcpuExit::IoOut(port, _)) if args.pending && port == u16::from(PENDING_PORT) => Ev::Pending,
            Ok(VcpuExit::Intr) => Ev::Intr,
            Ok(_) => Ev::Other,
        };
        // The library classifies KVM's own exit code (KVM_EXIT_HLT).
        let reason = vcpu.get_kvm_run().exit_reason;
        let class = unsafe {
            sys::vcpuchar_x86_exit_class(sys::vcpuchar_x86_exit_kind_VCPUCHAR_X86_EXIT_KIND_KVM, reason.into())
        };
        match ev {
            Ev::Other if class == sys::vcpuchar_x86_exit_class_VCPUCHAR_X86_EXIT_CLASS_HALT as i32 => kvm_exit_hlt += 1,
            Ev::Done => done = true,
            Ev::Intr => interrupted = true,
            Ev::Pending => {
                // An IRQ0 edge while the guest's IF is clear: pending at its next HLT.
                vm.set_irq_line(0, true)
                    .unwrap_or_else(|e| die("KVM_IRQ_LINE", e.errno()));
                vm.set_irq_line(0, false)
                    .unwrap_or_else(|e| die("KVM_IRQ_LINE", e.errno()));
                pending_raised += 1;
            }
            Ev::Other => {
                eprintln!("rust-hlt-vmm: unexpected exit reason {reason}");
                std::process::exit(1);
            }
        }
    }
    drop(timer);

    let st = stats_read(vcpu.as_raw_fd());
    let regs = vcpu.get_regs().unwrap_or_else(|e| die("KVM_GET_REGS", e.errno()));
    let halt = sys::vcpuchar_x86_stat_VCPUCHAR_X86_STAT_HALT_EXITS as usize;
    let exits = sys::vcpuchar_x86_stat_VCPUCHAR_X86_STAT_EXITS as usize;
    println!(
        "guest: {} HLT instructions to run, {}, rip=0x{:x}, rcx={}",
        args.count,
        if done {
            "finished"
        } else {
            "still halted when the timer fired"
        },
        regs.rip,
        regs.rcx & 0xffff
    );
    if args.pending {
        println!("pending: irq0_raised={pending_raised}");
    }
    println!(
        "observed: kvm_exit_hlt={kvm_exit_hlt} halt_exits={} exits={} kvm_run_calls={runs} finished={}",
        st.values[halt],
        st.values[exits],
        u8::from(done)
    );
    println!("vendor_module: {module}");
    if hlt_disabled && st.values[halt] - st0.values[halt] >= args.count {
        println!("note: KVM accepted KVM_X86_DISABLE_EXITS_HLT, yet every HLT exited: the vendor module {module} does not run the guest under VMX/SVM and traps HLT itself.");
    } else if !hlt_disabled && !args.pending && kvm_exit_hlt == args.count {
        println!("note: without an in-kernel irqchip each intercepted HLT reaches userspace as KVM_EXIT_HLT; halt_exits counts the same exits.");
    } else if !hlt_disabled && args.pending {
        println!("note: with an in-kernel irqchip KVM blocks the vCPU on each intercepted HLT itself (no KVM_EXIT_HLT); halt_exits counts the halts.");
    }
    print_stats("stats_before", &st0);
    print_stats("stats_after", &st);

    let mut v: sys::vcpuchar_x86_verdict = unsafe { std::mem::zeroed() };
    v.size = std::mem::size_of_val(&v) as u32;
    lib("vcpuchar_x86_policy_verify", unsafe {
        sys::vcpuchar_x86_policy_verify(
            &pol.0,
            &st0,
            &st,
            guest_hlts(args.count, done, loop_addr, &regs),
            &mut v,
        )
    });
    let known = |s: u32| v.have & (1 << s) != 0;
    let num = |have: bool, n: u64| if have { n.to_string() } else { "unknown".to_string() };
    let reasons = &v.reasons[..v.n_reasons as usize];
    let names: Vec<&str> = reasons
        .iter()
        .map(|r| vcpuchar::x86_reason_name(r.code).unwrap_or("?"))
        .collect();
    println!(
        "verdict: hlt={} halt_poll={} guest_hlts={} halt_exits={} halt_attempted_poll={} reasons={}",
        cstr(unsafe { sys::vcpuchar_x86_hlt_verdict_name(v.hlt) }),
        cstr(unsafe { sys::vcpuchar_x86_halt_poll_verdict_name(v.halt_poll) }),
        num(
            v.guest_hlts != sys::VCPUCHAR_X86_GUEST_HLTS_UNKNOWN as u64,
            v.guest_hlts
        ),
        num(known(sys::vcpuchar_x86_stat_VCPUCHAR_X86_STAT_HALT_EXITS), v.halt_exits),
        num(
            known(sys::vcpuchar_x86_stat_VCPUCHAR_X86_STAT_HALT_ATTEMPTED_POLL),
            v.halt_attempted_poll
        ),
        names.join(",")
    );
    for r in reasons {
        println!(
            "verdict_reason: {}: {}",
            vcpuchar::x86_reason_name(r.code).unwrap_or("?"),
            reason_text(r)
        );
    }
}
