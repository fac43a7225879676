"""What a matgo position is worth to a seat, without playing it out: the
evaluation that ends a short rollout (``hwatu_rollout.rollout_cut``,
docs/ai.md, round 26).

``features(g, me)`` reads a full state (a sampled world in the play phase,
the hand not over) from seat ``me``'s side: for each of the two seats its
points now, what it holds towards each combination (brights, animals,
ribbons, junk, the godori birds and the ribbon sets, a set counted only
while the other seat holds none of its cards), its Gos; and whose turn it
is. ``value(g, me, coefs)`` is their weighted sum, the weights fitted per
number of turns left on rollouts played to the end
(``bench/rollout_value.py``); ``estimate(g, me)`` gives the three the
search keeps: the ``hwatu_utility`` of the seat's payment at the end of
the hand (what it averages), the payment and the chance of a win (what
the coach reads out).
"""
from operator import mul

from ..games.hwatu.cards import (BRIGHT_MASK, RAIN_MASK, ANIMAL_NOCUP_MASK, CUP_MASK,
                                 RIBBON_MASK, GODORI_MASK, SET_MASKS)
from ..games.hwatu.scoring import base_score, junk_units
from .hwatu_value_weights import PAYMENT, WEIGHTS, WIN

_HONG, _CHEONG, _CHO = SET_MASKS

# the names of ``features``' entries, in order (the fit prints them)
SEAT_NAMES = ("points", "points2", "brights", "brights3", "rain", "animals", "animals5",
              "ribbons", "ribbons5", "junk", "junk10", "birds2", "birds_dead", "sets2",
              "sets_dead", "cup", "gos")
NAMES = ("one", "my_turn") + tuple("me_" + n for n in SEAT_NAMES) + \
    tuple("op_" + n for n in SEAT_NAMES)


def _seat(pile, other, gos):
    """One seat's entries of ``features`` (see ``SEAT_NAMES``)."""
    s = base_score(pile)
    b = (pile & BRIGHT_MASK).bit_count()
    a = (pile & ANIMAL_NOCUP_MASK).bit_count()
    r = (pile & RIBBON_MASK).bit_count()
    j = junk_units(pile)
    birds = (pile & GODORI_MASK).bit_count()
    birds_dead = 1 if other & GODORI_MASK else 0
    sets2 = 0
    sets_dead = 0
    for m in (_HONG, _CHEONG, _CHO):
        if other & m:
            sets_dead += 1
        elif (pile & m).bit_count() == 2:
            sets2 += 1
    return (s, s * s * 0.1, b, 1 if b >= 3 else 0, 1 if pile & RAIN_MASK else 0,
            a, 1 if a >= 5 else 0, r, 1 if r >= 5 else 0, j, 1 if j >= 10 else 0,
            1 if birds == 2 and not birds_dead else 0, birds_dead, sets2, sets_dead,
            1 if pile & CUP_MASK else 0, gos)


def features(g, me):
    """The features of state ``g`` (two seats) from seat ``me``'s side."""
    piles = g.piles
    op = 1 - me
    mine = piles[me]
    theirs = piles[op]
    return (1.0, 1.0 if g.mover == me else 0.0) + _seat(mine, theirs, g.gos[me]) + \
        _seat(theirs, mine, g.gos[op])


def turns_left(g):
    """The turns still to play in the hand (the one about to start
    included): the index of ``value``'s weights."""
    return g.rules.turns_total - g.turn + 1


def value(g, me, coefs):
    """The fitted estimate for seat ``me`` of state ``g``: ``coefs`` holds a
    tuple of weights per number of turns left."""
    return sum(map(mul, features(g, me), coefs[turns_left(g)]))


def estimate(g, me):
    """What the search averages for seat ``me`` of state ``g``, estimated:
    (the utility, the payment, the chance of a win), each fitted on its
    own (``hwatu_value_weights``), the chance kept within 0 and 1 (its
    fitted line runs past both at the ends)."""
    f = features(g, me)
    t = turns_left(g)
    return (sum(map(mul, f, WEIGHTS[t])), sum(map(mul, f, PAYMENT[t])),
            min(1.0, max(0.0, sum(map(mul, f, WIN[t])))))
