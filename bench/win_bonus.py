"""What the hwatu search's win bonus trades: payment for the surer win.

    python bench/win_bonus.py [--positions 872] [--worlds 2000]
                              [--bonuses 0 6 10 20 30 40 60 100]
                              [--search-worlds 150] [--cache build/win-bonus.pkl]

``hwatu_utility`` counts a payment plus a bonus for a win (minus it for a
loss). This script shows what another bonus would change, per decision and
per phase, against the bonus the search uses now.

Positions come from greedy self-play (matgo: every 6th decision with two or
more distinct actions, and every Go/Stop). For each, the search itself plays
every candidate on the same ``--worlds`` sampled worlds and keeps the raw
payments (as in bench/search_regret.py). A bonus then picks a candidate on
one half of the worlds and is judged on the other half (and the other way
round), so the picking's luck does not flatter it: the change in mean
payment and in the share of worlds won, with a standard error over
positions. "picked on 150 worlds" does the same with 150 of the worlds,
about what one candidate gets in the first round of the hard search, so it
shows how much of the trade survives the search's own noise.

Like search_regret.py it shares the rollout policy's bias: it says what a
bonus does to the search's decisions, the arena says what that is worth.
About 8 minutes on 2 cores (the oracle), seconds with ``--cache``.
"""
import argparse
import math
import multiprocessing
import os
import pickle
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "engine"))

from search_regret import positions, raw_payments  # noqa: E402
from gostop.agents.registry import _WIN_BONUS, hwatu_utility  # noqa: E402
from gostop.core.rng import derive_seed  # noqa: E402


def oracle(job):
    i, view, legal, worlds = job
    return view["phase"], raw_payments(view, legal, worlds, derive_seed(0xB0B, i))


def sums(raw, worlds):
    """Per candidate over ``worlds`` (indices): the utility without the bonus
    summed, and wins minus losses, so any bonus's total is one product away."""
    out = {}
    for a, xs in raw.items():
        capped = sum(hwatu_utility(xs[i], 0) for i in worlds)
        net = sum((xs[i] > 0) - (xs[i] < 0) for i in worlds)
        out[a] = (capped, net)
    return out


def pick(totals, bonus):
    return max(sorted(totals), key=lambda a: totals[a][0] + bonus * totals[a][1])


def judged(xs, worlds):
    return (sum(xs[i] for i in worlds) / len(worlds),
            sum(1 for i in worlds if xs[i] > 0) / len(worlds))


def changes(raw, bonuses, pick_size):
    """Per bonus: (payment, share won) of its pick minus the current bonus's,
    picked on one half of the worlds and judged on the other, both ways."""
    n = len(next(iter(raw.values())))
    halves = (list(range(0, n, 2)), list(range(1, n, 2)))
    out = {b: [0.0, 0.0] for b in bonuses}
    for chosen_on, judged_on in (halves, halves[::-1]):
        totals = sums(raw, chosen_on[:pick_size] if pick_size else chosen_on)
        now = judged(raw[pick(totals, _WIN_BONUS)], judged_on)
        for b in bonuses:
            other = judged(raw[pick(totals, b)], judged_on)
            out[b][0] += (other[0] - now[0]) / 2
            out[b][1] += (other[1] - now[1]) / 2
    return out


def mean_se(xs):
    return statistics.fmean(xs), statistics.stdev(xs) / math.sqrt(len(xs))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=872)
    ap.add_argument("--worlds", type=int, default=2000)
    ap.add_argument("--bonuses", type=float, nargs="+", default=[0, 6, 10, 20, 30, 40, 60, 100])
    ap.add_argument("--search-worlds", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", help="keep the oracle's payments in this file")
    args = ap.parse_args()
    key = (1, args.positions, args.worlds)
    valued = None
    if args.cache and os.path.exists(args.cache):
        cached = pickle.load(open(args.cache, "rb"))
        if cached.get("key") == key:
            valued = cached["valued"]
    if valued is None:
        pos = positions(args.positions, first_deal=50000, every=6, every_go_stop=True)
        with multiprocessing.Pool(args.jobs) as pool:
            valued = pool.map(oracle, [(i, v, legal, args.worlds)
                                       for i, (v, legal) in enumerate(pos)], chunksize=2)
        if args.cache:
            os.makedirs(os.path.dirname(os.path.abspath(args.cache)), exist_ok=True)
            pickle.dump({"key": key, "valued": valued}, open(args.cache, "wb"))
    phases = sorted({ph for ph, _ in valued})
    print(f"matgo: {len(valued)} positions, {args.worlds} worlds per candidate; "
          f"change per decision against the current bonus {_WIN_BONUS}: "
          f"payment points / share of worlds won")
    for ph in phases:
        raws = [raw for p, raw in valued if p == ph]
        print(f"{ph} ({len(raws)} decisions)")
        lines = {b: [] for b in args.bonuses}
        for label, size in (("picked on half", 0),
                            (f"picked on {args.search_worlds}", args.search_worlds)):
            ch = [changes(raw, args.bonuses, size) for raw in raws]
            for b in args.bonuses:
                (p, sp), (w, sw) = mean_se([c[b][0] for c in ch]), mean_se([c[b][1] for c in ch])
                lines[b].append(f"{label}: {p:+.3f} ±{sp:.3f} / {w * 100:+.2f}% ±{sw * 100:.2f}")
        for b in args.bonuses:
            print(f"  bonus {b:5g}: " + ";  ".join(lines[b]), flush=True)


if __name__ == "__main__":
    main()
