"""StopGo: the deal from the seed, missions, cards, views, setups, agents."""
import inspect
import json

import pytest

from gostop import make
from gostop.agents.base import RandomAgent
from gostop.agents.search import SearchAgent
from gostop.agents import stopgo as agents
from gostop.core.errors import SaveError
from gostop.core.rng import make_rng
from gostop.games.stopgo import StopGo, sample_world
from gostop.games.stopgo.cards import deck_table, card_info, NAME, RANK, SUIT

import stopgo_names as nm


def test_registry_and_options():
    g = make("stopgo", seed=4)
    assert isinstance(g, StopGo) and g.num_players == 2
    with pytest.raises(ValueError):
        StopGo(1, players=3)
    with pytest.raises(ValueError):
        StopGo(1, bogus=True)


def test_card_layout_matches_the_documented_ids():
    table = deck_table()
    assert len(table) == 52
    for c, info in enumerate(table):
        assert c == nm.cid(info["rank_name"] + "SHDC"[SUIT[c]])
        assert RANK[c] == nm.rank_of(info["rank_name"])
    assert card_info(nm.cid("7H"))["sequences"] == ["perfect"]
    assert card_info(nm.cid("9S"))["sequences"] == ["friend"]
    assert NAME[nm.cid("10C")] == "10♣" and card_info(nm.cid("QD"))["court"]


def test_first_player_and_missions_from_the_seed():
    firsts = set()
    for s in range(64):
        a, b = StopGo(s), StopGo(s)
        assert (a.first, a.missions, a.hands, a.stock) == (b.first, b.missions, b.hands, b.stock)
        assert a.current_player == a.first
        assert len(set(a.missions)) == 3
        firsts.add(a.first)
        v = a.view(0)
        assert [m["factor"] for m in v["missions"]] == [2, 3, 4]
        assert v["deal_events"][-1]["type"] in ("missions", "stack-made")
    assert firsts == {0, 1}


def test_redeal_is_deterministic_and_keeps_first_and_missions():
    used = [nm.cid(c) for c in ("KS KH KD KC 8S 9S 10S JS".split())]
    rest = [c for c in range(52) if c not in used]
    deck = rest[:22] + used + rest[22:]
    a = StopGo.from_deck(deck, 5)
    b = StopGo.from_deck(deck, 5)
    plain = StopGo(5)
    assert a.deal_events[0] == {"type": "redeal", "reason": "table-four", "rank": 13}
    assert a.hands == b.hands and a.stock == b.stock
    assert (a.first, a.missions) == (plain.first, plain.missions)
    data = json.loads(json.dumps(a.to_json()))
    assert StopGo.from_json(data).view(0) == a.view(0)


def test_view_fields_and_labels():
    g = StopGo(12)
    v = g.view(g.current_player)
    for key in ("hand", "table", "captured", "piles", "scores", "missions", "gos", "shakes",
                "shaken", "shown", "flip_only", "pending", "legal", "labels", "result",
                "hand_counts", "stock_count", "mission_factor"):
        assert key in v
    assert v["hand_counts"] == [11, 11] and v["stock_count"] == 22
    assert [ln["key"] for ln in v["scores"][0]["lines"]] == [
        "spades", "hearts", "diamonds", "clubs", "court", "perfect", "friend", "product", "rich"]
    assert set(v["piles"][0]) == {"spades", "hearts", "diamonds", "clubs", "court"}
    other = g.view(1 - g.current_player)
    assert other["legal"] == [] and other["hand"] != v["hand"]
    assert g.action_label(nm.action("shake 7")).startswith("Shake")
    assert g.action_label(nm.action("triple K")).startswith("Play all three Kings")
    assert g.action_label(nm.action("take 7H")) == "Take 7♥"


def test_setup_errors_and_save_mismatch():
    with pytest.raises(ValueError):
        StopGo.from_setup({"hands": [[0], [0]], "table": []})
    with pytest.raises(ValueError):
        StopGo.from_setup({"hands": [[0], [1]], "table": [2, 3, 4], "stacks": {"1": 0}})
    with pytest.raises(ValueError):
        StopGo.from_setup({"hands": [[0], [1]], "table": [], "shown": [[5], []]})
    data = StopGo(1).to_json()
    data["game"] = "matgo"
    with pytest.raises(SaveError):
        StopGo.from_json(data)


def test_go_stop_view_shows_what_stop_pays():
    s = nm.setup({"hands": [["3C", "5D"], ["6D", "KD"]], "table": ["3S"], "stock": ["9C", "QH"],
                   "missions": ["9D", "3S", "KS"],
                   "piles": [["7H", "8H", "9H", "AC", "2C"], ["JS", "JH", "JD", "JC"]]})
    g = StopGo.from_setup(s)
    g.apply(nm.cid("3C"))
    pend = g.view(1)["pending"]
    # Rich (3C with AC 2C) and Perfect: 6; the loser holds 4 court cards (no
    # warning); the 3S mission card, taken with the 3C, triples it.
    assert pend == {"kind": "go-stop", "player": 0, "score": 6, "last_turn": False, "stop_pays": 18,
                    "stop_settle": {"winner": 0, "reason": "stop", "base": 6, "total": 18, "steps": [
                        {"key": "mission", "label": "Mission card 3♠: x3", "factor": 3,
                         "card": nm.cid("3S"), "value": 18}]}}
    assert g.view(1)["mission_factor"] == [3, 1]
    assert json.loads(json.dumps(pend)) == pend


def test_go_stop_settle_lists_go_hearts_warning_shakes_and_mission():
    # 7 heart number cards (3 points, and the hearts double), Perfect and
    # Rich (3 each): 9; one Go before, one shake, a loser with no court card.
    s = nm.setup({"hands": [["3C", "5D"], ["6D", "KD"]], "table": ["3S"], "stock": ["9C", "QH"],
                   "missions": ["9D", "3S", "KS"], "gos": [1, 0], "last_go": [5, 0], "shakes": [1, 0],
                   "piles": [["7H", "8H", "9H", "2H", "4H", "5H", "10H", "AC", "2C"], []]})
    g = StopGo.from_setup(s)
    g.apply(nm.cid("3C"))
    st = g.view(1)["pending"]["stop_settle"]
    assert st["base"] == 9
    assert [(x["key"], x.get("add"), x.get("factor"), x["value"]) for x in st["steps"]] == [
        ("go", 1, None, 10), ("hearts", None, 2, 20), ("warning", None, 2, 40),
        ("shake", None, 2, 80), ("mission", None, 3, 240)]
    assert st["total"] == g.view(1)["pending"]["stop_pays"] == 240


def test_a_failed_go_is_in_the_result():
    s = nm.setup({"hands": [["3C", "5D"], ["10D", "KD"]], "table": ["3S", "10S"],
                   "stock": ["9C", "QH", "4D"], "missions": ["9D", "3S", "KS"],
                   "piles": [["7H", "8H", "9H", "AC", "2C"], ["4S", "5S", "6S", "7S", "9S"]]})
    g = StopGo.from_setup(s)
    g.apply(nm.cid("3C"))
    g.apply(nm.action("go"))                        # Go at 6 points
    g.apply(nm.cid("10D"))
    # 10D takes 10S: Friend, Product and 6 spades, 8 points.
    assert g.phase == "go-stop" and g.current_player == 1
    assert g.view(0)["pending"]["score"] == 8
    events = g.apply(nm.action("stop"))             # the opponent stops first
    r = g.view(0)["result"]
    assert r["winner"] == 1 and r["failed_gos"] == [{"player": 0, "gos": 1, "score": 6}]
    assert "go" not in [x["key"] for x in r["steps"]]
    assert [e for e in events if e["type"] == "hand-over"][0]["result"]["failed_gos"] == r["failed_gos"]


def test_sample_world_keeps_shown_cards_with_their_owner():
    s = nm.setup({"hands": [["7S", "7H", "7D", "2C"], ["3C", "KD"]], "table": ["4D"],
                   "stock": ["9C", "QH"]})
    g = StopGo.from_setup(s)
    g.apply(nm.action("shake 7"))
    g.apply(nm.cid("7H"))
    v = g.view(1)
    assert v["shown"][0] == nm.cids(["7S", "7D"])
    for seed in range(20):
        w = sample_world(v, make_rng(seed))
        assert set(nm.cids(["7S", "7D"])) <= set(w.hands[0])
        assert w.view(1) == v
    # one path: the module's function is the class's classmethod
    assert isinstance(inspect.getattr_static(StopGo, "sample_world"), classmethod)
    assert sample_world(v, make_rng(3)).hands == StopGo.sample_world(v, make_rng(3)).hands


def _match(a0, a1, hands, seed):
    rng = make_rng(seed)
    total = 0
    for s in range(hands):
        for swap in (0, 1):
            seats = (a0, a1) if not swap else (a1, a0)
            g = StopGo(seed * 1000 + s)
            while not g.is_terminal():
                p = g.current_player
                legal = g.legal_actions(p)
                a = seats[p].choose(g.view(p), legal, rng)
                assert a in legal
                g.apply(a, p)
            total += g.returns()[swap]
    return total


def test_greedy_is_legal_and_beats_random():
    assert _match(agents.GreedyAgent(), RandomAgent(), 40, 3) > 0


def test_rollout_policy_and_search_interface():
    g = StopGo(8)
    c = g.clone()
    agents.rollout(c, make_rng(1))
    assert c.is_terminal() and not g.is_terminal() and g.history == []
    search = SearchAgent(StopGo, agents.rollout, rollouts=60, min_worlds=4)
    rng = make_rng(2)
    steps = 0
    while not g.is_terminal() and steps < 6:
        p = g.current_player
        legal = g.legal_actions(p)
        a = search.choose(g.view(p), legal, rng)
        assert a in legal
        g.apply(a, p)
        steps += 1
    assert agents.RolloutAgent().choose(g.view(g.current_player), g.legal_actions(),
                                        make_rng(3)) in g.legal_actions()
