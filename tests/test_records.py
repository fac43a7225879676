"""The page's records (web/app/records.py) under CPython: recent hands and
statistics kept once per finished game, bad stored values read as empty, a
match's hand counted with its multiplier, and a share link that the address
check takes back as the same game; the match HTML (match_play.py)."""
import json
import random
import re

import pytest

import test_glue_text  # noqa: F401  (stubs the browser modules, puts web/ on sys.path)
from app import match_play, records  # noqa: E402
from app.inputs import check_params, parse_rules  # noqa: E402
from gostop.core.registry import make  # noqa: E402
from gostop.match import Match  # noqa: E402
from gostop.session import Session  # noqa: E402
from test_match import play_out  # noqa: E402


class FakeStore:
    def __init__(self, full=False):
        self.data = {}
        self.full = full

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if self.full:
            return "Storage is full"
        self.data[key] = value
        return None

    def remove(self, key):
        self.data.pop(key, None)


def finished(game_id, seed, **options):
    g = make(game_id, seed, **options)
    rng = random.Random(seed)
    while not g.is_terminal():
        p = g.to_move()[0]
        legal = g.legal_actions(p)
        g.apply(legal[rng.randrange(len(legal))], p)
    return Session(g, ["human"] + ["hard"] * (g.num_players - 1), 0)


def test_a_finished_hand_is_kept_once_with_its_level():
    store = FakeStore()
    s = finished("matgo", 3)
    rec = records.note_hand(store, s)
    assert rec is not None and rec["level"] == "hard" and rec["seed"] == 3
    assert records.note_hand(store, s) is None             # the same hand again (a reload)
    history = records.load_history(store, "matgo")
    assert len(history) == 1 and history[0]["actions"] == [[p, a] for p, a in s.game.history]
    stats = records.load_stats(store, "matgo")
    assert stats.hands == 1
    assert stats.wins == (1 if s.game.returns()[0] > 0 else 0)


def test_the_history_keeps_the_last_hands_only():
    store = FakeStore()
    for seed in range(records.HISTORY_LIMIT + 5):
        records.note_hand(store, finished("stopgo", seed))
    history = records.load_history(store, "stopgo")
    assert [r["seed"] for r in history] == list(range(5, records.HISTORY_LIMIT + 5))
    assert records.load_stats(store, "stopgo").hands == records.HISTORY_LIMIT + 5


@pytest.mark.parametrize("bad", ["{", "[1, 2]", '{"a": 1}', '[{"game": "matgo", "seed": "x", "actions": []}]', "null"])
def test_stored_records_that_are_not_ours_read_as_empty(bad):
    store = FakeStore()
    store.data.update({"history.matgo": bad, "stats.matgo": bad, "match.matgo": bad})
    assert records.load_history(store, "matgo") == []
    assert records.load_stats(store, "matgo").hands == 0
    assert records.load_match(store, "matgo") is None
    assert "match.matgo" not in store.data                  # a bad match is dropped
    records.note_hand(store, finished("matgo", 4))           # and play goes on
    assert len(records.load_history(store, "matgo")) == 1


def test_a_full_storage_costs_the_records_only():
    s = finished("gostop", 5, players=3)
    assert records.note_hand(FakeStore(full=True), s) is not None


def test_a_match_hand_is_kept_with_its_multiplier():
    for seed in range(500):               # a match whose first hand is a nagari
        m = Match("matgo", {}, "easy", seed, hands=3)
        first = play_out(_next(m), random.Random(seed))
        if first.returns() == [0, 0]:
            break
    m.record(first)
    rng = random.Random(1)
    while True:                           # the second hand, played until somebody wins it
        g = play_out(_next(m), rng)
        if g.returns() != [0, 0]:
            break
    m.record(g)
    store = FakeStore()
    records.save_match(store, m)
    rec = records.note_hand(store, Session(g, ["human", "easy"], 0))
    assert rec["multiplier"] == 2 and rec["points"] == [2 * x for x in g.returns()]
    assert records.load_stats(store, "matgo").points == rec["points"][0]


def _next(m):
    seed, options = m.next_hand()
    return make(m.game_id, seed, **options)


@pytest.mark.parametrize("game_id,options,level", [
    ("matgo", {"players": 2, "pibak": "lenient", "lead": 1}, "hard"),
    ("gostop", {"players": 4, "lead": 2}, "easy"),
    ("stop", {"players": 5, "interjection": "relaxed"}, "normal"),
    ("go-stop-2005", {"players": 3}, "normal")])
def test_a_share_link_reads_back_as_the_same_game(game_id, options, level):
    query = records.share_query(game_id, 123456789, options, level)
    raw = dict(part.split("=", 1) for part in query[1:].split("&"))
    good, bad = check_params(raw)
    assert bad == []
    assert good["seed"] == "123456789" and good["level"] == level and good["share"] == "1"
    got = parse_rules(good.get("rules"))
    if "players" in good:
        got["players"] = int(good["players"])
    assert make(game_id, 123456789, **{"players": options["players"], **got}).options == make(
        game_id, 123456789, **options).options


@pytest.mark.parametrize("bad", ["lead", "lead=", "LEAD=1", "a=b;", "a=b;;c=d", "x=" + "1" * 21, "a=b c"])
def test_malformed_rules_are_refused(bad):
    good, complaints = check_params({"rules": bad})
    assert "rules" not in good and len(complaints) == 1
    assert parse_rules(bad) == {}


def test_the_match_setup_reads_lengths_and_stakes():
    assert match_play.read_setup("one", "") == (0, 0, 0)
    assert match_play.read_setup("h5", "25") == (5, 0, 25)
    assert match_play.read_setup("t100", " 3 ") == (0, 100, 3)
    for bad in ("-1", "1.5", "1234567", "١٢", "x"):
        assert isinstance(match_play.read_setup("h3", bad), str)


def test_the_standings_show_totals_winnings_and_the_next_multiplier():
    m = Match("gostop", {"players": 3}, "easy", 2, hands=2, stake=100)
    m.hands = [{"winner": None, "winners": [], "points": [0, 0, 0], "returns": [0, 0, 0], "gos": [0, 0, 0],
                "multiplier": 1, "first": 0}]
    html = match_play.standings_html(m)
    assert 'data-next-mult="2"' in html and "Hand 2 of 2" in html
    m.hands.append({"winner": 1, "winners": [1], "points": [-6, 12, -6], "returns": [-3, 6, -3],
                    "gos": [0, 1, 0], "multiplier": 2, "first": 0})
    html = match_play.standings_html(m)
    assert re.findall(r'data-total="(\d)">([^<]+)<', html) == [("0", "-6"), ("1", "+12"), ("2", "-6")]
    assert re.findall(r'data-winnings="(\d)">([^<]+)<', html) == [("0", "-600"), ("1", "+1200"), ("2", "-600")]
    assert 'data-match-over="1"' in html and "Hana wins the match with +12 points" in html
    assert "Hana: won 1 of 1 hand with a Go." in html
    assert 'data-do="new-match"' in match_play.actions_html(m)
