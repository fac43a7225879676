"""The hwatu search's worlds read the opponents' plays (``agents/hwatu_worlds.py``):
the record of plays the arena keeps, worlds consistent with the view that
deal a passed-over month less often, the old worlds when there is no
evidence, and a decision that is still a pure function of (view, legal,
seed)."""
import random

import pytest

from gostop import make
from gostop.agents import make_agent
from gostop.agents import hwatu_worlds
from gostop.agents.hwatu_worlds import month_weights, world_sampler
from gostop.agents.plays_record import play_entry, play_recorded
from gostop import arena
from gostop.core.registry import game_class
from gostop.core.rng import derive_seed, make_rng
from gostop.games.hwatu.actions import GO, STOP
from gostop.games.hwatu.cards import MONTH
from gostop.games.matching.record import record_fields

CONFIGS = [("matgo", 2), ("gostop", 3), ("gostop", 4)]


def positions(game_id, players, seeds):
    """(game, view with the record of plays) at every decision of greedy
    self-play in the play phase."""
    greedy = make_agent(game_id, "greedy")
    out = []
    for s in seeds:
        def choose(g, p, legal, view):
            if view["phase"] == "play" and view["pending"] is None:
                out.append((g.clone(), view))
            return greedy.choose(view, legal, make_rng(derive_seed(s, len(g.history))))
        play_recorded(make(game_id, seed=s, players=players), choose)
    return out


def without_plays(view):
    return {k: v for k, v in view.items() if k != "plays"}


def test_play_entry_records_cards_played_from_the_hand_only():
    g = make("matgo", seed=11)
    p = g.current_player
    view = g.view(p)
    card = view["hand"][0]
    entry = play_entry(view, card)
    assert entry[:4] == [p, card, view["field_cards"], len(view["hand"])]
    # the public part of the mover's view: never its hand
    assert entry[4]["field_cards"] == view["field_cards"] and "hand" not in entry[4]
    assert play_entry(view, GO) is None and play_entry(view, STOP) is None
    other = next(c for c in range(48) if c not in view["hand"])
    assert play_entry(view, other) is None


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_no_evidence_deals_the_old_worlds(game_id, players):
    """Without a record (or with only the seat's own plays) the worlds are
    the class's own, draw for draw: the search chooses as before."""
    cls = game_class(game_id)
    checked = 0
    for g, view in positions(game_id, players, [21, 22])[::5]:
        me = view["player"]
        mine = dict(view, plays=[e for e in view["plays"] if e[0] == me])
        for v in (without_plays(view), mine):
            assert month_weights(v) is None
            a = world_sampler(cls, v)(random.Random(5))
            b = cls.world_sampler(without_plays(view))(random.Random(5))
            assert a.to_json() == b.to_json()
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_weighted_worlds_agree_with_the_view(game_id, players):
    cls = game_class(game_id)
    checked = 0
    for g, view in positions(game_id, players, [31])[3::3]:
        if month_weights(view) is None:
            continue
        sample = world_sampler(cls, view)
        for k in range(3):
            w = sample(random.Random(k))
            assert w.view(view["player"]) == without_plays(view)
            assert {n: getattr(w, n) for n in record_fields(type(w))}["hands"] == w.hands
            checked += 1
    assert checked >= 6


def test_a_month_passed_over_by_a_discard_is_rarely_dealt_to_that_player():
    """The opponent threw away an unmatched card while month M lay on the
    field: the weighted worlds give it a card of M far less often than the
    uniform deal; other months about as often or more."""
    cls = game_class("matgo")
    found = 0
    for g, view in positions("matgo", 2, range(40, 70)):
        plays = view["plays"]
        if not plays or plays[-1][0] == view["player"]:
            continue
        q, card, field, n = plays[-1][:4]
        months = {MONTH[c] for c in field if c < 48}
        if MONTH[card] in months or n < 4:
            continue
        passed = [m for m in months if any(MONTH[c] == m for c in cls.unseen_cards(view))]
        if not passed:
            continue
        m = passed[0]
        uniform, weighted = cls.world_sampler(without_plays(view)), world_sampler(cls, view)
        holds = [0, 0]
        for k in range(300):
            for i, sample in enumerate((uniform, weighted)):
                holds[i] += any(MONTH[c] == m for c in sample(random.Random(k)).hands[q])
        assert holds[0] >= 40
        assert holds[1] <= holds[0] * 0.4, (holds, m)
        assert g.hands[q] and not any(MONTH[c] == m for c in g.hands[q])  # greedy never does
        found += 1
        if found >= 3:
            break
    assert found >= 3


def test_a_search_with_the_record_is_a_pure_function_of_view_legal_and_seed():
    agent = make_agent("matgo", "hard")
    agent.rollouts = 200
    picked = 0
    for g, view in positions("matgo", 2, [51])[4:12:2]:
        legal = g.legal_actions(view["player"])
        a = agent.choose(view, legal, make_rng(9))
        b = agent.choose(dict(view, plays=[list(e) for e in view["plays"]]), legal, make_rng(9))
        assert a == b and a in legal
        picked += 1
    assert picked >= 3


def test_the_arena_hands_the_record_to_the_seats_it_names(monkeypatch):
    seen = {}

    class Recorder:
        def __init__(self, name):
            self.name = name

        def choose(self, view, legal, rng):
            seen.setdefault(self.name, []).append(view.get("plays"))
            return legal[0]

    monkeypatch.setattr(arena, "make_agent", lambda game_id, spec: Recorder(spec))
    for plays_to, with_record in (("both", {"A", "B"}), ("a", {"A"}), ("none", set())):
        seen.clear()
        arena.play_deal(("matgo", 2, "A", "B", 5, 0, plays_to))
        for name, records in seen.items():
            if name in with_record:
                assert all(r is not None for r in records)
                assert max(len(r) for r in records) >= 15     # ~10 cards a hand each
            else:
                assert all(r is None for r in records)
    # by default only a player that reads it gets it, as in the page's Session
    seen.clear()
    arena.play_deal(("matgo", 2, "A", "B", 5, 0))
    assert all(r is None for rs in seen.values() for r in rs)
    Recorder.reads_plays = property(lambda self: self.name == "A")
    seen.clear()
    arena.play_deal(("matgo", 2, "A", "B", 5, 0))
    assert all(r is not None for r in seen["A"]) and all(r is None for r in seen["B"])
    # a record holds only cards played from hands, each once
    seen.clear()
    arena.play_deal(("matgo", 2, "A", "B", 5, 0, "both"))
    last = max(seen["A"] + seen["B"], key=len)
    cards = [e[1] for e in last]
    assert len(cards) == len(set(cards))
    assert all(e[0] in (0, 1) and 0 <= e[1] < 48 for e in last)


def test_weights_multiply_down_to_a_floor():
    d, cap = hwatu_worlds._DISCARD, hwatu_worlds._CAPTURE
    # seat 1 discards card 0 (month 1) with months 3 and 4 on the field
    w = month_weights({"player": 0, "plays": [[1, 0, [8, 12], 9]]})
    assert w == {(1, 3): pytest.approx(d), (1, 4): pytest.approx(d)}
    # then takes month 3 with card 8, passing month 4 over; seat 0's own
    # plays are no evidence
    w = month_weights({"player": 0, "plays": [[1, 0, [8, 12], 9], [1, 8, [9, 12], 9],
                                              [0, 20, [16, 24], 9]]})
    assert w == {(1, 3): pytest.approx(d), (1, 4): pytest.approx(d * cap[9])}
    # many discards: the weight stops at the floor
    w = month_weights({"player": 1, "plays": [[0, 0, [8], 9]] * 10})
    assert w == {(0, 3): hwatu_worlds._FLOOR}


def test_the_arena_keeps_stopgos_record_too(monkeypatch):
    """stopgo's 52 cards are recorded as hwatu's are (its reading reads them)."""
    seen = []

    class Reader:
        reads_plays = True

        def choose(self, view, legal, rng):
            seen.append(view.get("plays"))
            return legal[0]

    monkeypatch.setattr(arena, "make_agent", lambda game_id, spec: Reader())
    arena.play_deal(("stopgo", 2, "A", "B", 5, 0))
    last = max(seen, key=len)
    assert len(last) >= 15 and all(0 <= e[1] < 52 and (e[4] is None or "table_cards" in e[4])
                                   for e in last)
    assert all(r is not None for r in seen)
