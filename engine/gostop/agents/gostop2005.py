"""Computer players for `go-stop-2005`.

The decision each turn is whether to lay the Stop (if it is in hand) under the
number card just turned up. What matters:

- the card's worth: high cards win rounds, and the 1 is the best card of all
  when the 10 is also in the line, because 1 beats 10;
- competition: two Stops on one card discard it, so a 10 that everybody wants
  is less sure than a 7 nobody wants;
- tempo: a Stop laid now only returns when its card is scored (four turns
  later), so laying it on a poor card leaves you unable to answer a 10.

``easy`` and ``normal`` use a hand-made estimate of those; ``hard`` samples
worlds consistent with its view (where the others' Stops may be, the deck
order) and plays each out with a fast policy, choosing the action that wins
the round most often (same sampled worlds for both actions).
"""
from ..games.gostop2005 import GO, STOP, GoStop2005
from .base import Agent

# How much a lone Stop on each number is worth, ignoring the 1-beats-10 rule.
_WORTH = {1: 0.08, 2: 0.05, 3: 0.07, 4: 0.1, 5: 0.16, 6: 0.24, 7: 0.35,
          8: 0.5, 9: 0.66, 10: 0.82}


def card_worth(number, line_numbers, unseen, players=2):
    """An estimate in [0, 1] of how good a lone Stop on ``number`` is."""
    if number == 1:
        # The 1 is the strongest card when the 10 is taken this round.
        return 0.85 if 10 in line_numbers else (0.3 if 10 in unseen else 0.05)
    w = _WORTH[number]
    higher_unseen = sum(1 for u in unseen if u > number)
    worth = max(0.02, w - 0.04 * higher_unseen + 0.12)
    # More rivals make a lone Stop on a popular card less likely.
    return worth - 0.04 * (players - 2) * (number >= 8)


class HeuristicAgent(Agent):
    """Stops when the card's worth beats a threshold, with level noise."""

    def __init__(self, name, noise, threshold=0.5):
        self.name = name
        self.noise = noise
        self.threshold = threshold

    def choose(self, view, legal, rng):
        if STOP not in legal:
            return legal[0]
        if GO not in legal:
            return STOP
        number = view["line"][-1]["number"]
        line_numbers = {c["number"] for c in view["line"]}
        seen = line_numbers | set(view["discards"]) | {t[1] for t in view["taken"]}
        unseen = [x for x in range(1, 11) if x not in seen]
        worth = card_worth(number, line_numbers, unseen, view["players"])
        noise = (rng.random() * 2 - 1) * self.noise
        return STOP if worth + noise >= self.threshold else GO


def _rollout_choice(g, p, rng):
    """The fast playout policy, on a sampled state, for player ``p``: the
    heuristic with some noise, from what ``p`` could know (the deck's cards are
    unseen to everybody; only their order is secret)."""
    if not g.stop_in_hand[p]:
        return GO
    if g.gos[p] == 0:
        return STOP
    line_numbers = [c[0] for c in g.line]
    worth = card_worth(line_numbers[-1], line_numbers, g.deck, g.num_players)
    return STOP if worth + (rng.random() * 2 - 1) * 0.2 >= 0.5 else GO


def stop_weight(number):
    """How likely a rival laid their Stop on ``number`` (sampling prior)."""
    return 0.05 + _WORTH[number] if number != 1 else 0.3


class SearchAgent(Agent):
    """Determinized Monte-Carlo: ``worlds`` sampled states, both actions tried
    on each (common random numbers), the round's winner as the result."""

    MIN_WORLDS = 12      # played before a deadline may stop the search

    def __init__(self, name, worlds, time_budget=None):
        self.name = name
        self.worlds = worlds
        self.time_budget = time_budget
        self.last_rollouts = 0

    def choose(self, view, legal, rng, deadline=None, clock=None):
        self.last_rollouts = 0
        if len(legal) == 1:
            return legal[0]
        me = view["player"]
        totals = {a: 0.0 for a in legal}
        for done in range(self.worlds):
            if deadline is not None and done >= self.MIN_WORLDS and clock() >= deadline:
                break       # out of time (the page's worker): both actions saw the same worlds
            world = GoStop2005.sample_world(view, rng, stop_weight)
            seed = rng.getrandbits(32)
            for a in legal:
                totals[a] += _play_round(world.clone(), me, a, seed)
                self.last_rollouts += 1
        best = max(legal, key=lambda a: (totals[a], a == GO))
        return best


def _play_round(g, me, action, seed):
    """Plays out the current round after ``me`` lays ``action``; 1 if ``me``
    wins it, 0 otherwise (a void round counts a little)."""
    import random
    rng = random.Random(seed)
    round_no, wins_before = g.round_no, g.wins[me]
    g.apply_unchecked(action, me)
    while g.winner < 0 and g.round_no == round_no:
        for p in [q for q, c in enumerate(g.choices) if c is None]:
            g.apply_unchecked(_rollout_choice(g, p, rng), p)
    if g.wins[me] > wins_before:
        return 1.0
    if g.round_no == round_no and g.winner < 0:
        return 0.0
    return 1.0 / (4 * g.num_players) if g.last_round and g.last_round["void"] else 0.0


def make(level):
    from .registry import TIME_BUDGETS      # the levels' budgets, in one table
    if level == "easy":
        return HeuristicAgent("easy", noise=0.35)
    if level == "normal":
        return HeuristicAgent("normal", noise=0.12)
    if level == "hard":
        return SearchAgent("hard", worlds=120, time_budget=TIME_BUDGETS["hard"])
    raise ValueError(level)
