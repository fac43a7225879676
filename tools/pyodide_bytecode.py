"""Adds bytecode compiled by Pyodide's own CPython to our zips (run inside
Pyodide by tools/pyodide_bytecode.mjs; tools/runtime_files.py calls it).

The browser has no bytecode cache: every boot compiles each module it
imports from source, which cost ~80 ms for the engine alone. Pyodide's own
packages ship compiled for the same reason (``pyodide py-compile``; that
command needs a host Python of Pyodide's version, so we compile inside
Pyodide instead).

* ``compile_zip(src, dst)``: every ``x.py`` gets an ``x.pyc`` beside it (the
  layout zipimport looks for), hash-based and unchecked, so it is used without
  reading the source; the source stays for tracebacks. This bytecode (the
  page glue's) has no docstrings, as ``python -OO`` would make it but with
  its asserts: no page reads one, and a first visit downloads it before the
  page is ready (the boot snapshot drops the engine's the same way).
* ``compile_wheel(src, out_dir)``: the same for a pure-Python wheel, written
  as ``<name>-<version>-cp3XX-none-any.whl`` with its WHEEL tag and RECORD
  updated: a wheel for exactly this interpreter.

Entries keep the source's date, so the result depends only on the input.
"""
import ast
import base64
import hashlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

PY_TAG = f"cp{sys.version_info.major}{sys.version_info.minor}"


_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree):
    """``tree`` with the docstring of its module, classes and functions taken
    out (a body left empty gets a ``pass`` where the docstring was); every
    other node keeps its line, so tracebacks point at the source."""
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (isinstance(node, _DOCUMENTED) and body and isinstance(body[0], ast.Expr)
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str)):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


def _bytecode(name, source, docstrings=True):
    tree = source if docstrings else without_docstrings(ast.parse(source, name))
    code = compile(tree, name, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _entries(src, docstrings=True):
    """(ZipInfo, bytes) of ``src`` with a .pyc after every .py."""
    with zipfile.ZipFile(src) as z:
        for info in z.infolist():
            data = z.read(info)
            yield info, data
            if info.filename.endswith(".py"):
                yield (zipfile.ZipInfo(info.filename + "c", info.date_time),
                       _bytecode(info.filename, data, docstrings))


def _write(dst, entries):
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def compile_zip(src, dst):
    _write(dst, list(_entries(src, docstrings=False)))
    return dst


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(src, out_dir):
    name, version = src.rsplit("/", 1)[-1].split("-")[:2]
    entries = list(_entries(src))
    record = next(i for i, _ in entries if i.filename.endswith(".dist-info/RECORD"))
    lines = []
    for i, (info, data) in enumerate(entries):
        if info.filename.endswith(".dist-info/WHEEL"):
            text = data.decode()
            if "Tag: py3-none-any" not in text:
                raise ValueError(f"{src}: not a pure-Python py3-none-any wheel")
            data = text.replace("Tag: py3-none-any", f"Tag: {PY_TAG}-none-any").encode()
            entries[i] = (info, data)
        if info is not record:
            lines.append(_record_line(info.filename, entries[i][1]))
    lines.append(f"{record.filename},,")
    entries = [(info, "\n".join(lines).encode() + b"\n" if info is record else data)
               for info, data in entries]
    dst = f"{out_dir}/{name}-{version}-{PY_TAG}-none-any.whl"
    _write(dst, entries)
    return dst
