"""Hwatu games: ``matgo`` (two players) and ``gostop`` (2 to 4 players).

One rules module (``rules.Rules``) drives one state machine (``state``);
``presets`` names the two rule sets. Card data for the page and the art:
``cards`` (``deck_table()``).
"""
from .presets import Matgo, GoStop
from .world import sample_world

__all__ = ["Matgo", "GoStop", "sample_world"]
