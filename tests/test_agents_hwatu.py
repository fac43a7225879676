"""Computer players for matgo and gostop: legal, deterministic, sliceable,
better than random, and blind to hidden cards."""
import json

import pytest

from gostop import make
from gostop.agents import agent_specs, make_agent
from gostop.agents.hwatu import GreedyAgent, rollout
from gostop.agents.search import SearchAgent
from gostop.arena import run
from gostop.core.registry import game_class
from gostop.core.rng import derive_seed, make_rng
from gostop.games.hwatu.actions import GO, STOP

CONFIGS = [("matgo", 2), ("gostop", 2), ("gostop", 3), ("gostop", 4)]


def small_search(game_id, rollouts=24):
    return SearchAgent(game_class(game_id), rollout, rollouts=rollouts, min_worlds=2,
                       slice_rollouts=5, name="search:test")


def states(game_id, players, seeds, every=3):
    """Non-terminal states from random play (every ``every``-th decision)."""
    out = []
    for s in seeds:
        g = make(game_id, seed=s, players=players)
        rng = make_rng(s + 99)
        k = 0
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            if k % every == 0:
                out.append(g.clone())
            k += 1
            g.apply(legal[rng.randrange(len(legal))], p)
    return out


def test_specs_and_unknown_specs():
    for game_id in ("matgo", "gostop"):
        specs = agent_specs(game_id)
        assert specs[0] == "random"
        for spec in ("greedy", "search:easy", "search:normal", "search:hard",
                     "easy", "normal", "hard"):
            assert spec in specs
            make_agent(game_id, spec)
        with pytest.raises(ValueError, match="no agent"):
            make_agent(game_id, "grandmaster")
    assert agent_specs("go-stop-2005") == ["random", "easy", "normal", "hard"]


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_agents_choose_only_legal_actions(game_id, players):
    greedy = GreedyAgent()
    noisy = GreedyAgent(noise=2.0)
    rollout_agent = make_agent(game_id, "rollout")
    searcher = small_search(game_id, rollouts=12)
    n_search = 0
    for i, g in enumerate(states(game_id, players, range(12), every=2)):
        p = g.current_player
        legal = g.legal_actions(p)
        view = g.view(p)
        rng = make_rng(i)
        for agent in (greedy, noisy, rollout_agent):
            assert agent.choose(view, legal, rng) in legal
        if i % 5 == 0:
            assert searcher.choose(view, legal, rng) in legal
            n_search += 1
    assert n_search > 10


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_whole_hands_with_agents_stay_legal(game_id, players):
    # complete hands through every phase with greedy and a small search
    for s in range(3):
        g = make(game_id, seed=100 + s, players=players)
        agents = [small_search(game_id, 10) if p == s % players else GreedyAgent()
                  for p in range(players)]
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            a = agents[p].choose(g.view(p), legal, make_rng(derive_seed(s, len(g.history))))
            g.apply(a, p)   # raises on an illegal action


@pytest.mark.parametrize("spec", ["greedy", "search:easy", "search:normal"])
def test_agents_are_deterministic_for_a_seed(spec):
    g = states("matgo", 2, [5], every=1)[4]
    p = g.current_player
    agent = make_agent("matgo", spec)
    view, legal = g.view(p), g.legal_actions(p)
    picks = {agent.choose(view, legal, make_rng(77)) for _ in range(3)}
    picks |= {make_agent("matgo", spec).choose(view, legal, make_rng(77))}
    assert len(picks) == 1


def run_think(agent, view, legal, rng):
    return run_slices(agent.think(view, legal, rng))


def run_slices(gen):
    """Runs the search generator ``gen`` to its end: (what it returns, the
    slices it yielded)."""
    slices = 0
    while True:
        try:
            next(gen)
            slices += 1
        except StopIteration as done:
            return done.value, slices


@pytest.mark.parametrize("game_id,players", [("matgo", 2), ("gostop", 3)])
def test_think_in_slices_gives_the_same_action_as_choose(game_id, players):
    agent = small_search(game_id, rollouts=60)
    total_slices = 0
    for i, g in enumerate(states(game_id, players, [7, 8], every=4)[:8]):
        p = g.current_player
        view, legal = g.view(p), g.legal_actions(p)
        a1 = agent.choose(view, legal, make_rng(i))
        a2, slices = run_think(agent, view, legal, make_rng(i))
        assert a1 == a2
        total_slices += slices
    assert total_slices > 8     # it does yield between slices


def test_hard_thinks_in_many_slices():
    g = make("matgo", seed=3)
    p = g.current_player
    agent = make_agent("matgo", "hard")
    a, slices = run_think(agent, g.view(p), g.legal_actions(p), make_rng(1))
    assert a in g.legal_actions(p)
    assert slices >= 10


def test_search_works_from_the_view_alone():
    """The agent gets a plain JSON copy of the view (no game object), and two
    true states that differ only in hidden cards give the same decision."""
    g = states("matgo", 2, [11], every=1)[3]
    p = g.current_player
    view = g.view(p)
    legal = g.legal_actions(p)
    # two different true states with exactly this view
    cls = game_class("matgo")
    w1 = cls.sample_world(view, make_rng(1))
    w2 = cls.sample_world(view, make_rng(2))
    q = 1 - p
    assert w1.hands[q] != w2.hands[q] or w1.stock != w2.stock
    assert w1.view(p)["hand"] == w2.view(p)["hand"] == view["hand"]
    for key in ("field_cards", "captured", "hand_counts", "stock_count", "phase",
                "pending", "turns_taken", "gos"):
        assert w1.view(p)[key] == w2.view(p)[key] == view[key]
    agent = small_search("matgo", rollouts=80)
    plain = json.loads(json.dumps(view))
    a0 = agent.choose(plain, legal, make_rng(5))
    a1 = agent.choose(json.loads(json.dumps(w1.view(p))), legal, make_rng(5))
    a2 = agent.choose(json.loads(json.dumps(w2.view(p))), legal, make_rng(5))
    assert a0 == a1 == a2
    # the view holds none of the hidden cards
    hidden = set(g.hands[q]) | set(g.stock)
    assert not hidden & set(view["hand"] + view["field_cards"]
                            + [c for pile in view["captured"] for c in pile])


def test_search_stops_when_going_cannot_pay():
    # on the last turn only STOP is legal; with one option no search is made
    g = states("matgo", 2, [2], every=1)[0]
    p = g.current_player
    agent = make_agent("matgo", "hard")
    assert agent.choose(g.view(p), [STOP], make_rng(1)) == STOP
    assert agent.choose(g.view(p), [GO], make_rng(1)) == GO


def test_greedy_beats_random():
    s = run("matgo", "greedy", "random", 120, seed=3, players=2, jobs=1)
    assert s["win_rate"] >= 0.6, s
    assert s["pay_mean"] > 0, s


def test_gostop_greedy_beats_random_with_three_players():
    s = run("gostop", "greedy", "random", 90, seed=3, players=3, jobs=1)
    assert s["win_rate"] > 0.45, s


def test_search_beats_random():
    s = run("matgo", "search:easy", "random", 40, seed=4, players=2, jobs=1)
    assert s["win_rate"] >= 0.6, s


def test_rollout_policy_holds_its_own_against_greedy():
    # the rollout policy (on one sampled world per decision) is about as strong
    # as the greedy heuristic: it wins about half the hands and does not lose
    # money (before its Go/Stop rule and discard rule it lost ~2.8 per hand)
    s = run("matgo", "rollout", "greedy", 600, seed=1, players=2, jobs=1)
    assert s["win_rate"] > 0.5, s
    assert s["pay_mean"] > 0.5, s


@pytest.mark.parametrize("game_id,players", CONFIGS)
def test_rollout_players_do_not_read_the_other_hands(game_id, players):
    """A rollout player's card depends on what it can see, not on the other
    hands of the world: two worlds sampled from its view (the same own hand,
    other opponents' hands and stock) give the same play."""
    from gostop.agents.hwatu import rollout_action
    cls = game_class(game_id)
    played = 0
    for g in states(game_id, players, range(30), every=2):
        p = g.current_player
        view = g.view(p)
        if view["phase"] != "play" or len(set(g.legal_actions(p))) < 2:
            continue
        a, b = (cls.sample_world(view, make_rng(k)) for k in (1, 2))
        assert a.hands[p] == b.hands[p]
        if a.hands == b.hands:      # late in a hand both worlds may coincide
            continue
        for k in range(3):
            assert rollout_action(a, p, make_rng(k)) == rollout_action(b, p, make_rng(k))
        played += 1
    assert played > 100


def test_rollout_go_stop_rule():
    from gostop.agents.hwatu import _go_ev
    from gostop.games.hwatu.cards import BRIGHT_MASK, GODORI_MASK, RAIN_MASK, SET_MASKS
    g = make("matgo", seed=5)
    three_brights = 0
    for c in range(48):
        if BRIGHT_MASK >> c & 1 and not RAIN_MASK >> c & 1 and three_brights.bit_count() < 3:
            three_brights |= 1 << c
    g.piles[0] = three_brights | GODORI_MASK          # 8 points, early in the hand
    g.piles[1] = 0
    g.turns_taken[0] = g.turns_taken[1] = 3
    assert _go_ev(g, 0) is True                       # the opponent is far away
    assert _go_ev(g, 0, 100.0) is False               # a margin moves the rule (go<margin>)
    assert _go_ev(g, 0, -100.0) is True
    g.piles[1] = SET_MASKS[0] | SET_MASKS[1]          # 6 points: one from a Stop
    assert _go_ev(g, 0) is False
    g.piles[1] = 0
    g.turns_taken[0] = g.rules.hand_size              # no turn left
    assert _go_ev(g, 0) is False


def test_twin_cards_are_searched_once():
    """Two plain junk of one month play alike: the search keeps one of them
    (and of two twin field cards to choose from), and only those."""
    from gostop.agents.hwatu import distinct_actions
    from gostop.games.hwatu.actions import CHOOSE_BASE
    # 2 and 3: Pine junk twins; 0 (Pine bright) and 1 (ribbon) are not twins
    assert distinct_actions({}, [0, 1, 2, 3, 7]) == [0, 1, 2, 7]
    # November: 41 and 42 are twins, the double junk 43 is not
    assert distinct_actions({}, [40, 41, 42, 43]) == [40, 41, 43]
    # December's double junk and the two bonus cards have no twin
    assert distinct_actions({}, [47, 48, 49]) == [47, 48, 49]
    assert distinct_actions({}, [CHOOSE_BASE + 34, CHOOSE_BASE + 35]) == [CHOOSE_BASE + 34]
    assert distinct_actions({}, [CHOOSE_BASE + 32, CHOOSE_BASE + 35]) == [CHOOSE_BASE + 32,
                                                                          CHOOSE_BASE + 35]
    # twins give the same result on the same world and rollout seed
    for s in range(200):
        g = make("matgo", seed=s)
        hand = g.hands[g.current_player]
        pairs = [(a, b) for a in hand for b in hand if a < b and distinct_actions({}, [a, b]) == [a]]
        if pairs:
            break
    a, b = pairs[0]
    p = g.current_player
    results = []
    for c in (a, b):
        w = g.clone()
        w.quiet = True
        w.apply(c, p)
        rollout(w, make_rng(7))
        results.append(w.returns())
    assert results[0] == results[1]


def test_the_search_spends_nothing_on_a_twin():
    agent = make_agent("matgo", "search:normal")
    for s in range(200):
        g = make("matgo", seed=s)
        p = g.current_player
        legal = g.legal_actions(p)
        if len(set(agent.distinct(g.view(p), legal))) < len(legal):
            break
    agent.choose(g.view(p), legal, make_rng(3))
    assert set(agent.last_stats) == set(agent.distinct(g.view(p), legal))
    assert len(agent.last_stats) < len(legal)


def test_hwatu_utility_rewards_the_win_and_damps_huge_payments():
    from gostop.agents.registry import hwatu_utility as u
    assert u(0) == 0
    assert u(1) == 21 and u(-1) == -21           # a win is worth more than its points
    assert u(1, bonus=40) == 41 and u(-200, bonus=0) == -160
    assert u(-37) == -u(37)
    # linear up to 150, a fifth of the rest beyond
    assert u(150) - u(100) == 50
    assert u(650) - u(150) == pytest.approx(100)
    xs = list(range(-700, 701, 7))
    assert all(u(a) < u(b) for a, b in zip(xs, xs[1:]))   # still ranks every payment


def test_stopgo_keeps_its_measured_search():
    from gostop.agents.registry import plain_utility, stopgo_hard_utility
    hard = make_agent("stopgo", "hard")
    assert hard.rollouts == 2000 and hard.utility is stopgo_hard_utility
    assert make_agent("stopgo", "normal").utility is plain_utility
    assert make_agent("matgo", "hard").rollouts == 2400
    assert make_agent("gostop", "hard").utility is not plain_utility


def test_stopgo_hard_prefers_a_sure_win_to_a_long_shot():
    # stopgo's hard counts a win as 300 points more (docs/ai.md, round 15):
    # a sure win of 5 beats a 60/40 shot at +100 or -20, which the plain
    # utility (a win worth 6 more) prefers.
    from gostop.agents.registry import plain_utility, stopgo_hard_utility

    def sure_vs_shot(u):
        return u(5), 0.6 * u(100) + 0.4 * u(-20)
    sure, shot = sure_vs_shot(stopgo_hard_utility)
    assert sure > shot
    sure, shot = sure_vs_shot(plain_utility)
    assert sure < shot
    xs = list(range(-300, 301, 3))
    assert all(stopgo_hard_utility(a) < stopgo_hard_utility(b) for a, b in zip(xs, xs[1:]))
    assert stopgo_hard_utility(0) == 0
    # the arena's bonus option still applies to stopgo's hard
    assert make_agent("stopgo", "search:hard:100:b30").utility(1) == 31
