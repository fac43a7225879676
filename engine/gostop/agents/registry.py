"""Which agents each game has, by spec (``random`` is available everywhere).

``go-stop-2005``: ``random``, ``easy``, ``normal``, ``hard``.
``matgo`` and ``gostop``: ``random``, ``greedy``, ``search:easy``,
``search:normal``, ``search:hard``, and the page's levels ``easy``,
``normal``, ``hard`` (the search levels of the same names).
"""
import importlib

from .base import RandomAgent

LEVELS = ("easy", "normal", "hard")

# game id -> module with ``make(level)`` for the levels above
_GAME_AGENTS = {
    "go-stop-2005": "gostop.agents.gostop2005",
    "stop": "gostop.agents.stop",
}

_HWATU = ("matgo", "gostop", "stopgo")  # the matching games share the search
_HWATU_SPECS = ("greedy", "search:easy", "search:normal", "search:hard") + LEVELS

# search budgets (rollouts per decision) for the hwatu games
HWATU_LEVELS = {
    "easy": dict(rollouts=100, min_worlds=6, mistake=0.25, mistake_margin=1.5),
    "normal": dict(rollouts=160, min_worlds=8),
    # 2000 gave +2 points of win rate over 1000 against greedy (matgo, the
    # same 600 hands); 2400 keeps the p95 in Pyodide under 1 s
    "hard": dict(rollouts=2400, min_worlds=16),
}
# stopgo keeps the budgets its strength and timing were measured with
STOPGO_LEVELS = dict(HWATU_LEVELS, hard=dict(rollouts=2000, min_worlds=16))

# Seconds a decision may take in the page's worker (``remote.choose_timed``):
# the rollouts above are reached first on a desktop; a slow phone stops at
# the time and plays with fewer (``build.py bench ai`` prints how many). The
# arena and the tests give no clock, so they play by the counts alone.
TIME_BUDGETS = {"easy": 0.25, "normal": 0.4, "hard": 0.8}


# what the hwatu search averages (see hwatu_utility)
_WIN_BONUS = 20
_SOFT_CAP = 150
_TAIL_SLOPE = 0.2


def hwatu_utility(x, bonus=_WIN_BONUS):
    """What the hwatu search averages for a payment ``x``: the payment, with
    the part of it beyond 150 points counted at a fifth, plus ``bonus`` (20)
    for a win, minus it for a loss.

    The soft cap is for noise: a few rollouts in a hundred end in a chain of
    Gos and baks paying hundreds of points, and those few decided which card
    looked best (bench/search_regret.py: at 2000 rollouts a play's regret
    fell from 0.25 to 0.20 payment points). The bonus trades payment for
    the surer win; bench/win_bonus.py measures the trade per decision. A
    bonus of 40 (a Go/Stop 1.2% more often won for 0.64 points, a play
    0.04-0.08% for 0.05-0.08) cost 0.8 points a hand in the arena and won
    no more hands (docs/ai.md, round 6)."""
    ax = x if x >= 0 else -x
    if ax > _SOFT_CAP:
        ax = _SOFT_CAP + _TAIL_SLOPE * (ax - _SOFT_CAP)
    if x > 0:
        return ax + bonus
    return -ax - bonus if x < 0 else 0


def plain_utility(x):
    """The payment plus 6 for a win (minus 6 for a loss): the hwatu search's
    utility up to round 4 of docs/ai.md, kept by stopgo, whose strength was
    measured with it."""
    return x + 6 if x > 0 else (x - 6 if x < 0 else 0)


def agent_specs(game_id):
    specs = ["random"]
    if game_id in _GAME_AGENTS:
        specs += list(LEVELS)
    elif game_id in _HWATU:
        specs += list(_HWATU_SPECS)
    return specs


def _make_hwatu(game_id, spec):
    if game_id == "stopgo":
        from . import stopgo as hwatu
        levels, utility = STOPGO_LEVELS, plain_utility
    else:
        from . import hwatu
        levels, utility = HWATU_LEVELS, hwatu_utility
    if spec == "greedy":
        return hwatu.GreedyAgent()
    if spec == "rollout":
        return hwatu.RolloutAgent()
    level = spec[len("search:"):] if spec.startswith("search:") else spec
    from .search import SearchAgent
    from ..core.registry import game_class
    opts = dict(levels[level], time_budget=TIME_BUDGETS[level])
    opts.setdefault("utility", utility)
    # stopgo's 52 cards have no twins, so its module has no distinct_actions
    opts.setdefault("distinct", getattr(hwatu, "distinct_actions", None))
    return SearchAgent(game_class(game_id), hwatu.rollout, name=f"search:{level}", **opts)


def make_agent(game_id, spec):
    if spec == "random":
        return RandomAgent()
    if game_id in _HWATU and (spec in _HWATU_SPECS or spec == "rollout"):
        return _make_hwatu(game_id, spec)
    if spec not in LEVELS or game_id not in _GAME_AGENTS:
        raise ValueError(f"no agent {spec!r} for {game_id!r}; "
                         f"known: {', '.join(agent_specs(game_id))}")
    return importlib.import_module(_GAME_AGENTS[game_id]).make(spec)
