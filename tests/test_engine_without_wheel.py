"""A snapshot boot runs the engine before its wheel is there
(web/pyodide-boot.mjs writes it in after the page is ready): once every
engine module is imported, as the boot snapshot has them (``IMPORT_ALL``),
the engine must never read its own package's files again. Checked in a
fresh CPython with the engine imported from a zip that is then deleted."""
import re
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine" / "gostop"


def _import_all():
    """The boot module's IMPORT_ALL (what a snapshot has imported)."""
    text = (ROOT / "web" / "pyodide-boot.mjs").read_text(encoding="utf-8")
    return re.search(r"export const IMPORT_ALL = `(.*?)`;", text, re.S).group(1)


PLAY = """
import os, sys
os.remove(ARCHIVE)                      # the wheel is not there yet
from gostop import make
from gostop.agents import make_agent
from gostop.core.rng import make_rng
from gostop.scenarios import GAMES, build, load_scenario, scenario_ids
for game_id in GAMES:                   # the rulebook's examples (data files)
    for sid in scenario_ids(game_id):
        load_scenario(game_id, sid)
        build(game_id, sid)
for game_id, level in (("matgo", "easy"), ("gostop", "easy"), ("stopgo", "easy"),
                       ("stop", "hard"), ("go-stop-2005", "hard")):
    g = make(game_id, seed=5)
    agent = make_agent(game_id, level)  # (the search levels deal worlds and play them out)
    rng = make_rng(1)
    for _ in range(6):                  # a few decisions, each seat in turn
        if g.is_terminal():
            break
        p = g.current_player
        g.apply(agent.choose(g.view(p), g.legal_actions(p), rng), p)
# the arena's modules are not in the snapshot, and no level imports them
assert "gostop.arena" not in sys.modules and "gostop.agents.hwatu_rollout_rg" not in sys.modules
print("played without the wheel")
"""


# IMPORT_ALL drops the docstrings of all it holds (the engine's and the
# standard library's) and the engine plays without them (PLAY, below).
DOCSTRINGS_DROPPED = """
import gostop.scenarios, json
assert gostop.scenarios.__doc__ is None and gostop.scenarios.load_scenario.__doc__ is None
assert json.dumps.__doc__ is None and json.JSONDecoder.__doc__ is None
"""

# What the snapshot holds costs every first visit its bytes: the standard
# library's command-line parser is for the arena's command line alone
# (argparse, with gettext: ~0.09 MB of the shipped snapshot as Brotli).
NO_COMMAND_LINE = """
assert "argparse" not in sys.modules, "an engine module imports argparse at import"
"""


def test_the_engine_reads_no_file_of_its_own_once_imported(tmp_path):
    archive = tmp_path / "engine.whl"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(ENGINE.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                z.write(path, path.relative_to(ENGINE.parent).as_posix())
    program = (f"import sys\nsys.path.insert(0, {str(archive)!r})\n" + _import_all()
               + f"\nassert gostop.__file__.startswith({str(archive)!r})\nARCHIVE = {str(archive)!r}\n"
               + DOCSTRINGS_DROPPED + NO_COMMAND_LINE + PLAY)
    run = subprocess.run([sys.executable, "-I", "-c", program], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "played without the wheel" in run.stdout
