"""The page's Session gives a computer player that reads the opponents'
plays (``reading``) the record of plays in its views, kept from the
game's history (``plays_record.PlaysRecord``); other players' views stay
as they were."""
import json

import pytest

from gostop.agents import make_agent, remote
from gostop.agents.hwatu import GreedyAgent
from gostop.agents.plays_record import PlaysRecord, play_recorded
from gostop.core.registry import make
from gostop.session import Session

READER = "search:hard:40:read0.05"


@pytest.mark.parametrize("game_id, players", [("matgo", 2), ("gostop", 3), ("stopgo", 2)])
def test_the_record_is_what_the_arena_keeps_at_every_point(game_id, players):
    greedy = make_agent(game_id, "greedy")
    seen = []

    def choose(g, p, legal, view):
        seen.append((len(g.history), view["plays"]))
        return greedy.choose(view, legal, None)
    g = play_recorded(make(game_id, seed=21, players=players), choose)
    kept, fresh = PlaysRecord(), None
    for n, plays in seen:
        partial = type(g).from_json(dict(g.to_json(), history=g.to_json()["history"][:n]))
        fresh = PlaysRecord().plays(partial)
        assert fresh == plays
        assert kept.plays(partial) == plays     # a new game object: made again
    live = make(game_id, seed=21, players=players)
    record = PlaysRecord()
    for p, a in g.history:                      # the same game, step by step
        live.apply(a, p)
        assert record.plays(live) == PlaysRecord().plays(live)
    assert len(record.plays(live)) > 5
    assert all(e[4] is None or "hand" not in e[4] for e in record.plays(live))


def _session_after(level, moves=6, game_id="matgo"):
    s = Session.new(game_id, 33, level=level)
    greedy = make_agent(game_id, "greedy")
    g = s.game
    for _ in range(moves):
        p = g.current_player
        g.apply(greedy.choose(g.view(p), g.legal_actions(p), None), p)
    return s


def test_a_reading_player_gets_the_record_and_others_do_not():
    s = _session_after(READER)
    seat = 1
    view = s.view_for(seat)
    assert view["plays"] and [e[:4] for e in view["plays"]] == [e[:4] for e in PlaysRecord().plays(s.game)]
    assert "plays" not in _session_after("normal").view_for(seat)
    assert "plays" in _session_after("hard", game_id="stopgo").view_for(seat)   # round 22
    # the coach's hint asks as the level it names; the human's seat alone
    # has no player, so its plain view
    assert "plays" in s.view_for(0, READER) and "plays" not in s.view_for(0, "normal")
    assert s.view_for(0) == s.game.view(0)


def test_the_worker_gets_what_the_page_would_decide_with():
    s = _session_after(READER, moves=5)
    while 1 not in s.ai_to_move():
        p = s.game.current_player
        s.game.apply(GreedyAgent().choose(s.game.view(p), s.game.legal_actions(p), None), p)
    request = s.ai_request(1)
    assert "plays" in request["view"]
    sent = json.loads(json.dumps(request))
    assert remote.choose(sent) == s.ai_choice(1)
