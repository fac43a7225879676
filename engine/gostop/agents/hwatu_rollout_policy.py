"""The hwatu games' rollout policy: ``agents.hwatu``'s cheap greedy on full
states (see its docstring), one action at a time (``rollout_action``),
with its card values, the bak-aware values (arena option ``bak``), the
discard's weights and the Go rule (``_go_ev``). ``hwatu_rollout`` plays
the same moves in its fast loop; tests/test_rollout_fast.py holds the two
equal."""
from functools import partial

from ..games.hwatu.actions import (PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP, FLIP_ONLY,
                                   SHAKE_PLAY, CUP, CHOOSE_BASE, FLIP, PASS, GO, STOP,
                                   BOMB_BASE, SHAKE_BASE)
from ..games.hwatu.cards import (MONTH, MONTH_MASK, BRIGHT_MASK, GODORI_MASK, SET_MASKS, BONUS2,
                                 NUM_MONTH_CARDS, TYPE, JUNK_VALUE, RIBBON_SET, GODORI, BRIGHT, ANIMAL, RIBBON, JUNK)
from ..games.hwatu.cards import CUP as CUP_CARD   # (CUP alone is the cup's phase)
from ..games.hwatu.scoring import base_score, junk_units, stop_total
from ..games.matching.deck import mask, two_cards
from .matching import chance_held

from .hwatu import _others_union, cup_pick
from .hwatu_rollout_tables import _POP4, _LOW4, _HIGH4, _NOISE

# the piles' base scores that ``base_score`` remembers (core.remembered):
# the rollouts read the table themselves and call it on a miss
_SCORES = base_score.table

# The greedy-like policy (hwatu_rollout_rg), imported when first asked for
# (``_load_rg``): no level plays it, and with the arena it was 0.066 MB of
# the pages' boot snapshot as Brotli (IMPORT_ALL leaves both out).
_rg_play = _choose_rg = None


def _load_rg():
    global _rg_play, _choose_rg
    if _rg_play is None:
        from .hwatu_rollout_rg import _rg_play, _choose_rg


def _static_value(c):
    t = TYPE[c]
    if t == BRIGHT:
        return 2.6 if c != 44 else 1.8
    if c in GODORI:
        return 2.2
    if c == CUP_CARD:
        return 2.0
    if t == ANIMAL:
        return 1.1
    if t == RIBBON:
        return 1.4 if RIBBON_SET[c] else 0.9
    if t == JUNK:
        return 0.75 * JUNK_VALUE[c]
    return 2.0 if c == BONUS2 else 3.0


VAL = tuple(_static_value(c) for c in range(50))
# per month and field nibble: the value of taking the whole nibble, and of the best card
_SUM4 = []
_MAX4 = []
_ARG4 = []
for _m in range(13):
    s_row, m_row, a_row = [], [], []
    for _nib in range(16):
        cs = [4 * (_m - 1) + k for k in range(4) if _nib >> k & 1] if _m else []
        s_row.append(sum(VAL[c] for c in cs))
        m_row.append(max((VAL[c] for c in cs), default=0.0))
        a_row.append(max(cs, key=lambda c: VAL[c]) if cs else -1)
    _SUM4.append(tuple(s_row))
    _MAX4.append(tuple(m_row))
    _ARG4.append(tuple(a_row))
_SUM4 = tuple(_SUM4)
_MAX4 = tuple(_MAX4)


def _group_mask(c):
    """The cards that combine with ``c`` in a set worth chasing."""
    if c >= NUM_MONTH_CARDS:
        return 0
    if TYPE[c] == BRIGHT:
        return BRIGHT_MASK & ~(1 << c)
    if c in GODORI:
        return GODORI_MASK & ~(1 << c)
    for sm in SET_MASKS:
        if sm >> c & 1:
            return sm & ~(1 << c)
    return 0


GROUP = tuple(_group_mask(c) for c in range(50))


def _card_value(c, mine, theirs, val=VAL):
    """A card's worth to a player holding ``mine`` against ``theirs``
    (``val``: the cards' static values, ``VAL`` or a bak table)."""
    gm = GROUP[c]
    v = val[c]
    if gm:
        if not gm & theirs:
            v += 0.9 * (gm & mine).bit_count()
        v += 0.5 * (gm & theirs).bit_count()      # blocking
    return v



# The bak-aware card values (``rollout_bak``, the search's arena option
# ``bak``; docs/ai.md, round 16; off by default). A bak doubles the hand's
# payment, so while one is in reach for either player its cards are worth
# more, to take (out of the bak, or to keep the other in it) and to keep
# from the other player: a bright while one player has none and the other
# two or more (gwang-bak: three brights against none), a junk unit while
# one player has fewer than 5 and the other 6 or more (pi-bak: ten units
# against fewer than five). The conditions are the same from either seat,
# so one table serves a turn's takes and discards.
_BAK_BRIGHT = 1.5
_BAK_JUNK = 0.5             # per junk unit (the cup: two)


def _bak_values(bright, junk):
    out = list(VAL)
    for c in range(NUM_MONTH_CARDS):
        if bright and TYPE[c] == BRIGHT:
            out[c] += _BAK_BRIGHT
        if junk:
            if c == CUP_CARD:
                out[c] += 2 * _BAK_JUNK
            elif TYPE[c] == JUNK:
                out[c] += _BAK_JUNK * JUNK_VALUE[c]
    return tuple(out)


def _sums(val):
    rows = []
    for m in range(13):
        row = []
        for nib in range(16):
            row.append(sum(val[4 * (m - 1) + k] for k in range(4) if nib >> k & 1) if m else 0.0)
        rows.append(tuple(row))
    return tuple(rows)


# by kind (1: brights, 2: junk, 3: both): the values, the month sums, _card_value
_BAK_VALS = tuple(_bak_values(k & 1, k & 2) for k in range(4))
_BAK_SUM4 = (_SUM4,) + tuple(_sums(v) for v in _BAK_VALS[1:])
_BAK_CV = (_card_value,) + tuple(partial(_card_value, val=v) for v in _BAK_VALS[1:])


def _bak_kind(mine, theirs):
    """Which bak is in reach between the piles ``mine`` and ``theirs``: 1
    gwang-bak, 2 pi-bak, 3 both, 0 neither (the same either way round)."""
    k = 0
    a = (mine & BRIGHT_MASK).bit_count()
    b = (theirs & BRIGHT_MASK).bit_count()
    if (a == 0 and b >= 2) or (b == 0 and a >= 2):
        k = 1
    a = junk_units(mine, cup_as_junk=True)
    b = junk_units(theirs, cup_as_junk=True)
    if (a < 5 and b >= 6) or (b < 5 and a >= 6):
        k |= 2
    return k

# the rollout's discard rule: an unmatched card costs its worth to the
# opponent times the chance that some opponent holds its month (a tenth of
# it when none can), and gains a little when I hold another card of the
# month (I can take it back); the noise keeps the rollouts apart
_DISCARD_HELD = 1.0
_DISCARD_FREE = 0.1
_DISCARD_PAIR = 0.3
# the discard's weight by (cards in the opponents' hands, those plus the
# stock, hidden cards of the month u = 0..3): FREE + (HELD - FREE) times
# ``chance_held``; a table, as rollouts are hot (a pack has at most 50 cards)
_DISCARD_WEIGHT = tuple(
    tuple(tuple(_DISCARD_FREE + (_DISCARD_HELD - _DISCARD_FREE) * chance_held(opp, hidden, u)
                for u in range(4))
          if hidden >= opp else None for hidden in range(51))
    for opp in range(51))


def _go_ev(g, p, margin=0.5):
    """``go_stop_ev`` on a full state: True to Go (the same arithmetic,
    written for the rollouts: the piles' base scores remembered; a Go when
    its expected total beats the Stop's by more than ``margin``, 0.5)."""
    rules = g.rules
    hand_size = rules.hand_size
    taken = g.turns_taken
    left = hand_size - taken[p]
    if left <= 0:
        return False
    piles = g.piles
    all_gos = g.gos
    gos = all_gos[p]
    now = stop_total(rules, piles, p, gos, g.shakes[p])
    extra = (left if left < 4 else 4) * 0.6
    if rules.go_rule == "matgo":
        go_total = now * 2 if gos + 1 >= 3 else now + 1 + extra
    else:
        go_total = now + 1 + extra
        if gos + 1 >= 4:
            go_total *= 2
    p_safe = 1.0
    thr = rules.threshold
    scores = _SCORES
    for q in range(rules.players):
        if q == p:
            continue
        if all_gos[q]:
            need = 1
        else:
            m = piles[q]
            s = scores.get(m)
            if s is None:
                s = base_score(m)
            need = thr - s
        q_left = hand_size - taken[q]
        if q_left <= 0:
            continue
        reach = (q_left if q_left < 3 else 3) * 0.9 - need
        p_q = 1.0 / (1.0 + 2.718 ** (-reach / 1.2))
        p_safe *= 1.0 - (p_q if p_q < 0.95 else 0.95)
    lose = thr + 3
    if rules.go_bak:
        lose *= 2
    ev_go = p_safe * go_total - (1.0 - p_safe) * lose
    return ev_go > now + margin


def rollout_action(g, p, rng, bak=False, go_margin=0.5, rg=False, rg_noise=_NOISE):
    """The rollout policy's action for ``p`` (to move) on a full state
    (``bak``: with the bak-aware card values, ``rollout_bak``'s policy;
    ``go_margin``: its Go rule's margin, ``_go_ev``; ``rg``: the plays and
    field choices of the greedy-like policy, ``rollout_rg``, with the
    noise ``rg_noise``)."""
    if rg:
        _load_rg()
    ph = g.phase_id
    if ph == PLAY:
        hand = g.hands[p]
        if not hand:
            return PASS
        if hand[-1] >= BONUS2:
            return hand[-1]
        field = g.field
        rules = g.rules
        if rules.bomb:
            cnt = [0] * 13
            for c in hand:
                cnt[MONTH[c]] += 1
            for m in range(1, 13):
                if cnt[m] == 3 and field & MONTH_MASK[m]:
                    return BOMB_BASE + m
        piles = g.piles
        mine = piles[p]
        theirs = 0
        for q, pile in enumerate(piles):
            if q != p:
                theirs |= pile
        if rg:
            pick = _rg_play(g, p, hand, mask(hand), field, mine, theirs,
                            sum(map(len, g.hands)) - len(hand), rng.random, rg_noise)
            if rules.shake:
                m = MONTH[pick]
                if sum(1 for c in hand if MONTH[c] == m) >= 3 and not field & MONTH_MASK[m] \
                        and not g.has_shaken(p, m):
                    return SHAKE_BASE + m
            return pick
        kind = _bak_kind(mine, theirs) if bak and g.rules.bak else 0
        sum4 = _BAK_SUM4[kind]
        cv = _BAK_CV[kind]
        best = -99.0
        pick = hand[0]
        rnd = rng.random
        # the discard weights for what this player can count (cards in the
        # opponents' hands and the stock; it never reads those hands: a
        # rollout player knows no more than a real one), and months I hold
        opp_cards = sum(map(len, g.hands)) - len(hand)
        weight = _DISCARD_WEIGHT[opp_cards][opp_cards + len(g.stock)]
        seen = mine | theirs
        hm = hm2 = hm3 = 0          # months I hold once, twice, three times
        for c in hand:
            b = 1 << MONTH[c]
            if hm & b:
                if hm2 & b:
                    hm3 |= b
                hm2 |= b
            hm |= b
        for c in hand:
            m = MONTH[c]
            nib = (field >> (4 * m - 4)) & 15
            if nib:
                k = _POP4[nib]
                v = cv(c, mine, theirs)
                if k == 3:
                    v += sum4[m][nib] + 1.0
                elif k == 1:
                    v += cv(4 * m - 4 + _LOW4[nib], mine, theirs)
                else:
                    lo = 4 * m - 4 + _LOW4[nib]
                    hi = 4 * m - 4 + _HIGH4[nib]
                    a = cv(lo, mine, theirs)
                    b = cv(hi, mine, theirs)
                    v += a if a > b else b
            else:
                # the month's cards this player cannot see: not in my hand
                # (c and the others of its month), not in a pile (none is on
                # the field)
                u = 3 - (hm2 >> m & 1) - (hm3 >> m & 1) \
                    - _POP4[(seen >> (4 * m - 4)) & 15]
                v = -weight[u] * cv(c, theirs, mine)
                if hm2 >> m & 1:
                    v += _DISCARD_PAIR
            v += rnd() * _NOISE
            if v > best:
                best = v
                pick = c
        if rules.shake:
            m = MONTH[pick]
            if hm3 >> m & 1 and not field & MONTH_MASK[m] \
                    and not g.has_shaken(p, m):
                return SHAKE_BASE + m
        return pick
    if ph == CHOOSE_PLAY or ph == CHOOSE_FLIP:
        if rg:
            return CHOOSE_BASE + _choose_rg(g.choices, g.piles[p], _others_union(g.piles, p),
                                            g.rules.bak, 0.6 if g.rules.players == 2 else 0.35)
        return CHOOSE_BASE + _choose(g.choices, g.piles[p], _others_union(g.piles, p))
    if ph == GOSTOP:
        return GO if _go_ev(g, p, go_margin) else STOP
    if ph == FLIP_ONLY:
        if not g.stock:
            return PASS
        hand = g.hands[p]
        if hand and hand[-1] >= BONUS2:
            return hand[-1]
        return FLIP
    if ph == SHAKE_PLAY:
        # the shaken month has no field card: the card played stays; leave
        # the one the opponents would want least
        mine = g.piles[p]
        theirs = _others_union(g.piles, p)
        sm = g.shake_group
        return min((c for c in g.hands[p] if MONTH[c] == sm),
                   key=lambda c: (_card_value(c, theirs, mine), c))
    if ph == CUP:
        q, a, j = g.cup_question(g.cup_winner)
        return cup_pick({"animal": a, "junk": j, "winner": g.cup_winner}, p)
    return PASS


def _choose(fm, mine, theirs):
    """The policy's pick between the two field cards ``fm`` (a choice phase
    of ``rollout_action``): the one worth more, the lower on a tie."""
    a, b = two_cards(fm)
    return a if _card_value(a, mine, theirs) >= _card_value(b, mine, theirs) else b
