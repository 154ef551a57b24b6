# A QEMU profile (/usr/share/doc/libvcpuchar/profiles.md, "QEMU profiles"): the facts of
# /usr/bin/qemu-system-ppc64, QEMU 7.2.22 (Debian 1:7.2+dfsg-7+deb12u18+b3), read over QMP under TCG
# by vcpuchar qemu probe 1.2.90 on 2026-12-06T10:49:43Z.
[qemu]
binary=/usr/bin/qemu-system-ppc64
version=7.2.22
package=Debian 1:7.2+dfsg-7+deb12u18+b3
probed=2026-12-06T10:49:43Z
accel=tcg
default_machine=pseries-7.2
machines=pseries-2.1;pseries-2.2;pseries-2.3;pseries-2.4;pseries-2.5;pseries-2.6;pseries-2.7;pseries-2.8;pseries-2.9;pseries-2.10;pseries-2.11;pseries-2.12;pseries-2.12-sxxm;pseries-3.0;pseries-3.1;pseries-4.0;pseries-4.1;pseries-4.2;pseries-5.0;pseries-5.1;pseries-5.2;pseries-6.0;pseries-6.1;pseries-6.2;pseries-7.0;pseries-7.1;pseries-7.2;
cpu_models=power10;power10_v1.0;power10_v2.0;power5+;power5+_v2.1;power5gs;power7;power7+;power7+_v2.1;power7_v2.3;power8;power8_v2.0;power8e;power8e_v2.1;power8nvl;power8nvl_v1.0;power9;power9_v1.0;power9_v2.0;powerquicc-ii;
caps_cpus=power7;power8;power9;power10;

[machine pseries-2.1]
deprecated=false
default_cpu=power7_v2.3
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.1 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.1 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.1 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.1 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.2]
deprecated=false
default_cpu=power7_v2.3
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.2 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.2 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.2 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.2 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.3]
deprecated=false
default_cpu=power7_v2.3
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.3 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.3 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.3 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.3 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.4]
deprecated=false
default_cpu=power7_v2.3
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.4 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.4 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.4 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.4 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.5]
deprecated=false
default_cpu=power7_v2.3
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.5 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.5 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.5 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.5 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.6]
deprecated=false
default_cpu=power7_v2.3
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.6 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.6 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.6 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.6 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.7]
deprecated=false
default_cpu=power7_v2.3
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.7 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.7 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.7 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.7 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.8]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.8 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.8 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.8 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.8 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.9]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.9 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.9 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.9 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.9 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.10]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.10 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.10 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.10 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.10 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.11]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.11 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.11 power8]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.11 power9]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.11 power10]
tcg_given=cap-htm=off
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=on
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.12]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.12 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.12 power8]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.12 power9]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-2.12 power10]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-2.12-sxxm]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-2.12-sxxm power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=fixed-ccd
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-2.12-sxxm power8]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=fixed-ccd
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-2.12-sxxm power9]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=fixed-ccd
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-2.12-sxxm power10]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=17179869184
cap-htm=off
cap-ibs=fixed-ccd
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[machine pseries-3.0]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-3.0 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-3.0 power8]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-3.0 power9]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-3.0 power10]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-3.1]
deprecated=false
default_cpu=power8_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-3.1 power7]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-3.1 power8]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-3.1 power9]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[caps pseries-3.1 power10]
cap-ccf-assist=off
cap-cfpc=broken
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=broken
cap-large-decr=off
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=broken
cap-vsx=on

[machine pseries-4.0]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-4.0 power7]
cap-ccf-assist=off
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

[caps pseries-4.0 power8]
cap-ccf-assist=off
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

[caps pseries-4.0 power9]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-4.0 power10]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[machine pseries-4.1]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-4.1 power7]
cap-ccf-assist=off
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

[caps pseries-4.1 power8]
cap-ccf-assist=off
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

[caps pseries-4.1 power9]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-4.1 power10]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[machine pseries-4.2]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-4.2 power7]
cap-ccf-assist=off
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

[caps pseries-4.2 power8]
cap-ccf-assist=off
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

[caps pseries-4.2 power9]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[caps pseries-4.2 power10]
cap-ccf-assist=off
cap-cfpc=workaround
cap-dfp=on
cap-fwnmi=off
cap-hpt-max-page-size=65536
cap-htm=off
cap-ibs=workaround
cap-large-decr=on
cap-nested-hv=off
cap-rpt-invalidate=off
cap-sbbc=workaround
cap-vsx=on

[machine pseries-5.0]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-5.0 power7]
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

[caps pseries-5.0 power8]
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

[caps pseries-5.0 power9]
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

[caps pseries-5.0 power10]
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

[machine pseries-5.1]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-5.1 power7]
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

[caps pseries-5.1 power8]
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

[caps pseries-5.1 power9]
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

[caps pseries-5.1 power10]
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

[machine pseries-5.2]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-5.2 power7]
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

[caps pseries-5.2 power8]
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

[caps pseries-5.2 power9]
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

[caps pseries-5.2 power10]
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

[machine pseries-6.0]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-6.0 power7]
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

[caps pseries-6.0 power8]
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

[caps pseries-6.0 power9]
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

[caps pseries-6.0 power10]
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

[machine pseries-6.1]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-6.1 power7]
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

[caps pseries-6.1 power8]
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

[caps pseries-6.1 power9]
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

[caps pseries-6.1 power10]
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

[machine pseries-6.2]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-6.2 power7]
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

[caps pseries-6.2 power8]
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

[caps pseries-6.2 power9]
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

[caps pseries-6.2 power10]
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

[machine pseries-7.0]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-7.0 power7]
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

[caps pseries-7.0 power8]
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

[caps pseries-7.0 power9]
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

[caps pseries-7.0 power10]
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

[machine pseries-7.1]
deprecated=false
default_cpu=power9_v2.0
properties=append;boot;cap-ccf-assist;cap-cfpc;cap-dfp;cap-fwnmi;cap-hpt-max-page-size;cap-htm;cap-ibs;cap-large-decr;cap-nested-hv;cap-rpt-invalidate;cap-sbbc;cap-vsx;confidential-guest-support;dt-compatible;dtb;dump-guest-core;dumpdtb;firmware;graphics;hmat;host-model;host-serial;ic-mode;initrd;kernel;kernel-addr;kvm-type;max-cpu-compat;mem-merge;memory;memory-backend;memory-encryption;modern-hotplug-events;nvdimm;nvdimm-persistence;peripheral;peripheral-anon;phandle-start;resize-hpt;smp;suppress-vmdesc;type;usb;vfio-no-msix-emulation;vsmt;x-vof;

[caps pseries-7.1 power7]
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

[caps pseries-7.1 power8]
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

[caps pseries-7.1 power9]
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

[caps pseries-7.1 power10]
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
