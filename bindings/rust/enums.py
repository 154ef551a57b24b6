#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
# Writes vcpuchar/src/enums.rs: the C enums of include/vcpuchar/*.h as Rust enums
# with the same explicit values. Usage: enums.py [OUT]
import os, re, sys
inc = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../include/vcpuchar')
out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), 'vcpuchar/src/enums.rs')
src=open(inc+'/common.h').read()+open(inc+'/ppc.h').read()+open(inc+'/x86.h').read()
names={'vcpuchar_limit':'Limit','vcpuchar_source':'Source','vcpuchar_severity':'Severity','vcpuchar_ppc_reg':'PpcReg','vcpuchar_ppc_cap':'PpcCap','vcpuchar_ppc_level':'PpcLevel','vcpuchar_ppc_machine':'PpcMachine','vcpuchar_ppc_cpu':'PpcCpu','vcpuchar_accel':'Accel','vcpuchar_ppc_mode':'PpcMode','vcpuchar_ppc_conflict_code':'PpcConflictCode','vcpuchar_ppc_format':'PpcFormat','vcpuchar_ppc_warning':'PpcWarning','vcpuchar_x86_vendor':'X86Vendor','vcpuchar_x86_fact':'X86Fact','vcpuchar_x86_cvm':'X86Cvm','vcpuchar_x86_hlt_passthrough':'X86HltPassthrough','vcpuchar_x86_cpu_mode':'X86CpuMode','vcpuchar_x86_idle_hlt_kvm':'X86IdleHltKvm','vcpuchar_x86_reason_code':'X86ReasonCode','vcpuchar_x86_reason_class':'X86ReasonClass','vcpuchar_x86_stat':'X86Stat','vcpuchar_x86_hlt_verdict':'X86HltVerdict','vcpuchar_x86_halt_poll_verdict':'X86HaltPollVerdict','vcpuchar_x86_exit_kind':'X86ExitKind','vcpuchar_x86_exit_class':'X86ExitClass','vcpuchar_x86_cpuidle':'X86Cpuidle','vcpuchar_x86_pv_spinlocks':'X86PvSpinlocks'}
out=['// SPDX-License-Identifier: LGPL-2.1-or-later','//! The C enums of include/vcpuchar/*.h as Rust enums with the same explicit values,','//! each variant documented with its C name. Written by bindings/rust/enums.py from','//! the headers (rerun it after a header change: tests/rust/run.sh fails when this','//! file differs from what the headers give).','use crate::c_enum;','']
seen=set()
for m in re.finditer(r'((?:/\*[^\n]*?\*/\s*\n)?(?:/\*(?:[^*]|\*(?!/))*\*/\s*\n)?)enum (vcpuchar_\w+) \{(.*?)\n\};',src,re.S):
    pre,cname,body=m.groups()
    if cname not in names: print('skip',cname,file=sys.stderr); continue
    seen.add(cname)
    rname=names[cname]
    doc=re.sub(r'\s+',' ',re.sub(r'/\*|\*/|^\s*\*','',pre.strip(),flags=re.M)).strip() or ''
    doc=doc.replace('Since:','since').rstrip(' /')
    vals=[];pending=[]
    for line in body.split('\n'):
        mm=re.match(r'\s*(VCPUCHAR_\w+)\s*=\s*(\d+),\s*(?:/\*\s*(.*?)\s*\*/)?',line)
        if mm:
            vals.append((mm.group(1),int(mm.group(2)),mm.group(3) or ' '.join(pending)))
            pending=[]
        else:
            t=re.sub(r'/\*|\*/|^\s*\*','',line).strip()
            if t: pending.append(t)
    # common prefix
    pfx=cname.upper()+'_'
    if cname=='vcpuchar_x86_reason_code': pfx='VCPUCHAR_X86_REASON_'
    if cname=='vcpuchar_ppc_conflict_code': pfx='VCPUCHAR_PPC_CONFLICT_CODE_'
    out.append(f'c_enum! {{')
    out.append(f'    /// C `enum {cname}`{": " + doc if doc else ""}')
    out.append(f'    {rname} {{')
    for n,v,c in vals:
        assert n.startswith(pfx),(n,pfx)
        rest=n[len(pfx):]
        camel=''.join(w.capitalize() if not w[0].isdigit() else w for w in rest.split('_'))
        if camel[0].isdigit(): camel='V'+camel
        c=re.sub(r'\s+',' ',c).strip()
        out.append(f'        /// `{n}` = {v}{": " + c if c else ""}')
        out.append(f'        {camel} = {v},')
    out.append('    }')
    out.append('}')
    out.append('')
for k in names:
    assert k in seen,k
open(out_path,'w').write('\n'.join(out))
