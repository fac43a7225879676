"""Helpers for the `stop` tests: card names and hand-built positions.

Cards: colour letter (r, y, g, b) + rank (0-9, S = Skip, X = Card Exchange,
+ = +X), or F for Free Choice: ``c("r5")``, ``cs("r5 g9 F")``.
"""
from collections import Counter

from gostop import make
from gostop.games.stop.actions import ACCEPT, DRAW, LEFT, PASS, RIGHT, play_id  # noqa: F401
from gostop.games.stop.cards import FREE, full_deck

_COL = "rygb"
_RANK = {**{str(i): i for i in range(10)}, "S": 10, "X": 11, "+": 12}


def c(name):
    if name == "F":
        return FREE
    return _COL.index(name[0]) * 13 + _RANK[name[1:]]


def cs(names):
    return [c(x) for x in names.split()]


def new(hands, pile, stock="", players=None, dealer=0, mode="relaxed", target=500,
        scores=None, seed=0):
    setup = {"hands": [cs(h) for h in hands], "pile": cs(pile), "stock": cs(stock),
             "dealer": dealer}
    if scores is not None:
        setup["scores"] = scores
    return make("stop", seed=seed, players=players or len(hands), interjection=mode,
                target=target, setup=setup)


def play(name, call=None):
    return play_id(c(name), call)


def conserved(g):
    """Every card of the deck is in exactly one place."""
    cards = [x for h in g.hands for x in h] + g.stock + g.pile
    return Counter(cards) == Counter(full_deck())


def types(events):
    return [e["type"] for e in events]
