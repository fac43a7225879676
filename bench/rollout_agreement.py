"""How often the hwatu rollout policy makes greedy's choice, and how fast it is.

    PYTHONPATH=engine python bench/rollout_agreement.py [--hands 40] [--seed 18]
        [--policy plain,rg] [--examples 8] [--speed-hands 200]

Greedy self-play hands of matgo (``--game``; seeds ``--seed``..): at every
decision with more than one legal action (all of them, in order), greedy's
choice on the seat's view against the rollout policy's
(``hwatu_rollout_policy.rollout_action``) on a world sampled from that view
(``sample_world``, as the search's rollouts see it; the policy reads only
what the seat could see, so any world of the view gives the same play).
The policy is asked twice: with its noise (a fresh generator per decision,
as a rollout plays) and without it (every float 0). Plays of a twin card
(``distinct_actions``: the two plain junk of a month) count as the same.

Printed per policy (``--policy``, a comma list: ``plain`` is the search's
rollout policy, ``rg`` round 18's greedy-like variant, ``rollout_rg``,
``rgn0.3`` say that variant with less noise, round 19; ``rgo0`` the
opponent model of round 20, timed as the search plays it): the
share of agreement overall and by decision kind (a card from the hand, a
field card to take, Go/Stop, others), ``--examples`` of the commonest
disagreements, and the policy's speed: microseconds per full matgo hand
(``--speed-hands`` fresh deals played to the end by the fast loop, CPU
time, the policies timed alternately, each hand's best of ``--repeats``)
and per rollout in the hard search at ``--count`` rollouts a decision
(``bench/rollout_speed.py``'s positions, ``--search-seeds`` hands; the
policy's remembered tables are emptied before each timed run, so that a
repeat is not flattered).

Round 7 measured 68.8% of plays (27,128 plays, noise on) with a script
outside the repository; this bench replaces it.
"""
import argparse
import os
import random
import sys
import time
from collections import Counter
from functools import partial

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))

from gostop import make  # noqa: E402
from gostop.agents import hwatu  # noqa: E402
from gostop.agents import hwatu_rollout_rg  # noqa: E402
from gostop.agents import hwatu_rollout, hwatu_rollout_policy  # noqa: E402
from gostop.core.registry import game_class  # noqa: E402
from gostop.core.rng import derive_seed, make_rng  # noqa: E402
from gostop.games.hwatu.actions import CHOOSE_BASE, GO, STOP  # noqa: E402
from gostop.games.hwatu.cards import NUM_MONTH_CARDS  # noqa: E402

CLOCK = time.process_time


class _NoNoise:
    @staticmethod
    def random():
        return 0.0


def policies(names=()):
    """name -> (rollout_action(g, p, rng), rollout(g, rng)); ``rgn<noise>``
    among ``names``: ``rg`` with its plays' noise uniform 0..``noise``
    (round 19); ``rgo<noise>``: the opponent model of round 20 (its
    agreement is the opponents' policy, ``rg`` with that noise; its
    rollout, given no seat, plays every seat so: time it in the search)."""
    out = {"plain": (hwatu_rollout_policy.rollout_action, hwatu_rollout.rollout)}
    if hasattr(hwatu_rollout, "rollout_rg"):
        out["rg"] = (partial(hwatu_rollout_policy.rollout_action, rg=True), hwatu_rollout.rollout_rg)
    for n in names:
        if n.startswith("rgn"):
            x = float(n[3:])
            out[n] = (partial(hwatu_rollout_policy.rollout_action, rg=True, rg_noise=x),
                      hwatu_rollout.rollout_with(rg=True, rg_noise=x))
        elif n.startswith("rgo"):
            x = float(n[3:])
            out[n] = (partial(hwatu_rollout_policy.rollout_action, rg=True, rg_noise=x),
                      hwatu_rollout.rollout_with(opp_noise=x))
    return out


def kind(view, legal):
    ph = view["phase"]
    if ph == "go-stop":
        return "go/stop"
    if ph in ("choose-play", "choose-flip"):
        return "field choice"
    if ph == "play" and any(a < NUM_MONTH_CARDS for a in legal):
        return "hand card"
    return "other"


def canon(a):
    t = hwatu._TWIN
    if a < NUM_MONTH_CARDS:
        return t[a]
    if CHOOSE_BASE <= a < CHOOSE_BASE + NUM_MONTH_CARDS:
        return CHOOSE_BASE + t[a - CHOOSE_BASE]
    return a


def label(view, legal, a):
    if a == GO:
        return "Go"
    if a == STOP:
        return "Stop"
    if CHOOSE_BASE <= a < CHOOSE_BASE + NUM_MONTH_CARDS:
        a -= CHOOSE_BASE
        prefix = "take "
    else:
        prefix = ""
    if a < NUM_MONTH_CARDS:
        return prefix + describe(view, a)
    return f"{prefix}action {a}"


def describe(view, c):
    from gostop.games.hwatu.cards import MONTH, TYPE, BRIGHT, ANIMAL, RIBBON, GODORI
    names = {BRIGHT: "bright", ANIMAL: "animal", RIBBON: "ribbon"}
    t = names.get(TYPE[c], "junk")
    if c in GODORI:
        t = "godori"
    field = [x for x in view.get("field_cards", []) if MONTH[x] == MONTH[c]]
    return f"{c}(m{MONTH[c]} {t}, {len(field)} on field)"


def decisions(game_id, players, hands, seed):
    """(view, legal, greedy's action, world) at every multi-option decision."""
    greedy = hwatu.GreedyAgent()
    cls = game_class(game_id)
    out = []
    for h in range(hands):
        g = make(game_id, seed=derive_seed(seed, h), players=players)
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            view = g.view(p)
            a = greedy.choose(view, legal, make_rng(derive_seed(seed, h, len(g.history))))
            if len(legal) > 1:
                world = cls.sample_world(view, random.Random(derive_seed(seed, h, len(g.history), 1)))
                out.append((view, legal, a, world))
            g.apply(a, p)
    return out


def agreement(decs, act, noise, seed, examples):
    by = Counter()
    agree = Counter()
    diff = Counter()
    for i, (view, legal, a, world) in enumerate(decs):
        k = kind(view, legal)
        rng = random.Random(derive_seed(seed, i, 7)) if noise else _NoNoise()
        b = act(world.clone(), view["player"], rng)
        by[k] += 1
        if canon(a) == canon(b):
            agree[k] += 1
        elif examples:
            if k == "hand card":
                key = (k, "greedy " + _play_kind(view, a) + ", rollout " + _play_kind(view, b))
            else:
                key = (k, f"greedy {label(view, legal, a)}, rollout {label(view, legal, b)}"
                       if k != "field choice" else "field choice")
            diff[key] += 1
    return by, agree, diff


def _play_kind(view, a):
    from gostop.games.hwatu.cards import MONTH
    if a >= NUM_MONTH_CARDS:
        return "special"
    k = sum(1 for x in view["field_cards"] if MONTH[x] == MONTH[a])
    return ("discards", "takes 1", "takes 1 of 2", "takes a stack")[k]


def speed(game_id, players, names, hands, repeats, seed):
    """Microseconds per full hand of each policy's fast loop (CPU time)."""
    pols = policies(names)
    deals = [make(game_id, seed=derive_seed(seed, 99, h), players=players) for h in range(hands)]
    best = {n: 0.0 for n in names}
    for h, d in enumerate(deals):
        for n in names:
            roll = pols[n][1]
            fastest = None
            for r in range(repeats):
                _forget()
                g = d.clone()
                rng = random.Random(derive_seed(seed, h))
                t0 = CLOCK()
                roll(g, rng)
                dt = CLOCK() - t0
                fastest = dt if fastest is None else min(fastest, dt)
            best[n] += fastest
    return {n: best[n] / hands * 1e6 for n in names}


def _forget():
    """Empties the rollout policies' remembered tables (``rg``'s piles), so
    that a repeat is timed as cold as its first run."""
    hwatu_rollout_rg._RG_SIDES.clear()


def search_speed(game_id, players, names, seeds, count, repeats):
    """Microseconds per rollout as the search plays them: the hard search
    at ``count`` rollouts (``search:hard:<count>`` and ``...:<name>`` for a
    policy other than ``plain``) on ``bench/rollout_speed.py``'s positions
    (every third decision of ``seeds`` greedy self-play hands), the
    policies timed alternately on each position, each its best of
    ``repeats`` (CPU time, the policy's tables emptied before each run)."""
    import rollout_speed
    from gostop.agents import make_agent
    pos = rollout_speed.positions(game_id, players, seeds)
    agents = {n: make_agent(game_id, f"search:hard:{count}" + ("" if n == "plain" else f":{n}"))
              for n in names}
    secs = {n: 0.0 for n in names}
    rolls = {n: 0 for n in names}
    for i, (view, legal) in enumerate(pos):
        for n in names:
            best = None
            for r in range(repeats):
                _forget()
                t0 = CLOCK()
                agents[n].choose(view, legal, make_rng(derive_seed(7, i)))
                dt = CLOCK() - t0
                best = dt if best is None else min(best, dt)
            secs[n] += best
            rolls[n] += agents[n].last_rollouts
    return {n: secs[n] / rolls[n] * 1e6 for n in names}, len(pos)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", default="matgo")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--hands", type=int, default=40, help="greedy self-play hands")
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--policy", default="plain,rg", help="comma list of policies")
    ap.add_argument("--examples", type=int, default=8)
    ap.add_argument("--speed-hands", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--search-seeds", type=int, default=3,
                    help="greedy hands of the search-like timing (0: none)")
    ap.add_argument("--count", type=int, default=1250, help="the search's rollouts a decision")
    a = ap.parse_args(argv)
    pols = policies(a.policy.split(","))
    names = [n for n in a.policy.split(",") if n in pols]
    decs = decisions(a.game, a.players, a.hands, a.seed)
    print(f"{a.game} ({a.players}): {len(decs)} decisions of {a.hands} greedy self-play hands "
          f"(seed {a.seed})")
    kinds = ("hand card", "field choice", "go/stop", "other")
    print(f"{'policy':8} {'noise':5} {'all':>14} " + " ".join(f"{k:>18}" for k in kinds))
    for n in names:
        for noise in (True, False):
            by, agree, diff = agreement(decs, pols[n][0], noise, a.seed, a.examples)
            tot, ok = sum(by.values()), sum(agree.values())
            cells = [f"{100 * agree[k] / by[k]:5.1f}% of {by[k]:5d}" if by[k] else f"{'-':>18}"
                     for k in kinds]
            print(f"{n:8} {'on' if noise else 'off':5} {100 * ok / tot:5.1f}% of {tot:5d} "
                  + " ".join(f"{c:>18}" for c in cells), flush=True)
            if not noise and a.examples:
                for (k, what), cnt in diff.most_common(a.examples):
                    print(f"    {cnt:5d}  {k}: {what}")
    if a.speed_hands:
        us = speed(a.game, a.players, names, a.speed_hands, a.repeats, a.seed)
        base = us.get("plain")
        for n in names:
            rel = f" ({us[n] / base:.2f}x plain)" if base and n != "plain" else ""
            print(f"speed {n}: {us[n]:.1f} us per full {a.game} hand{rel} "
                  f"({a.speed_hands} deals, CPU time, best of {a.repeats})")
    if a.search_seeds:
        us, npos = search_speed(a.game, a.players, names, a.search_seeds, a.count, a.repeats)
        base = us.get("plain")
        for n in names:
            rel = f" ({us[n] / base:.2f}x plain)" if base and n != "plain" else ""
            print(f"speed {n}: {us[n]:.1f} us per rollout in the hard search at {a.count}{rel} "
                  f"({npos} positions of bench/rollout_speed.py, {a.search_seeds} hands; "
                  f"CPU time, best of {a.repeats})")


if __name__ == "__main__":
    main()
