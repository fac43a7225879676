"""The bak-aware rollout (``hwatu.rollout_bak``, the search's arena option
``bak``; docs/ai.md, round 16): a bright or a junk card is worth more while a
bak is in reach, the fast loop plays what the plain loop plays with that
policy, and no level plays it unless asked."""
import random
from functools import partial

import pytest

from gostop import make
from gostop.agents import make_agent
from gostop.agents import hwatu
from gostop.agents.hwatu_rollout_policy import _bak_kind
from gostop.agents.matching import play_out
from gostop.core.rng import derive_seed, make_rng
from gostop.games.hwatu.actions import PLAY
from gostop.games.matching.phases import OVER

from test_rollout_fast import midgame, state


class _NoNoise:
    """An rng whose every float is 0 (the policy's noise is off)."""

    @staticmethod
    def random():
        return 0.0


def _bits(*cards):
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def fast_loop_plays_the_policy(g, seed, policy, fast):
    """Plays ``g`` out with ``policy`` step by step and with the fast loop
    ``fast`` from the same rng: the same end, returns, state and rng state
    (asserted). True when the plain rollout ends elsewhere."""
    a, b, c = g.clone(), g.clone(), g.clone()
    ra, rb = random.Random(seed), random.Random(seed)
    play_out(a, ra, policy)
    fast(b, rb)
    assert a.phase_id == b.phase_id == OVER
    assert a.returns() == b.returns()
    assert state(a) == state(b)
    assert ra.getstate() == rb.getstate()
    hwatu.rollout(c, random.Random(seed))
    return state(c) != state(b)


def after_plays_the_policy(g, seed, run, policy):
    """``run.after`` from ``g``, with its mover's first legal action as the
    search's candidate, plays what the plain loop plays with ``policy``
    after that action (asserted); returns the state it reached, or None
    when the candidate ends the hand."""
    me = g.mover
    action = g.legal_actions()[0]
    a, b = g.clone(), g.clone()
    a.apply_unchecked(action, me)
    if a.is_terminal():
        return None
    play_out(a, random.Random(seed), policy)
    assert run.after(b, action, me, random.Random(seed))
    assert state(a) == state(b)
    assert a.returns() == b.returns()
    return b


def test_bak_kind():
    # gwang-bak in reach: no bright against two (either way round), not against one
    assert _bak_kind(0, _bits(0, 8)) == 1
    assert _bak_kind(_bits(0, 8), 0) == 1
    assert _bak_kind(0, _bits(0)) == 0
    assert _bak_kind(_bits(40), _bits(0, 8)) == 0
    # pi-bak in reach: fewer than 5 junk units against 6 or more (double junk 2)
    six = _bits(2, 3, 6, 7, 43)                       # 1+1+1+1+2
    assert _bak_kind(0, six) == 2
    assert _bak_kind(six, _bits(10, 11, 14, 15)) == 2  # 4 units against 6
    assert _bak_kind(six, _bits(10, 11, 14, 15, 18)) == 0
    assert _bak_kind(0, _bits(2, 3, 6, 7, 10)) == 0   # 5 units: not yet
    assert _bak_kind(0, _bits(2, 3, 6, 7, 32)) == 2   # the cup counts 2
    assert _bak_kind(0, six | _bits(0, 8)) == 3


def _bright_or_godori():
    """Player 0 to play, with no bright against the opponent's two: one
    card takes the Paulownia bright (40), the other the Pampas geese (29),
    the third godori bird where player 0 holds the other two."""
    g = make("matgo", seed=3)
    while not (g.phase_id == PLAY and g.mover == 0):
        g.apply(g.legal_actions()[0])
    placed = (4, 12, 0, 8, 40, 29, 30, 41)
    for h in g.hands:
        h[:] = [c for c in h if c not in placed]
    g.stock[:] = [c for c in g.stock if c not in placed]
    g.piles[0] = _bits(4, 12)                 # two godori birds, no bright
    g.piles[1] = _bits(0, 8)                  # two brights
    g.field = _bits(40, 29)
    g.hands[0][:] = [30, 41]                  # Pampas junk, Paulownia junk
    return g


def test_bak_values_take_the_bright():
    """Without the bak values the policy takes the godori bird (4.75 against
    4.35); with them the bright (5.85): gwang-bak is in reach."""
    g = _bright_or_godori()
    assert hwatu.rollout_action(g, 0, _NoNoise()) == 30
    assert hwatu.rollout_action(g, 0, _NoNoise(), bak=True) == 41
    # no bak in the rules, no bak values
    g.rules = make("gostop", players=2, seed=0).rules
    assert not g.rules.bak
    assert hwatu.rollout_action(g, 0, _NoNoise(), bak=True) == 30


def test_fast_bak_rollout_plays_the_plain_loop():
    policy = partial(hwatu.rollout_action, bak=True)
    rng = make_rng(derive_seed(16, 5))
    checked = differ = 0
    for options in ({}, {"pibak": "lenient"}, {"bomb": True}, {"shake": True}):
        for seed, g in midgame("matgo", options, range(40), rng):
            for k in range(2):
                differ += fast_loop_plays_the_policy(g, seed * 7 + k, policy, hwatu.rollout_bak)
                checked += 1
    assert checked >= 100
    # the bak values change some rollouts (not most: a bak is rarely in reach)
    assert 0 < differ < checked


def test_fast_bak_rollout_after_a_candidate():
    """``rollout_bak.after`` plays the candidate card and the bak rollout."""
    g = _bright_or_godori()
    a, b = g.clone(), g.clone()
    a.history.append((0, 41))
    hwatu.rollout_bak.after(b, 41, 0, random.Random(4))
    a.apply_unchecked(41, 0)
    play_out(a, random.Random(4), partial(hwatu.rollout_action, bak=True))
    assert state(a) == state(b)


def test_bak_option_only_when_asked():
    plain = make_agent("matgo", "search:hard:1250")
    bak = make_agent("matgo", "search:hard:1250:bak")
    assert plain.rollout is hwatu.rollout
    assert bak.rollout is hwatu.rollout_bak
    assert make_agent("matgo", "search:hard:1250:c60:bak").rollout is hwatu.rollout_bak
    with pytest.raises(ValueError):
        make_agent("matgo", "search:hard:1250:bak:bak")
    with pytest.raises(ValueError):
        make_agent("stopgo", "search:hard:1470:bak")


@pytest.mark.parametrize("bak,margin", [(False, -3.0), (True, 3.0)])
def test_rollout_with_a_go_margin_plays_the_plain_loop(bak, margin):
    """``rollout_with(...).after``: the searching seat's turns Go by
    ``margin``, the other seat's by 0.5 (the plain loop with that policy)."""
    run = hwatu.rollout_with(bak=bak, go_margin=margin)
    rng = make_rng(derive_seed(16, 7, bak))
    checked = differ = 0
    for seed, g in midgame("matgo", {}, range(80), rng):
        if g.phase_id != PLAY:
            continue
        me = g.mover

        def policy(h, q, r):
            return hwatu.rollout_action(h, q, r, bak=bak, go_margin=margin if q == me else 0.5)
        reached = after_plays_the_policy(g, seed, run, policy)
        if reached is None:
            continue
        c = g.clone()
        plain = hwatu.rollout_bak if bak else hwatu.rollout
        plain.after(c, g.legal_actions()[0], me, random.Random(seed))
        differ += state(c) != state(reached)
        checked += 1
    assert checked >= 30
    assert differ > 0


def test_go_margin_option():
    agent = make_agent("matgo", "search:hard:1250:go-3")
    assert agent.rollout.go_margin == -3.0
    assert make_agent("matgo", "search:hard:1250:go0.5").rollout is hwatu.rollout
    assert make_agent("matgo", "search:hard:1250:go0.5:bak").rollout is hwatu.rollout_bak
    assert make_agent("matgo", "search:hard:1250:c60:bak:go2").rollout.go_margin == 2.0
    with pytest.raises(ValueError):
        make_agent("matgo", "search:hard:1250:go")
