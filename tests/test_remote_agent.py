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
