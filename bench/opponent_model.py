"""How well the search's worlds guess the opponents' months (issue #20).

    PYTHONPATH=engine python bench/opponent_model.py --game matgo --hands 200 --seed 31

Self-play hands (``--agent``, greedy by default) with the arena's record of
plays. Part 1, the evidence: at every card played from a hand, for every
other month on the field, whether the player held a card of it, against
the chance the uniform deal gives from the next seat's view (the odds
ratio is what ``agents/hwatu_worlds.py`` weighs a month by). Part 2, the
worlds: at every decision of the play phase, for every opponent and every
month with unseen cards, the chance that the opponent holds a card of the
month in ``--worlds`` worlds of the search's sampler, with the record
(``hwatu_worlds.world_sampler``) and without it (the uniform deal), against
the truth: Brier score and log loss (lower is better), and the time a world
takes to deal.
"""
import argparse
import math
import random
import sys
import time
from math import comb

from gostop.agents import make_agent
from gostop.agents.hwatu_worlds import world_sampler
from gostop.agents.plays_record import play_entry, play_recorded
from gostop.core.registry import make, game_class
from gostop.core.rng import make_rng, derive_seed
from gostop.games.hwatu.cards import MONTH
from gostop.games.hwatu.world import unseen_cards


def months_held(hand):
    return {MONTH[c] for c in hand if c < 48}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="matgo")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--agent", default="greedy")
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--worlds", type=int, default=40)
    ap.add_argument("--every", type=int, default=2, help="score every n-th decision")
    a = ap.parse_args(argv)
    agent = make_agent(a.game, a.agent)
    cls = game_class(a.game)
    ev = {}            # (kind, stage) -> [held, n, uniform chance summed]
    score = {"record": [0.0, 0.0, 0.0], "uniform": [0.0, 0.0, 0.0]}   # brier, logloss, n
    t_deal = {"record": [0.0, 0], "uniform": [0.0, 0]}
    k = 0
    for h in range(a.hands):
        def choose(g, p, legal, view):
            nonlocal k
            if view["phase"] == "play" and view["pending"] is None and len(view["hand"]) > 1:
                k += 1
                if k % a.every == 0:
                    truth = {q: months_held(g.hands[q]) for q in range(a.players) if q != p}
                    unseen_m = months_held(unseen_cards(view))
                    rng = random.Random(derive_seed(a.seed, h, len(g.history)))
                    for name, make_sampler in (("record", lambda v: world_sampler(cls, v)),
                                               ("uniform", cls.world_sampler)):
                        sample = make_sampler(view)
                        counts = {}
                        t0 = time.perf_counter()
                        worlds = [sample(rng) for _ in range(a.worlds)]
                        t_deal[name][0] += time.perf_counter() - t0
                        t_deal[name][1] += a.worlds
                        for w in worlds:
                            for q in truth:
                                for m in months_held(w.hands[q]):
                                    counts[(q, m)] = counts.get((q, m), 0) + 1
                        s = score[name]
                        for q in truth:
                            for m in unseen_m:
                                pr = (counts.get((q, m), 0) + 0.5) / (a.worlds + 1)
                                y = 1.0 if m in truth[q] else 0.0
                                s[0] += (pr - y) ** 2
                                s[1] -= math.log(pr if y else 1 - pr)
                                s[2] += 1
            act = agent.choose(view, legal, make_rng(derive_seed(h, p, len(g.history))))
            e = play_entry(view, act)
            if e is not None:
                obs = g.view((p + 1) % a.players)
                un = unseen_cards(obs)
                big_u, n = len(un), len(view["hand"])
                fm = {MONTH[c] for c in view["field_cards"] if c < 48}
                pm = MONTH[act]
                kind = "capture" if pm in fm else "discard"
                stage = "7+" if n >= 7 else ("4-6" if n >= 4 else "1-3")
                for m in fm - {pm}:
                    um = sum(1 for c in un if MONTH[c] == m)
                    prior = 1 - comb(big_u - um, n) / comb(big_u, n) if big_u >= n else 0.0
                    r = ev.setdefault((kind, stage), [0, 0, 0.0])
                    r[0] += m in months_held(view["hand"])
                    r[1] += 1
                    r[2] += prior
            return act
        play_recorded(make(a.game, seed=derive_seed(a.seed, 0x0BB, h) & ((1 << 53) - 1), players=a.players), choose)
    print(f"{a.game} ({a.players} players), {a.agent} self-play, {a.hands} hands, seed {a.seed}")
    print("evidence: a field month the player did not take (held / uniform chance, odds ratio)")
    for key in sorted(ev):
        held, n, pri = ev[key]
        f, u = held / n, pri / n
        ratio = (f / (1 - f)) / (u / (1 - u)) if 0 < u < 1 and f < 1 else float("nan")
        print(f"  {key[0]:8} {key[1]:4} n={n:6}  held {f:.3f}  uniform {u:.3f}  odds ratio {ratio:.2f}")
    print(f"worlds ({a.worlds} per decision): chance an opponent holds a month")
    for name in ("uniform", "record"):
        b, ll, n = score[name]
        t, nw = t_deal[name]
        print(f"  {name:8} brier {b / n:.4f}  log loss {ll / n:.4f}  ({int(n)} guesses)"
              f"  {1e6 * t / max(1, nw):.0f} us a world")
    return 0


if __name__ == "__main__":
    sys.exit(main())
