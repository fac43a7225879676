"""The page's Python keeps the browser at its edge: only the modules that
touch the DOM, storage, the AI worker or the parent window import
``pyscript``; every renderer and table is importable (and tested) under
CPython with the few stand-ins ``test_glue_text`` installs."""
import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "web" / "app"

# module -> why it needs the browser
BROWSER_EDGE = {
    "dom": "the DOM helpers every table draws through",
    "store": "localStorage",
    "ai_remote": "the computer players' worker",
    "embed": "messages to and from the parent window",
    "embed_board": "the embedded board's games: the parent window's messages, a random seed",
    "shell": "the page's start: events, address, service worker",
}


def _imports_pyscript(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pyscript":
            return True
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "pyscript" for a in node.names):
            return True
    return False


def test_only_the_browser_edge_imports_pyscript():
    users = {p.stem for p in APP.rglob("*.py") if _imports_pyscript(p)}
    assert users - set(BROWSER_EDGE) == set(), "import the browser through app.dom"
    # the list is not stale either: each module named still needs the browser
    assert users == set(BROWSER_EDGE)


# The standard library modules the glue may import: each is in the boot
# snapshot (Pyodide's own start imports it, or web/pyodide-boot.mjs's
# IMPORT_ALL does), so a snapshot boot finds it before the real standard
# library is written in, after ready. A module added here must be in the
# snapshot too, and it costs every first visit its bytes (html, with its
# table of entities, was ~0.1 MB: app/dom.py escapes markup itself).
IN_THE_SNAPSHOT = {"asyncio", "functools", "gettext", "importlib", "io", "json", "pathlib", "re",
                   "sys", "time"}


def _stdlib_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


def test_the_glue_imports_only_what_the_snapshot_holds():
    ours = {"app", "gostop", "pyscript", "pyodide", "js"}
    used = {name for p in APP.rglob("*.py") for name in _stdlib_imports(p)} - ours
    assert used <= IN_THE_SNAPSHOT, f"not in the boot snapshot: {sorted(used - IN_THE_SNAPSHOT)}"
