"""StopGo: the 52-card adaptation of Go-Stop (RULINGS section 3).

``state.StopGo`` drives the hand (``flow`` resolves turns, ``views`` builds
views and explicit setups), ``scoring`` scores with JSON-safe breakdowns,
``cards`` holds the deck as data, ``world`` samples hidden cards for the AI.
"""
from .state import StopGo
from .world import sample_world

StopGo.sample_world = staticmethod(sample_world)

__all__ = ["StopGo", "sample_world"]
