"""Explicit positions for ``stop``: ``from_setup(setup, seed=0, **options)``.

The ``stop`` engine takes a hand-made first round through its ``setup``
option (``hands``: one list of faces per seat; ``pile``: last = top = the
start card, whose effect does not apply; ``stock``: first = top; ``dealer``,
who plays first; ``scores``). This wrapper gives it the same shape as the
other games' ``from_setup``; the save (``to_json``) keeps the setup in the
options, so it restores by replay like any other game.
"""
from ..games.stop import Stop


def from_setup(setup, seed=0, **options):
    options = dict(options)
    options["setup"] = dict(setup)
    options.setdefault("players", len(setup["hands"]))
    return Stop(seed, **options)


__all__ = ["from_setup"]
