"""The game registry: which games there are, how to make and load them, and
what each declares about itself.

``make(game_id, seed=..., **options)`` and ``load(save)`` make games;
``game_ids()`` lists them in the page's order; ``info(game_id)`` and
``games()`` give each game's metadata, read from its class (the protocol of
``core.game.Game``): the agents' registry (``agents.registry``), the page's
game list and the rulebook derive from these.

Games are imported on first use, so loading the package (and ``game_ids``)
stays cheap; ``info`` imports the game's module.
"""
import importlib

from .errors import SaveError

# game id -> (module, class name, the module of its computer players), in the
# order the page lists the games
GAMES = {
    "go-stop-2005": ("gostop.games.gostop2005", "GoStop2005", "gostop.agents.gostop2005"),
    "matgo": ("gostop.games.hwatu.presets", "Matgo", "gostop.agents.hwatu"),
    "gostop": ("gostop.games.hwatu.presets", "GoStop", "gostop.agents.hwatu"),
    "stopgo": ("gostop.games.stopgo", "StopGo", "gostop.agents.stopgo"),
    "stop": ("gostop.games.stop", "Stop", "gostop.agents.stop"),
}

def game_ids():
    return list(GAMES)


def _entry(game_id):
    try:
        return GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {game_id!r}; known: {', '.join(GAMES)}") from None


def game_class(game_id):
    module, name, _ = _entry(game_id)
    return getattr(importlib.import_module(module), name)


def make(game_id, seed=0, **options):
    return game_class(game_id)(seed, **options)


def load(data):
    """Restores a game from ``Game.to_json()`` output (raises SaveError)."""
    if not isinstance(data, dict):
        raise SaveError("not a saved game")
    gid = data.get("game")
    if not isinstance(gid, str) or gid not in GAMES:
        raise SaveError(f"unknown game {gid!r} in save")
    return game_class(gid).from_json(data)


def agents_module(game_id):
    """The module holding ``game_id``'s computer players."""
    return _entry(game_id)[2]


def house_presets(game_id):
    """``{name: {switch: value}}``: the named house-rule sets the game offers
    (option ``house``), ``{}`` when it has none."""
    table = game_class(game_id).house_presets
    return {name: dict(switches) for name, switches in table.items()}


def info(game_id):
    """What ``game_id`` declares, JSON-safe: ``id``, ``display_name``
    (English), ``min_players``, ``max_players``, ``players`` (every count),
    ``default_players``, ``simultaneous`` (several seats may be to move at
    once), ``returns_kind`` (a key of ``core.game.RETURNS_KINDS``),
    ``levels`` (the computer player's levels the page offers), ``house``
    (the names of its house-rule sets, see ``house_presets``),
    ``rules_version`` and ``agents`` (the module of its computer players)."""
    cls = game_class(game_id)
    return {
        "id": game_id,
        "display_name": cls.display_name,
        "min_players": cls.min_players,
        "max_players": cls.max_players,
        "players": list(range(cls.min_players, cls.max_players + 1)),
        "default_players": cls.normalize_options({})["players"],
        "simultaneous": bool(cls.simultaneous),
        "returns_kind": cls.returns_kind,
        "levels": list(cls.levels),
        "house": list(house_presets(game_id)),
        "rules_version": cls.rules_version,
        "agents": agents_module(game_id),
    }


def games():
    """``info`` of every game, in the page's order."""
    return [info(g) for g in GAMES]


def display_names():
    """``{game id: English display name}``, in the page's order."""
    return {g: info(g)["display_name"] for g in GAMES}
