"""Builds the site into ``dist/`` (``build()``): the runtime (Pyodide and
PyScript, tools/runtime_files.py), the engine's wheel, the pages and their
glue, the card art, the rules pages, the service worker, and last the
``.br``/``.gz`` copies (tools/compression.py). Runs inside the venv."""
import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
import zipfile

from tools import snapshot_delta
from tools.bootstrap import run
from tools.compression import compress_dist
from tools.paths import BUILD, DIST, DOCS_RULES, ROOT, WEB
from tools.pyscript_package import pyscript_package
from tools.runtime_files import (copy_pyodide, copy_pyscript, pyodide_bytecode, pyodide_version,
                                 pyscript_files, write_lock)
from tools.service_worker import sri, write_service_worker

# web/ entries that are not copied as they are: sources of generated files,
# build-time modules, the art (built by build_art).
WEB_NOT_COPIED = ("sw.js", "art", "app", "pyodide-boot.mjs", "rulebook.py", "page_head.py", "__pycache__",
                  "catalogues.py", "locale")
ART_GENERATORS = {"hwatu_art": "hwatu", "playing_art": "playing", "stop_art": "stop"}


def build_wheel(out):
    """The engine's py3-none-any wheel (for CPython 3.11+; the site serves
    a copy compiled for Pyodide, see ``pyodide_bytecode``). ``pyodide build`` is used instead when a
    Pyodide cross-build environment is present (it is not on these machines:
    it would download one); a pure-Python wheel does not need it."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("gostop-*.whl"):
        old.unlink()
    if shutil.which("pyodide") and os.environ.get("PYODIDE_XBUILDENV_PATH"):
        run(["pyodide", "build", "--outdir", out])
    else:
        # -P: not this folder's build.py but the pinned ``build`` package.
        run([sys.executable, "-P", "-m", "build", "--wheel", "--no-isolation",
             "--outdir", out, ROOT], stdout=subprocess.DEVNULL)
    wheels = sorted(out.glob("gostop-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one gostop wheel in {out}, found {wheels}")
    return wheels[0]


def page_parts():
    """web/page_head.py: the head and script tags every Python page shares."""
    sys.path.insert(0, str(WEB))
    try:
        import page_head
    finally:
        sys.path.remove(str(WEB))
    return page_head


def copy_web(dist):
    """web/'s pages (their shared head filled in), scripts, styles and folders."""
    for item in WEB.iterdir():
        if item.name in WEB_NOT_COPIED or item.name.startswith("."):
            continue
        if item.suffix == ".html":
            (dist / item.name).write_text(page_parts().fill(item.read_text()))
        elif item.is_dir():
            shutil.copytree(item, dist / item.name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(item, dist / item.name)


def build_art(out):
    """Copies hand-made art and runs the art generators (SVG drawn in code)."""
    out.mkdir(parents=True, exist_ok=True)
    art = WEB / "art"
    for f in list(art.glob("*.svg")) + list(art.glob("*.png")):
        shutil.copy2(f, out / f.name)
    sys.path.insert(0, str(art))
    try:
        for module, folder in ART_GENERATORS.items():
            importlib.import_module(module).write_all(out / folder)
    finally:
        sys.path.remove(str(art))


def build_app_zip(dest):
    """The page glue (web/app) as one zip, put on sys.path by pyodide/boot.mjs
    (zipimport): one request and no unpacking. The translations go in too,
    compiled (web/catalogues.py): app/locale/<lang>/LC_MESSAGES/<domain>.mo,
    read by app/i18n.py as its package's resources; and PyScript's own
    Python package, so that it is imported precompiled."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(WEB))
    try:
        import catalogues
    finally:
        sys.path.remove(str(WEB))
    locale = BUILD / "locale"
    files = [(p.relative_to(WEB).as_posix(), p.read_bytes()) for p in sorted((WEB / "app").rglob("*.py"))]
    files += [("app/locale/" + p.relative_to(locale).as_posix(), p.read_bytes())
              for p in catalogues.compile_catalogues(locale)]
    # PyScript's own package, compiled with ours (tools/pyscript_package.py).
    files += [(name, source.encode()) for name, source in sorted(pyscript_package(pyscript_files()).items())]
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files:
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            z.writestr(info, data, zipfile.ZIP_DEFLATED)


def split_sources(compiled, glue, sources):
    """``compiled`` (the page glue with its bytecode) as ``glue``, without
    the Python sources, and ``sources``: those as a JSON array of [path,
    text] pairs. The page imports the bytecode alone; the sources (0.10 MB
    of a first visit's bytes before ready) only give tracebacks their
    lines, and are written in after ready (pyodide-boot.mjs, completeFiles).

    ``glue``'s entries are stored, not deflated: the build's Brotli copy of
    the whole zip (compress_dist), which a compressing server sends, is
    0.11 MB smaller than the entries deflated one by one (216 against 326
    kB); a server that sends raw files sends 0.73 MB instead of 0.33."""
    texts = {}
    with zipfile.ZipFile(compiled) as src, zipfile.ZipFile(glue, "w", zipfile.ZIP_STORED) as out:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".py"):
                texts[info.filename] = data.decode()
            else:
                info.compress_type = zipfile.ZIP_STORED
                out.writestr(info, data)
    # A JSON array of [path, text] pairs, one pair a line (JSON escapes the
    # newlines in a text): the page parses it a line at a time, in idle
    # moments (parsed whole, its 0.3 MB were a task of ~57 ms on the phone
    # profile, in the middle of a new player's first hand).
    lines = [json.dumps([path, texts[path]], separators=(",", ":")) for path in sorted(texts)]
    sources.write_text("[\n" + ",\n".join(lines) + "\n]\n")


def write_boot_module(wheel, glue, dest):
    """PyScript's interpreter module (web/pyodide-boot.mjs): it lives beside
    pyodide.mjs (PyScript takes the index URL from its folder) and knows the
    snapshot key (the Pyodide version, and a hash of the wheel and of the
    standard library zip: a snapshot holds zipimport's index of both) and
    the integrity hashes of the two zips it mounts and of the standard
    library (written in after a snapshot boot, which mounts the empty
    ``stdlib-stub.zip`` written here in its place)."""
    stdlib = dest.parent / "python_stdlib.zip"
    digest = hashlib.sha256(wheel.read_bytes())
    digest.update(hashlib.sha256(stdlib.read_bytes()).digest())
    # What a snapshot boot mounts in the standard library's place (an empty zip)
    zipfile.ZipFile(dest.parent / "stdlib-stub.zip", "w").close()
    key = f"{pyodide_version()}-{digest.hexdigest()[:16]}"
    text = (WEB / "pyodide-boot.mjs").read_text()
    for name, value in (("__SNAPSHOT_KEY__", key), ("__WHEEL__", wheel.name),
                        ("__WHEEL_SRI__", sri(wheel)), ("__GLUE_SRI__", sri(glue)),
                        ("__SOURCES_SRI__", sri(glue.with_name("app-src.json"))),
                        ("__STDLIB_SRI__", sri(stdlib))):
        assert name in text, name
        text = text.replace(name, value)
    dest.write_text(text)
    return key


SNAPSHOTS = BUILD / "snapshots"


def _snapshot_inputs(wheel, pyo):
    """A hash of everything the shipped snapshot is made from: the tool, the
    boot module's source (IMPORT_ALL, ENGINE_PATH), Pyodide's files as the
    site ships them (the trimmed standard library too) and the wheel."""
    files = [ROOT / "tools" / "boot_snapshot.mjs", WEB / "pyodide-boot.mjs", wheel]
    files += sorted(p for p in pyo.iterdir() if p.is_file() and p.name != "boot.mjs"
                    and not p.name.startswith("boot-snapshot-") and p.suffix not in (".br", ".gz"))
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:32]


def ship_snapshot(wheel, key, pyo):
    """The boot snapshot a first visit boots from (tools/boot_snapshot.mjs:
    this Pyodide and wheel, run in Node, after the boot module is written),
    named after the snapshot key, and its name and integrity filled into the
    boot module. It is named .wasm (it is an image of the interpreter's
    WebAssembly memory) because hosts that compress on the fly (GitHub Pages,
    Netlify) compress application/wasm, not a .bin file's octet-stream.

    Two runs never give the same bytes (the interpreter's entropy), so the
    snapshot is kept in build/snapshots/ by a hash of its inputs and made
    again only when one changes: its Brotli copy (quality 11, ~60 s for
    31 MB) is then reused from the compression cache too."""
    shipped = pyo / f"boot-snapshot-{key}.wasm"
    made = SNAPSHOTS / f"{_snapshot_inputs(wheel, pyo)}.wasm"
    if not made.exists():
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        for old in SNAPSHOTS.iterdir():      # 31 MB each: keep the newest only
            old.unlink()
        part = made.with_suffix(".part")
        subprocess.run(["node", str(ROOT / "tools" / "boot_snapshot.mjs"), str(pyo), str(wheel), str(part)],
                       check=True, capture_output=True, text=True, cwd=ROOT)
        part.rename(made)
    # Shipped as a delta against the interpreter's data segments (1.0 MB less
    # Brotli to download; tools/snapshot_delta.py)
    shipped.write_bytes(snapshot_delta.encode(made.read_bytes(), (pyo / "pyodide.asm.wasm").read_bytes()))
    boot = pyo / "boot.mjs"
    text = boot.read_text()
    for name, value in (("__SHIPPED__", shipped.name), ("__SHIPPED_SRI__", sri(shipped))):
        assert name in text, name
        text = text.replace(name, value)
    boot.write_text(text)


def build_rules_pages(dist):
    """rules-<game>.html from docs/rules/*.md and the engine's examples
    (web/rulebook.py)."""
    sys.path[:0] = [str(WEB), str(ROOT / "engine")]
    try:
        import catalogues
        import rulebook
        from gostop.scenarios import load_scenario, scenario_ids
        titles = {lang: {g: [(s, catalogues.caption(lang, load_scenario(g, s)["title"])) for s in scenario_ids(g)]
                         for g in rulebook.GAMES} for lang in rulebook.LANGS}
        rulebook.write_pages(dist, DOCS_RULES, titles)
    finally:
        del sys.path[:2]


def build(dist=DIST):
    """Builds the whole site into ``dist`` (emptied first) and prints its size."""
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir()
    # Runtime: Pyodide and PyScript, from the pinned npm packages.
    pyo, ps = dist / "pyodide", dist / "pyscript"
    copy_pyodide(pyo)
    copy_pyscript(ps)
    # The engine: its wheel, compiled for Pyodide, listed in Pyodide's lock.
    universal = build_wheel(BUILD / "wheel")
    wheel = pyodide_bytecode("wheel", universal, pyo)
    write_lock(wheel, pyo / "pyodide-lock.json")
    # Our pages, their glue and art.
    copy_web(dist)
    build_art(dist / "art")
    build_app_zip(BUILD / "app.zip")
    pyodide_bytecode("zip", BUILD / "app.zip", BUILD / "app-compiled.zip")
    split_sources(BUILD / "app-compiled.zip", dist / "app.zip", dist / "app-src.json")
    key = write_boot_module(wheel, dist / "app.zip", pyo / "boot.mjs")
    ship_snapshot(wheel, key, pyo)
    build_rules_pages(dist)
    # The offline cache lists everything above, so it comes last but one.
    write_service_worker(dist)
    files = [p for p in dist.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    ours = sum(p.stat().st_size for p in files
               if not p.is_relative_to(ps) and p.parent != pyo) + wheel.stat().st_size
    print(f"built {dist} ({total / 1e6:.1f} MB; our own part {ours / 1e3:.0f} kB); "
          f"the py3-none-any wheel is {universal.relative_to(ROOT)}")
    raw, br, gz = compress_dist(dist)
    print(f"compressed: {raw / 1e6:.1f} MB of files -> {br / 1e6:.1f} MB as .br, {gz / 1e6:.1f} MB as .gz "
          f"(small or incompressible files count as sent raw)")
