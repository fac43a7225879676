"""Computer players. ``make_agent(game_id, spec)`` builds one from a spec such
as ``"random"``, ``"easy"``, ``"normal"`` or ``"hard"``.

An agent sees only a player's view: ``agent.choose(view, legal, rng)`` returns
one of ``legal``. It never receives the true state.
"""
from .registry import make_agent, agent_specs

__all__ = ["make_agent", "agent_specs"]
