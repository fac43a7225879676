import json

import pytest

from gostop import make, load
from gostop.core.errors import IllegalAction, SaveError
from gostop.core.game import events_for
from gostop.core.rng import make_rng, randbelow
from gostop.games.hwatu import Matgo, GoStop, sample_world
from gostop.games.hwatu.cards import MONTH_MASK, cards_of


def play_random(g, rng, steps=10**6):
    while not g.is_terminal() and steps:
        la = g.legal_actions()
        g.apply(la[randbelow(rng, len(la))])
        steps -= 1
    return g


def test_registry_and_options():
    assert isinstance(make("matgo", seed=1), Matgo)
    assert make("gostop", seed=1, players=4).num_players == 4
    with pytest.raises(ValueError):
        make("matgo", seed=1, players=3)
    with pytest.raises(ValueError):
        make("gostop", seed=1, players=5)
    with pytest.raises(ValueError):
        make("gostop", seed=1, players=1)
    with pytest.raises(ValueError):
        make("matgo", seed=1, colour="red")
    with pytest.raises(ValueError):
        make("matgo", seed=1, pibak="never")
    assert make("matgo", seed=1).options == {"players": 2, "pibak": "literal"}


@pytest.mark.parametrize("players,hand,field,stock", [(2, 10, 8, 22), (3, 7, 6, 23), (4, 7, 6, 16)])
def test_gostop_deal_sizes(players, hand, field, stock):
    for seed in range(30):
        g = GoStop(seed, players=players)
        assert [len(h) for h in g.hands] == [hand] * players
        banked = cards_of(g.piles[0])
        assert all(c >= 48 for c in banked)
        assert len(cards_of(g.field)) == field
        assert len(g.stock) == stock - len(banked)
        assert g.current_player == 0
        for m in range(1, 13):
            assert g.field & MONTH_MASK[m] != MONTH_MASK[m]


def test_matgo_deal_and_first_player():
    firsts = set()
    for seed in range(60):
        g = Matgo(seed)
        firsts.add(g.first)
        if g.is_terminal():
            assert g.result["reason"] == "chongtong"
            continue
        assert [len(h) for h in g.hands] == [10, 10]
        assert len(cards_of(g.field)) == 8 and len(g.stock) == 20
        assert g.current_player == g.first
        for m in range(1, 13):
            assert g.field & MONTH_MASK[m] != MONTH_MASK[m]
            assert not all(g.hands[0].count(c) for c in range(4 * m - 4, 4 * m))
    assert firsts == {0, 1}


def test_deal_deterministic_and_seed_dependent():
    a, b, c = Matgo(77), Matgo(77), Matgo(78)
    assert a.hands == b.hands and a.stock == b.stock and a.field == b.field
    assert a.hands != c.hands


def _find(pred, cls=Matgo, **opts):
    for seed in range(20000):
        g = cls(seed, **opts)
        if pred(g):
            return seed, g
    raise AssertionError("no seed found")


def test_redeal_is_deterministic():
    seed, g = _find(lambda g: any(e["type"] == "redeal" for e in g.deal_events))
    again = Matgo(seed)
    assert again.deal_events == g.deal_events
    assert again.hands == g.hands and again.stock == g.stock
    for m in range(1, 13):
        assert g.field & MONTH_MASK[m] != MONTH_MASK[m]


def test_chongtong_from_seed_is_over_and_saves():
    seed, g = _find(lambda g: g.is_terminal())
    assert g.result["reason"] == "chongtong" and g.result["total"] == 5
    w = g.winner
    assert g.returns()[w] == 5 and g.returns()[1 - w] == -5
    assert g.legal_actions() == [] and g.current_player == -1
    assert any(e["type"] == "chongtong" for e in g.view(0)["deal_events"])
    again = load(json.loads(json.dumps(g.to_json())))
    assert again.view(0) == g.view(0)
    with pytest.raises(IllegalAction):
        g.apply(0, 0)


def test_gostop_bonus_on_field_goes_to_dealer_from_seed():
    seed, g = _find(lambda g: g.piles[0] != 0, GoStop, players=3)
    assert all(c >= 48 for c in cards_of(g.piles[0]))
    assert any(e["type"] == "bonus-banked" and e["source"] == "deal" for e in g.deal_events)
    assert len(cards_of(g.field)) == 6


def test_view_fields_and_json():
    g = GoStop(5, players=3)
    v = g.view(1)
    for key in ("game", "player", "players", "phase", "to_move", "current", "turn",
                "hand", "hand_counts", "stock_count", "field", "captured", "piles",
                "scores", "gos", "pending", "legal", "result", "turns_taken",
                "ppuks", "flip_only", "deal_events", "first", "dealer"):
        assert key in v
    assert v["game"] == "gostop" and v["player"] == 1
    assert v["hand"] == g.hands[1]
    assert v["hand_counts"] == [7, 7, 7]
    assert v["legal"] == []          # not seat 1's turn
    assert g.view(0)["legal"] == g.legal_actions(0)
    assert json.loads(json.dumps(g.view(0))) == g.view(0)
    obs = g.view(None)
    assert obs["hand"] == [] and obs["player"] is None


def test_view_pending_and_stack_owner():
    g = Matgo.from_setup({"hands": [[16, 39], [38]], "field": [17, 18, 0, 24, 25, 26],
                          "stock": [4], "stacks": {"7": 1}})
    g.apply(16)
    v = g.view(1)
    assert v["pending"] == {"kind": "choose-play", "player": 0, "played": 16,
                            "flipped": None, "options": [17, 18], "play_kind": 0,
                            "paired": None}
    grp = [x for x in v["field"] if x["month"] == 7][0]
    assert grp == {"month": 7, "cards": [24, 25, 26], "stack": True, "owner": 1}
    w = Matgo.sample_world(v, make_rng(1))
    assert w.view(1) == v
    assert w.legal_actions(0) == [117, 118]


def test_sample_world_many_states_and_hides():
    rng = make_rng(3)
    for game, n in (("matgo", 2), ("gostop", 2), ("gostop", 3), ("gostop", 4)):
        for seed in range(15):
            g = make(game, seed=seed, players=n)
            play_random(g, rng, steps=seed + 1)
            if g.is_terminal():
                continue
            for p in range(n):
                v = g.view(p)
                worlds = [sample_world(v, make_rng(k)) for k in range(4)]
                for w in worlds:
                    assert w.view(p) == v
                    la = w.legal_actions()
                    w.apply(la[0])
                others = {tuple(tuple(h) for q, h in enumerate(w.hands) if q != p)
                          for w in worlds}
                if sum(v["hand_counts"]) - len(v["hand"]) + v["stock_count"] > 3:
                    assert len(others) > 1   # the hidden cards really are random


def test_from_setup_validation_and_save():
    with pytest.raises(ValueError):
        Matgo.from_setup({"hands": [[1, 2], [2]], "field": []})
    with pytest.raises(ValueError):
        Matgo.from_setup({"hands": [[1]], "field": []})
    with pytest.raises(ValueError):
        Matgo.from_setup({"hands": [[48], []], "field": []})   # no bonus in matgo
    with pytest.raises(ValueError):
        Matgo.from_setup({"hands": [[1], []], "field": [], "phase": "nope"})
    with pytest.raises(ValueError):
        Matgo.from_setup({"hands": [[1], []], "field": [4], "stacks": {"2": 0}})
    g = Matgo.from_setup({"hands": [[16, 39], [38]], "field": [17, 0], "stock": [24, 2]})
    g.apply(16)
    data = json.loads(json.dumps(g.to_json()))
    assert "setup" in data
    again = Matgo.from_json(data)
    assert again.view(0) == g.view(0) and again.view(1) == g.view(1)
    with pytest.raises(SaveError):
        GoStop.from_json(data)
    bad = dict(data, history=[[1, 38]])
    with pytest.raises(SaveError):
        Matgo.from_json(bad)


def test_from_deck_save_roundtrip():
    seat0 = [0, 1, 2, 3, 4, 5, 6, 8, 9, 12]
    seat1 = [7, 10, 11, 13, 14, 16, 17, 20, 21, 24]
    deck = seat0 + seat1 + [c for c in range(48) if c not in seat0 + seat1]
    g = Matgo.from_deck(deck, seed=5)
    assert g.is_terminal() and g.winner == 0       # seat 0 holds all of month 1
    again = Matgo.from_json(json.loads(json.dumps(g.to_json())))
    assert again.view(1) == g.view(1)
    with pytest.raises(ValueError):
        Matgo.from_deck(deck[:-1])


def test_clone_is_independent_and_fast_path_quiet():
    g = Matgo(11)
    rng = make_rng(2)
    play_random(g, rng, steps=5)
    before = json.dumps(g.view(0))
    c = g.clone()
    c.quiet = True
    play_random(c, rng)
    assert c.is_terminal()
    assert json.dumps(g.view(0)) == before
    assert g.quiet is False and len(g.history) == 5


def test_replacement_draw_is_private():
    g = GoStop.from_setup({"hands": [[48, 16], [38], [37]], "field": [0], "stock": [20, 24]},
                          players=3)
    events = g.apply(48)
    mine = events_for(events, 0)
    theirs = events_for(events, 1)
    assert {"type": "drew", "player": 0, "card": 20} in mine
    assert {"type": "drew", "player": 0} in theirs
    assert all(e.get("card") != 20 for e in theirs)
    assert 20 not in g.view(1)["hand"] and g.view(1)["hand_counts"] == [2, 1, 1]


def test_action_labels():
    g = GoStop(1, players=2)
    labels = {a: g.action_label(a) for a in (0, 48, 117, 150, 151, 160, 161, 175)}
    assert labels[0].startswith("Play") and "crane" in labels[0]
    assert labels[48].startswith("Bank")
    assert labels[117].startswith("Take")
    assert labels[160] == "Go" and labels[161] == "Stop"
    assert labels[175].startswith("Bomb") and "May" in labels[175]
    assert len(set(labels.values())) == len(labels)


def test_events_cover_a_hand():
    rng = make_rng(8)
    seen = set()
    for seed in range(300):
        g = Matgo(seed)
        while not g.is_terminal():
            la = g.legal_actions()
            for e in g.apply(la[randbelow(rng, len(la))]):
                assert isinstance(e["type"], str)
                seen.add(e["type"])
    assert {"played", "flipped", "captured", "stayed", "ppuk", "ttadak", "chok",
            "sweep", "junk-taken", "go", "stop", "hand-over", "turn",
            "go-stop", "stack-taken"} <= seen


def test_every_player_gets_exactly_hand_size_turns():
    rng = make_rng(12)
    for n in (2, 3, 4):
        for seed in range(40):
            g = GoStop(seed, players=n)
            turns = [0] * n
            while not g.is_terminal():
                la = g.legal_actions()
                # never stop, to play hands out
                a = la[0] if la != [161] else 161
                if a == 161 and 160 in la:
                    a = 160
                for e in g.apply(a):
                    if e["type"] == "turn":
                        turns[e["player"]] += 1
            if g.result["reason"] == "nagari":
                assert g.turns_taken == [g.rules.hand_size] * n
                assert all(not h for h in g.hands)


# The moon (28) takes its junk (30); with the crane, the curtain and the three
# birds already captured that is 3 brights + godori = 8, and Hana (no bright)
# would owe a gwang-bak. Hana's 37 then completes her cheongdan: 8 points.
GO_SETUP = {"hands": [[28, 16, 20, 24], [37, 25, 26, 27]], "field": [30, 38],
            "stock": [47, 43, 45, 46, 42],
            "piles": [[0, 8, 4, 12, 29], [1, 5, 9, 21, 33]]}


def test_go_stop_pending_explains_what_stop_pays():
    g = Matgo.from_setup(GO_SETUP, seed=3)
    g.apply(28)
    pend = g.view(1)["pending"]
    assert pend["kind"] == "go-stop" and pend["score"] == 8
    assert pend["stop_settle"] == {
        "winner": 0, "reason": "stop", "base": 8, "total": 16,
        "steps": [{"key": "gwang-bak", "label": "Gwang-bak: the loser has no bright: x2",
                   "factor": 2, "value": 16}]}
    assert pend["stop_pays"] == 16
    assert json.loads(json.dumps(pend)) == pend
    # Stop pays exactly what the decision showed, with the same steps.
    g.apply(161)
    assert {k: g.result[k] for k in pend["stop_settle"]} == pend["stop_settle"]


def test_go_stop_pending_lists_the_go_bonus_before_the_baks():
    g = Matgo.from_setup(dict(GO_SETUP, gos=[2, 0], last_go=[7, 0]), seed=3)
    g.apply(28)
    st = g.view(0)["pending"]["stop_settle"]
    assert [(s["key"], s.get("add"), s.get("factor"), s["value"]) for s in st["steps"]] == [
        ("go", 2, None, 10), ("gwang-bak", None, 2, 20)]
    assert st["total"] == g.view(0)["pending"]["stop_pays"] == 20


def test_a_failed_go_is_in_the_result():
    g = Matgo.from_setup(GO_SETUP, seed=3)
    g.apply(28)
    g.apply(160)                                   # Go at 8 points
    g.apply(37)
    assert g.phase == "go-stop" and g.current_player == 1
    events = g.apply(161)                          # Hana stops first with 8
    r = g.view(0)["result"]
    assert (r["winner"], r["base"], r["total"]) == (1, 8, 8)
    assert r["failed_gos"] == [{"player": 0, "gos": 1, "score": 8}]
    # No penalty in these rules (RULINGS 1, 2): the lost Go adds no step.
    assert r["steps"] == []
    over = [e for e in events if e["type"] == "hand-over"]
    assert over[0]["result"]["failed_gos"] == r["failed_gos"]


def test_a_stop_without_failed_gos_says_so():
    g = Matgo.from_setup(GO_SETUP, seed=3)
    g.apply(28)
    g.apply(161)
    assert g.view(0)["result"]["failed_gos"] == []
