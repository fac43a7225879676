"""The façade the page calls: JSON-safe in and out.

A session owns one game, its seed, which seat is the human and which level
plays each other seat. The page asks for ``state()`` (the human's view plus
their labelled legal actions), sends ``act(action)``, and calls ``ai_step()``
while ``ai_to_move()`` is not empty, animating the events each call returns.
``save()`` gives a JSON string after every action; ``Session.load`` restores it
or raises ``SaveError`` with a one-line reason.

The computer's choices are deterministic: each decision draws from a generator
seeded by (game seed, seat, number of actions so far), so replaying a save
never needs the AI's state.
"""
import json

from .agents import make_agent
from .agents.plays_record import PlaysRecord
from .core import safejson
from .core.errors import IllegalAction, SaveError
from .core.game import MAX_SEED, events_for, is_whole, short_repr
from .core.registry import GAMES, game_class, make
from .core.rng import derive_seed, make_rng

SESSION_FORMAT = "gostop-session"
SESSION_VERSION = 1
HUMAN = "human"
# The longest save measured: 145,049 characters (stop, 2 players, random
# play to 500 points; the longest of 900 such games, the median 57,810). A
# go-stop-2005 game of 6 players by random play reached 4,492 characters
# (the longest of 300), the hwatu games under 500. About 10 times the
# longest stop game:
MAX_SAVE_CHARS = 1_500_000


class Session:
    def __init__(self, game, seats, human=0):
        self.game = game
        self.seats = list(seats)
        self.human = human
        self._agents = {}
        self._record = PlaysRecord()

    @classmethod
    def new(cls, game_id, seed, options=None, level="normal", human=0):
        """A new game with the human at ``human`` and ``level`` elsewhere."""
        if game_id not in GAMES:
            raise ValueError(f"unknown game {game_id!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not (
                0 <= seed < MAX_SEED):
            raise ValueError(f"seed must be a whole number from 0 to 2^53-1, got {seed!r}")
        game = make(game_id, seed, **dict(options or {}))
        seats = [HUMAN if p == human else level for p in range(game.num_players)]
        for spec in set(seats) - {HUMAN}:
            make_agent(game_id, spec)  # fail early on an unknown level
        return cls(game, seats, human)

    # ---- reading ------------------------------------------------------------
    def state(self):
        g = self.game
        return {
            "game": g.game_id,
            "seed": g.seed,
            "options": g.options,
            "seat": self.human,
            "seats": self.seats,
            "view": g.view(self.human),
            # each with what it does, so the page finds actions by meaning, not by id
            "legal": [dict(entry, does=g.describe_action(entry["id"]))
                      for entry in g.labelled_actions(self.human)],
            "to_move": list(g.to_move()),
            "ai_to_move": self.ai_to_move(),
            "terminal": g.is_terminal(),
            "returns": g.returns(),
            "actions": len(g.history),
        }

    def ai_to_move(self):
        return [p for p in self.game.to_move() if self.seats[p] != HUMAN]

    # ---- acting -------------------------------------------------------------
    def act(self, action):
        """The human's action; returns the events the human may see."""
        try:
            action = int(action)
        except (TypeError, ValueError):
            raise IllegalAction(f"action must be a number, got {action!r}") from None
        return events_for(self.game.apply(action, self.human), self.human)

    def ai_step(self):
        """One decision by the first computer seat to move; its visible events."""
        seats = self.ai_to_move()
        if not seats:
            return []
        return events_for(self.apply_ai(seats[0]), self.human)

    def _agent(self, seat):
        agent = self._agents.get(seat)
        if agent is None:
            agent = self._agents[seat] = make_agent(self.game.game_id, self.seats[seat])
        return agent

    def _ai_rng(self, seat):
        return make_rng(derive_seed(self.game.seed, seat, len(self.game.history)))

    def view_for(self, seat, spec=None):
        """``seat``'s view for the computer player ``spec`` (the seat's own
        level by default; the human's seat has none, so its plain view):
        with the record of plays (``view["plays"]``, public) when that
        player reads it (hard, in matgo, gostop and stopgo:
        ``agents/reading.py``)."""
        g = self.game
        view = g.view(seat)
        if spec is None and self.seats[seat] == HUMAN:
            return view
        agent = self._agent(seat) if spec is None else make_agent(g.game_id, spec)
        if getattr(agent, "reads_plays", False):
            view["plays"] = self._record.plays(g)
        return view

    def ai_choice(self, seat):
        """What the computer at ``seat`` would play now (does not apply it)."""
        g = self.game
        return self._agent(seat).choose(self.view_for(seat), g.legal_actions(seat), self._ai_rng(seat))

    def ai_think(self, seat):
        """The same choice as ``ai_choice`` as a generator that yields between
        slices of work (the page sleeps between them) and returns the action."""
        g = self.game
        return self._agent(seat).think(self.view_for(seat), g.legal_actions(seat), self._ai_rng(seat))

    def ai_request(self, seat):
        """What a computer player thinking elsewhere (the page's Web Worker,
        ``agents.remote.choose``) needs for the same choice as ``ai_choice``:
        the seat's level, its own view and legal actions (nothing hidden)
        and the decision's seed. JSON-safe."""
        g = self.game
        return {"game_id": g.game_id, "seat_spec": self.seats[seat],
                "view": self.view_for(seat), "legal": g.legal_actions(seat),
                "seed": derive_seed(g.seed, seat, len(g.history))}

    def apply_ai(self, seat, action=None):
        """Applies the computer's ``action`` (or its choice) at ``seat``."""
        if action is None:
            action = self.ai_choice(seat)
        return self.game.apply(action, seat)

    def replay_events(self):
        """Every event the human has seen so far, in order: the game replayed
        from its start (the same seed, options and set-up, so the same deal)
        through its history. The page narrates them to rebuild its game log
        after a reload. The game itself is not touched."""
        g = self.game
        start = g.to_json()
        start["history"] = []
        fresh = type(g).from_json(start)
        out = []
        for p, a in g.history:
            out.extend(events_for(fresh.apply(a, p), self.human))
        return out

    # ---- saves --------------------------------------------------------------
    def to_json(self):
        return {"format": SESSION_FORMAT, "version": SESSION_VERSION,
                "seats": self.seats, "human": self.human,
                "game": self.game.to_json()}

    def save(self):
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def load(cls, text, game_id=None):
        """Restores ``save()`` output; raises SaveError with a short reason and
        nothing else, whatever ``text`` is (it comes from the browser's
        storage, where a player or a bug may have put anything). With
        ``game_id`` (the page's slot), a save of any other game is refused.
        A session it returns has a game the page can draw: its ``state()``
        was built once here."""
        try:
            data = safejson.loads(text, max_chars=MAX_SAVE_CHARS, what="the save")
        except ValueError as e:
            raise SaveError(_one_line(e)) from None
        if not isinstance(data, dict) or data.get("format") != SESSION_FORMAT:
            raise SaveError("the save is not a game of ours")
        version = data.get("version")
        if not is_whole(version) or version != SESSION_VERSION:
            raise SaveError(f"the save has version {short_repr(version)}, "
                            f"this site reads version {SESSION_VERSION}")
        game_data = data.get("game")
        gid = game_data.get("game") if isinstance(game_data, dict) else None
        if not isinstance(gid, str) or gid not in GAMES:
            raise SaveError("the save names no known game")
        if game_id is not None and gid != game_id:
            raise SaveError(f"the save is of game {gid!r}, not {short_repr(game_id)}")
        seats, human = data.get("seats"), data.get("human")
        if (not isinstance(seats, list) or not all(isinstance(x, str) for x in seats)
                or not is_whole(human) or not 0 <= human < len(seats)
                or seats[human] != HUMAN or seats.count(HUMAN) != 1):
            raise SaveError("the save's seats do not fit its game")
        # The game's own fields (seed, options, history) are checked by its
        # from_json (core.game.saved_fields). The last guard: this is a trust boundary, so whatever else goes
        # wrong while rebuilding the game or drawing its first state (an
        # option no game check caught, a state a tampered history reaches)
        # becomes SaveError, RecursionError included.
        try:
            game = game_class(gid).from_json(game_data)
        except SaveError as e:
            raise SaveError(_one_line(e)) from None
        except IllegalAction as e:
            raise SaveError(_one_line(f"the save does not replay: {e}")) from None
        except Exception as e:  # noqa: BLE001 (on purpose, see above)
            raise SaveError(_one_line(f"the save does not replay: {_reason(e)}")) from None
        if len(seats) != game.num_players:
            raise SaveError("the save's seats do not fit its game")
        for spec in sorted(set(seats) - {HUMAN}):
            try:
                make_agent(gid, spec)
            except ValueError as e:
                raise SaveError(_one_line(e)) from None
        session = cls(game, seats, human)
        try:
            json.dumps(session.state())
        except Exception as e:  # noqa: BLE001 (on purpose, see above)
            raise SaveError(_one_line(f"the save gives a table that cannot be shown: "
                                      f"{_reason(e)}")) from None
        return session


def _reason(e):
    return str(e) or type(e).__name__


def _one_line(message, limit=200):
    """``message`` on one line of at most ``limit`` characters."""
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."
