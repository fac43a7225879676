"""Scoring: combinations (the base score) and the final payment, with breakdowns.

``base_score(pile)`` is the fast path (a pile is a bit mask of card ids).
``breakdown(pile)`` and ``settle(...)`` build the JSON-safe explanations the
page shows and the tests assert.

The sake cup (card 32) counts as an animal or as double junk, whichever gives
the higher base score, animal on a tie (RULINGS section 0).
"""
from ...core.remembered import remembered
from ..matching.turns import shake_step
from .cards import (
    BRIGHT_MASK, RAIN_MASK, ANIMAL_NOCUP_MASK, CUP_MASK, RIBBON_MASK,
    GODORI_MASK, SET_MASKS, SET_ORDER, SINGLE_MASK, DOUBLE_MASK, BONUS2_MASK,
    BONUS3_MASK, cards_of, CUP)

_HONG, _CHEONG, _CHO = SET_MASKS
_BONUS_MASK = BONUS2_MASK | BONUS3_MASK


def _bright_points(m):
    b = (m & BRIGHT_MASK).bit_count()
    if b < 3:
        return 0
    if b == 5:
        return 15
    if b == 4:
        return 4
    return 2 if m & RAIN_MASK else 3


def _count_points(n):
    """Animals and ribbons: 5 = 1, +1 for each beyond."""
    return n - 4 if n >= 5 else 0


def _junk_points(units):
    return units - 9 if units >= 10 else 0


def junk_units(m, cup_as_junk=False):
    """Junk units in pile ``m`` (double junk 2, bonus cards 2 and 3)."""
    u = (m & SINGLE_MASK).bit_count() + 2 * (m & DOUBLE_MASK).bit_count()
    if m & BONUS2_MASK:
        u += 2
    if m & BONUS3_MASK:
        u += 3
    if cup_as_junk and m & CUP_MASK:
        u += 2
    return u


def _fixed_points(m):
    """Everything that does not depend on the cup: brights, godori, ribbons."""
    s = _bright_points(m)
    if m & GODORI_MASK == GODORI_MASK:
        s += 5
    r = (m & RIBBON_MASK).bit_count()
    if r >= 5:
        s += r - 4
    if m & _HONG == _HONG:
        s += 3
    if m & _CHEONG == _CHEONG:
        s += 3
    if m & _CHO == _CHO:
        s += 3
    return s


@remembered
def base_score(m):
    """The base score of pile ``m`` (combinations only), cup classified best.

    The hot path of every turn's end (the rollouts'): ``_fixed_points``,
    ``_count_points``, ``_junk_points`` and ``junk_units`` written out in
    one function, the same arithmetic; remembered per pile (a pile is an
    int, its score never changes)."""
    s = 0
    b = (m & BRIGHT_MASK).bit_count()
    if b >= 3:
        s = 15 if b == 5 else (4 if b == 4 else (2 if m & RAIN_MASK else 3))
    if m & GODORI_MASK == GODORI_MASK:
        s += 5
    r = (m & RIBBON_MASK).bit_count()
    if r >= 5:
        s += r - 4
    if m & _HONG == _HONG:
        s += 3
    if m & _CHEONG == _CHEONG:
        s += 3
    if m & _CHO == _CHO:
        s += 3
    a = (m & ANIMAL_NOCUP_MASK).bit_count()
    j = (m & SINGLE_MASK).bit_count() + 2 * (m & DOUBLE_MASK).bit_count()
    if m & _BONUS_MASK:
        if m & BONUS2_MASK:
            j += 2
        if m & BONUS3_MASK:
            j += 3
    if m & CUP_MASK:
        # as an animal (a + 1) or as double junk (j + 2), the better
        sa = (a - 3 if a >= 4 else 0) + (j - 9 if j >= 10 else 0)
        sj = (a - 4 if a >= 5 else 0) + (j - 7 if j >= 8 else 0)
        return s + (sa if sa >= sj else sj)
    return s + (a - 4 if a >= 5 else 0) + (j - 9 if j >= 10 else 0)


def base_score_as(m, cup_animal):
    """The base score of pile ``m`` with its cup counted as an animal
    (``cup_animal`` True) or as double junk (the owner's choice)."""
    a = (m & ANIMAL_NOCUP_MASK).bit_count()
    j = junk_units(m)
    if m & CUP_MASK:
        if cup_animal:
            a += 1
        else:
            j += 2
    return _fixed_points(m) + _count_points(a) + _junk_points(j)


def cup_is_animal(m):
    """How the cup in pile ``m`` is classified (True also when absent)."""
    if not m & CUP_MASK:
        return True
    a = (m & ANIMAL_NOCUP_MASK).bit_count()
    j = junk_units(m)
    return (_count_points(a + 1) + _junk_points(j)
            >= _count_points(a) + _junk_points(j + 2))


def split_piles(m, cup_animal=None):
    """The four display piles of ``m`` with the cup where it is counted
    (``cup_animal``: the owner's choice, None: the automatic one)."""
    animal_cup = cup_is_animal(m) if cup_animal is None else cup_animal
    animals = m & ANIMAL_NOCUP_MASK
    junk = m & (SINGLE_MASK | DOUBLE_MASK | BONUS2_MASK | BONUS3_MASK)
    if m & CUP_MASK:
        if animal_cup:
            animals |= CUP_MASK
        else:
            junk |= CUP_MASK
    return {"brights": cards_of(m & BRIGHT_MASK), "animals": cards_of(animals),
            "ribbons": cards_of(m & RIBBON_MASK), "junk": cards_of(junk)}


def breakdown(m, cup_animal=None):
    """Every line of pile ``m``'s base score, JSON-safe.

    ``{"lines": [{"key", "label", "cards", "points"}...], "cup": ..., "base": B}``;
    the four pile lines are always present, godori and the ribbon sets only
    when complete. ``cup_animal``: the owner's choice (None: automatic).
    """
    animal_cup = cup_is_animal(m) if cup_animal is None else cup_animal
    piles = split_piles(m, animal_cup)
    lines = []
    b = piles["brights"]
    bp = _bright_points(m)
    label = f"{len(b)} brights"
    if len(b) == 3 and m & RAIN_MASK:
        label += " with the rain bright"
    lines.append({"key": "brights", "label": label, "cards": b, "points": bp})
    a = piles["animals"]
    lines.append({"key": "animals", "label": f"{len(a)} animals", "cards": a,
                  "points": _count_points(len(a))})
    if m & GODORI_MASK == GODORI_MASK:
        lines.append({"key": "godori", "label": "Godori (three birds)",
                      "cards": cards_of(m & GODORI_MASK), "points": 5})
    r = piles["ribbons"]
    lines.append({"key": "ribbons", "label": f"{len(r)} ribbons", "cards": r,
                  "points": _count_points(len(r))})
    for name, sm in zip(SET_ORDER, SET_MASKS):
        if m & sm == sm:
            lines.append({"key": name, "label": name.capitalize(),
                          "cards": cards_of(sm), "points": 3})
    units = junk_units(m, cup_as_junk=not animal_cup)
    lines.append({"key": "junk", "label": f"{units} junk", "cards": piles["junk"],
                  "units": units, "points": _junk_points(units)})
    cup = None
    if m & CUP_MASK:
        cup = "animal" if animal_cup else "junk"
    base = sum(line["points"] for line in lines)
    return {"lines": lines, "cup": cup, "base": base}


def go_value(go_rule, base, gos):
    """G and its steps: the score after Gos, before baks."""
    steps = []
    if gos == 0:
        return base, steps
    if go_rule == "matgo":
        if gos <= 2:
            g = base + gos
            steps.append({"key": "go", "label": f"{gos} Go: +{gos}", "add": gos,
                          "value": g})
        else:
            f = 2 ** (gos - 2)
            g = base * f
            steps.append({"key": "go", "label": f"{gos} Go: x{f}", "factor": f,
                          "value": g})
        return g, steps
    # gostop: +1 per Go; from the fourth Go the total doubles per Go
    g = base + gos
    steps.append({"key": "go", "label": f"{gos} Go: +{gos}", "add": gos, "value": g})
    if gos >= 4:
        f = 2 ** (gos - 3)
        g *= f
        steps.append({"key": "go-double", "label": f"{gos} Go: x{f}", "factor": f,
                      "value": g})
    return g, steps


# The baks' numbers (RULINGS 0 and house rule pibak), for the page's words too.
MEONG_BAK_ANIMALS = 7       # the winner's animals that make meong-bak
PIBAK_UNDER = 5             # "literal" pi-bak: the loser has fewer junk than this
PIBAK_LENIENT_MAX = 7       # "lenient": 1 to this many junk (none is exempt)


def baks(winner_pile, loser_pile, pibak_rule="literal", winner_cup=None,
         loser_cup_junk=True):
    """The baks the winner earns against one loser, in display order.

    ``winner_cup``: how the winner's cup counts (True animal, False junk,
    None automatic); ``loser_cup_junk``: the loser's cup counts as double
    junk in the pi-bak check (RULINGS 0; False only by the owner's choice)."""
    out = []
    animal_cup = cup_is_animal(winner_pile) if winner_cup is None else winner_cup
    if _bright_points(winner_pile) > 0 and not loser_pile & BRIGHT_MASK:
        out.append(("gwang-bak", "Gwang-bak: the loser has no bright"))
    animals = (winner_pile & ANIMAL_NOCUP_MASK).bit_count()
    if animal_cup and winner_pile & CUP_MASK:
        animals += 1
    if animals >= MEONG_BAK_ANIMALS:
        out.append(("meong-bak", f"Meong-bak: {animals} animals"))
    wj = junk_units(winner_pile, cup_as_junk=not animal_cup)
    lj = junk_units(loser_pile, cup_as_junk=loser_cup_junk)
    if _junk_points(wj) > 0:
        if pibak_rule == "literal":
            hit = lj < PIBAK_UNDER
        else:  # "lenient": 7 or fewer, 0 exempt
            hit = 0 < lj <= PIBAK_LENIENT_MAX
        if hit:
            out.append(("pi-bak", f"Pi-bak: the loser has {lj} junk"))
    return out


def _share(x, k):
    """``x / k``, an int when it divides."""
    return x // k if x % k == 0 else x / k


def settle(rules, piles, winner, gos, reason="stop", shakes=0, all_gos=None, cup=None):
    """The final payment of a hand, JSON-safe, with every step.

    ``reason`` is "stop", "chongtong" or "three-ppuk" (the last two: a fixed
    score, 5 points or ``rules.three_ppuk_points``, no Go, no multiplier).
    House rules: ``shakes`` (the winner's shakes, x2 each), ``all_gos``
    (every player's Go count, for go-bak), ``cup`` ("animal"/"junk": how its
    owner chose to count the sake cup; None: automatic). With bak and more
    than two players every loser pays his own share (``payments``).
    """
    if reason in ("chongtong", "three-ppuk"):
        label = "Chongtong" if reason == "chongtong" else "Three ppuk"
        pts = 5 if reason == "chongtong" else rules.three_ppuk_points
        return {"winner": winner, "reason": reason, "base": pts,
                "steps": [{"key": reason, "label": f"{label}: {pts} points",
                           "value": pts}], "total": pts}
    pile = piles[winner]
    holder = -1
    if cup is not None:
        for q, m in enumerate(piles):
            if m & CUP_MASK:
                holder = q
    winner_cup = (cup == "animal") if holder == winner else None
    base = base_score(pile) if winner_cup is None else base_score_as(pile, winner_cup)
    total, steps = go_value(rules.go_rule, base, gos)
    total = shake_step(total, shakes, steps)
    n = len(piles)
    others = [q for q in range(n) if q != winner]
    payments = None
    if rules.bak and n > 2:
        # every loser pays his share of the score, doubled by each of his baks
        score = total
        payments = []
        owed = 0
        for q in others:
            v = score
            q_steps = []
            for key, label in baks(pile, piles[q], rules.pibak, winner_cup):
                v *= 2
                q_steps.append({"key": key, "label": label + ": x2", "factor": 2,
                                "value": v})
            owed += v
            payments.append({"player": q, "steps": q_steps, "factor": 2 ** len(q_steps),
                             "pays": _share(v, n - 1)})
        total = _share(owed, n - 1)
    elif rules.bak:
        seen = []
        for q in others:
            for key, label in baks(pile, piles[q], rules.pibak, winner_cup,
                                   not (holder == q and cup == "animal")):
                if key in seen:
                    continue
                seen.append(key)
                total *= 2
                steps.append({"key": key, "label": label + ": x2", "factor": 2,
                              "value": total})
    if rules.go_bak and all_gos is not None and any(all_gos[q] for q in others):
        total *= 2
        steps.append({"key": "go-bak", "label": "Go-bak: the loser called Go: x2",
                      "factor": 2, "value": total})
    out = {"winner": winner, "reason": reason, "base": base, "steps": steps,
           "total": total}
    if payments is not None:
        out["score"] = score
        out["payments"] = payments
    if cup is not None:
        out["cup"] = {"player": holder, "as": cup}
    return out


def with_gos(rules, total, gos, shakes=0):
    """A winner's ``total`` with its Gos and shakes counted in, as
    ``settle`` counts them for a Stop."""
    if gos:
        if rules.go_rule == "matgo":
            total = total + gos if gos <= 2 else total * 2 ** (gos - 2)
        else:
            total += gos
            if gos >= 4:
                total *= 2 ** (gos - 3)
    if shakes:
        total *= 2 ** shakes
    return total


@remembered
def _winner_baks(w):
    """What ``baks(w, loser, pibak)`` needs of the winner's pile ``w`` (the
    cup counted automatically): (gwang-bak possible, meong-bak, pi-bak
    possible)."""
    animal_cup = cup_is_animal(w)
    animals = (w & ANIMAL_NOCUP_MASK).bit_count() + (1 if animal_cup and w & CUP_MASK else 0)
    return (_bright_points(w) > 0, animals >= MEONG_BAK_ANIMALS,
            _junk_points(junk_units(w, cup_as_junk=not animal_cup)) > 0)


def _bak_bits(w, loser, pibak_rule):
    """``baks(w, loser, pibak_rule)`` as bits (1 gwang-bak, 2 meong-bak, 4
    pi-bak), on the piles' masks, the winner's per-pile part remembered."""
    gwang, meong, pi = _winner_baks(w)
    k = 1 if gwang and not loser & BRIGHT_MASK else 0
    if meong:
        k |= 2
    if pi:
        lj = junk_units(loser, cup_as_junk=True)
        if (lj < PIBAK_UNDER) if pibak_rule == "literal" else (0 < lj <= PIBAK_LENIENT_MAX):
            k |= 4
    return k


def stop_total(rules, piles, winner, gos, shakes=0):
    """``settle(rules, piles, winner, gos, "stop", shakes)["total"]``
    without the steps, the baks counted on masks (the rollouts' Go/Stop rule
    asks it at every Go/Stop): the same arithmetic, the same baks."""
    pile = piles[winner]
    total = with_gos(rules, base_score(pile), gos, shakes)
    if rules.bak:
        n = len(piles)
        if n > 2:
            owed = 0
            for q in range(n):
                if q != winner:
                    owed += total << _bak_bits(pile, piles[q], rules.pibak).bit_count()
            return _share(owed, n - 1)
        seen = 0
        for q in range(n):
            if q != winner:
                seen |= _bak_bits(pile, piles[q], rules.pibak)
        total <<= seen.bit_count()
    return total


__all__ = ["base_score", "stop_total", "with_gos", "base_score_as", "cup_is_animal", "breakdown", "settle", "baks",
           "go_value", "junk_units", "split_piles", "CUP"]
