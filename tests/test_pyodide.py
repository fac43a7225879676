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
    import build as site_build
    return site_build.build_wheel(tmp_path_factory.mktemp("wheel"))


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
