"""Where things are: the sources, the pinned packages, the build's output."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"                      # the page, its glue (web/app), the art
DOCS_RULES = ROOT / "docs" / "rules"    # the rules pages' text
DIST = ROOT / "dist"                    # the site, as served
BUILD = ROOT / "build"                  # intermediate files (wheel, app.zip, compression cache)
VENV = ROOT / ".venv"                   # the pinned Python tools (pyproject.toml's dev extras)
NODE_MODULES = ROOT / "node_modules"    # the pinned npm packages (package-lock.json)
PYODIDE_DIR = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
