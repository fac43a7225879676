"""Random-simulation conformance for `stop`, 2-6 players, both window modes:
the protocol's promises hold at every step."""
import json

import pytest

from gostop import IllegalAction, load, make
from gostop.core.game import events_for
from gostop.core.rng import make_rng, shuffle
from gostop.games.stop.actions import DRAW, PASS, STOP

from stop_util import c, conserved, new, play

STEP_LIMIT = 60000
BAD = (-1, 53, 99, 153, 253, 305, 10 ** 6)


def pick(g, rng, p):
    """A random legal action, leaning to plays so that games move on."""
    legal = g.legal_actions(p)
    plays = [a for a in legal if a < 300]
    if plays and rng.random() < 0.8:
        return plays[rng.randrange(len(plays))]
    return legal[rng.randrange(len(legal))]


# Minus points of a card left in hand, from the rules text (RULINGS §4, stop.txt):
# Free Choice 50, +X 40, Card Exchange 30, 2 20, Skip 10, 9 9, 6 6, 0 0, other
# numbers their face value. Written out here, not taken from the engine.
RULE_POINTS = {"F": 50, "+": 40, "X": 30, "2": 20, "S": 10, "9": 9, "6": 6, "0": 0,
               "1": 1, "3": 3, "4": 4, "5": 5, "7": 7, "8": 8}
RANK_OF = {c(col + r): r for col in "rygb" for r in RULE_POINTS if r != "F"}
RANK_OF[c("F")] = "F"


def assert_round_scored_by_the_rules(row, hands_before):
    """A round's sheet row: every hand but the winner's is the hand the seat held
    (the round-ending play does not change a loser's hand) and scores its cards
    by the rules' table; the winner scores 0."""
    for q, (h, pts) in enumerate(zip(row["hands"], row["points"])):
        if q == row["winner"]:
            assert pts == 0
            continue
        cards = sorted(x["card"] for x in h["cards"])
        assert cards == sorted(hands_before[q])
        assert pts == h["total"] == sum(RULE_POINTS[RANK_OF[x]] for x in cards)


def play_random(seed, players, mode="relaxed", check=True, target=150):
    g = make("stop", seed=seed, players=players, interjection=mode, target=target)
    rng = make_rng(seed + 7)
    steps = windows = 0
    totals = [0] * players
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
        hands_before = [list(h) for h in g.hands]
        events = g.apply(pick(g, rng, p), p)
        json.dumps(events)
        for e in events:
            if e["type"] == "round_end":
                assert_round_scored_by_the_rules(e, hands_before)
                totals = [t + x for t, x in zip(totals, e["points"])]
                assert e["totals"] == totals
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
        assert abs(sum(g.returns()) - 1.0) < 1e-9
        assert max(g.scores) >= 60 and g.winners
    assert total_windows > 5


# Concrete hands scored by hand from the rules text: each seat but the one going
# out scores its cards (F 50, +X 40, Card Exchange 30, 2 20, Skip 10, 9 9, 6 6,
# 0 0, other numbers face value); the game ends when a seat reaches the target
# (500) and the fewest minus points win, a tie sharing the win.
def test_hand_computed_round_below_the_target():
    g = new(["r5", "F r+ gX b2 yS y9 g6 r0 r7", "y1 y3 y4 y5 y8", "b9 g9 r6 F"], "r3",
            scores=[100, 300, 250, 320])
    events = g.apply(play("r5", STOP), 0)
    row = [e for e in events if e["type"] == "round_end"][0]
    # seat 1: 50 + 40 + 30 + 20 + 10 + 9 + 6 + 0 + 7 = 172
    # seat 2: 1 + 3 + 4 + 5 + 8 = 21
    # seat 3: 9 + 9 + 6 + 50 = 74
    assert row["winner"] == 0 and row["points"] == [0, 172, 21, 74]
    # totals: 100 + 0, 300 + 172, 250 + 21, 320 + 74: nobody at 500, play on
    assert row["totals"] == [100, 472, 271, 394] and g.scores == [100, 472, 271, 394]
    assert not g.is_terminal() and g.returns() == [0.0] * 4 and g.round_no == 2


def test_hand_computed_game_end_with_one_winner():
    g = new(["g8", "rX bS", "F b+ y6", "y2 y0 r1"], "g3", scores=[210, 180, 390, 470])
    g.apply(play("g8", STOP), 0)
    # seat 1: 30 + 10 = 40; seat 2: 50 + 40 + 6 = 96; seat 3: 20 + 0 + 1 = 21
    assert g.sheet[0]["points"] == [0, 40, 96, 21]
    # totals: 210, 180 + 40 = 220, 390 + 96 = 486, 470 + 21 = 491: nobody at 500 yet
    assert g.scores == [210, 220, 486, 491] and not g.is_terminal()
    g = new(["g8", "rX bS", "F b+ y6", "y2 y0 r1 y9"], "g3", scores=[210, 180, 390, 470])
    g.apply(play("g8", STOP), 0)
    # seat 3 now also holds the y9: 20 + 0 + 1 + 9 = 30, 470 + 30 = 500: the end;
    # fewest: 210 (seat 0) < 220 < 486 < 500
    assert g.scores == [210, 220, 486, 500] and g.is_terminal()
    assert g.winners == [0] and g.returns() == [1.0, 0.0, 0.0, 0.0]


def test_hand_computed_shared_win():
    g = new(["b4", "y5 b8 g6 r6", "F F y+"], "b1", scores=[120, 95, 430])
    g.apply(play("b4", STOP), 0)
    # seat 1: 5 + 8 + 6 + 6 = 25, 95 + 25 = 120 (= seat 0's 120 + 0)
    # seat 2: 50 + 50 + 40 = 140, 430 + 140 = 570 >= 500: the end, seats 0 and 1 tie
    assert g.scores == [120, 120, 570]
    assert g.winners == [0, 1] and g.returns() == [0.5, 0.5, 0.0]


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
