"""Action ids and phase names shared by the hwatu modules.

Layout (documented in docs/rules-hwatu-engine.md):

* 0..49: play that card from hand (48, 49: bank that bonus card);
* 100 + X (X in 0..47): take field card X (a pending choice between two);
* 150 FLIP: a flip-only turn's flip (after a bomb);
* 151 PASS: a turn with nothing to do (a flip-only turn with an empty stock);
* 160 GO, 161 STOP;
* 170 + M (M in 1..12): bomb with month M (gostop; matgo with option bomb);
* 190 + M (M in 1..12): shake month M (option shake: show the three, then
  play one of them);
* 210 CUP_ANIMAL, 211 CUP_JUNK: the sake cup's owner counts it as an animal
  or as double junk (matgo option cup "owner", after a Stop).

The phases are the matching games' (``games.matching.phases``).
"""
from ..matching.phases import (CHOOSE_BASE, PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP,  # noqa: F401
                               FLIP_ONLY, OVER, SHAKE_PLAY, CUP, PHASE_NAMES, PHASE_IDS)

FLIP = 150
PASS = 151
GO = 160
STOP = 161
BOMB_BASE = 170
SHAKE_BASE = 190
CUP_ANIMAL = 210
CUP_JUNK = 211
