"""Rulebook scenarios (engine/gostop/scenarios): every scenario builds, every
step is legal, the key step produces the expected events (and score/result
facts), views and events stay JSON-safe, the save after the steps restores,
and the counter-example (the same position with one thing changed) does not
produce the rule's events."""
import json
import os

import pytest

from gostop.core.registry import load
from gostop.scenarios import (EXPECT_KEYS, GAMES, SCENARIOS, build, build_counter,
                              load_scenario, scenario_ids)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALL = [(g, s) for g in GAMES for s in scenario_ids(g)]
IDS = [f"{g}/{s}" for g, s in ALL]

# The rulebook asks for at least these (docs/scenarios.md).
REQUIRED = {
    "matgo": ["ppuk", "ppuk-taken", "own-ppuk", "ttadak", "chok", "sweep", "three-ppuk",
              "chongtong", "go-stop", "gwang-bak", "pi-bak", "meong-bak",
              "cup-double-junk", "nagari"],
    "gostop": ["bomb", "bonus-from-hand", "bonus-flipped", "choose-two", "go-doubling",
               "threshold-3p"],
    "stopgo": ["shaking", "triple", "mission", "sequence", "hearts", "warning",
               "take-both", "stack"],
    "stop": ["interjection", "free-choice", "exchange", "exchange-cancelled", "stacked-two",
             "skip-passed", "plus-x", "forgot-achtung", "zero-defence"],
    "go-stop-2005": ["one-beats-ten", "two-stops-discard", "line-scored", "stop-returns"],
}


def jsonsafe(x):
    return json.loads(json.dumps(x, allow_nan=False)) == x


def partial(expected, actual, where):
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not a dict"
        for k, v in expected.items():
            assert k in actual, f"{where}: no key {k!r} in {actual!r}"
            partial(v, actual[k], f"{where}.{k}")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def matches(expected, actual):
    try:
        partial(expected, actual, "")
        return True
    except AssertionError:
        return False


def run(game, steps, upto=None):
    """Plays the steps (each must be legal); returns the events per step."""
    out = []
    n = game.num_players
    for i, (p, a) in enumerate(steps[:upto]):
        legal = game.legal_actions(p)
        assert a in legal, (f"step {i}: action {a} ({game.action_label(a)}) by {p} "
                            f"not legal in {game.phase}: {legal}")
        ev = game.apply(a, p)
        assert jsonsafe(ev), f"step {i}: events not JSON-safe"
        out.append(ev)
        for q in range(n):
            assert jsonsafe(game.view(q)), f"step {i}: view of seat {q} not JSON-safe"
    return out


def key_events(game, events, key):
    if key is None:            # a deal scenario: the deal is the rule
        return list(getattr(game, "deal_events", []))
    return events[key]


def check(exp, game, events, viewer, where):
    for k in exp:
        assert k in EXPECT_KEYS, f"{where}: unknown expect key {k!r}"
    want = exp.get("events", [])
    i = 0
    for e in events:
        if i < len(want) and matches(want[i], e):
            i += 1
    assert i == len(want), (f"{where}: expected event {want[i] if i < len(want) else None}"
                            f" (in order) not found in {events}")
    types = {e["type"] for e in events}
    for t in exp.get("no_events", []):
        assert t not in types, f"{where}: unexpected {t!r} event in {events}"
    for a in exp.get("absent", []):
        assert not any(matches(a, e) for e in events), f"{where}: {a} present in {events}"
    if "view" in exp:
        partial(exp["view"], game.view(viewer), f"{where}: view")
    if "scores" in exp:
        scores = game.view(viewer)["scores"]
        for seat, facts in exp["scores"].items():
            bd = scores[int(seat)]
            for k, v in facts.items():
                if k == "lines":
                    got = {ln["key"]: ln["points"] for ln in bd["lines"]}
                    for key, pts in v.items():
                        assert got.get(key, 0) == pts, f"{where}: line {key}: {bd}"
                else:
                    assert bd[k] == v, f"{where}: {k}: {bd}"
    result = getattr(game, "result", None)
    if "result" in exp:
        partial(exp["result"], result, f"{where}: result")
    keys = [s["key"] for s in result["steps"]] if isinstance(result, dict) else []
    if "result_steps" in exp:
        assert keys == exp["result_steps"], f"{where}: result steps {keys}"
    for k in exp.get("absent_result_steps", []):
        assert k not in keys, f"{where}: result step {k} present"
    if "returns" in exp:
        assert list(game.returns()) == exp["returns"], f"{where}: returns {game.returns()}"


def test_required_scenarios_present():
    for g, ids in REQUIRED.items():
        missing = [s for s in ids if s not in SCENARIOS[g]]
        assert not missing, f"{g}: missing scenarios {missing}"


def test_docs_list_every_scenario():
    with open(os.path.join(ROOT, "docs", "scenarios.md"), encoding="utf-8") as f:
        text = f.read()
    missing = [f"{g}/{s}" for g, s in ALL if f"`{s}`" not in text]
    assert not missing, missing


@pytest.mark.parametrize("game_id,sid", ALL, ids=IDS)
def test_scenario(game_id, sid):
    d = load_scenario(game_id, sid)
    assert jsonsafe(d)
    assert d["id"] == sid and d["game"] == game_id
    assert d["title"]["key"].startswith(f"scenario.{game_id}.") and d["title"]["en"]
    for st in d["steps"]:
        assert st["caption"] and st["caption"]["key"] and st["caption"]["en"], st
        assert isinstance(st["action"], int) and st["label"]
    key = d["key_step"]
    viewer = d["viewer"]
    game, steps = build(game_id, sid)
    assert [(st["player"], st["action"]) for st in d["steps"]] == steps
    if key is None:
        assert not steps and d["intro"], "a deal scenario shows its rule in the intro"
    else:
        assert 0 <= key < len(steps)
        assert steps[key][0] == viewer, "the reader plays the key move"
    for q in range(game.num_players):
        assert jsonsafe(game.view(q))
    events = run(game, steps[:key + 1] if key is not None else [])
    check(d["expect"], game, key_events(game, events, key), viewer, f"{game_id}/{sid}")
    if key is not None:
        run(game, steps[key + 1:])
    # the save after the steps restores to the same state
    save = json.loads(json.dumps(game.to_json()))
    g2 = load(save)
    assert g2.history == game.history
    for q in range(game.num_players):
        assert g2.view(q) == game.view(q)
    assert g2.is_terminal() == game.is_terminal()


@pytest.mark.parametrize("game_id,sid", ALL, ids=IDS)
def test_counter(game_id, sid):
    c = build_counter(game_id, sid)
    if c is None:
        pytest.skip("no counter-example")
    game, steps, key = c
    d = load_scenario(game_id, sid)
    exp = d["counter"]["expect"]
    assert d["counter"]["note"]["en"]
    assert exp.get("absent") or exp.get("absent_result_steps") or exp.get("scores") \
        or exp.get("result"), "a counter must say what does not happen"
    events = run(game, steps)
    check(exp, game, key_events(game, events, key if steps else None), d["viewer"],
          f"{game_id}/{sid} counter")
