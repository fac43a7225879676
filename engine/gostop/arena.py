"""Agent against agent, on paired deals.

    python -m gostop.arena --game matgo --a search:hard --b greedy --hands 2000 --seed 1
    python -m gostop.arena --game gostop --players 3 --a search:hard --b greedy

Every deal is played once per seat of A (two players: the same seed twice,
seats swapped; more players: A takes each seat in turn and B every other seat),
so the luck of the deal cancels out. Each decision's generator is seeded from
(game seed, seat, actions so far), as in the page's session. The deals are
shared between ``--jobs`` processes.

In matgo, gostop and stopgo the arena keeps the record of the cards played
from the hands (``view["plays"]``, see ``agents/plays_record.py``: public,
but not in the engine's views) and puts it into the views of the seats ``--plays``
names: by default (``readers``) those whose player reads it, as the page's
Session does (hard, rounds 21 and 22 of docs/ai.md); ``a``, ``b``, ``both`` or
``none``. The search deals its worlds by it, so ``--a search:hard --b
search:hard:noread`` measures what reading the plays is worth.

Printed for A: the win rate among decided hands with a 95% Wilson interval,
the draw (nagari) rate, the mean payment per hand with a 95% interval (over
deals, so the pairing is respected), and the mean and p95 decision time over
decisions with more than one legal action (for B too).
"""
import math
import sys
import time

from .agents import make_agent
from .agents.plays_record import READ_CARDS, play_recorded
from .core.registry import make
from .core.rng import derive_seed, make_rng

_SEED_MASK = (1 << 53) - 1
#: the games whose views get the record of plays (``view["plays"]``)
PLAY_RECORD_GAMES = tuple(READ_CARDS)


def deal_seed(seed, i):
    return derive_seed(seed, 0xA7E4A, i) & _SEED_MASK


def play_deal(args):
    """Plays deal ``i`` with A in every seat; returns one record per hand."""
    game_id, players, spec_a, spec_b, seed, i = args[:6]
    plays_to = args[6] if len(args) > 6 else "readers"
    record = game_id in PLAY_RECORD_GAMES and plays_to != "none"
    gseed = deal_seed(seed, i)
    out = []
    agent_a = make_agent(game_id, spec_a)
    agent_b = make_agent(game_id, spec_b)
    for seat_a in range(players):
        g = make(game_id, seed=gseed, players=players)
        times_a, times_b = [], []

        def choose(g, p, legal, view):
            agent = agent_a if p == seat_a else agent_b
            rng = make_rng(derive_seed(gseed, p, len(g.history)))
            t0 = time.perf_counter()
            a = agent.choose(view, legal, rng)
            if len(legal) > 1:
                (times_a if p == seat_a else times_b).append(time.perf_counter() - t0)
            return a
        def shown(p):
            if plays_to == "readers":
                return getattr(agent_a if p == seat_a else agent_b, "reads_plays", False)
            return plays_to in ("both", "a" if p == seat_a else "b")
        play_recorded(g, choose, shown if record else None)
        winner = g.winner
        out.append({"deal": i, "seat": seat_a,
                    "win": None if winner is None else winner == seat_a,
                    "pay": g.returns()[seat_a], "ta": times_a, "tb": times_b})
    return out


def wilson(k, n, z=1.96):
    if n == 0:
        return (0.0, 0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, c - h, c + h


def mean_ci(xs, z=1.96):
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = z * math.sqrt(var / n)
    return m, m - h, m + h


def p95(xs):
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(math.ceil(0.95 * len(s))) - 1)]


def run(game_id, spec_a, spec_b, hands, seed=1, players=2, jobs=2, progress=False,
        plays="readers"):
    """Plays about ``hands`` hands (rounded to whole deals); returns a summary.
    ``plays``: which agents' views carry the record of plays (``readers``:
    those that read it, as in the page; ``both``, ``a``, ``b``, ``none``)."""
    deals = max(1, hands // players)
    tasks = [(game_id, players, spec_a, spec_b, seed, i, plays) for i in range(deals)]
    recs = []
    t0 = time.perf_counter()

    def report_progress(k):
        if progress and (k + 1) % max(1, deals // 10) == 0:
            print(f"  {k + 1}/{deals} deals, {time.perf_counter() - t0:.0f}s", file=sys.stderr, flush=True)
    if jobs > 1:
        # Imported here: the site's standard library has no multiprocessing
        # (tools/stdlib_trim.py), and the boot snapshot imports every module.
        import multiprocessing
        ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
        with ctx.Pool(jobs) as pool:
            for k, r in enumerate(pool.imap_unordered(play_deal, tasks, chunksize=2)):
                recs.extend(r)
                report_progress(k)
    else:
        for k, t in enumerate(tasks):
            recs.extend(play_deal(t))
            report_progress(k)
    return summarize(recs, players, time.perf_counter() - t0)


def summarize(recs, players, wall=0.0):
    decided = [r for r in recs if r["win"] is not None]
    wins = sum(1 for r in decided if r["win"])
    per_deal = {}
    for r in recs:
        per_deal[r["deal"]] = per_deal.get(r["deal"], 0.0) + r["pay"]
    deal_means = [v / players for v in per_deal.values()]
    ta = [t for r in recs for t in r["ta"]]
    tb = [t for r in recs for t in r["tb"]]
    won = [r["pay"] for r in decided if r["win"]]
    lost = [r["pay"] for r in decided if not r["win"]]
    wr, lo, hi = wilson(wins, len(decided))
    pm, plo, phi = mean_ci(deal_means)
    return {"hands": len(recs), "decided": len(decided), "wins": wins,
            "win_rate": wr, "win_lo": lo, "win_hi": hi,
            "draw_rate": 1 - len(decided) / max(1, len(recs)),
            "pay_mean": pm, "pay_lo": plo, "pay_hi": phi,
            "fair_share": 1 / players,
            "pay_won": sum(won) / max(1, len(won)),
            "pay_lost": sum(lost) / max(1, len(lost)),
            "time_a_mean": sum(ta) / max(1, len(ta)), "time_a_p95": p95(ta),
            "time_b_mean": sum(tb) / max(1, len(tb)), "time_b_p95": p95(tb),
            "decisions_a": len(ta), "wall": wall}


def report(s, game_id, spec_a, spec_b, players):
    lines = [
        f"{game_id} ({players} players): A = {spec_a} vs B = {spec_b}, "
        f"{s['hands']} hands ({s['wall']:.0f}s)",
        f"  A wins {s['wins']}/{s['decided']} decided hands = {100 * s['win_rate']:.1f}% "
        f"[95% {100 * s['win_lo']:.1f}..{100 * s['win_hi']:.1f}] "
        f"(fair share {100 * s['fair_share']:.1f}%)",
        f"  draws (nagari): {100 * s['draw_rate']:.1f}%",
        f"  A's mean payment per hand: {s['pay_mean']:+.3f} "
        f"[95% {s['pay_lo']:+.3f}..{s['pay_hi']:+.3f}]",
        f"  A's mean payment when A wins {s['pay_won']:+.2f}, "
        f"when another seat wins {s['pay_lost']:+.2f}",
        f"  decision time A: mean {1000 * s['time_a_mean']:.1f} ms, "
        f"p95 {1000 * s['time_a_p95']:.1f} ms ({s['decisions_a']} decisions)",
        f"  decision time B: mean {1000 * s['time_b_mean']:.1f} ms, "
        f"p95 {1000 * s['time_b_p95']:.1f} ms",
    ]
    return "\n".join(lines)


def main(argv=None):
    # argparse (with gettext) is imported here, not with the module: the boot
    # snapshot leaves this module out, but argparse cost it ~0.09 MB when it
    # was in, and tests/test_engine_without_wheel.py refuses it at import.
    import argparse

    ap = argparse.ArgumentParser(prog="python -m gostop.arena", description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--game", default="matgo")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--a", default="search:hard")
    ap.add_argument("--b", default="greedy")
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--plays", choices=("readers", "both", "a", "b", "none"), default="readers",
                    help="whose views carry the record of plays (matgo, gostop)")
    args = ap.parse_args(argv)
    s = run(args.game, args.a, args.b, args.hands, args.seed, args.players, args.jobs,
            progress=True, plays=args.plays)
    print(report(s, args.game, args.a, args.b, args.players))
    return s


if __name__ == "__main__":
    main()
