"""Short rollouts that end in a fitted evaluation (``rollout_cut``, the
search's arena option ``tr<turns>f<floor>``; ``hwatu_value``; docs/ai.md,
round 26)."""
import random

import pytest

from gostop.agents import hwatu, hwatu_rollout, hwatu_value, make_agent
from gostop.agents.hwatu_value_weights import PAYMENT, WEIGHTS, WIN
from gostop.agents.search import SearchAgent
from gostop.core.registry import make
from gostop.core.rng import derive_seed, make_rng
from gostop.games.hwatu.actions import PLAY
from gostop.games.matching.phases import OVER

from test_agents_hwatu import run_slices
from test_rollout_fast import midgame, state


def test_tr_option_parses():
    run = make_agent("matgo", "search:hard:1000:tr8f6").rollout
    fixed = hwatu_rollout.CUT_FIXED_COST
    def view(cards):        # a view of the play with ``cards`` in the two hands
        return {"hand_counts": [cards // 2, cards - cards // 2], "turn": 21 - cards,
                "turns_total": 20}
    assert run.estimate is not None and run.cost(view(20)) == fixed + 9
    assert make_agent("matgo", "search:hard:1000:tr4").rollout.cost(view(6)) == fixed + 5
    # past the floor it plays the hand out, charged as a whole rollout
    assert run.cost(view(14)) == 3 + 14
    # the time plan counts the short rollout's work
    assert make_agent("matgo", "search:hard:1000:tr8f6").rollout_cost(view(20)) == fixed + 9
    assert not hasattr(make_agent("matgo", "search:hard:1000").rollout, "estimate")


@pytest.mark.parametrize("spec", ["tr", "tr0", "trx", "tr8f", "tr8fx", "tr4:tr8", "tr-4",
                                  "tr8:b40", "tr8:c100", "tr8:gsb0"])
def test_tr_option_refused(spec):
    with pytest.raises(ValueError):
        make_agent("matgo", f"search:hard:1000:{spec}")


def test_the_estimated_chance_of_a_win_is_a_chance():
    rng = random.Random(5)
    seen = []
    for seed in range(40):
        g = make("matgo", seed=seed)
        while not g.is_terminal():
            if g.phase_id == PLAY:
                for me in (0, 1):
                    seen.append(hwatu_value.estimate(g, me)[2])
            g.apply(rng.choice(g.legal_actions()))
    assert all(0.0 <= w <= 1.0 for w in seen)
    assert min(seen) == 0.0 and max(seen) == 1.0      # the fit's line reaches past both ends


@pytest.mark.parametrize("game", ["gostop", "stopgo"])
def test_tr_is_matgos_only(game):
    with pytest.raises(ValueError):
        make_agent(game, "search:hard:1000:tr8")


def test_a_short_rollout_stops_after_its_turns_and_resumes_as_the_whole_one():
    """``after`` plays the candidate's turn and ``turns`` more, then stops
    in the play phase; played on from there with the same floats it ends
    exactly where the whole rollout ends."""
    turns = 3
    run = hwatu.rollout_with(cut=turns)
    stopped = 0
    for seed, g in midgame("matgo", {}, range(60), make_rng(derive_seed(26, 1))):
        if g.phase_id != PLAY:
            continue
        a, me, t0 = g.legal_actions()[0], g.mover, g.turn
        short, whole = g.clone(), g.clone()
        rng = random.Random(seed)
        run.after(short, a, me, rng)
        hwatu.rollout.after(whole, a, me, random.Random(seed))
        if short.phase_id == OVER:
            assert state(short) == state(whole)
            continue
        stopped += 1
        assert short.phase_id == PLAY and short.turn == t0 + turns + 1
        u, pay, win = run.estimate(short, me)
        assert u == hwatu_value.value(short, me, WEIGHTS)
        assert pay == hwatu_value.value(short, me, PAYMENT)
        assert win == min(1.0, max(0.0, hwatu_value.value(short, me, WIN)))
        hwatu_rollout._run(short, rng, -1)
        assert state(short) == state(whole)
    assert stopped >= 20


def test_a_short_rollout_plays_out_near_the_end():
    """Below ``floor`` turns left at its stop, the rollout plays the hand
    out and the search reads its returns (the estimate is None)."""
    run = hwatu.rollout_with(cut=4, floor=30)
    checked = 0
    for seed, g in midgame("matgo", {}, range(20), make_rng(derive_seed(26, 2))):
        if g.phase_id != PLAY:
            continue
        h = g.clone()
        run.after(h, g.legal_actions()[0], g.mover, random.Random(seed))
        assert h.phase_id == OVER and run.estimate(h, g.mover) is None
        checked += 1
    assert checked >= 10
    assert run.cost({"hand_counts": [6, 7], "turn": 8, "turns_total": 20}) == 3 + 13


def test_the_search_averages_the_estimate_not_the_utility_of_it():
    class Marked:
        pass

    def after(g, a, p, rng):
        g.marked = a
        return True
    run = Marked()
    run.after = after
    run.estimate = lambda g, seat: (10.0, 3.0, 0.75) if g.marked == target else (1.0, -2.0, 0.25)
    from gostop import make
    game = make("matgo", seed=5)
    p = game.current_player
    view, legal = game.view(p), game.legal_actions(p)
    target = legal[-1]
    agent = SearchAgent(type(game), run, rollouts=60, min_worlds=4,
                        utility=lambda x: 1000 * x)
    assert agent.choose(view, legal, make_rng(1)) == target
    # the estimate is the utility already: not mapped again
    assert agent.last_stats[target][0] == 10.0
    # the coach reads the estimated payment and chance of a win
    found, _ = run_slices(agent.analyse(view, legal, make_rng(1)))
    rows = {row["action"]: row for row in found["ranking"]}
    assert (rows[target]["payment"], rows[target]["win"]) == (3.0, 0.75)
    assert all((row["payment"], row["win"]) == (-2.0, 0.25) for a, row in rows.items() if a != target)


def test_features_are_seen_from_either_side():
    n = len(hwatu_value.SEAT_NAMES)
    for seed, g in list(midgame("matgo", {}, range(30), make_rng(derive_seed(26, 3))))[:15]:
        f0, f1 = hwatu_value.features(g, 0), hwatu_value.features(g, 1)
        assert len(f0) == len(hwatu_value.NAMES)
        assert f0[2:2 + n] == f1[2 + n:] and f0[2 + n:] == f1[2:2 + n]
        assert f0[1] + f1[1] == 1.0


def test_the_weights_cover_every_turn_of_a_matgo_hand():
    from gostop import make
    total = make("matgo", seed=1).rules.turns_total
    assert sorted(WEIGHTS) == list(range(1, total + 1))
    assert all(len(w) == len(hwatu_value.NAMES) for w in WEIGHTS.values())


def test_the_estimate_foresees_what_the_rest_of_a_rollout_pays():
    """On hands not fitted (bench/rollout_value.py's rows: every turn of
    rollout self-play, what the rest of the rollout paid), the estimate
    explains much of the variance at five turns left and some at twelve."""
    import os
    import sys
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
    from rollout_value import hand_rows
    rows = {5: [], 12: []}
    for h in range(300):
        for t, f, (u, _, _) in hand_rows(derive_seed(99, h)):
            if t in rows:
                rows[t].append((sum(x * c for x, c in zip(f, WEIGHTS[t])), u))
    for t, least in ((5, 0.35), (12, 0.1)):
        est, got = zip(*rows[t])
        mean = sum(got) / len(got)
        sse = sum((u - e) ** 2 for e, u in rows[t])
        sst = sum((u - mean) ** 2 for u in got)
        assert 1 - sse / sst > least


def test_the_phone_buys_more_short_rollouts_in_the_same_time():
    from test_search_time_plan import first_decision
    view, legal = first_decision()
    counts = []
    for spec in ("search:hard:2400:phone:noread", "search:hard:2400:phone:noread:tr8f6"):
        agent = make_agent("matgo", spec)
        for _ in range(2):
            agent.choose(view, legal, make_rng(1))
        counts.append(agent.last_rollouts)
    # a whole rollout from the deal: 3 + 20 units; the short one 5 + 9
    assert counts[1] == pytest.approx(counts[0] * 23 / 14, rel=0.05)
