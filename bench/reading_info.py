"""What the reading of the plays knows of the opponents' hands when there
are two or more of them (gostop for 3 and 4), without an arena (issue #20,
round 24):

    PYTHONPATH=engine python bench/reading_info.py --game gostop --players 4 --hands 150

Greedy self-play hands (the arena's deals of ``--seed``), every seat's view
carrying the record of plays. At each play with a choice of the hand's
first seat, once the record holds plays of two or more opponents, worlds
are dealt three ways and the bench counts how many of the opponents' true
hidden cards a world deals to the right opponent (summed over the
opponents), by how many opponent plays the record holds:

  view      the view's own worlds (no reading: ``noread``)
  pool      hard's reading (``hwatu_reading.reading_sampler``): a pool of
            ``--pool`` whole deals weighed by the product of the opponents'
            likelihoods
  big       the same reading from a pool of ``--big`` deals (near the exact
            posterior of greedy's plays)

and the effective sample size of hard's pool, ``(sum w)^2 / sum w^2``.
Deterministic: the same figures on every run.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

from gostop import arena  # noqa: E402
from gostop.agents import hwatu_reading, reading  # noqa: E402
from gostop.agents.hwatu import GreedyAgent  # noqa: E402
from gostop.agents.plays_record import play_recorded  # noqa: E402
from gostop.core.registry import make  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402

WAYS = ("view", "pool", "big")


def _ess(weights):
    total = sum(weights)
    squares = sum(w * w for w in weights)
    return total * total / squares if squares else 0.0


def _pool_ess(cls, view, eps, pool):
    """The effective sample size of the reading's pool for ``view``."""
    weights = []
    accumulate = reading.accumulate

    def spy(ws):
        weights.extend(ws)
        return accumulate(ws)
    reading.accumulate = spy
    try:
        hwatu_reading.reading_sampler(cls, view, eps, pool)
    finally:
        reading.accumulate = accumulate
    return _ess(weights)


def information(game_id, players, hands, seed, draws, eps, pool, big):
    """{opponent plays seen, by threes: {decisions, each way's true cards,
    the hidden cards, the pool's effective sample sizes}}."""
    greedy = GreedyAgent()
    rows = {}
    for i in range(hands):
        gseed = arena.deal_seed(seed, i)
        g = make(game_id, seed=gseed, players=players)

        def choose(g, p, legal, view):
            if (p == 0 and view["phase"] == "play" and len(legal) > 1
                    and len({e[0] for e in view["plays"] if e[0] != p}) >= 2):
                measure(g, p, view)
            return greedy.choose(view, legal, make_rng(derive_seed(gseed, p, len(g.history))))

        def measure(g, p, view):
            cls = type(g)
            shown = cls._world_layout(view)[3]
            true = {q: set(g.hands[q]) - set(shown[q]) for q in range(players) if q != p}
            seen = sum(1 for e in view["plays"] if e[0] != p)
            row = rows.setdefault(min(seen, 12) // 3 * 3, dict({w: 0.0 for w in WAYS}, n=0, of=0, ess=[]))
            row["n"] += 1
            row["of"] += sum(len(t) for t in true.values())
            row["ess"].append(_pool_ess(cls, view, eps, pool))
            samplers = {"view": cls.world_sampler(view),
                        "pool": hwatu_reading.reading_sampler(cls, view, eps, pool),
                        "big": hwatu_reading.reading_sampler(cls, view, eps, big)}
            for name, sample in samplers.items():
                rng = make_rng(derive_seed(gseed, len(g.history), 5))
                hit = 0
                for _ in range(draws):
                    w = sample(rng)
                    hit += sum(len(true[q] & set(w.hands[q])) for q in true)
                row[name] += hit / draws

        play_recorded(g, choose)
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="gostop")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--draws", type=int, default=100)
    ap.add_argument("--eps", type=float, default=reading.EPS)
    ap.add_argument("--pool", type=int, default=reading.POOL)
    ap.add_argument("--big", type=int, default=4000)
    a = ap.parse_args(argv)
    rows = information(a.game, a.players, a.hands, a.seed, a.draws, a.eps, a.pool, a.big)
    print(f"{a.game} for {a.players}, greedy self-play, {a.hands} hands (seed {a.seed}); eps {a.eps}, "
          f"{a.draws} worlds a decision: the opponents' true hidden cards a world deals right")
    print(f"| opponent plays seen | decisions | view | pool of {a.pool} | pool of {a.big} | hidden cards "
          f"| pool's ESS (median, p10) |")
    print("|---|---|---|---|---|---|---|")
    tot = dict({w: 0.0 for w in WAYS}, n=0, of=0)
    for k, r in sorted(rows.items()):
        n = r["n"]
        for key in tot:
            tot[key] += r[key]
        ess = sorted(r["ess"])
        print(f"| {k}-{k + 2}{'+' if k == 12 else ''} | {n} | {r['view'] / n:.2f} | {r['pool'] / n:.2f} | "
              f"{r['big'] / n:.2f} | {r['of'] / n:.1f} | {statistics.median(ess):.0f}, {ess[len(ess) // 10]:.1f} |")
    n = tot["n"]
    print(f"| all | {n} | {tot['view'] / n:.2f} | {tot['pool'] / n:.2f} | {tot['big'] / n:.2f} "
          f"| {tot['of'] / n:.1f} | |")


if __name__ == "__main__":
    main()
