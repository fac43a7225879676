"""The game registry: ``make(game_id, seed=..., **options)``.

Games are imported on first use, so loading the package stays cheap.
"""
import importlib

from .errors import SaveError

# game id -> (module, class name, display name)
GAMES = {
    "go-stop-2005": ("gostop.games.gostop2005", "GoStop2005", "Go/Stop (2005)"),
    "matgo": ("gostop.games.hwatu.presets", "Matgo", "Matgo"),
    "gostop": ("gostop.games.hwatu.presets", "GoStop", "Go-Stop"),
    "stopgo": ("gostop.games.stopgo", "StopGo", "StopGo"),
    "stop": ("gostop.games.stop", "Stop", "Stop"),
}


def game_ids():
    return list(GAMES)


def game_class(game_id):
    try:
        module, name, _ = GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None
    return getattr(importlib.import_module(module), name)


def make(game_id, seed=0, **options):
    return game_class(game_id)(seed, **options)


def load(data):
    """Restores a game from ``Game.to_json()`` output (raises SaveError)."""
    if not isinstance(data, dict):
        raise SaveError("not a saved game")
    gid = data.get("game")
    if gid not in GAMES:
        raise SaveError(f"unknown game {gid!r} in save")
    return game_class(gid).from_json(data)
