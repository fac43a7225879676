"""Random-simulation conformance for StopGo: card conservation, independent
re-scoring, sorted unique legal actions, illegal actions refused without a
change, JSON round trip, replay, clone = replay, no hidden card in a view,
``sample_world`` consistent with the view."""
import json
import os

import pytest

from gostop.core.game import replay
from gostop.core.rng import make_rng, randbelow
from gostop.games.stopgo import StopGo

import stopgo_sim as sim

FAST_HANDS = int(os.environ.get("STOPGO_FAST_HANDS", "300"))


def test_random_hands_fast():
    rng = make_rng(20240)
    reasons, kinds = set(), set()
    for seed in range(FAST_HANDS):
        g = sim.run_hand(seed, rng, full=seed < 40)
        reasons.add(g.result["reason"])
        kinds.update(a // 20 for _, a in g.history if a >= 160)
    assert reasons == {"stop", "draw"}
    assert {8, 9, 10} <= kinds       # flips, go/stop, shakes and triples occurred


@pytest.mark.slow
def test_random_hands_slow():
    rng = make_rng(777)
    for seed in range(10000):
        sim.run_hand(10**6 + seed, rng, full=seed % 50 == 0)


def test_quiet_clone_plays_like_replay():
    rng = make_rng(99)
    for seed in range(60):
        g = StopGo(seed)
        for _ in range(randbelow(rng, 14)):
            if g.is_terminal():
                break
            la = g.legal_actions()
            g.apply(la[randbelow(rng, len(la))])
        c = g.clone()
        c.quiet = True
        r = replay(StopGo, g.seed, g.options, g.history)
        while not c.is_terminal():
            p = c.current_player
            la = c.legal_actions(p)
            assert la == r.legal_actions(p)
            a = la[randbelow(rng, len(la))]
            assert c.apply_unchecked(a, p) == []
            r.apply(a, p)
        assert r.is_terminal() and c.returns() == r.returns()
        assert json.dumps(c.view(1)) == json.dumps(r.view(1))
