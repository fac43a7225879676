"""StopGo: the 52-card adaptation of Go-Stop (RULINGS section 3).

``state.StopGo`` drives the hand on the matching games' engine
(``games/matching``); ``flow`` resolves its turns, ``views`` adds its parts
of views and setups, ``scoring`` scores with JSON-safe breakdowns, ``cards``
holds the deck as data. ``sample_world`` (also ``StopGo.sample_world``)
samples hidden cards for the AI.
"""
from .state import StopGo
from .world import sample_world

__all__ = ["StopGo", "sample_world"]
