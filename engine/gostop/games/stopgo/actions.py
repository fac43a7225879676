"""Action ids, phase names and the fixed numbers of a StopGo hand.

Layout (documented in docs/rules-stopgo-engine.md):

* 0..51: play that card from hand;
* 100 + X (X in 0..51): take table card X (a pending choice between two);
* 160 FLIP: a flip-only turn's flip; 161 PASS: nothing to do (setups only);
* 170 GO, 171 STOP;
* 180 + R (R in 1..13): shake rank R (show three of it; a card of R follows);
* 200 + R (R in 1..13): play all three cards of rank R (the fourth is on the
  table: take all four; counts as a shake; two flip-only turns follow).

The phases are the matching games' (``games.matching.phases``); StopGo
plays all but ``cup``.
"""
from typing import NamedTuple

from ..matching.phases import (CHOOSE_BASE, PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP,  # noqa: F401
                               FLIP_ONLY, OVER, SHAKE_PLAY, PHASE_NAMES, PHASE_IDS)

FLIP = 160
PASS = 161
GO = 170
STOP = 171
SHAKE_BASE = 180
TRIPLE_BASE = 200


class Rules(NamedTuple):
    players: int = 2
    hand_size: int = 11
    table_size: int = 8
    threshold: int = 6
    deferred: bool = True       # the play and the flip are resolved together

    @property
    def turns_total(self):
        return self.players * self.hand_size


RULES = Rules()


def make_rules(options):
    return RULES
