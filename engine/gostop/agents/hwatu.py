"""Heuristic players for the hwatu games (``matgo`` and ``gostop``).

Two policies (the second in ``agents/hwatu_rollout_policy.py`` and its fast
loop in ``agents/hwatu_rollout.py``, imported here):

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
from ..games.hwatu.actions import (CHOOSE_BASE, PASS, GO, STOP, BOMB_BASE,
                                   SHAKE_BASE, CUP_ANIMAL, CUP_JUNK)
from ..games.hwatu.cards import (MONTH, MONTH_MASK, BRIGHT_MASK, GODORI_MASK,
                                 SET_MASKS, ANIMAL_NOCUP_MASK, RIBBON_MASK, BONUS2,
                                 BONUS3, NUM_MONTH_CARDS, TYPE, JUNK_VALUE)
from ..games.hwatu.scoring import base_score, junk_units, settle
from ..games.hwatu.presets import PRESETS
from ..games.hwatu.world import unseen_cards
from ..games.matching.deck import mask
from .matching import bits, ViewPosition, GreedySkeleton, RolloutSkeleton
from .hwatu_worlds import world_sampler  # noqa: F401  (the search's worlds)
from .hwatu_reading import reading_sampler  # noqa: F401  (the arena's ``read<eps>``)

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


# The rollout policy (agents/hwatu_rollout_policy.py) and its fast loop
# (agents/hwatu_rollout.py). Imported here, after what they borrow from this
# module (cup_pick, _others_union) is defined.
from .hwatu_rollout_policy import _go_ev, rollout_action  # noqa: E402,F401
from .hwatu_rollout import (rollout, rollout_bak, rollout_rg, rollout_with,  # noqa: E402,F401
                            rollout_cost)



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


__all__ = ["GreedyAgent", "RolloutAgent", "rollout", "rollout_action", "rollout_bak", "rollout_rg", "rollout_with",
           "potential",
           "distinct_actions", "rollout_cost",
           "make_greedy", "make_rng"]
