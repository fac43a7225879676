"""How much the hwatu search's sampling noise costs, without an arena.

    python bench/search_regret.py [--positions 60] [--oracle-worlds 3000]
                                  [--budgets 500 2000 4000] [--seeds 3]
                                  [--cache build/regret-oracle.pkl]

Positions come from greedy self-play (matgo, seat to move, two or more
distinct actions). Each candidate of a position is valued by an "oracle": the
same rollouts and utility as the search, but every candidate on the same
``--oracle-worlds`` worlds. A search of a given budget then decides each
position with ``--seeds`` seeds; its regret is the oracle value of the best
candidate minus that of the one it chose (utility points, hwatu: payment +-6).
Printed: mean regret per decision, split into early (7+ cards in hand) and
late decisions.

What it measures is noise only: the oracle shares the rollout policy's bias,
so a change that makes the search play *differently* from its own rollouts
(an opponent model, a prior) cannot be judged here, only in the arena. It
takes minutes where an arena run of the same question takes an hour.
"""
import argparse
import os
import pickle
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))

from gostop.agents.hwatu import GreedyAgent, distinct_actions, rollout  # noqa: E402
from gostop.agents.registry import HWATU_LEVELS, hwatu_utility  # noqa: E402
from gostop.agents.search import SearchAgent  # noqa: E402
from gostop.core.registry import game_class, make  # noqa: E402
from gostop.core.rng import make_rng  # noqa: E402

GAME = "matgo"


def positions(n):
    """``n`` (view, legal) pairs from greedy self-play, every 5th decision."""
    greedy = GreedyAgent()
    out = []
    deal = 0
    while len(out) < n:
        g = make(GAME, seed=9000 + deal)
        k = 0
        while not g.is_terminal():
            p = g.current_player
            view = g.view(p)
            legal = g.legal_actions(p)
            if len(distinct_actions(view, legal)) > 1:
                k += 1
                if (k + deal) % 5 == 0:
                    out.append((view, legal))
            g.apply(greedy.choose(view, legal, make_rng(deal * 100 + k)), p)
        deal += 1
    return out[:n]


def oracle(view, legal, worlds):
    """Every distinct candidate's mean utility over the same ``worlds`` worlds:
    the search itself with ``min_worlds = rollouts = worlds``, so its first
    round gives every candidate all the worlds and spends the whole budget
    (no candidate is dropped)."""
    agent = SearchAgent(game_class(GAME), rollout, rollouts=worlds, min_worlds=worlds,
                        utility=hwatu_utility, distinct=distinct_actions)
    agent.choose(view, legal, make_rng(10 ** 6))
    return {a: mean for a, (mean, _) in agent.last_stats.items()}


def regret(budget, valued, seeds):
    opts = dict(HWATU_LEVELS["hard"], rollouts=budget)
    agent = SearchAgent(game_class(GAME), rollout, utility=hwatu_utility,
                        distinct=distinct_actions, **opts)
    split = {"early": [], "late": []}
    for view, legal, values in valued:
        best = max(values.values())
        for s in range(1, seeds + 1):
            a = agent.choose(view, legal, make_rng(s))
            split["early" if len(view["hand"]) >= 7 else "late"].append(best - values[a])
    every = split["early"] + split["late"]
    return statistics.mean(every), {k: statistics.mean(v) for k, v in split.items() if v}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--oracle-worlds", type=int, default=3000)
    ap.add_argument("--budgets", type=int, nargs="+", default=[500, 2000, 4000])
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--cache", help="keep the oracle values in this file")
    args = ap.parse_args()
    valued = None
    if args.cache and os.path.exists(args.cache):
        valued = pickle.load(open(args.cache, "rb"))
    if valued is None:
        valued = [(v, legal, oracle(v, legal, args.oracle_worlds))
                  for v, legal in positions(args.positions)]
        if args.cache:
            pickle.dump(valued, open(args.cache, "wb"))
    print(f"{GAME}: {len(valued)} positions, oracle {args.oracle_worlds} worlds per candidate")
    for b in args.budgets:
        mean, split = regret(b, valued, args.seeds)
        parts = ", ".join(f"{k} {v:.3f}" for k, v in split.items())
        print(f"  {b:6} rollouts: mean regret {mean:.3f} ({parts})", flush=True)


if __name__ == "__main__":
    main()
