"""Hwatu's reading of the opponents' plays as greedy's (issue #20, round
21; the shared part: ``reading``).

Greedy's value of playing card c depends on the hand only through how
many cards of c's month the hand holds (its chances of a flip or of an
opponent holding the month count the cards it cannot see): so for each
play the values of every card the opponent could have held are worked
out once, for each such count (``_values``), and weighing a hand is a
look-up per card. A twin of the card played counts as the same card.
Bonus cards are valued as greedy values them; a shake or a bomb greedy
might have preferred is not modelled.

Measured in docs/ai.md, round 21: against greedy, whose plays these are,
reading them exactly (``bench/oracle_arena.py --know posterior``) was worth
about +4 a hand to the hard search.
"""
from functools import partial

from ..games.hwatu.cards import MONTH, MONTH_MASK, NUM_MONTH_CARDS
from ..games.hwatu.world import unseen_cards
from .plays_record import is_left
from .reading import EPS, POOL, by_count, memoized, weighed_sampler


@memoized
def _values(public, hand_size):
    """{card: (value with 1, 2, 3, 4 cards of its month in the hand)}:
    greedy's value of playing each card the mover could have held, from
    the public part of its view, its hand being ``hand_size`` cards."""
    from .hwatu import _Pos
    view = dict(public, hand=[])
    pos = _Pos(view)
    base = pos.unseen
    pos.n_unseen = max(1, base.bit_count() - hand_size)
    out = {}
    for c in unseen_cards(view):
        if c >= NUM_MONTH_CARDS:
            v = 100.0 + c if view["stock_count"] else pos.value(1 << c)
            out[c] = (v, v, v, v)
            continue
        out[c] = by_count(pos, base, c, MONTH_MASK[MONTH[c]])
    return out


def _plays_of(view):
    """(seat, card played, {card: values}) for each opponent play of the
    record that carries its public part, oldest first; a card that left
    the hand otherwise (``plays_record.is_left``) with None for values."""
    me = view["player"]
    out = []
    for e in view.get("plays") or ():
        if e[0] != me and len(e) > 4:
            if is_left(e):
                out.append((e[0], e[1], None))
            elif e[4]:
                out.append((e[0], e[1], _values(e[4], e[3])))
    return out


# a card's place in the hand's counts: its month, or a slot of its own (a bonus card)
_SLOT = tuple(MONTH[c] if c < NUM_MONTH_CARDS else 13 + c - NUM_MONTH_CARDS for c in range(50))


def _likelihood(hand, plays, eps, twin):
    """The weight of ``hand`` (an opponent's hand now) by its ``plays``
    (that opponent's, oldest first)."""
    w = 1.0
    held = list(hand)
    count = [0] * 15        # the cards held of each month (a bonus card: its slot)
    for c in held:
        count[_SLOT[c]] += 1
    for card, values in reversed(plays):
        held.append(card)
        count[_SLOT[card]] += 1
        if values is None:      # it left the hand unread: held before, no choice read
            continue
        mine = values.get(card)
        if mine is None:
            continue
        v = mine[count[_SLOT[card]] - 1]
        tc = twin[card]
        for c in held:
            if twin[c] == tc:       # the card itself, or its twin
                continue
            vc = values.get(c)
            if vc is None:
                continue
            u = vc[count[_SLOT[c]] - 1]
            if u > v or (u == v and c < card):     # greedy: the best, the lowest id of a tie
                w *= eps
                break
    return w


def reading_sampler(cls, view, eps=EPS, pool=POOL):
    """``sample(rng)`` for the search: worlds whose opponents' hidden cards
    follow greedy's reading of their plays (``reading.weighed_sampler``);
    the class's own ``world_sampler(view)`` when the record holds no
    opponent play with its public part."""
    plays = _plays_of(view)
    read = {q for q, _, values in plays if values is not None}
    if not read:
        return cls.world_sampler(view)
    from .hwatu import _TWIN
    by_seat = {}
    for q, card, values in plays:
        if q in read:
            by_seat.setdefault(q, []).append((card, values))
    return weighed_sampler(cls, view, by_seat, partial(_likelihood, eps=eps, twin=_TWIN), pool)
