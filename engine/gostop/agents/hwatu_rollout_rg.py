"""The greedy-like rollout policy of the hwatu games (``rollout_rg`` in
``hwatu_rollout``, the search's arena option ``rg``; docs/ai.md, round 18;
off by default): the values and the two choices ``hwatu_rollout._run``
makes with it (``_rg_play``, ``_choose_rg``)."""
from ..games.hwatu.cards import (BRIGHT_MASK, GODORI_MASK, ANIMAL_NOCUP_MASK, RIBBON_MASK, SET_MASKS, BONUS2,
                                 NUM_MONTH_CARDS, TYPE, JUNK_VALUE, GODORI, BRIGHT, ANIMAL, JUNK)
from ..games.hwatu.cards import CUP as CUP_CARD   # (CUP alone is the cup's phase)
from ..games.matching.deck import mask, two_cards
from .matching import chance_held
from .hwatu_rollout_tables import _POP4, _LOW4, _HIGH4, _SHIFT, _NOISE

# The plain policy (``hwatu_rollout``)
# agrees with greedy on about 70% of the plays; this one values a card as
# greedy's potential does, from counts (what taking it adds to a pile: a
# junk unit 0.3, 0.55 while below five against pi-bak, a point from the
# tenth on; an animal or a ribbon 0.25, the fifth and later a point; the
# partial credit of brights, godori and ribbon sets still in reach), plus a
# share of what it would add to the opponents' piles (blocking), and plays
# as greedy's ``play_value`` does: a pair loses the chance of a ppuk, a
# discard costs what the opponent would gain times the chance it holds the
# month and my flip does not take it back first, and gains that flip's
# chance times its worth (a chok); the noise is the plain policy's.
_RG_ANIMAL = tuple(0.25 if n < 4 else (1.25 if n == 4 else 1.0) for n in range(12))
_RG_GODORI = (0.8, 1.4, 2.8, 0.0)
_RG_SET = (0.6, 1.0, 1.4, 0.0)
# a bright while 0..4 are held and three are in reach (the third: three
# points and the potential's 1.5 for three, less the 1.8 of two)
_RG_BRIGHT = (0.8, 1.0, 2.7, 1.0, 11.0, 0.0)
# the potential of j junk units (with baks: the insurance below five)
_RG_JUNK = tuple(tuple(0.3 * min(j, 10) + (0.25 * min(j, 5) if bak else 0.0) + max(0, j - 9)
                       for j in range(64)) for bak in (0, 1))
# per card: its kind, an index into ``_rg_ctx``'s values (0 a bright, 1 an
# animal, 2 a ribbon, 3-5 one to three junk units: the cup counts two, 6 a
# bonus card, worth nothing here)
def _rg_code(c):
    if c >= NUM_MONTH_CARDS:
        return 6
    if c == CUP_CARD:
        return 4
    t = TYPE[c]
    if t == JUNK:
        return 2 + JUNK_VALUE[c]
    return 0 if t == BRIGHT else (1 if t == ANIMAL else 2)


_RG_CODE = tuple(_rg_code(c) for c in range(50))
_SINGLE = mask(c for c in range(NUM_MONTH_CARDS) if c != CUP_CARD and TYPE[c] == JUNK
               and JUNK_VALUE[c] == 1)
_DOUBLE = mask(c for c in range(NUM_MONTH_CARDS) if c != CUP_CARD and TYPE[c] == JUNK
               and JUNK_VALUE[c] == 2)
_EXTRA = (1 << CUP_CARD) | (1 << BONUS2) | (1 << 49)
# a pile -> what ``_rg_ctx2`` reads of it (``_rg_side``)
_RG_SIDES = {}
# the groups (godori, the ribbon sets) and their tables; per card its group
# (1 + the index in _RG_GROUPS, 0 for none)
_RG_GROUPS = ((GODORI_MASK, _RG_GODORI),) + tuple((sm, _RG_SET) for sm in SET_MASKS)
_SET0, _SET1, _SET2 = SET_MASKS
_RG_GI = tuple(1 if c in GODORI else
               (next((1 + i for i, (gm, _) in enumerate(_RG_GROUPS) if i and gm >> c & 1), 0)
                if _RG_CODE[c] == 2 else 0)
               for c in range(50))


def _rg_group(tab, k, ok, lam):
    """A group's part (``tab``: its table) of what a card of it is worth to
    me (``k`` of the group in my pile, ``ok`` in theirs) plus ``lam`` times
    to them: nothing to whoever's set another holds a card of."""
    return (0.0 if ok else tab[k]) + lam * (0.0 if k else tab[ok])


# by group (1 + its index in _RG_GROUPS), my cards of it and theirs: the
# group's part of a card's worth to them (_RG_GOP) and to me plus lam times
# that (_RG_GBOTH[lam == 0.6], lam 0.35 or 0.6)
_RG_GOP = (None,) + tuple(tuple(tuple(_rg_group(tab, k, ok, 1.0) - _rg_group(tab, k, ok, 0.0)
                                      for ok in range(4)) for k in range(4))
                          for _, tab in _RG_GROUPS)
_RG_GBOTH = tuple((None,) + tuple(tuple(tuple(_rg_group(tab, k, ok, lam) for ok in range(4))
                                        for k in range(4))
                                  for _, tab in _RG_GROUPS)
                  for lam in (0.35, 0.6))


def _rg_ctx(pile, dead, bak):
    """What a card adds to ``pile`` (``dead``: the cards in other piles), by
    its kind (``_RG_CODE``: a bright, an animal, a ribbon, one, two or three
    junk units, a bonus card), before the godori and ribbon sets: the plain
    statement of what ``_rg_ctx2`` computes faster (held equal by
    tests/test_rollout_rg.py)."""
    nb = (pile & BRIGHT_MASK).bit_count()
    if nb >= 3 or (BRIGHT_MASK & ~dead).bit_count() >= 3:
        b = _RG_BRIGHT[nb]
    else:
        b = 0.0
    j = _rg_junk(pile)
    if bak:
        if not nb:
            b += 0.4
        row = _RG_JUNK[1]
    else:
        row = _RG_JUNK[0]
    r = row[j]
    return (b, _RG_ANIMAL[(pile & ANIMAL_NOCUP_MASK).bit_count()],
            _RG_ANIMAL[(pile & RIBBON_MASK).bit_count()],
            row[j + 1] - r, row[j + 2] - r, row[j + 3] - r, 0.0)


def _rg_junk(pile):
    """The junk units in ``pile`` (the cup and the bonus cards as theirs)."""
    j = (pile & _SINGLE).bit_count() + 2 * (pile & _DOUBLE).bit_count()
    if pile & _EXTRA:
        j += 2 * (pile >> CUP_CARD & 1) + 2 * (pile >> BONUS2 & 1) + 3 * (pile >> 49 & 1)
    return j


def _rg_side(pile):
    """What ``_rg_ctx2`` reads of one pile, remembered (a small table): its
    brights, the animal's and the ribbon's worth to it, its junk units and
    its cards of each group (``_RG_GROUPS``)."""
    t = _RG_SIDES.get(pile)
    if t is None:
        j = _rg_junk(pile)
        t = ((pile & BRIGHT_MASK).bit_count(), _RG_ANIMAL[(pile & ANIMAL_NOCUP_MASK).bit_count()],
             _RG_ANIMAL[(pile & RIBBON_MASK).bit_count()], j,
             (0, (pile & GODORI_MASK).bit_count(), (pile & _SET0).bit_count(),
              (pile & _SET1).bit_count(), (pile & _SET2).bit_count()))
        if len(_RG_SIDES) >= 1 << 14:
            _RG_SIDES.clear()
        _RG_SIDES[pile] = t
    return t


def _rg_ctx2(mine, theirs, bak, lam):
    """What a card adds to the others' piles (``op``) and to mine plus
    ``lam`` times to theirs (``both``), by kind (``_RG_CODE``), and the
    cards of each group in my pile and theirs (by ``_RG_GI``, for
    ``_rg_group``): ``(op, both, mine_group, their_group)``. The same values
    as ``_rg_ctx`` of each side."""
    nb, a, r, j, gc = _rg_side(mine)
    onb, oa, orr, oj, ogc = _rg_side(theirs)
    b = _RG_BRIGHT[nb] if nb >= 3 or (BRIGHT_MASK & ~theirs).bit_count() >= 3 else 0.0
    ob = _RG_BRIGHT[onb] if onb >= 3 or (BRIGHT_MASK & ~mine).bit_count() >= 3 else 0.0
    if bak:
        if not nb:
            b += 0.4
        if not onb:
            ob += 0.4
        row = _RG_JUNK[1]
    else:
        row = _RG_JUNK[0]
    x = row[j]
    y = row[oj]
    o1 = row[oj + 1] - y
    o2 = row[oj + 2] - y
    o3 = row[oj + 3] - y
    return ((ob, oa, orr, o1, o2, o3, 0.0),
            (b + lam * ob, a + lam * oa, r + lam * orr, row[j + 1] - x + lam * o1,
             row[j + 2] - x + lam * o2, row[j + 3] - x + lam * o3, 0.0),
            gc, ogc)


def _rg_play(g, p, hand, hmask, field, mine, theirs, opp_cards, rnd, noise=_NOISE):
    """The play of ``rollout_rg``'s policy for ``p`` (the month cards in
    ``hand``, its mask ``hmask``; ``opp_cards``: the cards in the other
    hands): one ``rnd()`` per card, in the hand's order, ``rnd() * noise``
    added to its value (``noise``: the plain policy's ``_NOISE``, or the
    arena option ``rgn<noise>``'s; docs/ai.md, round 19)."""
    rules = g.rules
    n = rules.players
    # what a card is worth to the others, and to me plus lam times that
    lam = 0.6 if n == 2 else 0.35
    op, both, gc, ogc = _rg_ctx2(mine, theirs, rules.bak, lam)
    # the godori and ribbon set parts, by group and by the cards of the
    # group in my pile and theirs (``_rg_group``)
    gboth = _RG_GBOTH[lam == 0.6]
    stock = len(g.stock)
    hidden = opp_cards + stock
    seen = mine | theirs | field | hmask
    ppuk = rules.ppuk
    steal = 0.45 if rules.steals else 0.0
    many = 1.0 if n == 2 else 1.3
    code = _RG_CODE
    gi = _RG_GI
    pop4 = _POP4
    held = _DISCARD_WEIGHT_RG[opp_cards][hidden] if hidden >= opp_cards else None
    best = -99.0
    pick = hand[0]
    for c in hand:
        sh = _SHIFT[c]
        nib = (field >> sh) & 15
        pf = (4 - pop4[(seen >> sh) & 15]) / hidden if stock else 0.0
        if nib:
            k = pop4[nib]
            v = both[code[c]]
            y = gi[c]
            if y:
                v += gboth[y][gc[y]][ogc[y]]
            if k == 1:
                x = sh + _LOW4[nib]
                v += both[code[x]]
                y = gi[x]
                if y:
                    v += gboth[y][gc[y]][ogc[y]]
                if ppuk:
                    v -= pf * (v + 1.0)
            elif k == 2:
                x = sh + _LOW4[nib]
                a = both[code[x]]
                y = gi[x]
                if y:
                    a += gboth[y][gc[y]][ogc[y]]
                x = sh + _HIGH4[nib]
                b = both[code[x]]
                y = gi[x]
                if y:
                    b += gboth[y][gc[y]][ogc[y]]
                v += a if a > b else b
                if steal:
                    v += pf
            else:
                for x in (sh, sh + 1, sh + 2, sh + 3):
                    if x != c:
                        v += both[code[x]]
                        y = gi[x]
                        if y:
                            v += gboth[y][gc[y]][ogc[y]]
                v += steal * (n - 1) + 0.2
        else:
            y = gi[c]
            w = op[code[c]]
            if y:
                w += _RG_GOP[y][gc[y]][ogc[y]]
            po = held[4 - pop4[(seen >> sh) & 15]] if held else 0.0
            v = -po * (1.0 - pf) * (w + 0.3) * many - 0.05
            if pf:
                u = both[code[c]]
                if y:
                    u += gboth[y][gc[y]][ogc[y]]
                v += pf * (u + steal)
        v += rnd() * noise
        if v > best:
            best = v
            pick = c
    return pick


def _choose_rg(fm, mine, theirs, bak, lam):
    """``_choose`` by the greedy-like values: the field card worth more
    (to me, plus ``lam`` times to the others), the lower on a tie."""
    a, b = two_cards(fm)
    _, both, gc, ogc = _rg_ctx2(mine, theirs, bak, lam)
    gboth = _RG_GBOTH[lam == 0.6]
    va = both[_RG_CODE[a]]
    y = _RG_GI[a]
    if y:
        va += gboth[y][gc[y]][ogc[y]]
    vb = both[_RG_CODE[b]]
    y = _RG_GI[b]
    if y:
        vb += gboth[y][gc[y]][ogc[y]]
    return a if va >= vb else b


# the chance that some opponent holds one of u hidden cards of a month
_DISCARD_WEIGHT_RG = tuple(
    tuple(tuple(chance_held(opp, hidden, u) for u in range(5))
          if hidden >= opp else None for hidden in range(51))
    for opp in range(51))
