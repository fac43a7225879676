"""The façade the page calls: JSON-safe state, AI seats, saves."""
import json

import pytest

from gostop import IllegalAction, SaveError
from gostop.session import Session


def test_state_is_json_safe_and_shows_only_the_humans_view():
    s = Session.new("go-stop-2005", 5, {"players": 3}, "easy")
    st = s.state()
    json.dumps(st)
    assert st["seat"] == 0 and st["seats"] == ["human", "easy", "easy"]
    assert st["ai_to_move"] == [1, 2]
    assert st["legal"] == [{"id": 0, "label": "Go"}, {"id": 1, "label": "Stop"}]


def test_ai_steps_then_human_act_resolve_a_turn():
    s = Session.new("go-stop-2005", 5, {"players": 3}, "normal")
    assert s.ai_step() and s.ai_step() == [{"type": "chose", "player": 2}]
    assert s.ai_step() == []
    events = s.act(0)
    assert any(e["type"] == "number_opened" for e in events)
    assert s.state()["view"]["turn"] == 2


def test_ai_choices_are_deterministic_and_survive_a_save():
    a = Session.new("go-stop-2005", 8, {"players": 4}, "hard")
    b = Session.load(a.save())
    for _ in range(12):
        for s in (a, b):
            while s.ai_to_move():
                s.ai_step()
            if s.state()["terminal"]:
                break
            s.act(s.state()["legal"][0]["id"])
        b = Session.load(b.save())
    assert a.save() == b.save()


def test_human_illegal_actions_are_refused():
    s = Session.new("go-stop-2005", 1, {"players": 2}, "easy")
    with pytest.raises(IllegalAction):
        s.act(5)
    with pytest.raises(IllegalAction):
        s.act("stop")
    s.act(1)
    with pytest.raises(IllegalAction, match="not to move"):
        s.act(0)


@pytest.mark.parametrize("text, reason", [
    ("{not json", "not valid JSON"),
    ('{"format": "other"}', "not a game of ours"),
    ('{"format": "gostop-session", "version": 0}', "version 0"),
    ('{"format": "gostop-session", "version": 1, "game": {"game": "chess"}}', "no known game"),
])
def test_bad_saves_give_one_line_reasons(text, reason):
    with pytest.raises(SaveError, match=reason):
        Session.load(text)


def test_a_tampered_save_is_refused():
    s = Session.new("go-stop-2005", 1, {"players": 2}, "easy")
    s.act(1)
    data = json.loads(s.save())
    data["game"]["history"].append([0, 1])   # Stop twice in a row: illegal
    with pytest.raises(SaveError, match="does not replay"):
        Session.load(json.dumps(data))
    data = json.loads(s.save())
    data["seats"] = ["human"]
    with pytest.raises(SaveError, match="seats"):
        Session.load(json.dumps(data))
    data["seats"] = ["human", "godlike"]
    with pytest.raises(SaveError, match="no agent"):
        Session.load(json.dumps(data))


def test_new_session_rejects_bad_seeds_and_levels():
    with pytest.raises(ValueError, match="seed"):
        Session.new("go-stop-2005", -1)
    with pytest.raises(ValueError, match="no agent"):
        Session.new("go-stop-2005", 1, {"players": 2}, "expert")
