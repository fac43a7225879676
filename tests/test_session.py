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
    assert st["legal"] == [{"id": 0, "label": "Go", "does": {"kind": "go", "number": 6}},
                           {"id": 1, "label": "Stop", "does": {"kind": "stop", "number": 6}}]


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


# ---- saves from the browser's storage: anything at all ---------------------------
from gostop.core.registry import GAMES  # noqa: E402

SMALL_OPTIONS = {"go-stop-2005": {"players": 3}, "gostop": {"players": 3}, "stop": {"players": 3}}


def played(game_id, seed=7, steps=6):
    """A session of ``game_id`` after a few legal actions (the first legal each time)."""
    s = Session.new(game_id, seed, SMALL_OPTIONS.get(game_id), "random")
    for _ in range(steps):
        g = s.game
        if g.is_terminal():
            break
        p = g.to_move()[0]
        g.apply(g.legal_actions(p)[0], p)
    return s


def tampered(s, change):
    data = json.loads(s.save())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_save_of_every_game_round_trips(game_id):
    s = played(game_id)
    again = Session.load(s.save(), s.game.game_id)
    assert again.state() == s.state() and again.save() == s.save()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_save_of_another_game_in_a_games_slot_is_refused(game_id):
    s = played(game_id)
    for other in GAMES:
        if other != game_id:
            with pytest.raises(SaveError, match=f"of game '{game_id}', not '{other}'"):
                Session.load(s.save(), other)


def seed_is(value):
    return lambda d: d["game"].__setitem__("seed", value)


@pytest.mark.parametrize("change", [
    seed_is(2.0), seed_is(True), seed_is(False), seed_is(2 ** 53), seed_is(2 ** 80),
    seed_is(-1), seed_is("7"), seed_is(None), seed_is([7]),
    lambda d: d["game"].pop("seed"),
], ids=["float", "true", "false", "2^53", "2^80", "negative", "text", "null", "list", "missing"])
def test_bad_seeds_are_refused(change):
    with pytest.raises(SaveError, match="seed"):
        Session.load(tampered(played("matgo"), change))


def test_a_seed_too_large_for_a_float_is_refused():
    text = played("matgo", seed=7).save().replace('"seed":7', '"seed":1e999')
    assert "1e999" in text
    with pytest.raises(SaveError, match="too large"):
        Session.load(text)


@pytest.mark.parametrize("text", [
    "[" * 100000 + "]" * 100000,
    '{"a":' * 5000 + "1" + "}" * 5000,
    '{"format": "gostop-session", "version": 1, "game": ' + "[" * 40 + "]" * 40 + "}",
])
def test_deep_nesting_is_refused_without_recursion(text):
    with pytest.raises(SaveError, match="nested too deeply"):
        Session.load(text)


@pytest.mark.parametrize("text", [None, 5, b"{}", "", "x" * 2_000_000, "NaN", '{"a": Infinity}'])
def test_non_text_empty_huge_and_non_json_are_refused(text):
    with pytest.raises(SaveError):
        Session.load(text)


def seats_are(seats, human=None):
    def change(d):
        d["seats"] = seats
        if human is not None:
            d["human"] = human
    return change


@pytest.mark.parametrize("change", [
    seats_are(["human", ["easy"], "easy"]),            # a list in a seat (unhashable)
    seats_are(["human", {"level": "easy"}, "easy"]),
    seats_are(["human", "human", "easy"]),             # two humans
    seats_are(["easy", "easy", "easy"]),               # none
    seats_are(["easy", "human", "easy"], human=-2),    # -2 slices like index 1
    seats_are(["easy", "human", "easy"], human=True),
    seats_are(["easy", "human", "easy"], human=1.0),
    seats_are(["easy", "human", "easy"], human="1"),
    seats_are(["human", "easy", "easy"], human=3),
    seats_are(["human", 1, 2]),
    seats_are(["human", None, "easy"]),
    seats_are(["human", "easy"]),                      # too few for 3 players
    seats_are(["human", "easy", "easy", "easy"]),      # too many
    seats_are("human"),
    seats_are({"0": "human"}),
    lambda d: d.pop("seats"),
    lambda d: d.pop("human"),
])
def test_tampered_seats_are_refused(change):
    with pytest.raises(SaveError, match="seats"):
        Session.load(tampered(played("gostop"), change))


@pytest.mark.parametrize("game_id, level", [
    ("gostop", "expert"), ("gostop", ""), ("gostop", "Human"), ("go-stop-2005", "greedy"),
    ("stop", "search:hard"), ("matgo", "search:"), ("stopgo", "hard "),
])
def test_unknown_levels_are_refused(game_id, level):
    s = played(game_id)

    def change(d):
        d["seats"] = [level if x != "human" else x for x in d["seats"]]
    with pytest.raises(SaveError, match="no agent"):
        Session.load(tampered(s, change), game_id)


def options_are(value):
    return lambda d: d["game"].__setitem__("options", value)


@pytest.mark.parametrize("change", [
    options_are([["players", 3]]), options_are(None), options_are("players=3"), options_are(3),
    options_are({"players": "3"}), options_are({"players": 3.0}), options_are({"players": True}),
    options_are({"players": [3]}), options_are({"players": 9}), options_are({"players": 2}),
    options_are({"players": 3, "colour": "red"}),
    lambda d: d["game"].pop("options"),
])
def test_options_of_a_wrong_type_or_value_are_refused(change):
    # ("players": 2 gives a game of 2 players for 3 seats)
    with pytest.raises(SaveError):
        Session.load(tampered(played("gostop"), change))


@pytest.mark.parametrize("game_id, value", [
    ("stop", {"target": "500"}), ("stop", {"target": 0}), ("stop", {"target": 1.5}),
    ("stop", {"interjection": 7}), ("stop", {"setup": 5}), ("stop", {"setup": {"scores": "x"}}),
    ("go-stop-2005", {"deck": [1, 2]}), ("go-stop-2005", {"deck": "0123456789"}),
    ("go-stop-2005", {"deck": [[1]] * 10}),
    ("matgo", {"pibak": []}), ("matgo", {"pibak": "none of these"}), ("matgo", {"colour": 1}),
])
def test_bad_option_values_are_refused(game_id, value):
    def change(d):
        d["game"]["options"].update(value)
    with pytest.raises(SaveError):
        Session.load(tampered(played(game_id), change), game_id)


def history_is(value):
    return lambda d: d["game"].__setitem__("history", value)


@pytest.mark.parametrize("change", [
    history_is([[0, 1, 2]]), history_is([[0]]), history_is([0, 1]), history_is([["0", "1"]]),
    history_is([[0.0, 1]]), history_is([[True, 1]]), history_is([[0, None]]),
    history_is([{"0": 1}]), history_is("xx"), history_is({"0": [0, 1]}), history_is(None),
    history_is([[0, 10 ** 30]]), history_is([[-1, 0]]), history_is([[99, 0]]),
    lambda d: d["game"].pop("history"),
])
def test_history_entries_that_are_not_pairs_of_ints_are_refused(change):
    with pytest.raises(SaveError):
        Session.load(tampered(played("gostop"), change))


@pytest.mark.parametrize("change", [
    lambda d: d.__setitem__("version", True), lambda d: d.__setitem__("version", 1.0),
    lambda d: d.__setitem__("version", "1"), lambda d: d.pop("version"),
    lambda d: d.__setitem__("format", ["gostop-session"]),
    lambda d: d.__setitem__("game", "matgo"), lambda d: d.__setitem__("game", None),
    lambda d: d["game"].__setitem__("game", ["matgo"]),
    lambda d: d["game"].__setitem__("format", "other"),
    lambda d: d["game"].__setitem__("rules_version", "1"),
    lambda d: d["game"].__setitem__("rules_version", True),
    lambda d: d["game"].__setitem__("setup", 5),
    lambda d: d["game"].__setitem__("setup", {"deck": [1, 2, 3]}),
    lambda d: d["game"].__setitem__("setup", {"hands": "x"}),
])
def test_bad_headers_and_setups_are_refused(change):
    with pytest.raises(SaveError):
        Session.load(tampered(played("matgo"), change))


def test_any_other_failure_while_rebuilding_or_drawing_becomes_save_error(monkeypatch):
    s = played("stopgo")
    cls = type(s.game)

    def boom(self, player):
        raise KeyError("a card the view does not know")
    monkeypatch.setattr(cls, "view", boom)
    with pytest.raises(SaveError, match="cannot be shown") as e:
        Session.load(s.save())
    assert "\n" not in str(e.value)
    monkeypatch.undo()

    def deep(self, player):
        return deep(self, player)
    monkeypatch.setattr(cls, "labelled_actions", deep)
    with pytest.raises(SaveError, match="cannot be shown"):
        Session.load(s.save())
    monkeypatch.undo()

    def multi_line(*args, **kwargs):
        raise ZeroDivisionError("line one\nline two\n" + "x" * 1000)
    monkeypatch.setattr(cls, "_setup", multi_line)
    with pytest.raises(SaveError, match="does not replay: line one line two") as e:
        Session.load(s.save())
    assert "\n" not in str(e.value) and len(str(e.value)) <= 200


@pytest.mark.parametrize("game_id, options", [
    ("matgo", {}), ("gostop", {"players": 3}), ("stopgo", {}), ("stop", {"players": 3}),
    ("go-stop-2005", {"players": 4})])
def test_replay_events_are_the_events_the_human_saw(game_id, options):
    """A reloaded game's log is rebuilt from replay_events: exactly the
    events ``act``/``ai_step`` gave the human, in order, the hidden ones
    still hidden; the session itself is not changed."""
    s = Session.new(game_id, 11, options, "random")
    seen = []
    for _ in range(60):
        if s.state()["terminal"]:
            break
        while s.ai_to_move():
            seen += s.ai_step()
        if not s.state()["terminal"] and s.human in s.game.to_move():
            seen += s.act(s.state()["legal"][-1]["id"])
    assert len(seen) > 20
    loaded = Session.load(s.save())
    before = loaded.save()
    assert loaded.replay_events() == seen
    assert loaded.save() == before


def test_replay_events_start_from_a_set_up_deal():
    from gostop.games.hwatu.presets import Matgo
    s = Session(Matgo.from_setup({"hands": [[4, 16, 20, 24, 36], [5, 17, 21, 25, 37]],
                                  "field": [6, 7, 18], "stock": [47, 41, 42, 43, 45, 46]}, seed=3),
                ["human", "random"], 0)
    seen = s.act(4) + s.act(107)
    assert Session.load(s.save()).replay_events() == seen
    assert s.replay_events() == seen
