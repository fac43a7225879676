"""What the matching games' computer players share (``agents.hwatu`` for
matgo and gostop, ``agents.stopgo``): the greedy agent's skeleton and its
reading of a view, the rollout loop and the rollout policy as an agent.

Each game's module keeps its own judgement: the potential of a pile, what
a play or a choice is worth, Go or Stop, and the fast rollout policy.
"""
from ..core.registry import game_class
from ..games.matching.deck import GROUP_MASK, mask
from ..games.matching.flow import CHOSEN, PAIR, STACK, STAY
from ..games.matching.phases import OVER, PLAY
from .base import Agent


def bits(m):
    """The ids set in bit mask ``m``, ascending."""
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def cards_left_cost(fixed):
    """A game's ``rollout_cost(view)`` for the search (docs/ai.md, round
    23): the work a rollout from the view's decision costs, in units, the
    cards left in all hands (each a turn to play) plus ``fixed`` for what
    every rollout pays (the copy, Go/Stop, the settlement), fitted per game
    on CPython's hard decisions."""
    def rollout_cost(view):
        return fixed + sum(view["hand_counts"])
    return rollout_cost


def chance_held(opp_cards, hidden, u):
    """Chance that an opponent holds at least one of ``u`` hidden cards when
    ``opp_cards`` of the ``hidden`` cards are in the opponents' hands (the
    greedy agent's guess and the hwatu rollout's discard rule)."""
    if not u or not opp_cards:
        return 0.0
    frac = min(1.0, opp_cards / hidden)
    return 1.0 - (1.0 - frac) ** u


class ViewPosition:
    """What the greedy agent works from, built from one view: the field and
    the piles as masks, the cards ``unseen`` (a mask: where the seat cannot
    locate them), the counts, and a cache of what cards are worth to whom.

    A game's subclass gives ``FIELD_CARDS`` (the view's key of the field's
    cards) and ``potential(pile, dead)``: how good a pile is, ``dead``
    being the cards in the other players' piles."""

    FIELD_CARDS = "field_cards"

    def __init__(self, view, unseen):
        self.view = view
        self.me = me = view["player"]
        self.n = view["players"]
        self.field = mask(view[self.FIELD_CARDS])
        self.piles = [mask(pile) for pile in view["captured"]]
        self.unseen = unseen
        self.n_unseen = max(1, unseen.bit_count())
        counts = view["hand_counts"]
        self.opp_cards = sum(k for q, k in enumerate(counts) if q != me)
        self.stock = view["stock_count"]
        self.opps = [q for q in range(self.n) if q != me]
        self.lam = 0.6 if self.n == 2 else 0.35
        self._cache = {}

    def gain(self, p, cap):
        """Rise of ``p``'s potential when ``p`` takes the cards ``cap``."""
        key = (p, cap)
        v = self._cache.get(key)
        if v is None:
            pile = self.piles[p]
            dead = 0
            for q, m in enumerate(self.piles):
                if q != p:
                    dead |= m
            v = self.potential(pile | cap, dead) - self.potential(pile, dead)
            self._cache[key] = v
        return v

    def value(self, cap, steal=0):
        """My gain from taking ``cap`` plus the blocking value (a share of
        what it would be worth to each opponent), plus ``steal`` junk units
        taken from every opponent (hwatu's junk taking, the bomb)."""
        v = self.gain(self.me, cap)
        for q in self.opps:
            v += self.lam * self.gain(q, cap)
        if steal:
            v += steal * 0.45 * len(self.opps)
        return v

    def group_unseen(self, g):
        """How many cards of month or rank ``g`` the seat cannot locate."""
        return (self.unseen & GROUP_MASK[g]).bit_count()

    def p_opp_holds(self, g):
        """Chance that some opponent holds a card of group ``g``."""
        return chance_held(self.opp_cards, self.n_unseen, self.group_unseen(g))

    def p_flip(self, g):
        """Chance that the next flip is of group ``g``."""
        if not self.stock:
            return 0.0
        return self.group_unseen(g) / self.n_unseen


class GreedySkeleton(Agent):
    """The one-move heuristic's frame: a forced move is made at once, Go or
    Stop is the game's ``wants_go(view)``, and any other decision its
    ``choose_move``, which scores the legal actions for ``pick`` to take the
    best (ties: the lowest id). ``GO`` and ``STOP``: the game's action ids."""

    name = "greedy"
    GO = STOP = None

    def __init__(self, noise=0.0):
        self.noise = noise

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "go-stop":
            return self.GO if self.GO in legal and self.wants_go(view) else self.STOP
        return self.choose_move(view, legal, rng)

    def wants_go(self, view):
        raise NotImplementedError

    def choose_move(self, view, legal, rng):
        raise NotImplementedError

    def pick(self, scored, rng):
        """The action of the best ``(value, action)`` pair, after noise."""
        if self.noise:
            scored = [(v + (rng.random() * 2 - 1) * self.noise, a) for v, a in scored]
        return max(scored, key=lambda t: (t[0], -t[1]))[1]


def play_out(g, rng, act):
    """Plays the full state ``g`` to its end in quiet mode, each move chosen
    by ``act(g, player, rng)`` (a game's rollout policy)."""
    g.quiet = True
    while g.phase_id != OVER:
        p = g.mover
        g.apply_unchecked(act(g, p, rng), p)
    return g


class RolloutSkeleton(Agent):
    """A game's rollout policy (``rollout_action``) as an agent: it needs a
    full state, so it samples one world from the view first (tests, arena)."""

    name = "rollout"

    @staticmethod
    def rollout_action(g, p, rng):
        raise NotImplementedError

    def choose(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        g = game_class(view["game"]).sample_world(view, rng)
        a = self.rollout_action(g, view["player"], rng)
        return a if a in legal else legal[0]


__all__ = ["bits", "chance_held", "ViewPosition", "GreedySkeleton", "play_out",
           "RolloutSkeleton"]


def rollout_after(run, hand_cards, seated=False):
    """``rollout.after`` for a game whose rollout loop is ``run(g, rng,
    first)`` (``first``: a card the player to move plays first, or -1;
    returns whether the hand went on after it): the search's candidate
    move and its rollout in one. A card played from the hand (an id below
    ``hand_cards``, in the play phase, by the player to move) is played by
    the loop itself (the same state as the engine's, the history too),
    anything else by ``apply_unchecked``; returns whether a rollout was
    played (False: the move ended the hand). ``seated``: ``run`` also
    takes the searching seat, ``run(g, rng, first, p)``."""
    def after(g, a, p, rng):
        seat = (p,) if seated else ()
        if a >= hand_cards or g.phase_id != PLAY or g.mover != p:
            g.apply_unchecked(a, p)
            if g.phase_id == OVER:
                return False
            run(g, rng, -1, *seat)
            return True
        g.history.append((p, a))
        return run(g, rng, a, *seat)
    return after


def play_from_hand(g, hand, c, kc, paired, chosen):
    """The engine's ``_play`` of card ``c`` from ``hand`` onto the ``kc``
    field cards of its month (or rank) as the rollouts write it: the card
    leaves the hand (and the shown cards), and the play's kind and its
    field card are recorded (``paired``: the one card when there is one;
    ``chosen``: the one picked when there are two)."""
    hand.remove(c)
    if g.shown:
        g.shown &= ~(1 << c)
    g.played = c
    if kc == 0:
        g.play_kind = STAY
        g.paired = -1
    elif kc == 1:
        g.play_kind = PAIR
        g.paired = paired
    elif kc == 3:
        g.play_kind = STACK
        g.paired = -1
    else:
        g.play_kind = CHOSEN
        g.paired = chosen
