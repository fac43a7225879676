"""Fits the evaluation that ends a short matgo rollout (``hwatu_value``).

    PYTHONPATH=engine python bench/rollout_value.py [--hands 20000] [--seed 1]
        [--check 4000] [--ridge 1.0] [--write]

Plays ``--hands`` matgo hands of rollout self-play (``hwatu_rollout``'s
policy on every seat, from the deal) and stops at every turn: the state's
``hwatu_value.features`` for each seat, with what the rest of the same
rollout paid that seat (``hwatu_utility`` of its return, the return, and
whether it won). A least-squares fit per number of turns left and target (ridge ``--ridge``, in pure Python: the sums
of products are accumulated hand by hand) gives the weights; ``--check``
more hands, not fitted, say how much of the variance they explain (R^2) per
number of turns left. ``--write`` writes them to
``engine/gostop/agents/hwatu_value_weights.py``.
"""
import argparse
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "engine"))

from gostop.agents.hwatu import rollout_with  # noqa: E402
from gostop.agents.hwatu_value import NAMES, features, turns_left  # noqa: E402
from gostop.agents.registry import hwatu_utility  # noqa: E402
from gostop.core.registry import make  # noqa: E402
from gostop.core.rng import derive_seed  # noqa: E402
from gostop.games.matching.phases import OVER, PLAY  # noqa: E402

TARGETS = ("utility", "payment", "win")
OUT = os.path.join(HERE, "..", "engine", "gostop", "agents", "hwatu_value_weights.py")


def hand_rows(seed):
    """(turns left, features, (utility, payment, won)) for both seats at
    every turn of one hand of rollout self-play: what the rest of the
    rollout paid the seat (its ``hwatu_utility``, the payment itself, and
    1 for a win, else 0)."""
    g = make("matgo", seed=seed)
    rng = random.Random(derive_seed(seed, 7))
    one_turn = rollout_with(cut=0)
    seen = []
    while True:
        if g.phase_id == PLAY:
            t = turns_left(g)
            seen.append((t, features(g, 0), 0))
            seen.append((t, features(g, 1), 1))
        one_turn(g, rng)
        if g.phase_id == OVER:
            break
    ret = g.returns()
    return [(t, f, (hwatu_utility(ret[p]), ret[p], 1.0 if ret[p] > 0 else 0.0))
            for t, f, p in seen]


def solve(a, b):
    """x with a x = b (a symmetric positive definite: Gaussian elimination)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        piv = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[piv] = m[piv], m[i]
        d = m[i][i]
        for r in range(i + 1, n):
            f = m[r][i] / d
            if f:
                row, top = m[r], m[i]
                for c in range(i, n + 1):
                    row[c] -= f * top[c]
    x = [0.0] * n
    for i in range(n - 1, -1, -1):
        x[i] = (m[i][n] - sum(m[i][c] * x[c] for c in range(i + 1, n))) / m[i][i]
    return x


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--check", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    k = len(NAMES)
    xtx = {}
    xty = {}
    t0 = time.time()
    for h in range(args.hands):
        for t, f, ys in hand_rows(derive_seed(args.seed, h)):
            a = xtx.get(t)
            if a is None:
                a = xtx[t] = [[0.0] * k for _ in range(k)]
                xty[t] = [[0.0] * k for _ in TARGETS]
            for i, fi in enumerate(f):
                if fi:
                    row = a[i]
                    for j in range(i, k):
                        row[j] += fi * f[j]
                    for y, v in zip(xty[t], ys):
                        y[i] += fi * v
    coefs = {}
    for t, a in xtx.items():
        for i in range(k):
            for j in range(i):
                a[i][j] = a[j][i]
            a[i][i] += args.ridge
        coefs[t] = [solve(a, y) for y in xty[t]]
    print(f"fitted on {args.hands} hands in {time.time() - t0:.0f} s")
    # the check: R^2 per turns left on hands not fitted
    sse = {}
    ys = {}
    for h in range(args.check):
        for t, f, got in hand_rows(derive_seed(args.seed + 1, h)):
            for target, (w, u) in enumerate(zip(coefs[t], got)):
                est = sum(x * c for x, c in zip(f, w))
                sse[t, target] = sse.get((t, target), 0.0) + (u - est) ** 2
                ys.setdefault((t, target), []).append(u)
    print("R^2 on hands not fitted (sd of the target, sd left), per turns left")
    print("turns left | rows | " + " | ".join(TARGETS))
    for t in sorted(coefs):
        parts = []
        for target in range(len(TARGETS)):
            v = ys[t, target]
            mean = sum(v) / len(v)
            sst = sum((u - mean) ** 2 for u in v)
            e = sse[t, target]
            parts.append(f"{1 - e / sst:.3f} ({(sst / len(v)) ** 0.5:.2f}, {(e / len(v)) ** 0.5:.2f})")
        print(f"{t:2d} | {len(ys[t, 0])} | " + " | ".join(parts))
    if args.write:
        with open(OUT, "w") as out:
            out.write('"""The weights of ``hwatu_value.features`` per number of turns left,\n'
                      f'fitted by bench/rollout_value.py --hands {args.hands} --seed {args.seed} '
                      f'--ridge {args.ridge}\n(generated: do not edit): for the utility '
                      '(``WEIGHTS``), the payment\n(``PAYMENT``) and a win (``WIN``)."""\n')
            for name, target in (("WEIGHTS", 0), ("PAYMENT", 1), ("WIN", 2)):
                out.write(f"{name} = {{\n")
                for t in sorted(coefs):
                    out.write(f"    {t}: ({', '.join(f'{c:.4g}' for c in coefs[t][target])}),\n")
                out.write("}\n")
        print("wrote", OUT)

if __name__ == "__main__":
    main()
