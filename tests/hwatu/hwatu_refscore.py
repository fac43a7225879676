"""An independent, deliberately naive scorer written from RULINGS section 0
and 2 (no bit masks, no shared code with the engine's scoring module)."""

BRIGHTS = {0, 8, 28, 40, 44}
RAIN = 44
ANIMALS_NO_CUP = {4, 12, 16, 20, 24, 29, 36, 45}
CUP = 32
GODORI = {4, 12, 29}
RIBBONS = {1, 5, 9, 13, 17, 21, 25, 33, 37, 46}
SETS = [{1, 5, 9}, {21, 33, 37}, {13, 17, 25}]
DOUBLE = {43, 47}
JUNK_SINGLE = {c for m in range(10) for c in (4 * m + 2, 4 * m + 3)} | {41, 42}


def _score(cards, cup_animal):
    cards = set(cards)
    s = 0
    b = cards & BRIGHTS
    if len(b) == 5:
        s += 15
    elif len(b) == 4:
        s += 4
    elif len(b) == 3:
        s += 2 if RAIN in b else 3
    animals = len(cards & ANIMALS_NO_CUP) + (1 if cup_animal and CUP in cards else 0)
    if animals >= 5:
        s += animals - 4
    if GODORI <= cards:
        s += 5
    r = len(cards & RIBBONS)
    if r >= 5:
        s += r - 4
    for st in SETS:
        if st <= cards:
            s += 3
    j = junk(cards, cup_junk=not cup_animal)
    if j >= 10:
        s += j - 9
    return s


def junk(cards, cup_junk):
    cards = set(cards)
    j = len(cards & JUNK_SINGLE) + 2 * len(cards & DOUBLE)
    j += 2 if 48 in cards else 0
    j += 3 if 49 in cards else 0
    if cup_junk and CUP in cards:
        j += 2
    return j


def score(cards):
    """(base score, cup counted as animal)."""
    a = _score(cards, True)
    if CUP not in cards:
        return a, True
    j = _score(cards, False)
    return (a, True) if a >= j else (j, False)


def matgo_payment(winner_cards, loser_cards, gos, lenient=False):
    base, cup_animal = score(winner_cards)
    if gos <= 2:
        g = base + gos
    else:
        g = base * 2 ** (gos - 2)
    w = set(winner_cards)
    lo = set(loser_cards)
    b = len(w & BRIGHTS)
    if b >= 3 and not lo & BRIGHTS:
        g *= 2
    animals = len(w & ANIMALS_NO_CUP) + (1 if cup_animal and CUP in w else 0)
    if animals >= 7:
        g *= 2
    if junk(w, not cup_animal) >= 10:
        lj = junk(lo, True)
        if (0 < lj <= 7) if lenient else lj < 5:
            g *= 2
    return g


def gostop_score(winner_cards, gos):
    base, _ = score(winner_cards)
    total = base + gos
    if gos >= 4:
        total *= 2 ** (gos - 3)
    return total
