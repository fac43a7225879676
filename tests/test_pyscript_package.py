"""tools/pyscript_package.py: PyScript's Python package out of its bundle."""
import pytest

from tools.pyscript_package import extract, pyscript_package
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
