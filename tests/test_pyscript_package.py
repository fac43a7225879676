"""tools/pyscript_package.py: PyScript's Python package out of its bundle."""
import pytest

from tools.paths import PYSCRIPT_DIST
from tools.pyscript_package import extract, html_on_use, pyscript_package, without_package
from tools.runtime_files import pyscript_files


def test_extract_reads_the_package_literal_with_braces_and_quotes_in_sources():
    chunk = ('var a=1;wo(".",{pyscript:{"__init__.py":"x = {\\"a\\": 1}\\n",'
             '"sub":{"m.py":"def f():\\n\\treturn \'}\'\\n"}}}),b=2;')
    assert extract(chunk) == {"pyscript/__init__.py": 'x = {"a": 1}\n',
                              "pyscript/sub/m.py": "def f():\n\treturn '}'\n"}


def test_extract_says_none_for_a_chunk_without_the_package():
    assert extract("export const x = 1;") is None


def test_an_unterminated_literal_is_an_error():
    with pytest.raises(ValueError):
        extract('{pyscript:{"__init__.py":"x"')


def test_the_pinned_bundle_carries_a_package_that_compiles():
    files = pyscript_package(pyscript_files())
    assert "pyscript/__init__.py" in files and "pyscript/web.py" in files
    assert all(name.startswith("pyscript/") and name.endswith(".py") for name in files)
    assert "from pyscript" in files["pyscript/__init__.py"]
    for name, source in files.items():
        compile(source, name, "exec")


def test_the_sites_bundle_writes_no_package():
    chunk = ('var a=1;wo(".",{pyscript:{"__init__.py":"x = {\\"a\\": 1}\\n",'
             '"sub":{"m.py":"y = \'}\'\\n"}}}),b=2;')
    assert without_package(chunk) == 'var a=1;wo(".",{}),b=2;'
    assert without_package("export const x = 1;") is None
    # The pinned bundle: exactly one chunk carries it, and its copy does not.
    carriers = [f for f in pyscript_files() if f.endswith(".js")
                and extract((PYSCRIPT_DIST / f).read_text(encoding="utf-8"))]
    assert len(carriers) == 1
    original = (PYSCRIPT_DIST / carriers[0]).read_text(encoding="utf-8")
    stripped = without_package(original)
    assert extract(stripped) is None and len(original) - len(stripped) > 20_000   # ~30 kB of sources


def test_the_package_imports_html_only_when_it_escapes():
    import ast
    files = pyscript_package(pyscript_files())
    for name, source in files.items():
        for node in ast.parse(source).body:         # the module's own imports
            if isinstance(node, ast.Import):
                assert "html" not in {a.name.split(".")[0] for a in node.names}, name
            if isinstance(node, ast.ImportFrom):
                assert (node.module or "").split(".")[0] != "html", name
    assert '__import__("html").escape(' in files["pyscript/display.py"]
    with pytest.raises(SystemExit):
        html_on_use({"pyscript/display.py": "import base64,io\n"})   # not as expected
