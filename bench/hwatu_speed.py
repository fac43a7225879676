"""Speed of the hwatu engine: random-policy hands per second and clone cost.

    python bench/hwatu_speed.py [--hands N] [--game matgo|gostop] [--players P]

Reports hands/s with events built (the checked ``apply`` is not used: the AI's
rollouts call ``apply_unchecked``) and in quiet mode (no events), and the cost
of one ``clone()`` of a mid-game state.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

from gostop import make  # noqa: E402
from gostop.core.rng import make_rng, randbelow  # noqa: E402


def play_hands(game, players, hands, quiet, seed0=0):
    rng = make_rng(12345)
    t0 = time.perf_counter()
    for s in range(seed0, seed0 + hands):
        g = make(game, seed=s, players=players)
        g.quiet = quiet
        while not g.is_terminal():
            p = g.current_player
            la = g.legal_actions(p)
            g.apply_unchecked(la[randbelow(rng, len(la))], p)
    return hands / (time.perf_counter() - t0)


def clone_cost(game, players, reps=20000):
    rng = make_rng(7)
    g = make(game, seed=3, players=players)
    for _ in range(9):       # a mid-game state
        p = g.current_player
        la = g.legal_actions(p)
        g.apply(la[randbelow(rng, len(la))], p)
    t0 = time.perf_counter()
    for _ in range(reps):
        g.clone()
    return (time.perf_counter() - t0) / reps * 1e6


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--game", default="matgo")
    ap.add_argument("--players", type=int, default=2)
    a = ap.parse_args()
    print(f"{a.game} ({a.players} players), {a.hands} random-policy hands, "
          f"Python {sys.version.split()[0]}")
    print(f"  with events: {play_hands(a.game, a.players, a.hands, False):8.0f} hands/s")
    print(f"  quiet:       {play_hands(a.game, a.players, a.hands, True):8.0f} hands/s")
    print(f"  clone of a mid-game state: {clone_cost(a.game, a.players):.2f} us")


if __name__ == "__main__":
    main()
