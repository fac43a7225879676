#!/usr/bin/env python3
"""One entry point for the card room: set up, build, serve, test, bench.

    python3 build.py play      set up, build dist/ and serve it (prints the URL)
    python3 build.py test      set up (tools, Chromium) and run every test
    python3 build.py build     build dist/ only
    python3 build.py serve     serve dist/ on 127.0.0.1 (--port N)
    python3 build.py bench boot|engine|agents|table|feel|ai

Only the standard library is needed to start: ``setup`` makes ``.venv`` with
the pinned tools from pyproject.toml and runs ``npm ci`` for the pinned
Pyodide and PyScript; every other command then runs inside that venv.
"""
import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
# The Pyodide runtime files a page needs (measured; see shared DESIGN notes).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip")
CHROMIUM = "/usr/bin/chromium"


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=kw.pop("cwd", ROOT), **kw)


def venv_python():
    return VENV / "bin" / "python"


def in_venv():
    return Path(sys.prefix).resolve() == VENV.resolve()


# ---- setup -------------------------------------------------------------------
def dev_requirements():
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return data["project"]["optional-dependencies"]["dev"]


def setup(with_browser=False):
    """Installs what the other commands need; quick when already done."""
    if not venv_python().exists():
        run([sys.executable, "-m", "venv", VENV])
    reqs = dev_requirements()
    stamp = VENV / ".requirements"
    if not stamp.exists() or stamp.read_text() != "\n".join(reqs):
        run([venv_python(), "-m", "pip", "install", "-q", "--disable-pip-version-check", *reqs])
        stamp.write_text("\n".join(reqs))
    lock = ROOT / "package-lock.json"
    npm_stamp = NODE_MODULES / ".lock-hash"
    lock_hash = hashlib.sha256(lock.read_bytes()).hexdigest()
    if not npm_stamp.exists() or npm_stamp.read_text() != lock_hash:
        run(["npm", "ci", "--no-audit", "--no-fund"])
        npm_stamp.write_text(lock_hash)
    if with_browser and not Path(CHROMIUM).exists():
        # Playwright cannot download browsers here; Debian's Chromium works.
        run(["apt-get", "update", "-q"])
        run(["apt-get", "install", "-y", "-q", "chromium", "fonts-noto-cjk"])


def reexec_in_venv():
    if not in_venv():
        os.execv(venv_python(), [str(venv_python()), __file__, *sys.argv[1:]])


# ---- build -------------------------------------------------------------------
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
        run([sys.executable, "-P", "-m", "build", "--wheel", "--no-isolation",
             "--outdir", out, ROOT], stdout=subprocess.DEVNULL)
    wheels = sorted(out.glob("gostop-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one gostop wheel in {out}, found {wheels}")
    return wheels[0]


def pyodide_bytecode(kind, src, dest):
    """``src`` with bytecode compiled by Pyodide's own CPython beside every
    module (tools/pyodide_bytecode.py): the browser has no bytecode cache, so
    this saves compiling the modules at every boot. ``kind`` "wheel" writes
    ``<name>-<version>-cp3XX-none-any.whl`` into the folder ``dest``."""
    out = subprocess.run(["node", str(ROOT / "tools" / "pyodide_bytecode.mjs"), kind, str(src), str(dest)],
                         check=True, capture_output=True, text=True, cwd=ROOT).stdout
    return Path(out.strip().splitlines()[-1])


def pyscript_files():
    """core.js, core.css and every chunk reachable from core.js by import:
    the chunks have hashed names, so they are discovered, never listed."""
    todo, seen = ["core.js"], set()
    pattern = re.compile(r'(?:from|import)\s*\(?\s*"\./([\w.\-]+\.js)"')
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(pattern.findall((PYSCRIPT_DIST / name).read_text()))
    return sorted(seen) + ["core.css"]


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


def page_parts():
    """web/page_head.py: the head and script tags every Python page shares."""
    sys.path.insert(0, str(WEB))
    try:
        import page_head
    finally:
        sys.path.remove(str(WEB))
    return page_head


def build_rules_pages():
    """rules-<game>.html from docs/rules/*.md and the engine's examples."""
    sys.path[:0] = [str(WEB), str(ROOT / "engine")]
    try:
        import rulebook
        from gostop.scenarios import load_scenario, scenario_ids, text
        titles = {lang: {g: [(s, text(load_scenario(g, s)["title"]["key"], lang)) for s in scenario_ids(g)]
                         for g in rulebook.GAMES} for lang in rulebook.LANGS}
        rulebook.write_pages(DIST, ROOT / "docs" / "rules", titles)
    finally:
        del sys.path[:2]


def sri(path):
    """A fetch integrity value (sha256) for ``path``."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def write_boot_module(wheel, glue, dest):
    """PyScript's interpreter module (web/pyodide-boot.mjs): it lives beside
    pyodide.mjs (PyScript takes the index URL from its folder) and knows the
    snapshot key (the Pyodide version and the wheel's hash) and the integrity
    hashes of the two zips it mounts."""
    version = json.loads((PYODIDE_DIR / "package.json").read_text())["version"]
    key = f"{version}-{hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]}"
    text = (WEB / "pyodide-boot.mjs").read_text()
    for name, value in (("__SNAPSHOT_KEY__", key), ("__WHEEL__", wheel.name),
                        ("__WHEEL_SRI__", sri(wheel)), ("__GLUE_SRI__", sri(glue))):
        assert name in text, name
        text = text.replace(name, value)
    dest.write_text(text)


def build_app_zip(dest):
    """The page glue (web/app) as one zip, put on sys.path by pyodide/boot.mjs
    (zipimport): one request and no unpacking."""
    import zipfile
    dest.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for p in sorted((WEB / "app").rglob("*.py")):
            info = zipfile.ZipInfo(p.relative_to(WEB).as_posix(), (2020, 1, 1, 0, 0, 0))
            z.writestr(info, p.read_bytes(), zipfile.ZIP_DEFLATED)


def build():
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    # Runtime: Pyodide and PyScript, from the pinned npm packages.
    pyo = DIST / "pyodide"
    pyo.mkdir()
    for f in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / f, pyo / f)
    ps = DIST / "pyscript"
    ps.mkdir()
    for f in pyscript_files():
        shutil.copy2(PYSCRIPT_DIST / f, ps / f)
    universal = build_wheel(ROOT / "build" / "wheel")
    wheel = pyodide_bytecode("wheel", universal, pyo)
    write_lock(wheel, pyo / "pyodide-lock.json")
    # Our page, glue and art.
    for item in WEB.iterdir():
        if item.name in ("sw.js", "art", "app", "pyodide-boot.mjs", "rulebook.py", "page_head.py",
                         "__pycache__") or item.name.startswith("."):
            continue
        if item.suffix == ".html":
            (DIST / item.name).write_text(page_parts().fill(item.read_text()))
        elif item.is_dir():
            shutil.copytree(item, DIST / item.name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(item, DIST / item.name)
    build_art(DIST / "art")
    build_app_zip(ROOT / "build" / "app.zip")
    pyodide_bytecode("zip", ROOT / "build" / "app.zip", DIST / "app.zip")
    write_boot_module(wheel, DIST / "app.zip", pyo / "boot.mjs")
    build_rules_pages()
    write_service_worker(wheel)
    total = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    ours = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file()
               and not p.is_relative_to(ps) and p.parent != pyo) + wheel.stat().st_size
    print(f"built {DIST} ({total / 1e6:.1f} MB; our own part {ours / 1e3:.0f} kB); "
          f"the py3-none-any wheel is {universal.relative_to(ROOT)}")


ART_GENERATORS = {"hwatu_art": "hwatu", "playing_art": "playing", "stop_art": "stop"}


def build_art(out):
    """Copies hand-made art and runs the art generators (SVG drawn in code)."""
    import importlib
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


def write_service_worker(wheel):
    """sw.js with a pre-cache list of everything built, versioned by content."""
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*")
                   if p.is_file() and p.name != "sw.js")
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.encode())
        digest.update(hashlib.sha256((DIST / f).read_bytes()).digest())
    template = (WEB / "sw.js").read_text()
    body = (template.replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__PRECACHE__", json.dumps(["./"] + files, indent=1)))
    (DIST / "sw.js").write_text(body)


# ---- serve -------------------------------------------------------------------
MIME = {".mjs": "text/javascript", ".js": "text/javascript",
        ".wasm": "application/wasm", ".json": "application/json",
        ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
        ".whl": "application/zip", ".zip": "application/zip",
        ".py": "text/plain", ".css": "text/css", ".html": "text/html"}


def make_server(root, host="127.0.0.1", port=0):
    """A threaded static server for ``root`` with the MIME types the site
    needs (.mjs, .wasm, .webmanifest); used by ``serve`` and the e2e tests."""
    from functools import partial
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}

        def log_message(self, *args):
            pass

        def end_headers(self):
            # Revalidate on every visit: the service worker does the caching.
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()

    class Server(ThreadingHTTPServer):
        daemon_threads = True

        def handle_error(self, request, client_address):
            pass  # a browser closing a connection early is not our error

    return Server((host, port), partial(Handler, directory=str(root)))


def serve(port=8000, host="127.0.0.1"):
    httpd = make_server(DIST, host, port)
    print(f"Serving the card room at http://{host}:{httpd.server_port}/  (Ctrl+C to stop)",
          flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


# ---- test --------------------------------------------------------------------
def test(extra):
    run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *extra])


COMMANDS = ("play", "test", "setup", "build", "serve", "bench")
# Commands whose arguments after the command word go through unchanged
# (``test`` to pytest, ``bench`` to bench/run.py).
PASS_THROUGH = ("test", "bench")


def parse_command_line(argv):
    """``argv`` (without the program name) -> ``(command, port, rest)``.

    ``--port N`` / ``--port=N`` may stand before or after the command word;
    everything after ``test`` or ``bench`` is returned in ``rest`` verbatim
    (so pytest sees ``-k embed -x`` exactly as typed), and any other command
    takes no further arguments."""
    ap = argparse.ArgumentParser(prog="build.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=COMMANDS)
    ap.add_argument("--port", type=int, default=8000)
    argv = list(argv)
    # Split after the first test/bench word; argparse reads what comes before.
    cut = next((i + 1 for i, arg in enumerate(argv) if arg in PASS_THROUGH), len(argv))
    args = ap.parse_args(argv[:cut])
    rest = argv[cut:]
    return args.command, args.port, rest


def main():
    command, port, rest = parse_command_line(sys.argv[1:])
    if command == "setup":
        setup(with_browser=True)
        return
    setup(with_browser=command == "test")
    reexec_in_venv()
    if command in ("play", "build", "test"):
        build()
    if command in ("play", "serve"):
        serve(port)
    elif command == "test":
        test(rest)
    elif command == "bench":
        run([sys.executable, ROOT / "bench" / "run.py", *rest])


if __name__ == "__main__":
    main()
