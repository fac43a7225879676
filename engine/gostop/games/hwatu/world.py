"""Determinization for the AI (``games/matching/world.py``): ``sample_world``
is a classmethod of ``Matgo`` and ``GoStop``; the functions here take the
game from the view.
"""


def unseen_cards(view):
    """The cards ``view``'s seat cannot locate, ascending."""
    from .presets import PRESETS
    return PRESETS[view["game"]].unseen_cards(view)


def sample_world(view, rng):
    """``sample_world`` of the view's game (matgo or gostop)."""
    from .presets import PRESETS
    return PRESETS[view["game"]].sample_world(view, rng)
