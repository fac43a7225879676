"""bench/oracle_arena.py: the arena whose search deals its worlds from the
true state (an upper bound for reading the opponents' cards) or from a
posterior under greedy's policy (docs/ai.md, round 21)."""
import os
import sys

from gostop import arena
from gostop.agents.hwatu import GreedyAgent
from gostop.core.registry import make
from gostop.core.rng import derive_seed, make_rng

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
import oracle_arena  # noqa: E402

SPEC = "search:hard:40"
PLAYS, MARGIN = 5, 0.5


def test_without_an_oracle_it_plays_the_arenas_own_hands():
    ours = oracle_arena.play_deal("matgo", 2, SPEC, "greedy", 5, 0, "view")
    theirs = arena.play_deal(("matgo", 2, SPEC, "greedy", 5, 0, "none"))
    assert [(r["win"], r["pay"]) for r in ours] == [(r["win"], r["pay"]) for r in theirs]


def _a_position(moves=3):
    g = make("matgo", seed=11, players=2)
    greedy = GreedyAgent()
    for _ in range(moves):
        p = g.current_player
        g.apply(greedy.choose(g.view(p), g.legal_actions(p), None), p)
    return g


def test_the_oracles_worlds_hold_the_true_hands_and_know_all_the_stocks_order():
    g = _a_position()
    me = g.current_player
    cls = type(g)
    for know in ("hand", "all"):
        sample = oracle_arena.oracle_sampler(g, know)(cls, g.view(me))
        stocks = set()
        for i in range(5):
            w = sample(make_rng(i))
            assert w.hands == g.hands
            assert sorted(w.stock) == sorted(g.stock)
            stocks.add(tuple(w.stock))
        assert (stocks == {tuple(g.stock)}) == (know == "all")


def test_the_posterior_deals_the_opponent_the_cards_greedys_plays_point_to():
    g = make("matgo", seed=11, players=2)
    greedy = GreedyAgent()
    past = []
    while len(past) < PLAYS:     # the second seat's plays, recorded as the bench does
        p = g.current_player
        legal = g.legal_actions(p)
        rseed = derive_seed(11, p, len(g.history))
        a = greedy.choose(g.view(p), legal, make_rng(rseed))
        if p == 1 and g.view(p)["phase"] == "play" and len(legal) > 1:
            past.append((g.clone(), p, a, rseed))
        g.apply(a, p)
    while g.current_player != 0:
        p = g.current_player
        g.apply(greedy.choose(g.view(p), g.legal_actions(p), None), p)
    cls, view, true = type(g), g.view(0), set(g.hands[1])
    post = oracle_arena.posterior_sampler(past, 0, 300, 0.01, 3)(cls, view)
    uniform = cls.world_sampler(view)
    rng = make_rng(2)
    hits = [sum(len(true & set(s(rng).hands[1])) for _ in range(400)) / 400 for s in (post, uniform)]
    assert hits[0] > hits[1] + MARGIN
