"""Each level's time budget and the rollouts it buys, on this machine's
CPython and (estimated) in the browser on a desktop and on a phone.

    PYTHONPATH=engine python bench/level_budgets.py [--game matgo] [--hands 4] [--seed 61]

For every decision with more than one legal action of greedy self-play
hands (views with the arena's record of plays), each level's search runs
with the page's clock: it stops after ``TIME_BUDGETS[level] / slowdown``
seconds of this process's CPU time (after a whole world, never before its
first round), or at the level's fixed count. As in the worker, the search
learns the profile's speed from its decisions and plans its rounds for the
rollouts the time left buys (round 23; a profile starts with no speed, so
its first decision plans from the speed of its first worlds, round 24).
Per profile it prints the
rollouts reached (median, 10th percentile), the share of decisions that
reached the fixed count and the CPU time (median, p95). For the phone it
prints the arena's emulation of it too (``search:<level>:<count>:phone``,
``agents/device_clock.py``): the same decisions on an emulated clock.

The profiles and their slowdowns (how much slower than this CPython):

* ``cpython``: 1;
* ``desktop``: ``--pyodide`` (2.3 by default: Pyodide in Node took 2.2-2.4
  times CPython's time for the same hard decisions, docs/ai.md, Decision
  time, round 6);
* ``phone``: ``--pyodide`` x 4 (the phone profile is Chromium's CPU
  throttling x4; CDP's throttling does not slow a Web Worker, so the
  worker's rollouts on the phone profile cannot be measured in the browser:
  the phone is taken to be four times the desktop browser).

The phone's median count at a level is the fixed count the arena plays to
judge that level as a phone plays it (``search:hard:<count>``). Real
Pyodide counts on the desktop: ``python3 build.py bench ai budgets``.
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

from gostop import make  # noqa: E402
from gostop.agents import make_agent  # noqa: E402
from gostop.agents.device_clock import PHONE_SPEED  # noqa: E402
from gostop.agents.registry import TIME_BUDGETS  # noqa: E402
from gostop.arena import PLAY_RECORD_GAMES  # noqa: E402
from gostop.agents.plays_record import play_entry  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402

CLOCK = time.process_time


def positions(game_id, players, hands, seed):
    greedy = make_agent(game_id, "greedy")
    out = []
    for h in range(hands):
        g = make(game_id, seed=derive_seed(seed, 0xB0D, h) & ((1 << 53) - 1), players=players)
        plays = []
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            view = g.view(p)
            if game_id in PLAY_RECORD_GAMES:
                view["plays"] = [list(e) for e in plays]
            if len(legal) > 1:
                out.append((view, legal, derive_seed(seed, h, len(g.history))))
            a = greedy.choose(view, legal, make_rng(len(g.history)))
            e = play_entry(view, a) if game_id in PLAY_RECORD_GAMES else None
            if e is not None:
                plays.append(e)
            g.apply(a, p)
    return out


def pct(xs, q):
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, int(q * len(s) + 0.5) - 1))]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="matgo")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--hands", type=int, default=4)
    ap.add_argument("--seed", type=int, default=61)
    ap.add_argument("--pyodide", type=float, default=2.3,
                    help="Pyodide's time over CPython's (the desktop browser)")
    ap.add_argument("--levels", nargs="*", default=list(TIME_BUDGETS))
    a = ap.parse_args(argv)
    pos = positions(a.game, a.players, a.hands, a.seed)
    profiles = (("cpython", 1.0), ("desktop", a.pyodide), ("phone", 4 * a.pyodide))
    print(f"{a.game} ({a.players} players): {len(pos)} decisions of {a.hands} greedy hands, "
          f"seed {a.seed}; slowdowns: " + ", ".join(f"{n} x{s:.1f}" for n, s in profiles))
    for level in a.levels:
        agent = make_agent(a.game, level)
        budget = TIME_BUDGETS[level]
        print(f"{level}: {budget:.2f} s in the browser, fixed count {agent.rollouts}")
        for name, slow in profiles:
            agent.speed = None      # each profile learns its own
            counts, cpu = [], []
            for view, legal, seed in pos:
                t0 = CLOCK()
                agent.choose(view, legal, make_rng(seed), deadline=t0 + budget / slow, clock=CLOCK)
                cpu.append(CLOCK() - t0)
                counts.append(agent.last_rollouts)
            searched = [c for c in counts if c]
            full = sum(1 for c in searched if c >= agent.rollouts * 0.95)
            print(f"  {name:8} rollouts median {statistics.median(searched):6.0f}, "
                  f"p10 {pct(searched, 0.10):6.0f}; at the fixed count "
                  f"{100 * full / len(searched):3.0f}% of {len(searched)} searches; "
                  f"CPU ms median {1000 * statistics.median(cpu):5.0f}, "
                  f"p95 {1000 * pct(cpu, 0.95):5.0f} (x{slow:.1f}: "
                  f"{1000 * slow * pct(cpu, 0.95):5.0f} ms there)")
        if a.game in PHONE_SPEED and agent.rollout_cost is not None:
            phone = make_agent(a.game, f"search:{level}:{agent.rollouts}:phone")
            counts = []
            for view, legal, seed in pos:
                phone.choose(view, legal, make_rng(seed))
                counts.append(phone.last_rollouts)
            searched = [c for c in counts if c]
            print(f"  arena's phone (search:{level}:{agent.rollouts}:phone): rollouts median "
                  f"{statistics.median(searched):6.0f}, p10 {pct(searched, 0.10):6.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
