import json
import os

import pytest

from gostop.core.rng import make_rng, derive_seed, randbelow
from gostop.core.game import replay

import hwatu_sim as sim

CONFIGS = [("matgo", 2), ("gostop", 2), ("gostop", 3), ("gostop", 4)]
FAST_HANDS = int(os.environ.get("HWATU_FAST_HANDS", "300"))


@pytest.mark.parametrize("game,players", CONFIGS)
def test_random_hands_fast(game, players):
    rng = make_rng(derive_seed(1, players, len(game)))
    outcomes = set()
    for seed in range(FAST_HANDS):
        g = sim.run_hand(game, players, seed, rng, full=seed < 40)
        outcomes.add(g.result["reason"])
    assert "stop" in outcomes


@pytest.mark.slow
@pytest.mark.parametrize("game,players", CONFIGS)
def test_random_hands_slow(game, players):
    rng = make_rng(derive_seed(2, players, len(game)))
    for seed in range(10000):
        sim.run_hand(game, players, 10**6 + seed, rng, full=seed % 50 == 0)


@pytest.mark.parametrize("game,players", CONFIGS)
def test_clone_equals_replay_in_quiet_rollouts(game, players):
    """apply_unchecked on clones (the AI's path) gives the same play as the
    checked path on a replayed state."""
    rng = make_rng(99)
    for seed in range(40):
        g = sim.CLASSES[game](seed, players=players)
        steps = 0
        while not g.is_terminal() and steps < 11:
            la = g.legal_actions()
            g.apply(la[randbelow(rng, len(la))])
            steps += 1
        c = g.clone()
        c.quiet = True
        r = replay(type(g), g.seed, g.options, g.history)
        while not c.is_terminal():
            p = c.current_player
            la = c.legal_actions(p)
            assert la == r.legal_actions(p)
            a = la[randbelow(rng, len(la))]
            assert c.apply_unchecked(a, p) == []
            r.apply(a, p)
        assert r.is_terminal()
        assert c.returns() == r.returns()
        assert json.dumps(c.view(0)) == json.dumps(r.view(0))


def test_lenient_pibak_option_hands():
    rng = make_rng(31)
    for seed in range(120):
        g = sim.run_hand("matgo", 2, seed, rng, full=seed < 10, pibak="lenient")
        assert g.options["pibak"] == "lenient"


# The views gained the Go/Stop breakdown (stop_settle) and failed_gos in the
# result: the rules and replays are unchanged.
GOLDEN = "6bce04dd343c92aafa8b7d126e50a19bd53646f206a468a382c087302ec91385"


def test_golden_transcripts():
    """Pins deals, rules and views: the same digest was produced in Pyodide
    (Python 3.14). A change here must bump ``rules_version`` when old saves
    would replay differently, and then update GOLDEN."""
    import hashlib
    from gostop import make
    rng = make_rng(5)
    digest = []
    for game, n in (("matgo", 2), ("gostop", 3), ("gostop", 4)):
        for s in range(200):
            g = make(game, seed=s, players=n)
            while not g.is_terminal():
                la = g.legal_actions()
                g.apply(la[randbelow(rng, len(la))])
            digest.append(json.dumps([g.view(0), g.returns(), g.history], sort_keys=True))
    assert hashlib.sha256("".join(digest).encode()).hexdigest() == GOLDEN
