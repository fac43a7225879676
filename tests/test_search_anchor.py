"""SearchAgent's anchor: a default action that only clear evidence overrules."""
import random

import pytest

from gostop.agents.search import SearchAgent


class OneShot:
    """A one-move game: the seat picks an action and a rollout deals that
    action's payment, its mean from ``MEANS`` plus noise of its own (each
    action draws a different float of the world's stream, so two actions'
    results are not the same on one world)."""

    MEANS = (0.0,) * 8
    SPREAD = 1.0
    quiet = False

    def __init__(self):
        self.chosen = None
        self.paid = None

    @classmethod
    def sample_world(cls, view, rng):
        return cls()

    def clone(self):
        g = type(self)()
        g.chosen, g.paid = self.chosen, self.paid
        return g

    def apply_unchecked(self, action, seat):
        self.chosen = action

    def is_terminal(self):
        return self.paid is not None

    def returns(self):
        return [self.paid, -self.paid]


def rollout(g, rng):
    noise = [rng.random() * 2 - 1 for _ in g.MEANS]
    g.paid = g.MEANS[g.chosen] + g.SPREAD * noise[g.chosen]


def game(means, spread):
    return type("Toy", (OneShot,), {"MEANS": tuple(means), "SPREAD": spread})


def search(cls, anchor=None, z=1.0, rollouts=160):
    return SearchAgent(cls, rollout, rollouts=rollouts, min_worlds=4, slice_rollouts=1000,
                       anchor=None if anchor is None else (lambda view, legal: anchor), anchor_z=z)


VIEW = {"player": 0}
LEGAL = list(range(8))


def test_a_clearly_better_action_overrules_the_anchor():
    cls = game([5.0] + [0.0] * 7, 1.0)
    for seed in range(20):
        assert search(cls, anchor=3).choose(VIEW, LEGAL, random.Random(seed)) == 0


def test_noise_does_not_overrule_the_anchor():
    # Every action is worth the same: the plain search's best is whichever
    # the noise favoured, the anchored one keeps the anchor.
    cls = game([0.0] * 8, 5.0)
    plain = {search(cls).choose(VIEW, LEGAL, random.Random(seed)) for seed in range(30)}
    assert len(plain) > 2
    anchored = [search(cls, anchor=3).choose(VIEW, LEGAL, random.Random(seed)) for seed in range(30)]
    assert anchored.count(3) >= 20     # the plain search keeps it in ~1 of 8


def test_the_anchor_survives_the_halving_and_leads_the_ranking():
    # The anchor is the worst action by a hair: the halving would drop it
    # in its first round; with an unreachable bar it is still the choice.
    cls = game([0.1] * 7 + [0.0], 1.0)
    agent = search(cls, anchor=7, z=1e9)
    for seed in range(10):
        assert agent.choose(VIEW, LEGAL, random.Random(seed)) == 7
    gen = agent.analyse(VIEW, LEGAL, random.Random(1))
    with pytest.raises(StopIteration) as done:
        while True:
            next(gen)
    out = done.value.value
    assert out["choice"] == 7 and out["ranking"][0]["action"] == 7
    assert out["ranking"][0]["worlds"] == max(r["worlds"] for r in out["ranking"])


def test_without_an_anchor_the_search_is_unchanged():
    cls = game([0.3, 0.1, 0.0, 0.2, 0.0, 0.25, 0.05, 0.15], 1.0)
    a = [search(cls).choose(VIEW, LEGAL, random.Random(s)) for s in range(15)]
    b = [SearchAgent(cls, rollout, rollouts=160, min_worlds=4).choose(VIEW, LEGAL, random.Random(s))
         for s in range(15)]
    assert a == b
