"""Determinized Monte-Carlo search over the core game protocol.

The agent knows only a player's view. For a decision it samples worlds
consistent with that view (``GameClass.sample_world(view, rng)``: the hidden
cards dealt at random), tries every candidate action on each world, plays the
world out with a fast game-supplied ``rollout(game, rng)`` policy, and keeps
the player's result (``returns()[seat]``: the payment, so a Go is judged by
what it is expected to pay, including the risk that an opponent stops first).
Every candidate sees the same worlds and the same rollout seeds (common random
numbers), so the comparison between two actions is not drowned by the luck
of the deal.

Budgets are counts of rollouts, so a decision is the same on every machine;
the page's worker also gives each decision a time budget (``time_budget``
seconds, ``deadline`` in ``think``): on a slow phone the search stops then
with the worlds it has played (all surviving candidates have seen the same
ones), and ``last_rollouts`` says how many that was. With many candidates the budget is spent in rounds of
successive halving: after each round the worse half of the candidates is
dropped and the survivors get more worlds (all survivors always share the same
worlds). ``think`` yields every ``slice_rollouts`` rollouts (a few ms on a phone;
the page batches slices by its clock: see ``web/app/table.py``
``in_slices``) so the page stays responsive; ``choose``
runs the same generator to its end. ``analyse`` runs
the same search and returns what it learnt besides the choice (each
candidate's mean payment and share of worlds won, in the search's order):
the coach (``coach.py``) reads it out.

Nothing here is specific to one game: a game supplies its class (with
``sample_world``), its rollout policy and, optionally, which actions are
equivalent (``distinct``).
"""
import random
from itertools import chain

from ..core.rng import derive_seed
from .base import Agent

_MASK64 = (1 << 64) - 1


class _Floats:
    __slots__ = ("random",)


class FloatStream:
    """The floats of ``random.Random(seed).random()``, drawn once and handed
    to every candidate of a world (``rng()``: a new reader from the first
    float, whose ``random()`` gives the same floats as a fresh
    ``random.Random(seed)`` would). Seeding a ``Random`` costs as much as a
    twentieth of a rollout; a reader costs a tenth of that. Only for a
    rollout that draws nothing but ``random()`` (it says so with the
    attribute ``floats_only``)."""

    __slots__ = ("_drawn", "_draw")

    def __init__(self, seed):
        self._drawn = []
        self._draw = random.Random(seed).random

    def _more(self):
        drawn = self._drawn
        draw = self._draw
        while True:
            x = draw()
            drawn.append(x)
            yield x

    def rng(self):
        r = _Floats()
        # the floats drawn so far, then new ones (kept for the next reader);
        # readers are used one after the other, never side by side
        r.random = chain(self._drawn, self._more()).__next__
        return r


def candidate_and_rollout(rollout):
    """``after(g, action, seat, rng)``: plays the candidate ``action`` of
    ``seat`` on the world copy ``g``, then ``rollout`` unless the move ended
    the hand; True when a rollout was played. The game's own
    ``rollout.after`` does both in one where it has one."""
    after = getattr(rollout, "after", None)
    if after is not None:
        return after

    def apply_then_rollout(g, a, p, rng):
        g.apply_unchecked(a, p)
        if g.is_terminal():
            return False
        rollout(g, rng)
        return True
    return apply_then_rollout


class SearchAgent(Agent):
    """Determinized Monte-Carlo search.

    ``game_cls``: the game class (``sample_world(view, rng)``);
    ``rollout(game, rng)``: plays a full state to its end (a rollout with
    the attribute ``after(game, action, seat, rng)`` plays the candidate's
    move as well: ``apply_unchecked`` and, unless the hand is over, the
    rollout, returning whether it played one);
    ``rollouts``: total budget for a decision (split over the candidates);
    ``min_worlds``: worlds given to each candidate in the first round;
    ``mistake``: the chance of deliberately taking the second-best action when
    it is close (for the easy level); ``slice_rollouts``: rollouts per slice;
    ``seat_of(view)``: the deciding seat (``view["player"]`` by default);
    ``utility(x)``: maps a result (the seat's return) to what is averaged
    (identity by default; a game may damp rare huge payments to cut noise);
    ``distinct(view, legal)``: the legal actions with all but one of each
    group of equivalent actions removed (e.g. two identical cards in hand), so
    the budget is not spent twice on the same move; ``world_sampler(game_cls,
    view)``: returns ``sample(rng)``, the worlds of one decision (by default
    the class's ``world_sampler(view)``, else ``sample_world(view, rng)``);
    ``anchor(view, legal)``: a default action (a heuristic's choice), never
    dropped by the halving and taken unless the search's best beats it on
    their shared worlds by ``anchor_z`` standard errors of the paired
    difference (a small budget's noisy preference does not overrule it);
    ``fill_budget``: a round's worlds are counted by the candidates that
    need a rollout (on the round's first world), so a terminal candidate
    (a Stop) does not halve the worlds of the others (a Go gets the whole
    budget instead of half of it); ``utility_of(view, legal)``: the utility
    of one decision, when it depends on the decision (in place of
    ``utility``).
    """

    def __init__(self, game_cls, rollout, rollouts=600, min_worlds=12,
                 mistake=0.0, mistake_margin=1.0, slice_rollouts=2,
                 name="search", seat_of=None, utility=None, distinct=None,
                 time_budget=None, world_sampler=None, anchor=None, anchor_z=1.0,
                 fill_budget=False, utility_of=None, rollout_cost=None):
        self.rollout_cost = rollout_cost
        self.speed = None       # work units a second, learnt from timed decisions
        # plan a timed decision for what its time buys (False: for the full
        # count, the deadline cutting it: the arena's ``phonecut``)
        self.plans_time = True
        self.world_sampler = world_sampler
        # the sampler reads the record of plays (view["plays"]): the page's
        # Session puts it into this player's views (agents/reading.py)
        self.reads_plays = bool(getattr(world_sampler, "reads_plays", False))
        self.utility_of = utility_of
        self.fill_budget = fill_budget
        self.anchor = anchor
        self.anchor_z = anchor_z
        self.time_budget = time_budget
        self.last_rollouts = 0
        self.last_kept = False
        # the last decision sized its rounds for the full count, as a search
        # without a clock does (a timed one that planned less may still end
        # on the count, its last round running on: its choice may differ)
        self.last_as_counted = True
        self.game_cls = game_cls
        self.rollout = rollout
        self.rollouts = rollouts
        self.min_worlds = min_worlds
        self.mistake = mistake
        self.mistake_margin = mistake_margin
        self.slice_rollouts = slice_rollouts
        self.name = name
        self.seat_of = seat_of or (lambda view: view["player"])
        self.utility = utility
        self.distinct = distinct

    def think(self, view, legal, rng, deadline=None, clock=None):
        self.last_rollouts = 0
        self.last_as_counted = True     # (a forced move: no search, as untimed)
        if self.distinct is not None:
            legal = self.distinct(view, legal)
        if len(legal) == 1:
            return legal[0]
        best, _, _ = yield from self._search(view, legal, rng, deadline, clock)
        return best

    def analyse(self, view, legal, rng, deadline=None, clock=None):
        """The same search as ``think`` (the same rng draws, worlds and
        rounds, so the same choice), returning what it learnt as well: a
        generator that yields between slices and returns a dict

        * ``choice``: the action ``think`` returns for these arguments;
        * ``rollouts``: rollouts played (a terminal action, a Stop, needs
          none: its worlds are counted, its rollouts are not);
        * ``ranking``: every distinct candidate, best first by the search's
          own order (the survivors of the last round by mean utility, then
          the candidates dropped in the last halving round, in the order
          they were ranked then, then those dropped before), each a dict
          with ``action``, ``utility`` (mean utility), ``payment`` (mean
          payment, ``returns()[seat]``), ``win`` (share of its worlds the
          seat won: a payment above 0) and ``worlds`` (how many it was
          played on);
        * ``kept``: the choice is the anchor, kept although another
          candidate had a higher mean (not by the margin that overrules it).

        Unlike ``think`` it searches a single candidate as well (a forced
        move, or twins only), with the whole budget in one round, so its
        expected payment is known."""
        self.last_rollouts = 0
        if self.distinct is not None:
            legal = self.distinct(view, legal)
        best, ranking, sums = yield from self._search(view, legal, rng, deadline, clock)
        rows = []
        for a in ranking:
            total, paid, won, n = sums[a]
            rows.append({"action": a, "utility": total / n, "payment": paid / n,
                         "win": won / n, "worlds": n})
        return {"choice": best, "rollouts": self.last_rollouts, "ranking": rows,
                "kept": self.last_kept}

    def _search(self, view, legal, rng, deadline, clock):
        """The search itself (a generator): returns the choice, every
        candidate ranked best first, and per candidate the sums (utility,
        payment, worlds won, worlds)."""
        me = self.seat_of(view)
        base_seed = rng.getrandbits(64)
        mistake_draw = rng.random()
        cands = list(legal)
        totals = {a: 0.0 for a in cands}
        counts = {a: 0 for a in cands}
        paid = {a: 0 for a in cands}
        won = {a: 0 for a in cands}
        dropped = []    # the candidates each halving dropped, in its order
        worlds_done = 0
        cost = self.rollout_cost(view) if self.rollout_cost is not None else None
        timed = deadline is not None
        start = clock() if timed else None
        budget = self._planned(cost, deadline, start)
        # A device's first timed decision knows no speed: it times its first
        # round's first worlds and plans the rest of its time from them.
        pilot = timed and cost is not None and self.speed is None and self.plans_time
        used = 0
        since_yield = 0
        sampler = getattr(self.game_cls, "world_sampler", None)
        if self.world_sampler is not None:
            sample = self.world_sampler(self.game_cls, view)
        elif sampler is not None:
            sample = sampler(view)
        else:
            sample_world = self.game_cls.sample_world

            def sample(rng):
                return sample_world(view, rng)
        rollout = self.rollout
        replay = getattr(rollout, "floats_only", False)
        # ``after(g, action, seat, rng)``: the candidate's move and then the
        # rollout (True when a rollout was played)
        after = candidate_and_rollout(rollout)
        # a short rollout's value of the position it stopped in: (utility,
        # payment, chance of a win), None when the hand is over (its returns
        # are read)
        estimate = getattr(rollout, "estimate", None)
        utility = self.utility_of(view, cands) if self.utility_of else self.utility
        # the anchor's paired differences: candidate -> [sum, sum of squares]
        anchor = self.anchor(view, cands) if self.anchor is not None else None
        if anchor not in totals:
            anchor = None
        diffs = {a: [0.0, 0.0] for a in cands} if anchor is not None else None
        late = False
        # rounds of successive halving
        n_rounds = 1
        k = len(cands)
        while k > 2:
            k = (k + 1) // 2
            n_rounds += 1
        first_world = clock() if pilot else None     # (the sampler's set-up is done)
        while True:
            remaining_rounds = max(1, n_rounds)
            per_round = (budget - used) // remaining_rounds
            worlds = max(self.min_worlds if worlds_done == 0 else 1,
                         per_round // len(cands))
            # A timed search's last round runs on to its deadline (or the
            # count): a plan made from too low a speed (a first decision's
            # first worlds, slowed by cold caches) leaves no time unused.
            last = timed and (n_rounds <= 1 or len(cands) <= 2)
            if last:
                worlds = max(worlds, (self.rollouts - used) // len(cands))
            live = 0        # candidates that played a rollout on the round's first world
            w = 0
            while w < worlds:
                w += 1
                wseed = derive_seed(base_seed, worlds_done)
                world = sample(random.Random(wseed))
                rseed = derive_seed(wseed, 1)
                if replay:
                    floats = FloatStream(rseed)
                values = {}
                for a in cands:
                    g = world.clone()
                    g.quiet = True
                    if after(g, a, me, floats.rng() if replay else random.Random(rseed)):
                        if w == 1:
                            live += 1
                        used += 1
                        since_yield += 1
                        if since_yield >= self.slice_rollouts:
                            since_yield = 0
                            yield
                    est = estimate(g, me) if estimate is not None else None
                    if est is None:
                        r = g.returns()[me]
                        u = utility(r) if utility else r
                        won_here = 1 if r > 0 else 0
                    else:
                        # the estimated utility (not mapped again), payment
                        # and chance of a win
                        u, r, won_here = est
                    if diffs is not None:
                        values[a] = u
                    totals[a] += u
                    counts[a] += 1
                    paid[a] += r
                    won[a] += won_here
                if diffs is not None:
                    base = values[anchor]
                    for a, u in values.items():
                        d = diffs[a]
                        d[0] += u - base
                        d[1] += (u - base) * (u - base)
                worlds_done += 1
                if w == 1 and self.fill_budget and 0 < live < len(cands):
                    worlds = max(worlds, per_round // live)
                if timed:
                    self.last_rollouts = used    # the work so far (an emulated clock reads it)
                if pilot and w == self.min_worlds:
                    pilot = False
                    now = clock()
                    if now > first_world and used:
                        rate = used * cost / (now - first_world)
                        budget = min(self.rollouts,
                                     used + int(rate * max(0.0, deadline - now) / cost))
                        per_round = budget // remaining_rounds
                        shared = live if self.fill_budget and 0 < live < len(cands) else len(cands)
                        if not last:
                            worlds = max(w, per_round // shared)
                # Out of time: stop after a whole world, so every candidate
                # still in the race has seen the same worlds.
                if timed:
                    late = worlds_done >= self.min_worlds and clock() >= deadline
                if late:
                    break
            n_rounds -= 1
            if late or len(cands) <= 2 or n_rounds <= 0 or used >= budget:
                break
            cands.sort(key=lambda a: -totals[a] / counts[a])
            half = (len(cands) + 1) // 2
            if anchor is not None and anchor in cands[half:]:
                cands.remove(anchor)     # the anchor stays in the race
                cands.insert(half - 1, anchor)
            dropped.append(cands[half:])
            cands = cands[:half]
        ranked = sorted(cands, key=lambda a: (-totals[a] / counts[a], a))
        best = ranked[0]
        self.last_kept = False
        if anchor is not None and best != anchor and not self._beats_anchor(diffs[best], counts[best]):
            self.last_kept = True
            best = anchor
            ranked.remove(anchor)
            ranked.insert(0, anchor)
        if self.mistake and len(ranked) > 1 and mistake_draw < self.mistake:
            second = ranked[1]
            gap = totals[best] / counts[best] - totals[second] / counts[second]
            if gap <= self.mistake_margin:
                best = second
        self.last_stats = {a: (totals[a] / counts[a], counts[a]) for a in totals}
        self.last_rollouts = used
        # (the plan is the count, or what the pilot planned)
        self.last_as_counted = budget >= self.rollouts
        if timed and cost is not None and used:
            self._learn_speed(used * cost, clock() - start)
        for out in reversed(dropped):
            ranked += out
        return best, ranked, {a: (totals[a], paid[a], won[a], counts[a]) for a in totals}

    def _planned(self, cost, deadline, now):
        """The rollouts a decision plans for: ``rollouts``, or what the time
        left buys at the learnt speed when that is fewer."""
        if cost is None or deadline is None or self.speed is None or not self.plans_time:
            return self.rollouts
        return max(1, min(self.rollouts, int(self.speed * max(0.0, deadline - now) / cost)))

    def _learn_speed(self, units, seconds):
        """The device's speed (units a second) from a timed decision: the
        mean of this decision's and the one learnt before, so a slower
        spell (a background tab, another app) is followed within a few
        decisions."""
        if seconds <= 0:
            return
        speed = units / seconds
        self.speed = speed if self.speed is None else 0.5 * (self.speed + speed)

    def _beats_anchor(self, diff, n):
        """Whether a candidate's paired differences against the anchor
        (``diff``: their sum and sum of squares over ``n`` shared worlds)
        have a mean above ``anchor_z`` standard errors."""
        if n < 2:
            return False
        total, squares = diff
        mean = total / n
        var = max(0.0, (squares - total * mean) / (n - 1))
        return mean > self.anchor_z * (var / n) ** 0.5
