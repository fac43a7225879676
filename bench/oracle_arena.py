"""What knowing the hidden cards would be worth to the search: an upper
bound for any better guess of the opponents' cards (docs/ai.md, round 21).

    PYTHONPATH=engine python bench/oracle_arena.py --know hand \
        --a search:hard:1250 --hands 600 --seed 2141 --out hand.jsonl
    PYTHONPATH=engine python bench/paired_arena.py compare hard.jsonl hand.jsonl

    PYTHONPATH=engine python bench/oracle_arena.py --info --hands 40 --seed 31

The arena of ``paired_arena.py run`` (the same deals, seats and seeds, the
same JSON lines, so ``compare`` pairs the two), except that A's search deals
its worlds from the true state instead of from its view:

- ``--know hand``: every opponent's true hand; the stock is shuffled (what
  a perfect reading of the opponents' plays could give at best);
- ``--know all``: the true state, the stock's order too (every world is
  the real one; the rollouts still differ by their noise);
- ``--know posterior``: no oracle, but the opponents' hands drawn from
  their posterior under greedy's policy (B's own, deterministic): each of
  ``--pool`` hands dealt as the view deals them is weighted by whether
  greedy, holding it (with the cards played since), would have played
  each card the opponent played from its hand, 1 if so, ``--eps`` if not
  (twins count as the same card); the worlds draw their hands from that
  pool by weight. What an exact reading of this opponent's plays is
  worth (only in this bench: the page's views carry no record of plays);
- ``--know view``: no oracle, the worlds of the view (the control: it
  plays what ``paired_arena.py run`` plays, hand for hand).

``--info`` plays no arena: in greedy self-play it asks, at each play
with a choice, how many of the opponent's true cards a hand dealt by the
posterior holds, against a hand dealt as the view deals it (200 of each),
by how many of the opponent's plays it has seen: what the posterior knows.

Only the worlds change: A's rollout policy, its anchor (greedy) and its
utility read what they read in the arena. A cheat for measuring, never a
player: no level or page uses it.
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "engine"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from gostop import arena  # noqa: E402
from gostop.core.rng import derive_seed, make_rng, shuffle  # noqa: E402
from gostop.core.registry import make  # noqa: E402
from gostop.games.matching.world import dealt_world  # noqa: E402
from gostop.agents import make_agent  # noqa: E402
from gostop.agents.hwatu import GreedyAgent, distinct_actions  # noqa: E402

import paired_arena  # noqa: E402  (its run_deals: the file, resumed, deal by deal)


def oracle_sampler(game, know):
    """``world_sampler(cls, view)`` for a search that reads ``game``, the
    true state of the moment: the view's own template (as the class's
    sampler builds it), dealt the true hands and the true or a shuffled
    stock."""
    def world_sampler(cls, view):
        me, unseen, counts, shown = cls._world_layout(view)
        template = cls.from_setup(cls._world_setup(view, me, unseen, counts, shown), 0,
                                  **view["options"])
        data, clone = template._setup_data, template.clone
        hands = [list(h) for h in game.hands]
        top_first = game.stock[::-1]
        assert sorted(sum(hands[:me] + hands[me + 1:], []) + top_first) == unseen

        def sample(rng):
            deck = top_first[:]
            if know == "hand":
                shuffle(rng, deck)
            return dealt_world(clone(), data, [h[:] for h in hands], [h[:] for h in hands], deck)
        return sample
    return world_sampler


def posterior_sampler(past, seat, pool, eps, seed):
    """``world_sampler(cls, view)`` whose opponents' hands are drawn from
    ``pool`` hands weighted by greedy's likelihood of their plays; ``past``:
    (the state before an opponent's play from its hand, that seat, its
    action, the seed of its rng), oldest first."""
    greedy = GreedyAgent()

    def likelihood(q, hand):
        w = 1.0
        later = []      # the cards q played from its hand since, newest first
        for state, p, action, rseed in reversed(past):
            if p != q:
                continue
            later.append(action)
            then = sorted(hand + later)
            if len(then) != len(state.hands[q]):
                continue    # the hand changed some other way: no evidence
            s = state.clone()
            s.hands[q] = then
            pick = greedy.choose(s.view(q), s.legal_actions(q), make_rng(rseed))
            if len(distinct_actions(None, [pick, action])) != 1:
                w *= eps
        return w

    def world_sampler(cls, view):
        me, unseen, counts, shown = cls._world_layout(view)
        template = cls.from_setup(cls._world_setup(view, me, unseen, counts, shown), 0,
                                  **view["options"])
        data, clone = template._setup_data, template.clone
        uniform = cls.world_sampler(view)
        rng0 = make_rng(derive_seed(seed, 77))
        hands, weights = [], []
        for _ in range(pool):
            w = uniform(rng0)
            hs = [list(h) for h in w.hands]
            weight = 1.0
            for q in range(len(hs)):
                if q != me:
                    weight *= likelihood(q, hs[q])
            hands.append(hs)
            weights.append(weight)
        total = sum(weights)
        own = sorted(view["hand"])

        def sample(rng):
            x = rng.random() * total
            k = 0
            while k < len(weights) - 1 and x >= weights[k]:
                x -= weights[k]
                k += 1
            hs = [h[:] for h in hands[k]]
            hs[me] = own[:]
            held = {c for q, h in enumerate(hs) if q != me for c in h}
            deck = [c for c in unseen if c not in held]
            shuffle(rng, deck)
            return dealt_world(clone(), data, hs, [h[:] for h in hs], deck)
        return sample
    return world_sampler


def play_deal(game_id, players, spec_a, spec_b, seed, i, know, pool=200, eps=0.05):
    """``arena.play_deal`` with A's worlds from the true state."""
    gseed = arena.deal_seed(seed, i)
    out = []
    agent_a = make_agent(game_id, spec_a)
    agent_b = make_agent(game_id, spec_b)
    for seat_a in range(players):
        g = make(game_id, seed=gseed, players=players)
        times_a, times_b = [], []
        past = []
        while not g.is_terminal():
            p = g.current_player
            legal = g.legal_actions(p)
            view = g.view(p)
            agent = agent_a if p == seat_a else agent_b
            rseed = derive_seed(gseed, p, len(g.history))
            if p == seat_a and know == "posterior":
                agent.world_sampler = posterior_sampler(past, p, pool, eps, rseed)
            elif p == seat_a and know != "view":
                agent.world_sampler = oracle_sampler(g, know)
            elif p != seat_a and know == "posterior" and view["phase"] == "play" and len(legal) > 1:
                past.append((g.clone(), p, None, rseed))
            rng = make_rng(rseed)
            t0 = time.perf_counter()
            a = agent.choose(view, legal, rng)
            if len(legal) > 1:
                (times_a if p == seat_a else times_b).append(time.perf_counter() - t0)
            if past and past[-1][2] is None:
                past[-1] = past[-1][:2] + (a,) + past[-1][3:]
            g.apply(a, p)
        winner = g.winner
        out.append({"deal": i, "seat": seat_a,
                    "win": None if winner is None else winner == seat_a,
                    "pay": g.returns()[seat_a], "ta": times_a, "tb": times_b})
    return out


def information(game_id, hands, seed, pool, eps, draws=200):
    """{opponent plays seen (6 = 6 or more): [decisions, the true cards in
    a posterior hand, in a hand dealt from the view, the hand's size]}
    summed, from greedy self-play (see the module doc)."""
    greedy = GreedyAgent()
    out = {}
    for i in range(hands // 2):
        gseed = arena.deal_seed(seed, i)
        for mover in range(2):
            g = make(game_id, seed=gseed, players=2)
            past = []
            while not g.is_terminal():
                p = g.current_player
                legal, view = g.legal_actions(p), g.view(p)
                rseed = derive_seed(gseed, p, len(g.history))
                choice = view["phase"] == "play" and len(legal) > 1
                if p == mover and choice and past:
                    cls, true = type(g), set(g.hands[1 - p])
                    rng = make_rng(rseed)
                    post = posterior_sampler(past, p, pool, eps, rseed)(cls, view)
                    uniform = cls.world_sampler(view)
                    row = out.setdefault(min(len(past), 6), [0, 0.0, 0.0, 0])
                    row[0] += 1
                    row[1] += sum(len(true & set(post(rng).hands[1 - p])) for _ in range(draws)) / draws
                    row[2] += sum(len(true & set(uniform(rng).hands[1 - p])) for _ in range(draws)) / draws
                    row[3] += len(true)
                if p != mover and choice:
                    past.append((g.clone(), p, None, rseed))
                a = greedy.choose(view, legal, make_rng(rseed))
                if past and past[-1][2] is None:
                    past[-1] = past[-1][:2] + (a,) + past[-1][3:]
                g.apply(a, p)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--know", choices=("hand", "all", "posterior", "view"))
    ap.add_argument("--info", action="store_true", help="what the posterior knows (no arena)")
    ap.add_argument("--pool", type=int, default=200)
    ap.add_argument("--eps", type=float, default=0.05)
    ap.add_argument("--game", default="matgo")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--a", default="search:hard:1250")
    ap.add_argument("--b", default="greedy")
    ap.add_argument("--hands", type=int, default=600)
    ap.add_argument("--seed", type=int, default=2141)
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    if args.info:
        print(f"{args.game}, greedy self-play, {args.hands} hands (seed {args.seed}); pool {args.pool}, "
              f"eps {args.eps}: the opponent's true cards in a hand dealt")
        print("| opponent plays seen | decisions | by the posterior | from the view | of |")
        print("|---|---|---|---|---|")
        for k, (n, post, uniform, size) in sorted(information(
                args.game, args.hands, args.seed, args.pool, args.eps).items()):
            print(f"| {k}{'+' if k == 6 else ''} | {n} | {post / n:.2f} | {uniform / n:.2f} | {size / n:.1f} |")
        return
    if not (args.know and args.out):
        raise SystemExit("--know and --out, or --info")
    if not args.a.startswith("search"):
        raise SystemExit("--a must be a search: only a search deals worlds")
    recs, took = paired_arena.run_deals(args.out, args.players, args.hands, lambda i: play_deal(
        args.game, args.players, args.a, args.b, args.seed, i, args.know, args.pool, args.eps))
    s = arena.summarize(recs, args.players, took)
    print(f"A's worlds from the true state ({args.know}):")
    print(arena.report(s, args.game, args.a, args.b, args.players))


if __name__ == "__main__":
    main()
