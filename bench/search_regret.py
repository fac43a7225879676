"""What the hwatu search loses to its own sampling noise, without an arena.

    python bench/search_regret.py [--positions 60] [--oracle-worlds 8000]
                                  [--budgets 2000 2400 4000] [--seeds 3]
                                  [--cache build/regret-oracle.pkl]
                                  [--specs SPEC ...]

Positions come from greedy self-play (matgo, seat to move, two or more
distinct actions). An "oracle" (the search itself, one round) plays every
distinct candidate of a position on the same ``--oracle-worlds`` sampled
worlds and keeps every raw payment, so any utility can be judged against it.
A search of a given budget and utility then decides each position with
``--seeds`` seeds, and the oracle says what its choice cost against the best
candidate: in payment points (the oracle's mean payment) and in chance of
winning the hand (the oracle's share of worlds won).

Printed for the plain utility (the payment, +-6 for a win or a loss: the
search's utility up to round 4) and the current one (``hwatu_utility``), per
budget: the regret of a play, of a Go/Stop and of a field choice.

``--specs`` judges arena specs instead (``make_agent("matgo", SPEC)``, e.g.
``search:hard:2400:phone:noread:free`` against the same with ``:tr8f6``, at
the phone's time: docs/ai.md, round 26), printing the regret of a play in
payment points for early (14 or more cards in the hands) and late
decisions and per phase.

What it measures is noise only: the oracle shares the rollout policy's bias,
so a change that makes the search play *differently* from its own rollouts
(an opponent model, a prior) cannot be judged here, only in the arena. It
takes minutes where an arena run of the same question takes an hour.
"""
import argparse
import multiprocessing
import os
import pickle
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))

from gostop.agents.hwatu import GreedyAgent, distinct_actions, rollout  # noqa: E402
from gostop.agents.registry import HWATU_LEVELS, hwatu_utility, plain_utility  # noqa: E402
from gostop.agents.search import SearchAgent  # noqa: E402
from gostop.core.registry import game_class, make  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402

GAME = "matgo"


UTILITIES = {"plain": plain_utility, "current": hwatu_utility}


def positions(n, first_deal=9000, every=5, every_go_stop=False):
    """``n`` (view, legal) pairs from greedy self-play: every ``every``-th
    decision with two or more distinct actions (and with ``every_go_stop``,
    every Go/Stop as well)."""
    greedy = GreedyAgent()
    out = []
    deal = 0
    while len(out) < n:
        g = make(GAME, seed=first_deal + deal)
        k = 0
        while not g.is_terminal():
            p = g.current_player
            view = g.view(p)
            legal = g.legal_actions(p)
            if len(distinct_actions(view, legal)) > 1:
                k += 1
                if (k + deal) % every == 0 or (every_go_stop and view["phase"] == "go-stop"):
                    out.append((view, legal))
            g.apply(greedy.choose(view, legal, make_rng(deal * 100 + k)), p)
        deal += 1
    return out[:n]


def raw_payments(view, legal, worlds, seed):
    """Every distinct candidate's raw payments over the same ``worlds``
    sampled worlds: the search itself with ``min_worlds = rollouts = worlds``
    (one round, every candidate on every world, none dropped) and a utility
    that records."""
    seen = []
    agent = SearchAgent(game_class(GAME), rollout, rollouts=worlds, min_worlds=worlds,
                        utility=lambda x: seen.append(x) or x, distinct=distinct_actions)
    agent.choose(view, legal, make_rng(seed))
    # the search's round plays each world for every candidate in turn
    cands = distinct_actions(view, legal)
    raw = {a: seen[j::len(cands)] for j, a in enumerate(cands)}
    for a, xs in raw.items():
        assert len(xs) == worlds and statistics.fmean(xs) == agent.last_stats[a][0]
    return raw


def oracle(job):
    """Each candidate's mean payment and share of worlds won."""
    i, view, legal, worlds = job
    raw = raw_payments(view, legal, worlds, derive_seed(0x0AC1E, i))
    pay = {a: statistics.fmean(xs) for a, xs in raw.items()}
    win = {a: sum(1 for x in xs if x > 0) / len(xs) for a, xs in raw.items()}
    return pay, win


def regret(job):
    """Mean regret (payment points, lost chance of winning) per phase."""
    name, budget, valued, seeds = job
    opts = dict(HWATU_LEVELS["hard"], rollouts=budget)
    agent = SearchAgent(game_class(GAME), rollout, utility=UTILITIES[name],
                        distinct=distinct_actions, **opts)
    split = {}
    for view, legal, (pay, win) in valued:
        for s in range(1, seeds + 1):
            a = agent.choose(view, legal, make_rng(s))
            split.setdefault(view["phase"], []).append(
                (max(pay.values()) - pay[a], max(win.values()) - win[a]))
    return name, budget, {ph: (len(rs), statistics.fmean(r[0] for r in rs),
                               statistics.fmean(r[1] for r in rs))
                          for ph, rs in split.items()}


def spec_regret(job):
    """An arena spec's mean regret (payment points) by early or late and
    phase, and the rollouts it played."""
    from gostop.agents.registry import make_agent
    spec, valued, seeds = job
    agent = make_agent(GAME, spec)
    split = {}
    rollouts = 0
    for view, legal, (pay, _) in valued:
        for s in range(1, seeds + 1):
            a = agent.choose(view, legal, make_rng(s))
            rollouts += agent.last_rollouts
            when = "early" if sum(view["hand_counts"]) >= 14 else "late"
            split.setdefault((when, view["phase"]), []).append(max(pay.values()) - pay[a])
    return spec, rollouts, {k: (len(v), statistics.fmean(v)) for k, v in split.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--oracle-worlds", type=int, default=8000)
    ap.add_argument("--budgets", type=int, nargs="+", default=[2000, 2400, 4000])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--cache", help="keep the oracle values in this file")
    ap.add_argument("--specs", nargs="+", help="judge these arena specs instead")
    args = ap.parse_args()
    valued = None
    key = (2, args.positions, args.oracle_worlds)   # 2: the oracle is the search
    if args.cache and os.path.exists(args.cache):
        cached = pickle.load(open(args.cache, "rb"))
        if cached.get("key") == key:
            valued = cached["valued"]
    with multiprocessing.Pool(args.jobs) as pool:
        if valued is None:
            pos = positions(args.positions)
            values = pool.map(oracle, [(i, v, legal, args.oracle_worlds)
                                       for i, (v, legal) in enumerate(pos)], chunksize=1)
            valued = [(v, legal, val) for (v, legal), val in zip(pos, values)]
            if args.cache:
                os.makedirs(os.path.dirname(os.path.abspath(args.cache)), exist_ok=True)
                pickle.dump({"key": key, "valued": valued}, open(args.cache, "wb"))
        print(f"{GAME}: {len(valued)} positions, oracle {args.oracle_worlds} worlds "
              f"per candidate, {args.seeds} seeds per position")
        if args.specs:
            print("regret per decision, payment points: all, then by early or late and phase")
            for spec, n, split in pool.imap(spec_regret, [(s, valued, args.seeds) for s in args.specs]):
                every = sum(c * m for c, m in split.values()) / sum(c for c, _ in split.values())
                parts = ", ".join(f"{w}-{ph} ({c}) {m:.3f}" for (w, ph), (c, m) in sorted(split.items()))
                print(f"  {spec}: {every:.3f} ({n} rollouts); {parts}", flush=True)
            return
        print("regret per decision: payment points / lost chance of winning")
        jobs = [(name, b, valued, args.seeds) for name in UTILITIES for b in args.budgets]
        for name, b, split in pool.imap(regret, jobs):
            parts = ", ".join(f"{ph} ({n}) {p:.3f} / {w * 100:.2f}%"
                              for ph, (n, p, w) in sorted(split.items()))
            print(f"  {name:8} {b:6} rollouts: {parts}", flush=True)


if __name__ == "__main__":
    main()
