"""The built wheel inside real Pyodide (Node) plays exactly as CPython does."""
import ast
import json
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def run_in_cpython(program):
    tree = ast.parse(program.read_text())
    last = tree.body.pop()
    env = {}
    exec(compile(tree, str(program), "exec"), env)
    return eval(compile(ast.Expression(last.value), str(program), "eval"), env)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory):
    built = sorted((ROOT / "dist" / "pyodide").glob("gostop-*.whl"))
    if built:
        return built[-1]
    from tools.pipeline import build_wheel
    return build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.mark.pyodide
def test_seeded_games_give_the_same_transcript_in_pyodide(wheel):
    if not shutil.which("node") or not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail("node and the npm pyodide package are needed: run python3 build.py setup")
    program = HERE / "transcript_program.py"
    proc = subprocess.run(["node", str(HERE / "pyodide_run.mjs"), str(wheel), str(program)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    in_pyodide = json.loads(proc.stdout)
    in_cpython = json.loads(run_in_cpython(program))
    assert in_pyodide[-1] is True
    assert len(in_cpython) == 7 and all(len(t["steps"]) > 10 for t in in_cpython[:-1])
    for game_in_pyodide, game_in_cpython in zip(in_pyodide, in_cpython):
        assert game_in_pyodide == game_in_cpython


BYTECODE_PROGRAM = '''
import json, sys
import gostop.session, gostop.games.hwatu.flow, gostop.scenarios
mods = [m for name, m in sys.modules.items() if name.startswith("gostop")]
json.dumps({"from_bytecode": sorted({m.__spec__.origin.rsplit(".", 1)[-1] for m in mods}),
            "scenarios": len(gostop.scenarios.SCENARIOS["matgo"])})
'''


@pytest.mark.pyodide
def test_the_site_wheel_imports_from_its_bytecode_in_pyodide(wheel, tmp_path):
    # The page mounts the wheel as a zip; every engine module must come from
    # the .pyc compiled for Pyodide's Python (none compiled from source at
    # boot), and data files must still be found in the zip.
    if "-cp3" not in wheel.name:
        pytest.skip("the wheel was built without the site's bytecode step")
    program = tmp_path / "bytecode_program.py"
    program.write_text(BYTECODE_PROGRAM)
    proc = subprocess.run(["node", str(HERE / "pyodide_run.mjs"), str(wheel), str(program)],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert out["from_bytecode"] == ["pyc"]
    assert out["scenarios"] > 10


def test_the_site_wheel_is_a_valid_wheel_for_pyodides_python(wheel):
    import base64
    import hashlib
    import zipfile
    if "-cp3" not in wheel.name:
        pytest.skip("the wheel was built without the site's bytecode step")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        tag = z.read(record.replace("RECORD", "WHEEL")).decode()
        assert f"Tag: {wheel.name.split('-')[2]}-none-any" in tag
        listed = {}
        for line in z.read(record).decode().splitlines():
            name, digest, size = line.rsplit(",", 2)
            listed[name] = (digest, size)
        assert set(listed) == names
        for name in names - {record}:
            data = z.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert listed[name] == (f"sha256={digest}", str(len(data))), name
    sources = {n for n in names if n.endswith(".py")}
    assert sources and {n + "c" for n in sources} <= names
