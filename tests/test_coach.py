"""The coach (``gostop.agents.coach``, issue #19): the hard player's own
search, read out. Its choice is the agent's choice, its list is the
search's ranking, its payments are payments (not the utility), a Stop's
numbers are exact, and it advises only the seat whose view it is given."""
import json

import pytest

from gostop import make
from gostop.agents import coach
from gostop.agents.coach import advise, advise_json, advise_timed_json, hint_request
from gostop.agents.registry import make_agent
from gostop.agents.search import SearchAgent
from gostop.core.registry import game_class
from gostop.core.rng import make_rng
from gostop.session import HUMAN, Session

from test_agents_hwatu import run_slices

GO_STOP = {"matgo": (160, 161), "gostop": (160, 161), "stopgo": (170, 171)}
CONFIGS = [("matgo", {}), ("gostop", {"players": 3}), ("stopgo", {})]


def distinct(game_id, view, legal):
    d = make_agent(game_id, "hard").distinct
    return d(view, legal) if d else list(legal)


def positions(game_id, options, count, first_seed=20, every=4, want=None):
    """``count`` (view, legal) decisions from greedy self-play: every
    ``every``-th decision with two or more distinct actions, or those
    ``want(view, legal)`` accepts."""
    greedy = make_agent(game_id, "greedy")
    out = []
    seed = first_seed
    while len(out) < count:
        g = make(game_id, seed=seed, **options)
        k = 0
        while not g.is_terminal() and len(out) < count:
            p = g.current_player
            view, legal = g.view(p), g.legal_actions(p)
            if want is not None:
                if want(view, legal):
                    out.append((view, legal))
            elif len(distinct(game_id, view, legal)) > 1:
                k += 1
                if k % every == 0:
                    out.append((view, legal))
            g.apply(greedy.choose(view, legal, make_rng(seed * 1000 + len(g.history))), p)
        seed += 1
    return out


def go_or_stop(game_id):
    go, stop = GO_STOP[game_id]
    return lambda view, legal: sorted(legal) == [go, stop]


# ---- the choice and the ranking are the hard player's own ---------------------

@pytest.mark.parametrize("game_id, options", CONFIGS)
def test_the_advice_is_the_hard_players_own_search(game_id, options):
    kept = 0
    for i, (view, legal) in enumerate(positions(game_id, options, 3)):
        seed = 7000 + i
        adv = advise(game_id, view, legal, seed)
        json.dumps(adv)
        agent = make_agent(game_id, "hard")
        chosen = agent.choose(view, legal, make_rng(seed))
        assert adv["choice"] == chosen
        assert adv["seat"] == view["player"] and adv["level"] == "hard"
        assert adv["kind"] == "play"
        moves = adv["moves"]
        cands = distinct(game_id, view, legal)
        assert adv["candidates"] == len(cands) == len(agent.last_stats)
        assert len(moves) == min(3, len(cands))
        acts = [m["action"] for m in moves]
        assert len(set(acts)) == len(acts) and set(acts) <= set(cands)
        assert acts[0] == chosen                # hard never takes the second best
        # The search's order: survivors (more worlds) first, by mean utility;
        # the candidates the search dropped after them. The coach lists the
        # first ``top`` of that order, with the worlds each was played on.
        # Hard is anchored on greedy's choice: when it keeps it over a
        # better mean (``kept``), that choice leads and the rest follow.
        key = {a: (n, u) for a, (u, n) in agent.last_stats.items()}
        assert [m["worlds"] for m in moves] == [key[a][0] for a in acts]
        assert adv["kept"] == agent.last_kept
        if adv["kept"]:
            assert acts[0] == agent.anchor(view, cands) and len(acts) > 1
            assert key[acts[0]][0] == key[acts[1]][0] and key[acts[0]] < key[acts[1]]
            kept += 1
        order = acts[1:] if adv["kept"] else acts
        assert all(key[a] >= key[b] for a, b in zip(order, order[1:]))
        assert all(key[c] <= key[acts[-1]] for c in cands if c not in acts)
        assert adv["rollouts"] == agent.last_rollouts > 0
        for m in moves:
            assert 0.0 <= m["win"] <= 1.0 and m["worlds"] >= agent.min_worlds
            # shares and means of whole worlds
            assert m["win"] * m["worlds"] == pytest.approx(round(m["win"] * m["worlds"]))
            assert set(m["same"]) <= set(legal) - set(cands)
    # one of matgo's three is where hard keeps greedy's card (stopgo's hard
    # keeps it in none of its three since it values a win more: round 15)
    assert kept == {"matgo": 1, "gostop": 0, "stopgo": 0}[game_id]


@pytest.mark.parametrize("game_id, options", CONFIGS)
def test_at_easy_the_choice_is_the_agents_mistakes_included(game_id, options):
    # easy takes the second best now and then (``mistake``): the coach says so
    agent = make_agent(game_id, "easy")
    picks = []
    for view, legal in positions(game_id, options, 4, first_seed=40):
        for seed in range(8):
            adv = advise(game_id, view, legal, seed, level="easy", top=2)
            assert adv["choice"] == agent.choose(view, legal, make_rng(seed))
            picks.append([m["action"] for m in adv["moves"]].index(adv["choice"]))
    assert 0 < picks.count(1) < picks.count(0) and picks.count(0) + picks.count(1) == 32


def test_the_list_is_as_long_as_asked_and_names_the_twins():
    view, legal = positions("matgo", {}, 1, want=lambda v, l: len(
        distinct("matgo", v, l)) < len(l) and len(distinct("matgo", v, l)) > 2)[0]
    cands = distinct("matgo", view, legal)
    for top in (1, 2, len(cands), 99):
        adv = advise("matgo", view, legal, 5, level="easy", top=top)
        assert len(adv["moves"]) == min(top, len(cands))
    listed = [m["action"] for m in adv["moves"]]
    twins = [b for m in adv["moves"] for b in m["same"]]
    assert twins and sorted(listed + twins) == sorted(legal)
    for m in adv["moves"]:
        for b in m["same"]:
            assert distinct("matgo", view, [m["action"], b]) == [m["action"]]


# ---- what the numbers are -------------------------------------------------------

def test_payment_and_win_are_the_raw_returns_not_the_utility():
    # a search that records every result its utility is given: one round,
    # every candidate on the same 30 worlds
    view, legal = positions("matgo", {}, 1, first_seed=60)[0]
    from gostop.agents.hwatu import distinct_actions, rollout
    from gostop.agents.registry import hwatu_utility
    seen = []
    agent = SearchAgent(game_class("matgo"), rollout, rollouts=30, min_worlds=30,
                        utility=lambda x: seen.append(x) or hwatu_utility(x),
                        distinct=distinct_actions)
    found = agent.choose(view, legal, make_rng(9))
    seen.clear()
    out, _ = run_slices(agent.analyse(view, legal, make_rng(9)))
    assert out["choice"] == found
    cands = distinct_actions(view, legal)
    raw = {a: seen[j::len(cands)] for j, a in enumerate(cands)}
    assert len(out["ranking"]) == len(cands)
    for row in out["ranking"]:
        xs = raw[row["action"]]
        assert row["worlds"] == len(xs) == 30
        assert row["payment"] == pytest.approx(sum(xs) / 30)
        assert row["utility"] == pytest.approx(sum(map(hwatu_utility, xs)) / 30)
        assert row["win"] == sum(1 for x in xs if x > 0) / 30
    assert [r["action"] for r in out["ranking"]] == sorted(
        cands, key=lambda a: (-sum(map(hwatu_utility, raw[a])), a))


@pytest.mark.parametrize("game_id, options", CONFIGS)
def test_at_go_or_stop_both_are_given_and_stop_is_exact(game_id, options):
    view, legal = positions(game_id, options, 1, want=go_or_stop(game_id))[0]
    go, stop = GO_STOP[game_id]
    pays = view["pending"]["stop_pays"]
    assert pays > 0            # Stopping wins the hand for this much, for sure
    adv = advise(game_id, view, legal, 31)
    assert adv["kind"] == "go-stop"
    assert adv["choice"] == make_agent(game_id, "hard").choose(view, legal, make_rng(31))
    by = {m["action"]: m for m in adv["moves"]}
    assert set(by) == {go, stop}
    assert by[stop]["payment"] == pays and by[stop]["win"] == 1.0
    assert by[stop]["worlds"] == by[go]["worlds"] > 0
    assert 0.0 <= by[go]["win"] <= 1.0
    assert adv["rollouts"] == by[go]["worlds"]    # only the Go is played out


def test_a_forced_move_is_searched_too():
    def forced(view, legal):
        me = view["player"]
        return (len(legal) == 1 and view["phase"] == "play" and view["hand"]
                and any(n for q, n in enumerate(view["hand_counts"]) if q != me))
    view, legal = positions("gostop", {"players": 3}, 1, want=forced)[0]
    adv = advise("gostop", view, legal, 2, level="easy")
    assert adv["choice"] == legal[0] and adv["candidates"] == 1
    (m,) = adv["moves"]
    assert m["action"] == legal[0] and m["worlds"] >= 100 and adv["rollouts"] > 0


# ---- only the view's own seat, only coached games ---------------------------------

def test_it_advises_only_the_seat_whose_view_it_is():
    g = make("matgo", seed=3)
    p = g.current_player
    other = 1 - p
    with pytest.raises(ValueError, match="not to move"):
        advise("matgo", g.view(other), g.legal_actions(p), 1, level="easy")
    with pytest.raises(ValueError, match="not to move"):
        advise("matgo", g.view(other), [], 1, level="easy")
    with pytest.raises(ValueError, match="nobody"):
        advise("matgo", g.view(None), g.legal_actions(p), 1, level="easy")
    # the mover's view, but actions that are not its own
    with pytest.raises(ValueError, match="not legal for seat"):
        advise("matgo", g.view(p), g.legal_actions(p) + [161], 1, level="easy")
    with pytest.raises(ValueError, match="not a view of"):
        advise("gostop", g.view(p), g.legal_actions(p), 1, level="easy")
    # the view holds no hidden card: the other hand is not in it
    assert "hands" not in g.view(p)


@pytest.mark.parametrize("game_id, options", [("stop", {"players": 2}),
                                              ("go-stop-2005", {"players": 3})])
def test_games_without_a_search_have_no_coach(game_id, options):
    g = make(game_id, seed=1, **options)
    p = g.to_move()[0]
    with pytest.raises(ValueError, match="no coach for this game"):
        advise(game_id, g.view(p), g.legal_actions(p), 1)


def test_bad_levels_and_arguments_are_refused():
    g = make("matgo", seed=3)
    p = g.current_player
    view, legal = g.view(p), g.legal_actions(p)
    for level in ("greedy", "random", "grandmaster", ["hard"], None):
        with pytest.raises(ValueError):
            advise("matgo", view, legal, 1, level=level)
    for kw in ({"top": 0}, {"time_budget": 0.5}, {"clock": lambda: 0.0, "time_budget": -1}):
        with pytest.raises(ValueError):
            advise("matgo", view, legal, 1, level="easy", **kw)
    with pytest.raises(ValueError):
        advise("matgo", view, legal, "1", level="easy")
    with pytest.raises(ValueError):
        advise("matgo", view, legal + legal[:1], 1, level="easy")


# ---- determinism, the clock, the request ---------------------------------------------

def test_the_same_seed_gives_the_same_advice():
    view, legal = positions("matgo", {}, 1, first_seed=80)[0]
    a = advise("matgo", view, legal, 123)
    assert advise("matgo", json.loads(json.dumps(view)), list(legal), 123) == a
    b = advise("matgo", view, legal, 124)
    assert b != a       # other worlds, other means


def test_with_a_clock_it_stops_at_the_budget():
    view, legal = positions("matgo", {}, 1, first_seed=80)[0]
    ticks = iter(range(10 ** 6))
    clock = lambda: next(ticks) / 1000.0     # noqa: E731 - a millisecond per look
    coach._agents.pop(("matgo", "hard"), None)   # no speed learnt: a plan for the count, as the fresh agent below
    adv = advise("matgo", view, legal, 123, clock=clock, time_budget=0.02)
    full = advise("matgo", view, legal, 123)
    assert 0 < adv["rollouts"] < full["rollouts"]
    agent = make_agent("matgo", "hard")
    assert all(m["worlds"] >= agent.min_worlds for m in adv["moves"])
    ticks = iter(range(10 ** 6))    # the same clock again, for the agent itself
    deadline = clock() + 0.02
    assert agent.choose(view, legal, make_rng(123), deadline=deadline, clock=clock) == adv["choice"]


def test_the_hint_request_gives_what_a_hard_player_in_the_seat_would_play():
    s = Session.new("matgo", 17, level="easy", human=0)
    while not s.game.is_terminal() and s.game.current_player != 0 or len(distinct(
            "matgo", s.game.view(0), s.game.legal_actions(0))) < 2:
        if s.ai_to_move():
            s.ai_step()
        else:
            s.act(s.game.legal_actions(0)[0])
    request = hint_request(s)
    assert set(request) == {"game_id", "level", "view", "legal", "seed", "top"}
    # the seat's view, with the record of plays the hard player reads
    assert request["view"] == dict(s.game.view(0), plays=request["view"]["plays"])
    assert request["view"] == s.view_for(0, "hard")
    adv = json.loads(advise_json(json.dumps(request)))
    in_seat = Session(s.game, ["hard", HUMAN], human=1)
    assert adv["choice"] == in_seat.ai_choice(0)
    timed = json.loads(advise_timed_json(json.dumps(dict(request, level="easy"))))
    assert timed["ms"] >= 0 and timed["choice"] in request["legal"]


def test_agents_are_shared_like_the_workers():
    g = make("matgo", seed=3)
    p = g.current_player
    advise("matgo", g.view(p), g.legal_actions(p), 1, level="normal")
    assert isinstance(coach._agents["matgo", "normal"], SearchAgent)
