"""The page's Web Worker decides from ``Session.ai_request`` alone
(``gostop.agents.remote``): after a JSON round trip, the request must give
exactly the session's own choice, in every game."""
import json
import random

import pytest

from gostop.agents import remote
from gostop.session import Session

GAMES = [("matgo", {}), ("gostop", {"players": 2}), ("gostop", {"players": 3}),
         ("gostop", {"players": 4}), ("stopgo", {}), ("stop", {"players": 4}),
         ("stop", {"players": 2}), ("go-stop-2005", {"players": 3}), ("go-stop-2005", {"players": 5})]


def positions(game_id, options, seed, level, count):
    """``count`` positions of a seeded game where a computer seat moves,
    reached by random moves for every seat (both computer and human)."""
    s = Session.new(game_id, seed, options, level)
    rng = random.Random(seed)
    found = 0
    for _ in range(2000):
        if s.game.is_terminal() or found == count:
            return
        seats = s.ai_to_move()
        if seats and rng.random() < 0.3:
            found += 1
            yield s, seats[0]
        if seats:
            s.apply_ai(seats[0], rng.choice(s.game.legal_actions(seats[0])))
        else:
            s.act(rng.choice(s.game.legal_actions(s.human)))


@pytest.mark.parametrize("game_id, options", GAMES)
def test_the_json_request_gives_the_sessions_choice(game_id, options):
    checked = 0
    for seed, level in ((11, "easy"), (12, "normal"), (13, "hard" if game_id in ("stop", "go-stop-2005") else "easy")):
        for s, seat in positions(game_id, options, seed, level, 3):
            request = s.ai_request(seat)
            text = json.dumps(request)
            assert remote.choose_json(text) == s.ai_choice(seat)
            checked += 1
    assert checked >= 3


def test_the_request_holds_only_the_seats_own_view():
    s = Session.new("gostop", 5, {"players": 3}, "easy")
    while not s.ai_to_move():
        s.act(s.game.legal_actions(s.human)[0])
    seat = s.ai_to_move()[0]
    request = s.ai_request(seat)
    assert set(request) == {"game_id", "seat_spec", "view", "legal", "seed"}
    assert request["view"] == s.game.view(seat) and request["view"] != s.game.view(s.human)
    assert request["legal"] == s.game.legal_actions(seat) and request["seat_spec"] == "easy"


@pytest.mark.parametrize("bad", [
    {"game_id": "matgo", "seat_spec": "easy", "view": {}, "legal": [], "seed": 1},
    {"game_id": "matgo", "seat_spec": "easy", "view": {}, "legal": [1], "seed": "1"},
    {"game_id": "matgo", "seat_spec": "master", "view": {}, "legal": [1], "seed": 1},
])
def test_a_malformed_request_is_refused(bad):
    with pytest.raises(ValueError):
        remote.choose(bad)


def _hard_position(game_id="matgo"):
    """A position where the hard computer seat has several actions."""
    for s, seat in positions(game_id, {}, 21, "hard", 40):
        if len(set(s.game.legal_actions(seat))) >= 3:
            return s, seat
    raise AssertionError("no position with a choice")


class SteppingClock:
    """A clock that moves ``step`` seconds each time it is read."""

    def __init__(self, step):
        self.now, self.step = 0.0, step

    def __call__(self):
        self.now += self.step
        return self.now


def test_the_worker_stops_at_its_time_budget_with_fewer_rollouts():
    from gostop.agents.registry import TIME_BUDGETS
    s, seat = _hard_position()
    request = s.ai_request(seat)
    remote._agents.pop(("matgo", "hard"), None)   # no device speed learnt yet
    remote.choose(request)                        # fixed budget: the count
    agent = remote._agents["matgo", "hard"]
    full = agent.last_rollouts
    assert full >= 1000
    # each world "takes" a tenth of the budget: about ten worlds, never
    # fewer than the first round's min_worlds
    clock = SteppingClock(TIME_BUDGETS["hard"] / 10)
    action = remote.choose(request, clock=clock)
    assert action in request["legal"]
    cut = agent.last_rollouts
    assert 0 < cut < full / 4
    legal = set(agent.distinct(request["view"], request["legal"]))
    assert cut >= agent.min_worlds * (len(legal) - 1)   # whole worlds (a last play needs no rollout)


def test_a_clock_that_never_runs_out_gives_the_fixed_budgets_choice():
    s, seat = _hard_position()
    request = s.ai_request(seat)
    # the worker's agent remembers the device's speed from its timed
    # decisions (and plans by it); a fresh one has none
    remote._agents.pop(("matgo", "hard"), None)
    assert remote.choose(request, clock=lambda: 0.0) == s.ai_choice(seat)


def test_choose_timed_json_reports_the_action_and_the_rollouts():
    s, seat = _hard_position()
    answer = json.loads(remote.choose_timed_json(json.dumps(s.ai_request(seat))))
    assert answer["action"] in s.game.legal_actions(seat)
    assert answer["rollouts"] > 0 and answer["ms"] >= 0 and answer["level"] == "hard"
    assert answer["counted"] is remote._agents["matgo", "hard"].last_as_counted


def test_go_stop_2005_hard_stops_at_its_time_budget():
    s, seat = next((s, seat) for s, seat in positions("go-stop-2005", {"players": 3}, 5, "hard", 30)
                   if len(s.game.legal_actions(seat)) > 1)
    request = s.ai_request(seat)
    remote.choose(request)
    agent = remote._agents["go-stop-2005", "hard"]
    full = agent.last_rollouts
    remote.choose(request, clock=SteppingClock(1.0))     # over the budget at once
    assert agent.last_rollouts == agent.MIN_WORLDS * len(request["legal"]) < full
