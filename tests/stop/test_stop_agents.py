"""`stop` computer players: legal, sensible, and stronger than the baseline."""
import json

import pytest

from gostop import make
from gostop.agents import stop as agents
from gostop.core.rng import derive_seed, make_rng
from gostop.games.stop import sample_world
from gostop.games.stop.actions import ACHTUNG, STOP

from stop_util import DRAW, LEFT, RIGHT, c, conserved, new, play


def decide(agent, g, p, seed=0):
    return agent.choose(g.view(p), g.legal_actions(p), make_rng(seed))


def play_game(specs, seed, players, target=200):
    g = make("stop", seed=seed, players=players, target=target)
    ags = [agents.make(s) for s in specs]
    steps = 0
    while not g.is_terminal():
        p = g.to_move()[0]
        legal = g.legal_actions(p)
        a = ags[p].choose(g.view(p), legal, make_rng(derive_seed(seed, p, len(g.history))))
        assert a in legal
        g.apply(a, p)
        steps += 1
        assert steps < 100000
    return g


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_level_plays_legal_moves_to_the_end(players):
    specs = (["easy", "normal", "hard", "simple"] * 2)[:players]
    g = play_game(specs, seed=players, players=players)
    assert g.is_terminal()


def test_make_knows_the_levels_and_reaction_times():
    for level in ("easy", "normal", "hard", "simple"):
        assert agents.make(level).name == level
        assert agents.REACTION_MS[level] > 0
    assert agents.REACTION_MS["easy"] > agents.REACTION_MS["normal"] > agents.REACTION_MS["hard"]
    with pytest.raises(ValueError):
        agents.make("grandmaster")


def test_hard_keeps_its_only_0_and_plays_another_card():
    g = new(["r0 r7 g5 g8 y3", "b1 b2 b3 b4"], "r3")
    assert decide(agents.make("hard"), g, 0) == c("r7")


def test_hard_defends_a_2_with_a_2_or_the_0():
    g = new(["r2 y1 y2", "g2 r0 b5 b6", "b1 b2"], "r3", stock="y3 y4 y5 y6")
    g.apply(play("r2"), 0)
    assert decide(agents.make("hard"), g, 1) in (c("g2"), c("r0"))
    g = new(["r2 y1 y2", "r0 b5 b6 b7", "b1 b2"], "r3", stock="y3 y4 y5 y6")
    g.apply(play("r2"), 0)
    assert decide(agents.make("hard"), g, 1) == c("r0")


def test_hard_chooses_the_exchange_direction_by_hand_sizes():
    # Left: seat 0 receives seat 2's hand (1 card); right: seat 1's (5 cards).
    g = new(["rX y1 y2 y3 y4 y5", "g1 g3 g4 g5 g6", "b1"], "r3")
    g.apply(c("rX"), 0)
    assert decide(agents.make("hard"), g, 0) == LEFT
    g = new(["rX y1 y2 y3 y4 y5", "g1", "b1 b3 b4 b5 b6"], "r3")
    g.apply(c("rX"), 0)
    assert decide(agents.make("hard"), g, 0) == RIGHT


def test_hard_cancels_an_exchange_that_would_hurt_it():
    g = new(["rX y1 y2 y3 y4 y5 y6", "r0 g1", "b1 b2 b3"], "r3")
    g.apply(c("rX"), 0)
    g.apply(LEFT, 0)     # seat 1 would receive seat 0's six cards
    assert decide(agents.make("hard"), g, 1) in (c("r0"), play("r0", ACHTUNG))


def test_hard_interjects_and_calls():
    g = new(["r5 y1 y2", "r5 g1", "b1 b2"], "r3")
    g.apply(play("r5"), 0)
    assert decide(agents.make("hard"), g, 1) == play("r5", ACHTUNG)


def test_everyone_takes_a_free_choice_stop():
    # Free Choice + r5 on a b3 (the r5 alone does not match): the legal moves are
    # the Free Choice with the Stop call (out), without it (a forgotten call:
    # draw 2, the round goes on) and drawing.
    g = new(["F r5", "g1 g2"], "b3")
    out, forgot = play("F", STOP), c("F")
    assert g.legal_actions(0) == sorted([out, forgot, DRAW])
    # Out of 400 seeded choices: no level ever draws; "simple" always calls, the
    # others forget the call at most at about their rate (forget: easy 0.2,
    # normal 0.06, hard 0.01 -> expected 320, 376 and 396 calls; each bar sits
    # about 4 standard deviations below). A random player calls ~133 times.
    bar = {"simple": 400, "hard": 388, "normal": 355, "easy": 280}
    for level, need in bar.items():
        ag = agents.make(level)
        moves = [decide(ag, g, 0, seed=s) for s in range(400)]
        assert DRAW not in moves, level
        assert moves.count(out) >= need, (level, moves.count(out))
    rng = make_rng(5)
    random_calls = sum(rng.choice(g.legal_actions(0)) == out for _ in range(400))
    assert random_calls < min(bar.values())


def test_easy_forgets_calls_more_often_than_hard():
    g = new(["r5 y1", "g1 g2"], "r3")
    def forgets(level):
        ag = agents.make(level)
        return sum(decide(ag, g, 0, seed=s) == c("r5") for s in range(400))
    assert forgets("easy") > forgets("hard")
    assert forgets("easy") > 20


def test_sampled_worlds_agree_with_the_view():
    for seed in range(12):
        g = make("stop", seed=seed, players=3 + seed % 4)
        rng = make_rng(seed)
        ag = agents.make("normal")
        for _ in range(150):
            if g.is_terminal():
                break
            p = g.to_move()[0]
            v = g.view(p)
            w = sample_world(v, rng)
            assert conserved(w)
            assert w.view(p) == v
            assert w.legal_actions(p) == g.legal_actions(p)
            json.dumps(v)
            g.apply(ag.choose(v, g.legal_actions(p), rng), p)


def test_hard_beats_the_simple_baseline():
    wins = 0.0
    games = 24
    for i in range(games):
        seat = i % 2
        specs = ["simple", "simple"]
        specs[seat] = "hard"
        g = play_game(specs, seed=500 + i, players=2, target=300)
        wins += g.returns()[seat]
    assert wins / games > 0.6
