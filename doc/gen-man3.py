#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Section-3 man pages from the public headers' doc comments.

One page per doc comment that documents functions ("/** name() - summary");
a comment for a family ("a() / b() - ...") gives the page to the first name
and a ".so" link page to each other one. A page shows the prototypes, the
arguments, the description, the return value with its errnos, the structs its
prototypes take (and the structs inside them) and the enums its text names,
the Since: version and the functions it refers to. libvcpuchar.3 is the
overview: the headers' own introductions and every function with its summary.
Nothing is written by hand, so a page cannot drift from its header.

Usage: gen-man3.py --list HEADER...            page file names, one a line
       gen-man3.py --outdir DIR --version V HEADER...   write the pages
"""
import os
import re
import sys

FUNC_DECL = re.compile(r"^[a-z][a-z0-9_ *]*[ *](vcpuchar_[a-z0-9_]+)\(", re.M)


def comment_lines(block):
    """The text of a /* */ comment without its frame, one string a line."""
    out = []
    for line in block.splitlines():
        line = line.strip()
        line = re.sub(r"^/\*\*?", "", line)
        line = re.sub(r"\*/$", "", line)
        line = re.sub(r"^\* ?", "", line)
        out.append(line.rstrip())
    while out and not out[0]:
        out.pop(0)
    while out and not out[-1]:
        out.pop()
    return out


class Header:
    def __init__(self, path):
        self.path = path
        self.name = os.path.relpath(path, os.path.dirname(os.path.dirname(path))) \
            if os.path.basename(os.path.dirname(path)) == "vcpuchar" else os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        m = re.match(r"\s*/\*.*?\*/\s*/\*(.*?)\*/", self.text, re.S)
        self.intro = comment_lines("/*" + m.group(1) + "*/") if m else []
        self.funcs = []    # (names, doc dict, declarations text)
        self.structs = {}  # name -> (doc dict or None, definition)
        self.enums = {}    # name -> (comment lines, definition)
        self.parse()

    def parse(self):
        t = self.text
        # Kernel-doc comments and what follows them up to the end of the declaration.
        for m in re.finditer(r"/\*\*\n(.*?)\*/\n", t, re.S):
            doc = parse_doc(comment_lines("/**\n" + m.group(1) + "*/"))
            rest = t[m.end():]
            if doc["kind"] == "struct":
                d = re.match(r"struct " + doc["names"][0] + r" \{.*?\n\};", rest, re.S)
                if d:
                    self.structs[doc["names"][0]] = (doc, d.group(0))
            elif doc["kind"] == "func":
                # Declarations until the next blank line or comment.
                decl = re.match(r"((?:[^\n/#][^\n]*\n)+)", rest)
                decl = decl.group(1) if decl else ""
                declared = FUNC_DECL.findall(decl)
                self.funcs.append((declared or doc["names"], doc, decl.strip()))
        # Enums with the plain comment right above them.
        for m in re.finditer(r"(?:/\*((?:(?!\*/).)*)\*/\n)?(enum (vcpuchar_[a-z0-9_]+) \{.*?\n\};)", t, re.S):
            self.enums[m.group(3)] = (comment_lines("/*" + (m.group(1) or "") + "*/"), m.group(2))
        # Structs without a kernel-doc comment still show their definition.
        for m in re.finditer(r"\n(struct (vcpuchar_[a-z0-9_]+) \{.*?\n\};)", t, re.S):
            self.structs.setdefault(m.group(2), (None, m.group(1)))


def parse_doc(lines):
    """A kernel-doc comment: kind, names, summary, params, body, returns, since."""
    title = lines[0]
    doc = {"kind": "other", "names": [], "summary": "", "params": [], "body": [], "returns": [], "since": ""}
    m = re.match(r"struct (vcpuchar_[a-z0-9_]+) - (.*)", title)
    if m:
        doc.update(kind="struct", names=[m.group(1)], summary=m.group(2))
    else:
        m = re.match(r"((?:vcpuchar_[a-z0-9_]+\(\)(?: / )?)+) - (.*)", title)
        if m:
            doc.update(kind="func", names=re.findall(r"(vcpuchar_[a-z0-9_]+)\(\)", m.group(1)),
                       summary=m.group(2))
    i = 1
    # A title may continue on the next lines until the first @param or blank line.
    while i < len(lines) and lines[i] and not lines[i].startswith("@"):
        doc["summary"] += " " + lines[i].strip()
        i += 1
    # Parameters: "@a: text" or "@a, @b: text", continued by indented lines.
    while i < len(lines) and (lines[i].startswith("@") or (lines[i].startswith(" ") and doc["params"])):
        pm = re.match(r"((?:@[a-z0-9_]+(?:, )?)+): ?(.*)", lines[i])
        if pm:
            doc["params"].append([re.findall(r"@([a-z0-9_]+)", pm.group(1)), pm.group(2)])
        else:
            doc["params"][-1][1] += " " + lines[i].strip()
        i += 1
    section = "body"
    para = []
    for line in lines[i:] + [""]:
        if line.startswith("Return:"):
            flush(doc[section], para)
            section, line = "returns", line[len("Return:"):].strip()
        elif line.startswith("Since:"):
            flush(doc[section], para)
            doc["since"] = line[len("Since:"):].strip()
            section = "after"
            doc.setdefault("after", [])
            continue
        if line.strip():
            para.append(line.strip())
        else:
            flush(doc[section], para)
    return doc


def flush(out, para):
    if para:
        out.append(" ".join(para))
        del para[:]


# roff ------------------------------------------------------------------------

def esc(s):
    s = s.replace("\\", "\\e").replace("-", "\\-")
    return s


def line_safe(s):
    """A text line that roff never reads as a request."""
    return "\\&" + s if s[:1] in (".", "'") else s


def inline(s, funcs):
    """Plain text with @params in italics and public functions in bold."""
    s = esc(s)
    s = re.sub(r"@([a-z0-9_]+)", r"\\fI\1\\fP", s)
    s = re.sub(r"\b(vcpuchar_[a-z0-9_]+)\(\)", lambda m: (r"\fB" + m.group(1) + r"\fP()")
               if m.group(1) in funcs else m.group(0), s)
    return line_safe(s)


def code(block):
    """A verbatim block (.nf), tabs as eight spaces so it never runs off the page."""
    out = [".PP", ".nf", ".in +4n"]
    for line in block.expandtabs(8).splitlines():
        out.append(line_safe(esc(line)))
    out += [".in", ".fi"]
    return out


def synopsis(decl):
    """Each prototype on one line, or, when longer than a man page's line,
    one parameter a line aligned after the parenthesis (as man-pages do)."""
    out = []
    for proto in re.findall(r"[^;]+;", decl):
        proto = " ".join(proto.split())
        if len(proto) <= 72:
            out.append(proto)
            continue
        head, params = proto.split("(", 1)
        params = params.split(", ")
        pad = " " * (len(head) + 1)
        out.append(head + "(" + (",\n" + pad).join(params))
    return "\n".join(out)


def th(name, version):
    return f'.TH {name.upper()} 3 "" "libvcpuchar {version}" "libvcpuchar Manual"'


def types_for(decl, text, headers, funcs):
    """Structs named by the prototypes (and, in turn, their members), then
    enums named in the page's text, each once."""
    structs = {k: v for h in headers for k, v in h.structs.items()}
    enums = {k: v for h in headers for k, v in h.enums.items()}
    seen, order = set(), []
    todo = re.findall(r"struct (vcpuchar_[a-z0-9_]+)", decl)
    while todo:
        s = todo.pop(0)
        if s in seen or s not in structs:
            continue
        seen.add(s)
        order.append(("struct", s))
        todo += re.findall(r"struct (vcpuchar_[a-z0-9_]+) ", structs[s][1])
    words = text + "".join(" ".join(structs[s][0]["params"][i][1] for i in range(len(structs[s][0]["params"])))
                           for k, s in order if structs[s][0])
    for e in re.findall(r"enum (vcpuchar_[a-z0-9_]+)", words):
        if e in enums and ("enum", e) not in order:
            order.append(("enum", e))
    out = []
    for kind, name in order:
        out.append(f'.SS "{kind} {name}"')
        if kind == "struct":
            doc, definition = structs[name]
            if doc:
                out.append(inline(doc["summary"], funcs))
            out += code(definition)
            if doc:
                for names, desc in doc["params"]:
                    out += [".TP", ".I " + esc(", ".join(names)), inline(desc, funcs)]
                for p in doc["body"]:
                    out += [".PP", inline(p, funcs)]
        else:
            lines, definition = enums[name]
            if lines:
                out.append(inline(" ".join(line.strip() for line in lines), funcs))
            out += code(definition)
    return out


def page(names, doc, decl, header, headers, funcs, version):
    main = names[0]
    out = [th(main, version), ".SH NAME", esc(", ".join(names)) + " \\- " + esc(doc["summary"]),
           ".SH SYNOPSIS", ".nf", f".B #include <{header}>", ".fi"]
    out += code(synopsis(decl))
    out += [".PP", "Link with \\fI\\-lvcpuchar\\fP (pkg\\-config: \\fIlibvcpuchar\\fP)."]
    if doc["params"]:
        out.append(".SH ARGUMENTS")
        for pnames, desc in doc["params"]:
            out += [".TP", ".I " + esc(", ".join(pnames)), inline(desc, funcs)]
    # "System calls ..." paragraphs get their own section, for whoever writes a seccomp filter.
    body = [p for p in doc["body"] if not p.startswith("System calls")]
    calls = [p for p in doc["body"] if p.startswith("System calls")]
    for heading, paras in (("DESCRIPTION", body), ("RETURN VALUE", doc["returns"]), ("SYSTEM CALLS", calls)):
        if paras:
            out.append(".SH " + heading)
            for i, p in enumerate(paras):
                out += ([".PP"] if i else []) + [inline(p, funcs)]
    text = " ".join([doc["summary"]] + [d for _, d in doc["params"]] + doc["body"] + doc["returns"])
    types = types_for(decl, text, headers, funcs)
    if types:
        out += [".SH TYPES"] + types
    if doc["since"]:
        out += [".SH VERSIONS", f"Since libvcpuchar {esc(doc['since'])} "
                f"(symbol version VCPUCHAR_{esc(doc['since'])})."]
    out += [".SH SEE ALSO"]
    refs = sorted(set(re.findall(r"\b(vcpuchar_[a-z0-9_]+)\(\)", text)) & funcs - set(names))
    out.append(",\n".join([".BR libvcpuchar (3)"] + [f".BR {r} (3)" for r in refs] +
                          [".BR vcpuchar (1)"]))
    return "\n".join(out) + "\n"


# The headers of the QEMU model and the orchestrator's calls (not a VMM's core).
MODEL_HEADERS = ("vcpuchar/ppc-qemu.h", "vcpuchar/x86-guest.h")


def overview(headers, funcs_by_header, version):
    out = [th("libvcpuchar", version), ".SH NAME",
           "libvcpuchar \\- POWER vCPU security characteristics and the x86 HLT\\-exit policy for VMMs",
           ".SH SYNOPSIS", ".nf", ".B #include <vcpuchar.h>", ".PP",
           "cc prog.c $(pkg\\-config \\-\\-cflags \\-\\-libs libvcpuchar)", ".fi", ".SH DESCRIPTION"]
    top = [h for h in headers if h.name == "vcpuchar.h"]
    for h in top:
        out += paragraphs(h.intro)
    # The model headers' pages, linked before each header's own section.
    out.append('.SH "MODEL PAGES"')
    for h in headers:
        if h.name in MODEL_HEADERS and funcs_by_header.get(h.name):
            out += [".PP", f"<{h.name}>:", ".nf"]
            out += [f".BR {n} (3)" for names, _ in funcs_by_header[h.name] for n in names]
            out.append(".fi")
    for h in headers:
        if h.name == "vcpuchar.h":
            continue
        out.append(f'.SH "{h.name.upper()}"')
        out += paragraphs(h.intro)
        if funcs_by_header.get(h.name):
            out += [".PP", "Functions:"]
            for names, doc in funcs_by_header[h.name]:
                for n in names:
                    out += [".TP", f".BR {n} (3)", inline(doc["summary"], set())]
    out += [".SH SEE ALSO", ".BR vcpuchar (1)"]
    return "\n".join(out) + "\n"


def paragraphs(lines):
    """Intro comments: paragraphs, "- item" lists and indented tables kept."""
    out, para = [], []

    def done():
        if para:
            out.append(line_safe(esc(" ".join(para))))
            del para[:]
    for line in lines + [""]:
        item = re.match(r"\s+- (.*)", line)
        table = re.match(r"  (\S+)\s{2,}(.*)", line)
        if item:
            done()
            out += [".IP \\(bu 2"]
            para.append(item.group(1))
        elif table:
            done()
            out += [".TP", ".I " + esc(table.group(1))]
            para.append(table.group(2))
        elif not line.strip():
            done()
            out.append(".PP")
        else:
            para.append(line.strip())
    done()
    while out and out[-1] == ".PP":
        out.pop()
    return [".PP"] + out if out and out[0] != ".PP" else out


def main(argv):
    listing = argv[:1] == ["--list"]
    outdir = version = None
    args = argv[1:] if listing else argv
    while args and args[0].startswith("--"):
        if args[0] == "--outdir":
            outdir, args = args[1], args[2:]
        elif args[0] == "--version":
            version, args = args[1], args[2:]
        else:
            sys.exit(f"gen-man3.py: unknown option {args[0]}")
    headers = [Header(p) for p in args]
    pages, funcs, by_header = {"libvcpuchar.3": None}, set(), {}
    for h in headers:
        for names, doc, decl in h.funcs:
            funcs |= set(names)
    for h in headers:
        for names, doc, decl in h.funcs:
            by_header.setdefault(h.name, []).append((names, doc))
            pages[names[0] + ".3"] = (names, doc, decl, h.name)
            for other in names[1:]:
                pages[other + ".3"] = ".so man3/" + names[0] + ".3\n"
    if listing:
        print("\n".join(sorted(pages)))
        return 0
    os.makedirs(outdir, exist_ok=True)
    for stale in os.listdir(outdir):
        if stale.endswith(".3") and stale not in pages:
            os.unlink(os.path.join(outdir, stale))
    for name, what in pages.items():
        if what is None:
            text = overview(headers, by_header, version)
        elif isinstance(what, str):
            text = what
        else:
            text = page(*what[:3], what[3], headers, funcs, version)
        tmp = os.path.join(outdir, "." + name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, os.path.join(outdir, name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
