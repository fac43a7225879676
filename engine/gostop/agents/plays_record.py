"""The record of plays: what the matching games' readers know of the past.

The plays are public, but a view does not carry them. The record is
``view["plays"]``, a list of ``[player, card, field_cards, hand_count,
public]``, one per card played from a hand in the play phase (the field
and the player's hand size just before the play, and the public part of
the player's view then), oldest first. ``hwatu_reading`` and
``stopgo_reading`` read it; ``hwatu_worlds`` weighs months by its fields.

A card that leaves a hand otherwise (a bomb's or a triple play's three, a
bonus card banked, the card played after a shake) has an entry too, in
its place, whose public part is None (``left_entries``): nobody reads it
as a choice, but the readers put it back into the hand the player held at
its earlier plays (round 24; before, those hands lacked it).

``play_entry(view, action)`` makes an entry from the mover's view and its
action. The arena keeps the record with ``play_recorded`` and the page's
``Session`` with ``PlaysRecord``; both put it into the views of the
players that read it (``reads_plays``).
"""

# the cards a reader reads when played from a hand, by game: hwatu's bonus
# cards (48, 49) are banked, not played against the field
READ_CARDS = {"matgo": 48, "gostop": 48, "stopgo": 52}

# the keys of a view that ``public_part`` keeps (nothing that shows a hand)
PUBLIC_KEYS = ("game", "options", "rules", "player", "players", "phase", "pending",
               "field", "field_cards", "table_cards", "captured", "hand_counts",
               "stock_count", "out_of_play", "shown", "shaken", "missions", "gos",
               "turns_taken")


def public_part(view):
    """What anyone at the table sees of ``view``: its keys in
    ``PUBLIC_KEYS`` (copied, JSON-safe)."""
    return {k: _copy(view[k]) for k in PUBLIC_KEYS if k in view}


def _copy(x):
    if isinstance(x, list):
        return [_copy(y) for y in x]
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    return x


def field_key(view):
    """The view's key of the field's cards (stopgo calls it the table)."""
    return "table_cards" if "table_cards" in view else "field_cards"


def is_read_play(game_id, phase, action, hand):
    """Whether ``action`` plays a card of ``hand`` that the record keeps."""
    return phase == "play" and 0 <= action < READ_CARDS.get(game_id, 0) and action in hand


def play_entry(view, action):
    """The record's entry for ``action`` taken by ``view``'s seat (its own
    view, just before), or None when the action plays no card from the hand
    (a choice, a flip, Go/Stop, a shake, a bomb, a bonus card banked ...)
    or the game keeps no record."""
    if view["pending"] is not None or not is_read_play(view["game"], view["phase"], action,
                                                       view["hand"]):
        return None
    return [view["player"], action, list(view[field_key(view)]), len(view["hand"]),
            public_part(view)]


def is_left(entry):
    """Whether ``entry`` is a card that left a hand without a read play."""
    return len(entry) > 4 and entry[4] is None


def left_entries(player, before, after, read=None):
    """The record's entries for the cards of ``before`` (``player``'s hand
    before an action) that are not in ``after`` (the hand after it) and
    were not played as ``read`` (the action's read entry, or None)."""
    gone = [c for c in before if c not in after and (read is None or c != read[1])]
    return [[player, c, [], len(before), None] for c in gone]


class PlaysRecord:
    """The record of plays of a game in progress, kept up to date from its
    history (the page's ``Session``): a copy of the game replayed from its
    start makes each entry from the mover's view just before the action,
    as ``play_recorded`` does; each ``plays(game)`` replays only the actions
    since the last one. A game that keeps no record gives an empty one."""

    def __init__(self):
        self._game = None       # the game the record is of
        self._shadow = None
        self._done = 0
        self._plays = []

    def plays(self, game):
        """``view["plays"]`` for ``game`` as it stands (a new list)."""
        history = game.history
        if game is not self._game or self._done > len(history):
            if history:
                start = game.to_json()
                start["history"] = []
                self._shadow = type(game).from_json(start)
            else:
                self._shadow = game.clone()     # the deal itself: no replay
            self._game = game
            self._done = 0
            self._plays = []
        shadow = self._shadow
        game_id = game.game_id
        for p, a in history[self._done:]:
            # a view (the costly part) only for a card played from the hand
            before = list(shadow.hands[p])
            e = None
            if is_read_play(game_id, shadow.phase, a, before):
                e = play_entry(shadow.view(p), a)
                if e is not None:
                    self._plays.append(e)
            shadow.apply(a, p)
            self._plays.extend(left_entries(p, before, shadow.hands[p], e))
        self._done = len(history)
        return [list(e) for e in self._plays]


def play_recorded(g, choose, shown=lambda p: True):
    """Plays ``g`` to its end: at each decision ``choose(g, p, legal, view)``
    returns seat ``p``'s action, its ``view`` carrying the record of plays
    (``view["plays"]``) when ``shown(p)``; ``shown=None``: no record is
    kept (any game). The arena, the bench and the tests keep the record
    this one way."""
    plays = []
    while not g.is_terminal():
        p = g.current_player
        legal = g.legal_actions(p)
        view = g.view(p)
        if shown is not None and shown(p):
            view["plays"] = [list(e) for e in plays]
        a = choose(g, p, legal, view)
        e = play_entry(view, a) if shown is not None else None
        if e is not None:
            plays.append(e)
        before = list(g.hands[p]) if shown is not None else None
        g.apply(a, p)
        if before is not None:
            plays.extend(left_entries(p, before, g.hands[p], e))
    return g
