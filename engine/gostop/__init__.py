"""The Go/Stop family of card games: a pure-Python engine.

Every game speaks one protocol (see ``gostop.core.game.Game``) and is created
through the registry::

    from gostop import make
    g = make("go-stop-2005", seed=7, players=3)
"""
from .core.errors import IllegalAction, SaveError
from .core.registry import GAMES, make, load, game_ids

__all__ = ["IllegalAction", "SaveError", "GAMES", "make", "load", "game_ids"]
__version__ = "0.1.0"
