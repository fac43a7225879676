"""Adds bytecode compiled by Pyodide's own CPython to our zips (run inside
Pyodide by tools/pyodide_bytecode.mjs; tools/runtime_files.py calls it).

The browser has no bytecode cache: every boot compiles each module it
imports from source, which cost ~80 ms for the engine alone. Pyodide's own
packages ship compiled for the same reason (``pyodide py-compile``; that
command needs a host Python of Pyodide's version, so we compile inside
Pyodide instead).

* ``compile_zip(src, dst)``: every ``x.py`` gets an ``x.pyc`` beside it (the
  layout zipimport looks for), hash-based and unchecked, so it is used without
  reading the source; the source stays for tracebacks.
* ``compile_wheel(src, out_dir)``: the same for a pure-Python wheel, written
  as ``<name>-<version>-cp3XX-none-any.whl`` with its WHEEL tag and RECORD
  updated: a wheel for exactly this interpreter.

Entries keep the source's date, so the result depends only on the input.
"""
import base64
import hashlib
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

PY_TAG = f"cp{sys.version_info.major}{sys.version_info.minor}"


def _bytecode(name, source):
    code = compile(source, name, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _entries(src):
    """(ZipInfo, bytes) of ``src`` with a .pyc after every .py."""
    with zipfile.ZipFile(src) as z:
        for info in z.infolist():
            data = z.read(info)
            yield info, data
            if info.filename.endswith(".py"):
                yield zipfile.ZipInfo(info.filename + "c", info.date_time), _bytecode(info.filename, data)


def _write(dst, entries):
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def compile_zip(src, dst):
    _write(dst, list(_entries(src)))
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
