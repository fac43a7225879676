"""The opponent model in the rollouts (``rollout_with(opp_noise=...)``, the
search's arena option ``rgo<noise>``; docs/ai.md, round 20): the turns of
every seat but the searching one play the greedy-like policy
(``rollout_rg``) with that noise, the searching seat's its own policy."""
import random
from functools import partial

import pytest

from gostop.agents import make_agent
from gostop.agents import hwatu, hwatu_rollout
from gostop.core.rng import derive_seed, make_rng
from gostop.games.hwatu.actions import PLAY

from test_rollout_bak import after_plays_the_policy, fast_loop_plays_the_policy
from test_rollout_fast import midgame, state


def test_rgo_option_parses():
    run = make_agent("matgo", "search:hard:1000:rgo0").rollout
    assert run.opp_noise == 0.0 and run.rg_noise == 0.6 and run.go_margin == 0.5
    assert make_agent("matgo", "search:hard:1000:rgo0.3").rollout.opp_noise == 0.3
    both = make_agent("matgo", "search:hard:1000:rgn0.3:rgo0:go-3").rollout
    assert (both.opp_noise, both.rg_noise, both.go_margin) == (0.0, 0.3, -3.0)
    assert make_agent("gostop", "search:hard:1600:rgo0").rollout.opp_noise == 0.0
    # no option, no opponent model: the rollouts as they were
    assert make_agent("matgo", "search:hard:1250").rollout is hwatu.rollout
    assert make_agent("matgo", "search:hard:910:rg").rollout is hwatu.rollout_rg
    assert hwatu.rollout_with() is hwatu.rollout


@pytest.mark.parametrize("spec", ["rgo", "rgo-0.3", "rgox", "rgonan", "rgoinf",
                                  "rgo0:rgo0.3", "rgo0:rgo0"])
def test_rgo_option_refused(spec):
    with pytest.raises(ValueError):
        make_agent("matgo", f"search:hard:1000:{spec}")


def test_rgo_not_for_stopgo():
    with pytest.raises(ValueError):
        make_agent("stopgo", "search:hard:1470:rgo0")


def _seat_policy(me, noise, rg=False, rg_noise=0.6):
    """The plain loop's policy of the opponent model: ``me`` plays its own
    (``rg`` or the plain policy), every other seat ``rg`` with ``noise``."""
    def policy(g, q, r):
        if q == me:
            return hwatu.rollout_action(g, q, r, rg=rg, rg_noise=rg_noise)
        return hwatu.rollout_action(g, q, r, rg=True, rg_noise=noise)
    return policy


@pytest.mark.parametrize("game,options,noise", [
    ("matgo", {}, 0.0), ("matgo", {}, 0.3), ("matgo", {"shake": True, "bomb": True}, 0.0),
    ("gostop", {"players": 3}, 0.0), ("gostop", {"players": 4, "bak": True}, 0.3)])
def test_rgo_after_a_candidate_plays_the_opponent_model(game, options, noise):
    """``rollout_with(opp_noise=noise).after`` (the search's call) plays
    what the plain loop plays with the searching seat on the plain policy
    and the others on ``rg`` with ``noise``; not what either policy alone
    plays everywhere."""
    run = hwatu.rollout_with(opp_noise=noise)
    rng = make_rng(derive_seed(20, 1, len(game), len(options)))
    checked = not_plain = not_rg = 0
    for seed, g in midgame(game, options, range(50), rng):
        if g.phase_id != PLAY:
            continue
        me = g.mover
        b = after_plays_the_policy(g, seed, run, _seat_policy(me, noise))
        if b is None:
            continue
        checked += 1
        a = g.legal_actions()[0]
        plain, rg = g.clone(), g.clone()
        hwatu.rollout.after(plain, a, me, random.Random(seed))
        hwatu.rollout_with(rg=True, rg_noise=noise).after(rg, a, me, random.Random(seed))
        not_plain += state(plain) != state(b)
        not_rg += state(rg) != state(b)
    assert checked >= 15
    assert not_plain > 0 and not_rg > 0


def test_rgo_with_rg_for_the_seat():
    """``rgo`` with ``rgn``: the seat plays ``rg`` with its noise, the
    others with theirs."""
    run = hwatu.rollout_with(rg=True, rg_noise=0.3, opp_noise=0.0, go_margin=-3.0)
    checked = 0
    for seed, g in midgame("matgo", {}, range(40), make_rng(derive_seed(20, 2))):
        if g.phase_id != PLAY:
            continue
        me = g.mover
        base = _seat_policy(me, 0.0, rg=True, rg_noise=0.3)

        def policy(h, q, r):
            if h.phase_id == hwatu_rollout.GOSTOP:
                return hwatu.rollout_action(h, q, r, go_margin=-3.0 if q == me else 0.5)
            return base(h, q, r)
        checked += after_plays_the_policy(g, seed, run, policy) is not None
    assert checked >= 15


def test_rgo_opponents_turns_use_rg_and_the_seats_do_not(monkeypatch):
    """The loop asks the greedy-like play (``_rg_play``) on the opponents'
    turns only, and with the option's noise."""
    hwatu_rollout._load_rg()
    asked = []
    real = hwatu_rollout._rg_play

    def spy(g, p, *args):
        asked.append((p, args[-1]))
        return real(g, p, *args)
    monkeypatch.setattr(hwatu_rollout, "_rg_play", spy)
    rollouts = with_rg = 0
    for noise in (0.0, 0.3):
        run = hwatu.rollout_with(opp_noise=noise)
        for seed, g in midgame("gostop", {"players": 3}, range(20), make_rng(derive_seed(20, 3))):
            if g.phase_id != PLAY:
                continue
            me = g.mover
            asked.clear()
            rollouts += run.after(g.clone(), g.legal_actions()[0], me, random.Random(seed))
            with_rg += bool(asked)
            assert all(p != me and n == noise for p, n in asked)
    # (an opponent may have no card left to play)
    assert rollouts >= 20 and with_rg >= rollouts - 4
    # without an opponent model, ``rg`` asks it on every seat's turns
    asked.clear()
    for seed, g in midgame("matgo", {}, range(10), make_rng(derive_seed(20, 4))):
        if g.phase_id == PLAY:
            hwatu.rollout_rg.after(g.clone(), g.legal_actions()[0], g.mover, random.Random(seed))
    assert {p for p, _ in asked} == {0, 1}


def test_rgo_without_a_seat():
    """``run(g, rng)`` knows no searching seat: every seat is an opponent."""
    run = hwatu.rollout_with(opp_noise=0.0)
    policy = partial(hwatu.rollout_action, rg=True, rg_noise=0.0)
    for seed, g in list(midgame("matgo", {}, range(20), make_rng(derive_seed(20, 5))))[:10]:
        fast_loop_plays_the_policy(g, seed, policy, run)


def test_rgo_deterministic():
    """The same rng, the same rollout; the agent's choice is a function of
    the view and the decision's rng."""
    run = hwatu.rollout_with(opp_noise=0.0)
    for seed, g in list(midgame("matgo", {}, range(20), make_rng(derive_seed(20, 6))))[:8]:
        if g.phase_id != PLAY:
            continue
        a, b = g.clone(), g.clone()
        act, me = g.legal_actions()[0], g.mover
        assert run.after(a, act, me, random.Random(seed)) == run.after(b, act, me, random.Random(seed))
        assert state(a) == state(b)
    chosen = []
    for _ in range(2):
        agent = make_agent("matgo", "search:hard:120:rgo0")
        picks = []
        for seed, g in list(midgame("matgo", {}, range(30, 40), make_rng(derive_seed(20, 7))))[:4]:
            p = g.current_player
            picks.append(agent.choose(g.view(p), g.legal_actions(p), make_rng(seed)))
        chosen.append(picks)
    assert chosen[0] == chosen[1]
