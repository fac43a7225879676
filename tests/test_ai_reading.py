"""Worlds that read the opponents' plays as greedy's (``agents/hwatu_reading``,
the arena's ``read<eps>``; docs/ai.md, round 21)."""
import json
import random

import pytest

from gostop.agents import make_agent
from gostop.agents import hwatu_reading as reading, stopgo_reading
from gostop.agents.hwatu import _TWIN, GreedyAgent, distinct_actions
from gostop.agents.plays_record import PUBLIC_KEYS, PlaysRecord, is_left, play_entry, play_recorded
from gostop.core.registry import make
from gostop.core.rng import make_rng
from gostop.games.hwatu.world import unseen_cards


def _greedy_record(game_id, players, seed):
    """A greedy self-play hand: [(entry, the mover's view)] for each play
    with a choice, and the finished game."""
    greedy = make_agent(game_id, "greedy")
    out = []

    def choose(g, p, legal, view):
        a = greedy.choose(view, legal, None)
        e = play_entry(view, a)
        if e is not None and len(legal) > 1:
            out.append((e, view))
        return a
    g = play_recorded(make(game_id, seed=seed, players=players), choose)
    return out, g


@pytest.mark.parametrize("game_id, players, seed", [("matgo", 2, 3), ("gostop", 3, 4), ("gostop", 4, 5)])
def test_a_hand_is_kept_exactly_when_greedy_holding_it_plays_that_card(game_id, players, seed):
    """The look-up of greedy's values (by the count of each month held)
    says what greedy itself plays with any hand the mover might have held."""
    rng = random.Random(seed)
    greedy = GreedyAgent()
    checked = kept = 0
    for entry, view in _greedy_record(game_id, players, seed)[0]:
        player, card, _, size, public = entry
        values = reading._values(public, size)
        others = [c for c in unseen_cards(dict(public, hand=[])) if c != card]
        for _ in range(15):
            rest = rng.sample(others, size - 1)
            hand = sorted(rest + [card])
            pick = greedy.choose(dict(public, hand=hand), hand, None)
            greedys = len(distinct_actions(None, [pick, card])) == 1
            ours = reading._likelihood(rest, [(card, values)], 0.0, _TWIN) == 1.0
            assert ours == greedys, (card, hand, pick)
            checked += 1
            kept += ours
    assert checked > 100 and 0 < kept < checked      # both kinds were seen


def test_the_record_shows_no_hand():
    record, _ = _greedy_record("gostop", 3, 6)
    for entry, view in record:
        public = entry[4]
        assert set(public) <= set(PUBLIC_KEYS)
        assert "hand" not in public and "legal" not in public
        assert json.loads(json.dumps(public)) == public


def _view_at(game_id, players, seed, plays_seen):
    """The first view of seat 0 after ``plays_seen`` plays of the others,
    with the record, and the game then (greedy self-play)."""
    greedy = make_agent(game_id, "greedy")
    g = make(game_id, seed=seed, players=players)
    plays = []
    while True:
        p = g.current_player
        view = g.view(p)
        view["plays"] = [list(e) for e in plays]
        legal = g.legal_actions(p)
        if p == 0 and view["phase"] == "play" and len(legal) > 1 and \
                sum(1 for e in plays if e[0] != 0) >= plays_seen:
            return view, g
        a = greedy.choose(view, legal, None)
        e = play_entry(view, a)
        if e is not None:
            plays.append(e)
        g.apply(a, p)


def test_the_worlds_deal_the_opponent_the_cards_its_plays_point_to():
    view, g = _view_at("matgo", 2, 11, 5)
    cls = type(g)
    ours, uniform = reading.reading_sampler(cls, view, eps=0.01, pool=2000), cls.world_sampler(view)
    true = set(g.hands[1])
    rng = make_rng(2)
    held = [sum(len(true & set(s(rng).hands[1])) for _ in range(400)) / 400 for s in (ours, uniform)]
    assert held[0] > held[1] + 0.4, held
    # every world is a whole deal: the opponent's count, the stock's, no card twice
    w = ours(rng)
    assert len(w.hands[1]) == len(g.hands[1]) and len(w.stock) == len(g.stock)
    assert sorted(w.hands[1] + w.stock) == sorted(g.hands[1] + g.stock)
    assert w.hands[0] == g.hands[0]


@pytest.mark.parametrize("game_id, module", [("matgo", reading), ("stopgo", stopgo_reading)])
def test_without_the_opponents_plays_the_worlds_are_the_views_own(game_id, module):
    view, g = _view_at(game_id, 2, 12, 2)
    cls = type(g)
    for plays in ([], [e for e in view["plays"] if e[0] == 0], [e[:4] for e in view["plays"]]):
        v = dict(view, plays=plays)
        a, b = module.reading_sampler(cls, v), cls.world_sampler(v)
        for i in range(3):
            wa, wb = a(make_rng(i)), b(make_rng(i))
            assert (wa.hands, wa.stock) == (wb.hands, wb.stock)


def test_the_worlds_are_a_function_of_the_view():
    view, g = _view_at("gostop", 3, 13, 4)
    cls = type(g)
    a = reading.reading_sampler(cls, json.loads(json.dumps(view)))
    b = reading.reading_sampler(cls, view)
    for i in range(5):
        wa, wb = a(make_rng(i)), b(make_rng(i))
        assert (wa.hands, wa.stock) == (wb.hands, wb.stock)


def test_the_read_option():
    agent = make_agent("matgo", "search:hard:40:read0.05")
    assert agent.world_sampler.func is reading.reading_sampler
    assert agent.world_sampler.keywords == {"eps": 0.05}
    make_agent("gostop", "search:hard:40:read0.1:rg")
    assert make_agent("matgo", "search:hard:40:pool600").world_sampler.keywords == {"eps": 0.01, "pool": 600}
    # matgo's hard trusts greedy's plays more than gostop's (docs/ai.md, round 31)
    assert make_agent("matgo", "hard").world_sampler.keywords == {"eps": 0.01}
    assert make_agent("gostop", "hard").world_sampler.keywords == {"eps": 0.05}
    for bad in ("read", "read-1", "readx", "readnan", "read0.1:read0.2", "pool0", "poolx",
                "noread:pool600", "pool600:noread"):
        with pytest.raises(ValueError):
            make_agent("matgo", f"search:hard:40:{bad}")
    assert make_agent("stopgo", "search:hard:40:read0.05").reads_plays     # its own reading
    # stopgo's hard reads from a pool of 600 deals (round 22); noread drops both
    assert make_agent("stopgo", "hard").world_sampler.keywords == {"eps": 0.05, "pool": 600}
    assert not make_agent("stopgo", "search:hard:40:noread").reads_plays


def test_the_search_reads_the_record_and_stays_deterministic():
    view, g = _view_at("matgo", 2, 14, 4)
    legal = g.legal_actions(0)
    agent = make_agent("matgo", "search:hard:60:read0.05")
    first = agent.choose(view, legal, make_rng(5))
    assert agent.choose(json.loads(json.dumps(view)), legal, make_rng(5)) == first


def test_greedys_values_of_a_past_play_are_remembered_by_content():
    """The table of a past play is worked out once: a copy of its public
    part (the worker's views come as JSON) finds it; another play does not."""
    record, _ = _greedy_record("matgo", 2, 8)
    (e1, _), (e2, _) = record[:2]
    first = reading._values(e1[4], e1[3])
    assert reading._values(json.loads(json.dumps(e1[4])), e1[3]) is first
    assert first == reading._values.uncached(e1[4], e1[3])
    assert reading._values(e2[4], e2[3]) is not first
    assert reading._values(e1[4], e1[3] + 1) is not first     # another hand size


# ---- cards that leave a hand unread (round 24) ---------------------------------
@pytest.mark.parametrize("game_id, players", [("gostop", 3), ("gostop", 4), ("stopgo", 2)])
def test_every_card_that_leaves_a_hand_is_in_the_record_in_its_place(game_id, players):
    """A bomb's or a triple play's cards, a bonus card banked, the card
    played after a shake: each has an entry (public part None) where it
    left, so the record holds every card each hand lost, in order."""
    greedy = make_agent(game_id, "greedy")
    left_kinds = 0
    for seed in range(12):
        lost = []

        def choose(g, p, legal, view):
            a = greedy.choose(view, legal, None)
            before = list(g.hands[p])
            after = g.clone()
            after.apply(a, p)
            lost.extend((p, c) for c in before if c not in after.hands[p])
            return a
        g = play_recorded(make(game_id, seed=seed, players=players), choose)
        record = PlaysRecord().plays(g)
        assert [(e[0], e[1]) for e in record] == lost
        left = [e for e in record if is_left(e)]
        left_kinds += len(left)
        assert all(e[4] is None and e[2] == [] for e in left)
    assert left_kinds > 0        # these hands had bombs, bonus cards or triples


def test_a_card_that_left_unread_is_back_in_the_hand_at_the_earlier_plays():
    """Greedy would have played the better card it held: reading the play
    before that card left, the hand must still hold it."""
    values = {0: (1.0,) * 4, 8: (5.0,) * 4}      # card 8 (another month) beats card 0
    hand_now = [20]
    # the opponent played 0, then 8 left its hand unread (a bomb, say)
    assert reading._likelihood(hand_now, [(0, values), (8, None)], 0.05, _TWIN) == 0.05
    # without the left card the play looked like greedy's
    assert reading._likelihood(hand_now, [(0, values)], 0.05, _TWIN) == 1.0


def test_a_left_entry_alone_is_nothing_to_read():
    view = make("gostop", seed=4, players=3).view(0)
    view["plays"] = [[1, 5, [], 7, None], [2, 9, [], 7, None]]
    assert reading._plays_of(view) == [(1, 5, None), (2, 9, None)]
    cls = type(make("gostop", seed=4, players=3))
    a, b = reading.reading_sampler(cls, view), cls.world_sampler(view)
    assert a(make_rng(3)).hands == b(make_rng(3)).hands       # the view's own worlds
    stopgo_view = make("stopgo", seed=4).view(0)
    stopgo_view["plays"] = [[1, 5, [], 7, None]]
    assert stopgo_reading._plays_of(stopgo_view) == {}
