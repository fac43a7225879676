"""The greedy-like rollout (``hwatu.rollout_rg``, the search's arena option
``rg``; docs/ai.md, round 18): it makes greedy's play far more often than
the plain rollout policy, the fast loop plays what the plain loop plays
with that policy, and no level plays it unless asked."""
import random
from functools import partial

import pytest

from gostop import make
from gostop.agents import make_agent
from gostop.agents import hwatu, hwatu_rollout
from gostop.core.registry import game_class
from gostop.core.rng import derive_seed, make_rng
from gostop.games.hwatu.actions import PLAY

from test_rollout_bak import _NoNoise, _bits, after_plays_the_policy, fast_loop_plays_the_policy
from test_rollout_fast import CONFIGS, midgame, state


def _agreement(policy, hands=12, game="matgo", players=2):
    """The share of greedy's plays of a hand card (greedy self-play) that
    ``policy`` (noise off) makes on a world sampled from the view."""
    greedy = hwatu.GreedyAgent()
    cls = game_class(game)
    same = total = 0
    for h in range(hands):
        g = make(game, seed=derive_seed(18, h), players=players)
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            view = g.view(p)
            a = greedy.choose(view, legal, make_rng(h))
            if len(legal) > 1 and view["phase"] == "play" and all(x < 48 for x in legal):
                world = cls.sample_world(view, random.Random(derive_seed(h, len(g.history))))
                b = policy(world, p, _NoNoise())
                total += 1
                same += hwatu._TWIN[a] == hwatu._TWIN[b]
            g.apply(a, p)
    return same / total


def test_rg_values_from_counts():
    """``_rg_ctx2`` (remembered counts, the groups' tables) gives what
    ``_rg_ctx`` and the group rule give on random piles."""
    from gostop.agents import hwatu_rollout_rg as hr
    r = random.Random(18)
    for _ in range(400):
        mine = r.getrandbits(50)
        theirs = r.getrandbits(50) & ~mine
        for bak in (False, True):
            for lam in (0.35, 0.6):
                op, both, gc, ogc = hr._rg_ctx2(mine, theirs, bak, lam)
                me, them = hr._rg_ctx(mine, theirs, bak), hr._rg_ctx(theirs, mine, bak)
                assert op == pytest.approx(them)
                assert both == pytest.approx(tuple(x + lam * y for x, y in zip(me, them)))
                for y, (gm, tab) in enumerate(hr._RG_GROUPS, 1):
                    u = 0.0 if gm & mine else tab[(gm & theirs).bit_count()]
                    v = 0.0 if gm & theirs else tab[(gm & mine).bit_count()]
                    assert hr._RG_GOP[y][gc[y]][ogc[y]] == pytest.approx(u)
                    assert hr._RG_GBOTH[lam == 0.6][y][gc[y]][ogc[y]] == pytest.approx(v + lam * u)


def test_rg_makes_greedys_plays():
    """Greedy's card (noise off): the plain policy about 73% of the time,
    the greedy-like one about 98% (``bench/rollout_agreement.py``)."""
    plain = _agreement(hwatu.rollout_action)
    rg = _agreement(partial(hwatu.rollout_action, rg=True))
    assert plain < 0.8
    assert rg > 0.93
    assert _agreement(partial(hwatu.rollout_action, rg=True), 6, "gostop", 3) > 0.85


def _animal_or_junk():
    """Player 0 to play, both piles empty (pi-bak in reach): one card takes
    the May animal (16) with a May junk, the other two Paulownia junk."""
    g = make("matgo", seed=3)
    while not (g.phase_id == PLAY and g.mover == 0):
        g.apply(g.legal_actions()[0])
    placed = (16, 19, 41, 42)
    for h in g.hands:
        h[:] = [c for c in h if c not in placed]
    g.stock[:] = [c for c in g.stock if c not in placed]
    g.piles[0] = 0
    g.piles[1] = 0
    g.field = _bits(16, 42)                   # the May animal, a Paulownia junk
    g.hands[0][:] = [19, 41]                  # a May junk, a Paulownia junk
    return g


def test_rg_values_junk_as_greedy_does():
    """The plain policy's static values take the animal (1.1 + 0.75 against
    0.75 + 0.75); greedy's potential values the junk more (0.55 a unit
    while below five, against pi-bak; an animal 0.25, each plus 0.6 times
    the same to the opponent), and so does ``rg``."""
    g = _animal_or_junk()
    assert hwatu.rollout_action(g, 0, _NoNoise()) == 19
    assert hwatu.rollout_action(g, 0, _NoNoise(), rg=True) == 41
    view = g.view(0)
    assert hwatu.GreedyAgent().choose(view, g.legal_actions(0), make_rng(0)) == 41


@pytest.mark.parametrize("game,options", [c for c in CONFIGS if c[0] != "stopgo"])
def test_fast_rg_rollout_plays_the_plain_loop(game, options):
    policy = partial(hwatu.rollout_action, rg=True)
    rng = make_rng(derive_seed(18, 5, len(game), len(options)))
    checked = differ = 0
    for seed, g in midgame(game, options, range(30), rng):
        for k in range(2):
            differ += fast_loop_plays_the_policy(g, seed * 7 + k, policy, hwatu.rollout_rg)
            checked += 1
    assert checked >= 30
    assert differ > 0


@pytest.mark.parametrize("margin", [0.5, -3.0])
def test_fast_rg_rollout_after_a_candidate(margin):
    """``rollout_with(rg=True, ...).after`` plays the candidate and the
    greedy-like rollout (the searching seat's Go by ``margin``)."""
    run = hwatu.rollout_with(rg=True, go_margin=margin)
    rng = make_rng(derive_seed(18, 7))
    checked = 0
    for seed, g in midgame("matgo", {}, range(60), rng):
        if g.phase_id != PLAY:
            continue
        me = g.mover

        def policy(h, q, r):
            return hwatu.rollout_action(h, q, r, go_margin=margin if q == me else 0.5, rg=True)
        checked += after_plays_the_policy(g, seed, run, policy) is not None
    assert checked >= 20


def test_rg_option_only_when_asked():
    assert make_agent("matgo", "search:hard:1250").rollout is hwatu.rollout
    assert make_agent("matgo", "hard").rollout is hwatu.rollout
    assert make_agent("matgo", "search:hard:1250:rg").rollout is hwatu.rollout_rg
    assert make_agent("gostop", "search:hard:1600:c60:rg").rollout is hwatu.rollout_rg
    assert make_agent("matgo", "search:hard:1250:rg:go-3").rollout.go_margin == -3.0


@pytest.mark.parametrize("game,spec", [
    ("matgo", "search:hard:1250:rg:rg"),
    ("stopgo", "search:hard:1470:rg"),
    ("matgo", "search:hard:910:rg:rgn0.3"),
    ("matgo", "search:hard:910:rgn-0.3"),
    ("matgo", "search:hard:910:rgnx"),
    ("stopgo", "search:hard:1470:rgn0.3"),
])
def test_rg_options_refused(game, spec):
    """``rg``/``rgn<noise>`` at most once, with a noise that is a number
    >= 0, and only for the hwatu games."""
    with pytest.raises(ValueError):
        make_agent(game, spec)


def _rg_rollout_states(run, games):
    """The end of ``run`` from each of ``games`` (a clone each, one rng per
    game): its returns and state."""
    out = []
    for seed, g in games:
        h = g.clone()
        run(h, random.Random(seed))
        out.append((h.returns(), state(h)))
    return out


def test_rg_noise_option():
    """``rgn<noise>`` (docs/ai.md, round 19): ``rg`` with another noise;
    ``rgn0.6`` plays exactly as ``rg`` (the noise ``rg`` has), ``rgn0.3``
    otherwise, with and without a candidate and a Go margin."""
    assert make_agent("matgo", "search:hard:910:rgn0.3").rollout.rg_noise == 0.3
    assert make_agent("matgo", "search:hard:910:rgn0.6").rollout is hwatu.rollout_rg
    assert make_agent("matgo", "search:hard:910:rgn0.3:go-3").rollout.go_margin == -3.0
    games = list(midgame("matgo", {}, range(40), make_rng(derive_seed(19, 1))))
    assert len(games) >= 20
    rg = _rg_rollout_states(hwatu.rollout_rg, games)
    assert hwatu.rollout_with(rg=True, rg_noise=0.6) is hwatu.rollout_rg
    # the loop given the noise 0.6 (not the shortcut to rollout_rg)
    assert _rg_rollout_states(lambda g, r: hwatu_rollout._run(g, r, -1, rg=True, rg_noise=0.6),
                              games) == rg
    same = hwatu.rollout_with(rg=True, go_margin=-3.0, rg_noise=0.6)
    plain = hwatu.rollout_with(rg=True, go_margin=-3.0)
    less = hwatu.rollout_with(rg=True, rg_noise=0.3)
    assert _rg_rollout_states(same, games) == _rg_rollout_states(plain, games)
    assert _rg_rollout_states(less, games) != rg
    # after a candidate (the search's call), and the plain loop's policy
    me_games = [(s, g) for s, g in games if g.phase_id == PLAY]
    differ = 0
    for seed, g in me_games:
        me = g.mover
        a = g.legal_actions()[0]
        b06, brg, b03 = g.clone(), g.clone(), g.clone()
        r06 = hwatu.rollout_with(rg=True, go_margin=-3.0, rg_noise=0.6).after(b06, a, me, random.Random(seed))
        rrg = hwatu.rollout_with(rg=True, go_margin=-3.0).after(brg, a, me, random.Random(seed))
        r03 = less.after(b03, a, me, random.Random(seed))
        assert r06 == rrg and state(b06) == state(brg)
        differ += r03 != rrg or state(b03) != state(brg)
    assert differ > 0
    policy = partial(hwatu.rollout_action, rg=True, rg_noise=0.3)
    for seed, g in games[:10]:
        fast_loop_plays_the_policy(g, seed, policy, less)
