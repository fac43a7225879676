"""The rules object: every switch in which ``matgo`` and ``gostop`` differ.

A preset (see ``presets.py``) turns its options into one ``Rules``; the state
machine reads only this object, never the game id.
"""
from typing import NamedTuple


class Rules(NamedTuple):
    name: str             # "matgo" or "gostop"
    players: int
    hand_size: int        # cards dealt to each player = turns per player
    field_size: int
    bonus: bool           # the two bonus cards are in the pack
    threshold: int        # base score needed for the first Go/Stop
    deferred: bool        # matgo: resolve play+flip together (ppuk, ttadak, chok, sweep)
    steals: bool          # matgo junk taking (ttadak, chok, sweep, stacks)
    chongtong: bool       # four of a month in one hand wins at once
    three_ppuk: bool      # three ppuks made by one player win at once
    bomb: bool            # gostop bomb with two flip-only turns
    bak: bool             # gwang-bak, meong-bak, pi-bak
    pibak: str            # "literal" (< 5 junk) or "lenient" (1..7 junk, 0 exempt)
    go_rule: str          # "matgo" or "gostop" Go arithmetic
    first_random: bool    # matgo: first player from the seed; gostop: seat 0

    @property
    def turns_total(self):
        return self.players * self.hand_size


MATGO_OPTIONS = {"players": 2, "pibak": "literal"}
GOSTOP_OPTIONS = {"players": 2}


def matgo_rules(options):
    return Rules(
        name="matgo", players=2, hand_size=10, field_size=8, bonus=False,
        threshold=7, deferred=True, steals=True, chongtong=True, three_ppuk=True,
        bomb=False, bak=True, pibak=options["pibak"], go_rule="matgo",
        first_random=True)


def gostop_rules(options):
    n = options["players"]
    return Rules(
        name="gostop", players=n, hand_size=10 if n == 2 else 7,
        field_size=8 if n == 2 else 6, bonus=True,
        threshold=7 if n == 2 else 3, deferred=False, steals=False,
        chongtong=False, three_ppuk=False, bomb=True, bak=False,
        pibak="literal", go_rule="gostop", first_random=False)
