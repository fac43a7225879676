"""Rule vectors: JSON cases under vectors/, one normal, boundary and counter
case (at least) for every ruling of RULINGS sections 0-2.

Vector types:

* ``score``: ``pile`` -> ``expect`` {base, lines {key: points|null}, cup, units}
* ``settle``: ``piles``, ``winner``, ``gos`` -> ``expect`` {total, base, steps}
* ``card``: ``card`` -> ``expect`` (fields of ``cards.card_info``)
* ``deal``: ``deal`` {hands, field, stock_top}, ``seed`` -> ``expect``
* ``play``: ``setup`` (``from_setup``), ``actions`` -> ``expect``

``actions`` items are action ids (by the player to move) or ``[player, id]``.
"""
import glob
import json
import os

import pytest

from gostop.core.errors import IllegalAction
from gostop.games.hwatu import Matgo, GoStop
from gostop.games.hwatu.cards import card_info, cards_of, mask, NUM_CARDS
from gostop.games.hwatu import scoring

HERE = os.path.dirname(os.path.abspath(__file__))
CLASSES = {"matgo": Matgo, "gostop": GoStop}
# the vectors name some state fields as the engine once did
STATE_NAMES = {"taken": "turns_taken"}


def load_vectors():
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "vectors", "*.json"))):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        for v in data["vectors"]:
            v["_file"] = os.path.basename(path)
            out.append(v)
    return out


VECTORS = load_vectors()


def test_vector_ids_unique_and_cases_covered():
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))
    assert len(VECTORS) >= 150
    by_ruling = {}
    for v in VECTORS:
        assert v["case"] in ("normal", "boundary", "counter"), v["id"]
        by_ruling.setdefault(v["ruling"], set()).add(v["case"])
    missing = {r: sorted({"normal", "boundary", "counter"} - cs)
               for r, cs in by_ruling.items()
               if cs != {"normal", "boundary", "counter"}}
    assert not missing, missing


def partial(expected, actual, where):
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: {actual!r} is not a dict"
        for k, v in expected.items():
            assert k in actual, f"{where}: missing key {k!r} in {actual!r}"
            partial(v, actual[k], f"{where}.{k}")
    else:
        assert expected == actual, f"{where}: expected {expected!r}, got {actual!r}"


def matches(expected, actual):
    try:
        partial(expected, actual, "")
        return True
    except AssertionError:
        return False


def check_events(exp_events, events, vid):
    i = 0
    for e in events:
        if i < len(exp_events) and matches(exp_events[i], e):
            i += 1
    assert i == len(exp_events), (
        f"{vid}: event {exp_events[i]!r} not found in order in "
        f"{json.dumps(events)}")


def make_game(v):
    cls = CLASSES[v.get("game", "matgo")]
    opts = v.get("options", {})
    if v["type"] == "deal":
        d = v["deal"]
        used = [c for h in d["hands"] for c in h] + d["field"] + d.get("stock_top", [])
        top = 50 if cls is GoStop else 48
        rest = [c for c in range(top) if c not in used]
        return cls.from_deck(used + rest, v.get("seed", 0), **opts)
    return cls.from_setup(v["setup"], v.get("seed", 0), **opts)


def check_state(g, exp, events, vid):
    if "events" in exp:
        check_events(exp["events"], events, vid)
    for t in exp.get("no_events", []):
        assert t not in [e["type"] for e in events], f"{vid}: unexpected {t} event"
    if "piles" in exp:
        assert [cards_of(m) for m in g.piles] == exp["piles"], vid
    if "field" in exp:
        assert cards_of(g.field) == sorted(exp["field"]), vid
    if "hands" in exp:
        assert g.hands == [sorted(h) for h in exp["hands"]], vid
    if "hand_sizes" in exp:
        assert [len(h) for h in g.hands] == exp["hand_sizes"], vid
    if "stock_count" in exp:
        assert len(g.stock) == exp["stock_count"], vid
    if "phase" in exp:
        assert g.phase == exp["phase"], vid
    if "current" in exp:
        assert g.current_player == exp["current"], vid
    if "legal" in exp:
        assert g.legal_actions() == exp["legal"], vid
    if "legal_includes" in exp:
        la = g.legal_actions()
        assert all(a in la for a in exp["legal_includes"]), (vid, la)
    if "legal_excludes" in exp:
        la = g.legal_actions()
        assert not any(a in la for a in exp["legal_excludes"]), (vid, la)
    if "scores" in exp:
        assert [scoring.base_score(m) for m in g.piles] == exp["scores"], vid
    for key in ("gos", "ppuks", "flip_only", "taken"):
        if key in exp:
            assert list(getattr(g, STATE_NAMES.get(key, key))) == exp[key], (vid, key)
    if "turn" in exp:
        assert g.turn == exp["turn"], vid
    if "stacks" in exp:
        got = {str(grp["month"]): grp["owner"] for grp in g.field_groups() if grp["stack"]}
        assert got == exp["stacks"], vid
    if "over" in exp:
        assert g.is_terminal() == exp["over"], vid
    if "result" in exp:
        assert g.result is not None, vid
        partial(exp["result"], g.result, vid)
    if "steps" in exp:
        assert [s["key"] for s in g.result["steps"]] == exp["steps"], vid
    if "returns" in exp:
        assert g.returns() == exp["returns"], vid
    if "first" in exp:
        assert g.first == exp["first"], vid
    if "deal_events" in exp:
        check_events(exp["deal_events"], g.deal_events, vid)
    for a in exp.get("illegal", []):
        before = json.dumps(g.to_json())
        with pytest.raises(IllegalAction):
            g.apply(a)
        assert json.dumps(g.to_json()) == before


@pytest.mark.parametrize("v", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(v):
    vid = v["id"]
    exp = v["expect"]
    t = v["type"]
    if t == "card":
        partial(exp, card_info(v["card"]), vid)
        return
    if t == "score":
        pile = mask(v["pile"])
        assert all(0 <= c < NUM_CARDS for c in v["pile"])
        b = scoring.breakdown(pile)
        assert scoring.base_score(pile) == b["base"], vid
        if "base" in exp:
            assert b["base"] == exp["base"], (vid, b)
        lines = {ln["key"]: ln for ln in b["lines"]}
        for key, pts in exp.get("lines", {}).items():
            if pts is None:
                assert key not in lines, (vid, key)
            else:
                assert lines[key]["points"] == pts, (vid, key, b)
        if "cup" in exp:
            assert b["cup"] == exp["cup"], (vid, b)
        if "units" in exp:
            assert lines["junk"]["units"] == exp["units"], (vid, b)
        return
    if t == "settle":
        cls = CLASSES[v.get("game", "matgo")]
        opts = cls.normalize_options(dict(v.get("options", {})))
        rules = cls.make_rules(opts)
        piles = [mask(p) for p in v["piles"]]
        res = scoring.settle(rules, piles, v["winner"], v.get("gos", 0),
                             v.get("reason", "stop"))
        partial({k: x for k, x in exp.items() if k != "steps"}, res, vid)
        if "steps" in exp:
            assert [s["key"] for s in res["steps"]] == exp["steps"], (vid, res)
        return
    g = make_game(v)
    events = []
    if "deal_expect" in v:
        check_state(g, v["deal_expect"], g.deal_events, vid)
    for item in v.get("actions", []):
        if isinstance(item, list):
            p, a = item
        else:
            p, a = g.current_player, item
        events.extend(g.apply(a, p))
    if t == "deal":
        events = g.deal_events + events
    check_state(g, exp, events, vid)
    json.dumps(g.view(0))
