"""Rule vectors for StopGo (RULINGS section 3): JSON cases under vectors/,
cards and actions by name (``stopgo_names``). Every ruling has at least a
normal case, a boundary and a counter-example.

Types: ``score`` (pile -> base and lines), ``settle`` (piles, winner, gos,
shakes, missions -> total and step keys), ``deal`` (seed or explicit deal ->
deal checks) and ``play`` (``from_setup`` + actions -> state checks).
"""
import glob
import json
import os

import pytest

from gostop.core.errors import IllegalAction
from gostop.games.stopgo import StopGo
from gostop.games.stopgo import scoring
from gostop.games.stopgo.cards import cards_of, mask

import stopgo_names as nm

# the vectors name some state fields as the engine once did
STATE_NAMES = {"taken": "turns_taken"}

HERE = os.path.dirname(os.path.abspath(__file__))


def _load():
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "vectors", "*.json"))):
        with open(path, encoding="utf-8") as f:
            out.extend(json.load(f)["vectors"])
    return out


VECTORS = _load()


def test_every_ruling_has_three_cases():
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))
    assert len(VECTORS) >= 60
    cases = {}
    for v in VECTORS:
        cases.setdefault(v["ruling"], set()).add(v["case"])
    short = {r: c for r, c in cases.items() if c != {"normal", "boundary", "counter"}}
    assert not short, short


def subset(exp, got, where):
    """``exp`` is contained in ``got`` (dicts by key, the rest by equality)."""
    if isinstance(exp, dict):
        assert isinstance(got, dict), f"{where}: {got!r}"
        for k, x in exp.items():
            assert k in got, f"{where}: no {k!r} in {got!r}"
            subset(x, got[k], f"{where}.{k}")
    else:
        assert exp == got, f"{where}: expected {exp!r}, got {got!r}"


def events_in_order(expected, events, where):
    want = [nm.event(e) for e in expected]
    i = 0
    for e in events:
        if i < len(want):
            try:
                subset(want[i], e, where)
                i += 1
            except AssertionError:
                pass
    assert i == len(want), f"{where}: {want[i]!r} not found in order in {events!r}"


def build(v):
    if v["type"] == "deal":
        if "deal" not in v:
            return StopGo(v["seed"])
        d = v["deal"]
        used = [nm.cid(c) for h in d["hands"] for c in h] + [nm.cid(c) for c in d["table"]]
        rest = [c for c in range(52) if c not in used]
        return StopGo.from_deck(used + rest, v["seed"])
    return StopGo.from_setup(nm.setup(v["setup"]), v.get("seed", 0))


def check(g, exp, events, vid):
    names = lambda lst: nm.cids(lst)  # noqa: E731
    if "events" in exp:
        events_in_order(exp["events"], events, vid)
    types = [e["type"] for e in events]
    for t in exp.get("no_events", []):
        assert t not in types, f"{vid}: unexpected {t}"
    deal_types = [e["type"] for e in g.deal_events]
    if "deal_events" in exp:
        events_in_order(exp["deal_events"], g.deal_events, vid)
    for t in exp.get("no_deal_events", []):
        assert t not in deal_types, vid
    if "piles" in exp:
        assert [cards_of(m) for m in g.piles] == [names(p) for p in exp["piles"]], vid
    if "table" in exp:
        assert cards_of(g.table) == names(exp["table"]), vid
    if "hands" in exp:
        assert g.hands == [names(h) for h in exp["hands"]], vid
    if "hand_sizes" in exp:
        assert [len(h) for h in g.hands] == exp["hand_sizes"], vid
    if "table_count" in exp:
        assert g.table.bit_count() == exp["table_count"], vid
    if "stock_count" in exp:
        assert len(g.stock) == exp["stock_count"], vid
    if "stock_top" in exp:
        assert g.stock[-1] == nm.cid(exp["stock_top"]), vid
    if exp.get("no_table_four"):
        assert all((g.table >> (4 * r) & 15) != 15 for r in range(13)), vid
    for key in ("phase", "turn"):
        if key in exp:
            assert getattr(g, key) == exp[key], (vid, key, getattr(g, key))
    if "current" in exp:
        assert g.current_player == exp["current"], vid
    if "legal" in exp:
        assert g.legal_actions() == sorted(nm.action(a) for a in exp["legal"]), (vid, g.legal_actions())
    if "scores" in exp:
        assert [scoring.base_score(m) for m in g.piles] == exp["scores"], vid
    for key in ("gos", "last_go", "shakes", "flip_only", "taken"):
        if key in exp:
            got = list(getattr(g, STATE_NAMES.get(key, key)))
            assert got == exp[key], (vid, key, got)
    if "shaken" in exp:
        assert g.shake_view()["shaken"] == exp["shaken"], vid
    if "shown" in exp:
        assert g.shake_view()["shown"] == [names(s) for s in exp["shown"]], vid
    if "shakable" in exp:
        for p, ranks in exp["shakable"].items():
            bits = g.hand_options(int(p))[1]
            assert [r for r in range(1, 14) if bits >> r & 1] == [nm.rank_of(r) for r in ranks], vid
    if "stacks" in exp:
        got = {str(grp["rank"]): grp["owner"] for grp in g.table_groups() if grp["stack"]}
        assert got == exp["stacks"], (vid, got)
    if "over" in exp:
        assert g.is_terminal() == exp["over"], vid
    if "result" in exp:
        subset(exp["result"], g.result, vid)
    if "steps" in exp:
        assert [s["key"] for s in g.result["steps"]] == exp["steps"], (vid, g.result)
    if "returns" in exp:
        assert g.returns() == exp["returns"], vid
    for a in exp.get("illegal", []):
        before = json.dumps([g.to_json(), g.view(0), g.view(1)])
        with pytest.raises(IllegalAction):
            g.apply(nm.action(a))
        assert json.dumps([g.to_json(), g.view(0), g.view(1)]) == before, vid


@pytest.mark.parametrize("v", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(v):
    vid, exp, kind = v["id"], v["expect"], v["type"]
    if kind == "score":
        pile = mask(nm.cids(v["pile"]))
        b = scoring.breakdown(pile)
        assert b["base"] == scoring.base_score(pile)
        lines = {ln["key"]: ln["points"] for ln in b["lines"]}
        subset({k: x for k, x in exp.items() if k != "lines"}, b, vid)
        subset(exp.get("lines", {}), lines, vid)
        json.dumps(b)
        return
    if kind == "settle":
        piles = [mask(nm.cids(p)) for p in v["piles"]]
        missions = [nm.cid(c) for c in v.get("missions", [])]
        res = scoring.settle(piles, v["winner"], v.get("gos", 0), v.get("shakes", 0), missions)
        subset({k: x for k, x in exp.items() if k != "steps"}, res, vid)
        assert [s["key"] for s in res["steps"]] == exp["steps"], (vid, res)
        if res["steps"]:
            assert res["steps"][-1]["value"] == res["total"]
        json.dumps(res)
        return
    g = build(v)
    events = []
    for item in v.get("actions", []):
        p, a = item if isinstance(item, list) else (g.current_player, item)
        events.extend(g.apply(nm.action(a), p))
    check(g, exp, events, vid)
    # every vector position survives a save and a replay of its history
    r = StopGo.from_json(json.loads(json.dumps(g.to_json())))
    assert r.view(0) == g.view(0) and r.view(1) == g.view(1), vid
