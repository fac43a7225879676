"""SearchAgent's ``fill_budget``: a candidate that ends the hand (a Stop)
plays no rollout, so the others get its share of the worlds."""
import random

from gostop.agents.search import SearchAgent

from test_search_anchor import OneShot, VIEW


class StopOrGo(OneShot):
    """Action 0 ends the hand at once paying 1.0 (a Stop); action 1 is
    played out by a rollout paying 0.0..2.0 (a Go)."""

    def apply_unchecked(self, action, seat):
        self.chosen = action
        if action == 0:
            self.paid = 1.0


def rollout(g, rng):
    g.paid = 2.0 * rng.random()


def analyse(fill, rollouts=200):
    agent = SearchAgent(StopOrGo, rollout, rollouts=rollouts, min_worlds=4,
                        slice_rollouts=1000, fill_budget=fill)
    gen = agent.analyse(VIEW, [0, 1], random.Random(5))
    try:
        while True:
            next(gen)
    except StopIteration as done:
        return done.value


def test_a_terminal_candidate_leaves_its_worlds_to_the_others():
    plain, filled = analyse(False), analyse(True)
    worlds = {r["action"]: r["worlds"] for r in plain["ranking"]}
    assert worlds == {0: 100, 1: 100} and plain["rollouts"] == 100
    worlds = {r["action"]: r["worlds"] for r in filled["ranking"]}
    assert worlds == {0: 200, 1: 200} and filled["rollouts"] == 200


def test_fill_keeps_the_first_worlds():
    # the filled search plays the plain search's worlds first (the same
    # seeds), then more: its estimate of the Go is the plain one's, refined
    plain, filled = analyse(False, 40), analyse(True, 20)
    p = {r["action"]: r for r in plain["ranking"]}
    f = {r["action"]: r for r in filled["ranking"]}
    assert f[1]["worlds"] == p[1]["worlds"] == 20
    assert f[1]["payment"] == p[1]["payment"]
