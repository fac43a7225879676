"""Random-simulation conformance for go-stop-2005 over many seeds and every
player count: the protocol's promises hold at every step."""
import json

import pytest

from gostop import IllegalAction, load, make
from gostop.core.rng import make_rng

GAME = "go-stop-2005"


def play_random(seed, players, check_every_step=True):
    g = make(GAME, seed=seed, players=players)
    rng = make_rng(seed + 7)
    steps = 0
    while not g.is_terminal():
        to_move = g.to_move()
        assert list(to_move) == sorted(set(to_move)) and to_move
        for p in range(players):
            legal = g.legal_actions(p)
            assert legal == sorted(set(legal))
            assert bool(legal) == (p in to_move)
        p = to_move[rng.randrange(len(to_move))]
        legal = g.legal_actions(p)
        if check_every_step:
            before = json.dumps(g.to_json())
            views_before = [json.dumps(g.view(q)) for q in range(players)]
            for bad in (-1, 2, 99):
                with pytest.raises(IllegalAction):
                    g.apply(bad, p)
            assert json.dumps(g.to_json()) == before
            assert [json.dumps(g.view(q)) for q in range(players)] == views_before
        g.apply(legal[rng.randrange(len(legal))], p)
        steps += 1
        assert_invariants(g)
    return g, steps


def assert_invariants(g):
    n = g.num_players
    # Number cards are conserved: line + deck + discards + taken = 1..10.
    cards = [c[0] for c in g.line] + g.deck + g.discards + [t[1] for t in g.taken]
    assert sorted(cards) == list(range(1, 11))
    # Action cards are conserved: every player owns 5 Go + 1 Stop.
    for p in range(n):
        in_piles = [cell[1][p] for cell in g.line if cell[1] is not None]
        if g.choices[p] is not None and not g.is_terminal():
            in_piles.append(g.choices[p])
        gos = g.gos[p] + in_piles.count(0)
        stops = int(g.stop_in_hand[p]) + in_piles.count(1)
        if not g.is_terminal():
            assert (gos, stops) == (5, 1)
    assert len(g.line) <= 5
    json.dumps(g.view(0))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_keep_every_promise(players):
    for seed in range(40):
        g, _ = play_random(seed, players, check_every_step=seed < 8)
        assert g.legal_actions(0) == [] and g.to_move() == ()
        r = g.returns()
        assert sorted(r) == [0.0] * (players - 1) + [1.0]
        assert r[g.winner] == 1.0 and g.wins[g.winner] == 3
        assert max(w for p, w in enumerate(g.wins) if p != g.winner) < 3


@pytest.mark.parametrize("players", [2, 4, 6])
def test_json_round_trip_and_replay_give_identical_states(players):
    g = make(GAME, seed=11, players=players)
    rng = make_rng(1)
    while not g.is_terminal():
        p = g.to_move()[0]
        legal = g.legal_actions(p)
        g.apply(legal[rng.randrange(len(legal))], p)
        text = json.dumps(g.to_json())
        h = load(json.loads(text))
        assert json.dumps(h.to_json()) == text
        for q in range(players):
            assert h.view(q) == g.view(q)
            assert h.legal_actions(q) == g.legal_actions(q)
        c = g.clone()
        assert [c.view(q) for q in range(players)] == [g.view(q) for q in range(players)]


def test_the_same_seed_and_actions_give_the_same_transcript():
    def transcript(seed):
        g = make(GAME, seed=seed, players=4)
        rng = make_rng(99)
        out = []
        while not g.is_terminal():
            p = g.to_move()[-1]
            legal = g.legal_actions(p)
            out.append(g.apply(legal[rng.randrange(len(legal))], p))
        return json.dumps(out)
    assert transcript(5) == transcript(5)
    assert transcript(5) != transcript(6)


def test_views_leak_no_hidden_choice():
    """A view must not change when only hidden things differ: another player's
    choice this turn, or which of their cards lies in an unopened pile."""
    for seed in range(30):
        g = make(GAME, seed=seed, players=3)
        rng = make_rng(seed)
        while not g.is_terminal():
            to_move = g.to_move()
            if len(to_move) >= 2:
                p = to_move[-1]
                legal = g.legal_actions(p)
                if len(legal) == 2:
                    a, b = g.clone(), g.clone()
                    a.apply(0, p)
                    b.apply(1, p)
                    for q in range(3):
                        if q != p:
                            assert a.view(q) == b.view(q)
            p = to_move[0]
            legal = g.legal_actions(p)
            g.apply(legal[rng.randrange(len(legal))], p)


def test_events_for_hides_private_choices():
    from gostop.core.game import events_for
    g = make(GAME, seed=1, players=3)
    events = g.apply(1, 2)
    assert events_for(events, 2) == [{"type": "chose", "player": 2, "action": 1}]
    assert events_for(events, 0) == [{"type": "chose", "player": 2}]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_many_random_games(players):
    for seed in range(1000):
        play_random(seed, players, check_every_step=False)
