#!/usr/bin/env python3
"""Writes the seed corpora in fuzz/seeds/ from the repository's scripts and tests.

parse, eval: every statement line of scripts/*.cgt (comments, meta commands and blank lines
left out). positions: every call of a position constructor found in scripts/, tests/ and
src/ as the positions target reads it: a family byte (index in cgcalc::fuzzing::families(),
the fuzz families of the rulesets' registrations in registry order, read here from the
sources), then the arguments separated by NUL bytes. Run from the repository root.
"""
import glob, hashlib, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def families():
    """The fuzz families of every ruleset's registration (`Fuzz { name: ... }`), in the
    order of `registry![...]` in src/rulesets/mod.rs, as cgcalc::fuzzing::families()."""
    rulesets = os.path.join(ROOT, "src", "rulesets")
    registry = open(os.path.join(rulesets, "mod.rs"), encoding="utf-8").read()
    listed = re.search(r"registry!\[(.*?)\];", registry, re.S).group(1)
    out = []
    for module in (m.strip() for m in listed.split(",") if m.strip()):
        paths = [os.path.join(rulesets, module + ".rs")] + sorted(
            glob.glob(os.path.join(rulesets, module, "**", "*.rs"), recursive=True))
        for path in paths:
            if os.path.exists(path):
                text = open(path, encoding="utf-8").read()
                out += re.findall(r'Fuzz\s*\{\s*name:\s*"(\w+)"', text)
    return out


FAMILIES = families()


def write(target, data):
    d = os.path.join(ROOT, "fuzz", "seeds", target)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def split_args(text):
    """Arguments of a call: quoted strings (with escapes) and bare words."""
    args, i = [], 0
    while i < len(text):
        c = text[i]
        if c == '"':
            j, s = i + 1, ""
            while j < len(text) and text[j] != '"':
                if text[j] == "\\" and j + 1 < len(text):
                    s += {"n": "\n", "t": "\t"}.get(text[j + 1], text[j + 1])
                    j += 2
                else:
                    s += text[j]
                    j += 1
            args.append(s)
            i = j + 1
        elif c in ", ":
            i += 1
        else:
            j = i
            while j < len(text) and text[j] not in ",":
                j += 1
            args.append(text[i:j].strip())
            i = j
    return args


for path in sorted(glob.glob(os.path.join(ROOT, "scripts", "*.cgt"))):
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if not line or line.startswith(("#", "//", ":")):
            continue
        if re.search(r"load|save|svg|tikz|csv|json|threads|limit", line, re.I):
            continue
        write("parse", line.encode())
        write("eval", line.encode())

call = re.compile(r'\b(' + "|".join(FAMILIES) + r')\(((?:"(?:[^"\\]|\\.)*"|[^()"])*)\)')
files = glob.glob(os.path.join(ROOT, "scripts", "*.cgt")) + glob.glob(
    os.path.join(ROOT, "tests", "*.rs")) + glob.glob(os.path.join(ROOT, "src", "**", "*.rs"),
                                                   recursive=True)
for path in sorted(files):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".rs"):
        text = text.replace('\\"', '"').replace("\\\\", "\\")
    for m in call.finditer(text):
        args = split_args(m.group(2))
        if not args or len(args) > 8 or any(len(a) > 120 for a in args):
            continue
        data = bytes([FAMILIES.index(m.group(1))]) + b"\0".join(a.encode() for a in args)
        write("positions", data)
