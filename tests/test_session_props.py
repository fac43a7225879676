"""Properties of ``Session.load`` (and ``core.safejson``) on any text at all.

A save comes from the browser's storage, so ``Session.load`` must give a
usable Session or raise ``SaveError``, never any other exception, whatever the
text: random text, random JSON, deep nesting, and real saves of every game with
one part of the tree replaced or deleted.
"""
import json
import random

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gostop import SaveError
from gostop.core import safejson
from gostop.core.registry import GAMES
from gostop.session import Session

GAME_IDS = list(GAMES)


def examples(n):
    """``n`` examples, no deadline, no example database (nothing written)."""
    return settings(max_examples=n, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


FEW = examples(150)
SOME = examples(300)

# values a tamperer (or a bug) might plausibly write, beside random ones
NOTABLE = st.sampled_from([
    0, 1, 2, 3, -1, -2, 6, 7, 2 ** 53 - 1, 2 ** 53, 10 ** 30, 0.5, 1.0, True, False, None,
    "", "human", "easy", "normal", "hard", "random", "greedy", "search:hard",
    "gostop-session", "gostop-game", *GAME_IDS, [], {}, [0, 1], [[0, 1]], ["human", "human"],
])
JSON_LEAVES = (st.none() | st.booleans() | st.integers()
               | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12) | NOTABLE)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)


def checked(session, slot=None):
    """What a returned Session must give: a state the page can draw."""
    assert isinstance(session, Session)
    json.dumps(session.state())
    if slot is not None:
        assert session.game.game_id == slot


def load_or_refuse(text, slot=None):
    try:
        session = Session.load(text, slot)
    except SaveError as e:
        assert "\n" not in str(e) and str(e)
        event("refused")
        return None
    checked(session, slot)
    event("loaded")
    return session


# ---- any text ----------------------------------------------------------------------
@SOME
@given(st.text())
def test_any_text_loads_or_is_refused(text):
    load_or_refuse(text)


@SOME
@given(JSON_VALUES, st.sampled_from([None, *GAME_IDS]))
def test_any_json_loads_or_is_refused(value, slot):
    load_or_refuse(json.dumps(value), slot)


@FEW
@given(st.fixed_dictionaries({
    "format": st.just("gostop-session") | JSON_VALUES, "version": st.just(1) | JSON_VALUES,
    "seats": JSON_VALUES, "human": JSON_VALUES,
    "game": st.fixed_dictionaries({
        "format": st.just("gostop-game") | JSON_VALUES, "game": st.sampled_from(GAME_IDS),
        "rules_version": st.just(1) | JSON_VALUES, "seed": JSON_VALUES,
        "options": JSON_VALUES, "history": JSON_VALUES}) | JSON_VALUES,
}), st.sampled_from([None, *GAME_IDS]))
def test_any_session_shaped_json_loads_or_is_refused(data, slot):
    load_or_refuse(json.dumps(data), slot)


@FEW
@given(st.integers(0, 100_000), st.sampled_from(["[", "{\"a\":", "[{\"b\":"]), st.booleans())
def test_deep_nesting_is_refused(n, opener, closed):
    closer = {"[": "]", "{\"a\":": "}", "[{\"b\":": "}]"}[opener]
    text = opener * n + ("0" + closer * n if closed else "")
    session = load_or_refuse(text)
    assert session is None


# ---- real saves, mutated -------------------------------------------------------------
OPTIONS = {"go-stop-2005": [{"players": 2}, {"players": 4}], "gostop": [{"players": 3}, {"players": 4}],
           "stop": [{"players": 3}, {"players": 6, "interjection": "race"}],
           "matgo": [{}], "stopgo": [{}]}


def real_saves():
    """Saves of every game after a few random legal actions (seats at mixed levels)."""
    rng = random.Random(2024)
    saves = []
    for game_id in GAME_IDS:
        for options in OPTIONS[game_id]:
            for steps in (0, 3, 11):
                s = Session.new(game_id, rng.randrange(2 ** 53), options, "easy",
                                human=rng.randrange(options.get("players", 2)))
                s.seats = [x if x == "human" else rng.choice(["easy", "normal", "hard"])
                           for x in s.seats]
                g = s.game
                for _ in range(steps):
                    if g.is_terminal():
                        break
                    p = rng.choice(g.to_move())
                    g.apply(rng.choice(g.legal_actions(p)), p)
                saves.append((game_id, s.save()))
    return saves


SAVES = real_saves()


def paths(value, prefix=()):
    """Every path (a tuple of keys and indices) into a JSON value, the root included."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def replaced(tree, path, value):
    if not path:
        return value
    node = tree
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return tree


def deleted(tree, path):
    node = tree
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return tree


@pytest.mark.parametrize("game_id, text", SAVES,
                         ids=lambda x: x if x in GAMES else "")
def test_a_real_save_round_trips(game_id, text):
    s = Session.load(text, game_id)
    assert s.save() == text
    again = Session.load(s.save(), game_id)
    assert again.state() == s.state()
    checked(again, game_id)


@examples(400)
@given(st.data())
def test_a_real_save_with_one_part_replaced_or_deleted_loads_or_is_refused(data):
    game_id, text = data.draw(st.sampled_from(SAVES), label="save")
    tree = json.loads(text)
    path = data.draw(st.sampled_from(list(paths(tree))), label="path")
    if path and data.draw(st.booleans(), label="delete"):
        tree = deleted(tree, path)
    else:
        tree = replaced(tree, path, data.draw(JSON_VALUES, label="value"))
    slot = data.draw(st.sampled_from([game_id] * 4 + [None, *GAME_IDS]), label="slot")
    load_or_refuse(json.dumps(tree), slot)


@examples(200)
@given(st.data())
def test_a_real_save_with_a_number_nudged_loads_or_is_refused(data):
    """Small integer changes (a seat, a player, an action one off) reach
    further into a replay than random values do."""
    game_id, text = data.draw(st.sampled_from(SAVES), label="save")
    tree = json.loads(text)
    numbers = [p for p in paths(tree) if p and isinstance(_at(tree, p), int)
               and not isinstance(_at(tree, p), bool)]
    for path in data.draw(st.lists(st.sampled_from(numbers), min_size=1, max_size=3), label="paths"):
        replaced(tree, path, _at(tree, path) + data.draw(st.integers(-3, 3), label="delta"))
    load_or_refuse(json.dumps(tree), game_id)


def _at(tree, path):
    for key in path:
        tree = tree[key]
    return tree


# ---- core.safejson -----------------------------------------------------------------
@SOME
@given(JSON_VALUES)
def test_safejson_reads_json_within_its_bounds_as_json_does(value):
    text = json.dumps(value)
    if safejson.nesting_depth(text) <= safejson.MAX_DEPTH:
        assert safejson.loads(text, max_chars=len(text)) == json.loads(text)
    else:
        with pytest.raises(ValueError, match="nested too deeply"):
            safejson.loads(text, max_chars=len(text))
    if text:
        with pytest.raises(ValueError, match="too long"):
            safejson.loads(text, max_chars=len(text) - 1)


@SOME
@given(st.text() | JSON_VALUES.map(json.dumps).map(lambda t: t[: len(t) // 2])
       | st.integers(0, 3000).map(lambda n: "[" * n))
def test_safejson_raises_only_value_error(text):
    try:
        safejson.loads(text, max_chars=1000)
    except ValueError as e:
        assert "\n" not in str(e)


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", "-Infinity", "1e999", "[-1e400]",
                                  "9" * 5000, "[" * 33 + "]" * 33])
def test_safejson_refuses_what_json_would_read_unsafely(text):
    with pytest.raises(ValueError):
        safejson.loads(text, max_chars=10_000)
