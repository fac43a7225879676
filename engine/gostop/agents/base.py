"""The agent interface and the random agent used by tests.

``choose(view, legal, rng)`` returns one action of ``legal``. Agents whose
thinking is long also implement ``think``: a generator over the same
arguments that yields now and then (about every 20-40 ms of work on CPython)
and returns the action, so the page can run it in slices and stay responsive.
``choose`` and a completed ``think`` give the same action for the same rng.
"""


class Agent:
    name = "agent"

    def choose(self, view, legal, rng):
        """Returns one action of ``legal`` for the player whose ``view`` this is."""
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
