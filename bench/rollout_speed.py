"""Rollouts per second of the matching games' search (matgo, gostop for
three, stopgo) on CPython, from fixed positions.

    python bench/rollout_speed.py [--seeds N] [--worlds W] [--search]
    python3 build.py bench rollouts

The positions: every third decision with more than one legal action of
greedy self-play hands (seeds 0..N-1). At each, ``W`` worlds are sampled from
the deciding seat's view and every distinct candidate is played out on each,
as the search does (``clone``, quiet, ``apply_unchecked``, the game's
``rollout`` with the search's random numbers, or the rollout's ``after``
doing both); the time of that loop (the worlds' sampling left out) gives the
rollouts per second. ``--search`` also times the hard search itself on the
same positions (sampling included: rollouts per second as a decision sees
them). The digest is a hash of every rollout's returns (and, with ``--search``,
of the search's choices): it must not change when the code is made faster
(the same seeds, the same games). Times are the process's CPU time, each
position's best of ``--repeats`` runs (the machine may be shared).

``--pyodide``: the same bench inside Pyodide under Node (the npm package
of ``build.py setup``; ``bench/rollouts_pyodide.mjs``), the interpreter the
page runs. ``--engine DIR``: the engine package under ``DIR`` instead of
this repository's, to compare with an older commit's rollouts, e.g.
``git archive f083189 engine | tar -x -C /tmp/old`` then ``--engine
/tmp/old/engine`` (the engine before issue #20); the digests of two
engines that play the same rollouts are equal.
"""
import argparse
import hashlib
import importlib
import os
import random
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def _engine_dir(argv):
    """``--engine DIR`` of the command line, else this repository's engine."""
    if "--engine" in argv[:-1]:
        return os.path.abspath(argv[argv.index("--engine") + 1])
    return os.path.join(HERE, "..", "engine")


sys.path.insert(0, _engine_dir(sys.argv))

import gostop  # noqa: E402
from gostop import make  # noqa: E402
from gostop.agents import make_agent, search  # noqa: E402
from gostop.core import registry  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402

GAMES = (("matgo", 2), ("gostop", 3), ("stopgo", 2))
# CPU time of this process: the machine may be shared, and waiting for a
# core is not the code's cost
CLOCK = time.process_time


def positions(game_id, players, seeds):
    """(view, legal) at every third multi-option decision of greedy self-play."""
    agents = importlib.import_module(registry.agents_module(game_id))
    greedy = agents.GreedyAgent()
    out = []
    k = 0
    for s in range(seeds):
        g = make(game_id, seed=s, players=players)
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            view = g.view(p)
            if len(legal) > 1:
                if k % 3 == 0:
                    out.append((view, legal))
                k += 1
            g.apply(greedy.choose(view, legal, make_rng(len(g.history))), p)
    return out


def _apply_then_rollout(rollout):
    """An engine from before ``search.candidate_and_rollout``: the move,
    then the rollout unless the move ended the hand (True: one played)."""
    def after(g, a, p, rng):
        g.apply_unchecked(a, p)
        ended = g.is_terminal()
        ended or rollout(g, rng)
        return not ended
    return after


def rollout_rate(game_id, pos, worlds, repeats):
    """(rollouts, seconds, digest) of playing every distinct candidate out on
    ``worlds`` sampled worlds of each position (each position's time the
    best of ``repeats`` runs, so that a burst of load elsewhere is left out)."""
    cls = registry.game_class(game_id)
    agents = importlib.import_module(registry.agents_module(game_id))
    rollout = agents.rollout
    distinct = getattr(agents, "distinct_actions", None)
    # the rollouts' random numbers as the search hands them out (one
    # generator per world, its floats replayed to every candidate, where the
    # code has that)
    FloatStream = getattr(search, "FloatStream", None)
    replay = FloatStream is not None and getattr(rollout, "floats_only", False)
    # the candidate's move and its rollout, as the search plays them (an
    # engine older than ``candidate_and_rollout``: its apply and rollout)
    after = getattr(search, "candidate_and_rollout", _apply_then_rollout)(rollout)
    chunks = []         # per position: its worlds and candidates
    for i, (view, legal) in enumerate(pos):
        cands = distinct(view, legal) if distinct else legal
        jobs = []
        for w in range(worlds):
            wseed = derive_seed(i, w)
            jobs.append((cls.sample_world(view, random.Random(wseed)), view["player"],
                         cands, derive_seed(wseed, 1)))
        chunks.append(jobs)
    out = []
    n = 0
    best = 0.0
    for jobs in chunks:
        fastest = None
        for r in range(repeats):
            t0 = CLOCK()
            for world, me, cands, rseed in jobs:
                if replay:
                    floats = FloatStream(rseed)
                for a in cands:
                    g = world.clone()
                    g.quiet = True
                    rolled = after(g, a, me, floats.rng() if replay else random.Random(rseed))
                    if rolled and not r:
                        n += 1
                    if not r:
                        out.append(g.returns()[me])
            dt = CLOCK() - t0
            fastest = dt if fastest is None else min(fastest, dt)
        best += fastest
    return n, best, hashlib.sha256(repr(out).encode()).hexdigest()[:16]


def search_rate(game_id, pos):
    """(rollouts, seconds, digest of the choices) of the hard search."""
    agent = make_agent(game_id, "hard")
    n = 0
    choices = []
    t0 = CLOCK()
    for i, (view, legal) in enumerate(pos):
        choices.append(agent.choose(view, legal, make_rng(derive_seed(7, i))))
        n += agent.last_rollouts
    dt = CLOCK() - t0
    return n, dt, hashlib.sha256(repr(choices).encode()).hexdigest()[:16]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--worlds", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--search", action="store_true")
    ap.add_argument("--games", default=",".join(g for g, _ in GAMES))
    ap.add_argument("--engine", help="another engine tree (read at import)")
    ap.add_argument("--pyodide", action="store_true", help="run inside Pyodide (Node)")
    a = ap.parse_args(argv)
    if a.pyodide:
        rest = [x for x in (sys.argv[1:] if argv is None else argv) if x != "--pyodide"]
        subprocess.run(["node", os.path.join(HERE, "rollouts_pyodide.mjs"), *rest], check=True)
        return
    wanted = a.games.split(",")
    print(f"Rollouts per second, {'Pyodide' if sys.platform == 'emscripten' else 'CPython'} "
          f"{sys.version.split()[0]}, engine {os.path.normpath(os.path.dirname(os.path.dirname(gostop.__file__)))} "
          f"({a.seeds} greedy self-play hands, every third decision, {a.worlds} worlds each; "
          f"CPU time, each position's best of {a.repeats})")
    print(f"{'game':11} {'positions':>9} {'rollouts':>9} {'per s':>8} {'us each':>8}  digest")
    for game_id, players in GAMES:
        if game_id not in wanted:
            continue
        pos = positions(game_id, players, a.seeds)
        n, dt, digest = rollout_rate(game_id, pos, a.worlds, a.repeats)
        label = f"{game_id} ({players})"
        print(f"{label:11} {len(pos):9} {n:9} {n / dt:8.0f} {dt / n * 1e6:8.1f}  {digest}",
              flush=True)
        if a.search:
            n, dt, digest = search_rate(game_id, pos)
            print(f"{'  search':11} {len(pos):9} {n:9} {n / dt:8.0f} {dt / n * 1e6:8.1f}  {digest}"
                  f"  (hard, {dt / len(pos) * 1000:.0f} ms a decision)", flush=True)


if __name__ == "__main__":
    main()
