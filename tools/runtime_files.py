"""The runtime the site ships, from the pinned npm packages: Pyodide's files
(its standard library trimmed, tools/stdlib_trim.py), PyScript's core and the
chunks it imports, Pyodide's lock listing our wheel, and bytecode compiled by
Pyodide's own Python (tools/pyodide_bytecode.py)."""
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

from tools.paths import PYODIDE_DIR, PYSCRIPT_DIST, ROOT
from tools.pyscript_package import without_package
from tools.stdlib_trim import trim_stdlib

# The Pyodide runtime files a page needs (measured; see shared DESIGN notes).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip")
# PyScript chunks for features no page of ours uses (the code editor, the
# terminal, MicroPython, TOML or zip config files, packages from PyPI): never
# loaded (checked in Chromium, e2e/test_offline_cache.py), so neither shipped
# nor precached. Names without their 8-character hash.
PYSCRIPT_UNUSED = {"codemirror", "codemirror_commands", "codemirror_lang-python",
                   "codemirror_language", "codemirror_state", "codemirror_view",
                   "xterm", "xterm-readline", "index", "mpy", "py", "toml", "zip",
                   "pyodide_graph"}


# V8's explicit compile hint (Chrome 136+; other engines read a comment): every
# function of Pyodide's 1.2 MB script is compiled eagerly, on a background
# thread as the script streams in, instead of on the main thread when first
# called during the boot. Phone profile, returning visit: the interpreter's
# step 0.09-0.12 s shorter in three A/B runs (ready 2.65 -> 2.50 s); a cold
# first visit within noise (8.69 / 8.63 s).
EAGER_HINT = "//# allFunctionsCalledOnLoad\n"
EAGER_JS = ("pyodide.asm.mjs",)


def copy_pyodide(dest):
    """PYODIDE_FILES into ``dest``, the standard library trimmed."""
    dest.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_FILES:
        if f == "python_stdlib.zip":
            trim_stdlib(PYODIDE_DIR / f, dest / f)
        elif f in EAGER_JS:
            (dest / f).write_text(EAGER_HINT + (PYODIDE_DIR / f).read_text())
        else:
            shutil.copy2(PYODIDE_DIR / f, dest / f)


def pyscript_chunk_name(file_name):
    """"codemirror_lang-python-r-dBg-Wd.js" -> "codemirror_lang-python"."""
    stem = file_name.removesuffix(".js")
    return stem[:-9] if len(stem) > 9 and stem[-9] == "-" else stem


def pyscript_files():
    """core.js, core.css and every chunk reachable from core.js by import
    except the unused features' (PYSCRIPT_UNUSED): the chunks have hashed
    names, so they are discovered, never listed."""
    todo, seen = ["core.js"], set()
    pattern = re.compile(r'(?:from|import)\s*\(?\s*"\./([\w.\-]+\.js)"')
    while todo:
        name = todo.pop()
        if name in seen or pyscript_chunk_name(name) in PYSCRIPT_UNUSED:
            continue
        seen.add(name)
        todo.extend(pattern.findall((PYSCRIPT_DIST / name).read_text()))
    return sorted(seen) + ["core.css"]


def copy_pyscript(dest):
    """pyscript_files() into ``dest``; the chunk that carries PyScript's
    Python package writes none into the file system (app.zip holds it,
    compiled: tools/pyscript_package.py)."""
    dest.mkdir(parents=True, exist_ok=True)
    stripped = 0
    for f in pyscript_files():
        shutil.copy2(PYSCRIPT_DIST / f, dest / f)
        text = (dest / f).read_text(encoding="utf-8")
        without = without_package(text)
        if without is not None:
            (dest / f).write_text(without, encoding="utf-8")
            stripped += 1
    if stripped != 1:
        raise SystemExit(f"{stripped} PyScript chunks carry the pyscript package (expected 1): "
                         "PyScript's bundle changed; see tools/pyscript_package.py")


def pyodide_bytecode(kind, src, dest):
    """``src`` with bytecode compiled by Pyodide's own CPython beside every
    module (tools/pyodide_bytecode.py): the browser has no bytecode cache, so
    this saves compiling the modules at every boot. ``kind`` "wheel" writes
    ``<name>-<version>-cp3XX-none-any.whl`` into the folder ``dest``."""
    out = subprocess.run(["node", str(ROOT / "tools" / "pyodide_bytecode.mjs"), kind, str(src), str(dest)],
                         check=True, capture_output=True, text=True, cwd=ROOT).stdout
    return Path(out.strip().splitlines()[-1])


def pyodide_version():
    return json.loads((PYODIDE_DIR / "package.json").read_text())["version"]


def write_lock(wheel, dest):
    """A pyodide-lock.json that lists our wheel (with its sha256), so
    ``pyodide.loadPackage("gostop")`` loads it by name with an integrity check
    (the page itself mounts the wheel by zipimport, checked against the same
    hash: see web/pyodide-boot.mjs). Pyodide's own lock lists wheels we do not
    ship, so the site's lock keeps only its header and our entry."""
    base = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    name, version = wheel.name.split("-")[:2]
    base["packages"] = {name: {
        "name": name, "version": version, "file_name": wheel.name,
        "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package", "imports": [name], "depends": [],
        "unvendored_tests": False,
    }}
    dest.write_text(json.dumps(base, indent=1))
