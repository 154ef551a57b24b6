#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause
"""Writes vcpuchar/src/enums.rs: every C enum of include/vcpuchar/*.h as a Rust
enum with the same explicit values, each variant documented with its C name
and comment. Usage: enums.py [OUT] (default: the committed file).
tests/rust/run.sh writes it again and fails when the committed file differs."""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
HEADERS = ["common.h", "ppc.h", "ppc-qemu.h", "x86.h", "x86-guest.h"]
ENUM = re.compile(r"((?:/\*[^\n]*?\*/\s*\n)?(?:/\*(?:[^*]|\*(?!/))*\*/\s*\n)?)enum (vcpuchar_\w+) \{(.*?)\n\};", re.S)
VALUE = re.compile(r"\s*(VCPUCHAR_\w+)\s*=\s*(\d+),\s*(?:/\*\s*(.*?)\s*\*/)?")


def camel(words):
    return "".join(w if w[0].isdigit() else w.capitalize() for w in words.split("_"))


def text(comment):
    """A C comment as one line of prose."""
    s = re.sub(r"/\*|\*/|^\s*\*", "", comment.strip(), flags=re.M)
    s = re.sub(r"\s+", " ", s).strip().replace("Since:", "since").rstrip(" /")
    return s.replace("[", "\\[").replace("]", "\\]")  # not rustdoc links


def prefix_of(cname, names):
    """The variants' prefix: the enum's name in capitals, less its last words
    until every value starts with it (VCPUCHAR_X86_REASON_ of enum
    vcpuchar_x86_reason_code, VCPUCHAR_PPC_START_ of vcpuchar_ppc_start_cap),
    never shorter than VCPUCHAR_ and one more word."""
    words = cname.upper().split("_")
    while len(words) >= 2:
        prefix = "_".join(words) + "_"
        if all(n.startswith(prefix) and n != prefix for n in names):
            return prefix
        words.pop()
    raise AssertionError("enum %s: no common prefix of %s" % (cname, names))


def rust_enum(cname, comment, body):
    prefix = prefix_of(cname, [m.group(1) for m in map(VALUE.match, body.split("\n")) if m])
    doc = text(comment)
    out = ["c_enum! {", "    /// C `enum %s`%s" % (cname, ": " + doc if doc else ""), "    %s {" % camel(cname[len("vcpuchar_"):])]
    pending = []
    for line in body.split("\n"):
        m = VALUE.match(line)
        if not m:
            if text(line):
                pending.append(line)
            continue
        name, value, note = m.group(1), m.group(2), m.group(3) or "\n".join(pending)
        pending = []
        variant = camel(name[len(prefix):])
        note = text(note)
        out.append("        /// `%s` = %s%s" % (name, value, ": " + note if note else ""))
        out.append("        %s = %s," % ("V" + variant if variant[0].isdigit() else variant, value))
    return out + ["    }", "}", ""]


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "vcpuchar/src/enums.rs")
    src = "".join(open(os.path.join(HERE, "../../include/vcpuchar", h)).read() for h in HEADERS)
    out = ["// SPDX-License-Identifier: LGPL-2.1-or-later OR BSD-2-Clause",
           "//! The C enums of include/vcpuchar/*.h as Rust enums with the same explicit values,",
           "//! each variant documented with its C name. Written by bindings/rust/enums.py from",
           "//! the headers (rerun it after a header change: tests/rust/run.sh fails when this",
           "//! file differs from what the headers give).",
           "use crate::c_enum;", ""]
    for m in ENUM.finditer(src):
        out += rust_enum(m.group(2), m.group(1), m.group(3))
    with open(out_path, "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
