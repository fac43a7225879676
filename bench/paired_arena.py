"""The arena deal by deal, with each hand written out, and paired differences.

    PYTHONPATH=engine python bench/paired_arena.py run --game matgo \
        --a search:hard:1250 --b greedy --hands 600 --seed 2111 --out hard.jsonl
    PYTHONPATH=engine python bench/paired_arena.py compare hard.jsonl rg.jsonl

``run`` plays exactly what ``python -m gostop.arena ... --jobs 1`` plays
(``arena.play_deal`` deal by deal, in order) and appends one JSON line per
hand (deal, seat of A, win, A's payment, A's decision times) to ``--out``
as it goes, so a run that is stopped keeps its whole deals; it resumes
after the last whole deal in the file. At the end it prints the arena's
own report (``arena.summarize``/``arena.report``).

``compare A.jsonl B.jsonl`` pairs two such files deal by deal (the deals
both played in full) and prints B minus A: the mean payment per hand and
the share of all hands won, each with a normal 95% interval over the
deals, and how many hands paid the same under both. More pairs (``compare
A1 B1 A2 B2``, other seeds) are pooled, each deal keyed by its pair, and
each side's wins of the decided hands (Wilson) and payment a hand are
printed over the deals pooled (round 20).
"""
import argparse
import json
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

from gostop import arena  # noqa: E402


def _load(path):
    recs = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line:
                recs.append(json.loads(line))
    return recs


def run_deals(out, players, hands, play):
    """Plays deals 0.. (``hands`` rounded to whole deals) with ``play(i)``
    (the records of deal ``i``), appending each deal's records to ``out``
    as it goes; a file already there is resumed after its last whole deal.
    Returns every record and the seconds played."""
    done = set()
    recs = []
    if os.path.exists(out):
        recs = _load(out)
        by = {}
        for r in recs:
            by.setdefault(r["deal"], []).append(r)
        done = {d for d, rs in by.items() if len(rs) == players}
        recs = [r for r in recs if r["deal"] in done]
        with open(out, "w") as f:
            for r in recs:
                f.write(json.dumps(r) + "\n")
    deals = max(1, hands // players)
    t0 = time.perf_counter()
    with open(out, "a") as f:
        for i in range(deals):
            if i in done:
                continue
            got = play(i)
            for r in got:
                f.write(json.dumps(r) + "\n")
            f.flush()
            recs.extend(got)
            if (i + 1) % max(1, deals // 20) == 0:
                print(f"  {i + 1}/{deals} deals, {time.perf_counter() - t0:.0f}s",
                      file=sys.stderr, flush=True)
    return recs, time.perf_counter() - t0


def cmd_run(args):
    recs, took = run_deals(args.out, args.players, args.hands, lambda i: arena.play_deal(
        (args.game, args.players, args.a, args.b, args.seed, i, args.plays)))
    s = arena.summarize(recs, args.players, took)
    print(arena.report(s, args.game, args.a, args.b, args.players))


def _ci(xs, z=1.96):
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    h = z * math.sqrt(var / n)
    return m, m - h, m + h


def cmd_compare(args):
    files = [args.a, args.b] + list(args.more)
    if len(files) % 2:
        raise SystemExit("compare takes pairs of files: A B [A2 B2 ...]")
    pairs = len(files) // 2

    def per_deal(paths):
        # a deal keyed by its pair of files (another seed) and its number
        by = {}
        for k, path in enumerate(paths):
            for r in _load(path):
                by.setdefault((k, r["deal"]), {})[r["seat"]] = r
        return by
    da, db = per_deal(files[0::2]), per_deal(files[1::2])
    seats = max(len(v) for v in list(da.values()) + list(db.values()))
    deals = sorted(d for d in da if d in db and len(da[d]) == seats and len(db[d]) == seats)
    dpay, dwin, same = [], [], 0
    for d in deals:
        pa = sum(da[d][s]["pay"] for s in da[d]) / seats
        pb = sum(db[d][s]["pay"] for s in db[d]) / seats
        wa = sum(1 for s in da[d] if da[d][s]["win"]) / seats
        wb = sum(1 for s in db[d] if db[d][s]["win"]) / seats
        dpay.append(pb - pa)
        dwin.append(100 * (wb - wa))
        same += sum(1 for s in da[d] if da[d][s]["pay"] == db[d][s]["pay"]
                    and da[d][s]["win"] == db[d][s]["win"])
    m, lo, hi = _ci(dpay)
    wm, wlo, whi = _ci(dwin)
    what = f"{args.b} minus {args.a}" + (f" (and {pairs - 1} more pairs, pooled)" if pairs > 1 else "")
    print(f"{what}: {len(deals)} deals, {len(deals) * seats} hands")
    print(f"  payment / hand: {m:+.2f} [{lo:+.2f}..{hi:+.2f}]")
    print(f"  hands won (points of all hands): {wm:+.2f} [{wlo:+.2f}..{whi:+.2f}]")
    print(f"  same: {same} / {len(deals) * seats}")
    if pairs > 1:
        # each side over the same deals: wins of the decided hands (Wilson),
        # its payment a hand (a normal interval over the deals)
        for name, by in (("A", da), ("B", db)):
            recs = [by[d][s] for d in deals for s in by[d]]
            decided = [r for r in recs if r["win"] is not None]
            wins = sum(1 for r in decided if r["win"])
            w, wl, wh = arena.wilson(wins, len(decided))
            pm, pl, ph = _ci([sum(by[d][s]["pay"] for s in by[d]) / seats for d in deals])
            print(f"  {name}: wins {100 * w:.1f}% [{100 * wl:.1f}..{100 * wh:.1f}] "
                  f"({wins}/{len(decided)} decided), payment / hand {pm:+.2f} [{pl:+.2f}..{ph:+.2f}]")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="play the arena deal by deal, writing each hand")
    r.add_argument("--game", default="matgo")
    r.add_argument("--players", type=int, default=2)
    r.add_argument("--a", default="search:hard:1250")
    r.add_argument("--b", default="greedy")
    r.add_argument("--hands", type=int, default=600)
    r.add_argument("--seed", type=int, default=2111)
    r.add_argument("--out", required=True)
    r.add_argument("--plays", default="readers", choices=("readers", "none", "a", "b", "both"),
                   help="whose views carry the record of plays (the arena's --plays)")
    c = sub.add_parser("compare", help="B minus A, deal by deal")
    c.add_argument("a")
    c.add_argument("b")
    c.add_argument("more", nargs="*", help="more pairs A2 B2 ... (other seeds), pooled")
    args = ap.parse_args(argv)
    (cmd_run if args.cmd == "run" else cmd_compare)(args)


if __name__ == "__main__":
    main()
