"""The coach (issue #19): what a computer player of a level would do in a
seat's place, and why, from its own search.

``advise(game_id, view, legal, seed)`` runs the level's search
(``SearchAgent.analyse``: the very search ``think`` runs, with the same rng
draws) on one seat's view and returns plain JSON-safe data, no prose; the
page words it in its own languages. Only the view goes in, so the coach
knows what the seat knows and nothing hidden.

Coached games: ``matgo``, ``gostop`` and ``stopgo`` (their computer players
are the Monte-Carlo search of ``search.py``). ``stop`` has a hand-made
policy and ``go-stop-2005``'s search counts rounds won, not payments: for
them (and any other game) ``advise`` raises ``ValueError("no coach for
this game: ...")``.

Without a ``clock`` the search plays its level's fixed rollout counts, so the
advice is a pure function of (view, legal, seed, level, top), like the
arena's decisions; with one (seconds, e.g. ``time.perf_counter``) it stops
at the time budget as the page's worker does (``remote.choose_timed_json``).
"""
import json
import time

from ..core.rng import derive_seed, make_rng
from ..games.hwatu import actions as _hwatu
from ..games.stopgo import actions as _stopgo
from .registry import make_agent
from .search import SearchAgent

# the coached games and their Go and Stop action ids
_GO_STOP = {"matgo": (_hwatu.GO, _hwatu.STOP), "gostop": (_hwatu.GO, _hwatu.STOP),
            "stopgo": (_stopgo.GO, _stopgo.STOP)}

_agents = {}    # (game id, level) -> agent (it keeps the device's speed, learnt when timed)


def _agent(game_id, level):
    if not isinstance(game_id, str) or game_id not in _GO_STOP:
        raise ValueError(f"no coach for this game: {game_id!r} (coached: "
                         f"{', '.join(sorted(_GO_STOP))})")
    if not isinstance(level, str):
        raise ValueError(f"no level {level!r}")
    agent = _agents.get((game_id, level))
    if agent is None:
        agent = make_agent(game_id, level)      # ValueError for an unknown level
        if not isinstance(agent, SearchAgent):
            raise ValueError(f"level {level!r} of {game_id!r} does not search; "
                             "the coach needs a search level (easy, normal, hard)")
        _agents[game_id, level] = agent
    return agent


def _check(game_id, view, legal, seed, top):
    """The seat the view is of; ValueError unless the request is one seat's
    own decision."""
    if not isinstance(view, dict) or view.get("game") != game_id:
        raise ValueError(f"not a view of {game_id!r}")
    seat = view.get("player")
    if type(seat) is not int:
        raise ValueError("the view is nobody's (a spectator's view): the coach "
                         "advises the seat whose view it is")
    if seat not in view.get("to_move", ()):
        raise ValueError(f"seat {seat} is not to move: the coach advises only the "
                         "seat whose view it is, on its own decision")
    if (not isinstance(legal, list) or not legal
            or not all(type(a) is int for a in legal) or len(set(legal)) != len(legal)):
        raise ValueError("legal must be a non-empty list of distinct action ids")
    own = set(view.get("legal") or ())
    if not own.issuperset(legal):
        raise ValueError(f"actions {sorted(set(legal) - own)} are not legal for seat "
                         f"{seat} (actions of another seat?)")
    if type(seed) is not int:
        raise ValueError("seed must be an int")
    if type(top) is not int or top < 1:
        raise ValueError("top must be a whole number of at least 1")
    return seat


def _twins(agent, view, legal, kept):
    """{kept action: the legal actions equivalent to it} (``distinct``)."""
    same = {a: [] for a in kept}
    if agent.distinct is None:
        return same
    for b in legal:
        if b not in same:
            for a in kept:
                if agent.distinct(view, [a, b]) == [a]:
                    same[a].append(b)
                    break
    return same


def think_advice(game_id, view, legal, seed, level="hard", top=3, clock=None,
                 time_budget=None):
    """``advise`` as a generator that yields between slices of the search
    (every ``slice_rollouts`` rollouts) and returns the advice."""
    agent = _agent(game_id, level)
    seat = _check(game_id, view, legal, seed, top)
    if clock is None:
        if time_budget is not None:
            raise ValueError("a time budget needs a clock")
        found = yield from agent.analyse(view, legal, make_rng(seed))
    else:
        budget = agent.time_budget if time_budget is None else time_budget
        if type(budget) not in (int, float) or not budget > 0:
            raise ValueError("the time budget must be a number of seconds above 0")
        found = yield from agent.analyse(view, legal, make_rng(seed),
                                         deadline=clock() + budget, clock=clock)
    ranking = found["ranking"]
    same = _twins(agent, view, legal, [row["action"] for row in ranking])
    go, stop = _GO_STOP[game_id]
    moves = [{"action": row["action"], "payment": row["payment"], "win": row["win"],
              "worlds": row["worlds"], "same": same[row["action"]]}
             for row in ranking[:top]]
    return {"game": game_id, "seat": seat, "level": level,
            "kind": "go-stop" if set(legal) <= {go, stop} else "play",
            "choice": found["choice"], "candidates": len(ranking),
            "rollouts": found["rollouts"], "kept": found["kept"], "moves": moves}


def advise(game_id, view, legal, seed, level="hard", top=3, clock=None,
           time_budget=None):
    """What the ``level`` computer player would do with this seat's ``view``
    and ``legal`` actions (the seat's own, ``view["legal"]`` or part of it)
    and why. ``seed``: the decision's seed (``hint_request`` gives the one a
    computer player in that seat would use now).

    Returns a JSON-safe dict:

    * ``game``, ``seat`` (the view's seat), ``level``;
    * ``kind``: ``"go-stop"`` when the decision is Go or Stop (``legal`` is
      the game's Go and Stop, or Stop alone on the last turn), else
      ``"play"`` (a card, a choice between two field cards, a bomb, ...);
    * ``choice``: the action the level's player chooses: exactly what
      ``make_agent(game_id, level).choose(view, legal, make_rng(seed))``
      returns (without a clock);
    * ``candidates``: how many different actions were searched (twins, such
      as two plain junk of a month, are one);
    * ``rollouts``: the rollouts played (a Stop ends the hand: it needs none);
    * ``kept``: the level plays the plain (greedy) choice although another
      move did better in its simulations, by less than the margin its
      search needs to overrule it (hard, docs/ai.md round 9): the choice is
      then listed first, above moves with a higher mean;
    * ``moves``: the best ``top`` candidates in the search's own order (the
      order of its utility, the payment plus a bonus for a win: see
      docs/ai.md), each ``{"action", "payment", "win", "worlds", "same"}``:
      the mean payment to the seat over the sampled worlds it was played on
      (what ``returns()`` gives: points won, or lost if negative; a Stop's
      is exact), the share of those worlds the seat won, their number (a
      candidate dropped by the search's successive halving was played on
      fewer), and the other legal actions equivalent to it (not listed
      apart).

    A forced move (one candidate) is searched as well, so its payment and
    chance are known. ``clock``: seconds (``time.perf_counter``); with it the
    search stops after ``time_budget`` seconds (the level's own budget by
    default, as in the page's worker) with what it has learnt. Raises
    ValueError for a game without a coach, a level that does not search, or
    a request that is not the view's seat's own decision (a view of another
    seat, a spectator's view, actions not legal for the seat)."""
    gen = think_advice(game_id, view, legal, seed, level, top, clock, time_budget)
    while True:
        try:
            next(gen)
        except StopIteration as done:
            return done.value


def hint_request(session, level="hard", top=3):
    """The request (JSON-safe) for a hint to the human seat of a
    ``gostop.session.Session``: its view and legal actions, and the seed a
    computer player in that seat would decide with now (as
    ``Session.ai_request``)."""
    g, seat = session.game, session.human
    return {"game_id": g.game_id, "level": level, "view": session.view_for(seat, level),
            "legal": g.legal_actions(seat), "top": top,
            "seed": derive_seed(g.seed, seat, len(g.history))}


def _from_request(request, clock=None):
    if not isinstance(request, dict):
        raise ValueError("not a hint request")
    return advise(request.get("game_id"), request.get("view"), request.get("legal"),
                  request.get("seed"), request.get("level", "hard"),
                  request.get("top", 3), clock=clock,
                  time_budget=request.get("time_budget") if clock else None)


def advise_json(text):
    """``advise`` for a request as JSON text (``hint_request``'s fields),
    by the fixed rollout counts. Returns JSON text."""
    return json.dumps(_from_request(json.loads(text)))


def advise_timed_json(text):
    """What a worker would run: ``advise_json`` within a time budget (the
    request's ``time_budget`` in seconds, else the level's), plus ``ms``, the
    time taken."""
    start = time.perf_counter()
    out = _from_request(json.loads(text), clock=time.perf_counter)
    out["ms"] = round((time.perf_counter() - start) * 1000)
    return json.dumps(out)
