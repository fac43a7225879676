"""The page glue's sources beside its bytecode (tools/pipeline.split_sources):
a JSON array of [path, text] pairs, one pair a line, which the page parses a
line at a time (pyodide-boot.mjs completeSources)."""
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.pipeline import split_sources  # noqa: E402

TEXTS = {
    "app/a.py": 'x = "1,\\n2"\n# é, \u2028 and a line break\n',
    "app/b/__init__.py": "",
    "app/c.py": "def f():\n    return [1,\n            2]\n",
}


def test_each_source_is_a_line_of_its_own_and_the_whole_is_json(tmp_path):
    compiled = tmp_path / "compiled.zip"
    with zipfile.ZipFile(compiled, "w") as z:
        for path, text in TEXTS.items():
            z.writestr(path, text)
        z.writestr("app/a.pyc", b"\x00bytecode")
    glue, sources = tmp_path / "app.zip", tmp_path / "app-src.json"
    split_sources(compiled, glue, sources)
    raw = sources.read_text()
    assert dict(json.loads(raw)) == TEXTS
    # what the page does: the lines that start with "[" less the array's
    # own opening one, each without its trailing comma
    lines = [line[:-1] if line.endswith(",") else line for line in raw.split("\n") if line.startswith("[")]
    pairs = [json.loads(line) for line in lines if line != "["]
    assert dict(pairs) == TEXTS and len(pairs) == len(TEXTS)
    with zipfile.ZipFile(glue) as z:
        assert z.namelist() == ["app/a.pyc"]
