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
