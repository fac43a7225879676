"""go-stop-2005's own conformance: the independent referee
(``gostop2005_referee.py``: it recomputes every pile's taker, every round's
winner, void rounds and the game's winner from the rules text) checked on
hand-made games and shown to catch a wrong result, card conservation, and
views that do not show hidden choices.

The protocol's checks common to every game (illegal actions, saves, replay,
clone, ``sample_world``, returns, events, action descriptions) and the
referee over random games at every player count are
``tests/test_conformance.py``'s.
"""
import copy
import random

import pytest

from gostop import make
from gostop.core.rng import make_rng

from gostop2005_referee import GO, STOP, Referee2005, conserved, strongest

GAME = "go-stop-2005"


def refereed(g, turns):
    """Plays ``turns`` (one tuple of actions per turn, seat by seat) with the
    referee and the conservation check watching; returns the referee."""
    ref = Referee2005(g)
    for actions in turns:
        for p, a in enumerate(actions):
            ref.step(p, a, g.apply(a, p))
            conserved(g)
    return ref


@pytest.mark.parametrize("taken, winner", [
    ([(0, 8), (1, 3)], (0, 8)),           # highest card wins
    ([(0, 1), (1, 10), (2, 8)], (0, 1)),  # 1 beats 10 (the source's example)
    ([(0, 1), (1, 9)], (1, 9)),           # no 10: the 1 is low
    ([(1, 1)], (1, 1)),                   # a lone 1 still wins
])
def test_the_referee_ranks_takes_by_the_rules_text(taken, winner):
    assert strongest(taken) == winner


def test_the_referee_follows_a_hand_made_round():
    # the source's example: the line 10, 1, 7, 9, 5; B (seat 1) alone stops on
    # the 10 and takes it, the other four are scored at once, the round ends
    g = make(GAME, players=3, deck=[10, 1, 7, 9, 5, 2, 3, 4, 6, 8])
    ref = refereed(g, [(GO, STOP, GO), (GO, GO, GO), (GO, GO, GO), (GO, GO, GO), (GO, GO, GO)])
    assert ref.rounds == [(1, 10)] and ref.wins == [0, 1, 0]
    # two Stops on the 10 discard it and the round goes on
    g = make(GAME, players=3, deck=[10, 1, 7, 9, 5, 2, 3, 4, 6, 8])
    ref = refereed(g, [(GO, STOP, STOP), (GO, GO, GO), (GO, GO, GO), (GO, GO, GO), (GO, GO, GO)])
    assert ref.rounds == [] and ref.discards == [10] and ref.turn == 6


def test_the_referee_follows_a_void_round_and_a_whole_game():
    g = make(GAME, players=2)
    ref = refereed(g, [(GO, GO)] * 30)       # thirty turns, nothing taken
    assert ref.rounds == [None] and ref.turn == 1 and g.view(0)["void_rounds"] == 1
    g = make(GAME, players=2, seed=3, wins=[2, 0])
    ref = Referee2005(g)
    while not g.is_terminal():             # seat 0 stops whenever it can
        for p in (0, 1):
            a = STOP if p == 0 and STOP in g.legal_actions(0) else GO
            ref.step(p, a, g.apply(a, p))
    ref.finish(g)
    assert ref.winner == 0 and ref.wins == [3, 0] and ref.rounds == [(0, ref.rounds[0][1])]


def random_game(seed, players):
    g = make(GAME, seed=seed, players=players)
    rng = random.Random(seed)
    steps = []
    while not g.is_terminal():
        p = g.to_move()[rng.randrange(len(g.to_move()))]
        legal = g.legal_actions(p)
        a = legal[rng.randrange(len(legal))]
        steps.append((p, a, g.apply(a, p)))
    return make(GAME, seed=seed, players=players), steps, g


def doctor(kind, change):
    def apply(events):
        for e in events:
            if e["type"] == kind:
                change(e)
                return True
        return False
    return apply


@pytest.mark.parametrize("edit", [
    doctor("pile_opened", lambda e: e.__setitem__("taker", -1 if e["taker"] >= 0 else 0)),
    doctor("round_won", lambda e: e.__setitem__("player", (e["player"] + 1) % 3)),
    doctor("round_won", lambda e: e.__setitem__("number", e["number"] % 10 + 1)),
    doctor("number_opened", lambda e: e.__setitem__("number", 11)),
    doctor("round_start", lambda e: e.__setitem__("round", e["round"] + 1)),
])
def test_the_referee_refuses_a_doctored_game(edit):
    start, steps, _ = random_game(4, 3)
    ref = Referee2005(start)
    done = False
    with pytest.raises(AssertionError):
        for p, a, events in steps:
            events = copy.deepcopy(events)
            if not done:
                done = edit(events)
            ref.step(p, a, events)
    assert done


def test_the_referee_refuses_a_wrong_game_winner():
    start, steps, end = random_game(8, 4)
    ref = Referee2005(start)
    for p, a, events in steps:
        ref.step(p, a, events)
    ref.finish(end)
    end.winner = (end.winner + 1) % 4
    with pytest.raises(AssertionError):
        ref.finish(end)


def test_conservation_catches_a_lost_card():
    g = make(GAME, players=3)
    conserved(g)
    g.gos[1] -= 1
    with pytest.raises(AssertionError):
        conserved(g)


def test_views_leak_no_hidden_choice():
    """A view must not change when only hidden things differ: another player's
    choice this turn, or which of their cards lies in an unopened pile."""
    compared = 0
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
                    a.apply(GO, p)
                    b.apply(STOP, p)
                    for q in range(3):
                        if q != p:
                            assert a.view(q) == b.view(q)
                    compared += 1
            p = to_move[0]
            legal = g.legal_actions(p)
            g.apply(legal[rng.randrange(len(legal))], p)
    assert compared > 100
