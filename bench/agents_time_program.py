# Decision times of the hwatu computer players; run by bench/agents_time.py
# (CPython) and bench/agents_pyodide.mjs (inside Pyodide). The last expression
# is a JSON string: per game and level, mean/p95/max ms over decisions with
# more than one legal action, on seeded positions from greedy self-play.
import json
import sys
import time

from gostop import make
from gostop.agents import make_agent
from gostop.agents.hwatu import GreedyAgent
from gostop.core.rng import derive_seed, make_rng

try:
    LEVELS = BENCH_LEVELS  # noqa: F821 - set by the runner
except NameError:
    LEVELS = ["greedy", "easy", "normal", "hard"]
try:
    N_HANDS = BENCH_HANDS  # noqa: F821
except NameError:
    N_HANDS = 2


def positions(game_id, players, hands):
    """Every multi-option decision of ``hands`` greedy self-play hands."""
    out = []
    greedy = GreedyAgent()
    for s in range(hands):
        g = make(game_id, seed=1000 + s, players=players)
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            if len(legal) > 1:
                out.append((g.view(p), legal, derive_seed(s, len(g.history))))
            a = greedy.choose(g.view(p), legal, make_rng(len(g.history)))
            g.apply(a, p)
    return out


def p95(xs):
    s = sorted(xs)
    return s[min(len(s) - 1, int(0.95 * len(s) + 0.999) - 1)]


def bench(game_id, players, levels, hands):
    pos = positions(game_id, players, hands)
    # warm up (Pyodide's WebAssembly tiers up during the first calls)
    warm = make_agent(game_id, "normal")
    for view, legal, seed in pos[:8]:
        warm.choose(view, legal, make_rng(seed))
    res = {}
    for level in levels:
        agent = make_agent(game_id, level)
        times = []
        for view, legal, seed in pos:
            t0 = time.perf_counter()
            # the page runs think() in slices; time the whole decision
            gen = agent.think(view, legal, make_rng(seed))
            slices = 0
            longest = 0.0
            ts = time.perf_counter()
            while True:
                try:
                    next(gen)
                    now = time.perf_counter()
                    longest = max(longest, now - ts)
                    ts = now
                    slices += 1
                except StopIteration:
                    break
            times.append(time.perf_counter() - t0)
        res[level] = {"n": len(times), "mean_ms": 1000 * sum(times) / len(times),
                      "p95_ms": 1000 * p95(times), "max_ms": 1000 * max(times)}
    return res


def run_all():
    return {
        "python": ".".join(map(str, sys.version_info[:3])),
        "platform": sys.platform,
        "matgo": bench("matgo", 2, LEVELS, N_HANDS),
        "gostop-3": bench("gostop", 3, LEVELS, N_HANDS),
    }


json.dumps(run_all())
