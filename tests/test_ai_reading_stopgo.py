"""stopgo's reading of the opponent's plays as greedy's
(``agents/stopgo_reading``; docs/ai.md, round 22)."""
import json
import random

import pytest

from gostop.agents import make_agent
from gostop.agents import stopgo_reading as reading
from gostop.agents.plays_record import PUBLIC_KEYS
from gostop.agents.stopgo import GreedyAgent
from gostop.core.registry import game_class
from gostop.core.rng import make_rng
from gostop.games.stopgo.world import unseen_cards
from test_ai_reading import _greedy_record as greedy_record, _view_at as view_at

StopGo = game_class("stopgo")


def _greedy_record(seed):
    """A greedy self-play hand: [(entry, the mover's view)] for each play
    with a choice."""
    return greedy_record("stopgo", 2, seed)[0]


def _hands(entry, rng, n):
    """``n`` hands the mover might have held at ``entry``'s play (its shown
    cards and the card played among them)."""
    player, card, _, size, public = entry
    shown = [c for c in public["shown"][player] if c != card]
    others = [c for c in unseen_cards(dict(public, hand=[])) if c != card]
    for _ in range(n):
        yield sorted(rng.sample(others, size - 1 - len(shown)) + shown + [card])


def test_a_hand_is_kept_exactly_when_greedy_holding_it_plays_that_card():
    """Weighed with eps 0: 1 when greedy holding the hand (the engine's
    legal actions for it: shakes and triple plays too) plays that card, 0
    when it plays another or cannot play it."""
    rng = random.Random(7)
    greedy = GreedyAgent()
    seen = {"kept": 0, "not greedy's": 0, "illegal": 0, "shown": 0}
    for seed in range(1, 16):
        for entry, view in _greedy_record(seed):
            player, card, _, size, public = entry
            values = reading._values(public, size)
            seen["shown"] += bool(public["shown"][player])
            for hand in _hands(entry, rng, 12):
                rest = [c for c in hand if c != card]
                ours = reading._likelihood(rest, [(card, values)], 0.0)
                legal = StopGo.sample_world(dict(view, hand=hand), rng).legal_actions(player)
                if card not in legal:
                    assert ours == 0.0, (card, hand, legal)
                    seen["illegal"] += 1
                    continue
                pick = greedy.choose(dict(public, hand=hand), legal, None)
                assert (ours == 1.0) == (pick == card), (card, hand, pick)
                seen["kept" if ours else "not greedy's"] += 1
    assert all(seen.values()), seen     # every kind was seen


def test_a_hand_that_would_have_shaken_is_weighed_down():
    """Three of a rank not on the table, never shaken: greedy shakes."""
    for entry, view in _greedy_record(3):
        player, card, field, size, public = entry
        values = reading._values(public, size)
        ranks = {c // 4 for c in field} | {card // 4} | {c // 4 for c in public["shown"][player]}
        free = [r for r in range(13) if r not in ranks
                and all(c in unseen_cards(dict(public, hand=[])) for c in range(4 * r, 4 * r + 3))]
        if size >= 4 and free:
            r = free[0]
            three = [4 * r, 4 * r + 1, 4 * r + 2]
            assert reading._likelihood(three + public["shown"][player], [(card, values)], 0.25) == 0.25
            return
    pytest.fail("no play with a free rank")


def test_the_record_shows_no_hand():
    for entry, view in _greedy_record(4):
        public = entry[4]
        assert set(public) <= set(PUBLIC_KEYS) and "table_cards" in public
        assert "hand" not in public and "legal" not in public
        assert json.loads(json.dumps(public)) == public


def _view_at(seed, plays_seen):
    return view_at("stopgo", 2, seed, plays_seen)


def test_the_worlds_deal_the_opponent_the_cards_its_plays_point_to():
    view, g = _view_at(11, 5)
    ours = reading.reading_sampler(StopGo, view, eps=0.01, pool=2000)
    uniform = StopGo.world_sampler(view)
    true = set(g.hands[1])
    rng = make_rng(2)
    held = [sum(len(true & set(s(rng).hands[1])) for _ in range(400)) / 400 for s in (ours, uniform)]
    assert held[0] > held[1] + 0.3, held
    w = ours(rng)
    assert sorted(w.hands[1] + w.stock) == sorted(g.hands[1] + g.stock)
    assert w.hands[0] == g.hands[0] and w.missions == g.missions


def test_the_search_reads_the_record_and_stays_deterministic():
    view, g = _view_at(14, 4)
    legal = g.legal_actions(0)
    agent = make_agent("stopgo", "search:hard:60:read0.05")
    assert agent.reads_plays and agent.world_sampler.func is reading.reading_sampler
    first = agent.choose(view, legal, make_rng(5))
    assert agent.choose(json.loads(json.dumps(view)), legal, make_rng(5)) == first
