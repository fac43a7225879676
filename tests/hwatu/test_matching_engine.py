"""The matching games' shared engine (games/matching) as matgo, gostop and
stopgo use it: the protocol's declarations, ``describe_action`` over every
action id, the state as a record with one compiled ``clone``, and the one
classmethod path to sampled worlds."""
import inspect
import json
import random

import pytest

from gostop import make
from gostop.core.game import ACTION_KINDS, RETURNS_KINDS
from gostop.core.registry import game_class
from gostop.games.hwatu import Matgo, GoStop
from gostop.games.hwatu import actions as H
from gostop.games.hwatu.cards import MONTH, NUM_MONTH_CARDS
from gostop.games.matching import MatchingGame
from gostop.games.matching.record import record_fields
from gostop.games.stopgo import StopGo
from gostop.games.stopgo import actions as S
from gostop.games.stopgo.cards import RANK

# game id, options, how many random hands, kinds their legal actions show
_BASIC = {"play", "take", "go", "stop"}
CASES = [("matgo", {}, 25, _BASIC),
         ("matgo", {"house": "hangame"}, 40, _BASIC | {"bank", "bomb", "shake", "cup", "flip"}),
         ("gostop", {"players": 2}, 15, _BASIC | {"bank"}),
         ("gostop", {"players": 3}, 15, _BASIC | {"bank", "bomb"}),
         ("gostop", {"players": 4}, 15, _BASIC | {"bank", "bomb"}),
         ("gostop", {"players": 3, "house": "traditional"}, 40,
          _BASIC | {"bank", "bomb", "shake", "flip"}),
         ("stopgo", {}, 40, _BASIC | {"bomb", "shake", "flip"})]


def test_the_protocol_declarations():
    for cls, name in ((Matgo, "Matgo"), (GoStop, "Go-Stop"), (StopGo, "StopGo")):
        assert issubclass(cls, MatchingGame)
        assert cls.display_name == name
        assert cls.returns_kind == "payments" and cls.returns_kind in RETURNS_KINDS
        assert cls.simultaneous is False
        for method in ("from_setup", "from_deck", "sample_world"):
            assert isinstance(inspect.getattr_static(cls, method), classmethod), (cls, method)
    assert set(Matgo.house_presets) == {"site", "hangame"}
    assert set(GoStop.house_presets) == {"site", "traditional"}


def _layout(game_id):
    """Every action id of the game's layout (docs/rules-*-engine.md)."""
    if game_id == "stopgo":
        return (list(range(52)) + [S.CHOOSE_BASE + x for x in range(52)]
                + [S.FLIP, S.PASS, S.GO, S.STOP]
                + [S.SHAKE_BASE + r for r in range(1, 14)]
                + [S.TRIPLE_BASE + r for r in range(1, 14)])
    return (list(range(50)) + [H.CHOOSE_BASE + x for x in range(NUM_MONTH_CARDS)]
            + [H.FLIP, H.PASS, H.GO, H.STOP]
            + [H.BOMB_BASE + m for m in range(1, 13)]
            + [H.SHAKE_BASE + m for m in range(1, 13)] + [H.CUP_ANIMAL, H.CUP_JUNK])


def _check_description(g, a):
    d = g.describe_action(a)
    assert json.loads(json.dumps(d)) == d
    assert d["kind"] in ACTION_KINDS and d["kind"] != "action", (g.game_id, a, d)
    group = "rank" if g.game_id == "stopgo" else "month"
    assert ("month" if group == "rank" else "rank") not in d
    if "cards" in d:
        assert all(type(c) is int for c in d["cards"])
    return d


@pytest.mark.parametrize("game_id", ["matgo", "gostop", "stopgo"])
def test_every_action_id_of_the_layout_is_described(game_id):
    g = make(game_id, seed=1)
    group_of = RANK if game_id == "stopgo" else MONTH
    kinds = set()
    for a in _layout(game_id):
        d = _check_description(g, a)
        kinds.add(d["kind"])
        if d["kind"] == "play":
            assert d["cards"] == [a] and d[("rank" if game_id == "stopgo" else "month")] == group_of[a]
        elif d["kind"] == "take":
            x = a - 100
            assert d["cards"] == [x] and d[("rank" if game_id == "stopgo" else "month")] == group_of[x]
        elif d["kind"] == "bank":
            assert d == {"kind": "bank", "cards": [a]} and a in (48, 49)
    expected = {"play", "take", "flip", "pass", "go", "stop", "shake", "bomb"}
    if game_id != "stopgo":
        expected |= {"bank", "cup"}
    assert kinds == expected
    # ids outside the layout get the protocol's plain answer
    for a in (-1, 99, 999):
        assert g.describe_action(a) == {"kind": "action", "id": a}


def test_descriptions_name_the_month_or_rank_and_the_choice():
    m = make("matgo", seed=1)
    assert m.describe_action(17) == {"kind": "play", "cards": [17], "month": 5}
    assert m.describe_action(H.CHOOSE_BASE + 17) == {"kind": "take", "cards": [17], "month": 5}
    assert m.describe_action(H.BOMB_BASE + 3) == {"kind": "bomb", "month": 3}
    assert m.describe_action(H.SHAKE_BASE + 3) == {"kind": "shake", "month": 3}
    assert m.describe_action(H.CUP_ANIMAL) == {"kind": "cup", "as": "animal"}
    assert m.describe_action(H.CUP_JUNK) == {"kind": "cup", "as": "junk"}
    assert m.describe_action(48) == {"kind": "bank", "cards": [48]}
    assert [m.describe_action(a) for a in (H.FLIP, H.PASS, H.GO, H.STOP)] == [
        {"kind": "flip"}, {"kind": "pass"}, {"kind": "go"}, {"kind": "stop"}]
    s = make("stopgo", seed=1)
    assert s.describe_action(50) == {"kind": "play", "cards": [50], "rank": 13}
    assert s.describe_action(S.CHOOSE_BASE + 50) == {"kind": "take", "cards": [50], "rank": 13}
    assert s.describe_action(S.SHAKE_BASE + 7) == {"kind": "shake", "rank": 7}
    assert s.describe_action(S.TRIPLE_BASE + 7) == {"kind": "bomb", "rank": 7}
    assert [s.describe_action(a) for a in (S.FLIP, S.PASS, S.GO, S.STOP)] == [
        {"kind": "flip"}, {"kind": "pass"}, {"kind": "go"}, {"kind": "stop"}]


@pytest.mark.parametrize("game_id,options,hands,kinds", CASES,
                         ids=[f"{g}-{json.dumps(o, sort_keys=True)}" for g, o, _, _ in CASES])
def test_every_legal_action_of_random_hands_is_described(game_id, options, hands, kinds):
    rng = random.Random(game_id + json.dumps(options))
    seen = set()
    for seed in range(hands):
        g = make(game_id, seed=seed, **options)
        while not g.is_terminal():
            p = g.current_player
            la = g.legal_actions(p)
            for a in la:
                d = _check_description(g, a)
                seen.add((g.phase, d["kind"]))
                assert g.action_label(a) != str(a)
            g.apply(la[rng.randrange(len(la))], p)
    assert kinds <= {kind for _, kind in seen}, seen


def _fields(g):
    return {name: getattr(g, name) for name in record_fields(type(g))}


@pytest.mark.parametrize("game_id,options", [("matgo", {"house": "hangame"}),
                                             ("gostop", {"players": 4}), ("stopgo", {})])
def test_the_state_is_a_record_and_clone_copies_every_field(game_id, options):
    rng = random.Random(3)
    seed = 5
    while True:
        g = make(game_id, seed=seed, **options)
        for _ in range(7):
            la = g.legal_actions()
            if la:
                g.apply(la[rng.randrange(len(la))])
        if not g.is_terminal():
            break
        seed += 1
    assert g.__dict__ == {}                 # every field is a slot
    c = g.clone()
    assert type(c) is type(g) and c.__dict__ == {}
    assert _fields(c) == _fields(g)
    # the lists a move changes are the copy's own; values are shared
    for name in type(g).LISTS:
        assert getattr(c, name) is not getattr(g, name), name
    assert all(h is not k for h, k in zip(c.hands, g.hands))
    assert c.rules is g.rules and c.options is g.options
    # the copy and the original go their own ways
    la = c.legal_actions()
    c.apply(la[0])
    assert c.history != g.history and _fields(g) != _fields(c)


def test_sampled_worlds_come_through_from_setup():
    for game_id, options in (("matgo", {}), ("gostop", {"players": 3}), ("stopgo", {})):
        cls = game_class(game_id)
        g = make(game_id, seed=8, **options)
        for _ in range(5):
            g.apply(g.legal_actions()[0])
        v = g.view(g.current_player)
        w = cls.sample_world(v, random.Random(1))
        assert type(w) is cls and w.view(g.current_player) == v
        assert "setup" in w.to_json()           # built by from_setup: the save keeps it
