"""Computer players for go-stop-2005: legal, deterministic, and better than random."""
import pytest

from gostop import make
from gostop.agents import agent_specs, make_agent
from gostop.core.rng import make_rng
from gostop.games.gostop2005 import GO, STOP, sample_world

GAME = "go-stop-2005"


def match(spec_a, spec_b, players, games, seed0=0):
    """Seat 0 rotates; returns the number of games won by ``spec_a``."""
    wins = 0
    for s in range(seed0, seed0 + games):
        seat_a = s % players
        g = make(GAME, seed=s, players=players)
        agents = [make_agent(GAME, spec_a if p == seat_a else spec_b) for p in range(players)]
        rng = make_rng(s + 1000)
        while not g.is_terminal():
            for p in g.to_move():
                legal = g.legal_actions(p)
                a = agents[p].choose(g.view(p), legal, rng)
                assert a in legal
                g.apply(a, p)
        wins += g.winner == seat_a
    return wins


def test_levels_exist_and_unknown_levels_are_refused():
    assert agent_specs(GAME) == ["random", "easy", "normal", "hard"]
    with pytest.raises(ValueError, match="no agent"):
        make_agent(GAME, "grandmaster")


@pytest.mark.parametrize("spec", ["random", "easy", "normal", "hard"])
def test_agents_are_deterministic_for_a_seed(spec):
    g = make(GAME, seed=4, players=3)
    for _ in range(6):
        for p in g.to_move():
            g.apply(0 if p else g.legal_actions(p)[-1], p)
    agent = make_agent(GAME, spec)
    picks = {agent.choose(g.view(1), g.legal_actions(1), make_rng(77)) for _ in range(3)}
    assert len(picks) == 1


def test_normal_beats_random_clearly():
    # 60 two-player games: random wins about half; normal should win 80%+.
    assert match("normal", "random", 2, 60) >= 45


def test_hard_beats_normal_with_three_players():
    # A fair share would be 1/3 of 30 games.
    assert match("hard", "normal", 3, 30) >= 15


def test_heuristic_stops_on_a_ten_and_passes_a_two():
    g = make(GAME, players=2, deck=[10, 2, 3, 4, 5, 6, 7, 8, 9, 1])
    agent = make_agent(GAME, "normal")
    assert agent.choose(g.view(0), [GO, STOP], make_rng(1)) == STOP
    g.apply(GO, 0)
    g.apply(GO, 1)
    assert agent.choose(g.view(0), [GO, STOP], make_rng(1)) == GO


def test_sample_world_is_consistent_with_the_view():
    g = make(GAME, seed=2, players=4)
    rng = make_rng(5)
    for _ in range(7):
        for p in g.to_move():
            legal = g.legal_actions(p)
            g.apply(legal[rng.randrange(len(legal))], p)
    g.apply(1 if 1 in g.legal_actions(2) else 0, 2)
    view = g.view(0)
    for i in range(50):
        w = sample_world(view, make_rng(i))
        assert w.view(0) == view
        for p in range(4):
            in_piles = [cell[1][p] for cell in w.line if cell[1] is not None]
            if w.choices[p] is not None:
                in_piles.append(w.choices[p])
            assert w.gos[p] + in_piles.count(0) == 5
            assert int(w.stop_in_hand[p]) + in_piles.count(1) == 1
        # The sampled world plays on.
        for p in w.to_move():
            w.apply(w.legal_actions(p)[0], p)
