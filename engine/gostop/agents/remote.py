"""A computer decision made from a request alone (``Session.ai_request``):
what the page's Web Worker runs (web/ai-worker.mjs), so the page's main
thread never searches.

The request holds only what the deciding seat may know (its own view and
legal actions), the seat's level and the decision's seed, so the choice is
exactly the one ``Session.ai_choice`` makes. It travels as JSON text: the
seed is a 64-bit int, which a JavaScript number would round.
"""
import json
import time

from ..core.rng import make_rng
from .registry import make_agent

# (game id, level) -> agent. What an agent keeps between decisions is the
# device's speed (a search's ``speed``, learnt from its timed decisions):
# a decision without a clock never reads it.
_agents = {}


def choose(request, clock=None):
    """The action the request's seat plays (one of its ``legal``). With a
    ``clock`` (seconds), an agent with a time budget thinks at most that
    long (the worker); without one, by its fixed budget alone, exactly as
    ``Session.ai_choice`` (the tests, the arena)."""
    game_id, spec = request["game_id"], request["seat_spec"]
    legal, seed = request["legal"], request["seed"]
    if not (isinstance(game_id, str) and isinstance(spec, str) and isinstance(legal, list)
            and legal and all(type(a) is int for a in legal) and type(seed) is int):
        raise ValueError("not a decision request")
    agent = _agents.get((game_id, spec))
    if agent is None:
        agent = _agents[game_id, spec] = make_agent(game_id, spec)
    if clock is None or getattr(agent, "time_budget", None) is None:
        action = agent.choose(request["view"], legal, make_rng(seed))
    else:
        action = agent.choose(request["view"], legal, make_rng(seed),
                              deadline=clock() + agent.time_budget, clock=clock)
    if action not in legal:
        raise ValueError(f"agent {spec!r} chose {action!r}, not a legal action")
    return action


def choose_json(text):
    """``choose`` for a request as JSON text (what the worker receives)."""
    return choose(json.loads(text))


def choose_timed_json(text):
    """What the worker runs: ``choose`` within the level's time budget, for a
    request as JSON text. Returns JSON text: the action, the seat's level,
    how many rollouts the search played (null for an agent without one),
    whether it sized its rounds for its full count as the untimed search
    does (``counted``; null without a search) and the time taken."""
    start = time.perf_counter()
    request = json.loads(text)
    action = choose(request, clock=time.perf_counter)
    agent = _agents[request["game_id"], request["seat_spec"]]
    return json.dumps({"action": action, "level": request["seat_spec"],
                       "rollouts": getattr(agent, "last_rollouts", None),
                       "counted": getattr(agent, "last_as_counted", None),
                       "ms": round((time.perf_counter() - start) * 1000)})
