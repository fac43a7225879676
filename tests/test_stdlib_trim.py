"""The site ships Pyodide's standard library without the modules no page can
use (``trim.trim_stdlib``). Nothing kept may need them: no kept module
imports one when it is imported (an import at the top of its file), and none
of our Python (the engine, the page's glue, the tools the pages run) imports
one anywhere."""
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools import stdlib_trim as trim  # noqa: E402
from tools.paths import PYODIDE_DIR  # noqa: E402

SOURCE = PYODIDE_DIR / "python_stdlib.zip"
pytestmark = pytest.mark.skipif(not SOURCE.exists(), reason="needs node_modules (build.py setup)")

IMPORT = re.compile(r"^([ \t]*)(?:from\s+(\.*[\w.]*)\s+import|import\s+([\w., ]+))", re.M)
# Modules that may import a removed module where they use it, never when
# imported (the boot snapshot imports every engine module): the arena runs
# hands in processes under CPython only.
USES_IT_UNDER_CPYTHON = {"engine/gostop/arena.py"}


def imported(source, top_level_only):
    """Top-level names of the modules ``source`` imports (at the top of the
    file only, or anywhere)."""
    names = set()
    for m in IMPORT.finditer(source):
        indent, source_module, modules = m.groups()
        if top_level_only and indent:
            continue
        if source_module is not None:
            if not source_module.startswith("."):
                names.add(source_module.split(".")[0])
        else:
            names.update(part.split()[0].split(".")[0] for part in modules.split(",") if part.strip())
    return names


def removed_modules(names):
    """Which of ``names`` (top-level module names) the trim removes."""
    return {n for n in names if n in trim.STDLIB_UNUSED}


@pytest.fixture(scope="module")
def trimmed(tmp_path_factory):
    dest = tmp_path_factory.mktemp("stdlib") / "python_stdlib.zip"
    trim.trim_stdlib(SOURCE, dest)
    return dest


def test_the_unused_modules_are_gone_and_the_rest_is_as_shipped(trimmed):
    with zipfile.ZipFile(SOURCE) as full, zipfile.ZipFile(trimmed) as small:
        kept = small.namelist()
        assert kept == [n for n in full.namelist() if not trim.stdlib_unused(n)]
        assert len(kept) < len(full.namelist())
        for name in kept[:40] + kept[-40:]:
            assert small.read(name) == full.read(name)
    tops = {n.split("/")[0].removesuffix(".py") for n in kept}
    assert not tops & trim.STDLIB_UNUSED
    for needed in ("asyncio", "json", "encodings", "random", "zipfile", "traceback"):
        assert needed in tops
    assert "encodings/utf_8.py" in kept and "encodings/cp1252.py" not in kept
    assert "encodings/cp437.py" in kept     # zipfile's encoding for member names


def test_nothing_kept_imports_a_removed_module_when_imported(trimmed):
    with zipfile.ZipFile(trimmed) as z:
        needs = {name: removed_modules(imported(z.read(name).decode("utf-8", "replace"), True))
                 for name in z.namelist() if name.endswith(".py")}
    assert {name: mods for name, mods in needs.items() if mods} == {}


def test_our_python_imports_no_removed_module():
    ours = {str(p.relative_to(ROOT)): p.read_text()
            for folder in ("engine/gostop", "web", "tools") for p in (ROOT / folder).rglob("*.py")}
    assert len(ours) > 50 and USES_IT_UNDER_CPYTHON <= set(ours)
    needs = {name: removed_modules(imported(text, name in USES_IT_UNDER_CPYTHON))
             for name, text in ours.items()}
    assert {name: mods for name, mods in needs.items() if mods} == {}


def test_an_import_of_a_removed_module_is_seen():
    # The checks above would pass vacuously if the import scan saw nothing.
    assert imported("import os, unittest.mock\nfrom pdb import set_trace\n", True) == {"os", "unittest", "pdb"}
    assert imported("def f():\n    import doctest\n", True) == set()
    assert imported("def f():\n    import doctest\n", False) == {"doctest"}
    assert removed_modules({"pdb", "json"}) == {"pdb"}
