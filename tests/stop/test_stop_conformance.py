"""`stop`'s own conformance: hands scored by hand from the rules text, the
independent referee (``stop_referee.py``: it follows the events and
recomputes every round's points and the game's winners) checked against
them and shown to catch a wrong score, views that do not depend on the
cards they may not see, and window answers kept secret.

The protocol's checks common to every game (illegal actions, saves, replay,
clone, ``sample_world``, returns, events, action descriptions) and the
referee over random games (2-6 players) are ``tests/test_conformance.py``'s.
"""
import copy
import json
import random

import pytest

from gostop import make
from gostop.core.rng import make_rng, shuffle
from gostop.games.stop.actions import PASS, STOP

from stop_referee import StopReferee, minus_points
from stop_util import c, cs, new, play


def pick(g, rng, p):
    """A random legal action, leaning to plays so that games move on."""
    legal = g.legal_actions(p)
    plays = [a for a in legal if a < 300]
    if plays and rng.random() < 0.8:
        return plays[rng.randrange(len(plays))]
    return legal[rng.randrange(len(legal))]


def refereed(g, steps):
    """Plays ``steps`` ((player, action) pairs) with the referee watching."""
    ref = StopReferee(g)
    for p, a in steps:
        ref.step(p, a, g.apply(a, p))
    ref.finish(g)
    return ref


# ---- hands scored by hand from the rules text ----------------------------------
# Each seat but the one going out scores its cards (F 50, +X 40, Card Exchange
# 30, 2 20, Skip 10, 9 9, 6 6, 0 0, other numbers face value); the game ends
# when a seat reaches the target (500) and the fewest minus points win, a tie
# sharing the win.
def test_the_referee_values_every_card_by_the_rules_text():
    assert [minus_points(c(x)) for x in "F r+ gX b2 yS y9 g6 r0 r7 b1".split()] == \
        [50, 40, 30, 20, 10, 9, 6, 0, 7, 1]


def test_hand_computed_round_below_the_target():
    g = new(["r5", "F r+ gX b2 yS y9 g6 r0 r7", "y1 y3 y4 y5 y8", "b9 g9 r6 F"], "r3",
            scores=[100, 300, 250, 320])
    ref = StopReferee(g)
    events = g.apply(play("r5", STOP), 0)
    ref.step(0, play("r5", STOP), events)
    row = [e for e in events if e["type"] == "round_end"][0]
    # seat 1: 50 + 40 + 30 + 20 + 10 + 9 + 6 + 0 + 7 = 172
    # seat 2: 1 + 3 + 4 + 5 + 8 = 21
    # seat 3: 9 + 9 + 6 + 50 = 74
    assert row["winner"] == 0 and row["points"] == [0, 172, 21, 74]
    # totals: 100 + 0, 300 + 172, 250 + 21, 320 + 74: nobody at 500, play on
    assert row["totals"] == [100, 472, 271, 394] and g.scores == [100, 472, 271, 394]
    assert not g.is_terminal() and g.returns() == [0.0] * 4 and g.round_no == 2
    assert ref.rounds == [(0, [0, 172, 21, 74])] and ref.scores == [100, 472, 271, 394]
    ref.finish(g)


def test_hand_computed_game_end_with_one_winner():
    g = new(["g8", "rX bS", "F b+ y6", "y2 y0 r1"], "g3", scores=[210, 180, 390, 470])
    refereed(g, [(0, play("g8", STOP))])
    # seat 1: 30 + 10 = 40; seat 2: 50 + 40 + 6 = 96; seat 3: 20 + 0 + 1 = 21
    assert g.sheet[0]["points"] == [0, 40, 96, 21]
    # totals: 210, 180 + 40 = 220, 390 + 96 = 486, 470 + 21 = 491: nobody at 500 yet
    assert g.scores == [210, 220, 486, 491] and not g.is_terminal()
    g = new(["g8", "rX bS", "F b+ y6", "y2 y0 r1 y9"], "g3", scores=[210, 180, 390, 470])
    ref = refereed(g, [(0, play("g8", STOP))])
    # seat 3 now also holds the y9: 20 + 0 + 1 + 9 = 30, 470 + 30 = 500: the end;
    # fewest: 210 (seat 0) < 220 < 486 < 500
    assert g.scores == [210, 220, 486, 500] and g.is_terminal()
    assert g.winners == [0] == ref.winners and g.returns() == [1.0, 0.0, 0.0, 0.0]


def test_hand_computed_shared_win():
    g = new(["b4", "y5 b8 g6 r6", "F F y+"], "b1", scores=[120, 95, 430])
    ref = refereed(g, [(0, play("b4", STOP))])
    # seat 1: 5 + 8 + 6 + 6 = 25, 95 + 25 = 120 (= seat 0's 120 + 0)
    # seat 2: 50 + 50 + 40 = 140, 430 + 140 = 570 >= 500: the end, seats 0 and 1 tie
    assert g.scores == [120, 120, 570]
    assert g.winners == [0, 1] == ref.winners and g.returns() == [0.5, 0.5, 0.0]


def test_hand_computed_forgotten_stop_costs_two_cards_and_the_round_goes_on():
    g = new(["r5", "b7 b8", "y1"], "r3", stock="g1 g2 g3 g4")
    ref = refereed(g, [(0, play("r5"))])      # the last card, no "Stop!"
    assert g.view(0)["hand"] == cs("g1 g2") and not g.sheet
    assert ref.hands[0] == {c("g1"): 1, c("g2"): 1}


# ---- the referee catches a wrong engine -------------------------------------
def random_game(seed, players, target=60):
    g = make("stop", seed=seed, players=players, target=target)
    rng = random.Random(seed)
    steps = []
    while not g.is_terminal():
        p = g.to_move()[rng.randrange(len(g.to_move()))]
        a = pick(g, rng, p)
        steps.append((p, a, g.apply(a, p)))
    return make("stop", seed=seed, players=players, target=target), steps, g


@pytest.mark.parametrize("field, change", [
    ("points", lambda e: e["points"].__setitem__(1, e["points"][1] + 1)),
    ("totals", lambda e: e["totals"].__setitem__(0, e["totals"][0] + 10)),
    ("winner", lambda e: e.__setitem__("winner", 1 if e["winner"] == 0 else 0)),
    ("cards", lambda e: e["hands"][1]["cards"].append({"card": 0, "points": 0})),
])
def test_the_referee_refuses_a_doctored_round_end(field, change):
    start, steps, _ = random_game(3, 3)
    ref = StopReferee(start)
    doctored = False
    with pytest.raises(AssertionError):
        for p, a, events in steps:
            events = copy.deepcopy(events)
            for e in events:
                if e["type"] == "round_end" and not doctored:
                    change(e)
                    doctored = True
            ref.step(p, a, events)
    assert doctored


def test_the_referee_refuses_a_wrong_winner_or_a_missed_penalty():
    start, steps, end = random_game(5, 4)
    ref = StopReferee(start)
    for p, a, events in steps:
        ref.step(p, a, events)
    ref.finish(end)
    end.winners = [q for q in range(4) if q not in end.winners][:1]
    with pytest.raises(AssertionError):
        StopReferee.finish(ref, end)
    # a play that forgot its call, told without the penalty
    start, steps, _ = random_game(7, 3)
    ref = StopReferee(start)
    cut = next(i for i, (_, _, ev) in enumerate(steps) if any(e["type"] == "forgot" for e in ev))
    with pytest.raises(AssertionError, match="not punished"):
        for i, (p, a, events) in enumerate(steps):
            if i == cut:
                events = [e for e in events if e["type"] != "forgot"]
            ref.step(p, a, events)


# ---- views and windows --------------------------------------------------------
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


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("mode", ["relaxed", "race"])
def test_views_do_not_depend_on_the_cards_they_may_not_see(players, mode):
    g = make("stop", seed=players, players=players, interjection=mode, target=60)
    rng = make_rng(players + 7)
    steps = 0
    while not g.is_terminal() and steps < 600:
        to_move = g.to_move()
        p = to_move[rng.randrange(len(to_move))]
        g.apply(pick(g, rng, p), p)
        if steps % 3 == 0:
            assert_views_private(g, rng)
        steps += 1


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
