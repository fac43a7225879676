"""Which agents each game has, by spec (``random`` is available everywhere).

The games, their levels and the module of their computer players come from
the game registry (``core.registry.info``): every game offers ``random`` and
its ``levels`` (``easy``, ``normal``, ``hard``). The games whose agents
module plays the shared search (``SEARCH_MODULES``: matgo, gostop and
stopgo) add ``greedy`` and ``search:<level>`` (the page's levels are the
search levels of the same names); the others' modules make each level with
``make(level)``.
"""
import importlib
from functools import partial

from .base import RandomAgent
from ..core import registry as games

from ..core.game import Game

#: The levels a game offers unless it declares others (``Game.levels``).
LEVELS = tuple(Game.levels)

# search budgets (rollouts per decision) for the hwatu games
HWATU_LEVELS = {
    "easy": dict(rollouts=100, min_worlds=6, mistake=0.25, mistake_margin=1.5),
    "normal": dict(rollouts=160, min_worlds=8),
    # 2000 gave +2 points of win rate over 1000 against greedy (matgo, the
    # same 600 hands); 2400 keeps the p95 in Pyodide under 1 s. Anchored on
    # greedy's choice (docs/ai.md, round 9): at a phone's ~630 rollouts the
    # search alone often plays the card the noise favoured.
    # Its worlds read the opponents' plays as greedy's (docs/ai.md, round
    # 21: about +2 a hand and +2.5 points of hands won against greedy),
    # weighing a world by 0.01 for each play greedy would not have made with
    # it (round 31: +0.85 a hand [+0.09..+1.61] and +0.5 points of hands won
    # against 0.05 over 8400 paired hands, at the same cost; measured in matgo).
    "hard": dict(rollouts=2400, min_worlds=16, anchor_z=1.0, read_eps=0.01),
}
# gostop's hard is not anchored: on the same 600 deals at a phone's count
# (docs/ai.md, round 10) anchoring did not help with 4 players and fell
# behind with 3 (34.3% of decided hands and +0.17 a hand against 36.6% and
# +0.36): greedy's choice is a weaker default with more players. It reads
# the opponents' plays as matgo's hard does (round 21: 40.2% of decided
# hands against 36.2% with 3 players, the same 600 hands), at round 21's
# 0.05: 0.01 was measured with 2 players only.
GOSTOP_LEVELS = dict(HWATU_LEVELS, hard=dict({k: v for k, v in HWATU_LEVELS["hard"].items()
                                              if k != "anchor_z"}, read_eps=0.05))

# Seconds a decision may take in the page's worker (``remote.choose_timed``):
# the rollouts above are reached first on a desktop; a slow phone stops at
# the time and plays with fewer (``build.py bench ai`` prints how many). The
# arena and the tests give no clock, so they play by the counts alone.
TIME_BUDGETS = {"easy": 0.25, "normal": 0.4, "hard": 0.8}


# what the hwatu search averages (see hwatu_utility)
_WIN_BONUS = 20
_SOFT_CAP = 150
_TAIL_SLOPE = 0.2


def hwatu_utility(x, bonus=_WIN_BONUS, cap=_SOFT_CAP):
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
    if ax > cap:
        ax = cap + _TAIL_SLOPE * (ax - cap)
    if x > 0:
        return ax + bonus
    return -ax - bonus if x < 0 else 0


def plain_utility(x, bonus=6):
    """The payment plus ``bonus`` (6) for a win, minus it for a loss: the
    hwatu search's utility up to round 4 of docs/ai.md, kept by stopgo's
    easy and normal levels, whose strength was measured with it."""
    return x + bonus if x > 0 else (x - bonus if x < 0 else 0)


def stopgo_hard_utility(x, bonus=300):
    """stopgo's hard level: the payment plus 300 for a win (docs/ai.md,
    round 15). stopgo's payments run to tens of points a hand (a won hand
    paid ~65 on average), so a bonus of 6 left the search indifferent
    between a sure small win and a long shot at a big one. Against greedy
    on the same deals (two seeds, 1181 decided hands) a bonus of 300 won
    57.1% of decided hands against 54.0%, for 2.3 points a hand less."""
    return plain_utility(x, bonus)      # (the arena's b<bonus> may set another)


# stopgo keeps the budgets its strength and timing were measured with; its
# hard is anchored too (docs/ai.md, round 10), values a win more, and reads
# the opponent's plays as its greedy's from a pool of 600 deals (round 22:
# +3.65 a hand and +1.6 points of hands won against greedy over 3000 paired
# hands at the same time; stopgo's posterior is narrower than matgo's)
STOPGO_LEVELS = dict(HWATU_LEVELS, hard=dict(rollouts=2000, min_worlds=16, anchor_z=1.0,
                                              utility=stopgo_hard_utility, read_eps=0.05,
                                              read_pool=600))


# agents module -> (its search budgets, its utility) for the games that play
# the shared search (the module has ``rollout`` and ``GreedyAgent``)
SEARCH_MODULES = {
    "gostop.agents.hwatu": (HWATU_LEVELS, hwatu_utility),
    "gostop.agents.stopgo": (STOPGO_LEVELS, plain_utility),
}
# a game whose levels differ from its module's
GAME_LEVELS = {"gostop": GOSTOP_LEVELS}
_SEARCH_SPECS = ("greedy",)


def _plays_search(game_id):
    return games.agents_module(game_id) in SEARCH_MODULES


def agent_specs(game_id):
    """Every spec ``make_agent`` takes for ``game_id``: ``random``, then
    (search games) ``greedy`` and ``search:<level>``, then the levels."""
    levels = list(games.info(game_id)["levels"])
    specs = ["random"]
    if _plays_search(game_id):
        specs += list(_SEARCH_SPECS) + [f"search:{lv}" for lv in levels]
    return specs + levels


def _make_search(game_id, spec):
    module = games.agents_module(game_id)
    agents = importlib.import_module(module)
    budgets, utility = SEARCH_MODULES[module]
    budgets = GAME_LEVELS.get(game_id, budgets)
    if spec == "greedy":
        return agents.GreedyAgent()
    if spec == "rollout":
        return agents.RolloutAgent()
    level = spec[len("search:"):] if spec.startswith("search:") else spec
    level, _, count = level.partition(":")
    count, _, extra = count.partition(":")
    from .search import SearchAgent
    opts = dict(budgets[level], time_budget=TIME_BUDGETS[level])
    if count:
        # search:<level>:<rollouts>: the level with another fixed count (the
        # arena's phone-sized budgets, docs/ai.md)
        opts["rollouts"] = int(count)
    gostop = _arena_options(opts, extra.split(":") if extra else (), utility)
    opts.setdefault("utility", utility)
    go = getattr(agents.GreedyAgent, "GO", None)
    if "anchor_z" in opts:
        # the search overrules the greedy choice only by a clear margin
        # (docs/ai.md, round 9); ``gsfree``: not on a Go/Stop
        opts["anchor"] = _greedy_anchor(agents.GreedyAgent(), go if gostop["free"] else None)
    if gostop["bonus"] is not None:
        plays, gostops = opts["utility"], partial(utility, bonus=gostop["bonus"])
        opts["utility_of"] = lambda view, legal: gostops if go in legal else plays
    # stopgo's 52 cards have no twins, so its module has no distinct_actions
    opts.setdefault("distinct", getattr(agents, "distinct_actions", None))
    # hwatu deals its worlds by the opponents' plays when the view has them
    opts.setdefault("world_sampler", getattr(agents, "world_sampler", None))
    # a timed search plans for the rollouts its time buys (round 23)
    opts.setdefault("rollout_cost", getattr(agents, "rollout_cost", None))
    device = opts.pop("device", None)
    device_speed = opts.pop("device_speed", 1.0)
    # ``bak``: the rollouts' card values see a bak coming (hwatu's rollout_bak)
    rollout = agents.rollout
    bak, go_margin = opts.pop("bak_rollout", False), opts.pop("go_margin", None)
    rg = opts.pop("rg_rollout", False)
    rg_noise = opts.pop("rg_noise", None)
    opp_noise = opts.pop("rg_opp_noise", None)
    cut = opts.pop("cut", None)
    if cut is not None and game_id != "matgo":
        # (hwatu_value's features are two seats', its weights fitted on matgo)
        raise ValueError(f"tr<turns>: the short rollouts' evaluation is matgo's, not {game_id!r}'s")
    if cut is not None and (opts["utility"] is not utility or gostop["bonus"] is not None):
        # (its weights estimate hwatu_utility as it is)
        raise ValueError("tr<turns>: the short rollouts' evaluation is fitted for the level's "
                         "utility, not another bonus or cap")
    read_eps = opts.pop("read_eps", None)
    read_pool = opts.pop("read_pool", None)
    if read_pool is not None and read_eps is None:
        raise ValueError("pool<n> sizes the reading of the plays: the player does not read them")
    if read_eps is not None:
        # ``read<eps>``: worlds that read the opponents' plays as greedy's
        # (the game's reading_sampler; rounds 21 and 22)
        reading = getattr(agents, "reading_sampler", None)
        if reading is None:
            raise ValueError(f"no reading of the plays for {game_id!r}")
        key = (reading, read_eps, read_pool)
        if key not in _READERS:     # one sampler per eps: agents of a level compare equal
            _READERS[key] = partial(reading, eps=read_eps,
                                    **({} if read_pool is None else {"pool": read_pool}))
            _READERS[key].reads_plays = True
        opts["world_sampler"] = _READERS[key]
    if bak or go_margin is not None or rg or opp_noise is not None or cut is not None:
        # ``bak``, ``go<margin>``, ``rg``, ``rgn<noise>``, ``rgo<noise>``:
        # hwatu's rollout_with
        with_options = getattr(agents, "rollout_with", None)
        if with_options is None:
            raise ValueError(f"no rollout options for {game_id!r}")
        rollout = with_options(bak=bak, go_margin=0.5 if go_margin is None else go_margin, rg=rg,
                               **({} if rg_noise is None else {"rg_noise": rg_noise}),
                               **({} if opp_noise is None else {"opp_noise": opp_noise}),
                               **({} if cut is None else {"cut": cut[0], "floor": cut[1]}))
    # a rollout that knows its own work (a short one, ``tr<turns>``): the
    # time plan counts that
    opts["rollout_cost"] = getattr(rollout, "cost", opts["rollout_cost"])
    search = SearchAgent(games.game_class(game_id), rollout, name=f"search:{level}", **opts)
    if device is not None:
        # ``phone``, ``phonecut``: timed as the phone profile's worker times it
        from .device_clock import PHONE_SPEED, DeviceClock
        return DeviceClock(search, PHONE_SPEED[game_id] * device_speed, plan=device != "phonecut")
    return search


_READERS = {}


def _arena_options(opts, options, utility):
    """Puts the arena's options of a sized level (see ``_sized_search``)
    into the search's ``opts``; returns what they say of a Go/Stop (``free``:
    not anchored; ``bonus``: its own win bonus, or None)."""
    gostop = {"free": False, "bonus": None}
    for option in options:
        if option == "free":
            opts.pop("anchor_z", None)
        elif option == "fill":
            opts["fill_budget"] = True
        elif option == "gsfree":
            gostop["free"] = True
        elif option == "bak":
            opts["bak_rollout"] = True
        elif option == "rg":
            opts["rg_rollout"] = True
        elif option in ("phone", "phonecut"):
            opts["device"] = option
        elif option.startswith("phone"):
            # ``phone<k>``: the phone's worker k times as fast (what a
            # second worker, or a faster phone, would give it)
            opts["device"] = "phone"
            opts["device_speed"] = float(option[5:])
        elif option == "noread":
            if any(o.startswith("pool") for o in options):
                raise ValueError("pool<n> sizes the reading of the plays: noread reads none")
            opts.pop("read_eps", None)
            opts.pop("read_pool", None)
        elif option.startswith("read"):
            opts["read_eps"] = float(option[4:])
        elif option.startswith("pool"):
            opts["read_pool"] = int(option[4:])
        elif option.startswith("rgn"):
            opts["rg_rollout"] = True
            opts["rg_noise"] = float(option[3:])
        elif option.startswith("tr"):
            opts["cut"] = _cut(option)
        elif option.startswith("rgo"):
            opts["rg_opp_noise"] = float(option[3:])
        elif option.startswith("go"):
            opts["go_margin"] = float(option[2:])
        elif option.startswith("gsb"):
            gostop["bonus"] = float(option[3:])
        elif option.startswith("b"):
            opts["utility"] = partial(opts.get("utility", utility), bonus=float(option[1:]))
        elif option.startswith("c"):
            opts["utility"] = partial(opts.get("utility", utility), cap=float(option[1:]))
        else:
            opts["anchor_z"] = float(option[1:])
    return gostop


def _greedy_anchor(greedy, go=None):
    """The search's anchor: greedy's choice (none on a decision where
    ``go`` is legal, when ``go`` is given)."""
    def anchor(view, legal):
        if go is not None and go in legal:
            return None
        return greedy.choose(view, legal, None)
    return anchor


def _sized_search(spec, levels):
    """``search:<level>:<rollouts>`` (a level with another fixed count),
    then arena options, each at most once: ``z<z>`` or ``free`` (anchored on
    the greedy choice with that margin, ``SearchAgent.anchor_z``, or not
    anchored, whatever the level does), ``b<bonus>`` and ``c<cap>`` (hwatu:
    the utility's win bonus and soft cap), ``gsb<bonus>`` (hwatu: another
    win bonus for a Go/Stop), ``fill`` (``SearchAgent.fill_budget``),
    ``gsfree`` (a Go/Stop is not anchored), ``bak`` (hwatu: the rollouts'
    card values see a bak coming, ``hwatu.rollout_bak``), ``go<margin>``
    (hwatu: the searching seat's rollout turns Go when a Go's expected
    total beats the Stop's by ``margin``, -3 say, instead of 0.5;
    ``hwatu.rollout_with``), ``rg`` (hwatu: the rollouts play the
    greedy-like policy, ``hwatu.rollout_rg``; round 18) or ``rgn<noise>``
    (``rg`` with its plays' noise uniform 0..``noise`` instead of 0..0.6,
    ``rgn0.3`` say; round 19), and ``rgo<noise>`` (hwatu: an opponent model,
    the rollouts' turns of every seat but the searching one play the
    greedy-like policy with its noise uniform 0..``noise``, ``rgo0`` say,
    the searching seat's its own; round 20), and ``read<eps>`` (matgo, gostop, stopgo:
    worlds that read the opponents' plays as greedy's, a hand weighed by
    ``eps`` for each play greedy would not have made with it; it needs the
    record of plays in the view, the arena's ``--plays``; round 21;
    ``noread``: worlds dealt without reading them, whatever the level does;
    ``pool<n>``: the reading weighs ``n`` deals instead of 200; round 22),
    and ``phone`` or ``phonecut`` (timed by the phone profile's emulated
    clock, ``device_clock.DeviceClock``: the count is then the level's cap,
    and the time decides; ``phone`` plans for the rollouts the time buys,
    as the worker does, ``phonecut`` lets the deadline cut a plan made for
    the cap, as the worker did before; round 23; ``phone<k>``: ``phone`` at
    k times the phone's speed, ``phone2`` say; round 33)."""
    parts = spec.split(":")
    if not (len(parts) >= 3 and parts[0] == "search" and parts[1] in levels
            and parts[2].isdigit() and int(parts[2]) > 0):
        return False
    kinds = [_option_kind(o) for o in parts[3:]]
    return None not in kinds and len(set(kinds)) == len(kinds)


def _option_kind(option):
    if option in ("phone", "phonecut"):
        return "device"
    if option.startswith("phone") and _is_margin("z" + option[5:]) and float(option[5:]) > 0:
        return "device"
    if option in ("free", "fill", "gsfree", "bak", "rg"):
        return "anchor" if option == "free" else option
    if _is_margin(option):
        return "anchor"
    if option.startswith("b") and _is_margin("z" + option[1:]):
        return "bonus"
    if option.startswith("c") and _is_margin("z" + option[1:]):
        return "cap"
    if option.startswith("gsb") and _is_margin("z" + option[3:]):
        return "gostop bonus"
    if option.startswith("go") and _is_margin("z" + option[2:].lstrip("-")):
        return "go margin"
    if option.startswith("rgn") and _is_margin("z" + option[3:]):
        return "rg"
    if option.startswith("rgo") and _is_margin("z" + option[3:]):
        return "rg opponents"
    if option == "noread" or option.startswith("read") and _is_margin("z" + option[4:]):
        return "read"
    if option.startswith("pool") and option[4:].isdigit() and int(option[4:]) > 0:
        return "pool"
    if option.startswith("tr") and _cut(option) is not None:
        return "cut"
    return None


def _cut(option):
    """``tr<turns>`` or ``tr<turns>f<floor>``: (turns, floor), or None."""
    turns, f, floor = option[2:].partition("f")
    if turns.isdigit() and int(turns) > 0 and (not f or floor.isdigit()):
        return int(turns), int(floor or 0)
    return None


def _is_margin(text):
    if not text.startswith("z"):
        return False
    try:
        z = float(text[1:])
    except ValueError:
        return False
    return 0 <= z < float("inf")


def make_agent(game_id, spec):
    if spec == "random":
        return RandomAgent()
    specs = agent_specs(game_id)
    levels = games.info(game_id)["levels"]
    if _plays_search(game_id) and (spec in specs or spec == "rollout"
                                   or _sized_search(spec, levels)):
        return _make_search(game_id, spec)
    if spec not in levels:
        raise ValueError(f"no agent {spec!r} for {game_id!r}; "
                         f"known: {', '.join(specs)}")
    return importlib.import_module(games.agents_module(game_id)).make(spec)
