"""The fast loop that plays a sampled world of a hwatu game to its end
with the rollout policy (``hwatu_rollout_policy``): ``rollout`` and its
variants for the arena's options, the search's hot path. It makes the
policy's moves without asking it action by action where it can (the
common turn, the play phase's card values), and asks ``rollout_action``
for the rest."""
from functools import partial

from ..games.hwatu.actions import PLAY, GOSTOP, FLIP_ONLY, PASS, BOMB_BASE, SHAKE_BASE
from ..games.hwatu.cards import MONTH, MONTH_MASK, BONUS2
from ..games.hwatu.scoring import base_score
from ..games.matching.deck import mask
from ..games.matching.phases import OVER
from ..games.matching.flow import STAY, PAIR
from .matching import cards_left_cost, rollout_after, play_from_hand
from . import hwatu_rollout_policy as _policy
from .hwatu_rollout_policy import (VAL, GROUP, _SUM4, _BAK_CV, _BAK_SUM4, _BAK_VALS, _DISCARD_PAIR,
                                   _DISCARD_WEIGHT, _SCORES, _bak_kind, _card_value, _choose,
                                   _go_ev, rollout_action)
from .hwatu_rollout_tables import _POP4, _LOW4, _HIGH4, _SHIFT, _NOISE

# The greedy-like policy, imported when first asked for (``_load_rg``; see
# hwatu_rollout_policy): the loop's own names for it.
_rg_play = _choose_rg = None


def _load_rg():
    global _rg_play, _choose_rg
    if _rg_play is None:
        _policy._load_rg()
        _rg_play, _choose_rg = _policy._rg_play, _policy._choose_rg

# the discard's hidden cards of a month: 3 minus those on the table and in
# piles, minus one for each further card of the month I hold (two at most)
_HELD_MORE = (0, 0, 1, 2, 2)
# nibble-wise counting of a hand mask (the bomb: three of a month)
_ODD = int("5" * 13, 16)
_PAIRS = int("3" * 13, 16)
_NIB0 = int("1" * 13, 16)


def rollout(g, rng):
    """Plays the full state ``g`` to its end with the fast policy (quiet).

    The same moves as ``play_out(g, rng, rollout_action)`` with the same
    draws of ``rng`` (tests/test_rollout_fast.py holds them equal), written
    for speed: the play phase's policy is inlined (the card values, the
    hands as bit masks, the bomb from them), the common turn (the played
    and the flipped card of different months, each staying or pairing) is
    played here as the engine plays it (``_play``, ``_flip``, ``_resolve``,
    ``_end_turn``, or gostop's ``_play_now``, ``_flip_now`` and
    ``_chose_now``), a turn with a choice, a stack or a flip of the played
    card's month has its play, flip and choices (the policy's) made here
    and the engine's ``_resolve``, and Go/Stop is decided and applied here;
    every other turn and decision goes to the engine (``_play``,
    ``_act_play``, ``_apply``). No history is kept: the copy played out is
    thrown away."""
    _run(g, rng, -1)
    return g


def _run(g, rng, first, bak=False, seat=-1, go_margin=0.5, rg=False, rg_noise=_NOISE,
         opp_noise=None, stop_turn=1 << 30):
    """The loop of ``rollout``: ``first``, a month card the player to move
    plays first (the search's candidate, neither a bomb nor a shake), or -1;
    ``bak``: the bak-aware card values (``rollout_bak``); ``seat`` and
    ``go_margin``: that seat's Go rule goes on when a Go's expected total
    beats the Stop's by ``go_margin`` (``rollout_with``; the others by 0.5);
    ``rg``: the greedy-like policy's plays and field choices (``rollout_rg``),
    its plays' noise uniform 0..``rg_noise`` (``rollout_with``);
    ``opp_noise``: every seat but ``seat`` (every seat when ``seat`` is -1)
    plays the greedy-like policy with its plays' noise uniform
    0..``opp_noise`` (an opponent model, the arena option ``rgo<noise>``;
    docs/ai.md, round 20), ``seat`` its own policy (``rg``, ``bak`` or the
    plain one); None: no opponent model; ``stop_turn``: the loop stops
    (the hand not over) when a turn after that one is to be played (a
    short rollout, ``rollout_cut``). Returns whether the hand went on
    after ``first`` (True without one)."""
    if rg or opp_noise is not None:
        _load_rg()
    g.quiet = True
    g._events = None
    rules = g.rules
    bak = bak and rules.bak
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
    resolve = g._resolve
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
    cv = _card_value
    weights = _DISCARD_WEIGHT
    held_more = _HELD_MORE
    noise = _NOISE
    pair_gain = _DISCARD_PAIR
    scores = _SCORES
    # each hand as a bit mask (a month's cards held: its nibble), kept up
    # to date: by the fast play, or from the hand after the engine acted
    hmasks = [mask(h) for h in hands]
    # which seats play the greedy-like policy (read only when ``rg``: some
    # seat does), and with what noise
    if opp_noise is None:
        rg_at = (rg,) * n
        rg_noises = (rg_noise,) * n
    else:
        # (loops, not comprehensions, keep these fast locals of the loop)
        rg_at = [True] * n
        rg_noises = [opp_noise] * n
        if 0 <= seat < n:
            rg_at[seat] = rg
            rg_noises[seat] = rg_noise
        rg = True
    if rg:
        rg_lam = 0.6 if n == 2 else 0.35
        rg_bak = rules.bak
        if all(rg_at):
            def choose(fm, mine, theirs):
                return _choose_rg(fm, mine, theirs, rg_bak, rg_lam)
        else:
            # (the mover's turn: ``g.mover`` is the player whose pick it is;
            # defaults, not a closure, keep ``g`` a fast local of the loop)
            def choose(fm, mine, theirs, g=g, rg_at=rg_at):
                if rg_at[g.mover]:
                    return _choose_rg(fm, mine, theirs, rg_bak, rg_lam)
                return _choose(fm, mine, theirs)
    else:
        choose = _choose
    went_on = True
    while True:
        ph = g.phase_id
        if ph != PLAY:
            if ph == OVER:
                return went_on
            went_on = True
            p = g.mover
            if ph == GOSTOP:            # (``_apply``'s Go and Stop)
                if _go_ev(g, p, go_margin if p == seat else 0.5):
                    go(p)
                else:
                    stop(p)
                continue
            apply(p, rollout_action(g, p, rng, rg=rg and rg_at[p]))
            hmasks[p] = mask(hands[p])
            continue
        went_on = True
        if g.turn > stop_turn and first < 0:
            return True
        p = g.mover
        hand = hands[p]
        field = g.field
        hmask = hmasks[p]
        if first >= 0:
            # the search's candidate: played as the engine's ``_apply``
            # plays a card (no bomb, no shake)
            c = first
            first = -1
            went_on = False
            m = MONTH_[c]
            theirs = 0
            for q in range(n):
                if q != p:
                    theirs |= piles[q]
        else:
            if not hand:
                act_play(p, PASS)
                continue
            top = hand[-1]
            if top >= BONUS2:
                act_play(p, top)
                hmasks[p] = mask(hand)
                continue
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
            if rg and rg_at[p]:
                # the greedy-like policy (``rollout_rg``)
                c = _rg_play(g, p, hand, hmask, field, mine, theirs, cards, rnd, rg_noises[p])
            else:
                weight = weights[cards][cards + len(stock)]
                if bak:
                    kind = _bak_kind(mine, theirs)
                    VAL_ = _BAK_VALS[kind]
                    SUM4_ = _BAK_SUM4[kind]
                    cv = _BAK_CV[kind]
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
                                v += cv(x, mine, theirs)
                            else:
                                v += VAL_[x]
                        else:
                            lo = sh + LOW4_[nib]
                            hi = sh + HIGH4_[nib]
                            a = cv(lo, mine, theirs) if GROUP_[lo] else VAL_[lo]
                            b = cv(hi, mine, theirs) if GROUP_[hi] else VAL_[hi]
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
        if deferred:
            if not stock:
                play(p, c)
                continue
            d = stock[-1]
            if d >= BONUS2:             # a bonus card flipped: the engine's play
                play(p, c)
                continue
            md = MONTH_[d]
            shd = SHIFT_[d]
            nibd = (field >> shd) & 15
            kd = POP4_[nibd]
            if kc > 1 or kd > 1 or md == m:
                # the engine's ``_play`` and ``_flip`` with the choices (the
                # policy's: a pick between two field cards, no draw) made
                # here, then its ``_resolve`` (stacks, chok, ppuk, ttadak ...)
                play_from_hand(g, hand, c, kc, sh + LOW4_[nib],
                               choose(field & MONTH_MASK[m], piles[p], theirs) if kc == 2 else -1)
                stock.pop()
                g.flipped = d
                if md != m and kd == 2:
                    resolve(p, choose(field & MONTH_MASK[md], piles[p], theirs))
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
            # gostop's immediate captures (``_play_now``, ``_capture_now``,
            # ``_flip_now``, ``_chose_now``), the choices the policy's
            hand.remove(c)
            if g.shown:
                g.shown &= ~(1 << c)
            bc = 1 << c
            if kc:
                fm = field & MONTH_MASK[m]
                if kc == 2:
                    fm = 1 << choose(fm, piles[p], theirs)
                field &= ~fm
                piles[p] |= fm | bc
            else:
                field |= bc
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
                else:
                    if kd == 2:
                        fm = 1 << choose(fm, piles[p], theirs)
                    field &= ~fm
                    piles[p] |= fm | bd
                break
            g.field = field
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
        q = p + 1
        if q == n:
            q = 0
        g.mover = q
        if flip_only[q]:
            g.phase_id = FLIP_ONLY


# the rollout draws only ``rng.random()`` (the search may hand it a FloatStream)
rollout.floats_only = True
# the search's candidate move and its rollout in one (``_run`` plays a card
# from the hand first)
rollout.after = rollout_after(_run, BONUS2)


def rollout_bak(g, rng):
    """``rollout`` with the bak-aware card values (``_bak_kind``): the
    same moves as ``play_out(g, rng, partial(rollout_action, bak=True))``.
    The search's arena option ``bak`` (docs/ai.md, round 16); no level
    plays it by default."""
    _run(g, rng, -1, True)
    return g


rollout_bak.floats_only = True
rollout_bak.after = rollout_after(partial(_run, bak=True), BONUS2)


# a rollout with the opponent model (``rgo``) against the plain one, in time
RGO_COST = 1.3


def rollout_with(bak=False, go_margin=0.5, rg=False, rg_noise=None, opp_noise=None, cut=None,
                 floor=0):
    """The search's rollout with the arena's options (docs/ai.md, rounds
    16, 18 and 19): ``bak`` (``rollout_bak``'s card values), ``go_margin``,
    the Go rule's margin (``_go_ev``: 0.5) for the searching seat's own
    turns (the seat ``after`` is given; ``rollout(g, rng)`` alone knows no
    seat and plays every seat by 0.5), ``rg`` (``rollout_rg``'s greedy-like
    plays, which take the place of ``bak``'s card values) and ``rg_noise``
    (``rg``'s noise, uniform 0..``rg_noise``; None: ``_NOISE``, 0.6), and
    ``opp_noise`` (round 20: an opponent model; the other seats' turns play
    the greedy-like policy with the noise uniform 0..``opp_noise``, the
    searching seat's its own policy; without a seat, ``run(g, rng)``, every
    seat plays it; None: none). The plain ``rollout``, ``rollout_bak`` or
    ``rollout_rg`` when the margin is 0.5, the noise ``_NOISE`` and there is
    no opponent model. ``cut`` and ``floor`` (round 26, matgo): a short
    rollout, see ``rollout_cut``."""
    if cut is not None:
        return rollout_cut(cut, floor, bak=bak, go_margin=go_margin, rg=rg,
                           rg_noise=_NOISE if rg_noise is None else rg_noise, opp_noise=opp_noise)
    if rg_noise is None:
        rg_noise = _NOISE
    rg_noise = float(rg_noise)
    if opp_noise is not None:
        opp_noise = float(opp_noise)
    if go_margin == 0.5 and (not rg or rg_noise == _NOISE) and opp_noise is None:
        if rg:
            return rollout_rg
        return rollout_bak if bak else rollout

    def run(g, rng):
        _run(g, rng, -1, bak, rg=rg, rg_noise=rg_noise, opp_noise=opp_noise)
        return g

    run.floats_only = True
    run.after = rollout_after(lambda g, rng, first, seat: _run(g, rng, first, bak, seat, go_margin, rg,
                                                               rg_noise, opp_noise),
                              BONUS2, seated=True)
    run.go_margin = go_margin
    run.rg_noise = rg_noise
    run.opp_noise = opp_noise
    if opp_noise is not None:
        # what a rollout of the opponent model costs against the plain one in
        # the hard search (bench/rollout_agreement.py --policy plain,rgo0:
        # 1.28-1.29x, CPython; docs/ai.md, round 25): the arena's emulated
        # phone (device_clock) charges it
        run.relative_cost = RGO_COST
    return run


def rollout_rg(g, rng):
    """``rollout`` with the greedy-like policy (``_rg_play``, ``_choose_rg``):
    the same moves as ``play_out(g, rng, partial(rollout_action, rg=True))``.
    The search's arena option ``rg`` (docs/ai.md, round 18); no level plays
    it by default."""
    _run(g, rng, -1, rg=True)
    return g


rollout_rg.floats_only = True
rollout_rg.after = rollout_after(partial(_run, rg=True), BONUS2)


# the search plans a timed decision by it (the fixed part fitted, round 23)
rollout_cost = cards_left_cost(3)

# A short rollout's work beside its turns, in ``rollout_cost``'s units (a
# whole one's fixed part is the set-up and the settlement): the set-up and
# the evaluation's 36 features. Measured: with 3 the first plays' searches took
# 18% more CPU a unit than whole rollouts' (docs/ai.md, round 27).
CUT_FIXED_COST = 5


def rollout_cut(turns, floor=0, **options):
    """A short rollout (the arena option ``tr<turns>``; docs/ai.md, round
    26): the world is played as ``rollout_with(**options)`` plays it, but
    only until ``turns`` turns after the candidate's have been played, and
    the position is then valued by ``hwatu_value`` unless the hand is
    over. ``estimate(g, seat)``: that value (the fitted estimates of the
    search's utility, the payment and the chance of a win), or None when
    the hand ended (the search reads its returns).
    ``floor``: a rollout that would stop with fewer turns left than that
    plays the hand out instead (the evaluation is least sure late, where
    whole rollouts are cheap). ``cost(view)``: its work in the units of
    ``rollout_cost`` (at most ``turns`` turns after the candidate's, and
    the evaluation's in place of the settlement's, ``CUT_FIXED_COST``)."""
    from .hwatu_value import estimate as valued
    run_options = dict(options)
    seat_margin = run_options.pop("go_margin", 0.5)

    def cuts(turn, turns_total):
        # stopped after the candidate's turn and ``turns`` more, unless
        # fewer than ``floor`` would be left
        return turns_total - turn - turns >= floor

    def stop_at(g):
        # the last turn played
        return g.turn + turns if cuts(g.turn, g.rules.turns_total) else 1 << 30

    def run(g, rng):
        _run(g, rng, -1, stop_turn=stop_at(g), **run_options)
        return g

    def after_run(g, rng, first, seat):
        return _run(g, rng, first, seat=seat, go_margin=seat_margin, stop_turn=stop_at(g),
                    **run_options)

    def estimate(g, seat):
        if g.phase_id == OVER:
            return None
        return valued(g, seat)

    def cost(view):
        if cuts(view["turn"], view["turns_total"]):
            return CUT_FIXED_COST + turns + 1
        return rollout_cost(view)

    run.floats_only = True
    run.after = rollout_after(after_run, BONUS2, seated=True)
    run.estimate = estimate
    run.cost = cost
    run.relative_cost = getattr(rollout_with(**options), "relative_cost", 1.0)
    return run
