"""Worlds that read the opponents' plays as greedy's (issue #20, round 21).

The record of plays (``view["plays"]``, ``hwatu_worlds``) carries, with
each card played from a hand, the public part of the mover's view just
before (``public_part``: the field, the piles, the counts, the rules;
never a hand). A hand the opponent might hold now, with the cards it has
played since, is then a hand it held at each of its plays; greedy, holding
it, would have played one card (the best, the lowest id of a tie). A hand with which
greedy would have played the card the opponent played is kept at full
weight; one with which
it would have played another card (a twin counts as the same card) is
weighed down by ``eps`` for each such play. So the worlds deal the
opponents the hands greedy's plays point to: the posterior under "the
opponent plays as greedy does, or at random with a small chance".

How: a pool of ``POOL`` deals of the opponents' hidden cards, drawn
uniformly from the view (a generator seeded from the view, so a decision
stays a pure function of view, legal and seed), each weighted as above;
each world draws one by weight and shuffles the rest into the stock.
Greedy's value of playing card c depends on the hand only through how
many cards of c's month the hand holds (its chances of a flip or of an
opponent holding the month count the cards it cannot see): so for each
play the values of every card the opponent could have held are worked
out once, for each such count (``_values``), and weighing a hand is a
look-up per card. Bonus cards are valued as greedy values them; a shake
or a bomb greedy might have preferred is not modelled.

Measured in docs/ai.md, round 21: against greedy, whose plays these are,
reading them exactly (``bench/oracle_arena.py --know posterior``) was worth
about +6 a hand to the hard search.
"""
from bisect import bisect_right
from itertools import accumulate

from ..core.rng import derive_seed, make_rng, shuffle
from ..games.hwatu.cards import BONUS2, BONUS3, MONTH, MONTH_MASK, NUM_MONTH_CARDS
from ..games.hwatu.world import unseen_cards
from ..games.matching.deck import mask
from ..games.matching.world import dealt_world

POOL = 200      # deals of the opponents' hidden cards weighed per decision
EPS = 0.05      # the weight of a hand for each play greedy would not have made

# the keys of a view that ``public_part`` keeps (nothing that shows a hand)
PUBLIC_KEYS = ("game", "options", "rules", "player", "players", "phase", "pending",
               "field", "field_cards", "captured", "hand_counts", "stock_count",
               "out_of_play", "shown", "gos", "turns_taken")


def public_part(view):
    """What anyone at the table sees of ``view``: its keys in
    ``PUBLIC_KEYS`` (copied, JSON-safe)."""
    return {k: _copy(view[k]) for k in PUBLIC_KEYS if k in view}


def _copy(x):
    if isinstance(x, list):
        return [_copy(y) for y in x]
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    return x


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
        month = [x for x in range(NUM_MONTH_CARDS) if base >> x & 1 and MONTH[x] == MONTH[c] and x != c]
        vs = []
        for held in range(4):
            # the hand holds c and ``held`` other cards of its month: none
            # of them is a card the mover cannot locate
            gone = 1 << c
            for x in month[:held]:
                gone |= 1 << x
            pos.unseen = base & ~gone
            vs.append(pos.play_value(c))
        out[c] = tuple(vs)
    pos.unseen = base
    return out


def _plays_of(view):
    """(seat, card played, {card: values}) for each opponent play of the
    record that carries its public part, oldest first."""
    me = view["player"]
    out = []
    for e in view.get("plays") or ():
        if e[0] != me and len(e) > 4 and e[4]:
            out.append((e[0], e[1], _values(e[4], e[3])))
    return out


def _likelihood(hand, plays, eps, twin):
    """The weight of ``hand`` (an opponent's hand now) by its ``plays``
    (that opponent's, oldest first)."""
    w = 1.0
    held = list(hand)
    for card, values in reversed(plays):
        held.append(card)
        count = {}
        for c in held:
            if c < NUM_MONTH_CARDS:
                count[MONTH[c]] = count.get(MONTH[c], 0) + 1
        mine = values.get(card)
        if mine is None:
            continue
        v = mine[count[MONTH[card]] - 1] if card < NUM_MONTH_CARDS else mine[0]
        for c in held:
            if c == card or twin[c] == twin[card]:
                continue
            vc = values.get(c)
            if vc is None:
                continue
            u = vc[min(count[MONTH[c]], 4) - 1] if c < NUM_MONTH_CARDS else vc[0]
            if u > v or (u == v and c < card):     # greedy: the best, the lowest id of a tie
                w *= eps
                break
    return w


def reading_sampler(cls, view, eps=EPS, pool=POOL):
    """``sample(rng)`` for the search: worlds whose opponents' hidden cards
    follow greedy's reading of their plays; the class's own
    ``world_sampler(view)`` when the record holds no opponent play with its
    public part."""
    plays = _plays_of(view)
    if not plays:
        return cls.world_sampler(view)
    from .hwatu import _TWIN
    me, unseen, counts, shown = cls._world_layout(view)
    template = cls.from_setup(cls._world_setup(view, me, unseen, counts, shown), 0,
                              **view["options"])
    data, clone = template._setup_data, template.clone
    by_seat = {}
    for q, card, values in plays:
        by_seat.setdefault(q, []).append((card, values))
    slots = [(q, k - len(shown[q]), list(shown[q])) for q, k in enumerate(counts) if q != me]
    rng = make_rng(derive_seed(0x7EAD, me, view["stock_count"], *(e[1] for e in view["plays"])))
    deals, weights = [], []
    for _ in range(pool):
        deck = unseen[:]
        shuffle(rng, deck)
        hands, i, w = {}, 0, 1.0
        for q, k, sh in slots:
            h = sh + deck[i:i + k]
            i += k
            hands[q] = h
            if q in by_seat:
                w *= _likelihood(h, by_seat[q], eps, _TWIN)
        deals.append(hands)
        weights.append(w)
    cum = list(accumulate(weights))
    total = cum[-1]
    own = list(view["hand"])
    mine = sorted(own)
    n = len(counts)

    def sample(rng):
        k = min(bisect_right(cum, rng.random() * total), pool - 1)
        dealt = deals[k]
        taken = set()
        for h in dealt.values():
            taken.update(h)
        rest = [c for c in unseen if c not in taken]
        shuffle(rng, rest)
        raw = [own[:] if q == me else dealt[q][:] for q in range(n)]
        hands = [mine[:] if q == me else sorted(dealt[q]) for q in range(n)]
        return dealt_world(clone(), data, hands, raw, rest)
    return sample
