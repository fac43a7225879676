"""Action ids, phase names and the fixed numbers of a StopGo hand.

Layout (documented in docs/rules-stopgo-engine.md):

* 0..51: play that card from hand;
* 100 + X (X in 0..51): take table card X (a pending choice between two);
* 160 FLIP: a flip-only turn's flip; 161 PASS: nothing to do (setups only);
* 170 GO, 171 STOP;
* 180 + R (R in 1..13): shake rank R (show three of it; a card of R follows);
* 200 + R (R in 1..13): play all three cards of rank R (the fourth is on the
  table: take all four; counts as a shake; two flip-only turns follow).
"""
from typing import NamedTuple

CHOOSE_BASE = 100
FLIP = 160
PASS = 161
GO = 170
STOP = 171
SHAKE_BASE = 180
TRIPLE_BASE = 200

# phases
PLAY, SHAKE_PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, FLIP_ONLY, OVER = range(7)
PHASE_NAMES = ("play", "shake-play", "choose-play", "choose-flip", "go-stop",
               "flip-only", "over")
PHASE_IDS = {name: i for i, name in enumerate(PHASE_NAMES)}


class Rules(NamedTuple):
    players: int = 2
    hand_size: int = 11
    table_size: int = 8
    threshold: int = 6

    @property
    def turns_total(self):
        return self.players * self.hand_size


RULES = Rules()


def make_rules(options):
    return RULES
