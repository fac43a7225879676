"""Scoring: the base score (combinations) and the payment, with breakdowns.

``base_score(pile)`` is the fast path (a pile is a bit mask of card ids);
``breakdown(pile)`` and ``settle(...)`` build the JSON-safe explanations the
page shows and the tests assert (RULINGS section 3).
"""
from ...core.remembered import remembered
from ..matching.turns import shake_step
from .cards import (NUMBER_MASK, COURT_MASK, HEART_NUMBERS, SEQUENCES,
                    SEQUENCE_MASKS, SUITS, SUIT_SYMBOLS, NAME, cards_of)

THRESHOLD = 6
# The rule's numbers (RULINGS section 3), for the page's words and the agents;
# base_score inlines them on the hot path.
SUIT_POINTS_FROM = 5        # number cards of one suit: 1 point at 5, +1 each beyond
COURT_POINTS_FROM = 6       # court cards: 1 point at 6, +1 each beyond
SEQUENCE_POINTS = 3         # each complete sequence
HEARTS_DOUBLE = 7           # this many heart number cards double the total
COURT_WARNING_BELOW = 4     # a loser with fewer court cards doubles it too
_N0, _N1, _N2, _N3 = NUMBER_MASK
_Q0, _Q1, _Q2, _Q3 = SEQUENCE_MASKS


@remembered
def base_score(m):
    """Per suit 5 number cards = 1 (+1 per extra), 6 court cards = 1 (+1 per
    extra), 3 per complete sequence (remembered per pile)."""
    s = 0
    for n in ((m & _N0).bit_count(), (m & _N1).bit_count(),
              (m & _N2).bit_count(), (m & _N3).bit_count()):
        if n >= 5:
            s += n - 4
    k = (m & COURT_MASK).bit_count()
    if k >= 6:
        s += k - 5
    if m & _Q0 == _Q0:
        s += 3
    if m & _Q1 == _Q1:
        s += 3
    if m & _Q2 == _Q2:
        s += 3
    if m & _Q3 == _Q3:
        s += 3
    return s


def court_count(m):
    return (m & COURT_MASK).bit_count()


def hearts_count(m):
    return (m & HEART_NUMBERS).bit_count()


def breakdown(m):
    """Every line of pile ``m``'s base score, JSON-safe: the four suits, the
    court cards and the four sequences (always present, with their progress).

    ``{"lines": [{"key", "label", "cards", "points", ...}], "base": B,
    "hearts": n, "hearts_double": bool, "court": k}``
    """
    lines = []
    for s, name in enumerate(SUITS):
        cs = cards_of(m & NUMBER_MASK[s])
        n = len(cs)
        lines.append({"key": name, "label": f"{n} {SUIT_SYMBOLS[s]} number cards",
                      "cards": cs, "count": n, "need": SUIT_POINTS_FROM,
                      "points": n - SUIT_POINTS_FROM + 1 if n >= SUIT_POINTS_FROM else 0})
    court = cards_of(m & COURT_MASK)
    k = len(court)
    lines.append({"key": "court", "label": f"{k} court cards (J/Q/K)",
                  "cards": court, "count": k, "need": COURT_POINTS_FROM,
                  "points": k - COURT_POINTS_FROM + 1 if k >= COURT_POINTS_FROM else 0})
    for (key, title, seq), sm in zip(SEQUENCES, SEQUENCE_MASKS):
        have = cards_of(m & sm)
        done = len(have) == 3
        lines.append({"key": key,
                      "label": f"{title} ({'-'.join(NAME[c] for c in seq)})",
                      "cards": have, "of": list(seq), "complete": done,
                      "points": SEQUENCE_POINTS if done else 0})
    h = hearts_count(m)
    return {"lines": lines, "base": sum(ln["points"] for ln in lines),
            "hearts": h, "hearts_double": h >= 7, "court": k}


def go_value(base, gos):
    """G and its step: one Go +1, two +2; from three Gos base x (n - 1)."""
    if gos == 0:
        return base, []
    if gos <= 2:
        g = base + gos
        return g, [{"key": "go", "label": f"{gos} Go: +{gos}", "add": gos,
                    "value": g}]
    f = gos - 1
    g = base * f
    return g, [{"key": "go", "label": f"{gos} Go: x{f}", "factor": f, "value": g}]


def best_mission(pile, missions):
    """(card, factor) of the best mission card in ``pile``, or None.
    ``missions`` lists the cards worth x2, x3, x4 in that order."""
    best = None
    for i, c in enumerate(missions):
        if pile >> c & 1:
            best = (c, i + 2)
    return best


def settle(piles, winner, gos, shakes, missions, reason="stop"):
    """The payment of a hand, JSON-safe, with every step:
    G x 2 (hearts) x 2 (warning) x 2^shakes x mission."""
    pile = piles[winner]
    loser = piles[1 - winner]
    base = base_score(pile)
    total, steps = go_value(base, gos)
    h = hearts_count(pile)
    if h >= HEARTS_DOUBLE:
        total *= 2
        steps.append({"key": "hearts", "label": f"{h} heart number cards: x2",
                      "factor": 2, "value": total})
    k = court_count(loser)
    if k < COURT_WARNING_BELOW:
        total *= 2
        steps.append({"key": "warning",
                      "label": f"Warning: the loser has {k} court cards: x2",
                      "factor": 2, "value": total})
    total = shake_step(total, shakes, steps)
    best = best_mission(pile, missions)
    if best is not None:
        c, f = best
        total *= f
        steps.append({"key": "mission", "label": f"Mission card {NAME[c]}: x{f}",
                      "factor": f, "card": c, "value": total})
    return {"winner": winner, "reason": reason, "base": base, "steps": steps,
            "total": total}


__all__ = ["THRESHOLD", "SUIT_POINTS_FROM", "COURT_POINTS_FROM", "SEQUENCE_POINTS",
           "HEARTS_DOUBLE", "COURT_WARNING_BELOW", "base_score", "breakdown", "go_value", "settle",
           "best_mission", "court_count", "hearts_count"]
