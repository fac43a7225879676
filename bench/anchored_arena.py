"""The arena with an anchored search (issue 20, docs/ai.md round 9).

    PYTHONPATH=engine python bench/anchored_arena.py --game matgo \
        --a anch:hard:630:1.0 --b greedy --hands 2000 --seed 2031 --jobs 1

Takes the arena's arguments; a spec ``anch:<level>:<rollouts>:<z>`` is the
search level with that fixed count, anchored on the game's greedy choice
(``SearchAgent(anchor=..., anchor_z=z)``); every other spec is the arena's.
"""
import importlib
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

import gostop.arena as arena  # noqa: E402
from gostop.agents import make_agent  # noqa: E402
from gostop.agents import registry  # noqa: E402


def make(game_id, spec):
    if not spec.startswith("anch:"):
        return make_agent(game_id, spec)
    _, level, count, z = spec.split(":")
    agent = make_agent(game_id, f"search:{level}:{count}")
    greedy = importlib.import_module(registry.games.agents_module(game_id)).GreedyAgent()
    agent.anchor = lambda view, legal: greedy.choose(view, legal, None)
    agent.anchor_z = float(z)
    return agent


if __name__ == "__main__":
    arena.make_agent = make
    arena.main(sys.argv[1:])
