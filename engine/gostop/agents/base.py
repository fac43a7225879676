"""The agent interface and the random agent used by tests."""


class Agent:
    name = "agent"

    def choose(self, view, legal, rng):
        """Returns one action of ``legal`` for the player whose ``view`` this is."""
        raise NotImplementedError


class RandomAgent(Agent):
    name = "random"

    def choose(self, view, legal, rng):
        return legal[rng.randrange(len(legal))]
