"""Worlds that read the opponents' plays as greedy's: the part every
matching game shares (``hwatu_reading``, ``stopgo_reading``; issue #20,
rounds 21 and 22).

A hand the opponent might hold now, with the cards it has played since,
is a hand it held at each of its plays (the record, ``plays_record``).
Greedy holding it would have made one play; a game's reading weighs a
hand by 1 when greedy would have played what the opponent played, and by
``eps`` for each play it would not have made. So the worlds deal the
opponents the hands their plays point to: the posterior under "the
opponent plays as greedy does, or at random with a small chance".

How (``weighed_sampler``): a pool of ``POOL`` deals of the opponents'
hidden cards, drawn uniformly from the view (a generator seeded from the
view, so a decision stays a pure function of view, legal and seed), each
weighed by the game's likelihood; each world draws one by weight and
shuffles the rest into the stock.
"""
import json
from bisect import bisect_right
from itertools import accumulate

from ..core.rng import derive_seed, make_rng, shuffle
from ..games.matching.world import dealt_world

POOL = 200      # deals of the opponents' hidden cards weighed per decision
EPS = 0.05      # the weight of a hand for each play greedy would not have made


def memoized(values):
    """``values(public, hand_size)`` (a game's table of greedy's values for
    one past play; a pure function) remembered for the last few hundred
    plays: every decision of a hand reads the same past plays again. The
    key is the public part's content, so a copy (the page's worker gets
    each view as JSON) finds it too."""
    cache = {}

    def cached(public, hand_size):
        key = (json.dumps(public, sort_keys=True), hand_size)
        out = cache.get(key)
        if out is None:
            if len(cache) >= 512:
                cache.clear()
            out = cache[key] = values(public, hand_size)
        return out
    cached.uncached = values
    return cached


def by_count(pos, base, c, group):
    """Greedy's values of playing ``c`` with 0, 1, 2 and 3 other hidden
    cards of its ``group`` (a mask: its month or rank) in the hand: ``pos``
    a game's greedy position whose ``unseen`` is set to ``base`` (the cards
    the mover cannot locate, its hand's hidden cards among them) less those
    cards; only how many leave the counts matters, not which."""
    others = base & group & ~(1 << c)
    gone = 1 << c
    out = []
    for _ in range(4):
        pos.unseen = base & ~gone
        out.append(pos.play_value(c))
        low = others & -others
        gone |= low
        others ^= low
    pos.unseen = base
    return tuple(out)


def weighed_sampler(cls, view, by_seat, likelihood, pool=POOL):
    """``sample(rng)`` for the search: worlds whose opponents' hidden cards
    are drawn from a pool of ``pool`` uniform deals, each weighed by the
    product over the opponents ``q`` in ``by_seat`` of ``likelihood(hand,
    by_seat[q])`` (``hand``: all of q's cards now, shown ones too). A pool
    whose every deal weighs 0 is drawn from uniformly."""
    me, unseen, counts, shown = cls._world_layout(view)
    template = cls.from_setup(cls._world_setup(view, me, unseen, counts, shown), 0,
                              **view["options"])
    data, clone = template._setup_data, template.clone
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
                w *= likelihood(h, by_seat[q])
        deals.append(hands)
        weights.append(w)
    if not any(weights):
        weights = [1.0] * pool
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
