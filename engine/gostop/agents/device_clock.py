"""(arena, benches) A timed search as a device of a fixed speed plays it.

The page's worker gives every search decision its level's time
(``remote.choose_timed``), so a phone plays fewer rollouts than a desktop,
and fewer where a rollout is longer (early in a hand). The arena cannot
time a phone, and a real clock would make its games depend on the
machine's load. ``DeviceClock`` gives the search an emulated clock
instead: the time is the work played so far (rollouts times the decision's
``rollout_cost``) over the device's speed. The search then plays exactly
as the worker would on that device (it learns the speed from its own
decisions and plans its rounds for the time left), and the arena stays a
pure function of its seed.

``PHONE_SPEED``: the work units a second the phone profile plays (a
390x844 phone with Chromium's CPU throttling x4): CPython's speed on this
machine's hard decisions (all the decision's time, the sampling and the
reading too, over its units) divided by 9.2, Pyodide's 2.3 times CPython
and the throttling's 4 (``bench/level_budgets.py``; docs/ai.md, round 23).
"""
from .base import Agent

PHONE_SPEED = {"matgo": 24700, "gostop": 30000, "stopgo": 27900}


class DeviceClock(Agent):
    """``search`` (a ``SearchAgent`` with a ``rollout_cost`` and a
    ``time_budget``) timed at ``speed`` units a second. ``plan``: the
    search plans for the rollouts its time buys, as the worker's does
    (its first decision from the speed of its first worlds); False: it
    plans for its full count and the deadline cuts it, as the worker's did
    before round 23."""

    def __init__(self, search, speed, plan=True):
        if search.rollout_cost is None or search.time_budget is None:
            raise ValueError("a device's clock times a search with a rollout cost and a time budget")
        self.search = search
        # ``speed`` is the plain rollout's; a slower policy (the rollout's
        # ``relative_cost``, the opponent model's 1.3) buys fewer in the time
        self.speed = speed / getattr(search.rollout, "relative_cost", 1.0)
        self.plan = plan
        self.name = search.name
        self.reads_plays = search.reads_plays
        self.time_budget = search.time_budget

    @property
    def last_rollouts(self):
        return self.search.last_rollouts

    def choose(self, view, legal, rng, deadline=None, clock=None):
        search = self.search
        search.plans_time = self.plan
        cost = search.rollout_cost(view)

        def emulated():
            return search.last_rollouts * cost / self.speed
        return search.choose(view, legal, rng, deadline=search.time_budget, clock=emulated)
