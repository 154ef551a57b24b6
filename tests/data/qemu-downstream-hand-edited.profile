# A QEMU profile (/usr/share/doc/libvcpuchar/profiles.md, "QEMU profiles"), HAND-EDITED for the tests:
# synthetic: tests/data/qemu-7.2-debian12.profile (QEMU 7.2.22 of Debian 12, probed 2026-12-06) cut to
# pseries-7.2, plus a downstream-named type pseries-rhel9.2.0 whose groups are pseries-7.2's measured
# ones with cap-large-decr=off and cap-fwnmi=off, to exercise the rule that a downstream type answers
# from its own defaults (/usr/share/doc/libvcpuchar/ppc.md#qemu-profiles). No QEMU was asked for it.
[qemu]
binary=/usr/bin/qemu-system-ppc64
version=7.2.22
package=Debian 1:7.2+dfsg-7+deb12u18+b3
probed=2026-12-06T10:49:43Z
accel=tcg
default_machine=pseries-7.2
machines=pseries-7.2;pseries-rhel9.2.0;
cpu_models=power10;power10_v1.0;power10_v2.0;power5+;power5+_v2.1;power5gs;power7;power7+;power7+_v2.1;power7_v2.3;power8;power8_v2.0;power8e;power8e_v2.1;power8nvl;power8nvl_v1.0;power9;power9_v1.0;power9_v2.0;powerquicc-ii;
caps_cpus=power7;power8;power9;power10;

[machine pseries-7.2]
alias=pseries
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-7.2 power7]
cap-ccf-assist=on
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-7.2 power8]
cap-ccf-assist=on
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-7.2 power9]
cap-ccf-assist=on
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-7.2 power10]
cap-ccf-assist=on
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[machine pseries-rhel9.2.0]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-rhel9.2.0 power7]
cap-ccf-assist=on
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-rhel9.2.0 power8]
cap-ccf-assist=on
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-rhel9.2.0 power9]
cap-ccf-assist=on
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-rhel9.2.0 power10]
cap-ccf-assist=on
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on
