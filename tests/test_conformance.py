"""The one conformance suite (issue #18): every registered game, at every
player count and with each named house-rule set (``core.registry``), keeps
the protocol's promises (``core/game.py``):

- moves: ``to_move()`` sorted, unique and non-empty until the end (one seat
  unless the game declares ``simultaneous``); ``legal_actions(seat)``
  sorted unique ints, non-empty exactly for the seats to move; at the end
  nobody moves and every action is refused;
- an illegal action (an id not legal, not an int, by a seat not to move,
  after the end) raises ``IllegalAction`` and changes nothing (the save,
  every seat's view, the moves, the returns);
- saves: ``to_json`` -> JSON text -> ``from_json`` and ``registry.load``
  restore the same game, which plays on exactly like the original;
  ``replay`` of the history gives the same state and the same events;
- ``clone()`` then playing on plays exactly like the original;
- ``sample_world(view, rng).view(seat) == view`` for the seat (the view
  itself untouched), the world offers the seat's legal actions and plays on;
- ``returns()`` has the declared shape (``RETURNS_KINDS``): all zero until
  the end; ``payments`` sum to zero; ``shares`` lie in [0, 1] and sum to 1
  at the end;
- events are JSON-safe, and ``events_for`` never shows a seat another
  seat's private payload (the cards a seat drew, its hand, its secret
  choice: the fields of an ``only`` event its public twin lacks) nor, in
  the matching games (every card unique), a card hidden in another hand;
- every legal action has a ``describe_action`` (JSON-safe, its kind one of
  ``ACTION_KINDS``, distinct actions described apart) and an
  ``action_label``;
- each game's own referee (independent score recomputation, kept with the
  game's tests: ``tests/hwatu/hwatu_sim.py``, ``tests/stopgo/stopgo_sim.py``,
  ``tests/stop/stop_referee.py``, ``tests/gostop2005_referee.py``) agrees
  with the engine over the random hands.

Two drivers: hypothesis state machines (derandomized: the same examples
every run) and a seeded random-hands driver. ``@pytest.mark.slow`` plays
10^4 random hands per game and preset (``-m slow``).
"""
import json
import math
import os
import random
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (RuleBasedStateMachine, initialize, invariant, precondition,
                                 rule, run_state_machine_as_test)

from gostop.core import registry
from gostop.core.errors import IllegalAction
from gostop.core.game import ACTION_KINDS, RETURNS_KINDS, Game, events_for

HERE = os.path.dirname(os.path.abspath(__file__))
for sub in ("hwatu", "stopgo", "stop"):
    path = os.path.join(HERE, sub)
    if path not in sys.path:
        sys.path.append(path)

import hwatu_sim  # noqa: E402
import stopgo_sim  # noqa: E402
import stop_util  # noqa: E402
from gostop2005_referee import Referee2005, conserved as conserved_2005  # noqa: E402
from stop_referee import StopReferee  # noqa: E402


# ---- what is covered ---------------------------------------------------------
def presets():
    """(game id, options) for every registered game at every player count,
    plain and with each named house-rule set the count allows."""
    out = []
    for info in registry.games():
        for n in info["players"]:
            for house in [None] + info["house"]:
                opts = {"players": n}
                if house is not None:
                    opts["house"] = house
                try:
                    registry.make(info["id"], 0, **opts)
                except ValueError:
                    continue            # e.g. gostop's traditional set needs 3-4 players
                out.append((info["id"], opts))
    return out


CONFIGS = presets()


def config_id(cfg):
    gid, opts = cfg
    return "-".join([gid, str(opts["players"])] + ([opts["house"]] if "house" in opts else []))


IDS = [config_id(c) for c in CONFIGS]

# The kinds a random player prefers (a play moves the game on; stop's
# uniform random player draws for thousands of turns).
PLAY_KINDS = ("play", "defend", "interject", "cancel", "second")
# The games whose cards are all different: a card id seen names the card.
UNIQUE_CARDS = ("matgo", "gostop", "stopgo")
JUNK = ("1", 1.0, True, False, None, [0], {"a": 1})


def hand_options(gid, i, slow=False):
    """Options each random hand adds: stop's hands are rounds (target 1 ends
    the game with the first round that scores); every tenth game (every
    hundredth in the slow run) is a whole game to a target of minus points."""
    if gid != "stop":
        return {}
    if i % (100 if slow else 10) == 0:
        return {"target": 500 if slow else 100}
    return {"target": 1}


# ---- the checks ----------------------------------------------------------------
def snapshot(g):
    n = g.num_players
    return json.dumps([g.to_json(), [g.view(q) for q in range(n)], list(g.to_move()),
                       [g.legal_actions(q) for q in range(n)], g.returns(), g.is_terminal()],
                      sort_keys=True)


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def check_moves(g):
    n = g.num_players
    tm = list(g.to_move())
    assert tm == sorted(set(tm)) and all(is_int(q) and 0 <= q < n for q in tm), tm
    if g.is_terminal():
        assert tm == [] and g.current_player == -1
    else:
        assert tm, f"nobody to move in phase {g.phase!r}"
        assert len(tm) == 1 or type(g).simultaneous, f"{tm} to move in a turn-based game"
        assert g.current_player == tm[0]
        assert g.legal_actions() == g.legal_actions(tm[0])
    for q in range(n):
        la = g.legal_actions(q)
        assert isinstance(la, list) and la == sorted(set(la)) and all(map(is_int, la)), la
        assert bool(la) == (q in tm), (q, tm, la)


def check_returns(g):
    r = g.returns()
    kind = type(g).returns_kind
    assert kind in RETURNS_KINDS
    assert len(r) == g.num_players
    assert all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
               for x in r), r
    if not g.is_terminal():
        assert all(x == 0 for x in r), f"returns {r} before the end"
    if kind == "payments":
        assert abs(sum(r)) < 1e-9, f"payments {r} are not zero-sum"
    else:
        assert all(0 <= x <= 1 for x in r), r
        if g.is_terminal():
            assert abs(sum(r) - 1) < 1e-9, f"shares {r} do not sum to 1"
    return r


def check_describe(g):
    cls = type(g)
    undescribed = cls.describe_action is Game.describe_action
    for q in g.to_move():
        seen = {}
        for a in g.legal_actions(q):
            d = g.describe_action(a)
            assert isinstance(d, dict) and json.loads(json.dumps(d)) == d, d
            assert d.get("kind") in ACTION_KINDS, f"{cls.game_id}: unknown kind in {d}"
            assert d["kind"] != "action" or undescribed, f"{cls.game_id}: {a} is undescribed"
            key = json.dumps(d, sort_keys=True)
            assert key not in seen, f"{a} and {seen.get(key)} are both described as {d}"
            seen[key] = a
            label = g.action_label(a)
            assert isinstance(label, str) and label.strip(), (a, label)
        assert g.labelled_actions(q) == [{"id": a, "label": g.action_label(a)}
                                         for a in g.legal_actions(q)]


def refused(g, action, player):
    try:
        g.apply(action, player)
    except IllegalAction:
        return True
    return False


def check_illegal(g, rng):
    """Illegal actions raise IllegalAction and change nothing."""
    before = snapshot(g)
    n = g.num_players
    tm = list(g.to_move())
    if not tm:
        for p in range(n):
            for a in (0, 1, 100, 300):
                assert refused(g, a, p), f"action {a} by {p} after the end"
    else:
        p = tm[rng.randrange(len(tm))]
        legal = g.legal_actions(p)
        bad = {-1, -10 ** 6, 10 ** 9, max(legal) + 1, min(legal) - 1}
        bad.update(rng.randrange(0, 1000) for _ in range(6))
        for a in sorted(bad - set(legal)) + list(JUNK):
            assert refused(g, a, p), f"illegal {a!r} by {p} accepted in {g.phase!r}"
        outside = [q for q in range(-1, n + 1) if q not in tm]
        q = outside[rng.randrange(len(outside))]
        assert refused(g, legal[0], q), f"seat {q}, not to move, played {legal[0]}"
    assert snapshot(g) == before, "a refused action changed the game"


def check_world(g, rng, seat=None):
    """``sample_world`` gives a world the seat cannot tell from this one."""
    cls = type(g)
    q = rng.randrange(g.num_players) if seat is None else seat
    v = g.view(q)
    text = json.dumps(v, sort_keys=True)
    w = cls.sample_world(v, random.Random(rng.getrandbits(32)))
    assert json.dumps(v, sort_keys=True) == text, "sample_world changed the view"
    assert type(w) is cls and w.num_players == g.num_players
    assert w.view(q) == v, f"the world's view differs for seat {q}"
    assert (q in w.to_move()) == (q in g.to_move())
    assert w.legal_actions(q) == g.legal_actions(q)
    check_moves(w)
    HOOKS[g.game_id].conserve(w)
    tm = w.to_move()
    if tm:
        p = tm[rng.randrange(len(tm))]
        la = w.legal_actions(p)
        w.apply(la[rng.randrange(len(la))], p)


def card_ids(obj, out):
    """Every int under a ``card`` or ``cards`` key, at any depth."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("card", "cards"):
                if is_int(v):
                    out.add(v)
                elif isinstance(v, list):
                    out.update(x for x in v if is_int(x))
            card_ids(v, out)
    elif isinstance(obj, list):
        for x in obj:
            card_ids(x, out)
    return out


def check_events(g, events, cards=True):
    """Events are JSON-safe and a seat sees nobody else's secrets."""
    n = g.num_players
    assert isinstance(events, list)
    assert json.loads(json.dumps(events)) == events
    for e in events:
        assert isinstance(e, dict) and isinstance(e.get("type"), str), e
        for key in ("only", "hide"):
            if key in e:
                assert e[key] and all(is_int(q) and 0 <= q < n for q in e[key]), e
    for e in events:
        if "only" not in e:
            continue
        twin = next((t for t in events if t.get("hide") == e["only"]
                     and t["type"] == e["type"] and t.get("player") == e.get("player")), None)
        payload = set(e) - {"type", "player", "only"} - set(twin or ())
        assert payload or twin is None, f"a private event with nothing private: {e}"
        for q in range(n):
            if q in e["only"]:
                continue
            for f in events_for(events, q):
                if f["type"] == e["type"] and f.get("player") == e.get("player"):
                    assert not payload & set(f), f"seat {q} sees {payload & set(f)} of {e}"
    if cards and g.game_id in UNIQUE_CARDS:
        views = [g.view(q) for q in range(n)]
        shown = set()
        for lst in views[0].get("shown", []):
            shown.update(lst)
        for q in range(n):
            hidden = set().union(*(views[r]["hand"] for r in range(n) if r != q)) - shown
            leak = card_ids(events_for(events, q), set()) & hidden
            assert not leak, f"seat {q} is told of cards {leak} hidden in another hand"


def same_state(a, b):
    n = b.num_players
    assert a.num_players == n
    for q in range(n):
        assert a.view(q) == b.view(q), f"the views of seat {q} differ"
        assert a.legal_actions(q) == b.legal_actions(q)
    assert list(a.to_move()) == list(b.to_move())
    assert a.is_terminal() == b.is_terminal() and a.returns() == b.returns()


def check_saves(g, log):
    """The save restores (from_json, registry.load) and the history replays
    to the same state, with the same events."""
    cls = type(g)
    data = g.to_json()
    text = json.dumps(data, sort_keys=True)
    assert data["game"] == g.game_id and data["history"] == [[p, a] for p, a in g.history]
    r = cls(g.seed, **g.options)
    events = [r.apply(a, p) for p, a in g.history]
    assert events == log, "the replay told different events"
    for h in (cls.from_json(json.loads(text)), registry.load(json.loads(text)), r):
        assert json.dumps(h.to_json(), sort_keys=True) == text
        same_state(h, g)


def check_fork(g, log, fork):
    """A clone and a restored save taken at step k, played on with the same
    actions, end where the game did, telling the same events."""
    c, k, text = fork
    restored = registry.load(json.loads(text))
    for i, (p, a) in enumerate(g.history[k:]):
        assert c.apply(a, p) == log[k + i], "the clone told different events"
        assert restored.apply(a, p) == log[k + i], "the restored game told different events"
    same_state(c, g)
    same_state(restored, g)


# ---- each game's own checks (its referee and its card conservation) --------
# ``conserve(game)`` is also asked of every sampled world.
class HwatuHook:
    conserve = staticmethod(hwatu_sim.check_conservation)

    def __init__(self, g):
        self.house = "house" in g.options
        hwatu_sim.check_conservation(g)

    def step(self, g, p, a, events):
        hwatu_sim.check_conservation(g)

    def finish(self, g):
        if not self.house:     # house rules pay otherwise: tests/hwatu/test_house_props.py
            hwatu_sim.check_end(g)


class StopGoHook:
    conserve = staticmethod(stopgo_sim.conserved)

    def __init__(self, g):
        self.actions = []
        stopgo_sim.conserved(g)

    def step(self, g, p, a, events):
        self.actions.append((p, a))
        stopgo_sim.conserved(g)

    def finish(self, g):
        stopgo_sim.end_ok(g, self.actions)


class StopHook:
    @staticmethod
    def conserve(g):
        assert stop_util.conserved(g)

    def __init__(self, g):
        self.ref = StopReferee(g)

    def step(self, g, p, a, events):
        self.ref.step(p, a, events)
        assert stop_util.conserved(g)

    def finish(self, g):
        self.ref.finish(g)


class Hook2005:
    conserve = staticmethod(conserved_2005)

    def __init__(self, g):
        self.ref = Referee2005(g)

    def step(self, g, p, a, events):
        self.ref.step(p, a, events)
        conserved_2005(g)

    def finish(self, g):
        self.ref.finish(g)


HOOKS = {"matgo": HwatuHook, "gostop": HwatuHook, "stopgo": StopGoHook, "stop": StopHook,
         "go-stop-2005": Hook2005}


# ---- the random-hands driver ---------------------------------------------------
STEP_LIMIT = 100000


def pick(g, rng):
    """A random seat to move and a random legal action, leaning to plays."""
    tm = g.to_move()
    p = tm[rng.randrange(len(tm))]
    la = g.legal_actions(p)
    if len(la) > 1 and rng.random() < 0.75:
        plays = [a for a in la if g.describe_action(a)["kind"] in PLAY_KINDS]
        if plays:
            return p, plays[rng.randrange(len(plays))]
    return p, la[rng.randrange(len(la))]


def play_hand(gid, opts, seed, rng, full=True, every=8, saves=True):
    """One random hand with every check (``full``) or the cheap ones at each
    step and the rest every ``every`` steps; ``saves``: the save, the replay
    and a fork (clone and save) played on; returns the game."""
    g = registry.make(gid, seed, **opts)
    hook = HOOKS[gid](g)
    log = []
    fork_at = rng.randrange(12) if saves else -1
    fork = None
    step = 0
    while not g.is_terminal():
        costly = full or step % every == every - 1
        if costly:
            check_describe(g)
            check_illegal(g, rng)
            check_world(g, rng)
        if step == fork_at:
            fork = (g.clone(), len(g.history), json.dumps(g.to_json()))
        p, a = pick(g, rng)
        events = g.apply(a, p)
        log.append(events)
        check_events(g, events, cards=costly)
        hook.step(g, p, a, events)
        check_moves(g)
        check_returns(g)
        step += 1
        assert step < STEP_LIMIT, "the game did not end"
    hook.finish(g)
    check_illegal(g, rng)
    if saves:
        check_saves(g, log)
    if fork is not None:
        check_fork(g, log, fork)
    return g


# hands per preset in the normal run, of them checked at every step, and how
# often the costly checks come in the others (a hand of matgo is ~20 steps,
# of go-stop-2005 60-350, a round of stop hundreds)
FAST_HANDS = {"matgo": 24, "gostop": 24, "stopgo": 24, "stop": 8, "go-stop-2005": 10}
FULL_HANDS = {"matgo": 3, "gostop": 3, "stopgo": 3, "stop": 1, "go-stop-2005": 2}
EVERY = {"matgo": 8, "gostop": 8, "stopgo": 8, "stop": 40, "go-stop-2005": 30}


@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
def test_random_hands(cfg):
    gid, opts = cfg
    rng = random.Random(f"fast {config_id(cfg)}")
    ends = Counter()
    for i in range(FAST_HANDS[gid]):
        g = play_hand(gid, dict(opts, **hand_options(gid, i)), i, rng,
                      full=i < FULL_HANDS[gid], every=EVERY[gid])
        ends["won" if any(g.returns()) else "drawn"] += 1
    assert ends["won"], "no random hand was won"


@pytest.mark.slow
@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
def test_random_hands_slow(cfg):
    gid, opts = cfg
    rng = random.Random(f"slow {config_id(cfg)}")
    for i in range(10 ** 4):
        play_hand(gid, dict(opts, **hand_options(gid, i, slow=True)), 10 ** 6 + i, rng,
                  full=i % 100 == 50, every=2 * EVERY[gid], saves=i % 10 == 0)


# ---- the state machines ------------------------------------------------------
class ProtocolMachine(RuleBasedStateMachine):
    """Plays a game by hypothesis's choices, between them refusing illegal
    actions, saving and restoring (and playing on with the restored game),
    forking clones and sampling worlds; the protocol is checked after every
    step and each fork is played to the end of the history at teardown."""

    def __init__(self, gid, opts):
        super().__init__()
        self.gid, self.opts = gid, opts
        self.g = None

    @initialize(seed=st.integers(0, 2 ** 31 - 1))
    def deal(self, seed):
        self.g = registry.make(self.gid, seed, **self.opts)
        self.log = []
        self.forks = []

    def _apply(self, p, a):
        events = self.g.apply(a, p)
        self.log.append(events)
        check_events(self.g, events)

    @precondition(lambda self: not self.g.is_terminal())
    @rule(i=st.integers(0, 2 ** 16))
    def play(self, i):
        tm = self.g.to_move()
        p = tm[i % len(tm)]
        la = self.g.legal_actions(p)
        self._apply(p, la[(i // len(tm)) % len(la)])

    @precondition(lambda self: not self.g.is_terminal())
    @rule(k=st.integers(1, 80), seed=st.integers(0, 2 ** 31 - 1))
    def play_on(self, k, seed):
        rng = random.Random(seed)
        for _ in range(k):
            if self.g.is_terminal():
                break
            self._apply(*pick(self.g, rng))

    @rule(action=st.one_of(st.integers(-2 ** 40, 2 ** 40), st.integers(-2, 400),
                           st.sampled_from(JUNK)),
          seat=st.integers(-1, 6), mover=st.booleans())
    def illegal(self, action, seat, mover):
        g = self.g
        tm = g.to_move()
        if mover and tm:        # mostly a seat to move, else any seat
            seat = tm[seat % len(tm)]
        if is_int(action) and action in g.legal_actions(seat):
            return
        before = snapshot(g)
        with pytest.raises(IllegalAction):
            g.apply(action, seat)
        assert snapshot(g) == before

    @precondition(lambda self: not self.g.is_terminal())
    @rule(seat=st.integers(0, 5), seed=st.integers(0, 2 ** 31 - 1))
    def world(self, seat, seed):
        check_world(self.g, random.Random(seed), seat % self.g.num_players)

    @rule()
    def save_and_restore(self):
        check_saves(self.g, self.log)
        self.g = registry.load(json.loads(json.dumps(self.g.to_json())))

    @rule()
    def fork(self):
        self.forks.append((self.g.clone(), len(self.g.history), json.dumps(self.g.to_json())))

    @invariant()
    def keeps_the_protocol(self):
        if self.g is not None:
            check_moves(self.g)
            check_returns(self.g)
            check_describe(self.g)

    def teardown(self):
        for fork in getattr(self, "forks", ()):
            check_fork(self.g, self.log, fork)


MACHINE_SETTINGS = settings(max_examples=5, stateful_step_count=25, derandomize=True,
                            database=None, deadline=None, print_blob=False,
                            suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("cfg", CONFIGS, ids=IDS)
def test_state_machine(cfg):
    gid, opts = cfg
    opts = dict(opts, **hand_options(gid, 1))
    run_state_machine_as_test(lambda: ProtocolMachine(gid, opts), settings=MACHINE_SETTINGS)
