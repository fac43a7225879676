"""StopGo's reading of the opponent's plays as greedy's (issue #20, round
22; the shared part: ``reading``).

StopGo's greedy (``agents.stopgo``) values a card as hwatu's does: its
value depends on the hand only through how many cards of its rank the
hand holds (the flip's chances and the opponent's count the cards it
cannot see). So for each play the values of every card the opponent
could have held are worked out once for each such count (``_values``),
and weighing a hand is a look-up per card. What stopgo adds:

* greedy always shakes when it may: a hand with three of a rank that is
  not on the table, and not shaken before, would have been shaken (the
  play is then not greedy's);
* three of a rank whose fourth is on the table cannot be played one by
  one (such a hand could not have made the play: weight 0), and their
  triple play is one more candidate, worth ``triple_value``;
* the cards the player showed by shaking are not counted among the cards
  it cannot see, so they are left out of the counts.

The cards are all distinct: no twins.
"""
from functools import partial

from ..games.stopgo.cards import RANK, RANK_MASK
from ..games.stopgo.world import unseen_cards
from ..games.matching.deck import mask
from .plays_record import is_left
from .reading import EPS, POOL, by_count, memoized, weighed_sampler


@memoized
def _values(public, hand_size):
    """(``{card: (value with 0, 1, 2, 3 other cards of its rank held)}``,
    ``{rank: triple value}`` for the ranks on the table, the ranks the
    mover shook before, the mover's shown cards): greedy's values for the
    cards the mover could have held, from the public part of its view
    (its hand being ``hand_size`` cards)."""
    from .stopgo import _Pos
    view = dict(public, hand=[])
    me = view["player"]
    shown = frozenset(view["shown"][me])
    pos = _Pos(view)
    base = pos.unseen
    # the mover's hidden cards are among the unseen; its shown ones are not
    pos.n_unseen = max(1, base.bit_count() - (hand_size - len(shown)))
    values = {c: by_count(pos, base, c, RANK_MASK[RANK[c]]) for c in unseen_cards(view)}
    for c in shown:     # a shown card's value: by the same counts
        values[c] = by_count(pos, base, c, RANK_MASK[RANK[c]])
    field = mask(view["table_cards"])
    triples = {r: pos.triple_value(r) for r in range(1, 14) if field & RANK_MASK[r]}
    shaken = frozenset(view["shaken"][me]) if view.get("shaken") else frozenset()
    return values, triples, shaken, shown


def _plays_of(view):
    """{seat: [(card played, _values of its play)]} for the opponent's plays
    of the record that carry their public part, oldest first, with None for
    a card that left the hand unread; only a seat with a play to read."""
    me = view["player"]
    out = {}
    for e in view.get("plays") or ():
        if e[0] != me and len(e) > 4:
            if is_left(e):
                out.setdefault(e[0], []).append((e[1], None))
            elif e[4]:
                out.setdefault(e[0], []).append((e[1], _values(e[4], e[3])))
    return {q: plays for q, plays in out.items() if any(info is not None for _, info in plays)}


def _likelihood(hand, plays, eps):
    """The weight of ``hand`` (an opponent's hand now) by its ``plays``
    (that opponent's, oldest first): ``eps`` for each play greedy holding
    the hand then would not have made, 0 if it could not have been made."""
    w = 1.0
    held = list(hand)
    count = [0] * 14        # the cards held of each rank
    for c in held:
        count[RANK[c]] += 1
    for card, info in reversed(plays):
        held.append(card)
        r = RANK[card]
        count[r] += 1
        if info is None:        # it left the hand unread: held before, no choice read
            continue
        values, triples, shaken, shown = info
        if count[r] >= 3 and r in triples:
            return 0.0          # three with the fourth on the table: not playable one by one
        if max(count) >= 3 and any(k >= 3 and q not in triples and q not in shaken
                                   for q, k in enumerate(count)):
            w *= eps            # greedy would have shaken
            continue
        mine = values.get(card)
        if mine is None:
            continue
        # the index: how many other cards of the rank held are not shown
        hidden = count if not shown else _hidden(held, shown)
        v = mine[hidden[r] - (card not in shown)]
        for c in held:
            if c == card or count[RANK[c]] >= 3 and RANK[c] in triples:
                continue
            vc = values.get(c)
            if vc is None:
                continue
            u = vc[hidden[RANK[c]] - (c not in shown)]
            if u > v or (u == v and c < card):     # greedy: the best, the lowest id of a tie
                w *= eps
                break
        else:
            if any(t > v for q, t in triples.items() if count[q] >= 3):
                w *= eps        # ... or its triple play (a higher id: it wins no tie)
    return w


def _hidden(held, shown):
    """The cards of each rank in ``held`` that are not ``shown``."""
    out = [0] * 14
    for c in held:
        if c not in shown:
            out[RANK[c]] += 1
    return out


def reading_sampler(cls, view, eps=EPS, pool=POOL):
    """``sample(rng)`` for the search: worlds whose opponent's hidden cards
    follow greedy's reading of its plays (``reading.weighed_sampler``); the
    class's own ``world_sampler(view)`` when the record holds no opponent
    play with its public part."""
    by_seat = _plays_of(view)
    if not by_seat:
        return cls.world_sampler(view)
    return weighed_sampler(cls, view, by_seat, partial(_likelihood, eps=eps), pool)
