"""The agent interface and the random agent used by tests.

``choose(view, legal, rng)`` returns one action of ``legal``. Agents whose
thinking is long also implement ``think``: a generator over the same
arguments that yields now and then (about every 20-40 ms of work on CPython)
and returns the action, so the page can run it in slices and stay responsive.
``choose`` and a completed ``think`` give the same action for the same rng.
"""


class Agent:
    name = "agent"
    # Seconds a decision may take when a clock is given (the page's worker,
    # ``remote.choose_timed``); None: the agent is fast and has no budget.
    # Without a clock every agent thinks by its fixed budget (a count), so
    # the arena and the tests stay deterministic.
    time_budget = None

    def choose(self, view, legal, rng, deadline=None, clock=None):
        """Returns one action of ``legal`` for the player whose ``view`` this
        is. ``deadline`` (a ``clock()`` time): an agent with a time budget
        stops thinking then, with what it has learnt."""
        if deadline is not None:
            gen = self.think(view, legal, rng, deadline=deadline, clock=clock)
        else:
            gen = self.think(view, legal, rng)
        while True:
            try:
                next(gen)
            except StopIteration as done:
                return done.value

    def think(self, view, legal, rng):
        """A generator that yields between slices of work and returns the
        action. The default thinks in one slice by calling ``choose``."""
        if type(self).choose is Agent.choose:
            raise NotImplementedError("an agent implements choose or think")
        return self.choose(view, legal, rng)
        yield  # noqa: unreachable - makes this a generator


class RandomAgent(Agent):
    name = "random"

    def choose(self, view, legal, rng):
        return legal[rng.randrange(len(legal))]
