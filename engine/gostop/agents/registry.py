"""Which agents each game has, by spec (``random`` is available everywhere)."""
import importlib

from .base import RandomAgent

LEVELS = ("easy", "normal", "hard")

# game id -> module with ``make(level)`` for the levels above
_GAME_AGENTS = {
    "go-stop-2005": "gostop.agents.gostop2005",
}


def agent_specs(game_id):
    specs = ["random"]
    if game_id in _GAME_AGENTS:
        specs += list(LEVELS)
    return specs


def make_agent(game_id, spec):
    if spec == "random":
        return RandomAgent()
    if spec not in LEVELS or game_id not in _GAME_AGENTS:
        raise ValueError(f"no agent {spec!r} for {game_id!r}; "
                         f"known: {', '.join(agent_specs(game_id))}")
    return importlib.import_module(_GAME_AGENTS[game_id]).make(spec)
