#!/usr/bin/env python3
"""One entry point for the card room: set up, build, serve, test, bench.

    python3 build.py play      set up, build dist/ and serve it (prints the URL)
    python3 build.py test      set up (tools, Chromium) and run every test
    python3 build.py build     build dist/ only
    python3 build.py serve     serve dist/ on 127.0.0.1 (--port N)
    python3 build.py bench boot|engine|agents|table|feel|phone|bytes|ai

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

from tools.stdlib_trim import trim_stdlib

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
    if with_browser:
        install_browsers()


# The browsers the tests drive, each a program and the Debian packages that
# bring it (Playwright cannot download browsers here; Debian's work): Chromium
# for Playwright; WebKitGTK's WebDriver, Xvfb and the GObject bindings for
# e2e/webkit/browser.py; Firefox ESR for puppeteer-core.
BROWSER_PACKAGES = (
    (CHROMIUM, ("chromium", "fonts-noto-cjk")),
    ("/usr/bin/WebKitWebDriver", ("webkit2gtk-driver", "gir1.2-webkit2-4.1", "python3-gi")),
    ("/usr/bin/Xvfb", ("xvfb",)),
    ("/usr/bin/firefox-esr", ("firefox-esr",)),
)


def install_browsers():
    """apt-get installs the browsers that are missing. Where that is not
    possible (not root, no network) it says so; the WebKit and Firefox tests
    then skip, except under CI=true, where they fail."""
    missing = [pkg for path, pkgs in BROWSER_PACKAGES if not Path(path).exists() for pkg in pkgs]
    if not missing:
        return
    try:
        run(["apt-get", "update", "-q"])
        run(["apt-get", "install", "-y", "-q", *missing])
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"could not install {' '.join(missing)} ({e}): the tests that need them skip", flush=True)


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


# PyScript chunks for features no page of ours uses (the code editor, the
# terminal, MicroPython, TOML or zip config files, packages from PyPI): never
# loaded (checked in Chromium, e2e/test_offline_cache.py), so neither shipped
# nor precached. Names without their 8-character hash.
PYSCRIPT_UNUSED = {"codemirror", "codemirror_commands", "codemirror_lang-python",
                   "codemirror_language", "codemirror_state", "codemirror_view",
                   "xterm", "xterm-readline", "index", "mpy", "py", "toml", "zip",
                   "pyodide_graph"}


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
        if f == "python_stdlib.zip":
            trim_stdlib(PYODIDE_DIR / f, pyo / f)
        else:
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
    files = [p for p in DIST.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    ours = sum(p.stat().st_size for p in files
               if not p.is_relative_to(ps) and p.parent != pyo) + wheel.stat().st_size
    print(f"built {DIST} ({total / 1e6:.1f} MB; our own part {ours / 1e3:.0f} kB); "
          f"the py3-none-any wheel is {universal.relative_to(ROOT)}")
    raw, br, gz = compress_dist(DIST)
    print(f"compressed: {raw / 1e6:.1f} MB of files -> {br / 1e6:.1f} MB as .br, {gz / 1e6:.1f} MB as .gz "
          f"(small or incompressible files count as sent raw)")


# ---- compression -----------------------------------------------------------
# Formats worth compressing (text and wasm); images other than SVG, zips and
# wheels are already compressed, but zip/whl are tried too: the measure decides.
COMPRESSIBLE = {".wasm", ".js", ".mjs", ".json", ".html", ".css", ".svg", ".webmanifest",
                ".zip", ".whl"}
COMPRESS_MIN = 1024      # smaller files gain nothing worth a second request path
COMPRESS_KEEP = 0.9      # keep a compressed copy only if it is at most 90% of the file
ENCODINGS = {"br": ".br", "gzip": ".gz"}
COMPRESS_CACHE = ROOT / "build" / "compressed"


def _compressed(data, kind):
    """``data`` compressed as ``kind`` ("br" or "gzip"), or None when that does
    not shrink it noticeably. Brotli at quality 11 takes ~90 s for Pyodide's
    wasm, so results are kept in build/compressed/ by content hash."""
    import gzip
    key = COMPRESS_CACHE / f"{hashlib.sha256(data).hexdigest()}.{kind}"
    if key.exists():
        out = key.read_bytes()
        return out or None          # an empty file records "not worth it"
    # gzip is fast and a fair judge of whether brotli would gain anything.
    out = gzip.compress(data, compresslevel=9, mtime=0)
    if kind == "br" and len(out) <= COMPRESS_KEEP * len(data):
        import brotli
        out = brotli.compress(data, quality=11)
    keep = len(out) <= COMPRESS_KEEP * len(data)
    COMPRESS_CACHE.mkdir(parents=True, exist_ok=True)
    key.write_bytes(out if keep else b"")
    return out if keep else None


def compress_dist(root):
    """Writes ``f.br`` and ``f.gz`` beside every compressible file of ``root``
    over COMPRESS_MIN bytes that they shrink; returns (raw, br, gz) totals of
    every file, a file without a variant counted at its raw size."""
    raw = br = gz = 0
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        if path.suffix in (".br", ".gz"):
            continue
        data = path.read_bytes()
        sizes = {kind: len(data) for kind in ENCODINGS}
        if path.suffix in COMPRESSIBLE and len(data) > COMPRESS_MIN:
            for kind, ext in ENCODINGS.items():
                out = _compressed(data, kind)
                if out is not None:
                    path.with_name(path.name + ext).write_bytes(out)
                    sizes[kind] = len(out)
        raw += len(data)
        br += sizes["br"]
        gz += sizes["gzip"]
    return raw, br, gz


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


def offline_shell(root):
    """The files the service worker keeps for offline play: everything a game
    page can load, not the rules pages (one per game and language: each is
    kept once visited) nor embed.html (a board for other sites)."""
    def wanted(rel):
        return not (rel.startswith(("rules-", "_bench/")) or rel in ("sw.js", "embed.html")
                    or rel.endswith((".br", ".gz")))
    return sorted(rel for rel in (p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())
                  if wanted(rel))


def write_service_worker(wheel):
    """sw.js with the offline shell (each file with its fetch integrity, so a
    stale copy is never kept), versioned by the content of everything built."""
    files = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*")
                   if p.is_file() and p.name != "sw.js" and p.suffix not in (".br", ".gz"))
    digest = hashlib.sha256()
    for f in files:
        digest.update(f.encode())
        digest.update(hashlib.sha256((DIST / f).read_bytes()).digest())
    shell = {"./": sri(DIST / "index.html")}
    shell.update((f, sri(DIST / f)) for f in offline_shell(DIST))
    template = (WEB / "sw.js").read_text()
    body = (template.replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__SHELL__", json.dumps(shell, indent=1)))
    (DIST / "sw.js").write_text(body)


# ---- serve -------------------------------------------------------------------
MIME = {".mjs": "text/javascript", ".js": "text/javascript",
        ".wasm": "application/wasm", ".json": "application/json",
        ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
        ".whl": "application/zip", ".zip": "application/zip",
        ".py": "text/plain", ".css": "text/css", ".html": "text/html"}


def accepted_encodings(header):
    """The content codings an ``Accept-Encoding`` header allows (q > 0)."""
    allowed = set()
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if coding and q > 0:
            allowed.add(coding.strip().lower())
    return allowed


def make_server(root, host="127.0.0.1", port=0, *, compress=True, log=None):
    """A threaded static server for ``root`` with the MIME types the site
    needs (.mjs, .wasm, .webmanifest); used by ``serve`` and the e2e tests.

    With ``compress``, a GET or HEAD for ``f`` whose request accepts ``br``
    (else ``gzip``) is answered with the build's ``f.br`` (``f.gz``) when it
    exists: Content-Encoding, the Content-Type of ``f``, the Content-Length
    of what is sent, ``Vary: Accept-Encoding``. A Range request gets the raw
    file (this server ignores ranges and sends it whole, as before).
    ``log``, if given, is called with (path, status, encoding or None, bytes
    written to the socket) after every request (the bytes bench)."""
    from email.utils import parsedate_to_datetime
    from functools import partial
    from http import HTTPStatus
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    class Counting:
        def __init__(self, raw):
            self.raw, self.count = raw, 0

        def write(self, data):
            self.count += len(data)
            return self.raw.write(data)

        def __getattr__(self, name):
            return getattr(self.raw, name)

    class Handler(SimpleHTTPRequestHandler):
        extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME}
        encoding = None   # the Content-Encoding of the response being sent
        vary = False

        def log_message(self, *args):
            pass

        def setup(self):
            super().setup()
            if log is not None:
                self.wfile = Counting(self.wfile)

        def handle_one_request(self):
            self.encoding, self.vary, self.status = None, False, None
            if log is not None:
                self.wfile.count = 0
            super().handle_one_request()
            if log is not None and self.status is not None:
                log(self.path, self.status, self.encoding, self.wfile.count)

        def send_response(self, code, message=None):
            self.status = int(code)
            super().send_response(code, message)

        def end_headers(self):
            # Revalidate on every visit: the service worker does the caching.
            self.send_header("Cache-Control", "no-cache")
            if self.vary:
                self.send_header("Vary", "Accept-Encoding")
            super().end_headers()

        def send_head(self):
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                if not self.path.partition("?")[0].endswith("/"):
                    return super().send_head()      # the redirect to "dir/"
                path = path / "index.html"
            variants = {kind: path.with_name(path.name + ext) for kind, ext in ENCODINGS.items()}
            if not path.is_file() or not compress:
                return super().send_head()
            # A variant older than its file is stale (the file was rebuilt): never sent.
            variants = {kind: v for kind, v in variants.items()
                        if v.is_file() and v.stat().st_mtime >= path.stat().st_mtime}
            if not variants:
                return super().send_head()
            self.vary = True
            allowed = accepted_encodings(self.headers.get("Accept-Encoding"))
            kind = next((k for k in variants if k in allowed), None)
            if kind is None or "Range" in self.headers:
                return super().send_head()
            mtime = int(path.stat().st_mtime)
            since = self.headers.get("If-Modified-Since")
            if since and "If-None-Match" not in self.headers:
                try:
                    if mtime <= parsedate_to_datetime(since).timestamp():
                        self.send_response(HTTPStatus.NOT_MODIFIED)
                        self.end_headers()
                        return None
                except (TypeError, ValueError, IndexError, OverflowError):
                    pass
            f = open(variants[kind], "rb")
            self.encoding = kind
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", kind)
            self.send_header("Content-Length", str(variants[kind].stat().st_size))
            self.send_header("Last-Modified", self.date_time_string(mtime))
            self.end_headers()
            return f

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
