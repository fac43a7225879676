"""The phases of a matching hand and the action ids every matching game shares.

Phase ids index ``PHASE_NAMES`` (the names views and errors show). Every
game uses the first six; ``SHAKE_PLAY`` is StopGo's and hwatu's shake (a
house rule there), ``CUP`` hwatu's sake cup choice (a house rule). The
other action ids are each game's own (its ``actions`` module documents the
layout); what the shared code needs of them it reads from the game class
(``FLIP``, ``PASS``, ``GO``, ``STOP``).
"""
#: 100 + X: take field card X (the pending choice between two).
CHOOSE_BASE = 100

PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, FLIP_ONLY, OVER, SHAKE_PLAY, CUP = range(8)
PHASE_NAMES = ("play", "choose-play", "choose-flip", "go-stop", "flip-only", "over",
               "shake-play", "cup")
PHASE_IDS = {name: i for i, name in enumerate(PHASE_NAMES)}

__all__ = ["CHOOSE_BASE", "PLAY", "CHOOSE_PLAY", "CHOOSE_FLIP", "GOSTOP", "FLIP_ONLY",
           "OVER", "SHAKE_PLAY", "CUP", "PHASE_NAMES", "PHASE_IDS"]
