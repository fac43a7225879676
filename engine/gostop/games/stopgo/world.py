"""Determinization for the AI (``games/matching/world.py``): ``sample_world``
is a classmethod of ``StopGo``; the functions here are the same for callers
that hold no class.
"""


def unseen_cards(view):
    """The cards ``view``'s seat cannot locate, ascending."""
    from .state import StopGo
    return StopGo.unseen_cards(view)


def sample_world(view, rng):
    """``StopGo.sample_world``."""
    from .state import StopGo
    return StopGo.sample_world(view, rng)
