"""The one protocol every game implements.

A game state is a pure function of ``(game_id, options, seed, history)``:
``history`` is the list of ``(player, action)`` pairs applied so far, so a save
is just those four things and restoring is a replay.

Subclasses implement the underscored hooks; the public methods validate input
and keep the history. Actions are small ints (each game documents its layout)
with a readable ``action_label``. ``apply`` returns events: JSON-safe dicts with
a ``"type"``; an event may carry ``"only": [seats]`` (visible to those seats
alone) or ``"hide": [seats]`` (visible to everyone else), and
``events_for(events, player)`` filters them for one seat.
"""
from .errors import IllegalAction, SaveError

SAVE_FORMAT = "gostop-game"


#: What ``returns()`` holds, declared by each game as ``returns_kind``.
RETURNS_KINDS = {
    # points one seat pays another: zero-sum, the winner's gain is the losers' loss
    "payments": "zero-sum points paid between the seats",
    # one win shared among the winners: each entry in [0, 1], summing to 1 at the end
    "shares": "a win of 1 shared among the winners, 0 for the others",
}


#: The ``"kind"`` values ``describe_action`` may give (a new kind is added
#: here, so that the page has one vocabulary to word).
ACTION_KINDS = {
    "action": "an action the game does not describe (the base class's answer)",
    "play": "play a card from the hand (cards; colour/rank or month; a call)",
    "defend": "play a card against the attack aimed at this seat (stop)",
    "interject": "play an identical card out of turn (stop)",
    "cancel": "play the 0 that cancels a Card Exchange (stop)",
    "second": "lay the card that names the colour of a Free Choice (stop)",
    "bank": "bank a bonus card (hwatu)",
    "take": "take something offered: a card of two, or the pending attack",
    "flip": "turn over the top card of the stock",
    "draw": "draw a card from the stock",
    "pass": "let the moment go by",
    "go": "Go: play on (hwatu) / lay a Go card (go-stop-2005)",
    "stop": "Stop: end the hand (hwatu) / lay the Stop card (go-stop-2005)",
    "shake": "show three cards of a month or rank",
    "bomb": "play three cards of a month or rank at once",
    "cup": "count the sake cup as an animal or as junk",
    "direction": "choose the way the hands pass (stop's Card Exchange)",
}


class Game:
    game_id = "?"
    #: The game's name in English (the page translates it).
    display_name = "?"
    #: Bumped whenever a change would replay an old history differently.
    rules_version = 1
    min_players = 2
    max_players = 2
    #: True when several seats choose at once (``to_move()`` may hold more than one).
    simultaneous = False
    #: A key of ``RETURNS_KINDS``.
    returns_kind = "payments"
    #: The computer player's levels the page offers (``agents.registry``).
    levels = ("easy", "normal", "hard")
    #: Named house-rule sets (option ``house``): ``{name: {switch: value}}``.
    house_presets = {}

    def __init__(self, seed=0, **options):
        self.seed = int(seed)
        self.options = self.normalize_options(dict(options))
        self.num_players = self.options.get("players", self.min_players)
        self.history = []
        self._setup()

    # ---- hooks for subclasses ---------------------------------------------
    @classmethod
    def normalize_options(cls, options):
        """Checks and completes the options; raises ValueError on bad ones."""
        players = options.get("players", cls.min_players)
        if not isinstance(players, int) or isinstance(players, bool) or not (
                cls.min_players <= players <= cls.max_players):
            raise ValueError(
                f"{cls.game_id}: players must be {cls.min_players}"
                f"..{cls.max_players}, got {players!r}")
        options["players"] = players
        return options

    def _setup(self):
        raise NotImplementedError

    def to_move(self):
        """Players who must act now, ascending (several at a simultaneous step)."""
        raise NotImplementedError

    def _legal(self, player):
        """Sorted, unique legal action ids for ``player`` (empty if not to move)."""
        raise NotImplementedError

    def _apply(self, player, action):
        """Applies a legal action; returns the list of events."""
        raise NotImplementedError

    def is_terminal(self):
        raise NotImplementedError

    def returns(self):
        """One number per player; all zero until the game is over."""
        raise NotImplementedError

    def view(self, player):
        """Everything ``player`` may know, JSON-safe; nothing hidden from them."""
        raise NotImplementedError

    def action_label(self, action):
        return str(action)

    def describe_action(self, action):
        """What ``action`` does, without words: a JSON-safe dict with a
        ``"kind"`` (a key of ``ACTION_KINDS``: ``"play"``, ``"take"``,
        ``"flip"``, ``"pass"``, ``"go"``, ``"stop"`` ...) and, where they
        apply, ``"cards"`` (ids), ``"month"`` or ``"rank"``. The page and the
        coach build their sentences from it."""
        return {"kind": "action", "id": action}

    # ---- positions and worlds (classmethods every game provides) -----------
    @classmethod
    def from_setup(cls, setup, seed=0, **options):
        """A position given explicitly (hands, table, stock ...; each game
        documents its ``setup``), for rulebook examples and tests."""
        raise NotImplementedError(f"{cls.game_id}: no explicit setups")

    @classmethod
    def sample_world(cls, view, rng):
        """A full state consistent with one seat's ``view``: the hidden cards
        dealt at random by ``rng`` (a ``random.Random``). The search plays in it."""
        raise NotImplementedError(f"{cls.game_id}: no sampled worlds")

    @property
    def phase(self):
        """A short name of the current decision, used in error messages."""
        return "play"

    # ---- the public protocol ----------------------------------------------
    @property
    def current_player(self):
        """The single player to move, or -1 when terminal; at a simultaneous
        step, the lowest seat still to act."""
        tm = self.to_move()
        return tm[0] if tm else -1

    def legal_actions(self, player=None):
        if player is None:
            player = self.current_player
        if self.is_terminal() or player not in self.to_move():
            return []
        return self._legal(player)

    def apply(self, action, player=None):
        """Validates and applies one action; returns its events.

        Raises ``IllegalAction`` (naming the action and phase) and leaves the
        state unchanged when the action is not legal.
        """
        if player is None:
            player = self.current_player
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalAction(
                f"{self.game_id}: action must be an int, got {action!r}",
                action=action, player=player, phase=self.phase)
        if self.is_terminal():
            raise IllegalAction(
                f"{self.game_id}: the game is over; action {action} refused",
                action=action, player=player, phase="over")
        if player not in self.to_move():
            raise IllegalAction(
                f"{self.game_id}: player {player} is not to move in phase "
                f"'{self.phase}' (to move: {list(self.to_move())})",
                action=action, player=player, phase=self.phase)
        legal = self._legal(player)
        if action not in legal:
            raise IllegalAction(
                f"{self.game_id}: action {action} ({self.action_label(action)})"
                f" is not legal for player {player} in phase '{self.phase}'",
                action=action, player=player, phase=self.phase)
        self.history.append((player, action))
        return self._apply(player, action)

    def apply_unchecked(self, action, player):
        """The rollout fast path: no validation. Only for legal actions."""
        self.history.append((player, action))
        return self._apply(player, action)

    def clone(self):
        """An independent copy. Subclasses with cheap state override this."""
        return replay(type(self), self.seed, self.options, self.history)

    def labelled_actions(self, player):
        return [{"id": a, "label": self.action_label(a)}
                for a in self.legal_actions(player)]

    # ---- saves ------------------------------------------------------------
    def to_json(self):
        return {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "options": self.options,
            "history": [[p, a] for p, a in self.history],
        }

    @classmethod
    def from_json(cls, data):
        seed, options, history = saved_fields(cls, data)
        try:
            return replay(cls, seed, options, history)
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"saved game does not replay: {e}") from None


def saved_fields(cls, data):
    """The checked ``(seed, options, history)`` of a ``to_json`` save of
    ``cls``; raises SaveError when the header or a field's type is wrong."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError("not a saved game")
    if data.get("game") != cls.game_id:
        raise SaveError(f"saved game is {short_repr(data.get('game'))}, not {cls.game_id!r}")
    if not is_whole(data.get("rules_version")) or data["rules_version"] != cls.rules_version:
        raise SaveError(
            f"saved with rules version {short_repr(data.get('rules_version'))}; "
            f"this version is {cls.rules_version}")
    seed, options, history = data.get("seed"), data.get("options"), data.get("history")
    if not is_whole(seed) or not 0 <= seed < MAX_SEED:
        raise SaveError(f"saved game does not replay: its seed is not a whole "
                        f"number from 0 to 2^53-1: {short_repr(seed)}")
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise SaveError("saved game does not replay: its options are not a table")
    if not isinstance(history, list) or not all(
            isinstance(step, (list, tuple)) and len(step) == 2
            and is_whole(step[0]) and is_whole(step[1]) for step in history):
        raise SaveError("saved game does not replay: its history is not a list "
                        "of [player, action] pairs")
    return seed, dict(options), [(p, a) for p, a in history]


# Seeds are whole numbers a JavaScript number holds exactly (the page's too).
MAX_SEED = 2 ** 53


def is_whole(x):
    """An int that is not a bool (JSON's true/false arrive as bools)."""
    return isinstance(x, int) and not isinstance(x, bool)


def short_repr(value, limit=40):
    """``repr(value)`` cut to ``limit`` characters, for one-line messages."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def replay(cls, seed, options, history):
    """Rebuilds a state from its seed, options and history (every step checked)."""
    g = cls(seed, **options)
    for p, a in history:
        g.apply(a, p)
    return g


def events_for(events, player):
    """The events ``player`` may see."""
    out = []
    for e in events:
        only = e.get("only")
        if only is not None and player not in only:
            continue
        if player in e.get("hide", ()):
            continue
        out.append({k: v for k, v in e.items() if k not in ("only", "hide")})
    return out
