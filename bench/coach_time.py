"""How long the coach (``gostop.agents.coach.advise``) takes on CPython.

    python bench/coach_time.py [--positions 20] [--level hard] [--budget S]

Positions: seeded matgo hands of greedy self-play, every third decision
where the seat has two or more different actions (Go/Stop decisions
included when they fall there). Each is advised once at ``--level`` by the
fixed rollout counts (no clock), or with ``--budget`` seconds on a real
clock as the page's worker would; the plain decision of the same agent
(``choose``, same seed) is timed beside it, to show what reading the search
out costs. Printed: per position the wall and CPU milliseconds, the rollouts
and candidates; then the median and p95 (nearest rank) of each.

The page's target (issue #19) is 1.5 s on a phone profile at CPU x4 in
Chromium; that is measured in the browser, not here.
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))

from gostop import make  # noqa: E402
from gostop.agents import make_agent  # noqa: E402
from gostop.agents.coach import advise  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402


def positions(n, every=3, first_deal=500):
    greedy = make_agent("matgo", "greedy")
    distinct = make_agent("matgo", "hard").distinct
    out = []
    deal = first_deal
    while len(out) < n:
        g = make("matgo", seed=deal)
        k = 0
        while not g.is_terminal() and len(out) < n:
            p = g.current_player
            view, legal = g.view(p), g.legal_actions(p)
            if len(distinct(view, legal)) > 1:
                k += 1
                if k % every == 0:
                    out.append((view, legal, derive_seed(deal, p, len(g.history))))
            g.apply(greedy.choose(view, legal, make_rng(len(g.history))), p)
        deal += 1
    return out


def nearest_rank(xs, q):
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, -(-len(s) * q // 100) - 1))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--budget", type=float, help="seconds, on time.perf_counter")
    args = ap.parse_args()
    pos = positions(args.positions)
    agent = make_agent("matgo", args.level)
    clock = time.perf_counter if args.budget else None
    # warm-up: imports, the agent cache
    advise("matgo", pos[0][0], pos[0][1], 0, level="easy")
    rows = []
    print(f"Python {sys.version.split()[0]}, matgo, level {args.level}, "
          + (f"time budget {args.budget} s" if args.budget else "fixed rollout counts"))
    print("  #  kind     cand  rollouts   advise wall/cpu ms   choose wall/cpu ms")
    for i, (view, legal, seed) in enumerate(pos):
        w, c = time.perf_counter(), time.process_time()
        adv = advise("matgo", view, legal, seed, level=args.level, clock=clock,
                     time_budget=args.budget)
        aw, ac = time.perf_counter() - w, time.process_time() - c
        w, c = time.perf_counter(), time.process_time()
        if clock:
            chosen = agent.choose(view, legal, make_rng(seed),
                                  deadline=clock() + args.budget, clock=clock)
        else:
            chosen = agent.choose(view, legal, make_rng(seed))
            assert chosen == adv["choice"]
        cw, cc = time.perf_counter() - w, time.process_time() - c
        rows.append((aw, ac, cw, cc, adv["rollouts"]))
        print(f"{i:3}  {adv['kind']:8} {adv['candidates']:4}  {adv['rollouts']:8}"
              f"   {aw * 1000:7.0f} /{ac * 1000:7.0f}     {cw * 1000:7.0f} /{cc * 1000:7.0f}")
    for j, what in enumerate(("advise wall", "advise cpu", "choose wall", "choose cpu")):
        xs = [r[j] * 1000 for r in rows]
        print(f"{what:12} median {statistics.median(xs):7.0f} ms   p95 {nearest_rank(xs, 95):7.0f} ms"
              f"   max {max(xs):7.0f} ms")
    ro = [r[4] for r in rows]
    print(f"rollouts     median {statistics.median(ro):7.0f}      min {min(ro):7}      max {max(ro):7}")


if __name__ == "__main__":
    main()
