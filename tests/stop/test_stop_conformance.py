"""Random-simulation conformance for `stop`, 2-6 players, both window modes:
the protocol's promises hold at every step."""
import json

import pytest

from gostop import IllegalAction, load, make
from gostop.core.game import events_for
from gostop.core.rng import make_rng, shuffle
from gostop.games.stop.actions import DRAW, PASS

from stop_util import conserved

STEP_LIMIT = 60000
BAD = (-1, 53, 99, 153, 253, 305, 10 ** 6)


def pick(g, rng, p):
    """A random legal action, leaning to plays so that games move on."""
    legal = g.legal_actions(p)
    plays = [a for a in legal if a < 300]
    if plays and rng.random() < 0.8:
        return plays[rng.randrange(len(plays))]
    return legal[rng.randrange(len(legal))]


def play_random(seed, players, mode="relaxed", check=True, target=150):
    g = make("stop", seed=seed, players=players, interjection=mode, target=target)
    rng = make_rng(seed + 7)
    steps = windows = 0
    while not g.is_terminal():
        to_move = g.to_move()
        assert to_move and list(to_move) == sorted(set(to_move))
        if len(to_move) > 1 or g.window is not None:
            windows += 1
        for q in range(players):
            legal = g.legal_actions(q)
            assert legal == sorted(set(legal))
            assert bool(legal) == (q in to_move)
        p = to_move[rng.randrange(len(to_move))]
        legal = g.legal_actions(p)
        if check:
            before = json.dumps(g.to_json())
            views = [json.dumps(g.view(q)) for q in range(players)]
            for bad in BAD + tuple(a for a in range(0, 305) if a not in legal)[:6]:
                with pytest.raises(IllegalAction):
                    g.apply(bad, p)
            other = next((q for q in range(players) if q not in to_move), None)
            if other is not None:
                with pytest.raises(IllegalAction):
                    g.apply(DRAW, other)
            assert json.dumps(g.to_json()) == before
            assert [json.dumps(g.view(q)) for q in range(players)] == views
        events = g.apply(pick(g, rng, p), p)
        json.dumps(events)
        steps += 1
        assert conserved(g)
        if check:
            assert_views_private(g, rng)
        assert steps < STEP_LIMIT, "the game did not end"
    return g, steps, windows


def assert_views_private(g, rng):
    """A view does not change when the cards it may not see are dealt anew."""
    n = g.num_players
    for q in range(n):
        v = g.view(q)
        json.dumps(v)
        assert v["hand"] == sorted(g.hands[q])
        assert v["hand_sizes"] == [len(h) for h in g.hands]
        h = g.clone()
        hidden = [x for p in range(n) if p != q for x in h.hands[p]] + h.stock
        shuffle(rng, hidden)
        for p in range(n):
            if p != q:
                k = len(h.hands[p])
                h.hands[p], hidden = sorted(hidden[:k]), hidden[k:]
        h.stock = hidden
        assert h.view(q) == v


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mode", ["relaxed", "race"])
def test_random_games_keep_every_promise(players, mode):
    total_windows = 0
    for seed in range(3):
        g, steps, windows = play_random(seed, players, mode, check=seed == 0, target=60)
        total_windows += windows
        assert g.to_move() == () and g.legal_actions(0) == []
        r = g.returns()
        assert abs(sum(r) - 1.0) < 1e-9
        assert all(r[w] == 1.0 / len(g.winners) for w in g.winners)
        assert max(g.scores) >= 60 and min(g.scores) == g.scores[g.winners[0]]
    assert total_windows > 5


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_full_games_to_500_end(players):
    for seed in range(2):
        g, _, _ = play_random(100 + seed, players, check=False, target=500)
        assert max(g.scores) >= 500
        assert g.sheet[-1]["totals"] == g.scores


@pytest.mark.parametrize("players", [2, 4, 6])
def test_json_round_trip_clone_and_replay(players):
    g = make("stop", seed=11, players=players, target=80)
    rng = make_rng(1)
    step = 0
    while not g.is_terminal():
        p = g.to_move()[-1]
        g.apply(pick(g, rng, p), p)
        step += 1
        if step % 7 and not g.is_terminal():
            continue
        text = json.dumps(g.to_json())
        h = load(json.loads(text))
        assert json.dumps(h.to_json()) == text
        c = g.clone()
        for q in range(players):
            assert h.view(q) == g.view(q) == c.view(q)
            assert h.legal_actions(q) == g.legal_actions(q) == c.legal_actions(q)
        assert h.hands == g.hands and h.stock == g.stock and h.pile == g.pile
        assert c.rng.getstate() == g.rng.getstate() == h.rng.getstate()


def test_the_same_seed_and_actions_give_the_same_transcript():
    def transcript(seed, mode):
        g = make("stop", seed=seed, players=4, interjection=mode, target=100)
        rng = make_rng(99)
        out = []
        while not g.is_terminal():
            p = g.to_move()[-1]
            out.append(g.apply(pick(g, rng, p), p))
        return json.dumps(out)
    for mode in ("relaxed", "race"):
        assert transcript(5, mode) == transcript(5, mode)
        assert transcript(5, mode) != transcript(6, mode)


def test_private_events_hide_drawn_cards():
    for seed in range(20):
        g = make("stop", seed=seed, players=3)
        rng = make_rng(seed)
        for _ in range(300):
            if g.is_terminal():
                break
            p = g.to_move()[0]
            events = g.apply(pick(g, rng, p), p)
            for q in range(3):
                for e in events_for(events, q):
                    if e["type"] in ("draw", "hand") and e["player"] != q:
                        assert "cards" not in e
                    if e["type"] == "answer":
                        assert e["player"] == q


def test_window_answers_stay_secret_until_resolved():
    """Relaxed mode: a claim made while others still answer changes no other view."""
    found = 0
    for seed in range(200):
        g = make("stop", seed=seed, players=6)
        rng = make_rng(seed)
        for _ in range(400):
            if g.is_terminal():
                break
            tm = g.to_move()
            if g.window is not None and len(tm) >= 2:
                p = tm[0]
                claim = [a for a in g.legal_actions(p) if a != PASS][0]
                a, b = g.clone(), g.clone()
                a.apply(claim, p)
                b.apply(PASS, p)
                for q in range(6):
                    if q != p:
                        assert a.view(q) == b.view(q)
                found += 1
            p = tm[0]
            g.apply(pick(g, rng, p), p)
    assert found > 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("mode", ["relaxed", "race"])
def test_many_random_games(players, mode):
    for seed in range(40):
        play_random(1000 + seed, players, mode, check=seed < 3, target=500)
