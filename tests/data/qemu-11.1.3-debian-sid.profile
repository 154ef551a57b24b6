# A QEMU profile (/usr/share/doc/libvcpuchar/profiles.md, "QEMU profiles"): the facts of
# /usr/bin/qemu-system-ppc64, QEMU 11.1.3 (Debian 1:11.1.3+ds-1, Debian sid), read over QMP under TCG
# by vcpuchar qemu probe 1.2.90 on 2026-12-06T17:02:35Z (the qemu-releases tier's probe of the
# unpacked package; binary= names the path the package installs).
[qemu]
binary=/usr/bin/qemu-system-ppc64
version=11.1.3
package=Debian 1:11.1.3+ds-1
probed=2026-12-06T17:02:35Z
accel=tcg
default_machine=pseries-11.1
machines=pseries-5.2;pseries-6.0;pseries-6.1;pseries-6.2;pseries-7.0;pseries-7.1;pseries-7.2;pseries-8.0;pseries-8.1;pseries-8.2;pseries-9.0;pseries-9.1;pseries-9.2;pseries-10.0;pseries-10.1;pseries-10.2;pseries-11.0;pseries-11.1;
cpu_models=power10;power10_v2.0;power11;power11_v2.0;power5+;power5+_v2.1;power5gs;power5p_v2.1;power7;power7+;power7+_v2.1;power7_v2.3;power7p_v2.1;power8;power8_v2.0;power9;power9_v2.0;power9_v2.2;powerquicc-ii;
caps_cpus=power7;power8;power9;power10;power11;

[machine pseries-5.2]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-5.2 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-5.2 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-5.2 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-5.2 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-5.2 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-6.0]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-6.0 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-6.0 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.0 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.0 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.0 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-6.1]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-6.1 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-6.1 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.1 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.1 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.1 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-6.2]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-6.2 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-6.2 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.2 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.2 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-6.2 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-7.0]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-7.0 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-7.0 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.0 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.0 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.0 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-7.1]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-7.1 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-7.1 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.1 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.1 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.1 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-7.2]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-7.2 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-7.2 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.2 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.2 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-7.2 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-8.0]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-8.0 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-8.0 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.0 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.0 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.0 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-8.1]
deprecated=true
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-8.1 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-8.1 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.1 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.1 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.1 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-8.2]
deprecated=false
default_cpu=power9_v2.2
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-8.2 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-8.2 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.2 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.2 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-8.2 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-9.0]
deprecated=false
default_cpu=power10_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-9.0 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-9.0 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.0 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.0 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.0 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-9.1]
deprecated=false
default_cpu=power10_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-9.1 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-9.1 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.1 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.1 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.1 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-9.2]
deprecated=false
default_cpu=power10_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-9.2 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-9.2 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.2 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.2 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-9.2 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-10.0]
deprecated=false
default_cpu=power10_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-10.0 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-10.0 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.0 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.0 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.0 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-10.1]
deprecated=false
default_cpu=power10_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-10.1 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-10.1 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.1 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.1 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.1 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-10.2]
deprecated=false
default_cpu=power10_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-10.2 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-10.2 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.2 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.2 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-10.2 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-11.0]
deprecated=false
default_cpu=power10_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-11.0 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-11.0 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-11.0 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-11.0 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-11.0 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-11.1]
alias=pseries
deprecated=false
default_cpu=power11_v2.0
properties=append;aux-ram-share;boot;cap-ail-mode-3;cap-ccf-assist;cap-cfpc;cap-dawr1;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-nested-papr;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;phandle-start;resize-hpt;shim;smp;smp-cache;spcr;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-change-vmfd-on-reset;x-vof;

[caps pseries-11.1 power7]
cap-ail-mode-3=off
cap-ccf-assist=on
cap-cfpc=broken
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-11.1 power8]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=off
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-11.1 power9]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=off
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-11.1 power10]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-11.1 power11]
cap-ail-mode-3=on
cap-ccf-assist=on
cap-cfpc=workaround
cap-dawr1=on
cap-dfp=on
cap-fwnmi=on
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-nested-papr=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on
