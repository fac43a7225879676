# Plays seeded games with the computer players and returns a JSON transcript.
# Run by test_pyodide.py in CPython and inside Pyodide; the outputs must match.
import json
import sys

from gostop import make
from gostop.agents import make_agent
from gostop.core.rng import derive_seed, make_rng


def transcript(game_id, seed, options, levels):
    g = make(game_id, seed=seed, **options)
    agents = [make_agent(game_id, lv) for lv in levels]
    out = []
    while not g.is_terminal():
        p = g.to_move()[0]
        rng = make_rng(derive_seed(seed, p, len(g.history)))
        action = agents[p].choose(g.view(p), g.legal_actions(p), rng)
        out.append([p, action, g.apply(action, p)])
    return {"returns": g.returns(), "steps": out, "save": g.to_json()}


json.dumps([
    transcript("go-stop-2005", 7, {"players": 3}, ["hard", "normal", "easy"]),
    transcript("go-stop-2005", 8, {"players": 5}, ["random"] * 5),
    transcript("matgo", 11, {}, ["search:easy", "greedy"]),
    transcript("gostop", 12, {"players": 3}, ["greedy", "random", "greedy"]),
    transcript("stopgo", 13, {}, ["greedy", "search:easy"]),
    transcript("stop", 14, {"players": 3}, ["hard", "normal", "easy"]),
    sys.version_info[:2] >= (3, 11),
], sort_keys=True)
