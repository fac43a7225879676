"""Worlds for the hwatu search that read the opponents' plays (issue #20).

An opponent who played a card while a field card of month M lay there,
and did not take it, probably holds no card of M: greedy never throws an
unmatched card away while it could take something (0 of 4,852 such plays
in 200 hands each of matgo and gostop-3, `bench/opponent_model.py`), and
when it captures another month it holds M about half as often as the
uniform deal says. The search's worlds are dealt accordingly.

The record of plays (``view["plays"]``, ``plays_record``) says, for each
card played from a hand, the field and the player's hand size just
before. The arena puts it into the views of the seats ``--plays`` names
(by default those whose player reads it, as the page's ``Session`` does;
round 7's weights below are read only when a seat is named). A view
without ``plays`` (or with no evidence about an opponent) is dealt exactly
as before (``world_sampler(cls, view)`` is then the class's own
``world_sampler``, the same worlds for the same draws), so without the
record every choice stays what it was.

How an entry weighs the unseen cards of a field month M that the player
did not take (a card's weight multiplies its chance of being dealt into
that player's hand; several entries multiply, down to ``_FLOOR``):

* the card played matched nothing on the field (a discard): ``_DISCARD``;
* it captured another month: ``_CAPTURE[hand_count]``: 0.8 with 7+ cards
  in hand, 0.65 with 4-6, 0.5 later. (A single such play's odds ratio is
  lower, 0.6 / 0.23 / 0.17 in matgo, but a month left on the field is
  passed over turn after turn and the factors multiply; these milder ones
  guess best, by `bench/opponent_model.py`'s Brier score.)

A weighted world deals each opponent's hidden cards by weighted sampling
without replacement (Efraimidis-Spirakis keys ``u ** (1 / w)``, the
opponents in seat order), then shuffles what is left into the stock. A
decision stays a pure function of (view, legal, seed): the record is part
of the view, and every draw comes from the world's generator.

Measured (docs/ai.md, round 7): the worlds guess the opponents' months
better (Brier score 0.188 against 0.212 in matgo), but the hard search with
the record did not beat the hard search without it (matgo, 300 hands:
49.3% [43.7..55.0], -0.52 [-3.11..+2.08] per hand), and against greedy
at 630 rollouts it moved 54.5% to 55.1% (1000 hands), inside the noise.
"""
from ..core.rng import shuffle
from .plays_record import is_left
from ..games.hwatu.cards import MONTH
from ..games.matching.world import dealt_world

_DISCARD = 0.1
_CAPTURE = (0.5, 0.5, 0.5, 0.5, 0.65, 0.65, 0.65, 0.8, 0.8, 0.8, 0.8, 0.8)
_FLOOR = 0.02


def month_weights(view):
    """``{(seat, month): weight}`` for the opponents of ``view``'s seat
    from ``view["plays"]`` (entries with no weight below 1 are left out),
    or None when there is no evidence."""
    plays = view.get("plays")
    if not plays:
        return None
    me = view["player"]
    w = {}
    for e in plays:
        q, card, field, n = e[:4]
        if q == me or is_left(e):
            continue
        pm = MONTH[card]
        months = {MONTH[c] for c in field if c < 48}
        if pm in months:
            f = _CAPTURE[min(n, len(_CAPTURE) - 1)]
        else:
            f = _DISCARD
        for m in months:
            if m != pm:
                x = w.get((q, m), 1.0) * f
                w[(q, m)] = x if x > _FLOOR else _FLOOR
    return w or None


def world_sampler(cls, view):
    """``sample(rng)`` for the search: the class's ``world_sampler(view)``
    when the view holds no evidence about an opponent, else worlds whose
    opponents' hands are dealt by the weights of ``month_weights``."""
    weights = month_weights(view)
    if weights is None:
        return cls.world_sampler(view)
    me, unseen, counts, shown = cls._world_layout(view)
    template = cls.from_setup(cls._world_setup(view, me, unseen, counts, shown), 0,
                              **view["options"])
    data = template._setup_data
    clone = template.clone
    own = list(view["hand"])
    mine = sorted(own)
    seats = []
    for q, k in enumerate(counts):
        if q == me:
            seats.append((q, 0, None, None))
            continue
        inv = [1.0 / weights.get((q, MONTH[c]), 1.0) if c < 48 else 1.0 for c in unseen]
        seats.append((q, k - len(shown[q]), list(shown[q]), inv))
    n_unseen = len(unseen)

    def sample(rng):
        random = rng.random
        left = list(range(n_unseen))
        hands = []
        raw = []
        for q, k, sh, inv in seats:
            if q == me:
                raw.append(own[:])
                hands.append(mine[:])
                continue
            # the k largest keys u ** (1 / w): weighted, without replacement
            keyed = sorted(left, key=lambda i: random() ** inv[i], reverse=True)
            h = sh + [unseen[i] for i in keyed[:k]]
            left = sorted(keyed[k:])
            raw.append(h)
            hands.append(sorted(h))
        deck = [unseen[i] for i in left]
        shuffle(rng, deck)
        return dealt_world(clone(), data, hands, raw, deck)
    return sample
