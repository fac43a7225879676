"""`stop` arena: one agent (A) against the others (B) over many seeded games.

    .venv/bin/python bench/stop_arena.py --a hard --b simple --games 400
    .venv/bin/python bench/stop_arena.py --a hard --b random --players 2 3 4 5 6

Each game puts A in one seat (rotating with the game number) and B in every
other seat. A's score per game is its share of ``returns()`` (1 for a win, 1/k
for a win shared by k). Printed per player count: A's mean share with a 95%
normal interval, and what an equal player would get (1/players). Decisions
are seeded from (game seed, seat, actions so far), as in the page's session.
Agents: ``random``, ``simple``, ``easy``, ``normal``, ``hard``.
"""
import argparse
import math
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

from gostop.agents.base import RandomAgent  # noqa: E402
from gostop.agents import stop as stop_agents  # noqa: E402
from gostop.core.registry import make  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402

STEP_LIMIT = 400000


def agent(spec):
    return RandomAgent() if spec == "random" else stop_agents.make(spec)


def play_game(args):
    spec_a, spec_b, players, seed, i, mode = args
    gseed = derive_seed(seed, 0x570B, players, i) & ((1 << 53) - 1)
    seat_a = i % players
    g = make("stop", gseed, players=players, interjection=mode)
    agents = [agent(spec_a if p == seat_a else spec_b) for p in range(players)]
    steps = 0
    while not g.is_terminal():
        tm = g.to_move()
        # In a window everybody eligible answers; take them in seat order.
        p = tm[0]
        rng = make_rng(derive_seed(gseed, p, len(g.history)))
        g.apply(agents[p].choose(g.view(p), g.legal_actions(p), rng), p)
        steps += 1
        if steps > STEP_LIMIT:
            raise RuntimeError(f"game {gseed} did not end")
    return g.returns()[seat_a], g.round_no, steps


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--a", default="hard")
    ap.add_argument("--b", default="simple")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mode", default="relaxed", choices=["relaxed", "race"])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args(argv)
    print(f"A={a.a} vs B={a.b}, {a.games} games per player count, mode {a.mode}")
    for n in a.players:
        t = time.time()
        jobs = [(a.a, a.b, n, a.seed, i, a.mode) for i in range(a.games)]
        if a.jobs > 1:
            with multiprocessing.Pool(a.jobs) as pool:
                res = pool.map(play_game, jobs, chunksize=4)
        else:
            res = [play_game(j) for j in jobs]
        shares = [r[0] for r in res]
        m = sum(shares) / len(shares)
        var = sum((s - m) ** 2 for s in shares) / max(1, len(shares) - 1)
        half = 1.96 * math.sqrt(var / len(shares))
        rounds = sum(r[1] for r in res) / len(res)
        print(f"{n} players: A wins {m:.3f} ± {half:.3f} "
              f"[{m - half:.3f}, {m + half:.3f}] (equal share {1 / n:.3f}); "
              f"{rounds:.1f} rounds/game, {time.time() - t:.1f}s")


if __name__ == "__main__":
    main()
