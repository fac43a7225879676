"""The Pyodide files the site ships (tools/runtime_files.copy_pyodide)."""
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.paths import PYODIDE_DIR  # noqa: E402
from tools.runtime_files import EAGER_HINT, copy_pyodide  # noqa: E402

pytestmark = pytest.mark.skipif(not (PYODIDE_DIR / "pyodide.asm.mjs").exists(),
                                reason="needs node_modules (build.py setup)")


def test_pyodides_script_is_marked_for_eager_compilation_and_otherwise_as_shipped(tmp_path):
    copy_pyodide(tmp_path)
    text = (tmp_path / "pyodide.asm.mjs").read_text()
    assert text.startswith("//# allFunctionsCalledOnLoad\n")
    assert text[len(EAGER_HINT):] == (PYODIDE_DIR / "pyodide.asm.mjs").read_text()
    for name in ("pyodide.mjs", "pyodide.asm.wasm"):
        assert (tmp_path / name).read_bytes() == (PYODIDE_DIR / name).read_bytes()
