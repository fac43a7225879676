"""A device's first timed search decision (issue #20, round 24): with no
speed learnt yet, the search times its first worlds and plans the rest of
its time from them; before, it planned for the level's full count and the
deadline cut it.

    PYTHONPATH=engine python bench/first_decision.py [--positions 30] [--slowdown 9.2]

CPython with the phone's time scaled by its slowdown (the hard level's 0.8 s
divided by ``--slowdown``: 9.2 is Pyodide's 2.3 times the throttling's 4,
as ``bench/level_budgets.py`` estimates the phone), wall clock, a fresh hard
agent for each position (every decision is a first one), the positions of
``bench rollouts`` (every third decision with a choice of greedy self-play).
Printed per game, planned (now) and cut (``plans_time`` off: before): the
rollouts, the time, and how many decisions ran their halving to its last
two candidates. Times depend on the machine's load: run it quiet.
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "engine")]

import rollout_speed  # noqa: E402  (its positions)
from gostop.agents import make_agent  # noqa: E402
from gostop.agents.registry import TIME_BUDGETS  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402


def first_decisions(game_id, players, count, budget, plans):
    used, secs, finished, searched = [], [], 0, 0
    for i, (view, legal) in enumerate(rollout_speed.positions(game_id, players, 4)[:count]):
        agent = make_agent(game_id, "hard")
        agent.plans_time = plans
        view = dict(view, plays=[])
        start = time.perf_counter()
        agent.choose(view, legal, make_rng(derive_seed(7, i)), deadline=start + budget,
                     clock=time.perf_counter)
        secs.append(time.perf_counter() - start)
        used.append(agent.last_rollouts)
        if agent.last_rollouts:
            searched += 1
            counts = [n for _, n in agent.last_stats.values()]
            finished += counts.count(max(counts)) <= 2
    return used, secs, finished, searched


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--slowdown", type=float, default=9.2)
    a = ap.parse_args(argv)
    budget = TIME_BUDGETS["hard"] / a.slowdown
    print(f"hard's first timed decision, CPython, {budget * 1000:.0f} ms a decision "
          f"(0.8 s / {a.slowdown}), a fresh agent each")
    for game_id, players in rollout_speed.GAMES:
        for label, plans in (("planned", True), ("cut", False)):
            used, secs, finished, searched = first_decisions(game_id, players, a.positions, budget, plans)
            print(f"  {game_id} ({players}) {label:8} {searched} searched: rollouts median "
                  f"{statistics.median(used):.0f}, time median {statistics.median(secs) * 1000:.0f} ms, "
                  f"max {max(secs) * 1000:.0f} ms; halving to its last two: {finished}/{searched}",
                  flush=True)


if __name__ == "__main__":
    main()
