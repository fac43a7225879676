"""Heuristic players for the hwatu games (``matgo`` and ``gostop``).

Two policies live here:

* ``GreedyAgent``: a one-move heuristic that reads only a player's view. Each
  candidate is valued by how much it raises a *potential* of the player's pile
  (the exact base score plus partial credit for brights, godori, the ribbon
  sets, animals, ribbons and junk still in reach, plus pi-bak and gwang-bak
  insurance in matgo), plus a share of what the captured cards would have been
  worth to each opponent (blocking), minus the danger of leaving an opponent a
  capture (or, in matgo, a ppuk), with the flip's chances counted in. Go/Stop
  is an expected-value rule: the payment now against the payment after a few
  more turns, weighed by the chance that an opponent reaches a Stop first.
* ``rollout``: a much cheaper greedy (static card values, no lookahead) that
  plays a *full* state to its end in quiet mode; the search agent uses it on
  sampled worlds. It sees the sampled state, which is fine there: the world
  itself was sampled from the searching player's view. It does not read the
  other players' hands, though: each rollout player guesses them from what
  it can see, as a real player (and the greedy agent) must.

Both follow the house rules (RULINGS section 6 options, docs/rules-hwatu-engine.md):
a shake is declared when the card picked is of a month that may be shaken
(the shake only adds a doubling), a bomb is always made, and the sake cup's
owner, when asked, counts it the way that pays him more (as the winner) or
costs him less (as the loser).
"""
from ..core.rng import make_rng
from ..games.hwatu.actions import (PLAY, CHOOSE_PLAY, CHOOSE_FLIP, GOSTOP,
                                   FLIP_ONLY, SHAKE_PLAY, CUP, CHOOSE_BASE,
                                   FLIP, PASS, GO, STOP, BOMB_BASE, SHAKE_BASE,
                                   CUP_ANIMAL, CUP_JUNK)
from ..games.hwatu.cards import (MONTH, MONTH_MASK, BRIGHT_MASK, RAIN_MASK,
                                 GODORI_MASK, SET_MASKS, ANIMAL_NOCUP_MASK,
                                 CUP_MASK, RIBBON_MASK, BONUS2, BONUS3,
                                 NUM_MONTH_CARDS, TYPE, JUNK_VALUE, RIBBON_SET,
                                 GODORI, CUP, BRIGHT, ANIMAL, RIBBON, JUNK)
from ..games.hwatu.scoring import base_score, junk_units, settle, stop_total
from ..games.hwatu.presets import PRESETS
from ..games.hwatu.world import unseen_cards
from ..games.matching.deck import mask, two_cards
from ..games.matching.phases import OVER
from ..games.matching.flow import STAY, PAIR
from .matching import (bits, chance_held, ViewPosition, GreedySkeleton,
                       RolloutSkeleton)

# ---------------------------------------------------------------------------
# the potential of a pile
_B_PART = (0.0, 0.8, 1.8)          # brights 0..2, when three are still in reach
_G_PART = (0.0, 0.8, 2.2)          # godori birds 0..2, when none is lost
_S_PART = (0.0, 0.6, 1.6)          # a ribbon set 0..2, when none is lost


def potential(m, dead, bak):
    """How good pile ``m`` is: the base score plus partial credit for the
    combinations still in reach (``dead``: cards in other players' piles;
    ``bak``: the game has baks, so pi-bak and gwang-bak insurance counts)."""
    s = base_score(m)
    b = (m & BRIGHT_MASK).bit_count()
    if b < 3:
        if (BRIGHT_MASK & ~dead).bit_count() >= 3:
            s += _B_PART[b]
    else:
        s += 1.5
    g = (m & GODORI_MASK).bit_count()
    if g and g < 3 and not GODORI_MASK & dead:
        s += _G_PART[g]
    for sm in SET_MASKS:
        k = (m & sm).bit_count()
        if k and k < 3 and not sm & dead:
            s += _S_PART[k]
    a = (m & ANIMAL_NOCUP_MASK).bit_count()
    s += 0.25 * (a if a < 5 else 5)
    r = (m & RIBBON_MASK).bit_count()
    s += 0.25 * (r if r < 5 else 5)
    j = junk_units(m, cup_as_junk=True)
    s += 0.3 * (j if j < 10 else 10)
    if bak:
        s += 0.25 * (j if j < 5 else 5)      # pi-bak insurance
        if b:
            s += 0.4                          # gwang-bak insurance
    return s


def _others_union(piles, p):
    d = 0
    for q, m in enumerate(piles):
        if q != p:
            d |= m
    return d


class _Pos(ViewPosition):
    """What the greedy agent works from, built from one view (``ViewPosition``:
    the masks, counts and chances every matching game reads the same)."""

    def __init__(self, view):
        super().__init__(view, mask(unseen_cards(view)))
        rules = view["rules"]
        specials = bool(rules["specials"])   # matgo's resolution (house rules: gostop's too)
        self.ppuk = rules.get("ppuk", specials)
        self.steals = rules.get("steals", specials)
        self.bak = rules["bak"]
        self.hand = list(view["hand"])

    def potential(self, m, dead):
        return potential(m, dead, self.bak)

    def play_value(self, c):
        """The value of playing hand card ``c``."""
        m = MONTH[c]
        mm = MONTH_MASK[m]
        fm = self.field & mm
        k = fm.bit_count()
        bc = 1 << c
        if k == 0:
            # the card stays: an opponent may take it, my flip may take it back
            pf = self.p_flip(m)
            risk = self.p_opp_holds(m) * (1.0 - pf)
            worth_opp = max(self.gain(q, bc) for q in self.opps) + 0.3
            v = -risk * worth_opp * (1.0 if self.n == 2 else 1.3)
            v += pf * (self.value(bc) + (0.45 if self.steals else 0.0))
            return v - 0.05
        if k == 3:
            steal = 1 if self.steals else 0
            if self.steals and self.view["field"]:
                for grp in self.view["field"]:
                    if grp["month"] == m and grp["owner"] == self.me:
                        steal = 2
            return self.value(fm | bc, steal) + 0.2
        if k == 1:
            v = self.value(fm | bc)
            if self.ppuk:
                pf = self.p_flip(m)     # ppuk: all three stay, a stack for someone
                v -= pf * (v + 1.0)
            return v
        # k == 2: the better of the two; the other stays exposed
        best = max(self.value(bc | (1 << x)) for x in bits(fm))
        if self.steals and self.group_unseen(m):
            best += self.p_flip(m) * 1.0     # ttadak chance
        return best

    def choose_value(self, x, moving):
        return self.value((1 << x) | (1 << moving) if moving >= 0 else 1 << x)


def _rules_of(view):
    return PRESETS[view["game"]].make_rules(view["options"])


def go_stop_ev(view, me):
    """The greedy Go/Stop rule: True to Go."""
    rules = _rules_of(view)
    n = view["players"]
    piles = [mask(pile) for pile in view["captured"]]
    gos = view["gos"][me]
    shakes = view["shakes"][me] if "shakes" in view else 0
    now = settle(rules, piles, me, gos, "stop", shakes)["total"]
    left = rules.hand_size - view["turns_taken"][me]
    if left <= 0:
        return False
    # my expected score after Go: a few more points over the turns left
    extra = min(left, 4) * 0.6
    if rules.go_rule == "matgo":
        if gos + 1 >= 3:
            go_total = now * 2
        else:
            go_total = now + 1 + extra
    else:
        go_total = now + 1 + extra
        if gos + 1 >= 4:
            go_total *= 2
    # the danger: an opponent reaching a Stop before I can stop again
    p_safe = 1.0
    for q in range(n):
        if q == me:
            continue
        s = base_score(piles[q])
        need = (rules.threshold - s) if not view["gos"][q] else 1
        q_left = rules.hand_size - view["turns_taken"][q]
        if q_left <= 0:
            continue
        reach = min(q_left, 3) * 0.9 - need
        p_q = 1.0 / (1.0 + 2.718 ** (-(reach) / 1.2))
        p_safe *= 1.0 - min(0.95, p_q)
    lose = rules.threshold + 3
    if rules.go_bak:
        lose *= 2               # a Go and then the opponent's Stop: go-bak
    ev_go = p_safe * go_total - (1.0 - p_safe) * lose
    return ev_go > now + 0.5


class GreedyAgent(GreedySkeleton):
    """The one-move heuristic (see the module docstring)."""

    GO, STOP = GO, STOP

    def wants_go(self, view):
        return go_stop_ev(view, view["player"])

    def choose_move(self, view, legal, rng):
        me = view["player"]
        phase = view["phase"]
        if phase == "cup":
            return cup_pick(view["pending"], me)
        pos = _Pos(view)
        if phase in ("choose-play", "choose-flip"):
            pend = view["pending"] or {}
            moving = pend.get("flipped") if phase == "choose-flip" else pend.get("played")
            if moving is None:
                moving = -1
            scored = [(pos.choose_value(a - CHOOSE_BASE, moving), a) for a in legal]
            return self.pick(scored, rng)
        if phase == "flip-only":
            bonus = [a for a in legal if a in (BONUS2, BONUS3)]
            return bonus[-1] if bonus else legal[-1]
        # play
        scored = []
        for a in legal:
            if a in (BONUS2, BONUS3):
                if view["stock_count"]:
                    v = 100.0 + a       # free junk and a fresh card
                else:
                    v = pos.value(1 << a)
            elif a >= SHAKE_BASE:
                m = a - SHAKE_BASE
                v = max(pos.play_value(c) for c in pos.hand if MONTH[c] == m) + _SHAKE_GAIN
            elif a >= BOMB_BASE:
                m = a - BOMB_BASE
                cap = pos.field & MONTH_MASK[m]
                for c in pos.hand:
                    if c < NUM_MONTH_CARDS and MONTH[c] == m:
                        cap |= 1 << c
                v = pos.value(cap, steal=1) + 0.5
                if view["rules"].get("bomb_shakes"):
                    v += _SHAKE_GAIN
            elif a == PASS:
                v = 0.0
            else:
                v = pos.play_value(a)
            scored.append((v, a))
        return self.pick(scored, rng)


# A shake (or a bomb that counts as one) doubles the payment if I win: worth
# about this much on the potential's scale against the best other play.
_SHAKE_GAIN = 1.5


def cup_pick(pending, me):
    """The cup's owner's answer (house option cup "owner"): the count that
    pays more when ``me`` won, costs less when ``me`` lost."""
    a, j = pending["animal"], pending["junk"]
    if pending["winner"] == me:
        return CUP_ANIMAL if a >= j else CUP_JUNK
    return CUP_ANIMAL if a <= j else CUP_JUNK


# ---------------------------------------------------------------------------
# the fast rollout policy on full states

def _static_value(c):
    t = TYPE[c]
    if t == BRIGHT:
        return 2.6 if c != 44 else 1.8
    if c in GODORI:
        return 2.2
    if c == CUP:
        return 2.0
    if t == ANIMAL:
        return 1.1
    if t == RIBBON:
        return 1.4 if RIBBON_SET[c] else 0.9
    if t == JUNK:
        return 0.75 * JUNK_VALUE[c]
    return 2.0 if c == BONUS2 else 3.0


VAL = tuple(_static_value(c) for c in range(50))
_POP4 = tuple(bin(i).count("1") for i in range(16))
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


def _card_value(c, mine, theirs):
    """A card's worth to a player holding ``mine`` against ``theirs``."""
    gm = GROUP[c]
    v = VAL[c]
    if gm:
        if not gm & theirs:
            v += 0.9 * (gm & mine).bit_count()
        v += 0.5 * (gm & theirs).bit_count()      # blocking
    return v


# the rollout's discard rule: an unmatched card costs its worth to the
# opponent times the chance that some opponent holds its month (a tenth of
# it when none can), and gains a little when I hold another card of the
# month (I can take it back); the noise keeps the rollouts apart
_DISCARD_HELD = 1.0
_DISCARD_FREE = 0.1
_DISCARD_PAIR = 0.3
_NOISE = 0.6
# the discard's weight by (cards in the opponents' hands, those plus the
# stock, hidden cards of the month u = 0..3): FREE + (HELD - FREE) times
# ``chance_held``; a table, as rollouts are hot (a pack has at most 50 cards)
_DISCARD_WEIGHT = tuple(
    tuple(tuple(_DISCARD_FREE + (_DISCARD_HELD - _DISCARD_FREE) * chance_held(opp, hidden, u)
                for u in range(4))
          if hidden >= opp else None for hidden in range(51))
    for opp in range(51))


def _go_ev(g, p):
    """``go_stop_ev`` on a full state: True to Go (the same arithmetic,
    written for the rollouts: the piles' base scores remembered)."""
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
    return ev_go > now + 0.5


def rollout_action(g, p, rng):
    """The rollout policy's action for ``p`` (to move) on a full state."""
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
                v = _card_value(c, mine, theirs)
                if k == 3:
                    v += _SUM4[m][nib] + 1.0
                elif k == 1:
                    v += _card_value(4 * m - 4 + _LOW4[nib], mine, theirs)
                else:
                    lo = 4 * m - 4 + _LOW4[nib]
                    hi = 4 * m - 4 + _HIGH4[nib]
                    a = _card_value(lo, mine, theirs)
                    b = _card_value(hi, mine, theirs)
                    v += a if a > b else b
            else:
                # the month's cards this player cannot see: not in my hand
                # (c and the others of its month), not in a pile (none is on
                # the field)
                u = 3 - (hm2 >> m & 1) - (hm3 >> m & 1) \
                    - _POP4[(seen >> (4 * m - 4)) & 15]
                v = -weight[u] * _card_value(c, theirs, mine)
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
        a, b = two_cards(g.choices)
        mine = g.piles[p]
        theirs = 0
        for q, pile in enumerate(g.piles):
            if q != p:
                theirs |= pile
        return CHOOSE_BASE + (a if _card_value(a, mine, theirs)
                              >= _card_value(b, mine, theirs) else b)
    if ph == GOSTOP:
        return GO if _go_ev(g, p) else STOP
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


_LOW4 = tuple(((n & -n).bit_length() - 1) if n else -1 for n in range(16))
_HIGH4 = tuple((n.bit_length() - 1) if n else -1 for n in range(16))


# per card: its month's nibble's shift in a bit mask
_SHIFT = tuple(4 * MONTH[c] - 4 for c in range(50))


# the discard's hidden cards of a month: 3 minus those on the table and in
# piles, minus one for each further card of the month I hold (two at most)
_HELD_MORE = (0, 0, 1, 2, 2)
# nibble-wise counting of a hand mask (the bomb: three of a month)
_ODD = int("5" * 13, 16)
_PAIRS = int("3" * 13, 16)
_NIB0 = int("1" * 13, 16)
# base scores of the piles the rollouts met (a pile is an int: its score
# never changes); cleared when full, so it stays small
_SCORES = {}
_SCORES_MAX = 1 << 14


def rollout(g, rng):
    """Plays the full state ``g`` to its end with the fast policy (quiet).

    The same moves as ``play_out(g, rng, rollout_action)`` with the same
    draws of ``rng`` (tests/test_rollout_fast.py holds them equal), written
    for speed: the play phase's policy is inlined (the card values, the
    hands as bit masks, the bomb from them), the common turn (the played
    and the flipped card of different months, each staying or pairing) is
    played here as the engine plays it (``_play``, ``_flip``, ``_resolve``,
    ``_end_turn``, or gostop's ``_play_now`` and ``_flip_now``) and Go/Stop
    is decided and applied here; every other turn and decision goes to the
    engine (``_play``, ``_act_play``, ``_apply``). No history is kept: the
    copy played out is thrown away."""
    g.quiet = True
    g._events = None
    rules = g.rules
    deferred = rules.deferred
    play = g._play if deferred else g._play_now
    turns_total = rules.turns_total
    threshold = rules.threshold
    steals_rule = rules.steals
    turns_taken = g.turns_taken
    gos = g.gos
    last_go = g.last_go
    flip_only = g.flip_only
    act_play = g._act_play
    apply = g._apply
    go = g._go
    stop = g._stop
    bomb_rule = rules.bomb
    shake_rule = rules.shake
    hands = g.hands
    piles = g.piles
    stock = g.stock
    n = len(piles)
    rnd = rng.random
    MONTH_ = MONTH
    GROUP_ = GROUP
    VAL_ = VAL
    POP4_ = _POP4
    SHIFT_ = _SHIFT
    LOW4_ = _LOW4
    HIGH4_ = _HIGH4
    SUM4_ = _SUM4
    weights = _DISCARD_WEIGHT
    held_more = _HELD_MORE
    noise = _NOISE
    pair_gain = _DISCARD_PAIR
    scores = _SCORES
    # each hand as a bit mask (a month's cards held: its nibble), kept up
    # to date: by the fast play, or from the hand after the engine acted
    hmasks = [mask(h) for h in hands]
    while True:
        ph = g.phase_id
        if ph != PLAY:
            if ph == OVER:
                return g
            p = g.mover
            if ph == GOSTOP:            # (``_apply``'s Go and Stop)
                if _go_ev(g, p):
                    go(p)
                else:
                    stop(p)
                continue
            apply(p, rollout_action(g, p, rng))
            hmasks[p] = mask(hands[p])
            continue
        p = g.mover
        hand = hands[p]
        if not hand:
            act_play(p, PASS)
            continue
        top = hand[-1]
        if top >= BONUS2:
            act_play(p, top)
            hmasks[p] = mask(hand)
            continue
        field = g.field
        hmask = hmasks[p]
        if bomb_rule:
            # months of exactly three cards in hand with the fourth on the
            # field, the lowest first (nibble-wise counts)
            x = (hmask & _ODD) + ((hmask >> 1) & _ODD)
            x = (x & _PAIRS) + ((x >> 2) & _PAIRS)
            three = x & (x >> 1) & ~(x >> 2) & _NIB0
            if three:
                three &= field | (field >> 1) | (field >> 2) | (field >> 3)
                if three:
                    act_play(p, BOMB_BASE + ((three & -three).bit_length() + 3) // 4)
                    hmasks[p] = mask(hand)
                    continue
        mine = piles[p]
        if n == 2:
            theirs = piles[1 - p]
            cards = len(hands[1 - p])
        else:
            theirs = 0
            cards = 0
            for q in range(n):
                if q != p:
                    theirs |= piles[q]
                    cards += len(hands[q])
        weight = weights[cards][cards + len(stock)]
        seen = mine | theirs
        best = -99.0
        pick = hand[0]
        for c in hand:
            sh = SHIFT_[c]
            nib = (field >> sh) & 15
            gm = GROUP_[c]
            if nib:
                k = POP4_[nib]
                # _card_value(c, mine, theirs)
                v = VAL_[c]
                if gm:
                    if not gm & theirs:
                        v += 0.9 * (gm & mine).bit_count()
                    v += 0.5 * (gm & theirs).bit_count()
                if k == 3:
                    v += SUM4_[MONTH_[c]][nib] + 1.0
                elif k == 1:
                    x = sh + LOW4_[nib]
                    if GROUP_[x]:
                        v += _card_value(x, mine, theirs)
                    else:
                        v += VAL_[x]
                else:
                    lo = sh + LOW4_[nib]
                    hi = sh + HIGH4_[nib]
                    a = _card_value(lo, mine, theirs) if GROUP_[lo] else VAL_[lo]
                    b = _card_value(hi, mine, theirs) if GROUP_[hi] else VAL_[hi]
                    v += a if a > b else b
            else:
                # the discard (see rollout_action); held: the month's
                # cards in my hand, c among them
                held = POP4_[(hmask >> sh) & 15]
                u = 3 - POP4_[(seen >> sh) & 15] - held_more[held]
                w = VAL_[c]
                if gm:
                    if not gm & mine:
                        w += 0.9 * (gm & theirs).bit_count()
                    w += 0.5 * (gm & mine).bit_count()
                v = -weight[u] * w
                if held >= 2:
                    v += pair_gain
            v += rnd() * noise
            if v > best:
                best = v
                pick = c
        c = pick
        m = MONTH_[c]
        if shake_rule:
            if POP4_[(hmask >> SHIFT_[c]) & 15] >= 3 and not field & MONTH_MASK[m] \
                    and not g.has_shaken(p, m):
                act_play(p, SHAKE_BASE + m)
                continue
        # the play, written out for the common turns (the engine's ``_play``
        # and ``_flip``, then ``_resolve``, or ``_play_now`` and
        # ``_flip_now``; then ``_end_turn``); anything else (a choice, a
        # stack, a bonus card flipped, a flip of the played card's month)
        # goes to the engine's own play
        sh = SHIFT_[c]
        nib = (field >> sh) & 15
        kc = POP4_[nib]
        hmasks[p] = hmask ^ (1 << c)     # the engine's play, or this one, takes c
        if kc == 2 or not stock:
            play(p, c)
            continue
        if deferred:
            d = stock[-1]
            if kc == 3 or d >= BONUS2 or MONTH_[d] == m:
                play(p, c)
                continue
            shd = SHIFT_[d]
            nibd = (field >> shd) & 15
            kd = POP4_[nibd]
            if kd >= 2:
                play(p, c)
                continue
            hand.remove(c)
            if g.shown:
                g.shown &= ~(1 << c)
            stock.pop()
            if kc:
                bx = 1 << (sh + LOW4_[nib])
                cap = (1 << c) | bx
                field ^= bx
                g.play_kind = PAIR
            else:
                cap = 0
                field |= 1 << c
                g.play_kind = STAY
            if kd:
                bx = 1 << (shd + LOW4_[nibd])
                cap |= (1 << d) | bx
                field ^= bx
            else:
                field |= 1 << d
            g.played = g.flipped = g.paired = -1
            g.choices = 0
            g.field = field
            piles[p] |= cap
            if not field and g.turn < turns_total and steals_rule:
                for q in range(n):          # a sweep
                    if q != p:
                        g._take_junk(p, q, 1, "sweep")
        else:
            hand.remove(c)
            if g.shown:
                g.shown &= ~(1 << c)
            bc = 1 << c
            if kc:
                fm = field & MONTH_MASK[m]
                field &= ~fm
                piles[p] |= fm | bc
            else:
                field |= bc
            chosen = False
            while stock:
                d = stock.pop()
                bd = 1 << d
                if d >= BONUS2:
                    piles[p] |= bd
                    continue
                fm = field & MONTH_MASK[MONTH_[d]]
                kd = POP4_[(field >> SHIFT_[d]) & 15]
                if kd == 0:
                    field |= bd
                elif kd == 2:
                    g.choices = fm
                    g.flipped = d
                    g.phase_id = CHOOSE_FLIP
                    chosen = True
                else:
                    field &= ~fm
                    piles[p] |= fm | bd
                break
            g.field = field
            if chosen:
                continue
        # the end of the turn (``_end_turn``, ``_advance``)
        turns_taken[p] += 1
        pile = piles[p]
        s = scores.get(pile)
        if s is None:
            s = base_score(pile)
            if len(scores) >= _SCORES_MAX:
                scores.clear()
            scores[pile] = s
        if (s > last_go[p]) if gos[p] else (s >= threshold):
            g.phase_id = GOSTOP
            continue
        turn = g.turn
        if turn >= turns_total:
            g._advance()
            continue
        g.turn = turn + 1
        q = p + 1
        if q == n:
            q = 0
        g.mover = q
        if flip_only[q]:
            g.phase_id = FLIP_ONLY


# the rollout draws only ``rng.random()`` (the search may hand it a FloatStream)
rollout.floats_only = True


class RolloutAgent(RolloutSkeleton):
    """The rollout policy as an agent (it needs a full state, so it samples
    one world from the view first): for tests and the arena."""

    rollout_action = staticmethod(rollout_action)


# Cards that play alike: the same month, type and junk units (the two plain
# junk of months 1-11). Which twin is played or taken never changes a result.
_TWIN = tuple(min(d for d in range(NUM_MONTH_CARDS)
                  if (MONTH[d], TYPE[d], JUNK_VALUE[d]) == (MONTH[c], TYPE[c], JUNK_VALUE[c]))
              if c < NUM_MONTH_CARDS else c for c in range(50))


def distinct_actions(view, legal):
    """``legal`` with one action kept per group of twins (for the search)."""
    out = []
    seen = set()
    for a in legal:
        if a < NUM_MONTH_CARDS:
            key = _TWIN[a]
        elif CHOOSE_BASE <= a < CHOOSE_BASE + NUM_MONTH_CARDS:
            key = CHOOSE_BASE + _TWIN[a - CHOOSE_BASE]
        else:
            key = a
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def make_greedy():
    return GreedyAgent()


__all__ = ["GreedyAgent", "RolloutAgent", "rollout", "rollout_action", "potential",
           "distinct_actions",
           "make_greedy", "make_rng"]
