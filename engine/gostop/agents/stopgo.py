"""Heuristic players for ``stopgo``.

* ``GreedyAgent``: a one-move heuristic on a player's view. Each candidate is
  valued by how much it raises a *potential* of the player's pile (the exact
  base score plus partial credit for suits, court cards, sequences and hearts
  still in reach and the mission cards), plus a share of what the cards would
  have been worth to the opponent (blocking), minus the danger of leaving the
  opponent a capture, with the flip's chances counted in. Shaking costs
  nothing, so it always shakes. Go/Stop: a simple rule (Go while at most one
  Go was called, three or more own turns are left and the opponent's base
  score is at most 3; else Stop).
* ``rollout``: a much cheaper greedy (static card values) that plays a *full*
  state to its end in quiet mode, for ``search.SearchAgent`` on sampled worlds
  (the same interface as ``agents.hwatu.rollout``).
"""
from ..games.stopgo.actions import (PLAY, SHAKE_PLAY, CHOOSE_PLAY, CHOOSE_FLIP,
                                    GOSTOP, FLIP_ONLY, CHOOSE_BASE, FLIP,
                                    PASS, GO, STOP, SHAKE_BASE, TRIPLE_BASE, OVER)
from ..games.stopgo.cards import (NUM_CARDS, RANK, RANK_MASK, NUMBER_MASK,
                                  COURT_MASK, HEART_NUMBERS, SEQUENCE_MASKS,
                                  IS_COURT, SUIT, HEARTS, mask)
from ..games.stopgo.scoring import (COURT_WARNING_BELOW, HEARTS_DOUBLE, base_score)
from ..games.stopgo.world import unseen_cards
from ..games.matching.deck import two_cards
from ..games.matching.flow import STAY, PAIR
from .stopgo_reading import reading_sampler  # noqa: F401  (the arena's ``read<eps>``)
from .matching import (bits, cards_left_cost, rollout_after, play_from_hand, ViewPosition,
                       GreedySkeleton, RolloutSkeleton)

_SEQ_PART = (0.0, 0.7, 1.8)


def potential(m, dead, missions=()):
    """How good pile ``m`` is: the base score plus partial credit for what is
    still in reach (``dead``: the opponent's pile)."""
    s = base_score(m)
    for nm in NUMBER_MASK:
        n = (m & nm).bit_count()
        if n < 5:
            s += 0.16 * n
    k = (m & COURT_MASK).bit_count()
    s += 0.15 * (k if k < 6 else 6)
    if k < COURT_WARNING_BELOW:        # the warning doubling against me
        s -= 0.5 * (COURT_WARNING_BELOW - k) / COURT_WARNING_BELOW
    for sm in SEQUENCE_MASKS:
        have = (m & sm).bit_count()
        if have < 3 and not sm & dead:
            s += _SEQ_PART[have]
    h = (m & HEART_NUMBERS).bit_count()
    if 4 <= h < HEARTS_DOUBLE:
        s += 0.35 * (h - 3)
    elif h >= HEARTS_DOUBLE:
        s += 2.0
    best = 0
    for i, c in enumerate(missions):
        if m >> c & 1:
            best = i + 1
    return s + 1.2 * best


class _Pos(ViewPosition):
    """What the greedy agent works from, built from one view (``ViewPosition``:
    the masks, counts and chances every matching game reads the same; the
    cards the opponent showed count as unseen, as they are not on the table)."""

    FIELD_CARDS = "table_cards"

    def __init__(self, view):
        opp = 1 - view["player"]
        super().__init__(view, mask(unseen_cards(view)) | mask(view["shown"][opp]))
        self.opp = opp
        self.missions = tuple(m["card"] for m in view["missions"])

    def potential(self, m, dead):
        return potential(m, dead, self.missions)

    def play_value(self, c):
        r = RANK[c]
        fm = self.field & RANK_MASK[r]
        k = fm.bit_count()
        bc = 1 << c
        if k == 0:      # it stays: the opponent may take it, my flip may take it back
            pf = self.p_flip(r)
            risk = self.p_opp_holds(r) * (1.0 - pf)
            return pf * self.value(bc) - risk * (self.gain(self.opp, bc) + 0.3) - 0.05
        if k == 3:
            return self.value(fm | bc) + 0.2
        if k == 1:      # the flip of the rank would make a stack
            v = self.value(fm | bc)
            return v - self.p_flip(r) * (v + 0.8)
        return max(self.value(bc | (1 << x)) for x in bits(fm)) + self.p_flip(r)

    def triple_value(self, r):
        return self.value((self.field & RANK_MASK[r]) | RANK_MASK[r]) + 1.0


def wants_go(gos, turns_left, opp_base):
    """The shared Go/Stop rule of both policies."""
    return gos < 2 and turns_left >= 3 and opp_base <= 3


class GreedyAgent(GreedySkeleton):
    """The one-move heuristic (see the module docstring)."""

    GO, STOP = GO, STOP

    def wants_go(self, view):
        me = view["player"]
        left = view["rules"]["hand_size"] - view["turns_taken"][me]
        opp = base_score(mask(view["captured"][1 - me]))
        return wants_go(view["gos"][me], left, opp)

    def choose_move(self, view, legal, rng):
        phase = view["phase"]
        shakes = [a for a in legal if SHAKE_BASE < a <= SHAKE_BASE + 13]
        if shakes:
            return shakes[0]            # free doubling: always shake
        pos = _Pos(view)
        scored = []
        for a in legal:
            if a < NUM_CARDS:
                v = pos.play_value(a)
            elif CHOOSE_BASE <= a < CHOOSE_BASE + NUM_CARDS:
                pend = view["pending"] or {}
                moving = pend.get("flipped") if phase == "choose-flip" else pend.get("played")
                v = pos.value(1 << (a - CHOOSE_BASE) | (1 << moving if moving is not None else 0))
            elif a > TRIPLE_BASE:
                v = pos.triple_value(a - TRIPLE_BASE)
            else:
                v = 0.0
            scored.append((v, a))
        return self.pick(scored, rng)


# ---------------------------------------------------------------------------
# the fast rollout policy on full states

def _static_value(c):
    v = 0.8 if IS_COURT[c] else 0.55
    if SUIT[c] == HEARTS and not IS_COURT[c]:
        v += 0.2
    for sm in SEQUENCE_MASKS:
        if sm >> c & 1:
            v += 1.0
    return v


VAL = tuple(_static_value(c) for c in range(NUM_CARDS))


def rollout_action(g, p, rng):
    """The rollout policy's action for ``p`` (to move) on a full state."""
    ph = g.phase_id
    if ph == PLAY or ph == SHAKE_PLAY:
        legal = g._legal(p)
        top = legal[-1]
        if top > SHAKE_BASE:
            return top                  # a triple play or a shake
        table = g.field
        missions = g.missions
        best, pick = -99.0, legal[0]
        rnd = rng.random
        for c in legal:
            if c >= NUM_CARDS:
                continue
            fm = table & RANK_MASK[RANK[c]]
            if fm:
                v = VAL[c]
                for x in bits(fm):
                    v += VAL[x] + (1.5 if x in missions else 0.0)
                if c in missions:
                    v += 1.5
            else:
                v = -0.4 * VAL[c] - (1.0 if c in missions else 0.0)
            v += rnd() * 0.6
            if v > best:
                best, pick = v, c
        return pick
    if ph == CHOOSE_PLAY or ph == CHOOSE_FLIP:
        return CHOOSE_BASE + _choose(g.choices)
    if ph == GOSTOP:
        left = g.rules.hand_size - g.turns_taken[p]
        if left > 0 and wants_go(g.gos[p], left, base_score(g.piles[1 - p])):
            return GO
        return STOP
    if ph == FLIP_ONLY:
        return FLIP if g.stock else PASS
    return PASS


_SHIFT = tuple(4 * RANK[c] - 4 for c in range(NUM_CARDS))
_LOW4 = tuple(((x & -x).bit_length() - 1) if x else -1 for x in range(16))
_POP4 = tuple(bin(x).count("1") for x in range(16))


def _choose(fm):
    """The policy's pick between the two table cards ``fm`` (a choice phase
    of ``rollout_action``): the higher valued, the lower id on a tie."""
    a, b = two_cards(fm)
    return a if VAL[a] >= VAL[b] else b


# nibble-wise counting of a hand mask (three or four of a rank)
_ODD = int("5" * 13, 16)
_PAIRS = int("3" * 13, 16)
_NIB0 = int("1" * 13, 16)
# the piles' base scores that ``base_score`` remembers (core.remembered):
# the rollouts read the table themselves and call it on a miss
_SCORES = base_score.table


def rollout(g, rng):
    """Plays the full state ``g`` to its end with the fast policy (quiet).

    The same moves as ``play_out(g, rng, rollout_action)`` with the same
    draws of ``rng`` (tests/test_rollout_fast.py holds them equal), written
    for speed: the play phase's policy is inlined (no list of legal actions:
    the hand itself, unless a triple play or a shake is open), and the
    common turn (each card stays or pairs, the flip of another rank) is
    played here as the engine plays it (``_play``, ``_flip``, ``_resolve``,
    ``_end_turn``); a turn with a choice, a stack or a flip of the played
    card's rank has its play, flip and choices (the policy's) made here and
    the engine's ``_resolve``; every other turn and decision goes to the
    engine (``_play``, ``_act_play``, ``_apply``). No history is kept: the
    copy played out is thrown away."""
    _run(g, rng, -1)
    return g


def _run(g, rng, first):
    """The loop of ``rollout``: ``first``, a card the player to move plays
    first (the search's candidate), or -1. Returns whether the hand went on
    after ``first`` (True without one)."""
    g.quiet = True
    g._events = None
    rules = g.rules
    play = g._play
    act_play = g._act_play
    resolve = g._resolve
    apply = g._apply
    go = g._go
    stop = g._stop
    hand_size = rules.hand_size
    hand_options = g.hand_options
    turns_total = rules.turns_total
    threshold = rules.threshold
    hands = g.hands
    piles = g.piles
    stock = g.stock
    turns_taken = g.turns_taken
    gos = g.gos
    last_go = g.last_go
    flip_only = g.flip_only
    missions = 0
    for c in g.missions:
        missions |= 1 << c
    rnd = rng.random
    RANK_ = RANK
    VAL_ = VAL
    SHIFT_ = _SHIFT
    POP4_ = _POP4
    LOW4_ = _LOW4
    scores = _SCORES
    # each hand as a bit mask (a rank's cards held: its nibble), kept up to
    # date: by the fast play, or from the hand after the engine acted
    hmasks = [mask(h) for h in hands]
    went_on = True
    while True:
        ph = g.phase_id
        if ph != PLAY:
            if ph == OVER:
                return went_on
            went_on = True
            p = g.mover
            if ph == GOSTOP:            # rollout_action's rule, then ``_apply``'s
                left = hand_size - turns_taken[p]
                if left > 0 and gos[p] < 2 and left >= 3:
                    pile = piles[1 - p]
                    s = scores.get(pile)
                    if s is None:
                        s = base_score(pile)
                    if s <= 3:          # wants_go
                        go(p)
                        continue
                stop(p)
                continue
            apply(p, rollout_action(g, p, rng))
            hmasks[p] = mask(hands[p])
            continue
        went_on = True
        p = g.mover
        hand = hands[p]
        hmask = hmasks[p]
        table = g.field
        if first >= 0:
            # the search's candidate: played as the engine's ``_apply``
            # plays a card
            c = first
            first = -1
            went_on = False
        else:
            if not hand:
                act_play(p, PASS)
                continue
            # three or four of a rank in hand (nibble-wise counts): a triple
            # play or a shake may be open (``hand_options``)
            x = (hmask & _ODD) + ((hmask >> 1) & _ODD)
            x = (x & _PAIRS) + ((x >> 2) & _PAIRS)
            if ((x & (x >> 1)) | (x >> 2)) & _NIB0:
                forced, shakable = hand_options(p)
                if forced:      # the top legal action: the highest triple play
                    act_play(p, TRIPLE_BASE + forced.bit_length() - 1)
                    hmasks[p] = mask(hand)
                    continue
                if shakable:    # ... or the highest shake
                    act_play(p, SHAKE_BASE + shakable.bit_length() - 1)
                    continue
            best = -99.0
            pick = hand[0]
            for c in hand:
                sh = SHIFT_[c]
                nib = (table >> sh) & 15
                if nib:
                    v = VAL_[c]
                    while nib:
                        low = nib & -nib
                        x = sh + low.bit_length() - 1
                        v += VAL_[x] + (1.5 if missions >> x & 1 else 0.0)
                        nib ^= low
                    if missions >> c & 1:
                        v += 1.5
                else:
                    v = -0.4 * VAL_[c] - (1.0 if missions >> c & 1 else 0.0)
                v += rnd() * 0.6
                if v > best:
                    best, pick = v, c
            c = pick
        hmasks[p] = hmask ^ (1 << c)     # the engine's play, or this one, takes c
        # the common turn, as the engine plays it; a choice, a stack or a
        # flip of the played card's rank through the engine's ``_resolve``;
        # an empty stock: the engine's own play
        sh = SHIFT_[c]
        nib = (table >> sh) & 15
        kc = POP4_[nib]
        if not stock:
            play(p, c)
            continue
        d = stock[-1]
        shd = SHIFT_[d]
        nibd = (table >> shd) & 15
        kd = POP4_[nibd]
        r = RANK_[c]
        rd = RANK_[d]
        if kc >= 2 or kd >= 2 or rd == r:
            # the engine's ``_play`` and ``_flip`` with the choices (the
            # policy's: the higher valued of two table cards, no draw) made
            # here, then its ``_resolve`` (stacks, the flip of the rank ...)
            play_from_hand(g, hand, c, kc, sh + LOW4_[nib],
                           _choose(table & RANK_MASK[r]) if kc == 2 else -1)
            stock.pop()
            g.flipped = d
            if rd != r and kd == 2:
                resolve(p, _choose(table & RANK_MASK[rd]))
            else:
                resolve(p, -1)
            continue
        hand.remove(c)
        if g.shown:
            g.shown &= ~(1 << c)
        stock.pop()
        if kc:
            bx = 1 << (sh + LOW4_[nib])
            cap = (1 << c) | bx
            table ^= bx
            g.play_kind = PAIR
        else:
            cap = 0
            table |= 1 << c
            g.play_kind = STAY
        if kd:
            bx = 1 << (shd + LOW4_[nibd])
            cap |= (1 << d) | bx
            table ^= bx
        else:
            table |= 1 << d
        g.played = g.flipped = g.paired = -1
        g.choices = 0
        g.field = table
        piles[p] |= cap
        # the end of the turn (``_end_turn``, ``_advance``)
        turns_taken[p] += 1
        pile = piles[p]
        s = scores.get(pile)
        if s is None:
            s = base_score(pile)
        if (s > last_go[p]) if gos[p] else (s >= threshold):
            g.phase_id = GOSTOP
            continue
        turn = g.turn
        if turn >= turns_total:
            g._advance()
            continue
        g.turn = turn + 1
        q = 1 - p
        g.mover = q
        if flip_only[q]:
            g.phase_id = FLIP_ONLY


# the rollout draws only ``rng.random()`` (the search may hand it a FloatStream)
rollout.floats_only = True
# the search's candidate move and its rollout in one (``_run`` plays a card
# from the hand first)
rollout.after = rollout_after(_run, NUM_CARDS)


class RolloutAgent(RolloutSkeleton):
    """The rollout policy as an agent (it samples one world from the view)."""

    rollout_action = staticmethod(rollout_action)


# the search plans a timed decision by it (the fixed part fitted, round 23)
rollout_cost = cards_left_cost(1)


def make_greedy():
    return GreedyAgent()


__all__ = ["GreedyAgent", "RolloutAgent", "rollout", "rollout_action", "potential",
           "rollout_cost", "make_greedy"]
