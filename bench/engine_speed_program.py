# Random-policy games per second for each game, run by `build.py bench engine`
# both in CPython and inside Pyodide (Node); the last expression is the result.
import json
import time

from gostop import make
from gostop.core.rng import make_rng, randbelow

CASES = (("matgo", {}, 600), ("gostop", {"players": 3}, 600), ("stopgo", {}, 500),
         ("go-stop-2005", {"players": 3}, 400), ("stop", {"players": 4}, 20))


def rate(game, options, n, checked):
    rng = make_rng(1)
    t0 = time.perf_counter()
    for s in range(n):
        g = make(game, seed=s, **options)
        while not g.is_terminal():
            p = g.to_move()[0]
            legal = g.legal_actions(p)
            a = legal[randbelow(rng, len(legal))]
            if checked:
                g.apply(a, p)
            else:
                g.apply_unchecked(a, p)
    return n / (time.perf_counter() - t0)


def clone_us(game, reps=5000):
    rng = make_rng(7)
    g = make(game, seed=3)
    for _ in range(9):
        p = g.to_move()[0]
        legal = g.legal_actions(p)
        g.apply(legal[randbelow(rng, len(legal))], p)
    t0 = time.perf_counter()
    for _ in range(reps):
        g.clone()
    return (time.perf_counter() - t0) / reps * 1e6


def measure(game, options, n):
    rate(game, options, max(1, n // 5), False)      # warm-up
    return [rate(game, options, n, False), rate(game, options, n, True)]


json.dumps({"rates": {g: measure(g, o, n) for g, o, n in CASES},
            "clone_us": clone_us("matgo")})
